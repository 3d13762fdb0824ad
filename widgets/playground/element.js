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
import { AttnWidget, check } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, pct } from '../../web/dom.js';
import { heatmapTable, heatmapLegend, HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { worldTensors } from '../../web/world.js';
import { rowsOf } from '../../web/tensor.js';
import {
  TIME_LIMIT_MS,
  MAX_LINES,
  MAX_SHOWS,
  starterCode,
  parseWorkerMessage,
  cspProblems,
  formatValue,
  formatNumber,
  round,
} from './logic.js';

/** How long the self-check waits for its worker run (engine start included) before failing. */
const CHECK_TIMEOUT_MS = 15000;
/** How long a worker may take to load its engine. */
const START_TIMEOUT_MS = 20000;

const CSS = `${HEATMAP_CSS}
textarea.code { display: block; width: 100%; min-height: 12em; resize: vertical; padding: 8px;
  font: 13px/1.5 ui-monospace, "DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace; tab-size: 2;
  white-space: pre; overflow-wrap: normal; overflow-x: auto; border: 1px solid var(--_control-border); border-radius: 6px;
  background: var(--_surface-1-fbfbfb); color: var(--_fg); }
textarea.code:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
label.code-label { display: block; font-weight: 600; margin: 8px 0 4px; }
button:disabled { opacity: 0.5; cursor: default; }
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

// ---- the worker, page side -------------------------------------------------------------------

let sourcePromise;
/**
 * The worker's source from dist/attn-playground.js, or null once the page has loaded without it.
 */
function workerSource() {
  const have = () => globalThis.AttnPlaygroundWorker?.source ?? null;
  if (have()) return Promise.resolve(have());
  sourcePromise ??= new Promise((resolve) => {
    const done = () => {
      if (!have() && document.readyState !== 'complete') return;
      window.removeEventListener('attn-playground-worker', done);
      window.removeEventListener('load', done);
      resolve(have());
    };
    window.addEventListener('attn-playground-worker', done);
    window.addEventListener('load', done);
    done();
  });
  return sourcePromise;
}

let blobUrl;
const workerUrl = (source) =>
  (blobUrl ??= URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));

/** The page's <meta> Content-Security-Policies (a header policy is invisible here). */
const metaPolicies = () =>
  [...document.querySelectorAll('meta[http-equiv]')]
    .map((m) => /** @type {HTMLMetaElement} */ (m))
    .filter((m) => m.httpEquiv.toLowerCase() === 'content-security-policy')
    .map((m) => m.content);

/**
 * One worker for one run. `ready` resolves to {ok: true} once its engine is loaded, or to
 * {ok: false, kind: 'csp' | 'engine' | 'start', name, message}. run() resolves to
 * {kind: 'done', ms} | {kind: 'error', name, message, line} | {kind: 'timeout'}.
 */
class CodeWorker {
  constructor(source, world) {
    this.handlers = null;
    this.ready = new Promise((resolve) => {
      this.resolveReady = resolve;
      let blockedByCsp = false;
      const onViolation = (e) => {
        if (String(e.blockedURI).startsWith('blob')) blockedByCsp = true;
      };
      document.addEventListener('securitypolicyviolation', onViolation);
      const settle = (r) => {
        document.removeEventListener('securitypolicyviolation', onViolation);
        clearTimeout(this.startTimer);
        resolve(r);
      };
      this.settleReady = settle;
      try {
        this.worker = new Worker(workerUrl(source), { name: 'attn-playground' });
      } catch (e) {
        settle({ ok: false, kind: 'csp', name: e.name, message: e.message });
        return;
      }
      this.startTimer = setTimeout(
        () =>
          settle({
            ok: false,
            kind: 'start',
            name: 'TimeoutError',
            message: `${START_TIMEOUT_MS / 1000} s`,
          }),
        START_TIMEOUT_MS,
      );
      // The worker answers only on this private port: student code can reach the worker's
      // own postMessage, whose messages nobody listens to.
      const channel = new MessageChannel();
      this.port = channel.port1;
      this.port.onmessage = (e) => this.onMessage(parseWorkerMessage(e.data));
      this.worker.onerror = (e) => {
        e.preventDefault();
        if (this.handlers)
          this.finish({
            kind: 'error',
            name: 'Error',
            message: e.message || 'uncaught error in the worker',
            line: null,
          });
        // A blocked Blob worker fails with a bare error event (and a violation report).
        else
          setTimeout(
            () =>
              settle({
                ok: false,
                kind: blockedByCsp ? 'csp' : 'start',
                name: 'Error',
                message: e.message || '',
              }),
            0,
          );
      };
      this.worker.postMessage({ type: 'init', world, port: channel.port2 }, [channel.port2]);
    });
  }

  onMessage(m) {
    if (!m) return;
    if (m.type === 'ready') this.settleReady({ ok: true });
    else if (m.type === 'fatal')
      this.settleReady({
        ok: false,
        kind: m.reason === 'eval' ? 'csp' : 'engine',
        name: m.name,
        message: m.message,
      });
    else if (!this.handlers || m.id !== this.id) return;
    else if (m.type === 'print') this.handlers.onPrint(m.text);
    else if (m.type === 'show') this.handlers.onShow(m);
    else if (m.type === 'error')
      this.finish({ kind: 'error', name: m.name, message: m.message, line: m.line });
    else if (m.type === 'done') this.finish({ kind: 'done', ms: m.ms });
  }

  /** Runs `code` once (after `ready`); the worker is terminated when the run ends. */
  run(id, code, handlers) {
    this.id = id;
    return new Promise((resolve) => {
      this.handlers = { ...handlers, resolve };
      this.timer = setTimeout(() => this.finish({ kind: 'timeout' }), TIME_LIMIT_MS);
      this.port.postMessage({ type: 'run', id, code });
    });
  }

  finish(result) {
    if (!this.handlers) return;
    const { resolve } = this.handlers;
    this.handlers = null;
    clearTimeout(this.timer);
    this.terminate();
    resolve(result);
  }

  terminate() {
    clearTimeout(this.startTimer);
    this.worker?.terminate();
    this.port?.close();
    this.settleReady?.({ ok: false, kind: 'start', name: 'Error', message: 'terminated' });
  }
}

// ---- the widget ------------------------------------------------------------------------------

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
  /** @type {Promise<any> | undefined} what the page's policy allows, checked once */
  envKnown;
  /** @type {Promise<any> | undefined} the self-check run of the example code, started once */
  checkRun;
  static strings = {
    'zh-CN': {
      title: '练习：自己写几行，调用注意力引擎',
      help: '代码在一个独立的 Web Worker 里运行，里面有自己的一份引擎。可以直接用：engine（引擎，API 见 web/attn-engine.d.ts）、world（课程的教学数据 teaching-world.json）、print(…) 打印一行、show(权重, 行标签, 列标签) 画热力图、round(x, 2) 保留小数、toRows(张量) 变成嵌套数组。',
      keys: 'Ctrl+Enter（Mac 上 ⌘+Enter）运行。编辑框里 Tab 插入两个空格；先按 Esc 再按 Tab 可以离开编辑框。',
      code: '代码（JavaScript）',
      run: '▶ 运行',
      reset: '恢复示例',
      output: '输出',
      noOutput: '（没有输出：用 print(…) 打印）',
      idle: '还没运行。',
      starting: '正在启动 worker（加载引擎）…',
      running: '运行中…（最多 2 秒）',
      done: (ms) => `运行完毕，用时 ${ms} ms。`,
      failed: '运行出错，见下方。',
      stopped: '运行超过 2 秒，已停止：是死循环吗？页面上别的部件不受影响。',
      stoppedShort: '已停止（超过 2 秒）。',
      line: (n) => `（第 ${n} 行）`,
      resetDone: '已恢复示例（在编辑框里按 Ctrl+Z 可以找回你的代码）。',
      csp: "本页的 Content-Security-Policy 禁止运行代码（需要 'unsafe-eval' 和 worker-src blob:）。",
      cspMissing: (list) =>
        `本页策略缺少：${list}。课程的「练」页面带有这两项；其它页面保持严格策略。`,
      noScript:
        '这个代码格子还需要第二个脚本：在 attn-widgets.js 之后加上 <script src="attn-playground.js"></script>。',
      engineFailed: (e) => `worker 里的引擎没能启动：${e}`,
      startFailed: (e) =>
        `worker 没能启动${e ? `（${e}）` : ''}。如果页面有 Content-Security-Policy，它需要 'unsafe-eval' 和 worker-src blob:。`,
      mapTitle: (t) => (t ? `show() 的热力图 · ${t}` : 'show() 的热力图'),
      mapFormula:
        '格子 (i, j) = w_ij × 100%：第 i 行 query 给第 j 列 key 的权重；res.weights 的 w = softmax(q·k/√d)，每行和为 1',
      outOfRange: '有的数不在 0–1 之间：颜色按 0–1 截断，百分比 = 数 × 100。',
      readout: (r, c, p, v) => `${r} → ${c}：${p} = ${v}`,
      checkPending: '等待中（worker 正在运行示例）',
      checkTimeout: (s) => `${s} 秒内 worker 没有给出结果`,
      checkBlocked: '没有运行：本页的 CSP 禁止运行代码',
      checkNoScript: '没有运行：缺少 attn-playground.js',
    },
    en: {
      title: 'Try it: write a few lines against the attention engine',
      help: "Your code runs in a separate Web Worker with its own copy of the engine. In scope: engine (the engine, API in web/attn-engine.d.ts), world (the course's teaching-world.json), print(…) prints a line, show(weights, rowLabels, colLabels) draws a heatmap, round(x, 2) rounds, toRows(tensor) gives nested arrays.",
      keys: 'Ctrl+Enter (⌘+Enter on a Mac) runs. In the editor Tab inserts two spaces; press Esc, then Tab, to leave the editor.',
      code: 'Code (JavaScript)',
      run: '▶ Run',
      reset: 'Reset to example',
      output: 'Output',
      noOutput: '(no output: print(…) prints a line)',
      idle: 'Not run yet.',
      starting: 'Starting the worker (loading the engine)…',
      running: 'Running… (2 s at most)',
      done: (ms) => `Finished in ${ms} ms.`,
      failed: 'The code threw an error, shown below.',
      stopped:
        'Stopped after 2 s (the time limit): an endless loop? The rest of the page is unaffected.',
      stoppedShort: 'Stopped after 2 s.',
      line: (n) => ` (line ${n})`,
      resetDone: 'Example restored (Ctrl+Z in the editor brings your code back).',
      csp: "This page's Content-Security-Policy forbids running code (needs 'unsafe-eval' and worker-src blob:).",
      cspMissing: (list) =>
        `Missing from this page's policy: ${list}. The course's practice page allows both; every other page keeps the strict policy.`,
      noScript:
        'This code cell needs a second script: add <script src="attn-playground.js"></script> after attn-widgets.js.',
      engineFailed: (e) => `The engine did not start in the worker: ${e}`,
      startFailed: (e) =>
        `The worker did not start${e ? ` (${e})` : ''}. If the page has a Content-Security-Policy, it needs 'unsafe-eval' and worker-src blob:.`,
      mapTitle: (t) => (t ? `show() heatmap · ${t}` : 'show() heatmap'),
      mapFormula:
        'cell (i, j) = w_ij × 100%: the weight query row i gives key column j; for res.weights, w = softmax(q·k/√d), each row sums to 1',
      outOfRange:
        'Some values are outside 0–1: colours are clipped to 0–1; the percentage is the value × 100.',
      readout: (r, c, p, v) => `${r} → ${c}: ${p} = ${v}`,
      checkPending: 'pending (a worker is running the example)',
      checkTimeout: (s) => `no result from the worker within ${s} s`,
      checkBlocked: "not run: this page's CSP forbids running code",
      checkNoScript: 'not run: attn-playground.js is missing',
    },
  };

  constructor() {
    super();
    this.runId = 0;
    this.result = { status: 'idle', lines: [], maps: [], error: null };
    // `ready` also waits for the self-check's worker run (bounded by CHECK_TIMEOUT_MS), so
    // selfCheck() after `await el.ready` reports the worker's numbers, not "pending".
    const drawn = this.ready;
    this.ready = drawn.then(() => this.checkRun);
  }

  get worldId() {
    return this.getAttribute('world') || 'en-the-cat';
  }

  get langKey() {
    return this.isEnglish ? 'en' : 'zh-CN';
  }

  /** @param {Runtime} rt */
  build(rt) {
    const doc = rt.world;
    // Keep the student's code across a language switch; an untouched example follows the language.
    const starter = starterCode(this.langKey, this.worldId, doc);
    if (this.code === undefined || this.code === this.starter) this.code = starter;
    this.starter = starter;
    this.env ??= { state: 'checking' };

    this.editor = h('textarea', {
      class: 'code',
      id: 'code',
      spellcheck: 'false',
      autocapitalize: 'off',
      autocomplete: 'off',
      autocorrect: 'off',
      rows: String(Math.min(24, Math.max(10, this.code.split('\n').length + 1))),
      'aria-describedby': 'keys',
    });
    this.editor.value = this.code;
    this.editor.addEventListener('input', () => {
      this.code = this.editor.value;
    });
    this.editor.addEventListener('keydown', (e) => this.onKey(e));
    this.runBtn = h(
      'button',
      { type: 'button', 'data-role': 'run', onclick: () => this.run() },
      this.t('run'),
    );
    this.resetBtn = h(
      'button',
      { type: 'button', 'data-role': 'reset', onclick: () => this.reset() },
      this.t('reset'),
    );
    this.status = h('span', { class: 'status', role: 'status', 'data-role': 'status' });
    this.blocked = h('div', {
      class: 'blocked',
      role: 'alert',
      'data-role': 'blocked',
      hidden: true,
    });
    this.out = h('pre', { class: 'out', 'data-role': 'out' });
    this.errBox = h('div', { 'data-role': 'error' });
    this.maps = h('div', { 'data-role': 'maps' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      this.blocked,
      h('label', { class: 'code-label', for: 'code' }, this.t('code')),
      this.editor,
      h('p', { class: 'muted', id: 'keys' }, this.t('keys')),
      h('div', { class: 'row' }, [this.runBtn, this.resetBtn, this.status]),
      h('section', { class: 'output', 'aria-label': this.t('output') }, [
        h('h3', {}, this.t('output')),
        this.out,
        this.errBox,
        this.maps,
      ]),
    );
    this.envKnown ??= this.checkEnvironment();
    this.checkRun ??= this.startSelfCheckRun(rt);
  }

  /** Can code run here? Resolves to this.env: ok | missing (no attn-playground.js) | csp. */
  async checkEnvironment() {
    await null; // after build() and the first render
    const problems = cspProblems(metaPolicies());
    if (problems.length) this.env = { state: 'csp', problems };
    else {
      const source = await workerSource();
      this.env = source ? { state: 'ok', source } : { state: 'missing' };
    }
    this.update();
    return this.env;
  }

  /**
   * What the starter example prints and shows when run in a worker, for checks().
   * @param {Runtime} rt
   */
  startSelfCheckRun(rt) {
    this.check = { state: 'pending', started: performance.now() };
    const code = starterCode('en', 'en-the-cat', rt.world);
    const world = rt.world;
    const attempt = (async () => {
      const env = await this.envKnown;
      if (env.state !== 'ok') return { state: env.state };
      const lines = [],
        shows = [];
      const w = new CodeWorker(env.source, world);
      const ready = await w.ready;
      if (!ready.ok) {
        this.workerFailed(ready);
        return {
          state: ready.kind === 'csp' ? 'csp' : 'error',
          message: `${ready.name}: ${ready.message}`,
        };
      }
      const r = await w.run(-1, code, {
        onPrint: (t) => lines.push(t),
        onShow: (m) => shows.push(m),
      });
      this.warm(); // a worker with its engine loaded for the student's first run
      return { state: 'done', result: r, lines, shows };
    })();
    const timeout = new Promise((resolve) =>
      setTimeout(() => resolve({ state: 'timeout' }), CHECK_TIMEOUT_MS),
    );
    return Promise.race([attempt, timeout]).then(
      (r) => {
        this.check = r;
        this.drawChecks();
      },
      (e) => {
        this.check = { state: 'error', message: e?.message ?? String(e) };
        this.drawChecks();
      },
    );
  }

  spawn() {
    if (this.env.state !== 'ok') return null;
    return new CodeWorker(this.env.source, this.rt.world);
  }

  /** Keeps one worker with its engine loaded for the next run. */
  warm() {
    if (!this.spare && this.isConnected) this.spare = this.spawn();
  }

  /** A worker that did not start: the cell says why (CSP, engine, other) and Run is disabled. */
  workerFailed(ready) {
    if (ready.kind === 'csp')
      this.env = {
        state: 'csp',
        problems: [],
        detail: ready.message ? `${ready.name}: ${ready.message}` : '',
      };
    else
      this.env = { state: 'failed', kind: ready.kind, detail: `${ready.name}: ${ready.message}` };
    this.update();
  }

  onKey(e) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      this.run();
      return;
    }
    if (e.key === 'Escape') {
      this.escaped = true; // the next Tab leaves the editor
      return;
    }
    if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey && !this.escaped) {
      e.preventDefault();
      this.insert('  ');
    }
    if (e.key !== 'Shift') this.escaped = false;
  }

  /** Inserts text at the caret as if typed (so Ctrl+Z undoes it). */
  insert(text) {
    const ta = this.editor;
    ta.focus();
    if (!document.execCommand?.('insertText', false, text)) {
      ta.setRangeText(text, ta.selectionStart, ta.selectionEnd, 'end');
    }
    this.code = ta.value;
  }

  reset() {
    this.editor.select();
    this.insert(this.starter);
    this.editor.setSelectionRange(0, 0);
    this.editor.scrollTop = 0;
    this.result = { status: 'reset', lines: [], maps: [], error: null };
    this.update();
  }

  async run() {
    if (this.running || this.env.state !== 'ok') return;
    this.running = true;
    const id = ++this.runId;
    this.result = { status: 'starting', lines: [], maps: [], error: null };
    this.update();
    const worker = this.spare ?? this.spawn();
    this.spare = null;
    const ready = await worker.ready;
    if (!ready.ok) {
      this.running = false;
      this.result = { status: 'idle', lines: [], maps: [], error: null };
      this.workerFailed(ready);
      return;
    }
    this.result.status = 'running';
    this.update();
    const t0 = performance.now();
    const r = await worker.run(id, this.code, {
      // The worker keeps to these limits; the page holds them too, whatever arrives.
      onPrint: (text) => {
        if (this.result.lines.length > MAX_LINES) return;
        this.result.lines.push(text);
        this.later();
      },
      onShow: (m) => {
        if (this.result.maps.length >= MAX_SHOWS) return;
        this.result.maps.push(m);
        this.later();
      },
    });
    this.running = false;
    this.result.status = r.kind;
    this.result.ms = r.ms ?? performance.now() - t0;
    if (r.kind === 'error') this.result.error = r;
    this.warm();
    this.update();
  }

  /** Output arriving while the code runs is drawn once per frame. */
  later() {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.update();
    });
  }

  disconnectedCallback() {
    this.spare?.terminate();
    this.spare = null;
  }

  render(_rt) {
    const env = this.env;
    const usable = env.state === 'ok';
    // Not disabled while running (that would drop the keyboard focus); a click then does nothing.
    this.runBtn.disabled = !usable;
    this.blocked.hidden = usable || env.state === 'checking';
    if (env.state === 'csp') {
      this.blocked.replaceChildren(
        h('strong', {}, this.t('csp')),
        env.problems.length
          ? h('span', {}, ` ${this.t('cspMissing', env.problems.join(', '))}`)
          : '',
        env.detail ? h('span', { class: 'formula' }, ` ${env.detail}`) : '',
      );
      this.dataset.blocked = 'csp';
    } else if (env.state === 'missing') {
      this.blocked.replaceChildren(this.t('noScript'));
      this.dataset.blocked = 'missing-script';
    } else if (env.state === 'failed') {
      this.blocked.replaceChildren(
        env.kind === 'engine'
          ? this.t('engineFailed', env.detail)
          : this.t('startFailed', env.detail),
      );
      this.dataset.blocked = env.kind;
    } else {
      delete this.dataset.blocked;
    }

    const r = this.result;
    const statusText = {
      idle: this.t('idle'),
      reset: this.t('resetDone'),
      starting: this.t('starting'),
      running: this.t('running'),
      done: this.t('done', Math.round(r.ms ?? 0)),
      error: this.t('failed'),
      timeout: this.t('stoppedShort'),
    }[r.status];
    this.status.textContent = usable || r.status !== 'idle' ? statusText : '';
    this.dataset.status = r.status;

    this.out.classList.toggle('empty', !r.lines.length);
    this.out.textContent = r.lines.length
      ? r.lines.join('\n')
      : r.status === 'done' || r.status === 'error'
        ? this.t('noOutput')
        : '';
    this.errBox.replaceChildren();
    if (r.status === 'error' && r.error) {
      this.errBox.append(
        h('div', { class: 'run-error', role: 'alert' }, [
          h('strong', {}, r.error.name),
          `: ${r.error.message}`,
          r.error.line ? this.t('line', r.error.line) : '',
        ]),
      );
    } else if (r.status === 'timeout') {
      this.errBox.append(h('div', { class: 'stopped', role: 'alert' }, this.t('stopped')));
    }
    this.maps.replaceChildren(
      ...r.maps.flatMap((m) =>
        m.matrices.map((mat) => this.drawMap(mat, m.rowLabels, m.colLabels)),
      ),
    );
  }

  drawMap(mat, rows, cols) {
    const readout = h('p', { class: 'formula hm-readout', 'aria-live': 'polite' });
    const onFocus = (i, j) => {
      const v = mat.rows[i][j];
      readout.textContent = this.t('readout', rows[i], cols[j], pct(v, 1), formatNumber(v));
    };
    const flat = mat.rows.flat();
    const outside = flat.some((v) => !(v >= 0 && v <= 1));
    const caption = this.t('mapTitle', mat.title);
    return h('figure', { class: 'map' }, [
      h('figcaption', {}, caption),
      scrollRegion(
        heatmapTable({
          weights: mat.rows,
          rows,
          cols,
          digits: 1,
          caption,
          onFocus,
          lang: this.lang,
        }),
        {
          label: caption,
          lang: this.lang,
        },
      ),
      heatmapLegend(),
      h('p', { class: 'formula' }, this.t('mapFormula')),
      outside ? h('p', { class: 'muted' }, this.t('outOfRange')) : null,
      readout,
    ]);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    // On the page's engine, now: the example's out[cat] (the course prints [0.42, 0.24]).
    const w = worldTensors(rt, 'en-the-cat');
    const cat = w.tokensEn.indexOf('cat'),
      the = w.tokensEn.indexOf('The');
    const res = rt.engine.attention({ q: w.q, k: w.k, v: w.v, causal: true });
    const rows = [
      check(
        'out[cat] = [0.42, 0.24] (page engine)',
        '[0.42, 0.24]',
        formatValue(round(rowsOf(res.output)[cat], 2)),
      ),
    ];
    // The same example typed into the cell and run in a worker (once, at build): what it printed
    // and what show() drew, as the student sees them.
    const nameOut = 'starter code in a worker prints out[cat]';
    const nameMap = 'starter code in a worker shows the cat row (The / cat)';
    const expOut = 'out[cat] = [0.42, 0.24]',
      expMap = '42.6% / 57.4%';
    const c = this.check ?? { state: 'pending', started: performance.now() };
    const both = (actual, ok, extra = {}) => [
      { name: nameOut, expected: expOut, actual, ok, ...extra },
      { name: nameMap, expected: expMap, actual, ok, ...extra },
    ];
    if (c.state === 'pending') {
      const waited = performance.now() - c.started;
      // Not a failure until the worker has had CHECK_TIMEOUT_MS to answer (`ready` waits for it).
      rows.push(
        ...(waited < CHECK_TIMEOUT_MS
          ? both(this.t('checkPending'), true, { pending: true })
          : both(this.t('checkTimeout', CHECK_TIMEOUT_MS / 1000), false)),
      );
    } else if (c.state === 'timeout')
      rows.push(...both(this.t('checkTimeout', CHECK_TIMEOUT_MS / 1000), false));
    else if (c.state === 'csp') rows.push(...both(this.t('checkBlocked'), false));
    else if (c.state === 'missing') rows.push(...both(this.t('checkNoScript'), false));
    else if (c.state !== 'done') rows.push(...both(c.message ?? c.state, false));
    else if (c.result.kind !== 'done')
      rows.push(
        ...both(
          c.result.kind === 'error' ? `${c.result.name}: ${c.result.message}` : c.result.kind,
          false,
        ),
      );
    else {
      const printed = c.lines.find((l) => l.startsWith('out[cat] =')) ?? c.lines.join(' | ');
      const map = c.shows[0]?.matrices[0]?.rows;
      rows.push(
        check(nameOut, expOut, printed),
        check(
          nameMap,
          expMap,
          map ? `${pct(map[cat][the])} / ${pct(map[cat][cat])}` : 'nothing shown',
        ),
      );
    }
    return rows;
  }
}
