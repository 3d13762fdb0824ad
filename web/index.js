// The bundle's entry: the engine factory, the runtime, and every widget, defined as custom
// elements. Loading this one script is all a page needs.
import createAttnEngine from '../dist/attn-engine.js';
import { getRuntime, DataError } from './runtime.js';
import { wireLanguageToggle } from './page.js';
import { WIDGETS } from '../widgets/index.js';

globalThis.createAttnEngine ??= createAttnEngine;

for (const [tag, cls] of Object.entries(WIDGETS)) {
  if (!customElements.get(tag)) customElements.define(tag, cls);
}

globalThis.AttnCourse = { getRuntime, DataError, widgets: WIDGETS };

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', () => wireLanguageToggle());
  else wireLanguageToggle();
}
