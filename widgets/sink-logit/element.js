// <attn-sink-logit world="zh-gift"> — branch B4, the attention sink and its two exits.
// The 苹果 (apple) row of the causal single-head attention (scores ÷ √4): three scores only tenths
// apart still split 100% as 30% / 41% / 29%. Exit one: a sink logit in the softmax denominator
// (slider, or off) takes a share, the three weights sum to less than 1 and the retrieved output
// shrinks. Exit two: a sigmoid gate on the output (gate-logit slider): the weights stay 30/41/29,
// the output is scaled by g. Every number is the engine's (engine.attention with sinkLogit /
// gateLogits; |o| via engine.dot; σ via engine.softmax).
// Attributes: world (default zh-gift), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { sub, text, formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { sliderRow } from '../../web/views/slider.js';
import { bar } from '../../web/views/bar.js';
import { h, num, pct, redraw } from '../../web/dom.js';
import { rowOf } from '../../web/tensor.js';
import { worldTensors, tokenLabels } from '../../web/world.js';
import { labelHeader, glossLine } from '../../web/views/table-labels.js';
import { objectRow, anchorGate, sigmoid, split, courseChecks, SINK, GATE } from './logic.js';
import { STRINGS, CHECK_NAMES_ZH, COUNT_WORDS } from './strings.js';
import { expTerms, shareMath } from './views/formulas.js';
import { exitsSection } from './views/exits.js';
import { weightStack, legendItem, keyColour, SINK_COLOUR } from './views/shares.js';

