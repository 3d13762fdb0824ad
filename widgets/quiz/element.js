// <attn-quiz> — the chapter's check questions with immediate feedback.
// Questions live in course-data/quiz.json (schema course-data/quiz.schema.json, compiled by the
// bundler; the cross-field rules by logic.js checkQuiz): the two quiz questions of the
// attention module (why ÷√d_k, why a causal mask), one on branch B1, and one per row of the
// chapter's misconceptions table. Each question is a radio group in a fieldset with a legend;
// "Check" (or Enter on an option) shows the verdict and the correction in a live region, with a
// link to the lesson page. Numbers in the texts ({{fact}} placeholders) come from the engine.
// Attributes: lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Question, QuizDoc } from './logic.js' */
/**
 * One option as drawn: its label, result badge, radio and text.
 * @typedef {{ label: HTMLLabelElement, badge: HTMLSpanElement, input: HTMLInputElement,
 *   text: string }} OptionParts
 * @typedef {{ fieldset: HTMLFieldSetElement, labels: Map<string, OptionParts>,
 *   feedback: HTMLDivElement }} QuestionParts one question as drawn
 */
import { AttnWidget, check } from '../../web/widget-base.js';
import { h } from '../../web/dom.js';
import { CATEGORY } from '../../web/color.js';
import quizData from '../../course-data/quiz.json' with { type: 'json' };
import lessonsData from '../../course-data/lessons.json' with { type: 'json' };
import { validateQuiz } from '../../web/generated/validators.js';
import {
  FACTS,
  QuizDataError,
  checkQuiz,
  usedFacts,
  computeFacts,
  fill,
  optionIds,
  isCorrect,
  rightOption,
  score,
  sourceCounts,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { storageOf, readProgress, editProgress, answersOf } from '../../web/progress.js';

const CSS = `
ol.questions { list-style: none; padding: 0; margin: 8px 0; display: grid; gap: 12px; }
fieldset { border: 1px solid var(--_border); border-radius: 6px; padding: 6px 10px 10px; margin: 0; min-width: 0; }
fieldset.right { border-left: 5px solid var(--_ok); }
fieldset.wrong { border-left: 5px solid var(--_error); }
legend { font-weight: 600; padding: 0 4px; }
legend .n { color: var(--_muted); font-weight: 600; margin-right: 4px; }
.options { display: grid; gap: 4px; margin: 6px 0; }
.options label { display: flex; align-items: flex-start; gap: 8px; padding: 4px 6px; border-radius: 4px; border: 1px solid transparent; cursor: pointer; }
.options label:hover { background: var(--_accent-soft-f3f6fb); }
.options input { margin-top: 0.25em; min-height: 0; width: 1.1em; height: 1.1em; flex: none; }
.options input:focus-visible { outline: 3px solid ${CATEGORY.b}; outline-offset: 2px; }
.options label.is-right { border-color: var(--_ok); background: var(--_ok-bg); }
.options label.is-wrong { border-color: var(--_error); background: var(--_error-bg); }
.badge { font-size: 0.82em; font-weight: 700; margin-left: 6px; white-space: nowrap; }
.badge.right { color: var(--_ok); }
.badge.wrong { color: var(--_error); }
.feedback:empty { display: none; }
.feedback { margin-top: 6px; padding: 6px 10px; border-radius: 6px; background: var(--_surface-1-f6f6f6); }
.feedback .verdict { font-weight: 700; display: block; }
.feedback.right .verdict { color: var(--_ok); }
.feedback.wrong .verdict { color: var(--_error); }
.feedback p { margin: 4px 0; }
.feedback a { color: var(--_accent); font-weight: 600; }
.summary { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; border-top: 1px solid var(--_border); padding-top: 8px; }
.summary .score { font-weight: 700; }
`;

/**
 * @tag attn-quiz
 * @summary The chapter's check questions.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} lesson - a lesson slug: only that lesson's questions, as the short check at the
 *   end of its page (default: every question, the chapter's final quiz)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes: {}, answered, correct, total (questions checked, right, in all)}
 * @fires attn-answer - when the student checks an answer (bubbles, composed); detail {questionId,
 *   question: its text, answer: the option id chosen ('a'…, or 'true' / 'false'), answerText,
 *   correct: boolean, correctAnswer: the right option id, correctAnswerText, lesson: the slug of
 *   the lesson it reviews, lang}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 */
export class Quiz extends AttnWidget {
  static css = CSS;

  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** @type {QuizDoc | null} the questions, once checked (null: they did not load) */
  #doc = null;
  /** @type {Record<string, string>} the option chosen, by question id */
  #selected = {};
  /** @type {Record<string, string>} the option checked (graded), by question id */
  #checked = {};
  /** @type {Record<string, boolean>} questions where Check was pressed without a choice */
  #pending = {};
  /** @type {Record<string, string>} the facts' texts, by id */
  #facts = {};
  /** @type {Map<string, QuestionParts>} */
  #parts = new Map();
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
    const all = checkQuiz(quizData, lessonsData, validateQuiz);
    const lesson = this.lessonScope;
    const doc = lesson
      ? { ...all, questions: all.questions.filter((q) => q.lesson === lesson) }
      : all;
    if (!doc.questions.length)
      throw new QuizDataError(`quiz.json has no question for the lesson "${lesson}"`, 'lesson');
    this.#doc = doc;
    this.restore(doc);
    // The numbers do not depend on what the student clicks: asked from the engine once per build
    // (and again by the self-check after every interaction).
    const facts = computeFacts(rt, usedFacts(doc));
    this.#facts = facts;
    const n = doc.questions.length;
    this.#parts = new Map();
    const items = doc.questions.map((q, i) => this.question(q, i, n, facts));
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
      h('p', { class: 'muted' }, lesson ? this.t('checkHelp') : this.t('help', sourceCounts(doc))),
      h('ol', { class: 'questions' }, items),
      h('div', { class: 'summary' }, [this.#scoreLine, this.#resetBtn]),
    );
  }

  /**
   * One question: its legend, options, Check button and feedback line (kept in #parts).
   * @param {Question} q
   * @param {number} i
   * @param {number} n
   * @param {Record<string, string>} facts
   */
  question(q, i, n, facts) {
    const L = this.langKey;
    /** @type {Map<string, OptionParts>} */
    const labels = new Map();
    const options = optionIds(q).map((id) => this.option(q, id, labels, facts));
    const feedback = h('div', {
      class: 'feedback',
      role: 'status',
      'aria-live': 'polite',
      'data-role': 'feedback',
    });
    const checkBtn = h(
      'button',
      { type: 'button', 'data-role': 'check', onclick: () => this.grade(q) },
      this.t('checkBtn'),
    );
    const fieldset = h('fieldset', { 'data-q': q.id }, [
      h('legend', {}, [
        h('span', { class: 'n' }, this.t('qn', i + 1, n)),
        h('br'),
        fill(q.prompt[L], facts),
      ]),
      h('div', { class: 'options' }, options),
      h('div', { class: 'row' }, checkBtn),
      feedback,
    ]);
    this.#parts.set(q.id, { fieldset, labels, feedback });
    return h('li', {}, fieldset);
  }

  /**
   * One option: a radio (Enter checks the answer at once) with its text and result badge.
   * @param {Question} q
   * @param {string} id
   * @param {Map<string, OptionParts>} labels
   * @param {Record<string, string>} facts
   */
  option(q, id, labels, facts) {
    const text = this.optionText(q, id, facts);
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
   * The text of option `id` as shown (its {{facts}} filled).
   * @param {Question} q
   * @param {string} id
   * @param {Record<string, string>} facts
   * @returns {string}
   */
  optionText(q, id, facts) {
    const L = this.langKey;
    if (q.kind !== 'choice') return this.t(id === 'true' ? 'tfTrue' : 'tfFalse');
    const o = q.options.find((x) => x.id === id);
    if (!o) throw new Error(`quiz.json: question "${q.id}" has no option "${id}"`);
    return fill(o.text[L], facts);
  }

  /**
   * @param {Question} q
   * @param {string} id
   */
  choose(q, id) {
    this.#selected[q.id] = id;
    delete this.#pending[q.id];
    // A new choice after a check asks for a new check: the old verdict no longer applies.
    if (this.#checked[q.id] !== undefined && this.#checked[q.id] !== id) delete this.#checked[q.id];
    this.update();
  }

  /** @param {Question} q */
  grade(q) {
    const id = this.#selected[q.id];
    if (id === undefined) {
      this.#pending[q.id] = true;
    } else {
      this.#checked[q.id] = id;
      delete this.#pending[q.id];
      this.save();
    }
    this.update();
    if (id !== undefined) this.dispatchEvent(this.answerEvent(q, id));
  }

  /**
   * attn-answer for a checked answer: what a course platform records (texts as shown).
   * @param {Question} q
   * @param {string} id
   */
  answerEvent(q, id) {
    const L = this.langKey;
    const text = (/** @type {string} */ o) => this.optionText(q, o, this.#facts);
    const right = String(rightOption(q));
    const detail = {
      questionId: q.id,
      question: fill(q.prompt[L], this.#facts),
      answer: id,
      answerText: text(id),
      correct: isCorrect(q, id),
      correctAnswer: right,
      correctAnswerText: text(right),
      lesson: q.lesson,
      lang: L,
    };
    return new CustomEvent('attn-answer', { bubbles: true, composed: true, detail });
  }

  updateDetail() {
    if (!this.#doc) return super.updateDetail(); // the questions did not load: the error says why
    const { answered, correct, total } = score(this.#doc, this.#checked);
    return { ...super.updateDetail(), answered, correct, total };
  }

  /**
   * The answers checked before (this page, an earlier visit), back in place.
   * @param {QuizDoc} doc
   */
  restore(doc) {
    const byId = new Map(doc.questions.map((q) => [q.id, q]));
    const stored = answersOf(readProgress(storageOf()), this.storageScope, (id, answer) => {
      const q = byId.get(id);
      return q !== undefined && optionIds(q).includes(answer);
    });
    for (const [id, { answer }] of Object.entries(stored)) {
      this.#selected[id] = answer;
      this.#checked[id] = answer;
    }
  }

  /** Keeps the checked answers for the next visit and the index's progress (best effort). */
  save() {
    const doc = this.#doc;
    if (!doc) return;
    /** @type {Record<string, { answer: string, correct: boolean }>} */
    const answers = {};
    for (const q of doc.questions) {
      const a = this.#checked[q.id];
      if (a !== undefined) answers[q.id] = { answer: a, correct: isCorrect(q, a) };
    }
    editProgress(storageOf(), (p) => {
      p.answers[this.storageScope] = answers;
    });
  }

  reset() {
    this.#selected = {};
    this.#checked = {};
    this.#pending = {};
    this.save();
    for (const { labels } of this.#parts.values())
      for (const { input } of labels.values()) input.checked = false;
    this.update();
    this.#parts.values().next().value?.labels.values().next().value?.input.focus();
  }

  render() {
    const doc = this.#doc;
    if (!doc) return;
    const facts = this.#facts;
    const L = this.langKey;
    const titles = new Map(lessonsData.lessons.map((l) => [l.slug, l.title[L]]));
    for (const q of doc.questions) {
      const parts = this.#parts.get(q.id);
      if (!parts) continue;
      const { fieldset, labels, feedback } = parts;
      const chosen = this.#checked[q.id];
      const graded = chosen !== undefined;
      const ok = graded && isCorrect(q, chosen);
      fieldset.classList.toggle('right', graded && ok);
      fieldset.classList.toggle('wrong', graded && !ok);
      fieldset.dataset.state = graded
        ? ok
          ? 'right'
          : 'wrong'
        : this.#selected[q.id]
          ? 'chosen'
          : 'open';
      for (const [id, { label, badge, input }] of labels) {
        input.checked = this.#selected[q.id] === id;
        const isRight = graded && id === rightOption(q);
        const isMine = graded && !ok && id === chosen;
        label.classList.toggle('is-right', isRight);
        label.classList.toggle('is-wrong', isMine);
        badge.className = `badge${isRight ? ' right' : isMine ? ' wrong' : ''}`;
        badge.textContent = isRight ? this.t('badgeRight') : isMine ? this.t('badgeMine') : '';
      }
      feedback.className = `feedback${graded ? (ok ? ' right' : ' wrong') : ''}`;
      if (!graded) {
        feedback.replaceChildren(...(this.#pending[q.id] ? [h('p', {}, this.t('pick'))] : []));
        continue;
      }
      const why = q.kind === 'choice' && !ok ? q.options.find((o) => o.id === chosen)?.why : null;
      const answerLine =
        q.kind === 'choice'
          ? this.t('answerIs', `${q.answer}) ${this.optionText(q, q.answer, facts)}`)
          : this.t('answerTf', q.answer);
      feedback.replaceChildren(
        ...[
          h('span', { class: 'verdict' }, this.t(ok ? 'right' : 'wrong')),
          why ? h('p', { 'data-role': 'why' }, fill(why[L], facts)) : null,
          ok ? null : h('p', { 'data-role': 'answer' }, answerLine),
          h('p', { 'data-role': 'correction' }, fill(q.feedback[L], facts)),
          // On the lesson's own page the lesson is right above: no link back to it.
          this.lessonScope
            ? null
            : h(
                'p',
                {},
                h(
                  'a',
                  { href: `${q.lesson}.html`, 'data-role': 'lesson-link' },
                  this.t('review', titles.get(q.lesson)),
                ),
              ),
        ].filter((x) => x !== null),
      );
    }
    const s = score(doc, this.#checked);
    this.#scoreLine.textContent =
      `${this.t('score', s)}${s.answered === s.total ? ` ${this.t('allDone', s)}` : ''}`.trim();
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const doc = checkQuiz(quizData, lessonsData, validateQuiz);
    const ids = usedFacts(doc);
    const facts = computeFacts(rt, ids);
    const slugs = new Set(lessonsData.lessons.map((l) => l.slug));
    const linked = doc.questions.filter((q) => slugs.has(q.lesson)).length;
    const oneRight = doc.questions.filter(
      (q) => optionIds(q).filter((id) => isCorrect(q, id)).length === 1,
    ).length;
    const n = doc.questions.length;
    return [
      // The quiz's own facts against the numbers the course prints (the pages' prose facts are
      // checked with the prose, tests/js/prose-numbers.test.mjs).
      ...ids
        .filter((id) => id in FACTS)
        .map((id) => check(FACTS[id].name, FACTS[id].expected, facts[id])),
      check('every question links to a lesson page of lessons.json', `${n}/${n}`, `${linked}/${n}`),
      check('every question has exactly one right option', `${n}/${n}`, `${oneRight}/${n}`),
    ];
  }
}
