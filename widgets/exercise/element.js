// <attn-exercise task="attention"> — write it yourself: the student implements attention (scores
// → mask → softmax → weighted sum) on plain arrays, or GQA's head grouping (task="gqa"), and
// "Check my code" runs it in the playground's Web Worker (never on the page) on several inputs.
// The right answers are the engine's; a wrong answer is matched against what the classic
// mistakes give (logic.js), so the hint names the mistake made. After two failed checks the
// student may look at one solution. The attention task starts from a starter whose comments
// spell out the four steps, or (starter="blank", or the switch above the editor) from a blank
// function, so the classic mistakes are the student's to make; each mode keeps its own draft.
// Syntax errors are shown with their line and column (the runner finds them: V8 names none for
// code made by new Function), rows in every message are counted from 1. Needs attn-playground.js
// (the worker) and a page policy that allows running code, like <attn-playground>.
// Attributes: task (attention | gqa), starter (guided | blank; attention only), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { CellEnv } from '../playground/code-worker.js' */
/** @import { Reported } from '../playground/logic.js' */
import { AttnWidget, check } from '../../web/widget-base.js';
import { h } from '../../web/dom.js';
import { CodeWorker, metaPolicies, pageEnvironment } from '../playground/code-worker.js';
import { cspProblems, TIME_LIMIT_MS } from '../playground/logic.js';
import {
  attentionCases,
  expectedOutput,
  mistakeOutputs,
  compare,
  engineGrouping,
  harness,
  EXERCISE_NUMBER,
  MISTAKES,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH, STARTERS, SOLUTIONS } from './strings.js';
import { EXERCISE_CSS } from './styles.js';
import { starterPicker } from './views/starter-picker.js';
import { gradeAttention, gradeGqa } from './views/report.js';

/** @typedef {'attention' | 'gqa'} Task */
/** @typedef {'guided' | 'blank'} StarterMode */
/**
 * The last check: running, its per-input lines, the hint, an error.
 * @typedef {{ state: 'idle' } | { state: 'running' }
 *   | { state: 'done', lines: { ok: boolean, text: string }[], right: number, total: number,
 *       hint: string | null, error: string | null }} CheckState
 */

/**
 * @tag attn-exercise
 * @summary Write attention (or GQA's grouping) yourself, checked against the engine.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [task=attention] - `attention` (scores, mask, softmax, weighted sum) or `gqa`
 *   (which K/V head each query head reads); read when it starts
 * @attr {string} [starter=guided] - the attention task's starting code: `guided` (the four steps
 *   as comments) or `blank` (an empty function); the student can switch
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, state (idle | running | done), right, total}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 */
export class Exercise extends AttnWidget {
  static css = EXERCISE_CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** the widget's t() as a function the views take */
  #t = (/** @type {string} */ key, /** @type {any[]} */ ...args) => this.t(key, ...args);

  /** @type {string | undefined} the student's code, kept across a language switch */
  #code;
  /** @type {string | undefined} the starter in the current language */
  #starter;
  /** @type {StarterMode | undefined} the starter chosen (undefined: the attribute's) */
  #mode;
  /** @type {Partial<Record<StarterMode, string>>} the draft of the mode not shown */
  #drafts = {};
  /** @type {CheckState} */
  #state = { state: 'idle' };
  #failures = 0;
  #showSolution = false;
  #runId = 0;
  /** @type {Promise<CellEnv> | undefined} */
  #env;
  /** @type {{ editor: HTMLTextAreaElement, checkBtn: HTMLButtonElement,
   *   solutionBtn: HTMLButtonElement, report: HTMLElement, solution: HTMLElement } | null} */
  #ui = null;

  /** @returns {Task} */
  get task() {
    return this.getAttribute('task') === 'gqa' ? 'gqa' : 'attention';
  }

  /** The last check, for tests and a course platform. */
  get state() {
    return this.#state;
  }

  /** The attention task's starter: guided (the steps as comments) or blank. */
  get starterMode() {
    return this.#mode ?? (this.getAttribute('starter') === 'blank' ? 'blank' : 'guided');
  }

