// Every string <attn-data-flow> shows, in both languages (the stages' texts by the stage ids
// of engine.modelStages). W_O is a MathML subscript (a line of web/mathml.js, drawn by h()).
/** @import { MathLine } from '../../web/mathml.js' */
import { line, sub } from '../../web/mathml.js';

const WO = sub('W', 'O');

/** @type {Record<string, string | MathLine>} */
const STAGES_ZH = {
  tokens: '分词',
  embedding: 'Embedding',
  norm: 'RMSNorm',
  attention: '注意力（Q/K/V、打分、softmax、取回 V）',
  'linear-attention': '线性注意力',
  'output-gate': '输出门',
  'output-projection': line('输出投影 ', WO),
  residual: '残差相加',
  ffn: 'FFN',
  'final-norm': '最后的 RMSNorm',
  'lm-head': 'LM head',
  softmax: 'softmax → 下一个 token 的概率',
};
/** @type {Record<string, string | MathLine>} */
const STAGES_EN = {
  tokens: 'Tokenizer',
  embedding: 'Embedding',
  norm: 'RMSNorm',
  attention: 'Attention (Q/K/V, scores, softmax, fetch V)',
  'linear-attention': 'Linear attention',
  'output-gate': 'Output gate',
  'output-projection': line('Output projection ', WO),
  residual: 'Residual add',
  ffn: 'FFN',
  'final-norm': 'Final RMSNorm',
  'lm-head': 'LM head',
  softmax: 'softmax → next-token probabilities',
};

/**
 * The entry of a stage's note table (empty for a stage without one).
 * @param {Record<string, string>} table
 * @param {string} id
 */
const pick = (table, id) => table[id] ?? '';
/**
 * The same for a table whose entries may hold formulas.
 * @param {Record<string, string | MathLine>} table
 * @param {string} id
 */
