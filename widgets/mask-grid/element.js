// <attn-mask-grid world="zh-gift"> — lesson 4, the causal mask.
// The 5×5 attention weights of a teaching world (single head, scores ÷ √d). Every cell of the
// mask is a toggle (click, or arrow keys + Space/Enter); each change recomputes the weights in
// the engine and the rows renormalise. Beside the −∞ way, the "zero after softmax" mistake:
// the same mask applied after softmax leaves rows summing to less than 1.
// Attributes: world (default zh-gift), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttentionResult } from '../../web/attn-engine.js' */
/** @import { MaskMode } from './logic.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { h, pct, num, gridMove, fitText, namedNumber } from '../../web/dom.js';
import { worldTensors, tokenLabels, hasRoles, roleIndex } from '../../web/world.js';
import { HEATMAP_CSS, heatmapParts } from '../../web/views/heatmap-table.js';
import { glossLine, longColumnsClass } from '../../web/views/table-labels.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { toggleButtons } from '../../web/views/toggle-group.js';
import { row, sup, frac, formula } from '../../web/mathml.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { causalMask, maskedAttention, courseChecks } from './logic.js';

/**
 * @tag attn-mask-grid
 * @summary Lesson 4: the causal mask; click a cell to change it.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes: {world}, mode: 'neg-inf' | 'zero-after-softmax', mask: boolean[][] (true = may
 *   attend), cursor: [row, column]}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class MaskGrid extends AttnWidget {
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** @type {boolean[][] | undefined} true = may attend; sized for the world's tokens */
  #mask;
  /** @type {MaskMode} */
  #mode = 'neg-inf';
  /** @type {[number, number] | undefined} the keyboard cursor: [row, column] */
  #cursor;
  /** the world's token count */
  #n = 0;
  /** @type {ReturnType<typeof toggleButtons<'causal' | 'none'>> | null} */
  #presets = null;
  /** @type {ReturnType<typeof toggleButtons<MaskMode>> | null} */
  #modes = null;
  #grid = h('table', {});
  #formula = h('p', {});
  #cellFormula = h('p', {});
  #leak = h('p', {});

  static css = `${HEATMAP_CSS}
table.mask td { padding: 0; border: 0; text-align: center; }
table.mask td.formula { white-space: nowrap; padding: 0 2px; }
button.cell { min-width: 60px; padding: 2px 6px; font-variant-numeric: tabular-nums; }
button.cell.off { background: var(--_surface-3); color: var(--_fg-2-444); text-decoration: line-through; }
@container (max-width: 520px) {
  button.cell { min-width: 38px; min-height: 34px; padding: 1px 2px; font-size: 13px; }
}
`;

  static get observedAttributes() {
    return ['lang', 'world'];
  }

  get worldId() {
    return this.world;
  }

  /**
   * @param {string} name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    // The mask and the cursor are sized for the old world's tokens.
    if (name === 'world') this.#mask = this.#cursor = undefined;
    super.attributeChangedCallback(name, old, value);
  }

  /** @param {Runtime} rt */
  build(rt) {
    const w = worldTensors(rt, this.worldId);
    const n = w.tokens.length;
    this.#n = n;
    this.#mask ??= causalMask(n);
    this.#cursor ??= [Math.max(0, n - 2), 0];
    // The two presets are toggle buttons: pressed while the mask is exactly that preset.
    this.#presets = toggleButtons({
      values: /** @type {const} */ (['causal', 'none']),
      data: 'preset',
      pressed: null,
      label: (kind) => this.t(kind),
      onPick: (kind) => {
        this.#mask = causalMask(n).map((row) => row.map((on) => kind === 'none' || on));
        this.update();
      },
    });
    this.#modes = toggleButtons({
      values: /** @type {MaskMode[]} */ (['neg-inf', 'zero-after-softmax']),
      data: 'mode',
      pressed: this.#mode,
      label: (m) => this.t(m === 'neg-inf' ? 'negInf' : 'zeroAfter'),
      onPick: (m) => {
        this.#mode = m;
        this.update();
      },
    });
    this.#grid = h('table', { role: 'grid', 'aria-label': this.t('title') });
    this.#grid.addEventListener('keydown', (e) => this.onKey(e));
    // Focus reached by Tab or a pointer moves the keyboard cursor too.
    this.#grid.addEventListener('focusin', (e) => {
      const d = /** @type {HTMLElement} */ (e.target).dataset;
      if (d && d.i !== undefined) this.#cursor = [Number(d.i), Number(d.j)];
    });
    this.#formula = h('p', { class: 'formula' });
    this.#cellFormula = h('p', { class: 'formula', 'aria-live': 'polite' });
    this.#leak = h('p', {});
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('div', { class: 'row', role: 'group' }, this.#presets.buttons),
      h('div', { class: 'row', role: 'group' }, this.#modes.buttons),
      scrollRegion(this.#grid, { label: this.t('title'), lang: this.lang }),
      ...glossLine(tokenLabels(w, this.lang)),
      this.#formula,
      this.#cellFormula,
      this.#leak,
    );
  }

  /**
   * @param {Runtime} rt
   * @param {boolean[][]} mask true = may attend
   * @param {MaskMode} [mode]
   * @returns {AttentionResult}
   */
  compute(rt, mask, mode = 'neg-inf') {
    return maskedAttention(rt.engine, worldTensors(rt, this.worldId), mask, mode);
  }

  /** @param {Runtime} rt */
  render(rt) {
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    const n = this.#n;
    const mask = this.#mask ?? causalMask(n);
    const cursor = this.#cursor ?? [0, 0];
    this.#modes?.set(this.#mode);
    const isCausal = mask.every((row, i) => row.every((on, j) => on === j <= i));
    const isNone = mask.every((row) => row.every(Boolean));
    this.#presets?.set(isCausal ? 'causal' : isNone ? 'none' : null);
    this.#formula.replaceChildren(
      ...formula(this.t(this.#mode === 'neg-inf' ? 'formulaNegInf' : 'formulaZero')),
    );
    /** @type {AttentionResult | null} */
    let result = null;
    /** @type {unknown} */
    let error = null;
    try {
      result = this.compute(rt, mask, this.#mode);
    } catch (e) {
      error = e; // drawn below the grid; the grid stays so the student can undo the click
    }
    const weights = result ? result.weights.data : new Float32Array(n * n).fill(NaN);
    const sums = labels.map((_, i) =>
      weights.subarray(i * n, (i + 1) * n).reduce((a, b) => a + b, 0),
    );
    const parts = heatmapParts({
      weights,
      rows: labels,
      cols: labels,
      corner: this.t('query'),
      scale: this.scale,
      pick: {
        pressed: (i, j) => mask[i][j],
        cursor,
        shade: (i, j, w) => (mask[i][j] && Number.isFinite(w) ? w : null),
        content: (i, j, w) =>
          namedNumber(
            this.t('cellName', labels[i], labels[j], mask[i][j]),
            Number.isFinite(w) ? pct(w) : '—',
            Number.isFinite(w) ? pct(w, 0) : '—',
          ),
        onPick: (i, j) => this.toggle(i, j),
      },
      extra: {
        head: h('th', { scope: 'col', title: this.t('rowSum') }, fitText(this.t('rowSum'), 'Σ')),
        cell: (i) =>
          h(
            'td',
            { class: 'formula' },
            Number.isFinite(sums[i]) ? fitText(num(sums[i], 3), num(sums[i], 2)) : '—',
          ),
      },
    });
    const hadFocus = this.shadowRoot?.activeElement?.classList.contains('cell');
    this.#grid.replaceChildren(...parts);
    this.#grid.className = `heatmap mask ${longColumnsClass(labels)}`.trim();
    if (hadFocus) this.focusCell();
    this.drawCellFormula(result, labels);
    const noMask = this.compute(
      rt,
      mask.map((r) => r.map(() => true)),
    );
    // The leak: without a mask, the query's row sees the answer it must predict.
    if (hasRoles(w, ['query', 'answer'])) {
      const query = roleIndex(w, 'query'),
        answer = roleIndex(w, 'answer');
      this.#leak.textContent = this.t(
        'leak',
        labels[answer],
        pct(noMask.weights.data[query * n + answer]),
      );
    } else this.#leak.textContent = '';
    if (error) throw error;
  }

  /**
   * The softmax of the cell under the cursor, with the engine's scores and weight in it.
   * @param {AttentionResult | null} result
   * @param {string[]} labels
   */
  drawCellFormula(result, labels) {
    if (!this.#mask || !this.#cursor) return;
    const mask = this.#mask;
    const [i, j] = this.#cursor;
    if (!result) {
      this.#cellFormula.textContent = '';
      return;
    }
    const n = this.#n;
    const s = Array.from(result.scores.data.subarray(i * n, (i + 1) * n));
    const visible = this.#mode === 'neg-inf' ? s.map((_, k) => mask[i][k]) : s.map(() => true);
    const terms = s
      .filter((_, k) => visible[k])
      .flatMap((x, k) => (k ? ['+', sup('e', num(x))] : [sup('e', num(x))]));
    const wij = result.weights.data[i * n + j];
    const softmaxOfJ = frac(sup('e', num(s[j])), row(...terms));
    const math = mask[i][j]
      ? row(softmaxOfJ, '=', pct(wij))
      : this.#mode === 'neg-inf'
        ? row('s', '=', '−∞', '→', sup('e', '−∞'), '=', 0, '=', pct(wij))
        : row(softmaxOfJ, '→', 0, '=', pct(wij));
    this.#cellFormula.replaceChildren(
      `${this.t('selected')} (${labels[i]} → ${labels[j]}): `,
      ...formula(math),
    );
  }

  updateDetail() {
    const mode = this.#mode,
      mask = this.#mask,
      cursor = this.#cursor;
    return {
      ...super.updateDetail(),
      mode,
      mask: mask?.map((r) => [...r]),
      cursor: cursor && [...cursor],
    };
  }

  /**
   * Flips one cell of the mask.
   * @param {number} i
   * @param {number} j
   */
  toggle(i, j) {
    this.#cursor = [i, j];
    if (this.#mask) this.#mask[i][j] = !this.#mask[i][j];
    this.update();
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const to = gridMove(e.key, this.#cursor ?? [0, 0], this.#n, this.#n);
    if (!to) return;
    e.preventDefault();
    this.#cursor = to;
    this.update();
    this.focusCell();
  }

  focusCell() {
    const [i, j] = this.#cursor ?? [0, 0];
    const at = `button[data-i="${i}"][data-j="${j}"]`;
    /** @type {HTMLElement | null} */ (this.#grid.querySelector(at))?.focus();
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseChecks(rt, this.worldId);
  }
}