/** @typedef {ReturnType<typeof objectRow>} ObjectRow */

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
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** is the sink logit in the softmax */
  #sinkOn = false;
  /** the sink logit (kept while the sink is off) */
  #sink = 0;
  /** the gate logit z */
  #gate = 0;
  #table = h('table', {});
  #rowNote = h('p', {});
  #plainFormula = h('ul', { class: 'legend formula' });
  // the controls are made by build (again after a language switch)
  /** @type {HTMLInputElement} */ #sinkToggle = h('input');
  /** @type {HTMLInputElement} */ #sinkSlider = h('input');
  /** @type {HTMLOutputElement} */ #sinkValue = h('output');
  #sinkStack = h('div', { class: 'stack', role: 'img' });
  #sinkLegend = h('ul', { class: 'legend formula' });
  #sinkShare = h('p', { 'data-role': 'sink-share' });
  #sinkOutput = h('p', { class: 'formula' });
  #sinkNormText = h('span', { class: 'formula', 'data-role': 'sink-norm' });
  #sinkNorm = bar({ share: 0, attrs: { 'aria-hidden': 'true' } });
  /** @type {HTMLInputElement} */ #gateSlider = h('input');
  /** @type {HTMLOutputElement} */ #gateValue = h('output');
  #gateFormula = h('p', { class: 'formula', 'data-role': 'gate-g' });
  #gateStack = h('div', { class: 'stack', role: 'img' });
  #gateWeights = h('p', { 'data-role': 'gate-weights' });
  #gateOutput = h('p', { class: 'formula' });
  #gateNormText = h('span', { class: 'formula', 'data-role': 'gate-norm' });
  #gateNorm = bar({ share: 0, attrs: { 'aria-hidden': 'true' } });
  #anchorLine = h('p', { class: 'muted' });

  static get observedAttributes() {
    return ['lang', 'world'];
  }

  get worldId() {
    return this.world;
  }

  /** @param {ObjectRow} r */
  labels(r) {
    return this.isEnglish ? r.keysEn : r.keys;
  }

  updateDetail() {
    return {
      ...super.updateDetail(),
      sinkOn: this.#sinkOn,
      sink: this.#sink,
      gate: this.#gate,
    };
  }

  /** @param {Runtime} rt */
  build(rt) {
    worldTensors(rt, this.worldId); // a missing world is an inline error before any control
    /** @param {string} s */
    const id = (s) => `${s}-${Math.random().toString(36).slice(2, 8)}`;
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('h3', {}, this.t('rowTitle')),
      scrollRegion(this.#table, { label: this.t('rowTitle'), lang: this.lang }),
      ...glossLine(tokenLabels(worldTensors(rt, this.worldId), this.lang)),
      this.#plainFormula,
      this.#rowNote,
      this.#sinkSection(id('sink')),
      this.#gateSection(id('gate')),
      exitsSection((k) => this.t(k)),
    );
  }

  /**
   * Exit one: the sink logit's switch and slider, its weights, output and norm.
   * @param {string} sinkId
   */
  #sinkSection(sinkId) {
    this.#sinkToggle = h('input', {
      type: 'checkbox',
      'data-role': 'sink-on',
      onchange: () => {
        this.#sinkOn = this.#sinkToggle.checked;
        this.update();
      },
    });
    const sinkRow = sliderRow({
      id: sinkId,
      label: this.t('sinkSlider'),
      ...SINK,
      value: this.#sink,
      attrs: { 'data-role': 'sink' },
      onInput: (v) => {
        this.#sink = v;
        this.#sinkOn = true;
        this.update();
      },
    });
    this.#sinkSlider = sinkRow.input;
    this.#sinkValue = sinkRow.out;
    return h('section', {}, [
      h('h3', {}, this.t('sinkTitle')),
      h('div', { class: 'row' }, [h('label', {}, [this.#sinkToggle, this.t('sinkOn')])]),
      sinkRow.el,
      h('p', { class: 'formula' }, formula(this.t('sinkFormula'))),
      this.#sinkStack,
      this.#sinkLegend,
      this.#sinkShare,
      this.#sinkOutput,
      h('div', { class: 'norm' }, [this.#sinkNorm.el, this.#sinkNormText]),
    ]);
  }

  /**
   * Exit two: the gate logit's slider, the unchanged weights, the scaled output and norm.
   * @param {string} gateId
   */
  #gateSection(gateId) {
    const gateRow = sliderRow({
      id: gateId,
      label: this.t('gateSlider'),
      ...GATE,
      value: this.#gate,
      attrs: { 'data-role': 'gate' },
      onInput: (v) => {
        this.#gate = v;
        this.update();
      },
    });
    this.#gateSlider = gateRow.input;
    this.#gateValue = gateRow.out;
    return h('section', {}, [
      h('h3', {}, this.t('gateTitle')),
      gateRow.el,
      this.#gateFormula,
      this.#gateStack,
      this.#gateWeights,
      h('p', { class: 'formula' }, formula(this.t('gateOutput'))),
      this.#gateOutput,
      h('div', { class: 'norm' }, [this.#gateNorm.el, this.#gateNormText]),
      this.#anchorLine,
    ]);
  }

  /**
   * The stacked bar in `el`: one segment per key, then the sink's (if any).
   * @param {HTMLElement} el
   * @param {string[]} labels
   * @param {number[]} weights
   * @param {number} [sinkWeight]
   */
  #drawStack(el, labels, weights, sinkWeight) {
    const sink =
      sinkWeight === undefined ? undefined : { label: this.t('sinkName'), weight: sinkWeight };
    const { segments, parts } = weightStack(labels, weights, sink);
    redraw(el, segments);
    el.setAttribute('aria-label', this.t('stackLabel', parts));
  }

  /** @param {Runtime} rt */
  render(rt) {
    const base = objectRow(rt, { worldId: this.worldId });
    const labels = this.labels(base);
    this.#drawPlainRow(rt, base, labels);
    this.#drawSinkExit(rt, base, labels);
    this.#drawGateExit(rt, base, labels);
  }

  /**
   * The plain row: scores, weights and values of the keys, and each weight's softmax.
   * @param {Runtime} rt
   * @param {ObjectRow} base
   * @param {string[]} labels
   */
  #drawPlainRow(rt, base, labels) {
    const v = worldTensors(rt, this.worldId).v;
    const head = [this.t('key'), this.t('score'), this.t('weight'), this.t('value')];
    redraw(this.#table, [
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          head.map((c) => h('th', { scope: 'col' }, formula(c))),
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
              `[${Array.from(rowOf(v, j), (x) => num(x)).join(', ')}]`,
            ),
          ]),
        ),
      ),
    ]);
    this.#rowNote.textContent = this.t(
      'rowNote',
      base.scores.map((x) => num(x)).join(this.isEnglish ? ', ' : '、'),
      split(base.weights, 0),
    );
    const denom = expTerms(base.scores);
    redraw(this.#plainFormula, [
      h('li', { class: 'plain' }, formula(this.t('plainFormula'))),
      ...labels.map((l, j) =>
        legendItem(
          keyColour(j),
          shareMath(sub('w', l), num(base.scores[j]), denom, pct(base.weights[j])),
        ),
      ),
    ]);
  }

  /**
   * Exit one: a sink logit in the softmax takes weight off the three keys.
   * @param {Runtime} rt
   * @param {ObjectRow} base
   * @param {string[]} labels
   */
  #drawSinkExit(rt, base, labels) {
    const on = this.#sinkOn,
      sink = this.#sink;
    const s = objectRow(rt, { worldId: this.worldId, sinkLogit: on ? sink : undefined });
    this.#sinkToggle.checked = on;
    if (Number(this.#sinkSlider.value) !== sink) this.#sinkSlider.value = String(sink);
    const three = s.weights.reduce((a, b) => a + b, 0);
    this.#sinkValue.textContent = on ? num(sink, 1) : this.t('sinkOff');
    this.#sinkSlider.setAttribute(
      'aria-valuetext',
      on
        ? this.t('valueText', num(sink, 1), pct(s.sinkWeight))
        : this.t('valueTextOff', pct(three)),
    );
    this.#drawStack(this.#sinkStack, labels, s.weights, on ? s.sinkWeight : undefined);
    const denom = expTerms(s.scores, on ? sink : undefined);
    redraw(this.#sinkLegend, [
      ...s.weights.map((w, j) =>
        legendItem(keyColour(j), shareMath(sub('w', labels[j]), num(s.scores[j]), denom, pct(w))),
      ),
      legendItem(
        SINK_COLOUR[0],
        on
          ? shareMath(text(this.t('sinkName')), num(sink, 1), denom, pct(s.sinkWeight))
          : this.t('sinkOffLine'),
      ),
    ]);
    this.#sinkShare.textContent = on
      ? `${this.t('sinkShare', pct(s.sinkWeight))}${this.isEnglish ? '. ' : '；'}${this.t('threeSum', pct(three))}`
      : this.t('threeSum', pct(three));
    redraw(this.#sinkOutput, [
      ...formula(this.t('output')),
      ` = [${s.output.map((x) => num(x, 3)).join(', ')}]`,
    ]);
    const ratio = normRatio(s.norm, base);
    redraw(
      this.#sinkNormText,
      formula(this.t('normLine', num(s.norm, 3), num(base.norm, 3), pct(ratio, 0))),
    );
    this.#sinkNorm.set(Math.min(1, ratio));
  }

  /**
   * Exit two: an output gate g = σ(z) scales the output, the weights stay.
   * @param {Runtime} rt
   * @param {ObjectRow} base
   * @param {string[]} labels
   */
  #drawGateExit(rt, base, labels) {
    const z = this.#gate;
    const g = objectRow(rt, { worldId: this.worldId, gateLogit: z });
    const gv = sigmoid(rt.engine, z);
    if (Number(this.#gateSlider.value) !== z) this.#gateSlider.value = String(z);
    this.#gateValue.textContent = `z = ${num(z, 1)}, g = ${num(gv, 3)}`;
    this.#gateSlider.setAttribute('aria-valuetext', this.t('gateValueText', num(z, 1), num(gv, 3)));
    redraw(this.#gateFormula, formula(this.t('gateFormula', num(z, 1), num(gv, 3))));
    this.#drawStack(this.#gateStack, labels, g.weights);
    this.#gateWeights.textContent = this.t(
      'gateWeights',
      g.weights.map((x, j) => `${labels[j]} ${pct(x)}`).join(' / '),
    );
    this.#gateOutput.textContent = `= [${g.output.map((x) => num(x, 3)).join(', ')}]`;
    redraw(
      this.#gateNormText,
      formula(this.t('gateNorm', num(g.norm, 3), num(gv, 3), num(base.norm, 3))),
    );
    this.#gateNorm.set(Math.min(1, normRatio(g.norm, base)));
    const anchor = anchorGate(rt);
    this.#anchorLine.textContent = anchor
      ? this.t('anchor', anchor.name, String(anchor.outputGate))
      : '';
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseChecks(rt, this.worldId, COUNT_WORDS);
  }
}

/**
 * An output's length against the plain row's (0 when that is 0), for the bars.
 * @param {number} n
 * @param {ObjectRow} base
 */
const normRatio = (n, base) => (base.norm > 0 ? n / base.norm : 0);
