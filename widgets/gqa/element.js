// <attn-gqa> — lesson 9, MHA → GQA → MQA on the anchor's 24 query heads.
// Pick how many KV heads G the 24 query heads of Qwen3.8-27B share (a divisor of 24: 24 is MHA,
// 1 is MQA, the anchor itself uses 4). The diagram groups the query heads by the KV head they
// read (group = KV head: 组数 = KV 头数), coloured and labelled; the engine's ledger gives the
// cache per token and at 262,144 tokens for that G. Below: the GQA paper's reported T5-XXL
// numbers (quoted, not computed), and GQA = MHA with copied K/V checked on the zh-gift world.
// Attributes: lang (zh-CN | en); kv-heads (initial G, default the anchor's 4).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { CourseModel } from '../../web/course-data.js' */
/** @import { Tensor } from '../../web/attn-engine.js' */
import { AttnWidget } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { bar } from '../../web/views/bar.js';
import { bytes, exactBytes, grouped, h, redraw } from '../../web/dom.js';
import { tokenLabels } from '../../web/world.js';
import { modelById } from '../../web/models.js';
import { kvHeadsKind } from '../../web/kv-heads.js';
import {
  ANCHOR_ID,
  CONTEXT,
  GQA_PAPER,
  kvHeadChoices,
  kindLabel,
  ledgerFor,
  linearStateBytes,
  sharedKvExperiment,
  courseNumbers,
  attentionOf,
} from './logic.js';
import { STRINGS, CHECK_NAMES_ZH } from './strings.js';
import { groupBoxes } from './views/groups.js';
import { outputTable } from './views/output-table.js';

/**
 * 3.0e-7, or 0 when the difference is exactly 0.
 * @param {number} x
 */
const tiny = (x) => (x === 0 ? '0' : x.toExponential(1));

const CSS = `
h3 { font-size: 0.98rem; margin: 12px 0 4px; }
fieldset { border: 0; padding: 0; margin: 6px 0; min-width: 0; }
legend { padding: 0; font-weight: 600; margin-bottom: 4px; }
.choices { display: flex; flex-wrap: wrap; gap: 6px; }
.choices label { border: 1px solid var(--_control-border); border-radius: 6px; padding: 2px 8px 2px 4px; min-height: 36px; cursor: pointer; background: var(--_surface); }
.choices label.on { background: var(--_accent); color: var(--_on-accent); border-color: var(--_accent); }
.choices input { min-height: 0; margin: 0 2px 0 0; accent-color: var(--_focus); }
.choices input:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.choices .kind { font-size: 0.8em; opacity: 0.9; }
.groups { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.group { border: 2px solid var(--c); border-radius: 6px; padding: 3px; display: grid; gap: 3px; justify-items: start; background: var(--_bg); }
.group .qs { display: flex; flex-wrap: wrap; gap: 3px; }
.head { min-width: 2.4em; height: 1.9em; padding: 0 3px; border-radius: 4px; display: inline-grid; place-items: center;
  font-size: 0.78em; font-variant-numeric: tabular-nums; background: var(--c); color: var(--t); }
.group.hatch .head { background-image: repeating-linear-gradient(135deg, rgba(255,255,255,0.5) 0 3px, transparent 3px 7px); }
.kvhead { font-weight: 700; border: 2px solid var(--_fg); background: var(--_bg); color: var(--_fg); min-width: 3.2em; }
.group.hatch .kvhead { background-image: none; }
.summary { font-weight: 600; }
.big { font-weight: 700; font-size: 1.1em; font-variant-numeric: tabular-nums; }
.cards { display: grid; gap: 8px; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); }
.card { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 6px 8px; }
.rel { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 6px; align-items: center; font-size: 0.85em; }
table.all td { white-space: nowrap; }
table.all tr.current td, table.all tr.current th { background: var(--_accent-soft); font-weight: 700; }
table.all tr.own th::after { content: " ★"; }
table.paper tr.current td, table.paper tr.current th { background: var(--_accent-soft); }
.reported { display: inline-block; font-size: 0.78em; font-weight: 600; padding: 0 6px; border-radius: 9px; background: var(--_warn-bg); color: var(--_warn-fg); }
.mats { display: flex; flex-wrap: wrap; gap: 10px; }
.mats table { font-size: 0.85em; }
.mats caption { text-align: left; font-weight: 600; font-size: 0.9em; caption-side: top; }
.ok { color: var(--_ok); font-weight: 600; }
@media (max-width: 420px) { .head { min-width: 2.1em; font-size: 0.72em; } }
`;