const pickLine = (table, id) => table[id] ?? '';

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    /** @param {string} name */
    title: (name) => `累计数据流：${name} 从文字到下一个 token 的概率`,
    help: '点任一环节（或用 ↑↓ 移动、回车 / 空格选中），看这一步的输入 → 输出形状、参数量，以及它解决了什么问题。形状和参数量都由引擎按 models.json 里的 config 现算。',
    'help:touch':
      '点任一环节，看这一步的输入 → 输出形状、参数量，以及它解决了什么问题。形状和参数量都由引擎按 models.json 里的 config 现算。',
    legend: '图例',
    learned: '已学',
    current: '本章新增',
    later: '还没学',
    /** @param {string} id */
    stageName: (id) => STAGES_ZH[id] ?? id,
    /** @param {number} n @param {number} full @param {number} linear */
    layerTitle: (n, full, linear) =>
      `解码层 × ${n}（${full} 层全注意力，${linear} 层线性注意力；每层只走其中一种）`,
    /** @param {number} t @param {string} list */
    tokensLine: (t, list) => `T = ${t} 个 token：${list}（锚点模型的真分词器切分，见 C1）`,
    shapeTitle: '形状',
    text: '文字',
    paramsTitle: '参数量',
    noParams: '没有可学习的参数',
    /** @param {string} n */
    perOccurrence: (n) => `每处 ${n}`,
    /** @param {string} per @param {number} k @param {string} total */
    total: (per, k, total) => `${per} × ${k} 处 = ${total}`,
    /** @param {string} id @param {number} k @param {number} perLayer */
    occurrences: (id, k, perLayer) =>
      id === 'norm' || id === 'residual' ? `每层 ${perLayer} 处，共 ${k} 处` : `共 ${k} 处`,
    /** @param {string} id */
    unknown: (id) =>
      pick(
        {
          embedding: 'config 里没有 vocab_size（词表大小 vocab），所以这里不写参数总数。',
          'lm-head':
            'config 里没有 vocab_size（词表大小 vocab），所以这里不写参数总数；输出宽度就是 vocab。',
          ffn: 'config 里没有 intermediate_size（FFN 宽度 d_ffn），所以这里不写参数总数。按 SwiGLU 的三块矩阵列出形状。',
          'linear-attention':
            '这些层里面有哪些权重，本章不讲（C11 第 4 课揭晓），所以这里不写参数量。',
          softmax: '词表大小 vocab 在 config 里没有给出。',
        },
        id,
      ),
    /** @param {string} b */
    state: (b) => `固定大小的状态：${b}，与上下文长度无关（来自 models.json 的 config）`,
    solvedTitle: '它解决了什么',
    /** @param {number} h @param {number} d @param {number} q @param {number} dm */
    widthNote: (h, d, q, dm) =>
      line(`${h} 个 Q 头 × ${d} 维 = ${q}，不等于模型宽度 ${dm}：`, WO, ` 再把它变回 ${dm}。`),
    /** @param {number} g @param {number} d @param {number} w */
    kvNote: (g, d, w) => `K、V 各只有 ${g} 个 KV 头 × ${d} 维 = ${w}（GQA，第 9 课）。`,
    /** @param {string} id */
    solved: (id) =>
      pickLine(
        {
          tokens: '把文字切成模型认识的编号。之后每一步的形状都从 T（token 个数）算起。',
          embedding:
            '把每个编号查表换成一个向量：说明这个 token 是什么。到这里每个 token 仍然只知道自己。',
          norm: '进每个子层之前，把每个 token 的向量缩放到统一的尺度，训练才稳。怎么做、为什么有效，C4 讲。',
          attention:
            '本章的主角：每个 token 拿自己的 Q 和它自己的 K、前面每个 token 的 K 打分（÷√d、因果掩码），softmax 成权重，按权重取回 V。整条流水线里让 token 之间交换信息的有两种混合层：这里的全注意力层，和下面的线性注意力层；其余各步（FFN、归一化）都只加工 token 自己。',
          'linear-attention':
            '第二种混合层：锚点其余的层也让 token 之间交换信息，但不按长度存 K、V，只保留一个固定大小的状态。这些层是什么、怎么更新，C11 揭晓。',
          'output-gate':
            '每个输出元素乘一个 0 到 1 之间的门，一个头可以「这次不取」（岔路 B4 见过它）；完整的讲法在 C4。',
          'output-projection': line(
            '把所有头的输出拼起来，再用 ',
            WO,
            ' 混合、变回模型宽度，才能加回每个 token 自己的向量（第 5 课先见到，第 7 课算给你看）。',
          ),
          residual:
            '子层的输出加回它的输入（残差流）：注意力往每个 token 的向量上加一个增量，而不是替换它；原来的信息不会被冲掉，梯度也有一条直通的路。本章第 5、7 课讲注意力这一处，C4 讲完整的一层。',
          ffn: '每个 token 各自再加工一次，不和别的 token 交换信息。C4 讲。',
          'final-norm': '所有层之后再归一化一次，再交给 LM head。',
          'lm-head': '把最后一个向量变成词表里每个 token 一个分数（logit）。',
          softmax:
            '最后一个位置的 logit 经 softmax 变成下一个 token 的概率，全为正、和为 1——第 3 课的同一个 softmax，只是这次在整个词表上。',
        },
        id,
      ),
  },
  en: {
    /** @param {string} name */
    title: (name) => `The cumulative data flow: ${name} from text to next-token probabilities`,
    help: 'Click any stage (or move with ↑↓ and choose with Enter / Space) to see its input → output shape, its parameter count and what it solved. Shapes and counts are computed by the engine from the config in models.json.',
    'help:touch':
      'Tap any stage to see its input → output shape, its parameter count and what it solved. Shapes and counts are computed by the engine from the config in models.json.',
    legend: 'Legend',
    learned: 'covered',
    current: 'new in this chapter',
    later: 'not yet',
    /** @param {string} id */
    stageName: (id) => STAGES_EN[id] ?? id,
    /** @param {number} n @param {number} full @param {number} linear */
    layerTitle: (n, full, linear) =>
      `Decoder layer × ${n} (${full} full-attention layers, ${linear} linear-attention layers; each layer takes one of the two)`,
    /** @param {number} t @param {string} list */
    tokensLine: (t, list) => `T = ${t} tokens: ${list} (the anchor's real tokenizer, see C1)`,
    shapeTitle: 'Shape',
    text: 'text',
    paramsTitle: 'Parameters',
    noParams: 'no learned parameters',
    /** @param {string} n */
    perOccurrence: (n) => `${n} each`,
    /** @param {string} per @param {number} k @param {string} total */
    total: (per, k, total) => `${per} × ${k} = ${total}`,
    /** @param {string} id @param {number} k @param {number} perLayer */
    occurrences: (id, k, perLayer) =>
      id === 'norm' || id === 'residual' ? `${perLayer} per layer, ${k} in all` : `${k} in all`,
    /** @param {string} id */
    unknown: (id) =>
      pick(
        {
          embedding:
            'The config gives no vocab_size (the vocabulary size, vocab), so no total is printed here.',
          'lm-head':
            'The config gives no vocab_size (the vocabulary size, vocab), so no total is printed here; the output width is that vocab.',
          ffn: 'The config gives no intermediate_size (the FFN width d_ffn), so no total is printed here. The shapes are listed as SwiGLU’s three matrices.',
          'linear-attention':
            'Which weights these layers hold is not part of this chapter (C11, lesson 4), so no count is printed here.',
          softmax: 'The vocabulary size, vocab, is not given in the config.',
        },
        id,
      ),
    /** @param {string} b */
    state: (b) =>
      `A fixed-size state: ${b}, the same at every context length (from the config in models.json)`,
    solvedTitle: 'What it solved',
    /** @param {number} h @param {number} d @param {number} q @param {number} dm */
    widthNote: (h, d, q, dm) =>
      line(
        `${h} query heads × ${d} dims = ${q}, not the model width ${dm}: `,
        WO,
        ` brings it back to ${dm}.`,
      ),
    /** @param {number} g @param {number} d @param {number} w */
    kvNote: (g, d, w) => `K and V have only ${g} KV heads × ${d} dims = ${w} each (GQA, lesson 9).`,
    /** @param {string} id */
    solved: (id) =>
      pickLine(
        {
          tokens:
            'Cuts text into ids the model knows. Every later shape counts from T, the number of tokens.',
          embedding:
            'Looks each id up and replaces it with a vector that says what the token is. Each token still knows only itself.',
          norm: 'Before each sublayer, rescales every token’s vector to a common scale so training stays stable. How and why: C4.',
          attention:
            'This chapter: each token scores its Q against its own K and every earlier token’s K (÷√d, causal mask), turns the scores into weights with softmax and fetches the V rows by weight. Tokens exchange information in two kinds of mixing layer in this pipeline: these full-attention layers and the linear-attention layers below; every other step (FFN, norms) works on each token alone.',
          'linear-attention':
            'The second kind of mixing layer: the anchor’s other layers also let tokens exchange information, but keep no K, V per token, only a fixed-size state. What these layers are and how they update: C11.',
          'output-gate':
            'Multiplies each output element by a gate between 0 and 1, so a head can “take nothing this time” (seen in branch B4); the full story is C4’s.',
          'output-projection': line(
            'Concatenates every head’s output and mixes it with ',
            WO,
            ' back to the model width, so it can be added to each token’s own vector (met in lesson 5, computed in lesson 7).',
          ),
          residual:
            'Adds the sublayer’s output to its input (the residual stream): attention adds a change to each token’s vector instead of replacing it; what was there is not washed away, and gradients get a straight path. This chapter’s lessons 5 and 7 cover it for attention, C4 the whole layer.',
          ffn: 'Each token is processed once more on its own, without exchanging information. C4.',
          'final-norm': 'One more normalisation after the last layer, before the LM head.',
          'lm-head': 'Turns the last vector into one score (logit) per token of the vocabulary.',
          softmax:
            'The logits of the last position become next-token probabilities, all positive and summing to 1: the softmax of lesson 3, this time over the whole vocabulary.',
        },
        id,
      ),
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'Qwen3.8-27B: hidden size d_model': 'Qwen3.8-27B：模型宽度 d_model',
  'Qwen3.8-27B: query width 24 × 256 (W_Q columns)': 'Qwen3.8-27B：Q 的宽度 24 × 256（W_Q 的列数）',
  'Qwen3.8-27B: query width vs hidden': 'Qwen3.8-27B：Q 的宽度与模型宽度',
  'Qwen3.8-27B: 4 KV heads × 256 (W_K / W_V columns)':
    'Qwen3.8-27B：4 个 KV 头 × 256（W_K / W_V 的列数）',
  'Qwen3.8-27B: q_norm / k_norm': 'Qwen3.8-27B：q_norm / k_norm',
  'Qwen3.8-27B: full-attention / linear layers': 'Qwen3.8-27B：全注意力层 / 线性注意力层',
  'Qwen3.8-27B: W_O back to the hidden width': 'Qwen3.8-27B：W_O 变回模型宽度',
  "Qwen3.8-27B: linear layers' fixed state": 'Qwen3.8-27B：线性注意力层的固定状态',
};
