// Round 5 of docs/corrections.md: the misleading wordings rounds 3 and 4 recorded for a next
// pass, fixed; the course must never say them again. Same form as quotes.mjs's ROUND_1.

/** @type {[string, 'zh-CN' | 'en', RegExp][]} */
export const ROUND_5 = [
  // R5-1: QK-Norm comes on top of ÷√d, not as the alternative
  ['R5-1', 'zh-CN', /缩放是标配，或者加 QK-Norm/],
  ['R5-1', 'en', /Scaling is standard; or add QK-Norm/],
  // R5-2: "the spare weight must go somewhere" is StreamingLLM's explanation, not a fact shown
  ['R5-2', 'zh-CN', /这就是 sink 的来历/],
  ['R5-2', 'en', /that is where sinks come from/],
  // R5-3: the T × T scores are an intermediate; what the dot product avoids is a vector per pair
  ['R5-3', 'zh-CN', /不落大张量|不用落大张量/],
  ['R5-3', 'en', /no big intermediate/],
  // R5-4: the √d law holds for components of mean 0 and variance 1
  ['R5-4', 'zh-CN', /不除以 √d，维数越大 softmax 越接近 one-hot/],
  ['R5-4', 'en', /without ÷√d, the wider the head, the closer softmax gets to one-hot/],
  // R5-5: only a nonlinear recurrence must run step by step
  ['R5-5', 'zh-CN', /(?<!）时，)hₜ 必须等 hₜ₋₁ 算完/],
  ['R5-5', 'en', /(?<!GRU\), )(?<!GRU\), an RNN’s )hₜ must wait for hₜ₋₁/],
  // R5-6: hybrids mix the context by attention only in their attention layers
  ['R5-6', 'zh-CN', /真模型里每层都这样混一次上下文/],
  ['R5-6', 'en', /mixes in the context like this in every layer/],
  // R5-7: the ablation is not the lab's hybrid model
  ['R5-7', 'zh-CN', /同一个模型、同样的 \S+ 步训练/],
  ['R5-7', 'en', /The same model and the same \S+ training steps/],
  // R5-8: the heatmap page has three maps: "the first / second", not above / below
  ['R5-8', 'zh-CN', /上图是一组手写的示意数字|在上图里悬停|再到下图里点/],
  // R5-9: 平分 is "split equally"; softmax turns differences into ratios
  ['R5-9', 'zh-CN', /按分数大小平分/],
  ['R5-9', 'en', /Softmax magnifies differences exponentially/],
];
