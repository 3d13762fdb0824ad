// <attn-lab> — 实验课, the lab: real model, real data.
// The small character-level model this project trains from zero (course-data/lab-model.bin,
// npm run train), run by the engine in the browser on a prompt the student types and Runs
// (button or Enter): the predicted next character appended, highlighted, to the prompt's tokens,
// the top 5, and the attention of that very forward pass, layer by layer and head by head, as a
// heatmap (layer and head sliders in a bar that stays in view above it) with the fan-out arcs of
// the selected query row under it (web/fan-out-arcs.js; the prediction's row first). The model
// is hybrid: on a linear (Gated DeltaNet) layer there is no softmax matrix, and the layer slider
// shows that layer's fixed-size state instead (its bytes and ‖S‖ per head after each token). Folded
// below, in <details>: greedy generation with the KV cache, each head's attention-sink share
// (small multiples, layer × head), the heads compared by pattern (engine.headPatterns: previous
// token / first token / itself / the rest), the kv_heads ablation (validation loss against
// KV bytes per token, one seed) and the hybrid ablation (hybrid against all-full attention:
// loss, KV and state bytes, one request's bytes). A Run takes a few ms for 32 tokens.
// The model and its two exports come from a second script, attn-lab-data.js
// (globalThis.AttnLabData);
// without it the widget says which script to add. The self-check runs the export's prompt and
// sentences through the live engine and compares with the native export (1e-4).
// Attributes: lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { h, svg, pct, num, bytes, exactBytes, gridMove } from '../../web/dom.js';
import { weightColor, textOn, CATEGORY } from '../../web/color.js';
import { heatmapTable, heatmapLegend, HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import {
  FanOutArcs,
  FAN_OUT_STRINGS,
  FAN_OUT_CSS,
  fanOutArcs,
  distanceFree,
} from '../../web/views/fan-out-arcs.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { line, row, sub, sup, frac, sqrt, sum, paren, formula } from '../../web/mathml.js';
import { weightMath } from '../../web/formulas.js';
import {
  DATA_SCRIPT,
  DEFAULT_PROMPT,
  DEFAULT_STEPS,
  MAX_STEPS,
  labData,
  labModel,
  clampPrompt,
  unknownChars,
  headWeights,
  runPrompt,
  prediction,
  farHead,
  ablationLedger,
  labChecks,
  isFull,
  fullLayers,
  stateNormsOf,
} from './logic.js';

const PARTS = [
  { key: 'previousToken', colour: CATEGORY.a, keys: 'j = i−1' },
  { key: 'firstToken', colour: CATEGORY.b, keys: 'j = 0' },
  { key: 'diagonal', colour: CATEGORY.c, keys: 'j = i' },
  { key: 'other', colour: '#c9c9c9', keys: '' },
];

const CSS = `${HEATMAP_CSS}${FAN_OUT_CSS}
section { margin-top: 14px; }
details.panel { margin-top: 10px; border-top: 1px solid var(--_rule); padding-top: 4px; }
details.panel > summary { cursor: pointer; padding: 6px 0; }
details.panel > summary h3 { display: inline; margin: 0; }
.controls { position: sticky; top: 0; z-index: 2; background: var(--_bg); padding: 4px 0; border-bottom: 1px solid var(--_rule); }
.controls .row { margin: 2px 0; }
.controls .pair { display: flex; flex-wrap: wrap; gap: 0 16px; }
.controls .pair .row { flex: 1 1 260px; }
.chip.predicted { border: 2px solid transparent; background: linear-gradient(var(--_warn-bg-fff8e6), var(--_warn-bg-fff8e6)) padding-box, linear-gradient(90deg, #E69F00, #CC79A7, #0072B2, #009E73, #E69F00) border-box; background-size: 100% 100%, 300% 100%; font-weight: 700; animation: shimmer 1.6s linear 2; }
.chip.predicted small { color: var(--_warn-fg); }
@keyframes shimmer { from { background-position: 0 0, 0 0; } to { background-position: 0 0, 150% 0; } }
@media (prefers-reduced-motion: reduce) { .chip.predicted { animation: none; } }
.stale { color: var(--_warn-fg); }
button.run { background: var(--_accent); border-color: var(--_accent); color: var(--_on-accent); font-weight: 600; }
.facts { margin: 4px 0 8px; }
input[type="text"] { flex: 1 1 220px; min-width: 0; max-width: 100%; padding: 4px 8px; border: 1px solid var(--_control-border); border-radius: 6px; }
.chips { display: flex; flex-wrap: wrap; gap: 3px; margin: 6px 0; }
.chip { display: inline-grid; justify-items: center; min-width: 1.9em; padding: 1px 4px; border: 1px solid var(--_control-border-b5b5b5); border-radius: 4px; background: var(--_surface-1); }
.chip small { font-size: 0.7em; color: var(--_muted); }
.chip.special { background: var(--_accent-soft-eef2fb); border-color: var(--_accent); }
.chip.unk { background: var(--_error-bg); border-color: var(--_error); color: var(--_error-fg); }
.top5 { display: grid; grid-template-columns: max-content minmax(60px, 1fr) max-content max-content; gap: 2px 8px; align-items: center; margin: 6px 0; }
.top5 .ch { font-weight: 700; min-width: 2em; text-align: center; }
.top5 .p { font-variant-numeric: tabular-nums; font-weight: 600; text-align: right; }
.gen { font-size: 1.1em; padding: 6px 8px; border: 1px solid var(--_border); border-radius: 6px; background: var(--_surface-1); overflow-wrap: anywhere; }
.gen mark { background: var(--_warn-bg); color: var(--_warn-fg); border-bottom: 2px solid #E69F00; }
table.heatmap td.hm-cell { min-width: 36px; height: 30px; font-size: 0.8em; }
table.sinks td { padding: 2px; border: 0; }
table.sinks th { text-align: center; }
button.sink { min-width: 40px; min-height: 36px; padding: 2px 4px; border: 2px solid transparent; border-radius: 4px; font-variant-numeric: tabular-nums; font-size: 0.85em; }
button.sink[aria-pressed="true"] { border-color: var(--_fg); box-shadow: inset 0 0 0 2px var(--_bg); font-weight: 700; }
table.patterns td, table.patterns th { white-space: nowrap; }
table.patterns button { min-height: 30px; padding: 1px 8px; }
table.patterns td.top { font-weight: 700; }
table.patterns th.num { text-align: right; vertical-align: bottom; }
table.patterns th small { display: block; font-weight: 400; }
table.ablation td, table.ablation th { white-space: nowrap; vertical-align: top; }
table.ablation td .formula { display: block; }
.stack { display: flex; width: 120px; height: 16px; border: 1px solid var(--_control-border); border-radius: 3px; overflow: hidden; }
.stack span { display: block; height: 100%; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 0.85em; margin: 4px 0; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; border: 1px solid var(--_control-border); }
svg.chart { width: 100%; max-width: 340px; height: auto; display: block; }
.linear-note { padding: 6px 8px; border-left: 4px solid var(--_accent); background: var(--_accent-soft); }
table.state-norms td, table.state-norms th { white-space: nowrap; font-variant-numeric: tabular-nums; padding: 1px 5px; text-align: right; }
@media (max-width: 420px) {
  table.heatmap { border-spacing: 1px; }
  table.heatmap th { padding: 1px 2px; font-size: 0.85em; }
  table.heatmap td.hm-cell { min-width: 29px; width: 29px; height: 26px; padding: 0; font-size: 0.68em; }
}
table.ablation tr.shipped th, table.ablation tr.shipped td { background: var(--_accent-soft); }
table.ablation.hybrid th.shipped, table.ablation.hybrid td.shipped { background: var(--_accent-soft); }
table.ablation.hybrid th { white-space: normal; }
table.ablation.hybrid td.num { text-align: right; font-variant-numeric: tabular-nums; }
`;

/** One colour per head of a linear layer's ‖S‖ chart (Okabe–Ito, as web/color.js's CATEGORY). */
const headColour = (hd) =>
  [CATEGORY.a, CATEGORY.b, CATEGORY.c, '#CC79A7', '#56B4E9', '#D55E00', '#000000'][hd % 7];

/** ‖S‖ = √(Σ_{i,j} S_{i,j}²) */
const STATE_NORM_MATH = row(
  '‖S‖',
  '=',
  sqrt(sum(row('i', ',', 'j')), sup(sub('S', row('i', ',', 'j')), 2)),
);
/** S_t = g_t S_{t−1} + β_t k̂_tᵀ (v_t − g_t k̂_t S_{t−1}) */
const DELTA_RULE_MATH = row(
  sub('S', 't'),
  '=',
  sub('g', 't'),
  sub('S', row('t', '−', 1)),
  '+',
  sub('β', 't'),
  sup(sub('k̂', 't'), 'T'),
  paren(sub('v', 't'), '−', sub('g', 't'), sub('k̂', 't'), sub('S', row('t', '−', 1))),
);

/** w_{i,j}: the weight row i gives key j. */
const weightOf = (i, j) => sub('w', row(i, ',', j));
/** p(c) = softmax(z)_c = e^{z_c} / Σ_v e^{z_v} */
const NEXT_TOKEN_MATH = row(
  'p',
  paren('c'),
  '=',
  sub(row('softmax', paren('z')), 'c'),
  '=',
  frac(sup('e', sub('z', 'c')), row(sum('v'), sup('e', sub('z', 'v')))),
);
/**
 * sink = 1/(T−1) Σ_{i=1}^{T−1} w_{i,0} = 1/(T−1) (terms) = share, terms the column's numbers
 * as shown (or "…"), in the top-level row so that the line may wrap between them.
 * @param {number} T @param {string[]} terms @param {string} share
 */
const sinkMath = (T, terms, share) =>
  row(
    'sink',
    '=',
    frac(1, T - 1),
    sum(row('i', '=', 1), T - 1),
    weightOf('i', 0),
    '=',
    frac(1, T - 1),
    '(',
    ...terms.flatMap((x, k) => (k ? ['+', x] : [x])),
    ')',
    '=',
    share,
  );

/**
 * A folded panel of the lab: its title as the summary, the rest shown on demand.
 * @param {string} title
 * @param {(Node | string)[]} children
 */
function panel(title, children) {
  return h('details', { class: 'panel' }, [h('summary', {}, h('h3', {}, title)), ...children]);
}

/**
 * @tag attn-lab
 * @summary The lab: our trained model's attention (needs attn-lab-data.js after attn-widgets.js).
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, prompt, steps, layer, head}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class Lab extends AttnWidget {
  static css = CSS;
  /** @type {Promise<void> | undefined} set while waiting for attn-lab-data.js (or page load) */
  _dataWait;

  static strings = {
    'zh-CN': {
      ...FAN_OUT_STRINGS['zh-CN'],
      title: '实验课：我们自己训练的模型里的注意力',
      help: '这不是手工构造的教学向量：下面每个数都是引擎在你的浏览器里跑我们自己从 0 训练的小模型现算出来的。改一个字，按「运行」（或回车），整张图重算。',
      aboutModel: '关于这个模型',
      run: '运行',
      appendRun: '接上预测再运行',
      stale: '提示已改：按「运行」或回车，让模型跑这一句。',
      predictedTag: '预测',
      predictedChip: (c, p) => `预测的下一个字「${c}」，概率 ${p}`,
      passCaption: (T, last, i, c) =>
        `热力图和扇出图就是产生这个预测的那一次前向传播：${T} 个 token（<bos> 到「${last}」），一行一个 query。预测「${c}」出自最后一行（query「${last}」，位置 ${i}）；它自己还不是一行，按「接上预测再运行」把它作为位置 ${T} 喂进去。`,
      farHead: (l, hd) => `看一个远处 key 胜过邻居的头：第 ${l} 层头 ${hd}`,
      facts: (c, full, p, v, u) =>
        `字符级的混合架构解码器：${c.nLayers} 层，d_model ${c.dModel}。其中 ${c.fullLayers} 层（第 ${full.join('、')} 层）是完整的 softmax 自注意力：${c.nHeads} 个 Q 头共用 ${c.nKvHeads} 个 KV 头（每头 ${c.dHead} 维），QK-Norm、RoPE、输出门；其余 ${c.linearLayers} 层是线性注意力（GatedDeltaNet，${c.linearHeads} 个头，每头维护一份 ${c.linearHeadDim} × ${c.linearHeadDim} 的固定大小状态），比例接近锚点模型的 3 : 1。上下文 ${c.context}，词表 ${c.vocab}（<bos>、<unk> 和 ${c.vocab - 2} 个字）；${p} 个参数。验证集 ${v} nats/字（只按字频猜是 ${u}）。`,
      noData: `这一页缺少实验课的数据：请在 attn-widgets.js 之后加上 <script src="${DATA_SCRIPT}"></script>。`,
      loadingData: `正在等待 ${DATA_SCRIPT}（实验课的模型和数据）…`,
      promptLabel: '输入一句话',
      reset: '恢复默认句子',
      maxLen: (n, c) => `最多 ${n} 个字（上下文 ${c} 个 token，含开头的 <bos>）。`,
      tokensTitle: (t) => `模型看到的 ${t} 个 token（每个字一个，开头加 <bos>）`,
      unk: (chars, v) => `${chars} 不在模型的 ${v} 个字里，变成 <unk>。`,
      topTitle: (p) => `下一个字：「${p}」之后最可能是`,
      topFormula: (V) =>
        line(NEXT_TOKEN_MATH, `，对全部 ${V} 个 token 求和；z 是最后一个位置的 logits`),
      logit: (z) => `z = ${z}`,
      genTitle: '贪心生成（全注意力层用 KV cache，线性层用状态）',
      steps: '生成几步',
      genFormula: (T, n) =>
        `先把 ${T} 个 token 一次喂进去（prefill），之后每一步只喂 1 个新 token、取 argmax；全注意力层从 KV cache 读前面所有 token 的 K、V，线性层只带着它固定大小的状态往下走，都不重算。共 ${n} 步。`,
      cacheLine: (f, n) =>
        `这个模型每个 token 缓存的 K、V（float32，引擎的账本）：只有 ${n} 个全注意力层缓存，${f}`,
      ledgerRow: (L, T, state, total) =>
        `再加 ${L} 个线性层固定的状态 ${state}（与长度无关）：${T} 个 token 的一条请求共 ${total}。`,
      noRoom: (c) => `提示已经占满上下文 ${c}，没有位置再生成。`,
      heatTitle: '逐层逐头的注意力',
      layer: '层',
      head: '头',
      headOf: (l, hd, g, H, G) =>
        `第 ${l} 层（全注意力）· 头 ${hd}（读 KV 头 ${g}：${H} 个 Q 头分 ${G} 组共用）`,
      linearOf: (l, Hl) => `第 ${l} 层（线性注意力，GatedDeltaNet）· ${Hl} 个头`,
      linearNote:
        '这一层是线性注意力（GatedDeltaNet）：它不输出 softmax 注意力矩阵，所以这里没有热力图。它不对所有过去的 token 做注意力，而是维护一份固定大小的滚动状态 S：每来一个 token，S 先按门控衰减，再按增量规则写入这个 token 的 k、v。',
      stateSize: (b, Hl, d, conv, K) =>
        `状态大小：每个头一个 ${d} × ${d} 的 S（float32），${Hl} 个头，再加短卷积最近 ${K - 1} 个输入 ${conv}，共 ${b}——输入的句子多长都是这么多。`,
      stateTitle: (l) => `第 ${l} 层各头的 ‖S‖：读完每个 token 之后的状态有多大`,
      stateChart: (l, rows) => `第 ${l} 层各头 ‖S‖ 随 token 增长：${rows}`,
      stateX: 'token 位置',
      stateY: '‖S‖',
      stateFormula: line(
        STATE_NORM_MATH,
        '；',
        DELTA_RULE_MATH,
        '，g、β 由输入算出，k̂ 是 L2 归一化后的 k（引擎的 gdn_step）',
      ),
      sinkLinear: (l) => `第 ${l} 层是线性层：没有 softmax，也就没有 sink。表里只有全注意力层。`,
      heatCaption: (l, hd) => `第 ${l} 层头 ${hd} 的注意力权重`,
      heatFormula: (d) =>
        line(weightMath(d), '，q、k 先过 QK-Norm 和 RoPE；因果掩码下 j > i 恰为 0，每行和为 1'),
      readout: (q, i, k, j, w) => `「${q}」（位置 ${i}）看「${k}」（位置 ${j}）：${w}`,
      future: '未来，被掩码遮住',
      sinkTitle: 'attention sink：每个头放在第一个 token（<bos>）上的注意力',
      sinkHelp:
        '每格是一个头（行 = 层，列 = 头），颜色越亮、数越大，这个头越多地把注意力「倒」在 <bos> 上。点格子（或方向键）在上面的热力图里看这个头。',
      sinkCell: (l, hd, p) => `第 ${l} 层头 ${hd}：sink ${p}`,
      sinkFormula: (l, hd, T, terms, p) => line(`第 ${l} 层头 ${hd}：`, sinkMath(T, terms, p)),
      needTwo: '至少输入一个字，才有第 2 个位置可以统计。',
      patTitle: '按模式比较各个头',
      patHelp:
        '每个头的注意力（对位置 1 … T−1 取平均）分四份：看前一个字、看开头 <bos>、看自己、看其余（内容）。',
      patFormula: line(
        '第 i 行：开头 = ',
        weightOf('i', 0),
        '；前一个 = ',
        weightOf('i', row('i', '−', 1)),
        '（i−1 ≥ 1）；自己 = ',
        weightOf('i', 'i'),
        '；其余 = 剩下的和。四份相加 = 1（engine.headPatterns）',
      ),
      sort: '排序',
      sortBy: {
        order: '按层、头',
        previousToken: '前一个字 ↓',
        firstToken: '开头 <bos> ↓',
        diagonal: '自己 ↓',
        other: '其余（内容）↓',
      },
      parts: {
        previousToken: '前一个字',
        firstToken: '开头 <bos>',
        diagonal: '自己',
        other: '其余（内容）',
      },
      headCol: '头',
      barCol: '构成',
      headName: (l, hd) => `L${l} H${hd}`,
      showHead: (l, hd) => `L${l} H${hd}：在热力图里看第 ${l} 层头 ${hd}`,
      mixes: (a, n) =>
        `${n} 个头里有 ${a} 个把一半以上的注意力放在同一种模式上，另外 ${n - a} 个没有一种模式过半，是几种模式的混合。`,
      mostMixed: '多数头说不出一个干净的名字：这正是第 7 课那句「多数头是几种模式的混合」。',
      ablTitle: 'KV 头数消融：8 / 4 / 2 / 1 个 KV 头',
      ablHelp: (s, b) =>
        `同一个模型、同样的 ${s} 步训练，只改 KV 头数（MHA → GQA → MQA）。只跑了一个随机种子（seed ${b}），没有误差条：差几个百分之一只能当趋势看，不是测量结果。`,
      ablChart: (rows) => `验证 loss 与每 token KV 字节：${rows}`,
      xAxis: '每 token 的 KV 字节（bf16，对数刻度）',
      yAxis: '验证 loss',
      kvHeads: 'KV 头',
      kind: '类型',
      kvBytes: '每 token KV（bf16）',
      valid: '验证 loss',
      train: '训练 loss',
      params: '参数量',
      shipped: (g) =>
        `★ 本课模型全注意力层的配置（G = ${g}）；这项消融用的是 2 层全注意力的旧版实验模型。`,
      ablNote: (u) =>
        `loss 单位 nats/字；只按字频猜是 ${u}。这些短训练的 loss 高于上面的模型（它训练了更多步）。`,
      hybTitle: '混合架构消融：线性层 + 全注意力 vs 全部全注意力',
      hybHelp: (s, b) =>
        `同样的 8 层、差不多的参数量、同样的 ${s} 步训练：一个是本课的混合模型（每 4 层 1 层全注意力），一个把 8 层都换成全注意力。只跑了一个随机种子（seed ${b}），没有误差条。字节数来自引擎的账本：全注意力层的 K、V 每 token 一份，线性层只有固定的状态。模型上下文只有 64，更长的请求是同一笔账。`,
      hybModel: '模型',
      hybNames: { hybrid: '混合（6 线性 + 2 全）', 'all-full': '全部全注意力（8 层）' },
      kvPerToken: '每 token KV（float32）',
      stateCol: '固定状态',
      request: (t) => `一条 ${t} token 请求`,
    },
    en: {
      ...FAN_OUT_STRINGS.en,
      title: 'Lab: attention inside a model we trained ourselves',
      help: 'No hand-made teaching vectors here: every number below is computed in your browser by the engine running a small model this project trained from zero. Change a character, press Run (or Enter), and everything is recomputed.',
      aboutModel: 'About this model',
      run: 'Run',
      appendRun: 'Append it and run',
      stale: 'Edited: press Run (or Enter) to run the model on it.',
      predictedTag: 'next',
      predictedChip: (c, p) => `predicted next character ${c}, probability ${p}`,
      passCaption: (T, last, i, c) =>
        `The heatmap and the arcs are the very forward pass that produced this prediction: ${T} tokens (<bos> to ${last}), one row per query. The prediction ${c} comes out of the last row (query ${last}, position ${i}); it is not a row itself yet: "Append it and run" feeds it in as position ${T}.`,
      farHead: (l, hd) => `Show a head where a far key beats the neighbour: layer ${l}, head ${hd}`,
      facts: (c, full, p, v, u) =>
        `A character-level hybrid decoder: ${c.nLayers} layers, d_model ${c.dModel}. ${c.fullLayers} of them (layers ${full.join(' and ')}) are full softmax self-attention: ${c.nHeads} query heads sharing ${c.nKvHeads} KV heads (${c.dHead} dims each), QK-norm, RoPE, output gate; the other ${c.linearLayers} are linear attention (GatedDeltaNet, ${c.linearHeads} heads, each keeping a fixed-size ${c.linearHeadDim} × ${c.linearHeadDim} state), close to the anchor model's 3 : 1. Context ${c.context}, vocabulary ${c.vocab} (<bos>, <unk> and ${c.vocab - 2} characters); ${p} parameters. Validation ${v} nats per character (guessing by character frequency: ${u}).`,
      noData: `This page lacks the lab's data: add <script src="${DATA_SCRIPT}"></script> after attn-widgets.js.`,
      loadingData: `Waiting for ${DATA_SCRIPT} (the lab's model and data)…`,
      promptLabel: 'Type a sentence',
      reset: 'Default sentence',
      maxLen: (n, c) =>
        `At most ${n} characters (a context of ${c} tokens, the leading <bos> included).`,
      tokensTitle: (t) => `The ${t} tokens the model sees (one per character, <bos> first)`,
      unk: (chars, v) => `${chars} is not among the model's ${v} characters: it becomes <unk>.`,
      topTitle: (p) => `Next character: after 「${p}」 the most likely are`,
      topFormula: (V) =>
        line(NEXT_TOKEN_MATH, ` over all ${V} tokens; z are the last position's logits`),
      logit: (z) => `z = ${z}`,
      genTitle: 'Greedy generation (KV cache on full layers, state on linear ones)',
      steps: 'Steps',
      genFormula: (T, n) =>
        `The ${T} prompt tokens go in one pass (prefill); then each step feeds only the 1 new token and takes the argmax: the full layers read the K and V of every earlier token from the KV cache, the linear layers carry only their fixed-size state on; nothing is recomputed. ${n} steps.`,
      cacheLine: (f, n) =>
        `K and V this model caches per token (float32, the engine's ledger): only its ${n} full layers do, ${f}`,
      ledgerRow: (L, T, state, total) =>
        `plus the ${L} linear layers' fixed state of ${state} (the same at any length): one request of ${T} tokens holds ${total}.`,
      noRoom: (c) => `The prompt fills the context of ${c}: no room to generate.`,
      heatTitle: 'Attention, layer by layer and head by head',
      layer: 'Layer',
      head: 'Head',
      headOf: (l, hd, g, H, G) =>
        `Layer ${l} (full attention) · head ${hd} (reads KV head ${g}: ${H} query heads in ${G} groups)`,
      linearOf: (l, Hl) => `Layer ${l} (linear attention, GatedDeltaNet) · ${Hl} heads`,
      linearNote:
        "This layer is linear attention (GatedDeltaNet): it outputs no softmax attention matrix, so there is no heatmap here. Instead of attending over every past token it keeps a fixed-size rolling state S: with each token, S first decays by a gate, then the delta rule writes that token's k and v into it.",
      stateSize: (b, Hl, d, conv, K) =>
        `State size: one ${d} × ${d} S per head (float32), ${Hl} heads, plus the short convolution's last ${K - 1} inputs (${conv}): ${b} in all, however long the prompt.`,
      stateTitle: (l) => `‖S‖ of each head of layer ${l}: how big the state is after each token`,
      stateChart: (l, rows) => `‖S‖ of each head of layer ${l} as the tokens come in: ${rows}`,
      stateX: 'token position',
      stateY: '‖S‖',
      stateFormula: line(
        STATE_NORM_MATH,
        '; ',
        DELTA_RULE_MATH,
        ", g and β computed from the input, k̂ the L2-normalised k (the engine's gdn_step)",
      ),
      sinkLinear: (l) =>
        `Layer ${l} is a linear layer: no softmax, so no sink. The table shows the full layers only.`,
      heatCaption: (l, hd) => `Attention weights of layer ${l}, head ${hd}`,
      heatFormula: (d) =>
        line(
          weightMath(d),
          ', q and k after QK-norm and RoPE; the causal mask makes j > i exactly 0, every row sums to 1',
        ),
      readout: (q, i, k, j, w) => `${q} (position ${i}) looks at ${k} (position ${j}): ${w}`,
      future: 'future, masked',
      sinkTitle: "Attention sink: each head's attention on the first token (<bos>)",
      sinkHelp:
        'One cell per head (rows = layers, columns = heads); the brighter and larger, the more this head "parks" its attention on <bos>. Click a cell (or use the arrow keys) to see that head in the heatmap above.',
      sinkCell: (l, hd, p) => `Layer ${l} head ${hd}: sink ${p}`,
      sinkFormula: (l, hd, T, terms, p) => line(`Layer ${l} head ${hd}: `, sinkMath(T, terms, p)),
      needTwo: 'Type at least one character: the statistic needs a second position.',
      patTitle: 'Heads compared by pattern',
      patHelp:
        "Each head's attention (averaged over positions 1 … T−1) in four parts: the previous character, the start <bos>, itself, and the rest (content).",
      patFormula: line(
        'Row i: start = ',
        weightOf('i', 0),
        '; previous = ',
        weightOf('i', row('i', '−', 1)),
        ' (i−1 ≥ 1); itself = ',
        weightOf('i', 'i'),
        '; rest = the remaining sum. The four add up to 1 (engine.headPatterns)',
      ),
      sort: 'Sort',
      sortBy: {
        order: 'by layer, head',
        previousToken: 'previous ↓',
        firstToken: 'start <bos> ↓',
        diagonal: 'itself ↓',
        other: 'rest (content) ↓',
      },
      parts: {
        previousToken: 'previous',
        firstToken: 'start <bos>',
        diagonal: 'itself',
        other: 'rest (content)',
      },
      headCol: 'Head',
      barCol: 'Mix',
      headName: (l, hd) => `L${l} H${hd}`,
      showHead: (l, hd) => `L${l} H${hd}: show layer ${l} head ${hd} in the heatmap`,
      mixes: (a, n) =>
        `${a} of the ${n} heads put more than half their attention on one pattern; in the other ${n - a} no pattern passes half: they are mixes.`,
      mostMixed:
        'Most heads have no one clean name: lesson 7\'s "most heads are a mix of several patterns".',
      ablTitle: 'KV-heads ablation: 8 / 4 / 2 / 1 KV heads',
      ablHelp: (s, b) =>
        `The same model and the same ${s} training steps, only the number of KV heads changed (MHA → GQA → MQA). One random seed (seed ${b}), no error bars: differences of a few hundredths are a trend, not a measurement.`,
      ablChart: (rows) => `Validation loss against KV bytes per token: ${rows}`,
      xAxis: 'KV bytes per token (bf16, log scale)',
      yAxis: 'validation loss',
      kvHeads: 'KV heads',
      kind: 'kind',
      kvBytes: 'KV per token (bf16)',
      valid: 'valid loss',
      train: 'train loss',
      params: 'parameters',
      shipped: (g) =>
        `★ the G of this lesson's model's full layers (G = ${g}); this ablation ran on the earlier 2-layer full-attention lab model.`,
      ablNote: (u) =>
        `Losses in nats per character; guessing by character frequency gives ${u}. These short runs end above the model above (it trained for more steps).`,
      hybTitle: 'Hybrid ablation: linear layers + full attention vs full attention everywhere',
      hybHelp: (s, b) =>
        `The same 8 layers, about the same parameter count, the same ${s} training steps: this lesson's hybrid model (full attention on every fourth layer) and one with all 8 layers full attention. One random seed (seed ${b}), no error bars. Bytes from the engine's ledger: full layers cache K and V for every token, linear layers only keep their fixed state. The model's context is only 64; longer requests are the same arithmetic.`,
      hybModel: 'model',
      hybNames: { hybrid: 'hybrid (6 linear + 2 full)', 'all-full': 'all full attention (8)' },
      kvPerToken: 'KV per token (float32)',
      stateCol: 'fixed state',
      request: (t) => `one request of ${t} tokens`,
    },
  };

  constructor() {
    super();
    // Ready once the data script has arrived and the widget has drawn with it (or said it is
    // missing).
    const drawn = this.ready;
    this.ready = drawn.then(() => this._dataWait);
  }

  updateDetail() {
    return {
      ...super.updateDetail(),
      prompt: this.prompt,
      steps: this.steps,
      layer: this.layer,
      head: this.head,
    };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const data = labData();
    if (!data) {
      if (document.readyState === 'complete') throw new Error(this.t('noData'));
      this.lab = null;
      this.body.append(h('p', { class: 'muted' }, this.t('loadingData')));
      this.waitForLabData(rt);
      return;
    }
    const lab = labModel(rt.engine, data);
    this.lab = lab;
    const c = lab.config;
    const ex = lab.export;
    this.prompt ??= DEFAULT_PROMPT;
    this.steps ??= DEFAULT_STEPS;
    this.layer ??= fullLayers(c)[0]; // start where there is a heatmap; the slider walks them all
    this.head ??= 0;
    this.sortKey ??= 'order';
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      panel(this.t('aboutModel'), [
        h(
          'p',
          { class: 'facts formula' },
          this.t(
            'facts',
            c,
            fullLayers(c).map((l) => l + 1),
            ex.model.config.parameters.toLocaleString('en-US'),
            num(ex.model.training.validLoss, 2),
            num(ex.model.training.unigramLoss, 2),
          ),
        ),
      ]),
      this.promptSection(c),
      this.nextTokenSection(c),
      this.heatmapSection(c),
      this.generationSection(rt, c),
      this.sinkSection(),
      this.patternSection(),
      this.ablationSection(rt, lab),
      this.hybridSection(lab),
    );
  }

  /**
   * attn-lab-data.js comes after attn-widgets.js: build again once it (or the page's load event)
   * is here. this.ready waits for that too (see connectedCallback).
   * @param {Runtime} rt
   */
  waitForLabData(rt) {
    this._dataWait ??= new Promise((/** @type {() => void} */ resolve) => {
      const done = () => {
        if (!labData() && document.readyState !== 'complete') return;
        window.removeEventListener('attn-lab-data', done);
        window.removeEventListener('load', done);
        this.body.replaceChildren();
        this._checksLang = undefined; // the panel was drawn without the data: draw it again
        try {
          this.build(rt);
          this.update();
        } catch (e) {
          this.showError(e);
        }
        resolve();
      };
      window.addEventListener('attn-lab-data', done);
      window.addEventListener('load', done);
    });
  }

  /**
   * The prompt box with Run (or Enter), Append and Default; the tokens of the last Run as chips
   * with the prediction highlighted after them; the note on unknown characters.
   */
  promptSection(c) {
    this.input = h('input', {
      type: 'text',
      id: 'prompt',
      value: this.prompt,
      maxlength: c.context - 1,
      autocomplete: 'off',
      spellcheck: 'false',
      oninput: () => this.edited(),
      onkeydown: (/** @type {KeyboardEvent} */ e) => {
        if (e.key !== 'Enter' || e.isComposing) return; // Enter that ends an IME word is not Run
        e.preventDefault();
        this.run(this.input.value);
      },
    });
    this.input.value = this.prompt;
    const button = (/** @type {string} */ label, /** @type {() => void} */ act, cls = '') =>
      h('button', { type: 'button', class: cls, onclick: act }, label);
    this.appendButton = button(this.t('appendRun'), () =>
      this.run(this.prompt + prediction(this.result.run).char),
    );
    this.staleNote = h('p', { class: 'stale', 'aria-live': 'polite' });
    this.chips = h('div', { class: 'chips' });
    this.tokensTitle = h('p', { class: 'muted' });
    this.unkNote = h('p', { role: 'status' });
    return h('section', {}, [
      h('div', { class: 'row' }, [
        h('label', { for: 'prompt' }, this.t('promptLabel')),
        this.input,
        button(this.t('run'), () => this.run(this.input.value), 'run'),
        this.appendButton,
        button(this.t('reset'), () => this.run(DEFAULT_PROMPT)),
      ]),
      h('p', { class: 'muted' }, this.t('maxLen', c.context - 1, c.context)),
      this.staleNote,
      this.tokensTitle,
      this.chips,
      this.unkNote,
    ]);
  }

  /** The field was edited: keep it inside the context, say when it differs from the last Run. */
  edited() {
    const clamped = clampPrompt(this.input.value, this.lab.config.context);
    if (clamped !== this.input.value) this.input.value = clamped;
    this.staleNote.textContent = clamped === this.prompt ? '' : this.t('stale');
  }

  /**
   * Run the model on `text` (clamped to the context): every panel then shows this pass, the arcs
   * its last query row (the prediction's).
   * @param {string} text
   */
  run(text) {
    const clamped = clampPrompt(text, this.lab.config.context);
    this.input.value = clamped;
    this.prompt = clamped;
    this.query = null;
    this.staleNote.textContent = '';
    this.update();
  }

  /** The next token's top 5. */
  nextTokenSection(c) {
    this.topTitle = h('h3', {});
    this.top5 = h('div', { class: 'top5' });
    return h('section', {}, [
      this.topTitle,
      this.top5,
      h('p', { class: 'formula' }, formula(this.t('topFormula', c.vocab))),
    ]);
  }

  /**
   * Greedy generation with its step slider, and the KV cache per token of this model.
   * @param {Runtime} rt
   */
  generationSection(rt, c) {
    this.stepsInput = h('input', {
      type: 'range',
      id: 'steps',
      min: 1,
      max: MAX_STEPS,
      step: 1,
      value: this.steps,
      oninput: () => {
        this.steps = Number(this.stepsInput.value);
        this.update();
      },
    });
    this.stepsOut = h('output', { for: 'steps' });
    this.gen = h('p', { class: 'gen', 'aria-live': 'polite' });
    this.genFormula = h('p', { class: 'formula' });
    // The model's own ledger row (float32, the engine's): K/V of the full layers per token, the
    // linear layers' constant state, one request at the full context.
    const ledger = rt.engine.labLedger(this.lab.id, { tokens: c.context });
    this.genPanel = this.computedOnOpen(
      panel(this.t('genTitle'), [
        h('div', { class: 'row' }, [
          h('label', { for: 'steps' }, this.t('steps')),
          this.stepsInput,
          this.stepsOut,
        ]),
        this.gen,
        this.genFormula,
        h('p', { class: 'formula' }, [
          this.t('cacheLine', ledger.formula, ledger.fullLayers),
          ' ',
          this.t(
            'ledgerRow',
            ledger.linearLayers,
            ledger.tokens,
            exactBytes(ledger.stateBytes),
            `${exactBytes(ledger.bytesForContext)} (${bytes(ledger.bytesForContext)})`,
          ),
        ]),
      ]),
      'generation',
    );
    return this.genPanel;
  }

  /**
   * A panel whose content the engine computes only while it is open (runPrompt's `want`):
   * opening it runs the prompt again with that part.
   * @param {HTMLDetailsElement} details
   * @param {'patterns' | 'generation'} part
   */
  computedOnOpen(details, part) {
    details.addEventListener('toggle', () => {
      if (details.open && this.result && !this.result.computed[part]) this.update();
    });
    return details;
  }

  /** One head's weights as a heatmap, picked with a layer and a head slider. */
  heatmapSection(c) {
    /**
     * @param {string} id
     * @param {number} max
     * @param {number} value 0-based
     * @param {(v: number) => void} set
     */
    const slider = (id, max, value, set) => {
      const input = h('input', {
        type: 'range',
        id,
        min: 1,
        max,
        step: 1,
        value: value + 1,
        oninput: () => {
          set(Number(input.value) - 1);
          this.update();
        },
      });
      return input;
    };
    this.layerInput = slider('layer', c.nLayers, this.layer, (v) => {
      this.layer = v;
    });
    this.headInput = slider('head', c.nHeads, this.head, (v) => {
      this.head = v;
    });
    this.layerOut = h('output', { for: 'layer' });
    this.headOut = h('output', { for: 'head' });
    this.headOf = h('p', { class: 'muted' });
    this.passCaption = h('p', { class: 'pass' });
    this.heatRegion = scrollRegion([], { label: this.t('heatTitle'), lang: this.lang });
    this.heatBox = this.heatRegion.box;
    // A heatmap cell focused (by click or arrow keys) selects its query row for the arcs.
    this.heatBox.addEventListener('focusin', (e) => {
      const cell = /** @type {HTMLElement} */ (e.target).closest?.('td.hm-cell');
      if (!(cell instanceof HTMLElement)) return;
      this.query = Number(cell.dataset.i);
      this.arcs.select(this.query);
    });
    this.readout = h('p', { class: 'hm-readout formula', 'aria-live': 'polite' });
    this.farBox = h('div', {});
    this.arcs = new FanOutArcs({
      t: (key, ...args) => this.t(key, ...args),
      onSelect: (q) => (this.query = q),
    });
    // A linear layer shows what it keeps instead of a softmax matrix.
    this.linearNote = h('p', { class: 'linear-note' }, this.t('linearNote'));
    this.stateSize = h('p', {});
    this.stateTitle = h('h4', {});
    this.stateChartBox = h('div', {});
    this.stateRegion = scrollRegion([], { label: this.t('stateY'), lang: this.lang });
    this.linearBox = h('div', { class: 'linear' }, [
      this.linearNote,
      this.stateSize,
      this.stateTitle,
      this.stateChartBox,
      this.stateRegion,
      h('p', { class: 'formula' }, formula(this.t('stateFormula'))),
    ]);
    this.fullBox = h('div', { class: 'full' }, [
      this.passCaption,
      this.heatRegion,
      heatmapLegend(),
      this.readout,
      this.arcs.el,
      this.farBox,
      h('p', { class: 'formula' }, formula(this.t('heatFormula', c.dHead))),
    ]);
    // The sliders stay in view (sticky) while the heatmap and arcs they drive are on screen.
    return h('section', {}, [
      h('h3', {}, this.t('heatTitle')),
      h('div', { class: 'controls' }, [
        h('div', { class: 'pair' }, [
          h('div', { class: 'row' }, [
            h('label', { for: 'layer' }, this.t('layer')),
            this.layerInput,
            this.layerOut,
          ]),
          h('div', { class: 'row' }, [
            h('label', { for: 'head' }, this.t('head')),
            this.headInput,
            this.headOut,
          ]),
        ]),
      ]),
      this.headOf,
      this.fullBox,
      this.linearBox,
    ]);
  }

  /** The attention-sink share of every head. */
  sinkSection() {
    this.sinkRegion = scrollRegion([], { label: this.t('sinkTitle'), lang: this.lang });
    this.sinkBox = this.sinkRegion.box;
    this.sinkBox.addEventListener('keydown', (e) => this.onSinkKey(e));
    this.sinkFormula = h('p', { class: 'formula' });
    return panel(this.t('sinkTitle'), [
      h('p', { class: 'muted' }, this.t('sinkHelp')),
      this.sinkRegion,
      this.sinkFormula,
    ]);
  }

  /** Every head's pattern shares (previous token, first token, …), sortable. */
  patternSection() {
    this.sortSelect = h(
      'select',
      {
        id: 'sort',
        onchange: () => {
          this.sortKey = this.sortSelect.value;
          this.update();
        },
      },
      Object.entries(this.t('sortBy')).map(([k, label]) =>
        h('option', { value: k, selected: k === this.sortKey }, label),
      ),
    );
    this.patRegion = scrollRegion([], { label: this.t('patTitle'), lang: this.lang });
    this.patBox = this.patRegion.box;
    this.mixes = h('p', {});
    const parts = this.t('parts');
    this.patPanel = this.computedOnOpen(
      panel(this.t('patTitle'), [
        h('p', { class: 'muted' }, this.t('patHelp')),
        h(
          'div',
          { class: 'legend', 'aria-hidden': 'true' },
          PARTS.map((p) =>
            h('span', {}, [
              h('span', { class: 'swatch', style: { background: p.colour } }),
              parts[p.key],
              p.keys ? ` ${p.keys}` : '',
            ]),
          ),
        ),
        h('div', { class: 'row' }, [h('label', { for: 'sort' }, this.t('sort')), this.sortSelect]),
        this.patRegion,
        this.mixes,
        h('p', { class: 'formula' }, formula(this.t('patFormula'))),
      ]),
      'patterns',
    );
    return this.patPanel;
  }

  /**
   * The KV-heads ablation (8 / 4 / 2 / 1): chart and table.
   * @param {Runtime} rt
   */
  ablationSection(rt, lab) {
    const c = lab.config;
    const rows = lab.ablation.rows;
    this.ablationRegion = scrollRegion([], { label: this.t('ablTitle'), lang: this.lang });
    this.ablationBox = this.ablationRegion.box;
    this.ablationBox.append(this.ablationTable(rt, rows));
    return panel(this.t('ablTitle'), [
      h(
        'p',
        { class: 'muted' },
        this.t('ablHelp', lab.ablation.training.steps, lab.ablation.training.seed),
      ),
      this.ablationChart(rt, rows),
      this.ablationRegion,
      h(
        'p',
        { class: 'muted' },
        `${this.t('shipped', c.nKvHeads)} ${this.t('ablNote', num(lab.ablation.unigramLoss, 2))}`,
      ),
    ]);
  }

  /**
   * The hybrid ablation: hybrid against all-full attention, loss and bytes, one column per model
   * (so that it fits a phone).
   */
  hybridSection(lab) {
    const a = lab.hybridAblation;
    const names = this.t('hybNames');
    /** @type {[string, (r: any) => string][]} */
    const quantities = [
      [this.t('params'), (r) => r.parameters.toLocaleString('en-US')],
      [this.t('valid'), (r) => num(r.validLoss, 4)],
      [this.t('train'), (r) => num(r.trainLoss, 4)],
      [this.t('kvPerToken'), (r) => exactBytes(r.kvBytesPerTokenF32)],
      [this.t('stateCol'), (r) => exactBytes(r.stateBytes.f32)],
      ...a.requestTokens.map((t, i) => [
        this.t('request', t.toLocaleString('en-US')),
        (r) => bytes(r.requestBytes[i].f32),
      ]),
    ];
    const head = h('tr', {}, [
      h('th', { scope: 'col' }, this.t('hybModel')),
      ...a.rows.map((r) =>
        h(
          'th',
          { scope: 'col', class: r.name === 'hybrid' ? 'shipped' : '' },
          r.name === 'hybrid' ? `${names[r.name]} ★` : names[r.name],
        ),
      ),
    ]);
    const body = quantities.map(([name, value]) =>
      h('tr', {}, [
        h('th', { scope: 'row' }, name),
        ...a.rows.map((r) =>
          h('td', { class: r.name === 'hybrid' ? 'shipped num' : 'num' }, value(r)),
        ),
      ]),
    );
    const region = scrollRegion(
      [h('table', { class: 'ablation hybrid' }, [h('thead', {}, head), h('tbody', {}, body)])],
      { label: this.t('hybTitle'), lang: this.lang },
    );
    return panel(this.t('hybTitle'), [
      h('p', { class: 'muted' }, this.t('hybHelp', a.training.steps, a.training.seed)),
      region,
      h('p', { class: 'muted' }, this.t('ablNote', num(a.unigramLoss, 2))),
    ]);
  }

  /** @param {Runtime} rt */
  render(rt) {
    if (!this.lab) return;
    const lab = this.lab;
    const res = runPrompt(rt.engine, lab, this.prompt, this.steps, {
      patterns: Boolean(this.patPanel?.open),
      generation: Boolean(this.genPanel?.open),
    });
    this.result = res;
    this.timing = { tokens: res.run.tokens.length, ...res.ms };
    const { run } = res;
    const T = run.tokens.length;
    this.drawTokens(lab, run);
    this.drawTop5(lab, run);
    // A folded panel is emptied rather than left showing an earlier prompt's result; opening it
    // computes and draws this prompt's (computedOnOpen).
    if (res.computed.generation) this.drawGeneration(res, T);
    else {
      this.gen.replaceChildren();
      this.genFormula.textContent = '';
    }
    this.drawHeatmap(lab, run);
    this.drawSinks(run, T);
    if (res.computed.patterns) this.drawPatterns(res.patterns);
    else {
      this.patBox.replaceChildren();
      this.mixes.textContent = '';
    }
  }

  /** The prompt's tokens as chips, and which characters the vocabulary lacks. */
  drawTokens(lab, run) {
    const c = lab.config;
    const T = run.tokens.length;
    const labels = run.labels;
    this.tokensTitle.textContent = this.t('tokensTitle', T);
    this.chips.replaceChildren(
      ...labels.map((l, i) =>
        h(
          'span',
          {
            class: `chip${i === 0 ? ' special' : l === '<unk>' ? ' unk' : ''}`,
          },
          [h('span', {}, l), h('small', {}, String(i))],
        ),
      ),
      this.predictedChip(run),
    );
    const room = T < c.context && prediction(run).token >= 2; // <bos> / <unk> are not text
    this.appendButton.disabled = !room;
    const unknown = unknownChars(lab, this.prompt);
    this.unkNote.textContent = unknown.length
      ? this.t('unk', unknown.map((ch) => `「${ch}」`).join(''), c.vocab - 2)
      : '';
  }

  /**
   * The Run's prediction after the prompt's tokens, highlighted (a new element each Run, so its
   * shimmer plays again).
   * @param {import('../../web/attn-engine.js').LabRunResult} run
   */
  predictedChip(run) {
    const next = prediction(run);
    return h(
      'span',
      {
        class: 'chip predicted',
        role: 'img',
        'aria-label': this.t('predictedChip', next.char, pct(next.prob)),
      },
      [h('span', {}, next.char), h('small', {}, this.t('predictedTag'))],
    );
  }

  /** The next token's top 5, each with its logit. */
  drawTop5(lab, run) {
    const c = lab.config;
    const T = run.tokens.length;
    const V = c.vocab;
    this.topTitle.textContent = this.t('topTitle', this.prompt);
    this.top5.replaceChildren(
      ...run.top5.flatMap((e) => [
        h('span', { class: 'ch' }, e.char),
        h(
          'div',
          { class: 'bar-track', role: 'img', 'aria-label': `${e.char} ${pct(e.prob)}` },
          h('div', { class: 'bar-fill', style: { width: `${(e.prob * 100).toFixed(2)}%` } }),
        ),
        h('span', { class: 'p' }, pct(e.prob)),
        h(
          'span',
          { class: 'formula z' },
          this.t('logit', num(run.logits.data[(T - 1) * V + e.token], 2)),
        ),
      ]),
    );
  }

  /** The greedy continuation (or why there is no room for one). */
  drawGeneration(res, T) {
    const c = this.lab.config;
    this.stepsInput.value = String(this.steps);
    this.stepsOut.textContent = String(res.steps);
    if (res.generation) {
      this.gen.replaceChildren(this.prompt, h('mark', {}, res.generation.generatedText));
      this.genFormula.textContent = this.t('genFormula', T, res.steps);
    } else {
      this.gen.replaceChildren(this.prompt);
      this.genFormula.textContent = this.t('noRoom', c.context);
    }
  }

  /**
   * The chosen layer: a full layer's heatmap of the chosen head and which KV head it reads, or a
   * linear layer's state (it has no softmax matrix; the head slider has nothing to pick there).
   */
  drawHeatmap(lab, run) {
    const c = lab.config;
    const T = run.tokens.length;
    const labels = run.labels;
    const L = this.layer,
      H = this.head;
    this.layerInput.value = String(L + 1);
    this.headInput.value = String(H + 1);
    this.layerOut.textContent = String(L + 1);
    this.headOut.textContent = String(H + 1);
    const layer = run.attention[L];
    const full = isFull(layer);
    this.fullBox.hidden = !full;
    this.linearBox.hidden = full;
    this.headInput.disabled = !full;
    if (!full) {
      this.drawState(lab, run, layer);
      return;
    }
    const group = Math.floor(H / (c.nHeads / c.nKvHeads));
    this.headOf.textContent = this.t('headOf', L + 1, H + 1, group + 1, c.nHeads, c.nKvHeads);
    const w = headWeights(layer.weights, H);
    const show = (i, j) => {
      this.readout.textContent = this.t(
        'readout',
        labels[i],
        i,
        labels[j],
        j,
        j > i ? this.t('future') : pct(w[i * T + j], 1),
      );
    };
    this.heatBox.replaceChildren(
      heatmapTable({
        weights: w,
        rows: labels,
        cols: labels,
        causal: true,
        onFocus: show,
        caption: this.t('heatCaption', L + 1, H + 1),
      }),
    );
    show(T - 1, 0);
    this.passCaption.textContent = this.t(
      'passCaption',
      T,
      labels[T - 1],
      T - 1,
      prediction(run).char,
    );
    this.query ??= T - 1;
    this.arcs.show({ weights: w, labels, causal: true, query: this.query });
    this.drawFarHead(run, w);
  }

  /**
   * A linear layer: what it keeps (bytes, from the engine) and ‖S‖ of each head after each token
   * as a chart and a table (heads as rows, tokens as columns, in a scroll region).
   * @param {import('../../web/attn-engine.js').LabLinearLayer} layer
   */
  drawState(lab, run, layer) {
    const c = lab.config;
    const L = this.layer;
    this.headOf.textContent = this.t('linearOf', L + 1, c.linearHeads);
    this.stateSize.textContent = this.t(
      'stateSize',
      exactBytes(layer.stateBytes),
      c.linearHeads,
      c.linearHeadDim,
      exactBytes(layer.stateBytes - layer.recurrentStateBytes),
      c.convKernel,
    );
    this.stateTitle.textContent = this.t('stateTitle', L + 1);
    const norms = Array.from({ length: c.linearHeads }, (_, hd) => stateNormsOf(layer, hd));
    this.stateChartBox.replaceChildren(
      this.stateChart(L, norms),
      h(
        'div',
        { class: 'legend', 'aria-hidden': 'true' },
        norms.map((_, hd) =>
          h('span', {}, [
            h('span', { class: 'swatch', style: { background: headColour(hd) } }),
            `H${hd + 1}`,
          ]),
        ),
      ),
    );
    const head = h('tr', {}, [
      h('th', { scope: 'col' }, ''),
      ...run.labels.map((l, t) =>
        h('th', { scope: 'col' }, [l, h('br'), h('small', {}, String(t))]),
      ),
    ]);
    const body = norms.map((row, hd) =>
      h('tr', {}, [
        h('th', { scope: 'row' }, `H${hd + 1}`),
        ...row.map((x) => h('td', {}, num(x, 2))),
      ]),
    );
    this.stateRegion.box.replaceChildren(
      h('table', { class: 'state-norms', 'aria-label': this.t('stateTitle', L + 1) }, [
        h('thead', {}, head),
        h('tbody', {}, body),
      ]),
    );
  }

  /**
   * ‖S‖ per head against token position: one line per head, drawn from the engine's numbers.
   * @param {number} L @param {number[][]} norms [Hl][T]
   */
  stateChart(L, norms) {
    const W = 340,
      Hgt = 180,
      left = 40,
      right = 12,
      top = 10,
      bottom = 36;
    const T = norms[0].length;
    const max = Math.max(...norms.flat(), 1e-6);
    const x = (t) => left + (T > 1 ? t / (T - 1) : 0.5) * (W - left - right);
    const y = (v) => top + (1 - v / max) * (Hgt - top - bottom);
    const label = norms
      .map((r, hd) => `H${hd + 1} ${num(r[0], 2)} → ${num(r[T - 1], 2)}`)
      .join('; ');
    return svg(
      'svg',
      {
        class: 'chart',
        viewBox: `0 0 ${W} ${Hgt}`,
        role: 'img',
        'aria-label': this.t('stateChart', L + 1, label),
      },
      [
        svg('line', { x1: left, x2: left, y1: top, y2: Hgt - bottom, stroke: '#6b6b6b' }),
        svg('line', {
          x1: left,
          x2: W - right,
          y1: Hgt - bottom,
          y2: Hgt - bottom,
          stroke: '#6b6b6b',
        }),
        ...[0, max / 2, max].map((v) =>
          svg(
            'text',
            { x: left - 4, y: y(v) + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#1b1b1b' },
            num(v, 1),
          ),
        ),
        ...norms.map((r, hd) =>
          svg('polyline', {
            points: r.map((v, t) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`).join(' '),
            fill: 'none',
            stroke: headColour(hd),
            'stroke-width': 2,
          }),
        ),

        svg(
          'text',
          {
            x: (left + W - right) / 2,
            y: Hgt - 8,
            'text-anchor': 'middle',
            'font-size': 11,
            fill: '#1b1b1b',
          },
          `${this.t('stateX')} 0 … ${T - 1}`,
        ),
      ],
    );
  }

  /**
   * When the prediction's row of this head shows no far key beating the neighbour, a button to
   * the first head whose row does (none when no head does, or this one already does).
   * @param {import('../../web/attn-engine.js').LabRunResult} run
   * @param {ArrayLike<number>} w this head's weights
   */
  drawFarHead(run, w) {
    const T = run.tokens.length;
    const here = distanceFree(fanOutArcs(w, T, T - 1), T - 1).kind;
    const to = here === 'far' ? null : farHead(run, this.lab.config.nHeads, T - 1);
    this.farBox.replaceChildren(
      to
        ? h(
            'button',
            {
              type: 'button',
              class: 'far-head',
              onclick: () => {
                this.query = T - 1;
                this.select(to.layer, to.head);
              },
            },
            this.t('farHead', to.layer + 1, to.head + 1),
          )
        : '',
    );
  }

  drawSinks(run, T) {
    const c = this.lab.config;
    if (T < 2) {
      this.sinkBox.replaceChildren(h('p', { class: 'muted' }, this.t('needTwo')));
      this.sinkFormula.textContent = '';
      return;
    }
    const hadFocus = this.shadowRoot.activeElement?.classList.contains('sink');
    const head = h('tr', {}, [
      h('th', { scope: 'col' }, ''),
      ...Array.from({ length: c.nHeads }, (_, hd) => h('th', { scope: 'col' }, `H${hd + 1}`)),
    ]);
    const body = fullLayers(c).map((l) =>
      h('tr', {}, [
        h('th', { scope: 'row' }, `L${l + 1}`),
        ...run.sinkShare[l].map((s, hd) => {
          const on = l === this.layer && hd === this.head;
          return h(
            'td',
            {},
            h(
              'button',
              {
                type: 'button',
                class: 'sink',
                'data-l': l,
                'data-h': hd,
                tabindex: on ? '0' : '-1',
                'aria-pressed': String(on),
                'aria-label': this.t('sinkCell', l + 1, hd + 1, pct(s, 0)),
                style: { background: weightColor(s), color: textOn(s) },
                onclick: () => this.select(l, hd),
              },
              pct(s, 0),
            ),
          );
        }),
      ]),
    );
    this.sinkBox.replaceChildren(
      h('table', { class: 'sinks', 'aria-label': this.t('sinkTitle') }, [
        h('thead', {}, head),
        h('tbody', {}, body),
      ]),
    );
    if (hadFocus)
      /** @type {HTMLElement | null} */ (
        this.sinkBox.querySelector('button[aria-pressed="true"]')
      )?.focus();
    // The selected head's statistic with its terms: column 0 of rows 1 … T−1 (shown up to 8 terms).
    const layer = run.attention[this.layer];
    if (!isFull(layer)) {
      this.sinkFormula.textContent = this.t('sinkLinear', this.layer + 1);
      return;
    }
    const w = headWeights(layer.weights, this.head);
    const col = Array.from({ length: T - 1 }, (_, i) => num(w[(i + 1) * T], 2));
    const terms = col.length <= 8 ? col : [...col.slice(0, 3), '…', col[col.length - 1]];
    this.sinkFormula.replaceChildren(
      ...formula(
        this.t(
          'sinkFormula',
          this.layer + 1,
          this.head + 1,
          T,
          terms,
          pct(run.sinkShare[this.layer][this.head]),
        ),
      ),
    );
  }

  select(l, hd) {
    this.layer = l;
    this.head = hd;
    this.update();
  }

  onSinkKey(e) {
    const c = this.lab.config;
    const full = fullLayers(c); // the table's rows
    const at = Math.max(0, full.indexOf(this.layer));
    const to = gridMove(e.key, [at, this.head], full.length, c.nHeads);
    if (!to || !e.target.classList?.contains('sink')) return;
    e.preventDefault();
    this.select(full[to[0]], to[1]);
    /** @type {HTMLElement | null} */ (
      this.sinkBox.querySelector('button[aria-pressed="true"]')
    )?.focus();
  }

  drawPatterns(patterns) {
    if (!patterns) {
      this.patBox.replaceChildren(h('p', { class: 'muted' }, this.t('needTwo')));
      this.mixes.textContent = '';
      return;
    }
    const parts = this.t('parts');
    let rows = patterns.flatMap((layer, l) => (layer ?? []).map((p, hd) => ({ l, hd, p })));
    if (this.sortKey !== 'order')
      rows = [...rows].sort((a, b) => b.p[this.sortKey] - a.p[this.sortKey]);
    const largest = (p) =>
      PARTS.reduce((best, x) => (p[x.key] > p[best] ? x.key : best), PARTS[0].key);
    const head = h('tr', {}, [
      h('th', { scope: 'col' }, this.t('headCol')),
      h('th', { scope: 'col' }, this.t('barCol')),
      ...PARTS.map((x) =>
        h('th', { scope: 'col', class: 'num' }, [
          parts[x.key],
          x.keys ? h('small', { class: 'formula' }, x.keys) : '',
        ]),
      ),
    ]);
    const body = rows.map(({ l, hd, p }) => {
      const top = largest(p);
      const on = l === this.layer && hd === this.head;
      return h('tr', {}, [
        h(
          'th',
          { scope: 'row' },
          h(
            'button',
            {
              type: 'button',
              'aria-pressed': String(on),
              'aria-label': this.t('showHead', l + 1, hd + 1),
              onclick: () => this.select(l, hd),
            },
            this.t('headName', l + 1, hd + 1),
          ),
        ),
        h(
          'td',
          {},
          h(
            'span',
            { class: 'stack', 'aria-hidden': 'true' },
            PARTS.map((x) =>
              h('span', {
                style: {
                  width: `${(Math.max(0, p[x.key]) * 100).toFixed(2)}%`,
                  background: x.colour,
                },
              }),
            ),
          ),
        ),
        ...PARTS.map((x) => h('td', { class: x.key === top ? 'top' : '' }, pct(p[x.key]))),
      ]);
    });
    this.patBox.replaceChildren(
      h('table', { class: 'patterns', 'aria-label': this.t('patTitle') }, [
        h('thead', {}, head),
        h('tbody', {}, body),
      ]),
    );
    const clean = rows.filter(({ p }) => PARTS.some((x) => p[x.key] > 0.5)).length;
    this.mixes.textContent = `${this.t('mixes', clean, rows.length)}${clean * 2 < rows.length ? ` ${this.t('mostMixed')}` : ''}`;
  }

  /** @param {Runtime} rt */
  ablationChart(rt, rows) {
    const g = this.ablationGeometry(rows);
    const label = g.sorted
      .map((r) => `G=${r.nKvHeads} ${exactBytes(r.kvBytesPerTokenBf16)} ${num(r.validLoss, 4)}`)
      .join('; ');
    return svg(
      'svg',
      {
        class: 'chart',
        viewBox: `0 0 ${g.W} ${g.Hgt}`,
        role: 'img',
        'aria-label': this.t('ablChart', label),
      },
      [...this.ablationAxes(g), ...this.ablationSeries(g), this.ablationXLabel(g)],
    );
  }

  /** The chart's box, and the rows placed in it: x by log2 of the KV bytes, y by loss. */
  ablationGeometry(rows) {
    const W = 340,
      Hgt = 210,
      left = 52,
      right = 18,
      top = 14,
      bottom = 52;
    const sorted = [...rows].sort((a, b) => a.kvBytesPerTokenBf16 - b.kvBytesPerTokenBf16);
    const lo = Math.log2(sorted[0].kvBytesPerTokenBf16),
      hi = Math.log2(sorted[sorted.length - 1].kvBytesPerTokenBf16);
    const x = (b) => left + ((Math.log2(b) - lo) / (hi - lo || 1)) * (W - left - right);
    const losses = rows.map((r) => r.validLoss);
    const yMin = Math.min(...losses),
      yMax = Math.max(...losses);
    const pad = Math.max((yMax - yMin) * 0.25, 0.002);
    const y0 = yMin - pad,
      y1 = yMax + pad;
    const y = (v) => top + (1 - (v - y0) / (y1 - y0)) * (Hgt - top - bottom);
    const ticks = [yMin, (yMin + yMax) / 2, yMax];
    const own = this.lab.config.nKvHeads;
    const pts = sorted.map((r) => [x(r.kvBytesPerTokenBf16), y(r.validLoss)]);
    return { W, Hgt, left, right, top, bottom, sorted, y, ticks, own, pts };
  }

  /** The two axes, the loss ticks and the y label. */
  ablationAxes({ W, Hgt, left, right, top, bottom, y, ticks }) {
    return [
      svg('line', { x1: left, x2: left, y1: top, y2: Hgt - bottom, stroke: '#6b6b6b' }),
      svg('line', {
        x1: left,
        x2: W - right,
        y1: Hgt - bottom,
        y2: Hgt - bottom,
        stroke: '#6b6b6b',
      }),
      ...ticks.flatMap((v) => [
        svg('line', { x1: left - 4, x2: W - right, y1: y(v), y2: y(v), stroke: '#e3e3e3' }),
        svg(
          'text',
          { x: left - 6, y: y(v) + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#1b1b1b' },
          num(v, 3),
        ),
      ]),
      svg(
        'text',
        {
          x: 12,
          y: (top + Hgt - bottom) / 2,
          'text-anchor': 'middle',
          'font-size': 11,
          fill: '#1b1b1b',
          transform: `rotate(-90 12 ${(top + Hgt - bottom) / 2})`,
        },
        this.t('yAxis'),
      ),
    ];
  }

  /** The line through the rows and each row's point (the shipped model larger), G and bytes. */
  ablationSeries({ Hgt, bottom, sorted, own, pts }) {
    return [
      svg('polyline', {
        points: pts.map((p) => p.join(',')).join(' '),
        fill: 'none',
        stroke: CATEGORY.a,
        'stroke-width': 2,
      }),
      ...sorted.flatMap((r, i) => [
        svg('circle', {
          cx: pts[i][0],
          cy: pts[i][1],
          r: r.nKvHeads === own ? 6 : 4.5,
          fill: r.nKvHeads === own ? CATEGORY.b : CATEGORY.a,
          stroke: '#1b1b1b',
        }),
        svg(
          'text',
          {
            x: pts[i][0],
            y: pts[i][1] - 9,
            'text-anchor': i === sorted.length - 1 ? 'end' : i === 0 ? 'start' : 'middle',
            'font-size': 11,
            fill: '#1b1b1b',
          },
          `G=${r.nKvHeads}`,
        ),
        svg(
          'text',
          {
            x: pts[i][0],
            y: Hgt - bottom + 15,
            'text-anchor': i === sorted.length - 1 ? 'end' : i === 0 ? 'start' : 'middle',
            'font-size': 11,
            fill: '#1b1b1b',
          },
          `${r.kvBytesPerTokenBf16} B`,
        ),
      ]),
    ];
  }

  /** The x label. */
  ablationXLabel({ W, Hgt, left, right }) {
    return svg(
      'text',
      {
        x: (left + W - right) / 2,
        y: Hgt - 12,
        'text-anchor': 'middle',
        'font-size': 11,
        fill: '#1b1b1b',
      },
      this.t('xAxis'),
    );
  }

  /** @param {Runtime} rt */
  ablationTable(rt, rows) {
    const own = this.lab.config.nKvHeads;
    const head = h(
      'tr',
      {},
      ['kvHeads', 'kind', 'kvBytes', 'valid', 'train', 'params'].map((k) =>
        h('th', { scope: 'col' }, this.t(k)),
      ),
    );
    const body = rows.map((r) => {
      const ledger = ablationLedger(rt.engine, this.lab, r);
      return h('tr', { class: r.nKvHeads === own ? 'shipped' : '' }, [
        h('th', { scope: 'row' }, r.nKvHeads === own ? `${r.nKvHeads} ★` : String(r.nKvHeads)),
        h('td', {}, r.kind.toUpperCase()),
        h('td', {}, [
          exactBytes(ledger.bytesPerToken),
          h('br'),
          h('span', { class: 'formula' }, ledger.formula),
        ]),
        h('td', {}, num(r.validLoss, 4)),
        h('td', {}, num(r.trainLoss, 4)),
        h('td', {}, r.parameters.toLocaleString('en-US')),
      ]);
    });
    return h('table', { class: 'ablation' }, [h('thead', {}, head), h('tbody', {}, body)]);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const data = labData();
    if (!data) return [{ name: DATA_SCRIPT, expected: 'loaded', actual: 'missing', ok: false }];
    return labChecks(rt.engine, labModel(rt.engine, data));
  }
}
