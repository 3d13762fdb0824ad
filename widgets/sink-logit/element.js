// <attn-sink-logit world="zh-gift"> — branch B4, the attention sink and its two exits.
// The 苹果 (apple) row of the causal single-head attention (scores ÷ √4): three scores only tenths
// apart still split 100% as 30% / 41% / 29%. Exit one: a sink logit in the softmax denominator
// (slider, or off) takes a share, the three weights sum to less than 1 and the retrieved output
// shrinks. Exit two: a sigmoid gate on the output (gate-logit slider): the weights stay 30/41/29,
// the output is scaled by g. Every number is the engine's (engine.attention with sinkLogit /
// gateLogits; |o| via engine.dot; σ via engine.softmax).
// Attributes: world (default zh-gift), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import {
  line,
  row,
  sub,
  sup,
  frac,
  sqrt,
  sum,
  paren,
  norm,
  text,
  formula,
} from '../../web/mathml.js';
import { AttnWidget, check } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, pct, num } from '../../web/dom.js';
import { CATEGORY } from '../../web/color.js';
import { worldTensors, tokenLabels } from '../../web/world.js';
import { labelHeader, glossLine } from '../../web/views/table-labels.js';
import { appleRow, anchorGate, sigmoid, SINK, GATE } from './logic.js';

// Segment colours (Okabe–Ito, colour-blind safe) and the text colour that contrasts with each.
const KEY_COLOURS = [
  [CATEGORY.a, '#fff'],
  [CATEGORY.b, '#000'],
  [CATEGORY.c, '#000'],
  [CATEGORY.d, '#000'],
];
const SINK_COLOUR = ['#3d3d3d', '#fff'];

const EXTRA_CSS = `
.stack { display: flex; height: 30px; border: 1px solid var(--_control-border); border-radius: 4px; overflow: hidden; margin: 6px 0; }
.seg { min-width: 0; display: flex; align-items: center; justify-content: center; font-size: 0.8em;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; font-variant-numeric: tabular-nums; }
.seg.sink { background-image: repeating-linear-gradient(135deg, transparent 0 6px, rgba(255,255,255,0.18) 6px 9px); }
.legend { list-style: none; padding: 0; margin: 4px 0; display: grid; gap: 2px; }
.legend li.plain { display: block; }
.legend li { display: grid; grid-template-columns: 12px 1fr; gap: 6px; align-items: start; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-top: 0.25em; }
td.vec { white-space: nowrap; }
@container (max-width: 520px) { td.vec { white-space: normal; overflow-wrap: normal; } th, td { padding: 4px 3px; } }
.norm { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin: 4px 0; }
.norm .bar-track { max-width: 320px; }
.exits { display: grid; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); gap: 10px; margin-top: 8px; }
.exit { border: 1px solid var(--_border); border-radius: 6px; padding: 8px 10px; }
.exit h4 { margin: 0 0 4px; font-size: 0.95rem; }
.exit ul { margin: 0; padding-left: 1.1em; }
`;

/** e^a + e^b + … of a row of scores (and e^sink), the denominator the softmax formulas print. */
const expTerms = (scores, sinkLogit) =>
  [...scores.map((s) => num(s)), ...(sinkLogit === undefined ? [] : [num(sinkLogit, 1)])].flatMap(
    (x, k) => (k ? ['+', sup('e', x)] : [sup('e', x)]),
  );
/** name = e^score / (denominator) = share: one key's weight with the engine's numbers. */
const shareMath = (name, score, denominator, share) =>
  row(name, '=', frac(sup('e', score), row(...denominator)), '=', share);
/** w_j = e^{s_j} / (Σ_k e^{s_k} [+ e^{sink}]) */
const softmaxMath = (withSink) =>
  row(
    sub('w', 'j'),
    '=',
    frac(
      sup('e', sub('s', 'j')),
      row(sum('k'), sup('e', sub('s', 'k')), ...(withSink ? ['+', sup('e', 'sink')] : [])),
    ),
  );
