// Every string <attn-rope> shows, in both languages (the score formula is MathML, built by
// ropeScoreMath; the speed formula likewise).
import { line, row, sub, paren, mi } from '../../web/mathml.js';
import { grouped } from '../../web/dom.js';
/** @import { MathChild, MathLine } from '../../web/mathml.js' */

/**
 * q_rot(i)·k_rot(j) = terms = s, the terms the rotated pairs' products (top level, so that a
 * phone wraps between them).
 * @param {number} i
 * @param {number} j
 * @param {MathChild[]} terms
 * @param {string} s
 */
const ropeScoreMath = (i, j, terms, s) =>
  row(sub('q', mi('rot')), paren(i), '·', sub('k', mi('rot')), paren(j), '=', ...terms, '=', s);

/**
 * The strings of one language (both languages have every key).
 * @typedef {{
 *   title: string,
 *   help: (d: number) => string,
 *   posI: string,
 *   posJ: string,
 *   bothDown: string,
 *   bothUp: string,
 *   link: string,
 *   pair: (a: number, b: number, th: string) => string,
 *   pairAria: (a: number, b: number) => string,
 *   qLabel: string,
 *   kLabel: string,
 *   scoreLine: string,
 *   scoreFormula: typeof ropeScoreMath,
 *   delta: (d: number) => string,
 *   why: string,
 *   invTitle: string,
 *   colPos: string,
 *   colDelta: string,
 *   colScore: string,
 *   rowSame: string,
 *   rowOther: string,
 *   gridTitle: (n: number) => string,
 *   gridCorner: string,
 *   gridCell: (i: number, j: number, s: string) => string,
 *   vTitle: string,
 *   vWhy: string,
 *   vAt: (j: number, v: string) => string,
 *   vIfRot: (j: number, v: string) => string,
 *   outTitle: (s: number, n: number) => string,
 *   outPlain: (a: string, b: string) => string,
 *   outRot: (a: string, b: string) => string,
 *   partialTitle: (hd: number, rd: number) => string,
 *   anchorLine: (name: string, r: number, d: number) => string,
 *   stripAria: (r: number, d: number) => string,
 *   legendRot: (r: number) => string,
 *   legendPass: (n: number) => string,
 *   freqTitle: (n: number, r: number) => string,
 *   freqFormula: (b: string, first: string, last: string, n: number) => MathLine,
 *   assumedBase: (b: number) => string,
 *   baseNote: (b: number, bases: { base: number, names: string[] }[], family: string[]) => string,
 *   freqAria: (n: number) => string,
 *   toyTitle: (i: number, d: number, r: number) => string,
 *   toyRegion: string,
 *   toyDim: string,
 *   toyBefore: string,
 *   toyAfter: string,
 *   toyState: string,
 *   colWhat: string,
 *   turned: string,
 *   kept: string,
 *   toyNote: (r: number, d: number) => string
 * }} RopeStrings
 */

