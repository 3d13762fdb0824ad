// The runtime of <attn-open-model>: an engine of its own (a model of a GiB in its heap, or a
// failed allocation, never touches the engine of the page's other widgets), created from the
// factory attn-widgets.js put on globalThis, and no course data (the widget reads none, so its
// script carries neither the data nor its schema validators).
/** @import { Runtime, EngineFactory } from '../../web/runtime.js' */

/**
 * The open-model runtime over the engine factory `factory()` returns when first asked (read
 * then, so the order the page's scripts run in does not matter); created once.
 * @param {() => EngineFactory | undefined} factory
 * @returns {() => Promise<Runtime>}
 */
export function openModelRuntime(factory) {
  /** @type {Promise<Runtime> | undefined} */
  let runtimePromise;
  return () => {
    const createEngine = factory();
    if (typeof createEngine !== 'function')
      return Promise.reject(new Error('attn-engine.js is not loaded: add attn-widgets.js first'));
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
