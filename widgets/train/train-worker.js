// The page side of <attn-train>'s Web Worker: its code (dist/attn-train.js puts it on
// globalThis as a string), started from a Blob URL, and the messages both ways checked by
// logic.js. One TrainWorker is one run's worker; reset terminates it.
/** @import { TrainChoices, TrainOut } from './logic.js' */
import { parseTrainMessage } from './logic.js';

/** The worker's source, from dist/attn-train.js. */
const workerSource = () =>
  /** @type {{ AttnTrainWorker?: { source?: string } }} */ (globalThis).AttnTrainWorker?.source ??
  null;

/** @type {string | undefined} */
let blobUrl;

export class TrainWorker {
  /** @type {Worker} */
  #worker;
  /** @type {Map<number, (bytes: Uint8Array) => void>} */
  #waiting = new Map();
  #nextId = 1;
  /** Terminated: whatever the old worker had already sent is dropped. */
  #closed = false;

  /**
   * @param {(m: TrainOut) => void} onMessage every message but a 'weights' answer
   */
  constructor(onMessage) {
    const source = workerSource();
    if (!source) throw new Error('attn-train.js is not loaded: the trainer has no worker');
    blobUrl ??= URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    this.#worker = new Worker(blobUrl);
    this.#worker.onmessage = (e) => {
      if (this.#closed) return;
      const m = parseTrainMessage(e.data);
      if (!m) return;
      if (m.type === 'weights') {
        this.#waiting.get(m.id)?.(m.bytes);
        this.#waiting.delete(m.id);
      } else onMessage(m);
    };
    this.#worker.onerror = (e) => {
      e.preventDefault();
      if (this.#closed) return;
      onMessage({
        type: 'error',
        name: 'Error',
        message: e.message || 'the training worker failed',
      });
    };
  }

  /** @param {TrainChoices} options */
  start(options) {
    this.#worker.postMessage({ type: 'start', options });
  }
  pause() {
    this.#worker.postMessage({ type: 'pause' });
  }
  resume() {
    this.#worker.postMessage({ type: 'resume' });
  }
  /**
   * The weights now, as an ATTNLAB2 file.
   * @param {'f32' | 'f16'} dtype
   * @returns {Promise<Uint8Array>}
   */
  weights(dtype) {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.#worker.postMessage({ type: 'weights', id, dtype });
    });
  }
  terminate() {
    this.#closed = true;
    this.#worker.terminate();
    this.#waiting.clear();
  }
}
