// A checked question's marks and feedback: the radios' and the ordering's marks, why a wrong
// answer is wrong, and the right answer once it is shown.
/** @import { Question, Values } from '../logic.js' */
/** @import { QuizText } from './answer-text.js' */
/** @import { QuestionParts } from './question.js' */
import { h, pct } from '../../../web/dom.js';
import { fill, isCorrect, knownWrong, mayRetry, orderAnswer, rightAnswer } from '../logic.js';
import { answerText, optionText } from './answer-text.js';
import { arrange } from './question.js';

/** @typedef {QuizText & { values: Values }} FeedbackText the texts and the graded values */

/**
 * One question's state: the verdict, the marks on the options or items, the feedback.
 * @param {FeedbackText} x
 * @param {Question} q
 * @param {QuestionParts} parts
 * @param {{ selected: string | undefined, chosen: string | undefined, tries: number,
 *   firstCorrect: boolean | undefined, pending: 'pick' | 'number' | undefined,
 *   link: { href: string, title: string } | null }} st the answer as it stands, the answer
 *   checked, its tries so far and whether the first was right, a Check pressed without an
 *   answer, and the link to the lesson it reviews (none on the lesson's own page)
 */
export function drawQuestion(
  x,
  q,
  parts,
  { selected, chosen, tries, firstCorrect, pending, link },
) {
  const { t, L, facts } = x;
  const { fieldset, feedback } = parts;
  const graded = chosen !== undefined;
  const ok = graded && isCorrect(q, chosen, x.values);
  // Wrong, with a retry left: the answer stays hidden.
  const retry = graded && !ok && mayRetry(q, tries);
  const shown = graded && !retry;
  const state = !graded
    ? selected && q.kind !== 'order'
      ? 'chosen'
      : 'open'
    : ok
      ? 'right'
      : retry
        ? 'retry'
        : 'wrong';
  fieldset.dataset.state = state;
  for (const c of ['right', 'wrong', 'retry']) fieldset.classList.toggle(c, state === c);
  if (q.kind === 'order') arrange(parts, (selected ?? '').split(','));
  markOptions(x, q, parts, { selected, chosen, graded, ok, shown });
  markItems(x, q, parts, chosen, shown);
  feedback.className = `feedback${graded ? ` ${state}` : ''}`;
  if (!graded) {
    feedback.replaceChildren(
      ...(pending ? [h('p', {}, t(pending === 'number' ? 'notNumber' : 'pick'))] : []),
    );
    return;
  }
  const verdict = ok
    ? firstCorrect === false
      ? 'rightLater'
      : 'right'
    : retry
      ? 'retry'
      : 'wrong';
  feedback.replaceChildren(
    ...[
      h('span', { class: 'verdict' }, t(verdict)),
      ...(ok ? [] : whyWrong(x, q, chosen, shown)),
      shown && !ok ? answerLine(x, q) : null,
      shown ? h('p', { 'data-role': 'correction' }, fill(q.feedback[L], facts)) : null,
      shown && link
        ? h(
            'p',
            {},
            h('a', { href: link.href, 'data-role': 'lesson-link' }, t('review', link.title)),
          )
        : null,
    ].filter((e) => e !== null),
  );
}

/**
 * The radios' marks: the student's wrong choice, and the right one once the answer is shown.
 * @param {QuizText} x
 * @param {Question} q
 * @param {QuestionParts} parts
 * @param {{ selected: string | undefined, chosen: string | undefined, graded: boolean,
 *   ok: boolean, shown: boolean }} state
 */
function markOptions({ t }, q, parts, { selected, chosen, graded, ok, shown }) {
  for (const [id, { label, badge, input }] of parts.labels) {
    input.checked = selected === id;
    const isRight = (shown || ok) && id === rightAnswer(q);
    const isMine = graded && !ok && id === chosen;
    label.classList.toggle('is-right', isRight);
    label.classList.toggle('is-wrong', isMine);
    badge.className = `badge${isRight ? ' right' : isMine ? ' wrong' : ''}`;
    badge.textContent = isRight ? t('badgeRight') : isMine ? t('badgeMine') : '';
  }
}

