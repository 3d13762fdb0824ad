// <attn-kv-ledger model="qwen3.8-27b"> — lessons 8–10, the KV ledger.
// Pick a model of course-data/models.json and a context length; the engine's ledger gives the KV
// bytes per token and per request of that model's shape cast as MHA, (its own) GQA, MQA and MLA,
// with the per-token formula written out with the model's numbers. A log-scale bar chart compares
// the variants; a hybrid model's linear-attention layers are a separate bar of fixed size that
// does not move with the context. Below: every model's own cache per token (DeepSeek-V4.1-Flash's
// 890 B is the officially reported figure, labelled so), the DeepSeek-V2 comparisons, and a box
// where a teacher pastes a Hugging Face config.json to add a model.
// Attributes: model (a models.json id, default the anchor), models (the ids the comparison shows
// first; the rest behind a disclosure, so a lesson page is not the whole ledger), lang.
// Every byte count is a field of an engine result; this file holds the state and the wiring:
// strings.js its words, views/ what it draws (chart, variant cards, the models' comparison),
// logic.js the engine calls.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { CourseModel } from '../../web/course-data.js' */
/** @import { ConfigModel } from './logic.js' */
import { AttnWidget, check } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { exactBytes, h, redraw } from '../../web/dom.js';
import { modelById } from '../../web/models.js';
import { modelFromHfConfig } from './ledger-model.js';
import {
  DEFAULT_CONTEXT,
  PRESETS,
  MIN_CONTEXT,
  MAX_CONTEXT,
  isReported,
  isPasted,
  asConfig,
  variantLabel,
  modelLedger,
  variantRows,
  ownRow,
  compareEntries,
  v2Comparison,
  courseNumbers,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { CSS } from './styles.js';
import { amount, tokensText } from './views/format.js';
import { chartRows } from './views/chart.js';
import { variantCards } from './views/variants.js';
import { modelsTable, compareRow, v2Items } from './views/compare.js';
import { ledgerBoxes } from './views/layout.js';
import { contextControls, pasteSection, sliderPos } from './views/controls.js';

/** Controls that report nothing (the placeholders before the first build). */
const NO_CALLBACKS = { model() {}, contextInput() {}, tokens() {} };

/**
 * @tag attn-kv-ledger
 * @summary Lessons 8–10: KV-cache bytes of real models.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} model - model id of models.json (default: the course's anchor model)
 * @attr {string} models - ids of models.json the comparison table shows first, space-separated
 *   (the lesson's own; the others wait behind "all N models"); absent: every model
 * @attr {string} context - tokens the ledger opens at (default: the model's own context length)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes: {model}, model: the id shown (models.json or a pasted config), tokens: context}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class KvLedger extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** @type {ConfigModel[]} configs the student pasted on this page, in order */
  #custom = [];
  /** @type {string | undefined} the model shown (undefined until the first build) */
  #modelId;
  /** the context, tokens */
  #tokens = DEFAULT_CONTEXT;
  /** whether the student has chosen a context (until then it follows the page and the model) */
  #tokensChosen = false;
  // The controls and the boxes render() fills, made again by every build(); these first ones
  // are never shown.
  #ctl = contextControls('', DEFAULT_CONTEXT, String, NO_CALLBACKS);
  #paste = pasteSection('', String, () => {});
  /** What render() fills (views/layout.js). */
  #box = ledgerBoxes();

  static get observedAttributes() {
    return ['lang', 'model', 'models', 'context'];
  }

  /** The ids the page put first (attribute `models`), or null: every model in one table. */
  get #focusIds() {
    const ids = (this.getAttribute('models') ?? '').split(/[\s,]+/).filter(Boolean);
    return ids.length ? new Set(ids) : null;
  }

  /**
   * @param {string} name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    if (name === 'model' && value) this.#modelId = value;
    super.attributeChangedCallback(name, old, value);
  }

  /**
   * models.json entries with a config, then the pasted ones.
   * @param {Runtime} rt
   * @returns {ConfigModel[]}
   */
  #allModels(rt) {
    return [...rt.models.models.filter((m) => !isReported(m)).map(asConfig), ...this.#custom];
  }

  /** @param {Runtime} rt */
  #currentModel(rt) {
    const found = this.#allModels(rt).find((m) => m.id === this.#modelId);
    if (found) return found;
    const m = modelById(rt.models, this.#modelId ?? ''); // throws naming the ids models.json has
    throw new Error(`${m.name}: ${this.t('onlyReported')}`);
  }

  updateDetail() {
    return { ...super.updateDetail(), model: this.#modelId, tokens: this.#tokens };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const all = this.#allModels(rt);
    this.#modelId ??= this.getAttribute('model') || (all.find((m) => m.anchor) ?? all[0]).id;
    // A page opens inside the model's own context (attribute `context`, else the model's
    // contextLength), so no lesson opens on an extrapolation warning.
    if (!this.#tokensChosen) this.#tokens = this.#openingContext(all);
    const uid = Math.random().toString(36).slice(2, 8);
    const t = this.t.bind(this);

    this.#box = ledgerBoxes();
    this.#ctl = contextControls(uid, this.#tokens, t, {
      model: (id) => {
        this.#modelId = id;
        this.update();
      },
      contextInput: () => this.#onContextInput(),
      tokens: (n, fromSlider) => this.#setTokens(n, { fromSlider }),
    });
    this.#paste = pasteSection(uid, t, () => this.#onPaste());
    // The lesson's models first; the others (and, off lesson 10, the DeepSeek-V2 comparison)
    // one click away, so the page is not the whole ledger.
    const focus = this.#focusIds;
    this.#box.moreModels = h('details', { class: 'more', hidden: !focus }, [
      this.#box.moreSummary,
      scrollRegion(modelsTable(this.#box.moreBody, t), {
        label: this.t('compareTitle'),
        lang: this.lang,
      }),
    ]);
    const v2 = [h('h3', {}, this.t('v2Title')), this.#box.v2List];
    const v2Folded = focus && !focus.has('deepseek-v2');

    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      this.#ctl.el,
      this.#box.shapeLine,
      this.#box.limitNote,
      this.#box.windowNote,
      this.#box.ownLine,
      this.#box.generic,
      this.#box.chartTitle,
      this.#box.chart,
      this.#box.legend,
      h('h3', {}, this.t('variantsTitle')),
      this.#box.variants,
      this.#box.mlaNote,
      h('h3', {}, this.t('compareTitle')),
      scrollRegion(modelsTable(this.#box.compareBody, t), {
        label: this.t('compareTitle'),
        lang: this.lang,
      }),
      this.#box.moreModels,
      this.#box.compareNote,
      ...(v2Folded
        ? [h('details', { class: 'more' }, [h('summary', {}, this.t('v2Title')), this.#box.v2List])]
        : v2),
      this.#paste.el,
    );
  }

  /**
   * The context the widget opens at: the `context` attribute, else the shown model's own
   * context length, else the course's default, within the slider's range.
   * @param {ConfigModel[]} all
   */
  #openingContext(all) {
    const attr = Number(this.getAttribute('context'));
    const own = all.find((m) => m.id === this.#modelId)?.contextLength;
    const n = Number.isInteger(attr) && attr > 0 ? attr : (own ?? DEFAULT_CONTEXT);
    return Math.min(MAX_CONTEXT, Math.max(MIN_CONTEXT, n));
  }

  // ---- interactions ------------------------------------------------------------------------

  /**
   * @param {number} n tokens
   * @param {{ fromSlider?: boolean }} [how] from the slider: leave the slider where it is
   */
  #setTokens(n, { fromSlider = false } = {}) {
    this.#tokens = n;
    this.#tokensChosen = true;
    this.#ctl.ctxInput.value = String(n);
    this.#ctl.ctxError.hidden = true;
    if (!fromSlider) this.#ctl.slider.value = String(sliderPos(n));
    this.update();
  }

  #onContextInput() {
    const raw = this.#ctl.ctxInput.value.trim();
    const n = Number(raw);
    if (raw === '' || !Number.isInteger(n) || n < MIN_CONTEXT || n > MAX_CONTEXT) {
      this.#ctl.ctxError.textContent = this.t(
        'ctxError',
        tokensText(MIN_CONTEXT),
        tokensText(MAX_CONTEXT),
      );
      this.#ctl.ctxError.hidden = false;
      this.#ctl.ctxInput.setAttribute('aria-invalid', 'true');
      return;
    }
    this.#ctl.ctxInput.removeAttribute('aria-invalid');
    this.#ctl.ctxError.hidden = true;
    this.#tokens = n;
    this.#tokensChosen = true;
    this.#ctl.slider.value = String(sliderPos(n));
    this.update();
  }

  #onPaste() {
    const text = this.#paste.area.value;
    this.#paste.status.textContent = '';
    try {
      const n = this.#custom.length + 1;
      const model = asConfig(modelFromHfConfig(text, {}));
      model.id = `pasted-${n}-${model.id}`;
      // the engine's own checks (e.g. KV heads dividing Q heads)
      modelLedger(/** @type {Runtime} */ (this.rt).engine, model);
      this.#custom.push(model);
      this.#modelId = model.id;
      this.#paste.error.hidden = true;
      const notes = this.isEnglish ? model.notes : (model.notesZh ?? model.notes);
      this.#paste.status.textContent =
        this.t('pasteAdded', model.name) + (notes ? ` ${notes}` : '');
    } catch (err) {
      // An HfConfigError has its message in each language; the engine's are English.
      const e =
        /** @type {Error & { messageEn?: string, messageZh?: string, missing?: string[] }} */ (err);
      const msg = (this.isEnglish ? e.messageEn : e.messageZh) ?? e.message;
      const kind = e.name && e.name !== 'Error' ? `${e.name}: ` : '';
      this.#paste.error.replaceChildren(h('strong', {}, this.t('error')), `${kind}${msg}`);
      this.#paste.error.hidden = false;
      this.#paste.error.dataset.missing = (e.missing ?? []).join(',');
    }
    this.update();
  }

  // ---- drawing -----------------------------------------------------------------------------

  /** @param {Runtime} rt */
  render(rt) {
    const engine = rt.engine;
    const all = this.#allModels(rt);
    const T = this.#tokens;
    const Tt = tokensText(T);
    const t = this.t.bind(this);

    // Options: rebuilt only when the list changes (keeps a focused select steady).
    const key = all.map((m) => m.id).join('|') + this.lang;
    if (this.#ctl.select.dataset.key !== key) {
      this.#ctl.select.replaceChildren(
        ...all.map((m) =>
          h(
            'option',
            { value: m.id },
            `${m.name} · ${m.attention.kind.toUpperCase()}${isPasted(m) ? ` (${this.t('pasted')})` : ''}`,
          ),
        ),
      );
      this.#ctl.select.dataset.key = key;
    }
    const model = this.#currentModel(rt);
    this.#ctl.select.value = model.id;
    this.#ctl.presets.set(PRESETS.includes(T) ? T : null);
    this.#ctl.slider.setAttribute('aria-valuetext', `${Tt} token`);

    const rows = variantRows(engine, model, T);
    const own = ownRow(model, rows);
    this.#box.shapeLine.textContent = this.t('shape', model);
    redraw(this.#box.ownLine, [
      h('span', { class: 'badge' }, this.t('own')),
      ' ',
      h('span', { class: 'big' }, [
        `${variantLabel(own)}, ${this.t('perToken')}: `,
        ...amount(own.bytesPerToken),
      ]),
      ' ',
      h('span', { class: 'formula' }, own.formula),
    ]);
    redraw(this.#box.generic, [
      h('p', { class: 'formula' }, this.t('formulaKv')),
      h('p', { class: 'formula' }, this.t('formulaMla')),
    ]);
    const mqa = rows.find((r) => r.kind === 'mqa'),
      mla = rows.find((r) => r.kind === 'mla');
    this.#box.mlaNote.textContent =
      mqa && mla && mqa.bytesPerToken < mla.bytesPerToken
        ? this.t('mqaUndercut', exactBytes(mqa.bytesPerToken), exactBytes(mla.bytesPerToken))
        : '';
    this.#box.mlaNote.hidden = !this.#box.mlaNote.textContent;
    // The engine flags a context past the model's limit and caps a sliding window's tokens.
    this.#box.limitNote.textContent = own.exceedsContext
      ? this.t('overLimit', model.name, Tt, tokensText(/** @type {number} */ (model.contextLength)))
      : '';
    this.#box.limitNote.hidden = !own.exceedsContext;
    this.#box.windowNote.textContent = model.slidingWindow
      ? this.t('windowNote', tokensText(model.slidingWindow))
      : '';
    this.#box.windowNote.hidden = !model.slidingWindow;

    this.#box.chartTitle.textContent = this.t('chartTitle', Tt);
    this.#box.chart.setAttribute('aria-label', this.t('chartLabel', Tt));
    redraw(this.#box.chart, chartRows(model, rows, t));
    this.#box.legend.textContent = this.t(rows[0].stateBytes > 0 ? 'legend' : 'legendPlain');
    redraw(this.#box.variants, variantCards(model, rows, T, t));
    this.#drawCompare(rt);
    redraw(this.#box.v2List, v2Items(v2Comparison(engine, rt.models), t));
  }

  /**
   * Every model's own attention per token: the lesson's models (and the one picked, and pasted
   * ones) in the table, the rest folded; the note on the reported-only model where its row is.
   * @param {Runtime} rt
   */
  #drawCompare(rt) {
    const t = this.t.bind(this);
    const trs = compareEntries(rt.engine, [...rt.models.models, ...this.#custom]).map((e) =>
      compareRow(e, t),
    );
    const focus = this.#focusIds;
    const first = (/** @type {HTMLTableRowElement} */ tr) => {
      const id = tr.dataset.model ?? '';
      return !focus || focus.has(id) || id === this.#modelId || id.startsWith('pasted-');
    };
    redraw(this.#box.compareBody, trs.filter(first));
    const rest = trs.filter((tr) => !first(tr));
    redraw(this.#box.moreBody, rest);
    this.#box.moreModels.hidden = !rest.length;
    this.#box.moreSummary.textContent = this.t('moreModels', trs.length, rest.length);
    if (rest.some((tr) => tr.classList.contains('reported')))
      this.#box.moreModels.append(this.#box.compareNote);
    else this.#box.moreModels.after(this.#box.compareNote);
    const rep = rt.models.models.find(isReported);
    this.#box.compareNote.textContent = rep
      ? this.t(
          'reportedNote',
          rep.name,
          exactBytes(/** @type {number} */ (modelLedger(rt.engine, rep).reportedBytesPerToken)),
        )
      : '';
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt.engine, rt.models).map((c) => check(c.name, c.expected, c.actual));
  }
}