/** @type {{ 'zh-CN': RopeStrings, en: RopeStrings }} */
export const STRINGS = {
  'zh-CN': {
    title: 'RoPE：为什么只旋转 Q 和 K，不旋转 V',
    help: (d) =>
      `把「给了」的 q 放在位置 i，把「苹果」的 k 放在位置 j。${d} 维 = ${d / 2} 对，每一对在自己的平面里按位置转一个角度。拖动滑块（或用方向键），再试「两个一起 ±1」。`,
    posI: '查询「给了」的位置 i',
    posJ: '键「苹果」的位置 j',
    bothDown: '◀ 两个一起 −1',
    bothUp: '两个一起 +1 ▶',
    link: '拖一个滑块时两个一起动',
    pair: (a, b, th) => `第 ${a}、${b} 维这一对（θ = ${th}）`,
    pairAria: (a, b) => `第 ${a}、${b} 维这一对里 q（蓝）和 k（橙）的箭头；虚线是转之前`,
    qLabel: 'q',
    kLabel: 'k',
    scoreLine: '分数',
    scoreFormula: ropeScoreMath,
    delta: (d) => `j − i = ${d}`,
    why: '每一对里 q 转了 i·θ、k 转了 j·θ：两支箭头的夹角是原来的夹角再加 (j − i)·θ。点积看长度和夹角，所以位置只通过 j − i 进入分数；分数仍取决于 q、k 本身。',
    invTitle: '平移不变：整体挪动 (i, j)，分数不变',
    colPos: '(i, j)',
    colDelta: 'j − i',
    colScore: '分数 q_rot·k_rot',
    rowSame: '一起挪',
    rowOther: '只挪键',
    gridTitle: (n) => `i、j 都取 0…${n - 1} 时的全部分数：同一条对角线（同一个 j − i）同一个数`,
    gridCorner: 'i↓ j→',
    gridCell: (i, j, s) => `i = ${i}，j = ${j}：${s}`,
    vTitle: 'V 不旋转',
    vWhy: 'V 不参与打分，只是被取回的内容。位置已经只以距离 j − i 的形式进入分数；如果把 V 也转了，取回的内容就会随句子所在的绝对位置变化。',
    vAt: (j, v) => `「苹果」的 V 在位置 j = ${j}：${v}（每个位置都一样，不转）`,
    vIfRot: (j, v) => `假如也把 V 转到位置 j = ${j}：${v}（随 j 变）`,
    outTitle: (s, n) =>
      `「给了」一行取回的内容（因果、单头、Q/K 加 RoPE）：整句放在位置 0…${n - 1} 和 ${s}…${s + n - 1}`,
    outPlain: (a, b) => `V 不转：${a} 与 ${b} → 一样`,
    outRot: (a, b) => `V 也转：${a} 与 ${b} → 变了`,
    partialTitle: (hd, rd) => `部分旋转：锚点每头 ${hd} 维只转 ${rd} 维`,
    anchorLine: (name, r, d) =>
      `${name}：每个头 head_dim = ${d} 维，其中前 ${r} 维旋转（rotaryDim = ${r}，partial_rotary_factor = ${r} / ${d}），其余 ${d - r} 维原样通过。`,
    stripAria: (r, d) => `${d} 个维度的格子：前 ${r} 个旋转，其余不转`,
    legendRot: (r) => `旋转的 ${r} 维（第 p 维与第 p + ${r / 2} 维成一对，颜色 = 这一对的速度）`,
    legendPass: (n) => `不转的 ${n} 维`,
    freqTitle: (n, r) => `${n} 对各自的速度 θₚ = base 的 (−2p / ${r}) 次方（对数刻度）`,
    freqFormula: (b, first, last, n) =>
      line(
        `base = ${b}：`,
        row(sub('θ', 0), '=', first),
        '，',
        row(sub('θ', n - 1), '=', last),
        '；位置 i 处第 p 对转 ',
        row('i', '·', sub('θ', 'p')),
        ' 弧度',
      ),
    assumedBase: (b) => `${b}（假设值）`,
    baseNote: (b, bases, family) =>
      `这个模型的 rope_theta 没有记在 models.json 里：图中的 base = ${grouped(b)} 是假设的示意值（引擎的默认值）${family.length ? `；它沿袭的这一族模型（${family.join('、')}）公开的 config 用的 base 要大得多` : ''}。models.json 记下的真实模型：${bases.map((x) => `base = ${grouped(x.base)} 的有 ${x.names.join('、')}`).join('；')}。base 越大，慢的那几对转得越慢。`,
    freqAria: (n) => `${n} 对的速度柱状图，对数刻度，从快到慢`,
    toyTitle: (i, d, r) =>
      `小例子：${d} 维里只转前 ${r} 维（rotaryDim = ${r}），「给了」的 q 放在位置 ${i}`,
    toyRegion: '小例子：转之前与转之后',
    toyDim: '维',
    toyBefore: '转之前',
    toyAfter: '转之后',
    toyState: '状态',
    colWhat: '说明',
    turned: '转了',
    kept: '原样',
    toyNote: (r, d) =>
      `rotaryDim = ${r} 时第 0…${r - 1} 维成对旋转，第 ${r}…${d - 1} 维一位不差地原样通过。`,
  },
  en: {
    title: 'RoPE: why rotate Q and K, and not V',
    help: (d) =>
      `Put the q of 给了 (gave) at position i and the k of 苹果 (apple) at position j. ${d} dims = ${d / 2} pairs; each pair turns in its own plane by an angle set by the position. Drag the sliders (or use the arrow keys), then try “both ±1”.`,
    posI: 'query 给了 (gave) at position i',
    posJ: 'key 苹果 (apple) at position j',
    bothDown: '◀ both −1',
    bothUp: 'both +1 ▶',
    link: 'move both when dragging one',
    pair: (a, b, th) => `pair of dims ${a} and ${b} (θ = ${th})`,
    pairAria: (a, b) =>
      `Arrows of q (blue) and k (orange) in the pair of dims ${a} and ${b}; dashed: before rotation`,
    qLabel: 'q',
    kLabel: 'k',
    scoreLine: 'Score',
    scoreFormula: ropeScoreMath,
    delta: (d) => `j − i = ${d}`,
    why: 'In each pair q turns by i·θ and k by j·θ, so the angle between the arrows is their original angle plus (j − i)·θ. The dot product sees lengths and that angle, so position enters the score only through j − i; the score still depends on q and k themselves.',
    invTitle: 'Shift invariance: move (i, j) together and the score stays',
    colPos: '(i, j)',
    colDelta: 'j − i',
    colScore: 'score q_rot·k_rot',
    rowSame: 'both moved',
    rowOther: 'key only',
    gridTitle: (n) => `Every score for i, j in 0…${n - 1}: each diagonal (one j − i) is one number`,
    gridCorner: 'i↓ j→',
    gridCell: (i, j, s) => `i = ${i}, j = ${j}: ${s}`,
    vTitle: 'V is not rotated',
    vWhy: 'V takes no part in scoring: it is the content that gets retrieved. Position already enters the scores only as the distance j − i; rotate V as well and the retrieved content would change with the absolute position of the sentence.',
    vAt: (j, v) =>
      `V of 苹果 (apple) at position j = ${j}: ${v} (the same at every position: not rotated)`,
    vIfRot: (j, v) => `If V were rotated to position j = ${j}: ${v} (changes with j)`,
    outTitle: (s, n) =>
      `What the 给了 (gave) row retrieves (causal, one head, RoPE on Q/K), the sentence at positions 0…${n - 1} and at ${s}…${s + n - 1}`,
    outPlain: (a, b) => `V not rotated: ${a} and ${b} → the same`,
    outRot: (a, b) => `V rotated too: ${a} and ${b} → different`,
    partialTitle: (hd, rd) =>
      `Partial rotary: the anchor turns only ${rd} of each head's ${hd} dims`,
    anchorLine: (name, r, d) =>
      `${name}: each head has head_dim = ${d}; the first ${r} dims rotate (rotaryDim = ${r}, partial_rotary_factor = ${r} / ${d}), the other ${d - r} pass through.`,
    stripAria: (r, d) => `${d} dimension cells: the first ${r} rotate, the rest do not`,
    legendRot: (r) =>
      `the ${r} rotating dims (dim p pairs with dim p + ${r / 2}; colour = the pair's speed)`,
    legendPass: (n) => `the ${n} dims that pass through`,
    freqTitle: (n, r) =>
      `The speed of each of the ${n} pairs, θₚ = base to the power −2p / ${r} (log scale)`,
    freqFormula: (b, first, last, n) =>
      line(
        `base = ${b}: `,
        row(sub('θ', 0), '=', first),
        ', ',
        row(sub('θ', n - 1), '=', last),
        '; at position i pair p turns by ',
        row('i', '·', sub('θ', 'p')),
        ' radians',
      ),
    assumedBase: (b) => `${b} (assumed)`,
    baseNote: (b, bases, family) =>
      `models.json records no rope_theta for this model: the chart’s base = ${grouped(b)} is an assumed value for illustration (the engine’s default)${family.length ? `; the published configs of the family it follows (${family.join(', ')}) use a far larger base` : ''}. The real models models.json records use ${bases.map((x) => `base = ${grouped(x.base)} for ${x.names.join(', ')}`).join('; ')}. A larger base makes the slow pairs slower still.`,
    freqAria: (n) => `Bar chart of the ${n} pair speeds, log scale, fastest first`,
    toyTitle: (i, d, r) =>
      `A small example: rotate only the first ${r} of ${d} dims (rotaryDim = ${r}), the q of 给了 (gave) at position ${i}`,
    toyRegion: 'The small example: before and after the turn',
    toyDim: 'dim',
    toyBefore: 'before',
    toyAfter: 'after',
    toyState: 'state',
    colWhat: 'what it shows',
    turned: 'turned',
    kept: 'unchanged',
    toyNote: (r, d) =>
      `With rotaryDim = ${r}, dims 0…${r - 1} turn in pairs; dims ${r}…${d - 1} pass through bit for bit.`,
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({query}: the token that plays the query; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  'score (3, 2) = (10, 9) = (1, 0) (±1e-4)': '分数 (3, 2) = (10, 9) = (1, 0)（±1e-4）',
  'score (3, 1) differs from (3, 2)': '分数 (3, 1) 与 (3, 2) 不同',
  'V not rotated: {query} retrieves the same when the sentence shifts by 7 (±1e-5)':
    'V 不旋转：整句平移 7 位，「{query}」取回的不变（±1e-5）',
  'V rotated would change with the shift': '要是旋转 V，平移后取回的就会变',
  'rotaryDim 2 of 4: dims 2–3 identical, dims 0–1 turned':
    '4 维里 rotaryDim = 2：第 2–3 维不变，第 0–1 维旋转',
  'Qwen3.8-27B: rotating dims / dims per head': 'Qwen3.8-27B：每头旋转的维数 / 每头维数',
  'anchor: rotating pairs (engine.ropeFrequencies(64, base))':
    '锚点：旋转的维度对有几对（engine.ropeFrequencies(64, base)）',
};
