// The page side of the cell's Web Worker: where its code comes from (dist/attn-playground.js
// puts it on globalThis as a string), the page's <meta> policies, and CodeWorker, one worker for
// one run of the student's code (worker.js runs it; logic.js has the message protocol).
/** @import { TeachingWorldDoc } from '../../web/course-data.js' */
/** @import { ShowMessage, WorkerMessage, Reported } from './logic.js' */
import { TIME_LIMIT_MS, parseWorkerMessage } from './logic.js';

/** How long a worker may take to load its engine. */
const START_TIMEOUT_MS = 20000;

/**
 * A worker's start: its engine loaded, or why not (the page's CSP, the engine, anything else).
 * @typedef {{ ok: true }
 *   | { ok: false, kind: 'csp' | 'engine' | 'start', name: string, message: string }} WorkerReady
 */
/**
 * How a run ended: finished (the worker's own time), threw, or was stopped at the time limit.
 * @typedef {{ kind: 'done', ms: number | null }
 *   | { kind: 'error', name: string, message: string, line: number | null, column: number | null }
 *   | { kind: 'timeout' }} RunEnd
 */
/**
 * What a run's output goes to while it runs.
 * @typedef {{ onPrint: (text: string) => void, onShow: (m: ShowMessage) => void,
 *   onReport?: (value: Reported) => void }} RunHandlers
 */

/** @type {Promise<string | null> | undefined} */
let sourcePromise;
/** The worker bundle's source, if dist/attn-playground.js has run. */
const loadedSource = () =>
  /** @type {{ AttnPlaygroundWorker?: { source?: string } }} */ (globalThis).AttnPlaygroundWorker
    ?.source ?? null;

/**
 * The worker's source from dist/attn-playground.js, or null once the page has loaded without it.
 * @returns {Promise<string | null>}
 */
export function workerSource() {
  const have = loadedSource();
  if (have) return Promise.resolve(have);
  sourcePromise ??= new Promise((resolve) => {
    const done = () => {
      if (!loadedSource() && document.readyState !== 'complete') return;
      window.removeEventListener('attn-playground-worker', done);
      window.removeEventListener('load', done);
      resolve(loadedSource());
    };
    window.addEventListener('attn-playground-worker', done);
    window.addEventListener('load', done);
    done();
  });
  return sourcePromise;
}

/**
 * The page's compiled engine module, from the factory attn-core.js (or attn-widgets.js) put on
 * globalThis.
 * @returns {Promise<WebAssembly.Module>}
 */
function pageWasmModule() {
  const f =
    /** @type {{ createAttnEngine?: { wasmModule?: () => Promise<WebAssembly.Module> } }} */ (
      globalThis
    ).createAttnEngine;
  return f?.wasmModule
    ? f.wasmModule()
    : Promise.reject(new Error('attn-core.js is not loaded: the engine has no module to share'));
}

/** @type {string | undefined} */
let blobUrl;
/** @param {string} source */
const workerUrl = (source) =>
  (blobUrl ??= URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));

/** The page's <meta> Content-Security-Policies (a header policy is invisible here). */
export const metaPolicies = () =>
  [...document.querySelectorAll('meta[http-equiv]')]
    .map((m) => /** @type {HTMLMetaElement} */ (m))
    .filter((m) => m.httpEquiv.toLowerCase() === 'content-security-policy')
    .map((m) => m.content);

/**
 * One worker for one run. `ready` resolves once its engine is loaded, or says why it did not;
 * run() resolves when the run ends (the worker is then terminated).
 */
export class CodeWorker {
  /** @type {(RunHandlers & { resolve: (end: RunEnd) => void }) | null} while a run runs */
  #handlers = null;
  /** @type {number | undefined} the id of the run (messages of other ids are dropped) */
  #id;
  /** @type {Worker | undefined} */
  #worker;
  /** @type {MessagePort | undefined} the private port the worker answers on */
  #port;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #startTimer;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #runTimer;
  /** @type {(r: WorkerReady) => void} */
  #settleReady = () => {};
  /** @type {Promise<WorkerReady>} */
  ready;

