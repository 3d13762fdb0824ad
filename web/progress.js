// What a student has done on the course pages, kept in localStorage so it survives a reload and
// the index can show it: the answers they checked (per page's check, and the final quiz) and the
// predictions they committed. One JSON object under one key:
//   { answers: { <scope>: { <question id>: { answer, correct } } },
//     predictions: { <page slug>: { guess } } }
// A scope is the lesson slug of a page's check, or "quiz" for the final quiz. Storage can be off
// (a strict browser on file://) or hold anything: every read falls back to empty, every write
// is best effort.
import { bothLanguages } from './dom.js';

export const PROGRESS_KEY = 'attn-course-progress';

/**
 * @typedef {{ answer: string, correct: boolean }} Answer
 * @typedef {{ guess: string }} Prediction
 * @typedef {{ answers: Record<string, Record<string, Answer>>,
 *   predictions: Record<string, Prediction> }} Progress
 */

/** @param {{ localStorage?: Storage }} win */
export function storageOf(win = globalThis) {
  try {
    return win.localStorage ?? null;
  } catch {
    return null;
  }
}

const isRecord = (/** @type {unknown} */ x) =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The stored progress, or an empty one (nothing stored, storage off, or not our shape).
 * @param {Pick<Storage, 'getItem'> | null} storage
 * @returns {Progress}
 */
export function readProgress(storage) {
  /** @type {Progress} */
  const empty = { answers: {}, predictions: {} };
  try {
    const raw = JSON.parse(storage?.getItem(PROGRESS_KEY) ?? 'null');
    if (!isRecord(raw)) return empty;
    const answers = isRecord(raw.answers) ? raw.answers : {};
    const predictions = isRecord(raw.predictions) ? raw.predictions : {};
    return { answers, predictions };
  } catch {
    return empty;
  }
}

/**
 * Changes the stored progress with `edit` (best effort).
 * @param {Storage | null} storage
 * @param {(p: Progress) => void} edit
 */
export function editProgress(storage, edit) {
  const progress = readProgress(storage);
  edit(progress);
  try {
    storage?.setItem(PROGRESS_KEY, JSON.stringify(progress));
  } catch {
    // storage full or off: the page works, it only forgets
  }
}

/**
 * The checked answers of one scope, only those `valid` accepts.
 * @param {Progress} progress
 * @param {string} scope
 * @param {(id: string, answer: string) => boolean} valid the id is a question, the answer one of
 *   its options
 * @returns {Record<string, Answer>}
 */
export function answersOf(progress, scope, valid) {
  const stored = progress.answers[scope];
  if (!isRecord(stored)) return {};
  /** @type {Record<string, Answer>} */
  const out = {};
  for (const [id, a] of Object.entries(stored))
    if (isRecord(a) && typeof a.answer === 'string' && valid(id, a.answer))
      out[id] = { answer: a.answer, correct: a.correct === true };
  return out;
}

/** The index's progress marks, in both languages. */
export const PROGRESS_STRINGS = {
  'zh-CN': {
    /** @param {number} right @param {number} n */
    checks: (right, n) => `检查题答对 ${right}/${n}`,
    predicted: '已预测',
  },
  en: {
    /** @param {number} right @param {number} n */
    checks: (right, n) => `checks ${right}/${n} right`,
    predicted: 'predicted',
  },
};

/**
 * The progress line of one page: its predictions made and checks answered right, or '' (none).
 * @param {Progress} progress
 * @param {string} slug
 * @param {number} questions how many check questions the page has
 * @param {'zh-CN' | 'en'} lang
 */
export function progressText(progress, slug, questions, lang) {
  const S = PROGRESS_STRINGS[lang];
  const answers = isRecord(progress.answers[slug]) ? Object.values(progress.answers[slug]) : [];
  const right = answers.filter((a) => isRecord(a) && a.correct === true).length;
  const parts = [];
  if (isRecord(progress.predictions[slug])) parts.push(S.predicted);
  if (answers.length) parts.push(S.checks(Math.min(right, questions), questions));
  return parts.join(' · ');
}

/**
 * Fills each `[data-progress]` mark of the page (the index's list of pages) from storage.
 * @param {Document} [doc]
 * @param {{ localStorage?: Storage }} [win]
 */
export function showProgress(doc = document, win = globalThis) {
  const progress = readProgress(storageOf(win));
  for (const mark of /** @type {NodeListOf<HTMLElement>} */ (
    doc.querySelectorAll('[data-progress]')
  )) {
    const slug = String(mark.dataset.progress);
    const n = Number(mark.dataset.questions ?? 0);
    const zh = progressText(progress, slug, n, 'zh-CN');
    mark.replaceChildren(...bothLanguages(zh, progressText(progress, slug, n, 'en')));
    mark.hidden = zh === '';
    mark.classList.toggle('done', n > 0 && zh !== '' && isComplete(progress, slug, n));
  }
}

/**
 * Every check question of the page answered right.
 * @param {Progress} progress
 * @param {string} slug
 * @param {number} n
 */
function isComplete(progress, slug, n) {
  const answers = isRecord(progress.answers[slug]) ? Object.values(progress.answers[slug]) : [];
  return answers.filter((a) => isRecord(a) && a.correct === true).length >= n;
}

/**
 * One answer record as the contract reads it: a record written before first tries were kept
 * (no `tries`) reads as one try whose first answer is its answer.
 * @param {Record<string, unknown>} a a stored answer record (its `answer` a string)
 */
export function answerRecord(a) {
  const answer = String(a.answer);
  const correct = a.correct === true;
  const old = typeof a.tries !== 'number';
  return {
    ...a,
    answer,
    correct,
    tries: old ? 1 : Math.max(1, Math.floor(Number(a.tries))),
    firstAnswer: typeof a.firstAnswer === 'string' && !old ? a.firstAnswer : answer,
    firstCorrect: typeof a.firstCorrect === 'boolean' && !old ? a.firstCorrect : correct,
  };
}

/**
 * Two progresses as one, losing neither (the LMS's saved copy and this browser's, web/lms/):
 * every prediction and answer of either. Where both answered a question, the record with more
 * tries gives the current answer and the count, and `saved` gives the first try (the LMS has
 * already scored it); where both predicted, `local`'s guess stays (what this browser shows).
 * @param {Progress} local
 * @param {Progress} saved
 * @returns {Progress}
 */
export function mergeProgress(local, saved) {
  /** @type {Progress} */
  const out = {
    ...saved,
    ...local,
    answers: {},
    predictions: { ...saved.predictions, ...local.predictions },
  };
  for (const scope of new Set([...Object.keys(saved.answers), ...Object.keys(local.answers)])) {
    const l = isRecord(local.answers[scope]) ? local.answers[scope] : {};
    const s = isRecord(saved.answers[scope]) ? saved.answers[scope] : {};
    /** @type {Record<string, Answer>} */
    const merged = { ...s, ...l };
    for (const id of Object.keys(l))
      if (isRecord(s[id]) && typeof s[id].answer === 'string' && isRecord(l[id])) {
        const a = answerRecord(l[id]);
        const b = answerRecord(s[id]);
        const latest = b.tries > a.tries ? b : a;
        merged[id] = /** @type {Answer} */ ({
          ...latest,
          tries: Math.max(a.tries, b.tries),
          firstAnswer: b.firstAnswer,
          firstCorrect: b.firstCorrect,
        });
      }
    out.answers[scope] = merged;
  }
  return out;
}
