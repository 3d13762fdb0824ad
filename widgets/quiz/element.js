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
/** @import { QuestionContext, QuestionParts } from './views/question.js' */
/** @import { FeedbackText } from './views/feedback.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { h } from '../../web/dom.js';
import { quizData, lessonsData } from './quiz-data.js';
import { validateQuiz } from '../../web/generated/validators.js';
import {
  QuizDataError,
  checkQuiz,
  usedFacts,
  usedValues,
  computeFacts,
  computeValues,
  isCorrect,
  parseNumber,
  validAnswer,
  score,
  firstTries,
  scopeQuestions,
  makeUp,
  quizChecks,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { QUIZ_CSS } from './styles.js';
import { questionView, arrange } from './views/question.js';
import { answerDetail } from './views/answer-text.js';
import { drawQuestion } from './views/feedback.js';
import {
  storageOf,
  readProgress,
  editProgress,
  answersOf,
  recordCheck,
} from '../../web/progress.js';

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
  static css = QUIZ_CSS;
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
    return this.lesson;
  }

  /**
   * The lesson whose check this is (its slug), or '' for the final quiz; sets `lesson`.
   * @returns {string}
   */
  get lesson() {
    return this.getAttribute('lesson') ?? '';
  }
  set lesson(slug) {
    this.setAttribute('lesson', slug);
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
    const x = this.#context();
    const items = doc.questions.map((q, i) => {
      // An ordering starts in the order the data lists its items.
      if (q.kind === 'order') this.#selected[q.id] ??= q.items.map((it) => it.id).join(',');
      const { li, parts } = questionView(x, q, i, n);
      this.#parts.set(q.id, parts);
      return li;
    });
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
    const detail = answerDetail(this.#context(), q, answer, this.#records[q.id]);
    this.dispatchEvent(new CustomEvent('attn-answer', { bubbles: true, composed: true, detail }));
  }

  /**
   * What the question views need: the texts in this language, the answers as they stand, and
   * what a choice, a Check and a move do.
   * @returns {QuestionContext & FeedbackText}
   */
  #context() {
    return {
      t: (key, ...args) => this.t(key, ...args),
      L: this.langKey,
      lang: this.lang,
      facts: this.#facts,
      values: this.#values,
      selected: (id) => this.#selected[id],
      onChoose: (q, answer) => this.choose(q, answer),
      onGrade: (q) => this.grade(q),
      onMove: (q, id, by) => this.move(q, id, by),
    };
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
        arrange(parts, (this.#selected[q.id] ?? '').split(','));
      }
    }
    this.update();
    const first = this.#parts.values().next().value;
    (first?.labels.values().next().value?.input ?? first?.number)?.focus();
  }

  render() {
    const doc = this.#doc;
    if (!doc) return;
    const x = this.#context();
    for (const q of doc.questions) {
      const parts = this.#parts.get(q.id);
      if (!parts) continue;
      const record = this.#records[q.id];
      drawQuestion(x, q, parts, {
        selected: this.#selected[q.id],
        chosen: this.#checked[q.id],
        tries: record?.tries ?? 0,
        firstCorrect: record?.firstCorrect,
        pending: this.#pending[q.id],
        // On the lesson's own page the lesson is right above: no link back to it.
        link: this.lessonScope
          ? null
          : {
              href: `${q.review ?? q.lesson}.html`,
              title: this.titleOf(q.review ?? q.lesson ?? ''),
            },
      });
    }
    const s = score(doc, this.#checked, this.#values);
    const f = firstTries(doc, this.#records);
    const line = { answered: s.answered, total: s.total, firstRight: f.right, tried: f.tried };
    this.#scoreLine.textContent =
      `${this.t('score', line)}${f.tried === f.total ? ` ${this.t('allDone', line)}` : ''}`.trim();
  }

  /** @param {string} slug */
  titleOf(slug) {
    return lessonsData.lessons.find((l) => l.slug === slug)?.title[this.langKey] ?? slug;
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const doc = checkQuiz(quizData({ final: !this.lessonScope }), lessonsData, validateQuiz);
    return quizChecks(rt, doc, lessonsData);
  }
}
