// <attn-quiz> — a page's check questions, or the chapter's final quiz, with feedback that teaches.
// Questions live in course-data/quiz.json (schema course-data/quiz.schema.json, compiled by the
// bundler; the cross-field rules by logic.js checkQuiz): a question with `lesson` is that page's
// check, one with `final` is in the final quiz. Four kinds, each a fieldset with a legend:
// choice and true/false (a radio group), numeric (a text box: a number within the question's
// tolerance), order (a list moved with Up / Down buttons). "Check" (or Enter) grades. A wrong
// answer may be tried once more before the answer shows (a true/false statement has no retry:
// only the other answer is left); the first try is kept apart (web/progress.js) and is what the
// score, the index and a course platform count. Numbers in the texts ({{fact}} placeholders) and
// the answers graded against come from the engine.
// Attributes: lang (zh-CN | en), lesson (a slug: that page's check; none: the final quiz).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Question, QuizDoc, Values, NumericQuestion, OrderQuestion } from './logic.js' */
/** @import { Answer } from '../../web/progress.js' */
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
import { AttnWidget, check } from '../../web/widget-base.js';
import { h, pct } from '../../web/dom.js';
import { CATEGORY } from '../../web/color.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { quizData, lessonsData } from './quiz-data.js';
import { validateQuiz } from '../../web/generated/validators.js';
import {
  FACTS,
  factCheck,
  QuizDataError,
  checkQuiz,
  usedFacts,
  usedValues,
  computeFacts,
  computeValues,
  fill,
  optionIds,
  isCorrect,
  rightAnswer,
  orderAnswer,
  parseNumber,
  knownWrong,
  validAnswer,
  mayRetry,
  score,
  firstTries,
  scopeQuestions,
  makeUp,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import {
  storageOf,
  readProgress,
  editProgress,
  answersOf,
  recordCheck,
} from '../../web/progress.js';

const CSS = `
ol.questions { list-style: none; padding: 0; margin: 8px 0; display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; }
fieldset { border: 1px solid var(--_border); border-radius: 6px; padding: 6px 10px 10px; margin: 0; min-width: 0; }
fieldset.right { border-left: 5px solid var(--_ok); }
fieldset.wrong, fieldset.retry { border-left: 5px solid var(--_error); }
legend { font-weight: 600; padding: 0 4px; }
legend .n { color: var(--_muted); font-weight: 600; margin-right: 4px; }
pre.code { margin: 0; padding: 8px 10px; width: max-content; min-width: 100%; box-sizing: border-box; border-radius: 6px; background: var(--_surface-1-f6f6f6); border: 1px solid var(--_border); font-family: var(--_font-mono, ui-monospace, monospace); font-size: 0.86em; line-height: 1.45; white-space: pre; }
.options { display: grid; gap: 4px; margin: 6px 0; }
.options label { display: flex; align-items: flex-start; gap: 8px; padding: 4px 6px; border-radius: 4px; border: 1px solid transparent; cursor: pointer; }
.options label:hover { background: var(--_accent-soft-f3f6fb); }
.options input { margin-top: 0.25em; min-height: 0; width: 1.1em; height: 1.1em; flex: none; }
.options input:focus-visible { outline: 3px solid ${CATEGORY.b}; outline-offset: 2px; }
.options label.is-right, .order li.is-right { border-color: var(--_ok); background: var(--_ok-bg); }
.options label.is-wrong, .order li.is-wrong { border-color: var(--_error); background: var(--_error-bg); }
.number { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 6px 0; }
.number input { width: 12em; max-width: 100%; padding: 4px 8px; border: 1px solid var(--_control-border); border-radius: 6px; background: var(--_bg); color: var(--_fg); }
.number .unit { font-weight: 600; }
ol.order { list-style: none; padding: 0; margin: 6px 0; display: grid; gap: 4px; counter-reset: place; }
ol.order li { counter-increment: place; display: flex; align-items: center; gap: 6px; padding: 4px 6px; border: 1px solid var(--_border); border-radius: 4px; }
ol.order li::before { content: counter(place); font-weight: 700; color: var(--_muted); min-width: 1.2em; text-align: right; flex: none; }
ol.order .text { flex: 1 1 auto; min-width: 0; }
ol.order .moves { display: flex; gap: 4px; flex: none; }
ol.order button { min-width: 40px; min-height: 40px; padding: 0 6px; }
.badge { font-size: 0.82em; font-weight: 700; margin-left: 6px; white-space: nowrap; }
.badge.right { color: var(--_ok); }
.badge.wrong { color: var(--_error); }
.feedback:empty { display: none; }
.feedback { margin-top: 6px; padding: 6px 10px; border-radius: 6px; background: var(--_surface-1-f6f6f6); }
.feedback .verdict { font-weight: 700; display: block; }
.feedback.right .verdict { color: var(--_ok); }
.feedback.wrong .verdict, .feedback.retry .verdict { color: var(--_error); }
.feedback p { margin: 4px 0; }
.feedback ol { margin: 4px 0; padding-left: 1.6em; }
.feedback a { color: var(--_accent); font-weight: 600; }
.summary { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; border-top: 1px solid var(--_border); padding-top: 8px; }
.summary .score { font-weight: 700; }
`;

/**
 * @tag attn-quiz
 * @summary A page's check questions, or the chapter's final quiz.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} lesson - a lesson slug: that lesson's questions, as the short check at the end
 *   of its page (default: the final quiz, every question marked `final`)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes: {}, answered, correct, firstCorrect, total (questions checked, right now, right
 *   at the first try, in all)}
 * @fires attn-answer - when the student checks an answer (bubbles, composed); detail {questionId,
 *   kind, question: its text, answer: the answer as kept ('a'…, 'true' / 'false', a number, item
 *   ids in order joined by commas), answerText, correct: boolean, correctAnswer, correctAnswerText,
 *   tries (checks so far), firstAnswer, firstCorrect, lesson: the slug of the page it reviews,
 *   lang}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 */
export class Quiz extends AttnWidget {
  static css = CSS;

  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** @type {QuizDoc | null} the questions of this scope, once checked (null: they did not load) */
  #doc = null;
  /** @type {Record<string, string>} the answer as it stands, by question id */
  #selected = {};
  /** @type {Record<string, string>} the answer checked (graded), by question id */
  #checked = {};
  /** @type {Record<string, Answer>} the progress records (tries, the first try), by question id */
  #records = {};
  /** @type {Record<string, 'pick' | 'number'>} Check pressed without an answer to grade */
  #pending = {};
  /** @type {Record<string, string>} the facts' texts, by id */
  #facts = {};
  /** @type {Values} the values the questions are graded against, by fact id */
  #values = {};
  /** @type {Map<string, QuestionParts>} */
  #parts = new Map();
  /** The scope whose stored answers were read: a rebuild of it (a language switch) keeps the
   * state as it is; another scope (a new `lesson`) starts from its own stored answers. */
  #restored = /** @type {string | null} */ (null);
  #scoreLine = h('p', {});
  #resetBtn = h('button', {});

  static get observedAttributes() {
    return [...super.observedAttributes, 'lesson'];
  }

  /** The page's check of one lesson, or '' for the final quiz. */
  get lessonScope() {
    return this.getAttribute('lesson') ?? '';
  }

  /** Where the checked answers are kept (web/progress.js): the lesson's slug, or "quiz". */
  get storageScope() {
    return this.lessonScope || 'quiz';
  }

  get langKey() {
    return this.isEnglish ? 'en' : 'zh-CN';
  }

  /** @param {Runtime} rt */
  build(rt) {
    const lesson = this.lessonScope;
    const all = checkQuiz(quizData({ final: !lesson }), lessonsData, validateQuiz);
    const doc = { ...all, questions: scopeQuestions(all, lesson) };
    if (!doc.questions.length)
      throw new QuizDataError(
        lesson
          ? `quiz.json has no question for the lesson "${lesson}"`
          : 'quiz.json has no question marked "final"',
        'lesson',
      );
    this.#doc = doc;
    // The numbers do not depend on what the student clicks: asked from the engine once per build
    // (and again by the self-check).
    this.#facts = computeFacts(rt, usedFacts(doc));
    this.#values = computeValues(rt, usedValues(doc));
    if (this.#restored !== this.storageScope) {
      this.#selected = {};
      this.#checked = {};
      this.#records = {};
      this.#pending = {};
      this.restore(doc);
      this.#restored = this.storageScope;
    }
    const n = doc.questions.length;
    this.#parts = new Map();
    const items = doc.questions.map((q, i) => this.question(q, i, n));
    this.#scoreLine = h('p', {
      class: 'score',
      role: 'status',
      'aria-live': 'polite',
      'data-role': 'score',
    });
    this.#resetBtn = h(
      'button',
      { type: 'button', 'data-role': 'reset', onclick: () => this.reset() },
      this.t('reset'),
    );
    this.body.append(
      h('h2', {}, this.t(lesson ? 'checkTitle' : 'title')),
      h('p', { class: 'muted' }, lesson ? this.t('checkHelp') : this.t('help', makeUp(all))),
      h('ol', { class: 'questions' }, items),
      h('div', { class: 'summary' }, [
        this.#scoreLine,
        this.#resetBtn,
        h('p', { class: 'muted' }, this.t('resetNote')),
      ]),
    );
  }

  /**
   * One question: its legend, code, answer controls, Check button and feedback (kept in #parts).
   * @param {Question} q
   * @param {number} i
   * @param {number} n
   */
  question(q, i, n) {
    const L = this.langKey;
    const facts = this.#facts;
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
      { type: 'button', 'data-role': 'check', onclick: () => this.grade(q) },
      this.t('checkBtn'),
    );
    parts.fieldset.append(
      h('legend', {}, [
        h('span', { class: 'n' }, this.t('qn', i + 1, n)),
        h('br'),
        fill(q.prompt[L], facts),
      ]),
      // A snippet keeps its lines: on a phone it scrolls sideways in a named region.
      ...(q.code
        ? [
            scrollRegion(h('pre', { class: 'code', translate: 'no' }, [h('code', {}, q.code)]), {
              label: this.t('code'),
              lang: this.lang,
            }),
          ]
        : []),
      ...this.controls(q, parts),
      h('div', { class: 'row' }, checkBtn),
      parts.feedback,
    );
    this.#parts.set(q.id, parts);
    return h('li', {}, parts.fieldset);
  }

  /**
   * The answer controls of a question, by kind.
   * @param {Question} q
   * @param {QuestionParts} parts
   * @returns {HTMLElement[]}
   */
  controls(q, parts) {
    if (q.kind === 'numeric') return [this.numberBox(q, parts)];
    if (q.kind === 'order') return this.orderList(q, parts);
    return [
      h(
        'div',
        { class: 'options' },
        optionIds(q).map((id) => this.option(q, id, parts.labels)),
      ),
    ];
  }

  /**
   * One option: a radio (Enter checks the answer at once) with its text and result badge.
   * @param {Question} q
   * @param {string} id
   * @param {Map<string, OptionParts>} labels
   */
  option(q, id, labels) {
    const text = this.optionText(q, id);
    const input = h('input', {
      type: 'radio',
      name: `quiz-${q.id}`,
      value: id,
      'data-q': q.id,
      onchange: () => this.choose(q, id),
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          this.choose(q, input.value);
          this.grade(q);
        }
      },
    });
    input.checked = this.#selected[q.id] === id;
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
   * @param {NumericQuestion} q
   * @param {QuestionParts} parts
   */
  numberBox(q, parts) {
    const L = this.langKey;
    const input = h('input', {
      type: 'text',
      inputmode: 'decimal',
      autocomplete: 'off',
      spellcheck: 'false',
      'data-role': 'number',
      'aria-label': `${this.t('numberLabel')}${q.unit ? ` (${q.unit[L]})` : ''}`,
      oninput: () => this.choose(q, input.value),
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          this.grade(q);
        }
      },
    });
    input.value = this.#selected[q.id] ?? '';
    parts.number = input;
    return h('div', { class: 'number' }, [
      h('label', {}, [h('span', { class: 'visually-hidden' }, this.t('numberLabel')), input]),
      q.unit ? h('span', { class: 'unit', 'aria-hidden': 'true' }, q.unit[L]) : null,
    ]);
  }

  /**
   * An ordering's list: each item with Up / Down buttons (the student's order is the answer), and
   * a live line that says where a moved item now stands.
   * @param {OrderQuestion} q
   * @param {QuestionParts} parts
   */
  orderList(q, parts) {
    const list = h('ol', { class: 'order', 'data-role': 'order' });
    for (const it of q.items) {
      const text = fill(it.text[this.langKey], this.#facts);
      const up = h(
        'button',
        {
          type: 'button',
          'data-move': 'up',
          'aria-label': this.t('moveUp', text),
          onclick: () => this.move(q, it.id, -1),
        },
        '↑',
      );
      const down = h(
        'button',
        {
          type: 'button',
          'data-move': 'down',
          'aria-label': this.t('moveDown', text),
          onclick: () => this.move(q, it.id, 1),
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
    this.#selected[q.id] ??= q.items.map((it) => it.id).join(',');
    this.arrange(q, parts);
    return [list, parts.moved];
  }

  /**
   * Puts an ordering's items in the order the student has them (moving the nodes, so a focused
   * button keeps its focus) and enables the moves that exist.
   * @param {Question} q
   * @param {QuestionParts} parts
   */
  arrange(q, parts) {
    const ids = (this.#selected[q.id] ?? '').split(',');
    ids.forEach((id, i) => {
      const it = parts.items.get(id);
      if (!it || !parts.list) return;
      if (parts.list.children[i] !== it.li)
        parts.list.insertBefore(it.li, parts.list.children[i] ?? null);
      it.up.disabled = i === 0;
      it.down.disabled = i === ids.length - 1;
    });
  }

  /**
   * Moves item `id` of an ordering one place up (−1) or down (+1).
   * @param {OrderQuestion} q
   * @param {string} id
   * @param {number} by
   */
  move(q, id, by) {
    const ids = (this.#selected[q.id] ?? '').split(',');
    const i = ids.indexOf(id);
    const j = i + by;
    if (i < 0 || j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j], ids[i]];
    this.choose(q, ids.join(','));
    const parts = this.#parts.get(q.id);
    const it = parts?.items.get(id);
    if (!parts || !it) return;
    // At the top or the bottom its button goes disabled: focus moves to the one that still works.
    const focus = by < 0 ? (it.up.disabled ? it.down : it.up) : it.down.disabled ? it.up : it.down;
    focus.focus();
    if (parts.moved) parts.moved.textContent = this.t('moved', it.text, j + 1, ids.length);
  }

  /**
   * The text of option `id` as shown (its {{facts}} filled).
   * @param {Question} q
   * @param {string} id
   * @returns {string}
   */
  optionText(q, id) {
    const L = this.langKey;
    if (q.kind === 'true-false') return this.t(id === 'true' ? 'tfTrue' : 'tfFalse');
    if (q.kind !== 'choice') return id;
    const o = q.options.find((x) => x.id === id);
    if (!o) throw new Error(`quiz.json: question "${q.id}" has no option "${id}"`);
    return fill(o.text[L], this.#facts);
  }

  /**
   * An answer string as a student reads it: the option's text, the number with its unit, the
   * items in that order.
   * @param {Question} q
   * @param {string} answer
   */
  answerText(q, answer) {
    const L = this.langKey;
    if (q.kind === 'numeric') return `${answer}${q.unit ? ` ${q.unit[L]}` : ''}`;
    if (q.kind === 'order')
      return answer
        .split(',')
        .map((id) => {
          const it = q.items.find((x) => x.id === id);
          return it ? fill(it.text[L], this.#facts) : id;
        })
        .join(' → ');
    return this.optionText(q, answer);
  }

  /**
   * @param {Question} q
   * @param {string} answer
   */
  choose(q, answer) {
    this.#selected[q.id] = answer;
    delete this.#pending[q.id];
    // A new answer after a check asks for a new check: the old verdict no longer applies.
    if (this.#checked[q.id] !== undefined && this.#checked[q.id] !== answer)
      delete this.#checked[q.id];
    this.update();
  }

  /**
   * The answer as it stands, ready to grade ('' when there is none: nothing chosen, or not a
   * number).
   * @param {Question} q
   */
  current(q) {
    const a = this.#selected[q.id];
    if (a === undefined) return '';
    if (q.kind !== 'numeric') return a;
    const units = q.unit ? [q.unit['zh-CN'], q.unit.en] : [];
    const x = parseNumber(a, units);
    return x === null ? '' : String(x);
  }

  /** @param {Question} q */
  grade(q) {
    const answer = this.current(q);
    if (answer === '') {
      this.#pending[q.id] =
        q.kind === 'numeric' && (this.#selected[q.id] ?? '').trim() ? 'number' : 'pick';
      this.update();
      return;
    }
    delete this.#pending[q.id];
    const correct = isCorrect(q, answer, this.#values);
    this.#checked[q.id] = answer;
    this.#records[q.id] = recordCheck(this.#records[q.id], answer, correct);
    this.save();
    this.update();
    this.dispatchEvent(this.answerEvent(q, answer));
  }

  /**
   * attn-answer for a checked answer: what a course platform records (texts as shown).
   * @param {Question} q
   * @param {string} answer
   */
  answerEvent(q, answer) {
    const L = this.langKey;
    const right = rightAnswer(q, this.#values);
    const rec = this.#records[q.id];
    const detail = {
      questionId: q.id,
      kind: q.kind,
      question: fill(q.prompt[L], this.#facts),
      answer,
      answerText: this.answerText(q, answer),
      correct: isCorrect(q, answer, this.#values),
      correctAnswer: right,
      correctAnswerText: this.answerText(q, this.rightText(q)),
      tries: rec.tries,
      firstAnswer: rec.firstAnswer,
      firstCorrect: rec.firstCorrect,
      lesson: q.lesson ?? q.review,
      lang: L,
    };
    return new CustomEvent('attn-answer', { bubbles: true, composed: true, detail });
  }

  /**
   * The right answer as an answer string for display: a numeric answer as the course prints it.
   * @param {Question} q
   */
  rightText(q) {
    return q.kind === 'numeric' ? this.#facts[q.answer.fact] : rightAnswer(q, this.#values);
  }

  updateDetail() {
    if (!this.#doc) return super.updateDetail(); // the questions did not load: the error says why
    const { answered, correct, total } = score(this.#doc, this.#checked, this.#values);
    const { right } = firstTries(this.#doc, this.#records);
    return { ...super.updateDetail(), answered, correct, firstCorrect: right, total };
  }

  /**
   * The answers checked before (this page, an earlier visit), back in place with their tries.
   * @param {QuizDoc} doc
   */
  restore(doc) {
    const byId = new Map(doc.questions.map((q) => [q.id, q]));
    const stored = answersOf(readProgress(storageOf()), this.storageScope, (id, answer) => {
      const q = byId.get(id);
      return q !== undefined && validAnswer(q, answer);
    });
    for (const [id, rec] of Object.entries(stored)) {
      this.#records[id] = rec;
      this.#selected[id] = rec.answer;
      this.#checked[id] = rec.answer;
    }
  }

  /** Keeps the records for the next visit, the index and a course platform (best effort). */
  save() {
    const doc = this.#doc;
    if (!doc) return;
    /** @type {Record<string, Answer>} */
    const answers = {};
    for (const q of doc.questions) if (this.#records[q.id]) answers[q.id] = this.#records[q.id];
    editProgress(storageOf(), (p) => {
      p.answers[this.storageScope] = answers;
    });
  }

  /**
   * Clears the answers on the page; the records (tries, first tries) stay, since the first try
   * is what counts.
   */
  reset() {
    const doc = this.#doc;
    this.#selected = {};
    this.#checked = {};
    this.#pending = {};
    for (const [id, parts] of this.#parts) {
      for (const { input } of parts.labels.values()) input.checked = false;
      if (parts.number) parts.number.value = '';
      const q = doc?.questions.find((x) => x.id === id);
      if (q?.kind === 'order') {
        this.#selected[id] = q.items.map((it) => it.id).join(',');
        this.arrange(q, parts);
      }
    }
    this.update();
    const first = this.#parts.values().next().value;
    (first?.labels.values().next().value?.input ?? first?.number)?.focus();
  }

  render() {
    const doc = this.#doc;
    if (!doc) return;
    for (const q of doc.questions) {
      const parts = this.#parts.get(q.id);
      if (parts) this.renderQuestion(q, parts);
    }
    const s = score(doc, this.#checked, this.#values);
    const f = firstTries(doc, this.#records);
    const line = { answered: s.answered, total: s.total, firstRight: f.right, tried: f.tried };
    this.#scoreLine.textContent =
      `${this.t('score', line)}${f.tried === f.total ? ` ${this.t('allDone', line)}` : ''}`.trim();
  }

  /**
   * One question's state: the verdict, the marks on the options or items, the feedback.
   * @param {Question} q
   * @param {QuestionParts} parts
   */
  renderQuestion(q, parts) {
    const { fieldset, feedback } = parts;
    const chosen = this.#checked[q.id];
    const graded = chosen !== undefined;
    const ok = graded && isCorrect(q, chosen, this.#values);
    const tries = this.#records[q.id]?.tries ?? 0;
    // Wrong, with a retry left: the answer stays hidden.
    const retry = graded && !ok && mayRetry(q, tries);
    const shown = graded && !retry;
    const state = !graded
      ? this.#selected[q.id] && q.kind !== 'order'
        ? 'chosen'
        : 'open'
      : ok
        ? 'right'
        : retry
          ? 'retry'
          : 'wrong';
    fieldset.dataset.state = state;
    for (const c of ['right', 'wrong', 'retry']) fieldset.classList.toggle(c, state === c);
    if (q.kind === 'order') this.arrange(q, parts);
    this.markOptions(q, parts, graded, ok, shown);
    this.markItems(q, parts, shown);
    feedback.className = `feedback${graded ? ` ${state}` : ''}`;
    if (!graded) {
      const pending = this.#pending[q.id];
      feedback.replaceChildren(
        ...(pending ? [h('p', {}, this.t(pending === 'number' ? 'notNumber' : 'pick'))] : []),
      );
      return;
    }
    const L = this.langKey;
    const verdict = ok
      ? this.#records[q.id]?.firstCorrect === false
        ? 'rightLater'
        : 'right'
      : retry
        ? 'retry'
        : 'wrong';
    feedback.replaceChildren(
      ...[
        h('span', { class: 'verdict' }, this.t(verdict)),
        ...(ok ? [] : this.whyWrong(q, chosen, shown)),
        shown && !ok ? this.answerLine(q) : null,
        shown ? h('p', { 'data-role': 'correction' }, fill(q.feedback[L], this.#facts)) : null,
        // On the lesson's own page the lesson is right above: no link back to it.
        shown && !this.lessonScope
          ? h(
              'p',
              {},
              h(
                'a',
                { href: `${q.review ?? q.lesson}.html`, 'data-role': 'lesson-link' },
                this.t('review', this.titleOf(q.review ?? q.lesson ?? '')),
              ),
            )
          : null,
      ].filter((x) => x !== null),
    );
  }

  /** @param {string} slug */
  titleOf(slug) {
    return lessonsData.lessons.find((l) => l.slug === slug)?.title[this.langKey] ?? slug;
  }

  /**
   * The radios' marks: the student's wrong choice, and the right one once the answer is shown.
   * @param {Question} q
   * @param {QuestionParts} parts
   * @param {boolean} graded
   * @param {boolean} ok
   * @param {boolean} shown
   */
  markOptions(q, parts, graded, ok, shown) {
    const chosen = this.#checked[q.id];
    for (const [id, { label, badge, input }] of parts.labels) {
      input.checked = this.#selected[q.id] === id;
      const isRight = (shown || ok) && id === rightAnswer(q);
      const isMine = graded && !ok && id === chosen;
      label.classList.toggle('is-right', isRight);
      label.classList.toggle('is-wrong', isMine);
      badge.className = `badge${isRight ? ' right' : isMine ? ' wrong' : ''}`;
      badge.textContent = isRight ? this.t('badgeRight') : isMine ? this.t('badgeMine') : '';
    }
  }

  /**
   * An ordering's marks once the answer is shown: each item in its right place or not.
   * @param {Question} q
   * @param {QuestionParts} parts
   * @param {boolean} shown
   */
  markItems(q, parts, shown) {
    if (q.kind !== 'order') return;
    const right = orderAnswer(q, this.#values);
    const mine = (this.#checked[q.id] ?? '').split(',');
    for (const [id, { li, badge }] of parts.items) {
      const place = shown ? (mine.indexOf(id) === right.indexOf(id) ? 'right' : 'wrong') : '';
      li.classList.toggle('is-right', place === 'right');
      li.classList.toggle('is-wrong', place === 'wrong');
      badge.className = `badge${place ? ` ${place}` : ''}`;
      badge.textContent = place ? this.t(place === 'right' ? 'placeRight' : 'placeWrong') : '';
    }
  }

  /**
   * What a wrong answer gets, with or without the answer shown: why that option is wrong; for a
   * number, what a known wrong number is (or whether it is too large or too small); for an
   * ordering, how many items stand in their place.
   * @param {Question} q
   * @param {string} chosen
   * @param {boolean} shown
   * @returns {HTMLElement[]}
   */
  whyWrong(q, chosen, shown) {
    const L = this.langKey;
    const p = (/** @type {string} */ text) => h('p', { 'data-role': 'why' }, text);
    if (q.kind === 'choice') {
      const why = q.options.find((o) => o.id === chosen)?.why;
      return why ? [p(fill(why[L], this.#facts))] : [];
    }
    if (q.kind === 'numeric') {
      const x = Number(chosen);
      const known = knownWrong(q, x, this.#values);
      if (known) return [p(fill(known.why[L], this.#facts))];
      return [p(this.t(x > this.#values[q.answer.fact] ? 'tooHigh' : 'tooLow'))];
    }
    if (q.kind === 'order' && !shown) {
      const right = orderAnswer(q, this.#values);
      const placed = chosen.split(',').filter((id, i) => right[i] === id).length;
      return [p(this.t('orderPlaced', placed, right.length))];
    }
    return [];
  }

  /**
   * The right answer, once it is shown: the option, the statement's truth, the number with what
   * counts as right, or the order with why each item stands where it does.
   * @param {Question} q
   */
  answerLine(q) {
    const L = this.langKey;
    const p = (/** @type {string} */ text) => h('p', { 'data-role': 'answer' }, text);
    if (q.kind === 'choice')
      return p(this.t('answerIs', `${q.answer}) ${this.optionText(q, q.answer)}`));
    if (q.kind === 'true-false') return p(this.t('answerTf', q.answer));
    if (q.kind === 'numeric') {
      const tol = q.tolerance;
      const value = this.answerText(q, this.#facts[q.answer.fact]);
      const within =
        'relative' in tol
          ? this.t('tolRelative', pct(tol.relative, tol.relative * 100 < 1 ? 1 : 0))
          : tol.absolute === 0
            ? this.t('tolExact')
            : this.t('tolAbsolute', `${tol.absolute}${q.unit ? ` ${q.unit[L]}` : ''}`);
      return p(this.t('answerNumber', value, within));
    }
    return h('div', { 'data-role': 'answer' }, [
      h('p', {}, this.t('answerOrder')),
      h(
        'ol',
        {},
        orderAnswer(q, this.#values).map((id) => {
          const it = q.items.find((x) => x.id === id);
          return it
            ? h('li', {}, `${fill(it.text[L], this.#facts)}: ${fill(it.why[L], this.#facts)}`)
            : null;
        }),
      ),
    ]);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const doc = checkQuiz(quizData({ final: !this.lessonScope }), lessonsData, validateQuiz);
    const ids = usedFacts(doc);
    const facts = computeFacts(rt, ids);
    const values = computeValues(rt, usedValues(doc));
    const slugs = new Set(lessonsData.lessons.map((l) => l.slug));
    const linked = doc.questions.filter((q) => slugs.has(q.review ?? q.lesson ?? '')).length;
    const options = doc.questions.filter((q) => q.kind === 'choice' || q.kind === 'true-false');
    const oneRight = options.filter(
      (q) => optionIds(q).filter((id) => isCorrect(q, id)).length === 1,
    ).length;
    const graded = doc.questions.filter((q) => q.kind === 'numeric' || q.kind === 'order');
    const computed = graded.filter((q) => {
      const right = rightAnswer(q, values);
      return q.kind === 'numeric' ? Number.isFinite(Number(right)) : validAnswer(q, right);
    }).length;
    const orders = scopeQuestions(doc, '').filter((q) => q.kind === 'order');
    const unsolved = orders.filter(
      (q) =>
        q.kind === 'order' && orderAnswer(q, values).join() !== q.items.map((it) => it.id).join(),
    ).length;
    const n = doc.questions.length;
    return [
      // The quiz's own facts against the numbers the course prints (the pages' prose facts are
      // checked with the prose, tests/js/prose-numbers.test.mjs).
      ...ids.filter((id) => id in FACTS).map((id) => factCheck(id, rt, facts[id])),
      check('every question links to a lesson page of lessons.json', `${n}/${n}`, `${linked}/${n}`),
      check(
        'every choice and true/false question has exactly one right option',
        `${options.length}/${options.length}`,
        `${oneRight}/${options.length}`,
      ),
      check(
        'every numeric answer and every order is computed from a fact with a value',
        `${graded.length}/${graded.length}`,
        `${computed}/${graded.length}`,
      ),
      check(
        'the final quiz starts no ordering in its right order',
        `${orders.length}/${orders.length}`,
        `${unsolved}/${orders.length}`,
      ),
    ];
  }
}
