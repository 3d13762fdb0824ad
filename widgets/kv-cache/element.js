// <attn-kv-cache> — lesson 8, the KV cache, as a generation stepper.
// The engine's tiny seeded decoder generates G tokens after a prompt of P tokens twice: once
// re-running the whole sequence every step (no cache), once prefilling the prompt and then
// feeding only the newest token (KV cache). Each step draws the sequence positions as boxes:
// whose K/V this step computed, whose it read back from the cache — straight from the engine's
// per-step trace (steps[i].computed / steps[i].reused). Beside it: the running counts, the two
// sums written out, the generated ids of both runs (identical), and the cache's bytes per step.
// Attributes: lang (zh-CN | en); prompt (P, 1–6, default 2); generate (G, 1–8, default 3).
// Its strings are strings.js, its CSS styles.js; what it draws, views/ (steps and legend,
// counts, tokens, bytes).
/** @import { Runtime } from '../../web/runtime.js' */
import { labelledSlider } from '../../web/views/slider.js';
import { AttnWidget } from '../../web/widget-base.js';
import { h } from '../../web/dom.js';
import {
  DECODER,
  FLOAT32_BYTES,
  P_MIN,
  P_MAX,
  G_MIN,
  G_MAX,
  COURSE,
  stepperState,
  sameTokens,
  incrementalDiff,
  courseNumbers,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { CSS } from './styles.js';
import { stepBlocks, stepLegend } from './views/steps.js';
import { countsTable, countFormulas } from './views/counts.js';
import { tokenLanes } from './views/tokens.js';
import { bytesBars } from './views/bytes.js';

/** 3.0e-7, or 0 when the engine's difference is exactly 0. */
const tiny = (/** @type {number} */ x) => (x === 0 ? '0' : x.toExponential(1));

/**
 * An attribute's integer, clamped to [lo, hi]; `dflt` when it is absent or not a number.
 * @param {string | null} v
 * @param {number} lo
 * @param {number} hi
 * @param {number} dflt
 */
const clampInt = (v, lo, hi, dflt) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : dflt;
};

