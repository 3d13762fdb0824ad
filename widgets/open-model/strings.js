// Every string <attn-open-model> shows, in both languages (a file error's detail stays in
// English: it names files, tensors and sizes; `notes` and `codes` are tables by id and code).
import { plural } from '../../web/plural.js';
/**
 * The element's t(): the string `key` in its language (a function's result for a function).
 * @typedef {(key: string, ...args: any[]) => any} Translate
 */

/**
 * A prompt in the course's characters (the lab's example): the opening prompt of a model whose
 * vocabulary lacks the page language's example (a character-level model trained on the course's
 * text). Model input, the same in both languages.
 */
export const CHARACTER_PROMPT = '小明把苹果给了';

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: '打开你自己的模型',
    intro:
      '选一个 GGUF 文件（Ollama、LM Studio 存的那种），或者一个 Hugging Face 模型文件夹（config.json、safetensors、tokenizer.json）。文件只在你的电脑上读，不会上传；支持 GPT-2、Llama、Mistral、Qwen2、Qwen3。',
    threads: (
      /** @type {number} */ n,
      /** @type {string | null} */ reason,
      /** @type {number} */ limitSeconds,
    ) =>
      ({
        file: '解码用 1 个线程：从磁盘直接打开的页面（file://）不能启动引擎的工作线程。由 localhost 上的 npm start 提供（或通过 HTTPS 并发送同样的响应头）时，可以用多个线程解码。',
        isolation:
          '解码用 1 个线程：本页未处于跨源隔离状态，而浏览器只向跨源隔离的页面提供多线程所需的共享内存（SharedArrayBuffer）。跨源隔离需要 HTTPS 或 localhost，并同时发送 Cross-Origin-Opener-Policy: same-origin 和 Cross-Origin-Embedder-Policy: require-corp 两个响应头（嵌在框架里时，外层页面也要是跨源隔离的）。',
        'shared-memory':
          '解码用 1 个线程：本页已启用跨源隔离，但此浏览器仍不提供多线程所需的共享内存（SharedArrayBuffer）。',
        cores: '解码用 1 个线程：浏览器只报告了 1 个逻辑处理器（navigator.hardwareConcurrency）。',
        failed: `解码用 1 个线程：多线程引擎没能启动，或没能在 ${limitSeconds} 秒内启动（警告见浏览器开发者控制台）。`,
      })[String(reason)] ??
      `解码用 ${n} 个线程：引擎把每次与权重矩阵相乘的运算（以及注意力头）拆开，由页面主线程和 ${n - 1} 个 Web Worker 共同计算，结果与单线程引擎的结果逐位相同。`,
    courseModel: '打开课程自己的模型',
    courseModelIntro:
      '手边没有模型文件？先打开课程自己的小模型：实验课那个字符级模型的全注意力版本，导出成一个 GGUF 文件，走和你的文件完全相同的读取路径。看完它，再在下面打开你自己的文件。',
    pickFiles: '选择文件…',
    pickFolder: '选择文件夹…',
    drop: '或者把文件夹、文件拖到这里',
    'drop:touch': '在手机上，选一个 GGUF 文件最方便；文件夹和拖放要在电脑上用。',
    reading: (/** @type {string} */ a, /** @type {string} */ b) => `已读取 ${a} / ${b}`,
    tensors: (/** @type {number} */ a, /** @type {number} */ b) => `张量 ${a} / ${b}`,
    header: '正在读文件头…',
    finalize: '正在整理权重…',
    layerProgress: (/** @type {number} */ a, /** @type {number} */ b) =>
      `前向传播：第 ${a} / ${b} 层`,
    chunkProgress: (
      /** @type {number} */ c,
      /** @type {number} */ n,
      /** @type {number} */ a,
      /** @type {number} */ b,
    ) => `前向传播：提示的第 ${c} / ${n} 段，第 ${a} / ${b} 层`,
    tokenProgress: (/** @type {number} */ a, /** @type {number} */ b, /** @type {number} */ rate) =>
      `生成：${a} / ${b} 个 token（每秒 ${rate.toFixed(1)} 个）`,
    model: '模型',
    shape: (
      /** @type {number} */ l,
      /** @type {number} */ hq,
      /** @type {number} */ g,
      /** @type {number} */ d,
      /** @type {string} */ v,
    ) => `${l} 层，${hq} 个查询头共用 ${g} 个 KV 头，每头 ${d} 维，词表 ${v}`,
    params: (/** @type {string} */ p, /** @type {string} */ b, /** @type {string} */ types) =>
      `${p} 个参数，按存储精度占 ${b}（${types}）`,
    ledger: (/** @type {string} */ f, /** @type {string} */ total, /** @type {string} */ n) =>
      `KV 缓存：每 token ${f}；满上下文 ${n} 个 token 时共 ${total}`,
    prompt: '提示词',
    defaultPrompt: '注意力机制的核心思想是',
    mostlyUnknown: (
      /** @type {number} */ n,
      /** @type {number} */ of,
      /** @type {string} */ example,
    ) =>
      `这句提示词的 ${of} 个 token 里有 ${n} 个不在模型的词表里，模型只看到 <unk>：它的预测说明不了什么。换成模型认识的文字试试，比如「${example}」。`,
    run: '运行',
    steps: '生成 token 数',
    generate: '贪心生成',
    tokensTitle: (/** @type {number} */ n) => `输入的 ${n} 个 token`,
    top5: '下一个 token 最可能的几个',
    generated: '贪心生成（用 KV 缓存）',
    layer: '层',
    head: '头',
    headLabel: (/** @type {number} */ hh, /** @type {number} */ g) => `头 ${hh} · KV 组 ${g}`,
    heatmapTitle: (/** @type {number} */ l, /** @type {string} */ hd) =>
      `第 ${l} 层 ${hd} 的注意力`,
    window: (/** @type {number} */ n, /** @type {number} */ t) =>
      `只画最后 ${n} 个 token（共 ${t} 个）。`,
    sinksTitle: '每层每头落在第一个 token 上的注意力（attention sink）',
    sinksHead: '层 \\ 头',
    patternsTitle: (/** @type {number} */ l) => `第 ${l} 层各头的注意力模式`,
    prev: '前一个 token',
    first: '第一个 token',
    self: '自己',
    other: '其余',
    notes: {
      'context-cap': (/** @type {Record<string, number>} */ v) =>
        `这个页面最多跑 ${v.max} 个 token（模型自己的上下文是 ${v.model}）。`,
      'sliding-window': (/** @type {Record<string, number>} */ v) =>
        `序列长度限制在滑动窗口 ${v.window} 个 token 以内。`,
      'rope-scaling': (/** @type {Record<string, string>} */ v) =>
        `没有实现 rope_scaling（${v.kind}）：位置按普通 RoPE 计算，θ = ${v.theta}。`,
      'rope-freqs': () => '没有实现 rope_freqs（Llama 3.1 的 RoPE 缩放）：位置按普通 RoPE 计算。',
      'several-gguf': (/** @type {Record<string, string>} */ v) =>
        `选了多个 GGUF 文件：打开的是 ${v.file}。`,
    },
    codes: {
      'missing-file': '缺少文件',
      'bad-header': '文件头被截断或已损坏',
      'missing-tensor': '缺少张量',
      'wrong-shape': '张量形状不对',
      'unsupported-dtype': '不支持的数据类型或量化类型',
      'unsupported-arch': '不支持的架构',
      'too-large': '模型太大，装不进引擎的内存',
      'vocab-mismatch': '分词器和词表对不上',
    },
    detail: (/** @type {string} */ t, /** @type {string} */ m) =>
      `${t}。详情（英文，含文件名和张量名）：${m}`,
    detailLabel: '详情（英文，含文件名和张量名）：',
  },
  en: {
    title: 'Open your own model',
    intro:
      'Pick a GGUF file (as Ollama and LM Studio keep them) or the folder of a Hugging Face checkpoint (config.json, safetensors, tokenizer.json). The files are read on your computer and never uploaded; GPT-2, Llama, Mistral, Qwen2 and Qwen3 are supported.',
    threads: (
      /** @type {number} */ n,
      /** @type {string | null} */ reason,
      /** @type {number} */ limitSeconds,
    ) =>
      ({
        file: 'Decoding on one thread: a page opened from disk (file://) cannot start the engine’s worker threads. Served by npm start on localhost (or over HTTPS with the same headers), it can decode on several threads.',
        isolation:
          'Decoding on one thread: this page is not cross-origin isolated, and browsers give the shared memory threads need (SharedArrayBuffer) only to isolated pages. Isolation needs HTTPS or localhost and both headers, Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp (and, in a frame, an isolated page around it).',
        'shared-memory':
          'Decoding on one thread: this page is cross-origin isolated, but this browser still gives it no shared memory (SharedArrayBuffer), which threads need.',
        cores:
          'Decoding on one thread: the browser reports only one logical processor (navigator.hardwareConcurrency).',
        failed: `Decoding on one thread: the threaded engine did not start, or not within ${limitSeconds} s (the warning is in the browser’s developer console).`,
      })[String(reason)] ??
      `Decoding on ${n} threads: the engine splits each product with a weight matrix, and attention’s heads, between the page’s main thread and ${n - 1} Web Worker${n - 1 === 1 ? '' : 's'}; the results equal the single-thread engine’s bit for bit.`,
    courseModel: 'Open the course’s own model',
    courseModelIntro:
      'No model file at hand? Start with the course’s own small model: the all-full-attention version of the lab’s character-level model, exported as a GGUF file and read through exactly the same path as your files. Then open your own below.',
    pickFiles: 'Pick files…',
    pickFolder: 'Pick a folder…',
    drop: 'or drop a folder or files here',
    'drop:touch':
      'On a phone, picking one GGUF file is easiest; folders and dropping files work on a computer.',
    reading: (/** @type {string} */ a, /** @type {string} */ b) => `Read ${a} of ${b}`,
    tensors: (/** @type {number} */ a, /** @type {number} */ b) => `Tensors ${a} of ${b}`,
    header: 'Reading the headers…',
    finalize: 'Finishing the weights…',
    layerProgress: (/** @type {number} */ a, /** @type {number} */ b) =>
      `Forward pass: layer ${a} of ${b}`,
    chunkProgress: (
      /** @type {number} */ c,
      /** @type {number} */ n,
      /** @type {number} */ a,
      /** @type {number} */ b,
    ) => `Forward pass: part ${c} of ${n} of the prompt, layer ${a} of ${b}`,
    tokenProgress: (/** @type {number} */ a, /** @type {number} */ b, /** @type {number} */ rate) =>
      `Generating: ${a} of ${b} tokens (${rate.toFixed(1)} tokens/s)`,
    model: 'Model',
    shape: (
      /** @type {number} */ l,
      /** @type {number} */ hq,
      /** @type {number} */ g,
      /** @type {number} */ d,
      /** @type {string} */ v,
    ) =>
      `${plural(l, 'layer')}, ${plural(hq, 'query head')} sharing ${plural(g, 'KV head')}, ${d} dims per head, vocabulary ${v}`,
    params: (/** @type {string} */ p, /** @type {string} */ b, /** @type {string} */ types) =>
      `${p} parameters, ${b} as stored (${types})`,
    ledger: (/** @type {string} */ f, /** @type {string} */ total, /** @type {string} */ n) =>
      `KV cache: ${f} per token; ${total} at its full context of ${n} tokens`,
    prompt: 'Prompt',
    defaultPrompt: 'The key idea of attention is',
    mostlyUnknown: (
      /** @type {number} */ n,
      /** @type {number} */ of,
      /** @type {string} */ example,
    ) =>
      `${n} of this prompt’s ${of} tokens are not in the model’s vocabulary: the model sees only <unk> there, and its predictions say little. Try text the model knows, such as “${example}”.`,
    run: 'Run',
    steps: 'Tokens to generate',
    generate: 'Generate (greedy)',
    tokensTitle: (/** @type {number} */ n) => `The ${n} input tokens`,
    top5: 'Next token: the likeliest',
    generated: 'Greedy generation (with the KV cache)',
    layer: 'Layer',
    head: 'Head',
    headLabel: (/** @type {number} */ hh, /** @type {number} */ g) => `head ${hh} · KV group ${g}`,
    heatmapTitle: (/** @type {number} */ l, /** @type {string} */ hd) =>
      `Attention of layer ${l}, ${hd}`,
    window: (/** @type {number} */ n, /** @type {number} */ t) =>
      `Only the last ${n} of ${t} tokens are drawn.`,
    sinksTitle: "Each layer's and head's attention on the first token (the attention sink)",
    sinksHead: 'layer \\ head',
    patternsTitle: (/** @type {number} */ l) => `The heads of layer ${l} by pattern`,
    prev: 'previous token',
    first: 'first token',
    self: 'itself',
    other: 'the rest',
    notes: {
      'context-cap': (/** @type {Record<string, number>} */ v) =>
        `The page runs at most ${v.max} tokens (the model's own context is ${v.model}).`,
      'sliding-window': (/** @type {Record<string, number>} */ v) =>
        `Sequences are capped at the sliding window of ${v.window} tokens.`,
      'rope-scaling': (/** @type {Record<string, string>} */ v) =>
        `rope_scaling (${v.kind}) is not applied: positions use plain RoPE, θ = ${v.theta}.`,
      'rope-freqs': () =>
        'rope_freqs (Llama 3.1 RoPE scaling) is not applied: positions use plain RoPE.',
      'several-gguf': (/** @type {Record<string, string>} */ v) =>
        `Several GGUF files were picked: ${v.file} is opened.`,
    },
    codes: {
      'missing-file': 'A file is missing',
      'bad-header': 'A file header is truncated or corrupt',
      'missing-tensor': 'A tensor is missing',
      'wrong-shape': 'A tensor has the wrong shape',
      'unsupported-dtype': 'Unsupported dtype or quantisation',
      'unsupported-arch': 'Unsupported architecture',
      'too-large': "The model is too large for the engine's heap",
      'vocab-mismatch': 'The tokenizer does not match the vocabulary',
    },
    detail: (/** @type {string} */ t, /** @type {string} */ m) => `${t}. Details: ${m}`,
    detailLabel: 'Details:',
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'greedy next token: the KV-cached generation equals the full pass':
    '贪心生成的下一个 token：用 KV 缓存生成的和完整前向传播的一致',
};
