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
// Every byte count is a field of an engine result; this file formats and lays them out.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { CourseModel } from '../../web/course-data.js' */
/** @import { AttnEngine } from '../../web/attn-engine.js' */
import { AttnWidget, check } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, bytes, exactBytes } from '../../web/dom.js';
import { CATEGORY } from '../../web/color.js';
import { modelFromHfConfig } from './hf-config.js';
import { modelById } from '../../web/models.js';
import {
  PRESETS,
  DEFAULT_CONTEXT,
  MIN_CONTEXT,
  MAX_CONTEXT,
  isReported,
  variantLabel,
  isOwnRow,
  modelLedger,
  variantRows,
  ownRow,
  rowOf,
  reductionText,
  courseNumbers,
} from './logic.js';

const STATE_DTYPE_BYTES = { fp32: 4, bf16: 2, fp16: 2 };

const CSS = `
h3 { font-size: 0.98rem; margin: 0 0 2px; }
fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
legend { padding: 0; font-weight: 600; }
.controls { display: grid; gap: 6px; }
input[type="number"] { width: 10.5em; max-width: 100%; }
select { max-width: 100%; }
.chart { margin: 10px 0 6px; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 8px; align-items: center; }
.bar-row { display: contents; }
.bar-row .lab { font-weight: 600; font-size: 0.9em; }
.bar-row .val { grid-column: 2; font-size: 0.85em; font-variant-numeric: tabular-nums; margin-bottom: 4px; }
.bar-row.state .bar-fill { background: ${CATEGORY.b}; background-image: repeating-linear-gradient(135deg, rgba(0,0,0,0.18) 0 3px, transparent 3px 7px); }
.bar-row.own .lab::after { content: " ★"; }
.axis { position: relative; height: 1.3em; font-size: 0.75em; color: var(--_fg-2-444); }
.axis span { position: absolute; top: 0; transform: translateX(-50%); white-space: nowrap; }
.axis span:first-child { transform: none; }
.axis-row { display: contents; }
.tick { position: absolute; top: -2px; bottom: -2px; width: 1px; background: var(--_control-border-9a9a9a); }
.variants { display: grid; gap: 8px; margin: 8px 0; }
.card { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 6px 8px; }
.card.own { border-color: var(--_accent); border-width: 2px; }
.card.state { border-color: ${CATEGORY.b}; border-style: dashed; border-width: 2px; }
.badge { display: inline-block; font-size: 0.78em; font-weight: 600; padding: 0 6px; border-radius: 9px; background: var(--_accent-soft); color: var(--_accent); margin-left: 4px; }
.badge.reported { background: var(--_warn-bg); color: var(--_warn-fg); }
.badge.pasted { background: var(--_ok-bg-e3f4ee); color: var(--_ok-00563a); }
.warn { border-left: 4px solid var(--_warn-border); background: var(--_warn-bg-fff5e0); color: var(--_warn-fg-4d3300); padding: 6px 10px; }
.big { font-weight: 600; font-variant-numeric: tabular-nums; }
textarea { font: 0.85em/1.4 ui-monospace, "DejaVu Sans Mono", monospace; width: 100%; min-height: 8em; box-sizing: border-box; }
textarea:focus-visible, summary:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.paste summary, .more summary { cursor: pointer; font-weight: 600; min-height: 24px; }
details.more { margin: 6px 0; }
.paste { margin-top: 10px; border-top: 1px solid var(--_rule); padding-top: 6px; }
td .formula, td .muted { display: block; text-align: left; }
table.models { width: 100%; }
table.models td { text-align: left; }
th .sub { display: block; font-weight: 400; font-size: 0.85em; color: var(--_fg-2-444); }
.nw { white-space: nowrap; }
td:first-child { text-align: left; }
.compare li { margin: 4px 0; }
`;

// Log axis of the chart: fixed from 1 KiB (2^10 B) to 64 TiB (2^46 B), so a bar of fixed size
// (the linear-attention state) keeps the same length whatever the context.
const AXIS_LO = 10,
  AXIS_HI = 46;
const TICKS = [
  [10, '1 KiB'],
  [20, '1 MiB'],
  [30, '1 GiB'],
  [40, '1 TiB'],
];
const axisPct = (log2) => `${(((log2 - AXIS_LO) / (AXIS_HI - AXIS_LO)) * 100).toFixed(3)}%`;
function barWidth(b) {
  const x = Math.log2(Math.max(b, 1));
  return axisPct(Math.min(AXIS_HI, Math.max(AXIS_LO + 0.25, x)));
}

