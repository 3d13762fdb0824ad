// One quiz question as drawn: its fieldset with the legend, the code, the answer controls of its
// kind (radios, a number box, an ordering moved with Up / Down), the Check button and the
// feedback box; the parts the element marks after each check are handed back.
/** @import { Question, NumericQuestion, OrderQuestion } from '../logic.js' */
/** @import { QuizText } from './answer-text.js' */
import { h } from '../../../web/dom.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';
import { fill, optionIds } from '../logic.js';
import { optionText } from './answer-text.js';

/**
 * One option as drawn: its label, result badge, radio and text.
 * @typedef {{ label: HTMLLabelElement, badge: HTMLSpanElement, input: HTMLInputElement,
 *   text: string }} OptionParts
 * @typedef {{ li: HTMLLIElement, up: HTMLButtonElement, down: HTMLButtonElement,
 *   badge: HTMLSpanElement, text: string }} ItemParts one item of an ordering as drawn
 * @typedef {{ fieldset: HTMLFieldSetElement, feedback: HTMLDivElement,
 *   labels: Map<string, OptionParts>, number: HTMLInputElement | null,
 *   list: HTMLOListElement | null, items: Map<string, ItemParts>,
 *   moved: HTMLParagraphElement | null }} QuestionParts one question as drawn
 */

/**
 * What a question's controls need from the element: its texts, the answer as it stands, and
 * what a choice, a Check and a move do.
 * @typedef {QuizText & { lang: string, selected: (id: string) => string | undefined,
 *   onChoose: (q: Question, answer: string) => void, onGrade: (q: Question) => void,
 *   onMove: (q: OrderQuestion, id: string, by: number) => void }} QuestionContext
 */

/**
 * One question: its legend, code, answer controls, Check button and feedback.
 * @param {QuestionContext} x
 * @param {Question} q
 * @param {number} i
 * @param {number} n
 * @returns {{ li: HTMLLIElement, parts: QuestionParts }}
 */
export function questionView(x, q, i, n) {
  const { t, L, facts } = x;
  /** @type {QuestionParts} */
  const parts = {
    fieldset: h('fieldset', { 'data-q': q.id, 'data-kind': q.kind }),
    feedback: h('div', {
      class: 'feedback',
      role: 'status',
      'aria-live': 'polite',
      'data-role': 'feedback',
    }),
    labels: new Map(),
    number: null,
    list: null,
    items: new Map(),
    moved: null,
  };
  const checkBtn = h(
    'button',
    { type: 'button', 'data-role': 'check', onclick: () => x.onGrade(q) },
    t('checkBtn'),
  );
  parts.fieldset.append(
    h('legend', {}, [
      h('span', { class: 'n' }, t('qn', i + 1, n)),
      h('br'),
      fill(q.prompt[L], facts),
    ]),
    // A snippet keeps its lines: on a phone it scrolls sideways in a named region.
    ...(q.code
      ? [
          scrollRegion(h('pre', { class: 'code', translate: 'no' }, [h('code', {}, q.code)]), {
            label: t('code'),
            lang: x.lang,
          }),
        ]
      : []),
    ...controls(x, q, parts),
    h('div', { class: 'row' }, checkBtn),
    parts.feedback,
  );
  return { li: h('li', {}, parts.fieldset), parts };
}

/**
 * The answer controls of a question, by kind.
 * @param {QuestionContext} x
 * @param {Question} q
 * @param {QuestionParts} parts
 * @returns {HTMLElement[]}
 */
function controls(x, q, parts) {
  if (q.kind === 'numeric') return [numberBox(x, q, parts)];
  if (q.kind === 'order') return orderList(x, q, parts);
  return [
    h(
      'div',
      { class: 'options' },
      optionIds(q).map((id) => option(x, q, id, parts.labels)),
    ),
  ];
}

