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
import { line, row, sub, sup, frac, sqrt, sum, paren, times, formula } from '../../web/mathml.js';
import { AttnWidget, check } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, svg, pct, num } from '../../web/dom.js';
import { CATEGORY } from '../../web/color.js';
import {
  EXPERIMENT,
  D_STEPS,
  ANCHOR_D,
  AXES,
  BINS,
  WRONG_GUESS,
  experiment,
  hasExperiment,
  experimentTexts,
  histogram,
  exampleLabels,
  scoreExample,
  signedPct,
  smallPct,
  scoreText,
  bigRatio,
  courseNumbers,
  weightPct,
  columnPct,
  smallNum,
} from './logic.js';

const UNSCALED = '#D55E00'; // Okabe–Ito vermillion: no ÷√d (and negative shares)
const SCALED = CATEGORY.a; //  Okabe–Ito blue: ÷√d

const LOCAL_CSS = `
.section { margin: 14px 0 0; padding-top: 10px; border-top: 1px solid var(--_rule); }
h3 { font-size: 0.98rem; margin: 0 0 6px; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
figure { margin: 4px 0; flex: 1 1 300px; min-width: 0; max-width: 100%; }
figcaption { font-size: 0.88em; font-weight: 600; }
figure svg { display: block; width: 100%; height: auto; max-width: 420px; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; }
.minibar { display: block; width: 90px; height: 12px; }
td.val { white-space: nowrap; }
.cellbar { display: flex; align-items: center; gap: 6px; }
thead th { vertical-align: bottom; }
@media (max-width: 420px) {
  .minibar { width: 56px; } th, td { padding: 4px 3px; }
  .cellbar { flex-direction: column-reverse; align-items: flex-end; gap: 2px; }
}
.guess { color: var(--_muted); text-decoration: line-through; }
output { min-width: 5.5em; }
`;

// The score examples' engine results, kept per engine and world for the self-checks (the
// experiment's own results are kept per engine and d by logic.js experiment()).
const checkCache = new WeakMap();
/** @param {Runtime} rt */
function cachedCourseNumbers(rt) {
  let perEngine = checkCache.get(rt.engine);
  if (!perEngine) checkCache.set(rt.engine, (perEngine = new WeakMap()));
  const world = rt.world;
  if (!perEngine.has(world)) perEngine.set(world, courseNumbers(rt.engine, world));
  return perEngine.get(world);
}

/** e^s of a score; a negative exponent reads e^(−4) in the plain text. */
const expMath = (s) => sup('e', scoreText(s));
/** a + b + c of formula terms. @param {import('../../web/mathml.js').MathChild[]} terms */
const plus = (terms) => row(...terms.flatMap((x, k) => (k ? ['+', x] : [x])));
/** token = part / (whole) = share: one key's share with its numbers. */
const shareMath = (t, part, whole, share) => row(t, '=', frac(part, whole), '=', share);
const QK = row('q', '·', 'k');
/** std(q·k) = s ≈ √d = √256 = 16 (or ≈ 19.60 when √d is not whole). */
const stdMath = (s, d, rel, root) =>
  row('std', paren(QK), '=', s, '≈', sqrt('d'), '=', sqrt(String(d)), rel, root);
/** std(q·k / √d) = s ≈ 1 */
const stdScaledMath = (s) => row('std', paren(frac(QK, sqrt('d'))), '=', s, '≈', 1);
/** max_j e^(s_j) / Σ_k e^(s_k) = v */
const maxWeightMath = (v) =>
  row(
    sub('max', 'j'),
    frac(sup('e', sub('s', 'j')), row(sum('k'), sup('e', sub('s', 'k')))),
    '=',
    v,
  );
