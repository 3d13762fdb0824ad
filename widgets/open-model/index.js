// The entry of dist/attn-open-model.js (scripts/bundle.mjs), the script only a page with
// <attn-open-model> loads (web/loader.js), after attn-widgets.js: it defines the element. The
// widget runs on an engine of its own (widgets/open-model/runtime.js), so a model of a GiB in
// its heap, or a failed allocation, never touches the engine of the page's other widgets.
import { OpenModel } from './element.js';

export const OPEN_MODEL_WIDGETS = { 'attn-open-model': OpenModel };

for (const [tag, cls] of Object.entries(OPEN_MODEL_WIDGETS))
  if (!customElements.get(tag)) customElements.define(tag, cls);
