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
/** @import { AttnEngine } from '../../web/attn-engine.js' */
import { line, row, sub as msub, sum, paren, mn, formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { h, num, pct } from '../../web/dom.js';
import { CATEGORY } from '../../web/color.js';
import { worldTensors, tokenLabels, shortLabel } from '../../web/world.js';
import { labelHeader, glossLine } from '../../web/views/table-labels.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { NAMES, sub, mixRow, nameSplit, vec, dimFormula, courseChecks } from './logic.js';

/** One colour per key token (Okabe–Ito), the text beside it says which token it is. */
const TOKEN_COLOURS = [CATEGORY.a, CATEGORY.b, CATEGORY.c, CATEGORY.d, CATEGORY.neutral];
const colourOf = (j) => TOKEN_COLOURS[j % TOKEN_COLOURS.length];

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

/** Σ_j w_j x_j = [vector]: the row's weights on the rows of K (x = k) or V (x = v). */
const mixedMath = (x, v) => row(sum('j'), msub('w', 'j'), msub(x, 'j'), '=', mn(v));
/** L_name = wa × L_a + wb × L_b: the slider's blend of two names' rows. */
const blendMath = (L, name, a, b, wa, wb) =>
  row(msub(L, name), '=', wa, '×', msub(L, a), '+', wb, '×', msub(L, b));
/** cos(L_a, L_b) = c */
const pairCosMath = (L, a, b, c) => row('cos', paren(msub(L, a), ',', msub(L, b)), '=', c);

/**
 * @tag attn-value-mix
 * @summary Lesson 5: what V returns — the output as a weighted mix of value rows.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {number} query - query token index (default: the token 给了)
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
  static strings = {
    'zh-CN': {
      title: '取回来的是什么：V 的加权和',
      help: '选一个查询 token：它先用 q·k 打分、softmax 得到权重 w_j（决定听谁的），再把每个 token 的 V 按权重加起来（决定听到什么）。',
      query: '查询 token',
      causal: '因果掩码',
      causalOn: '开（只看前缀）',
      causalOff: '关（看整句）',
      mixTitle: (q) => `「${q}」取回的输出 out = Σ_j w_j v_j`,
      key: '键 j',
      weight: '权重 w_j',
      vecs: 'v_j 与贡献 w_j·v_j',
      masked: '被掩码（w = 0）',
      sumRow: 'out = Σ',
      dimsHelp:
        '每一条是输出的一维：彩色段是各个 token 的贡献 w_j·v_j（正的向右、负的向左），黑色竖条是引擎算出的输出，正好落在各段相加的位置；虚线是 0。',
      totalKey: '输出（引擎）',
      dimLabel: (d, parts, o) => `第 ${d} 维：${parts}；合计 ${o}`,
      kTitle: '如果取回的是 K 呢？',
      kHelp: (a, b) =>
        `同样的权重，乘 K 而不是 V。「${a}」和「${b}」的 K 几乎同向：注意力从一个人移到另一个人，取回的 K 几乎不变——取回 K 会丢掉「是谁」；V 却变了很多。拖动滑块看看。`,
      rowK: (q, v) => line(`「${q}」这一行，同样的权重乘 K：`, mixedMath('k', v)),
      rowV: (q, v) => line('乘 V（上面的输出）：', mixedMath('v', v)),
      split: (a, b) => `注意力在「${a}」和「${b}」之间怎么分`,
      splitValue: (a, pa, b, pb) => `${a} ${pa} · ${b} ${pb}`,
      kCard: '取回 K',
      vCard: '取回 V',
      mixName: '取回',
      mixFormula: (L, a, b, wa, wb) => blendMath(L, '取回', a, b, wa, wb),
      cosToA: (L, a, c) => `cos(${L}_取回, ${L}_${a}) = ${c}`,
      cosAB: (L, a, b, c) => line('两人本身：', pairCosMath(L, a, b, c)),
      meter: '和「全给第一个人」时相比的变化（1 − cos）',
      takeaway: 'QK 决定听谁的，V 决定听到什么。',
      note: '这里的 4 维向量是手工构造的教学数据，不是模型学到的；每一维也没有名字。',
    },
    en: {
      title: 'What is taken back: the weighted sum of V',
      help: "Pick a query token: it scores every key with q·k, softmax turns the scores into weights w_j (whom to listen to), then it adds up every token's V with those weights (what it hears).",
      query: 'Query token',
      causal: 'Causal mask',
      causalOn: 'on (prefix only)',
      causalOff: 'off (whole sentence)',
      mixTitle: (q) => `What ${q} takes back: out = Σ_j w_j v_j`,
      key: 'key j',
      weight: 'weight w_j',
      vecs: 'v_j and its share w_j·v_j',
      masked: 'masked (w = 0)',
      sumRow: 'out = Σ',
      dimsHelp:
        "Each bar is one dimension of the output: the coloured segments are the tokens' contributions w_j·v_j (positive to the right, negative to the left); the black tick is the engine's output, exactly where the segments add up to; the dotted line is 0.",
      totalKey: 'output (engine)',
      dimLabel: (d, parts, o) => `dimension ${d}: ${parts}; total ${o}`,
      kTitle: 'What if it took back K instead?',
      kHelp: (a, b) =>
        `The same weights, applied to K instead of V. The keys of ${a} and ${b} point almost the same way: move the attention from one name to the other and the retrieved K hardly changes — taking back K loses "who"; the retrieved V changes a lot. Drag the slider.`,
      rowK: (q, v) => line(`Row ${q}, the same weights on K: `, mixedMath('k', v)),
      rowV: (q, v) => line('On V (the output above): ', mixedMath('v', v)),
      split: (a, b) => `How the attention is split between ${a} and ${b}`,
      splitValue: (a, pa, b, pb) => `${a} ${pa} · ${b} ${pb}`,
      kCard: 'Take back K',
      vCard: 'Take back V',
      mixName: 'retrieved',
      mixFormula: (L, a, b, wa, wb) => blendMath(L, 'retrieved', a, b, wa, wb),
      cosToA: (L, a, c) => `cos(${L}_retrieved, ${L}_${a}) = ${c}`,
      cosAB: (L, a, b, c) => line('The two names themselves: ', pairCosMath(L, a, b, c)),
      meter: 'Change from "all on the first name" (1 − cos)',
      takeaway: 'QK decides whom to listen to; V decides what is heard.',
      note: 'These 4-dimensional vectors are hand-made teaching data, not learned by a model; no dimension has a name.',
    },
  };

  static get observedAttributes() {
    return ['lang', 'world', 'query'];
  }

  get worldId() {
    return this.getAttribute('world') || 'zh-gift';
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'query' || name === 'world') this.query = undefined;
    super.attributeChangedCallback(name, old, value);
  }

  attrQuery(w) {
    const n = w.tokens.length;
    const a = Number.parseInt(this.getAttribute('query') ?? '', 10);
    if (Number.isFinite(a)) return Math.max(0, Math.min(n - 1, a));
    const i = w.tokens.indexOf('给了');
    return i >= 0 ? i : n - 1;
  }

  updateDetail() {
    return { ...super.updateDetail(), query: this.query, causal: this.causal };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    this.query ??= this.attrQuery(w);
    this.causal ??= true;
    this.share ??= 0;
    const uid = Math.random().toString(36).slice(2, 8);
    this.radios = labels.map((l, i) =>
      h('input', {
        type: 'radio',
        name: `q-${uid}`,
        value: String(i),
        'data-role': 'query',
        'data-i': i,
        onchange: () => {
          this.query = i;
          this.update();
        },
      }),
    );
    this.radioLabels = this.radios.map((r, i) => h('label', {}, [r, labels[i]]));
    this.causalButton = h('button', {
      type: 'button',
      'data-role': 'causal',
      'aria-pressed': String(this.causal),
      onclick: () => {
        this.causal = !this.causal;
        this.update();
      },
    });
    this.mixTitle = h('h3', {});
    this.table = h('table', { class: 'mix' });
    this.legend = h('div', { class: 'legend', 'aria-hidden': 'true' });
    this.dims = h('ol', { class: 'dims' });

    this.kSection = this.nameSplitSection(rt, w, labels, uid);

    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('fieldset', { class: 'picker' }, [
        h('legend', {}, this.t('query')),
        h('div', { class: 'opts' }, this.radioLabels),
      ]),
      h('div', { class: 'row' }, [h('span', {}, `${this.t('causal')}:`), this.causalButton]),
      h('section', {}, [
        this.mixTitle,
        scrollRegion(this.table, { label: this.t('vecs'), lang: this.lang }),
        ...glossLine(labels),
        h('p', { class: 'muted' }, this.t('dimsHelp')),
        this.legend,
        this.dims,
      ]),
      this.kSection,
      h('p', { class: 'muted' }, this.t('note')),
    );
  }

  /**
   * The same weights on K, and (when the world has the two names) the name-split slider with its
   * K and V cards.
   * @param {Runtime} rt
   */
  nameSplitSection(rt, w, labels, uid) {
    const section = h('section', {});
    this.rowKV = h('div', {});
    const split = nameSplit(rt.engine, w, 0);
    if (split) {
      const la = labels[split.a],
        lb = labels[split.b];
      const sId = `share-${uid}`;
      this.slider = h('input', {
        type: 'range',
        id: sId,
        min: 0,
        max: 100,
        step: 5,
        'data-role': 'share',
        oninput: () => {
          this.share = Number(this.slider.value) / 100;
          this.update();
        },
      });
      this.sliderOut = h('output', { for: sId });
      this.kCard = h('div', { class: 'card', 'data-role': 'k-card' });
      this.vCard = h('div', { class: 'card', 'data-role': 'v-card' });
      section.append(
        h('h3', {}, this.t('kTitle')),
        h('p', { class: 'muted' }, this.t('kHelp', la, lb)),
        this.rowKV,
        h('div', { class: 'row' }, [
          h('label', { for: sId }, this.t('split', la, lb)),
          this.slider,
          this.sliderOut,
        ]),
        h('div', { class: 'kv' }, [this.kCard, this.vCard]),
        h('p', { class: 'note' }, this.t('takeaway')),
      );
    } else {
      section.append(h('h3', {}, this.t('kTitle')), this.rowKV);
    }
    return section;
  }

  /** @param {Runtime} rt */
  render(rt) {
    const e = rt.engine;
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    this.radios.forEach((r, i) => {
      r.checked = i === this.query;
      this.radioLabels[i].classList.toggle('on', i === this.query);
    });
    this.causalButton.setAttribute('aria-pressed', String(this.causal));
    this.causalButton.textContent = this.t(this.causal ? 'causalOn' : 'causalOff');

    const m = mixRow(e, w, this.query, this.causal);
    const lq = labels[this.query];
    this.mixTitle.textContent = this.t('mixTitle', lq);
    this.drawMixTable(w, labels, m);
    this.drawDimensionBars(w, labels, m);
    // The same weights on K.
    this.rowKV.replaceChildren(
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
    );
    this.drawNameSplit(e, w, labels);
  }

  /** The table: w_j, v_j, w_j v_j, and the engine's output as the sum; the colour legend. */
  drawMixTable(w, labels, m) {
    const visible = new Set(m.keys);
    const ci = new Map(m.keys.map((j, c) => [j, c]));
    const swatch = (j) =>
      h('span', { class: 'swatch', 'aria-hidden': 'true', style: { background: colourOf(j) } });
    const rowHeader = (j, l) => {
      const th = labelHeader(l, 'row');
      th.prepend(swatch(j));
      return th;
    };
    const vCell = (j) =>
      h('td', { class: 'formula vc' }, [
        // the vectors stay text beside the formula: a narrow table cell wraps them
        h('span', {}, formula(line(row(msub('v', shortLabel(labels[j])), '='), ` ${vec(w.v[j])}`))),
        h(
          'span',
          { class: 'contrib', 'data-role': 'contrib' },
          formula(
            line(
              row(num(m.weights[j], 3), '×', msub('v', shortLabel(labels[j])), '='),
              ` ${vec(m.contributions[ci.get(j)], 3)}`,
            ),
          ),
        ),
      ]);
    this.table.replaceChildren(
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          [this.t('key'), this.t('weight'), this.t('vecs')].map((c) =>
            h('th', { scope: 'col' }, c),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        labels.map((l, j) =>
          h(
            'tr',
            { 'data-j': j },
            visible.has(j)
              ? [rowHeader(j, l), h('td', { 'data-role': 'weight' }, pct(m.weights[j])), vCell(j)]
              : [rowHeader(j, l), h('td', { class: 'masked', colspan: 2 }, this.t('masked'))],
          ),
        ),
      ),
      h(
        'tfoot',
        {},
        h('tr', {}, [
          h('th', { scope: 'row' }, this.t('sumRow')),
          h('td', {}, pct(m.keys.reduce((a, j) => a + m.weights[j], 0))),
          h(
            'td',
            { class: 'formula vc' },
            h('span', { class: 'contrib', 'data-role': 'output' }, vec(m.output, 3)),
          ),
        ]),
      ),
    );
    this.legend.replaceChildren(
      ...m.keys.map((j) => h('span', {}, [swatch(j), `${labels[j]} ${pct(m.weights[j])}`])),
      h('span', {}, [h('span', { class: 'key-total' }), this.t('totalKey')]),
      h('span', {}, [h('span', { class: 'key-zero' }), '0']),
    );
  }

  /** Stacked contributions, one bar per output dimension. */
  drawDimensionBars(w, labels, m) {
    const dv = m.output.length;
    let lo = 0,
      hi = 0;
    for (let d = 0; d < dv; d++) {
      let p = 0,
        q = 0;
      for (const c of m.contributions) {
        if (c[d] >= 0) p += c[d];
        else q += c[d];
      }
      hi = Math.max(hi, p, m.output[d]);
      lo = Math.min(lo, q, m.output[d]);
    }
    const span = hi - lo || 1;
    const zero = -lo / span;
    const at = (x) => `${((zero + x / span) * 100).toFixed(3)}%`;
    this.dims.replaceChildren(
      ...Array.from({ length: dv }, (_, d) => {
        let pos = 0,
          neg = 0;
        const segs = m.keys.map((j, c) => {
          const x = m.contributions[c][d];
          let from, to;
          if (x >= 0) {
            from = pos;
            to = pos + x;
            pos = to;
          } else {
            to = neg;
            from = neg + x;
            neg = from;
          }
          return h('div', {
            class: 'seg',
            'data-j': j,
            style: {
              left: at(from),
              width: `${(((to - from) / span) * 100).toFixed(3)}%`,
              background: colourOf(j),
            },
          });
        });
        const parts = m.keys
          .map((j, c) => `${labels[j]} ${num(m.contributions[c][d], 3)}`)
          .join(', ');
        return h('li', { 'data-d': d }, [
          h('span', {}, `out${sub(d + 1)}`),
          h(
            'div',
            {
              class: 'stack',
              role: 'img',
              'aria-label': this.t('dimLabel', d + 1, parts, num(m.output[d], 3)),
            },
            [
              ...segs,
              h('div', { class: 'zero', style: { left: at(0) } }),
              h('div', { class: 'total', style: { left: at(m.output[d]) } }),
            ],
          ),
          h('span', { class: 'val' }, num(m.output[d], 3)),
          h('p', { class: 'formula' }, formula(dimFormula(m, w.v, d))),
        ]);
      }),
    );
  }

  /**
   * The name-split slider: K and V of a token mixed from two names, and how far each moved.
   * @param {AttnEngine} e
   */
  drawNameSplit(e, w, labels) {
    const s = nameSplit(e, w, this.share);
    if (!s || !this.slider) return;
    const la = labels[s.a],
      lb = labels[s.b];
    if (Number(this.slider.value) !== Math.round(this.share * 100))
      this.slider.value = String(Math.round(this.share * 100));
    const pa = pct(1 - this.share, 0),
      pb = pct(this.share, 0);
    this.sliderOut.textContent = this.t('splitValue', la, pa, lb, pb);
    this.slider.setAttribute('aria-valuetext', this.t('splitValue', la, pa, lb, pb));
    this.drawSplitCard(this.kCard, 'K', s.k, this.t('kCard'), la, lb);
    this.drawSplitCard(this.vCard, 'V', s.v, this.t('vCard'), la, lb);
  }

  /** One card of the name split: the two rows and their mix as bars, and the cosines. */
  drawSplitCard(el, L, part, title, la, lb) {
    const scale = Math.max(...[part.a, part.b, part.mix].flat().map(Math.abs), 1e-9);
    const cells = (r) =>
      r.map((x) => {
        const len = (Math.abs(x) / scale) * 50;
        return h('td', {}, [
          h('div', { class: 'mini', 'aria-hidden': 'true' }, [
            h('div', {
              class: x < 0 ? 'bar-fill neg' : 'bar-fill',
              style: { left: `${x < 0 ? 50 - len : 50}%`, width: `${len}%` },
            }),
            h('div', { class: 'zero', style: { left: '50%' } }),
          ]),
          h('span', { class: 'cell-num' }, num(x, 2)),
        ]);
      });
    const change = Math.max(0, 1 - part.cosToA); // float rounding can put cos a hair above 1
    el.replaceChildren(
      h('h4', {}, title),
      h(
        'table',
        { class: 'strip' },
        h('tbody', {}, [
          h('tr', {}, [h('th', { scope: 'row' }, `${L}_${la}`), ...cells(part.a)]),
          h('tr', { class: 'mix' }, [
            h('th', { scope: 'row' }, `${L}_${this.t('mixName')}`),
            ...cells(part.mix),
          ]),
          h('tr', {}, [h('th', { scope: 'row' }, `${L}_${lb}`), ...cells(part.b)]),
        ]),
      ),
      h(
        'p',
        { class: 'formula' },
        formula(this.t('mixFormula', L, la, lb, num(1 - this.share, 2), num(this.share, 2))),
      ),
      h(
        'p',
        { class: 'big', 'data-role': `cos-${L}` },
        this.t('cosToA', L, la, num(part.cosToA, 3)),
      ),
      h('div', { class: 'meter' }, [
        h('span', { class: 'muted' }, this.t('meter')),
        h(
          'div',
          { class: 'bar-track', 'aria-hidden': 'true' },
          h('div', {
            class: 'bar-fill',
            style: { width: `${(Math.min(2, Math.max(0, change)) * 50).toFixed(2)}%` },
          }),
        ),
        h('span', { class: 'formula' }, num(change, 3)),
      ]),
      h('p', { class: 'formula' }, formula(this.t('cosAB', L, la, lb, num(part.cosAB, 3)))),
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const w = worldTensors(rt, this.worldId);
    if (NAMES.some((t) => !w.tokens.includes(t)) || !w.tokens.includes('给了')) return [];
    return courseChecks(rt.engine, w);
  }
}
