// <attn-heatmap> — a general heatmap of one weights matrix: row and column labels, a read-out
// of the hovered or focused cell, the causal triangle greyed, and under it the fan-out arcs of
// the query row the student selects (web/fan-out-arcs.js).
// Two ways to feed it:
//   data inline:  <attn-heatmap causal><script type="application/json">
//                   {"labels": ["小","猫"], "weights": [[1, 0], [0.2, 0.8]]}</script></attn-heatmap>
//                 (e.g. the 小猫跑得真快 pattern; rows need not sum exactly to 1 — a display of
//                 published rounded numbers — and the widget says how far each is off)
//   from a world: <attn-heatmap world="zh-gift" causal heads="1" head="0"> — the engine
//                 computes the weights of that teaching world.
/** @import { Runtime } from '../../web/runtime.js' */
import { line, formula } from '../../web/mathml.js';
import { weightMath } from '../../web/formulas.js';
import { AttnWidget, check } from '../../web/widget-base.js';
import { h, pct } from '../../web/dom.js';
import { heatmapTable, heatmapLegend, HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { glossLine } from '../../web/views/table-labels.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { worldTensors, tokenLabels } from '../../web/world.js';
import { FanOutArcs, FAN_OUT_STRINGS, FAN_OUT_CSS } from '../../web/views/fan-out-arcs.js';

/**
 * @tag attn-heatmap
 * @summary Any attention-weights matrix, from a world or inline JSON data.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {boolean} causal - apply the causal mask
 * @attr {number} [heads=1] - number of heads
 * @attr {number} [head=0] - which head to show
 * @attr {string} title-text - heading (default: the widget's own)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes: {world, causal, heads, head, title-text}, source: 'engine' | 'inline'}
 * @csspart title - the heading
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class Heatmap extends AttnWidget {
  static css = HEATMAP_CSS + FAN_OUT_CSS;
  static strings = {
    'zh-CN': {
      ...FAN_OUT_STRINGS['zh-CN'],
      title: '注意力热力图',
      corner: '查询↓ 键→',
      help: '行是查询（发起注意的 token），列是键（被注意的 token）；颜色越亮权重越大。悬停或用方向键移动看读数。',
      readout: (q, k, w, s) => `「${q}」看「${k}」：${w}${s}`,
      hidden: '被因果掩码遮住（未来）',
      rowSum: (q, s) => `；这一行和 = ${s}`,
      formula: line(weightMath('d'), '，每行和为 1；因果掩码下 j > i 的格子恰为 0'),
      inlineNote: '数据由页面直接给出（发表的取整百分比），不是引擎算的。',
      badData: (m) => `热力图数据不对：${m}`,
      badHead: (head, heads) =>
        `head="${head}" 不是 0 … ${heads - 1} 之间的头编号（heads="${heads}"）`,
    },
    en: {
      ...FAN_OUT_STRINGS.en,
      title: 'Attention heatmap',
      corner: 'Q↓ K→',
      help: 'Rows are queries (the token attending), columns are keys (the token attended to); brighter means more weight. Hover or use the arrow keys for the read-out.',
      readout: (q, k, w, s) => `${q} looks at ${k}: ${w}${s}`,
      hidden: 'hidden by the causal mask (future)',
      rowSum: (q, s) => `; this row sums to ${s}`,
      formula: line(
        weightMath('d'),
        ', each row sums to 1; under the causal mask cells with j > i are exactly 0',
      ),
      inlineNote:
        'Data given by the page (published rounded percentages), not computed by the engine.',
      badData: (m) => `The heatmap data is wrong: ${m}`,
      badHead: (head, heads) =>
        `head="${head}" is not a head index 0 … ${heads - 1} (heads="${heads}")`,
    },
  };

  static get observedAttributes() {
    return ['lang', 'world', 'causal', 'heads', 'head', 'title-text'];
  }

  updateDetail() {
    const inline = this.querySelector('script[type="application/json"]');
    return { ...super.updateDetail(), source: inline ? 'inline' : 'engine' };
  }

  inlineData() {
    const el = this.querySelector('script[type="application/json"]');
    if (!el) return null;
    let d;
    try {
      d = JSON.parse(el.textContent);
    } catch (e) {
      throw new Error(this.t('badData', e.message), { cause: e });
    }
    const n = d.labels?.length ?? 0;
    if (
      !n ||
      !Array.isArray(d.weights) ||
      d.weights.length !== n ||
      d.weights.some(
        (r) =>
          !Array.isArray(r) ||
          r.length !== n ||
          r.some((x) => typeof x !== 'number' || !Number.isFinite(x)),
      )
    ) {
      throw new Error(
        this.t('badData', `"weights" must be ${n}×${n} finite numbers, one row per label`),
      );
    }
    return { labels: d.labels, labelsEn: d.labelsEn ?? d.labels, weights: d.weights, note: d.note };
  }

  /**
   * {rows, cols, weights (row-major array), computed} for the current attributes.
   * @param {Runtime} rt
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
    const w = worldTensors(rt, this.getAttribute('world') || 'zh-gift');
    const heads = Number(this.getAttribute('heads') || 1);
    const head = Number(this.getAttribute('head') || 0);
    const r = rt.engine.attention({
      q: w.q,
      k: w.k,
      v: w.v,
      nHeads: heads,
      causal: this.hasAttribute('causal'),
    });
    // After the engine has vetted `heads`: a head outside it would draw an empty row as NaN%.
    if (!Number.isInteger(head) || head < 0 || head >= heads)
      throw new Error(this.t('badHead', this.getAttribute('head'), heads));
    const n = w.tokens.length;
    const labels = tokenLabels(w, this.lang);
    return {
      rows: labels,
      cols: labels,
      weights: Array.from(r.weights.data.subarray(head * n * n, (head + 1) * n * n)),
      computed: true,
    };
  }

  build() {
    this.readout = h('p', { class: 'hm-readout formula', 'aria-live': 'polite' });
    const title = this.getAttribute('title-text') || this.t('title');
    const region = scrollRegion([], { label: title, lang: this.lang });
    this.tableBox = region.box;
    this.gloss = h('div', {});
    this.note = h('p', { class: 'muted' });
    // The fan-out arcs of the query row the student selects in the table (focus or click; not
    // hover, so that moving the mouse down to the arcs does not change them on the way).
    this.arcs = new FanOutArcs({ t: (key, ...args) => this.t(key, ...args) });
    this.tableBox.addEventListener('focusin', (e) => {
      const cell = /** @type {HTMLElement} */ (e.target).closest?.('td.hm-cell');
      if (cell instanceof HTMLElement) this.arcs.select(Number(cell.dataset.i));
    });
    this.body.append(
      h('h2', {}, title),
      h('p', { class: 'muted' }, this.t('help')),
      region,
      this.gloss,
      heatmapLegend(),
      this.readout,
      this.arcs.el,
      h('p', { class: 'formula' }, formula(this.t('formula'))),
      this.note,
    );
  }

  /** @param {Runtime} rt */
  render(rt) {
    const m = this.matrix(rt);
    const causal = this.hasAttribute('causal');
    const n = m.rows.length;
    const show = (i, j) => {
      let sum = 0;
      for (let k = 0; k < n; k++) sum += m.weights[i * n + k];
      const hidden = causal && j > i;
      this.readout.textContent = this.t(
        'readout',
        m.rows[i],
        m.cols[j],
        hidden ? this.t('hidden') : pct(m.weights[i * n + j], 1),
        this.t('rowSum', m.rows[i], pct(sum, 1)),
      );
    };
    this.tableBox.replaceChildren(
      heatmapTable({
        weights: m.weights,
        rows: m.rows,
        cols: m.cols,
        causal,
        onFocus: show,
        caption: this.getAttribute('title-text') || this.t('title'),
        corner: this.t('corner'),
      }),
    );
    this.gloss.replaceChildren(...glossLine(m.rows));
    this.arcs.show({
      weights: m.weights,
      labels: m.rows,
      causal,
      query: this.arcs.data ? this.arcs.query : n - 1,
    });
    this.note.textContent = m.computed
      ? ''
      : [this.t('inlineNote'), m.note?.[this.isEnglish ? 'en' : 'zh-CN']].filter(Boolean).join(' ');
    show(n - 1, 0);
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const m = this.matrix(rt);
    if (!m.computed) return [];
    const n = m.rows.length;
    let worst = 0;
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += m.weights[i * n + j];
      worst = Math.max(worst, Math.abs(s - 1));
    }
    const out = [
      {
        name: 'rows sum to 1 (±1e-6)',
        expected: '≤ 1e-6',
        actual: worst.toExponential(1),
        ok: worst <= 1e-6,
      },
    ];
    if (this.hasAttribute('causal')) {
      let future = 0;
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) future = Math.max(future, m.weights[i * n + j]);
      out.push(check('future weights exactly 0', '0', String(future)));
    }
    return out;
  }
}
