// <attn-mask-grid world="zh-gift"> — lesson 4, the causal mask.
// The 5×5 attention weights of a teaching world (single head, scores ÷ √d). Every cell of the
// mask is a toggle (click, or arrow keys + Space/Enter); each change recomputes the weights in
// the engine and the rows renormalise. Beside the −∞ way, the "zero after softmax" mistake:
// the same mask applied after softmax leaves rows summing to less than 1.
// Attributes: world (default zh-gift), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { AttnWidget, check } from '../../web/widget-base.js';
import { h, pct, num, gridMove, fitText, namedNumber } from '../../web/dom.js';
import { weightColor, textOn } from '../../web/color.js';
import { worldTensors, tokenLabels } from '../../web/world.js';
import { HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { labelHeader, glossLine, longColumnsClass } from '../../web/views/table-labels.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import {
  line,
  row,
  sub,
  sup,
  frac,
  sqrt,
  sum,
  paren,
  letters,
  text,
  formula,
} from '../../web/mathml.js';

/** s = q·k / √d */
const SCORE_MATH = row('s', '=', frac(row('q', '·', 'k'), sqrt('d')));
/**
 * w_ij = exp(s_ij) / Σ_{keys} exp(s_ik), keys the words under the Σ ("visible k").
 * @param {string} keys
 */
