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
/** @import { OpenModelRunResult } from '../../web/attn-engine.js' */
/** @import { AttnEngine } from '../../web/attn-engine.js' */
/** @import { OpenedModel } from '../../web/model-files/open-model-files.js' */
/** @import { OpenProgress } from '../../web/model-files/open-model-files.js' */
/** @import { ModelFile } from '../../web/model-files/file-source.js' */
/** @import { PassProgress } from './views/progress.js' */
/** @import { Translate } from './strings.js' */
/** @import { Threads } from './runtime.js' */
import { THREADED_START_MS } from './runtime.js';
import { AttnWidget, check } from '../../web/widget-base.js';
import { h } from '../../web/dom.js';
import { decodeBase64 } from '../../web/base64.js';
import { openModelFromFiles } from '../../web/model-files/open-model-files.js';
import { OpenModelError } from '../../web/model-files/open-model-error.js';
import { fileSource } from '../../web/model-files/file-source.js';
import { courseModelScript } from './course-model.js';
import {
  DEFAULT_STEPS,
  MAX_STEPS,
  layersToFetch,
  promptIds,
  runPass,
  cachedEqualsFull,
  generateByLayers,
  headPatternsOf,
  promptInVocabulary,
  NOTHING_READ,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH, CHARACTER_PROMPT } from './strings.js';
