// <attn-data-flow> — the chapter guide's cumulative data flow of the anchor model (Qwen3.8-27B):
// every stage from text to next-token probabilities, the decoder layer's parts in a box. Click a
// stage (or Enter / Space; arrow keys move between stages) to see its input → output shape and
// its parameter count, computed by the engine (engine.modelStages) from the anchor's config in
// course-data/models.json, and what the stage solved. Sizes the config does not give (vocabulary,
// FFN width, the linear layers' weights) are said to be missing, never guessed. Stages learned in
// C1–C2 are lit, this chapter's (attention) highlighted, later ones dim.
// Attributes: world (whose tokens give T, default zh-gift), stage (initially selected stage id,
// default attention), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { AttnWidget, check } from '../../web/widget-base.js';
import { h, bytes } from '../../web/dom.js';
import { worldTensors, tokenLabels } from '../../web/world.js';
import {
  anchorModel,
  modelStages,
  stageStatus,
  LAYER_STAGES,
  count,
  shapeText,
  symbolText,
  termText,
  courseNumbers,
} from './logic.js';

const CSS = `
.legend { display: flex; flex-wrap: wrap; gap: 6px 12px; font-size: 0.85em; margin: 4px 0 8px; padding: 0; list-style: none; }
.legend li::before { content: ""; display: inline-block; width: 0.9em; height: 0.9em; border-radius: 3px; margin-right: 4px; vertical-align: -0.1em; border: 1px solid var(--_control-border); }
.legend .learned::before { background: var(--_accent-soft); }
.legend .current::before { background: #E69F00; }
.legend .later::before { background: var(--_surface); border-style: dashed; }
ol.flow { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
ol.flow > li { display: grid; }
.layer { border: 2px solid var(--_accent); border-radius: 8px; padding: 4px 6px 6px; }
.layer-title { font-size: 0.85em; font-weight: 600; color: var(--_accent); margin: 0 0 4px; }
.layer ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
button.stage { width: 100%; text-align: left; display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 8px; }
button.stage .shape { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.82em; }
button.stage.learned { background: var(--_accent-soft); border-color: var(--_accent); color: var(--_accent); }
button.stage.current { background: var(--_warn-bg); border: 2px solid #E69F00; color: var(--_fg); font-weight: 600; }
button.stage.later { background: var(--_surface-1-f7f7f7); border-style: dashed; color: var(--_muted); }
button.stage[aria-pressed="true"] { background: var(--_accent); color: var(--_on-accent); border-color: var(--_accent); }
button.stage.current[aria-pressed="true"] { border: 2px solid #E69F00; box-shadow: inset 4px 0 0 #E69F00; }
.detail { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 6px 10px; margin-top: 10px; }
.detail h3 { margin-top: 0; }
.tag { display: inline-block; font-size: 0.78em; font-weight: 600; padding: 0 6px; border-radius: 9px; margin-left: 6px; background: var(--_surface-eee); color: var(--_fg-2-333); }
.tag.current { background: #E69F00; color: #1b1b1b; }
.tag.learned { background: var(--_accent-soft); color: var(--_accent); }
.detail ul { margin: 4px 0; padding-left: 1.2em; }
.unknown { color: var(--_warn-fg); }
.status { font-size: 0.8em; font-weight: 400; }
`;

const STAGES_ZH = {
  tokens: '分词',
  embedding: 'Embedding',
  norm: 'RMSNorm',
  attention: '注意力（Q/K/V、打分、softmax、取回 V）',
  'linear-attention': '线性注意力',
  'output-gate': '输出门',
  'output-projection': '输出投影 W_O',
  residual: '残差相加',
  ffn: 'FFN',
  'final-norm': '最后的 RMSNorm',
  'lm-head': 'LM head',
  softmax: 'softmax → 下一个 token 的概率',
};
const STAGES_EN = {
  tokens: 'Tokenizer',
  embedding: 'Embedding',
  norm: 'RMSNorm',
  attention: 'Attention (Q/K/V, scores, softmax, fetch V)',
  'linear-attention': 'Linear attention',
  'output-gate': 'Output gate',
  'output-projection': 'Output projection W_O',
  residual: 'Residual add',
  ffn: 'FFN',
  'final-norm': 'Final RMSNorm',
  'lm-head': 'LM head',
  softmax: 'softmax → next-token probabilities',
};

/**
 * @tag attn-data-flow
 * @summary The anchor model's data flow: each stage's shapes and parameters, from the engine.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world whose tokens the flow starts from
 * @attr {string} [stage] - id of the stage selected first (e.g. attention)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, stage (the selected one)}
 * @csspart title - the heading
 * @csspart formula - each formula line
 */
