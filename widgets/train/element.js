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
/** @import { TrainChoices, TrainInfo, TrainOut, SnapshotView } from './logic.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { h, num, pct, grouped } from '../../web/dom.js';
import { formula } from '../../web/mathml.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { TRAIN_CSS } from './styles.js';
import {
  DEFAULT_CHOICES,
  KV_HEAD_CHOICES,
  LAYER_CHOICES,
  SNAPSHOT_SENTENCE,
  SAMPLE_PROMPT,
  choicesFrom,
  tokensPerSecond,
  strongestPreviousHead,
  strongestSinkHead,
  meanSinkShare,
  uniformPreviousShare,
  uniformFirstShare,
  seedProblem,
  validBelowTraining,
} from './logic.js';
import { saveTrainedModel, meanLoss } from '../../web/trained-model.js';
import { encodeBase64 } from '../../web/base64.js';
import { TrainWorker } from './train-worker.js';
import { LossChart } from './views/loss-curve.js';
import { snapshotControls, snapshotBody } from './views/snapshot.js';
import { runsTable } from './views/runs.js';

/**
 * A snapshot kept: its step, validation loss and what the worker's trainer read of the weights.
 * @typedef {{ step: number, validLoss: number, view: SnapshotView }} Snapshot
 */
/** @typedef {import('./views/loss-curve.js').Curve} Curve */

