// One SCORM session over the LMS's API, the same calls for SCORM 1.2 and 2004: initialise once,
// read, write only what changed, commit, terminate once. No call may break the page: an API that
// throws, answers "false" or sets an error code is recorded (`problem`: which call, which error)
// and the caller goes on with the student's progress kept in this browser.
/** @import { ScormApi, ScormVersion } from './find-api.js' */

/** The API's function names, by version. */
const CALLS = {
  1.2: ['LMSInitialize', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSFinish'],
  2004: ['Initialize', 'GetValue', 'SetValue', 'Commit', 'Terminate'],
};
const ERROR_CALLS = {
  1.2: ['LMSGetLastError', 'LMSGetErrorString'],
  2004: ['GetLastError', 'GetErrorString'],
};
/** SCORM 2004's "data model element value not initialized": a value never set reads as ''. */
const NOT_INITIALIZED = '403';

/**
 * @typedef {{ call: string, element: string, result: string, code: string, text: string }}
 *   Problem what failed: the API function, the element it was about (or ''), what it returned
 *   ("threw: …" when it threw), the LMS's error code and its text
 */

export class ScormSession {
  /** @type {Problem | null} the last call that failed, if any */
  problem = null;
  /** @type {'new' | 'open' | 'refused' | 'ended'} */
  state = 'new';
  /** @type {Map<string, string>} what this session last wrote, by element */
  #written = new Map();
  #dirty = false;
  #api;
  #names;
  #errorNames;

  /**
   * @param {ScormApi} api
   * @param {ScormVersion} version
   */
  constructor(api, version) {
    this.#api = api;
    this.version = version;
    this.#names = CALLS[version];
    this.#errorNames = ERROR_CALLS[version];
  }

  /** Initialise (once). */
  start() {
    if (this.state !== 'new') return this.state === 'open';
    this.state = this.#call(0, '', ['']) === 'true' ? 'open' : 'refused';
    return this.state === 'open';
  }

  /**
   * An element's value: a string, '' for a value the LMS has not set, or null when reading
   * failed (the call threw or the LMS answered an error).
   * @param {string} element
   */
  get(element) {
    if (this.state !== 'open') return null;
    const v = this.#call(1, element, [element], true);
    return v === null ? null : String(v);
  }

  /**
   * Writes `value` unless this session wrote the same already; false when the LMS refused.
   * @param {string} element
   * @param {string | number} value
   */
  set(element, value) {
    const text = String(value);
    if (this.state !== 'open') return false;
    if (this.#written.get(element) === text) return true;
    const ok = this.#call(2, element, [element, text]) === 'true';
    if (ok) {
      this.#written.set(element, text);
      this.#dirty = true;
    }
    return ok;
  }

  /** Commits what was written since the last commit that worked. */
  commit() {
    if (this.state !== 'open' || !this.#dirty) return this.state === 'open';
    const ok = this.#call(3, '', ['']) === 'true';
    if (ok) this.#dirty = false;
    return ok;
  }

  /** Ends the session (once): commits and terminates. */
  end() {
    if (this.state !== 'open') return;
    this.commit();
    this.#call(4, '', ['']);
    this.state = 'ended';
  }

  /**
   * Calls API function `CALLS[version][i]`; its result as the LMS gave it ('true', a value), or
   * null when it threw or reported an error (recorded in `problem`).
   * @param {number} i
   * @param {string} element
   * @param {string[]} args
   * @param {boolean} [isRead] a read: its value is the result, the error code says if it worked
   * @returns {string | null}
   */
  #call(i, element, args, isRead = false) {
    const call = this.#names[i];
    let result;
    try {
      result = this.#api[call](...args);
    } catch (e) {
      this.problem = {
        call,
        element,
        result: `threw ${String(e)}`.slice(0, 200),
        code: '',
        text: '',
      };
      return null;
    }
    const text = result === true ? 'true' : result === false ? 'false' : String(result ?? '');
    // A write says "true" or not (an LMS's error code left standing after a "true" is not
    // believed over it, nor asked for: one call less to a slow LMS); a read's value cannot say
    // it failed, its error code does.
    if (!isRead && text === 'true') return text;
    const code = this.#lastError();
    if (isRead && (code === '0' || code === '' || code === NOT_INITIALIZED))
      return code === NOT_INITIALIZED ? '' : text;
    this.problem = { call, element, result: text, code, text: this.#errorText(code) };
    return null;
  }

  /** The LMS's last error code ('0': none; '' if it cannot say). */
  #lastError() {
    try {
      return String(this.#api[this.#errorNames[0]]() ?? '');
    } catch {
      return '';
    }
  }

  /** @param {string} code */
  #errorText(code) {
    if (code === '' || code === '0') return '';
    try {
      return String(this.#api[this.#errorNames[1]](code) ?? '').slice(0, 200);
    } catch {
      return '';
    }
  }
}