  /**
   * @param {string} source the worker bundle
   * @param {TeachingWorldDoc} world the teaching-world document the code sees as `world`
   */
  constructor(source, world) {
    this.ready = new Promise((resolve) => {
      let blockedByCsp = false;
      /** @param {SecurityPolicyViolationEvent} e */
      const onViolation = (e) => {
        if (String(e.blockedURI).startsWith('blob')) blockedByCsp = true;
      };
      document.addEventListener('securitypolicyviolation', onViolation);
      /** @param {WorkerReady} r */
      const settle = (r) => {
        document.removeEventListener('securitypolicyviolation', onViolation);
        clearTimeout(this.#startTimer);
        resolve(r);
      };
      this.#settleReady = settle;
      /** @type {Worker} */
      let worker;
      try {
        worker = this.#worker = new Worker(workerUrl(source), { name: 'attn-playground' });
      } catch (e) {
        const { name, message } = /** @type {Error} */ (e);
        settle({ ok: false, kind: 'csp', name, message });
        return;
      }
      this.#startTimer = setTimeout(
        () =>
          settle({
            ok: false,
            kind: 'start',
            name: 'TimeoutError',
            message: `${START_TIMEOUT_MS / 1000} s`,
          }),
        START_TIMEOUT_MS,
      );
      // The worker answers only on this private port: student code can reach the worker's
      // own postMessage, whose messages nobody listens to.
      const channel = new MessageChannel();
      this.#port = channel.port1;
      this.#port.onmessage = (e) => this.#onMessage(parseWorkerMessage(e.data));
      worker.onerror = (e) => {
        e.preventDefault();
        if (this.#handlers)
          this.#finish({
            kind: 'error',
            name: 'Error',
            message: e.message || 'uncaught error in the worker',
            line: null,
            column: null,
          });
        // A blocked Blob worker fails with a bare error event (and a violation report).
        else
          setTimeout(
            () =>
              settle({
                ok: false,
                kind: blockedByCsp ? 'csp' : 'start',
                name: 'Error',
                message: e.message || '',
              }),
            0,
          );
      };
      // The worker instantiates the engine the page compiled (web/engine-wasm.js).
      pageWasmModule().then(
        (wasm) =>
          worker.postMessage({ type: 'init', world, port: channel.port2, wasm }, [channel.port2]),
        (/** @type {Error} */ e) =>
          settle({ ok: false, kind: 'start', name: e.name, message: e.message }),
      );
    });
  }

  /** @param {WorkerMessage | null} m */
  #onMessage(m) {
    if (!m) return;
    if (m.type === 'ready') this.#settleReady({ ok: true });
    else if (m.type === 'fatal')
      this.#settleReady({
        ok: false,
        kind: m.reason === 'eval' ? 'csp' : 'engine',
        name: m.name,
        message: m.message,
      });
    else if (!this.#handlers || m.id !== this.#id) return;
    else if (m.type === 'print') this.#handlers.onPrint(m.text);
    else if (m.type === 'show') this.#handlers.onShow(m);
    else if (m.type === 'report') this.#handlers.onReport?.(m.value);
    else if (m.type === 'error')
      this.#finish({
        kind: 'error',
        name: m.name,
        message: m.message,
        line: m.line,
        column: m.column,
      });
    else if (m.type === 'done') this.#finish({ kind: 'done', ms: m.ms });
  }

  /**
   * Runs `code` once (after `ready`); the worker is terminated when the run ends.
   * @param {number} id
   * @param {string} code
   * @param {RunHandlers} handlers
   * @returns {Promise<RunEnd>}
   */
  run(id, code, handlers) {
    this.#id = id;
    return new Promise((resolve) => {
      this.#handlers = { ...handlers, resolve };
      this.#runTimer = setTimeout(() => this.#finish({ kind: 'timeout' }), TIME_LIMIT_MS);
      this.#port?.postMessage({ type: 'run', id, code });
    });
  }

  /** @param {RunEnd} end */
  #finish(end) {
    if (!this.#handlers) return;
    const { resolve } = this.#handlers;
    this.#handlers = null;
    clearTimeout(this.#runTimer);
    this.terminate();
    resolve(end);
  }

  terminate() {
    clearTimeout(this.#startTimer);
    this.#worker?.terminate();
    this.#port?.close();
    this.#settleReady({ ok: false, kind: 'start', name: 'Error', message: 'terminated' });
  }
}

/**
 * Whether code can run on this page: still checking, yes (with the worker's source), no
 * attn-playground.js, the page's CSP forbids it, or a worker did not start.
 * @typedef {{ state: 'checking' } | { state: 'ok', source: string } | { state: 'missing' }
 *   | { state: 'csp', problems: string[], detail?: string }
 *   | { state: 'failed', kind: 'engine' | 'start', detail: string }} CellEnv
 */

/**
 * What the page allows: `ok` with the worker's source, `missing` (no attn-playground.js), or
 * `csp` with what its <meta> policies lack.
 * @param {string[]} problems cspProblems(metaPolicies())
 * @returns {Promise<CellEnv>}
 */
export async function pageEnvironment(problems) {
  if (problems.length) return { state: 'csp', problems };
  const source = await workerSource();
  return source ? { state: 'ok', source } : { state: 'missing' };
}
