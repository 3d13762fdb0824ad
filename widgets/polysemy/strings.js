// Every string <attn-polysemy> shows, in both languages. Numbers come in as arguments (the
// engine's weights, outputs and cosines, formatted by the element).

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    /** @param {string} t */
    title: (t) => `同一个「${t}」，三句话，三个输出`,
    /** @param {string} t */
    help: (t) =>
      `embedding 表按 token 编号查一行，不看上下文：三句话结尾的「${t}」拿到的是同一行 x。注意力的输出是「${t}」这一行对它能看到的各个 V 的加权和：上下文不同，权重和被加起来的 V 都不同，输出也就不同。`,
    handMade: '手工构造的教学数据（不是模型学到的），引擎现算。',
    /** @param {string} t */
    weightsOf: (t) => `「${t}」这一行的注意力权重`,
    token: 'token',
    weight: '权重',
    /** @param {string} t */
    inputLabel: (t) => `输入 x（「${t}」这一行，三句相同）：`,
    outputLabel: '注意力输出 o = Σ w·v：',
    cosTitle: '三个输出之间的余弦',
    /** @param {string} t @param {string} one the engine's cosine of the inputs */
    cosHelp: (t, one) =>
      `三个输入 x 两两的余弦都是 ${one}（同一行）。三个输出两两的余弦：同一个「${t}」，经过注意力之后指向了不同的方向。`,
    cosInputs: '输入 x 之间',
    cosOutputs: '输出 o 之间',
    senseLetter: ['A', 'B', 'C'],
    /** @param {string} a @param {string} b */
    pairName: (a, b) => `句 ${a} 与句 ${b}`,
    /** @param {number} d */
    notYet: (d) =>
      `这里只有一层注意力、一个头、手工的 ${d} 维向量。真模型里每个 softmax 注意力层都这样混一次上下文（混合模型里的线性注意力层或状态空间层用另一种方式混），一层层叠上去；输出还要乘 Wo 再加回 token 自己的向量（第 7 课）。`,
  },
  en: {
    /** @param {string} t */
    title: (t) => `One token ${t} (hua), three sentences, three outputs`,
    /** @param {string} t */
    help: (t) =>
      `An embedding table looks a row up by the token’s id and never sees the sentence: the ${t} (hua) at the end of all three sentences gets the same row x. Attention’s output is that row’s weighted sum of the V rows it can see: a different context gives different weights over different values, so a different output.`,
    handMade: 'Hand-made teaching data (not learned by any model), computed by the engine.',
    /** @param {string} t */
    weightsOf: (t) => `Attention weights of the ${t} (hua) row`,
    token: 'token',
    weight: 'weight',
    /** @param {string} t */
    inputLabel: (t) => `Input x (the ${t} (hua) row, the same in all three): `,
    outputLabel: 'Attention output o = Σ w·v: ',
    cosTitle: 'Cosines between the three outputs',
    /** @param {string} t @param {string} one the engine's cosine of the inputs */
    cosHelp: (t, one) =>
      `Every two inputs x have cosine ${one} (one row). Every two outputs: the same ${t} (hua) points different ways after attention.`,
    cosInputs: 'between the inputs x',
    cosOutputs: 'between the outputs o',
    senseLetter: ['A', 'B', 'C'],
    /** @param {string} a @param {string} b */
    pairName: (a, b) => `sentences ${a} and ${b}`,
    /** @param {number} d */
    notYet: (d) =>
      `Here there is one attention layer, one head and hand-made ${d}-dimensional vectors. A real model mixes in the context like this in every softmax-attention layer (a hybrid’s linear-attention or state-space layers mix it another way), one on top of the other, and the output is first multiplied by Wo and added back to the token’s own vector (lesson 7).`,
  },
};

/** Its self-check rows' names in Chinese, by their English name. */
export const CHECK_NAMES_ZH = {
  'the shared token’s input row x is the same in the three sentences (cos = 1.000)':
    '三句话里共同那个 token 的输入 x 是同一行（cos = 1.000）',
  'each weight row sums to 1': '每行权重和为 1',
  'each output = its weights · V (engine.matmul), max |Δ|':
    '每个输出 = 权重 · V（engine.matmul），最大 |Δ|',
  'no two outputs are parallel (every cosine < 0.99)': '任意两个输出都不平行（余弦都 < 0.99）',
};
