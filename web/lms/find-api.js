// Finding the LMS's SCORM API the standard way (ADL's discovery algorithm): the object is
// `API_1484_11` (SCORM 2004) or `API` (SCORM 1.2) on this window or one of its parents, else on
// the window that opened this one or its parents; at most MAX_HOPS windows up each chain. A
// window of another origin on the way is stepped over (reading it throws).

export const MAX_HOPS = 10;
/** The API's name on the LMS's window, by SCORM version. */
export const API_NAME = { 2004: 'API_1484_11', 1.2: 'API' };

/**
 * @typedef {'1.2' | '2004'} ScormVersion
 * @typedef {Record<string, (...args: string[]) => unknown>} ScormApi the LMS's object
 */

/**
 * The API of `version` (or of either, 2004 first), or null.
 * @param {Window} win
 * @param {ScormVersion | null} [version]
 * @returns {{ api: ScormApi, version: ScormVersion } | null}
 */
export function findApi(win, version = null) {
  /** @type {ScormVersion[]} */
  const versions = version ? [version] : ['2004', '1.2'];
  for (const start of [win, openerOf(win)])
    for (let w = start, hops = 0; w && hops <= MAX_HOPS; hops++) {
      for (const v of versions) {
        const api = read(w, API_NAME[v]);
        if (api && typeof api === 'object')
          return { api: /** @type {ScormApi} */ (api), version: v };
      }
      const up = read(w, 'parent');
      if (!up || up === w) break;
      w = /** @type {Window} */ (up);
    }
  return null;
}

/** @param {Window} win */
function openerOf(win) {
  const o = read(win, 'opener');
  return o ? /** @type {Window} */ (o) : null;
}

/**
 * A property of a window that may be of another origin (null where reading it throws).
 * @param {Window} w
 * @param {string} name
 */
function read(w, name) {
  try {
    return /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (w))[name] ?? null;
  } catch {
    return null;
  }
}
