// Every string <attn-value-mix> shows, in both languages (the formula lines are MathML trees
// built by the helpers below, so a string can hold a formula with the numbers in it).
/** @import { MathChild } from '../../web/mathml.js' */
import { line, row, sub as msub, sum, paren, mn } from '../../web/mathml.js';

/**
 * Σ_j wⱼ x_j = [vector]: the row's weights on the rows of K (x = k) or V (x = v).
 * @param {string} x
 * @param {string} v
 */
const mixedMath = (x, v) => row(sum('j'), msub('w', 'j'), msub(x, 'j'), '=', mn(v));
/**
 * L_name = wa × L_a + wb × L_b: the slider's blend of two names' rows.
 * @param {string} L
 * @param {string} name
 * @param {string} a
 * @param {string} b
 * @param {MathChild} wa
 * @param {MathChild} wb
 */
const blendMath = (L, name, a, b, wa, wb) =>
  row(msub(L, name), '=', wa, '×', msub(L, a), '+', wb, '×', msub(L, b));
/**
 * cos(L_a, L_b) = c
 * @param {string} L
 * @param {string} a
 * @param {string} b
 * @param {MathChild} c
 */
const pairCosMath = (L, a, b, c) => row('cos', paren(msub(L, a), ',', msub(L, b)), '=', c);

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '取回来的是什么：V 的加权和',
    help: '选一个查询 token：它先用 q·k 打分、softmax 得到权重 wⱼ（决定听谁的），再把每个 token 的 V 按权重加起来（决定听到什么）。',
    query: '查询 token',
    causal: '因果掩码',
    causalOn: '开（只看前缀）',
    causalOff: '关（看整句）',
    /** @param {string} q */
    mixTitle: (q) => `「${q}」取回的输出 out = Σⱼ wⱼ vⱼ`,
    key: '键 j',
    weight: '权重 wⱼ',
    vecs: 'vⱼ 与贡献 wⱼ·vⱼ',
    masked: '被掩码（w = 0）',
    sumRow: 'out = Σ',
    dimsHelp:
      '每一条是输出的一维：彩色段是各个 token 的贡献 wⱼ·vⱼ（正的向右、负的向左），黑色竖条是引擎算出的输出，正好落在各段相加的位置；虚线是 0。',
    totalKey: '输出（引擎）',
    /** @param {number} d @param {string} parts @param {string} o */
    dimLabel: (d, parts, o) => `第 ${d} 维：${parts}；合计 ${o}`,
    kTitle: '如果取回的是 K 呢？',
    /** @param {string} a @param {string} b */
    kHelp: (a, b) =>
      `同样的权重，乘 K 而不是 V。「${a}」和「${b}」的 K 几乎同向：注意力从一个人移到另一个人，取回的 K 几乎不变——取回 K 会丢掉「是谁」；V 却变了很多。拖动滑块看看。`,
    /** @param {string} q @param {string} v */
    rowK: (q, v) => line(`「${q}」这一行，同样的权重乘 K：`, mixedMath('k', v)),
    /** @param {string} _q @param {string} v */
    rowV: (_q, v) => line('乘 V（上面的输出）：', mixedMath('v', v)),
    /** @param {string} a @param {string} b */
    split: (a, b) => `注意力在「${a}」和「${b}」之间怎么分`,
    /** @param {string} a @param {string} pa @param {string} b @param {string} pb */
    splitValue: (a, pa, b, pb) => `${a} ${pa} · ${b} ${pb}`,
    kCard: '取回 K',
    vCard: '取回 V',
    mixName: '取回',
    /**
     * @param {string} L @param {string} a @param {string} b
     * @param {string} wa @param {string} wb
     */
    mixFormula: (L, a, b, wa, wb) => blendMath(L, '取回', a, b, wa, wb),
    /** @param {string} L @param {string} a @param {string} c */
    cosToA: (L, a, c) => `cos(${L}[取回], ${L}[${a}]) = ${c}`,
    /** @param {string} L @param {string} a @param {string} b @param {string} c */
    cosAB: (L, a, b, c) => line('两人本身：', pairCosMath(L, a, b, c)),
    meter: '和「全给第一个人」时相比的变化（1 − cos）',
    takeaway: 'QK 决定听谁的，V 决定听到什么。',
    note: '这里的向量是手工构造的教学数据，不是模型学到的；每一维也没有名字。',
  },
  en: {
    title: 'What comes back: the weighted sum of V',
    help: "Pick a query token: it scores every key with q·k, softmax turns the scores into weights wⱼ (whom to listen to), then it adds up every token's V with those weights (what it hears).",
    query: 'Query token',
    causal: 'Causal mask',
    causalOn: 'on (prefix only)',
    causalOff: 'off (whole sentence)',
    /** @param {string} q */
    mixTitle: (q) => `What ${q} takes back: out = Σⱼ wⱼ vⱼ`,
    key: 'key j',
    weight: 'weight wⱼ',
    vecs: 'vⱼ and its share wⱼ·vⱼ',
    masked: 'masked (w = 0)',
    sumRow: 'out = Σ',
    dimsHelp:
      "Each bar is one dimension of the output: the coloured segments are the tokens' contributions wⱼ·vⱼ (positive to the right, negative to the left); the black tick is the engine's output, exactly where the segments add up to; the dotted line is 0.",
    totalKey: 'output (engine)',
    /** @param {number} d @param {string} parts @param {string} o */
    dimLabel: (d, parts, o) => `dimension ${d}: ${parts}; total ${o}`,
    kTitle: 'What if it took back K instead?',
    /** @param {string} a @param {string} b */
    kHelp: (a, b) =>
      `The same weights, applied to K instead of V. The keys of ${a} and ${b} point almost the same way: move the attention from one name to the other and the retrieved K hardly changes — taking back K loses "who"; the retrieved V changes a lot. Drag the slider.`,
    /** @param {string} q @param {string} v */
    rowK: (q, v) => line(`Row ${q}, the same weights on K: `, mixedMath('k', v)),
    /** @param {string} _q @param {string} v */
    rowV: (_q, v) => line('On V (the output above): ', mixedMath('v', v)),
    /** @param {string} a @param {string} b */
    split: (a, b) => `How the attention is split between ${a} and ${b}`,
    /** @param {string} a @param {string} pa @param {string} b @param {string} pb */
    splitValue: (a, pa, b, pb) => `${a} ${pa} · ${b} ${pb}`,
    kCard: 'Take back K',
    vCard: 'Take back V',
    mixName: 'retrieved',
    /**
     * @param {string} L @param {string} a @param {string} b
     * @param {string} wa @param {string} wb
     */
    mixFormula: (L, a, b, wa, wb) => blendMath(L, 'retrieved', a, b, wa, wb),
    /** @param {string} L @param {string} a @param {string} c */
    cosToA: (L, a, c) => `cos(${L}[retrieved], ${L}[${a}]) = ${c}`,
    /** @param {string} L @param {string} a @param {string} b @param {string} c */
    cosAB: (L, a, b, c) => line('The two names themselves: ', pairCosMath(L, a, b, c)),
    meter: 'Change from "all on the first name" (1 − cos)',
    takeaway: 'QK decides whom to listen to; V decides what is heard.',
    note: 'These vectors are hand-made teaching data, not learned by a model; no dimension has a name.',
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({query}: the token that plays the query; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  'causal, row {query}: weight on {object}': '因果掩码，「{query}」一行：{object}的权重',
  'causal, row {query}: weight on {giver}': '因果掩码，「{query}」一行：{giver}的权重',
  'no mask, row {query}: weight on {answer}': '不加掩码，「{query}」一行：{answer}的权重',
  'Σ_j w_j v_j = engine output, every row, both masks (±1e-5)':
    'Σ_j w_j v_j = 引擎的输出，每一行、两种掩码（±1e-5）',
  'cos(K[{names.0}], K[{names.1}])': 'cos(K[{names.0}], K[{names.1}])',
  'cos(V[{names.0}], V[{names.1}]) clearly lower': 'cos(V[{names.0}], V[{names.1}]) 明显更低',
  'all weight moved {names.0} → {names.1}: retrieved K keeps cos {kCos} with the start':
    '权重全部从{names.0}挪到{names.1}：取回的 K 与起点的余弦仍是 {kCos}',
};
