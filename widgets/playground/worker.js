// The Web Worker behind <attn-playground>: its own copy of the engine and the runner of
// widgets/playground/logic.js. scripts/bundle.mjs bundles it with the engine
// (scripts/entries/playground-worker.js) into one string, dist/attn-playground.js hands it to
// the page, and the widget starts it from a Blob
// URL (file:// pages cannot start a Worker from a file). One worker runs one piece of student
// code and is then terminated, so nothing a run leaves behind reaches the next run.
import { createRunner, evalProbe } from './logic.js';

// The page hands over a private MessagePort in 'init' and everything after goes through it.
// Student code runs in this worker's global scope and can call postMessage itself; the page
// no longer listens there, and the port stays in this module's closure where the code cannot
// reach it. Its postMessage is bound now, before any student code could replace
// MessagePort.prototype.postMessage.
let post = null;
let runner = null;
let createEngine = null;

/** Starts listening for the page's 'init' (once); the worker's engine comes from `factory`. */
export function startPlaygroundWorker(factory) {
  createEngine = factory;
  self.onmessage = onInit;
}

function onInit(e) {
  const m = e.data;
  if (post || !m || m.type !== 'init' || !(m.port instanceof MessagePort)) return;
  const port = m.port;
  post = MessagePort.prototype.postMessage.bind(port);
  self.onmessage = null;
  port.onmessage = (ev) => onPortMessage(ev.data);
  init(m.world);
}

async function init(world) {
  // The worker inherits the page's Content-Security-Policy: without 'unsafe-eval' the
  // student's code cannot be compiled. Say so before loading anything.
  const probe = evalProbe();
  if (!probe.ok) {
    post({ type: 'fatal', reason: 'eval', name: probe.name, message: probe.message });
    return;
  }
  try {
    const engine = await createEngine({ print: () => {}, printErr: () => {} });
    runner = createRunner({ engine, world, post, now: () => performance.now() });
    post({ type: 'ready' });
  } catch (err) {
    post({
      type: 'fatal',
      reason: 'engine',
      name: err?.name ?? 'Error',
      message: err?.message ?? String(err),
    });
  }
}

function onPortMessage(m) {
  if (m && m.type === 'run' && runner) {
    const run = runner;
    runner = null; // one run per worker
    run(m.id, String(m.code));
  }
}
