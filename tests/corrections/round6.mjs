// Round 6 of docs/corrections.md: the last items rounds 3 and 5 recorded as "not fixed", fixed;
// the course must never say them again. Same form as quotes.mjs's ROUND_1. A pattern matches the
// wording as it reaches a page (numbers filled in) and as a string table holds it (numbers as
// arguments, which the tests fill with 7).

/** @type {[string, 'zh-CN' | 'en', RegExp][]} */
export const ROUND_6 = [
  // R6-1: the anchor's assumed RoPE base, without the family's far larger one
  ['R6-1', 'zh-CN', /（引擎的默认值）。models\.json 记下的真实模型/],
  ['R6-1', 'en', /\(the engine’s default\)\. The real models/],
  // R6-2: the evolution map's MLA −82.2% against 67B without the depth of the two models
  ['R6-2', 'zh-CN', /按 BF16 比 67B 少 [^，；。]*；官方的/],
  ['R6-2', 'en', /against 67B in BF16, while the official/],
  // R6-3: the anchor's linear state "in all", though it counts the state matrices S only
  ['R6-3', 'zh-CN', /只存固定大小的状态（共 |锚点线性层的固定状态按 float32/],
  [
    'R6-3',
    'en',
    /fixed-size state \([^)]* in all\)|linear layers keep their fixed state in float32/,
  ],
  // R6-4: the 890 B/token belongs to DeepSeek-V4.1-Flash
  ['R6-4', 'zh-CN', /DeepSeek-V4\.1(?!-Flash)/],
  ['R6-4', 'en', /DeepSeek-V4\.1(?!-Flash)/],
  // R6-5: models.json credits the 890 B to cross-layer reuse and FP4 KV, not to sparsity
  ['R6-5', 'zh-CN', /压缩、稀疏与 FP4 KV 叠加/],
  ['R6-5', 'en', /compression, sparsity and FP4 KV combined/],
  // R6-6: cross-attention is defined by where Q and K/V come from, not by a model family
  ['R6-6', 'zh-CN', /这一族里没有它/],
  ['R6-6', 'en', /which the family of the anchor model/],
  // R6-7: a slider's misconception note quotes the myth; the label never stands right before a
  // true fact ("A common misconception: 1 is attention's path")
  ['R6-7', 'zh-CN', /常见的误解：\s*[−\d]/],
  ['R6-7', 'en', /A common misconception:\s*[−\d]/],
  // R6-8: the lab's self-check counts the hybrid's KV in float32, the page's table in BF16
  ['R6-8', 'zh-CN', /每 token 的 KV 字节 \+ 状态 = 引擎账本（float32）/],
  ['R6-8', 'en', /KV bytes per token \+ state = engine ledger \(float32\)/],
  // R6-9: the columns are labelled "Take back K" and "Take back V"
  ['R6-9', 'en', /“retrieve K”|“retrieve V”/],
  // R6-10: the exercise's Chinese solution comments in Chinese
  ['R6-10', 'zh-CN', /scores of query i against every key|the weighted sum of the value rows/],
  ['R6-10', 'zh-CN', /query heads per K\/V head/],
  // R6-11: lesson 7 names multi-head attention in Chinese too (the glossary's first page)
  ['R6-11', 'zh-CN', /多头是几个各做一次 softmax/],
  // R6-12: what the ledger compares is cache bytes, not everything "MLA saves"
  ['R6-12', 'zh-CN', /DeepSeek-V2 的 MLA 省了多少|MLA 省的是不像 MQA 那样掉质量/],
  ['R6-12', 'en', /What DeepSeek-V2’s MLA saves|What MLA saves is/],
  // R6-13: B1's count table has an RNN and an attention column, no column per T
  ['R6-13', 'zh-CN', /T = \S+ 的一列/],
  // Round 6's readers, on the first wording of the fixes above
  ['R6-1', 'zh-CN', /我们没有它的出处|它所在的这一族/],
  ['R6-1', 'en', /we have no source for it/],
  ['R6-3', 'zh-CN', /层里若有短卷积/],
  ['R6-3', 'en', /where the layers have a short convolution/],
  ['R6-5', 'zh-CN', /这个数含 KV 的跨层复用/],
  ['R6-5', 'en', /counting KV reused across layers|a figure that counts KV reused/],
  ['R6-6', 'zh-CN', /的全注意力层用的是自注意力/],
  ['R6-6', 'en', /\), are self-attention/],
  // the myths and corrections that misled (the Chinese labels' spacing is held by
  // tests/js/predict.test.mjs on the HTML: a drawn page's text puts a space between elements)
  ['R6-7', 'zh-CN', /第一个键拿得最多/],
  ['R6-7', 'en', /the most for the first key|gives the highest score the largest weight/],
  ['R6-7', 'en', /: the dot product only when|without a cache too/],
  ['R6-8', 'zh-CN', /它的表里/],
  ['R6-8', 'en', /\(its table counts/],
  ['R6-10', 'zh-CN', /每个 K\/V 头由几个 Q 头共用/],
  ['R6-12', 'zh-CN', /每个头仍有自己的 K、V/],
  ['R6-12', 'en', /every head’s own K and V/],
  // round 6, the second readers' pass: "linear layers" read as dense layers; the ledger's
  // "the anchor's layers" (all 64) where only the linear-attention ones have a convolution;
  // "wider" with nothing it is wider than
  ['R6-6', 'en', /full-attention and linear layers alike/],
  ['R6-3', 'en', /the anchor’s layers also have a short convolution/],
  ['R6-3', 'zh-CN', /在锚点里是一小份固定状态/],
  ['R6-12', 'en', /a wider latent/],
  ['R6-12', 'zh-CN', /更宽的潜向量/],
];
