// Every string <attn-cosine-projection> shows, in both languages (the mode names are formulas,
// built here with web/mathml.js).
import { line, row, sub, paren, sqrt } from '../../web/mathml.js';
/** @import { MathLine } from '../../web/mathml.js' */

const QK = row(sub('q', 'i'), '·', sub('k', 'j'));
/** The three comparisons' formulas, for the mode buttons and the caption. */
const MODE_MATH = {
  cosine: row('cos', paren(sub('x', 'i'), ',', sub('x', 'j'))),
  dot: QK,
  scaled: row(QK, '/', sqrt('d')),
};
/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '直接比 embedding，还是先投影成 Q、K？',
    help: '选一个查询 token，再切换比较方式：条形按分数从高到低排，每个数字旁边是它的算式（|a|² = a·a）。',
    query: '查询 token',
    modes: '比较方式',
    cosine: line('原始余弦 ', MODE_MATH.cosine),
    dot: line('投影后打分 ', MODE_MATH.dot),
    scaled: line('缩放打分 ', MODE_MATH.scaled),
    self: '（自己）',
    /** @param {MathLine} m @param {number} n */
    ranked: (m, n) => line('「', m, `」的 ${n} 个分数，从高到低`),
    /** @param {number} i */
    rank: (i) => `第 ${i} 名`,
    /** @param {number} r @param {string} t @param {string} v */
    bar: (r, t, v) => `第 ${r} 名：${t}，${v}`,
    /** @param {string} q @param {string} top @param {number} r @param {number} n */
    summary: (q, top, r, n) => `排第一的是「${top}」；「${q}」自己排第 ${r} / ${n}。`,
    kvTitle: 'K 几乎一样，V 不一样',
    /** @param {string} a @param {string} b */
    kvHelp: (a, b) =>
      `在这组手工向量里，「${a}」和「${b}」的 K 几乎同向，打分时很难区分；V 却明显不同，所以被选中后交出去的要用单独的 V。`,
  },
  en: {
    title: 'Compare raw embeddings, or project into Q and K first?',
    help: 'Pick a query token, then switch the comparison: bars are ranked from the highest score down, each number with its formula (|a|² = a·a).',
    query: 'Query token',
    modes: 'Comparison',
    cosine: line('raw cosine ', MODE_MATH.cosine),
    dot: line('projected score ', MODE_MATH.dot),
    scaled: line('scaled score ', MODE_MATH.scaled),
    self: '(itself)',
    /** @param {MathLine} m @param {number} n */
    ranked: (m, n) => line(`The ${n} scores of “`, m, '”, highest first'),
    /** @param {number} i */
    rank: (i) => `rank ${i}`,
    /** @param {number} r @param {string} t @param {string} v */
    bar: (r, t, v) => `rank ${r}: ${t}, ${v}`,
    /** @param {string} q @param {string} top @param {number} r @param {number} n */
    summary: (q, top, r, n) => `First: ${top}. ${q} itself ranks ${r} of ${n}.`,
    kvTitle: 'The keys are almost the same, the values are not',
    /** @param {string} a @param {string} b */
    kvHelp: (a, b) =>
      `In these hand-made vectors ${a} and ${b} have keys that point almost the same way, so scoring can hardly tell them apart; their values differ, so what a chosen token hands over needs its own V.`,
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({query}: the token that plays the query; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  'raw cosine row {query}: first': '直接比余弦，「{query}」一行：最像的',
  'raw cosine row {query}: second': '直接比余弦，「{query}」一行：第二像的',
  'raw cosine row {query}: three lowest': '直接比余弦，「{query}」一行：最不像的三个',
  'projected q[{query}]·k_j ranking': '投影之后 q[{query}]·k_j 的排序',
  'scaled q[{query}]·k_j/√d ranking (same order)': '缩放后 q[{query}]·k_j/√d 的排序（顺序不变）',
  'cos(K[{names.0}], K[{names.1}])': 'cos(K[{names.0}], K[{names.1}])',
  'cos(V[{names.0}], V[{names.1}]) clearly lower': 'cos(V[{names.0}], V[{names.1}]) 明显更低',
};
