// Round 2 of docs/corrections.md (the lab, train, quiz, summary, misconceptions, milestone,
// exercise and playground pages): wording the independent readers found false or
// misleading, which the course must never say again. Same form as quotes.mjs's ROUND_1.

/** @type {[string, 'zh-CN' | 'en', RegExp][]} */
export const ROUND_2_LAB = [
  // C1: an untrained model's loss is near ln(vocabulary), above the unigram baseline
  ['R2-C1', 'zh-CN', /损失接近一元基线（模型只会按字频猜）/],
  [
    'R2-C1',
    'en',
    /the loss is near the unigram baseline \(the model guesses from character counts\)/,
  ],
  // C2: the lab's model shows no clean sink or previous-character head either
  ['R2-C2', 'zh-CN', /实验课的模型就是这样/],
  ['R2-C2', 'zh-CN', /实验课的模型就训练了久得多/],
  ['R2-C2', 'zh-CN', /在训练好的大模型里看同样的模式/],
  ['R2-C2', 'en', /as the lab’s model had/],
  ['R2-C2', 'en', /\(the lab’s model trained far longer\)/],
  ['R2-C2', 'en', /the same patterns in the model we trained for longer/],
  // C3: the new items' parts did not add up (two had no category)
  ['R2-C3', 'zh-CN', /道把学过的道理用到没见过的情形；另外/],
  ['R2-C3', 'en', /to carry an idea to a case the lessons did not show; the other/],
  // C4: the lab's <bos> shares are near the uniform level, not a sink
  ['R2-C4', 'zh-CN', /attention sink 真实存在/],
  ['R2-C4', 'en', /the attention sink is real\./],
  ['R2-C4', 'zh-CN', /越多地把注意力「倒」在 <bos> 上/],
  ['R2-C4', 'en', /the more this head "parks" its attention on <bos>/],
  ['R2-C4', 'zh-CN', /岔路 B4 和实验课里的 attention sink/],
  ['R2-C4', 'en', /the attention sink of branch B4 and the lab/],
  // C5: the linear layers' state is S and the convolution's last inputs, in float32
  ['R2-C5', 'zh-CN', /个线性层固定的状态 [^（]+（与长度无关）/],
  ['R2-C5', 'en', /linear layers' fixed state of \S+ B? ?\(the same at any length\)/],
  // C6: Vaswani et al. suspect small gradients; training slows, it does not stop
  ['R2-C6', 'zh-CN', /loss 降不动/],
  ['R2-C6', 'en', /the loss does not go down/],
  // C7: multi-head costs what one head does only when heads × head width = width
  ['R2-C7', 'zh-CN', /同样的计算量切成几份/],
  ['R2-C7', 'en', /cuts the same compute into pieces/],
  ['R2-C7', 'en', /the same amount of computation cut into pieces/],
  // C8: the paper's motive is softmax saturation, not "variance 1 trains best"
  ['R2-C8', 'zh-CN', /「方差为 1 训练最好」才是背后的动机/],
  ['R2-C8', 'en', /that variance 1 trains best is the motivation behind it/],
  ['R2-C8', 'zh-CN', /「方差为 1 时训练最好」本身是理论动机/],
  ['R2-C8', 'en', /That variance 1 trains best is itself a theoretical motivation/],
  // C9: cosine and distance are one matrix product too; the edge is over additive scores only
  ['R2-C9', 'zh-CN', /点积胜在一次矩阵乘就算完/],
  ['R2-C9', 'zh-CN', /(?<!比，)点积胜在全部配对一次矩阵乘/],
  ['R2-C9', 'zh-CN', /它胜在算得快、存得少，效果靠实验检验/],
  ['R2-C9', 'en', /the dot product wins by being one matrix product with no big intermediate/],
  ['R2-C9', 'en', /(?<!additive network )[Tt]he dot product wins because one matrix product/],
  ['R2-C9', 'en', /it wins by being fast and small, and its quality is settled by experiment/],
  // C10: the KV cache spends memory to save recomputation
  ['R2-C10', 'zh-CN', /生成时的一切优化/],
  ['R2-C10', 'en', /every generation-time trick \(KV cache, GQA, MLA\) saves on/],
  // C11: only the teaching-world attention numbers are engine.attention calls
  ['R2-C11', 'zh-CN', /组件里的每个数，你都能用 engine\.attention/],
  ['R2-C11', 'en', /every number in the widgets can be reproduced with engine\.attention/],
  // C12: zeroing after softmax and renormalising gives the same; the mask need not be adjacent
  ['R2-C12', 'zh-CN', /掩码必须紧挨在 softmax 之前/],
  ['R2-C12', 'en', /The mask must come right before softmax/],
  // C13: a hand-written causal mask also fails the no-mask input
  ['R2-C13', 'zh-CN', /窗口那一组一定错/],
  ['R2-C13', 'en', /gets the first two right and the window wrong/],
  // C14: Chinese prose says 查询 and 键
  ['R2-C14', 'zh-CN', /第一个 query/],
  ['R2-C14', 'zh-CN', /第 i 个 query 可以看第 j 个 key/],
];
