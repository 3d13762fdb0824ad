// Every string <attn-kv-ledger> shows, in both languages (a pasted config.json's errors and notes
// come from web/model-files/hf-config.js and ledger-model.js, config.json → an entry, in both too).
/** @import { CourseModel } from '../../web/course-data.js' */
import { PRESETS } from './logic.js';
import { tokensText } from './views/format.js';

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: 'KV 账本：一条请求要存多少 K、V',
    help: '选模型和上下文长度。同一个模型形状分别按 MHA、GQA、MQA（和 MLA）存 K/V，每个字节数都由引擎的账本现算。',
    model: '模型',
    context: '上下文长度（token）',
    presets: '常用长度',
    slider: '上下文长度（按 2 的幂）',
    pasted: '粘贴',
    onlyReported: '只有官方报告的每 token 字节数，没有可现算的 config，请选别的模型',
    ctxError: (/** @type {string} */ lo, /** @type {string} */ hi) =>
      `上下文长度要是 ${lo} 到 ${hi} 之间的整数`,
    shape: (/** @type {CourseModel & { attention: NonNullable<CourseModel['attention']> }} */ m) =>
      `${m.name}：${m.layers} 层` +
      (m.linearAttention
        ? `，其中 ${m.fullAttentionLayers ?? m.layers} 层全注意力存 KV、${m.linearAttention.layers} 层线性注意力`
        : '') +
      (m.attention.kind === 'mla'
        ? `；${m.attention.nHeads} 个 Q 头；MLA 每层存 ${m.attention.kvLoraRank} 维潜向量 + ${m.attention.ropeDim} 维 RoPE`
        : `；${m.attention.nHeads} 个 Q 头 × ${m.attention.headDim} 维，${m.attention.nKvHeads} 个 KV 头`) +
      `；每元素 ${m.dtypeBytes} B`,
    formulaKv: '每 token = 存 KV 的层数 × 2（K 和 V）× KV 头数 × head_dim × 每元素字节',
    formulaMla: 'MLA 每 token = 存 KV 的层数 × (kv_lora_rank + rope_dim) × 每元素字节',
    chartTitle: (/** @type {string} */ t) =>
      `一条 ${t} token 的请求要存的字节（对数坐标，每格 ×1024）`,
    chartLabel: (/** @type {string} */ t) =>
      `各种注意力在 ${t} token 时每条请求的 KV 字节，对数坐标`,
    stateLabel: '线性层状态',
    legend: '★ 本模型实际用的注意力；橙色斜纹：线性注意力层的固定状态，上下文再长也不变。',
    legendPlain: '★ 本模型实际用的注意力。',
    variantsTitle: '逐项算账',
    kvHeads: (/** @type {number} */ g) => `${g} 个 KV 头`,
    mlaHeads: '潜向量 + RoPE 键',
    own: '本模型实际用的',
    perToken: '每 token',
    perRequest: (/** @type {string} */ t) => `每条请求（${t} token）`,
    plusState: '加上固定状态，合计',
    stateTitle: (/** @type {number} */ n) => `${n} 层线性注意力的固定状态（状态矩阵 S）`,
    stateBody: (
      /** @type {number} */ n,
      /** @type {number} */ h,
      /** @type {number} */ k,
      /** @type {number} */ v,
      /** @type {number} */ dt,
      /** @type {string} */ name,
    ) => `${n} 层 × ${h} 个 V 头 × ${k} × ${v} × ${dt} B（${name}）`,
    stateNote: `与上下文长度无关：上下文从 ${tokensText(PRESETS[0])} 拉到 ${tokensText(PRESETS[PRESETS.length - 1])}，这一项一个字节都不变。这里只算各头的状态矩阵 S，不算这些层对最近几个输入做的短卷积存下的那一小份固定状态。`,
    compareTitle: '各模型自己的注意力，每 token',
    colModel: '模型（注意力）',
    colPerToken: '每 token 的 KV 字节',
    reportedShort: '官方数字照录，不是由 config 算出',
    reported: '官方报告值，非现算',
    reportedNote: (/** @type {string} */ name, /** @type {string} */ b) =>
      `${name} 没有可现算的 config：${b}/token 是官方模型卡 / 技术报告给出的数字（已算上 KV 跨层复用和 FP4 存储带来的节省），这里只照录，不是引擎算出来的。`,
    v2Title: 'DeepSeek-V2 每 token 的 KV cache 字节，和两个基准比',
    moreModels: (/** @type {number} */ n, /** @type {number} */ rest) =>
      `全部 ${n} 个模型：再显示其余 ${rest} 个`,
    v2vs67: (/** @type {string} */ cmp) => `对比 DeepSeek LLM 67B（都按 BF16）：${cmp}`,
    v2vsMha: (/** @type {string} */ f, /** @type {string} */ cmp) =>
      `对比同一个模型改用 MHA（${f}）：${cmp}`,
    /**
     * @param {string} reported
     * @param {string} bits
     * @param {string} r67
     * @param {number} v2Layers
     * @param {number} d67Layers
     * @param {string} rLayer
     */
    v2Note: (reported, bits, r67, v2Layers, d67Layers, rLayer) =>
      `官方说的「KV ${reported}」也是相对 67B，但它还把 KV 量化到了约 ${bits} bit。只看 BF16，DeepSeek-V2 比 DeepSeek 67B 少存 ${r67.replace('−', '')}，但这是两个不同的模型（${v2Layers} 层对 ${d67Layers} 层）；按每层算，MLA 比 67B 的 GQA-8 少存 ${rLayer.replace('−', '')}。`,
    pasteTitle: '粘贴 Hugging Face 的 config.json，加一行',
    pasteLabel: 'config.json 的内容',
    pasteAdd: '加入账本',
    pasteAdded: (/** @type {string} */ n) => `已加入「${n}」，并已选中。`,
    mqaUndercut: (/** @type {string} */ mqa, /** @type {string} */ mla) =>
      `这里 MQA（${mqa}）比 MLA（${mla}）还小：MQA 让所有头共用同一份 K/V，MLA 的潜向量却能给每个头各自的 K/V（展开，或把 K 的展开矩阵吸收进查询投影、V 的展开矩阵吸收进输出投影），质量上，DeepSeek-V2 自己的消融实验里 MLA 比 MHA 还好，MHA 又好于 MQA（DeepSeek-V2 报告 §2.1.4 表 1 与附录 D）。`,
    overLimit: (/** @type {string} */ name, /** @type {string} */ t, /** @type {string} */ limit) =>
      `${t} token 超过了 ${name} 的上下文上限 ${limit} token：模型本身处理不了这么长的请求，下面的字节数只是按公式算的超出上下文的估算。`,
    windowNote: (/** @type {string} */ w) =>
      `滑动窗口：这个模型每层只看最近 ${w} 个 token，缓存是一个滚动缓冲区，每层最多存 ${w} 个 token。`,
    windowed: (/** @type {string} */ t, /** @type {string} */ w) =>
      `${t} token 的请求，每层只存最近 ${w} 个`,
  },
  en: {
    title: 'The KV ledger: how many K/V bytes one request keeps',
    help: 'Pick a model and a context length. The same model shape stores K/V as MHA, GQA, MQA (and MLA); every byte count comes from the engine’s ledger.',
    model: 'Model',
    context: 'Context length (tokens)',
    presets: 'Presets',
    slider: 'Context length (powers of 2)',
    pasted: 'pasted',
    onlyReported:
      'only an officially reported bytes-per-token figure, no config to compute from; pick another model',
    ctxError: (/** @type {string} */ lo, /** @type {string} */ hi) =>
      `The context length must be a whole number from ${lo} to ${hi}`,
    shape: (/** @type {CourseModel & { attention: NonNullable<CourseModel['attention']> }} */ m) =>
      `${m.name}: ${m.layers} layers` +
      (m.linearAttention
        ? `, ${m.fullAttentionLayers ?? m.layers} full-attention layers keep KV, ${m.linearAttention.layers} are linear attention`
        : '') +
      (m.attention.kind === 'mla'
        ? `; ${m.attention.nHeads} query heads; MLA stores a ${m.attention.kvLoraRank}-dim latent + ${m.attention.ropeDim} RoPE dims per layer`
        : `; ${m.attention.nHeads} query heads × ${m.attention.headDim} dims, ${m.attention.nKvHeads} KV heads`) +
      `; ${m.dtypeBytes} B per element`,
    formulaKv: 'per token = KV layers × 2 (K and V) × KV heads × head_dim × bytes per element',
    formulaMla: 'MLA per token = KV layers × (kv_lora_rank + rope_dim) × bytes per element',
    chartTitle: (/** @type {string} */ t) =>
      `Bytes one request of ${t} tokens keeps (log scale, ×1024 per gridline)`,
    chartLabel: (/** @type {string} */ t) =>
      `KV bytes per request at ${t} tokens for each attention variant, log scale`,
    stateLabel: 'Linear state',
    legend:
      '★ this model’s own attention; orange stripes: the linear-attention layers’ fixed state, the same at every context length.',
    legendPlain: '★ this model’s own attention.',
    variantsTitle: 'The ledger, line by line',
    kvHeads: (/** @type {number} */ g) => `${g} KV head${g === 1 ? '' : 's'}`,
    mlaHeads: 'latent + RoPE key',
    own: 'this model’s own',
    perToken: 'per token',
    perRequest: (/** @type {string} */ t) => `per request (${t} tokens)`,
    plusState: 'plus the fixed state, in total',
    stateTitle: (/** @type {number} */ n) =>
      `Fixed state of the ${n} linear-attention layers (the state matrices S)`,
    stateBody: (
      /** @type {number} */ n,
      /** @type {number} */ h,
      /** @type {number} */ k,
      /** @type {number} */ v,
      /** @type {number} */ dt,
      /** @type {string} */ name,
    ) => `${n} layers × ${h} value heads × ${k} × ${v} × ${dt} B (${name})`,
    stateNote: `Independent of the context: from ${tokensText(PRESETS[0])} to ${tokensText(PRESETS[PRESETS.length - 1])} tokens this line does not change by a byte. It counts the heads’ state matrices S only, not the small fixed state of these layers’ short convolution over the last few inputs.`,
    compareTitle: 'Each model’s own attention, per token',
    colModel: 'Model (attention)',
    colPerToken: 'KV bytes per token',
    reportedShort: 'quoted from the official report, not computed from a config',
    reported: 'officially reported, not computed',
    reportedNote: (/** @type {string} */ name, /** @type {string} */ b) =>
      `${name} has no config to compute from: ${b}/token is the figure its official model card / technical report gives (already reduced by sharing KV across layers and storing it in FP4). It is quoted here, not computed by the engine.`,
    v2Title: 'DeepSeek-V2’s KV-cache bytes per token against two baselines',
    moreModels: (/** @type {number} */ n, /** @type {number} */ rest) =>
      `All ${n} models: show the other ${rest}`,
    v2vs67: (/** @type {string} */ cmp) => `Against DeepSeek LLM 67B (both BF16): ${cmp}`,
    v2vsMha: (/** @type {string} */ f, /** @type {string} */ cmp) =>
      `Against V2 built with MHA (${f}): ${cmp}`,
    /**
     * @param {string} reported
     * @param {string} bits
     * @param {string} r67
     * @param {number} v2Layers
     * @param {number} d67Layers
     * @param {string} rLayer
     */
    v2Note: (reported, bits, r67, v2Layers, d67Layers, rLayer) =>
      `The official “KV ${reported}” is also against 67B, but it includes quantising the KV cache to about ${bits} bits. In BF16, DeepSeek-V2 keeps ${r67.replace('−', '')} less than DeepSeek 67B, but they are different models (${v2Layers} against ${d67Layers} layers); per layer, MLA keeps ${rLayer.replace('−', '')} less than 67B’s GQA-8.`,
    pasteTitle: 'Paste a Hugging Face config.json to add a row',
    pasteLabel: 'Contents of config.json',
    pasteAdd: 'Add to the ledger',
    pasteAdded: (/** @type {string} */ n) => `Added “${n}” and selected it.`,
    mqaUndercut: (/** @type {string} */ mqa, /** @type {string} */ mla) =>
      `Here MQA (${mqa}) is smaller than MLA (${mla}): MQA makes every head share one K/V, while MLA’s latent still gives each head its own K/V (expanded, or with K’s expansion matrix absorbed into the query projection and V’s into the output projection), and in quality DeepSeek-V2’s own ablations found MLA stronger than MHA, and MHA stronger than MQA (DeepSeek-V2 report, §2.1.4 with Table 1, and appendix D).`,
    overLimit: (/** @type {string} */ name, /** @type {string} */ t, /** @type {string} */ limit) =>
      `${t} tokens is past ${name}’s context limit of ${limit} tokens: the model itself cannot take a request this long, and the bytes below are only a beyond-context estimate from the formula.`,
    windowNote: (/** @type {string} */ w) =>
      `Sliding window: every layer of this model attends only to the last ${w} tokens, so its cache is a rolling buffer holding at most ${w} tokens per layer.`,
    windowed: (/** @type {string} */ t, /** @type {string} */ w) =>
      `a ${t}-token request keeps only the last ${w} per layer`,
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'Qwen3.8-27B as MHA, per token': 'Qwen3.8-27B 改用 MHA，每 token',
  'Qwen3.8-27B as MHA, KV at 262,144 tokens': 'Qwen3.8-27B 改用 MHA，262,144 token 的 KV',
  'Qwen3.8-27B as MQA, per token': 'Qwen3.8-27B 改用 MQA，每 token',
  'Qwen3.8-27B as MQA, KV at 262,144 tokens': 'Qwen3.8-27B 改用 MQA，262,144 token 的 KV',
  'Qwen3.8-27B as GQA-4, per token': 'Qwen3.8-27B 用 GQA-4，每 token',
  'Qwen3.8-27B as GQA-4, KV at 262,144 tokens': 'Qwen3.8-27B 用 GQA-4，262,144 token 的 KV',
  'Qwen3.8-27B linear-attention state at 4,096 / 262,144 / 1,048,576 tokens':
    'Qwen3.8-27B 线性注意力状态，4,096 / 262,144 / 1,048,576 token',
  'DeepSeek LLM 67B (GQA-8), per token': 'DeepSeek LLM 67B（GQA-8），每 token',
  'DeepSeek LLM 67B as MHA, per token': 'DeepSeek LLM 67B 改用 MHA，每 token',
  'DeepSeek LLM 67B at 1,048,576 tokens': 'DeepSeek LLM 67B，1,048,576 token',
  'DeepSeek-V2 (MLA), per token': 'DeepSeek-V2（MLA），每 token',
  'DeepSeek-V3 (MLA), per token': 'DeepSeek-V3（MLA），每 token',
  'DeepSeek-V2 vs DeepSeek LLM 67B (BF16)': 'DeepSeek-V2 对 DeepSeek LLM 67B（BF16）',
  'DeepSeek-V2 vs the same model built with MHA': 'DeepSeek-V2 对同一个模型改用 MHA',
  'GLM-5.3 (MLA), per token': 'GLM-5.3（MLA），每 token',
  'GLM-5.3 at 1,048,576 tokens': 'GLM-5.3，1,048,576 token',
  'GLM-5.3 built with MHA (q/k 192 + 64 = 256, v 256), per token':
    'GLM-5.3 改用 MHA（q/k 192 + 64 = 256，v 256），每 token',
  'Mistral 7B at 32,768 tokens (4,096-token sliding window)':
    'Mistral 7B，32,768 token（滑动窗口 4,096 token）',
  'DeepSeek-V4.1-Flash, officially reported per token':
    'DeepSeek-V4.1-Flash，官方报告的每 token 字节',
};

