// Every string <attn-exercise> shows, in both languages: the two tasks, their starter code and
// solutions, the hints that name a mistake, and the checker's report. Numbers come in as
// arguments (sizes of the inputs, differences the checker measured).
import { plural } from '../../web/plural.js';

/**
 * The attention solution with its comments in `lang`'s words (the code is the same in both).
 * @param {{ scores: string, softmax: string, sum: string }} c
 */
const attentionSolution = (c) => `function attention(Q, K, V, allowed) {
  const d = Q[0].length;
  return Q.map((q, i) => {
    // ${c.scores}
    const s = K.map((k, j) =>
      allowed[i][j] ? q.reduce((acc, x, e) => acc + x * k[e], 0) / Math.sqrt(d) : -Infinity,
    );
    // ${c.softmax}
    const top = Math.max(...s);
    const e = s.map((x) => Math.exp(x - top));
    const sum = e.reduce((a, b) => a + b, 0);
    const w = e.map((x) => x / sum);
    // ${c.sum}
    return V[0].map((_, c) => w.reduce((acc, wj, j) => acc + wj * V[j][c], 0));
  });
}
`;

/** @param {string} perGroup the comment on the group size, in the student's language */
const gqaSolution = (perGroup) => `function kvHeadFor(h, nHeads, nKvHeads) {
  const groupSize = nHeads / nKvHeads; // ${perGroup}
  return Math.floor(h / groupSize);
}
`;

/**
 * The starter code of each task, by language (code, not prose: its comments in the student's
 * language), given the exercise's number: `attention` spells out the four steps (①–④),
 * `attentionBlank` only what goes in and comes out, so the classic mistakes are the student's to
 * make.
 */
export const STARTERS = {
  'zh-CN': {
    attention: (/** @type {number} */ n) => `// 练习 ${n}：在普通数组上从零写注意力。
// Q：T 行、每行 d 个数；K：T 行、每行 d 个数；V：T 行、每行 dv 个数。
// allowed[i][j] 为 true 时，第 i 个查询可以看第 j 个键。
// 返回输出：T 行、每行 dv 个数。
function attention(Q, K, V, allowed) {
  const T = Q.length;
  const d = Q[0].length;
  const out = [];
  for (let i = 0; i < T; i++) {
    // ① 分数：s_j = q_i · k_j / √d
    // ② 掩码：allowed[i][j] 为 false 的位置，s_j = −Infinity
    // ③ 沿 j 做 softmax：w_j = e^(s_j − max) / Σ e^(s − max)
    // ④ 输出：Σ_j w_j · v_j
    out.push(V[0].map(() => 0)); // 换成你算出的这一行
  }
  return out;
}
`,
    attentionBlank: (/** @type {number} */ n) => `// 练习 ${n}：在普通数组上从零写注意力。
// Q、K：T 行、每行 d 个数；V：T 行、每行 dv 个数。
// allowed[i][j] 为 true 时，第 i 个查询可以看第 j 个键。
// 返回 T 行、每行 dv 个数。
function attention(Q, K, V, allowed) {
}
`,
    gqa: (/** @type {number} */ n) => `// 练习 ${n}：GQA 的头分组。
// nHeads 个 Q 头共用 nKvHeads 个 K/V 头，相邻的 Q 头分成一组。
// 返回 Q 头 h 读的 K/V 头编号（从 0 到 nKvHeads − 1）。
function kvHeadFor(h, nHeads, nKvHeads) {
  return 0; // 换成你的答案
}
`,
  },
  en: {
    attention: (
      /** @type {number} */ n,
    ) => `// Exercise ${n}: attention from scratch, on plain arrays.
// Q: T rows of d numbers; K: T rows of d numbers; V: T rows of dv numbers.
// allowed[i][j] is true when query i may look at key j.
// Return the output: T rows of dv numbers.
function attention(Q, K, V, allowed) {
  const T = Q.length;
  const d = Q[0].length;
  const out = [];
  for (let i = 0; i < T; i++) {
    // ① scores: s_j = q_i · k_j / √d
    // ② mask: s_j = −Infinity where allowed[i][j] is false
    // ③ softmax along j: w_j = e^(s_j − max) / Σ e^(s − max)
    // ④ output: Σ_j w_j · v_j
    out.push(V[0].map(() => 0)); // replace with the row you compute
  }
  return out;
}
`,
    attentionBlank: (
      /** @type {number} */ n,
    ) => `// Exercise ${n}: attention from scratch, on plain arrays.
// Q, K: T rows of d numbers; V: T rows of dv numbers.
// allowed[i][j] is true when query i may look at key j.
// Return T rows of dv numbers.
function attention(Q, K, V, allowed) {
}
`,
    gqa: (/** @type {number} */ n) => `// Exercise ${n}: GQA's head grouping.
// nHeads query heads share nKvHeads K/V heads; neighbouring query heads form a group.
// Return the K/V head (from 0 to nKvHeads − 1) that query head h reads.
function kvHeadFor(h, nHeads, nKvHeads) {
  return 0; // replace with your answer
}
`,
  },
};

