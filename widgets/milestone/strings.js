// Every string <attn-milestone> shows, in both languages: the decisions and their evidence, the
// baseline, the KV-bytes arithmetic, the six unit tests with their faults and figures, the
// export's self-check and the coding pitfalls. Numbers come in as arguments (the engine's
// results, the model's config, the seed's baseline), formatted by the element.

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '项目推进：实现注意力层',
    help: '这一页把本章落到项目的里程碑上：先拍板三个决策（每个都有本章的依据），再把项目的单元测试在这个页面里现场跑一遍，最后导出本章的实验数据。测试由引擎在浏览器里跑，用的是下面选中的模型。',
    modelLegend: '在哪个模型上跑',
    modelCourse: '课程的实验课模型',
    modelTrained: '你在「自己训练它」一页训练的模型',
    /** @param {number} steps @param {number} seed */
    trainedAbout: (steps, seed) => `（训练了 ${steps} 步，种子 ${seed}）`,
    noTrained:
      '还没有你训练的模型：在「自己训练它」一页训练一个，按「在实验课里打开」，再回到这里。',
    trainLink: '去训练一个',
    /** @param {string} script */
    noData: (script) => `这个页面没有加载 ${script}（课程模型和它的导出数据），测试没法跑。`,
    /**
     * @param {number} L @param {number} full @param {number} H @param {number} G @param {number} d
     * @param {number} D @param {boolean} qk
     */
    modelFacts: (L, full, H, G, d, D, qk) =>
      `${L} 层（其中 ${full} 层全注意力），${H} 个 Q 头共用 ${G} 个 KV 头，每头 ${d} 维，模型宽度 ${D}，QK-Norm ${qk ? '开' : '关'}。`,

    decisionsTitle: '你要拍板的决策',
    decisionsHelp:
      '每一项都只改一处、其余不动，才能和基线对照。「这个模型」一栏是上面选中的模型自己的配置。',
    decision: {
      heads: '头数 n_head 与每头维数 head_dim',
      'kv-heads': 'KV 头数 n_kv_head',
      'qk-norm': '要不要 QK-Norm（qk_norm）',
    },
    optionsLabel: '选项',
    thisModelLabel: '这个模型',
    evidenceLabel: '本章的依据',
    options: {
      heads:
        '头数 × 每头维数要不要等于模型宽度？项目代码里 head_dim = n_embd // n_head，所以必须整除；锚点模型和课程自己的实验课模型（下一行）都不守这个约定，要造它们，head_dim 得单独设。',
      'kv-heads': '= n_head（MHA）、1（MQA）、两者之间（GQA，必须整除 n_head）。',
      'qk-norm': '对每个头的 q、k 做 RMSNorm，把点积的尺度钉住。',
    },
    /**
     * @param {string} name @param {number} h @param {number} d @param {number} hd
     * @param {number} w
     */
    anchorHeads: (name, h, d, hd, w) =>
      `${name}：${h} × ${d} = ${hd}，模型宽度 ${w}，${hd === w ? '相等' : '不相等'}。`,
    /** @param {number} h @param {number} d @param {number} hd @param {number} w */
    modelHeads: (h, d, hd, w) =>
      `${h} × ${d} = ${hd}，模型宽度 ${w}：${hd === w ? '相等' : '不相等'}。`,
    /** @param {number} g @param {number} h @param {string} kind */
    modelKv: (g, h, kind) => `${g} 个 KV 头、${h} 个 Q 头：${kind}，每组 ${h / g} 个 Q 头。`,
    /** @param {boolean} on */
    modelQk: (on) => (on ? '开：q_norm、k_norm 各一组增益，所有头共用。' : '关。'),
    /** @param {string} name @param {number} d */
    anchorQk: (name, d) => `${name} 开着（q_norm、k_norm 各 ${d} 维）。`,
    /** @param {string} losses */
    kvAblation: (losses) => `实验课的 KV 头数消融（验证 loss）：${losses}。`,
    listSeparator: '，',
    evidence: {
      heads:
        '第 7 课：头数 × 每头维数 = 模型宽度时（原始 Transformer 的约定），多头的计算量和一个全宽的头差不多；这个等式并不是必须的。',
      'kv-heads': '第 9 课（GQA：组数就是 KV 头数）；实验课的 kv_heads 消融。',
      'qk-norm': '第 3 课：除以 √d 的前提是分量的尺度稳定；QK-Norm 把它钉住。',
    },
    lessonLink: {
      '03-softmax-and-scaling': '第 3 课',
      '04-causal-mask': '第 4 课',
      '07-multi-head': '第 7 课',
      '08-kv-cache': '第 8 课',
      '09-gqa': '第 9 课',
      lab: '实验课',
    },

    baselineTitle: '基线配置',
    /** @param {string} date */
    baselineHelp: (date) =>
      `项目的 configs/baseline.json（${date}）：MHA、不开 QK-Norm。改动请只改一项、其余不动，方便对照。`,
    /** @param {number} n the seed's number of this acceptance test */
    bytesTitle: (n) => `对着自己的配置口算 KV 字节（验收标准 ${n}）`,
    bytesHelp:
      '每 token 每层 KV 字节 = 2（K 和 V）× n_kv_head × head_dim × 每元素字节数（第 8 课）。改下面的数，引擎的账本现算。',
    nEmbd: 'n_embd（模型宽度）',
    nHead: 'n_head',
    nKvHead: 'n_kv_head',
    dtype: '每元素字节数',
    dtypeBf16: 'BF16',
    dtypeF32: 'float32',
    /** @param {number} d */
    headDim: (d) => `head_dim = n_embd / n_head = ${d}`,
    /** @param {string} formula */
    bytesResult: (formula) => `每 token 每层：${formula}`,
    bytesError: {
      /** @param {number} e @param {number} h */
      divide: (e, h) =>
        `${e} 不能被 ${h} 整除：项目代码在这里直接断言失败（n_embd % n_head 必须为 0）。`,
      positive: 'n_embd 和 n_head 要是正整数。',
      /** @param {string} m */
      n_kv_head: (m) => `引擎拒绝了这个配置：${m}`,
    },

    testsTitle: '验收：单元测试，在这个页面里现场跑',
    /** @param {string} text @param {string} command the project's test command */
    testsHelp: (text, command) =>
      `项目用 ${command} 跑这些测试；这里由引擎在浏览器里对上面选中的模型跑同样的性质，用的是本章的句子和它的问句「${text}」。每一项都有一个「弄坏它」按钮：故意破坏这条性质，测试就该变成 ✗，否则它什么也没测。`,
    rerun: '重新运行全部测试',
    passed: '✓ 通过',
    running: '正在运行……',
    failed: '✗ 未通过',
    check: {
      'gqa-tied': 'GQA 等价于「组内复制 K/V 权重的 MHA」',
      mha: 'n_kv_head = n_head 时，与独立手写的 MHA 输出一致',
      incremental: '用 KV cache 逐个 token 推理，logits 与整段前向一致',
      greedy: '贪心生成：有缓存和没有缓存，逐 token 相同',
      'cache-bytes': 'KV 头数减半，缓存字节恰好减半',
      causal: '因果掩码下未来位置的权重恰为 0，每行和为 1',
    },
    how: {
      'gqa-tied':
        '把每个全注意力层的 K、V 权重按组复制给每个 Q 头，得到一个 KV 头数等于 Q 头数的孪生模型；两个模型在同一句上的 logits 逐个比较。',
      mha: '取每个全注意力层自己的 q、k、v（K、V 复制到每个 Q 头），引擎的注意力（KV 头数 = Q 头数）对照一段逐头手写、双精度的 MHA。',
      incremental:
        '整句一次前向的 logits，对照把同一句一个 token 一个 token 喂进缓存得到的 logits。',
      greedy:
        '同一个提示，一边用缓存（提示一次前向，之后每步一个 token），一边每步把整段重算，各贪心生成若干步。',
      'cache-bytes':
        '把模型的 K、V 权重重新分组成不同的 KV 头数（多了复制、少了平均），各跑一遍同一句，读缓存实际占的字节（float32）。',
      causal: '每个全注意力层、每个头、每一行的权重：对角线以上是否恰为 0，行和离 1 多远。',
    },
    /** @param {string} d @param {string} tol @param {number} n */
    figureDiff: (d, tol, n) => `最大 |Δ| = ${d}（要求 < ${tol}），比较了 ${n} 个数`,
    /** @param {number} h @param {number} g */
    figureHeads: (h, g) => `模型：${h} 个 Q 头共用 ${g} 个 KV 头`,
    /** @param {number} n @param {string} text */
    figureGreedySame: (n, text) => `${n} 步全部相同：「${text}」`,
    /** @param {number} step @param {string} a @param {string} b */
    figureGreedyDiff: (step, a, b) => `从第 ${step} 步起不同：有缓存「${a}」，没有缓存「${b}」`,
    /** @param {string} T @param {number} L @param {number} d */
    figureBytesSetup: (T, L, d) => `${T} 个 token、${L} 个全注意力层、head_dim ${d}：`,
    /** @param {number} g */
    kvHeadsOf: (g) => `${g} 个 KV 头`,
    /** @param {string} nz @param {string} above @param {string} max */
    figureAbove: (nz, above, max) =>
      `对角线以上 ${above} 个权重里不为 0 的：${nz} 个（最大 ${max}）`,
    /** @param {string} err @param {string} tol @param {string} rows */
    figureRowSum: (err, tol, rows) => `${rows} 行里 |行和 − 1| 最大 ${err}（要求 < ${tol}）`,
    breakIt: '弄坏它：',
    fault: {
      'untie-kv': '拆开组内共享（Q 头 1 的 K/V 副本加噪声）',
      'reshape-heads': '按头切分时写错（把 [T, H·d] 当成 [T, d, H] 读）',
      'perturb-cache': '改坏一格缓存（位置 1 的 K、V 取反）',
      'repeat-kv-before-cache': '先把 K/V 复制到每个 Q 头再存进缓存',
      'drop-mask': '去掉因果掩码',
      'mask-after-softmax': 'softmax 之后才掩码',
    },
    /** @param {string} name */
    brokenNow: (name) => `现在故意弄坏了：${name}。`,
    greedyWeaker:
      '贪心 token 只比较每步的 argmax：logits 的小差别不一定改变它。上一条逐个比较 logits，更严。',

    exportTitle: '导出本章实验数据 c3-attention.json',
    /** @param {number} k how many candidates the export lists */
    exportHelp: (k) =>
      `引擎在浏览器里把选中的模型跑过本章的几句话：每个全注意力层逐头的权重和 sink 份额、线性层状态的大小、提示的前 ${k} 个候选、贪心续写和 logits，字段和取整都和项目的原生导出一样。下载前先做数据自检。`,
    exportButton: '生成、自检并下载 c3-attention.json',
    exportChecksTitle: '数据自检',
    exportCheck: {
      schema: '符合 course-data/c3-attention.schema.json',
      /** @param {number} digits */
      causal: (digits) =>
        `每个头的每一行：对角线以上恰为 0，行和为 1（按 ${digits} 位有效数字取整后）`,
      /** @param {string} tol */
      reference: (tol) => `每个数都和项目的原生导出一致（误差 < ${tol}）`,
    },
    /** @param {string} d */
    schemaError: (d) => `第一个不符合的地方：${d}`,
    /** @param {number} n @param {string} e */
    causalDetail: (n, e) => `对角线以上不为 0 的：${n} 个；|行和 − 1| 最大 ${e}`,
    /** @param {string} d */
    referenceDetail: (d) => `最大 |Δ| = ${d}`,
    /** @param {number} kib */
    exported: (kib) => `已生成（${kib} KiB）。`,
    trainedNoReference: '你训练的模型没有原生导出可以对照，只做前两项。',

    pitfallsTitle: '常见的坑（写代码时）',
    pitfallLabel: '坑',
    symptomLabel: '症状 / 后果',
    fixLabel: '怎么办',
    pitfall: {
      'no-mask': '忘了加因果掩码',
      'no-scale': '忘了除以 √d',
      'n-embd': 'n_embd 不能被 n_head 整除',
      'no-cache': '生成时不用 KV cache',
      'free-cache': '以为 KV cache 是免费的',
      'mha-forever': 'MHA 用到底',
      bbycroft: '拿 bbycroft 的 3D 可视化（LLM Visualization）学 KV cache',
    },
    symptom: {
      'no-mask': '训练 loss 低得离谱，生成时胡言乱语。',
      'no-scale':
        '大 head_dim 下分数很大，softmax 容易饱和，梯度变小，训练变慢或不稳定（除非初始化把这个尺度补回来）。',
      'n-embd': '项目代码直接断言失败。',
      'no-cache': '每生成一个 token 都重算全部 K/V，越往后越慢。',
      'free-cache': '长上下文直接爆显存。',
      'mha-forever': 'KV cache 太大，一张卡同时服务的请求少，每步读得慢。',
      bbycroft: '它每一步都重走整个流程，没有缓存的概念。',
    },
    fix: {
      /** @param {number} n the causal test's number on this page */
      'no-mask': (n) =>
        `检查注意力矩阵是不是下三角；上面第 ${n} 项测试的「去掉因果掩码」就是这个坑。`,
      'no-scale':
        '分数要除以 √d。有的模型还会加 QK-Norm（先把 q、k 各自归一化），它通常和缩放一起用，而不是替代缩放（最早的 QK-Norm，Henry 等 2020，用一个可学的尺度换掉了 √d）。',
      /** @param {number} e @param {number} h @param {number} d */
      'n-embd': (e, h, d) =>
        `按项目约定整除（如 ${e} ÷ ${h} = ${d}）；想像锚点模型那样独立设 head_dim，要改投影的形状。`,
      /** @param {number} a @param {number} b the cache tests' numbers on this page */
      'no-cache': (a, b) => `必开；用上面第 ${a}、${b} 项测试核对有没有缓存输出一致。`,
      'free-cache': '先算账：层数 × 2 × KV 头数 × head_dim × 字节数 × 长度（上面的口算）。',
      'mha-forever': '用 GQA（质量接近 MHA），甚至 MLA；项目里对照 n_kv_head。',
      bbycroft: '学 KV cache 用第 8 课的步进器；bbycroft 的 3D 图仍然适合看第 1、7 课的形状。',
    },
  },
  en: {
    title: 'Project milestone: implement the attention layer',
    help: 'This page turns the chapter into the project’s milestone: first the three decisions (each with the chapter’s evidence), then the project’s unit tests run live in this page, then the chapter’s data exported. The engine runs the tests in the browser on the model chosen below.',
    modelLegend: 'Run on which model',
    modelCourse: 'the course’s lab model',
    modelTrained: 'the model you trained on the “Train it yourself” page',
    /** @param {number} steps @param {number} seed */
    trainedAbout: (steps, seed) => ` (trained ${steps} steps, seed ${seed})`,
    noTrained:
      'No model of yours yet: train one on the “Train it yourself” page, press “Open in the lab”, then come back here.',
    trainLink: 'Train one',
    /** @param {string} script */
    noData: (script) =>
      `This page did not load ${script} (the course’s model and its exports): the tests cannot run.`,
    /**
     * @param {number} L @param {number} full @param {number} H @param {number} G @param {number} d
     * @param {number} D @param {boolean} qk
     */
    modelFacts: (L, full, H, G, d, D, qk) =>
      `${L} layers (${full} of them full attention), ${H} query heads sharing ${G} KV heads of width ${d}, model width ${D}, QK-Norm ${qk ? 'on' : 'off'}.`,

    decisionsTitle: 'The decisions you make',
    decisionsHelp:
      'Change one thing at a time and leave the rest, so that each run compares with the baseline. “This model” is the chosen model’s own config.',
    decision: {
      heads: 'Heads n_head and head width head_dim',
      'kv-heads': 'KV heads n_kv_head',
      'qk-norm': 'QK-Norm or not (qk_norm)',
    },
    optionsLabel: 'Options',
    thisModelLabel: 'This model',
    evidenceLabel: 'The chapter’s evidence',
    options: {
      heads:
        'Must heads × head width equal the model width? The project’s code sets head_dim = n_embd // n_head, so n_head must divide n_embd; neither the anchor model nor the course’s own lab model (the next row) keeps to this convention: to build them, set head_dim on its own.',
      'kv-heads': '= n_head (MHA), 1 (MQA), or between (GQA; it must divide n_head).',
      'qk-norm': 'An RMSNorm on each head’s q and k, which pins the scale of the dot product.',
    },
    /**
     * @param {string} name @param {number} h @param {number} d @param {number} hd
     * @param {number} w
     */
    anchorHeads: (name, h, d, hd, w) =>
      `${name}: ${h} × ${d} = ${hd}, model width ${w}: ${hd === w ? 'equal' : 'not equal'}.`,
    /** @param {number} h @param {number} d @param {number} hd @param {number} w */
    modelHeads: (h, d, hd, w) =>
      `${h} × ${d} = ${hd}, model width ${w}: ${hd === w ? 'equal' : 'not equal'}.`,
    /** @param {number} g @param {number} h @param {string} kind */
    modelKv: (g, h, kind) =>
      `${g} KV heads for ${h} query heads: ${kind}, ${h / g} query heads per group.`,
    /** @param {boolean} on */
    modelQk: (on) => (on ? 'on: one gain for q and one for k, shared by the heads.' : 'off.'),
    /** @param {string} name @param {number} d */
    anchorQk: (name, d) => `${name} has it on (q_norm and k_norm of ${d} each).`,
    /** @param {string} losses */
    kvAblation: (losses) => `The lab’s KV-heads ablation (validation loss): ${losses}.`,
    listSeparator: ', ',
    evidence: {
      heads:
        'Lesson 7: with heads × head width = model width (the original convention), multi-head costs about what one full-width head costs; that equality is not required.',
      'kv-heads': 'Lesson 9 (GQA: the groups are the KV heads); the lab’s kv_heads ablation.',
      'qk-norm':
        'Lesson 3: dividing by √d assumes the components keep a stable scale; QK-Norm pins it.',
    },
    lessonLink: {
      '03-softmax-and-scaling': 'Lesson 3',
      '04-causal-mask': 'Lesson 4',
      '07-multi-head': 'Lesson 7',
      '08-kv-cache': 'Lesson 8',
      '09-gqa': 'Lesson 9',
      lab: 'the lab',
    },

    baselineTitle: 'The baseline config',
    /** @param {string} date */
    baselineHelp: (date) =>
      `The project’s configs/baseline.json (${date}): MHA, QK-Norm off. Change one thing at a time and leave the rest, so that runs compare.`,
    /** @param {number} n the seed's number of this acceptance test */
    bytesTitle: (n) => `KV bytes of your own config, by hand (acceptance test ${n})`,
    bytesHelp:
      'KV bytes per token and layer = 2 (K and V) × n_kv_head × head_dim × bytes per number (lesson 8). Change the numbers; the engine’s ledger computes.',
    nEmbd: 'n_embd (model width)',
    nHead: 'n_head',
    nKvHead: 'n_kv_head',
    dtype: 'bytes per number',
    dtypeBf16: 'BF16',
    dtypeF32: 'float32',
    /** @param {number} d */
    headDim: (d) => `head_dim = n_embd / n_head = ${d}`,
    /** @param {string} formula */
    bytesResult: (formula) => `per token and layer: ${formula}`,
    bytesError: {
      /** @param {number} e @param {number} h */
      divide: (e, h) =>
        `${h} does not divide ${e}: the project’s code stops at its assertion here (n_embd % n_head must be 0).`,
      positive: 'n_embd and n_head must be positive whole numbers.',
      /** @param {string} m */
      n_kv_head: (m) => `The engine refuses this config: ${m}`,
    },

    testsTitle: 'Acceptance: the unit tests, run live in this page',
    /** @param {string} text @param {string} command the project's test command */
    testsHelp: (text, command) =>
      `The project runs these tests with ${command}; here the engine checks the same properties in the browser on the model chosen above, on the chapter’s sentence and its question, “${text}”. Each has a “break it” button: break the property on purpose and the test must turn ✗, or it tests nothing.`,
    rerun: 'Run every test again',
    passed: '✓ passed',
    running: 'running…',
    failed: '✗ failed',
    check: {
      'gqa-tied': 'GQA equals an MHA whose K/V weights are copied within each group',
      mha: 'With n_kv_head = n_head, the output equals an independently written MHA',
      incremental: 'Decoding token by token through the KV cache gives the full pass’s logits',
      greedy: 'Greedy generation picks the same tokens with and without the cache',
      'cache-bytes': 'Halving the KV heads halves the cache’s bytes exactly',
      causal: 'With the causal mask, future weights are exactly 0 and every row sums to 1',
    },
    how: {
      'gqa-tied':
        'Every full layer’s K and V weights copied to each query head of their group give a twin whose KV heads equal its query heads; the two models’ logits on one sentence are compared number by number.',
      mha: 'Each full layer’s own q, k, v (K and V repeated for every query head): the engine’s attention with as many KV heads as query heads, against an MHA written out head by head in double precision.',
      incremental:
        'The logits of one pass over the whole sentence against those of the same sentence fed to the cache one token at a time.',
      greedy:
        'One prompt, generated greedily both with the cache (the prompt in one pass, then one token per step) and by recomputing the whole sequence at every step.',
      'cache-bytes':
        'The model’s K and V weights regrouped to other numbers of KV heads (copied to more, averaged over fewer), each run over the sentence; the bytes its cache really holds (float32).',
      causal:
        'Every row of every head of every full layer: is everything above the diagonal exactly 0, and how far is the row’s sum from 1.',
    },
    /** @param {string} d @param {string} tol @param {number} n */
    figureDiff: (d, tol, n) => `largest |Δ| = ${d} (must be < ${tol}) over ${n} numbers`,
    /** @param {number} h @param {number} g */
    figureHeads: (h, g) => `model: ${h} query heads sharing ${g} KV heads`,
    /** @param {number} n @param {string} text */
    figureGreedySame: (n, text) => `all ${n} steps the same: “${text}”`,
    /** @param {number} step @param {string} a @param {string} b */
    figureGreedyDiff: (step, a, b) =>
      `different from step ${step} on: with the cache “${a}”, without “${b}”`,
    /** @param {string} T @param {number} L @param {number} d */
    figureBytesSetup: (T, L, d) => `${T} tokens, ${L} full-attention layers, head_dim ${d}: `,
    /** @param {number} g */
    kvHeadsOf: (g) => `${g} KV heads`,
    /** @param {string} nz @param {string} above @param {string} max */
    figureAbove: (nz, above, max) =>
      `of the ${above} weights above the diagonal, ${nz} are not 0 (largest ${max})`,
    /** @param {string} err @param {string} tol @param {string} rows */
    figureRowSum: (err, tol, rows) =>
      `largest |row sum − 1| over ${rows} rows: ${err} (must be < ${tol})`,
    breakIt: 'Break it: ',
    fault: {
      'untie-kv': 'untie the group (noise on query head 1’s copy of K/V)',
      'reshape-heads': 'a wrong reshape of the heads ([T, H·d] read as [T, d, H])',
      'perturb-cache': 'corrupt the cache (negate K and V of position 1)',
      'repeat-kv-before-cache': 'repeat K/V for every query head before caching',
      'drop-mask': 'drop the causal mask',
      'mask-after-softmax': 'mask after softmax',
    },
    /** @param {string} name */
    brokenNow: (name) => `Broken on purpose now: ${name}.`,
    greedyWeaker:
      'Greedy tokens compare only each step’s argmax: a small change in the logits need not move it. The test above compares the logits themselves and is stricter.',

    exportTitle: 'Export the chapter’s data: c3-attention.json',
    /** @param {number} k how many candidates the export lists */
    exportHelp: (k) =>
      `The engine runs the chosen model over the chapter’s sentences in the browser: every full layer’s weights and sink share head by head, the size of the linear layers’ state, the prompt’s top ${k}, its greedy continuation and logits, with the fields and rounding of the project’s native export. The data self-check runs before the download.`,
    exportButton: 'Make, check and download c3-attention.json',
    exportChecksTitle: 'Data self-check',
    exportCheck: {
      schema: 'matches course-data/c3-attention.schema.json',
      /** @param {number} digits */
      causal: (digits) =>
        `every row of every head: exactly 0 above the diagonal, summing to 1 (after rounding to ${digits} significant digits)`,
      /** @param {string} tol */
      reference: (tol) => `every number equals the project’s native export (within ${tol})`,
    },
    /** @param {string} d */
    schemaError: (d) => `first mismatch: ${d}`,
    /** @param {number} n @param {string} e */
    causalDetail: (n, e) => `not 0 above the diagonal: ${n}; largest |row sum − 1|: ${e}`,
    /** @param {string} d */
    referenceDetail: (d) => `largest |Δ| = ${d}`,
    /** @param {number} kib */
    exported: (kib) => `Made (${kib} KiB).`,
    trainedNoReference:
      'Your trained model has no native export to compare with: only the first two checks.',

    pitfallsTitle: 'Common pitfalls (when writing the code)',
    pitfallLabel: 'Pitfall',
    symptomLabel: 'Symptom or consequence',
    fixLabel: 'What to do',
    pitfall: {
      'no-mask': 'Forgetting the causal mask',
      'no-scale': 'Forgetting to divide by √d',
      'n-embd': 'n_embd not divisible by n_head',
      'no-cache': 'Generating without the KV cache',
      'free-cache': 'Thinking the KV cache is free',
      'mha-forever': 'Keeping MHA to the end',
      bbycroft: 'Learning the KV cache from bbycroft’s 3D visualisation (LLM Visualization)',
    },
    symptom: {
      'no-mask': 'A training loss that is absurdly low, and gibberish when generating.',
      'no-scale':
        'With a large head_dim the scores are large and softmax saturates easily: the gradients shrink and training becomes slower or less stable (unless the initialisation makes up for the scale).',
      'n-embd': 'The project’s code fails its assertion right away.',
      'no-cache': 'Every new token recomputes all K/V, slower and slower as the text grows.',
      'free-cache': 'A long context runs out of GPU memory.',
      'mha-forever':
        'The KV cache is too large: one GPU serves fewer requests at once, and each step reads slowly.',
      bbycroft: 'It runs the whole pass again at every step: it has no cache at all.',
    },
    fix: {
      /** @param {number} n the causal test's number on this page */
      'no-mask': (n) =>
        `Check that the attention matrix is lower-triangular; “drop the causal mask” in test ${n} above is this pitfall.`,
      'no-scale':
        'Divide the scores by √d. QK-Norm (normalising q and k first), where a model adds it, usually comes on top of the scaling, not in place of it (the original QK-Norm, Henry et al. 2020, swapped √d for a learned scale).',
      /** @param {number} e @param {number} h @param {number} d */
      'n-embd': (e, h, d) =>
        `Keep to the project’s convention (e.g. ${e} ÷ ${h} = ${d}); to set head_dim on its own, as the anchor model does, change the projections’ shapes.`,
      /** @param {number} a @param {number} b the cache tests' numbers on this page */
      'no-cache': (a, b) =>
        `Always use it; tests ${a} and ${b} above check that the output is the same with and without it.`,
      'free-cache':
        'Do the sum first: layers × 2 × KV heads × head_dim × bytes × length (the arithmetic above).',
      'mha-forever':
        'Use GQA (quality close to MHA), or even MLA; compare n_kv_head in the project.',
      bbycroft:
        'Learn the KV cache with lesson 8’s stepper; bbycroft’s 3D view is still good for the shapes of lessons 1 and 7.',
    },
  },
};