/**
 * @tag attn-gqa
 * @summary Lesson 9: MHA → GQA → MQA.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {number} kv-heads - KV heads (one of the choices; default: the anchor model's)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, kvHeads (G chosen)}
 * @csspart title - the heading
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class Gqa extends AttnWidget {
  static css = CSS;

  static strings = STRINGS;
  static checkNamesZh = CHECK_NAMES_ZH;
  /** the anchor's query heads H */
  #H = 1;
  /** the anchor's own KV heads */
  #own = 1;
  /** @type {number[]} the legal G: divisors of H */
  #choices = [];
  /** @type {number | undefined} the KV heads G chosen (undefined: read the attribute) */
  #g;
  /** @type {HTMLLabelElement[]} */
  #radios = [];
  #summary = h('p', {});
  #groups = h('div', {});
  #perToken = h('div', {});
  #perCtx = h('div', {});
  #allTable = h('table', {});
  #paperTable = h('table', {});
  #eqBox = h('div', {});
  #stateNote = h('p', {});

  static get observedAttributes() {
    return ['lang', 'kv-heads'];
  }

  /**
   * @param {string} name
   * @param {string | null} old
   * @param {string | null} value
   */
  attributeChangedCallback(name, old, value) {
    if (name === 'kv-heads') this.#g = undefined; // re-read from the attribute in build()
    super.attributeChangedCallback(name, old, value);
  }

  updateDetail() {
    return { ...super.updateDetail(), kvHeads: this.#g };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const a = attentionOf(modelById(rt.models, ANCHOR_ID));
    this.#H = a.nHeads;
    this.#own = a.nKvHeads ?? a.nHeads;
    this.#choices = kvHeadChoices(this.#H);
    const attr = Number(this.getAttribute('kv-heads'));
    this.#g ??= this.#choices.includes(attr) ? attr : this.#own;
    this.#radios = this.#choices.map((g) => {
      const input = h('input', {
        type: 'radio',
        name: 'kv-heads',
        value: g,
        checked: g === this.#g,
        onchange: () => {
          if (input.checked) {
            this.#g = g;
            this.update();
          }
        },
      });
      const kind = kindLabel(this.#H, g);
      return h('label', { 'data-g': g }, [
        input,
        String(g),
        ' ',
        h('span', { class: 'kind' }, `${kind}${g === this.#own ? ` · ${this.t('own')} ★` : ''}`),
      ]);
    });
    this.#summary = h('p', { class: 'summary', 'aria-live': 'polite' });
    this.#groups = h('div', { class: 'groups', role: 'img' });
    this.#perToken = h('div', { class: 'card per-token' });
    this.#perCtx = h('div', { class: 'card per-context' });
    this.#allTable = h('table', { class: 'all' });
    this.#paperTable = h('table', { class: 'paper' });
    this.#eqBox = h('div', { class: 'eq' });
    this.#stateNote = h('p', { class: 'muted' });
    this.body.append(
      h('h2', {}, this.t('title', this.#H)),
      h('p', { class: 'muted' }, this.t('help', this.#H)),
      h('fieldset', {}, [
        h('legend', {}, this.t('legend', this.#H)),
        h('div', { class: 'choices' }, this.#radios),
      ]),
      this.#summary,
      this.#groups,
      h('div', { class: 'cards' }, [this.#perToken, this.#perCtx]),
      this.#stateNote,
      h('h3', {}, this.t('allTitle')),
      scrollRegion(this.#allTable, { label: this.t('allTitle'), lang: this.lang }),
      h('h3', {}, [
        this.t('paperTitle'),
        ' ',
        h('span', { class: 'reported' }, this.t('reported')),
      ]),
      scrollRegion(this.#paperTable, { label: this.t('paperTitle'), lang: this.lang }),
      h('p', { class: 'muted' }, this.t('paperNote')),
      h('h3', {}, this.t('eqTitle')),
      this.#eqBox,
    );
  }

  /** @param {Runtime} rt */
  render(rt) {
    const anchor = modelById(rt.models, ANCHOR_ID);
    const H = this.#H,
      g = this.#g ?? this.#own;
    const per = H / g; // query heads per group: the layout of the diagram
    for (const l of this.#radios) {
      const on = Number(l.dataset.g) === g;
      const input = l.querySelector('input');
      if (input) input.checked = on;
      l.classList.toggle('on', on);
    }
    this.#summary.textContent = this.t('groupSummary', H, g, per);
    this.#groups.setAttribute('aria-label', this.t('diagramLabel', H, g));
    redraw(
      this.#groups,
      groupBoxes(H, g, per, (key, ...args) => this.t(key, ...args)),
    );

    const l = ledgerFor(rt.engine, anchor, g);
    const mha = ledgerFor(rt.engine, anchor, H);
    const ctxText = grouped(CONTEXT);
    redraw(this.#perToken, [
      h('div', {}, this.t('perToken')),
      h('div', { class: 'big', 'data-value': 'per-token' }, bytes(l.bytesPerToken)),
      h('div', { class: 'formula' }, this.t('formulaHead')),
      h('div', { class: 'formula' }, l.formula),
      h('div', { class: 'rel' }, [
        bar({
          tag: 'span',
          share: l.bytesPerToken / mha.bytesPerToken,
          attrs: { 'aria-hidden': 'true' },
        }).el,
        h('span', {}, this.t('relMha', `${bytes(l.bytesPerToken)} / ${bytes(mha.bytesPerToken)}`)),
      ]),
    ]);
    redraw(this.#perCtx, [
      h('div', {}, this.t('perContext', ctxText)),
      h('div', { class: 'big', 'data-value': 'per-context' }, bytes(l.bytesForContext)),
      h(
        'div',
        { class: 'formula' },
        this.t(
          'ctxFormula',
          exactBytes(l.bytesPerToken),
          ctxText,
          `${exactBytes(l.bytesForContext)} = ${bytes(l.bytesForContext)}`,
        ),
      ),
    ]);
    this.#stateNote.textContent = this.t(
      'stateNote',
      bytes(linearStateBytes(rt.engine, anchor)),
      anchor.layers,
      anchor.linearAttention?.layers ?? 0,
      anchor.fullAttentionLayers ?? anchor.layers,
    );
    this.drawAll(rt, anchor, g);
    this.drawPaper(g);
    this.drawEquivalence(rt);
  }

  /**
   * Every legal G of the anchor and its cache, the chosen one marked.
   * @param {Runtime} rt
   * @param {CourseModel} anchor
   * @param {number} chosen
   */
  drawAll(rt, anchor, chosen) {
    const ctxText = grouped(CONTEXT);
    const rows = this.#choices.map((g) => {
      const l = ledgerFor(rt.engine, anchor, g);
      const cls = [g === chosen ? 'current' : '', g === this.#own ? 'own' : '']
        .filter(Boolean)
        .join(' ');
      return h('tr', { class: cls || null, 'data-g': g }, [
        h('th', { scope: 'row' }, String(g)),
        h('td', {}, kindLabel(this.#H, g)),
        h('td', {}, bytes(l.bytesPerToken)),
        h('td', {}, bytes(l.bytesForContext)),
      ]);
    });
    redraw(this.#allTable, [
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          [this.t('colG'), this.t('colKind'), this.t('colPerToken'), this.t('colCtx', ctxText)].map(
            (c) => h('th', { scope: 'col' }, c),
          ),
        ),
      ),
      h('tbody', {}, rows),
    ]);
  }

  /**
   * The paper's reported numbers, the row of the chosen G marked.
   * @param {number} g
   */
  drawPaper(g) {
    const kind = kvHeadsKind(this.#H, g);
    /** @param {{ id: string }} r */
    const current = (r) =>
      (r.id === 'mha' && kind === 'mha') ||
      (r.id === 'mqa' && kind === 'mqa') ||
      (r.id === 'gqa-8' && g === 8);
    redraw(this.#paperTable, [
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          [this.t('colAttn'), this.t('colAvg'), this.t('colTime')].map((c) =>
            h('th', { scope: 'col' }, c),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        GQA_PAPER.map((r) =>
          h('tr', { class: current(r) ? 'current' : null, 'data-row': r.id }, [
            h('th', { scope: 'row' }, `T5-XXL ${r.label}`),
            h('td', {}, r.average),
            h('td', {}, r.time),
          ]),
        ),
      ),
    ]);
  }

  /** @param {Runtime} rt */
  drawEquivalence(rt) {
    const e = sharedKvExperiment(rt);
    const labels = tokenLabels(e.world, this.lang);
    /** @param {string} caption @param {Tensor} output @param {string} cls */
    const mat = (caption, output, cls) =>
      outputTable({
        caption,
        output,
        cls,
        labels,
        nHeads: e.nHeads,
        corner: this.t('tok'),
        column: (j, perHead) => this.t('outCol', j, perHead),
      });
    this.#eqBox.replaceChildren(
      h(
        'p',
        { class: 'muted' },
        this.t('eqHelp', e.world.title[this.isEnglish ? 'en' : 'zh-CN'], e.nHeads, e.d),
      ),
      scrollRegion(
        [
          mat(this.t('outGqa'), e.gqa, 'out-gqa'),
          mat(this.t('outMha', e.nHeads), e.mha, 'out-mha'),
        ],
        { label: this.t('eqTitle'), lang: this.lang, class: 'mats' },
      ),
      h('p', { class: 'ok eq-diff' }, this.t('diff', tiny(e.maxAbsDiff))),
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt);
  }
}
