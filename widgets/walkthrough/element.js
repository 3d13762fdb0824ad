// <attn-walkthrough world="en-the-cat"> — the hand-worked example: "The" and "cat" through the
// attention formula, one click per step: 1 Q, K, V; 2 raw scores QKᵀ; 3 ÷ √d; 4 causal mask;
// 5 softmax; 6 output = weights · V. Each step shows its matrix; one cell is highlighted
// (click it, or move with the arrow keys) and its arithmetic is written out with the engine's
// numbers. Back/Next buttons, the step buttons, and ←/→ on the step bar move between steps; the
// step is announced through an aria-live region.
// Attributes: world (default en-the-cat), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Step } from './logic.js' */
import { formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { checkNamed } from '../../web/check-row.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h } from '../../web/dom.js';
import { tokenLabels, hasRoles } from '../../web/world.js';
import {
  STEPS,
  EXAMPLE_WORLD,
  walkthrough,
  cellArithmetic,
  courseNumbers,
  expectedNumbers,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { stepMatrices } from './views/step-matrices.js';

const CSS = `
h3 { font-size: 1rem; margin: 10px 0 4px; }
.stepbar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 8px 0; }
.stepbar .indicator { font-weight: 600; min-width: 7.5em; text-align: center; }
.dots { display: flex; flex-wrap: wrap; gap: 4px; }
.dots button { min-width: 36px; padding: 4px 8px; }
.dots button[aria-current="step"] { background: var(--_accent); color: var(--_on-accent); border-color: var(--_accent); }
.dots button.done { background: var(--_accent-soft-dfe8f6); }
.mats { display: flex; flex-wrap: wrap; gap: 14px; align-items: flex-start; }
.mat { margin: 0; }
.mat figcaption { font-weight: 600; font-size: 0.9em; margin-bottom: 2px; }
.mat table { border-collapse: separate; border-spacing: 2px; }
.mat th { font-size: 0.85em; padding: 2px 4px; border: 0; }
.mat td { padding: 0; border: 0; }
.mat td > span, .mat td > button { display: block; min-width: 58px; min-height: 36px; padding: 6px 6px;
  text-align: center; border-radius: 4px; font-variant-numeric: tabular-nums; }
.mat td > span { background: var(--_surface-f1f1f1); }
.mat td > button { border: 1px solid var(--_control-border-9a9a9a); background: var(--_surface-1-f7f7f7); color: var(--_fg); }
.mat td > button.masked { background: repeating-linear-gradient(135deg, var(--_surface-3-e4e4e4) 0 4px, var(--_surface-f3f3f3) 4px 8px); color: var(--_fg); }
.mat td > button[aria-pressed="true"] { outline: 3px solid #D55E00; outline-offset: 1px; font-weight: 700; }
.arith { border-left: 4px solid #0072B2; background: var(--_accent-soft-eef5fb); padding: 6px 10px; margin: 8px 0; }
.final { border-left: 4px solid #009E73; background: var(--_ok-bg-eef8f4); padding: 6px 10px; }
`;

/**
 * @tag attn-walkthrough
 * @summary The "The cat" worked example, step by step.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=en-the-cat] - teaching world id
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, step}
 * @csspart title - the heading
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class Walkthrough extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** the step shown, 0 … STEPS.length − 1 */
  #step = 0;
  /** whether the next draw announces the step (it was moved to, not redrawn) */
  #announce = false;
  /**
   * The highlighted cell of each step (kept when moving between steps).
   * @type {Record<Step, [number, number]>}
   */
  #cells = {
    qkv: [1, 0],
    raw: [1, 0],
    scaled: [1, 0],
    mask: [0, 1],
    softmax: [1, 0],
    output: [1, 0],
  };
  #backBtn = h('button');
  #nextBtn = h('button');
  #indicator = h('span');
  /** @type {HTMLButtonElement[]} */
  #dots = [];
  #live = h('p');
  #stepTitle = h('h3');
  #explain = h('p');
  #stepFormula = h('p');
  #mats = h('div');
  #arith = h('p');
  #final = h('p');

  static get observedAttributes() {
    return ['lang', 'world'];
  }

  get worldId() {
    return this.getAttribute('world') || EXAMPLE_WORLD;
  }

  updateDetail() {
    return { ...super.updateDetail(), step: this.#step };
  }

  /** @param {Runtime} rt */
  build(rt) {
    walkthrough(rt, this.worldId); // a missing world is an inline error before any control
    const n = STEPS.length;
    this.#backBtn = h(
      'button',
      { type: 'button', 'data-role': 'back', onclick: () => this.#go(this.#step - 1) },
      this.t('back'),
    );
    this.#nextBtn = h(
      'button',
      { type: 'button', 'data-role': 'next', onclick: () => this.#go(this.#step + 1) },
      this.t('next'),
    );
    this.#indicator = h('span', { class: 'indicator', 'data-role': 'indicator' });
    this.#dots = STEPS.map((_, k) =>
      h(
        'button',
        {
          type: 'button',
          'data-step': k + 1,
          'aria-label': this.t('goto', k + 1, this.t('names')[k]),
          onclick: () => this.#go(k),
        },
        String(k + 1),
      ),
    );
    const nav = h('div', { class: 'stepbar', role: 'group', 'aria-label': this.t('stepNav') }, [
      this.#backBtn,
      this.#indicator,
      this.#nextBtn,
      h('span', { class: 'dots' }, this.#dots),
    ]);
    nav.addEventListener('keydown', (e) => {
      /** @type {Record<string, number>} */
      const keys = { ArrowRight: this.#step + 1, ArrowLeft: this.#step - 1, Home: 0, End: n - 1 };
      const to = keys[e.key];
      if (to === undefined) return;
      e.preventDefault();
      this.#go(to);
    });
    this.#live = h('p', { class: 'muted', 'aria-live': 'polite', 'data-role': 'announce' });
    this.#stepTitle = h('h3', {});
    this.#explain = h('p', {});
    this.#stepFormula = h('p', { class: 'formula' });
    this.#mats = h('div', { class: 'mats' });
    this.#arith = h('p', { class: 'formula arith', 'data-role': 'arith' });
    this.#final = h('p', { class: 'formula final', 'data-role': 'final' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      nav,
      this.#live,
      h('section', {}, [
        this.#stepTitle,
        this.#explain,
        this.#stepFormula,
        scrollRegion(this.#mats, { label: this.t('matsRegion'), lang: this.lang }),
        this.#arith,
        this.#final,
      ]),
    );
  }

  /** @param {number} k the step to go to (clamped) */
  #go(k) {
    const next = Math.max(0, Math.min(STEPS.length - 1, k));
    if (next === this.#step) return;
    this.#step = next;
    this.#announce = true;
    this.update();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const m = walkthrough(rt, this.worldId);
    const labels = tokenLabels(m.w, this.lang);
    const key = STEPS[this.#step];
    const name = this.t('names')[this.#step];
    this.#drawStepBar(name);

    const root = /** @type {ShadowRoot} */ (this.shadowRoot);
    const focused = /** @type {HTMLElement | null} */ (root.activeElement);
    const hadFocus = focused?.dataset?.cell !== undefined;
    this.#mats.replaceChildren(
      ...stepMatrices(m, key, {
        labels,
        t: this.t.bind(this),
        scale: this.scale,
        cell: this.#cells[key],
        onPick: (i, j) => {
          this.#cells[key] = [i, j];
          this.update();
          this.#focusCell();
        },
      }),
    );
    if (hadFocus) this.#focusCell();
    const [ci, cj] = this.#cells[key];
    this.#arith.replaceChildren(
      h('strong', {}, this.t('arith')),
      ...formula(cellArithmetic(key, ci, cj, m, (i) => labels[i])),
    );
    // The closing line quotes the outputs of the world's key and query (The, cat) as the whole
    // worked example: only a world of just those two tokens; any other has its steps stand alone.
    const theCat = hasRoles(m.w, ['query', 'key']) && m.w.tokens.length === 2;
    this.#final.hidden = key !== 'output' || !theCat;
    const nums = theCat ? courseNumbers(m) : null;
    this.#final.textContent = nums ? this.t('final', nums.outThe, nums.outCat) : '';
  }

  /**
   * The step bar: back / next (focus kept on the bar when one is disabled), the dots, the
   * announcement, the step's title and texts.
   * @param {string} name this step's name
   */
  #drawStepBar(name) {
    const n = STEPS.length;
    const step = this.#step;
    const active = /** @type {ShadowRoot} */ (this.shadowRoot).activeElement;
    this.#backBtn.disabled = step === 0;
    this.#nextBtn.disabled = step === n - 1;
    // A disabled button drops the focus: keep it on the step bar (the other button).
    if (active === this.#nextBtn && this.#nextBtn.disabled) this.#backBtn.focus();
    if (active === this.#backBtn && this.#backBtn.disabled) this.#nextBtn.focus();
    this.#indicator.textContent = this.t('indicator', step + 1, n);
    this.#dots.forEach((b, k) => {
      if (k === step) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
      b.classList.toggle('done', k < step);
    });
    if (this.#announce) this.#live.textContent = this.t('announce', step + 1, n, name);
    this.#announce = false;
    this.#stepTitle.textContent = `${step + 1}. ${name}`;
    // A step's text may hold a formula (W_O as a subscript): drawn as MathML, not as text.
    this.#explain.replaceChildren(...formula(this.t('explain')[step]));
    this.#stepFormula.replaceChildren(...formula(this.t('stepFormula')[step]));
  }

  /** Moves the focus to the selected cell of the live matrix. */
  #focusCell() {
    const [i, j] = this.#cells[STEPS[this.#step]];
    /** @type {HTMLElement | null} */ (
      this.#mats.querySelector(`button[data-cell="${i},${j}"]`)
    )?.focus();
  }

  /** @param {Runtime} rt */
  checks(rt) {
    // the course's example, whatever `world` shows
    const nums = courseNumbers(walkthrough(rt, EXAMPLE_WORLD));
    const want = expectedNumbers(rt, EXAMPLE_WORLD);
    const v = want.vars;
    return [
      checkNamed('out[{key}]', v, want.outThe, nums.outThe),
      checkNamed('out[{query}]', v, want.outCat, nums.outCat),
      checkNamed('{query} row raw scores Q·K ({key} / {query})', v, want.catRaw, nums.catRaw),
      checkNamed('{query} row weights ({key} / {query})', v, want.catWeights, nums.catWeights),
    ];
  }
}
