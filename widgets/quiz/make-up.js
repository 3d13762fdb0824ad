// What the final quiz is made of, counted from course-data/quiz.json: its questions by kind, the
// ones that are not a page's check (the new ones), and of those the ones that ask for a
// calculation, a bug or a transfer, and the rest (no tag: they ask what a lesson showed).
// No imports of the engine or the course facts: the prose facts (widgets/facts/facts.js) quote
// these counts, and the quiz's logic imports those facts.
/** @import { Question, Tag } from './logic.js' */

/** The kinds of item, as the final quiz's make-up counts them. */
export const KINDS = /** @type {const} */ (['choice', 'true-false', 'numeric', 'order']);
/** The tags of quiz.json: what an item asks of the student beyond recall. */
export const TAGS = /** @type {const} */ (['calculation', 'find-the-bug', 'transfer']);

/**
 * The questions of one scope: a page's check (`lesson` = its slug) or the final quiz ('').
 * @param {{ questions: Question[] }} doc
 * @param {string} lesson
 */
export function scopeQuestions(doc, lesson) {
  return doc.questions.filter((q) => (lesson ? q.lesson === lesson : q.final === true));
}

/**
 * What the final quiz is made of: {total, kinds: {choice, true-false, numeric, order}, own (not
 * a page's check), checks (also a page's check), and of the own items: calculation, bug
 * (find-the-bug), transfer, recall (no tag). The quiz's header and README's course section quote
 * it; with one tag at most per item the four parts add up to own (tests/js/quiz.test.mjs).
 * @param {{ questions: Question[] }} doc
 */
export function makeUp(doc) {
  const final = scopeQuestions(doc, '');
  const kinds = Object.fromEntries(KINDS.map((k) => [k, final.filter((q) => q.kind === k).length]));
  const own = final.filter((q) => q.lesson === undefined);
  const tagged = (/** @type {Tag} */ t) => own.filter((q) => q.tags?.includes(t)).length;
  return {
    total: final.length,
    kinds: /** @type {Record<(typeof KINDS)[number], number>} */ (kinds),
    own: own.length,
    checks: final.filter((q) => q.lesson !== undefined).length,
    calculation: tagged('calculation'),
    bug: tagged('find-the-bug'),
    transfer: tagged('transfer'),
    recall: own.filter((q) => !q.tags?.length).length,
  };
}
