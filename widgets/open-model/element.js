// <attn-open-model> — open a model from disk: the student picks a GGUF file (as Ollama and LM
// Studio keep them) or the folder of a Hugging Face checkpoint (config.json, safetensors,
// tokenizer.json), by file picker, folder picker or drop. Nothing leaves the computer: the files
// are read a few MiB at a time (web/model-files/) into this widget's own engine, which keeps
// the weights in their stored precision (f16, bf16, ggml blocks) in its heap. Then a
// prompt, Run (the forward pass a layer at a time, with a progress bar), the next-token top 5,
// greedy generation with the KV cache, the attention of any layer and head (query heads labelled
// with the KV group they read), each head's attention-sink share, the heads' patterns
// (engine.headPatterns) and the model's KV ledger from its own config. Every error is shown
// inline, by code, in both languages; nothing else on the page is affected.
// The widget ships in its own script, attn-open-model.js (web/loader.js adds it to a page that
// has this tag), so the course's main bundle does not carry the tokenizer library.
// Attributes: lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { OpenModelEngine, OpenedModel } from '../../web/model-files/open-model-files.js' */
/** @import { OpenProgress } from '../../web/model-files/open-model-files.js' */
import { AttnWidget, check } from '../../web/widget-base.js';
import { h, pct, bytes } from '../../web/dom.js';
import { weightColor, textOn } from '../../web/color.js';
import { heatmapTable, heatmapLegend, HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { openModelFromFiles } from '../../web/model-files/open-model-files.js';
import { fileListSources, droppedSources } from '../../web/model-files/file-source.js';
import { OpenModelError } from '../../web/model-files/open-model-error.js';
import {
  DEFAULT_STEPS,
  MAX_STEPS,
  HEATMAP_TOKENS,
  kvGroupOf,
  layersToFetch,
  promptIds,
  runPass,
  headSlice,
  lastWindow,
  cachedEqualsFull,
  generateByLayers,
} from './logic.js';

const CSS = `${HEATMAP_CSS}
.drop { border: 2px dashed var(--_control-border); border-radius: 8px; padding: 14px; text-align: center; margin: 8px 0; }
.drop.over { border-color: var(--_accent); background: var(--_accent-soft); }
.pickers { display: flex; flex-wrap: wrap; gap: 8px; }
.meter { display: grid; grid-template-columns: minmax(0, 1fr); gap: 2px; margin: 6px 0; }
.meter progress { width: 100%; height: 14px; }
.facts { margin: 4px 0; padding-left: 1.2em; }
.facts li { overflow-wrap: anywhere; }
input[type="text"] { flex: 1 1 220px; min-width: 0; max-width: 100%; padding: 4px 8px; border: 1px solid var(--_control-border); border-radius: 6px; }
input[type="number"] { width: 5em; padding: 4px; border: 1px solid var(--_control-border); border-radius: 6px; }
button.run { background: var(--_accent); border-color: var(--_accent); color: var(--_on-accent); font-weight: 600; }
.chips { display: flex; flex-wrap: wrap; gap: 3px; margin: 6px 0; }
.chip { display: inline-grid; justify-items: center; min-width: 1.9em; padding: 1px 4px; border: 1px solid var(--_control-border); border-radius: 4px; background: var(--_surface-1); white-space: pre; max-width: 100%; overflow: hidden; text-overflow: ellipsis; }
.chip small { font-size: 0.7em; color: var(--_muted); }
.top5 { display: grid; grid-template-columns: max-content minmax(60px, 1fr) max-content; gap: 2px 8px; align-items: center; margin: 6px 0; }
.top5 .tok { font-weight: 700; white-space: pre; max-width: 12em; overflow: hidden; text-overflow: ellipsis; }
.gen { padding: 6px 8px; border: 1px solid var(--_border); border-radius: 6px; background: var(--_surface-1); overflow-wrap: anywhere; white-space: pre-wrap; }
.gen mark { background: var(--_warn-bg); color: var(--_warn-fg); border-bottom: 2px solid #E69F00; }
table.heatmap td.hm-cell { min-width: 36px; height: 30px; font-size: 0.8em; }
table.sinks td { min-width: 38px; text-align: center; font-size: 0.8em; border: 1px solid var(--_bg); }
table.sinks th { text-align: center; font-size: 0.85em; }
table.patterns td, table.patterns th { white-space: nowrap; }
section { margin-top: 12px; }
.nowrap { white-space: nowrap; }
label.prompt { flex: 1 1 240px; min-width: 0; }
`;

/** @typedef {import('../../web/model-files/open-model-error.js').OpenModelErrorCode} Code */

/**
 * @tag attn-open-model
 * @summary A model from disk (GGUF, or a Hugging Face folder) and its attention.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, model: {name, arch, format} | null, tokens: number[] | null}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the heatmap and the tables
 * @csspart note - the notes on what the page changes
 */
export class OpenModel extends AttnWidget {
  static css = CSS;
  static strings = {
    'zh-CN': {
      title: '打开你自己的模型',
      intro:
        '选一个 GGUF 文件（Ollama、LM Studio 存的那种），或者一个 Hugging Face 模型文件夹（config.json、safetensors、tokenizer.json）。文件只在你的电脑上读，不会上传；支持 GPT-2、Llama、Mistral、Qwen2、Qwen3。',
      pickFiles: '选择文件…',
      pickFolder: '选择文件夹…',
      drop: '或者把文件夹、文件拖到这里',
      reading: (/** @type {string} */ a, /** @type {string} */ b) => `已读取 ${a} / ${b}`,
      tensors: (/** @type {number} */ a, /** @type {number} */ b) => `张量 ${a} / ${b}`,
      header: '正在读文件头…',
      finalize: '正在整理权重…',
      layerProgress: (/** @type {number} */ a, /** @type {number} */ b) =>
        `前向传播：第 ${a} / ${b} 层`,
      tokenProgress: (
        /** @type {number} */ a,
        /** @type {number} */ b,
        /** @type {number} */ rate,
      ) => `生成：${a} / ${b} 个 token（每秒 ${rate.toFixed(1)} 个）`,
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
      run: '运行',
      steps: '生成 token 数',
      generate: '贪心生成',
      tokensTitle: (/** @type {number} */ n) => `输入的 ${n} 个 token`,
      top5: '下一个 token 的前 5 名',
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
      pickFiles: 'Pick files…',
      pickFolder: 'Pick a folder…',
      drop: 'or drop a folder or files here',
      reading: (/** @type {string} */ a, /** @type {string} */ b) => `Read ${a} of ${b}`,
      tensors: (/** @type {number} */ a, /** @type {number} */ b) => `Tensors ${a} of ${b}`,
      header: 'Reading the headers…',
      finalize: 'Finishing the weights…',
      layerProgress: (/** @type {number} */ a, /** @type {number} */ b) =>
        `Forward pass: layer ${a} of ${b}`,
      tokenProgress: (
        /** @type {number} */ a,
        /** @type {number} */ b,
        /** @type {number} */ rate,
      ) => `Generating: ${a} of ${b} tokens (${rate.toFixed(1)} tokens/s)`,
      model: 'Model',
      shape: (
        /** @type {number} */ l,
        /** @type {number} */ hq,
        /** @type {number} */ g,
        /** @type {number} */ d,
        /** @type {string} */ v,
      ) =>
        `${l} layers, ${hq} query heads sharing ${g} KV heads, ${d} dims per head, vocabulary ${v}`,
      params: (/** @type {string} */ p, /** @type {string} */ b, /** @type {string} */ types) =>
        `${p} parameters, ${b} as stored (${types})`,
      ledger: (/** @type {string} */ f, /** @type {string} */ total, /** @type {string} */ n) =>
        `KV cache: ${f} per token; ${total} at its full context of ${n} tokens`,
      prompt: 'Prompt',
      defaultPrompt: 'The key idea of attention is',
      run: 'Run',
      steps: 'Tokens to generate',
      generate: 'Generate (greedy)',
      tokensTitle: (/** @type {number} */ n) => `The ${n} input tokens`,
      top5: 'Next token, top 5',
      generated: 'Greedy generation (with the KV cache)',
      layer: 'Layer',
      head: 'Head',
      headLabel: (/** @type {number} */ hh, /** @type {number} */ g) =>
        `head ${hh} · KV group ${g}`,
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

  constructor() {
    super();
    /** @type {OpenedModel | null} */
    this.model = null;
    /** @type {OpenProgress | null} while files are read */
    this.progress = null;
    /** @type {{ layer: number, of: number } | { tokens: number, of: number, rate: number } | null}
     *  while a pass runs (layers done) or generation runs (tokens made, tokens/s) */
    this.passProgress = null;
    /** @type {unknown} the last load's or run's error, shown until the next one starts */
    this.failure = null;
    /** @type {any} the last pass: openModelPassResult */
    this.result = null;
    /** @type {number[] | null} the ids that pass ran */
    this.ran = null;
    /** @type {{ tokens: number[], generated: number[] } | null} */
    this.generation = null;
    this.layer = 0;
    this.head = 0;
    this.busy = false;
    /** @type {string | null} the prompt as typed (null: the default of the language) */
    this.promptText = null;
    /** @type {number | undefined} tokens to generate, as typed */
    this.steps = undefined;
  }

  /** @returns {OpenModelEngine} */
  get engine() {
    return /** @type {OpenModelEngine} */ (/** @type {Runtime} */ (this.rt).engine);
  }

  /** @param {Runtime} _rt */
  build(_rt) {
    const filesInput = h('input', {
      type: 'file',
      multiple: true,
      class: 'visually-hidden',
      tabindex: '-1',
      'aria-hidden': 'true',
      onchange: () => this.open(picked(filesInput)),
    });
    const folderInput = h('input', {
      type: 'file',
      multiple: true,
      webkitdirectory: true,
      class: 'visually-hidden',
      tabindex: '-1',
      'aria-hidden': 'true',
      onchange: () => this.open(picked(folderInput)),
    });
    const drop = h(
      'div',
      {
        class: 'drop',
        ondragover: (/** @type {DragEvent} */ e) => {
          e.preventDefault();
          drop.classList.add('over');
        },
        ondragleave: () => drop.classList.remove('over'),
        ondrop: (/** @type {DragEvent} */ e) => {
          e.preventDefault();
          drop.classList.remove('over');
          if (e.dataTransfer) droppedSources(e.dataTransfer).then((files) => this.open(files));
        },
      },
      [
        h('div', { class: 'row pickers' }, [
          h(
            'button',
            { type: 'button', class: 'pick-files', onclick: () => filesInput.click() },
            this.t('pickFiles'),
          ),
          h(
            'button',
            { type: 'button', class: 'pick-folder', onclick: () => folderInput.click() },
            this.t('pickFolder'),
          ),
        ]),
        h('p', { class: 'muted' }, this.t('drop')),
        filesInput,
        folderInput,
      ],
    );
    this.loadArea = h('div', { class: 'load', 'aria-live': 'polite' });
    this.modelArea = h('div', { class: 'model' });
    // The error box moves under the pickers: a file's error belongs next to where it was picked.
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('intro')),
      drop,
      this.errorBox,
      this.loadArea,
      this.modelArea,
    );
  }

  /**
   * Opens the picked files; the model before it (if any) is unloaded first.
   * @param {import('../../web/model-files/file-source.js').ModelFile[]} files
   */
  async open(files) {
    if (this.busy || !this.rt) return;
    this.busy = true;
    this.failure = null;
    if (this.model) this.engine.openModelUnload(this.model.id);
    this.model = null;
    this.result = this.ran = this.generation = null;
    this.progress = {
      phase: 'header',
      bytesRead: 0,
      bytesTotal: 0,
      tensorsLoaded: 0,
      tensorsTotal: 0,
    };
    this.update();
    let last = 0;
    try {
      this.model = await openModelFromFiles(this.engine, files, {
        onProgress: (p) => {
          this.progress = p;
          // Redraw the bars at most every 50 ms (a 1 GiB file is ~250 slices).
          const now = performance.now();
          if (now - last > 50 || p.phase !== 'tensors') {
            last = now;
            this.drawLoad();
          }
        },
      });
      this.layer = 0;
      this.head = 0;
    } catch (e) {
      this.failure = e;
    }
    this.progress = null;
    this.busy = false;
    this._checksLang = undefined; // the self-check is about the model now open
    this.update();
    if (this.model) await this.run();
  }

  /** Runs the prompt through the model, a layer at a time. */
  async run() {
    const m = this.model;
    if (!m || this.busy) return;
    this.busy = true;
    this.failure = null;
    try {
      const ids = promptIds(m, this.promptText ?? this.t('defaultPrompt'), 0);
      this.passProgress = { layer: 0, of: m.config.nLayers };
      this.update();
      const layers = layersToFetch(m.config, ids.length, this.layer);
      this.result = await runPass(this.engine, m.id, ids, layers, (layer) => {
        this.passProgress = { layer: layer + 1, of: m.config.nLayers };
        this.drawLoad();
      });
      this.ran = ids;
      this.generation = null;
    } catch (e) {
      this.failure = e;
    }
    this.passProgress = null;
    this.busy = false;
    this.update();
  }

  /** Greedy generation with the KV cache from the prompt. */
  async generate() {
    const m = this.model;
    if (!m || this.busy) return;
    this.busy = true;
    this.failure = null;
    const steps = Math.max(1, Math.min(MAX_STEPS, Math.round(this.steps ?? DEFAULT_STEPS)));
    try {
      this.passProgress = { tokens: 0, of: steps, rate: 0 };
      this.drawLoad();
      await new Promise((resolve) => setTimeout(resolve, 0));
      const ids = promptIds(m, this.promptText ?? this.t('defaultPrompt'), steps);
      const started = performance.now();
      this.generation = await generateByLayers(this.engine, m.id, ids, steps, (generated) => {
        const seconds = (performance.now() - started) / 1000;
        this.passProgress = {
          tokens: generated.length,
          of: steps,
          rate: generated.length / seconds,
        };
        this.drawLoad();
      });
    } catch (e) {
      this.failure = e;
    }
    this.passProgress = null;
    this.busy = false;
    this.update();
  }

  /** The progress bars of a load or a pass (redrawn alone while one runs). */
  drawLoad() {
    if (!this.loadArea) return;
    const p = this.progress;
    const bars = [];
    if (p) {
      const mib = (/** @type {number} */ n) => bytes(n, 1);
      const phase =
        p.phase === 'header' ? this.t('header') : p.phase === 'finalize' ? this.t('finalize') : '';
      if (phase) bars.push(h('p', { class: 'muted' }, phase));
      bars.push(
        meter(
          this.t('reading', mib(p.bytesRead), mib(p.bytesTotal)),
          p.bytesRead,
          p.bytesTotal,
          'bytes',
        ),
        meter(
          this.t('tensors', p.tensorsLoaded, p.tensorsTotal),
          p.tensorsLoaded,
          p.tensorsTotal,
          'tensors',
        ),
      );
    }
    const q = this.passProgress;
    if (q && 'tokens' in q)
      bars.push(meter(this.t('tokenProgress', q.tokens, q.of, q.rate), q.tokens, q.of, 'tokens'));
    else if (q && 'layer' in q)
      bars.push(meter(this.t('layerProgress', q.layer, q.of), q.layer, q.of, 'layers'));
    this.loadArea.replaceChildren(...bars);
  }

  /** @param {Runtime} _rt */
  render(_rt) {
    this.drawLoad();
    this.drawModel();
    if (this.failure) throw this.failure;
  }

  /**
   * A file error is shown under the pickers, titled by its code in the widget's language, then
   * its message (English: it names files, tensors and sizes); any other error as every widget
   * shows it.
   * @param {any} e
   */
  showError(e) {
    if (!(e instanceof OpenModelError)) {
      super.showError(e);
      return;
    }
    const title = this.t('codes')[e.code];
    this.errorBox.replaceChildren(h('strong', {}, title), this.t('detailLabel'), ' ', e.message);
    this.errorBox.hidden = false;
    this.errorBox.dataset.code = e.code;
    this.dataset.error = this.t('detail', title, e.message);
  }

  drawModel() {
    const area = /** @type {HTMLElement} */ (this.modelArea);
    const m = this.model;
    if (!m) {
      area.replaceChildren();
      return;
    }
    const c = m.config;
    const stored = Object.values(m.dtypeSummary).reduce((a, s) => a + s.bytes, 0);
    const types = Object.entries(m.dtypeSummary)
      .sort((a, b) => b[1].bytes - a[1].bytes)
      .map(([t, s]) => `${t.toUpperCase()} ${pct(s.bytes / stored, 0)}`)
      .join(' · ');
    const ledger = m.ledgerRow;
    /** @type {Record<string, (v: any) => string>} */
    const noteText = this.t('notes');
    const facts = h('section', {}, [
      h('h3', {}, `${this.t('model')}: ${m.name}`),
      h('ul', { class: 'facts' }, [
        h('li', {}, `${m.format === 'gguf' ? 'GGUF' : 'safetensors'} · ${m.arch}`),
        h(
          'li',
          {},
          this.t(
            'shape',
            c.nLayers,
            c.nHeads,
            c.nKvHeads,
            c.dHead,
            c.vocab.toLocaleString('en-US'),
          ),
        ),
        h(
          'li',
          {},
          this.t('params', m.parameters.toLocaleString('en-US'), bytes(m.weightBytes), types),
        ),
        h(
          'li',
          { class: 'ledger' },
          this.t(
            'ledger',
            ledger.formula,
            bytes(ledger.bytesForContext),
            ledger.model.contextLength.toLocaleString('en-US'),
          ),
        ),
      ]),
      ...m.notes.map((n) => h('p', { class: 'note' }, noteText[n.id]?.(n.values) ?? n.text)),
    ]);
    const input = h('input', {
      type: 'text',
      value: this.promptText ?? this.t('defaultPrompt'),
      'aria-label': this.t('prompt'),
      oninput: () => (this.promptText = input.value),
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        if (e.key === 'Enter') this.run();
      },
    });
    const steps = h('input', {
      type: 'number',
      min: 1,
      max: MAX_STEPS,
      value: this.steps ?? DEFAULT_STEPS,
      oninput: () => (this.steps = Number(steps.value)),
    });
    const controls = h('section', {}, [
      h('div', { class: 'row' }, [
        h('label', { class: 'prompt' }, [h('span', { class: 'nowrap' }, this.t('prompt')), input]),
        h(
          'button',
          { type: 'button', class: 'run', disabled: this.busy, onclick: () => this.run() },
          this.t('run'),
        ),
      ]),
      h('div', { class: 'row' }, [
        h('label', {}, [h('span', { class: 'nowrap' }, this.t('steps')), steps]),
        h(
          'button',
          {
            type: 'button',
            class: 'generate',
            disabled: this.busy,
            onclick: () => this.generate(),
          },
          this.t('generate'),
        ),
      ]),
    ]);
    area.replaceChildren(facts, controls, ...this.drawResult(m));
  }

  /**
   * The last pass's read-outs.
   * @param {OpenedModel} m
   */
  drawResult(m) {
    const r = this.result;
    const ids = this.ran;
    if (!r || !ids) return [];
    const c = m.config;
    const labels = shownTokens(m.tokenizer.tokens(ids));
    const out = [];
    out.push(
      h('section', {}, [
        h('h3', {}, this.t('tokensTitle', ids.length)),
        h(
          'div',
          { class: 'chips' },
          labels.map((l, i) => h('span', { class: 'chip' }, [l, h('small', {}, String(ids[i]))])),
        ),
      ]),
    );
    const top = shownTokens(
      m.tokenizer.tokens(r.top5.map((/** @type {{token: number}} */ x) => x.token)),
    );
    out.push(
      h('section', {}, [
        h('h3', {}, this.t('top5')),
        h(
          'div',
          { class: 'top5' },
          r.top5.flatMap(
            (/** @type {{token: number, prob: number}} */ x, /** @type {number} */ i) => [
              h('span', { class: 'tok' }, top[i]),
              h(
                'span',
                { class: 'bar-track' },
                h('span', { class: 'bar-fill', style: { width: pct(x.prob) } }),
              ),
              h('output', {}, pct(x.prob)),
            ],
          ),
        ),
      ]),
    );
    if (this.generation) {
      const g = this.generation;
      out.push(
        h('section', {}, [
          h('h3', {}, this.t('generated')),
          h('p', { class: 'gen' }, [
            m.tokenizer.decode(
              g.tokens.slice(0, g.tokens.length - g.generated.length).filter((t) => t !== m.bosId),
            ),
            h('mark', {}, m.tokenizer.decode(g.generated)),
          ]),
        ]),
      );
    }
    // Layer and head pickers: query heads named with the KV group they read.
    const layerSel = h(
      'select',
      {
        'aria-label': this.t('layer'),
        onchange: () => this.pickLayer(Number(layerSel.value)),
      },
      Array.from({ length: c.nLayers }, (_, l) =>
        h('option', { value: l, selected: l === this.layer }, String(l + 1)),
      ),
    );
    const headName = (/** @type {number} */ hh) =>
      this.t('headLabel', hh + 1, kvGroupOf(hh, c.nHeads, c.nKvHeads) + 1);
    const headSel = h(
      'select',
      {
        'aria-label': this.t('head'),
        onchange: () => {
          this.head = Number(headSel.value);
          this.update();
        },
      },
      Array.from({ length: c.nHeads }, (_, hh) =>
        h('option', { value: hh, selected: hh === this.head }, headName(hh)),
      ),
    );
    out.push(
      h('div', { class: 'row controls' }, [
        h('label', {}, [this.t('layer'), layerSel]),
        h('label', {}, [this.t('head'), headSel]),
      ]),
    );
    const layer = r.attention.find((/** @type {{layer: number}} */ a) => a.layer === this.layer);
    if (layer) {
      const w = lastWindow(headSlice(layer, this.head), layer.t, HEATMAP_TOKENS);
      const shown = labels.slice(w.from);
      const title = this.t('heatmapTitle', this.layer + 1, headName(this.head));
      out.push(
        h('section', {}, [
          h('h3', {}, title),
          w.from ? h('p', { class: 'muted' }, this.t('window', HEATMAP_TOKENS, layer.t)) : null,
          heatmapLegend(),
          scrollRegion(
            heatmapTable({
              weights: w.weights,
              rows: shown,
              cols: shown,
              causal: true,
              caption: title,
              lang: this.lang,
            }),
            { label: title, lang: this.lang },
          ),
        ]),
      );
      if (layer.t >= 2) out.push(this.drawPatterns(layer, headName));
    }
    if (r.sinkShare?.length) out.push(this.drawSinks(r.sinkShare, c.nHeads));
    return out;
  }

  /**
   * A layer change: its weights are in the last pass, or the pass runs again for it.
   * @param {number} layer
   */
  pickLayer(layer) {
    this.layer = layer;
    const have = this.result?.attention.some(
      (/** @type {{layer: number}} */ a) => a.layer === layer,
    );
    if (have) this.update();
    else this.run();
  }

  /**
   * @param {{ weights: Float32Array, heads: number, t: number }} layer
   * @param {(h: number) => string} headName
   */
  drawPatterns(layer, headName) {
    const patterns = this.engine.headPatterns({
      shape: [layer.heads, layer.t, layer.t],
      data: layer.weights,
    });
    const title = this.t('patternsTitle', this.layer + 1);
    const cols = /** @type {const} */ (['previousToken', 'firstToken', 'diagonal', 'other']);
    const names = [this.t('prev'), this.t('first'), this.t('self'), this.t('other')];
    const table = h('table', { class: 'patterns', 'aria-label': title }, [
      h(
        'thead',
        {},
        h('tr', {}, [
          h('th', { scope: 'col' }, this.t('head')),
          ...names.map((n) => h('th', { scope: 'col' }, n)),
        ]),
      ),
      h(
        'tbody',
        {},
        patterns.map((p, hh) =>
          h('tr', {}, [
            h('th', { scope: 'row' }, headName(hh)),
            ...cols.map((k) => h('td', {}, pct(p[k]))),
          ]),
        ),
      ),
    ]);
    return h('section', {}, [
      h('h3', {}, title),
      scrollRegion(table, { label: title, lang: this.lang }),
    ]);
  }

  /**
   * @param {number[][]} sinks [L][H]
   * @param {number} nHeads
   */
  drawSinks(sinks, nHeads) {
    const title = this.t('sinksTitle');
    const table = h('table', { class: 'sinks', 'aria-label': title }, [
      h(
        'thead',
        {},
        h('tr', {}, [
          h('th', { scope: 'col' }, this.t('sinksHead')),
          ...Array.from({ length: nHeads }, (_, hh) => h('th', { scope: 'col' }, String(hh + 1))),
        ]),
      ),
      h(
        'tbody',
        {},
        sinks.map((row, l) =>
          h('tr', {}, [
            h('th', { scope: 'row' }, String(l + 1)),
            ...row.map((v) =>
              h('td', { style: { background: weightColor(v), color: textOn(v) } }, pct(v, 0)),
            ),
          ]),
        ),
      ),
    ]);
    return h('section', {}, [
      h('h3', {}, title),
      scrollRegion(table, { label: title, lang: this.lang }),
    ]);
  }

  /** @param {Runtime} _rt */
  checks(_rt) {
    const m = this.model;
    if (!m) return [];
    const ids = promptIds(m, this.promptText ?? this.t('defaultPrompt'), 2);
    const { full, cached } = cachedEqualsFull(this.engine, m.id, ids);
    return [
      check(
        'greedy next token: the KV-cached generation equals the full pass',
        String(full),
        String(cached),
      ),
    ];
  }

  updateDetail() {
    const m = this.model;
    return {
      ...super.updateDetail(),
      model: m ? { name: m.name, arch: m.arch, format: m.format } : null,
      tokens: this.ran,
    };
  }
}

/**
 * The files an input holds, the input then emptied so that picking the same files again (after
 * fixing one) fires `change` again.
 * @param {HTMLInputElement} input
 */
function picked(input) {
  const files = fileListSources(input.files ?? []);
  input.value = '';
  return files;
}

/**
 * Token labels as the chips and the heatmap show them: a space as ␣, a line break as ↵, so a
 * whitespace token is visible.
 * @param {string[]} labels
 */
function shownTokens(labels) {
  return labels.map((l) => l.replace(/ /g, '␣').replace(/\n/g, '↵').replace(/\t/g, '⇥') || '∅');
}

/**
 * A labelled progress bar.
 * @param {string} label
 * @param {number} value
 * @param {number} max
 * @param {string} kind its class: bytes, tensors or layers
 */
function meter(label, value, max, kind) {
  return h('div', { class: `meter ${kind}` }, [
    h('span', {}, label),
    h('progress', { value, max: max || 1, 'aria-label': label }),
  ]);
}