import { OPEN_MODEL_CSS } from './views/styles.js';
import { courseModelButton, dropZone } from './views/drop-zone.js';
import { progressBars } from './views/progress.js';
import { modelFacts } from './views/model-facts.js';
import { promptControls } from './views/prompt-controls.js';
import { passReadOuts } from './views/pass-read-outs.js';

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
  static css = OPEN_MODEL_CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** @type {OpenedModel | null} */
  #model = null;
  /** @type {OpenProgress | null} while files are read */
  #progress = null;
  /** @type {PassProgress | null} while a pass or a generation runs */
  #passProgress = null;
  /** @type {unknown} the last load's or run's error, shown until the next one starts */
  #failure = null;
  /** @type {OpenModelRunResult | null} the last pass */
  #result = null;
  /** @type {number[] | null} the ids that pass ran */
  #ran = null;
  /** @type {{ tokens: number[], generated: number[] } | null} */
  #generation = null;
  #layer = 0;
  #head = 0;
  #busy = false;
  /** @type {string | null} the prompt as typed (null: the default of the language) */
  #promptText = null;
  /** @type {number | undefined} tokens to generate, as typed */
  #steps = undefined;
  /** @type {HTMLElement | null} the progress bars */
  #loadArea = null;
  /** @type {HTMLElement | null} the model's facts, controls and read-outs */
  #modelArea = null;
  /** @type {Translate} t() as a function the views take */
  #t = (key, ...args) => this.t(key, ...args);

  /** The model open in this widget's engine, or null. */
  get model() {
    return this.#model;
  }

  /** How far the files being read are, or null when none are. */
  get progress() {
    return this.#progress;
  }

  /** The last pass's result (top 5, attention, sink shares), or null. */
  get result() {
    return this.#result;
  }

  /** The token ids the last pass ran, or null. */
  get ran() {
    return this.#ran;
  }

  /** The last greedy generation (the prompt's and the generated ids), or null. */
  get generation() {
    return this.#generation;
  }

  /** True while files are read, a pass runs or a generation runs. */
  get busy() {
    return this.#busy;
  }

  /** The prompt the next run uses (null: the default of the language). */
  get promptText() {
    return this.#promptText;
  }

  /** A page or a test may set the prompt before a model is opened (its first run uses it). */
  set promptText(text) {
    this.#promptText = text;
  }

  /** @returns {AttnEngine} */
  get #engine() {
    return /** @type {Runtime} */ (this.rt).engine;
  }

  /** The prompt as typed, or the opening prompt. */
  get #prompt() {
    return this.#promptText ?? this.#openingPrompt();
  }

  /**
   * The language's example, unless the open model cannot read it: then the other language's, or
   * the course's characters (a model trained on the course's text reads English as <unk>).
   */
  #openingPrompt() {
    const own = this.t('defaultPrompt');
    if (!this.#model) return own;
    const other = STRINGS[this.isEnglish ? 'zh-CN' : 'en'].defaultPrompt;
    return promptInVocabulary(this.#model, [own, String(other), CHARACTER_PROMPT]);
  }

  /**
   * How this widget's engine runs (./runtime.js): `count` threads, and why only one (`reason`:
   * 'file', 'isolation', 'shared-memory', 'cores', 'failed') or null when threaded.
   * @returns {Threads | null}
   */
  get threads() {
    return /** @type {any} */ (this.rt)?.threads ?? null;
  }

  /** @param {Runtime} _rt */
  build(_rt) {
    this.#loadArea = h('div', { class: 'load', 'aria-live': 'polite' });
    this.#modelArea = h('div', { class: 'model' });
    const threads = this.threads;
    // The course's own model first (one click, no file needed), then the student's own files;
    // the error box moves under the pickers: a file's error belongs next to where it was picked.
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('intro')),
      threads
        ? h(
            'p',
            { class: 'muted threads' },
            this.t('threads', threads.count, threads.reason, THREADED_START_MS / 1000),
          )
        : '',
      courseModelButton(this.#t, () => this.openCourseModel()),
      dropZone(this.#t, (files) => this.#open(files)),
      this.errorBox,
      this.#loadArea,
      this.#modelArea,
    );
  }

  /**
   * Opens the course's own model (the lab's, as the GGUF `npm run export-hf` writes, shipped in
   * attn-course-model.js beside this script) through the same path as a student's file.
   * Resolves when it has run (or failed, shown inline).
   */
  async openCourseModel() {
    if (this.#busy) return;
    try {
      const { name, base64, prompt } = await courseModelScript();
      const bytes = decodeBase64(base64);
      // The lab model reads Chinese characters: its own example sentence, unless one is typed.
      this.#promptText ??= prompt;
      await this.#open([fileSource(new File([bytes], name))]);
    } catch (e) {
      this.#failure = e;
      this.update();
    }
  }

  /**
   * Opens the picked files; the model before it (if any) is unloaded first.
   * @param {ModelFile[]} files
   */
  async #open(files) {
    if (this.#busy || !this.rt) return;
    this.#busy = true;
    this.#failure = null;
    if (this.#model) this.#engine.openModelUnload(this.#model.id);
    this.#model = null;
    this.#result = this.#ran = this.#generation = null;
    this.#progress = { ...NOTHING_READ };
    this.update();
    let last = 0;
    try {
      this.#model = await openModelFromFiles(this.#engine, files, {
        onProgress: (p) => {
          this.#progress = p;
          // Redraw the bars at most every 50 ms (a 1 GiB file is ~250 slices).
          const now = performance.now();
          if (now - last > 50 || p.phase !== 'tensors') {
            last = now;
            this.#drawLoad();
          }
        },
      });
      this.#layer = 0;
      this.#head = 0;
    } catch (e) {
      this.#failure = e;
    }
    this.#progress = null;
    this.#busy = false;
    this._checksLang = undefined; // the self-check is about the model now open
    this.update();
    if (this.#model) await this.#run();
  }

  /** Runs the prompt through the model, a layer at a time. */
  async #run() {
    const m = this.#model;
    if (!m || this.#busy) return;
    this.#busy = true;
    this.#failure = null;
    try {
      const ids = promptIds(m, this.#prompt, 0);
      this.#passProgress = { layer: 0, of: m.config.nLayers, chunk: 1, chunks: 1 };
      this.update();
      const layers = layersToFetch(m.config, ids.length, this.#layer);
      this.#result = await runPass(this.#engine, m.id, ids, layers, (step) => {
        this.#passProgress = step;
        this.#drawLoad();
      });
      this.#ran = ids;
      this.#generation = null;
    } catch (e) {
      this.#failure = e;
    }
    this.#passProgress = null;
    this.#busy = false;
    this.update();
  }

  /** Greedy generation with the KV cache from the prompt. */
  async #generate() {
    const m = this.#model;
    if (!m || this.#busy) return;
    this.#busy = true;
    this.#failure = null;
    const steps = Math.max(1, Math.min(MAX_STEPS, Math.round(this.#steps ?? DEFAULT_STEPS)));
    try {
      this.#passProgress = { tokens: 0, of: steps, rate: 0 };
      this.#drawLoad();
      await new Promise((resolve) => setTimeout(resolve, 0));
      const ids = promptIds(m, this.#prompt, steps);
      const started = performance.now();
      this.#generation = await generateByLayers(this.#engine, m.id, ids, steps, (generated) => {
        const seconds = (performance.now() - started) / 1000;
        this.#passProgress = {
          tokens: generated.length,
          of: steps,
          rate: generated.length / seconds,
        };
        this.#drawLoad();
      });
    } catch (e) {
      this.#failure = e;
    }
    this.#passProgress = null;
    this.#busy = false;
    this.update();
  }

  /**
   * A layer change: its weights are in the last pass, or the pass runs again for it.
   * @param {number} layer
   */
  #pickLayer(layer) {
    this.#layer = layer;
    if (this.#result?.attention.some((a) => a.layer === layer)) this.update();
    else this.#run();
  }

  /** The progress bars of a load or a pass (redrawn alone while one runs). */
  #drawLoad() {
    this.#loadArea?.replaceChildren(...progressBars(this.#progress, this.#passProgress, this.#t));
  }

  /** @param {Runtime} _rt */
  render(_rt) {
    this.#drawLoad();
    this.#drawModel();
    if (this.#failure) throw this.#failure;
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

  #drawModel() {
    const area = /** @type {HTMLElement} */ (this.#modelArea);
    const m = this.#model;
    if (!m) {
      area.replaceChildren();
      return;
    }
    const controls = promptControls(this.#t, {
      prompt: this.#prompt,
      steps: this.#steps ?? DEFAULT_STEPS,
      maxSteps: MAX_STEPS,
      busy: this.#busy,
      onPrompt: (text) => (this.#promptText = text),
      onSteps: (n) => (this.#steps = n),
      onRun: () => this.#run(),
      onGenerate: () => this.#generate(),
    });
    area.replaceChildren(modelFacts(m, this.#t), controls, ...this.#drawResult(m));
  }

  /**
   * The last pass's read-outs: tokens, top 5, the generation, the pickers, the heatmap, the
   * head patterns and the sink shares.
   * @param {OpenedModel} m
   * @returns {HTMLElement[]}
   */
  #drawResult(m) {
    const r = this.#result;
    const ids = this.#ran;
    if (!r || !ids) return [];
    const own = this.t('defaultPrompt');
    const other = String(STRINGS[this.isEnglish ? 'zh-CN' : 'en'].defaultPrompt);
    return passReadOuts(this.#t, m, r, ids, {
      generation: this.#generation,
      layer: this.#layer,
      head: this.#head,
      // A prompt it can read, for the line under a prompt it mostly cannot.
      readable: () => promptInVocabulary(m, [own, other, CHARACTER_PROMPT]),
      patterns: (layer) => headPatternsOf(this.#engine, layer),
      scale: this.scale,
      lang: this.lang,
      onLayer: (layer) => this.#pickLayer(layer),
      onHead: (head) => {
        this.#head = head;
        this.update();
      },
    });
  }

  /** @param {Runtime} _rt */
  checks(_rt) {
    const m = this.#model;
    if (!m) return [];
    const ids = promptIds(m, this.#prompt, 2);
    const { full, cached } = cachedEqualsFull(this.#engine, m.id, ids);
    return [
      check(
        'greedy next token: the KV-cached generation equals the full pass',
        String(full),
        String(cached),
      ),
    ];
  }

  updateDetail() {
    const m = this.#model;
    return {
      ...super.updateDetail(),
      model: m ? { name: m.name, arch: m.arch, format: m.format } : null,
      tokens: this.#ran,
    };
  }
}