export class DataFlow extends AttnWidget {
  static css = CSS;

  static strings = {
    'zh-CN': {
      title: (name) => `累计数据流：${name} 从文字到下一个 token 的概率`,
      help: '点任一环节（或用 ↑↓ 移动、回车 / 空格选中），看这一步的输入 → 输出形状、参数量，以及它解决了什么问题。形状和参数量都由引擎按 models.json 里的 config 现算。',
      legend: '图例',
      learned: '已学',
      current: '本章新增',
      later: '还没学',
      stageName: (id) => STAGES_ZH[id] ?? id,
      layerTitle: (n, full, linear) =>
        `解码层 × ${n}（${full} 层全注意力，${linear} 层线性注意力；每层只走其中一种）`,
      tokensLine: (t, list) => `T = ${t} 个 token：${list}（锚点模型的真分词器切分，见 C1）`,
      shapeTitle: '形状',
      text: '文字',
      paramsTitle: '参数量',
      noParams: '没有可学习的参数',
      perOccurrence: (n) => `每处 ${n}`,
      total: (per, k, total) => `${per} × ${k} 处 = ${total}`,
      occurrences: (id, k) =>
        id === 'norm' || id === 'residual' ? `每层 2 处，共 ${k} 处` : `共 ${k} 处`,
      unknown: (id) =>
        ({
          embedding: 'config 里没有 vocab_size（V），所以这里不写参数总数。',
          'lm-head': 'config 里没有 vocab_size（V），所以这里不写参数总数；输出宽度也就是 V。',
          ffn: 'config 里没有 intermediate_size（FFN 宽度 d_ffn），所以这里不写参数总数。按 SwiGLU 的三块矩阵列出形状。',
          'linear-attention':
            '这些层里面有哪些权重，本章不讲（C11 第 4 课揭晓），所以这里不写参数量。',
          softmax: '词表大小 V 在 config 里没有给出。',
        })[id] ?? '',
      state: (b) => `固定大小的状态：${b}，与上下文长度无关（来自 models.json 的 config）`,
      solvedTitle: '它解决了什么',
      widthNote: (h, d, q, dm) =>
        `${h} 个 Q 头 × ${d} 维 = ${q}，不等于模型宽度 ${dm}：W_O 再把它变回 ${dm}。`,
      kvNote: (g, d, w) => `K、V 各只有 ${g} 个 KV 头 × ${d} 维 = ${w}（GQA，第 9 课）。`,
      solved: (id) =>
        ({
          tokens: '把文字切成模型认识的编号。之后每一步的形状都从 T（token 个数）算起。',
          embedding:
            '把每个编号查表换成一个向量：说明这个 token 是什么。到这里每个 token 仍然只知道自己。',
          norm: '进每个子层之前，把每个 token 的向量缩放到统一的尺度，训练才稳。怎么做、为什么有效，C4 讲。',
          attention:
            '本章的主角：每个 token 拿自己的 Q 和前面 token 的 K 打分（÷√d、因果掩码），softmax 成权重，按权重取回 V。这是整条流水线里唯一让 token 之间交换信息的地方。',
          'linear-attention':
            '另外 48 层也让 token 之间交换信息，但不按长度存 K、V，只保留一个固定大小的状态。这些层是什么、怎么更新，C11 揭晓。',
          'output-gate':
            '每个输出元素乘一个 0 到 1 之间的门，一个头可以「这次不取」（岔路 B4 见过它）；完整的讲法在 C4。',
          'output-projection':
            '把所有头的输出拼起来，再用 W_O 混合、变回模型宽度，才能加回每个 token 自己的向量（第 7 课）。',
          residual: '子层的输出加回它的输入：原来的信息不会被冲掉，梯度也有一条直通的路。C4 讲。',
          ffn: '每个 token 各自再加工一次，不和别的 token 交换信息。C4 讲。',
          'final-norm': '所有层之后再归一化一次，再交给 LM head。',
          'lm-head': '把最后一个向量变成词表里每个 token 一个分数（logit）。',
          softmax:
            '最后一个位置的 logit 经 softmax 变成下一个 token 的概率，全为正、和为 1——第 3 课的同一个 softmax，只是这次在整个词表上。',
        })[id] ?? '',
    },
    en: {
      title: (name) => `The cumulative data flow: ${name} from text to next-token probabilities`,
      help: 'Click any stage (or move with ↑↓ and choose with Enter / Space) to see its input → output shape, its parameter count and what it solved. Shapes and counts are computed by the engine from the config in models.json.',
      legend: 'Legend',
      learned: 'learned',
      current: 'new in this chapter',
      later: 'not yet',
      stageName: (id) => STAGES_EN[id] ?? id,
      layerTitle: (n, full, linear) =>
        `Decoder layer × ${n} (${full} full-attention layers, ${linear} linear-attention layers; each layer takes one of the two)`,
      tokensLine: (t, list) => `T = ${t} tokens: ${list} (the anchor's real tokenizer, see C1)`,
      shapeTitle: 'Shape',
      text: 'text',
      paramsTitle: 'Parameters',
      noParams: 'no learned parameters',
      perOccurrence: (n) => `${n} each`,
      total: (per, k, total) => `${per} × ${k} = ${total}`,
      occurrences: (id, k) =>
        id === 'norm' || id === 'residual' ? `2 per layer, ${k} in all` : `${k} in all`,
      unknown: (id) =>
        ({
          embedding: 'The config gives no vocab_size (V), so no total is printed here.',
          'lm-head':
            'The config gives no vocab_size (V), so no total is printed here; the output width is that V.',
          ffn: 'The config gives no intermediate_size (the FFN width d_ffn), so no total is printed here. The shapes are listed as SwiGLU’s three matrices.',
          'linear-attention':
            'Which weights these layers hold is not part of this chapter (C11, lesson 4), so no count is printed here.',
          softmax: 'The vocabulary size V is not given in the config.',
        })[id] ?? '',
      state: (b) =>
        `A fixed-size state: ${b}, the same at every context length (from the config in models.json)`,
      solvedTitle: 'What it solved',
      widthNote: (h, d, q, dm) =>
        `${h} query heads × ${d} dims = ${q}, not the model width ${dm}: W_O brings it back to ${dm}.`,
      kvNote: (g, d, w) =>
        `K and V have only ${g} KV heads × ${d} dims = ${w} each (GQA, lesson 9).`,
      solved: (id) =>
        ({
          tokens:
            'Cuts text into ids the model knows. Every later shape counts from T, the number of tokens.',
          embedding:
            'Looks each id up and replaces it with a vector that says what the token is. Each token still knows only itself.',
          norm: 'Before each sublayer, rescales every token’s vector to a common scale so training stays stable. How and why: C4.',
          attention:
            'This chapter: each token scores its Q against the K of earlier tokens (÷√d, causal mask), turns the scores into weights with softmax and fetches the V rows by weight. The only place in the whole pipeline where tokens exchange information.',
          'linear-attention':
            'The other 48 layers also let tokens exchange information, but keep no K, V per token, only a fixed-size state. What these layers are and how they update: C11.',
          'output-gate':
            'Multiplies each output element by a gate between 0 and 1, so a head can “take nothing this time” (seen in branch B4); the full story is C4’s.',
          'output-projection':
            'Concatenates every head’s output and mixes it with W_O back to the model width, so it can be added to each token’s own vector (lesson 7).',
          residual:
            'Adds the sublayer’s output to its input: what was there is not washed away, and gradients get a straight path. C4.',
          ffn: 'Each token is processed once more on its own, without exchanging information. C4.',
          'final-norm': 'One more normalisation after the last layer, before the LM head.',
          'lm-head': 'Turns the last vector into one score (logit) per token of the vocabulary.',
          softmax:
            'The logits of the last position become next-token probabilities, all positive and summing to 1: the softmax of lesson 3, this time over the whole vocabulary.',
        })[id] ?? '',
    },
  };

