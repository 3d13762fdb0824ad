// An answer as a student reads it, in the quiz's language: an option's text, a number with its
// unit, an ordering's items in their order (the feedback and the attn-answer event both say it),
// and the attn-answer event's detail.
/** @import { Question, Values } from '../logic.js' */
/** @import { Answer } from '../../../web/progress.js' */
import { fill, isCorrect, rightAnswer } from '../logic.js';

/**
 * What the texts of a question need: the widget's t(), its language and the facts' texts.
 * @typedef {{ t: (key: string, ...args: any[]) => any, L: 'zh-CN' | 'en',
 *   facts: Record<string, string> }} QuizText
 */

/**
 * The text of option `id` as shown (its {{facts}} filled).
 * @param {QuizText} x
 * @param {Question} q
 * @param {string} id
 * @returns {string}
 */
export function optionText({ t, L, facts }, q, id) {
  if (q.kind === 'true-false') return t(id === 'true' ? 'tfTrue' : 'tfFalse');
  if (q.kind !== 'choice') return id;
  const o = q.options.find((x) => x.id === id);
  if (!o) throw new Error(`quiz.json: question "${q.id}" has no option "${id}"`);
  return fill(o.text[L], facts);
}

/**
 * An answer string as a student reads it: the option's text, the number with its unit, the
 * items in that order.
 * @param {QuizText} x
 * @param {Question} q
 * @param {string} answer
 */
export function answerText(x, q, answer) {
  const { L, facts } = x;
  if (q.kind === 'numeric') return `${answer}${q.unit ? ` ${q.unit[L]}` : ''}`;
  if (q.kind === 'order')
    return answer
      .split(',')
      .map((id) => {
        const it = q.items.find((i) => i.id === id);
        return it ? fill(it.text[L], facts) : id;
      })
      .join(' → ');
  return optionText(x, q, answer);
}

/**
 * attn-answer's detail for a checked answer: what a course platform records (texts as shown).
 * @param {QuizText & { values: Values }} x
 * @param {Question} q
 * @param {string} answer
 * @param {Answer} rec the question's progress record, this check included
 */
export function answerDetail(x, q, answer, rec) {
  const { L, facts, values } = x;
  const right = rightAnswer(q, values);
  // The right answer for display: a numeric answer as the course prints it.
  const rightText = q.kind === 'numeric' ? facts[q.answer.fact] : right;
  return {
    questionId: q.id,
    kind: q.kind,
    question: fill(q.prompt[L], facts),
    answer,
    answerText: answerText(x, q, answer),
    correct: isCorrect(q, answer, values),
    correctAnswer: right,
    correctAnswerText: answerText(x, q, rightText),
    tries: rec.tries,
    firstAnswer: rec.firstAnswer,
    firstCorrect: rec.firstCorrect,
    lesson: q.lesson ?? q.review,
    lang: L,
  };
}
