// Every string <attn-walkthrough> shows, in both languages (each step's formula is a MathML tree,
// the same in both: STEP_MATH; the tables add the words around it).
import { line, row, sub, sup, frac, sqrt, sum, letters, mi } from '../../web/mathml.js';

const WO = sub('W', 'O');

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

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    matsRegion: '这一步的矩阵',
    title: '手算一个微型例子：「The」和「cat」走完注意力公式',
    help: '每点一次「下一步」走一步。点矩阵里的格子（或用方向键）看这一格是怎么算出来的。所有数字由引擎从固定的 x、Q、K、V 算出。',
    'help:touch':
      '每点一次「下一步」走一步。点矩阵里的格子，看这一格是怎么算出来的。所有数字由引擎从固定的 x、Q、K、V 算出。',
    back: '◀ 上一步',
    next: '下一步 ▶',
    /** @param {number} k @param {number} n */
    indicator: (k, n) => `第 ${k} 步，共 ${n} 步`,
    stepNav: '步骤',
    /** @param {number} k @param {string} name */
    goto: (k, name) => `第 ${k} 步：${name}`,
    /** @param {number} k @param {number} n @param {string} name */
    announce: (k, n, name) => `第 ${k} 步，共 ${n} 步：${name}`,
    names: ['Q、K、V', '原始分数 QKᵀ', '除以 √d', '因果掩码', 'softmax 权重', '输出 = 权重 · V'],
    explain: [
      '每个 token 的向量 x 乘三个矩阵得到 Q、K、V（行向量约定：Q = x · Wq）。这个微型例子里 Wq = Wk = I，所以 Q = K = x，V 直接给出。于是每个 token 的 q 和它自己的 k 是同一个向量，这里「cat」给自己的分数最高：正是第 1 课警告过的自我匹配。真模型的 Wq、Wk 是两个不同的、学出来的矩阵。',
      '拿每个查询和每个键做点积：格子 (i, j) = Q[i]·K[j]，行是查询，列是键。',
      '每个分数除以 √d（d 是 Q、K 的维数），让分数保持在 softmax 还有信息量的区间。',
      'softmax 之前把上三角（j > i，未来的 token）置为 −∞：「The」看不到后面的「cat」。',
      '每一行做 softmax：分数变成正的、和为 1 的权重；−∞ 的格子恰好变成 0。',
      line(
        '每一行用权重把 V 的行加权混合：这就是注意力的输出。它还不是 token 的新表示：在完整的模型里，这个输出先乘 ',
        WO,
        '，再作为一个增量加回这个 token 原来的向量（残差流），才交给下一步。',
      ),
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
    'matQ:touch': 'Q = x · Wq（点格子看算式）',
    matK: 'K = x · Wk',
    matV: 'V（给定）',
    matRaw: 'QKᵀ',
    matScaled: 'QKᵀ / √d',
    matMask: '掩码（加到分数上）',
    matMasked: '掩码后的分数',
    matWeights: 'softmax 权重',
    matOut: '输出 = 权重 · V',
    /** @param {number} k */
    dim: (k) => `第${k}维`,
    corner: '查询↓ 键→',
    cornerVec: 'token↓ 维→',
    /** @param {string} r @param {string} c @param {string} v */
    cell: (r, c, v) => `${r}，${c}：${v}`,
    arith: '选中格子的算式：',
    /** @param {string} a @param {string} b */
    final: (a, b) => `最终输出：out[The] = ${a}，out[cat] = ${b}`,
    rowSum: '每行和 = 100%',
  },
  en: {
    matsRegion: 'The matrices of this step',
    title: 'A tiny example by hand: "The" and "cat" through the attention formula',
    help: "Each click on Next takes one step. Click a cell of the matrix (or use the arrow keys) to see how that cell is computed. Every number is the engine's, from the fixed x, Q, K, V.",
    'help:touch':
      "Each tap on Next takes one step. Tap a cell of the matrix to see how that cell is computed. Every number is the engine's, from the fixed x, Q, K, V.",
    back: '◀ Back',
    next: 'Next ▶',
    /** @param {number} k @param {number} n */
    indicator: (k, n) => `step ${k} of ${n}`,
    stepNav: 'Steps',
    /** @param {number} k @param {string} name */
    goto: (k, name) => `Step ${k}: ${name}`,
    /** @param {number} k @param {number} n @param {string} name */
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
      "Each token's vector x is multiplied by three matrices to give Q, K and V (row vectors: Q = x · Wq). In this tiny example Wq = Wk = I, so Q = K = x, and V is given. So each token’s q and its own k are the same vector, and here cat scores itself highest: the self-match lesson 1 warned about. A real model learns two different matrices Wq and Wk.",
      'Dot every query with every key: cell (i, j) = Q[i]·K[j]; rows are queries, columns keys.',
      'Divide every score by √d (d is the width of Q and K) so the scores stay where softmax is still informative.',
      'Before softmax, set the upper triangle (j > i, future tokens) to −∞: "The" cannot see the later "cat".',
      'Softmax each row: the scores become positive weights that sum to 1; the −∞ cells become exactly 0.',
      line(
        'Each row mixes the rows of V with its weights: that mix is the attention output. It is not yet the token’s new representation: in a full model the output is multiplied by ',
        WO,
        ' and added to the token’s own vector as a change (the residual stream) before the next step.',
      ),
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
    'matQ:touch': 'Q = x · Wq (tap a cell)',
    matK: 'K = x · Wk',
    matV: 'V (given)',
    matRaw: 'QKᵀ',
    matScaled: 'QKᵀ / √d',
    matMask: 'mask (added to the scores)',
    matMasked: 'masked scores',
    matWeights: 'softmax weights',
    matOut: 'output = weights · V',
    /** @param {number} k */
    dim: (k) => `dim ${k}`,
    corner: 'Q↓ K→',
    cornerVec: 'token↓ dim→',
    /** @param {string} r @param {string} c @param {string} v */
    cell: (r, c, v) => `${r}, ${c}: ${v}`,
    arith: 'Arithmetic of the selected cell: ',
    /** @param {string} a @param {string} b */
    final: (a, b) => `Final output: out[The] = ${a}, out[cat] = ${b}`,
    rowSum: 'each row sums to 100%',
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({query}: the token that plays the query; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  'out[{key}]': 'out[{key}]',
  'out[{query}]': 'out[{query}]',
  '{query} row raw scores Q·K ({key} / {query})': '{query} 一行的原始分数 Q·K（{key} / {query}）',
  '{query} row weights ({key} / {query})': '{query} 一行的权重（{key} / {query}）',
};
