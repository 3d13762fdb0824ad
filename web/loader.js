// dist/attn-loader.js: the one script tag a page needs. It loads nothing until the page has an
// attn-* element, then adds the classic scripts those elements need next to itself (same folder
// as its own src, so it works from file:// and under `script-src 'self'`): attn-widgets.js for
// any tag, and the heavy extras only where their element is, attn-lab-data.js (the trained
// model) for <attn-lab>, attn-playground.js (the worker's engine) for <attn-playground> and
// <attn-exercise>, attn-open-model.js (the model-file readers and the tokenizer) for
// <attn-open-model>, and attn-train.js (the trainer's worker and its text) for <attn-train>.
// Elements added later (a course platform rendering a page by script) are found by a
// MutationObserver. A page that includes a script itself keeps it: none is added twice.

/** The script every attn-* tag needs. */
export const WIDGETS_SCRIPT = 'attn-widgets.js';
/** @type {Record<string, string>} tag → the extra script only that tag needs */
export const EXTRA_SCRIPTS = {
  'attn-lab': 'attn-lab-data.js',
  'attn-playground': 'attn-playground.js',
  'attn-exercise': 'attn-playground.js',
  'attn-open-model': 'attn-open-model.js',
  'attn-train': 'attn-train.js',
};

/**
 * The scripts the attn-* tags among `names` need, in load order.
 * @param {Iterable<string>} names element local names
 * @returns {string[]}
 */
export function scriptsFor(names) {
  const out = new Set();
  for (const n of names) {
    if (!n.startsWith('attn-')) continue;
    out.add(WIDGETS_SCRIPT);
    if (EXTRA_SCRIPTS[n]) out.add(EXTRA_SCRIPTS[n]);
  }
  return [...out];
}

/**
 * Starts the loader on `doc`: scans it now and watches it for attn-* elements added later.
 * @param {Document} doc
 * @param {HTMLScriptElement | null} self the loader's own script element (its src is the base)
 */
export function startLoader(doc, self) {
  const base = new URL('.', self?.src || doc.baseURI).href;
  /** @type {Set<string>} */
  const added = new Set();
  const present = (/** @type {string} */ file) =>
    [...doc.scripts].some(
      (s) => s !== self && new URL(s.src || 'about:blank').pathname.endsWith(`/${file}`),
    );
  /** @param {Iterable<string>} names */
  const need = (names) => {
    for (const file of scriptsFor(names)) {
      if (added.has(file)) continue;
      added.add(file);
      if (present(file)) continue;
      const s = doc.createElement('script');
      s.src = base + file;
      s.async = false; // inserted scripts then run in insertion order: widgets before extras
      (self?.parentNode ?? doc.head ?? doc.documentElement).appendChild(s);
    }
  };
  /** @param {Element} root */
  const namesIn = (root) => [
    root.localName,
    ...[...root.querySelectorAll('*')].map((e) => e.localName),
  ];
  need(namesIn(doc.documentElement));
  new MutationObserver((records) => {
    for (const r of records)
      for (const n of r.addedNodes) if (n.nodeType === 1) need(namesIn(/** @type {Element} */ (n)));
  }).observe(doc.documentElement, { childList: true, subtree: true });
}
