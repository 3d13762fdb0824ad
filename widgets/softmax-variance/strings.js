// Every string <attn-softmax-variance> shows, in both languages (its formulas are MathML, built
// by the small helpers below; "亿" in a check's expected text is the course's own number).
import { line, row, sub, sup, frac, sqrt, sum, paren, times } from '../../web/mathml.js';

/** A whole number in superscript digits (e²⁰), for text. @param {number} n */
const supDigits = (n) => [...String(n)].map((c) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[Number(c)]).join('');
/** @import { MathChild, MathLine } from '../../web/mathml.js' */

/**
 * token = part / (whole) = share: one key's share with its numbers.
 * @param {MathChild} t
 * @param {MathChild} part
 * @param {MathChild} whole
 * @param {MathChild} share
 */
const shareMath = (t, part, whole, share) => row(t, '=', frac(part, whole), '=', share);
const QK = row('q', '·', 'k');
/**
 * std(q·k) = s ≈ √d = √256 = 16 (or ≈ 19.60 when √d is not whole).
 * @param {string} s
 * @param {number} d
 * @param {string} rel
 * @param {string} root
 */
const stdMath = (s, d, rel, root) =>
  row('std', paren(QK), '=', s, '≈', sqrt('d'), '=', sqrt(String(d)), rel, root);
/**
 * std(q·k / √d) = s ≈ 1
 * @param {string} s
 */
const stdScaledMath = (s) => row('std', paren(frac(QK, sqrt('d'))), '=', s, '≈', 1);
/**
 * max_j e^(s_j) / Σ_k e^(s_k) = v
 * @param {string} v
 */
const maxWeightMath = (v) =>
  row(
    sub('max', 'j'),
    frac(sup('e', sub('s', 'j')), row(sum('k'), sup('e', sub('s', 'k')))),
    '=',
    v,
  );
/**
 * H = −Σ w ln w = v
 * @param {string} v
 */
const entropyMath = (v) => row('H', '=', row('−', 'Σ', 'w', times(), 'ln', times(), 'w'), '=', v);

/**
 * The strings of one language (both languages have every key).
 * @typedef {{
 *   title: string,
 *   token: string,
 *   score: string,
 *   split: string,
 *   softmax: string,
 *   guess: string,
 *   splitTitle: string,
 *   splitHelp: string,
 *   splitFormula: (t: string, s: string, all: MathChild, v: string) => MathLine,
 *   softFormula: (t: string, e: MathChild, all: MathChild, v: string) => MathLine,
 *   negNote: (t: string, v: string) => string,
 *   dialogTitle: (scores: string, guess: string) => string,
 *   dialogHelp: (e: string) => string,
 *   diffFormula: (t: string, diffs: MathChild, v: string) => MathLine,
 *   guessNote: (g: string, p: string) => string,
 *   varTitle: string,
 *   varHelp: (n: number, k: number, seed: number) => string,
 *   slider: string,
 *   valuetext: (d: number) => string,
 *   stdFormula: typeof stdMath,
 *   stdScaledFormula: (s: string) => MathLine,
 *   histUnscaled: string,
 *   histScaled: string,
 *   histAria: (what: string, d: number, s: string, lo: string, hi: string, out: number) => string,
 *   outside: (n: number) => string,
 *   rowUnscaled: (k: number) => string,
 *   rowScaled: (k: number) => string,
 *   rowAria: (what: string, ws: string) => string,
 *   maxFormula: (v: string) => MathLine,
 *   entropyFormula: (v: string, u: string, k: number) => MathLine,
 *   collapse: (d: number, v: string) => string,
 *   spread: (d: number, v: string) => string,
 *   e20: (r: string, d: number, sd: number, gap: number) => string,
 *   key: (j: number) => string
 * }} SoftmaxVarianceStrings
 */

