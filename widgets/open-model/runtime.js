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
 * How the engine runs: `count` threads; `reason` why only one ('file', 'isolation', 'cores',
 * 'failed'), null when threaded.
 * @typedef {{ count: number, reason: 'file' | 'isolation' | 'cores' | 'failed' | null }} Threads
 */

/**
 * The open-model runtime over `createEngine` (single-threaded) and `createThreaded` (the
 * threaded engine, tried first where the page allows), created when first asked, once.
 * @param {EngineFactory} createEngine
 * @param {EngineFactory} [createThreaded]
 * @returns {() => Promise<Runtime & { threads: Threads }>}
 */
export function openModelRuntime(createEngine, createThreaded) {
  /** @type {Promise<Runtime & { threads: Threads }> | undefined} */
  let runtimePromise;
  /** @returns {Promise<{ engine: any, threads: Threads }>} */
  const start = async () => {
    const reason = createThreaded ? threadsUnavailable() : 'file';
    if (!reason && createThreaded)
      try {
        const engine = await createThreaded();
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
