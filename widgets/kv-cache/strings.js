// Every string <attn-kv-cache> shows, in both languages (the two count sums are MathML lines:
// web/mathml.js, so they read as formulas and wrap at their terms).
import { line, row as mrow, paren } from '../../web/mathml.js';
/** @import { DECODER } from './logic.js' */

/** "2 + 3 + 4" (termsText) as formula terms, each at the top level so that a line wraps. */
const termsMath = (/** @type {string} */ text) =>
  String(text)
    .split(' + ')
    .flatMap((t, k) => (k ? ['+', t] : [t]));
/** P + (P+1) + … + (P+G−1) = terms = n: every step recomputes all its positions. */
const withoutCacheMath = (/** @type {string} */ text, /** @type {number} */ n) =>
  mrow(
    'P',
    '+',
    paren('P', '+', 1),
    '+',
    '…',
    '+',
    paren('P', '+', 'G', '−', 1),
    '=',
    ...termsMath(text),
    '=',
    n,
  );
/** P + (G−1) = P + (G − 1) = terms = n: the prompt once, then one new position per step. */
/**
 * @param {number} P
 * @param {number} G
 * @param {string} text
 * @param {number} n
 */
const withCacheMath = (P, G, text, n) =>
  mrow(
    'P',
    '+',
    paren('G', '−', 1),
    '=',
    P,
    '+',
    paren(G, '−', 1),
    '=',
    ...termsMath(text),
    '=',
    n,
  );

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: 'KV cache 步进器：生成时哪些 K/V 在重算，哪些从缓存读',
    help: '一个由固定种子生成权重的小解码器（没训练过）逐个生成 token：左右两种做法用同一个模型，一步一步看每一步算了几份 K/V、读了几份。',
    untrained: (/** @type {number} */ v) =>
      `这个模型没训练过：权重由固定种子生成，它选出的 token 只是 0–${v - 1} 的编号，没有任何意思。要看的是两种做法选出的编号逐位相同，以及各自算了多少份 K/V。`,
    promptLen: '提示长度 P',
    genLen: '生成 token 数 G',
    back: '← 上一步',
    step: '下一步 →',
    reset: '重来',
    status: (/** @type {number} */ s, /** @type {number} */ g) => `第 ${s} / ${g} 步`,
    stepN: (/** @type {number} */ i) => `第 ${i} 步`,
    stepper: '逐步生成',
    stepTitle: (/** @type {number} */ i, /** @type {number} */ pos, /** @type {number} */ tok) =>
      `第 ${i} 步：生成位置 ${pos} 的 token（编号 ${tok}）`,
    without: '不用缓存',
    with: '用 KV cache',
    legendComputed: '本步算 K/V',
    legendReused: '从缓存读 K/V',
    legendNew: '本步生成的 token',
    boxLabel: (/** @type {number} */ pos, /** @type {number} */ tok, /** @type {string} */ kind) =>
      `位置 ${pos}，token ${tok}：${kind}`,
    kindComputed: '本步算 K/V',
    kindReused: '从缓存读 K/V',
    kindNew: '本步生成',
    laneLabel: (/** @type {string} */ mode, /** @type {number} */ c, /** @type {number} */ r) =>
      `${mode}：算 ${c} 份，读 ${r} 份`,
    countsTitle: '算了多少份 K/V（每个位置每步算一次计一份，各层一样）',
    colMode: '做法',
    colThis: '这一步算',
    colSoFar: (/** @type {number} */ s) => `到第 ${s} 步累计`,
    colTotal: (/** @type {number} */ g) => `生成完 ${g} 个`,
    formulaWithout: (
      /** @type {number} */ P,
      /** @type {number} */ G,
      /** @type {string} */ terms,
      /** @type {number} */ n,
    ) => line('不用缓存：', withoutCacheMath(terms, n), `（P = ${P}，G = ${G}）`),
    formulaWith: (
      /** @type {number} */ P,
      /** @type {number} */ G,
      /** @type {string} */ terms,
      /** @type {number} */ n,
    ) => line('用缓存：', withCacheMath(P, G, terms, n)),
    soFarLine: (/** @type {number} */ s, /** @type {string} */ a, /** @type {string} */ b) =>
      `到第 ${s} 步：不用缓存 ${a}，用缓存 ${b}`,
    recompute: (/** @type {number} */ diff, /** @type {number} */ a, /** @type {number} */ b) =>
      `不用缓存时多算（重算上一步已经算过的）：${a} − ${b} = ${diff} 份，正好是用缓存时从缓存读的份数。`,
    tokensTitle: '两种做法生成的 token 编号（加粗带下划线的是生成的，其余是提示）',
    same: '逐位相同 ✓',
    differ: '不一样 ✗',
    bytesTitle: '缓存占的字节（float32），每步之后',
    bytesFormula: (
      /** @type {number} */ L,
      /** @type {number} */ g,
      /** @type {number} */ d,
      /** @type {number} */ b,
    ) =>
      `层数 × 2（K 和 V）× 位置数 t × KV 头 × head_dim × 每个数的字节 = ${L} × 2 × t × ${g} × ${d} × ${b} B`,
    bytesRow: (
      /** @type {number} */ t,
      /** @type {number} */ L,
      /** @type {number} */ g,
      /** @type {number} */ d,
      /** @type {number} */ b,
      /** @type {string} */ v,
    ) => `t = ${t}：${L} × 2 × ${t} × ${g} × ${d} × ${b} B = ${v}`,
    bytesNote:
      '没有缓存就什么都不存（0 B），代价是每步把整段重算一遍；有缓存时字节数随位置数线性增长。',
    incr: (/** @type {string} */ d) =>
      `同样这串 token，整段一次前向与用缓存逐个喂入，logits 的最大差 = ${d}（引擎核对，< 1e-4）。`,
    model: (/** @type {typeof DECODER} */ c) =>
      `模型：${c.nLayers} 层，${c.nHeads} 个 Q 头、${c.nKvHeads} 个 KV 头，head_dim ${c.dHead}，词表 ${c.vocab}，种子 ${c.seed}`,
  },
  en: {
    title: 'KV cache stepper: which K/V are recomputed, which are read from the cache',
    help: 'A tiny decoder with seeded weights (never trained) generates tokens one at a time. Both ways use the same model; step through and see how many K/V rows each step computes and reads.',
    untrained: (/** @type {number} */ v) =>
      `This model is untrained: its weights come from a fixed seed, and the tokens it picks are just ids 0–${v - 1} with no meaning. What matters is that both ways pick the same ids, and how many K/V rows each computes.`,
    promptLen: 'Prompt length P',
    genLen: 'Tokens to generate G',
    back: '← Back',
    step: 'Step →',
    reset: 'Reset',
    status: (/** @type {number} */ s, /** @type {number} */ g) => `Step ${s} of ${g}`,
    stepN: (/** @type {number} */ i) => `Step ${i}`,
    stepper: 'Generate step by step',
    stepTitle: (/** @type {number} */ i, /** @type {number} */ pos, /** @type {number} */ tok) =>
      `Step ${i}: generates the token at position ${pos} (id ${tok})`,
    without: 'Without cache',
    with: 'With KV cache',
    legendComputed: 'K/V computed this step',
    legendReused: 'K/V read from the cache',
    legendNew: 'token generated this step',
    boxLabel: (/** @type {number} */ pos, /** @type {number} */ tok, /** @type {string} */ kind) =>
      `position ${pos}, token ${tok}: ${kind}`,
    kindComputed: 'K/V computed this step',
    kindReused: 'K/V read from the cache',
    kindNew: 'generated this step',
    laneLabel: (/** @type {string} */ mode, /** @type {number} */ c, /** @type {number} */ r) =>
      `${mode}: ${c} computed, ${r} read`,
    countsTitle: 'K/V rows computed (one per position per step, the same in every layer)',
    colMode: 'Method',
    colThis: 'This step',
    colSoFar: (/** @type {number} */ s) => `Up to step ${s}`,
    colTotal: (/** @type {number} */ g) => `All ${g} steps`,
    formulaWithout: (
      /** @type {number} */ P,
      /** @type {number} */ G,
      /** @type {string} */ terms,
      /** @type {number} */ n,
    ) => line('Without cache: ', withoutCacheMath(terms, n), ` (P = ${P}, G = ${G})`),
    formulaWith: (
      /** @type {number} */ P,
      /** @type {number} */ G,
      /** @type {string} */ terms,
      /** @type {number} */ n,
    ) => line('With cache: ', withCacheMath(P, G, terms, n)),
    soFarLine: (/** @type {number} */ s, /** @type {string} */ a, /** @type {string} */ b) =>
      `Up to step ${s}: without cache ${a}, with cache ${b}`,
    recompute: (/** @type {number} */ diff, /** @type {number} */ a, /** @type {number} */ b) =>
      `Computed again without the cache (rows the previous step already had): ${a} − ${b} = ${diff}, exactly the rows the cache reads back.`,
    tokensTitle:
      'Token ids both ways generate (bold and underlined: generated; the rest is the prompt)',
    same: 'identical ✓',
    differ: 'differ ✗',
    bytesTitle: 'Bytes the cache holds (float32) after each step',
    bytesFormula: (
      /** @type {number} */ L,
      /** @type {number} */ g,
      /** @type {number} */ d,
      /** @type {number} */ b,
    ) =>
      `layers × 2 (K and V) × positions t × KV heads × head_dim × bytes per number = ${L} × 2 × t × ${g} × ${d} × ${b} B`,
    bytesRow: (
      /** @type {number} */ t,
      /** @type {number} */ L,
      /** @type {number} */ g,
      /** @type {number} */ d,
      /** @type {number} */ b,
      /** @type {string} */ v,
    ) => `t = ${t}: ${L} × 2 × ${t} × ${g} × ${d} × ${b} B = ${v}`,
    bytesNote:
      'Without a cache nothing is kept (0 B), at the price of recomputing the whole sequence every step; with it the bytes grow linearly with the positions.',
    incr: (/** @type {string} */ d) =>
      `For the same tokens, the full forward pass and feeding them one by one through the cache differ by at most ${d} in any logit (checked by the engine, < 1e-4).`,
    model: (/** @type {typeof DECODER} */ c) =>
      `Model: ${c.nLayers} layers, ${c.nHeads} query heads, ${c.nKvHeads} KV heads, head_dim ${c.dHead}, vocabulary ${c.vocab}, seed ${c.seed}`,
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'P = 2, G = 3: K/V computed without the cache (2 + 3 + 4)':
    'P = 2、G = 3：不用缓存算的 K/V 份数（2 + 3 + 4）',
  'P = 2, G = 3: K/V computed with the cache (2 + 1 + 1)':
    'P = 2、G = 3：用缓存算的 K/V 份数（2 + 1 + 1）',
  'P = 2, G = 3: K/V recomputed without the cache = read from the cache':
    'P = 2、G = 3：不用缓存重算的 K/V = 从缓存读出的',
  'P = 2, G = 3: tokens with and without the cache': 'P = 2、G = 3：用不用缓存生成的 token',
  'tokens identical with and without the cache for every P 1–6, G 1–8':
    'P 取 1–6、G 取 1–8，用不用缓存生成的 token 都相同',
  'P = 2, G = 3: float32 cache bytes after each step (linear in positions)':
    'P = 2、G = 3：每一步之后的 float32 缓存字节（随位置线性增长）',
  'incremental decoding with the cache vs the full pass: max |Δ logit| < 1e-4':
    '用缓存逐步解码对整句重算：max |Δ logit| < 1e-4',
};
