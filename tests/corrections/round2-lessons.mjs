// Round 2 of docs/corrections.md (lessons 1-5, the index, the walkthrough, the evolution map):
// wording the independent readers found false or
// misleading, which the course must never say again. Same form as quotes.mjs's ROUND_1.

/** @type {[string, 'zh-CN' | 'en', RegExp][]} */
export const ROUND_2_LESSONS = [
  // A1: the KV cache spends memory to save recomputation; only MQA, GQA, MLA shrink it
  ['R2-A1', 'zh-CN', /生成时的几步（KV cache、MQA、GQA、MLA）解决的是「存得下」/],
  ['R2-A1', 'en', /generation-time steps \(KV cache, MQA, GQA, MLA\) make it fit in memory/],
  // A2: RoPE's rotation sits between the query and W_UK, not between W_UK and the cache
  ['R2-A2', 'zh-CN', /夹在展开矩阵和缓存之间/],
  ['R2-A2', 'en', /between an expansion matrix and the cache/],
  // A3: the numbers are the course's, the order is the chapter's logic, not history
  ['R2-A3', 'zh-CN', /每一步都被上一步的一个真数字逼出来/],
  ['R2-A3', 'zh-CN', /每一代都留下一个真数字/],
  ['R2-A3', 'zh-CN', /又被哪个真数字逼出下一步/],
  ['R2-A3', 'zh-CN', /每一步到底是被什么逼出来的/],
  ['R2-A3', 'en', /each step forced by a real number of the one before/],
  ['R2-A3', 'en', /Every generation left behind one real number/],
  ['R2-A3', 'en', /which real number forced the next/],
  ['R2-A3', 'en', /what forced each step\?/],
  // A4: only W_UK goes into the query side; W_UV goes into the output projection W_O
  ['R2-A4', 'zh-CN', /把展开矩阵吸收进 Q/],
  ['R2-A4', 'zh-CN', /把展开吸收进 ?(query|查询)/],
  ['R2-A4', 'zh-CN', /把展开并进查询和输出/],
  ['R2-A4', 'en', /expansion absorbed into Q\b/],
  ['R2-A4', 'en', /absorbs the expansion into (Q\b|the query)/],
  ['R2-A4', 'en', /the expansion (is )?absorbed into the query/],
  // A5: sparse attention still stores every token's KV; only the linear layers stop that
  ['R2-A5', 'zh-CN', /换掉「按长度存」本身/],
  ['R2-A5', 'en', /Replaces storing by length itself/],
  // A6: the anchor's linear-layer state is float32, not BF16
  ['R2-A6', 'zh-CN', /config（BF16 每元素 2 字节）/],
  ['R2-A6', 'en', /models\.json \(BF16, 2 bytes per element\)/],
  // A7: GLM-5.3's figure holds the RoPE key too, and leaves out the indexer's keys
  ['R2-A7', 'zh-CN', /只算潜向量就要/],
  ['R2-A7', 'en', /of latents alone/],
  // A8: √d is the std only if the components are independent with mean 0 and variance 1
  ['R2-A8', 'zh-CN', /锚点模型每头 ?\S{1,12} ?维，点积标准差/],
  ['R2-A8', 'zh-CN', /锚点每头 ?\S{1,12} ?维，点积标准差/],
  ['R2-A8', 'zh-CN', /同一行分差十几二十很常见/],
  ['R2-A8', 'zh-CN', /梯度传不回 Wq/],
  ['R2-A8', 'zh-CN', /(?<!均值为 0、)分量独立、方差为 1/],
  ['R2-A8', 'en', /The anchor model has \S{1,12} dims per head, so dot products have std/],
  ['R2-A8', 'en', /dims per head \(the anchor\), dot products have standard deviation/],
  ['R2-A8', 'en', /gradients stop reaching/],
  ['R2-A8', 'en', /independent components of variance 1/],
  ['R2-A8', 'en', /independent with variance 1/],
  // A9: at saturation every entry of the softmax Jacobian is near 0, the top key's too
  ['R2-A9', 'zh-CN', /其余键的梯度几乎为 0/],
  ['R2-A9', 'zh-CN', /对其余分数的梯度几乎为 0/],
  ['R2-A9', 'en', /the other keys’ gradients nearly vanish/],
  ['R2-A9', 'en', /passes almost no gradient to the other scores/],
  // A10: the misconception label stood right before the correct fact
  ['R2-A10', 'zh-CN', /常见的误解：\s*注意力本身没有方向/],
  ['R2-A10', 'zh-CN', /常见的误解：\s*K 是为了/],
  ['R2-A10', 'en', /A common misconception:\s*Attention itself has no direction/],
  ['R2-A10', 'en', /A common misconception:\s*K is learned for being found/],
  // A11: near-identical keys are a property of the hand-made vectors, not of being names
  ['R2-A11', 'zh-CN', /K 是为了「?被找到」?而?学的/],
  ['R2-A11', 'zh-CN', /取回 ?K? ?就?分不清是谁/],
  ['R2-A11', 'zh-CN', /都是人名：它们的 K 几乎同向/],
  ['R2-A11', 'en', /K is learned for being found/],
  ['R2-A11', 'en', /taking back K cannot tell who/],
  ['R2-A11', 'en', /could not tell (them apart|who is who)/],
  ['R2-A11', 'en', /(taking K back|taking them back) loses who/],
  ['R2-A11', 'en', /are both names: their keys point/],
  // A12: with RoPE q·k does depend on j − i; what it lacks is anything that blocks a later key
  ['R2-A12', 'zh-CN', /分数 q·k 不知道先后/],
  ['R2-A12', 'zh-CN', /权重只看分数，不看先后/],
  ['R2-A12', 'en', /the score q·k knows no order/],
  ['R2-A12', 'en', /Weights follow the scores, not the order/],
  // A13: separate W_Q and W_K only stop forcing the self-match
  ['R2-A13', 'zh-CN', /学出来的矩阵，不会这样/],
  ['R2-A13', 'en', /so this does not happen there/],
  // A14: a token scores its own key too (the diagonal is visible)
  ['R2-A14', 'zh-CN', /拿自己的 Q 和前面 token 的 K 打分/],
  ['R2-A14', 'en', /scores its Q against the K of earlier tokens/],
  // A15: 已学 is "covered", not "learned" (which reads as trained weights)
  ['R2-A15', 'en', /\(learned\)/],
  // A16: "(right)" read as "on the right"
  ['R2-A16', 'en', /−∞ before softmax \(right\)/],
  // A18: the paper's title calls the gated model attention-sink-free; its abstract, mitigates
  ['R2-A18', 'zh-CN', /「缓解」(attention )?sink，不是消除/],
  ['R2-A18', 'en', /not that it removes (them|it)/],
  ['R2-A18', 'en', /it does not remove it/],
];
