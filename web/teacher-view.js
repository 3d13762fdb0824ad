// The teacher view of a course page: every widget's self-check panel shown (the `teacher`
// attribute; students do not see the panels) and every prediction gate open, so a teacher can
// read the whole page at once. On with `?teacher` in the address (this visit only) or the page's
// switch (kept in localStorage for the next pages). A site embedding widgets sets the attribute.
import { storageOf } from './progress.js';
import { applyGates } from './predict.js';

const STORAGE_KEY = 'attn-course-teacher';
const SWITCH = '[data-attn-teacher-toggle]';

/**
 * Is the teacher view asked for: `?teacher` (any value but 0 / false / off), else storage.
 * @param {string} search location.search
 * @param {Pick<Storage, 'getItem'> | null} storage
 */
export function teacherChosen(search, storage) {
  const param = new URLSearchParams(search).get('teacher');
  if (param !== null) return !['0', 'false', 'off'].includes(param.toLowerCase());
  try {
    return storage?.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Turns the view on or off: the class on <html>, `teacher` on every widget, the gates, the switch.
 * @param {Document} doc
 * @param {boolean} on
 */
export function applyTeacherView(doc, on) {
  doc.documentElement.classList.toggle('attn-teacher', on);
  for (const el of doc.querySelectorAll('*'))
    if (el.localName.startsWith('attn-')) el.toggleAttribute('teacher', on);
  const toggle = /** @type {HTMLInputElement | null} */ (doc.querySelector(SWITCH));
  if (toggle) toggle.checked = on;
  applyGates(doc);
}

/**
 * Applies the chosen view and wires the switch (kept for the next pages).
 * @param {Document} [doc]
 * @param {{ location?: Location, localStorage?: Storage }} [win]
 */
export function wireTeacherView(doc = document, win = globalThis) {
  const storage = storageOf(win);
  applyTeacherView(doc, teacherChosen(win.location?.search ?? '', storage));
  const toggle = /** @type {HTMLInputElement | null} */ (doc.querySelector(SWITCH));
  toggle?.addEventListener('change', () => {
    applyTeacherView(doc, toggle.checked);
    try {
      storage?.setItem(STORAGE_KEY, toggle.checked ? '1' : '0');
    } catch {
      // no storage: the view holds for this page
    }
  });
}