/** H = −Σ w ln w = v */
const entropyMath = (v) => row('H', '=', row('−', 'Σ', 'w', times(), 'ln', times(), 'w'), '=', v);

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
  static css = LOCAL_CSS;
  static get observedAttributes() {
    return ['lang', 'd'];
  }

  static strings = {
    'zh-CN': {
      title: '分数怎么变成「关注多少」的权重',
      token: 'token',
      score: '分数 s',
      split: '按比例 s/Σs',
      softmax: 'softmax',
      guess: '常见猜测',
      splitTitle: '① 按比例分：会出负数',
      splitHelp:
        '最直接的想法是按分数占比分：s_j / Σs。可分数可以是负的，占比就会是负的——「关注 −44%」没有意义。softmax 先取 e^s（永远为正）再归一。',
      splitFormula: (t, s, all, v) => line('按比例：', shareMath(t, s, all, v)),
      softFormula: (t, e, all, v) => line('softmax：', shareMath(t, e, all, v)),
      negNote: (t, v) => `「${t}」分到 ${v}：负的注意力，权重也不再都落在 0 到 1 之间。`,
      dialogTitle: '② softmax：8、7、9 不是 40% / 30% / 30%',
      dialogHelp: (e) =>
        `三个分数相差不过 1、2 分，直觉会猜「差不多平分」。softmax 只看分差，差 1 就是 e ≈ ${e} 倍（softmax([1, 0]) 两个权重之比）：`,
      diffFormula: (t, diffs, v) => line('只看分差：', shareMath(t, 1, diffs, v)),
      guessNote: (g, p) =>
        `常见猜测 ${g}（划掉的一列）是错的；按比例分也只有 ${p}，差 1 分在 softmax 里差得多。`,
      varTitle: '③ 为什么除以 √d',
      varHelp: (n, k, seed) =>
        `固定种子 ${seed} 的实验：q、k 每一维独立取自标准正态分布，抽 ${n} 对算 q·k 画直方图；再拿一个 q 对 ${k} 个 key 做一行 softmax。拖动每头维数 d 看它怎么变。`,
      slider: '每头维数 d',
      valuetext: (d) => `d = ${d}`,
      stdFormula: stdMath,
      stdScaledFormula: (s) => line('÷√d 之后：', stdScaledMath(s)),
      histUnscaled: '不缩放：q·k',
      histScaled: '缩放：q·k / √d',
      histAria: (what, d, s, lo, hi, out) =>
        `${what} 的直方图，d = ${d}，标准差 ${s}，横轴 ${lo} 到 ${hi}${out ? `，${out} 个落在轴外、计入两端` : ''}`,
      outside: (n) => `${n} 个超出横轴，计入两端`,
      rowUnscaled: (k) => `不缩放：softmax(q·k_j)，${k} 个 key`,
      rowScaled: (k) => `缩放：softmax(q·k_j / √d)，${k} 个 key`,
      rowAria: (what, ws) => `${what}：${ws}`,
      maxFormula: (v) => line('最大权重 ', maxWeightMath(v)),
      entropyFormula: (v, u, k) =>
        line('熵 ', entropyMath(v), ` nats（均匀分 = ln ${k} = ${u}，one-hot = 0）`),
      collapse: (d, v) =>
        `d = ${d} 时不缩放的一行已有 ${v} 落在一个 key 上：几乎 one-hot，其余 key 的梯度几乎为 0。`,
      spread: (d, v) => `d = ${d} 时不缩放的最大权重是 ${v}。`,
      e20: (r) =>
        `锚点模型每头 256 维，点积标准差 √256 = 16，同一行分差十几二十是常态：分差 20 时两个 key 的权重之比是 e^20 ≈ ${r}（由 softmax([20, 0]) 的两个权重相除得到）。`,
      key: (j) => `k${j}`,
    },
    en: {
      title: 'How scores become "how much to attend" weights',
      token: 'token',
      score: 'score s',
      split: 'share s/Σs',
      softmax: 'softmax',
      guess: 'guess',
      splitTitle: '① Splitting in proportion: negative shares',
      splitHelp:
        'The obvious idea is to split by each score’s share, s_j / Σs. But scores can be negative, and then so is the share — "attend −44%" means nothing. Softmax takes e^s first (always positive), then normalises.',
      splitFormula: (t, s, all, v) => line('share: ', shareMath(t, s, all, v)),
      softFormula: (t, e, all, v) => line('softmax: ', shareMath(t, e, all, v)),
      negNote: (t, v) =>
        `"${t}" gets ${v}: negative attention, and the weights no longer stay between 0 and 1.`,
      dialogTitle: '② Softmax: 8, 7, 9 is not 40% / 30% / 30%',
      dialogHelp: (e) =>
        `The three scores are only 1 or 2 apart, so intuition guesses "about even". Softmax only sees differences, and a difference of 1 is a factor e ≈ ${e} (the ratio of the two weights of softmax([1, 0])):`,
      diffFormula: (t, diffs, v) => line('differences only: ', shareMath(t, 1, diffs, v)),
      guessNote: (g, p) =>
        `The common guess ${g} (struck out) is wrong; a proportional split would give only ${p}, while in softmax a 1-point gap counts for much more.`,
      varTitle: '③ Why divide by √d',
      varHelp: (n, k, seed) =>
        `A seeded experiment (seed ${seed}): every dimension of q and k is drawn from a standard normal; ${n} pairs give the histogram of q·k, and one q against ${k} keys gives one softmax row. Drag the head width d and watch.`,
      slider: 'Head width d',
      valuetext: (d) => `d = ${d}`,
      stdFormula: stdMath,
      stdScaledFormula: (s) => line('after ÷√d: ', stdScaledMath(s)),
      histUnscaled: 'Unscaled: q·k',
      histScaled: 'Scaled: q·k / √d',
      histAria: (what, d, s, lo, hi, out) =>
        `Histogram of ${what}, d = ${d}, standard deviation ${s}, axis ${lo} to ${hi}${out ? `, ${out} beyond the axis counted at the ends` : ''}`,
      outside: (n) => `${n} beyond the axis, counted at the ends`,
      rowUnscaled: (k) => `Unscaled: softmax(q·k_j), ${k} keys`,
      rowScaled: (k) => `Scaled: softmax(q·k_j / √d), ${k} keys`,
      rowAria: (what, ws) => `${what}: ${ws}`,
      maxFormula: (v) => line('max weight ', maxWeightMath(v)),
      entropyFormula: (v, u, k) =>
        line('entropy ', entropyMath(v), ` nats (uniform = ln ${k} = ${u}, one-hot = 0)`),
      collapse: (d, v) =>
        `At d = ${d} the unscaled row already puts ${v} on one key: nearly one-hot, and the other keys’ gradients nearly vanish.`,
      spread: (d, v) => `At d = ${d} the unscaled row’s largest weight is ${v}.`,
      e20: (r) =>
        `The anchor model has 256 dims per head, so dot products have std √256 = 16 and score gaps of 15–20 within a row are normal: a gap of 20 makes one key e^20 ≈ ${r} times heavier than the other (the ratio of the two weights of softmax([20, 0])).`,
      key: (j) => `k${j}`,
    },
  };

  /** Slider position of the `d` attribute (nearest step), default the anchor's 256. */
  startIndex() {
    const want = Number(this.getAttribute('d')) || ANCHOR_D;
    let best = 0;
    D_STEPS.forEach((d, i) => {
      if (Math.abs(d - want) < Math.abs(D_STEPS[best] - want)) best = i;
    });
    return best;
  }

  get d() {
    return D_STEPS[this.index];
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'd' && old !== value) this.index = this.startIndex();
    super.attributeChangedCallback(name, old, value);
  }

  updateDetail() {
    return { ...super.updateDetail(), d: this.d };
  }

  /** @param {Runtime} rt */
  build(rt) {
    this.index ??= this.startIndex();
    // The score examples need the teaching world; the √d experiment does not. A missing or
    // malformed world is shown inline (render rethrows it) and the slider keeps working.
    this.dataError = null;
    let parts = [];
    try {
      const nums = cachedCourseNumbers(rt); // engine results for the two score examples
      parts = [this.buildSplit(rt, nums), this.buildDialog(rt, nums)];
    } catch (e) {
      this.dataError = e;
    }
    const e20 = rt.engine.softmax([20, 0], {}).weights; // two keys 20 apart: weight ratio e^20
    this.body.append(h('h2', {}, this.t('title')), ...parts, this.buildExperiment(e20[0] / e20[1]));
  }

  // ---- ① and ②: the two score examples --------------------------------------------------------

  /** A mini bar for a share in [lo, hi] with a zero line; negative shares in vermillion. */
  miniBar(v, lo, hi) {
    const W = 90,
      H = 12;
    const x = (t) => ((t - lo) / (hi - lo)) * W;
    const a = Math.min(x(0), x(v)),
      b = Math.max(x(0), x(v));
    return svg(
      'svg',
      { class: 'minibar', viewBox: `0 0 ${W} ${H}`, 'aria-hidden': 'true', focusable: 'false' },
      [
        svg('rect', { x: 0, y: 0, width: W, height: H, fill: '#eee', rx: 2 }),
        svg('rect', {
          x: a,
          y: 1,
          width: Math.max(b - a, 0.5),
          height: H - 2,
          fill: v < 0 ? UNSCALED : SCALED,
        }),
        svg('line', { x1: x(0), x2: x(0), y1: 0, y2: H, stroke: '#1b1b1b', 'stroke-width': 1 }),
      ],
    );
  }

  valueCell(v, text, lo, hi) {
    return h(
      'td',
      { class: 'val' },
      h('span', { class: 'cellbar' }, [this.miniBar(v, lo, hi), text]),
    );
  }

  /**
   * @param {string[]} labels
   * @param {number[]} scores
   * @param {number[]} split
   * @param {number[]} soft
   * @param {{ guess?: readonly number[], label: string }} options label names the table
   */
  scoreTable(labels, scores, split, soft, { guess, label }) {
    const lo = Math.min(0, ...split, ...soft),
      hi = Math.max(1, ...split, ...soft);
    const head = h('tr', {}, [
      h('th', { scope: 'col' }, this.t('token')),
      h('th', { scope: 'col' }, this.t('score')),
      guess ? h('th', { scope: 'col' }, this.t('guess')) : null,
      h('th', { scope: 'col' }, this.t('split')),
      h('th', { scope: 'col' }, this.t('softmax')),
    ]);
    const rows = labels.map((l, j) =>
      h('tr', {}, [
        h('th', { scope: 'row' }, l),
        h('td', {}, scoreText(scores[j])),
        guess ? h('td', { class: 'guess' }, pct(guess[j], 0)) : null,
        this.valueCell(split[j], signedPct(split[j]), lo, hi),
        this.valueCell(soft[j], smallPct(soft[j]), lo, hi),
      ]),
    );
    return scrollRegion(h('table', {}, [h('thead', {}, head), h('tbody', {}, rows)]), {
      label,
      lang: this.lang,
    });
  }

  /** s₁ + s₂ + (−s₃): the scores summed, a negative one in brackets. */
  sumText(scores) {
    return plus(scores.map((s) => (s < 0 ? paren(scoreText(s)) : scoreText(s))));
  }

  /** e^s₁ + e^s₂ + … */
  expSumText(scores) {
    return plus(scores.map(expMath));
  }

  /** @param {Runtime} rt */
  buildSplit(rt, nums) {
    const ex = scoreExample(rt.world, 'car');
    const labels = exampleLabels(ex, this.lang);
    const { scores, split, softmax } = nums.car;
    // The most negative share: the trap (汽车 in the course's example).
    let worst = 0;
    split.forEach((v, j) => {
      if (v < split[worst]) worst = j;
    });
    return h('section', { class: 'section', 'data-part': 'split' }, [
      h('h3', {}, this.t('splitTitle')),
      h('p', { class: 'muted' }, this.t('splitHelp')),
      this.scoreTable(labels, scores, split, softmax, { label: this.t('splitTitle') }),
      h(
        'p',
        { class: 'formula', 'data-formula': 'split' },
        formula(
          this.t(
            'splitFormula',
            labels[worst],
            scoreText(scores[worst]),
            this.sumText(scores),
            signedPct(split[worst]),
          ),
        ),
      ),
      h(
        'p',
        { class: 'formula', 'data-formula': 'softmax' },
        formula(
          this.t(
            'softFormula',
            labels[worst],
            expMath(scores[worst]),
            this.expSumText(scores),
            smallPct(softmax[worst]),
          ),
        ),
      ),
      split[worst] < 0
        ? h(
            'p',
            { 'data-note': 'negative' },
            this.t('negNote', labels[worst], signedPct(split[worst])),
          )
        : null,
    ]);
  }

  /** @param {Runtime} rt */
  buildDialog(rt, nums) {
    const ex = scoreExample(rt.world, 'dialog');
    const labels = exampleLabels(ex, this.lang);
    const { scores, split, softmax } = nums.dialog;
    const guess = scores.length === WRONG_GUESS.length ? WRONG_GUESS : null;
    const oneGap = rt.engine.softmax([1, 0], {}).weights; // a gap of 1: weight ratio e
    const formulas = labels
      .map((l, j) => {
        // exponents written as differences
        const diffs = plus(scores.map((s) => expMath(s - scores[j])));
        return [
          h(
            'p',
            { class: 'formula', 'data-formula': `softmax-${j}` },
            formula(
              this.t(
                'softFormula',
                l,
                expMath(scores[j]),
                this.expSumText(scores),
                pct(softmax[j]),
              ),
            ),
          ),
          j === 0
            ? h(
                'p',
                { class: 'formula' },
                formula(this.t('diffFormula', l, diffs, pct(softmax[j]))),
              )
            : null,
        ];
      })
      .flat();
    return h('section', { class: 'section', 'data-part': 'dialog' }, [
      h('h3', {}, this.t('dialogTitle')),
      h('p', { class: 'muted' }, this.t('dialogHelp', num(oneGap[0] / oneGap[1], 1))),
      this.scoreTable(labels, scores, split, softmax, { guess, label: this.t('dialogTitle') }),
      ...formulas,
      guess
        ? h(
            'p',
            {},
            this.t(
              'guessNote',
              guess.map((g) => pct(g, 0)).join(' / '),
              Array.from(split, (v) => pct(v, 0)).join(' / '),
            ),
          )
        : null,
    ]);
  }

  // ---- ③: the √d experiment --------------------------------------------------------------------

  buildExperiment(e20) {
    const id = 'd-slider';
    /** @type {Map<Element, any>} the drawn charts, by figure (drawHistogram, drawRow) */
    this.charts = new Map();
    /** @type {Set<number>} head widths asked for in idle time */
    this.prefetching = this.prefetching ?? new Set();
    this.slider = h('input', {
      type: 'range',
      id,
      min: 0,
      max: D_STEPS.length - 1,
      step: 1,
      value: this.index,
      'aria-valuetext': this.t('valuetext', this.d),
      // The name carries d too ("Head width d, d = 384"): Chromium's accessibility tree
      // reports a native range's value as its position (0 … 19) whatever aria-valuetext says.
      'aria-labelledby': `${id}-label ${id}-output`,
      oninput: () => {
        this.index = Number(this.slider.value);
        this.update();
      },
    });
    this.output = h('output', { for: id, id: `${id}-output`, 'aria-hidden': 'true' });
    this.stdLine = h('p', { class: 'formula', 'data-formula': 'std' });
    this.stdScaledLine = h('p', { class: 'formula', 'data-formula': 'std-scaled' });
    this.histUnscaled = h('figure', { 'data-chart': 'hist-unscaled' });
    this.histScaled = h('figure', { 'data-chart': 'hist-scaled' });
    this.rowUnscaled = h('figure', { 'data-chart': 'row-unscaled' });
    this.rowScaled = h('figure', { 'data-chart': 'row-scaled' });
    this.verdict = h('p', { 'aria-live': 'polite', 'data-note': 'verdict' });
    return h('section', { class: 'section', 'data-part': 'variance' }, [
      h('h3', {}, this.t('varTitle')),
      h(
        'p',
        { class: 'muted' },
        this.t('varHelp', EXPERIMENT.nSamples, EXPERIMENT.nKeys, EXPERIMENT.seed),
      ),
      h('div', { class: 'row' }, [
        h('label', { for: id, id: `${id}-label` }, this.t('slider')),
        this.slider,
        this.output,
      ]),
      this.stdLine,
      this.stdScaledLine,
      h('div', { class: 'charts' }, [this.histUnscaled, this.histScaled]),
      h('div', { class: 'charts' }, [this.rowUnscaled, this.rowScaled]),
      this.verdict,
      h('p', { class: 'muted', 'data-note': 'e20' }, this.t('e20', bigRatio(e20, this.lang))),
    ]);
  }

  /**
   * An SVG histogram of the engine's dot products on a fixed axis, ±std marked. The chart is
   * drawn once (a bar per bin, the axis, its ticks); a slider step only moves the bars, the σ
   * marks and the labels, so a step costs attribute writes, not a new SVG.
   */
  drawHistogram(fig, { title, dots, factor, axis, std, color, d }) {
    const hist = histogram(dots, { ...axis, bins: BINS, factor });
    const W = 320,
      H = 130,
      L = 8,
      R = 8,
      T = 16,
      B = 22;
    const pw = W - L - R,
      ph = H - T - B;
    const x = (v) => L + ((v - axis.lo) / (axis.hi - axis.lo)) * pw;
    const bw = pw / BINS;
    let c = this.charts.get(fig);
    if (!c) {
      const bars = hist.counts.map((_, i) =>
        svg('rect', { x: L + i * bw, width: Math.max(bw - 0.6, 0.6), fill: color }),
      );
      const ticks = axis.ticks
        .map((t) => [
          svg('line', { x1: x(t), x2: x(t), y1: T + ph, y2: T + ph + 4, stroke: '#1b1b1b' }),
          svg(
            'text',
            {
              x: x(t),
              y: H - 6,
              'text-anchor': t === axis.lo ? 'start' : t === axis.hi ? 'end' : 'middle',
              'font-size': 11,
              fill: '#1b1b1b',
            },
            num(t, 0),
          ),
        ])
        .flat();
      const sd = [0, 1].map(() =>
        svg('line', {
          y1: T - 2,
          y2: T + ph,
          stroke: '#1b1b1b',
          'stroke-dasharray': '3 2',
          'stroke-width': 1,
        }),
      );
      const stdLabel = svg('text', {
        x: W - R,
        y: 11,
        'text-anchor': 'end',
        'font-size': 11,
        fill: '#1b1b1b',
      });
      const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img' }, [
        ...bars,
        svg('line', { x1: L, x2: W - R, y1: T + ph, y2: T + ph, stroke: '#1b1b1b' }),
        ...ticks,
        ...sd,
        stdLabel,
      ]);
      const outside = h('p', { class: 'muted', hidden: true });
      fig.replaceChildren(
        h('figcaption', {}, [h('span', { class: 'swatch', style: { background: color } }), title]),
        chart,
        outside,
      );
      c = { bars, sd, stdLabel, chart, outside };
      this.charts.set(fig, c);
    }
    hist.counts.forEach((n, i) => {
      const hgt = n ? (n / hist.max) * ph : 0;
      c.bars[i].setAttribute('y', String(T + ph - hgt));
      c.bars[i].setAttribute('height', String(hgt));
    });
    [-std, std].forEach((v, i) => {
      const inside = v > axis.lo && v < axis.hi;
      c.sd[i].setAttribute('visibility', inside ? 'visible' : 'hidden');
      c.sd[i].setAttribute('x1', String(inside ? x(v) : 0));
      c.sd[i].setAttribute('x2', String(inside ? x(v) : 0));
    });
    const sdText = num(std, 2);
    c.stdLabel.textContent = `±σ = ±${sdText}`;
    const out = hist.below + hist.above;
    c.chart.setAttribute(
      'aria-label',
      this.t('histAria', title, d, sdText, num(axis.lo, 0), num(axis.hi, 0), out),
    );
    c.outside.hidden = !out;
    c.outside.textContent = out ? this.t('outside', out) : '';
  }

  /**
   * One softmax row over the experiment's keys as columns, percentages above; drawn once, then
   * a step sets the columns' heights and the texts.
   */
  drawRow(fig, { title, weights, entropy, maxWeight, color, uniform }) {
    const n = weights.length;
    const W = 320,
      H = 112,
      T = 16,
      B = 18,
      gap = 6;
    const ph = H - T - B,
      cw = (W - gap * (n - 1)) / n;
    let c = this.charts.get(fig);
    if (!c) {
      const cols = Array.from(weights, (_, j) => {
        const x = j * (cw + gap);
        return {
          fill: svg('rect', { x, width: cw, fill: color }),
          label: svg('text', {
            x: x + cw / 2,
            y: T - 4,
            'text-anchor': 'middle',
            'font-size': 10,
            fill: '#1b1b1b',
          }),
          parts: [
            svg('rect', { x, y: T, width: cw, height: ph, fill: '#eee' }),
            svg(
              'text',
              {
                x: x + cw / 2,
                y: H - 4,
                'text-anchor': 'middle',
                'font-size': 10,
                fill: '#1b1b1b',
              },
              this.t('key', j + 1),
            ),
          ],
        };
      });
      const chart = svg(
        'svg',
        { viewBox: `0 0 ${W} ${H}`, role: 'img' },
        cols.map((col) => [col.parts[0], col.fill, col.label, col.parts[1]]).flat(),
      );
      const maxLine = h('p', { class: 'formula', 'data-formula': 'max' });
      const entropyLine = h('p', { class: 'formula', 'data-formula': 'entropy' });
      fig.replaceChildren(
        h('figcaption', {}, [h('span', { class: 'swatch', style: { background: color } }), title]),
        chart,
        maxLine,
        entropyLine,
      );
      c = { cols, chart, maxLine, entropyLine };
      this.charts.set(fig, c);
    }
    Array.from(weights, (w, j) => {
      const hgt = Math.max(w * ph, 0.5);
      c.cols[j].fill.setAttribute('y', String(T + ph - hgt));
      c.cols[j].fill.setAttribute('height', String(hgt));
      c.cols[j].label.textContent = columnPct(w);
    });
    const list = Array.from(weights, (w, j) => `${this.t('key', j + 1)} ${weightPct(w)}`).join(
      ', ',
    );
    c.chart.setAttribute('aria-label', this.t('rowAria', title, list));
    c.maxLine.replaceChildren(...formula(this.t('maxFormula', weightPct(maxWeight))));
    c.entropyLine.replaceChildren(
      ...formula(this.t('entropyFormula', smallNum(entropy), num(uniform, 2), n)),
    );
  }

  /**
   * After a step, the experiments one and two steps either side are asked for in idle time, so
   * the next step of a drag usually finds its numbers ready (experiment() keeps them).
   * @param {Runtime} rt
   */
  prefetchNeighbours(rt) {
    const idle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 50));
    for (const i of [this.index + 1, this.index - 1, this.index + 2, this.index - 2]) {
      const d = D_STEPS[i];
      if (d === undefined || hasExperiment(rt.engine, d) || this.prefetching.has(d)) continue;
      this.prefetching.add(d);
      idle(
        () => {
          this.prefetching.delete(d);
          experiment(rt.engine, d);
        },
        { timeout: 3000 },
      );
    }
  }

  /** @param {Runtime} rt */
  render(rt) {
    const d = this.d;
    const r = experiment(rt.engine, d);
    const rootD = Math.sqrt(d); // the reference value printed beside the measured std
    const root = Number.isInteger(rootD) ? ['=', String(rootD)] : ['≈', num(rootD, 2)];
    this.slider.value = String(this.index);
    this.slider.setAttribute('aria-valuetext', this.t('valuetext', d));
    this.output.textContent = this.t('valuetext', d);
    const texts = experimentTexts(r); // the same texts the quiz quotes at d = 256
    this.stdLine.replaceChildren(...formula(this.t('stdFormula', texts.std, d, ...root)));
    this.stdScaledLine.replaceChildren(...formula(this.t('stdScaledFormula', texts.stdScaled)));
    this.drawHistogram(this.histUnscaled, {
      title: this.t('histUnscaled'),
      dots: r.dots,
      factor: 1,
      axis: AXES.unscaled,
      std: r.stdUnscaled,
      color: UNSCALED,
      d,
    });
    this.drawHistogram(this.histScaled, {
      title: this.t('histScaled'),
      dots: r.dots,
      factor: 1 / rootD,
      axis: AXES.scaled,
      std: r.stdScaled,
      color: SCALED,
      d,
    });
    // ln K, the entropy of a uniform row: asked once per engine.
    this.uniform =
      this.uniform ?? rt.engine.softmax(new Array(EXPERIMENT.nKeys).fill(0), {}).entropy;
    const uniform = this.uniform;
    this.drawRow(this.rowUnscaled, {
      title: this.t('rowUnscaled', EXPERIMENT.nKeys),
      weights: r.weightsUnscaled,
      entropy: r.entropyUnscaled,
      maxWeight: r.maxWeightUnscaled,
      color: UNSCALED,
      uniform,
    });
    this.drawRow(this.rowScaled, {
      title: this.t('rowScaled', EXPERIMENT.nKeys),
      weights: r.weightsScaled,
      entropy: r.entropyScaled,
      maxWeight: r.maxWeightScaled,
      color: SCALED,
      uniform,
    });
    this.verdict.textContent = this.t(
      r.maxWeightUnscaled > 0.9 ? 'collapse' : 'spread',
      d,
      weightPct(r.maxWeightUnscaled),
    );
    this.prefetchNeighbours(rt);
    if (this.dataError) throw this.dataError;
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const n = cachedCourseNumbers(rt);
    const car = scoreExample(rt.world, 'car');
    const last = car.scores.length - 1;
    const carLabel = exampleLabels(car, 'zh-CN')[last];
    const within = (name, v, target) => {
      const ok = Math.abs(v - target) <= 0.1 * target;
      return {
        name,
        expected: `${num(target * 0.9, 2)} … ${num(target * 1.1, 2)}`,
        actual: num(v, 3),
        ok,
      };
    };
    return [
      check(
        'softmax([8, 7, 9])',
        '24.5% / 9.0% / 66.5%',
        Array.from(n.dialog.softmax, (w) => pct(w)).join(' / '),
      ),
      check(`proportional split [10, 3, −4]: ${carLabel}`, '−44.4%', signedPct(n.car.split[last])),
      check('e^20 = w₀/w₁ of softmax([20, 0])', '4.9 亿', bigRatio(n.e20, 'zh-CN')),
      within('d = 256: std(q·k) ≈ √256 = 16 (±10%)', n.at256.stdUnscaled, 16),
      within('d = 256: std(q·k/√d) ≈ 1 (±10%)', n.at256.stdScaled, 1),
      {
        name: 'd = 1024: max weight unscaled > 90%',
        expected: '> 90.0%',
        actual: pct(n.at1024.maxWeightUnscaled),
        ok: n.at1024.maxWeightUnscaled > 0.9,
      },
      {
        name: 'd = 1024: max weight scaled < 90%',
        expected: '< 90.0%',
        actual: pct(n.at1024.maxWeightScaled),
        ok: n.at1024.maxWeightScaled < 0.9,
      },
    ];
  }
}
