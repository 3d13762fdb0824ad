// Starting the course on a page, apart from which widgets it defines: startCourse makes the one
// runtime (over the engine factory it is given), puts the public handle on globalThis.AttnCourse
// ({getRuntime, DataError, widgets}) and wires the page's language; defineWidgets defines a set
// of elements over it. attn-widgets.js does both with every widget; a course page's attn-core.js
// starts the course and each dist/widgets/<name>.js defines its one element (scripts/bundle.mjs).
/** @import { EngineFactory } from './runtime.js' */
import { courseRuntime, DataError } from './runtime.js';
import { AttnWidget } from './widget-base.js';
import { applyChosenLanguage, wireLanguageToggle } from './page.js';

/**
 * @param {EngineFactory} createEngine
 */
export function startCourse(createEngine) {
  const getRuntime = courseRuntime(createEngine);
  AttnWidget.getRuntime = getRuntime;
  // A course page opens in the language the student chose on an earlier page (before any widget
  // draws); the script sits at the end of <body>, so the page's elements are already parsed.
  if (typeof document !== 'undefined') applyChosenLanguage();
  /** @type {any} */ (globalThis).AttnCourse = { getRuntime, DataError, widgets: {} };
  if (typeof document !== 'undefined') {
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', () => wireLanguageToggle());
    else wireLanguageToggle();
  }
}

/**
 * Defines the elements of `widgets` (tag → class; a tag already defined is left alone) and lists
 * them in AttnCourse.widgets.
 * @param {Record<string, CustomElementConstructor>} widgets
 */
export function defineWidgets(widgets) {
  for (const [tag, cls] of Object.entries(widgets))
    if (!customElements.get(tag)) customElements.define(tag, cls);
  Object.assign(/** @type {any} */ (globalThis).AttnCourse?.widgets ?? {}, widgets);
}
