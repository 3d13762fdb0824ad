// dist/attn-loader.js: the one script tag a page needs. It loads nothing until the page has an
// attn-* element, then adds the classic scripts those elements need next to itself (same folder
// as its own src, so it works from file:// and under `script-src 'self'`), in this order:
//   attn-engine-wasm.js  the engine's WebAssembly as a script, only on a page opened from disk
//                        (over http the engine fetches attn-engine.wasm, web/engine-wasm.js);
//                        attn-engine-wasm-legacy.js instead in a browser without WebAssembly's
//                        standard exception handling (web/wasm-features.js);
//   attn-core.js         the engine's glue, the course data, web/ and the runtime (any tag);
//   widgets/<name>.js    one per course widget on the page (its element, on attn-core.js's code),
//                        so a page carries only the widgets it shows;
//   the heavy extras only where their element is: attn-lab-data.js (the trained model) for
//   <attn-lab> and <attn-milestone>, attn-playground.js (the worker's engine) for
//   <attn-playground> and <attn-exercise>, attn-open-model.js (the element, the whole engine
//   with its checkpoint readers, the tokenizer) for <attn-open-model>, and attn-train.js (the
//   trainer's worker and its text) for <attn-train>.
// <attn-open-model> brings its own engine: alone on a page it needs neither the course engine
// nor attn-core.js (and the page's language is wired here, as on a page without widgets).
// Elements added later (a course platform rendering a page by script) are found by a
// MutationObserver. A page that includes a script itself keeps it: none is added twice, and a
// page that has attn-widgets.js (every widget in one script) gets no core or widget scripts.

import { exnrefSupported } from './wasm-features.js';

/** Every course widget in one script: what a page that includes a script by hand uses. */
export const WIDGETS_SCRIPT = 'attn-widgets.js';
/** What every attn-* tag needs when the widgets come one script each. */
export const CORE_SCRIPT = 'attn-core.js';
/** The engine's WebAssembly as a script, for pages that cannot fetch attn-engine.wasm. */
export const ENGINE_WASM_SCRIPT = 'attn-engine-wasm.js';
/**
 * What the final quiz (an <attn-quiz> without `lesson`) is called among the names the loader
 * reads off a page: it needs a script a page's check does not.
 */
const FINAL_QUIZ = 'attn-quiz(final)';

/**
 * The names an element stands for when the loader picks scripts: its tag, and for the final
 * quiz FINAL_QUIZ first (its script only sets data the element reads when it builds).
 * @param {Pick<Element, 'localName' | 'hasAttribute'>} el
 */
export function loaderNames(el) {
  return el.localName === 'attn-quiz' && !el.hasAttribute('lesson')
    ? [FINAL_QUIZ, el.localName]
    : [el.localName];
}

/** The same in the legacy exception-handling form, for a browser without exnref. */
export const ENGINE_WASM_LEGACY_SCRIPT = 'attn-engine-wasm-legacy.js';
/** @type {Record<string, string>} tag → the extra script only that tag needs */
export const EXTRA_SCRIPTS = {
  'attn-lab': 'attn-lab-data.js',
  'attn-milestone': 'attn-lab-data.js',
  'attn-playground': 'attn-playground.js',
  'attn-exercise': 'attn-playground.js',
  'attn-open-model': 'attn-open-model.js',
  'attn-train': 'attn-train.js',
  [FINAL_QUIZ]: 'attn-quiz-final.js',
};

/**
 * @type {Record<string, string>} tag → the script its extra script takes instead of its own
 * worker in a browser without exnref (the worker in the legacy exception-handling form)
 */
export const LEGACY_EH_SCRIPTS = { 'attn-train': 'attn-train-worker-legacy.js' };

/** Tags whose script brings its engine: they need neither the course engine nor the core. */
export const OWN_ENGINE = new Set(['attn-open-model']);

/**
 * Whether any tag among `names` needs attn-core.js (which, once loaded, wires the language).
 * @param {Iterable<string>} names element local names
 */
export function needsCore(names) {
  for (const n of names) if (n.startsWith('attn-') && !OWN_ENGINE.has(n)) return true;
  return false;
}

/**
 * The scripts the attn-* tags among `names` need, in load order.
 * @param {Iterable<string>} names element local names
 * @param {object} page
 * @param {boolean} page.fromDisk not served over http(s), so the engine cannot fetch its .wasm
 * @param {Iterable<string>} page.widgetTags the tags that have a dist/widgets/<name>.js
 * @param {boolean} [page.hasAllWidgets] the page includes attn-widgets.js itself
 * @param {boolean} [page.legacyEh] the browser lacks exnref: the engine's legacy form
 * @returns {string[]}
 */
export function scriptsFor(
  names,
  { fromDisk, widgetTags, hasAllWidgets = false, legacyEh = false },
) {
  const own = new Set(widgetTags);
  const out = new Set();
  for (const n of names) {
    if (!n.startsWith('attn-')) continue;
    if (n === FINAL_QUIZ) {
      out.add(EXTRA_SCRIPTS[n]);
      continue;
    }
    if (!OWN_ENGINE.has(n)) {
      if (fromDisk) out.add(legacyEh ? ENGINE_WASM_LEGACY_SCRIPT : ENGINE_WASM_SCRIPT);
      if (!hasAllWidgets) {
        out.add(CORE_SCRIPT);
        if (own.has(n)) out.add(`widgets/${n.slice('attn-'.length)}.js`);
      }
    }
    if (legacyEh && LEGACY_EH_SCRIPTS[n]) out.add(LEGACY_EH_SCRIPTS[n]);
    if (EXTRA_SCRIPTS[n]) out.add(EXTRA_SCRIPTS[n]);
  }
  return [...out];
}

/**
 * Starts the loader on `doc`: scans it now and watches it for attn-* elements added later.
 * @param {Document} doc
 * @param {HTMLScriptElement | null} self the loader's own script element (its src is the base)
 * @param {Iterable<string>} widgetTags the tags that have a dist/widgets/<name>.js
 * @returns {string[]} the local names of the elements `doc` has now
 */
export function startLoader(doc, self, widgetTags) {
  const base = new URL('.', self?.src || doc.baseURI).href;
  const fromDisk = !/^https?:/.test(base);
  const legacyEh = !exnrefSupported();
  /** @type {Set<string>} */
  const added = new Set();
  const present = (/** @type {string} */ file) =>
    [...doc.scripts].some(
      (s) => s !== self && new URL(s.src || 'about:blank').pathname.endsWith(`/${file}`),
    );
  /** @param {Iterable<string>} names */
  const need = (names) => {
    const hasAllWidgets = present(WIDGETS_SCRIPT);
    for (const file of scriptsFor(names, { fromDisk, widgetTags, hasAllWidgets, legacyEh })) {
      if (added.has(file)) continue;
      added.add(file);
      if (present(file)) continue;
      const s = doc.createElement('script');
      s.src = base + file;
      s.async = false; // inserted scripts then run in insertion order: the core before the rest
      s.setAttribute('charset', 'utf-8'); // the scripts are UTF-8, the host page may not be
      (self?.parentNode ?? doc.head ?? doc.documentElement).appendChild(s);
    }
  };
  /** @param {Element} root */
  const namesIn = (root) => [root, ...root.querySelectorAll('*')].flatMap(loaderNames);
  const names = namesIn(doc.documentElement);
  need(names);
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes) if (n.nodeType === 1) need(namesIn(/** @type {Element} */ (n)));
  }).observe(doc.documentElement, { childList: true, subtree: true });
  return names;
}
