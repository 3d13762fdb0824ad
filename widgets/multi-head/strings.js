// Every string <attn-multi-head> shows, in both languages (the cost formulas are the same text in
// both: COST_FORMULAS, spread into each table).
/** @import { Cost } from './logic.js' */
/** @import { MathChild } from '../../web/mathml.js' */
import { line, row, frac, sqrt, paren, text } from '../../web/mathml.js';

// The cost formulas with the counts substituted: the same text in every language.
const COST_FORMULAS = {
  /** @param {Cost} c */
  fParams: (c) => `3 · d_model · (H·d) = 3 · ${c.dModel} · (${c.H}·${c.d}) = ${c.params}`,
  /** @param {Cost} c */
  fProj: (c) => `3 · T · d_model · (H·d) = 3 · ${c.T} · ${c.dModel} · (${c.H}·${c.d}) = ${c.proj}`,
  /** @param {Cost} c */
  fQk: (c) => `H · T · T · d = ${c.H} · ${c.T} · ${c.T} · ${c.d} = ${c.qk}`,
  /** @param {Cost} c */
  fAv: (c) => `H · T · T · d = ${c.H} · ${c.T} · ${c.T} · ${c.d} = ${c.av}`,
  /** @param {Cost} c */
  fTotal: (c) => `${c.proj} + ${c.qk} + ${c.av} = ${c.total}`,
  /** @param {Cost} c */
  fSoftmax: (c) => `H · T = ${c.H} · ${c.T} = ${c.softmaxes}`,
};

/**
 * s(q→k) = q·k / √d = dot / √d = s: one head's score of the pair with its numbers.
 * @param {string} q
 * @param {string} k
 * @param {number} d
 * @param {MathChild} dot
 * @param {MathChild} s
 */
const headScoreMath = (q, k, d, dot, s) =>
  row(
    's',
    paren(text(q), '→', text(k)),
    '=',
    frac(row('q', '·', 'k'), sqrt(d)),
    '=',
    frac(dot, sqrt(d)),
    '=',
    s,
  );

