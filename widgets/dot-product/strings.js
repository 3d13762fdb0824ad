// Every string <attn-dot-product> shows, in both languages (vecQ, vecK build MathML; the help
// texts quote the illustrative d_a and the course's d_a and bytes from logic.js).
import { row, sub as msub, mn } from '../../web/mathml.js';
import { ADDITIVE, COURSE } from './logic.js';

/**
 * q_a = x_a · W_Q = [vector]: a token's row projected (letter q or k, matrix Q or K).
 * @param {string} letter
 * @param {string} matrix
 * @param {string} label
 * @param {string} v
 */
const projectionMath = (letter, matrix, label, v) =>
  row(msub(letter, label), '=', msub('x', label), '·', msub('W', matrix), '=', mn(v));

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: 'Q 和 K 怎么算匹不匹配：点积',
    help: '选一个查询 token（这一行的 q）和一个键 token（被查的 k）。点积就是四个维度逐项相乘再相加；下面每个数都由注意力引擎算出。',
    query: '查询 token（q）',
    key: '键 token（k）',
    pair: (/** @type {string} */ a, /** @type {string} */ b) => `q[${a}] · k[${b}]`,
    vecQ: (/** @type {string} */ l, /** @type {string} */ v) => projectionMath('q', 'Q', l, v),
    vecK: (/** @type {string} */ l, /** @type {string} */ v) => projectionMath('k', 'K', l, v),
    expTitle: '逐项展开',
    termsLabel: '每一项 qᵢ kᵢ 的贡献（正的向右、负的向左）',
    termLabel: (/** @type {number} */ i, /** @type {string} */ v) => `第 ${i} 项 ${v}`,
    geoTitle: '几何含义：方向对齐 × 长度',
    geoHelp:
      '把 k 投到 q 的方向上：k 的「影子」长 |k| cos θ，点积 = |q| × 影子长度。方向越一致（θ 越小）、向量越长，分数越高；θ > 90° 时影子落在反方向，分数为负。',
    geoImg: (/** @type {string} */ t, /** @type {string} */ c) =>
      `q 与 k 的夹角 θ = ${t}°，cos θ = ${c}`,
    matTitle: '全部配对：一次矩阵乘 QKᵀ',
    /** @param {number} n tokens */
    matHelp: (n) =>
      `每个格子都是一对 (qᵢ, kⱼ) 的点积，${n}×${n} = ${n * n} 个分数由一次矩阵乘一起算出（engine.scoreMatrix）。点格子也能换选中的一对；方向键移动。颜色：矩阵里最低 → 最高。`,
    /** @param {number} n tokens */
    'matHelp:touch': (n) =>
      `每个格子都是一对 (qᵢ, kⱼ) 的点积，${n}×${n} = ${n * n} 个分数由一次矩阵乘一起算出（engine.scoreMatrix）。点格子也能换选中的一对。颜色：矩阵里最低 → 最高。`,
    corner: '查询↓ 键→',
    cellName: (/** @type {string} */ a, /** @type {string} */ b) => `q[${a}]·k[${b}] = `,
    rank: (/** @type {string} */ a, /** @type {string} */ r) => `「${a}」这一行从高到低：${r}`,
    addTitle: '换一种打分：Bahdanau 2014 的加性注意力',
    dotCard: '点积（本课）',
    addCard: '加性',
    illustrative: '示意参数',
    addHelp: `W1、W2（${ADDITIVE.W1.length}×${ADDITIVE.W1[0].length}）和 v（${ADDITIVE.v.length} 维）是这里手工给定的示意常数（dₐ = ${ADDITIVE.dA}），不是学出来的：分数本身没有意义，要看的是它怎么算、要花多少。`,
    addWork:
      'q W1 和 k W2 每个 token 各算一次，是普通的矩阵乘；可每一对还要单独做一次相加、过一遍 tanh、再和 v 点积：这一步不是一次矩阵乘，没法整块交给矩阵乘单元去算。',
    dotWork: '每一对只要一次点积；所有配对合成一次矩阵乘 QKᵀ。',
    memTitle: '要落多少字节（每头、每层）',
    memHelp: `朴素的加性注意力要先落一个 T × T × dₐ 的中间张量 tanh(q W1 + k W2)，点积只留 T × T 个分数。这里按课程取 dₐ = ${COURSE.dA}、BF16（每个数 ${COURSE.bytesPer} 字节）。`,
    length: '序列长度 T',
    lengthSlider: 'T（2 的幂）',
    presets: '预设长度',
    addRow: '加性（朴素）',
    dotRow: '点积',
    ratio: (/** @type {number} */ r) => `加性是点积的 ${r} 倍（= dₐ）。`,
    jsNote:
      '这两个字节数也由引擎按上面的公式算出（engine.scoreMemory），页面只把它们换算成 MiB / GiB。',
    valueText: (/** @type {string} */ t, /** @type {string} */ a, /** @type {string} */ d) =>
      `T = ${t}：加性 ${a}，点积 ${d}`,
  },
  en: {
    title: 'How Q and K are matched: the dot product',
    help: "Pick a query token (the row's q) and a key token (the k being looked up). The dot product multiplies the four dimensions pairwise and adds them up; every number below comes from the attention engine.",
    query: 'Query token (q)',
    key: 'Key token (k)',
    pair: (/** @type {string} */ a, /** @type {string} */ b) => `q[${a}] · k[${b}]`,
    vecQ: (/** @type {string} */ l, /** @type {string} */ v) => projectionMath('q', 'Q', l, v),
    vecK: (/** @type {string} */ l, /** @type {string} */ v) => projectionMath('k', 'K', l, v),
    expTitle: 'Term by term',
    termsLabel: 'What each term qᵢ kᵢ adds (positive to the right, negative to the left)',
    termLabel: (/** @type {number} */ i, /** @type {string} */ v) => `term ${i}: ${v}`,
    geoTitle: 'The geometry: alignment × length',
    geoHelp:
      'Project k onto q\'s direction: k\'s "shadow" is |k| cos θ long, and the dot product is |q| × the shadow. The more aligned (smaller θ) and the longer the vectors, the higher the score; past 90° the shadow points backwards and the score is negative.',
    geoImg: (/** @type {string} */ t, /** @type {string} */ c) =>
      `angle between q and k θ = ${t}°, cos θ = ${c}`,
    matTitle: 'Every pair at once: one matrix product QKᵀ',
    /** @param {number} n tokens */
    matHelp: (n) =>
      `Each cell is the dot product of one pair (qᵢ, kⱼ): all ${n}×${n} = ${n * n} scores come out of one matrix product (engine.scoreMatrix). Click a cell to pick that pair; arrow keys move. Colour: lowest → highest in the matrix.`,
    /** @param {number} n tokens */
    'matHelp:touch': (n) =>
      `Each cell is the dot product of one pair (qᵢ, kⱼ): all ${n}×${n} = ${n * n} scores come out of one matrix product (engine.scoreMatrix). Tap a cell to pick that pair. Colour: lowest → highest in the matrix.`,
    corner: 'Q↓ K→',
    cellName: (/** @type {string} */ a, /** @type {string} */ b) => `q[${a}]·k[${b}] = `,
    rank: (/** @type {string} */ a, /** @type {string} */ r) => `Row ${a}, highest first: ${r}`,
    addTitle: "Another way to score: Bahdanau's additive attention (2014)",
    dotCard: 'Dot product (this lesson)',
    addCard: 'Additive',
    illustrative: 'illustrative parameters',
    addHelp: `W1, W2 (${ADDITIVE.W1.length}×${ADDITIVE.W1[0].length}) and v (${ADDITIVE.v.length} numbers) are hand-picked illustrative constants here (dₐ = ${ADDITIVE.dA}), not learned: the score itself means nothing; what matters is how it is computed and what it costs.`,
    addWork:
      'q W1 and k W2 are computed once per token, as ordinary matrix products; but every pair still needs its own addition, a tanh and a dot product with v: that step is not one matrix product, so it cannot be handed to the matrix-multiply units.',
    dotWork: 'Every pair is one dot product; all pairs together are one matrix product QKᵀ.',
    memTitle: 'How many bytes it materialises (per head, per layer)',
    memHelp: `Naive additive attention first materialises a T × T × dₐ intermediate tanh(q W1 + k W2); the dot product keeps only T × T scores. As in the course: dₐ = ${COURSE.dA}, BF16 (${COURSE.bytesPer} bytes a number).`,
    length: 'Sequence length T',
    lengthSlider: 'T (powers of two)',
    presets: 'Preset lengths',
    addRow: 'Additive (naive)',
    dotRow: 'Dot product',
    ratio: (/** @type {number} */ r) => `Additive is ${r}× the dot product (= dₐ).`,
    jsNote:
      'These two byte counts come from the engine too (engine.scoreMemory, the formulas above); the page only converts them to MiB / GiB.',
    valueText: (/** @type {string} */ t, /** @type {string} */ a, /** @type {string} */ d) =>
      `T = ${t}: additive ${a}, dot product ${d}`,
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({query}: the token that plays the query; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  'additive, naive: T×T×d_a × 2 B at T = 4,096, d_a = 256 (BF16)':
    '加性注意力（朴素）：T×T×d_a × 2 B，T = 4,096、d_a = 256（BF16）',
  'dot product: T×T × 2 B at T = 4,096 (BF16)': '点积：T×T × 2 B，T = 4,096（BF16）',
  'every pair: Σ_m q_m k_m = engine.dot (±1e-6)': '每一对：Σ_m q_m k_m = engine.dot（±1e-6）',
  'every pair: |q| |k| cos θ = q·k (±1e-4)': '每一对：|q| |k| cos θ = q·k（±1e-4）',
  'q[{query}]·k[{key}]: Σ terms = engine.dot (±1e-6)':
    'q[{query}]·k[{key}]：逐项之和 = engine.dot（±1e-6）',
  'row {query} of QKᵀ (engine.scoreMatrix): ranking':
    'QKᵀ 的「{query}」一行（engine.scoreMatrix）：排序',
};