/** One solution of each task (shown after two failed checks), its comments in each language. */
export const SOLUTIONS = {
  'zh-CN': {
    attention: attentionSolution({
      scores: '查询 i 对每个键的分数，除以 √d；不允许看的键记为 −∞',
      softmax: '沿这一行做 softmax（先减去最大值，exp 就不会溢出）',
      sum: '用权重把 V 的各行加起来',
    }),
    gqa: gqaSolution('每个 K/V 头由多少个 Q 头共用（每组的 Q 头数）'),
  },
  en: {
    attention: attentionSolution({
      scores: 'scores of query i against every key, scaled; masked keys get −∞',
      softmax: 'softmax along the row (minus the max, so exp never overflows)',
      sum: 'the weighted sum of the value rows',
    }),
    gqa: gqaSolution('query heads per K/V head'),
  },
};

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: {
      /** @param {number} n */
      attention: (n) => `练习 ${n}：从零写注意力`,
      /** @param {number} n */
      gqa: (n) => `练习 ${n}：GQA 的头怎么分组`,
    },
    task: {
      attention:
        '在普通数组上写出 attention(Q, K, V, allowed)：先算分数 q·k / √d，把不允许看的位置置为 −∞，按行做 softmax，再用权重把 V 的行加起来。按「检查我的代码」，它会在几组输入上和引擎的 engine.attention 逐个比较。',
      // the blank start: what to write, not how (the steps are the student's to find)
      attentionBlank:
        '在普通数组上写出 attention(Q, K, V, allowed)：第 1–5 课讲的缩放点积注意力，allowed 是掩码。按「检查我的代码」，它会在几组输入上和引擎的 engine.attention 逐个比较；写错了，提示会说出是哪一种典型错误。',
      gqa: '写出 kvHeadFor(h, nHeads, nKvHeads)：nHeads 个 Q 头共用 nKvHeads 个 K/V 头，相邻的头分成一组。Q 头 h 读的是第几个 K/V 头？检查会在 MHA、GQA、MQA 几种配置上和引擎的分组比较。',
    },
    code: '你的代码',
    starterLegend: '从哪里开始',
    starterGuided: '写好步骤注释的起始代码',
    starterBlank: '空白函数',
    keys: 'Ctrl+Enter（Mac 上 ⌘+Enter）检查；在编辑框里 Tab 输入缩进，先按 Esc 再按 Tab 离开编辑框。',
    'keys:touch': '写好后点「检查我的代码」。编辑框里长行会自动折行。',
    check: '检查我的代码',
    reset: '恢复初始代码',
    showSolution: '看一种写法',
    hideSolution: '收起参考写法',
    solutionTitle: '一种写法（先自己试过两次再看）',
    checking: '正在运行你的代码……',
    /** @param {number} n */
    allRight: (n) => `全部 ${n} 组输入都对了！`,
    /** @param {number} k @param {number} n */
    someRight: (k, n) => `${n} 组输入里对了 ${k} 组。`,
    caseName: {
      /** @param {number} T */
      'en-the-cat': (T) => `教学数据 The cat（T = ${T}，因果掩码）`,
      /** @param {number} T */
      'zh-gift': (T) => `教学数据 小明把苹果给了小王（T = ${T}，因果掩码）`,
      /** @param {number} T */
      window: (T) => `窗口掩码：每个 token 只看自己和前一个（T = ${T}）`,
      /** @param {number} T */
      'no-mask': (T) => `不加掩码（T = ${T}）`,
    },
    /** @param {string} d */
    caseOk: (d) => `对：最大误差 ${d}`,
    /** @param {string} d */
    caseWrong: (d) => `不对：最大误差 ${d}`,
    /** @param {string} s */
    caseShape: (s) => `形状不对：${s}`,
    /** @param {number} n @param {number} g @param {string} want @param {string} got */
    gqaRow: (n, g, want, got) => `${n} 个 Q 头、${g} 个 K/V 头：引擎 [${want}]，你的 [${got}]`,
    hintTitle: '提示',
    hint: {
      'no-scale':
        '你的输出和「没有除以 √d」时一模一样：softmax 之前，每个分数 q·k 都要除以 √d（d 是 q 一行的长度）。',
      'mask-after-softmax':
        '你的输出和「softmax 之后才掩码」一样：被掩掉的权重清零了，但这一行加起来不再是 1。应该在 softmax 之前把这些分数置为 −∞。',
      'wrong-axis':
        '你的 softmax 是沿列做的（对每个键，在各个查询之间归一）。注意力是按行归一：对一个查询 i，在它能看的各个键 j 之间。',
      'divide-by-d':
        '你的输出和「除以 d 而不是 √d」时一样：缩放除的是 √d（d 是 q 一行的长度），不是 d。除以 d 把分数压得太扁，softmax 就太平均了。',
      'mask-with-zero':
        '你的输出和「被掩掉的分数设成 0」时一样：exp(0) = 1，被掩掉的键照样分到了权重。应该设成 −∞，softmax 之后它才恰好是 0。',
      'own-causal-mask':
        '你的输出和「自己写了因果掩码（j > i 的位置置为 −∞），没用 allowed」时一样：两句教学数据对了，只是因为它们恰好用因果掩码。能看哪些键要看 allowed[i][j]：窗口掩码只许看自己和前一个，「不加掩码」那一组什么都能看。',
      'no-mask':
        '你的输出和「完全不加掩码」时一样：allowed[i][j] 不允许看的位置，分数要在 softmax 之前置为 −∞。只有「不加掩码」那一组对了，因为它什么都允许。',
      'sum-k':
        '你的输出和「用权重把 K 的行加起来」时一样：最后加权求和的是 V 的行（被选中后交出去的内容），不是 K。K 只用来打分。',
      /** @param {string} s @param {number} T @param {number} dv */
      shape: (s, T, dv) => `你的函数返回了 ${s}；应该返回 ${T} 行、每行 ${dv} 个数，一个查询一行。`,
      /** @param {string} name @param {number} row counted from 1 @param {string} d */
      other: (name, row, d) =>
        `输入「${name}」里第 ${row} 行（从 1 数起）最先出错（误差 ${d}）。先检查这一行的分数是不是 q·k / √d，掩码是不是在 softmax 之前，加权求和的是不是 V。`,
      interleaved:
        '你用的是 h % nKvHeads，把头交错分给了各组。GQA 是相邻的头一组：每组 nHeads / nKvHeads 个，Q 头 h 读第 floor(h / 组大小) 个 K/V 头。',
      /** @param {number} n @param {number} g */
      gqaOther: (n, g) =>
        `${n} 个 Q 头、${g} 个 K/V 头时和引擎不一样：每组有几个 Q 头？第一组是哪几个？`,
    },
    /** @param {string} name @param {string} message @param {string} line @param {string} column */
    runError: (name, message, line, column) =>
      `你的代码出错了${line ? `（第 ${line} 行${column ? `第 ${column} 列` : ''}）` : ''}：${name}: ${message}`,
    /** @param {string} line */
    runErrorAtEnd: (line) =>
      `你的代码到第 ${line} 行就结束了，可还有括号或引号没有闭合（SyntaxError）：数一数 {、(、[ 和它们的另一半。`,
    /** @param {number} s */
    timeout: (s) => `运行超过 ${s} 秒，已停止：是不是有死循环？`,
    noReport: '你的代码没有返回结果：函数名和参数要和初始代码一样。',
    blocked: '这个页面不能运行代码（缺少 attn-playground.js，或页面的安全策略不允许）。',
  },
  en: {
    title: {
      /** @param {number} n */
      attention: (n) => `Exercise ${n}: attention from scratch`,
      /** @param {number} n */
      gqa: (n) => `Exercise ${n}: how GQA groups the heads`,
    },
    task: {
      attention:
        'Write attention(Q, K, V, allowed) on plain arrays: scores q·k / √d, −∞ where a key may not be seen, softmax along each row, then the weighted sum of V’s rows. “Check my code” compares it with the engine’s engine.attention on several inputs.',
      // the blank start: what to write, not how (the steps are the student's to find)
      attentionBlank:
        'Write attention(Q, K, V, allowed) on plain arrays: the scaled dot-product attention of lessons 1–5, with allowed as the mask. “Check my code” compares it with the engine’s engine.attention on several inputs; when it is wrong, the hint names which classic mistake it is.',
      gqa: 'Write kvHeadFor(h, nHeads, nKvHeads): nHeads query heads share nKvHeads K/V heads, neighbouring heads in one group. Which K/V head does query head h read? The check compares it with the engine’s grouping for MHA, GQA and MQA.',
    },
    code: 'Your code',
    starterLegend: 'Start from',
    starterGuided: 'a starter with the steps as comments',
    starterBlank: 'a blank function',
    keys: 'Ctrl+Enter (⌘+Enter on a Mac) checks; Tab indents in the editor, Esc then Tab leaves it.',
    'keys:touch': 'Tap “Check my code” when it is ready. Long lines wrap in the editor.',
    check: 'Check my code',
    reset: 'Back to the starter',
    showSolution: 'See one way to write it',
    hideSolution: 'Hide the solution',
    solutionTitle: 'One way to write it (after two tries of your own)',
    checking: 'Running your code…',
    /** @param {number} n */
    allRight: (n) => `All ${n} inputs right!`,
    /** @param {number} k @param {number} n */
    someRight: (k, n) => `${k} of ${n} inputs right.`,
    caseName: {
      /** @param {number} T */
      'en-the-cat': (T) => `teaching world “The cat” (T = ${T}, causal)`,
      /** @param {number} T */
      'zh-gift': (T) => `teaching world “小明把苹果给了小王” (T = ${T}, causal)`,
      /** @param {number} T */
      window: (T) => `a window mask: each token sees itself and the one before (T = ${T})`,
      /** @param {number} T */
      'no-mask': (T) => `no mask (T = ${T})`,
    },
    /** @param {string} d */
    caseOk: (d) => `right: largest difference ${d}`,
    /** @param {string} d */
    caseWrong: (d) => `wrong: largest difference ${d}`,
    /** @param {string} s */
    caseShape: (s) => `wrong shape: ${s}`,
    /** @param {number} n @param {number} g @param {string} want @param {string} got */
    gqaRow: (n, g, want, got) =>
      `${plural(n, 'query head')}, ${plural(g, 'K/V head')}: the engine [${want}], yours [${got}]`,
    hintTitle: 'Hint',
    hint: {
      'no-scale':
        'Your output is exactly what attention gives without ÷√d: divide every score q·k by √d before softmax (d is the length of a row of Q).',
      'mask-after-softmax':
        'Your output is what masking after softmax gives: the masked weights are zeroed, but the row no longer sums to 1. Set those scores to −∞ before softmax instead.',
      'wrong-axis':
        'Your softmax runs down the columns (over the queries of each key). Attention normalises each row: over the keys j that one query i may see.',
      'divide-by-d':
        'Your output is what dividing by d instead of √d gives: the scores are divided by √d (d is the length of a row of Q), not by d. Dividing by d squashes the scores, so softmax comes out too even.',
      'mask-with-zero':
        'Your output is what setting the masked scores to 0 gives: exp(0) = 1, so the masked keys still get weight. Set them to −Infinity: after softmax they are then exactly 0.',
      'own-causal-mask':
        'Your output is what a causal mask written by hand gives (−∞ where j > i) with allowed unused: the two teaching sentences came out right only because they happen to use a causal mask. Which keys a query may see is allowed[i][j]: the window mask lets each token see itself and the one before, the no-mask input lets it see everything.',
      'no-mask':
        'Your output is what no mask at all gives: where allowed[i][j] is false, the score must be −Infinity before softmax. Only the no-mask input came out right, because it allows everything.',
      'sum-k':
        'Your output is what summing K’s rows with the weights gives: the weighted sum takes V’s rows (what a chosen token hands over), not K’s. K is only for scoring.',
      /** @param {string} s @param {number} T @param {number} dv */
      shape: (s, T, dv) =>
        `Your function returned ${s}; it should return ${T} rows of ${dv} numbers, one row per query.`,
      /** @param {string} name @param {number} row counted from 1 @param {string} d */
      other: (name, row, d) =>
        `In the input “${name}”, row ${row} (counting from 1) is the first that differs (by ${d}). Check that row’s scores are q·k / √d, that the mask comes before softmax and that the weighted sum takes V.`,
      interleaved:
        'You used h % nKvHeads, which deals the heads out in turn. GQA groups neighbouring heads: each group has nHeads / nKvHeads query heads, and query head h reads K/V head floor(h / group size).',
      /** @param {number} n @param {number} g */
      gqaOther: (n, g) =>
        `With ${plural(n, 'query head')} and ${plural(g, 'K/V head')} yours differs from the engine: how many query heads are in a group, and which ones form the first?`,
    },
    /** @param {string} name @param {string} message @param {string} line @param {string} column */
    runError: (name, message, line, column) =>
      `Your code failed${line ? ` (line ${line}${column ? `, column ${column}` : ''})` : ''}: ${name}: ${message}`,
    /** @param {string} line */
    runErrorAtEnd: (line) =>
      `Your code ends at line ${line} with a bracket or quote still open (SyntaxError): count the {, ( and [ and their other halves.`,
    /** @param {number} s */
    timeout: (s) => `Stopped after ${s} s: is there an endless loop?`,
    noReport:
      'Your code returned nothing: keep the function’s name and parameters as in the starter.',
    blocked:
      'This page cannot run code (attn-playground.js is missing, or the page’s security policy forbids it).',
  },
};

/** Its self-check rows' names in Chinese, by their English name. */
export const CHECK_NAMES_ZH = {
  'each classic mistake gives another output than the engine’s on some input':
    '每种典型错误都至少在一组输入上和引擎的输出不同',
  'the engine’s grouping for 8 query heads, 2 K/V heads': '引擎的分组：8 个 Q 头、2 个 K/V 头',
};
