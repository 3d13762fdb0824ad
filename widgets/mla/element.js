// <attn-mla> — lesson 10, multi-head latent attention.
// A small seeded example run by the engine (engine.mla): every token is compressed to a latent c
// (r numbers) plus one shared RoPE key (dr numbers), and only those are cached. The explicit path
// expands K = c·W_uk and V = c·W_uv; the absorbed path folds W_uk into the query and applies W_uv
// after mixing the latents, never forming K or V — the two outputs side by side agree to float
// rounding. A toggle puts RoPE on the latent's expanded key instead (no decoupling): the absorbed
// path then gets the scores wrong (the engine's ropeOnLatentError). Below: DeepSeek-V2's cache
// from the engine's ledger, against the same model built with MHA and against DeepSeek LLM 67B
// (GQA-8).
// Attributes: lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { MlaResult } from '../../web/attn-engine.js' */
import { formula } from '../../web/mathml.js';
import { labelledSlider } from '../../web/views/slider.js';
import { toggleButtons } from '../../web/views/toggle-group.js';
import { AttnWidget } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, num, pct, redraw } from '../../web/dom.js';
import { CATEGORY } from '../../web/color.js';
import { heatmapTable, heatmapLegend, HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { EXAMPLE, R_MIN, R_MAX, DR_MIN, DR_MAX, runMla, v2Ledger, courseNumbers } from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { cacheFlow } from './views/flow.js';
import { outputTables } from './views/outputs.js';
import { v2LedgerView } from './views/ledger.js';

/**
 * 3.0e-7, or 0 when the engine's difference is exactly 0.
 * @param {number} x
 */
const tiny = (x) => (x === 0 ? '0' : x.toExponential(1));

/**
 * Where RoPE goes: its own dr dims, or the key expanded from the latent.
 * @typedef {'decoupled' | 'on-latent'} RopeMode
 */

const CSS = `${HEATMAP_CSS}
h3 { font-size: 0.98rem; margin: 12px 0 4px; }
.controls { display: grid; gap: 4px 12px; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); }
.controls label { display: grid; grid-template-columns: 1fr auto; gap: 0 8px; align-items: center; }
.controls input[type="range"] { grid-column: 1 / -1; width: 100%; min-width: 0; }
.flow { display: grid; gap: 4px; justify-items: stretch; margin: 8px 0; }
.node { border: 1px solid var(--_control-border-8a8a8a); border-radius: 6px; padding: 4px 8px; background: var(--_bg); }
.node b { font-variant-numeric: tabular-nums; }
.node.cache { border: 2px solid var(--_accent); background: var(--_accent-soft-f3f6fc); }
.arrow { text-align: center; color: var(--_fg-2-444); font-size: 0.85em; }
.split { display: grid; gap: 6px; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); }
.strip { display: flex; flex-wrap: wrap; gap: 2px; margin: 4px 0; }
.cell { width: 14px; height: 18px; border-radius: 2px; }
.cell.lat { background: ${CATEGORY.a}; }
.cell.rope { background-color: ${CATEGORY.b}; background-image: repeating-linear-gradient(135deg, rgba(0,0,0,0.25) 0 2px, transparent 2px 5px); }
.key { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 0.85em; }
.key .cell { display: inline-block; vertical-align: middle; margin-right: 4px; }
.path { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 6px 8px; }
.path h4 { margin: 0 0 4px; font-size: 0.92rem; }
.path.broken { border: 2px solid var(--_error); background: var(--_error-bg); }
.path .badge { display: inline-block; font-size: 0.8em; font-weight: 700; color: var(--_error-fg); margin-left: 6px; }
table.out tr.absorbed td, table.out tr.absorbed th { border-bottom: 2px solid var(--_border-c8c8c8); }
.path ol { margin: 0; padding-left: 1.3em; }
.path li { margin: 2px 0; }
table.out { font-size: 0.82em; }
table.out th { white-space: nowrap; }
table.out-t { font-size: 0.82em; }
table.out-t th, table.out-t td { padding: 3px; }
table.out-t thead th { white-space: normal; vertical-align: bottom; }
table.out-t tr > :first-child, table.out-t tr > :nth-child(3) { border-right: 2px solid var(--_border-c8c8c8); }
.modes { display: flex; flex-wrap: wrap; gap: 6px; }
.verdict { border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
.verdict.works { border: 2px solid var(--_ok); background: var(--_ok-bg-eaf6ee); }
.verdict.breaks { border: 2px solid var(--_error); background: var(--_error-bg); }
.verdict strong { display: block; }
.big { font-weight: 700; font-variant-numeric: tabular-nums; }
.bars { display: grid; gap: 6px; }
.bar-row { display: grid; grid-template-columns: minmax(0, 1fr); gap: 2px; }
.bar-row .lab { font-size: 0.9em; }
.bar-row.mla .bar-fill { background: ${CATEGORY.c}; }
.bar-row .bar-track { flex: none; }
.cmp { font-weight: 600; }
`;

/**
 * @tag attn-mla
 * @summary Lesson 10: MLA caches a latent instead of K and V.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, rank (the latent's width), ropeDims, mode}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class Mla extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** @type {number} the latent's width r */
  #r = EXAMPLE.kvLoraRank;
  /** @type {number} the decoupled RoPE dims dr */
  #dr = EXAMPLE.dRope;
  /** @type {RopeMode} */
  #mode = 'decoupled';
  /** @type {ReturnType<typeof toggleButtons<RopeMode>> | null} */
  #modes = null;
  #flow = h('div', { class: 'flow' });
  #paths = h('div', { class: 'split' });
  #outTitle = h('h3', {});
  #outTable = h('table', { class: 'out wide-only' });
  // The same numbers turned a quarter (a row per dimension), for a narrow widget.
  #outTableNarrow = h('table', { class: 'out-t narrow-only' });
  #outDiff = h('p', { class: 'formula out-diff' });
  /** the scrolling box the weights heatmap is drawn into (made by build) */
  #weights = h('div');
  #verdict = h('div', { class: 'verdict', 'aria-live': 'polite' });
  #real = h('div', { class: 'real' });

  updateDetail() {
    return { ...super.updateDetail(), rank: this.#r, ropeDims: this.#dr, mode: this.#mode };
  }

  /** @param {Runtime} _rt */
  build(_rt) {
    this.#modes = toggleButtons({
      values: /** @type {RopeMode[]} */ (['decoupled', 'on-latent']),
      data: 'mode',
      pressed: this.#mode,
      label: (m) => this.t(m === 'decoupled' ? 'decoupled' : 'onLatent'),
      onPick: (m) => {
        this.#mode = m;
        this.update();
      },
    });

    this.#paths.replaceChildren(
      this.#path('explicit', 'explicitTitle', 'explicitSteps'),
      this.#path('absorbed', 'absorbedTitle', 'absorbedSteps'),
    );
    const weightsRegion = scrollRegion([], { label: this.t('weightsTitle'), lang: this.lang });
    this.#weights = weightsRegion.box;
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('p', { class: 'formula' }, this.t('config', EXAMPLE)),
      this.#dimSliders(),
      h('h3', {}, this.t('flowTitle')),
      this.#flow,
      this.#paths,
      this.#outTitle,
      scrollRegion([this.#outTable, this.#outTableNarrow], {
        label: this.t('outRegion'),
        lang: this.lang,
      }),
      this.#outDiff,
      h('h3', {}, this.t('weightsTitle')),
      weightsRegion,
      h('h3', {}, this.t('ropeTitle')),
      h(
        'div',
        { class: 'modes', role: 'group', 'aria-label': this.t('ropeTitle') },
        this.#modes.buttons,
      ),
      this.#verdict,
      h('h3', {}, this.t('realTitle')),
      this.#real,
    );
  }

  /** The two sliders: the latent's rank r and the decoupled RoPE dims d_r. */
  #dimSliders() {
    /** @type {(id: string, label: string, min: number, max: number, step: number,
     *   value: number, onInput: (v: number) => void) => HTMLElement} */
    const slider = (id, label, min, max, step, value, onInput) =>
      labelledSlider({ id, label, min, max, step, value, onInput }).el;
    return h('div', { class: 'controls' }, [
      slider('mla-r', this.t('rank'), R_MIN, R_MAX, 1, this.#r, (v) => {
        this.#r = v;
        this.update();
      }),
      slider('mla-dr', this.t('rope'), DR_MIN, DR_MAX, 2, this.#dr, (v) => {
        this.#dr = v;
        this.update();
      }),
    ]);
  }

  /**
   * One path, step by step (the explicit or the absorbed one).
   * @param {'explicit' | 'absorbed'} cls
   * @param {string} title its title's string key
   * @param {string} steps its steps' string key (a list of formulas)
   */
  #path(cls, title, steps) {
    /** @type {import('../../web/mathml.js').MathNode[]} */
    const list = this.t(steps);
    return h('div', { class: `path ${cls}` }, [
      h('h4', {}, this.t(title)),
      h(
        'ol',
        { class: 'formula' },
        list.map((s) => h('li', {}, formula(s))),
      ),
    ]);
  }

  /** @param {Runtime} rt */
  render(rt) {
    const m = runMla(rt.engine, { kvLoraRank: this.#r, dRope: this.#dr });
    const c = { ...EXAMPLE, kvLoraRank: this.#r, dRope: this.#dr };
    /** @param {string} key @param {...any} args */
    const t = (key, ...args) => this.t(key, ...args);
    redraw(this.#flow, cacheFlow(m, c, t));
    this.#drawOutputs(m, c.dValue);
    this.#drawVerdict(m);
    redraw(this.#real, v2LedgerView(v2Ledger(rt.engine, rt.models), t));
  }

  /**
   * The last token's output on both paths, their largest difference, and head 1's weights.
   * @param {MlaResult} m
   * @param {number} dv
   */
  #drawOutputs(m, dv) {
    const T = m.explicit.shape[0];
    this.#outTitle.textContent = this.t('outTitle', T - 1);
    const { wide, narrow } = outputTables(m, dv, (key, ...args) => this.t(key, ...args));
    redraw(this.#outTable, wide);
    redraw(this.#outTableNarrow, narrow);
    this.#outDiff.textContent = this.t('outDiff', m.explicit.data.length, tiny(m.maxAbsDiff));
    const labels = Array.from({ length: T }, (_, i) => `t${i}`);
    this.#weights.replaceChildren(
      heatmapTable({
        weights: m.weights.data.subarray(0, T * T), // head 1 of [H, T, T]
        rows: labels,
        cols: labels,
        causal: true,
        caption: this.t('weightsCaption'),
        lang: this.lang,
        cellLabel: (i, j, x, hidden) => `${labels[i]} → ${labels[j]}: ${hidden ? '—' : pct(x, 0)}`,
        scale: this.scale,
      }),
      heatmapLegend(this.scale),
    );
  }

  /**
   * The mode buttons, the absorbed path marked broken or not, and the verdict under them.
   * @param {MlaResult} m
   */
  #drawVerdict(m) {
    this.#modes?.set(this.#mode);
    this.#verdict.dataset.mode = this.#mode;
    const absorbed = /** @type {HTMLElement} */ (this.#paths.querySelector('.path.absorbed'));
    const broken = this.#mode === 'on-latent' && m.ropeOnLatentError !== null;
    absorbed.classList.toggle('broken', broken);
    /** @type {HTMLElement} */ (absorbed.querySelector('h4')).replaceChildren(
      this.t('absorbedTitle'),
      broken ? h('span', { class: 'badge' }, `✗ ${this.t('breaks')}`) : '',
    );
    if (this.#mode === 'decoupled') {
      this.#verdict.className = 'verdict works';
      redraw(this.#verdict, [
        h('strong', {}, this.t('works')),
        h('span', { class: 'value' }, this.t('worksBody', tiny(m.maxAbsDiff))),
      ]);
      return;
    }
    if (m.ropeOnLatentError === null) {
      this.#verdict.className = 'verdict';
      redraw(this.#verdict, [this.t('noError')]);
      return;
    }
    this.#verdict.className = 'verdict breaks';
    redraw(this.#verdict, [
      h('strong', {}, this.t('breaks')),
      h('span', { class: 'value' }, this.t('breaksBody', num(m.ropeOnLatentError, 2))),
      h('p', { class: 'formula' }, this.t('breaksWhy')),
      h('p', { class: 'muted' }, this.t('breaksNote')),
    ]);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt.engine, rt.models);
  }
}
