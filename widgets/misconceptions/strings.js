// Every string <attn-misconceptions> shows, in both languages (rows: each card's texts, by its id
// in logic.js ROWS, its proof a function of logic.js's proofNumbers; lessonNames: link names).
// Subscripts (d_k, W_O) are MathML in lines of web/mathml.js, drawn by h().
import { line, row, sub, text } from '../../web/mathml.js';

/** d_k = d_model / h, the original Transformer's head width. */
const HEAD_WIDTH = row(sub('d', 'k'), '=', sub('d', text('model')), '/', 'h');
const WO = sub('W', 'O');
/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '本章拦截的误解',
    help: '每张卡片：一个常见的误解、纠正，以及证明它的那个数字（能现算的都由引擎现算）。想先自测，就点「自测」把纠正藏起来，想好了再逐条揭开。',
    quiz: '自测：先藏起纠正',
    reveal: '揭开纠正',
    hide: '藏起纠正',
    proof: '证据',
    lessons: '在哪一课',
    lessonNames: {
      '01-cosine-vs-projection': '第 1 课',
      '02-dot-product': '第 2 课',
      '03-softmax-and-scaling': '第 3 课',
      '04-causal-mask': '第 4 课',
      '06-rope': '第 6 课',
      '07-multi-head': '第 7 课',
      lab: '实验课',
      '08-kv-cache': '第 8 课',
      '09-gqa': '第 9 课',
      '10-mla': '第 10 课',
    },
    rows: {
      'qkv-tokens': {
        myth: 'Q、K、V 是三个新的 token。',
        fix: '它们是同一个 token 的三种投影：拿 Q 去查别人，用 K 被别人查，被选中后交出去的是 V。',
        /** @param {Record<string, string>} n */
        proof: (n) => `${n.tokens} 个 token 进去，Q / K / V 各是 ${n.qkvShapes}（行数 = token 数）`,
      },
      'dot-only': {
        myth: '点积是唯一正确的打分方式。',
        fix: '点积、余弦、负距离、加性网络都能打分。和加性网络比，点积不用给每一对各算一个向量，中间结果只有 T×T 个分数；余弦、负距离也只要一次矩阵乘，和它们之间怎么选，靠实验定。',
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `T = ${n.courseT}、dₐ = ${n.dA}：加性的中间张量 ${n.additiveBytes}，点积的分数只有 ${n.dotBytes}`,
      },
      'sqrt-trick': {
        myth: '除以 √d 只是一个经验技巧。',
        fix: '在分量独立、均值为 0、方差为 1 的前提下，点积的方差正好是 d，√d 就是把它拉回 1 的那个数；原论文的动机是：分数太大时 softmax 饱和，梯度变得极小（Vaswani 等 2017，§3.2.1）。',
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `d = ${n.d} 的固定种子实验：点积标准差 ${n.stdUnscaled}，除以 √${n.d} 后 ${n.stdScaled}`,
      },
      proportional: {
        /** @param {Record<string, string>} n */
        myth: (n) => `三个分数 ${n.dialogScores}，凭感觉估的权重是 ${n.wrongGuess}。`,
        fix: 'softmax 把分差变成权重之比（取指数），而不是按分数的比例来分。',
        /** @param {Record<string, string>} n */
        proof: (n) => `softmax(${n.dialogScores}) = ${n.dialogSoftmax}`,
      },
      'mask-deletes': {
        myth: '因果掩码就是把未来的词删掉。',
        fix: '分数置为 −∞，矩阵仍是方阵，整句才能一次并行算完；如果 softmax 之后再清零，行和会小于 1。',
        /** @param {Record<string, string>} n */
        proof: (n) => `「给了」一行 softmax 之后清零：行和 = ${n.zeroedRowSum}`,
      },
      'rope-adds': {
        myth: 'RoPE 给 embedding 加上了一个位置。',
        fix: '它在注意力内部旋转 Q 和 K，让位置只以距离 j − i 的形式进入分数（分数仍取决于 q、k 的内容）；V 不转。',
        /** @param {Record<string, string>} n */
        proof: (n) => `距离相同、位置不同的三对 q·k：${n.ropeSame}；锚点每头只转 ${n.rotary} 维`,
      },
      'clean-heads': {
        myth: '每个头都有干净的分工，可以给它起名字。',
        fix: '多数头是几种模式的混合。实验课用我们自己训练的模型的真实数据看。',
        proof: () => '数字在实验课：每个头的「前一个 token / 第一个 token / 对角线 / 其他」占比',
      },
      width: {
        myth: '头数 × 每头维数必须等于模型宽度。',
        fix: line(
          '这是原始 Transformer 的约定：',
          HEAD_WIDTH,
          '，把模型宽度平分给各头。它不是必须的：投影矩阵可以把宽度变成任意 H × d_head，',
          WO,
          ' 再变回来。',
        ),
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `原始 Transformer：${n.originalWidth}（论文 §3.2.2）；Qwen3.8-27B：${n.anchorWidth}（引擎按 config 算）`,
      },
      'cache-free': {
        myth: 'KV cache 是免费的。',
        fix: '它随上下文线性增长：每多一个 token，每个全注意力层都要多存一份 K、V，一条长请求就是几 GiB 到几十 GiB。',
        /** @param {Record<string, string>} n */
        proof: (n) => `锚点 ${n.cacheFormula}；${n.context} 上下文 ${n.cacheContext}`,
      },
      groups: {
        myth: 'GQA 的「组数」和 KV 头数是两回事。',
        fix: '组数就是 KV 头数：每组的 Q 头共用一个 KV 头。',
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `Qwen3.8-27B：${n.groups} 组 = ${n.groups} 个 KV 头，每组 ${n.groupSize} 个 Q 头`,
      },
      'mla-gqa': {
        myth: 'MLA 只是换了个名字的 GQA。',
        fix: 'GQA 少存几份 K、V；MLA 每层只缓存一个低秩潜向量（加一份共享的 RoPE 键），用的时候展开成 K、V，或把 K 的展开矩阵吸收进查询投影、V 的展开矩阵吸收进输出投影。',
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `DeepSeek-V2 每层每 token 存 ${n.mlaNumbers} 个数：${n.v2Token}/token，同形状 MHA 要 ${n.v2Mha}`,
      },
      'v2-93': {
        /** @param {Record<string, string>} n */
        myth: (n) => `DeepSeek-V2 的「KV ${n.v2Reported}」是 MLA 相对同配置 MHA 的降幅。`,
        /** @param {Record<string, string>} n */
        fix: (n) =>
          `那个数字相对的是 DeepSeek LLM 67B，而且含了约 ${n.v2KvBits} bit 的 KV 量化（DeepSeek-V2 报告自报）。`,
        /** @param {Record<string, string>} n */
        proof: (n) => `只看 BF16、相对 67B：${n.v2vs67}；相对同配置 MHA：${n.v2vsMha}`,
      },
    },
  },
  en: {
    title: 'Misconceptions this chapter corrects',
    help: 'Each card: a common misconception, its correction, and the number that proves it (computed by the engine wherever the course can). To test yourself first, press “Test yourself” to hide the corrections, then reveal them one by one.',
    quiz: 'Test yourself: hide the corrections',
    reveal: 'Reveal the correction',
    hide: 'Hide the correction',
    proof: 'Proof',
    lessons: 'Lesson',
    lessonNames: {
      '01-cosine-vs-projection': 'Lesson 1',
      '02-dot-product': 'Lesson 2',
      '03-softmax-and-scaling': 'Lesson 3',
      '04-causal-mask': 'Lesson 4',
      '06-rope': 'Lesson 6',
      '07-multi-head': 'Lesson 7',
      lab: 'The lab',
      '08-kv-cache': 'Lesson 8',
      '09-gqa': 'Lesson 9',
      '10-mla': 'Lesson 10',
    },
    rows: {
      'qkv-tokens': {
        myth: 'Q, K and V are three new tokens.',
        fix: 'They are three projections of the same token: Q to look others up, K to be looked up, V to hand over once chosen.',
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `${n.tokens} tokens in; Q / K / V are ${n.qkvShapes} each (one row per token)`,
      },
      'dot-only': {
        myth: 'The dot product is the only correct score.',
        fix: 'Dot product, cosine, negative distance and an additive network can all score. Unlike an additive network, the dot product forms no vector per pair, only the T × T scores; cosine and negative distance are one matrix product too, and against them the choice was settled by experiment.',
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `T = ${n.courseT}, dₐ = ${n.dA}: the additive intermediate is ${n.additiveBytes}, the dot-product scores ${n.dotBytes}`,
      },
      'sqrt-trick': {
        myth: 'Dividing by √d is just an empirical trick.',
        fix: 'With independent components of mean 0 and variance 1, a dot product has variance d, and √d is exactly what brings it back to 1; the original paper’s motive: large scores saturate softmax, where its gradients become tiny (Vaswani et al. 2017, §3.2.1).',
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `Seeded experiment at d = ${n.d}: dot products have standard deviation ${n.stdUnscaled}, ${n.stdScaled} after ÷√${n.d}`,
      },
      proportional: {
        /** @param {Record<string, string>} n */
        myth: (n) => `Three scores ${n.dialogScores}, weights guessed by feel: ${n.wrongGuess}.`,
        fix: 'Softmax turns each difference of scores into a ratio of weights (through the exponential); it does not share out in proportion to the scores.',
        /** @param {Record<string, string>} n */
        proof: (n) => `softmax(${n.dialogScores}) = ${n.dialogSoftmax}`,
      },
      'mask-deletes': {
        myth: 'The causal mask deletes the future words.',
        fix: 'Their scores become −∞ and the matrix stays square, so the whole sentence is computed in one parallel pass; zeroing after softmax instead leaves rows summing to less than 1.',
        /** @param {Record<string, string>} n */
        proof: (n) => `Row 给了 (gave), zeroed after softmax: row sum = ${n.zeroedRowSum}`,
      },
      'rope-adds': {
        myth: 'RoPE adds a position to the embedding.',
        fix: 'It rotates Q and K inside attention, so that position enters the score only as the distance j − i (the score still depends on what q and k contain); V is not rotated.',
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `Three q·k pairs at the same distance, different positions: ${n.ropeSame}; the anchor rotates ${n.rotary} dims per head`,
      },
      'clean-heads': {
        myth: 'Every head has a clean job you can name.',
        fix: 'Most heads mix several patterns. The lab shows it with real data from the model we trained ourselves.',
        proof: () =>
          'The numbers are in the lab: each head’s previous-token / first-token / diagonal / other shares',
      },
      width: {
        myth: 'Heads × head dim must equal the model width.',
        fix: line(
          'That is the original Transformer’s convention, ',
          HEAD_WIDTH,
          ', splitting the model width evenly among the heads. Nothing requires it: the projections can map the width to any H × d_head and ',
          WO,
          ' maps it back.',
        ),
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `Original Transformer: ${n.originalWidth} (paper §3.2.2); Qwen3.8-27B: ${n.anchorWidth} (engine, from the config)`,
      },
      'cache-free': {
        myth: 'The KV cache is free.',
        fix: 'It grows linearly with the context: every new token adds one more K and V to every full-attention layer, and one long request takes gigabytes.',
        /** @param {Record<string, string>} n */
        proof: (n) => `The anchor: ${n.cacheFormula}; ${n.cacheContext} at ${n.context} tokens`,
      },
      groups: {
        myth: 'GQA’s number of groups and its number of KV heads are different things.',
        fix: 'The number of groups is the number of KV heads: the query heads of a group share one KV head.',
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `Qwen3.8-27B: ${n.groups} groups = ${n.groups} KV heads, ${n.groupSize} query heads each`,
      },
      'mla-gqa': {
        myth: 'MLA is GQA under another name.',
        fix: 'GQA stores fewer copies of K and V; MLA caches one low-rank latent per layer (plus a shared RoPE key) and expands it into K and V when used, or absorbs K’s expansion matrix into the query projection and V’s into the output projection.',
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `DeepSeek-V2 stores ${n.mlaNumbers} numbers per layer per token: ${n.v2Token}/token, against ${n.v2Mha} for the same shape as MHA`,
      },
      'v2-93': {
        /** @param {Record<string, string>} n */
        myth: (n) => `DeepSeek-V2’s “KV ${n.v2Reported}” is MLA against MHA of the same shape.`,
        /** @param {Record<string, string>} n */
        fix: (n) =>
          `That figure is against DeepSeek LLM 67B and includes KV quantised to about ${n.v2KvBits} bits (reported in the DeepSeek-V2 report).`,
        /** @param {Record<string, string>} n */
        proof: (n) =>
          `BF16 only, against 67B: ${n.v2vs67}; against MHA of the same shape: ${n.v2vsMha}`,
      },
    },
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'softmax of 8 / 7 / 9': '8 / 7 / 9 的 softmax',
  'additive vs dot-product scores at T = 4,096 (BF16)': '加性注意力与点积的分数，T = 4,096（BF16）',
  'Qwen3.8-27B heads × head dim vs hidden': 'Qwen3.8-27B：头数 × 每头维数与模型宽度',
  'Qwen3.8-27B KV cache at 262,144 tokens (GQA-4)':
    'Qwen3.8-27B：262,144 token 的 KV cache（GQA，4 个 KV 头）',
  'Qwen3.8-27B groups = KV heads, Q heads per group': 'Qwen3.8-27B：组数 = KV 头数，每组的 Q 头数',
  'DeepSeek-V2 vs DeepSeek LLM 67B (BF16)': 'DeepSeek-V2 对 DeepSeek LLM 67B（BF16）',
  'DeepSeek-V2 vs its own shape as MHA': 'DeepSeek-V2 相对同形状的 MHA',
};
