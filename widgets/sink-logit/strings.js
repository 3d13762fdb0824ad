// Every string <attn-sink-logit> shows, in both languages (some are formulas: MathML trees from
// views/formulas.js; sinkPoints and gatePoints are lists of bullet points).
import { line, row, sub } from '../../web/mathml.js';
import {
  SCORE_MATH,
  MIXED,
  softmaxMath,
  gateMath,
  normMath,
  gatedMath,
  gatedNormMath,
} from './views/formulas.js';

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '「苹果」这一行：attention sink 与它的两个出口',
    help: '标准 softmax 逼每一行分完 100%，哪怕这一行其实不想取任何东西。Xiao 2023 观察到，很多头把一大份注意力放在开头几个 token 上（attention sink），并把它解释为 softmax 分不出去的多余权重停在了那里。下面两个出口让这个头能「这次不取」。',
    rowTitle: '不加出口：「苹果」一行（因果掩码、单头、分数 ÷ √d）',
    key: '键 j',
    score: line('分数 ', SCORE_MATH),
    weight: line('权重 ', sub('w', 'j')),
    value: sub('v', 'j'),
    rowNote: (/** @type {string} */ s, /** @type {string} */ b) =>
      `三个分数 ${s} 只差零点几，softmax 照样分完 100%：${b}。`,
    plainFormula: softmaxMath(false),
    sinkTitle: '出口一：分母里加一个 sink logit',
    sinkOn: '加 sink logit',
    sinkSlider: 'sink logit',
    sinkOff: '关（标准 softmax）',
    sinkFormula: softmaxMath(true),
    sinkName: 'sink',
    sinkShare: (/** @type {string} */ p) => `sink 拿走 ${p}（注意力给了「什么也没有」）`,
    sinkOffLine: 'sink 关：分母里没有这一项，三个权重之和 = 100%',
    threeSum: (/** @type {string} */ p) => `三个键合计 ${p}`,
    valueText: (/** @type {string} */ s, /** @type {string} */ p) =>
      `sink logit ${s}，sink 拿走 ${p}`,
    valueTextOff: (/** @type {string} */ p) => `sink 关，三个键合计 ${p}`,
    stackLabel: (/** @type {string} */ parts) => `权重条：${parts}`,
    output: line('取回的输出 ', row('o', '=', MIXED)),
    normLine: (/** @type {string} */ n, /** @type {string} */ base, /** @type {string} */ r) =>
      line(normMath(n), `（不加出口时 ${base}，是它的 ${r}）`),
    gateTitle: '出口二：在输出上乘一个门 g = σ(z)',
    gateSlider: '门 logit z',
    gateFormula: gateMath,
    gateWeights: (/** @type {string} */ b) => `权重不变：${b}（softmax 照样分完 100%）`,
    gateOutput: gatedMath('门'),
    gateNorm: (/** @type {string} */ n, /** @type {string} */ g, /** @type {string} */ base) =>
      gatedNormMath('门', n, g, base),
    gateValueText: (/** @type {string} */ z, /** @type {string} */ g) => `门 logit ${z}，g = ${g}`,
    compareTitle: '两个出口对照',
    sinkExit: 'sink logit',
    sinkPoints: [
      '改的是权重本身：分母多了一项，三个键的权重之和 = 1 − sink 的份额，注意力图上看得见「没取」。',
      '它是一个可学习的参数（通常每个头一个数），对每个查询都一样；赢不赢取决于这一行的分数：像「苹果」这样分数都不高、差不多的行，sink 容易拿走大头；有一个键分数明显更高时，那个键仍能胜出。',
      '取回的 o 随之变短：剩下的权重乘 V。',
    ],
    gateExit: '输出门',
    gatePoints: [
      '不改权重：softmax 照样分完 100%，注意力图上看不出「没取」。',
      '改的是输出：取回的向量整体乘 g ∈ (0, 1)。Gated Attention 里 g 由当前 token 的隐状态经 sigmoid 算出，每个 token、每个头（甚至每一维）都可以不同；这里为了对照，每一维用同一个 g。',
    ],
    anchor: (/** @type {string} */ name, /** @type {string} */ on) =>
      `锚点 ${name}：attn_output_gate = ${on}（models.json）。`,
    caveat:
      '两个出口的证据都来自实验：门控的效果有测量，Gated Attention（2025）论文的摘要说门控「缓解」attention sink（标题说门控后的模型「没有 attention sink」）；sink logit 最接近的证据是 StreamingLLM（§3.3）：固定为 0 的 sink logit（分母加 1 的 softmax）只缓解了一部分，可学习的 sink token 有效；DeepSeek-V4 没有给 sink logit 的单独消融。这里的向量是手工构造的教学数据，不是模型学到的。',
  },
  en: {
    title: 'The 苹果 (apple) row: the attention sink and its two ways out',
    help: 'Standard softmax forces every row to hand out 100%, even when the row has nothing it wants to take. Xiao 2023 observed that many heads put a large share of their attention on the first tokens (the attention sink), and explained it as softmax’s spare weight parked there. The two exits below let the head "take nothing this time".',
    rowTitle: 'No way out: the 苹果 (apple) row (causal mask, single head, scores ÷ √d)',
    key: 'key j',
    score: line('score ', SCORE_MATH),
    weight: line('weight ', sub('w', 'j')),
    value: sub('v', 'j'),
    rowNote: (/** @type {string} */ s, /** @type {string} */ b) =>
      `The three scores ${s} differ only by tenths, and softmax still hands out all 100%: ${b}.`,
    plainFormula: softmaxMath(false),
    sinkTitle: 'Exit one: a sink logit in the denominator',
    sinkOn: 'Add a sink logit',
    sinkSlider: 'sink logit',
    sinkOff: 'off (standard softmax)',
    sinkFormula: softmaxMath(true),
    sinkName: 'sink',
    sinkShare: (/** @type {string} */ p) => `The sink takes ${p} (attention paid to nothing)`,
    sinkOffLine: 'Sink off: no such term in the denominator, the three weights sum to 100%',
    threeSum: (/** @type {string} */ p) => `The three keys together take ${p}`,
    valueText: (/** @type {string} */ s, /** @type {string} */ p) =>
      `sink logit ${s}, the sink takes ${p}`,
    valueTextOff: (/** @type {string} */ p) => `sink off, the three keys take ${p}`,
    stackLabel: (/** @type {string} */ parts) => `Weight bar: ${parts}`,
    output: line('Retrieved output ', row('o', '=', MIXED)),
    normLine: (/** @type {string} */ n, /** @type {string} */ base, /** @type {string} */ r) =>
      line(normMath(n), ` (without a way out ${base}; ${r} of it)`),
    gateTitle: 'Exit two: multiply the output by a gate g = σ(z)',
    gateSlider: 'gate logit z',
    gateFormula: gateMath,
    gateWeights: (/** @type {string} */ b) =>
      `Weights unchanged: ${b} (softmax still hands out 100%)`,
    gateOutput: gatedMath('gated'),
    gateNorm: (/** @type {string} */ n, /** @type {string} */ g, /** @type {string} */ base) =>
      gatedNormMath('gated', n, g, base),
    gateValueText: (/** @type {string} */ z, /** @type {string} */ g) =>
      `gate logit ${z}, g = ${g}`,
    compareTitle: 'The two ways out side by side',
    sinkExit: 'Sink logit',
    sinkPoints: [
      "Changes the weights themselves: one more term in the denominator, so the three keys sum to 1 − the sink's share; the attention map shows what was not taken.",
      'It is a learned parameter (typically one number per head), the same for every query; whether it wins depends on the row: when the scores are all low and close, as in the 苹果 row, the sink easily takes most; a key with a clearly higher score still wins.',
      'The retrieved o shrinks with it: the remaining weights times V.',
    ],
    gateExit: 'Output gate',
    gatePoints: [
      'Leaves the weights alone: softmax still hands out 100%; the attention map does not show "took nothing".',
      "Changes the output: the retrieved vector is multiplied by g ∈ (0, 1). In Gated Attention g comes from the current token's hidden state through a sigmoid, so it can differ per token, per head (even per channel); here one g for every channel, for the comparison.",
    ],
    anchor: (/** @type {string} */ name, /** @type {string} */ on) =>
      `Anchor model ${name}: attn_output_gate = ${on} (models.json).`,
    caveat:
      'Both ways out rest on experiments: the gate’s effect is measured, the abstract of the Gated Attention paper (2025) says it mitigates the attention sink (its title calls the gated model “attention-sink-free”); for a sink logit the nearest evidence is StreamingLLM (§3.3): a logit fixed at 0 (off-by-one softmax) helped only partly, a learnable sink token worked; DeepSeek-V4 gives no separate ablation of the sink logit. The vectors here are hand-made teaching data, not learned by a model.',
  },
};

/** How many keys the object's row sees, as each language's self-check names count them. */
export const COUNT_WORDS = {
  'zh-CN': ['零', '一', '两', '三', '四', '五', '六', '七', '八', '九'],
  en: ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'],
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({object}: the token that plays the object; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  '{object} row: scaled scores s = q·k/√{d}': '「{object}」一行：缩放后的分数 s = q·k/√{d}',
  '{object} row: weights without sink': '「{object}」一行：不加 sink 的权重',
  'sink logit +8: the sink takes > 99%': 'sink logit +8：sink 拿走 > 99%',
  'sink logit +8: the {countEn} weights sum < 1%': 'sink logit +8：{countZh}个权重之和 < 1%',
  'gate σ(0) = 0.5': '门 σ(0) = 0.5',
  'gate 0.5: |o| halved': '门 0.5：|o| 减半',
  'gate 0.5: weights unchanged': '门 0.5：权重不变',
  'anchor attn_output_gate': '锚点的 attn_output_gate',
};
