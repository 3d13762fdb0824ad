// <attn-lab> — 实验课, the lab: real model, real data.
// The small character-level model this project trains from zero (course-data/lab-model.bin,
// npm run train), run by the engine in the browser on a prompt the student types and Runs
// (button or Enter): the predicted next character appended, highlighted, to the prompt's tokens,
// the top 5, and the attention of that very forward pass, layer by layer and head by head, as a
// heatmap (layer and head sliders in a bar that stays in view above it) with the fan-out arcs of
// the selected query row under it (web/views/fan-out-arcs.js; the prediction's row first). The
// model is hybrid: on a linear (Gated DeltaNet) layer there is no softmax matrix, and the layer
// slider shows that layer's fixed-size state instead (its bytes and ‖S‖ per head after each
// token). Folded below, in <details>: greedy generation with the KV cache, each head's
// attention-sink share (small multiples, layer × head), the heads compared by pattern
// (engine.headPatterns: previous token / first token / itself / the rest), the kv_heads ablation
// (validation loss against KV bytes per token, one seed) and the hybrid ablation (hybrid against
// all-full attention: loss, KV and state bytes, one request's bytes). The generation and the
// patterns are computed only while their panels are open. A Run takes a few ms for 32 tokens.
// The model and its two exports come from a second script, attn-lab-data.js
// (globalThis.AttnLabData); without it the widget says which script to add. The self-check runs
// the export's prompt and sentences through the live engine and compares with the native export
// (1e-4).
// This file is the element: its state and the wiring between the panels. What it computes is in
// logic.js, what each panel draws in views/, every string in strings.js, its CSS in styles.js.
// Attributes: lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { LabModel, PromptResult } from './logic.js' */
/** @import { Translate } from './views/panel.js' */
/** @import { SortKey } from './views/patterns.js' */
/** @import { TrainedModel } from '../../web/trained-model.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { readTrainedModel, pageStorage } from '../../web/trained-model.js';
import { h } from '../../web/dom.js';
import {
  DATA_SCRIPT,
  DEFAULT_PROMPT,
  DEFAULT_STEPS,
  labData,
  labDataArrived,
  labModel,
  clampPrompt,
  runPrompt,
  prediction,
  ablationLedger,
  labChecks,
  fullLayers,
  modelFacts,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { LAB_CSS } from './styles.js';
import { aboutSection } from './views/about.js';
import { promptSection } from './views/prompt.js';
import { nextTokenSection } from './views/next-token.js';
import { heatmapSection } from './views/heatmap.js';
import { generationSection } from './views/generation.js';
import { sinkSection } from './views/sinks.js';
import { patternSection } from './views/patterns.js';
import { ablationSection, hybridSection } from './views/ablation.js';

/**
 * The panels that change with each Run (the ablations are drawn once).
 * @typedef {{
 *   prompt: ReturnType<typeof promptSection>, next: ReturnType<typeof nextTokenSection>,
 *   heat: ReturnType<typeof heatmapSection>, gen: ReturnType<typeof generationSection>,
 *   sinks: ReturnType<typeof sinkSection>, patterns: ReturnType<typeof patternSection>,
 * }} Panels
 */

