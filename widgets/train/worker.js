// The Web Worker behind <attn-train>: the trainer's WASM module (build-wasm/attn-trainer.js,
// the native trainer of cpp/train/ compiled by Emscripten) training one model, one step at a
// time, so the page stays responsive and can pause between steps. scripts/bundle.mjs bundles
// this with the module and the training text (scripts/entries/train-worker.js) into one string
// that dist/attn-train.js hands to the page, which starts it from a Blob URL (file:// pages
// cannot start a Worker from a file). Reset terminates the worker; a new run gets a new one.
/** @import { TrainIn, TrainOut, TrainerModule } from './logic.js' */
import { snapshotEvery, SNAPSHOT_SENTENCE, SAMPLE_PROMPT, SAMPLE_STEPS } from './logic.js';

/**
 * Starts answering the page's messages; the module comes from `factory`, the training text
 * (tang300, song100) is `texts`.
 * @param {(o: { print: () => void, printErr: () => void }) => Promise<TrainerModule>} factory
 * @param {string[]} texts
 */
export function startTrainWorker(factory, texts) {
  /** @type {Promise<TrainerModule> | undefined} */
  let modulePromise;
  let running = false;
  let done = false;
  let every = 1;
  /** @param {TrainOut} m @param {Transferable[]} [transfer] */
  const post = (m, transfer = []) => self.postMessage(m, { transfer });
  /** @param {unknown} err */
  const fail = (err) => {
    running = false;
    const e = /** @type {Partial<Error> | null | undefined} */ (err);
    post({ type: 'error', name: e?.name ?? 'Error', message: e?.message ?? String(err) });
  };
  /** What the page shows of the model now: read here, so the page only draws. */
  /** @param {TrainerModule} m @param {number} step */
  const snapshot = (m, step) => {
    const view = m.trainSnapshot({
      text: SNAPSHOT_SENTENCE,
      prompt: SAMPLE_PROMPT,
      steps: SAMPLE_STEPS,
    });
    post({ type: 'snapshot', step, validLoss: m.trainValidLoss(), view });
  };
  /** @param {TrainerModule} m */
  const loop = async (m) => {
    while (running && !done) {
      const t0 = performance.now();
      const r = m.trainStep(1);
      const ms = performance.now() - t0;
      done = r.done;
      const step = r.step[r.step.length - 1];
      post({
        type: 'progress',
        step,
        loss: r.loss[0],
        lr: r.lr[0],
        gradNorm: r.gradNorm[0],
        ms,
        heapBytes: m.heapBytesInUse(),
      });
      if (step % every === 0 || done) snapshot(m, step);
      // A macrotask between steps: a 'pause' message gets in.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (done) post({ type: 'done' });
    else post({ type: 'paused' });
  };

  self.onmessage = async (/** @type {MessageEvent<TrainIn>} */ e) => {
    const msg = e.data;
    try {
      modulePromise ??= factory({ print: () => {}, printErr: () => {} });
      const m = await modulePromise;
      if (msg.type === 'start') {
        const info = m.trainStart(msg.options, texts);
        every = snapshotEvery(info.steps);
        done = false;
        post({ type: 'started', info, heapBytes: m.heapBytesInUse() });
        snapshot(m, 0);
        running = true;
        loop(m).catch(fail);
      } else if (msg.type === 'pause') {
        running = false;
      } else if (msg.type === 'resume') {
        if (running || done) return;
        running = true;
        loop(m).catch(fail);
      } else if (msg.type === 'weights') {
        const bytes = m.trainWeights({ dtype: msg.dtype });
        post({ type: 'weights', id: msg.id, bytes }, [bytes.buffer]);
      }
    } catch (err) {
      fail(err);
    }
  };
}