/** Its self-check rows' names in Chinese, by their English name. */
export const CHECK_NAMES_ZH = {
  'TestGQA.test_gqa_equals_mha_with_shared_kv_weights: passes, and fails under untie-kv':
    'TestGQA.test_gqa_equals_mha_with_shared_kv_weights：通过，拆开组内共享后失败',
  'TestGQA.test_kv_heads_equal_heads_is_mha: passes, and fails under reshape-heads':
    'TestGQA.test_kv_heads_equal_heads_is_mha：通过，按头切分写错后失败',
  'TestKVCache.test_incremental_matches_full_forward: passes, and fails under perturb-cache':
    'TestKVCache.test_incremental_matches_full_forward：通过，改坏一格缓存后失败',
  'TestKVCache.test_generate_with_and_without_cache: passes, and fails under perturb-cache':
    'TestKVCache.test_generate_with_and_without_cache：通过，改坏一格缓存后失败',
  'TestKVCache.test_gqa_cache_is_smaller: passes, and fails under repeat-kv-before-cache':
    'TestKVCache.test_gqa_cache_is_smaller：通过，先复制 K/V 再缓存后失败',
  'TestModelShapes.test_attention_weights_are_causal: passes, and fails under drop-mask, mask-after-softmax':
    'TestModelShapes.test_attention_weights_are_causal：通过，去掉掩码、softmax 之后才掩码都失败',
  'TestGQA.test_gqa_equals_mha_with_shared_kv_weights: passes':
    'TestGQA.test_gqa_equals_mha_with_shared_kv_weights：通过',
  'TestGQA.test_kv_heads_equal_heads_is_mha: passes':
    'TestGQA.test_kv_heads_equal_heads_is_mha：通过',
  'TestKVCache.test_incremental_matches_full_forward: passes':
    'TestKVCache.test_incremental_matches_full_forward：通过',
  'TestKVCache.test_generate_with_and_without_cache: passes':
    'TestKVCache.test_generate_with_and_without_cache：通过',
  'TestKVCache.test_gqa_cache_is_smaller: passes': 'TestKVCache.test_gqa_cache_is_smaller：通过',
  'TestModelShapes.test_attention_weights_are_causal: passes':
    'TestModelShapes.test_attention_weights_are_causal：通过',
  'c3-attention.json from the page: schema, causal rows, = the shipped file to 1e-4':
    '页面导出的 c3-attention.json：符合数据格式、每行因果、与项目文件一致（1e-4）',
};
