// <attn-playground world="en-the-cat"> — a code cell: the student writes a few lines of
// JavaScript against the engine (make Q, K, V; call engine.attention; print or draw the weights)
// and runs them with Ctrl/⌘+Enter or the Run button. The code runs in a Web Worker with its own
// engine, so an endless loop is stopped after 2 s and an error is shown inline while every other
// widget on the page keeps working. Globals in the cell: engine, world, print, show, round, toRows.
//
// The worker's code comes from a second script, dist/attn-playground.js (the worker bundle as a
// string; it carries a second engine, so it is not part of attn-widgets.js). The page must allow
// running code: 'unsafe-eval' in script-src and worker-src blob: (a Blob worker inherits the
// page's policy). Where it does not, the cell says so instead of failing.
// Attributes: world (the starter's teaching world, default en-the-cat), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { CellEnv, WorkerReady } from './code-worker.js' */
/** @import { CheckRun } from './self-check.js' */
/** @import { RunState } from './views/run-output.js' */
/** @import { Translate } from './strings.js' */
/**
 * The parts of the cell that build() makes and render() fills.
 * @typedef {{ editor: HTMLTextAreaElement, runBtn: HTMLButtonElement, status: HTMLElement,
 *   blocked: HTMLElement, out: HTMLElement, errBox: HTMLElement, maps: HTMLElement }} CellUi
 */
