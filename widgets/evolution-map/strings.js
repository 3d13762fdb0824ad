// Every string <attn-evolution-map> shows, in both languages. Each step of the map is an entry of
// `steps`: its era, name and source, and two functions of the map's numbers (logic.js
// mapNumbers) that write what it solved and where it got stuck; badgeOnSolved / badgeOnStuck put
// the "reported" badge after a text that quotes REPORTED figures.
/** @import { MapNumbers } from './logic.js' */
import { REPORTED } from './logic.js';

/**
 * A step's "solved" or "stuck" text: the map's numbers, and L, which lists zh-gift token indices
 * as labels in the page's language.
 * @typedef {(n: MapNumbers, L: (ids: number[]) => string) => string} StepText
 */

/**
 * One step of the map as its strings give it.
 * @typedef {{ era: string, name: string, src: string, solved: StepText, stuck: StepText,
 *   badgeOnSolved?: boolean, badgeOnStuck?: boolean }} StepStrings
 */

const T5 = REPORTED.t5xxl;

/** @type {Record<string, Record<string, string>>} The lessons' short names, by slug. */
export const LESSON_NAMES = {
  'zh-CN': {
    'b1-rnn-vs-attention': '岔路 B1',
    '01-cosine-vs-projection': '第 1 课',
    '02-dot-product': '第 2 课',
    '03-softmax-and-scaling': '第 3 课',
    '04-causal-mask': '第 4 课',
    '05-values': '第 5 课',
    '06-rope': '第 6 课',
    '07-multi-head': '第 7 课',
    'b4-attention-sink': '岔路 B4',
    '08-kv-cache': '第 8 课',
    '09-gqa': '第 9 课',
    '10-mla': '第 10 课',
  },
  en: {
    'b1-rnn-vs-attention': 'Branch B1',
    '01-cosine-vs-projection': 'Lesson 1',
    '02-dot-product': 'Lesson 2',
    '03-softmax-and-scaling': 'Lesson 3',
    '04-causal-mask': 'Lesson 4',
    '05-values': 'Lesson 5',
    '06-rope': 'Lesson 6',
    '07-multi-head': 'Lesson 7',
    'b4-attention-sink': 'Branch B4',
    '08-kv-cache': 'Lesson 8',
    '09-gqa': 'Lesson 9',
    '10-mla': 'Lesson 10',
  },
};

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '注意力的演进地图：每一步配一个数字，标出下一步要拿掉的局限',
    help: '点开任一步（或 Tab 到标题按回车 / 空格），看它解决了什么、卡在哪个数字上，再跳到讲它的那一课。带「论文报告」标记的数字是原文自报、照录；其余由引擎现算。',
    openAll: '全部展开',
    closeAll: '全部收起',
    /** @param {string} id */
    part: (id) =>
      id === 'training'
        ? '① 训练时：一个 token 怎么从别的 token 取信息'
        : '② 生成时：K、V 怎么越存越少',
    solved: '解决了',
    stuck: '卡在',
    lessons: '去这一课',
    reported: '论文报告',
    c11: 'C11（后面的章节）',
    /** @param {string[]} xs */
    list: (xs) => xs.join('、'),
    sourcesTitle: '数字口径',
    /**
     * @param {string} _v41 the English source of models.json @param {string} v41Bytes
     * @param {string} linearState the anchor's linear layers' fixed state, per request
     */
    sources: (_v41, v41Bytes, linearState) =>
      `引擎现算：锚点 Qwen3.8-27B 与 DeepSeek、GLM-5.3 的字节数来自 models.json 里的官方 config（KV 按 BF16，每元素 2 字节；锚点线性层各头的状态矩阵 S 按 float32，每条请求 ${linearState}；对最近几个输入做的短卷积存的那一小份状态不计）；「给了」一行的余弦和权重、两个头、sink 那一行来自 teaching-world.json（手工构造的教学向量，不是模型学到的）。照录：T5-XXL 的分数与耗时出自 GQA 论文（Ainslie et al., 2023）表 1，七个任务平均；「${REPORTED.v2Reduction.value}」出自 DeepSeek-V2 技术报告（2024）；${v41Bytes} 出自 DeepSeek-V4.1-Flash 的模型卡与技术报告（官方自报的全局 KV 占用，已算上 KV 跨层复用和 FP4 存储带来的节省）。`,
    steps: {
      rnn: {
        era: '起点',
        name: 'RNN：一个接一个地读',
        src: '注意力之前的主流',
        /** @type {StepText} */
        solved: () => '能读任意长的序列，参数与长度无关；手里只带一个固定大小的状态 h。',
        /** @type {StepText} */
        stuck: (n) =>
          `更新是非线性的（LSTM、GRU）时，hₜ 必须等 hₜ₋₁ 算完：T = ${n.rnnT} 时每层 ${n.rnnT} 步只能串行，第 1 个 token 要经过 ${n.rnnPath} 次更新才到最后一个；翻译时整句还得塞进一个定长向量。`,
      },
      additive: {
        era: '第一代',
        name: 'Bahdanau 加性注意力',
        src: 'Bahdanau 2014',
        /** @type {StepText} */
        solved: () =>
          '解码的每一步回头给源句每个位置打分、加权取回，不再只靠一个定长向量：分数 = vᵀ·tanh(W₁q + W₂k)。',
        /** @type {StepText} */
        stuck: (n) =>
          `每一对都要单独过一次 tanh，没法整块交给矩阵乘单元去算；朴素实现先落一个 T×T×dₐ 的中间张量：T = ${n.rnnT}、dₐ = ${n.dA} 时单头单层 ${n.additiveBytes}，点积只留 T×T 个分数，${n.dotBytes}。它还长在 RNN 里，串行没解决。`,
      },
      'self-attention': {
        era: '第二代 ①',
        name: '自注意力：Q/K/V 投影 + 点积',
        src: 'Vaswani 2017 §3.2',
        /** @type {StepText} */
        solved: (n, L) =>
          `直接比 embedding，「给了」最像的是它自己（余弦 ${n.selfCosine}），${L(n.rawLast3)} 反而垫底；投影成 Q、K 再点积，它自己排到最后，前三是 ${L(n.projectedTop3)}，全部配对一次矩阵乘 QKᵀ 算完。取回用单独的 V：在这组手工向量里，两个人名的 K 余弦 ${n.kCosine}，取回 K 几乎分不清是谁。`,
        /** @type {StepText} */
        stuck: (n) =>
          `不缩放：假如 q、k 的分量独立、均值为 0、方差为 1，锚点每头 ${n.headDim} 维的点积标准差就是 √${n.headDim} = ${n.sqrtHeadDim}，同一行里这么大的分差会很常见（e²⁰ ≈ ${n.e20('zh-CN')}），softmax 几乎独占，传回 Wq、Wk 的梯度微乎其微。`,
      },
      scaling: {
        era: '第二代 ②',
        name: 'softmax 与 ÷√d：缩放点积',
        src: 'Vaswani 2017 式 (1)',
        /** @type {StepText} */
        solved: (n) =>
          `softmax 把分数变成正的、和为 1 的权重，只看分差（按占比分，分数 ${n.carScores} 会给最后一个 ${n.carSplit}）；除以 √dₖ = ${n.sqrtHeadDim}，这样的点积方差回到 1。`,
        /** @type {StepText} */
        stuck: (n) =>
          `训练时整句一次喂进去：不加掩码，「给了」一行有 ${n.leak} 的注意力直接落在它要预测的答案「小王」上，loss 低得虚假。`,
      },
      mask: {
        era: '第二代 ③',
        name: '因果掩码',
        src: 'Vaswani 2017 §3.2.3',
        /** @type {StepText} */
        solved: (n) =>
          `softmax 之前把右上三角置为 −∞：未来的权重恰为 0，一次前向做完句子里 ${n.prefixQuestions} 道「只看前缀、答案就在句中」的题（逐个前缀喂要 ${n.prefixForwards} 次前向、共 ${n.prefixPositions} 个位置）。`,
        /** @type {StepText} */
        stuck: (n) =>
          `一次 softmax 只有一份 100%：「给了」要同时找「谁给的」和「给了什么」，只能在苹果 ${n.gaveApple} 与小明 ${n.gaveMing} 之间劈开，取回两个 V 的混合。`,
      },
      rope: {
        era: '回扣 C2',
        name: 'RoPE 只转 Q、K',
        src: 'Su 2021；锚点部分旋转',
        /** @type {StepText} */
        solved: (n) =>
          `旋转后，位置只通过距离 j − i 进入 q·k；V 不参与打分，所以不转。锚点每头 ${n.headDim} 维里只转 ${n.ropeDims} 维。`,
        /** @type {StepText} */
        stuck: (n) =>
          `旋转矩阵随位置变，会夹在查询和 K 的展开矩阵之间，这个展开矩阵就没法事先并进查询：MLA 因此把 RoPE 单独拆出 ${n.mlaRopeDims} 维另存（第 10 课）。`,
      },
      'multi-head': {
        era: '第二代 ④',
        name: '多头注意力',
        src: 'Vaswani 2017 §3.2.2',
        /** @type {StepText} */
        solved: (n) =>
          `同一组投影按列切成几个头，各做各的 softmax，参数和乘法次数不变：头 A 把 ${n.headA} 给「小明」，头 B 把 ${n.headB} 给「苹果」；锚点 ${n.anchorHeads} 个头 × ${n.headDim} 维。`,
        /** @type {StepText} */
        stuck: (n) =>
          `生成时一次只出一个 token：每步把整段重新喂进去，提示 ${n.kvPrompt} 个、再生成 ${n.kvGenerated} 个要算 ${n.kvWithout} 份 K/V，其中 ${n.kvRecomputed} 份上一步刚算过。`,
      },
      sink: {
        era: '旁支',
        name: 'attention sink 与它的出口',
        src: 'Xiao 2023 → Gated Attention 2025',
        /** @type {StepText} */
        solved: (n) =>
          `标准 softmax 逼每行分完 100%：「苹果」一行 ${n.sinkKeys} 个分数只差零点几（${n.sinkScores}），照样分成 ${n.sinkWeights}；分母加一个 sink logit，或在输出上乘门，这个头就能「这次不取」。锚点开着输出门（attn_output_gate = ${n.outputGate}）。`,
        /** @type {StepText} */
        stuck: () =>
          '出口的效果来自实验：门控论文的摘要说门控「缓解」sink（标题说门控后的模型「没有 attention sink」）。',
      },
      'kv-cache': {
        era: '第三代',
        name: 'KV cache',
        src: '自回归生成的标准做法',
        /** @type {StepText} */
        solved: (n) =>
          `因果掩码保证旧 token 的 K、V 永远不变，存下来反复用：同一个例子只算 ${n.kvWith} 份，输出相同（到舍入误差为止）。`,
        /** @type {StepText} */
        stuck: (n) =>
          `缓存随上下文线性增长：若 ${n.anchorHeads} 个 Q 头各存一份（MHA），锚点每 token ${n.mhaToken}，${n.anchorContext} 上下文 ${n.mhaContext}——一条请求，还没算权重。`,
      },
      mqa: {
        era: '第四代',
        name: 'MQA：所有头共用一份 K、V',
        src: 'Shazeer 2019',
        /** @type {StepText} */
        solved: (n) =>
          `缓存直接除以头数：锚点形状每 token ${n.mqaToken}，${n.anchorContext} 上下文 ${n.mqaContext}。`,
        /** @type {StepText} */
        stuck: () => `质量会掉：T5-XXL 七个任务平均 MHA ${T5.mha} → MQA ${T5.mqa}`,
        badgeOnStuck: true,
      },
      gqa: {
        era: '第五代',
        name: 'GQA：分组共用 K、V',
        src: 'Ainslie 2023；锚点用 GQA',
        /** @type {StepText} */
        solved: (n) =>
          `${n.anchorHeads} 个 Q 头分 ${n.kvHeads} 组、每组 ${n.groupSize} 个共用 1 个 KV 头（组数 = KV 头数）：每 token ${n.gqaToken}、${n.anchorContext} 上下文 ${n.gqaContext}；T5-XXL 上 GQA-8 平均 ${T5.gqa8}、推理 ${T5.timeGqa8}，质量接近 MHA（${T5.mha}、${T5.timeMha}），速度接近 MQA（${T5.timeMqa}）`,
        badgeOnSolved: true,
        /** @type {StepText} */
        stuck: (n) =>
          `再减 KV 头就回到 MQA：DeepSeek LLM 67B 已是 GQA-8，每 token 仍要 ${n.d67Token}（MHA 是 ${n.d67Mha}），${n.longContext} token 单条请求 ${n.d67Context}（假设它能读这么长；它的上下文只有 ${n.d67ContextLimit}）。`,
      },
      mla: {
        era: '第六代',
        name: 'MLA：只存一个低秩潜向量',
        src: 'DeepSeek-V2 2024 → V3、GLM-5.3',
        /** @type {StepText} */
        solved: (n) =>
          `每层每 token 只缓存一个 ${n.mlaLatent} 维潜向量和一份共享的 ${n.mlaRopeDims} 维 RoPE 键，共 ${n.mlaWidth} 个数，用的时候展开成 K、V（或把 K 的展开矩阵吸收进查询投影、V 的展开矩阵吸收进输出投影）：DeepSeek-V2 每 token ${n.v2Token}、V3 ${n.v3Token}；按 BF16 比 67B 少 ${n.v2vs67.replace('−', '')}，但这是两个不同的模型（${n.v2Layers} 层对 ${n.d67Layers} 层），按每层算 MLA 比 67B 的 GQA-8 少 ${n.v2vs67PerLayer.replace('−', '')}；官方的「${REPORTED.v2Reduction.value}」还含约 ${REPORTED.v2Reduction.kvBits} bit 的 KV 量化`,
        badgeOnSolved: true,
        /** @type {StepText} */
        stuck: (n) =>
          `仍随长度线性增长，打分仍是 T²：GLM-5.3 每 token ${n.glmToken}，${n.longContext} 上下文时单条请求光 MLA 缓存（潜向量 + RoPE 键，不算稀疏注意力索引器的键）就要 ${n.glmContext}。`,
      },
      linear: {
        era: '交接 C11',
        name: '线性注意力 / 稀疏注意力',
        src: '锚点的线性注意力层；DeepSeek-V4.1-Flash',
        /** @type {StepText} */
        solved: (n) =>
          `线性层不再按长度存：锚点 ${n.layers} 层里 ${n.linearLayers} 层不存 KV，只存固定大小的状态，与上下文长度无关（各头的状态矩阵 S 按 float32 共 ${n.linearState}；对最近几个输入做的短卷积还存着这几个输入，在锚点里只是一小份，没有算进去；这些层是什么，C11 揭晓）。稀疏注意力仍给每个 token 存 KV，只是每步读得少。${n.v41Name} 官方报告全局 KV ${n.v41Reported}/token，这个数已算上 KV 跨层复用和 FP4 存储带来的节省，不是靠稀疏`,
        badgeOnSolved: true,
        /** @type {StepText} */
        stuck: (n) =>
          `固定状态装不下任意多对键值，锚点仍留 ${n.fullLayers} 层全注意力；稀疏注意力每步只读挑出来的一部分，挑本身也有代价——C11 讲。`,
      },
    },
  },
  en: {
    title:
      'How attention evolved: each step paired with a number that shows the limit the next one removes',
    help: 'Open any step (or Tab to its title and press Enter / Space) to see what it solved, the number it got stuck on, and the lesson that teaches it. Numbers marked “reported” are quoted from papers as their authors give them; the rest are computed by the engine.',
    openAll: 'Open all',
    closeAll: 'Close all',
    /** @param {string} id */
    part: (id) =>
      id === 'training'
        ? '① Training: how a token takes information from other tokens'
        : '② Generation: storing less and less K and V',
    solved: 'Solved',
    stuck: 'Stuck at',
    lessons: 'Go to the lesson',
    reported: 'reported',
    c11: 'C11 (a later chapter)',
    /** @param {string[]} xs */
    list: (xs) => xs.join(', '),
    sourcesTitle: 'Where the numbers come from',
    /**
     * @param {string} v41 @param {string} v41Bytes
     * @param {string} linearState the anchor's linear layers' fixed state, per request
     */
    sources: (v41, v41Bytes, linearState) =>
      `Computed by the engine: the bytes of the anchor Qwen3.8-27B and of the DeepSeek and GLM models from the official configs in models.json (KV in BF16, 2 bytes per element; the anchor’s linear layers keep their heads’ state matrices S in float32, ${linearState} per request; the small state of their short convolution over the last few inputs is not counted); the cosines and weights of the 给了 (gave) row, the two heads and the sink row from teaching-world.json (hand-made teaching vectors, not learned by any model). Quoted: the T5-XXL scores and times from ${T5.source}; “${REPORTED.v2Reduction.value}” from the ${REPORTED.v2Reduction.source}; ${v41Bytes} from ${v41}.`,
    steps: {
      rnn: {
        era: 'Start',
        name: 'RNN: reading one token after another',
        src: 'the mainstream before attention',
        /** @type {StepText} */
        solved: () =>
          'Reads sequences of any length with parameters that do not grow with it, carrying one fixed-size state h.',
        /** @type {StepText} */
        stuck: (n) =>
          `With a nonlinear update (LSTM, GRU), hₜ must wait for hₜ₋₁: at T = ${n.rnnT}, ${n.rnnT} serial steps per layer, and token 1 reaches the last one through ${n.rnnPath} updates; a translation must squeeze the sentence into one fixed-length vector.`,
      },
      additive: {
        era: 'Generation 1',
        name: 'Bahdanau additive attention',
        src: 'Bahdanau 2014',
        /** @type {StepText} */
        solved: () =>
          'At every decoding step, scores each source position and takes a weighted mix back, instead of relying on one fixed vector: score = vᵀ·tanh(W₁q + W₂k).',
        /** @type {StepText} */
        stuck: (n) =>
          `Every pair goes through its own tanh, which matrix units cannot batch; the naive way materialises a T×T×dₐ intermediate: ${n.additiveBytes} per head per layer at T = ${n.rnnT}, dₐ = ${n.dA}, where the dot product keeps T×T scores, ${n.dotBytes}. It still lives inside an RNN, still serial.`,
      },
      'self-attention': {
        era: 'Generation 2 ①',
        name: 'Self-attention: Q/K/V projections + dot product',
        src: 'Vaswani 2017 §3.2',
        /** @type {StepText} */
        solved: (n, L) =>
          `Raw embeddings make 给了 (gave) most like itself (cosine ${n.selfCosine}), with ${L(n.rawLast3)} at the bottom; projected into Q and K it comes last and ${L(n.projectedTop3)} lead, all pairs in one matrix product QKᵀ. V is separate: in these hand-made vectors the two names’ keys have cosine ${n.kCosine}, so fetching K could hardly tell them apart.`,
        /** @type {StepText} */
        stuck: (n) =>
          `No scaling: if q’s and k’s components were independent with mean 0 and variance 1, the anchor’s ${n.headDim}-dim heads would give dot products a standard deviation of √${n.headDim} = ${n.sqrtHeadDim}; gaps of that size in one row would be common (e²⁰ ≈ ${n.e20('en')}), softmax would pick one key, and the gradients reaching Wq, Wk would be vanishingly small.`,
      },
      scaling: {
        era: 'Generation 2 ②',
        name: 'Softmax and ÷√d: scaled dot product',
        src: 'Vaswani 2017 eq. (1)',
        /** @type {StepText} */
        solved: (n) =>
          `Softmax turns scores into positive weights summing to 1 that only see differences (a proportional split of ${n.carScores} gives the last one ${n.carSplit}); dividing by √dₖ = ${n.sqrtHeadDim} brings such a dot product’s variance back to 1.`,
        /** @type {StepText} */
        stuck: (n) =>
          `Training feeds the whole sentence at once: without a mask the 给了 (gave) row puts ${n.leak} of its attention on the answer it must predict, 小王 (Xiaowang), and the loss is falsely low.`,
      },
      mask: {
        era: 'Generation 2 ③',
        name: 'The causal mask',
        src: 'Vaswani 2017 §3.2.3',
        /** @type {StepText} */
        solved: (n) =>
          `Set the upper triangle to −∞ before softmax: future weights are exactly 0, and one forward pass does the sentence’s ${n.prefixQuestions} prefix-only tasks whose answer is in it (feeding prefix by prefix takes ${n.prefixForwards} passes, ${n.prefixPositions} positions in all).`,
        /** @type {StepText} */
        stuck: (n) =>
          `One softmax has only one 100%: 给了 (gave) must find both who gave and what was given, and splits it between apple ${n.gaveApple} and Xiaoming ${n.gaveMing}, fetching a blend of two V rows.`,
      },
      rope: {
        era: 'Back to C2',
        name: 'RoPE turns only Q and K',
        src: 'Su 2021; the anchor rotates part',
        /** @type {StepText} */
        solved: (n) =>
          `After rotation, position enters q·k only through the distance j − i; V takes no part in scoring, so it is not turned. The anchor rotates ${n.ropeDims} of each head’s ${n.headDim} dims.`,
        /** @type {StepText} */
        stuck: (n) =>
          `The rotation changes with position, so it would sit between the query and K’s expansion matrix, and that matrix could no longer be merged into the query in advance: MLA keeps RoPE apart in ${n.mlaRopeDims} extra dims (lesson 10).`,
      },
      'multi-head': {
        era: 'Generation 2 ④',
        name: 'Multi-head attention',
        src: 'Vaswani 2017 §3.2.2',
        /** @type {StepText} */
        solved: (n) =>
          `Split one projection’s columns into heads, each with its own softmax, at the same parameters and multiplications: head A gives ${n.headA} to Xiaoming, head B ${n.headB} to apple; the anchor has ${n.anchorHeads} heads × ${n.headDim} dims.`,
        /** @type {StepText} */
        stuck: (n) =>
          `Generation emits one token at a time: re-feeding everything each step, a prompt of ${n.kvPrompt} plus ${n.kvGenerated} generated tokens computes ${n.kvWithout} K/V pairs, ${n.kvRecomputed} of them computed one step earlier.`,
      },
      sink: {
        era: 'Side branch',
        name: 'Attention sinks and their way out',
        src: 'Xiao 2023 → Gated Attention 2025',
        /** @type {StepText} */
        solved: (n) =>
          `Plain softmax must hand out 100% per row: the apple row’s three scores differ by tenths (${n.sinkScores}) and still split ${n.sinkWeights}; a sink logit in the denominator, or a gate on the output, lets a head take nothing this time. The anchor has its output gate on (attn_output_gate = ${n.outputGate}).`,
        /** @type {StepText} */
        stuck: () =>
          'The evidence for these ways out is experimental: the gated-attention paper’s abstract says the gate mitigates the sink (its title calls the gated model “attention-sink-free”).',
      },
      'kv-cache': {
        era: 'Generation 3',
        name: 'The KV cache',
        src: 'standard practice in autoregressive decoding',
        /** @type {StepText} */
        solved: (n) =>
          `The causal mask guarantees old tokens’ K and V never change, so they are stored and reused: the same example computes only ${n.kvWith}, with the same output, up to rounding.`,
        /** @type {StepText} */
        stuck: (n) =>
          `The cache grows with the context: if all ${n.anchorHeads} query heads kept their own (MHA), the anchor would need ${n.mhaToken} per token, ${n.mhaContext} at ${n.anchorContext} tokens, for one request, weights not counted.`,
      },
      mqa: {
        era: 'Generation 4',
        name: 'MQA: all heads share one K, V',
        src: 'Shazeer 2019',
        /** @type {StepText} */
        solved: (n) =>
          `The cache divides by the number of heads: the anchor’s shape needs ${n.mqaToken} per token, ${n.mqaContext} at ${n.anchorContext}.`,
        /** @type {StepText} */
        stuck: () => `Quality drops: T5-XXL, average of seven tasks, MHA ${T5.mha} → MQA ${T5.mqa}`,
        badgeOnStuck: true,
      },
      gqa: {
        era: 'Generation 5',
        name: 'GQA: groups share K, V',
        src: 'Ainslie 2023; the anchor uses GQA',
        /** @type {StepText} */
        solved: (n) =>
          `${n.anchorHeads} query heads in ${n.kvHeads} groups of ${n.groupSize}, each sharing one KV head (groups = KV heads): ${n.gqaToken} per token, ${n.gqaContext} at ${n.anchorContext}; on T5-XXL, GQA-8 averages ${T5.gqa8} at ${T5.timeGqa8}, near MHA’s quality (${T5.mha}, ${T5.timeMha}) and MQA’s speed (${T5.timeMqa})`,
        badgeOnSolved: true,
        /** @type {StepText} */
        stuck: (n) =>
          `Fewer KV heads lead back to MQA: DeepSeek LLM 67B is already GQA-8 and still needs ${n.d67Token} per token (${n.d67Mha} as MHA), ${n.d67Context} for one request of ${n.longContext} tokens (supposing it could read that far; its context is only ${n.d67ContextLimit}).`,
      },
      mla: {
        era: 'Generation 6',
        name: 'MLA: store one low-rank latent',
        src: 'DeepSeek-V2 2024 → V3, GLM-5.3',
        /** @type {StepText} */
        solved: (n) =>
          `Caches per layer and token one ${n.mlaLatent}-dim latent and one shared ${n.mlaRopeDims}-dim RoPE key, ${n.mlaWidth} numbers, expanded into K and V when used (or K’s expansion matrix absorbed into the query projection and V’s into the output projection): DeepSeek-V2 ${n.v2Token} per token, V3 ${n.v3Token}; ${n.v2vs67} against 67B in BF16, but they are two different models (${n.v2Layers} against ${n.d67Layers} layers), and per layer MLA against 67B’s GQA-8 is ${n.v2vs67PerLayer}; the official “${REPORTED.v2Reduction.value}” also includes KV quantised to about ${REPORTED.v2Reduction.kvBits} bits`,
        badgeOnSolved: true,
        /** @type {StepText} */
        stuck: (n) =>
          `Still linear in the length, scoring still T²: GLM-5.3 needs ${n.glmToken} per token, ${n.glmContext} of MLA cache alone (latent + RoPE key; the sparse-attention indexer’s keys not counted) for one request at ${n.longContext} tokens.`,
      },
      linear: {
        era: 'Hand-over to C11',
        name: 'Linear / sparse attention',
        src: 'the anchor’s linear-attention layers; DeepSeek-V4.1-Flash',
        /** @type {StepText} */
        solved: (n) =>
          `Linear layers stop storing by length: ${n.linearLayers} of the anchor’s ${n.layers} layers keep no KV, only a fixed-size state that does not grow with the context (their heads’ state matrices S, ${n.linearState} in float32; the state of their short convolution over the last few inputs, small for the anchor, is not counted; what these layers are: C11). Sparse attention still stores KV for every token and only reads fewer each step. ${n.v41Name} officially reports ${n.v41Reported} of global KV per token, a figure already reduced by sharing KV across layers and storing it in FP4, not by sparsity`,
        badgeOnSolved: true,
        /** @type {StepText} */
        stuck: (n) =>
          `A fixed state cannot hold arbitrarily many key–value pairs, so the anchor keeps ${n.fullLayers} full-attention layers; sparse attention reads only a chosen part each step, and choosing has a cost too. C11.`,
      },
    },
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({query}: the token that plays the query; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  'RNN at T = 4,096: updates from token 1 to the last':
    'RNN，T = 4,096：从第 1 个 token 到最后一个的更新次数',
  'additive, naive T×T×d_a at T = 4,096, d_a = 256 (BF16)':
    '加性注意力（朴素）T×T×d_a，T = 4,096、d_a = 256（BF16）',
  'dot product T×T at T = 4,096 (BF16)': '点积 T×T，T = 4,096（BF16）',
  'raw cosine of {query} with itself': '直接比余弦：「{query}」和它自己',
  'raw cosine: the three last': '直接比余弦：垫底的三个',
  'projected: the three first': '投影之后：前三名',
  'cos(K[{names.0}], K[{names.1}])': 'cos(K[{names.0}], K[{names.1}])',
  '√256': '√256',
  'e²⁰': 'e²⁰',
  'proportional split of 10, 3, −4: the −4': '按比例分 10、3、−4：−4 那一份',
  'no mask: {query} → {answer}': '不加掩码：{query} → {answer}',
  'causal: {query} → {object} / {giver}': '因果掩码：{query} → {object} / {giver}',
  'head A → {giver} / head B → {object}': '头 A → {giver} / 头 B → {object}',
  'K/V without / recomputed / with the cache': 'K/V：不用缓存 / 重算的 / 用缓存',
  'sink: row {object} weights': 'sink：「{object}」一行的权重',
  'anchor as MHA per token / at 262,144': '锚点按 MHA：每 token / 262,144 上下文',
  'anchor as MQA per token / at 262,144': '锚点按 MQA：每 token / 262,144 上下文',
  'anchor GQA-4 per token / at 262,144': '锚点的 GQA（4 个 KV 头）：每 token / 262,144 上下文',
  'DeepSeek LLM 67B per token (GQA-8 / as MHA)':
    'DeepSeek LLM 67B 每 token（GQA 8 个 KV 头 / 按 MHA）',
  'DeepSeek LLM 67B at 1M tokens': 'DeepSeek LLM 67B，1M token',
  'MLA numbers per layer per token': 'MLA 每层每 token 缓存的数字个数',
  'DeepSeek-V2 / V3 per token': 'DeepSeek-V2 / V3 每 token',
  'DeepSeek-V2 vs 67B (BF16)': 'DeepSeek-V2 相对 67B（BF16）',
  'DeepSeek-V2 vs 67B per layer (BF16)': 'DeepSeek-V2 相对 67B，按每层（BF16）',
  'GLM-5.3 per token / at 1,048,576': 'GLM-5.3 每 token / 1,048,576 上下文',
  'anchor linear layers: fixed state': '锚点的线性注意力层：固定状态',
};