const tokensText = (n) => n.toLocaleString('en-US');
// The slider moves through powers of two, 2^10 … 2^24 tokens; its position for any length.
const SLIDER_LO = 10,
  SLIDER_HI = 24;
const sliderPos = (t) => Math.min(SLIDER_HI, Math.max(SLIDER_LO, Math.round(Math.log2(t))));
/** "389,120 B = 380 KiB", each half kept on one line. */
const amount = (b) => [
  h('span', { class: 'nw' }, exactBytes(b)),
  ' ',
  h('span', { class: 'nw' }, `= ${bytes(b)}`),
];

/**
 * @tag attn-kv-ledger
 * @summary Lessons 8–10: KV-cache bytes of real models.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} model - model id of models.json (default: the course's anchor model)
 * @attr {string} models - ids of models.json the comparison table shows first, space-separated
 *   (the lesson's own; the others wait behind "all N models"); absent: every model
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes: {model}, model: the id shown (models.json or a pasted config), tokens: context}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class KvLedger extends AttnWidget {
  static css = CSS;
  /** @type {CourseModel[] | undefined} configs the student pasted on this page, in order */
  custom;

  static strings = {
    'zh-CN': {
      title: 'KV 账本：一条请求要存多少 K、V',
      help: '选模型和上下文长度。同一个模型形状分别按 MHA、GQA、MQA（和 MLA）存 K/V，每个字节数都由引擎的账本现算。',
      model: '模型',
      context: '上下文长度（token）',
      presets: '常用长度',
      slider: '上下文长度（按 2 的幂）',
      pasted: '粘贴',
      onlyReported: '只有官方报告的每 token 字节数，没有可现算的 config，请选别的模型',
      ctxError: (lo, hi) => `上下文长度要是 ${lo} 到 ${hi} 之间的整数`,
      shape: (m) =>
        `${m.name}：${m.layers} 层` +
        (m.linearAttention
          ? `，其中 ${m.fullAttentionLayers ?? m.layers} 层全注意力存 KV、${m.linearAttention.layers} 层线性注意力`
          : '') +
        (m.attention.kind === 'mla'
          ? `；${m.attention.nHeads} 个 Q 头；MLA 每层存 ${m.attention.kvLoraRank} 维潜向量 + ${m.attention.ropeDim} 维 RoPE`
          : `；${m.attention.nHeads} 个 Q 头 × ${m.attention.headDim} 维，${m.attention.nKvHeads} 个 KV 头`) +
        `；每元素 ${m.dtypeBytes} B`,
      formulaKv: '每 token = 存 KV 的层数 × 2（K 和 V）× KV 头数 × head_dim × 每元素字节',
      formulaMla: 'MLA 每 token = 存 KV 的层数 × (kv_lora_rank + rope_dim) × 每元素字节',
      chartTitle: (t) => `一条 ${t} token 的请求要存的字节（对数坐标，每格 ×1024）`,
      chartLabel: (t) => `各种注意力在 ${t} token 时每条请求的 KV 字节，对数坐标`,
      stateLabel: '线性层状态',
      legend: '★ 本模型实际用的注意力；橙色斜纹：线性注意力层的固定状态，上下文再长也不变。',
      legendPlain: '★ 本模型实际用的注意力。',
      variantsTitle: '逐项算账',
      kvHeads: (g) => `${g} 个 KV 头`,
      mlaHeads: '只存潜向量',
      own: '本模型实际用的',
      perToken: '每 token',
      perRequest: (t) => `每条请求（${t} token）`,
      plusState: '加上固定状态，合计',
      stateTitle: (n) => `${n} 层线性注意力的固定状态`,
      stateBody: (n, h, k, v, dt, name) =>
        `${n} 层 × ${h} 个 V 头 × ${k} × ${v} × ${dt} B（${name}）`,
      stateNote: '与上下文长度无关：上下文从 4,096 拉到 1,048,576，这一项一个字节都不变。',
      compareTitle: '各模型自己的注意力，每 token',
      colModel: '模型（注意力）',
      colPerToken: '每 token 的 KV 字节',
      reportedShort: '官方数字照录，不是由 config 算出',
      reported: '官方报告值，非现算',
      reportedNote: (name, b) =>
        `${name} 没有可现算的 config：${b}/token 是官方模型卡 / 技术报告给出的数字（压缩、稀疏与 FP4 KV 叠加后），这里只照录，不是引擎算出来的。`,
      v2Title: 'DeepSeek-V2 的 MLA 省了多少',
      moreModels: (n, rest) => `全部 ${n} 个模型：再显示其余 ${rest} 个`,
      v2vs67: (a, b, r) => `对比 DeepSeek LLM 67B（都按 BF16）：1 − ${a} / ${b} = ${r}`,
      v2vsMha: (f, a, b, r) => `对比同一个模型改用 MHA（${f}）：1 − ${a} / ${b} = ${r}`,
      v2Note:
        '官方说的「KV −93.3%」也是相对 67B，但它还把 KV 量化到了约 6 bit；只看 BF16，MLA 省的是 82.2%。',
      pasteTitle: '粘贴 Hugging Face 的 config.json，加一行',
      pasteLabel: 'config.json 的内容',
      pasteAdd: '加入账本',
      pasteAdded: (n) => `已加入「${n}」，并已选中。`,
      mqaUndercut: (mqa, mla) =>
        `这里 MQA（${mqa}）比 MLA（${mla}）还小：MQA 让所有头共用同一份 K/V，MLA 的潜向量却能给每个头各自的 K/V（展开，或把展开吸收进 query 和输出），质量更接近 MHA（第 9、10 课）。`,
      overLimit: (name, t, limit) =>
        `${t} token 超过了 ${name} 的上下文上限 ${limit} token：模型本身处理不了这么长的请求，下面的字节数只是按公式外推。`,
      windowNote: (w) =>
        `滑动窗口：这个模型每层只看最近 ${w} 个 token，缓存是一个滚动缓冲区，每层最多存 ${w} 个 token。`,
      windowed: (t, w) => `${t} token 的请求，每层只存最近 ${w} 个`,
    },
    en: {
      title: 'The KV ledger: how many K/V bytes one request keeps',
      help: 'Pick a model and a context length. The same model shape stores K/V as MHA, GQA, MQA (and MLA); every byte count comes from the engine’s ledger.',
      model: 'Model',
      context: 'Context length (tokens)',
      presets: 'Presets',
      slider: 'Context length (powers of 2)',
      pasted: 'pasted',
      onlyReported:
        'only an officially reported bytes-per-token figure, no config to compute from; pick another model',
      ctxError: (lo, hi) => `The context length must be a whole number from ${lo} to ${hi}`,
      shape: (m) =>
        `${m.name}: ${m.layers} layers` +
        (m.linearAttention
          ? `, ${m.fullAttentionLayers ?? m.layers} full-attention layers keep KV, ${m.linearAttention.layers} are linear attention`
          : '') +
        (m.attention.kind === 'mla'
          ? `; ${m.attention.nHeads} query heads; MLA stores a ${m.attention.kvLoraRank}-dim latent + ${m.attention.ropeDim} RoPE dims per layer`
          : `; ${m.attention.nHeads} query heads × ${m.attention.headDim} dims, ${m.attention.nKvHeads} KV heads`) +
        `; ${m.dtypeBytes} B per element`,
      formulaKv: 'per token = KV layers × 2 (K and V) × KV heads × head_dim × bytes per element',
      formulaMla: 'MLA per token = KV layers × (kv_lora_rank + rope_dim) × bytes per element',
      chartTitle: (t) => `Bytes one request of ${t} tokens keeps (log scale, ×1024 per gridline)`,
      chartLabel: (t) =>
        `KV bytes per request at ${t} tokens for each attention variant, log scale`,
      stateLabel: 'Linear state',
      legend:
        '★ this model’s own attention; orange stripes: the linear-attention layers’ fixed state, the same at every context length.',
      legendPlain: '★ this model’s own attention.',
      variantsTitle: 'The ledger, line by line',
      kvHeads: (g) => `${g} KV head${g === 1 ? '' : 's'}`,
      mlaHeads: 'latent only',
      own: 'this model’s own',
      perToken: 'per token',
      perRequest: (t) => `per request (${t} tokens)`,
      plusState: 'plus the fixed state, in total',
      stateTitle: (n) => `Fixed state of the ${n} linear-attention layers`,
      stateBody: (n, h, k, v, dt, name) =>
        `${n} layers × ${h} value heads × ${k} × ${v} × ${dt} B (${name})`,
      stateNote:
        'Independent of the context: from 4,096 to 1,048,576 tokens this line does not change by a byte.',
      compareTitle: 'Each model’s own attention, per token',
      colModel: 'Model (attention)',
      colPerToken: 'KV bytes per token',
      reportedShort: 'quoted from the official report, not computed from a config',
      reported: 'officially reported, not computed',
      reportedNote: (name, b) =>
        `${name} has no config to compute from: ${b}/token is the figure its official model card / technical report gives (compression, sparsity and FP4 KV combined). It is quoted here, not computed by the engine.`,
      v2Title: 'What DeepSeek-V2’s MLA saves',
      moreModels: (n, rest) => `All ${n} models: show the other ${rest}`,
      v2vs67: (a, b, r) => `Against DeepSeek LLM 67B (both BF16): 1 − ${a} / ${b} = ${r}`,
      v2vsMha: (f, a, b, r) => `Against V2 built with MHA (${f}): 1 − ${a} / ${b} = ${r}`,
      v2Note:
        'The official “KV −93.3%” is also against 67B, but it includes quantising the KV cache to about 6 bits; in BF16 alone MLA saves 82.2%.',
      pasteTitle: 'Paste a Hugging Face config.json to add a row',
      pasteLabel: 'Contents of config.json',
      pasteAdd: 'Add to the ledger',
      pasteAdded: (n) => `Added “${n}” and selected it.`,
      mqaUndercut: (mqa, mla) =>
        `Here MQA (${mqa}) is smaller than MLA (${mla}): MQA makes every head share one K/V, while MLA’s latent still gives each head its own K/V (expanded, or with the expansion absorbed into the query and the output), much closer to MHA in quality (lessons 9 and 10).`,
      overLimit: (name, t, limit) =>
        `${t} tokens is past ${name}’s context limit of ${limit} tokens: the model itself cannot take a request this long, and the bytes below only extrapolate the formula.`,
      windowNote: (w) =>
        `Sliding window: every layer of this model attends only to the last ${w} tokens, so its cache is a rolling buffer holding at most ${w} tokens per layer.`,
      windowed: (t, w) => `a ${t}-token request keeps only the last ${w} per layer`,
    },
  };

  static get observedAttributes() {
    return ['lang', 'model', 'models'];
  }

  /** The ids the page put first (attribute `models`), or null: every model in one table. */
  get focusIds() {
    const ids = (this.getAttribute('models') ?? '').split(/[\s,]+/).filter(Boolean);
    return ids.length ? new Set(ids) : null;
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'model' && value) this.modelId = value;
    super.attributeChangedCallback(name, old, value);
  }

  /**
   * models.json entries with a config, then the pasted ones.
   * @param {Runtime} rt
   */
  allModels(rt) {
    return [...rt.models.models.filter((m) => !isReported(m)), ...(this.custom ?? [])];
  }

  /** @param {Runtime} rt */
  currentModel(rt) {
    const found = this.allModels(rt).find((m) => m.id === this.modelId);
    if (found) return found;
    const m = modelById(rt.models, this.modelId); // throws naming the ids models.json has
    throw new Error(`${m.name}: ${this.t('onlyReported')}`);
  }

  updateDetail() {
    return { ...super.updateDetail(), model: this.modelId, tokens: this.tokens };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const all = this.allModels(rt);
    this.custom ??= [];
    this.modelId ??= this.getAttribute('model') || (all.find((m) => m.anchor) ?? all[0]).id;
    this.tokens ??= DEFAULT_CONTEXT;
    const uid = Math.random().toString(36).slice(2, 8);

    this.shapeLine = h('p', { class: 'formula' });
    this.ownLine = h('p', {});
    this.generic = h('div', {});
    this.mlaNote = h('p', { class: 'muted' });
    this.limitNote = h('p', { class: 'warn', role: 'status', 'data-note': 'over-limit' });
    this.windowNote = h('p', { class: 'muted', 'data-note': 'window' });
    this.chartTitle = h('h3', {});
    this.chart = h('div', { class: 'chart', role: 'group' });
    this.legend = h('p', { class: 'muted' });
    this.variants = h('div', { class: 'variants' });
    this.compareBody = h('tbody', {});
    this.moreBody = h('tbody', {});
    this.moreSummary = h('summary', {});
    this.compareNote = h('p', { class: 'muted' });
    this.v2List = h('ul', { class: 'compare' });
    const modelsTable = (tbody) =>
      h('table', { class: 'models' }, [
        h(
          'thead',
          {},
          h('tr', {}, [
            h('th', { scope: 'col' }, this.t('colModel')),
            h('th', { scope: 'col' }, this.t('colPerToken')),
          ]),
        ),
        tbody,
      ]);
    // The lesson's models first; the others (and, off lesson 10, the DeepSeek-V2 comparison)
    // one click away, so the page is not the whole ledger.
    const focus = this.focusIds;
    this.moreModels = h('details', { class: 'more', hidden: !focus }, [
      this.moreSummary,
      scrollRegion(modelsTable(this.moreBody), {
        label: this.t('compareTitle'),
        lang: this.lang,
      }),
    ]);
    const v2 = [h('h3', {}, this.t('v2Title')), this.v2List];
    const v2Folded = focus && !focus.has('deepseek-v2');

    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      this.controls(uid),
      this.shapeLine,
      this.limitNote,
      this.windowNote,
      this.ownLine,
      this.generic,
      this.chartTitle,
      this.chart,
      this.legend,
      h('h3', {}, this.t('variantsTitle')),
      this.variants,
      this.mlaNote,
      h('h3', {}, this.t('compareTitle')),
      scrollRegion(modelsTable(this.compareBody), {
        label: this.t('compareTitle'),
        lang: this.lang,
      }),
      this.moreModels,
      this.compareNote,
      ...(v2Folded
        ? [h('details', { class: 'more' }, [h('summary', {}, this.t('v2Title')), this.v2List])]
        : v2),
      this.pasteSection(uid),
    );
  }

  /** Model, context length (number, presets, slider) and the context error line. */
  controls(uid) {
    this.select = h('select', {
      id: `m-${uid}`,
      onchange: () => {
        this.modelId = this.select.value;
        this.update();
      },
    });
    this.ctxInput = h('input', {
      id: `c-${uid}`,
      type: 'number',
      min: MIN_CONTEXT,
      max: MAX_CONTEXT,
      step: 1,
      inputmode: 'numeric',
      value: this.tokens,
      'aria-describedby': `ce-${uid}`,
      oninput: () => this.onContextInput(),
    });
    this.ctxError = h('p', { id: `ce-${uid}`, class: 'error', role: 'alert', hidden: true });
    this.presetButtons = PRESETS.map((t) =>
      h(
        'button',
        {
          type: 'button',
          'data-tokens': t,
          'aria-pressed': 'false',
          onclick: () => this.setTokens(t),
        },
        tokensText(t),
      ),
    );
    this.slider = h('input', {
      id: `s-${uid}`,
      type: 'range',
      min: SLIDER_LO,
      max: SLIDER_HI,
      step: 1,
      value: sliderPos(this.tokens),
      oninput: () => this.setTokens(2 ** Number(this.slider.value), { fromSlider: true }),
    });
    return h('div', { class: 'controls' }, [
      h('div', { class: 'row' }, [h('label', { for: `m-${uid}` }, this.t('model')), this.select]),
      h('div', { class: 'row' }, [
        h('label', { for: `c-${uid}` }, this.t('context')),
        this.ctxInput,
      ]),
      h(
        'div',
        { class: 'row', role: 'group', 'aria-label': this.t('presets') },
        this.presetButtons,
      ),
      h('div', { class: 'row' }, [
        h('label', { for: `s-${uid}`, class: 'muted' }, this.t('slider')),
        this.slider,
      ]),
      this.ctxError,
    ]);
  }

  /** "Paste a config.json": adds the student's own model to the list (this page only). */
  pasteSection(uid) {
    this.pasteArea = h('textarea', {
      id: `p-${uid}`,
      rows: 8,
      spellcheck: 'false',
      placeholder: '{ "num_hidden_layers": 32, ... }',
    });
    this.pasteError = h('div', { class: 'error paste-error', role: 'alert', hidden: true });
    this.pasteStatus = h('p', { class: 'muted', 'aria-live': 'polite' });
    this.pasteButton = h(
      'button',
      { type: 'button', onclick: () => this.onPaste() },
      this.t('pasteAdd'),
    );
    return h('details', { class: 'paste' }, [
      h('summary', {}, this.t('pasteTitle')),
      h('label', { for: `p-${uid}`, class: 'muted' }, this.t('pasteLabel')),
      this.pasteArea,
      h('div', { class: 'row' }, this.pasteButton),
      this.pasteError,
      this.pasteStatus,
    ]);
  }

  // ---- interactions ------------------------------------------------------------------------

  setTokens(t, { fromSlider = false } = {}) {
    this.tokens = t;
    this.ctxInput.value = String(t);
    this.ctxError.hidden = true;
    if (!fromSlider) this.slider.value = String(sliderPos(t));
    this.update();
  }

  onContextInput() {
    const raw = this.ctxInput.value.trim();
    const t = Number(raw);
    if (raw === '' || !Number.isInteger(t) || t < MIN_CONTEXT || t > MAX_CONTEXT) {
      this.ctxError.textContent = this.t(
        'ctxError',
        tokensText(MIN_CONTEXT),
        tokensText(MAX_CONTEXT),
      );
      this.ctxError.hidden = false;
      this.ctxInput.setAttribute('aria-invalid', 'true');
      return;
    }
    this.ctxInput.removeAttribute('aria-invalid');
    this.ctxError.hidden = true;
    this.tokens = t;
    this.slider.value = String(sliderPos(t));
    this.update();
  }

  onPaste() {
    const text = this.pasteArea.value;
    this.pasteStatus.textContent = '';
    try {
      const n = this.custom.length + 1;
      const model = modelFromHfConfig(text, {});
      model.id = `pasted-${n}-${model.id}`;
      // the engine's own checks (e.g. KV heads dividing Q heads)
      modelLedger(this.rt.engine, model);
      this.custom.push(model);
      this.modelId = model.id;
      this.pasteError.hidden = true;
      const notes = this.isEnglish ? model.notes : (model.notesZh ?? model.notes);
      this.pasteStatus.textContent = this.t('pasteAdded', model.name) + (notes ? ` ${notes}` : '');
    } catch (e) {
      const msg = (this.isEnglish ? e.messageEn : e.messageZh) ?? e.message;
      const kind = e.name && e.name !== 'Error' ? `${e.name}: ` : '';
      this.pasteError.replaceChildren(h('strong', {}, this.t('error')), `${kind}${msg}`);
      this.pasteError.hidden = false;
      this.pasteError.dataset.missing = (e.missing ?? []).join(',');
    }
    this.update();
  }

  // ---- drawing -----------------------------------------------------------------------------

  /** @param {Runtime} rt */
  render(rt) {
    const engine = rt.engine;
    const all = this.allModels(rt);
    const T = this.tokens;
    const Tt = tokensText(T);

    // Options: rebuilt only when the list changes (keeps a focused select steady).
    const key = all.map((m) => m.id).join('|') + this.lang;
    if (this.select.dataset.key !== key) {
      this.select.replaceChildren(
        ...all.map((m) =>
          h(
            'option',
            { value: m.id },
            `${m.name} · ${m.attention.kind.toUpperCase()}${m.id.startsWith('pasted-') ? ` (${this.t('pasted')})` : ''}`,
          ),
        ),
      );
      this.select.dataset.key = key;
    }
    const model = this.currentModel(rt);
    this.select.value = model.id;
    this.presetButtons.forEach((b) =>
      b.setAttribute('aria-pressed', String(Number(b.dataset.tokens) === T)),
    );
    this.slider.setAttribute('aria-valuetext', `${Tt} token`);

    const rows = variantRows(engine, model, T);
    const own = ownRow(model, rows);
    this.shapeLine.textContent = this.t('shape', model);
    this.ownLine.replaceChildren(
      h('span', { class: 'badge' }, this.t('own')),
      ' ',
      h('span', { class: 'big' }, [
        `${variantLabel(own)}, ${this.t('perToken')}: `,
        ...amount(own.bytesPerToken),
      ]),
      ' ',
      h('span', { class: 'formula' }, own.formula),
    );
    this.generic.replaceChildren(
      h('p', { class: 'formula' }, this.t('formulaKv')),
      h('p', { class: 'formula' }, this.t('formulaMla')),
    );
    const mqa = rows.find((r) => r.kind === 'mqa'),
      mla = rows.find((r) => r.kind === 'mla');
    this.mlaNote.textContent =
      mqa && mla && mqa.bytesPerToken < mla.bytesPerToken
        ? this.t('mqaUndercut', exactBytes(mqa.bytesPerToken), exactBytes(mla.bytesPerToken))
        : '';
    this.mlaNote.hidden = !this.mlaNote.textContent;
    // The engine flags a context past the model's limit and caps a sliding window's tokens.
    this.limitNote.textContent = own.exceedsContext
      ? this.t('overLimit', model.name, Tt, tokensText(model.contextLength))
      : '';
    this.limitNote.hidden = !own.exceedsContext;
    this.windowNote.textContent = model.slidingWindow
      ? this.t('windowNote', tokensText(model.slidingWindow))
      : '';
    this.windowNote.hidden = !model.slidingWindow;

    this.drawChart(model, rows, T);
    this.drawVariants(model, rows, T);
    this.drawCompare(rt);
    this.drawV2(rt);
  }

  drawChart(model, rows, T) {
    const Tt = tokensText(T);
    this.chartTitle.textContent = this.t('chartTitle', Tt);
    this.chart.setAttribute('aria-label', this.t('chartLabel', Tt));
    const bar = (cls, label, b, text) =>
      h('div', { class: `bar-row ${cls}`, 'data-kind': cls.split(' ')[0] }, [
        h('span', { class: 'lab' }, label),
        h('div', { class: 'bar-track' }, [
          ...TICKS.slice(1).map(([x]) =>
            h('span', { class: 'tick', 'aria-hidden': 'true', style: { left: axisPct(x) } }),
          ),
          h('div', { class: 'bar-fill', style: { width: barWidth(b) } }),
        ]),
        h('span', { class: 'val' }, text),
      ]);
    const out = rows.map((r) =>
      bar(
        `${r.kind}${isOwnRow(model, r) ? ' own' : ''}`,
        variantLabel(r),
        r.kvBytes,
        `${exactBytes(r.kvBytes)} = ${bytes(r.kvBytes)}`,
      ),
    );
    const state = rows[0].stateBytes;
    if (state > 0)
      out.push(bar('state', this.t('stateLabel'), state, `${exactBytes(state)} = ${bytes(state)}`));
    out.push(
      h('div', { class: 'axis-row', 'aria-hidden': 'true' }, [
        h('span', {}),
        h(
          'div',
          { class: 'axis' },
          TICKS.map(([x, l]) => h('span', { style: { left: axisPct(x) } }, l)),
        ),
      ]),
    );
    this.chart.replaceChildren(...out);
    this.legend.textContent = this.t(state > 0 ? 'legend' : 'legendPlain');
  }

  drawVariants(model, rows, T) {
    const Tt = tokensText(T);
    const cards = rows.map((r) => {
      const own = isOwnRow(model, r);
      const lines = [
        h('h3', {}, [
          `${variantLabel(r)} · ${r.kind === 'mla' ? this.t('mlaHeads') : this.t('kvHeads', r.kvHeads)}`,
          own ? h('span', { class: 'badge' }, this.t('own')) : null,
        ]),
        h('p', {}, [
          `${this.t('perToken')}: `,
          h('span', { class: 'big' }, amount(r.bytesPerToken)),
        ]),
        h('p', { class: 'formula' }, r.formula),
        h('p', {}, [
          `${this.t('perRequest', Tt)}: `,
          h('span', { class: 'big' }, amount(r.kvBytes)),
        ]),
        h(
          'p',
          { class: 'formula' },
          `${exactBytes(r.bytesPerToken)} × ${tokensText(r.cachedTokens)} = ${exactBytes(r.kvBytes)}`,
        ),
        r.cachedTokens < T
          ? h('p', { class: 'muted' }, this.t('windowed', Tt, tokensText(r.cachedTokens)))
          : null,
      ];
      if (r.stateBytes > 0) {
        lines.push(
          h(
            'p',
            { class: 'formula' },
            `${this.t('plusState')}: ${exactBytes(r.kvBytes)} + ${exactBytes(r.stateBytes)} = ${exactBytes(r.totalBytes)} = ${bytes(r.totalBytes)}`,
          ),
        );
      }
      return h('div', { class: `card${own ? ' own' : ''}`, 'data-kind': r.kind }, lines);
    });
    const la = model.linearAttention;
    const state = rows[0].stateBytes;
    if (la && state > 0) {
      cards.push(
        h('div', { class: 'card state', 'data-kind': 'state' }, [
          h('h3', {}, this.t('stateTitle', la.layers)),
          h('p', {}, h('span', { class: 'big' }, amount(state))),
          h(
            'p',
            { class: 'formula' },
            `${this.t(
              'stateBody',
              la.layers,
              la.numValueHeads,
              la.keyHeadDim,
              la.valueHeadDim,
              STATE_DTYPE_BYTES[la.stateDtype],
              la.stateDtype.toUpperCase(),
            )} = ${exactBytes(state)}`,
          ),
          h('p', { class: 'muted' }, this.t('stateNote')),
        ]),
      );
    }
    this.variants.replaceChildren(...cards);
  }

  /** @param {Runtime} rt */
  drawCompare(rt) {
    const engine = rt.engine;
    const trs = [];
    for (const m of [...rt.models.models, ...this.custom]) {
      if (isReported(m)) {
        // passed through, never computed
        const reported = modelLedger(engine, m).reportedBytesPerToken;
        trs.push(
          h('tr', { 'data-model': m.id, class: 'reported' }, [
            h('th', { scope: 'row' }, [
              m.name,
              h(
                'span',
                { class: 'sub' },
                h('span', { class: 'badge reported' }, this.t('reported')),
              ),
            ]),
            h('td', {}, [
              h('span', { class: 'big nw' }, exactBytes(reported)),
              h('span', { class: 'muted' }, this.t('reportedShort')),
            ]),
          ]),
        );
        continue;
      }
      const l = ownRow(m, variantRows(engine, m, 1));
      trs.push(
        h('tr', { 'data-model': m.id }, [
          h('th', { scope: 'row' }, [
            m.name,
            h('span', { class: 'sub' }, [
              variantLabel(l),
              m.id.startsWith('pasted-')
                ? h('span', { class: 'badge pasted' }, this.t('pasted'))
                : null,
            ]),
          ]),
          h('td', {}, [
            h('span', { class: 'big' }, amount(l.bytesPerToken)),
            h('span', { class: 'formula' }, l.formula),
          ]),
        ]),
      );
    }
    // The lesson's models (and the one picked, and pasted ones) in the table; the rest folded.
    const focus = this.focusIds;
    const first = (tr) =>
      !focus ||
      focus.has(tr.dataset.model) ||
      tr.dataset.model === this.modelId ||
      tr.dataset.model.startsWith('pasted-');
    this.compareBody.replaceChildren(...trs.filter(first));
    const rest = trs.filter((tr) => !first(tr));
    this.moreBody.replaceChildren(...rest);
    this.moreModels.hidden = !rest.length;
    this.moreSummary.textContent = this.t('moreModels', trs.length, rest.length);
    // The note on the reported-only model goes where its row is.
    if (rest.some((tr) => tr.classList.contains('reported')))
      this.moreModels.append(this.compareNote);
    else this.moreModels.after(this.compareNote);
    const rep = rt.models.models.find(isReported);
    this.compareNote.textContent = rep
      ? this.t('reportedNote', rep.name, exactBytes(modelLedger(engine, rep).reportedBytesPerToken))
      : '';
  }

  /** @param {Runtime} rt */
  drawV2(rt) {
    const engine = rt.engine;
    const models = rt.models;
    const v2 = rowsFor(engine, models, 'deepseek-v2');
    const d67 = modelLedger(engine, modelById(models, 'deepseek-llm-67b'));
    const mla = rowOf(v2, 'mla'),
      mha = rowOf(v2, 'mha');
    const r67 = reductionText(engine.kvReduction(d67.bytesPerToken, mla.bytesPerToken));
    const rMha = reductionText(engine.kvReduction(mha.bytesPerToken, mla.bytesPerToken));
    this.v2List.replaceChildren(
      h('li', { 'data-compare': 'v2-vs-67b' }, [
        h(
          'span',
          { class: 'formula' },
          this.t('v2vs67', exactBytes(mla.bytesPerToken), exactBytes(d67.bytesPerToken), r67),
        ),
      ]),
      h('li', { 'data-compare': 'v2-vs-mha' }, [
        h(
          'span',
          { class: 'formula' },
          this.t(
            'v2vsMha',
            mha.formula,
            exactBytes(mla.bytesPerToken),
            exactBytes(mha.bytesPerToken),
            rMha,
          ),
        ),
      ]),
      h('li', {}, this.t('v2Note')),
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt.engine, rt.models).map((c) => check(c.name, c.expected, c.actual));
  }
}

/** @param {AttnEngine} engine */
function rowsFor(engine, models, id) {
  return variantRows(engine, modelById(models, id), 1);
}