/** @type {{ 'zh-CN': SoftmaxVarianceStrings, en: SoftmaxVarianceStrings }} */
export const STRINGS = {
  'zh-CN': {
    title: '分数怎么变成「关注多少」的权重',
    token: 'token',
    score: '分数 s',
    split: '按比例 s/Σs',
    softmax: 'softmax',
    guess: '常见猜测',
    splitTitle: '① 按比例分：会出负数',
    splitHelp:
      '最直接的想法是按分数占比分：sⱼ / Σs。可分数可以是负的，占比就会是负的——「关注负的多少」没有意义。softmax 先取 eˢ（永远为正）再归一。',
    splitFormula: (t, s, all, v) => line('按比例：', shareMath(t, s, all, v)),
    softFormula: (t, e, all, v) => line('softmax：', shareMath(t, e, all, v)),
    negNote: (t, v) => `「${t}」分到 ${v}：负的注意力，权重也不再都落在 0 到 1 之间。`,
    dialogTitle: (scores, guess) => `② softmax：${scores} 不是 ${guess}`,
    dialogHelp: (e) =>
      `三个分数只差几分，直觉会猜「差不多平分」。softmax 只看分差，差 1 就是 e ≈ ${e} 倍（softmax([1, 0]) 两个权重之比）：`,
    diffFormula: (t, diffs, v) => line('只看分差：', shareMath(t, 1, diffs, v)),
    guessNote: (g, p) =>
      `常见猜测 ${g}（划掉的一列）是错的；按比例分也只有 ${p}，差 1 分在 softmax 里差得多。`,
    varTitle: '③ 为什么除以 √d',
    varHelp: (n, k, seed) =>
      `固定种子 ${seed} 的实验：q、k 每一维独立取自标准正态分布，抽 ${n} 对算 q·k 画直方图；再拿一个 q 对 ${k} 个键做一行 softmax。拖动每头维数 d 看它怎么变。`,
    slider: '每头维数 d',
    valuetext: (d) => `d = ${d}`,
    stdFormula: stdMath,
    stdScaledFormula: (s) => line('÷√d 之后：', stdScaledMath(s)),
    histUnscaled: '不缩放：q·k',
    histScaled: '缩放：q·k / √d',
    histAria: (what, d, s, lo, hi, out) =>
      `${what} 的直方图，d = ${d}，标准差 ${s}，横轴 ${lo} 到 ${hi}${out ? `，${out} 个落在轴外、计入两端` : ''}`,
    outside: (n) => `${n} 个超出横轴，计入两端`,
    rowUnscaled: (k) => `不缩放：softmax(q·kⱼ)，${k} 个键`,
    rowScaled: (k) => `缩放：softmax(q·kⱼ / √d)，${k} 个键`,
    rowAria: (what, ws) => `${what}：${ws}`,
    maxFormula: (v) => line('最大权重 ', maxWeightMath(v)),
    entropyFormula: (v, u, k) =>
      line('熵 ', entropyMath(v), ` nats（均匀分 = ln ${k} = ${u}，one-hot = 0）`),
    collapse: (d, v) =>
      `d = ${d} 时不缩放的一行已有 ${v} 落在一个键上：几乎 one-hot，这一行的梯度几乎为 0，最高的那个键也一样。`,
    spread: (d, v) => `d = ${d} 时不缩放的最大权重是 ${v}。`,
    e20: (r, d, sd, gap) =>
      `假如 q、k 的分量独立、均值为 0、方差为 1，锚点每头 ${d} 维的点积标准差就是 √${d} = ${sd}，同一行分差和它同一个量级就会很常见：分差 ${gap} 时两个键的权重之比是 e${supDigits(gap)} ≈ ${r}（由 softmax([${gap}, 0]) 的两个权重相除得到）。`,
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
      'The obvious idea is to split by each score’s share, sⱼ / Σs. But scores can be negative, and then so is the share — "attend a negative share" means nothing. Softmax takes eˢ first (always positive), then normalises.',
    splitFormula: (t, s, all, v) => line('share: ', shareMath(t, s, all, v)),
    softFormula: (t, e, all, v) => line('softmax: ', shareMath(t, e, all, v)),
    negNote: (t, v) =>
      `"${t}" gets ${v}: negative attention, and the weights no longer stay between 0 and 1.`,
    dialogTitle: (scores, guess) => `② Softmax: ${scores} is not ${guess}`,
    dialogHelp: (e) =>
      `The three scores are only a few points apart, so intuition guesses "about even". Softmax only sees differences, and a difference of 1 is a factor e ≈ ${e} (the ratio of the two weights of softmax([1, 0])):`,
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
    rowUnscaled: (k) => `Unscaled: softmax(q·kⱼ), ${k} keys`,
    rowScaled: (k) => `Scaled: softmax(q·kⱼ / √d), ${k} keys`,
    rowAria: (what, ws) => `${what}: ${ws}`,
    maxFormula: (v) => line('max weight ', maxWeightMath(v)),
    entropyFormula: (v, u, k) =>
      line('entropy ', entropyMath(v), ` nats (uniform = ln ${k} = ${u}, one-hot = 0)`),
    collapse: (d, v) =>
      `At d = ${d} the unscaled row already puts ${v} on one key: nearly one-hot, and the gradients through this row nearly vanish, the top key’s included.`,
    spread: (d, v) => `At d = ${d} the unscaled row’s largest weight is ${v}.`,
    e20: (r, d, sd, gap) =>
      `If q’s and k’s components were independent with mean 0 and variance 1, the anchor’s ${d}-dim heads would give dot products a std of √${d} = ${sd}, and score gaps of that size within a row would be common: a gap of ${gap} makes one key e${supDigits(gap)} ≈ ${r} times heavier than the other (the ratio of the two weights of softmax([${gap}, 0])).`,
    key: (j) => `k${j}`,
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'softmax([8, 7, 9])': 'softmax([8, 7, 9])',
  'proportional split [10, 3, −4]: {car}': '按比例分 [10, 3, −4]：{car}',
  'e²⁰ = w₀/w₁ of softmax([20, 0])': 'e²⁰ = softmax([20, 0]) 的 w₀/w₁',
  'd = 256: std(q·k) ≈ √256 = 16 (±10%)': 'd = 256：std(q·k) ≈ √256 = 16（±10%）',
  'd = 256: std(q·k/√d) ≈ 1 (±10%)': 'd = 256：std(q·k/√d) ≈ 1（±10%）',
  'd = 1024: max weight unscaled > 90%': 'd = 1024：不缩放时最大权重 > 90%',
  'd = 1024: max weight scaled < 90%': 'd = 1024：缩放后最大权重 < 90%',
};