  /** @param {StarterMode} mode */
  #starterFor(mode) {
    const table = STARTERS[this.isEnglish ? 'en' : 'zh-CN'];
    const task = this.task;
    return (task === 'attention' && mode === 'blank' ? table.attentionBlank : table[task])(
      EXERCISE_NUMBER[task],
    );
  }

  /**
   * Switches the attention task's starter, keeping the draft of the mode left.
   * @param {StarterMode} mode
   */
  #switchStarter(mode) {
    if (mode === this.starterMode || !this.rt) return;
    this.#drafts[this.starterMode] = this.#code;
    this.#mode = mode;
    this.#code = this.#drafts[mode];
    this.#state = { state: 'idle' };
    this.body.replaceChildren();
    this.build(this.rt);
    this.update();
    /** @type {HTMLInputElement | null} */ (
      this.body.querySelector(`input[value="${mode}"]`)
    )?.focus();
  }

  /** @param {Runtime} _rt */
  build(_rt) {
    const task = this.task;
    const starter = this.#starterFor(this.starterMode);
    if (this.#code === undefined || this.#code === this.#starter) this.#code = starter;
    this.#starter = starter;
    const code = this.#code ?? starter;
    const editor = h('textarea', {
      class: 'code',
      id: 'code',
      spellcheck: 'false',
      autocapitalize: 'off',
      autocomplete: 'off',
      rows: String(Math.min(22, code.split('\n').length + 1)),
      'aria-describedby': 'keys',
    });
    editor.value = code;
    editor.addEventListener('input', () => (this.#code = editor.value));
    editor.addEventListener('keydown', (e) => this.#onKey(e));
    const checkBtn = h(
      'button',
      { type: 'button', 'data-role': 'check', onclick: () => this.runCheck() },
      this.t('check'),
    );
    const solutionBtn = h(
      'button',
      {
        type: 'button',
        'data-role': 'solution',
        onclick: () => {
          this.#showSolution = !this.#showSolution;
          this.update();
        },
      },
      this.t('showSolution'),
    );
    const resetBtn = h(
      'button',
      {
        type: 'button',
        'data-role': 'reset',
        onclick: () => {
          this.#code = this.#starter;
          editor.value = this.#code ?? '';
          this.#state = { state: 'idle' };
          this.update();
          editor.focus();
        },
      },
      this.t('reset'),
    );
    const report = h('div', { 'data-role': 'report', role: 'status', 'aria-live': 'polite' });
    const solution = h('div', { 'data-role': 'solution-text', hidden: true }, [
      h('h3', {}, this.t('solutionTitle')),
      // A phone scrolls the code sideways: a tab stop, so a keyboard can too.
      h(
        'pre',
        { class: 'solution', tabindex: '0', 'aria-label': this.t('solutionTitle') },
        SOLUTIONS[this.isEnglish ? 'en' : 'zh-CN'][task],
      ),
    ]);
    this.#ui = { editor, checkBtn, solutionBtn, report, solution };
    this.body.append(
      h('h2', {}, this.t('title')[task](EXERCISE_NUMBER[task])),
      h(
        'p',
        { 'data-role': 'task' },
        this.t('task')[
          task === 'attention' && this.starterMode === 'blank' ? 'attentionBlank' : task
        ],
      ),
      ...(task === 'attention'
        ? [starterPicker(this.#t, this.starterMode, (mode) => this.#switchStarter(mode))]
        : []),
      h('label', { class: 'code-label', for: 'code' }, this.t('code')),
      editor,
      h('p', { class: 'muted', id: 'keys' }, this.t('keys')),
      h('div', { class: 'row' }, [checkBtn, resetBtn, solutionBtn]),
      report,
      solution,
    );
    this.#env ??= pageEnvironment(cspProblems(metaPolicies()));
  }

  /** @param {KeyboardEvent} e */
  #onKey(e) {
    const ta = /** @type {HTMLTextAreaElement} */ (e.target);
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      this.runCheck();
    } else if (e.key === 'Tab' && !e.shiftKey && ta.dataset.escaped !== 'true') {
      e.preventDefault();
      ta.setRangeText('  ', ta.selectionStart, ta.selectionEnd, 'end');
      this.#code = ta.value;
    }
    ta.dataset.escaped = String(e.key === 'Escape');
  }

  /**
   * Runs the student's code in a fresh worker and grades what it reports. Resolves when done.
   */
  async runCheck() {
    const rt = this.rt;
    if (!rt || this.#state.state === 'running') return;
    const id = ++this.#runId;
    this.#state = { state: 'running' };
    this.update();
    const env = await /** @type {Promise<CellEnv>} */ (this.#env);
    if (env.state !== 'ok') {
      this.#finish(id, { lines: [], right: 0, total: 0, hint: null, error: this.t('blocked') });
      return;
    }
    const task = this.task;
    const cases = task === 'attention' ? attentionCases(rt) : [];
    const worker = new CodeWorker(env.source, rt.world);
    const ready = await worker.ready;
    if (!ready.ok) {
      worker.terminate();
      this.#finish(id, { lines: [], right: 0, total: 0, hint: null, error: this.t('blocked') });
      return;
    }
    /** @type {Reported | undefined} */
    let value;
    const end = await worker.run(id, harness(task, this.#code ?? '', cases), {
      onPrint: () => {},
      onShow: () => {},
      onReport: (v) => (value = v),
    });
    if (end.kind === 'error') {
      // The harness follows the student's lines: an error found past them (a bracket left open
      // runs the parser into the harness) is the end of the student's code.
      const lines = (this.#code ?? '').split('\n').length;
      const error =
        end.line && end.line > lines
          ? this.t('runErrorAtEnd', String(lines))
          : this.t(
              'runError',
              end.name,
              end.message,
              end.line ? String(end.line) : '',
              end.column ? String(end.column) : '',
            );
      this.#finish(id, { lines: [], right: 0, total: 0, hint: null, error });
    } else if (end.kind === 'timeout')
      this.#finish(id, {
        lines: [],
        right: 0,
        total: 0,
        hint: null,
        error: this.t('timeout', TIME_LIMIT_MS / 1000),
      });
    else if (value === undefined)
      this.#finish(id, { lines: [], right: 0, total: 0, hint: null, error: this.t('noReport') });
    else
      this.#finish(
        id,
        task === 'attention'
          ? gradeAttention(this.#t, rt, cases, value)
          : gradeGqa(this.#t, rt, value),
      );
  }

  /**
   * @param {number} id
   * @param {{ lines: { ok: boolean, text: string }[], right: number, total: number,
   *   hint: string | null, error: string | null }} result
   */
  #finish(id, result) {
    if (id !== this.#runId) return;
    if (result.error || result.right < result.total) this.#failures++;
    this.#state = { state: 'done', ...result };
    this.update();
  }

  render() {
    const ui = this.#ui;
    if (!ui) return;
    const s = this.#state;
    ui.checkBtn.disabled = s.state === 'running';
    // The solution after two failed checks: a student tries before reading one.
    ui.solutionBtn.hidden = this.#failures < 2;
    ui.solutionBtn.textContent = this.t(this.#showSolution ? 'hideSolution' : 'showSolution');
    ui.solutionBtn.setAttribute('aria-expanded', String(this.#showSolution));
    ui.solution.hidden = !this.#showSolution || this.#failures < 2;
    if (s.state === 'idle') ui.report.replaceChildren();
    else if (s.state === 'running')
      ui.report.replaceChildren(h('p', { class: 'status' }, this.t('checking')));
    else
      ui.report.replaceChildren(
        ...[
          s.error ? h('p', { class: 'run-error', 'data-role': 'error' }, s.error) : null,
          s.total
            ? h(
                'p',
                { class: 'status', 'data-role': 'summary' },
                s.right === s.total
                  ? this.t('allRight', s.total)
                  : this.t('someRight', s.right, s.total),
              )
            : null,
          s.lines.length
            ? h(
                'ul',
                { class: 'cases' },
                s.lines.map((l) => h('li', { class: l.ok ? 'ok' : 'wrong' }, l.text)),
              )
            : null,
          s.hint
            ? h('div', { class: 'hint', 'data-role': 'hint' }, [
                h('strong', {}, this.t('hintTitle')),
                s.hint,
              ])
            : null,
        ].filter((x) => x !== null),
      );
  }

  updateDetail() {
    const s = this.#state;
    return {
      ...super.updateDetail(),
      state: s.state,
      right: s.state === 'done' ? s.right : null,
      total: s.state === 'done' ? s.total : null,
    };
  }

  /** @param {Runtime} rt */
  checks(rt) {
    // A hint can only name a mistake the inputs tell apart from the right answer.
    const cases = attentionCases(rt);
    const runs = cases.map((c) => ({
      want: expectedOutput(rt.engine, c),
      /** @type {Record<string, number[][]>} */
      mistakes: mistakeOutputs(rt.engine, c),
    }));
    const told = MISTAKES.filter((m) => runs.some((r) => !compare(r.mistakes[m], r.want).ok));
    return [
      check(
        'each classic mistake gives another output than the engine’s on some input',
        MISTAKES.join(', '),
        told.join(', '),
      ),
      check(
        'the engine’s grouping for 8 query heads, 2 K/V heads',
        '0 0 0 0 1 1 1 1',
        engineGrouping(rt.engine, 8, 2).join(' '),
      ),
    ];
  }
}
