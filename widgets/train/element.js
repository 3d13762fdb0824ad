// <attn-train> — train the lab's model yourself: a small model of the lab's family trained from
// zero in a Web Worker (./worker.js, the native trainer compiled to WASM), with Start / Pause /
// Reset, the seed and the choices the seed's kv_heads ablation varies. While it trains: the loss
// curves against the unigram baseline, characters per second, and every few steps a snapshot
// (one sentence's attention per full layer and head, the linear layers' ‖S‖, a greedy sample),
// read in the worker from the snapshot's weights; a scrubber walks back through them. "Train
// again" (Start once a run is done or paused) keeps the runs before it: their curves stay on the
// chart in grey, their rows side by side (validation loss against the ledger's KV bytes per
// token). The model can go to the lab (localStorage, lab.html?model=trained) or be downloaded
// (the lab's .bin, or the GGUF export-hf writes, for the open-model page).
// While a run trains, a frame draws only what changed: the status line, the curve's points and
// new dots, and a snapshot's cells in place (views/loss-curve.js, views/snapshot.js), so that a
// tap on a control reaches the screen in the next frame.
//
// Lives in dist/attn-train.js (with the worker and its text), loaded only where this tag is.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine } from '../../web/attn-engine.js' */
/** @import { TrainChoices, TrainInfo, TrainOut } from './logic.js' */
/** @import { TrainState } from './views/choices.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { h, grouped } from '../../web/dom.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { TRAIN_CSS } from './styles.js';
import { DEFAULT_CHOICES, choicesFrom, seedProblem, TrainRuns } from './logic.js';
import { TrainWorker } from './train-worker.js';
import { LossChart } from './views/loss-curve.js';
import { snapshotControls, snapshotBody, showSnapshot } from './views/snapshot.js';
import { runsTable } from './views/runs.js';
import { trainChoices } from './views/choices.js';
import { runStatus, everyFewFrames } from './views/run-status.js';
import { handOver, openInLab, downloadModel } from './views/hand-over.js';
import { trainSections } from './views/sections.js';

/**
 * @tag attn-train
 * @summary Train the lab's small model from zero in the browser and watch its attention form.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} lab-href - the lab page "Open in the lab" goes to (default `lab.html`)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, state, step}
 */
export class TrainModel extends AttnWidget {
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  static css = TRAIN_CSS;
  /**
   * The lab model → GGUF conversion (scripts/lab-checkpoint.mjs, export-hf's), given by the
   * script's entry; null where the element is used without it (no GGUF button then).
   * @type {((engine: AttnEngine, labBytes: Uint8Array) => Uint8Array) | null}
   */
  static ggufOf = null;
  static get observedAttributes() {
    return ['lang', 'lab-href'];
  }

  /** @type {TrainState} */
  #state = 'idle';
  /** @type {TrainChoices} */
  #choices = { ...DEFAULT_CHOICES };
  /** @type {TrainWorker | null} */
  #worker = null;
  /** this run and the runs before it */
  #run = new TrainRuns();
  /** which snapshot the scrubber shows; -1 follows the newest */
  #shown = -1;
  #layer = -1;
  #head = 0;
  /** @type {string | null} */
  #note = null;
  /** @type {Record<string, HTMLElement>} */
  #el = {};
  /** @type {LossChart | null} */
  #chart = null;
  /** @type {ReturnType<typeof snapshotBody> | null} */
  #snapBody = null;
  /** The status and the curve at a frame, at most every PROGRESS_MS while a run trains. */
  #scheduleProgress = everyFewFrames(() => this.#drawProgress());

  /** The run's state, for tests and course platforms. */
  get state() {
    return this.#state;
  }
  /** Steps done so far in this run. */
  get step() {
    return this.#run.step;
  }
  /** The snapshots of this run (step, validation loss, the engine's reading). */
  get snapshots() {
    return this.#run.snapshots;
  }
  /** The finished runs, side by side. */
  get runs() {
    return this.#run.rows;
  }
  /** The curves of the runs before this one, drawn beside it. */
  get previousCurves() {
    return this.#run.before;
  }
  /** What the run trains (trainStart's answer), or null before Start. */
  get info() {
    return this.#run.info;
  }
  /** The worker's WASM heap in bytes at the last step (for the benchmark; not shown). */
  get heapBytes() {
    return this.#run.heapBytes;
  }