/**
 * One option: a radio (Enter checks the answer at once) with its text and result badge.
 * @param {QuestionContext} x
 * @param {Question} q
 * @param {string} id
 * @param {Map<string, OptionParts>} labels
 */
function option(x, q, id, labels) {
  const text = optionText(x, q, id);
  const input = h('input', {
    type: 'radio',
    name: `quiz-${q.id}`,
    value: id,
    'data-q': q.id,
    onchange: () => x.onChoose(q, id),
    onkeydown: (/** @type {KeyboardEvent} */ e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        x.onChoose(q, input.value);
        x.onGrade(q);
      }
    },
  });
  input.checked = x.selected(q.id) === id;
  const badge = h('span', { class: 'badge' });
  const label = h('label', { 'data-option': id }, [
    input,
    h('span', {}, [
      q.kind === 'choice' ? h('span', { class: 'oid' }, `${id}) `) : null,
      text,
      badge,
    ]),
  ]);
  labels.set(id, { label, badge, input, text });
  return label;
}

/**
 * A numeric question's text box (Enter checks) and its unit.
 * @param {QuestionContext} x
 * @param {NumericQuestion} q
 * @param {QuestionParts} parts
 */
function numberBox(x, q, parts) {
  const { t, L } = x;
  const input = h('input', {
    type: 'text',
    inputmode: 'decimal',
    autocomplete: 'off',
    spellcheck: 'false',
    'data-role': 'number',
    'aria-label': `${t('numberLabel')}${q.unit ? ` (${q.unit[L]})` : ''}`,
    oninput: () => x.onChoose(q, input.value),
    onkeydown: (/** @type {KeyboardEvent} */ e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        x.onGrade(q);
      }
    },
  });
  input.value = x.selected(q.id) ?? '';
  parts.number = input;
  return h('div', { class: 'number' }, [
    h('label', {}, [h('span', { class: 'visually-hidden' }, t('numberLabel')), input]),
    q.unit ? h('span', { class: 'unit', 'aria-hidden': 'true' }, q.unit[L]) : null,
  ]);
}

/**
 * An ordering's list: each item with Up / Down buttons (the student's order is the answer), and
 * a live line that says where a moved item now stands. The element has set the order it starts in.
 * @param {QuestionContext} x
 * @param {OrderQuestion} q
 * @param {QuestionParts} parts
 */
function orderList(x, q, parts) {
  const { t } = x;
  const list = h('ol', { class: 'order', 'data-role': 'order' });
  for (const it of q.items) {
    const text = fill(it.text[x.L], x.facts);
    const up = h(
      'button',
      {
        type: 'button',
        'data-move': 'up',
        'aria-label': t('moveUp', text),
        onclick: () => x.onMove(q, it.id, -1),
      },
      '↑',
    );
    const down = h(
      'button',
      {
        type: 'button',
        'data-move': 'down',
        'aria-label': t('moveDown', text),
        onclick: () => x.onMove(q, it.id, 1),
      },
      '↓',
    );
    const badge = h('span', { class: 'badge' });
    const li = h('li', { 'data-item': it.id }, [
      h('span', { class: 'text' }, [text, badge]),
      h('span', { class: 'moves' }, [up, down]),
    ]);
    parts.items.set(it.id, { li, up, down, badge, text });
  }
  parts.list = list;
  parts.moved = h('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
  arrange(parts, (x.selected(q.id) ?? '').split(','));
  return [list, parts.moved];
}

/**
 * Puts an ordering's items in the order `ids` (moving the nodes, so a focused button keeps its
 * focus) and enables the moves that exist.
 * @param {QuestionParts} parts
 * @param {string[]} ids
 */
export function arrange(parts, ids) {
  ids.forEach((id, i) => {
    const it = parts.items.get(id);
    if (!it || !parts.list) return;
    if (parts.list.children[i] !== it.li)
      parts.list.insertBefore(it.li, parts.list.children[i] ?? null);
    it.up.disabled = i === 0;
    it.down.disabled = i === ids.length - 1;
  });
}
