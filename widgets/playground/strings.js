// Every string <attn-playground> shows, in both languages, and the comments of its starter code
// (STARTER_TEXT, read by logic.js's starterCode: the example follows the page's language).
/**
 * The element's t(): the string `key` in its language (a function's result for a function).
 * @typedef {(key: string, ...args: any[]) => any} Translate
 */

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '练习：自己写几行，调用注意力引擎',
    help: '代码在一个独立的 Web Worker 里运行，里面有自己的一份引擎。可以直接用：engine（注意力引擎：engine.attention、engine.softmax、engine.matmul 等）、world（课程的教学数据 teaching-world.json）、print(…) 打印一行、show(权重, 行标签, 列标签) 画热力图、round(x, 2) 保留小数、toRows(张量) 变成嵌套数组。',
    keys: 'Ctrl+Enter（Mac 上 ⌘+Enter）运行。编辑框里 Tab 插入两个空格；先按 Esc 再按 Tab 可以离开编辑框。',
    'keys:touch': '改好代码后点「▶ 运行」。编辑框里长行会自动折行。',
    code: '代码（JavaScript）',
    run: '▶ 运行',
    reset: '恢复示例',
    output: '输出',
    noOutput: '（没有输出：用 print(…) 打印）',
    idle: '还没运行。',
    starting: '正在启动 worker（加载引擎）…',
    running: (/** @type {number} */ limitS) => `运行中…（最多 ${limitS} 秒）`,
    done: (/** @type {number} */ ms) => `运行完毕，用时 ${ms} ms。`,
    failed: '运行出错，见下方。',
    stopped: (/** @type {number} */ limitS) =>
      `运行超过 ${limitS} 秒，已停止：是死循环吗？页面上别的部件不受影响。`,
    stoppedShort: (/** @type {number} */ limitS) => `已停止（超过 ${limitS} 秒）。`,
    line: (/** @type {number} */ n) => `（第 ${n} 行）`,
    resetDone: '已恢复示例（在编辑框里按 Ctrl+Z 可以找回你的代码）。',
    'resetDone:touch': '已恢复示例（在编辑框里撤销可以找回你的代码）。',
    csp: "本页的 Content-Security-Policy 禁止运行代码（需要 'unsafe-eval' 和 worker-src blob:）。",
    cspMissing: (/** @type {string} */ list) =>
      `本页策略缺少：${list}。课程的「练」页面带有这两项；其它页面保持严格策略。`,
    noScript:
      '这个代码格子还需要第二个脚本：在 attn-widgets.js 之后加上 <script src="attn-playground.js"></script>。',
    engineFailed: (/** @type {string} */ e) => `worker 里的引擎没能启动：${e}`,
    startFailed: (/** @type {string} */ e) =>
      `worker 没能启动${e ? `（${e}）` : ''}。如果页面有 Content-Security-Policy，它需要 'unsafe-eval' 和 worker-src blob:。`,
    mapTitle: (/** @type {string | null} */ t) =>
      t ? `show() 的热力图 · ${t}` : 'show() 的热力图',
    mapFormula:
      '格子 (i, j) = wᵢⱼ × 100%：第 i 行的查询给第 j 列的键的权重；res.weights 的 w = softmax(q·k/√d)，每行和为 1',
    outOfRange: '有的数不在 0–1 之间：颜色按 0–1 截断，百分比 = 数 × 100。',
    readout: (
      /** @type {string} */ r,
      /** @type {string} */ c,
      /** @type {string} */ p,
      /** @type {string} */ v,
    ) => `${r} → ${c}：${p} = ${v}`,
    checkPending: '等待中（worker 正在运行示例）',
    checkTimeout: (/** @type {number} */ s) => `${s} 秒内 worker 没有给出结果`,
    checkBlocked: '没有运行：本页的 CSP 禁止运行代码',
    checkNoScript: '没有运行：缺少 attn-playground.js',
  },
  en: {
    title: 'Try it: write a few lines against the attention engine',
    help: "Your code runs in a separate Web Worker with its own copy of the engine. In scope: engine (the attention engine: engine.attention, engine.softmax, engine.matmul and more), world (the course's teaching-world.json), print(…) prints a line, show(weights, rowLabels, colLabels) draws a heatmap, round(x, 2) rounds, toRows(tensor) gives nested arrays.",
    keys: 'Ctrl+Enter (⌘+Enter on a Mac) runs. In the editor Tab inserts two spaces; press Esc, then Tab, to leave the editor.',
    'keys:touch': 'Tap “▶ Run” when your code is ready. Long lines wrap in the editor.',
    code: 'Code (JavaScript)',
    run: '▶ Run',
    reset: 'Reset to example',
    output: 'Output',
    noOutput: '(no output: print(…) prints a line)',
    idle: 'Not run yet.',
    starting: 'Starting the worker (loading the engine)…',
    running: (/** @type {number} */ limitS) => `Running… (${limitS} s at most)`,
    done: (/** @type {number} */ ms) => `Finished in ${ms} ms.`,
    failed: 'The code threw an error, shown below.',
    stopped: (/** @type {number} */ limitS) =>
      `Stopped after ${limitS} s (the time limit): an endless loop? The rest of the page is unaffected.`,
    stoppedShort: (/** @type {number} */ limitS) => `Stopped after ${limitS} s.`,
    line: (/** @type {number} */ n) => ` (line ${n})`,
    resetDone: 'Example restored (Ctrl+Z in the editor brings your code back).',
    'resetDone:touch': 'Example restored (undo in the editor brings your code back).',
    csp: "This page's Content-Security-Policy forbids running code (needs 'unsafe-eval' and worker-src blob:).",
    cspMissing: (/** @type {string} */ list) =>
      `Missing from this page's policy: ${list}. The course's practice page allows both; every other page keeps the strict policy.`,
    noScript:
      'This code cell needs a second script: add <script src="attn-playground.js"></script> after attn-widgets.js.',
    engineFailed: (/** @type {string} */ e) => `The engine did not start in the worker: ${e}`,
    startFailed: (/** @type {string} */ e) =>
      `The worker did not start${e ? ` (${e})` : ''}. If the page has a Content-Security-Policy, it needs 'unsafe-eval' and worker-src blob:.`,
    mapTitle: (/** @type {string | null} */ t) => (t ? `show() heatmap · ${t}` : 'show() heatmap'),
    mapFormula:
      'cell (i, j) = wᵢⱼ × 100%: the weight query row i gives key column j; for res.weights, w = softmax(q·k/√d), each row sums to 1',
    outOfRange:
      'Some values are outside 0–1: colours are clipped to 0–1; the percentage is the value × 100.',
    readout: (
      /** @type {string} */ r,
      /** @type {string} */ c,
      /** @type {string} */ p,
      /** @type {string} */ v,
    ) => `${r} → ${c}: ${p} = ${v}`,
    checkPending: 'pending (a worker is running the example)',
    checkTimeout: (/** @type {number} */ s) => `no result from the worker within ${s} s`,
    checkBlocked: "not run: this page's CSP forbids running code",
    checkNoScript: 'not run: attn-playground.js is missing',
  },
};

