// <attn-heatmap> — a general heatmap of one weights matrix: row and column labels, a read-out
// of the hovered or focused cell, the causal triangle greyed, and under it the fan-out arcs of
// the query row the student selects (web/views/fan-out-arcs.js).
// Two ways to feed it:
//   data inline:  <attn-heatmap causal><script type="application/json">
//                   {"labels": ["小","猫"], "weights": [[1, 0], [0.2, 0.8]]}</script></attn-heatmap>
//                 (e.g. the 小猫跑得真快 pattern; rows need not sum exactly to 1 — a display of
//                 published rounded numbers — and the widget says how far each is off)
//   from a world: <attn-heatmap world="zh-gift" causal heads="1" head="0"> — the engine
//                 computes the weights of that teaching world.
//   a switch:     <attn-heatmap worlds="en-animal-tired en-animal-wide" query="it"> — radio
//                 buttons flip between worlds of the same length (one word, two contexts), the
//                 fan-out arcs staying on the query row.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { InlineData } from './logic.js' */
/**
 * The weights drawn: its labels, T × T weights row-major, whether the engine computed them, and
 * the page's note on inline data in each language.
 * @typedef {{ rows: string[], cols: string[], weights: ArrayLike<number>, computed: boolean,
 *   note?: Record<string, string> }} Shown
 */
import { formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { h, pct } from '../../web/dom.js';
import { heatmapTable, heatmapLegend, HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { glossLine } from '../../web/views/table-labels.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { worldTensors, tokenLabels } from '../../web/world.js';
import { FanOutArcs, FAN_OUT_CSS } from '../../web/views/fan-out-arcs.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { readInlineData, headWeights, heatmapChecks } from './logic.js';

/**
 * @tag attn-heatmap
 * @summary Any attention-weights matrix, from a world or inline JSON data.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {boolean} causal - apply the causal mask
 * @attr {number} [heads=1] - number of heads
 * @attr {number} [head=0] - which head to show
 * @attr {string} title-text - heading (default: the widget's own)
 * @attr {string} worlds - teaching world ids to switch between (space-separated; the first shown)
 * @attr {string} query - token whose row the fan-out arcs show first (default: the last)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes: {world, causal, heads, head, title-text}, source: 'engine' | 'inline'}
 * @csspart title - the heading
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class Heatmap extends AttnWidget {
  static css =
    HEATMAP_CSS +
    FAN_OUT_CSS +
    `fieldset.worlds { border: 0; padding: 0; margin: 0 0 8px; display: flex; flex-wrap: wrap; gap: 4px 12px; }
fieldset.worlds legend { padding: 0; margin-bottom: 4px; font-weight: 600; }
fieldset.worlds label { display: inline-flex; align-items: center; gap: 4px; min-height: 32px; }`;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** @type {HTMLParagraphElement} the read-out of the hovered or focused cell */
  #readout = h('p', {});
  /** @type {HTMLDivElement} the scroll region's box the table goes in */
  #tableBox = h('div', {});
  /** @type {HTMLDivElement} */
  #gloss = h('div', {});
  /** @type {HTMLParagraphElement} */
  #note = h('p', {});
  /** @type {FanOutArcs | null} */
  #arcs = null;
  /** @type {string | null} the world the switch has chosen (attribute `worlds`) */
  #chosen = null;

  static get observedAttributes() {
    return ['lang', 'world', 'worlds', 'causal', 'heads', 'head', 'title-text', 'query'];
  }

  /** The ids of the `worlds` switch, or [] when there is none. */
  get #switchIds() {
    return (this.getAttribute('worlds') ?? '').split(/\s+/).filter(Boolean);
  }

  /** The heading: the page's, else the switch's question, else the widget's own. */
  get #title() {
    return (
      this.getAttribute('title-text') ||
      this.t(this.#switchIds.length > 1 ? 'switchTitle' : 'title')
    );
  }

  /** The world drawn: the switch's choice, else the first of `worlds`, else `world`. */
  get worldId() {
    const ids = this.#switchIds;
    if (this.#chosen && ids.includes(this.#chosen)) return this.#chosen;
    return ids[0] ?? this.world;
  }

  updateDetail() {
    const inline = this.querySelector('script[type="application/json"]');
    return { ...super.updateDetail(), source: inline ? 'inline' : 'engine', world: this.worldId };
  }

  /**
   * The page's own data (a JSON script inside the element), checked, or null when it has none.
   * @returns {InlineData | null}
   */
  inlineData() {
    const el = this.querySelector('script[type="application/json"]');
    if (!el) return null;
    const read = readInlineData(el.textContent ?? '');
    if ('problem' in read) throw new Error(this.t('badData', read.problem), { cause: read.cause });
    return read.data;
  }

  /**
   * {rows, cols, weights (row-major array), computed} for the current attributes.
   * @param {Runtime} rt
   * @returns {Shown}
   */
  matrix(rt) {
    const inline = this.inlineData();
    if (inline) {
      const labels = this.isEnglish ? inline.labelsEn : inline.labels;
      return {
        rows: labels,
        cols: labels,
        weights: inline.weights.flat(),
        computed: false,
        note: inline.note,
      };
    }
    const w = worldTensors(rt, this.worldId);
    const heads = Number(this.getAttribute('heads') || 1);
    const head = Number(this.getAttribute('head') || 0);
    const weights = headWeights(rt.engine, w, { heads, head, causal: this.hasAttribute('causal') });
    // After the engine has vetted `heads`: a head outside it would draw an empty row as NaN%.
    if (!weights) throw new Error(this.t('badHead', this.getAttribute('head'), heads));
    const labels = tokenLabels(w, this.lang);
    return {
      rows: labels,
      cols: labels,
      weights,
      computed: true,
    };
  }

  /** @param {Runtime} rt */
  build(rt) {
    this.#readout = h('p', { class: 'hm-readout formula', 'aria-live': 'polite' });
    const title = this.#title;
    const region = scrollRegion([], { label: title, lang: this.lang });
    this.#tableBox = region.box;
    this.#gloss = h('div', {});
    this.#note = h('p', { class: 'muted' });
    // The fan-out arcs of the query row the student selects in the table (focus or click; not
    // hover, so that moving the mouse down to the arcs does not change them on the way).
    const arcs = new FanOutArcs({ t: (key, ...args) => this.t(key, ...args) });
    this.#arcs = arcs;
    this.#tableBox.addEventListener('focusin', (e) => {
      const cell = /** @type {HTMLElement} */ (e.target).closest?.('td.hm-cell');
      if (cell instanceof HTMLElement) arcs.select(Number(cell.dataset.i));
    });
    this.body.append(
      h('h2', {}, title),
      h('p', { class: 'muted' }, this.t('help')),
      ...this.#worldSwitch(rt),
      region,
      this.#gloss,
      heatmapLegend(this.scale),
      this.#readout,
      arcs.el,
      h('p', { class: 'formula' }, formula(this.t('formula'))),
      this.#note,
    );
  }

  /**
   * The radio buttons of the `worlds` switch (none without the attribute), labelled with each
   * world's title; a change redraws with the fan-out arcs kept on their row.
   * @param {Runtime} rt
   */
  #worldSwitch(rt) {
    const ids = this.#switchIds;
    if (ids.length < 2) return [];
    const name = `w-${Math.random().toString(36).slice(2, 8)}`;
    const lang = this.isEnglish ? 'en' : 'zh-CN';
    const radios = ids.map((id) => {
      const input = h('input', {
        type: 'radio',
        name,
        value: id,
        checked: id === this.worldId,
        onchange: () => {
          this.#chosen = id;
          this.update();
        },
      });
      return h('label', { class: 'choice' }, [input, ` ${worldTensors(rt, id).title[lang]}`]);
    });
    return [
      h('fieldset', { class: 'worlds', 'data-role': 'worlds' }, [
        h('legend', {}, this.t('worldsLegend')),
        ...radios,
      ]),
    ];
  }

  /** @param {Runtime} rt */
  render(rt) {
    const m = this.matrix(rt);
    const causal = this.hasAttribute('causal');
    const n = m.rows.length;
    /** @param {number} i @param {number} j */
    const show = (i, j) => {
      let sum = 0;
      for (let k = 0; k < n; k++) sum += m.weights[i * n + k];
      const hidden = causal && j > i;
      this.#readout.textContent = this.t(
        'readout',
        m.rows[i],
        m.cols[j],
        hidden ? this.t('hidden') : pct(m.weights[i * n + j], 1),
        this.t('rowSum', m.rows[i], pct(sum, 1)),
      );
    };
    this.#tableBox.replaceChildren(
      heatmapTable({
        weights: m.weights,
        rows: m.rows,
        cols: m.cols,
        causal,
        onFocus: show,
        caption: this.#title,
        corner: this.t('corner'),
        scale: this.scale,
      }),
    );
    this.#gloss.replaceChildren(...glossLine(m.rows));
    const arcs = this.#arcs;
    const first = m.rows.indexOf(this.getAttribute('query') ?? '');
    arcs?.show({
      weights: m.weights,
      labels: m.rows,
      causal,
      query: arcs.data && arcs.query < n ? arcs.query : first >= 0 ? first : n - 1,
    });
    this.#note.textContent = [
      causal ? '' : this.t('unmasked'),
      ...(m.computed ? [] : [this.t('inlineNote'), m.note?.[this.isEnglish ? 'en' : 'zh-CN']]),
    ]
      .filter(Boolean)
      .join(' ');
    show(n - 1, 0);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const m = this.matrix(rt);
    if (!m.computed) return [];
    return heatmapChecks(m.weights, m.rows.length, this.hasAttribute('causal'));
  }
}
