// Round 2 of docs/corrections.md (lessons 6-10, the heatmap page, branches B1 and B4, the KV
// ledger): wording the independent readers found false or
// misleading, which the course must never say again. Same form as quotes.mjs's ROUND_1.

/** @type {[string, 'zh-CN' | 'en', RegExp][]} */
export const ROUND_2_LEDGER = [
  // B1: 1 − a/b is positive when a < b; the reduction is a/b − 1
  ['R2-B1', 'zh-CN', /1 − [\d,]+( B)? \/ [\d,]+( B)? = /],
  ['R2-B1', 'en', /1 − [\d,]+( B)? \/ [\d,]+( B)? = /],
  // B2: cached and recomputed decoding agree up to rounding, not bit for bit
  ['R2-B2', 'zh-CN', /重算一遍逐位相同/],
  ['R2-B2', 'en', /identical, bit for bit, to recomputing/],
  ['R2-B2', 'zh-CN', /(反复用|份)，输出逐位相同/],
  ['R2-B2', 'en', /(reused|rows|computes only \S+), with identical output/],
  // B3: GQA equals an MHA with K/V weights tied in a group; against a free MHA it is a constraint
  ['R2-B3', 'zh-CN', /完全一样，省掉的只是重复存的那份 K\/V/],
  ['R2-B3', 'en', /all GQA drops is the duplicated K\/V/],
  // B4: 82.2% is DeepSeek-V2 against DeepSeek 67B (60 vs 95 layers), not MLA's own saving
  ['R2-B4', 'zh-CN', /只看 BF16，MLA 省的是/],
  ['R2-B4', 'en', /in BF16 alone MLA saves/],
  ['R2-B4', 'zh-CN', /只按 BF16 比，相对 67B 是/],
  ['R2-B4', 'en', /In BF16 alone, against 67B, it is/],
  // B5: no lesson shows MLA's quality; DeepSeek-V2's ablations do
  ['R2-B5', 'zh-CN', /质量更接近 MHA（第 9、10 课）/],
  ['R2-B5', 'en', /closer to MHA in quality \(lessons 9 and 10\)/],
  // B6: the first factor of the expanded cache is the heads, not K and V
  ['R2-B6', 'zh-CN', /存展开后的 K、V：(\$\{H\}|\d+) × \(/],
  ['R2-B6', 'en', /like MHA instead: (\$\{H\}|\d+) × \(/],
  // B7: many models keep base 10,000; the larger bases are read from models.json
  ['R2-B7', 'zh-CN', /常常大上百倍、上千倍/],
  ['R2-B7', 'en', /often hundreds or thousands of times larger/],
  // B8: the whole score depends on position only through j − i, not "a part" of it
  ['R2-B8', 'zh-CN', /的那部分都不变/],
  // B9: the FFN adds its change first and the next layer reads the normalised sum
  ['R2-B9', 'zh-CN', /下一层的注意力读的是加完之后的向量/],
  ['R2-B9', 'en', /The next layer’s attention reads the sum/],
  // B10: Xiao 2023 observed the sink; the spare weight is their explanation
  ['R2-B10', 'zh-CN', /Xiao 2023 发现，模型会把多余的注意力倒在/],
  ['R2-B10', 'en', /Xiao 2023 found that models then dump the spare attention/],
  // B11: only a nonlinear recurrence cannot run in parallel; linear ones train chunkwise
  ['R2-B11', 'zh-CN', /算完，一层里的步骤不能并行/],
  ['R2-B11', 'en', /must wait for [^,;()]{1,60}, so the steps of a layer cannot run in parallel/],
  ['R2-B11', 'zh-CN', /次，而且这些步一步也不能并行/],
  ['R2-B11', 'en', /in all, and none of them can run in parallel/],
  ['R2-B11', 'zh-CN', /T = [\d,]+ 时每层 [\d,]+ 步不能并行/],
  ['R2-B11', 'en', /\. At T = [\d,]+ each layer has [\d,]+ steps that cannot run in parallel/],
  // B12: a weight is a coefficient; j's contribution is w_ij v_j
  ['R2-B12', 'zh-CN', /token j 的 V 占得多/],
  ['R2-B12', 'en', /token j’s V makes up much of token i’s attention output/],
  // B13: distance also gets in through what earlier layers wrote into q and k
  ['R2-B13', 'zh-CN', /距离只能通过位置编码/],
  ['R2-B13', 'en', /distance can enter the score only through position encoding/],
  ['R2-B13', 'zh-CN', /距离能不能进入分数，要看位置编码/],
  ['R2-B13', 'en', /Whether distance enters the score depends on position encoding/],
  // B14: with a sink logit a row sums to less than 1
  ['R2-B14', 'zh-CN', /在因果注意力的热力图里，每一行的权重加起来都等于 1/],
  ['R2-B14', 'en', /in a causal attention heatmap, the weights of every row add up to 1/],
  // B15: the third map has no causal mask; in a causal model the row of "it" could not change
  ['R2-B15', 'zh-CN', /等于 1；右上角三角形是灰的——因果掩码/],
  ['R2-B15', 'en', /every row sums to 1; the grey upper triangle is the causal mask/],
  ['R2-B15', 'zh-CN', /每行加起来是 100%，右上三角为 0/],
  ['R2-B15', 'en', /Every row sums to 100% and the upper triangle is 0/],
  ['R2-B15', 'en', /another vector \(earlier layers have mixed the context in\)/],
  ['R2-B15', 'zh-CN', /向量不一样（前面的层已经把上下文混了进来）/],
];
