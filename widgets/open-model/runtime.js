// The runtime of <attn-open-model>: an engine of its own (a model of a GiB in its heap, or a
// failed allocation, never touches the engine of the page's other widgets), from the factory
// dist/attn-open-model.js brings (./index.js), and no course data (the widget reads none, so its
// script carries neither the data nor its schema validators).
/** @import { Runtime, EngineFactory } from '../../web/runtime.js' */

/**
 * The open-model runtime over `createEngine`, created when first asked, once.
 * @param {EngineFactory} createEngine
 * @returns {() => Promise<Runtime>}
 */
export function openModelRuntime(createEngine) {
  /** @type {Promise<Runtime> | undefined} */
  let runtimePromise;
  return () => {
    /** The course data getters throw: the widget reads none. */
    const noData = () => {
      throw new Error('<attn-open-model> has no course data');
    };
    runtimePromise ??= createEngine().then((engine) =>
      Object.defineProperties(/** @type {Runtime} */ (/** @type {unknown} */ ({ engine })), {
        world: { get: noData },
        models: { get: noData },
      }),
    );
    return runtimePromise;
  };
}
