// The runtime of <attn-open-model>: an engine of its own (a model of a GiB in its heap, or a
// failed allocation, never touches the engine of the page's other widgets), from the factory
// dist/attn-open-model.js brings (./index.js), and no course data (the widget reads none, so its
// script carries neither the data nor its schema validators).
// Where the page may run threads (web/engine-threads.js) the engine is the threaded one;
// otherwise, or if that one fails to start, the single-threaded engine, with the reason kept for
// the page to say (runtime.threads).
/** @import { Runtime, EngineFactory } from '../../web/runtime.js' */
import { threadsUnavailable } from '../../web/engine-threads.js';

/**
 * How the engine runs: `count` threads; `reason` why only one ('file', 'isolation',
 * 'shared-memory', 'cores', 'failed'), null when threaded.
 * @typedef {{ count: number,
 *   reason: 'file' | 'isolation' | 'shared-memory' | 'cores' | 'failed' | null }} Threads
 */

/**
 * How long the threaded engine may take to start before the page gives up on it. Emscripten's
 * start never settles when a worker fails to load (a CSP that forbids it, a browser that
 * refuses the shared memory late), and a widget must not wait forever; a start that comes in
 * after the limit is ended (its workers stopped).
 */
export const THREADED_START_MS = 30000;

/**
 * `engine`, or a rejection once `ms` have passed without it.
 * @param {Promise<any>} engine
 * @param {number} ms
 */
function withinLimit(engine, ms) {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new Error(`the threaded engine did not start within ${ms / 1000} s`));
    }, ms);
    engine.then(
      (e) => {
        clearTimeout(timer);
        if (late) e.terminateWorkers?.();
        else resolve(e);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * The open-model runtime over `createEngine` (single-threaded) and `createThreaded` (the
 * threaded engine, tried first where the page allows), created when first asked, once.
 * @param {EngineFactory} createEngine
 * @param {EngineFactory} [createThreaded]
 * @param {number} [startLimitMs] how long the threaded engine may take to start
 * @returns {() => Promise<Runtime & { threads: Threads }>}
 */
export function openModelRuntime(createEngine, createThreaded, startLimitMs = THREADED_START_MS) {
  /** @type {Promise<Runtime & { threads: Threads }> | undefined} */
  let runtimePromise;
  /** @returns {Promise<{ engine: any, threads: Threads }>} */
  const start = async () => {
    const reason = createThreaded ? threadsUnavailable() : 'file';
    if (!reason && createThreaded)
      try {
        const engine = await withinLimit(createThreaded(), startLimitMs);
        return { engine, threads: { count: engine.threadCount(), reason: null } };
      } catch (e) {
        console.warn(
          '<attn-open-model>: the threaded engine did not start, one thread instead:',
          e,
        );
        return { engine: await createEngine(), threads: { count: 1, reason: 'failed' } };
      }
    return { engine: await createEngine(), threads: { count: 1, reason } };
  };
  return () => {
    /** The course data getters throw: the widget reads none. */
    const noData = () => {
      throw new Error('<attn-open-model> has no course data');
    };
    runtimePromise ??= start().then(({ engine, threads }) =>
      Object.defineProperties(
        /** @type {Runtime & { threads: Threads }} */ (
          /** @type {unknown} */ ({ engine, threads })
        ),
        { world: { get: noData }, models: { get: noData } },
      ),
    );
    return runtimePromise;
  };
}
