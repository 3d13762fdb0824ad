// Round 3 of docs/corrections.md: wording the round-3 readers found false or misleading, which
// the course must never say again. Same form as quotes.mjs's ROUND_1.

/** @type {[string, 'zh-CN' | 'en', RegExp][]} */
export const ROUND_3 = [
  // R3-1: lesson 7's residual widget is above "What to notice", not below
  ['R3-1', 'zh-CN', /下面的第二个组件接着往后走/],
  ['R3-1', 'en', /The second widget below goes on/],
  // R3-2: the MLA ledger row holds the latent and the RoPE key
  ['R3-2', 'zh-CN', /只存潜向量/],
  ['R3-2', 'en', /MLA · latent only/],
  // R3-3: the self-check's toggle rotates the expanded key, not the latent
  ['R3-3', 'zh-CN', /把 RoPE 加在潜向量上（不解耦）/],
  ['R3-3', 'en', /RoPE on the latent \(no decoupling\)/],
  // R3-4: a head at the uniform level on <bos> need not be spreading evenly
  ['R3-4', 'zh-CN', /接近它的头只是在平均地看/],
  ['R3-4', 'en', /a head near it is just spreading evenly/],
  // R3-5: √d is the spread only for independent components of mean 0 and variance 1
  ['R3-5', 'zh-CN', /"不缩放时点积的标准差约 √dₖ，softmax 饱和，梯度消失"/],
  [
    'R3-5',
    'en',
    /Unscaled, q·k has a standard deviation near √dₖ, so softmax saturates and the gradients vanish/,
  ],
  ['R3-5', 'zh-CN', /传不回 Wq、Wk/],
  // R3-6: StreamingLLM observed the sink; the spare weight is its explanation
  ['R3-6', 'zh-CN', /模型把多余的注意力倒在开头的 token 上/],
  ['R3-6', 'en', /models pour spare attention onto the first token/],
  // R3-7: the lab model does not keep head_dim = n_embd / n_head either
  ['R3-7', 'zh-CN', /所以必须整除；锚点模型不守这个约定。/],
  ['R3-7', 'en', /the anchor model does not keep to this convention\./],
  // R3-8: the page cited no evidence for the sink logit
  ['R3-8', 'zh-CN', /两个出口的效果都来自实验/],
  ['R3-8', 'en', /Both ways out rest on experimental evidence: the abstract/],
  // R3-9: not every real model's heatmap shows a sink
  ['R3-9', 'zh-CN', /在真模型的热力图里能直接看到的，是课上讲的/],
  ['R3-9', 'en', /What a real model’s heatmaps show directly is the attention sink/],
  // R3-10: only full-attention layers keep K and V (the anchor: 16 of 64)
  ['R3-10', 'zh-CN', /每个 token 每层都?存一份 K、V/],
  ['R3-10', 'en', /keeps a K and a V in every layer/],
  // R3-11: with W_Q = W_K a dot product does not force the self-match
  ['R3-11', 'zh-CN', /给自己打最高分就不再是必然的/],
  ['R3-11', 'en', /scoring itself highest is no longer forced/],
  // R3-12: the train page's question assumed the patterns appear
  ['R3-12', 'zh-CN', /要训练多久，注意力里才会出现/],
  ['R3-12', 'en', /how long does it train before a previous-character head/],
  ['R3-12', 'en', /are what large models trained far longer show/],
];
