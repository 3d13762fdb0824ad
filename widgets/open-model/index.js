// The entry of dist/attn-open-model.js (scripts/bundle.mjs), the script only a page with
// <attn-open-model> loads (web/loader.js), after attn-widgets.js: it defines the element, on a
// runtime of its own (./runtime.js) over the engine factory attn-widgets.js put on globalThis.
/** @import { EngineFactory } from '../../web/runtime.js' */
import { OpenModel } from './element.js';
import { openModelRuntime } from './runtime.js';

export const OPEN_MODEL_WIDGETS = { 'attn-open-model': OpenModel };

OpenModel.getRuntime = openModelRuntime(
  () => /** @type {{ createAttnEngine?: EngineFactory }} */ (globalThis).createAttnEngine,
);
for (const [tag, cls] of Object.entries(OPEN_MODEL_WIDGETS))
  if (!customElements.get(tag)) customElements.define(tag, cls);