import { AttnWidget } from '../../web/widget-base.js';
import { checkNamed } from '../../web/check-row.js';
import { h, pct } from '../../web/dom.js';
import { HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { worldTensors } from '../../web/world.js';
import { rowOf } from '../../web/tensor.js';
import { MAX_LINES, MAX_SHOWS, starterCode, cspProblems, formatValue, round } from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { CodeWorker, metaPolicies, pageEnvironment } from './code-worker.js';
import { runStarterInWorker, workerCheckRows, STARTER_WORLD } from './self-check.js';
import { worldFacts } from '../facts/world-facts.js';
import { blockedNote } from './views/blocked-note.js';
import { statusText, outputText, runProblem } from './views/run-output.js';
import { shownMap } from './views/shown-map.js';
import { CODE_EDITOR_CSS } from './views/code-editor-css.js';

const CSS = `${HEATMAP_CSS}${CODE_EDITOR_CSS}button:disabled { opacity: 0.5; cursor: default; }
.status { font-size: 0.9em; color: var(--_fg-2); }
.output { margin-top: 8px; border-top: 1px solid var(--_rule); padding-top: 6px; }
.output h3 { font-size: 0.95rem; margin: 4px 0; }
pre.out { margin: 4px 0; padding: 8px; background: var(--_surface); border-radius: 6px; min-height: 2.2em;
  font: 13px/1.45 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
pre.out.empty { color: var(--_muted); }
.run-error { border-left: 4px solid var(--_error); background: var(--_error-bg); color: var(--_error-fg); padding: 6px 10px; margin: 6px 0;
  font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.9em; overflow-wrap: anywhere; }
.run-error strong { font-weight: 700; }
.stopped { border-left: 4px solid var(--_warn-border); background: var(--_warn-bg-fff5e0); color: var(--_warn-fg-4d3300); padding: 6px 10px; margin: 6px 0; }
.blocked { border: 1px solid var(--_error); background: var(--_error-bg); color: var(--_error-fg); padding: 8px 10px; border-radius: 6px; margin: 8px 0; }
.map { margin: 8px 0; }
.map figcaption { font-weight: 600; font-size: 0.9em; }
`;

/**
 * @tag attn-playground
 * @summary A code cell on the engine (needs attn-playground.js and a page policy allowing eval).
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=en-the-cat] - teaching world id of the cell's `world` (read when it starts)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 */
export class Playground extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  static defaultWorld = 'en-the-cat';

  /** @type {Promise<CellEnv> | undefined} what the page's policy allows, checked once */
  #envKnown;
  /** @type {Promise<void> | undefined} the self-check run of the example code, started once */
  #checkRun;
  /** @type {CellEnv} */
  #env = { state: 'checking' };
  /** @type {CheckRun | undefined} */
  #check;
  #runId = 0;
  /** @type {RunState} */
  #result = { status: 'idle', lines: [], maps: [], error: null };
  /** @type {string | undefined} the student's code (kept across a language switch) */
  #code;
  /** @type {string | undefined} the example in the current language */
  #starter;
  /** @type {CodeWorker | null} a worker with its engine loaded, for the next run */
  #spare = null;
  #running = false;
  /** the last key was Esc: the next Tab leaves the editor */
  #escaped = false;
  /** a frame is requested to draw output that arrived */
  #pending = 0;
  /** @type {CellUi | null} the parts build() makes and render() fills */
  #ui = null;
  /**
   * t() as a function the views take.
   * @type {Translate}
   */
  #t = (key, ...args) => this.t(key, ...args);

  constructor() {
    super();
    // `ready` also waits for the self-check's worker run (bounded by CHECK_TIMEOUT_MS), so
    // selfCheck() after `await el.ready` reports the worker's numbers, not "pending".
    const drawn = this.ready;
    this.ready = drawn.then(() => this.#checkRun);
  }

  /** The current run: its status, printed lines, shown maps and error. */
  get result() {
    return this.#result;
  }

  /** The worker kept ready (engine loaded) for the next run, or null. */
  get spare() {
    return this.#spare;
  }

  get #worldId() {
    return this.world;
  }

  /** @param {Runtime} rt */
  build(rt) {
    // Keep the student's code across a language switch; an untouched example follows the language.
    const starter = starterCode(this.isEnglish ? 'en' : 'zh-CN', this.#worldId, rt.world);
    if (this.#code === undefined || this.#code === this.#starter) this.#code = starter;
    this.#starter = starter;
    const code = this.#code;

    const editor = h('textarea', {
      class: 'code',
      id: 'code',
      spellcheck: 'false',
      autocapitalize: 'off',
      autocomplete: 'off',
      autocorrect: 'off',
      rows: String(Math.min(24, Math.max(10, code.split('\n').length + 1))),
      'aria-describedby': 'keys',
    });
    editor.value = code;
    editor.addEventListener('input', () => (this.#code = editor.value));
    editor.addEventListener('keydown', (e) => this.#onKey(e));
    const ui = {
      editor,
      runBtn: h(
        'button',
        { type: 'button', 'data-role': 'run', onclick: () => this.#run() },
        this.t('run'),
      ),
      status: h('span', { class: 'status', role: 'status', 'data-role': 'status' }),
      blocked: h('div', { class: 'blocked', role: 'alert', 'data-role': 'blocked', hidden: true }),
      out: h('pre', { class: 'out', 'data-role': 'out' }),
      errBox: h('div', { 'data-role': 'error' }),
      maps: h('div', { 'data-role': 'maps' }),
    };
    this.#ui = ui;
    const resetBtn = h(
      'button',
      { type: 'button', 'data-role': 'reset', onclick: () => this.#reset() },
      this.t('reset'),
    );
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      ui.blocked,
      h('label', { class: 'code-label', for: 'code' }, this.t('code')),
      editor,
      h('p', { class: 'muted', id: 'keys' }, this.t('keys')),
      h('div', { class: 'row' }, [ui.runBtn, resetBtn, ui.status]),
      h('section', { class: 'output', 'aria-label': this.t('output') }, [
        h('h3', {}, this.t('output')),
        ui.out,
        ui.errBox,
        ui.maps,
      ]),
    );
    this.#envKnown ??= this.#checkEnvironment();
    this.#checkRun ??= this.#startSelfCheckRun(rt);
  }

  /** Can code run here? Resolves to the environment: ok | missing (no attn-playground.js) | csp. */
  async #checkEnvironment() {
    await null; // after build() and the first render
    this.#env = await pageEnvironment(cspProblems(metaPolicies()));
    this.update();
    return this.#env;
  }

  /**
   * What the starter example prints and shows when run in a worker, for checks().
   * @param {Runtime} rt
   */
  #startSelfCheckRun(rt) {
    this.#check = { state: 'pending', started: performance.now() };
    return runStarterInWorker({
      envKnown: /** @type {Promise<CellEnv>} */ (this.#envKnown),
      world: rt.world,
      onFailed: (ready) => this.#workerFailed(ready),
      onRan: () => this.#warm(), // a worker with its engine loaded for the student's first run
    }).then((r) => {
      this.#check = r;
      this.drawChecks();
    });
  }

  #spawn() {
    const env = this.#env;
    if (env.state !== 'ok' || !this.rt) return null;
    return new CodeWorker(env.source, this.rt.world);
  }

  /** Keeps one worker with its engine loaded for the next run. */
  #warm() {
    if (!this.#spare && this.isConnected) this.#spare = this.#spawn();
  }

  /**
   * A worker that did not start: the cell says why (CSP, engine, other) and Run is disabled.
   * @param {WorkerReady & { ok: false }} ready
   */
  #workerFailed(ready) {
    if (ready.kind === 'csp')
      this.#env = {
        state: 'csp',
        problems: [],
        detail: ready.message ? `${ready.name}: ${ready.message}` : '',
      };
    else
      this.#env = { state: 'failed', kind: ready.kind, detail: `${ready.name}: ${ready.message}` };
    this.update();
  }

  /** @param {KeyboardEvent} e */
  #onKey(e) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      this.#run();
      return;
    }
    if (e.key === 'Escape') {
      this.#escaped = true; // the next Tab leaves the editor
      return;
    }
    if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && !this.#escaped) {
      e.preventDefault();
      this.#insert('  ');
    }
    if (e.key !== 'Shift') this.#escaped = false;
  }

  /**
   * Inserts text at the caret as if typed (so Ctrl+Z undoes it).
   * @param {string} text
   */
  #insert(text) {
    const ta = /** @type {CellUi} */ (this.#ui).editor;
    ta.focus();
    if (!document.execCommand?.('insertText', false, text)) {
      ta.setRangeText(text, ta.selectionStart, ta.selectionEnd, 'end');
    }
    this.#code = ta.value;
  }

  #reset() {
    const editor = /** @type {CellUi} */ (this.#ui).editor;
    editor.select();
    this.#insert(this.#starter ?? '');
    editor.setSelectionRange(0, 0);
    editor.scrollTop = 0;
    this.#result = { status: 'reset', lines: [], maps: [], error: null };
    this.update();
  }

  async #run() {
    if (this.#running || this.#env.state !== 'ok') return;
    this.#running = true;
    const id = ++this.#runId;
    this.#result = { status: 'starting', lines: [], maps: [], error: null };
    this.update();
    const worker = /** @type {CodeWorker} */ (this.#spare ?? this.#spawn());
    this.#spare = null;
    const ready = await worker.ready;
    if (!ready.ok) {
      this.#running = false;
      this.#result = { status: 'idle', lines: [], maps: [], error: null };
      this.#workerFailed(ready);
      return;
    }
    this.#result.status = 'running';
    this.update();
    const t0 = performance.now();
    // What arrives goes to the current run state (Reset during a run starts a new one).
    const r = await worker.run(id, this.#code ?? '', {
      // The worker keeps to these limits; the page holds them too, whatever arrives.
      onPrint: (text) => {
        if (this.#result.lines.length > MAX_LINES) return;
        this.#result.lines.push(text);
        this.#later();
      },
      onShow: (m) => {
        if (this.#result.maps.length >= MAX_SHOWS) return;
        this.#result.maps.push(m);
        this.#later();
      },
    });
    this.#running = false;
    this.#result.status = r.kind;
    this.#result.ms = ('ms' in r ? r.ms : null) ?? performance.now() - t0;
    if (r.kind === 'error') this.#result.error = r;
    this.#warm();
    this.update();
  }

  /** Output arriving while the code runs is drawn once per frame. */
  #later() {
    if (this.#pending) return;
    this.#pending = requestAnimationFrame(() => {
      this.#pending = 0;
      this.update();
    });
  }

  disconnectedCallback() {
    this.#spare?.terminate();
    this.#spare = null;
  }

  /** @param {Runtime} _rt */
  render(_rt) {
    const ui = /** @type {CellUi} */ (this.#ui);
    const usable = this.#env.state === 'ok';
    // Not disabled while running (that would drop the keyboard focus); a click then does nothing.
    ui.runBtn.disabled = !usable;
    ui.blocked.hidden = usable || this.#env.state === 'checking';
    const blocked = blockedNote(this.#env, this.#t);
    if (blocked) {
      ui.blocked.replaceChildren(...blocked.content);
      this.dataset.blocked = blocked.reason;
    } else delete this.dataset.blocked;

    const r = this.#result;
    ui.status.textContent = usable || r.status !== 'idle' ? statusText(r, this.#t) : '';
    this.dataset.status = r.status;
    ui.out.classList.toggle('empty', !r.lines.length);
    ui.out.textContent = outputText(r, this.#t);
    const problem = runProblem(r, this.#t);
    ui.errBox.replaceChildren(...(problem ? [problem] : []));
    const o = { t: this.#t, scale: this.scale, lang: this.lang };
    ui.maps.replaceChildren(
      ...r.maps.flatMap((m) => m.matrices.map((mat) => shownMap(mat, m.rowLabels, m.colLabels, o))),
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    // On the page's engine, now: the example's output of its last token, the row the starter
    // code prints, against the world's facts (en-the-cat: out[cat] = [0.42, 0.24]).
    const w = worldTensors(rt, STARTER_WORLD);
    const f = worldFacts(rt, STARTER_WORLD);
    const last = w.tokens.length - 1;
    const res = rt.engine.attention({ q: w.q, k: w.k, v: w.v, causal: true });
    const want = {
      label: w.tokensEn[last],
      out: formatValue(round(f.output(last), 2)),
      row: f.w.tokens.map((_, j) => pct(f.weight('causal', last, j))).join(' / '),
      keys: w.tokensEn.join(' / '),
      last,
    };
    // The same example typed into the cell and run in a worker (once, at build): what it printed
    // and what show() drew, as the student sees them.
    const run = this.#check ?? { state: 'pending', started: performance.now() };
    return [
      checkNamed(
        'out[{label}] = {out} (page engine)',
        { label: want.label, out: want.out },
        want.out,
        formatValue(round(rowOf(res.output, last), 2)),
      ),
      ...workerCheckRows(run, want, this.#t),
    ];
  }
}
