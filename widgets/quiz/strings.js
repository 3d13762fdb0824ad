// Every string <attn-quiz> shows, in both languages (help gets logic.js sourceCounts; the
// questions themselves are course-data/quiz.json).

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '小测验：这一章的检查题',
    checkTitle: '检查一下',
    checkHelp:
      '关于这一课的几道题：选一个答案，按「检查」看对错和为什么。答过的题会记在这台电脑的浏览器里，目录页显示你的进度。',
    /** @param {Record<string, number>} c */
    help: (c) =>
      `共 ${c.total} 题：${c.module} 道是注意力模块的小测验，${c.map} 道来自演进地图的岔路 B1，${c.misconception} 道各对应本章拦截的一个误解，${c.lesson} 道是各课页末的检查题。选一个答案，按「检查」（或在选项上按回车）立刻看对错和纠正；数字由注意力引擎现算。`,
    /** @param {number} i @param {number} n */
    qn: (i, n) => `第 ${i} 题 / ${n}`,
    tfTrue: '对',
    tfFalse: '错',
    checkBtn: '检查',
    reset: '全部重来',
    pick: '先选一个答案，再按「检查」。',
    right: '✓ 答对了。',
    wrong: '✗ 不对。',
    /** @param {string} a */
    answerIs: (a) => `正确答案：${a}`,
    /** @param {boolean} t */
    answerTf: (t) => `这句话是${t ? '对' : '错'}的。`,
    badgeRight: '✓ 正确答案',
    badgeMine: '✗ 你的选择',
    /** @param {string} title */
    review: (title) => `复习：${title}`,
    /** @param {{ answered: number, correct: number, total: number }} s */
    score: (s) => `已检查 ${s.answered} / ${s.total} 题，答对 ${s.correct} 题。`,
    /** @param {{ answered: number, correct: number, total: number }} s */
    allDone: (s) => (s.correct === s.total ? '全部答对！' : ''),
  },
  en: {
    title: 'Quiz: the chapter’s check questions',
    checkTitle: 'Check yourself',
    checkHelp:
      'A few questions on this lesson: pick an answer and press Check to see whether it is right and why. Your answers are kept in this browser, and the contents page shows your progress.',
    /** @param {Record<string, number>} c */
    help: (c) =>
      `${c.total} questions: ${c.module} from the attention module’s quiz, ${c.map} from branch B1 of the evolution map, ${c.misconception}, one for each misconception the chapter heads off, and ${c.lesson} from the lessons’ own checks. Pick an answer and press Check (or Enter on an option) to see right or wrong with the correction; the numbers are computed live by the attention engine.`,
    /** @param {number} i @param {number} n */
    qn: (i, n) => `Question ${i} of ${n}`,
    tfTrue: 'True',
    tfFalse: 'False',
    checkBtn: 'Check',
    reset: 'Start over',
    pick: 'Pick an answer first, then press Check.',
    right: '✓ Right.',
    wrong: '✗ Not quite.',
    /** @param {string} a */
    answerIs: (a) => `The right answer: ${a}`,
    /** @param {boolean} t */
    answerTf: (t) => `The statement is ${t ? 'true' : 'false'}.`,
    badgeRight: '✓ right answer',
    badgeMine: '✗ your choice',
    /** @param {string} title */
    review: (title) => `Review: ${title}`,
    /** @param {{ answered: number, correct: number, total: number }} s */
    score: (s) => `Checked ${s.answered} of ${s.total}, ${s.correct} right.`,
    /** @param {{ answered: number, correct: number, total: number }} s */
    allDone: (s) => (s.correct === s.total ? 'All correct!' : ''),
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'lesson 3 experiment: seed (softmax-variance/logic.js EXPERIMENT)':
    '第 3 课的实验：种子（softmax-variance/logic.js）',
  'lesson 3 experiment d = 256: std of q·k (engine.softmaxVariance)':
    '第 3 课的实验 d = 256：q·k 的标准差（engine.softmaxVariance）',
  'lesson 3 experiment d = 256: std of q·k / √d': '第 3 课的实验 d = 256：q·k / √d 的标准差',
  'lesson 3 experiment: keys in one softmax row': '第 3 课的实验：一行 softmax 里的 key 数',
  'lesson 3 experiment d = 256: largest weight of the row, unscaled':
    '第 3 课的实验 d = 256：不缩放时这一行的最大权重',
  'lesson 3 experiment d = 256: largest weight of the row, ÷√d':
    '第 3 课的实验 d = 256：÷√d 之后这一行的最大权重',
  'no mask: 给了 → 小王 (engine.attention, zh-gift)':
    '不加掩码：给了 → 小王（engine.attention，「小明把苹果给了小王」）',
  'T = 4,096: RNN steps per layer that cannot run in parallel': 'T = 4,096：RNN 每层不能并行的步数',
  'T = 4,096: updates from token 1 to token T':
    'T = 4,096：从第 1 个 token 到第 T 个要经过的更新次数',
  'T = 4,096: attention path length token 1 → token T (engine.causalMask)':
    'T = 4,096：注意力里第 1 个 token → 第 T 个的路径长度（engine.causalMask）',
  'cosine of K 小明 and K 小王 (engine.cosine)': 'K_小明 与 K_小王 的余弦（engine.cosine）',
  'dialog example scores (teaching-world.json)': '对话样本的分数（teaching-world.json）',
  'softmax of the dialog scores (engine.softmax)': '对话样本分数的 softmax（engine.softmax）',
  'proportional split of the dialog scores (engine.proportionalSplit)':
    '对话样本分数按比例分（engine.proportionalSplit）',
  'zero after softmax: 给了 row sum (engine.attention maskMode zero-after-softmax)':
    "softmax 之后再清零：「给了」一行的和（engine.attention，maskMode 'zero-after-softmax'）",
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
  'every question links to a lesson page of lessons.json': '每道题都链接到 lessons.json 里的一课',
  'every question has exactly one right option': '每道题恰有一个正确选项',
};

/**
 * How quiz.json's `source` (a citation of the Chinese seed) names each kind of source: the
 * attention module's own quiz, the evolution map, the chapter's misconceptions.
 */
export const SOURCE_PATTERNS = {
  module: /^模块 .*小测验/,
  map: /^演进地图/,
  misconception: /^本章拦截的误解/,
  lesson: /^本课检查/,
};
