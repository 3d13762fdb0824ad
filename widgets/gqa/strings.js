// Every string <attn-gqa> shows, in both languages (the paper's numbers are logic.js GQA_PAPER's).
import { GQA_UPTRAIN_SHARE } from './logic.js';
import { plural } from '../../web/plural.js';

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    /** @param {number} H query heads */
    title: (H) => `MHA → GQA → MQA：${H} 个 Q 头共用几份 K/V`,
    /** @param {number} H query heads */
    help: (H) =>
      `锚点 Qwen3.8-27B 每层有 ${H} 个 Q 头。选 KV 头数 G（必须整除 ${H}）：每组 Q 头共用一个 KV 头，组数 = KV 头数。`,
    /** @param {number} H query heads */
    legend: (H) => `KV 头数 G（${H} 的约数）`,
    own: '锚点',
    /** @param {number} H @param {number} g @param {number} per */
    groupSummary: (H, g, per) =>
      `${H} 个 Q 头 ÷ ${g} 个 KV 头 = 每组 ${per} 个 Q 头；组数 = KV 头数 = ${g}`,
    /** @param {number} i @param {number} per */
    groupLabel: (i, per) => `组 ${i + 1}：KV 头 ${i + 1}，被 ${per} 个 Q 头共用`,
    /** @param {number} q @param {number} g */
    qLabel: (q, g) => `Q 头 ${q + 1} 读 KV 头 ${g + 1}`,
    /** @param {number} H @param {number} g */
    diagramLabel: (H, g) => `${H} 个 Q 头分成 ${g} 组的示意图`,
    /** @param {number} i */
    kvBox: (i) => `KV${i + 1}`,
    perToken: '每 token 的 KV cache',
    /** @param {string} t */
    perContext: (t) => `一条 ${t} token 的请求`,
    formulaHead: '存 KV 的层数 × 2（K 和 V）× KV 头数 × head_dim × 每元素字节',
    /** @param {string} b @param {string} t @param {string} r */
    ctxFormula: (b, t, r) => `${b} × ${t} = ${r}`,
    /** @param {string} p */
    relMha: (p) => `是 MHA 的 ${p}`,
    /** @param {string} s @param {number} L @param {number} lin @param {number} full */
    stateNote: (s, L, lin, full) =>
      `锚点 ${L} 层里另有 ${lin} 层线性注意力，它们存的是固定大小的状态（各头的状态矩阵 S 共 ${s}，不算对最近几个输入做的短卷积存的那一小份），不是 KV cache，也不随上下文增长（见 KV 账本）。上面只算 ${full} 层全注意力的 KV。`,
    allTitle: '每种 G 的缓存（引擎现算，锚点形状）',
    colG: 'KV 头数',
    colKind: '注意力',
    colPerToken: '每 token',
    /** @param {string} t */
    colCtx: (t) => `${t} token`,
    paperTitle: 'GQA 论文表 1：质量与速度',
    reported: '论文报告值，不是本页算的',
    paperNote: `Ainslie et al. 2023（GQA）表 1，T5-XXL，七个任务的平均分与推理时间，照录原文（MQA 与 GQA-8 由 MHA 检查点用 ${GQA_UPTRAIN_SHARE} 的预训练算力继续训练得到）。GQA-8 质量接近 MHA，速度接近 MQA。`,
    colAttn: '注意力',
    colAvg: '平均分',
    colTime: '推理时间 (s)',
    eqTitle: 'GQA 就是「K/V 复制到每个头」的 MHA',
    /** @param {string} t @param {number} H @param {number} d */
    eqHelp: (t, H, d) =>
      `「${t}」这句话：q 分 ${H} 个头（每头 ${d} 维）。左边只有 1 个 KV 头（头 A 的 K、V 两列），两个 Q 头都读它（GQA，G = 1）；右边把这两列复制一份，变成 ${H} 个 KV 头的 MHA。两边都由引擎做因果注意力。`,
    outGqa: '输出：GQA（1 个 KV 头）',
    /** @param {number} h */
    outMha: (h) => `输出：MHA（K/V 复制成 ${h} 个头）`,
    /** @param {string} d */
    diff: (d) =>
      `两份输出的最大差 = ${d}（< 1e-6）：一样。GQA 正好等于组内各头共用 K/V 权重的 MHA；和这样的 MHA 比，它少存的只是重复的几份 K/V（和每个头各学各的 K/V 的 MHA 比，它是一个约束：见本课要点）。`,
    tok: 'token',
    /** @param {number} j @param {number} dv */
    outCol: (j, dv) => `头${'AB'[Math.floor(j / dv)] ?? Math.floor(j / dv) + 1}·${(j % dv) + 1}`,
  },
  en: {
    /** @param {number} H query heads */
    title: (H) => `MHA → GQA → MQA: how many K/V do ${H} query heads share?`,
    /** @param {number} H query heads */
    help: (H) =>
      `The anchor, Qwen3.8-27B, has ${H} query heads per layer. Pick the number of KV heads G (it must divide ${H}): each group of query heads shares one KV head, so the number of groups = the number of KV heads.`,
    /** @param {number} H query heads */
    legend: (H) => `KV heads G (a divisor of ${H})`,
    own: 'anchor',
    /** @param {number} H @param {number} g @param {number} per */
    groupSummary: (H, g, per) =>
      `${plural(H, 'query head')} ÷ ${plural(g, 'KV head')} = ${plural(per, 'query head')} per group; groups = KV heads = ${g}`,
    /** @param {number} i @param {number} per */
    groupLabel: (i, per) =>
      `Group ${i + 1}: KV head ${i + 1}, shared by ${per} query head${per === 1 ? '' : 's'}`,
    /** @param {number} q @param {number} g */
    qLabel: (q, g) => `query head ${q + 1} reads KV head ${g + 1}`,
    /** @param {number} H @param {number} g */
    diagramLabel: (H, g) => `Diagram of ${plural(H, 'query head')} in ${plural(g, 'group')}`,
    /** @param {number} i */
    kvBox: (i) => `KV${i + 1}`,
    perToken: 'KV cache per token',
    /** @param {string} t */
    perContext: (t) => `One request of ${t} tokens`,
    formulaHead: 'KV layers × 2 (K and V) × KV heads × head_dim × bytes per element',
    /** @param {string} b @param {string} t @param {string} r */
    ctxFormula: (b, t, r) => `${b} × ${t} = ${r}`,
    /** @param {string} p */
    relMha: (p) => `${p} of MHA`,
    /** @param {string} s @param {number} L @param {number} lin @param {number} full */
    stateNote: (s, L, lin, full) =>
      `${lin} of the anchor’s ${L} layers are linear attention: they keep a fixed-size state (${s} for the heads’ state matrices S, not counting the small state of their short convolution over the last few inputs), not a KV cache, and it does not grow with the context (see the KV ledger). Only the ${full} full-attention layers’ KV is counted above.`,
    allTitle: 'The cache for every G (computed by the engine, anchor shape)',
    colG: 'KV heads',
    colKind: 'Attention',
    colPerToken: 'Per token',
    /** @param {string} t */
    colCtx: (t) => `${t} tokens`,
    paperTitle: 'GQA paper, Table 1: quality and speed',
    reported: 'reported in the paper, not computed here',
    paperNote: `Ainslie et al. 2023 (GQA), Table 1, T5-XXL: average over seven tasks and inference time, quoted as printed (MQA and GQA-8 are uptrained from the MHA checkpoint with ${GQA_UPTRAIN_SHARE} of the pre-training compute). GQA-8 is close to MHA in quality and close to MQA in speed.`,
    colAttn: 'Attention',
    colAvg: 'Average',
    colTime: 'Inference time (s)',
    eqTitle: 'GQA is MHA with K/V copied to every head',
    /** @param {string} t @param {number} H @param {number} d */
    eqHelp: (t, H, d) =>
      `The sentence “${t}”: q has ${H} heads (${d} dims each). Left, a single KV head (head A’s K and V columns) read by both query heads (GQA, G = 1); right, those columns copied once more into MHA with ${H} KV heads. The engine runs causal attention on both.`,
    outGqa: 'Output: GQA (1 KV head)',
    /** @param {number} h */
    outMha: (h) => `Output: MHA (K/V copied to ${h} heads)`,
    /** @param {string} d */
    diff: (d) =>
      `Largest difference between the two outputs = ${d} (< 1e-6): the same. GQA is exactly an MHA whose heads in a group share K/V weights; against that MHA it drops only the duplicate copies (against an MHA with its own K/V per head it is a constraint: see the takeaway).`,
    tok: 'token',
    /** @param {number} j @param {number} dv */
    outCol: (j, dv) => `${'AB'[Math.floor(j / dv)] ?? Math.floor(j / dv) + 1}·${(j % dv) + 1}`,
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'Qwen3.8-27B with 4 KV heads (GQA-4): per token': 'Qwen3.8-27B，4 个 KV 头（GQA-4）：每 token',
  'Qwen3.8-27B with 4 KV heads (GQA-4): at 262,144 tokens':
    'Qwen3.8-27B，4 个 KV 头（GQA-4）：262,144 token',
  'Qwen3.8-27B with 24 KV heads (MHA): per token': 'Qwen3.8-27B，24 个 KV 头（MHA）：每 token',
  'Qwen3.8-27B with 24 KV heads (MHA): at 262,144 tokens':
    'Qwen3.8-27B，24 个 KV 头（MHA）：262,144 token',
  'Qwen3.8-27B with 1 KV head (MQA): per token': 'Qwen3.8-27B，1 个 KV 头（MQA）：每 token',
  'Qwen3.8-27B with 1 KV head (MQA): at 262,144 tokens':
    'Qwen3.8-27B，1 个 KV 头（MQA）：262,144 token',
  'Qwen3.8-27B GQA-4 per token, exact': 'Qwen3.8-27B GQA-4 每 token，精确字节',
  'zh-gift: GQA (2 Q heads, 1 KV head) = MHA with the KV head copied, max |Δ output|':
    '「小明把苹果给了小王」：GQA（2 个 Q 头、1 个 KV 头）= 把 KV 头复制一份的 MHA，max |Δ 输出|',
};
