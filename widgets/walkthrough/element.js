// <attn-walkthrough world="en-the-cat"> — the hand-worked example: "The" and "cat" through the
// attention formula, one click per step: 1 Q, K, V; 2 raw scores QKᵀ; 3 ÷ √d; 4 causal mask;
// 5 softmax; 6 output = weights · V. Each step shows its matrix; one cell is highlighted
// (click it, or move with the arrow keys) and its arithmetic is written out with the engine's
// numbers. Back/Next buttons, the step buttons, and ←/→ on the step bar move between steps; the
// step is announced through an aria-live region.
// Attributes: world (default en-the-cat), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { line, row, sub, sup, frac, sqrt, sum, letters, mi, formula } from '../../web/mathml.js';
import { AttnWidget, check } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, pct } from '../../web/dom.js';
import { weightColor, textOn } from '../../web/color.js';
import { tokenLabels } from '../../web/world.js';
import { STEPS, walkthrough, fmt, cellArithmetic, courseNumbers } from './logic.js';

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

/** The formula of each step, the same in both languages (the string tables add the words). */
const STEP_MATH = {
  q: row('Q', '=', 'x', '·', sub('W', 'q')),
  k: row('K', '=', 'x', '·', sub('W', 'k')),
  scores: row('S', '=', 'Q', sup('K', 'T')),
  scoreEntry: row(
    sub('S', letters('ij')),
    '=',
    sum('k'),
    sub('Q', letters('ik')),
    sub('K', letters('jk')),
  ),
  scaled: row('S′', '=', frac(row('Q', sup('K', 'T')), sqrt('d'))),
  masked: row(sub('S″', letters('ij')), '=', sub('S′', letters('ij'))),
  weights: row(
    sub('w', letters('ij')),
    '=',
    frac(sup('e', sub('S″', letters('ij'))), row(sum('k'), sup('e', sub('S″', letters('ik'))))),
  ),
  output: row(sub(mi('out'), 'i'), '=', sum('j'), sub('w', letters('ij')), sub('V', 'j')),
};

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
  static strings = {
    'zh-CN': {
      matsRegion: '这一步的矩阵',
      title: '手算一个微型例子：「The」和「cat」走完注意力公式',
      help: '每点一次「下一步」走一步。点矩阵里的格子（或用方向键）看这一格是怎么算出来的。所有数字由引擎从固定的 x、Q、K、V 算出。',
      back: '◀ 上一步',
      next: '下一步 ▶',
      indicator: (k, n) => `第 ${k} 步，共 ${n} 步`,
      stepNav: '步骤',
      goto: (k, name) => `第 ${k} 步：${name}`,
      announce: (k, n, name) => `第 ${k} 步，共 ${n} 步：${name}`,
      names: ['Q、K、V', '原始分数 QKᵀ', '除以 √d', '因果掩码', 'softmax 权重', '输出 = 权重 · V'],
      explain: [
        '每个 token 的向量 x 乘三个矩阵得到 Q、K、V（行向量约定：Q = x · Wq）。这个微型例子里 Q = K = x，V 直接给出。',
        '拿每个 query 和每个 key 做点积：格子 (i, j) = Q[i]·K[j]，行是 query，列是 key。',
        '每个分数除以 √d（这里 d = 2），让分数保持在 softmax 还有信息量的区间。',
        'softmax 之前把上三角（j > i，未来的 token）置为 −∞：「The」看不到后面的「cat」。',
        '每一行做 softmax：分数变成正的、和为 1 的权重；−∞ 的格子恰好变成 0。',
        '每一行用权重把 V 的行加权混合：这就是注意力输出的新表示。',
      ],
      stepFormula: [
        line(STEP_MATH.q, '，', STEP_MATH.k, '，V 给定'),
        line(STEP_MATH.scores, '，', STEP_MATH.scoreEntry),
        STEP_MATH.scaled,
        line(STEP_MATH.masked, '（j ≤ i），−∞（j > i）'),
        STEP_MATH.weights,
        STEP_MATH.output,
      ],
      matX: 'x',
      matQ: 'Q = x · Wq（点格子看算式）',
      matK: 'K = x · Wk',
      matV: 'V（给定）',
      matRaw: 'QKᵀ',
      matScaled: 'QKᵀ / √2',
      matMask: '掩码（加到分数上）',
      matMasked: '掩码后的分数',
      matWeights: 'softmax 权重',
      matOut: '输出 = 权重 · V',
      dim: (k) => `第${k}维`,
      corner: '查询↓ 键→',
      cornerVec: 'token↓ 维→',
      cell: (r, c, v) => `${r}，${c}：${v}`,
      arith: '选中格子的算式：',
      final: (a, b) => `最终输出：out[The] = ${a}，out[cat] = ${b}`,
      rowSum: '每行和 = 100%',
    },
    en: {
      matsRegion: 'The matrices of this step',
      title: 'A tiny example by hand: "The" and "cat" through the attention formula',
      help: "Each click on Next takes one step. Click a cell of the matrix (or use the arrow keys) to see how that cell is computed. Every number is the engine's, from the fixed x, Q, K, V.",
      back: '◀ Back',
      next: 'Next ▶',
      indicator: (k, n) => `step ${k} of ${n}`,
      stepNav: 'Steps',
      goto: (k, name) => `Step ${k}: ${name}`,
      announce: (k, n, name) => `Step ${k} of ${n}: ${name}`,
      names: [
        'Q, K, V',
        'Raw scores QKᵀ',
        'Divide by √d',
        'Causal mask',
        'Softmax weights',
        'Output = weights · V',
      ],
      explain: [
        "Each token's vector x is multiplied by three matrices to give Q, K and V (row vectors: Q = x · Wq). In this tiny example Q = K = x and V is given.",
        'Dot every query with every key: cell (i, j) = Q[i]·K[j]; rows are queries, columns keys.',
        'Divide every score by √d (here d = 2) so the scores stay where softmax is still informative.',
        'Before softmax, set the upper triangle (j > i, future tokens) to −∞: "The" cannot see the later "cat".',
        'Softmax each row: the scores become positive weights that sum to 1; the −∞ cells become exactly 0.',
        'Each row mixes the rows of V with its weights: that mix is the attention output, the new representation.',
      ],
      stepFormula: [
        line(STEP_MATH.q, ', ', STEP_MATH.k, ', V given'),
        line(STEP_MATH.scores, ', ', STEP_MATH.scoreEntry),
        STEP_MATH.scaled,
        line(STEP_MATH.masked, ' (j ≤ i), −∞ (j > i)'),
        STEP_MATH.weights,
        STEP_MATH.output,
      ],
      matX: 'x',
      matQ: 'Q = x · Wq (click a cell)',
      matK: 'K = x · Wk',
      matV: 'V (given)',
      matRaw: 'QKᵀ',
      matScaled: 'QKᵀ / √2',
      matMask: 'mask (added to the scores)',
      matMasked: 'masked scores',
      matWeights: 'softmax weights',
      matOut: 'output = weights · V',
      dim: (k) => `dim ${k}`,
      corner: 'Q↓ K→',
      cornerVec: 'token↓ dim→',
      cell: (r, c, v) => `${r}, ${c}: ${v}`,
      arith: 'Arithmetic of the selected cell: ',
      final: (a, b) => `Final output: out[The] = ${a}, out[cat] = ${b}`,
      rowSum: 'each row sums to 100%',
    },
  };

  constructor() {
    super();
    this.step = 0;
    // The highlighted cell of each step (kept when moving between steps).
    this.cells = {
      qkv: [1, 0],
      raw: [1, 0],
      scaled: [1, 0],
      mask: [0, 1],
      softmax: [1, 0],
      output: [1, 0],
    };
  }

  static get observedAttributes() {
    return ['lang', 'world'];
  }

  get worldId() {
    return this.getAttribute('world') || 'en-the-cat';
  }

  updateDetail() {
    return { ...super.updateDetail(), step: this.step };
  }

  /** @param {Runtime} rt */
  build(rt) {
    walkthrough(rt, this.worldId); // a missing world is an inline error before any control
    const n = STEPS.length;
    this.backBtn = h(
      'button',
      { type: 'button', 'data-role': 'back', onclick: () => this.go(this.step - 1) },
      this.t('back'),
    );
    this.nextBtn = h(
      'button',
      { type: 'button', 'data-role': 'next', onclick: () => this.go(this.step + 1) },
      this.t('next'),
    );
    this.indicator = h('span', { class: 'indicator', 'data-role': 'indicator' });
    this.dots = STEPS.map((_, k) =>
      h(
        'button',
        {
          type: 'button',
          'data-step': k + 1,
          'aria-label': this.t('goto', k + 1, this.t('names')[k]),
          onclick: () => this.go(k),
        },
        String(k + 1),
      ),
    );
    const nav = h('div', { class: 'stepbar', role: 'group', 'aria-label': this.t('stepNav') }, [
      this.backBtn,
      this.indicator,
      this.nextBtn,
      h('span', { class: 'dots' }, this.dots),
    ]);
    nav.addEventListener('keydown', (e) => {
      const to = { ArrowRight: this.step + 1, ArrowLeft: this.step - 1, Home: 0, End: n - 1 }[
        e.key
      ];
      if (to === undefined) return;
      e.preventDefault();
      this.go(to);
    });
    this.live = h('p', { class: 'muted', 'aria-live': 'polite', 'data-role': 'announce' });
    this.stepTitle = h('h3', {});
    this.explain = h('p', {});
    this.stepFormula = h('p', { class: 'formula' });
    this.mats = h('div', { class: 'mats' });
    this.arith = h('p', { class: 'formula arith', 'data-role': 'arith' });
    this.final = h('p', { class: 'formula final', 'data-role': 'final' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      nav,
      this.live,
      h('section', {}, [
        this.stepTitle,
        this.explain,
        this.stepFormula,
        scrollRegion(this.mats, { label: this.t('matsRegion'), lang: this.lang }),
        this.arith,
        this.final,
      ]),
    );
  }

  go(k) {
    const next = Math.max(0, Math.min(STEPS.length - 1, k));
    if (next === this.step) return;
    this.step = next;
    this.announce = true;
    this.update();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const m = walkthrough(rt, this.worldId);
    const labels = tokenLabels(m.w, this.lang);
    const lab = (i) => labels[i];
    const key = STEPS[this.step];
    const name = this.t('names')[this.step];
    this.drawStepBar(name);

    const focused = /** @type {HTMLElement | null} */ (this.shadowRoot.activeElement);
    const hadFocus = focused?.dataset?.cell !== undefined;
    const mats = this.stepMatrices(m, labels, key);
    this.mats.replaceChildren(...mats);
    if (hadFocus) this.focusCell();
    const [ci, cj] = this.cells[key];
    this.arith.replaceChildren(
      h('strong', {}, this.t('arith')),
      ...formula(cellArithmetic(key, ci, cj, m, lab)),
    );
    // The closing line quotes the course's The/cat outputs; another world's steps stand alone.
    const theCat = ['The', 'cat'].every((t) => m.w.tokensEn.includes(t));
    this.final.hidden = key !== 'output' || !theCat;
    const nums = theCat ? courseNumbers(m) : null;
    this.final.textContent = nums ? this.t('final', nums.outThe, nums.outCat) : '';
  }

  /**
   * The step bar: back / next (focus kept on the bar when one is disabled), the dots, the
   * announcement, the step's title and texts.
   * @param {string} name this step's name
   */
  drawStepBar(name) {
    const n = STEPS.length;
    const active = /** @type {HTMLButtonElement | null} */ (this.shadowRoot.activeElement);
    this.backBtn.disabled = this.step === 0;
    this.nextBtn.disabled = this.step === n - 1;
    // A disabled button drops the focus: keep it on the step bar (the other button).
    if (active === this.nextBtn && this.nextBtn.disabled) this.backBtn.focus();
    if (active === this.backBtn && this.backBtn.disabled) this.nextBtn.focus();
    this.indicator.textContent = this.t('indicator', this.step + 1, n);
    this.dots.forEach((b, k) => {
      if (k === this.step) b.setAttribute('aria-current', 'step');
      else b.removeAttribute('aria-current');
      b.classList.toggle('done', k < this.step);
    });
    if (this.announce) this.live.textContent = this.t('announce', this.step + 1, n, name);
    this.announce = false;
    this.stepTitle.textContent = `${this.step + 1}. ${name}`;
    this.explain.textContent = this.t('explain')[this.step];
    this.stepFormula.replaceChildren(...formula(this.t('stepFormula')[this.step]));
  }

  /** The matrices this step shows, the one being computed live (its cells pick a cell). */
  stepMatrices(m, labels, key) {
    const dims = Array.from({ length: m.d }, (_, k) => this.t('dim', k));
    const mats = [];
    const plain = (title, rows, cols, values, opts = {}) =>
      this.matrix({ title, rows, cols, values, ...opts });
    const live = (title, rows, cols, values, opts = {}) =>
      this.matrix({ title, rows, cols, values, pick: key, ...opts });
    switch (key) {
      case 'qkv':
        mats.push(
          plain(this.t('matX'), labels, dims, m.w.x, { vecCorner: true }),
          live(this.t('matQ'), labels, dims, m.w.q, { vecCorner: true }),
          plain(this.t('matK'), labels, dims, m.w.k, { vecCorner: true }),
          plain(this.t('matV'), labels, dims, m.w.v, { vecCorner: true }),
        );
        break;
      case 'raw':
        mats.push(live(this.t('matRaw'), labels, labels, m.raw));
        break;
      case 'scaled':
        mats.push(
          plain(this.t('matRaw'), labels, labels, m.raw),
          live(this.t('matScaled'), labels, labels, m.scaled),
        );
        break;
      case 'mask':
        mats.push(
          plain(
            this.t('matMask'),
            labels,
            labels,
            m.mask.map((r) => r.map((on) => (on ? 0 : -Infinity))),
            { format: (v) => (v === 0 ? '0' : '−∞') },
          ),
          live(this.t('matMasked'), labels, labels, m.masked, { masked: m.mask }),
        );
        break;
      case 'softmax':
        mats.push(
          plain(this.t('matMasked'), labels, labels, m.masked),
          live(this.t('matWeights'), labels, labels, m.weights, { percent: true, masked: m.mask }),
        );
        break;
      case 'output':
        mats.push(
          plain(this.t('matWeights'), labels, labels, m.weights, { percent: true }),
          plain(this.t('matV'), labels, dims, m.w.v, { vecCorner: true }),
          live(this.t('matOut'), labels, dims, m.output, { vecCorner: true }),
        );
        break;
      default:
    }
    return mats;
  }

  /**
   * A matrix as a small table; with `pick` its cells are buttons that choose the highlighted cell.
   * @param {{ title: string, rows: string[], cols: string[], values: number[][], pick?: string,
   *   percent?: boolean, masked?: (i: number, j: number) => boolean, vecCorner?: boolean,
   *   format?: (x: number) => string }} options
   */
  matrix({ title, rows, cols, values, pick, percent = false, masked, vecCorner = false, format }) {
    const text = format ?? ((v) => (percent ? pct(v) : fmt(v)));
    const head = h('tr', {}, [
      h('th', { scope: 'col', class: 'hm-corner' }, this.t(vecCorner ? 'cornerVec' : 'corner')),
      ...cols.map((c) => h('th', { scope: 'col' }, c)),
    ]);
    const body = rows.map((r, i) =>
      h('tr', {}, [
        h('th', { scope: 'row' }, r),
        ...cols.map((c, j) => {
          const v = values[i][j];
          const colour =
            percent && (!masked || masked[i][j])
              ? { background: weightColor(v), color: textOn(v) }
              : undefined;
          if (!pick) return h('td', {}, h('span', { style: colour }, text(v)));
          const [fi, fj] = this.cells[pick];
          const on = fi === i && fj === j;
          return h(
            'td',
            {},
            h(
              'button',
              {
                type: 'button',
                'data-cell': `${i},${j}`,
                'data-i': i,
                'data-j': j,
                class: masked && !masked[i][j] ? 'masked' : undefined,
                'aria-pressed': String(on),
                tabindex: on ? '0' : '-1',
                'aria-label': this.t('cell', r, c, text(v)),
                style: colour,
                onclick: () => {
                  this.cells[pick] = [i, j];
                  this.update();
                  this.focusCell();
                },
              },
              text(v),
            ),
          );
        }),
      ]),
    );
    const table = h('table', { role: pick ? 'grid' : undefined, 'aria-label': title }, [
      h('thead', {}, head),
      h('tbody', {}, body),
    ]);
    if (pick) {
      table.addEventListener('keydown', (e) => {
        const mv = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[
          e.key
        ];
        if (!mv) return;
        e.preventDefault();
        e.stopPropagation();
        const [fi, fj] = this.cells[pick];
        const clamp = (x, hi) => Math.max(0, Math.min(hi - 1, x));
        this.cells[pick] = [clamp(fi + mv[0], rows.length), clamp(fj + mv[1], cols.length)];
        this.update();
        this.focusCell();
      });
    }
    return h('figure', { class: 'mat' }, [h('figcaption', {}, title), table]);
  }

  focusCell() {
    const [i, j] = this.cells[STEPS[this.step]];
    /** @type {HTMLElement | null} */ (
      this.mats.querySelector(`button[data-cell="${i},${j}"]`)
    )?.focus();
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const nums = courseNumbers(walkthrough(rt, 'en-the-cat')); // the course's example, whatever `world` shows
    return [
      check('out[The]', '[0.54, −0.16]', nums.outThe),
      check('out[cat]', '[0.42, 0.24]', nums.outCat),
      check('cat row raw scores Q·K (The / cat)', '0.48 / 0.90', nums.catRaw),
      check('cat row weights (The / cat)', '42.6% / 57.4%', nums.catWeights),
    ];
  }
}