/**
 * @tag attn-kv-cache
 * @summary Lesson 8: the KV cache, stepped through generation.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {number} [prompt=2] - prompt tokens (1–6)
 * @attr {number} [generate=3] - tokens to generate (1–8)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, prompt, generate (token counts), step}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class KvCache extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  // P (prompt tokens), G (tokens to generate) and the step shown; undefined: read from the
  // attributes at the next build (first, or after the attribute changed).
  /** @type {number | undefined} */
  #P;
  /** @type {number | undefined} */
  #G;
  /** @type {number | undefined} */
  #s;
  // What render() fills, made by build().
  #stepsBox = h('div', { class: 'steps' });
  #counts = h('table', { class: 'counts' });
  #countFormulas = h('div', { class: 'count-formulas' });
  #recompute = h('p', { class: 'recompute' });
  #tokensBox = h('div', { class: 'tokens' });
  #bytesBox = h('div', { class: 'bytes' });
  #bytesFormula = h('p', { class: 'formula' });
  #incr = h('p', { class: 'formula incr' });
  #backBtn = h('button');
  #stepBtn = h('button');
  #status = h('span');

  static get observedAttributes() {
    return ['lang', 'prompt', 'generate'];
  }

  /**
   * @param {string} name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    // Re-read from the attributes in build(); the stepper starts again.
    if (name === 'prompt') this.#P = this.#s = undefined;
    if (name === 'generate') this.#G = this.#s = undefined;
    super.attributeChangedCallback(name, old, value);
  }

  /** P, G and the step, as build() settled them. */
  get #at() {
    return { P: this.#P ?? COURSE.P, G: this.#G ?? COURSE.G, s: this.#s ?? 1 };
  }

  updateDetail() {
    return { ...super.updateDetail(), prompt: this.#P, generate: this.#G, step: this.#s };
  }

  build() {
    this.#P ??= clampInt(this.getAttribute('prompt'), P_MIN, P_MAX, COURSE.P);
    this.#G ??= clampInt(this.getAttribute('generate'), G_MIN, G_MAX, COURSE.G);
    this.#s ??= 1;
    this.#stepsBox = h('div', { class: 'steps' });
    this.#counts = h('table', { class: 'counts' });
    this.#countFormulas = h('div', { class: 'count-formulas' });
    this.#recompute = h('p', { class: 'recompute' });
    this.#tokensBox = h('div', { class: 'tokens' });
    this.#bytesBox = h('div', { class: 'bytes' });
    this.#bytesFormula = h('p', { class: 'formula' });
    this.#incr = h('p', { class: 'formula incr' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('p', { class: 'note' }, this.t('untrained', DECODER.vocab)),
      h('p', { class: 'formula' }, this.t('model', DECODER)),
      this.#lengthSliders(),
      this.#stepper(),
      stepLegend(this.t.bind(this)),
      this.#stepsBox,
      h('h3', {}, this.t('countsTitle')),
      this.#counts,
      this.#countFormulas,
      this.#recompute,
      h('h3', {}, this.t('tokensTitle')),
      this.#tokensBox,
      h('h3', {}, this.t('bytesTitle')),
      this.#bytesFormula,
      this.#bytesBox,
      h('p', { class: 'muted' }, this.t('bytesNote')),
      this.#incr,
    );
  }

  /** The prompt-length and generation-length sliders. */
  #lengthSliders() {
    const { P, G } = this.#at;
    const pSlider = labelledSlider({
      id: 'kv-p',
      label: this.t('promptLen'),
      min: P_MIN,
      max: P_MAX,
      value: P,
      onInput: (v) => {
        this.#P = v;
        this.update();
      },
    });
    const gSlider = labelledSlider({
      id: 'kv-g',
      label: this.t('genLen'),
      min: G_MIN,
      max: G_MAX,
      value: G,
      onInput: (v) => {
        this.#G = v;
        this.#s = Math.min(this.#at.s, v);
        this.update();
      },
    });
    return h('div', { class: 'controls' }, [pSlider.el, gSlider.el]);
  }

  /** Back / step / reset and the status line; the arrow keys step too. */
  #stepper() {
    this.#backBtn = h(
      'button',
      { type: 'button', class: 'back', onclick: () => this.#go(this.#at.s - 1) },
      this.t('back'),
    );
    this.#stepBtn = h(
      'button',
      { type: 'button', class: 'step-btn', onclick: () => this.#go(this.#at.s + 1) },
      this.t('step'),
    );
    const resetBtn = h(
      'button',
      { type: 'button', class: 'reset', onclick: () => this.#go(1) },
      this.t('reset'),
    );
    this.#status = h('span', { class: 'status', 'aria-live': 'polite' });
    const group = h('div', { class: 'stepper', role: 'group', 'aria-label': this.t('stepper') }, [
      this.#backBtn,
      this.#stepBtn,
      resetBtn,
      this.#status,
    ]);
    // Arrow keys step too while focus is on the stepper's buttons.
    group.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowRight') {
        e.preventDefault();
        this.#go(this.#at.s + 1);
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        this.#go(this.#at.s - 1);
      }
    });
    return group;
  }

  /** @param {number} s the step to show, clamped to 1 … G */
  #go(s) {
    const { G } = this.#at;
    this.#s = Math.min(G, Math.max(1, s));
    this.update();
    // Keep the keyboard user on a usable button when the one they pressed becomes disabled.
    const active = /** @type {HTMLButtonElement | null | undefined} */ (
      this.shadowRoot?.activeElement
    );
    if (active && active.disabled) (this.#s >= G ? this.#backBtn : this.#stepBtn).focus();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const { P, G, s } = this.#at;
    const t = this.t.bind(this);
    const { full, upTo } = stepperState(rt.engine, P, G, s);
    this.#backBtn.disabled = s <= 1;
    this.#stepBtn.disabled = s >= G;
    this.#status.textContent = this.t('status', s, G);
    this.#stepsBox.replaceChildren(...stepBlocks(full, s, t));
    this.#counts.replaceChildren(...countsTable(full, upTo, s, G, t));
    this.#countFormulas.replaceChildren(...countFormulas(full, upTo, { P, G, s }, t));
    this.#recompute.textContent = this.t(
      'recompute',
      full.with.kvReused,
      full.without.kvComputed,
      full.with.kvComputed,
    );
    const same = sameTokens(full.without.tokens, full.with.tokens);
    this.#tokensBox.replaceChildren(...tokenLanes(full, P, same, t));
    this.#bytesFormula.textContent = this.t(
      'bytesFormula',
      DECODER.nLayers,
      DECODER.nKvHeads,
      DECODER.dHead,
      FLOAT32_BYTES,
    );
    this.#bytesBox.replaceChildren(...bytesBars(full.with, s, t));
    this.#incr.textContent = this.t('incr', tiny(incrementalDiff(rt.engine, full.with.tokens)));
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt.engine);
  }
}
