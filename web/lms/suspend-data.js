// The student's progress as the LMS keeps it, in cmi.suspend_data: compact, versioned JSON.
//   {"v":1,"at":"<page slug>","p":{"<slug>":"<guess>"},"a":{"<scope>":{"<id>":<record>}}}
// A record is [firstAnswer, firstCorrect] when the first try is the only one (the common case),
// else [firstAnswer, firstCorrect, tries, answer, correct]; booleans are 1 / 0. SCORM 1.2 keeps
// at most 4,096 characters (SCORM 2004: 64,000): a progress that would not fit loses whole
// records, never part of one, least needed first (page checks, then predictions, last the final
// quiz's first tries, which the score is), and this browser keeps them all (localStorage).
/** @import { Progress, Answer } from '../progress.js' */
/**
 * @typedef {{ answer: string, correct: boolean, tries: number, firstAnswer: string,
 *   firstCorrect: boolean }} TriedAnswer an answer record as the progress contract has it
 */
/** @import { Outline } from './outline.js' */
import { answerRecord } from '../progress.js';

export const SUSPEND_VERSION = 1;
/** cmi.suspend_data's size in characters, by SCORM version. */
export const SUSPEND_LIMIT = { 1.2: 4096, 2004: 64000 };

/** @param {unknown} x @returns {x is Record<string, unknown>} */
const isRecord = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);

/** @param {Answer} a */
function packRecord(a) {
  const r = answerRecord(a);
  const first = [r.firstAnswer, r.firstCorrect ? 1 : 0];
  return r.tries === 1 && r.answer === r.firstAnswer && r.correct === r.firstCorrect
    ? first
    : [...first, r.tries, r.answer, r.correct ? 1 : 0];
}

/**
 * @param {unknown} r
 * @returns {TriedAnswer | null}
 */
function unpackRecord(r) {
  if (!Array.isArray(r) || typeof r[0] !== 'string') return null;
  const [firstAnswer, fc, tries = 1, answer = firstAnswer, correct = fc] = r;
  if (typeof answer !== 'string' || typeof tries !== 'number') return null;
  return {
    answer,
    correct: correct === 1,
    tries: Math.max(1, Math.floor(tries)),
    firstAnswer,
    firstCorrect: fc === 1,
  };
}

/**
 * The progress (and the page the student is on) as suspend_data within `limit` characters.
 * `dropped` counts the records left out to fit.
 * @param {Progress} progress
 * @param {string} at
 * @param {number} limit
 * @param {Outline} outline which records matter most (the order they are dropped in)
 */
export function encodeSuspendData(progress, at, limit, outline) {
  /** @type {Record<string, string>} */
  const p = {};
  for (const [slug, v] of Object.entries(progress.predictions))
    if (isRecord(v) && typeof v.guess === 'string') p[slug] = v.guess;
  /** @type {Record<string, Record<string, unknown[]>>} */
  const a = {};
  for (const [scope, answers] of Object.entries(progress.answers)) {
    if (!isRecord(answers)) continue;
    for (const [id, rec] of Object.entries(answers))
      if (isRecord(rec) && typeof rec.answer === 'string') (a[scope] ??= {})[id] = packRecord(rec);
  }
  const data = { v: SUSPEND_VERSION, at, p, a };
  let text = JSON.stringify(data);
  let dropped = 0;
  for (const [table, key] of dropOrder(data, outline)) {
    if (text.length <= limit) break;
    delete table[key];
    dropped++;
    text = JSON.stringify(data);
  }
  return { text, dropped };
}

/**
 * The records of `data`, least needed first: those of pages or items the course no longer has,
 * page checks (last page first), predictions (last page first), the final quiz (last item first).
 * @param {{ p: Record<string, string>, a: Record<string, Record<string, unknown[]>> }} data
 * @param {Outline} outline
 * @returns {[Record<string, unknown>, string][]}
 */
function dropOrder(data, outline) {
  /** @type {Map<string, number>} a record's rank: the higher, the later it goes */
  const rank = new Map();
  outline.final.forEach((q, i) => rank.set(`a quiz ${q.id}`, 3e6 - i));
  outline.pages.forEach((pg, i) => {
    rank.set(`p ${pg.slug}`, 2e6 - i);
    for (const id of pg.checks) rank.set(`a ${pg.slug} ${id}`, 1e6 - i);
  });
  /** @type {[Record<string, unknown>, string, number][]} */
  const all = [];
  for (const k of Object.keys(data.p)) all.push([data.p, k, rank.get(`p ${k}`) ?? 0]);
  for (const [scope, t] of Object.entries(data.a))
    for (const k of Object.keys(t)) all.push([t, k, rank.get(`a ${scope} ${k}`) ?? 0]);
  return all.sort((x, y) => x[2] - y[2]).map(([t, k]) => [t, k]);
}

/**
 * suspend_data back as progress. `error`: 'empty' (nothing saved yet), 'unreadable' (not this
 * course's format: garbage, or another package's), 'newer' (a later version of this format,
 * written by a newer package: read what is understood, but do not write over it).
 * @param {string} text
 * @returns {{ progress: Progress, at: string, error: '' | 'empty' | 'unreadable' | 'newer' }}
 */
export function decodeSuspendData(text) {
  /** @type {Progress} */
  const progress = { answers: {}, predictions: {} };
  if (text === '') return { progress, at: '', error: 'empty' };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  if (!isRecord(data) || typeof data.v !== 'number')
    return { progress, at: '', error: 'unreadable' };
  if (isRecord(data.p))
    for (const [slug, guess] of Object.entries(data.p))
      if (typeof guess === 'string') progress.predictions[slug] = { guess };
  if (isRecord(data.a))
    for (const [scope, answers] of Object.entries(data.a)) {
      if (!isRecord(answers)) continue;
      for (const [id, r] of Object.entries(answers)) {
        const rec = unpackRecord(r);
        if (rec) (progress.answers[scope] ??= {})[id] = rec;
      }
    }
  const at = typeof data.at === 'string' ? data.at : '';
  return { progress, at, error: data.v > SUSPEND_VERSION ? 'newer' : '' };
}
