// <attn-value-mix world="zh-gift"> — lesson 5: once the query knows whom to attend to, what does it
// take back? Pick a query row (default 给了) and the causal mask on or off: the output is the
// weighted sum of the V rows, drawn as stacked contributions w_j v_j (one coloured segment per key
// token in every output dimension; their sum is the engine's output, marked on each bar), with
// out_d = Σ_j w_j v_jd written out. Then the same weights applied to K instead of V: the two names
// 小明 and 小王 have nearly parallel keys (cos 0.995), so moving the attention from one to the
// other (a slider) barely changes a retrieved K, while the retrieved V changes a lot.
// Every number is the engine's (engine.attention, engine.matmul, engine.cosine).
// Attributes: world (default zh-gift), query (token index, default 给了), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { World, NameSplit } from './logic.js' */
import { formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { h, pct, redraw } from '../../web/dom.js';
import { worldTensors, tokenLabels, hasRoles, roleIndex } from '../../web/world.js';
import { glossLine } from '../../web/views/table-labels.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { sliderRow } from '../../web/views/slider.js';
import { toggleButton } from '../../web/views/toggle-group.js';
import { ROLES, mixRow, nameSplit, vec, courseChecks } from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { mixTableParts, mixLegend } from './views/mix-table.js';
import { dimensionBars } from './views/dimension-bars.js';
import { splitCard } from './views/split-card.js';

const CSS = `
section { border-top: 1px solid var(--_border); margin-top: 10px; padding-top: 4px; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
table.mix th { white-space: nowrap; }
table.mix td.vc { text-align: left; }
table.mix td.vc span { display: block; }
@media (min-width: 421px) { table.mix td.vc span { white-space: nowrap; } }
@container (max-width: 520px) {
  table.mix { font-size: 13px; }
  table.mix th, table.mix td { padding: 3px; }
  table.mix thead th { white-space: normal; }
  table.mix td.vc span { overflow-wrap: normal; }
}
table.mix td.vc .contrib { font-weight: 700; color: var(--_fg); }
table.mix tfoot th, table.mix tfoot td { border-top: 2px solid var(--_control-border); font-weight: 700; }
table.mix td.masked { color: var(--_control-border); }
ol.dims { list-style: none; padding: 0; margin: 6px 0; }
ol.dims li { display: grid; grid-template-columns: minmax(3em, max-content) minmax(80px, 1fr) minmax(4em, max-content); gap: 2px 8px; align-items: center; padding: 4px 0; border-bottom: 1px solid var(--_rule); }
ol.dims .val { text-align: right; font-weight: 700; font-variant-numeric: tabular-nums; }
ol.dims .formula { grid-column: 1 / -1; margin: 0; }
.stack { position: relative; height: 22px; background: var(--_surface-f0f0f0); border-radius: 3px; min-width: 80px; }
.seg { position: absolute; top: 2px; bottom: 2px; border-right: 1px solid var(--_bg); }
.zero { position: absolute; top: -3px; bottom: -3px; width: 0; margin-left: -1px; border-left: 2px dotted var(--_control-border); }
.total { position: absolute; top: -6px; bottom: -6px; width: 5px; margin-left: -2.5px; background: var(--_fg); border: 1px solid var(--_bg); border-radius: 2px; }
.key-zero, .key-total { display: inline-block; width: 5px; height: 14px; vertical-align: -2px; margin-right: 4px; }
.key-zero { width: 0; border-left: 2px dotted var(--_control-border); }
.key-total { background: var(--_fg); border-radius: 2px; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 12px; margin: 4px 0; font-size: 0.9em; }
.kv { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 10px; margin-top: 6px; }
.card { border: 1px solid var(--_border); border-radius: 6px; padding: 8px 10px; min-width: 0; }
.card h4 { margin: 0 0 4px; font-size: 0.95rem; }
table.strip { width: 100%; table-layout: fixed; }
table.strip th { width: 4.5em; font-weight: 600; overflow-wrap: anywhere; }
table.strip td { padding: 3px 4px; }
table.strip tr.mix th, table.strip tr.mix td { background: var(--_warn-bg-fff8e6); }
.mini { position: relative; height: 10px; background: var(--_surface-eee); border-radius: 2px; }
.mini .bar-fill { border-radius: 2px; }
.mini .zero { top: -2px; bottom: -2px; margin-left: 0; border-left: 1px solid var(--_fg); }
.cell-num { display: block; font-size: 0.75em; text-align: center; font-variant-numeric: tabular-nums; }
.meter { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; margin-top: 6px; }
.meter .bar-track { max-width: 260px; }
.big { font-weight: 700; font-variant-numeric: tabular-nums; }
@media (max-width: 420px) { table.mix th, table.mix td { padding: 4px 3px; } ol.dims li { grid-template-columns: minmax(2.6em, max-content) minmax(60px, 1fr) minmax(3.6em, max-content); } }
`;

/**
 * @tag attn-value-mix
 * @summary Lesson 5: what V returns — the output as a weighted mix of value rows.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {number} query - query token index (default: the world's query, zh-gift: 给了)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, query (token index), causal}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class ValueMix extends AttnWidget {
  static css = CSS;
  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;

  /** @type {number | undefined} the query row (undefined: from the attribute at the next build) */
  #query;
  #causal = true;
  /** the slider's share of the attention on the second name, 0 … 1 */
  #share = 0;
  /** @type {HTMLInputElement[]} */
  #radios = [];
  /** @type {HTMLLabelElement[]} */
  #radioLabels = [];
  #causalButton = h('button');
  /** @type {ReturnType<typeof toggleButton> | null} */
  #causalToggle = null;
  #mixTitle = h('h3');
  #table = h('table');
  #legend = h('div');
  #dims = h('ol');
  #rowKV = h('div');
  /**
   * The name split's controls, when the world has the two names.
   * @type {{ slider: HTMLInputElement, out: HTMLOutputElement, kCard: HTMLDivElement,
   *   vCard: HTMLDivElement } | null}
   */
  #split = null;

  static get observedAttributes() {
    return ['lang', 'world', 'query'];
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
    if (name === 'query' || name === 'world') this.#query = undefined;
    super.attributeChangedCallback(name, old, value);
  }

  /**
   * The query the attribute asks for (clamped), or the world's query (zh-gift: 给了), or the
   * last token.
   * @param {World} w
   */
  #attrQuery(w) {
    const n = w.tokens.length;
    const a = Number.parseInt(this.getAttribute('query') ?? '', 10);
    if (Number.isFinite(a)) return Math.max(0, Math.min(n - 1, a));
    return hasRoles(w, ['query']) ? roleIndex(w, 'query') : n - 1;
  }

  updateDetail() {
    return { ...super.updateDetail(), query: this.#query, causal: this.#causal };
  }

  /** @param {Runtime} rt */
  build(rt) {
    /** @type {World} */
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    this.#query ??= this.#attrQuery(w);
    const uid = Math.random().toString(36).slice(2, 8);
    this.#radios = labels.map((l, i) =>
      h('input', {
        type: 'radio',
        name: `q-${uid}`,
        value: String(i),
        'data-role': 'query',
        'data-i': i,
        onchange: () => {
          this.#query = i;
          this.update();
        },
      }),
    );
    this.#radioLabels = this.#radios.map((r, i) => h('label', {}, [r, labels[i]]));
    this.#causalToggle = toggleButton({
      pressed: this.#causal,
      attrs: { 'data-role': 'causal' },
      onToggle: () => {
        this.#causal = !this.#causal;
        this.update();
      },
    });
    this.#causalButton = this.#causalToggle.button;
    this.#mixTitle = h('h3', {});
    this.#table = h('table', { class: 'mix' });
    this.#legend = h('div', { class: 'legend', 'aria-hidden': 'true' });
    this.#dims = h('ol', { class: 'dims' });

    const kSection = this.#nameSplitSection(rt, w, labels, uid);

    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('fieldset', { class: 'picker' }, [
        h('legend', {}, this.t('query')),
        h('div', { class: 'opts' }, this.#radioLabels),
      ]),
      h('div', { class: 'row' }, [h('span', {}, `${this.t('causal')}:`), this.#causalButton]),
      h('section', {}, [
        this.#mixTitle,
        scrollRegion(this.#table, { label: this.t('vecs'), lang: this.lang }),
        ...glossLine(labels),
        h('p', { class: 'muted' }, this.t('dimsHelp')),
        this.#legend,
        this.#dims,
      ]),
      kSection,
      h('p', { class: 'muted' }, this.t('note')),
    );
  }

  /**
   * The same weights on K, and (when the world has the two names) the name-split slider with its
   * K and V cards.
   * @param {Runtime} rt
   * @param {World} w
   * @param {string[]} labels
   * @param {string} uid
   */
  #nameSplitSection(rt, w, labels, uid) {
    const section = h('section', {});
    this.#rowKV = h('div', {});
    this.#split = null;
    const split = nameSplit(rt.engine, w, 0);
    if (!split) {
      section.append(h('h3', {}, this.t('kTitle')), this.#rowKV);
      return section;
    }
    const la = labels[split.a],
      lb = labels[split.b];
    const sId = `share-${uid}`;
    const row = sliderRow({
      id: sId,
      label: this.t('split', la, lb),
      min: 0,
      max: 100,
      step: 5,
      attrs: { 'data-role': 'share' },
      onInput: (v) => {
        this.#share = v / 100;
        this.update();
      },
    });
    const s = {
      slider: row.input,
      out: row.out,
      kCard: h('div', { class: 'card', 'data-role': 'k-card' }),
      vCard: h('div', { class: 'card', 'data-role': 'v-card' }),
    };
    this.#split = s;
    section.append(
      h('h3', {}, this.t('kTitle')),
      h('p', { class: 'muted' }, this.t('kHelp', la, lb)),
      this.#rowKV,
      row.el,
      h('div', { class: 'kv' }, [s.kCard, s.vCard]),
      h('p', { class: 'note' }, this.t('takeaway')),
    );
    return section;
  }

  /** @param {Runtime} rt */
  render(rt) {
    const e = rt.engine;
    /** @type {World} */
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    const query = this.#query ?? 0;
    this.#radios.forEach((r, i) => {
      r.checked = i === query;
      this.#radioLabels[i].classList.toggle('on', i === query);
    });
    this.#causalToggle?.set(this.#causal);
    this.#causalButton.textContent = this.t(this.#causal ? 'causalOn' : 'causalOff');

    const m = mixRow(e, w, query, this.#causal);
    const lq = labels[query];
    this.#mixTitle.textContent = this.t('mixTitle', lq);
    const t = this.t.bind(this);
    redraw(this.#table, mixTableParts(m, w.v, labels, t));
    redraw(this.#legend, mixLegend(m, labels, t));
    redraw(
      this.#dims,
      dimensionBars(m, w.v, labels, (...a) => this.t('dimLabel', ...a)),
    );
    // The same weights on K.
    redraw(this.#rowKV, [
      h(
        'p',
        { class: 'formula', 'data-role': 'row-k' },
        formula(this.t('rowK', lq, vec(m.retrievedK, 3))),
      ),
      h(
        'p',
        { class: 'formula', 'data-role': 'row-v' },
        formula(this.t('rowV', lq, vec(m.output, 3))),
      ),
    ]);
    const s = nameSplit(e, w, this.#share);
    if (s) this.#drawNameSplit(s, labels);
  }

  /**
   * The name-split slider: K and V of a token mixed from two names, and how far each moved.
   * @param {NameSplit} s
   * @param {string[]} labels
   */
  #drawNameSplit(s, labels) {
    const c = this.#split;
    if (!c) return;
    const la = labels[s.a],
      lb = labels[s.b];
    const share = this.#share;
    if (Number(c.slider.value) !== Math.round(share * 100))
      c.slider.value = String(Math.round(share * 100));
    const pa = pct(1 - share, 0),
      pb = pct(share, 0);
    c.out.textContent = this.t('splitValue', la, pa, lb, pb);
    c.slider.setAttribute('aria-valuetext', this.t('splitValue', la, pa, lb, pb));
    const t = this.t.bind(this);
    redraw(c.kCard, splitCard(s.k, { L: 'K', title: this.t('kCard'), la, lb, share, t }));
    redraw(c.vCard, splitCard(s.v, { L: 'V', title: this.t('vCard'), la, lb, share, t }));
  }

  /** @param {Runtime} rt */
  checks(rt) {
    /** @type {World} */
    const w = worldTensors(rt, this.worldId);
    if (!hasRoles(w, [...ROLES])) return [];
    return courseChecks(rt, this.worldId);
  }
}
