// <attn-softmax-variance> — lesson 3: how scores become "how much to attend" weights.
// ① The proportional-split trap: s_j / Σs on the car scores [10, 3, −4] gives 汽车 −44.4%;
//    softmax of the same scores is positive and sums to 1.
// ② softmax of the dialog scores [8, 7, 9]: 24.5% / 9.0% / 66.5%, beside the common wrong guess
//    40% / 30% / 30% (and the proportional split, for comparison).
// ③ Why ÷√d: a head-width slider (d = 1 … 1024) runs the engine's seeded experiment
//    (softmaxVariance): a histogram of q·k unscaled (std ≈ √d) and scaled (std ≈ 1), and one
//    softmax row over 8 keys, which gets close to one-hot without ÷√d and stays spread with it.
// Every number comes from the engine; this file bins, lays out and formats.
// Attributes: lang (zh-CN | en), d (the starting head width, default 256).
/** @import { Runtime } from '../../web/runtime.js' */
import { formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { h, num } from '../../web/dom.js';
import {
  EXPERIMENT,
  D_STEPS,
  ANCHOR_D,
  E20_GAP,
  AXES,
  WRONG_GUESS,
  experiment,
  hasExperiment,
  experimentTexts,
  exampleLabels,
  scoreExample,
  bigRatio,
  weightPct,
  cachedCourseNumbers,
  courseCheckRows,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { CSS, UNSCALED, SCALED } from './views/style.js';
import { splitSection, dialogSection } from './views/score-examples.js';
import { drawHistogram } from './views/histogram.js';
import { drawSoftmaxRow } from './views/softmax-row.js';
import { sliderRow } from '../../web/views/slider.js';

/**
 * @tag attn-softmax-variance
 * @summary Lesson 3: softmax, and why scores are divided by √d.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {number} [d=256] - initial head width d (one of the slider's steps)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, d (the head width shown)}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class SoftmaxVariance extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  static get observedAttributes() {
    return ['lang', 'd'];
  }

  /** @type {number | undefined} the slider's position in D_STEPS (read from `d` at first) */
  #index;
  /** @type {unknown} a missing or malformed world: render shows it, the slider still works */
  #dataError = null;
  /** @type {Set<number>} head widths asked for in idle time */
  #prefetching = new Set();
  /** @type {number | undefined} ln K, the entropy of a uniform row (asked once) */
  #uniform;

  // What build() makes and render() fills.
  #slider = h('input');
  #output = h('output');
  #stdLine = h('p');
  #stdScaledLine = h('p');
  #histUnscaled = h('figure');
  #histScaled = h('figure');
  #rowUnscaled = h('figure');
  #rowScaled = h('figure');
  #verdict = h('p');

  /** The widget's strings, for the views. */
  #t = (/** @type {string} */ key, /** @type {any[]} */ ...args) => this.t(key, ...args);

  /** Slider position of the `d` attribute (nearest step), default the anchor's 256. */
  #startIndex() {
    const want = Number(this.getAttribute('d')) || ANCHOR_D;
    let best = 0;
    D_STEPS.forEach((d, i) => {
      if (Math.abs(d - want) < Math.abs(D_STEPS[best] - want)) best = i;
    });
    return best;
  }

  /** The slider's position. */
  get #at() {
    return (this.#index ??= this.#startIndex());
  }

  /** The head width shown. */
  get d() {
    return D_STEPS[this.#at];
  }

  /**
   * @param {string} name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    if (name === 'd' && old !== value) this.#index = this.#startIndex();
    super.attributeChangedCallback(name, old, value);
  }

  updateDetail() {
    return { ...super.updateDetail(), d: this.d };
  }

  /** @param {Runtime} rt */
  build(rt) {
    // The score examples need the teaching world; the √d experiment does not. A missing or
    // malformed world is shown inline (render rethrows it) and the slider keeps working.
    this.#dataError = null;
    /** @type {HTMLElement[]} */
    let parts = [];
    try {
      const nums = cachedCourseNumbers(rt); // engine results for the two score examples
      const { lang } = this;
      const car = { labels: exampleLabels(scoreExample(rt.world, 'car'), lang), ...nums.car };
      const dialog = {
        labels: exampleLabels(scoreExample(rt.world, 'dialog'), lang),
        ...nums.dialog,
      };
      const oneGap = rt.engine.softmax([1, 0], {}).weights; // a gap of 1: weight ratio e
      const guess = dialog.scores.length === WRONG_GUESS.length ? WRONG_GUESS : null;
      parts = [
        splitSection(car, { lang, t: this.#t }),
        dialogSection(dialog, { guess, eRatio: oneGap[0] / oneGap[1], lang, t: this.#t }),
      ];
    } catch (e) {
      this.#dataError = e;
    }
    const e20 = rt.engine.softmax([E20_GAP, 0], {}).weights; // two keys that far apart
    this.body.append(
      h('h2', {}, this.t('title')),
      ...parts,
      this.#buildExperiment(e20[0] / e20[1]),
    );
  }

  /**
   * ③ the √d experiment: the d slider, the std lines, two histograms and two softmax rows.
   * @param {number} e20 the engine's weight ratio for a gap of 20
   */
  #buildExperiment(e20) {
    const id = 'd-slider';
    const slider = sliderRow({
      id,
      label: this.t('slider'),
      min: 0,
      max: D_STEPS.length - 1,
      value: this.#at,
      attrs: {
        'aria-valuetext': this.t('valuetext', this.d),
        // The name carries d too ("Head width d, d = 384"): Chromium's accessibility tree
        // reports a native range's value as its position (0 … 19) whatever aria-valuetext says.
        'aria-labelledby': `${id}-label ${id}-output`,
      },
      labelAttrs: { id: `${id}-label` },
      outAttrs: { id: `${id}-output`, 'aria-hidden': 'true' },
      onInput: (v) => {
        this.#index = v;
        this.update();
      },
    });
    this.#slider = slider.input;
    this.#output = slider.out;
    this.#stdLine = h('p', { class: 'formula', 'data-formula': 'std' });
    this.#stdScaledLine = h('p', { class: 'formula', 'data-formula': 'std-scaled' });
    this.#histUnscaled = h('figure', { 'data-chart': 'hist-unscaled' });
    this.#histScaled = h('figure', { 'data-chart': 'hist-scaled' });
    this.#rowUnscaled = h('figure', { 'data-chart': 'row-unscaled' });
    this.#rowScaled = h('figure', { 'data-chart': 'row-scaled' });
    this.#verdict = h('p', { 'aria-live': 'polite', 'data-note': 'verdict' });
    return h('section', { class: 'section', 'data-part': 'variance' }, [
      h('h3', {}, this.t('varTitle')),
      h(
        'p',
        { class: 'muted' },
        this.t('varHelp', EXPERIMENT.nSamples, EXPERIMENT.nKeys, EXPERIMENT.seed),
      ),
      slider.el,
      this.#stdLine,
      this.#stdScaledLine,
      h('div', { class: 'charts' }, [this.#histUnscaled, this.#histScaled]),
      h('div', { class: 'charts' }, [this.#rowUnscaled, this.#rowScaled]),
      this.#verdict,
      h(
        'p',
        { class: 'muted', 'data-note': 'e20' },
        this.t('e20', bigRatio(e20, this.lang), ANCHOR_D, Math.sqrt(ANCHOR_D), E20_GAP),
      ),
    ]);
  }

  /**
   * After a step, the experiments one and two steps either side are asked for in idle time, so
   * the next step of a drag usually finds its numbers ready (experiment() keeps them).
   * @param {Runtime} rt
   */
  #prefetchNeighbours(rt) {
    const idle =
      globalThis.requestIdleCallback ?? ((/** @type {() => void} */ f) => setTimeout(f, 50));
    const at = this.#at;
    for (const i of [at + 1, at - 1, at + 2, at - 2]) {
      const d = D_STEPS[i];
      if (d === undefined || hasExperiment(rt.engine, d) || this.#prefetching.has(d)) continue;
      this.#prefetching.add(d);
      idle(
        () => {
          this.#prefetching.delete(d);
          experiment(rt.engine, d);
        },
        { timeout: 3000 },
      );
    }
  }

  /** @param {Runtime} rt */
  render(rt) {
    const d = this.d;
    const t = this.#t;
    const r = experiment(rt.engine, d);
    const rootD = Math.sqrt(d); // the reference value printed beside the measured std
    const root = Number.isInteger(rootD) ? ['=', String(rootD)] : ['≈', num(rootD, 2)];
    this.#slider.value = String(this.#at);
    this.#slider.setAttribute('aria-valuetext', this.t('valuetext', d));
    this.#output.textContent = this.t('valuetext', d);
    const texts = experimentTexts(r); // the same texts the quiz quotes at d = 256
    this.#stdLine.replaceChildren(...formula(this.t('stdFormula', texts.std, d, ...root)));
    this.#stdScaledLine.replaceChildren(...formula(this.t('stdScaledFormula', texts.stdScaled)));
    const dots = r.dots;
    drawHistogram(this.#histUnscaled, {
      title: this.t('histUnscaled'),
      ...{ dots, factor: 1, axis: AXES.unscaled, std: r.stdUnscaled, color: UNSCALED, d, t },
    });
    drawHistogram(this.#histScaled, {
      title: this.t('histScaled'),
      ...{ dots, factor: 1 / rootD, axis: AXES.scaled, std: r.stdScaled, color: SCALED, d, t },
    });
    // ln K, the entropy of a uniform row: asked once per engine.
    const uniform = (this.#uniform ??= rt.engine.softmax(
      new Array(EXPERIMENT.nKeys).fill(0),
      {},
    ).entropy);
    drawSoftmaxRow(this.#rowUnscaled, {
      title: this.t('rowUnscaled', EXPERIMENT.nKeys),
      weights: r.weightsUnscaled,
      entropy: r.entropyUnscaled,
      maxWeight: r.maxWeightUnscaled,
      ...{ color: UNSCALED, uniform, t },
    });
    drawSoftmaxRow(this.#rowScaled, {
      title: this.t('rowScaled', EXPERIMENT.nKeys),
      weights: r.weightsScaled,
      entropy: r.entropyScaled,
      maxWeight: r.maxWeightScaled,
      ...{ color: SCALED, uniform, t },
    });
    this.#verdict.textContent = this.t(
      r.maxWeightUnscaled > 0.9 ? 'collapse' : 'spread',
      d,
      weightPct(r.maxWeightUnscaled),
    );
    this.#prefetchNeighbours(rt);
    if (this.#dataError) throw this.#dataError;
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseCheckRows(rt);
  }
}