/** @typedef {{ T: number, D: number, d: number }} Shape tokens, model width, head width */

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '一套 Q/K/V 只能看一种关系，够吗？单头 vs 同样的投影切成两个头',
    /** @param {Shape} s */
    help: (s) =>
      `同样的 Wq、Wk、Wv（${s.D} 列）：当成一个头用，分数 ÷ √${s.D}、做一次 softmax；或者按输出列切成两半，头 A 用第 0–${s.d - 1} 列、头 B 用第 ${s.d}–${s.D - 1} 列，各自 ÷ √${s.d}、各做一次 softmax。因果掩码下，一行只看得见自己和前面的 token。`,
    query: '查询行',
    /** @param {Shape} s */
    viewName: (s) => ({
      single: `单头（${s.D} 列，÷√${s.D}）`,
      A: `头 A（第 0–${s.d - 1} 列，÷√${s.d}）`,
      B: `头 B（第 ${s.d}–${s.D - 1} 列，÷√${s.d}）`,
    }),
    viewShort: { single: '单头', A: '头 A', B: '头 B' },
    rowsCorner: '看法↓ 键→',
    rowsRegion: '这一行的权重：三种看法',
    /** @param {string} q */
    rowsTitle: (q) => `「${q}」这一行的权重：三种看法并排`,
    /** @param {string} q */
    rowsCaption: (q) => `「${q}」一行在单头、头 A、头 B 下的注意力权重`,
    /** @param {string} v @param {string} k @param {string} w */
    cell: (v, k, w) => `${v}，键「${k}」：${w}`,
    future: '未来（被掩码）',
    /** @param {string} v @param {string} k @param {string} w */
    top: (v, k, w) => `${v}：最大的是「${k}」${w}`,
    /**
     * @param {string} v @param {string} q @param {string} k @param {number} d
     * @param {string} dot @param {string} s @param {string} w
     */
    scoreFormula: (v, q, k, d, dot, s, w) =>
      line(`${v}：`, headScoreMath(q, k, d, dot, s), '；softmax → ', w),
    /** @param {string} a @param {string} b @param {string} s1 @param {string} s2 */
    finding: (a, b, s1, s2) =>
      `「给了」一行：单头只能在「苹果」${s1} 与「小明」${s2} 之间劈开，取回两个 V 的混合；切成两个头后，头 A 把 ${a} 给「小明」（谁给的），头 B 把 ${b} 给「苹果」（给了什么）——各看各的关系。`,
    /** @param {Shape} s */
    heatTitle: (s) => `整个 ${s.T}×${s.T} 权重矩阵`,
    headPick: '看哪个头',
    /** @param {string} v */
    heatCaption: (v) => `${v} 的注意力权重`,
    /** @param {string} q @param {string} k @param {string} w */
    readout: (q, k, w) => `「${q}」看「${k}」：${w}`,
    costTitle: '参数量与乘加次数：一样',
    /** @param {number} H @param {number} d */
    costCol: (H, d) => `${H} 个头 × d = ${d}`,
    params: '参数 Wq、Wk、Wv',
    proj: 'Q/K/V 投影的乘加',
    qk: 'QKᵀ 的乘加',
    av: '权重 · V 的乘加',
    total: '乘加合计',
    softmaxes: 'softmax 次数（每行一次）',
    ...COST_FORMULAS,
    /** @param {number} a @param {number} b */
    same: (a, b) => (a === b ? `一样：${a} = ${b}` : `不一样：${a} ≠ ${b}`),
    /** @param {Shape} s */
    costNote: (s) =>
      `T = ${s.T} 个 token，d_model = ${s.D}。切头不增加参数，也不增加乘法：两个头各自的点积只有一半长，却有两份；多出来的只是 softmax 的份数。（这里按整个 T × T 计数。因果掩码的目的不是省计算，而是不让位置偷看后文；优化过的内核会顺带跳过被掩掉的那一半分数，两种布局省得一样多。）`,
    /**
     * @param {string} n @param {number} H @param {number} d @param {number} p
     * @param {number} hid
     */
    anchor: (n, H, d, p, hid) =>
      `锚点 ${n}：${H} 个头 × ${d} 维 = ${p} ${p === hid ? '=' : '≠'} hidden_size ${hid}。头数 × 每头维数不必等于模型宽度：Wq 把 ${hid} 维投到 ${p} 维，输出投影再投回 ${hid}（相等是从原始 Transformer 的 dₖ = d_model / h 沿用下来的约定，GPT-2 也照做）。`,
  },
  en: {
    title: 'Is one set of Q/K/V enough? One head vs the same projections split into two heads',
    /** @param {Shape} s */
    help: (s) =>
      `The same Wq, Wk, Wv (${s.D} columns): used as one head, scores ÷ √${s.D} and one softmax; or split by output columns, head A on columns 0–${s.d - 1} and head B on columns ${s.d}–${s.D - 1}, each ÷ √${s.d} with its own softmax. Under the causal mask a row sees only itself and earlier tokens.`,
    query: 'Query row',
    /** @param {Shape} s */
    viewName: (s) => ({
      single: `One head (${s.D} cols, ÷√${s.D})`,
      A: `Head A (cols 0–${s.d - 1}, ÷√${s.d})`,
      B: `Head B (cols ${s.d}–${s.D - 1}, ÷√${s.d})`,
    }),
    viewShort: { single: 'one head', A: 'head A', B: 'head B' },
    rowsCorner: 'view↓ K→',
    rowsRegion: "The row's weights: three views",
    /** @param {string} q */
    rowsTitle: (q) => `The weights of the ${q} row: three views side by side`,
    /** @param {string} q */
    rowsCaption: (q) => `Attention weights of the ${q} row under one head, head A and head B`,
    /** @param {string} v @param {string} k @param {string} w */
    cell: (v, k, w) => `${v}, key ${k}: ${w}`,
    future: 'future (masked)',
    /** @param {string} v @param {string} k @param {string} w */
    top: (v, k, w) => `${v}: the most goes to ${k}, ${w}`,
    /**
     * @param {string} v @param {string} q @param {string} k @param {number} d
     * @param {string} dot @param {string} s @param {string} w
     */
    scoreFormula: (v, q, k, d, dot, s, w) =>
      line(`${v}: `, headScoreMath(q, k, d, dot, s), '; softmax → ', w),
    /** @param {string} a @param {string} b @param {string} s1 @param {string} s2 */
    finding: (a, b, s1, s2) =>
      `The 给了 (gave) row: one head can only split between 苹果 (apple) ${s1} and 小明 (Xiaoming) ${s2}, retrieving a mix of two V's; split into two heads, head A puts ${a} on 小明 (who gave) and head B ${b} on 苹果 (what was given) — each looks at its own relation.`,
    /** @param {Shape} s */
    heatTitle: (s) => `The whole ${s.T}×${s.T} weight matrix`,
    headPick: 'Which head',
    /** @param {string} v */
    heatCaption: (v) => `Attention weights of ${v}`,
    /** @param {string} q @param {string} k @param {string} w */
    readout: (q, k, w) => `${q} looks at ${k}: ${w}`,
    costTitle: 'Parameters and multiply-adds: the same',
    /** @param {number} H @param {number} d */
    costCol: (H, d) => `${H} head${H > 1 ? 's' : ''} × d = ${d}`,
    params: 'parameters Wq, Wk, Wv',
    proj: 'multiply-adds, Q/K/V projections',
    qk: 'multiply-adds, QKᵀ',
    av: 'multiply-adds, weights · V',
    total: 'multiply-adds, total',
    softmaxes: 'softmaxes (one per row)',
    ...COST_FORMULAS,
    /** @param {number} a @param {number} b */
    same: (a, b) => (a === b ? `the same: ${a} = ${b}` : `different: ${a} ≠ ${b}`),
    /** @param {Shape} s */
    costNote: (s) =>
      `T = ${s.T} tokens, d_model = ${s.D}. Splitting adds no parameters and no multiplications: each head's dot products are half as long, and there are two of them; only the number of softmaxes grows. (Counted over the full T × T. The causal mask is not there to save work but to stop positions from peeking ahead; optimised kernels skip the masked half of the scores as a by-product, and both layouts save the same.)`,
    /**
     * @param {string} n @param {number} H @param {number} d @param {number} p
     * @param {number} hid
     */
    anchor: (n, H, d, p, hid) =>
      `Anchor ${n}: ${H} heads × ${d} dims = ${p} ${p === hid ? '=' : '≠'} hidden_size ${hid}. Heads × head width need not equal the model width: Wq maps ${hid} dims to ${p}, the output projection maps back to ${hid} (equal widths are a convention that goes back to the original Transformer’s dₖ = d_model / h, which GPT-2 kept).`,
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({query}: the token that plays the query; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  '{query} row, head A → {giver}': '「{query}」一行，头 A → {giver}',
  '{query} row, head B → {object}': '「{query}」一行，头 B → {object}',
  '{query} row, one head → {object} / {giver}': '「{query}」一行，单头 → {object} / {giver}',
  'multiply-adds: 1 head d={d} vs 2 heads d={dHalf}': '乘加次数：1 个头 d={d} 对 2 个头 d={dHalf}',
  'parameters Wq, Wk, Wv: 1 head vs 2 heads': '参数 Wq、Wk、Wv：1 个头对 2 个头',
  'Qwen3.8-27B: heads × head_dim vs hidden_size': 'Qwen3.8-27B：头数 × head_dim 对 hidden_size',
};
