// The Web Worker behind <attn-playground>: its own copy of the engine and the runner of
// widgets/playground/logic.js. scripts/bundle.mjs bundles it with the engine
// (scripts/entries/playground-worker.js) into one string, dist/attn-playground.js hands it to
// the page, and the widget starts it from a Blob
// URL (file:// pages cannot start a Worker from a file). One worker runs one piece of student
// code and is then terminated, so nothing a run leaves behind reaches the next run.
/** @import { WorkerMessage } from './logic.js' */
/** @import { AttnEngine } from '../../web/attn-engine.js' */
/** @import { TeachingWorldDoc } from '../../web/course-data.js' */
import { createRunner, evalProbe } from './logic.js';

/**
 * The engine factory, as the worker calls it (engine output silenced), with the module the
 * page compiled (scripts/entries/playground-worker.js).
 * @typedef {(o: { print: () => void, printErr: () => void }, wasm: unknown) => Promise<AttnEngine>}
 *   WorkerEngineFactory
 */

// The page hands over a private MessagePort in 'init' and everything after goes through it.
// Student code runs in this worker's global scope and can call postMessage itself; the page
// no longer listens there, and the port stays in this module's closure where the code cannot
// reach it. Its postMessage is bound now, before any student code could replace
// MessagePort.prototype.postMessage.
/** @type {((m: WorkerMessage) => void) | null} */
let post = null;
/** @type {((id: number, code: string) => Promise<void>) | null} */
let runner = null;
/** @type {WorkerEngineFactory | null} */
let createEngine = null;

/**
 * Starts listening for the page's 'init' (once); the worker's engine comes from `factory`.
 * @param {WorkerEngineFactory} factory
 */
export function startPlaygroundWorker(factory) {
  createEngine = factory;
  self.onmessage = onInit;
}

/** @param {MessageEvent} e */
function onInit(e) {
  const m = e.data;
  if (post || !m || m.type !== 'init' || !(m.port instanceof MessagePort)) return;
  const port = m.port;
  post = /** @type {(m: WorkerMessage) => void} */ (MessagePort.prototype.postMessage.bind(port));
  self.onmessage = null;
  port.onmessage = (/** @type {MessageEvent} */ ev) => onPortMessage(ev.data);
  init(m.world, m.wasm);
}

/**
 * @param {TeachingWorldDoc} world
 * @param {unknown} wasm the page's compiled engine (a WebAssembly.Module), so this worker
 *   carries no second copy of it
 */
async function init(world, wasm) {
  const send = /** @type {(m: WorkerMessage) => void} */ (post);
  // The worker inherits the page's Content-Security-Policy: without 'unsafe-eval' the
  // student's code cannot be compiled. Say so before loading anything.
  const probe = evalProbe();
  if (!probe.ok) {
    send({
      type: 'fatal',
      reason: 'eval',
      name: probe.name,
      message: probe.message,
    });
    return;
  }
  try {
    const factory = /** @type {WorkerEngineFactory} */ (createEngine);
    const engine = await factory({ print: () => {}, printErr: () => {} }, wasm);
    runner = createRunner({
      engine,
      world,
      post: send,
      now: () => performance.now(),
    });
    send({ type: 'ready' });
  } catch (err) {
    const e = /** @type {Partial<Error> | null | undefined} */ (err);
    send({
      type: 'fatal',
      reason: 'engine',
      name: e?.name ?? 'Error',
      message: e?.message ?? String(err),
    });
  }
}

/** @param {any} m what the page sent on the port */
function onPortMessage(m) {
  if (m && m.type === 'run' && runner) {
    const run = runner;
    runner = null; // one run per worker
    run(m.id, String(m.code));
  }
}