  static get observedAttributes() {
    return ['lang', 'world', 'stage'];
  }

  get worldId() {
    return this.getAttribute('world') || 'zh-gift';
  }

  updateDetail() {
    return { ...super.updateDetail(), stage: this.selected };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const model = anchorModel(rt.models);
    const w = worldTensors(rt, this.worldId);
    this.tokens = w.tokens.length;
    this.stages = modelStages(rt.engine, model, this.tokens);
    const ids = this.stages.map((s) => s.id);
    const wanted = this.getAttribute('stage');
    this.selected ??= ids.includes(wanted) ? wanted : 'attention';
    if (!ids.includes(this.selected)) this.selected = ids[0];

    this.buttons = new Map();
    const button = (s) => {
      const status = stageStatus(s.id);
      const b = h(
        'button',
        {
          type: 'button',
          class: `stage ${status}`,
          'data-stage': s.id,
          'aria-pressed': 'false',
          onclick: () => this.select(s.id),
          onkeydown: (e) => this.onKey(e, s.id),
        },
        [
          h('span', {}, [
            this.t('stageName', s.id),
            ' ',
            h('span', { class: 'status' }, `(${this.t(status)})`),
          ]),
          h('span', { class: 'shape' }, shapeText(s.output)),
        ],
      );
      this.buttons.set(s.id, b);
      return h('li', {}, b);
    };
    const before = [],
      layer = [],
      after = [];
    for (const s of this.stages) {
      if (LAYER_STAGES.has(s.id)) layer.push(button(s));
      else (layer.length ? after : before).push(button(s));
    }
    const att = this.stages.find((s) => s.id === 'attention');
    const lin = this.stages.find((s) => s.id === 'linear-attention');
    const full = att ? att.occurrences : 0,
      linear = lin ? lin.occurrences : 0;
    const labels = tokenLabels(w, this.lang);
    this.detail = h('div', { class: 'detail', 'aria-live': 'polite', 'data-role': 'detail' });
    this.body.append(
      h('h2', {}, this.t('title', model.name)),
      h('p', { class: 'muted' }, this.t('help')),
      h('p', { 'data-role': 'tokens' }, this.t('tokensLine', this.tokens, labels.join(' / '))),
      h('ul', { class: 'legend', 'aria-label': this.t('legend') }, [
        h('li', { class: 'learned' }, this.t('learned')),
        h('li', { class: 'current' }, this.t('current')),
        h('li', { class: 'later' }, this.t('later')),
      ]),
      h('ol', { class: 'flow' }, [
        ...before,
        h('li', { class: 'layer' }, [
          h('p', { class: 'layer-title' }, this.t('layerTitle', full + linear, full, linear)),
          h('ol', {}, layer),
        ]),
        ...after,
      ]),
      this.detail,
    );
  }

