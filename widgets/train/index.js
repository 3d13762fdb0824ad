// The entry of dist/attn-train.js (scripts/bundle.mjs), the script only a page with <attn-train>
// loads (web/loader.js), after attn-widgets.js: the element on the page's course runtime (the
// engine reads each snapshot), the GGUF writer export-hf uses, and the worker's source, set by the
// bundle before this runs.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine } from '../../web/attn-engine.js' */
import { TrainModel } from './element.js';

export const TRAIN_WIDGETS = { 'attn-train': TrainModel };

/**
 * Defines <attn-train> over the page's runtime (what attn-widgets.js's widgets use) and with the
 * GGUF conversion `ggufOf`.
 * @param {(engine: AttnEngine, labBytes: Uint8Array) => Uint8Array} ggufOf
 */
export function defineTrain(ggufOf) {
  TrainModel.ggufOf = ggufOf;
  const course = /** @type {{ AttnCourse?: { getRuntime: () => Promise<Runtime> } }} */ (globalThis)
    .AttnCourse;
  if (course) TrainModel.getRuntime = course.getRuntime;
  for (const [tag, cls] of Object.entries(TRAIN_WIDGETS))
    if (!customElements.get(tag)) customElements.define(tag, cls);
}
