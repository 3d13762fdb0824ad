// What web/loader.js reads off a built page, read from its HTML text instead of a DOM (for the
// scripts that list a page's scripts without a browser: the byte budget's test and the SCORM
// packages): each attn-* start tag as loaderNames sees it, attributes included.
import { loaderNames } from '../web/loader.js';

/**
 * The names the loader picks a page's scripts by, for the attn-* elements in `html`.
 * @param {string} html
 * @returns {Set<string>}
 */
export function loaderNamesInHtml(html) {
  const names = new Set();
  for (const [, localName, attrs] of html.matchAll(/<(attn-[a-z-]+)([^>]*)>/g)) {
    const hasAttribute = (/** @type {string} */ a) =>
      new RegExp(`\\s${a}(?=[\\s=/]|$)`).test(attrs);
    for (const n of loaderNames({ localName, hasAttribute })) names.add(n);
  }
  return names;
}
