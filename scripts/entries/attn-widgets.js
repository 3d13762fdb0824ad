// The entry of dist/attn-widgets.js and .mjs (scripts/bundle.mjs): where the source meets the
// build output. The engine factory dist/attn-engine.js exports goes to the widgets (and, for
// pages that load other scripts after this one — attn-open-model.js — onto globalThis).
import createAttnEngine from '../../dist/attn-engine.js';
import { defineCourse } from '../../widgets/index.js';

globalThis.createAttnEngine ??= createAttnEngine;
defineCourse(createAttnEngine);

// What the ES module build (dist/attn-widgets.mjs) exports: the tag → class map.
export { WIDGETS } from '../../widgets/index.js';