/**
 * @tag attn-lab
 * @summary The lab: our trained model's attention (needs attn-lab-data.js after attn-widgets.js).
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} model - `trained`: the model a student trained in <attn-train> and handed over
 *   (web/trained-model.js; the course's model if none is kept); absent: the course's model
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, prompt, steps, layer, head, trained}
 * @fires attn-facts - once its model is loaded (bubbles, composed); detail {model: 'course' |
 *   'trained', facts: the course facts this model gives (lab-top1-share, …)}: a page binds its
 *   prediction to the model it shows (web/predict.js)
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class Lab extends AttnWidget {
  static css = LAB_CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  static get observedAttributes() {
    return ['lang', 'model'];
  }

  /** @type {TrainedModel | null} the student's model shown instead of the course's, if any */
  #trained = null;
  /** @type {LabModel | null} the model and its data files; null until attn-lab-data.js is here */
  #lab = null;
  /** The prompt of the last Run, and the generation's steps. */
  #prompt = DEFAULT_PROMPT;
  #steps = DEFAULT_STEPS;
  /** The chosen layer and head, 0-based; layer −1 until the first build picks the first full. */
  #layer = -1;
  #head = 0;
  /** @type {SortKey} the pattern table's order */
  #sortKey = 'order';
  /** @type {number | null} the arcs' query row; null: the prediction's (the last) */
  #query = null;
  /** @type {PromptResult | undefined} the last Run */
  #result;
  /** @type {{ tokens: number, run: number, patterns: number, generate: number } | undefined} */
  #timing;
  /** @type {Promise<void> | undefined} set while waiting for attn-lab-data.js (or page load) */
  #dataWait;
  /** @type {Panels | null} */
  #panels = null;

  constructor() {
    super();
    // Ready once the data script has arrived and the widget has drawn with it (or said it is
    // missing).
    const drawn = this.ready;
    this.ready = drawn.then(() => this.#dataWait);
  }

  /** The loaded model and its data files (null while attn-lab-data.js is missing). */
  get lab() {
    return this.#lab;
  }

  /** The last Run: the engine's pass and what the open panels needed of it. */
  get result() {
    return this.#result;
  }

  /** The last Run's engine time in ms (run, patterns, generate) and its token count. */
  get timing() {
    return this.#timing;
  }

  updateDetail() {
    // Until the data has arrived nothing is chosen yet.
    const built = this.#lab !== null;
    return {
      ...super.updateDetail(),
      prompt: built ? this.#prompt : undefined,
      steps: built ? this.#steps : undefined,
      layer: built ? this.#layer : undefined,
      head: built ? this.#head : undefined,
      trained: this.#trained !== null,
    };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const data = labData();
    if (!data) {
      if (document.readyState === 'complete') throw new Error(this.t('noData'));
      this.#lab = null;
      this.body.append(h('p', { class: 'muted' }, this.t('loadingData')));
      this.#waitForLabData(rt);
      return;
    }
    // The student's own model (from <attn-train>) runs on the course's prompt, sentences and
    // ablation tables; only its weights and what the page says about it differ.
    const wanted = this.getAttribute('model') === 'trained';
    this.#trained = wanted ? readTrainedModel(pageStorage()) : null;
    const lab = labModel(
      rt.engine,
      this.#trained ? { ...data, weights: this.#trained.weights } : data,
    );
    this.#lab = lab;
    // The page's prediction is about the model shown here: tell it this model's facts.
    const facts = modelFacts(rt.engine, lab);
    const model = this.#trained ? 'trained' : 'course';
    queueMicrotask(() =>
      this.dispatchEvent(
        new CustomEvent('attn-facts', { bubbles: true, composed: true, detail: { model, facts } }),
      ),
    );
    if (this.#layer >= lab.config.nLayers) this.#layer = -1;
    const c = lab.config;
    // Start where there is a heatmap; the slider walks them all.
    if (this.#layer < 0) this.#layer = fullLayers(c)[0];
    /** @type {Translate} */
    const t = (key, ...args) => this.t(key, ...args);
    const lang = this.lang;
    /** @type {(layer: number, head: number) => void} */
    const pick = (l, hd) => this.#select(l, hd);
    const panels = {
      prompt: promptSection({
        t,
        context: c.context,
        prompt: this.#prompt,
        defaultPrompt: DEFAULT_PROMPT,
        onRun: (text) => this.#run(text),
        onAppend: () => {
          if (this.#result) this.#run(this.#prompt + prediction(this.#result.run).char);
        },
        onInput: () => this.#edited(),
      }),
      next: nextTokenSection({ t, vocab: c.vocab }),
      heat: heatmapSection({
        t,
        lang,
        config: c,
        layer: this.#layer,
        head: this.#head,
        scale: this.scale,
        onLayer: (l) => this.#set(() => (this.#layer = l)),
        onHead: (hd) => this.#set(() => (this.#head = hd)),
        onQuery: (q) => (this.#query = q),
        onPick: (l, hd, q) => {
          this.#query = q;
          this.#select(l, hd);
        },
      }),
      gen: generationSection({
        t,
        steps: this.#steps,
        // The model's own ledger row at the full context, its K/V counted in BF16 (2 bytes) as
        // everywhere on the page and in the course; the linear layers' state stays float32.
        ledger: rt.engine.labLedger(lab.id, { tokens: c.context, dtypeBytes: 2 }),
        config: c,
        onSteps: (n) => this.#set(() => (this.#steps = n)),
        onOpen: () => this.#opened('generation'),
      }),
      sinks: sinkSection({ t, lang, config: c, onPick: pick }),
      patterns: patternSection({
        t,
        lang,
        sortKey: this.#sortKey,
        onSort: (k) => this.#set(() => (this.#sortKey = k)),
        onPick: pick,
        onOpen: () => this.#opened('patterns'),
      }),
    };
    this.#panels = panels;
    const tm = this.#trained;
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      ...(wanted && !tm ? [h('p', { class: 'stale', role: 'status' }, this.t('noTrained'))] : []),
      aboutSection(t, lab, tm),
      panels.prompt.el,
      panels.next.el,
      panels.heat.el,
      panels.gen.el,
      panels.sinks.el,
      panels.patterns.el,
      ablationSection({
        t,
        lang,
        lab,
        ledgers: lab.ablation.rows.map((r) => ablationLedger(rt.engine, lab, r)),
      }),
      hybridSection({ t, lang, lab }),
    );
  }

  /**
   * attn-lab-data.js comes after attn-widgets.js: build again once it (or the page's load event)
   * is here. this.ready waits for that too (see the constructor).
   * @param {Runtime} rt
   */
  #waitForLabData(rt) {
    this.#dataWait ??= labDataArrived().then(() => {
      this.body.replaceChildren();
      this._checksLang = undefined; // the panel was drawn without the data: draw it again
      try {
        this.build(rt);
        this.update();
      } catch (e) {
        this.showError(e);
      }
    });
  }

  /**
   * A control changed a piece of state: change it and draw again.
   * @param {() => void} change
   */
  #set(change) {
    change();
    this.update();
  }

  /** The field was edited: keep it inside the context, say when it differs from the last Run. */
  #edited() {
    if (!this.#lab || !this.#panels) return;
    const input = this.#panels.prompt.input;
    const clamped = clampPrompt(input.value, this.#lab.config.context);
    if (clamped !== input.value) input.value = clamped;
    this.#panels.prompt.stale(clamped !== this.#prompt);
  }

  /**
   * Run the model on `text` (clamped to the context): every panel then shows this pass, the arcs
   * its last query row (the prediction's).
   * @param {string} text
   */
  #run(text) {
    if (!this.#lab || !this.#panels) return;
    const clamped = clampPrompt(text, this.#lab.config.context);
    this.#panels.prompt.input.value = clamped;
    this.#prompt = clamped;
    this.#query = null;
    this.#panels.prompt.stale(false);
    this.update();
  }

  /**
   * Show head `hd` of layer `l` (a sink cell, a pattern row, the far-head button).
   * @param {number} l
   * @param {number} hd
   */
  #select(l, hd) {
    this.#layer = l;
    this.#head = hd;
    this.update();
  }

  /**
   * A panel computed only while open was opened: run the prompt again with its part, if the
   * last Run left it out.
   * @param {'patterns' | 'generation'} part
   */
  #opened(part) {
    if (this.#result && !this.#result.computed[part]) this.update();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const lab = this.#lab;
    const p = this.#panels;
    if (!lab || !p) return;
    const res = runPrompt(rt.engine, lab, this.#prompt, this.#steps, {
      patterns: p.patterns.el.open,
      generation: p.gen.el.open,
    });
    this.#result = res;
    this.#timing = { tokens: res.run.tokens.length, ...res.ms };
    const { run } = res;
    p.prompt.draw(lab, run, this.#prompt);
    p.next.draw(run, this.#prompt);
    // A folded panel is emptied rather than left showing an earlier prompt's result; opening it
    // computes and draws this prompt's (#opened).
    if (res.computed.generation)
      p.gen.draw(res, { prompt: this.#prompt, steps: this.#steps, context: lab.config.context });
    else p.gen.clear();
    const chosen = { layer: this.#layer, head: this.#head, scale: this.scale };
    this.#query = p.heat.draw(run, { ...chosen, query: this.#query });
    p.sinks.draw(run, chosen);
    if (res.computed.patterns)
      p.patterns.draw(res.patterns, {
        sortKey: this.#sortKey,
        layer: this.#layer,
        head: this.#head,
      });
    else p.patterns.clear();
  }

  /** The checks, under a line naming the model they run (never the student's: see checks). */
  drawChecks() {
    super.drawChecks();
    if (this.checkBox.hidden || !this.#lab) return;
    this.checkBox
      .querySelector('summary')
      ?.after(
        h(
          'p',
          { class: 'muted' },
          this.t(this.#trained ? 'checksOfCourseNotYours' : 'checksOfCourse'),
        ),
      );
  }

  /**
   * The course model's numbers against its native export, whichever model the widget shows: a
   * model trained in the browser has no export to compare with.
   * @param {Runtime} rt
   */
  checks(rt) {
    const data = labData();
    if (!data) return [{ name: DATA_SCRIPT, expected: 'loaded', actual: 'missing', ok: false }];
    return labChecks(rt.engine, labModel(rt.engine, data));
  }
}
