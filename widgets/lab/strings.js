// Every string <attn-lab> shows, in both languages (the formulas are MathML trees built here:
// the sink statistic, the next-token softmax, the state norm and the delta rule; the fan-out
// diagram's own strings are spread in from web/views/fan-out-arcs.js).
/** @import { LabConfig } from '../../web/attn-engine.js' */
/** @import { MathChild } from '../../web/mathml.js' */
import { FAN_OUT_STRINGS } from '../../web/views/fan-out-arcs.js';
import { line, row, sub, sup, frac, sqrt, sum, paren } from '../../web/mathml.js';
import { weightMath } from '../../web/formulas.js';
import { DATA_SCRIPT } from './logic.js';
import { plural } from '../../web/plural.js';

/** ‖S‖ = √(Σ_{i,j} S_{i,j}²) */
const STATE_NORM_MATH = row(
  '‖S‖',
  '=',
  sqrt(sum(row('i', ',', 'j')), sup(sub('S', row('i', ',', 'j')), 2)),
);
/** S_t = g_t S_{t−1} + β_t k̂_tᵀ (v_t − g_t k̂_t S_{t−1}) */
const DELTA_RULE_MATH = row(
  sub('S', 't'),
  '=',
  sub('g', 't'),
  sub('S', row('t', '−', 1)),
  '+',
  sub('β', 't'),
  sup(sub('k̂', 't'), 'T'),
  paren(sub('v', 't'), '−', sub('g', 't'), sub('k̂', 't'), sub('S', row('t', '−', 1))),
);

/** w_{i,j}: the weight row i gives key j. @param {MathChild} i @param {MathChild} j */
const weightOf = (i, j) => sub('w', row(i, ',', j));
/** p(c) = softmax(z)_c = e^{z_c} / Σ_v e^{z_v} */
const NEXT_TOKEN_MATH = row(
  'p',
  paren('c'),
  '=',
  sub(row('softmax', paren('z')), 'c'),
  '=',
  frac(sup('e', sub('z', 'c')), row(sum('v'), sup('e', sub('z', 'v')))),
);
/**
 * sink = 1/(T−1) Σ_{i=1}^{T−1} w_{i,0} = 1/(T−1) (terms) = share, terms the column's numbers
 * as shown (or "…"), in the top-level row so that the line may wrap between them.
 * @param {number} T
 * @param {string[]} terms
 * @param {string} share
 */
