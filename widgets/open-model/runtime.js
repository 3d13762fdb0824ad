// What web/runtime.js is in dist/attn-open-model.js (scripts/bundle.mjs swaps it in): a runtime
// with an engine of its own, created from the factory attn-widgets.js put on globalThis, and no
// course data (the widget reads none, and the bundle then carries neither the data nor its
// schema validators).
/** @import { AttnEngine } from '../../web/attn-engine.js' */
/** @import { Runtime } from '../../web/runtime.js' */

/** @type {Promise<Runtime> | undefined} */
let runtimePromise;

/** @returns {Promise<Runtime>} */
export function getRuntime() {
  const factory = /** @type {{ createAttnEngine?: () => Promise<AttnEngine> }} */ (globalThis)
    .createAttnEngine;
  if (typeof factory !== 'function')
    return Promise.reject(new Error('attn-engine.js is not loaded: add attn-widgets.js first'));
  /** The course data getters throw: the widget reads none. */
  const noData = () => {
    throw new Error('<attn-open-model> has no course data');
  };
  runtimePromise ??= factory().then((engine) =>
    Object.defineProperties(/** @type {Runtime} */ (/** @type {unknown} */ ({ engine })), {
      world: { get: noData },
      models: { get: noData },
    }),
  );
  return runtimePromise;
}