  select(id) {
    this.selected = id;
    this.update();
  }

  onKey(e, id) {
    const ids = this.stages.map((s) => s.id);
    const i = ids.indexOf(id);
    const to = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: ids.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = ids[Math.max(0, Math.min(ids.length - 1, to))];
    this.select(next);
    this.buttons.get(next).focus();
  }

  render() {
    for (const [id, b] of this.buttons)
      b.setAttribute('aria-pressed', String(id === this.selected));
    const s = this.stages.find((x) => x.id === this.selected);
    const status = stageStatus(s.id);
    const shape = (dims) =>
      dims.length ? `${symbolText(dims)} = ${shapeText(dims)}` : this.t('text');
    /** @type {HTMLElement[]} */
    const lines = [
      h('h3', {}, [
        this.t('stageName', s.id),
        h('span', { class: `tag ${status}` }, this.t(status)),
      ]),
      h('p', {}, h('strong', {}, this.t('shapeTitle'))),
      h('p', { class: 'formula', 'data-role': 'shape' }, `${shape(s.input)} → ${shape(s.output)}`),
    ];
    if (s.id === 'attention') {
      const q = s.terms.find((t) => t.name === 'W_Q'),
        k = s.terms.find((t) => t.name === 'W_K');
      const a = anchorModel(this.rt.models).attention;
      lines.push(
        h(
          'p',
          { 'data-role': 'width-note' },
          this.t('widthNote', a.nHeads, a.headDim, q.cols, q.rows),
        ),
        h('p', {}, this.t('kvNote', a.nKvHeads, a.headDim, k.cols)),
      );
    }
    lines.push(h('p', {}, h('strong', {}, this.t('paramsTitle'))));
    const known = s.terms.map((t) => termText(s.id, t)).filter(Boolean);
    if (!s.terms.length) lines.push(h('p', { 'data-role': 'params' }, this.t('noParams')));
    else {
      if (known.length)
        lines.push(
          h(
            'ul',
            { class: 'formula' },
            known.map((x) => h('li', {}, x)),
          ),
        );
      if (s.paramsTotal === null)
        lines.push(h('p', { class: 'unknown', 'data-role': 'params' }, this.t('unknown', s.id)));
      else
        lines.push(
          h(
            'p',
            { class: 'formula', 'data-role': 'params' },
            s.occurrences === 1
              ? count(s.paramsTotal)
              : this.t('total', count(s.paramsPerOccurrence), s.occurrences, count(s.paramsTotal)),
          ),
        );
      if (s.occurrences > 1)
        lines.push(h('p', { class: 'muted' }, this.t('occurrences', s.id, s.occurrences)));
    }
    if (s.id === 'softmax') lines.push(h('p', { class: 'unknown' }, this.t('unknown', s.id)));
    if (s.stateBytes > 0)
      lines.push(h('p', { 'data-role': 'state' }, this.t('state', bytes(s.stateBytes))));
    lines.push(
      h('p', {}, h('strong', {}, this.t('solvedTitle'))),
      h('p', { 'data-role': 'solved' }, this.t('solved', s.id)),
    );
    this.detail.replaceChildren(...lines);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt.engine, rt.models, this.tokens).map((c) =>
      check(c.name, c.expected, c.actual),
    );
  }
}
