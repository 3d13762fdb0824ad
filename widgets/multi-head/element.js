// <attn-multi-head world="zh-gift" model="qwen3.8-27b"> — lesson 7: is one set of Q/K/V enough?
// The same projections used as one head (all 4 columns, scores ÷ √4) and split by output
// columns into two heads (A = cols 0–1, B = cols 2–3, each ÷ √2), causal. For a chosen query
// row, the three weight rows side by side (给了: one head splits 56.5% / 39.4% between 苹果 and
// 小明; head A puts 89.5% on 小明, head B 77.0% on 苹果), the score behind each row's top cell,
// the full 5×5 heatmap of a chosen head, and the cost table: parameters and multiply-adds are
// the same for 1 head of d = 4 and 2 heads of d = 2. The anchor's 24 × 256 = 6144 ≠ 5120.
// Attributes: world (default zh-gift), model (default qwen3.8-27b), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { View, MultiHead as MultiHeadNumbers } from './logic.js' */
import { toggleButtons } from '../../web/views/toggle-group.js';
import { AttnWidget } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, pct, redraw } from '../../web/dom.js';
import { glossLine } from '../../web/views/table-labels.js';
import { heatmapTable, heatmapLegend, HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { at } from '../../web/tensor.js';
import { tokenLabels, hasRoles, roleIndex } from '../../web/world.js';
import {
  VIEWS,
  ANCHOR_ID,
  multiHead,
  costs,
  anchorHeads,
  courseNumbers,
  courseCheckRows,
  shapeOf,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { queryRowsTable } from './views/query-rows.js';
import { topScoreFormulas } from './views/top-scores.js';
import { costCards } from './views/costs.js';

const CSS = `${HEATMAP_CSS}
table.rows th[scope="row"] { text-align: left; font-weight: 600; }
.costs { display: grid; grid-template-columns: repeat(auto-fit, minmax(250px, 1fr)); gap: 8px; }
.cost-item { border: 1px solid var(--_border); border-radius: 6px; padding: 6px 10px; }
.cost-item.total { border: 2px solid var(--_control-border); }
.cost-item h4 { margin: 0 0 2px; font-size: 0.95rem; }
.cost-item p { margin: 2px 0; }
.equal { font-weight: 700; color: var(--_ok); }
.finding { border-left: 4px solid #0072B2; background: var(--_accent-soft-eef5fb); padding: 6px 10px; margin: 8px 0; }
`;

/**
 * @tag attn-multi-head
 * @summary Lesson 7: one head vs two.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {string} [model=qwen3.8-27b] - model id of models.json
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, query (token index or null), view}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class MultiHead extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** @type {number | null} the query row (token index); 给了 on the first build of a world */
  #query = null;
  /** @type {View} the view the heatmap shows */
  #view = 'A';
  #rowsTitle = h('h3');
  #rowsBox = h('div');
  #formulas = h('div');
  #finding = h('p');
  /** @type {ReturnType<typeof toggleButtons<View>> | null} */
  #views = null;
  #heatBox = h('div');
  #legend = h('div');
  #readout = h('p');
  #costBox = h('div');
  #anchor = h('p');

  static get observedAttributes() {
    return ['lang', 'world', 'model'];
  }

  get worldId() {
    return this.world;
  }

  /**
   * @param {string} name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    if (name === 'world') this.#query = null; // an index into the old world's tokens
    super.attributeChangedCallback(name, old, value);
  }

  get modelId() {
    return this.getAttribute('model') || ANCHOR_ID;
  }

  updateDetail() {
    return { ...super.updateDetail(), query: this.#query, view: this.#view };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const m = multiHead(rt, this.worldId);
    anchorHeads(rt, this.modelId);
    const labels = tokenLabels(m.w, this.lang);
    // The query's row first: the one the lesson reads (the first token in a world without it).
    const query = (this.#query ??= hasRoles(m.w, ['query']) ? roleIndex(m.w, 'query') : 0);
    const sid = `q-${Math.random().toString(36).slice(2, 8)}`;
    const select = h(
      'select',
      {
        id: sid,
        'data-role': 'query',
        onchange: () => {
          this.#query = Number(select.value);
          this.update();
        },
      },
      labels.map((l, i) => h('option', { value: i, selected: i === query }, l)),
    );
    this.#rowsTitle = h('h3', {});
    const rowsRegion = scrollRegion([], { label: this.t('rowsRegion'), lang: this.lang });
    this.#rowsBox = rowsRegion.box;
    this.#formulas = h('div', { 'data-role': 'formulas' });
    this.#finding = h('p', { class: 'finding', 'data-role': 'finding' });
    this.#views = toggleButtons({
      values: VIEWS,
      data: 'view',
      pressed: this.#view,
      label: (v) => this.t('viewName', shapeOf(m))[v],
      onPick: (v) => {
        this.#view = v;
        this.update();
      },
    });

    const shape = shapeOf(m);
    const heatRegion = scrollRegion([], { label: this.t('heatTitle', shape), lang: this.lang });
    this.#heatBox = heatRegion.box;
    this.#heatBox.dataset.role = 'heatmap';
    // Drawn again at every render, in the scale the site asks for then.
    this.#legend = heatmapLegend(this.scale);
    this.#readout = h('p', { class: 'hm-readout formula', 'aria-live': 'polite' });
    this.#costBox = h('div', { class: 'costs', 'data-role': 'cost' });
    this.#anchor = h('p', { class: 'note', 'data-role': 'anchor' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help', shape)),
      h('div', { class: 'row' }, [h('label', { for: sid }, this.t('query')), select]),
      this.#rowsTitle,
      rowsRegion,
      ...glossLine(labels),
      this.#formulas,
      this.#finding,
      h('h3', {}, this.t('heatTitle', shape)),
      h(
        'div',
        { class: 'row', role: 'group', 'aria-label': this.t('headPick') },
        this.#views.buttons,
      ),
      heatRegion,
      this.#legend,
      this.#readout,
      h('h3', {}, this.t('costTitle')),
      this.#costBox,
      h('p', { class: 'muted' }, this.t('costNote', shape)),
      this.#anchor,
    );
  }

  /** @param {Runtime} rt */
  render(rt) {
    const m = multiHead(rt, this.worldId);
    const labels = tokenLabels(m.w, this.lang);
    const qi = this.#query ?? 0;
    const t = this.t.bind(this);
    this.#rowsTitle.textContent = this.t('rowsTitle', labels[qi]);
    redraw(this.#rowsBox, [queryRowsTable(m, qi, { labels, t, scale: this.scale })]);
    redraw(this.#formulas, topScoreFormulas(rt, m, qi, { labels, t }));
    const c = courseNumbers(rt, this.worldId);
    const [s1, s2] = c.single.split(' / ');
    this.#finding.textContent = this.t('finding', c.headA, c.headB, s1, s2);
    this.#drawViewHeatmap(m, labels, qi);
    redraw(this.#costBox, costCards(costs(m), t));
    const a = anchorHeads(rt, this.modelId);
    this.#anchor.textContent = this.t(
      'anchor',
      a.name,
      a.nHeads,
      a.headDim,
      a.product,
      a.hiddenSize,
    );
  }

  /**
   * The heatmap of the chosen view, its legend and the readout of the focused cell.
   * @param {MultiHeadNumbers} m
   * @param {string[]} labels
   * @param {number} qi the query row (the readout starts there)
   */
  #drawViewHeatmap(m, labels, qi) {
    const names = this.t('viewName', shapeOf(m));
    this.#views?.set(this.#view);
    const W = m.views[this.#view].weights;
    /** @param {number} i @param {number} j */
    const show = (i, j) => {
      this.#readout.textContent = this.t(
        'readout',
        labels[i],
        labels[j],
        j > i ? this.t('future') : pct(at(W, i, j)),
      );
    };
    this.#heatBox.replaceChildren(
      heatmapTable({
        weights: W.data,
        rows: labels,
        cols: labels,
        causal: true,
        digits: 1,
        onFocus: show,
        caption: this.t('heatCaption', names[this.#view]),
        lang: this.lang,
        scale: this.scale,
      }),
    );
    const legend = heatmapLegend(this.scale);
    this.#legend.replaceWith(legend);
    this.#legend = legend;
    show(qi, 0);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseCheckRows(rt, this.worldId);
  }
}