/**
 * A pasted config.json's notes and errors of the ledger's own (ledger-model.js; the reader's own
 * are web/model-files/hf-config.js's), each in English and Chinese: a note is shown in the page's
 * language, an error message carries both. `[en, zh]` pairs follow the field's name and value.
 * @satisfies {Record<string, any>}
 */
export const CONFIG_TEXT = {
  kvBytes: { purposeEn: 'KV bytes', purposeZh: ' KV 缓存字节数' },
  linearState: { purposeEn: 'the linear-attention state size', purposeZh: '线性注意力状态大小' },
  noDtype: {
    en: 'config.json has no torch_dtype: assumed BF16, 2 B per element (the course convention).',
    zh: 'config.json 没有给 torch_dtype：按课程口径 BF16，每元素 2 字节。',
  },
  /** @type {[string, string]} */
  unknownDtype: [
    'is not a dtype we know (float32, float16, bfloat16, float8_*)',
    '不是已知的数据类型（float32、float16、bfloat16、float8_*）',
  ],
  dtypeNote: (/** @type {unknown} */ dtype, /** @type {number} */ b) => ({
    en: `torch_dtype ${dtype}: ${b} B per cached element.`,
    zh: `torch_dtype 为 ${dtype}：每个缓存元素 ${b} 字节。`,
  }),
  /** @returns {[string, string]} */
  layerTypesCount: (/** @type {number} */ layers) => [
    `must have one entry per layer (num_hidden_layers = ${layers})`,
    `必须每层一项（层数 = ${layers}）`,
  ],
  /** @type {[string, string]} */
  layerTypesUnknown: [
    'has layer types we cannot size (expected full_attention, linear_attention, sliding_attention)',
    '含有无法计算大小的层类型（应为 full_attention、linear_attention、sliding_attention）',
  ],
  slidingNote: (/** @type {number} */ n) => ({
    en: `${n} sliding_attention layers counted as full attention (an upper bound).`,
    zh: `${n} 个滑动窗口层按全注意力计（上界）。`,
  }),
  /** @returns {[string, string]} */
  hiddenNotDivisible: (/** @type {string} */ headsKey, /** @type {number} */ nHeads) => [
    `is not divisible by ${headsKey} = ${nHeads}, and there is no "head_dim"`,
    `不能被 ${headsKey} = ${nHeads} 整除，又没有 "head_dim"`,
  ],
  /** @returns {[string, string]} */
  kvHeadsDivide: (/** @type {string} */ headsKey, /** @type {number} */ nHeads) => [
    `must divide ${headsKey} = ${nHeads} (each KV head serves a whole group of query heads)`,
    `必须整除 ${headsKey} = ${nHeads}（每个 KV 头服务整数个 Q 头）`,
  ],
  /** @type {[string, string]} */
  stateDtype: ['is not float32, bfloat16 or float16', '不是 float32、bfloat16 或 float16'],
};
