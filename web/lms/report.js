// What the package reports to the LMS, from the student's progress (web/progress.js) and the
// course's outline (outline.js). The rule, also in docs/lms.md:
//   completed  every teaching page's prediction committed and every question of its check
//              answered, and every item of the final quiz answered (attempted);
//   score      the final quiz's items right at the first try, as a share of all its items
//              (raw 0–100, scaled 0–1), so trying again never raises it;
//   passed     once every final item is answered: the score at or above the mastery score,
//              else failed (before that, success is unknown).
/** @import { Progress } from '../progress.js' */
/** @import { Outline } from './outline.js' */
import { answerRecord } from '../progress.js';

/**
 * @typedef {{ id: string, kind: string, response: string, correct: boolean }} Interaction
 *   one final-quiz item's first try
 * @typedef {{ steps: number, done: number, completed: boolean, answered: number, right: number,
 *   total: number, interactions: Interaction[] }} Report
 */

/** @param {unknown} x @returns {x is Record<string, unknown>} */
const isRecord = (x) => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The answer record of question `id` in `scope`, read as the contract says, or null.
 * @param {Progress} progress
 * @param {string} scope
 * @param {string} id
 */
export function recordOf(progress, scope, id) {
  const a = isRecord(progress.answers[scope]) ? progress.answers[scope][id] : undefined;
  return isRecord(a) && typeof a.answer === 'string' ? answerRecord(a) : null;
}

/**
 * @param {Progress} progress
 * @param {Outline} outline
 * @returns {Report}
 */
export function lmsReport(progress, outline) {
  let steps = 0;
  let done = 0;
  for (const page of outline.pages) {
    if (page.predict) {
      steps++;
      if (isRecord(progress.predictions[page.slug])) done++;
    }
    for (const id of page.checks) {
      steps++;
      if (recordOf(progress, page.slug, id)) done++;
    }
  }
  /** @type {Interaction[]} */
  const interactions = [];
  for (const { id, kind } of outline.final) {
    const r = recordOf(progress, 'quiz', id);
    if (r) interactions.push({ id, kind, response: r.firstAnswer, correct: r.firstCorrect });
  }
  const total = outline.final.length;
  const answered = interactions.length;
  steps += total;
  done += answered;
  return {
    steps,
    done,
    completed: done === steps,
    answered,
    right: interactions.filter((i) => i.correct).length,
    total,
    interactions,
  };
}