const maskedWeightMath = (keys) =>
  row(
    sub('w', letters('ij')),
    '=',
    frac(
      row('exp', paren(sub('s', letters('ij')))),
      row(sum(text(keys)), 'exp', paren(sub('s', letters('ik')))),
    ),
  );

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
  static strings = {
    'zh-CN': {
      title: '5×5 注意力矩阵与掩码',
      help: '点格子（或用方向键移动、空格切换）决定「行里的 token 能不能看见列里的 token」。',
      causal: '因果掩码',
      none: '不加掩码',
      negInf: 'softmax 之前置 −∞（正确）',
      zeroAfter: 'softmax 之后清零（错误做法）',
      query: '查询↓ 键→',
      rowSum: '行和',
      cellName: (q, k, on) => `${q} 看 ${k}：${on ? '可见' : '被遮住'}，权重 `,
      formulaNegInf: line(maskedWeightMath('k 可见'), '，', SCORE_MATH, '，被遮住的 s = −∞'),
      formulaZero: line(maskedWeightMath('所有 k'), '，再把被遮住的 w 改成 0：行和 < 1'),
      leak: (t, p) => `不加掩码时，「给了」一行有 ${p} 的注意力落在它要预测的答案「${t}」上。`,
      selected: '选中格子的算式',
    },
    en: {
      title: 'The 5×5 attention matrix and its mask',
      help: 'Click a cell (or move with the arrow keys and toggle with Space) to decide whether the row token may see the column token.',
      causal: 'Causal mask',
      none: 'No mask',
      negInf: '−∞ before softmax (right)',
      zeroAfter: 'zero after softmax (the mistake)',
      query: 'Q↓ K→',
      rowSum: 'row sum',
      cellName: (q, k, on) => `${q} looks at ${k}: ${on ? 'visible' : 'masked'}, weight `,
      formulaNegInf: line(maskedWeightMath('visible k'), ', ', SCORE_MATH, ', masked s = −∞'),
      formulaZero: line(maskedWeightMath('all k'), ', then masked w set to 0: rows sum < 1'),
      leak: (t, p) =>
        `Without a mask, the 给了 (gave) row puts ${p} of its attention on the answer it must predict, ${t}.`,
      selected: 'Formula of the selected cell',
    },
  };

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
    return this.getAttribute('world') || 'zh-gift';
  }

  attributeChangedCallback(name, old, value) {
    // The mask and the cursor are sized for the old world's tokens.
    if (name === 'world') this.mask = this.cursor = undefined;
    super.attributeChangedCallback(name, old, value);
  }

  /** @param {Runtime} rt */
  build(rt) {
    const w = worldTensors(rt, this.worldId);
    const n = w.tokens.length;
    this.n = n;
    this.mask ??= Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => j <= i));
    /** @type {'neg-inf' | 'zero-after-softmax'} */
    this.mode ??= 'neg-inf';
    this.cursor ??= [Math.max(0, n - 2), 0];
    const preset = (kind) => () => {
      this.mask = this.mask.map((row, i) => row.map((_, j) => kind === 'none' || j <= i));
      this.update();
    };
    // The two presets are toggle buttons: pressed while the mask is exactly that preset.
    this.presetButtons = /** @type {const} */ (['causal', 'none']).map((kind) =>
      h('button', { type: 'button', 'aria-pressed': 'false', onclick: preset(kind) }, this.t(kind)),
    );
    this.modeButtons = /** @type {const} */ (['neg-inf', 'zero-after-softmax']).map((m) =>
      h(
        'button',
        {
          type: 'button',
          'aria-pressed': String(this.mode === m),
          onclick: () => {
            this.mode = m;
            this.update();
          },
        },
        this.t(m === 'neg-inf' ? 'negInf' : 'zeroAfter'),
      ),
    );
    this.grid = h('table', { role: 'grid', 'aria-label': this.t('title') });
    this.grid.addEventListener('keydown', (e) => this.onKey(e));
    // Focus reached by Tab or a pointer moves the keyboard cursor too.
    this.grid.addEventListener('focusin', (e) => {
      const d = /** @type {HTMLElement} */ (e.target).dataset;
      if (d && d.i !== undefined) this.cursor = [Number(d.i), Number(d.j)];
    });
    this.formula = h('p', { class: 'formula' });
    this.cellFormula = h('p', { class: 'formula', 'aria-live': 'polite' });
    this.leak = h('p', {});
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('div', { class: 'row', role: 'group' }, this.presetButtons),
      h('div', { class: 'row', role: 'group' }, this.modeButtons),
      scrollRegion(this.grid, { label: this.t('title'), lang: this.lang }),
      ...glossLine(tokenLabels(w, this.lang)),
      this.formula,
      this.cellFormula,
      this.leak,
    );
  }

  /**
   * @param {Runtime} rt
   * @param {boolean[][]} mask true = may attend
   * @param {'neg-inf' | 'zero-after-softmax'} [mode]
   */
  compute(rt, mask, mode = 'neg-inf') {
    const w = worldTensors(rt, this.worldId);
    return rt.engine.attention({
      q: w.q,
      k: w.k,
      v: w.v,
      mask: mask.map((r) => r.map(Number)),
      maskMode: mode,
    });
  }

  /** @param {Runtime} rt */
  render(rt) {
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    const n = this.n;
    this.modeButtons.forEach((b, i) =>
      b.setAttribute('aria-pressed', String(this.mode === ['neg-inf', 'zero-after-softmax'][i])),
    );
    const isCausal = this.mask.every((row, i) => row.every((on, j) => on === j <= i));
    const isNone = this.mask.every((row) => row.every(Boolean));
    this.presetButtons[0].setAttribute('aria-pressed', String(isCausal));
    this.presetButtons[1].setAttribute('aria-pressed', String(isNone));
    this.formula.replaceChildren(
      ...formula(this.t(this.mode === 'neg-inf' ? 'formulaNegInf' : 'formulaZero')),
    );
    let result = null;
    let error = null;
    try {
      result = this.compute(rt, this.mask, this.mode);
    } catch (e) {
      error = e; // drawn below the grid; the grid stays so the student can undo the click
    }
    const weight = (i, j) => (result ? result.weights.data[i * n + j] : NaN);
    const header = h('tr', {}, [
      h('th', { scope: 'col', class: 'hm-corner' }, this.t('query')),
      ...labels.map((l) => labelHeader(l, 'col', 'hm-col')),
      h('th', { scope: 'col', title: this.t('rowSum') }, fitText(this.t('rowSum'), 'Σ')),
    ]);
    const rows = labels.map((ql, i) => {
      let sum = 0;
      const cells = labels.map((kl, j) => {
        const on = this.mask[i][j];
        const wij = weight(i, j);
        sum += wij;
        const text = Number.isFinite(wij) ? pct(wij) : '—';
        const short = Number.isFinite(wij) ? pct(wij, 0) : '—';
        const shown = on && Number.isFinite(wij);
        const focused = this.cursor[0] === i && this.cursor[1] === j;
        const btn = h(
          'button',
          {
            type: 'button',
            class: shown ? 'cell' : 'cell off',
            tabindex: focused ? '0' : '-1',
            'aria-pressed': String(on),
            'data-i': i,
            'data-j': j,
            onclick: () => this.toggle(i, j),
            style: shown ? { background: weightColor(wij), color: textOn(wij) } : {},
          },
          namedNumber(this.t('cellName', ql, kl, on), text, short),
        );
        return h('td', { role: 'gridcell' }, btn);
      });
      return h('tr', {}, [
        labelHeader(ql, 'row'),
        ...cells,
        h(
          'td',
          { class: 'formula' },
          Number.isFinite(sum) ? fitText(num(sum, 3), num(sum, 2)) : '—',
        ),
      ]);
    });
    const hadFocus = this.shadowRoot.activeElement?.classList.contains('cell');
    this.grid.replaceChildren(h('thead', {}, header), h('tbody', {}, rows));
    this.grid.className = `heatmap mask ${longColumnsClass(labels)}`.trim();
    if (hadFocus) this.focusCell();
    this.drawCellFormula(rt, result, labels);
    const noMask = this.compute(
      rt,
      this.mask.map((r) => r.map(() => true)),
    );
    const gave = w.tokens.indexOf('给了'),
      answer = w.tokens.indexOf('小王');
    this.leak.textContent =
      gave >= 0 && answer >= 0
        ? this.t('leak', labels[answer], pct(noMask.weights.data[gave * n + answer]))
        : '';
    if (error) throw error;
  }

  /** @param {Runtime} rt */
  drawCellFormula(rt, result, labels) {
    const [i, j] = this.cursor;
    if (!result) {
      this.cellFormula.textContent = '';
      return;
    }
    const n = this.n;
    const s = Array.from(result.scores.data.subarray(i * n, (i + 1) * n));
    const visible = this.mode === 'neg-inf' ? s.map((_, k) => this.mask[i][k]) : s.map(() => true);
    const terms = s
      .filter((_, k) => visible[k])
      .flatMap((x, k) => (k ? ['+', sup('e', num(x))] : [sup('e', num(x))]));
    const wij = result.weights.data[i * n + j];
    const softmaxOfJ = frac(sup('e', num(s[j])), row(...terms));
    const math = this.mask[i][j]
      ? row(softmaxOfJ, '=', pct(wij))
      : this.mode === 'neg-inf'
        ? row('s', '=', '−∞', '→', sup('e', '−∞'), '=', 0, '=', pct(wij))
        : row(softmaxOfJ, '→', 0, '=', pct(wij));
    this.cellFormula.replaceChildren(
      `${this.t('selected')} (${labels[i]} → ${labels[j]}): `,
      ...formula(math),
    );
  }

  updateDetail() {
    const { mode, mask, cursor } = this;
    return {
      ...super.updateDetail(),
      mode,
      mask: mask?.map((r) => [...r]),
      cursor: cursor && [...cursor],
    };
  }

  toggle(i, j) {
    this.cursor = [i, j];
    this.mask[i][j] = !this.mask[i][j];
    this.update();
  }

  onKey(e) {
    const to = gridMove(e.key, this.cursor, this.n, this.n);
    if (!to) return;
    e.preventDefault();
    this.cursor = to;
    this.update();
    this.focusCell();
  }

  focusCell() {
    const at = `button[data-i="${this.cursor[0]}"][data-j="${this.cursor[1]}"]`;
    /** @type {HTMLElement | null} */ (this.grid.querySelector(at))?.focus();
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const w = worldTensors(rt, this.worldId);
    const n = w.tokens.length;
    const ix = (t) => w.tokens.indexOf(t);
    const causal = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => j <= i));
    const all = causal.map((r) => r.map(() => true));
    const wc = this.compute(rt, causal).weights.data,
      wn = this.compute(rt, all).weights.data;
    const at = (data, q, k) => pct(data[ix(q) * n + ix(k)]);
    const at0 = (data, q, k) => pct(data[ix(q) * n + ix(k)], 0);
    let maxRowErr = 0;
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += wc[i * n + j];
      maxRowErr = Math.max(maxRowErr, Math.abs(s - 1));
    }
    const rowSums = {
      name: 'causal rows sum to 1 (±1e-6)',
      expected: '≤ 1e-6',
      actual: maxRowErr.toExponential(1),
      ok: maxRowErr <= 1e-6,
    };
    // The course's percentages are zh-gift's; another world has only its row sums to check.
    if (['给了', '小王', '苹果', '小明', '把'].some((t) => ix(t) < 0)) return [rowSums];
    return [
      check('no mask: 给了 → 小王', '32.5%', at(wn, '给了', '小王')),
      check('causal: 给了 → 苹果', '56.5%', at(wc, '给了', '苹果')),
      check('causal: 给了 → 小明', '39.4%', at(wc, '给了', '小明')),
      check(
        'causal: 苹果 → 小明 / 把 / 苹果',
        '30% / 41% / 29%',
        [at0(wc, '苹果', '小明'), at0(wc, '苹果', '把'), at0(wc, '苹果', '苹果')].join(' / '),
      ),
      rowSums,
    ];
  }
}