const sinkMath = (T, terms, share) =>
  row(
    'sink',
    '=',
    frac(1, T - 1),
    sum(row('i', '=', 1), T - 1),
    weightOf('i', 0),
    '=',
    frac(1, T - 1),
    '(',
    ...terms.flatMap((x, k) => (k ? ['+', x] : [x])),
    ')',
    '=',
    share,
  );

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    ...FAN_OUT_STRINGS['zh-CN'],
    title: '实验课：我们自己训练的模型里的注意力',
    help: '这不是手工构造的教学向量：下面每个数都是引擎在你的浏览器里跑我们自己从 0 训练的小模型现算出来的。改一个字，按「运行」（或回车），整张图重算。',
    aboutModel: '关于这个模型',
    run: '运行',
    appendRun: '接上预测再运行',
    stale: '提示已改：按「运行」或回车，让模型跑这一句。',
    predictedTag: '预测',
    /** @param {string} c @param {string} p */
    predictedChip: (c, p) => `预测的下一个字「${c}」，概率 ${p}`,
    /** @param {number} T @param {string} last @param {number} i @param {string} c */
    passCaption: (T, last, i, c) =>
      `热力图和扇出图就是产生这个预测的那一次前向传播：${T} 个 token（<bos> 到「${last}」），一行一个查询。预测「${c}」出自最后一行（查询「${last}」，位置 ${i}）；它自己还不是一行，按「接上预测再运行」把它作为位置 ${T} 喂进去。`,
    /** @param {number} l @param {number} hd */
    farHead: (l, hd) => `看一个远处的键胜过邻居的头：第 ${l} 层头 ${hd}`,
    /**
     * @param {LabConfig} c
     * @param {number[]} full
     * @param {string} p
     * @param {string} v
     * @param {string} u
     */
    facts: (c, full, p, v, u) =>
      `字符级的混合架构解码器：${c.nLayers} 层，d_model ${c.dModel}。其中 ${c.fullLayers} 层（第 ${full.join('、')} 层）是完整的 softmax 自注意力：${c.nHeads} 个 Q 头共用 ${c.nKvHeads} 个 KV 头（每头 ${c.dHead} 维），QK-Norm、RoPE、输出门；其余 ${c.linearLayers} 层是线性注意力（GatedDeltaNet，${c.linearHeads} 个头，每头维护一份 ${c.linearHeadDim} × ${c.linearHeadDim} 的固定大小状态 S，每层再留短卷积最近 ${c.convKernel - 1} 个输入），线性层与全注意力层之比 ${c.linearLayers} : ${c.fullLayers}，和锚点模型的比例相同。上下文 ${c.context}，词表 ${c.vocab}（<bos>、<unk> 和 ${c.vocab - 2} 个字）；${p} 个参数。验证集 ${v} nats/字（只按字频猜是 ${u}）。`,
    aboutTrained: '关于这个模型：你自己训练的',
    /**
     * @param {LabConfig} c
     * @param {number} steps
     * @param {number} seed
     * @param {string} p
     * @param {string} v
     * @param {string} u
     */
    trainedFacts: (c, steps, seed, p, v, u) =>
      `这是你在「自己训练它」一页里训练的模型：${c.nLayers} 层（${c.fullLayers} 层全注意力、${c.linearLayers} 层线性），${c.nHeads} 个 Q 头共用 ${c.nKvHeads} 个 KV 头，d_model ${c.dModel}，上下文 ${c.context}，词表 ${c.vocab}；${p} 个参数，种子 ${seed}，训练了 ${steps} 步。最后一个快照的验证集 ${v} nats/字（只按字频猜是 ${u}）。下面的句子、热力图和模式都用它现算；两张消融表仍是课程模型的。`,
    noTrained:
      '没有找到你训练的模型（在「自己训练它」一页按「在实验课里打开」），这里显示课程的模型。',
    checksOfCourse: '这些自检用的是课程的模型：引擎现算的数和原生训练器导出的数逐一比较。',
    checksOfCourseNotYours:
      '这些自检用的是课程的模型，不是你训练的模型：你的模型没有原生导出可比，所以这里核对的是引擎本身。',
    noData: `这一页缺少实验课的数据：请在 attn-widgets.js 之后加上 <script src="${DATA_SCRIPT}"></script>。`,
    loadingData: `正在等待 ${DATA_SCRIPT}（实验课的模型和数据）…`,
    promptLabel: '输入一句话',
    reset: '恢复默认句子',
    /** @param {number} n @param {number} c */
    maxLen: (n, c) => `最多 ${n} 个字（上下文 ${c} 个 token，含开头的 <bos>）。`,
    /** @param {number} t */
    tokensTitle: (t) => `模型看到的 ${t} 个 token（每个字一个，开头加 <bos>）`,
    /** @param {string} chars @param {number} v */
    unk: (chars, v) => `${chars} 不在模型的 ${v} 个字里，变成 <unk>。`,
    /** @param {string} p */
    topTitle: (p) => `下一个字：「${p}」之后最可能是`,
    /** @param {number} V */
    topFormula: (V) =>
      line(NEXT_TOKEN_MATH, `，对全部 ${V} 个 token 求和；z 是最后一个位置的 logits`),
    /** @param {string} z */
    logit: (z) => `z = ${z}`,
    genTitle: '贪心生成（全注意力层用 KV cache，线性层用状态）',
    steps: '生成几步',
    /** @param {number} T @param {number} n */
    genFormula: (T, n) =>
      `先把 ${T} 个 token 一次喂进去（prefill），之后每一步只喂 1 个新 token、取 argmax；全注意力层从 KV cache 读前面所有 token 的 K、V，线性层只带着它固定大小的状态往下走，都不重算。共 ${n} 步。`,
    /** @param {string} f @param {number} n */
    cacheLine: (f, n) =>
      `这个模型每个 token 缓存的 K、V（引擎的账本，和全课一样按 BF16 计）：只有 ${n} 个全注意力层缓存，${f}`,
    /**
     * @param {number} L linear layers
     * @param {number} T tokens of the request
     * @param {string} state their whole state
     * @param {string} s the S part as a product
     * @param {string} conv the convolution's part
     * @param {number} K the convolution's width
     * @param {string} total
     */
    ledgerRow: (L, T, state, s, conv, K, total) =>
      `再加 ${L} 个线性层固定的状态 ${state}（float32，与长度无关）：状态 S 是 ${s}，短卷积最近 ${K - 1} 个输入是 ${conv}。${T} 个 token 的一条请求共 ${total}。`,
    /** @param {number} c */
    noRoom: (c) => `提示已经占满上下文 ${c}，没有位置再生成。`,
    heatTitle: '逐层逐头的注意力',
    layer: '层',
    head: '头',
    /**
     * @param {number} l
     * @param {number} hd
     * @param {number} g
     * @param {number} H
     * @param {number} G
     */
    headOf: (l, hd, g, H, G) =>
      `第 ${l} 层（全注意力）· 头 ${hd}（读 KV 头 ${g}：${H} 个 Q 头分 ${G} 组共用）`,
    /** @param {number} l @param {number} Hl */
    linearOf: (l, Hl) => `第 ${l} 层（线性注意力，GatedDeltaNet）· ${Hl} 个头`,
    linearNote:
      '这一层是线性注意力（GatedDeltaNet）：它不输出 softmax 注意力矩阵，所以这里没有热力图。它不对所有过去的 token 做注意力，而是维护一份固定大小的滚动状态 S：每来一个 token，S 先按门控衰减，再按增量规则写入这个 token 的 k、v。',
    /**
     * @param {string} b
     * @param {number} Hl
     * @param {number} d
     * @param {string} conv
     * @param {number} K
     */
    stateSize: (b, Hl, d, conv, K) =>
      `状态大小：每个头一个 ${d} × ${d} 的 S（float32），${Hl} 个头，再加短卷积最近 ${K - 1} 个输入 ${conv}，共 ${b}——输入的句子多长都是这么多。`,
    /** @param {number} l */
    stateTitle: (l) => `第 ${l} 层各头的 ‖S‖：读完每个 token 之后的状态有多大`,
    /** @param {number} l @param {string} rows */
    stateChart: (l, rows) => `第 ${l} 层各头 ‖S‖ 随 token 增长：${rows}`,
    stateX: 'token 位置',
    stateY: '‖S‖',
    stateFormula: line(
      STATE_NORM_MATH,
      '；',
      DELTA_RULE_MATH,
      '，g、β 由输入算出，k̂ 是 L2 归一化后的 k（引擎的 gdn_step）',
    ),
    /** @param {number} l */
    sinkLinear: (l) => `第 ${l} 层是线性层：没有 softmax，也就没有 sink。表里只有全注意力层。`,
    /** @param {number} l @param {number} hd */
    heatCaption: (l, hd) => `第 ${l} 层头 ${hd} 的注意力权重`,
    /** @param {number} d */
    heatFormula: (d) =>
      line(weightMath(d), '，q、k 先过 QK-Norm 和 RoPE；因果掩码下 j > i 恰为 0，每行和为 1'),
    /** @param {string} q @param {number} i @param {string} k @param {number} j @param {string} w */
    readout: (q, i, k, j, w) => `「${q}」（位置 ${i}）看「${k}」（位置 ${j}）：${w}`,
    future: '未来，被掩码遮住',
    sinkTitle: 'attention sink：每个头放在第一个 token（<bos>）上的注意力',
    sinkHelp:
      '每格是一个头（行 = 层，列 = 头），数是这个头放在 <bos> 上的注意力份额，越大颜色越亮。点格子（或方向键）在上面的热力图里看这个头。',
    'sinkHelp:touch':
      '每格是一个头（行 = 层，列 = 头），数是这个头放在 <bos> 上的注意力份额，越大颜色越亮。点格子，在上面的热力图里看这个头。',
    /** @param {number} T @param {string} u */
    sinkUniform: (T, u) =>
      `均匀地看（每一行把权重平分给它能看的所有键）时，这 ${T} 个 token 上 <bos> 也会分到 ${u}（对第 1 … T−1 行平均 1/(i+1)）。明显高于这个水平的头，平均来看把注意力「倒」在 <bos> 上（attention sink）；接近它的头平均看不出 sink，但个别行仍可能倒在 <bos> 上，其余的权重也不一定是平分的。`,
    /** @param {number} l @param {number} hd @param {string} p */
    sinkCell: (l, hd, p) => `第 ${l} 层头 ${hd}：sink ${p}`,
    /**
     * @param {number} l
     * @param {number} hd
     * @param {number} T
     * @param {string[]} terms
     * @param {string} p
     */
    sinkFormula: (l, hd, T, terms, p) => line(`第 ${l} 层头 ${hd}：`, sinkMath(T, terms, p)),
    needTwo: '至少输入一个字，才有第二个位置可以统计。',
    patTitle: '按模式比较各个头',
    patHelp:
      '每个头的注意力（对位置 1 … T−1 取平均）分四份：看前一个字、看开头 <bos>、看自己、看其余（内容）。',
    patFormula: line(
      '第 i 行：开头 = ',
      weightOf('i', 0),
      '；前一个 = ',
      weightOf('i', row('i', '−', 1)),
      '（i−1 ≥ 1）；自己 = ',
      weightOf('i', 'i'),
      '；其余 = 剩下的和。四份相加 = 1（engine.headPatterns）',
    ),
    sort: '排序',
    sortBy: {
      order: '按层、头',
      previousToken: '前一个字 ↓',
      firstToken: '开头 <bos> ↓',
      diagonal: '自己 ↓',
      other: '其余（内容）↓',
    },
    parts: {
      previousToken: '前一个字',
      firstToken: '开头 <bos>',
      diagonal: '自己',
      other: '其余（内容）',
    },
    headCol: '头',
    barCol: '构成',
    /** @param {number} l @param {number} hd */
    headName: (l, hd) => `L${l} H${hd}`,
    /** @param {number} l @param {number} hd */
    showHead: (l, hd) => `L${l} H${hd}：在热力图里看第 ${l} 层头 ${hd}`,
    /** @param {number} a @param {number} n */
    mixes: (a, n) =>
      `${n} 个头里有 ${a} 个把一半以上的注意力放在同一种模式上，另外 ${n - a} 个没有一种模式过半，是几种模式的混合。`,
    mostMixed: '多数头说不出一个干净的名字：一个头往往是几种模式的混合，下面这张表就是证据。',
    /** @param {string} heads e.g. 8 / 4 / 2 / 1 */
    ablTitle: (heads) => `KV 头数消融：${heads} 个 KV 头`,
    /** @param {number} s @param {number} b */
    ablHelp: (s, b) =>
      `每次都训练同一个模型：实验课早先那个每层都是全注意力的模型（不是上面的混合模型），除 KV 头数（MHA → GQA → MQA）外完全相同，同样 ${s} 步。只跑了一个随机种子（seed ${b}），没有误差条：差几个百分之一只能当趋势看，不是测量结果。`,
    /** @param {string} rows */
    ablChart: (rows) => `验证 loss 与每 token KV 字节：${rows}`,
    xAxis: '每 token 的 KV 字节（BF16，对数刻度）',
    yAxis: '验证 loss',
    kvHeads: 'KV 头',
    kind: '类型',
    kvBytes: '每 token KV（BF16）',
    valid: '验证 loss',
    train: '训练 loss',
    params: '参数量',
    /** @param {number} layers */
    shipped: (layers) =>
      `这项消融跑在一个更早的 ${layers} 层、层层全注意力的实验模型上，不是上面这个混合模型；它只比较 KV 头数。`,
    /** @param {string} u */
    ablNote: (u) =>
      `loss 单位 nats/字；只按字频猜是 ${u}。这些短训练的 loss 高于上面的模型（它训练了更多步）。它们和上面的模型一样，用课程模型的文本训练（fortunes-zh 的格言、唐诗、宋词三个文件，加生成的小故事），在全部留出文本上算 loss；「自己训练它」一页用的是更小、更好猜的文本（没有格言那个文件，小故事也少），只在一份留出样本上算，所以那里的 loss 和一元基线都更低：两页的数不能直接比。`,
    hybTitle: '混合架构消融：线性层 + 全注意力 vs 全部全注意力',
    /**
     * @param {number} s steps @param {number} b seed @param {number} L layers
     * @param {number} every one full layer in this many @param {number} ctx context
     */
    hybHelp: (s, b, L, every, ctx) =>
      `同样的 ${L} 层、差不多的参数量、同样的 ${s} 步训练：一个是本课的混合模型（每 ${every} 层 1 层全注意力），一个把 ${L} 层都换成全注意力。只跑了一个随机种子（seed ${b}），没有误差条。字节数来自引擎的账本：全注意力层的 K、V 每 token 一份，线性层只有固定的状态。模型上下文只有 ${ctx}，更长的请求是同一笔账。`,
    hybModel: '模型',
    /** @param {number} lin @param {number} full */
    hybNames: (lin, full) => ({
      hybrid: `混合（${lin} 线性 + ${full} 全）`,
      'all-full': `全部全注意力（${lin + full} 层）`,
    }),
    kvPerToken: '每 token KV（BF16）',
    stateCol: '固定状态（float32）',
    /** @param {string} t */
    request: (t) => `一条 ${t} token 请求`,
  },
  en: {
    ...FAN_OUT_STRINGS.en,
    title: 'Lab: attention inside a model we trained ourselves',
    help: 'No hand-made teaching vectors here: every number below is computed in your browser by the engine running a small model this project trained from zero. Change a character, press Run (or Enter), and everything is recomputed.',
    aboutModel: 'About this model',
    run: 'Run',
    appendRun: 'Append it and run',
    stale: 'Edited: press Run (or Enter) to run the model on it.',
    predictedTag: 'next',
    /** @param {string} c @param {string} p */
    predictedChip: (c, p) => `predicted next character ${c}, probability ${p}`,
    /** @param {number} T @param {string} last @param {number} i @param {string} c */
    passCaption: (T, last, i, c) =>
      `The heatmap and the arcs are the very forward pass that produced this prediction: ${T} tokens (<bos> to ${last}), one row per query. The prediction ${c} comes out of the last row (query ${last}, position ${i}); it is not a row itself yet: "Append it and run" feeds it in as position ${T}.`,
    /** @param {number} l @param {number} hd */
    farHead: (l, hd) => `Show a head where a far key beats the neighbour: layer ${l}, head ${hd}`,
    /**
     * @param {LabConfig} c
     * @param {number[]} full
     * @param {string} p
     * @param {string} v
     * @param {string} u
     */
    facts: (c, full, p, v, u) =>
      `A character-level hybrid decoder: ${c.nLayers} layers, d_model ${c.dModel}. ${c.fullLayers} of them (layers ${full.join(' and ')}) are full softmax self-attention: ${c.nHeads} query heads sharing ${plural(c.nKvHeads, 'KV head')} (${c.dHead} dims each), QK-norm, RoPE, output gate; the other ${c.linearLayers} are linear attention (GatedDeltaNet, ${c.linearHeads} heads, each keeping a fixed-size ${c.linearHeadDim} × ${c.linearHeadDim} state S, and each layer its short convolution’s last ${c.convKernel - 1} inputs), linear to full ${c.linearLayers} : ${c.fullLayers}, the anchor model’s ratio. Context ${c.context}, vocabulary ${c.vocab} (<bos>, <unk> and ${c.vocab - 2} characters); ${p} parameters. Validation ${v} nats per character (guessing by character frequency: ${u}).`,
    aboutTrained: 'About this model: the one you trained',
    /**
     * @param {LabConfig} c
     * @param {number} steps
     * @param {number} seed
     * @param {string} p
     * @param {string} v
     * @param {string} u
     */
    trainedFacts: (c, steps, seed, p, v, u) =>
      `The model you trained on the “Train it yourself” page: ${plural(c.nLayers, 'layer')} (${c.fullLayers} full attention, ${c.linearLayers} linear), ${c.nHeads} query heads sharing ${plural(c.nKvHeads, 'KV head')}, d_model ${c.dModel}, context ${c.context}, vocabulary ${c.vocab}; ${p} parameters, seed ${seed}, ${plural(steps, 'step')} of training. Validation at its last snapshot ${v} nats per character (guessing by character frequency: ${u}). The sentences, heatmaps and patterns below are computed with it; the two ablation tables are still the course model’s.`,
    noTrained:
      'No model of yours was found (press “Open in the lab” on the “Train it yourself” page): this is the course’s model.',
    checksOfCourse:
      'These checks run the course’s model: the engine’s numbers against the native trainer’s export, one by one.',
    checksOfCourseNotYours:
      'These checks run the course’s model, not the one you trained: yours has no native export to compare with, so what they check is the engine itself.',
    noData: `This page lacks the lab's data: add <script src="${DATA_SCRIPT}"></script> after attn-widgets.js.`,
    loadingData: `Waiting for ${DATA_SCRIPT} (the lab's model and data)…`,
    promptLabel: 'Type a sentence',
    reset: 'Default sentence',
    /** @param {number} n @param {number} c */
    maxLen: (n, c) =>
      `At most ${n} characters (a context of ${c} tokens, the leading <bos> included).`,
    /** @param {number} t */
    tokensTitle: (t) => `The ${t} tokens the model sees (one per character, <bos> first)`,
    /** @param {string} chars @param {number} v */
    unk: (chars, v) => `${chars} is not among the model's ${v} characters: it becomes <unk>.`,
    /** @param {string} p */
    topTitle: (p) => `Next character: after “${p}” the most likely are`,
    /** @param {number} V */
    topFormula: (V) =>
      line(NEXT_TOKEN_MATH, ` over all ${V} tokens; z are the last position's logits`),
    /** @param {string} z */
    logit: (z) => `z = ${z}`,
    genTitle: 'Greedy generation (KV cache on full layers, state on linear ones)',
    steps: 'Steps',
    /** @param {number} T @param {number} n */
    genFormula: (T, n) =>
      `The ${T} prompt tokens go in one pass (prefill); then each step feeds only the 1 new token and takes the argmax: the full layers read the K and V of every earlier token from the KV cache, the linear layers carry only their fixed-size state on; nothing is recomputed. ${n} steps.`,
    /** @param {string} f @param {number} n */
    cacheLine: (f, n) =>
      `K and V this model caches per token (the engine's ledger, counted in BF16 like the rest of the course): only its ${n} full layers do, ${f}`,
    /**
     * @param {number} L linear layers
     * @param {number} T tokens of the request
     * @param {string} state their whole state
     * @param {string} s the S part as a product
     * @param {string} conv the convolution's part
     * @param {number} K the convolution's width
     * @param {string} total
     */
    ledgerRow: (L, T, state, s, conv, K, total) =>
      `plus the ${L} linear layers' fixed state, the same at any length: ${state} in float32, the state S (${s}) and the short convolution's last ${K - 1} inputs (${conv}). One request of ${T} tokens holds ${total}.`,
    /** @param {number} c */
    noRoom: (c) => `The prompt fills the context of ${c}: no room to generate.`,
    heatTitle: 'Attention, layer by layer and head by head',
    layer: 'Layer',
    head: 'Head',
    /**
     * @param {number} l
     * @param {number} hd
     * @param {number} g
     * @param {number} H
     * @param {number} G
     */
    headOf: (l, hd, g, H, G) =>
      `Layer ${l} (full attention) · head ${hd} (reads KV head ${g}: ${H} query heads in ${plural(G, 'group')})`,
    /** @param {number} l @param {number} Hl */
    linearOf: (l, Hl) => `Layer ${l} (linear attention, GatedDeltaNet) · ${Hl} heads`,
    linearNote:
      "This layer is linear attention (GatedDeltaNet): it outputs no softmax attention matrix, so there is no heatmap here. Instead of attending over every past token it keeps a fixed-size rolling state S: with each token, S first decays by a gate, then the delta rule writes that token's k and v into it.",
    /**
     * @param {string} b
     * @param {number} Hl
     * @param {number} d
     * @param {string} conv
     * @param {number} K
     */
    stateSize: (b, Hl, d, conv, K) =>
      `State size: one ${d} × ${d} S per head (float32), ${Hl} heads, plus the short convolution's last ${K - 1} inputs (${conv}): ${b} in all, however long the prompt.`,
    /** @param {number} l */
    stateTitle: (l) => `‖S‖ of each head of layer ${l}: how big the state is after each token`,
    /** @param {number} l @param {string} rows */
    stateChart: (l, rows) => `‖S‖ of each head of layer ${l} as the tokens come in: ${rows}`,
    stateX: 'token position',
    stateY: '‖S‖',
    stateFormula: line(
      STATE_NORM_MATH,
      '; ',
      DELTA_RULE_MATH,
      ", g and β computed from the input, k̂ the L2-normalised k (the engine's gdn_step)",
    ),
    /** @param {number} l */
    sinkLinear: (l) =>
      `Layer ${l} is a linear layer: no softmax, so no sink. The table shows the full layers only.`,
    /** @param {number} l @param {number} hd */
    heatCaption: (l, hd) => `Attention weights of layer ${l}, head ${hd}`,
    /** @param {number} d */
    heatFormula: (d) =>
      line(
        weightMath(d),
        ', q and k after QK-norm and RoPE; the causal mask makes j > i exactly 0, every row sums to 1',
      ),
    /** @param {string} q @param {number} i @param {string} k @param {number} j @param {string} w */
    readout: (q, i, k, j, w) => `${q} (position ${i}) looks at ${k} (position ${j}): ${w}`,
    future: 'future, masked',
    sinkTitle: "Attention sink: each head's attention on the first token (<bos>)",
    sinkHelp:
      'One cell per head (rows = layers, columns = heads): the share of its attention on <bos>, brighter when larger. Click a cell (or use the arrow keys) to see that head in the heatmap above.',
    'sinkHelp:touch':
      'One cell per head (rows = layers, columns = heads): the share of its attention on <bos>, brighter when larger. Tap a cell to see that head in the heatmap above.',
    /** @param {number} T @param {string} u */
    sinkUniform: (T, u) =>
      `Uniform attention (each row split evenly over every key it may see) would already give <bos> ${u} on these ${T} tokens (the mean of 1/(i+1) over rows 1 … T−1). A head clearly above that level parks its attention on <bos> on average (an attention sink); a head near it shows no sink on average, though single rows may still park there, and the rest of its weight need not be even.`,
    /** @param {number} l @param {number} hd @param {string} p */
    sinkCell: (l, hd, p) => `Layer ${l} head ${hd}: sink ${p}`,
    /**
     * @param {number} l
     * @param {number} hd
     * @param {number} T
     * @param {string[]} terms
     * @param {string} p
     */
    sinkFormula: (l, hd, T, terms, p) => line(`Layer ${l} head ${hd}: `, sinkMath(T, terms, p)),
    needTwo: 'Type at least one character: the statistic needs a second position.',
    patTitle: 'Heads compared by pattern',
    patHelp:
      "Each head's attention (averaged over positions 1 … T−1) in four parts: the previous character, the start <bos>, itself, and the rest (content).",
    patFormula: line(
      'Row i: start = ',
      weightOf('i', 0),
      '; previous = ',
      weightOf('i', row('i', '−', 1)),
      ' (i−1 ≥ 1); itself = ',
      weightOf('i', 'i'),
      '; rest = the remaining sum. The four add up to 1 (engine.headPatterns)',
    ),
    sort: 'Sort',
    sortBy: {
      order: 'by layer, head',
      previousToken: 'previous ↓',
      firstToken: 'start <bos> ↓',
      diagonal: 'itself ↓',
      other: 'rest (content) ↓',
    },
    parts: {
      previousToken: 'previous',
      firstToken: 'start <bos>',
      diagonal: 'itself',
      other: 'rest (content)',
    },
    headCol: 'Head',
    barCol: 'Mix',
    /** @param {number} l @param {number} hd */
    headName: (l, hd) => `L${l} H${hd}`,
    /** @param {number} l @param {number} hd */
    showHead: (l, hd) => `L${l} H${hd}: show layer ${l} head ${hd} in the heatmap`,
    /** @param {number} a @param {number} n */
    mixes: (a, n) =>
      `${a} of the ${n} heads put more than half their attention on one pattern; in the other ${n - a} no pattern passes half: they are mixes.`,
    mostMixed:
      'Most heads have no one clean name: a head is usually a mix of several patterns, and this table is the evidence.',
    /** @param {string} heads e.g. 8 / 4 / 2 / 1 */
    ablTitle: (heads) => `KV-heads ablation: ${heads} KV heads`,
    /** @param {number} s @param {number} b */
    ablHelp: (s, b) =>
      `Each run trains the same earlier full-attention lab model (not the hybrid model above), identical but for the number of KV heads (MHA → GQA → MQA), for the same ${s} steps. One random seed (seed ${b}), no error bars: differences of a few hundredths are a trend, not a measurement.`,
    /** @param {string} rows */
    ablChart: (rows) => `Validation loss against KV bytes per token: ${rows}`,
    xAxis: 'KV bytes per token (BF16, log scale)',
    yAxis: 'validation loss',
    kvHeads: 'KV heads',
    kind: 'kind',
    kvBytes: 'KV per token (BF16)',
    valid: 'valid loss',
    train: 'train loss',
    params: 'parameters',
    /** @param {number} layers */
    shipped: (layers) =>
      `This ablation ran on an earlier ${layers}-layer lab model with full attention in every layer, not on the hybrid model above; it compares KV heads only.`,
    /** @param {string} u */
    ablNote: (u) =>
      `Losses in nats per character; guessing by character frequency gives ${u}. These short runs end above the model above (it trained for more steps). Like that model they trained on the course model’s text (the fortunes-zh files chinese, tang300 and song100, and generated stories) and are measured on all of its held-out text; the “Train it yourself” page trains on a smaller, more predictable text (no chinese file, fewer stories) and measures one sample of its held-out text, so its losses and its baseline come out lower: the two pages’ numbers do not compare.`,
    hybTitle: 'Hybrid ablation: linear layers + full attention vs full attention everywhere',
    /**
     * @param {number} s steps @param {number} b seed @param {number} L layers
     * @param {number} every one full layer in this many @param {number} ctx context
     */
    hybHelp: (s, b, L, every, ctx) =>
      `The same ${L} layers, about the same parameter count, the same ${s} training steps: this lesson's hybrid model (one full-attention layer in every ${every}) and one with all ${L} layers full attention. One random seed (seed ${b}), no error bars. Bytes from the engine's ledger: full layers cache K and V for every token, linear layers only keep their fixed state. The model's context is only ${ctx}; longer requests are the same arithmetic.`,
    hybModel: 'model',
    /** @param {number} lin @param {number} full */
    hybNames: (lin, full) => ({
      hybrid: `hybrid (${lin} linear + ${full} full)`,
      'all-full': `all full attention (${lin + full})`,
    }),
    kvPerToken: 'KV per token (BF16)',
    stateCol: 'fixed state (float32)',
    /** @param {string} t */
    request: (t) => `one request of ${t} tokens`,
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'layer types (full / linear) = export': '各层类型（全注意力 / 线性）= 导出',
  'tokens of “小明把苹果给了”': '「小明把苹果给了」的 token',
  'logits of “小明把苹果给了” vs native export, max |Δ|':
    '「小明把苹果给了」的 logits 对原生导出，max |Δ|',
  'top-5 next tokens': '下一个 token 的前 5 名',
  'top-5 probabilities': '前 5 名的概率',
  'greedy 12 steps (KV cache + state)': '贪心生成 12 步（KV cache + 状态）',
  'Run: the appended prediction = top 1 = greedy step 1':
    '运行：接在末尾的预测 = 第 1 名 = 贪心生成的第 1 步',
  'attention weights, 5 sentences × 16 heads, max |Δ|': '注意力权重，5 句 × 16 个头，max |Δ|',
  'sink share of each head (80), max |Δ|': '每个头落在 sink 上的份额（80 个），max |Δ|',
  'linear layers: ‖S‖ after each token, 30 heads, max relative |Δ|':
    '线性层：每个 token 之后的 ‖S‖，30 个头，max 相对 |Δ|',
  'head patterns: previous + first + self + other = 1, max |Δ|':
    '头的模式：前一个 + 开头 + 自己 + 其余 = 1，max |Δ|',
  'head patterns: first-token part = sink share, max |Δ|':
    '头的模式：开头那一份 = sink 份额，max |Δ|',
  'ablation rows (KV heads)': '消融的行数（KV 头数）',
  'ablation KV bytes per token (bf16) halve 8 → 4 → 2 → 1, = engine ledger':
    '消融：每 token 的 KV 字节（bf16）随 8 → 4 → 2 → 1 减半，= 引擎账本',
  'hybrid ablation, all in float32 (the ablation’s table counts K and V in BF16): KV bytes per token + fixed state = engine ledger':
    '混合架构消融，全部按 float32 算（消融表里 K、V 按 BF16 算）：每 token 的 KV 字节 + 固定状态 = 引擎账本',
  'hybrid ablation, all in float32: one request of 64 / 4096 / 262144 tokens = engine ledger':
    '混合架构消融，全部按 float32 算：一条 64 / 4096 / 262144 token 请求的字节 = 引擎账本',
  'hybrid ablation: the hybrid holds fewer bytes than all-full at every length':
    '混合架构消融：每种长度下混合模型占的字节都比全部全注意力少',
};