/**
 * g = σ(z) = e^z / (e^z + e^0) = σ(z value) = g value
 * @param {string} z @param {string} g
 */
const gateMath = (z, g) =>
  row(
    'g',
    '=',
    'σ',
    paren('z'),
    '=',
    frac(sup('e', 'z'), row(sup('e', 'z'), '+', sup('e', 0))),
    '=',
    'σ',
    paren(z),
    '=',
    g,
  );
/** s_j = q·k_j / √4 */
const SCORE_MATH = row(sub('s', 'j'), '=', frac(row('q', '·', sub('k', 'j')), sqrt(4)));
/** Σ_j w_j v_j: the row's weights on the rows of V. */
const MIXED = row(sum('j'), sub('w', 'j'), sub('v', 'j'));
/** |o| = √(o·o) = n */
const normMath = (n) => row(norm('o'), '=', sqrt(row('o', '·', 'o')), '=', n);
/** o_gated = g · Σ_j w_j v_j, name the subscript ("gated", "门"). */
const gatedMath = (name) => row(sub('o', text(name)), '=', 'g', '·', MIXED);
/** |o_gated| = n = g × base */
const gatedNormMath = (name, n, g, base) =>
  row(norm(sub('o', text(name))), '=', n, '=', g, '×', base);
/** An output's length against the plain row's (0 when that is 0), for the bars. */
const normRatio = (n, base) => (base.norm > 0 ? n / base.norm : 0);