/**
 * An ordering's marks once the answer is shown: each item in its right place or not.
 * @param {FeedbackText} x
 * @param {Question} q
 * @param {QuestionParts} parts
 * @param {string | undefined} checked the answer checked
 * @param {boolean} shown
 */
function markItems({ t, values }, q, parts, checked, shown) {
  if (q.kind !== 'order') return;
  const right = orderAnswer(q, values);
  const mine = (checked ?? '').split(',');
  for (const [id, { li, badge }] of parts.items) {
    const place = shown ? (mine.indexOf(id) === right.indexOf(id) ? 'right' : 'wrong') : '';
    li.classList.toggle('is-right', place === 'right');
    li.classList.toggle('is-wrong', place === 'wrong');
    badge.className = `badge${place ? ` ${place}` : ''}`;
    badge.textContent = place ? t(place === 'right' ? 'placeRight' : 'placeWrong') : '';
  }
}

/**
 * What a wrong answer gets, with or without the answer shown: why that option is wrong; for a
 * number, what a known wrong number is (or whether it is too large or too small); for an
 * ordering, how many items stand in their place.
 * @param {FeedbackText} x
 * @param {Question} q
 * @param {string} chosen
 * @param {boolean} shown
 * @returns {HTMLElement[]}
 */
function whyWrong({ t, L, facts, values }, q, chosen, shown) {
  const p = (/** @type {string} */ text) => h('p', { 'data-role': 'why' }, text);
  if (q.kind === 'choice') {
    const why = q.options.find((o) => o.id === chosen)?.why;
    return why ? [p(fill(why[L], facts))] : [];
  }
  if (q.kind === 'numeric') {
    const x = Number(chosen);
    const known = knownWrong(q, x, values);
    if (known) return [p(fill(known.why[L], facts))];
    return [p(t(x > values[q.answer.fact] ? 'tooHigh' : 'tooLow'))];
  }
  if (q.kind === 'order' && !shown) {
    const right = orderAnswer(q, values);
    const placed = chosen.split(',').filter((id, i) => right[i] === id).length;
    return [p(t('orderPlaced', placed, right.length))];
  }
  return [];
}

/**
 * The right answer, once it is shown: the option, the statement's truth, the number with what
 * counts as right, or the order with why each item stands where it does.
 * @param {FeedbackText} x
 * @param {Question} q
 */
function answerLine(x, q) {
  const { t, L, facts, values } = x;
  const p = (/** @type {string} */ text) => h('p', { 'data-role': 'answer' }, text);
  if (q.kind === 'choice') return p(t('answerIs', `${q.answer}) ${optionText(x, q, q.answer)}`));
  if (q.kind === 'true-false') return p(t('answerTf', q.answer));
  if (q.kind === 'numeric') {
    const tol = q.tolerance;
    const value = answerText(x, q, facts[q.answer.fact]);
    const within =
      'relative' in tol
        ? t('tolRelative', pct(tol.relative, tol.relative * 100 < 1 ? 1 : 0))
        : tol.absolute === 0
          ? t('tolExact')
          : t('tolAbsolute', `${tol.absolute}${q.unit ? ` ${q.unit[L]}` : ''}`);
    return p(t('answerNumber', value, within));
  }
  return h('div', { 'data-role': 'answer' }, [
    h('p', {}, t('answerOrder')),
    h(
      'ol',
      {},
      orderAnswer(q, values).map((id) => {
        const it = q.items.find((i) => i.id === id);
        return it ? h('li', {}, `${fill(it.text[L], facts)}: ${fill(it.why[L], facts)}`) : null;
      }),
    ),
  ]);
}