/** The status and the curve are drawn at most this often while a run trains (ms). */
const PROGRESS_MS = 250;
/**
 * A run kept for the side-by-side table.
 * @typedef {{ n: number, layers: number, hybrid: boolean, kvHeads: number, steps: number,
 *   validLoss: number, kvBytesPerToken: number }} RunRow
 */

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

  /** @type {'idle' | 'starting' | 'running' | 'paused' | 'done'} */
  #state = 'idle';
  /** @type {TrainChoices} */
  #choices = { ...DEFAULT_CHOICES };
  /** @type {TrainWorker | null} */
  #worker = null;
  /** @type {TrainInfo | null} */
  #info = null;
  /** @type {{ step: number, loss: number }[]} */
  #train = [];
  /** @type {number[]} */
  #stepMs = [];
  #heap = 0;
  /** @type {Snapshot[]} */
  #snapshots = [];
  /** which snapshot the scrubber shows; -1 follows the newest */
  #shown = -1;
  #layer = -1;
  #head = 0;
  /** @type {RunRow[]} */
  #runs = [];
  /** the curves of the runs before this one ("Train again" keeps them on the chart) */
  /** @type {Curve[]} */
  #before = [];
  #runCount = 0;
  /** @type {string | null} */
  #note = null;
  /** @type {Record<string, HTMLElement>} */
  #el = {};
  /** @type {LossChart | null} */
  #chart = null;
  /** @type {ReturnType<typeof snapshotBody> | null} */
  #snapBody = null;
  /** A progress draw is waiting for its frame. */
  #drawPending = false;
  /** When the last progress draw ran (performance.now()). */
  #drewAt = 0;

  /** The run's state, for tests and course platforms. */
  get state() {
    return this.#state;
  }
  /** Steps done so far in this run. */
  get step() {
    return this.#train.length ? this.#train[this.#train.length - 1].step : 0;
  }
  /** The snapshots of this run (step, validation loss, the engine's reading). */
  get snapshots() {
    return this.#snapshots;
  }
  /** The finished runs, side by side. */
  get runs() {
    return this.#runs;
  }
  /** The curves of the runs before this one, drawn beside it. */
  get previousCurves() {
    return this.#before;
  }
  /** What the run trains (trainStart's answer), or null before Start. */
  get info() {
    return this.#info;
  }
  /** The worker's WASM heap in bytes at the last step (for the benchmark; not shown). */
  get heapBytes() {
    return this.#heap;
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
    const c = this.#choices;
    /**
     * @param {string} id
     * @param {string} label
     * @param {HTMLElement} control
     */
    const field = (id, label, control) => {
      control.id = id;
      return h('div', { class: 'field' }, [h('label', { for: id }, label), control]);
    };
    const steps = h('input', {
      type: 'number',
      min: 1,
      step: 1,
      value: c.steps,
      inputmode: 'numeric',
    });
    // Text, not a number field: a number field would round a seed above 2^53 before it is read.
    const seed = h('input', {
      type: 'text',
      value: c.seed,
      inputmode: 'numeric',
      autocomplete: 'off',
      spellcheck: 'false',
    });
    const layers = h(
      'select',
      {},
      LAYER_CHOICES.map((n) => h('option', { value: n, selected: n === c.layers }, String(n))),
    );
    const types = h('select', {}, [
      h('option', { value: 'full', selected: !c.hybrid }, this.t('full')),
      h('option', { value: 'hybrid', selected: c.hybrid }, this.t('hybrid')),
    ]);
    const kv = h(
      'select',
      {},
      KV_HEAD_CHOICES.map((n) => h('option', { value: n, selected: n === c.kvHeads }, String(n))),
    );
    const form = () => ({
      steps: /** @type {HTMLInputElement} */ (steps).value,
      seed: /** @type {HTMLInputElement} */ (seed).value,
      layers: /** @type {HTMLSelectElement} */ (layers).value,
      kvHeads: /** @type {HTMLSelectElement} */ (kv).value,
      hybrid: /** @type {HTMLSelectElement} */ (types).value,
    });
    const start = h('button', {
      class: 'primary',
      'data-role': 'start',
      onclick: () => this.#start(form()),
    });
    const pause = h('button', { 'data-role': 'pause', onclick: () => this.#pauseOrResume() });
    const reset = h(
      'button',
      { 'data-role': 'reset', onclick: () => this.#reset() },
      this.t('reset'),
    );
    this.#inputs = [steps, seed, layers, types, kv];
    this.#chart = new LossChart({
      t: (k, ...a) => this.t(k, ...a),
      narrow: globalThis.matchMedia?.('(max-width: 520px)').matches ?? false,
    });
    this.#snapBody = snapshotBody({ t: (k, ...a) => this.t(k, ...a) });
    this.#el = {
      start,
      pause,
      reset,
      status: h('p', { class: 'status', role: 'status', 'aria-live': 'polite' }),
      model: h('p', { class: 'muted formula' }),
      summary: h('p', { class: 'formula summary' }),
      below: h('p', { class: 'note', hidden: true }),
      snap: h('div', { class: 'snapshot' }),
      runs: h('div', { class: 'runs' }),
      hand: h('div', { class: 'hand' }),
      inputs: h('div', { class: 'fields' }, [
        field('train-steps', this.t('steps'), steps),
        field('train-seed', this.t('seed'), seed),
        field('train-layers', this.t('layers'), layers),
        field('train-types', this.t('layerTypes'), types),
        field('train-kv', this.t('kvHeads', KV_HEAD_CHOICES[0]), kv),
      ]),
    };
    this.#snapControls = snapshotControls({
      t: (k, ...a) => this.t(k, ...a),
      onIndex: (i) => {
        this.#shown = i === this.#snapshots.length - 1 ? -1 : i;
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
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('section', { class: 'choices', 'aria-label': this.t('choices') }, [
        this.#el.inputs,
        h('div', { class: 'buttons' }, [start, pause, reset]),
        this.#el.status,
        this.#el.model,
      ]),
      h('section', {}, [
        h('h3', {}, this.t('curveTitle')),
        h('p', { class: 'muted' }, this.t('curveHelp')),
        h('p', { class: 'formula' }, formula(this.t('lossFormula'))),
        this.#chart.el,
        this.#el.summary,
        this.#el.below,
      ]),
      h('section', {}, [
        h('h3', {}, this.t('snapshots')),
        // The sentence in bold: the one every heatmap below reads.
        h('p', { class: 'muted' }, [
          this.t('snapshotHelpBefore'),
          h('strong', {}, SNAPSHOT_SENTENCE),
          this.t('snapshotHelpAfter'),
        ]),
        this.#el.snap,
      ]),
      h('section', {}, [
        h('h3', {}, this.t('runs')),
        h('p', { class: 'muted' }, this.t('runsHelp')),
        this.#el.runs,
      ]),
      h('section', {}, [h('h3', {}, this.t('handOver')), this.#el.hand]),
    );
    // A language change rebuilds the widget: the chart starts again with what it had.
    if (this.#info) this.#chart.start(this.#chartRun(this.#info));
  }

  /** @type {HTMLElement[]} */
  #inputs = [];
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

  /** Start is "Train again" once a run is done or paused: the choices are open again then. */
  #drawControls() {
    const s = this.#state;
    const { start, pause } = this.#el;
    const open = s === 'idle' || s === 'paused' || s === 'done';
    const again = s === 'paused' || s === 'done' || (s === 'idle' && this.#before.length > 0);
    start.textContent = this.t(again ? 'trainAgain' : 'start');
    /** @type {HTMLButtonElement} */ (start).disabled = !open;
    pause.textContent = this.t(s === 'paused' ? 'resume' : 'pause');
    /** @type {HTMLButtonElement} */ (pause).disabled = s !== 'running' && s !== 'paused';
    for (const i of this.#inputs) /** @type {HTMLInputElement} */ (i).disabled = !open;
  }

  /** @param {TrainInfo} info the chart's new run, with the runs before it */
  #chartRun(info) {
    return { steps: info.steps, baseline: info.unigramLoss, before: this.#before };
  }

  /** This run's curve as the chart draws it. @returns {Curve} */
  #curve() {
    return {
      train: this.#train,
      valid: this.#snapshots.map((s) => ({ step: s.step, loss: s.validLoss })),
      steps: this.#info?.steps ?? 1,
    };
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
    const info = this.#info;
    const { status, model, summary, below } = this.#el;
    if (!info) {
      this.#text(status, this.t(this.#state === 'starting' ? 'starting' : 'idle'));
      this.#text(model, '');
      this.#text(summary, '');
      below.hidden = true;
      return;
    }
    const tps = tokensPerSecond(info.tokensPerStep, this.#stepMs);
    const tail =
      this.#state === 'paused'
        ? ` · ${this.t('paused')}`
        : this.#state === 'done'
          ? ` · ${this.t('finished')}`
          : '';
    this.#text(status, this.t('status', this.step, info.steps, tps) + tail);
    const c = info.config;
    this.#text(
      model,
      this.t(
        'model',
        info.parameters,
        c.layerTypes.map((k) => this.t('layerKinds')[k]).join(' · '),
        c.nKvHeads,
      ) +
        ' ' +
        this.t('corpus', info.fortuneChars, info.storyChars, info.trainTokens),
    );
    const curve = this.#curve();
    this.#chart?.update(curve);
    const last = this.#train[this.#train.length - 1];
    const valid = curve.valid[curve.valid.length - 1];
    this.#text(
      summary,
      this.t(
        'curveSummary',
        this.step,
        last ? num(last.loss, 3) : '—',
        valid ? num(valid.loss, 3) : '—',
        num(info.unigramLoss, 3),
        grouped(info.validTokens),
      ),
    );
    // Validation below training is a question a student asks: where it shows, say why.
    below.hidden = !validBelowTraining(this.#train, curve.valid);
    if (!below.hidden)
      this.#text(
        below,
        this.t('validBelow', grouped(info.validTokens), info.batch, info.config.context),
      );
  }

  /** The scrubber and sliders, and (unless `body` is false) the chosen layer of the snapshot. */
  #drawSnapshot(body = true) {
    const box = this.#el.snap;
    const controls = this.#snapControls;
    const view = this.#snapBody;
    box.hidden = !this.#snapshots.length;
    if (!this.#snapshots.length || !controls || !view) return;
    const index = this.#shown < 0 ? this.#snapshots.length - 1 : this.#shown;
    const snap = this.#snapshots[index];
    const run = snap.view.run;
    const full = run.attention.flatMap((l, i) => (l.type === 'full' ? [i] : []));
    if (this.#layer < 0 || this.#layer >= run.attention.length) this.#layer = full[0] ?? 0;
    const layer = run.attention[this.#layer];
    const heads = layer.type === 'full' ? layer.weights.shape[0] : 0;
    this.#head = Math.min(this.#head, Math.max(0, heads - 1));
    controls.set({
      count: this.#snapshots.length,
      index,
      stepText: this.t('snapshotAt', snap.step, num(snap.validLoss, 3)),
      layers: run.attention.length,
      layer: this.#layer,
      heads,
      head: this.#head,
    });
    if (!body) return;
    const T = run.labels.length;
    const prev = strongestPreviousHead(snap.view.patterns);
    const sink = strongestSinkHead(snap.view.patterns);
    view.draw({
      lang: this.lang,
      scale: this.scale,
      snapshot: snap,
      layer: this.#layer,
      head: this.#head,
      facts: [
        prev
          ? this.t(
              'prevHead',
              prev.layer + 1,
              prev.head + 1,
              pct(prev.weight, 1),
              pct(uniformPreviousShare(T), 1),
            )
          : '',
        sink
          ? this.t(
              'sink',
              pct(meanSinkShare(run), 1),
              sink.layer + 1,
              sink.head + 1,
              pct(sink.weight, 1),
              pct(uniformFirstShare(T), 1),
            )
          : '',
        this.t('sample', SAMPLE_PROMPT, snap.view.sample),
      ].filter(Boolean),
    });
  }

  #drawRuns() {
    this.#el.runs.replaceChildren(
      this.#runs.length
        ? runsTable({ t: (k, ...a) => this.t(k, ...a), runs: this.#runs })
        : h('p', { class: 'muted' }, this.t('runsEmpty')),
    );
  }

  #drawHandOver() {
    const ready =
      this.#snapshots.length > 1 && (this.#state === 'paused' || this.#state === 'done');
    const hybrid = this.#info?.config.layerTypes.includes('linear') ?? false;
    const gguf = /** @type {typeof TrainModel} */ (this.constructor).ggufOf;
    const button = (
      /** @type {string} */ role,
      /** @type {string} */ key,
      /** @type {() => void} */ onclick,
      enabled = ready,
    ) => h('button', { 'data-role': role, disabled: !enabled, onclick }, this.t(key));
    this.#el.hand.replaceChildren(
      h('div', { class: 'buttons' }, [
        button('open-in-lab', 'openInLab', () => this.#openInLab()),
        button('download-bin', 'downloadBin', () => this.#download('bin')),
        ...(gguf
          ? [
              button(
                'download-gguf',
                'downloadGguf',
                () => this.#download('gguf'),
                ready && !hybrid,
              ),
            ]
          : []),
      ]),
      ...(hybrid ? [h('p', { class: 'muted' }, this.t('noGguf'))] : []),
      ...(this.#note ? [h('p', { class: 'stale', role: 'alert' }, this.#note)] : []),
    );
  }

  /**
   * Start, or train again: the run before (done or paused) keeps its row and its curve.
   * @param {{ steps: string, seed: string, layers: string, kvHeads: string, hybrid: string }} form
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
    this.#keepRun();
    if (this.#info && this.#train.length) this.#before = [...this.#before, this.#curve()];
    this.#worker?.terminate();
    this.#worker = null;
    this.#info = null;
    this.#train = [];
    this.#stepMs = [];
    this.#snapshots = [];
    this.#shown = -1;
  }

  #keepRun() {
    const info = this.#info;
    const last = this.#snapshots[this.#snapshots.length - 1];
    if (!info || !last || last.step === 0) return;
    if (this.#runs.some((r) => r.n === this.#runCount)) return;
    const c = info.config;
    this.#runs.push({
      n: this.#runCount,
      layers: c.nLayers,
      hybrid: c.layerTypes.includes('linear'),
      kvHeads: c.nKvHeads,
      steps: last.step,
      validLoss: last.validLoss,
      kvBytesPerToken: last.view.kvBytesPerToken,
    });
  }

  /**
   * The status and the curve at a frame at most every PROGRESS_MS: one draw however fast steps
   * come, and frames left free between them for what a student taps.
   */
  #scheduleProgress() {
    if (this.#drawPending) return;
    this.#drawPending = true;
    const wait = Math.max(0, PROGRESS_MS - (performance.now() - this.#drewAt));
    setTimeout(
      () =>
        requestAnimationFrame(() => {
          this.#drawPending = false;
          this.#drewAt = performance.now();
          this.#drawProgress();
        }),
      wait,
    );
  }

  /** @param {TrainOut} m */
  #onMessage(m) {
    const rt = this.rt;
    if (!rt) return;
    try {
      switch (m.type) {
        case 'started':
          this.#info = m.info;
          this.#heap = m.heapBytes;
          this.#runCount++;
          this.#state = 'running';
          this.#chart?.start(this.#chartRun(m.info));
          this.clearError();
          this.update();
          return;
        case 'progress':
          this.#train.push({ step: m.step, loss: m.loss });
          this.#stepMs.push(m.ms);
          this.#heap = m.heapBytes;
          this.#scheduleProgress();
          return;
        case 'snapshot':
          this.#snapshots.push({ step: m.step, validLoss: m.validLoss, view: m.view });
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
          this.#keepRun();
          this.update();
          return;
        case 'error':
          // A bad choice (steps 0, …): the engine's named error, and the form back to edit.
          this.#worker?.terminate();
          this.#worker = null;
          this.#state = 'idle';
          this.#info = null;
          this.#train = [];
          this.#snapshots = [];
          this.update();
          this.showError(m);
          return;
      }
    } catch (e) {
      this.showError(e);
    }
  }

  async #openInLab() {
    const info = this.#info;
    const worker = this.#worker;
    const last = this.#snapshots[this.#snapshots.length - 1];
    if (!info || !worker || !last) return;
    const bytes = await worker.weights('f16');
    const saved = saveTrainedModel(globalThis.localStorage ?? null, {
      weights: encodeBase64(bytes),
      steps: this.step,
      seed: info.seed,
      validLoss: last.validLoss,
      unigramLoss: info.unigramLoss,
      parameters: info.parameters,
      layerTypes: info.config.layerTypes,
      kvHeads: info.config.nKvHeads,
      // What the milestone page's c3-attention.json export also records (attn-train's fields).
      batch: info.batch,
      validTokens: info.validTokens,
      trainLoss: meanLoss(this.#train.slice(-50)),
      seconds: this.#stepMs.reduce((a, b) => a + b, 0) / 1000,
    });
    if (!saved) {
      this.#note = this.t('storageFull');
      this.#drawHandOver();
      return;
    }
    const href = this.getAttribute('lab-href') || 'lab.html';
    const url = new URL(href, document.baseURI);
    url.searchParams.set('model', 'trained');
    if (this.isEnglish) url.searchParams.set('lang', 'en');
    location.assign(url.href);
  }

  /** @param {'bin' | 'gguf'} kind */
  async #download(kind) {
    const rt = this.rt;
    const worker = this.#worker;
    if (!rt || !worker) return;
    try {
      const bytes = await worker.weights(kind === 'bin' ? 'f32' : 'f16');
      const ggufOf = /** @type {typeof TrainModel} */ (this.constructor).ggufOf;
      const file =
        kind === 'bin'
          ? bytes
          : /** @type {NonNullable<typeof ggufOf>} */ (ggufOf)(rt.engine, bytes);
      const name = `trained-${this.step}-steps-seed-${this.#info?.seed}.${kind === 'bin' ? 'bin' : 'gguf'}`;
      const a = h('a', {
        href: URL.createObjectURL(new Blob([new Uint8Array(file)])),
        download: name,
      });
      this.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(/** @type {HTMLAnchorElement} */ (a).href), 10000);
    } catch (e) {
      this.showError(e);
    }
  }
}