/**
 * @tag attn-sink-logit
 * @summary Branch B4: the sink logit and the output gate.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, sinkOn, sink (its logit), gate}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class SinkLogit extends AttnWidget {
  static css = EXTRA_CSS;
  static strings = {
    'zh-CN': {
      title: '「苹果」这一行：attention sink 与它的两个出口',
      help: '标准 softmax 逼每一行分完 100%，哪怕这一行其实不想取任何东西——Xiao 2023 发现，模型会把多余的注意力倒在第一个 token 上（attention sink）。下面两个出口让这个头能「这次不取」。',
      rowTitle: '不加出口：「苹果」一行（因果掩码、单头、分数 ÷ √4）',
      key: '键 j',
      score: line('分数 ', SCORE_MATH),
      weight: line('权重 ', sub('w', 'j')),
      value: sub('v', 'j'),
      rowNote: (s, b) => `三个分数 ${s} 只差零点几，softmax 照样分完 100%：${b}。`,
      plainFormula: softmaxMath(false),
      sinkTitle: '出口一：分母里加一个 sink logit',
      sinkOn: '加 sink logit',
      sinkSlider: 'sink logit',
      sinkOff: '关（标准 softmax）',
      sinkFormula: softmaxMath(true),
      sinkName: 'sink',
      sinkShare: (p) => `sink 拿走 ${p}（注意力给了「什么也没有」）`,
      sinkOffLine: 'sink 关：分母里没有这一项，三个权重之和 = 100%',
      threeSum: (p) => `三个键合计 ${p}`,
      valueText: (s, p) => `sink logit ${s}，sink 拿走 ${p}`,
      valueTextOff: (p) => `sink 关，三个键合计 ${p}`,
      stackLabel: (parts) => `权重条：${parts}`,
      output: line('取回的输出 ', row('o', '=', MIXED)),
      normLine: (n, base, r) => line(normMath(n), `（不加出口时 ${base}，是它的 ${r}）`),
      gateTitle: '出口二：在输出上乘一个门 g = σ(z)',
      gateSlider: '门 logit z',
      gateFormula: gateMath,
      gateWeights: (b) => `权重不变：${b}（softmax 照样分完 100%）`,
      gateOutput: gatedMath('门'),
      gateNorm: (n, g, base) => gatedNormMath('门', n, g, base),
      gateValueText: (z, g) => `门 logit ${z}，g = ${g}`,
      compareTitle: '两个出口对照',
      sinkExit: 'sink logit',
      sinkPoints: [
        '改的是权重本身：分母多了一项，三个键的权重之和 = 1 − sink 的份额，注意力图上看得见「没取」。',
        '它是一个可学习的参数（通常每个头一个数），对每个查询都一样；赢不赢取决于这一行的分数：像「苹果」这样分数都不高、差不多的行，sink 容易拿走大头；有一个键分数明显更高时，那个键仍能胜出。',
        '取回的 o 随之变短：剩下的权重乘 V。',
      ],
      gateExit: '输出门',
      gatePoints: [
        '不改权重：softmax 照样分完 100%（30% / 41% / 29%），注意力图上看不出「没取」。',
        '改的是输出：取回的向量整体乘 g ∈ (0, 1)。Gated Attention 里 g 由当前 token 的隐状态经 sigmoid 算出，每个 token、每个头（甚至每一维）都可以不同；这里为了对照，4 维用同一个 g。',
      ],
      anchor: (name, on) => `锚点 ${name}：attn_output_gate = ${on}（models.json）。`,
      caveat:
        '两个出口的效果都只有实验证据：Gated Attention（2025）原文说门控「缓解」attention sink，不是消除；DeepSeek-V4 没有给 sink logit 的单独消融。这里的向量是手工构造的教学数据，不是模型学到的。',
    },
    en: {
      title: 'The 苹果 (apple) row: the attention sink and its two exits',
      help: 'Standard softmax forces every row to hand out 100%, even when the row has nothing it wants to take — Xiao 2023 found that models then dump the spare attention on the first token (the attention sink). The two exits below let the head "take nothing this time".',
      rowTitle: 'No exit: the 苹果 (apple) row (causal mask, single head, scores ÷ √4)',
      key: 'key j',
      score: line('score ', SCORE_MATH),
      weight: line('weight ', sub('w', 'j')),
      value: sub('v', 'j'),
      rowNote: (s, b) =>
        `The three scores ${s} differ only by tenths, and softmax still hands out all 100%: ${b}.`,
      plainFormula: softmaxMath(false),
      sinkTitle: 'Exit one: a sink logit in the denominator',
      sinkOn: 'Add a sink logit',
      sinkSlider: 'sink logit',
      sinkOff: 'off (standard softmax)',
      sinkFormula: softmaxMath(true),
      sinkName: 'sink',
      sinkShare: (p) => `The sink takes ${p} (attention paid to nothing)`,
      sinkOffLine: 'Sink off: no such term in the denominator, the three weights sum to 100%',
      threeSum: (p) => `The three keys together take ${p}`,
      valueText: (s, p) => `sink logit ${s}, the sink takes ${p}`,
      valueTextOff: (p) => `sink off, the three keys take ${p}`,
      stackLabel: (parts) => `Weight bar: ${parts}`,
      output: line('Retrieved output ', row('o', '=', MIXED)),
      normLine: (n, base, r) => line(normMath(n), ` (without an exit ${base}; ${r} of it)`),
      gateTitle: 'Exit two: multiply the output by a gate g = σ(z)',
      gateSlider: 'gate logit z',
      gateFormula: gateMath,
      gateWeights: (b) => `Weights unchanged: ${b} (softmax still hands out 100%)`,
      gateOutput: gatedMath('gated'),
      gateNorm: (n, g, base) => gatedNormMath('gated', n, g, base),
      gateValueText: (z, g) => `gate logit ${z}, g = ${g}`,
      compareTitle: 'The two exits side by side',
      sinkExit: 'Sink logit',
      sinkPoints: [
        "Changes the weights themselves: one more term in the denominator, so the three keys sum to 1 − the sink's share; the attention map shows what was not taken.",
        'It is a learned parameter (typically one number per head), the same for every query; whether it wins depends on the row: when the scores are all low and close, as in the 苹果 row, the sink easily takes most; a key with a clearly higher score still wins.',
        'The retrieved o shrinks with it: the remaining weights times V.',
      ],
      gateExit: 'Output gate',
      gatePoints: [
        'Leaves the weights alone: softmax still hands out 100% (30% / 41% / 29%); the attention map does not show "took nothing".',
        "Changes the output: the retrieved vector is multiplied by g ∈ (0, 1). In Gated Attention g comes from the current token's hidden state through a sigmoid, so it can differ per token, per head (even per channel); here one g for all 4 channels, for the comparison.",
      ],
      anchor: (name, on) => `Anchor model ${name}: attn_output_gate = ${on} (models.json).`,
      caveat:
        'Both exits rest on experimental evidence only: the Gated Attention paper (2025) says the gate mitigates the attention sink, it does not remove it; DeepSeek-V4 gives no separate ablation of the sink logit. The vectors here are hand-made teaching data, not learned by a model.',
    },
  };

  constructor() {
    super();
    this.sinkOn = false;
    this.sink = 0;
    this.gate = 0;
  }

  static get observedAttributes() {
    return ['lang', 'world'];
  }

  get worldId() {
    return this.getAttribute('world') || 'zh-gift';
  }

  labels(r) {
    return this.isEnglish ? r.keysEn : r.keys;
  }

  updateDetail() {
    return {
      ...super.updateDetail(),
      sinkOn: this.sinkOn,
      sink: this.sink,
      gate: this.gate,
    };
  }

  /** @param {Runtime} rt */
  build(rt) {
    worldTensors(rt, this.worldId); // a missing world is an inline error before any control
    const id = (s) => `${s}-${Math.random().toString(36).slice(2, 8)}`;
    // --- the plain row
    this.table = h('table', {});
    this.rowNote = h('p', {});
    this.plainFormula = h('ul', { class: 'legend formula' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('h3', {}, this.t('rowTitle')),
      scrollRegion(this.table, { label: this.t('rowTitle'), lang: this.lang }),
      ...glossLine(tokenLabels(worldTensors(rt, this.worldId), this.lang)),
      this.plainFormula,
      this.rowNote,
      this.sinkSection(id('sink')),
      this.gateSection(id('gate')),
      this.compareSection(),
    );
  }

  /** Exit one: the sink logit's switch and slider, its weights, output and norm. */
  sinkSection(sinkId) {
    this.sinkToggle = h('input', {
      type: 'checkbox',
      'data-role': 'sink-on',
      onchange: () => {
        this.sinkOn = this.sinkToggle.checked;
        this.update();
      },
    });
    this.sinkSlider = h('input', {
      type: 'range',
      id: sinkId,
      min: SINK.min,
      max: SINK.max,
      step: SINK.step,
      value: this.sink,
      'data-role': 'sink',
      oninput: () => {
        this.sink = Number(this.sinkSlider.value);
        this.sinkOn = true;
        this.update();
      },
    });
    this.sinkValue = h('output', { for: sinkId });
    this.sinkStack = h('div', { class: 'stack', role: 'img' });
    this.sinkLegend = h('ul', { class: 'legend formula' });
    this.sinkShare = h('p', { 'data-role': 'sink-share' });
    this.sinkOutput = h('p', { class: 'formula' });
    this.sinkNormText = h('span', { class: 'formula', 'data-role': 'sink-norm' });
    this.sinkNormFill = h('div', { class: 'bar-fill' });
    return h('section', {}, [
      h('h3', {}, this.t('sinkTitle')),
      h('div', { class: 'row' }, [h('label', {}, [this.sinkToggle, this.t('sinkOn')])]),
      h('div', { class: 'row' }, [
        h('label', { for: sinkId }, this.t('sinkSlider')),
        this.sinkSlider,
        this.sinkValue,
      ]),
      h('p', { class: 'formula' }, formula(this.t('sinkFormula'))),
      this.sinkStack,
      this.sinkLegend,
      this.sinkShare,
      this.sinkOutput,
      h('div', { class: 'norm' }, [
        h('div', { class: 'bar-track', 'aria-hidden': 'true' }, this.sinkNormFill),
        this.sinkNormText,
      ]),
    ]);
  }

  /** Exit two: the gate logit's slider, the unchanged weights, the scaled output and norm. */
  gateSection(gateId) {
    this.gateSlider = h('input', {
      type: 'range',
      id: gateId,
      min: GATE.min,
      max: GATE.max,
      step: GATE.step,
      value: this.gate,
      'data-role': 'gate',
      oninput: () => {
        this.gate = Number(this.gateSlider.value);
        this.update();
      },
    });
    this.gateValue = h('output', { for: gateId });
    this.gateFormula = h('p', { class: 'formula', 'data-role': 'gate-g' });
    this.gateStack = h('div', { class: 'stack', role: 'img' });
    this.gateWeights = h('p', { 'data-role': 'gate-weights' });
    this.gateOutput = h('p', { class: 'formula' });
    this.gateNormText = h('span', { class: 'formula', 'data-role': 'gate-norm' });
    this.gateNormFill = h('div', { class: 'bar-fill' });
    this.anchorLine = h('p', { class: 'muted' });
    return h('section', {}, [
      h('h3', {}, this.t('gateTitle')),
      h('div', { class: 'row' }, [
        h('label', { for: gateId }, this.t('gateSlider')),
        this.gateSlider,
        this.gateValue,
      ]),
      this.gateFormula,
      this.gateStack,
      this.gateWeights,
      h('p', { class: 'formula' }, formula(this.t('gateOutput'))),
      this.gateOutput,
      h('div', { class: 'norm' }, [
        h('div', { class: 'bar-track', 'aria-hidden': 'true' }, this.gateNormFill),
        this.gateNormText,
      ]),
      this.anchorLine,
    ]);
  }

  /** The two exits side by side, point by point. */
  compareSection() {
    const bullets = (items) =>
      h(
        'ul',
        {},
        items.map((s) => h('li', {}, s)),
      );
    return h('section', {}, [
      h('h3', {}, this.t('compareTitle')),
      h('div', { class: 'exits' }, [
        h('div', { class: 'exit' }, [
          h('h4', {}, this.t('sinkExit')),
          bullets(this.t('sinkPoints')),
        ]),
        h('div', { class: 'exit' }, [
          h('h4', {}, this.t('gateExit')),
          bullets(this.t('gatePoints')),
        ]),
      ]),
      h('p', { class: 'note' }, this.t('caveat')),
    ]);
  }

  /** "30% / 41% / 29%" at `digits` decimals. */
  static split(weights, digits) {
    return weights.map((w) => pct(w, digits)).join(' / ');
  }

  /** The stacked bar: one segment per key, then the sink's (if any). */
  drawStack(el, labels, weights, sinkWeight) {
    const parts = weights.map((w, j) => ({
      label: labels[j],
      w,
      colours: KEY_COLOURS[j % KEY_COLOURS.length],
      sink: false,
    }));
    if (sinkWeight !== undefined)
      parts.push({ label: this.t('sinkName'), w: sinkWeight, colours: SINK_COLOUR, sink: true });
    el.replaceChildren(
      ...parts.map((p) =>
        h(
          'div',
          {
            class: p.sink ? 'seg sink' : 'seg',
            style: {
              'flex-basis': `${(p.w * 100).toFixed(3)}%`,
              'flex-grow': '0',
              'flex-shrink': '0',
              background: p.colours[0],
              color: p.colours[1],
            },
          },
          p.w >= 0.08 ? pct(p.w, 0) : '',
        ),
      ),
    );
    el.setAttribute(
      'aria-label',
      this.t('stackLabel', parts.map((p) => `${p.label} ${pct(p.w)}`).join(', ')),
    );
  }

  /** @param {Runtime} rt */
  render(rt) {
    const base = appleRow(rt, { worldId: this.worldId });
    const labels = this.labels(base);
    this.drawPlainRow(rt, base, labels);
    this.drawSinkExit(rt, base, labels);
    this.drawGateExit(rt, base, labels);
  }

  /**
   * The plain row: scores, weights and values of the keys, and each weight's softmax.
   * @param {Runtime} rt
   */
  drawPlainRow(rt, base, labels) {
    this.table.replaceChildren(
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          [this.t('key'), this.t('score'), this.t('weight'), this.t('value')].map((c) =>
            h('th', { scope: 'col' }, formula(c)),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        base.scores.map((s, j) =>
          h('tr', {}, [
            labelHeader(labels[j], 'row'),
            h('td', { class: 'formula' }, num(s)),
            h('td', {}, pct(base.weights[j], 0)),
            h(
              'td',
              { class: 'formula vec' },
              `[${worldTensors(rt, this.worldId)
                .v[j].map((x) => num(x))
                .join(', ')}]`,
            ),
          ]),
        ),
      ),
    );
    this.rowNote.textContent = this.t(
      'rowNote',
      base.scores.map((x) => num(x)).join(this.isEnglish ? ', ' : '、'),
      SinkLogit.split(base.weights, 0),
    );
    this.plainFormula.replaceChildren(
      h('li', { class: 'plain' }, formula(this.t('plainFormula'))),
      ...labels.map((l, j) =>
        h('li', {}, [
          h('span', {
            class: 'swatch',
            'aria-hidden': 'true',
            style: { background: KEY_COLOURS[j][0] },
          }),
          ...formula(
            shareMath(
              sub('w', l),
              num(base.scores[j]),
              expTerms(base.scores),
              pct(base.weights[j]),
            ),
          ),
        ]),
      ),
    );
  }

  /**
   * Exit one: a sink logit in the softmax takes weight off the three keys.
   * @param {Runtime} rt
   */
  drawSinkExit(rt, base, labels) {
    const sinkLogit = this.sinkOn ? this.sink : undefined;
    const s = appleRow(rt, { worldId: this.worldId, sinkLogit });
    this.sinkToggle.checked = this.sinkOn;
    if (Number(this.sinkSlider.value) !== this.sink) this.sinkSlider.value = String(this.sink);
    const three = s.weights.reduce((a, b) => a + b, 0);
    this.sinkValue.textContent = this.sinkOn ? num(this.sink, 1) : this.t('sinkOff');
    this.sinkSlider.setAttribute(
      'aria-valuetext',
      this.sinkOn
        ? this.t('valueText', num(this.sink, 1), pct(s.sinkWeight))
        : this.t('valueTextOff', pct(three)),
    );
    this.drawStack(this.sinkStack, labels, s.weights, this.sinkOn ? s.sinkWeight : undefined);
    const denom = expTerms(s.scores, this.sinkOn ? this.sink : undefined);
    const legend = s.weights.map((w, j) =>
      h('li', {}, [
        h('span', {
          class: 'swatch',
          'aria-hidden': 'true',
          style: { background: KEY_COLOURS[j][0] },
        }),
        ...formula(shareMath(sub('w', labels[j]), num(s.scores[j]), denom, pct(w))),
      ]),
    );
    legend.push(
      h('li', {}, [
        h('span', {
          class: 'swatch',
          'aria-hidden': 'true',
          style: { background: SINK_COLOUR[0] },
        }),
        ...(this.sinkOn
          ? formula(
              shareMath(text(this.t('sinkName')), num(this.sink, 1), denom, pct(s.sinkWeight)),
            )
          : [this.t('sinkOffLine')]),
      ]),
    );
    this.sinkLegend.replaceChildren(...legend);
    this.sinkShare.textContent = this.sinkOn
      ? `${this.t('sinkShare', pct(s.sinkWeight))}${this.isEnglish ? '. ' : '；'}${this.t('threeSum', pct(three))}`
      : this.t('threeSum', pct(three));
    this.sinkOutput.replaceChildren(
      ...formula(this.t('output')),
      ` = [${s.output.map((x) => num(x, 3)).join(', ')}]`,
    );
    this.sinkNormText.replaceChildren(
      ...formula(
        this.t('normLine', num(s.norm, 3), num(base.norm, 3), pct(normRatio(s.norm, base), 0)),
      ),
    );
    this.sinkNormFill.style.setProperty(
      'width',
      `${(Math.min(1, normRatio(s.norm, base)) * 100).toFixed(2)}%`,
    );
  }

  /**
   * Exit two: an output gate g = σ(z) scales the output, the weights stay.
   * @param {Runtime} rt
   */
  drawGateExit(rt, base, labels) {
    const g = appleRow(rt, { worldId: this.worldId, gateLogit: this.gate });
    const gv = sigmoid(rt.engine, this.gate);
    if (Number(this.gateSlider.value) !== this.gate) this.gateSlider.value = String(this.gate);
    this.gateValue.textContent = `z = ${num(this.gate, 1)}, g = ${num(gv, 3)}`;
    this.gateSlider.setAttribute(
      'aria-valuetext',
      this.t('gateValueText', num(this.gate, 1), num(gv, 3)),
    );
    this.gateFormula.replaceChildren(
      ...formula(this.t('gateFormula', num(this.gate, 1), num(gv, 3))),
    );
    this.drawStack(this.gateStack, labels, g.weights);
    this.gateWeights.textContent = this.t(
      'gateWeights',
      g.weights.map((x, j) => `${labels[j]} ${pct(x)}`).join(' / '),
    );
    this.gateOutput.textContent = `= [${g.output.map((x) => num(x, 3)).join(', ')}]`;
    this.gateNormText.replaceChildren(
      ...formula(this.t('gateNorm', num(g.norm, 3), num(gv, 3), num(base.norm, 3))),
    );
    this.gateNormFill.style.setProperty(
      'width',
      `${(Math.min(1, normRatio(g.norm, base)) * 100).toFixed(2)}%`,
    );
    const anchor = anchorGate(rt);
    this.anchorLine.textContent = anchor
      ? this.t('anchor', anchor.name, String(anchor.outputGate))
      : '';
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const base = appleRow(rt, { worldId: this.worldId });
    const big = appleRow(rt, { worldId: this.worldId, sinkLogit: 8 });
    const half = appleRow(rt, { worldId: this.worldId, gateLogit: 0 });
    const bigThree = big.weights.reduce((a, b) => a + b, 0);
    const anchor = anchorGate(rt);
    return [
      check(
        '苹果 row: scaled scores s = q·k/√4',
        '0.04 / 0.36 / 0.00',
        base.scores.map((x) => num(x)).join(' / '),
      ),
      check('苹果 row: weights without sink', '30% / 41% / 29%', SinkLogit.split(base.weights, 0)),
      {
        name: 'sink logit +8: the sink takes > 99%',
        expected: '> 99%',
        actual: pct(big.sinkWeight, 2),
        ok: big.sinkWeight > 0.99,
      },
      {
        name: 'sink logit +8: the three weights sum < 1%',
        expected: '< 1%',
        actual: pct(bigThree, 2),
        ok: bigThree < 0.01,
      },
      check('gate σ(0) = 0.5', '0.500', num(sigmoid(rt.engine, 0), 3)),
      check('gate 0.5: |o| halved', num(base.norm / 2, 3), num(half.norm, 3)),
      check(
        'gate 0.5: weights unchanged',
        SinkLogit.split(base.weights, 1),
        SinkLogit.split(half.weights, 1),
      ),
      check('anchor attn_output_gate', 'true', String(anchor?.outputGate ?? 'missing')),
    ];
  }
}
