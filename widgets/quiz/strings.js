// Every string <attn-quiz> shows, in both languages (help gets logic.js makeUp; the questions
// themselves are course-data/quiz.json).

/**
 * @typedef {{ total: number, kinds: Record<string, number>, own: number, checks: number,
 *   calculation: number, bug: number, transfer: number, recall: number }} MakeUp
 * @typedef {{ answered: number, total: number, firstRight: number, tried: number }} Score
 */

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '期末测验：这一章学会了没有',
    checkTitle: '检查一下',
    checkHelp:
      '关于这一课的几道题：作答后按「检查」。答错了可以再试一次，第二次之后显示答案和为什么；算进进度的是第一次的结果。答过的题记在这台电脑的浏览器里，目录页显示你的进度。',
    /** @param {MakeUp} c */
    help: (c) =>
      `共 ${c.total} 题：${c.kinds.choice} 道选择、${c.kinds['true-false']} 道判断、${c.kinds.numeric} 道要填数、${c.kinds.order} 道排序。其中 ${c.own} 道是这里才有的新题：${c.calculation} 道要你自己算，${c.bug} 道在代码里找错，${c.transfer} 道把学过的道理用到没见过的情形，${c.recall} 道考你记不记得课上讲过的步骤和事实；另外 ${c.checks} 道是各课页末的检查题。每题答错可以再试一次，之后显示答案和纠正；成绩算第一次。数字由注意力引擎现算。`,
    /** @param {number} i @param {number} n */
    qn: (i, n) => `第 ${i} 题 / ${n}`,
    tfTrue: '对',
    tfFalse: '错',
    checkBtn: '检查',
    reset: '全部重来',
    resetNote: '「全部重来」只清掉这一页上的作答，第一次的结果照样记着。',
    pick: '先选一个答案，再按「检查」。',
    notNumber: '请填一个数：只用数字、小数点和千位逗号，后面可以跟题目的单位。',
    numberLabel: '你的答案',
    code: '代码',
    right: '✓ 答对了。',
    rightLater: '✓ 这次对了（第一次没对，进度里记的是第一次）。',
    retry: '✗ 还不对。再试一次：第二次之后会显示答案。',
    wrong: '✗ 不对。',
    tooHigh: '你的数偏大了。',
    tooLow: '你的数偏小了。',
    /** @param {number} k @param {number} n */
    orderPlaced: (k, n) => `${n} 项里有 ${k} 项放对了位置。`,
    /** @param {string} a */
    answerIs: (a) => `正确答案：${a}`,
    /** @param {boolean} t */
    answerTf: (t) => `这句话是${t ? '对' : '错'}的。`,
    /** @param {string} value @param {string} tolerance */
    answerNumber: (value, tolerance) => `正确答案：${value}（${tolerance}都算对）。`,
    /** @param {string} p */
    tolRelative: (p) => `与它相差 ±${p} 以内`,
    /** @param {string} a */
    tolAbsolute: (a) => `误差在 ±${a} 以内`,
    tolExact: '只有这个数',
    answerOrder: '正确的顺序：',
    badgeRight: '✓ 正确答案',
    badgeMine: '✗ 你的选择',
    placeRight: '✓ 位置对',
    placeWrong: '✗ 位置不对',
    /** @param {string} item */
    moveUp: (item) => `上移：${item}`,
    /** @param {string} item */
    moveDown: (item) => `下移：${item}`,
    /** @param {string} item @param {number} i @param {number} n */
    moved: (item, i, n) => `${item} 现在排第 ${i}（共 ${n} 项）。`,
    /** @param {string} title */
    review: (title) => `复习：${title}`,
    /** @param {Score} s */
    score: (s) =>
      `已检查 ${s.answered} / ${s.total} 题。第一次就答对：${s.firstRight} 题（试过 ${s.tried} 题）。`,
    /** @param {Score} s */
    allDone: (s) => (s.firstRight === s.total ? '全部第一次就答对！' : ''),
  },
  en: {
    title: 'Final quiz: what the chapter taught',
    checkTitle: 'Check yourself',
    checkHelp:
      'A few questions on this lesson: answer and press Check. A wrong answer may be tried once more; after the second try the answer and the reason show. Your progress counts the first try. Answers are kept in this browser, and the contents page shows your progress.',
    /** @param {MakeUp} c */
    help: (c) =>
      `${c.total} questions: ${c.kinds.choice} multiple choice, ${c.kinds['true-false']} true or false, ${c.kinds.numeric} asking for a number and ${c.kinds.order} asking for an order. ${c.own} are new here: ${c.calculation} ask you to calculate, ${c.bug} to find the bug in code, ${c.transfer} to carry an idea to a case the lessons did not show and ${c.recall} to recall a step or fact a lesson showed; the other ${c.checks} are the lessons’ own checks. A wrong answer may be tried once more, then the answer and the correction show; the score is your first tries. The numbers are computed live by the attention engine.`,
    /** @param {number} i @param {number} n */
    qn: (i, n) => `Question ${i} of ${n}`,
    tfTrue: 'True',
    tfFalse: 'False',
    checkBtn: 'Check',
    reset: 'Start over',
    resetNote: 'Start over clears the answers on this page; your first tries stay counted.',
    pick: 'Pick an answer first, then press Check.',
    notNumber:
      'Type a number: digits, a decimal point and thousands commas, with the question’s unit after it if you like.',
    numberLabel: 'Your answer',
    code: 'Code',
    right: '✓ Right.',
    rightLater: '✓ Right this time (not at the first try, which is what your progress counts).',
    retry: '✗ Not yet. Try once more: the answer shows after your second try.',
    wrong: '✗ Not quite.',
    tooHigh: 'Your number is too large.',
    tooLow: 'Your number is too small.',
    /** @param {number} k @param {number} n */
    orderPlaced: (k, n) => `${k} of the ${n} items are in the right place.`,
    /** @param {string} a */
    answerIs: (a) => `The right answer: ${a}`,
    /** @param {boolean} t */
    answerTf: (t) => `The statement is ${t ? 'true' : 'false'}.`,
    /** @param {string} value @param {string} tolerance */
    answerNumber: (value, tolerance) => `The right answer: ${value} (${tolerance} counts).`,
    /** @param {string} p */
    tolRelative: (p) => `anything within ±${p} of it`,
    /** @param {string} a */
    tolAbsolute: (a) => `anything within ±${a}`,
    tolExact: 'only this number',
    answerOrder: 'The right order:',
    badgeRight: '✓ right answer',
    badgeMine: '✗ your choice',
    placeRight: '✓ right place',
    placeWrong: '✗ wrong place',
    /** @param {string} item */
    moveUp: (item) => `Move up: ${item}`,
    /** @param {string} item */
    moveDown: (item) => `Move down: ${item}`,
    /** @param {string} item @param {number} i @param {number} n */
    moved: (item, i, n) => `${item} is now place ${i} of ${n}.`,
    /** @param {string} title */
    review: (title) => `Review: ${title}`,
    /** @param {Score} s */
    score: (s) =>
      `Checked ${s.answered} of ${s.total}. Right at the first try: ${s.firstRight} (of ${s.tried} tried).`,
    /** @param {Score} s */
    allDone: (s) => (s.firstRight === s.total ? 'All right at the first try!' : ''),
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name or, where a name holds the world's
 * tokens, its template ({query}: the token that plays the query; web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  'lesson 3 experiment: seed (softmax-variance/logic.js EXPERIMENT)':
    '第 3 课的实验：种子（softmax-variance/logic.js）',
  'lesson 3 experiment d = 256: std of q·k (engine.softmaxVariance)':
    '第 3 课的实验 d = 256：q·k 的标准差（engine.softmaxVariance）',
  'lesson 3 experiment d = 256: std of q·k / √d': '第 3 课的实验 d = 256：q·k / √d 的标准差',
  'lesson 3 experiment: keys in one softmax row': '第 3 课的实验：一行 softmax 里的键数',
  'lesson 3 experiment d = 256: largest weight of the row, unscaled':
    '第 3 课的实验 d = 256：不缩放时这一行的最大权重',
  'lesson 3 experiment d = 256: largest weight of the row, ÷√d':
    '第 3 课的实验 d = 256：÷√d 之后这一行的最大权重',
  'no mask: {query} → {answer} (engine.attention, {world})':
    '不加掩码：{query} → {answer}（engine.attention，「{title}」）',
  'T = 4,096: RNN steps per layer that cannot run in parallel': 'T = 4,096：RNN 每层不能并行的步数',
  'T = 4,096: updates from token 1 to token T':
    'T = 4,096：从第 1 个 token 到第 T 个要经过的更新次数',
  'T = 4,096: attention path length token 1 → token T (engine.causalMask)':
    'T = 4,096：注意力里第 1 个 token → 第 T 个的路径长度（engine.causalMask）',
  'cosine of K[{names.0}] and K[{names.1}] (engine.cosine)':
    'K[{names.0}] 与 K[{names.1}] 的余弦（engine.cosine）',
  'dialog example scores (teaching-world.json)': '对话样本的分数（teaching-world.json）',
  'softmax of the dialog scores (engine.softmax)': '对话样本分数的 softmax（engine.softmax）',
  'proportional split of the dialog scores (engine.proportionalSplit)':
    '对话样本分数按比例分（engine.proportionalSplit）',
  'zero after softmax: {query} row sum (engine.attention maskMode zero-after-softmax)':
    "softmax 之后再清零：「{query}」一行的和（engine.attention，maskMode 'zero-after-softmax'）",
  'anchor heads × head_dim vs hidden_size (models.json)':
    '锚点的头数 × head_dim 对 hidden_size（models.json）',
  'anchor layers (models.json layers)': '锚点的层数（models.json）',
  'anchor full-attention layers, the ones that keep KV (models.json fullAttentionLayers)':
    '锚点的全注意力层数，即存 KV 的层（models.json fullAttentionLayers）',
  'anchor KV bytes per token (engine.kvLedger formula)':
    '锚点每 token 的 KV 字节（engine.kvLedger 的算式）',
  'anchor (GQA-4) KV per token': '锚点（GQA-4）每 token 的 KV',
  'anchor native context (models.json)': '锚点的原生上下文（models.json）',
  'anchor (GQA-4) KV for one request at its native context':
    '锚点（GQA-4）原生上下文下一条请求的 KV',
  'anchor as MHA, KV per token': '锚点改用 MHA，每 token 的 KV',
  'anchor query heads (models.json)': '锚点的 Q 头数（models.json）',
  'anchor KV heads = groups (models.json)': '锚点的 KV 头数 = 组数（models.json）',
  'anchor query heads per group (models.json)': '锚点每组的 Q 头数（models.json）',
  'DeepSeek-V2 (MLA) KV per token (engine.kvLedger formula)':
    'DeepSeek-V2（MLA）每 token 的 KV（engine.kvLedger 的算式）',
  'DeepSeek-V2 vs DeepSeek LLM 67B, BF16 (engine.kvLedgerVariants)':
    'DeepSeek-V2 对 DeepSeek LLM 67B，BF16（engine.kvLedgerVariants）',
  'DeepSeek-V2 vs the same model built with MHA (engine.kvLedgerVariants)':
    'DeepSeek-V2 对同一个模型改用 MHA（engine.kvLedgerVariants）',
  'llama-3-8b: layers (models.json)': 'Llama 3 8B：层数（models.json）',
  'llama-3-8b: query heads (models.json)': 'Llama 3 8B：Q 头数（models.json）',
  'llama-3-8b: KV heads (models.json)': 'Llama 3 8B：KV 头数（models.json）',
  'llama-3-8b: head_dim (models.json)': 'Llama 3 8B：head_dim（models.json）',
  'llama-3-8b: context (models.json)': 'Llama 3 8B：上下文长度（models.json）',
  'Llama 3 8B KV bytes per token (engine.kvLedger formula)':
    'Llama 3 8B 每 token 的 KV 字节（engine.kvLedger 的算式）',
  'Llama 3 8B KV per token in KiB (engine.kvLedger)': 'Llama 3 8B 每 token 的 KV，以 KiB 计',
  'Llama 3 8B as MHA, KV per token in KiB (engine.kvLedgerVariants)':
    'Llama 3 8B 改用 MHA，每 token 的 KV，以 KiB 计（engine.kvLedgerVariants）',
  'Llama 3 8B, K or V alone, per token in KiB (half the ledger)':
    'Llama 3 8B 只算 K（或只算 V），每 token，以 KiB 计（账本的一半）',
  'Llama 3 8B KV per token of one layer, in KiB (the ledger ÷ layers)':
    'Llama 3 8B 一层的每 token KV，以 KiB 计（账本 ÷ 层数）',
  'llama-3-70b: layers (models.json)': 'Llama 3 70B：层数（models.json）',
  'llama-3-70b: query heads (models.json)': 'Llama 3 70B：Q 头数（models.json）',
  'llama-3-70b: KV heads (models.json)': 'Llama 3 70B：KV 头数（models.json）',
  'llama-3-70b: head_dim (models.json)': 'Llama 3 70B：head_dim（models.json）',
  'llama-3-70b: context (models.json)': 'Llama 3 70B：上下文长度（models.json）',
  'Llama 3 70B KV bytes per token (engine.kvLedger formula)':
    'Llama 3 70B 每 token 的 KV 字节（engine.kvLedger 的算式）',
  'Llama 3 70B KV of one request at its full context, in GiB (engine.kvLedgerVariants)':
    'Llama 3 70B 用满上下文的一条请求的 KV，以 GiB 计（engine.kvLedgerVariants）',
  'Llama 3 70B KV of one request at its full context, in bytes':
    'Llama 3 70B 用满上下文的一条请求的 KV，以字节计',
  'Llama 3 70B KV of one request at its full context, in MiB':
    'Llama 3 70B 用满上下文的一条请求的 KV，以 MiB 计',
  'Llama 3 70B as MHA, KV of one request at its full context, in GiB':
    'Llama 3 70B 改用 MHA，用满上下文的一条请求的 KV，以 GiB 计',
  'Llama 3 70B, K or V alone, one request at its full context, in GiB':
    'Llama 3 70B 只算 K（或只算 V），用满上下文的一条请求，以 GiB 计',
  'qwen2.5-7b: layers (models.json)': 'Qwen2.5-7B：层数（models.json）',
  'qwen2.5-7b: KV heads (models.json)': 'Qwen2.5-7B：KV 头数（models.json）',
  'qwen2.5-7b: head_dim (models.json)': 'Qwen2.5-7B：head_dim（models.json）',
  'Qwen2.5-7B KV bytes per token (engine.kvLedger formula)':
    'Qwen2.5-7B 每 token 的 KV 字节（engine.kvLedger 的算式）',
  'Qwen2.5-7B KV per token (engine.kvLedger)': 'Qwen2.5-7B 每 token 的 KV（engine.kvLedger）',
  'gpt2: layers (models.json)': 'GPT-2：层数（models.json）',
  'gpt2: heads (models.json)': 'GPT-2：头数（models.json）',
  'gpt2: head_dim (models.json)': 'GPT-2：head_dim（models.json）',
  'GPT-2 KV bytes per token (engine.kvLedger formula)':
    'GPT-2 每 token 的 KV 字节（engine.kvLedger 的算式）',
  'GPT-2 KV per token (engine.kvLedger)': 'GPT-2 每 token 的 KV（engine.kvLedger）',
  'anchor KV per token (engine.kvLedger)': '锚点每 token 的 KV（engine.kvLedger）',
  'DeepSeek-V2 KV per token (engine.kvLedger)': 'DeepSeek-V2 每 token 的 KV（engine.kvLedger）',
  'DeepSeek-V2 latent alone, without its RoPE key (layers × kv_lora_rank × 2 B)':
    'DeepSeek-V2 只算潜向量、不算 RoPE 键（层数 × kv_lora_rank × 2 B）',
  'DeepSeek-V2 cache counted twice, as if K and V each had a latent':
    'DeepSeek-V2 的缓存算了两遍，好像 K、V 各有一个潜向量',
  'lesson 3 experiment d = 128: std of q·k (engine.softmaxVariance)':
    '第 3 课的实验 d = 128：q·k 的标准差（engine.softmaxVariance）',
  'lesson 3 experiment d = 256: std of q·k, as a value':
    '第 3 课的实验 d = 256：q·k 的标准差（数值）',
  'twice the std at d = 128 (a wrong answer: the std grows with √d, not d)':
    'd = 128 时标准差的两倍（错误答案：标准差随 √d 长，不随 d 长）',
  'half the anchor head width': '锚点每头维数的一半',
  'MiB in a GiB': '1 GiB 里的 MiB 数',
  'the factor of the std when d doubles': 'd 翻倍时标准差乘的倍数',
  '{object} row scores ÷√d (engine.attention, {world})':
    '「{object}」一行的分数 ÷√d（engine.attention，「{title}」）',
  '{object} row: softmax weight of the middle key, % (engine.attention)':
    '「{object}」一行：中间那个键的 softmax 权重，%（engine.attention）',
  '{object} row: the middle key’s proportional share, % (engine.proportionalSplit)':
    '「{object}」一行：中间那个键按比例分到的份额，%（engine.proportionalSplit）',
  '{object} row: an even split over its keys, %': '「{object}」一行：平分给各个键，%',
  'the query head the GQA question asks about (from 0)': 'GQA 那道题问的 Q 头（从 0 编号）',
  'the anchor’s last query head (from 0)': '锚点最后一个 Q 头的编号（从 0 编号）',
  'the anchor’s last KV head (from 0)': '锚点最后一个 KV 头的编号（从 0 编号）',
  'KV head of the asked query head (⌊h / (H/G)⌋)': '所问 Q 头读的 KV 头（⌊h / (H/G)⌋）',
  'h mod G (a wrong answer: heads dealt out in turn)': 'h 除以 G 的余数（错误答案：把头轮流分配）',
  '⌊h / G⌋ (a wrong answer: divided by the number of groups)': '⌊h / G⌋（错误答案：除以了组数）',
  'mask question: T': '掩码那道题：T',
  'mask question: the position asked (from 1)': '掩码那道题：所问的位置（从 1 数）',
  'causal mask row of that position (engine.causalMask)': '该位置的因果掩码行（engine.causalMask）',
  'causal mask row one position earlier (a wrong answer: itself excluded)':
    '前一个位置的掩码行（错误答案：没让它看自己）',
  'causal mask row one position later (a wrong answer: counted from 0)':
    '后一个位置的掩码行（错误答案：从 0 数）',
  'causal mask column of that position (a wrong answer: the transpose)':
    '该位置的掩码列（错误答案：转置）',
  'future masked with 0 instead of −∞: {query} → {answer} (engine.softmax)':
    '未来用 0 而不是 −∞ 掩码：{query} → {answer}（engine.softmax）',
  'softmax down the columns: the first token’s row (engine.softmax of column 0)':
    '沿列做 softmax：第一个 token 的那一行（engine.softmax，第 0 列）',
  'no-cache question: prompt tokens (the widget’s largest)':
    '不用缓存那道题：提示长度（小部件的最大值）',
  'no-cache question: generated tokens (the widget’s largest)':
    '不用缓存那道题：生成长度（小部件的最大值）',
  'K/V rows computed at each step without a cache (engine.tinyDecoderGenerate)':
    '不用缓存时每一步算的 K/V 份数（engine.tinyDecoderGenerate）',
  'K/V rows computed without a cache (engine.tinyDecoderGenerate kvComputed)':
    '不用缓存时一共算的 K/V 份数（engine.tinyDecoderGenerate kvComputed）',
  'K/V rows computed with the cache (engine.tinyDecoderGenerate kvComputed)':
    '用缓存时一共算的 K/V 份数（engine.tinyDecoderGenerate kvComputed）',
  'every question links to a lesson page of lessons.json': '每道题都链接到 lessons.json 里的一课',
  'every choice and true/false question has exactly one right option':
    '每道选择题和判断题恰有一个正确选项',
  'every numeric answer and every order is computed from a fact with a value':
    '每道填数题的答案、每道排序题的顺序都由带数值的事实算出',
  'the final quiz starts no ordering in its right order': '期末测验里没有一道排序题一开始就排对了',
};
