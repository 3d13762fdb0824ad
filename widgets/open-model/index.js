// What dist/attn-open-model.js runs (its entry in scripts/bundle.mjs), the script only a page
// with <attn-open-model> loads (web/loader.js): the element on a runtime of its own
// (./runtime.js) over the engine factory the script brings, the whole engine (the course pages'
// engine has no open-model bindings).
/** @import { EngineFactory } from '../../web/runtime.js' */
import { OpenModel } from './element.js';
import { openModelRuntime } from './runtime.js';
import { DataError } from '../../web/data-error.js';

export const OPEN_MODEL_WIDGETS = { 'attn-open-model': OpenModel };

/**
 * Defines <attn-open-model> (unless the page has it already) on engines from `createEngine`, or
 * from `createThreaded` where the page may run threads (web/engine-threads.js).
 * @param {EngineFactory} createEngine
 * @param {EngineFactory} [createThreaded]
 */
export function defineOpenModel(createEngine, createThreaded) {
  OpenModel.getRuntime = openModelRuntime(createEngine, createThreaded);
  for (const [tag, cls] of Object.entries(OPEN_MODEL_WIDGETS))
    if (!customElements.get(tag)) customElements.define(tag, cls);
  // The page's public handle (web/course.js), where no course script made it: a page with
  // only this element loads no attn-core.js.
  const g = /** @type {any} */ (globalThis);
  g.AttnCourse ??= { getRuntime: OpenModel.getRuntime, DataError, widgets: {} };
  Object.assign(g.AttnCourse.widgets, OPEN_MODEL_WIDGETS);
}