  updateDetail() {
    return { ...super.updateDetail(), state: this.#state, step: this.step };
  }

  disconnectedCallback() {
    this.#worker?.terminate();
    this.#worker = null;
    if (this.#state === 'running' || this.#state === 'starting') this.#state = 'paused';
  }

  /** @param {Runtime} _rt */
  build(_rt) {
    this.#form = trainChoices({
      t: (k, ...a) => this.t(k, ...a),
      choices: this.#choices,
      onStart: (form) => this.#start(form),
      onPause: () => this.#pauseOrResume(),
      onReset: () => this.#reset(),
    });
    this.#chart = new LossChart({
      t: (k, ...a) => this.t(k, ...a),
      narrow: globalThis.matchMedia?.('(max-width: 520px)').matches ?? false,
    });
    this.#snapBody = snapshotBody({ t: (k, ...a) => this.t(k, ...a) });
    this.#el = {
      status: h('p', { class: 'status', role: 'status', 'aria-live': 'polite' }),
      model: h('p', { class: 'muted formula' }),
      summary: h('p', { class: 'formula summary' }),
      below: h('p', { class: 'note', hidden: true }),
      snap: h('div', { class: 'snapshot' }),
      runs: h('div', { class: 'runs' }),
      hand: h('div', { class: 'hand' }),
    };
    this.#snapControls = snapshotControls({
      t: (k, ...a) => this.t(k, ...a),
      onIndex: (i) => {
        this.#shown = i === this.#run.snapshots.length - 1 ? -1 : i;
        this.#drawSnapshot();
      },
      onLayer: (l) => {
        this.#layer = l;
        this.#drawSnapshot();
      },
      onHead: (hd) => {
        this.#head = hd;
        this.#drawSnapshot();
      },
    });
    this.#el.snap.append(this.#snapControls.el, this.#snapBody.el);
    this.body.append(
      ...trainSections((k, ...a) => this.t(k, ...a), {
        choices: [this.#form.fields, this.#form.buttons, this.#el.status, this.#el.model],
        curve: [this.#chart.el, this.#el.summary, this.#el.below],
        snapshot: this.#el.snap,
        runs: this.#el.runs,
        hand: this.#el.hand,
      }),
    );
    // A language change rebuilds the widget: the chart starts again with what it had.
    if (this.#run.info) this.#chart.start(this.#chartRun(this.#run.info));
  }

  /** @type {ReturnType<typeof trainChoices> | null} */
  #form = null;
  /** @type {ReturnType<typeof snapshotControls> | null} */
  #snapControls = null;

  /** @param {Runtime} _rt */
  render(_rt) {
    this.#drawControls();
    this.#drawProgress();
    this.#drawSnapshot();
    this.#drawRuns();
    this.#drawHandOver();
  }

  /** The buttons and the choices as the run's state has them. */
  #drawControls() {
    this.#form?.set(this.#state, this.#run.before.length > 0);
  }

  /** @param {TrainInfo} info the chart's new run, with the runs before it */
  #chartRun(info) {
    return { steps: info.steps, baseline: info.unigramLoss, before: this.#run.before };
  }

  /**
   * @param {HTMLElement} el
   * @param {string} text
   */
  #text(el, text) {
    if (el.textContent !== text) el.textContent = text;
  }

  /** Status line, model line, the curve and its summary: redrawn (what changed) at every step. */
  #drawProgress() {
    const { status, model, summary, below } = this.#el;
    const curve = this.#run.curve();
    const lines = runStatus({
      t: (k, ...a) => this.t(k, ...a),
      info: this.#run.info,
      state: this.#state,
      step: this.step,
      stepMs: this.#run.stepMs,
      train: this.#run.train,
      valid: curve.valid,
    });
    this.#text(status, lines.status);
    this.#text(model, lines.model);
    if (this.#run.info) this.#chart?.update(curve);
    this.#text(summary, lines.summary);
    below.hidden = lines.below === null;
    if (lines.below !== null) this.#text(below, lines.below);
  }

  /** The scrubber and sliders, and (unless `body` is false) the chosen layer of the snapshot. */
  #drawSnapshot(body = true) {
    const box = this.#el.snap;
    const controls = this.#snapControls;
    const view = this.#snapBody;
    box.hidden = !this.#run.snapshots.length;
    if (!this.#run.snapshots.length || !controls || !view) return;
    const shown = showSnapshot(controls, view, {
      t: (k, ...a) => this.t(k, ...a),
      lang: this.lang,
      scale: this.scale,
      snapshots: this.#run.snapshots,
      shown: this.#shown,
      layer: this.#layer,
      head: this.#head,
      body,
    });
    this.#layer = shown.layer;
    this.#head = shown.head;
  }

  #drawRuns() {
    this.#el.runs.replaceChildren(
      this.#run.rows.length
        ? runsTable({ t: (k, ...a) => this.t(k, ...a), runs: this.#run.rows })
        : h('p', { class: 'muted' }, this.t('runsEmpty')),
    );
  }

  #drawHandOver() {
    const ready =
      this.#run.snapshots.length > 1 && (this.#state === 'paused' || this.#state === 'done');
    const hybrid = this.#run.info?.config.layerTypes.includes('linear') ?? false;
    this.#el.hand.replaceChildren(
      ...handOver({
        t: (k, ...a) => this.t(k, ...a),
        ready,
        hybrid,
        gguf: /** @type {typeof TrainModel} */ (this.constructor).ggufOf !== null,
        note: this.#note,
        onOpen: () => this.#openInLab(),
        onDownload: (kind) => this.#download(kind),
      }),
    );
  }

  /**
   * Start, or train again: the run before (done or paused) keeps its row and its curve.
   * @param {import('./views/choices.js').TrainForm} form
   */
  #start(form) {
    if (this.#state === 'starting' || this.#state === 'running') return;
    const tooBig = seedProblem(form.seed);
    if (tooBig) {
      this.showError({ name: 'ConfigError', message: this.t('seedTooBig', grouped(tooBig.max)) });
      return;
    }
    this.#endRun();
    const choices = choicesFrom(form);
    this.#choices = choices;
    this.#state = 'starting';
    this.#note = null;
    this.clearError();
    try {
      this.#worker = new TrainWorker((m) => this.#onMessage(m));
    } catch (e) {
      this.#state = 'idle';
      this.showError(e);
      return;
    }
    this.#worker.start(choices);
    this.update();
  }

  #pauseOrResume() {
    if (this.#state === 'running') {
      this.#worker?.pause();
    } else if (this.#state === 'paused') {
      this.#state = 'running';
      this.#worker?.resume();
      this.update();
    }
  }

  /** Ends the run (its row and curve stay once it trained past step 0); the form is back. */
  #reset() {
    this.#endRun();
    this.#state = 'idle';
    this.#note = null;
    this.clearError();
    this.update();
  }

  /** The run now ends: its row and its curve are kept, its worker stops, the page is clear. */
  #endRun() {
    this.#run.end();
    this.#worker?.terminate();
    this.#worker = null;
    this.#shown = -1;
  }

  /** @param {TrainOut} m */
  #onMessage(m) {
    const rt = this.rt;
    if (!rt) return;
    try {
      switch (m.type) {
        case 'started':
          this.#run.started(m.info, m.heapBytes);
          this.#state = 'running';
          this.#chart?.start(this.#chartRun(m.info));
          this.clearError();
          this.update();
          return;
        case 'progress':
          this.#run.progress(m);
          this.#scheduleProgress();
          return;
        case 'snapshot':
          this.#run.snapshots.push({ step: m.step, validLoss: m.validLoss, view: m.view });
          // A student looking at an earlier snapshot keeps it; only the scrubber grows.
          this.#drawSnapshot(this.#shown < 0);
          this.#scheduleProgress();
          return;
        case 'paused':
          this.#state = 'paused';
          this.update();
          return;
        case 'done':
          this.#state = 'done';
          this.#run.keep();
          this.update();
          return;
        case 'error':
          // A bad choice (steps 0, …): the engine's named error, and the form back to edit.
          this.#worker?.terminate();
          this.#worker = null;
          this.#state = 'idle';
          this.#run.clear();
          this.update();
          this.showError(m);
          return;
      }
    } catch (e) {
      this.showError(e);
    }
  }

  async #openInLab() {
    const worker = this.#worker;
    if (!worker) return;
    const href = this.getAttribute('lab-href') || 'lab.html';
    const sent = await openInLab(worker, this.#run, { href, english: this.isEnglish });
    if (sent) return;
    this.#note = this.t('storageFull');
    this.#drawHandOver();
  }

  /** @param {'bin' | 'gguf'} kind */
  async #download(kind) {
    const rt = this.rt;
    const worker = this.#worker;
    if (!rt || !worker) return;
    try {
      const ggufOf = /** @type {typeof TrainModel} */ (this.constructor).ggufOf;
      await downloadModel(worker, this.#run, kind, {
        parent: this.body,
        ggufOf: ggufOf && ((bytes) => ggufOf(rt.engine, bytes)),
      });
    } catch (e) {
      this.showError(e);
    }
  }
}