/**
 * Its self-check rows' names in Chinese, by their English name's template: {label} the token the
 * starter code prints, {out} its output, {keys} the keys of its row (web/check-row.js).
 */
export const CHECK_NAMES_ZH = {
  'out[{label}] = {out} (page engine)': 'out[{label}] = {out}（页面上的引擎）',
  'starter code in a worker prints out[{label}]': '示例代码在 worker 里打印 out[{label}]',
  'starter code in a worker shows the {label} row ({keys})':
    '示例代码在 worker 里画出 {label} 一行（{keys}）',
};

/** The comments of the starter code (logic.js starterCode), by language. */
export const STARTER_TEXT = {
  'zh-CN': {
    head: (/** @type {string} */ title) => `// ${title}：Q、K、V 由引擎从课程的教学数据算出`,
    x: '每个 token 一行',
    q: 'Q = x · Wq（行向量约定）',
    k: 'K = x · Wk',
    vGiven: '这个例子的 V 直接给出',
    vMul: 'V = x · Wv',
    att: '因果注意力，分数 ÷ √d',
    out: '输出：每个 token 一行',
    print: (/** @type {string} */ a, /** @type {string} */ b) =>
      `打印「${a}」和「${b}」那两行（保留两位小数）；把 causal 改成 false，「${a}」那一行会变，最后的「${b}」本来就看得见所有 token`,
    show: '画出 softmax 权重（热力图）',
  },
  en: {
    head: (/** @type {string} */ title) =>
      `// ${title}: the engine computes Q, K, V from the course's teaching data`,
    x: 'one row per token',
    q: 'Q = x · Wq (row vectors)',
    k: 'K = x · Wk',
    vGiven: 'in this example V is given',
    vMul: 'V = x · Wv',
    att: 'causal attention, scores ÷ √d',
    out: 'the output: one row per token',
    print: (/** @type {string} */ a, /** @type {string} */ b) =>
      `print the rows of "${a}" and "${b}" (two decimals); with causal: false the row of "${a}" changes, while "${b}", the last, sees every token either way`,
    show: 'draw the softmax weights (a heatmap)',
  },
};
