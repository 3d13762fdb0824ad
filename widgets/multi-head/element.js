// <attn-multi-head world="zh-gift" model="qwen3.8-27b"> — lesson 7: is one set of Q/K/V enough?
// The same projections used as one head (all 4 columns, scores ÷ √4) and split by output
// columns into two heads (A = cols 0–1, B = cols 2–3, each ÷ √2), causal. For a chosen query
// row, the three weight rows side by side (给了: one head splits 56.5% / 39.4% between 苹果 and
// 小明; head A puts 89.5% on 小明, head B 77.0% on 苹果), the score behind each row's top cell,
// the full 5×5 heatmap of a chosen head, and the cost table: parameters and multiply-adds are
// the same for 1 head of d = 4 and 2 heads of d = 2. The anchor's 24 × 256 = 6144 ≠ 5120.
// Attributes: world (default zh-gift), model (default qwen3.8-27b), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { line, row, frac, sqrt, paren, text, formula } from '../../web/mathml.js';
import { AttnWidget, check } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, pct, num, fitText } from '../../web/dom.js';
import { labelHeader, longColumnsClass, glossLine } from '../../web/views/table-labels.js';
import { weightColor, textOn } from '../../web/color.js';
import { heatmapTable, heatmapLegend, HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { tokenLabels } from '../../web/world.js';
import {
  VIEWS,
  ANCHOR_ID,
  multiHead,
  headDot,
  costs,
  anchorHeads,
  courseNumbers,
} from './logic.js';

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

// The cost formulas with the counts substituted: the same text in every language.
const COST_FORMULAS = {
  fParams: (c) => `3 · d_model · (H·d) = 3 · ${c.dModel} · (${c.H}·${c.d}) = ${c.params}`,
  fProj: (c) => `3 · T · d_model · (H·d) = 3 · ${c.T} · ${c.dModel} · (${c.H}·${c.d}) = ${c.proj}`,
  fQk: (c) => `H · T · T · d = ${c.H} · ${c.T} · ${c.T} · ${c.d} = ${c.qk}`,
  fAv: (c) => `H · T · T · d = ${c.H} · ${c.T} · ${c.T} · ${c.d} = ${c.av}`,
  fTotal: (c) => `${c.proj} + ${c.qk} + ${c.av} = ${c.total}`,
  fSoftmax: (c) => `H · T = ${c.H} · ${c.T} = ${c.softmaxes}`,
};

/** s(q→k) = q·k / √d = dot / √d = s: one head's score of the pair with its numbers. */
const headScoreMath = (q, k, d, dot, s) =>
  row(
    's',
    paren(text(q), '→', text(k)),
    '=',
    frac(row('q', '·', 'k'), sqrt(d)),
    '=',
    frac(dot, sqrt(d)),
    '=',
    s,
  );

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
  static strings = {
    'zh-CN': {
      title: '一套 Q/K/V 只能看一种关系，够吗？单头 vs 同样的投影切成两个头',
      help: '同样的 Wq、Wk、Wv（4 列）：当成一个头用，分数 ÷ √4、做一次 softmax；或者按输出列切成两半，头 A 用第 0–1 列、头 B 用第 2–3 列，各自 ÷ √2、各做一次 softmax。因果掩码下，一行只看得见自己和前面的 token。',
      query: '查询行',
      viewName: {
        single: '单头（4 列，÷√4）',
        A: '头 A（第 0–1 列，÷√2）',
        B: '头 B（第 2–3 列，÷√2）',
      },
      viewShort: { single: '单头', A: '头 A', B: '头 B' },
      rowsCorner: '看法↓ 键→',
      rowsRegion: '这一行的权重：三种看法',
      rowsTitle: (q) => `「${q}」这一行的权重：三种看法并排`,
      rowsCaption: (q) => `「${q}」一行在单头、头 A、头 B 下的注意力权重`,
      cell: (v, k, w) => `${v}，键「${k}」：${w}`,
      future: '未来（被掩码）',
      top: (v, k, w) => `${v}：最大的是「${k}」${w}`,
      scoreFormula: (v, q, k, d, dot, s, w) =>
        line(`${v}：`, headScoreMath(q, k, d, dot, s), '；softmax → ', w),
      finding: (a, b, s1, s2) =>
        `「给了」一行：单头只能在「苹果」${s1} 与「小明」${s2} 之间劈开，取回两个 V 的混合；切成两个头后，头 A 把 ${a} 给「小明」（谁给的），头 B 把 ${b} 给「苹果」（给了什么）——各看各的关系。`,
      heatTitle: '整个 5×5 权重矩阵',
      headPick: '看哪个头',
      heatCaption: (v) => `${v} 的注意力权重`,
      readout: (q, k, w) => `「${q}」看「${k}」：${w}`,
      costTitle: '参数量与乘加次数：一样',
      costCol: (H, d) => `${H} 个头 × d = ${d}`,
      params: '参数 Wq、Wk、Wv',
      proj: 'Q/K/V 投影的乘加',
      qk: 'QKᵀ 的乘加',
      av: '权重 · V 的乘加',
      total: '乘加合计',
      softmaxes: 'softmax 次数（每行一次）',
      ...COST_FORMULAS,
      same: (a, b) => (a === b ? `一样：${a} = ${b}` : `不一样：${a} ≠ ${b}`),
      costNote:
        'T = 5 个 token，d_model = 4。切头不增加参数，也不增加乘法：两个头各自的点积只有一半长，却有两份；多出来的只是 softmax 的份数。（这里按整个 T × T 计数。因果掩码的目的不是省计算，而是不让位置偷看后文；优化过的内核会顺带跳过被掩掉的那一半分数，两种布局省得一样多。）',
      anchor: (n, H, d, p, hid) =>
        `锚点 ${n}：${H} 个头 × ${d} 维 = ${p} ${p === hid ? '=' : '≠'} hidden_size ${hid}。头数 × 每头维数不必等于模型宽度：Wq 把 ${hid} 维投到 ${p} 维，输出投影再投回 ${hid}（相等是从原始 Transformer 的 d_k = d_model / h 沿用下来的约定，GPT-2 也照做）。`,
    },
    en: {
      title: 'Is one set of Q/K/V enough? One head vs the same projections split into two heads',
      help: 'The same Wq, Wk, Wv (4 columns): used as one head, scores ÷ √4 and one softmax; or split by output columns, head A on columns 0–1 and head B on columns 2–3, each ÷ √2 with its own softmax. Under the causal mask a row sees only itself and earlier tokens.',
      query: 'Query row',
      viewName: {
        single: 'One head (4 cols, ÷√4)',
        A: 'Head A (cols 0–1, ÷√2)',
        B: 'Head B (cols 2–3, ÷√2)',
      },
      viewShort: { single: 'one head', A: 'head A', B: 'head B' },
      rowsCorner: 'view↓ K→',
      rowsRegion: "The row's weights: three views",
      rowsTitle: (q) => `The weights of the ${q} row: three views side by side`,
      rowsCaption: (q) => `Attention weights of the ${q} row under one head, head A and head B`,
      cell: (v, k, w) => `${v}, key ${k}: ${w}`,
      future: 'future (masked)',
      top: (v, k, w) => `${v}: the most goes to ${k}, ${w}`,
      scoreFormula: (v, q, k, d, dot, s, w) =>
        line(`${v}: `, headScoreMath(q, k, d, dot, s), '; softmax → ', w),
      finding: (a, b, s1, s2) =>
        `The 给了 (gave) row: one head can only split between 苹果 (apple) ${s1} and 小明 (Xiaoming) ${s2}, retrieving a mix of two V's; split into two heads, head A puts ${a} on 小明 (who gave) and head B ${b} on 苹果 (what was given) — each looks at its own relation.`,
      heatTitle: 'The whole 5×5 weight matrix',
      headPick: 'Which head',
      heatCaption: (v) => `Attention weights of ${v}`,
      readout: (q, k, w) => `${q} looks at ${k}: ${w}`,
      costTitle: 'Parameters and multiply-adds: the same',
      costCol: (H, d) => `${H} head${H > 1 ? 's' : ''} × d = ${d}`,
      params: 'parameters Wq, Wk, Wv',
      proj: 'multiply-adds, Q/K/V projections',
      qk: 'multiply-adds, QKᵀ',
      av: 'multiply-adds, weights · V',
      total: 'multiply-adds, total',
      softmaxes: 'softmaxes (one per row)',
      ...COST_FORMULAS,
      same: (a, b) => (a === b ? `the same: ${a} = ${b}` : `different: ${a} ≠ ${b}`),
      costNote:
        "T = 5 tokens, d_model = 4. Splitting adds no parameters and no multiplications: each head's dot products are half as long, and there are two of them; only the number of softmaxes grows. (Counted over the full T × T. The causal mask is not there to save work but to stop positions from peeking ahead; optimised kernels skip the masked half of the scores as a by-product, and both layouts save the same.)",
      anchor: (n, H, d, p, hid) =>
        `Anchor ${n}: ${H} heads × ${d} dims = ${p} ${p === hid ? '=' : '≠'} hidden_size ${hid}. Heads × head width need not equal the model width: Wq maps ${hid} dims to ${p}, the output projection maps back to ${hid} (equal widths are a convention that goes back to the original Transformer’s d_k = d_model / h, which GPT-2 kept).`,
    },
  };

  constructor() {
    super();
    this.query = null; // token index; defaults to 给了 on first build
    this.view = 'A';
  }

  static get observedAttributes() {
    return ['lang', 'world', 'model'];
  }

  get worldId() {
    return this.getAttribute('world') || 'zh-gift';
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'world') this.query = null; // an index into the old world's tokens
    super.attributeChangedCallback(name, old, value);
  }

  get modelId() {
    return this.getAttribute('model') || ANCHOR_ID;
  }

  updateDetail() {
    return { ...super.updateDetail(), query: this.query, view: this.view };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const m = multiHead(rt, this.worldId);
    anchorHeads(rt, this.modelId);
    const labels = tokenLabels(m.w, this.lang);
    if (this.query === null) this.query = Math.max(0, m.w.tokens.indexOf('给了'));
    const sid = `q-${Math.random().toString(36).slice(2, 8)}`;
    this.select = h(
      'select',
      {
        id: sid,
        'data-role': 'query',
        onchange: () => {
          this.query = Number(this.select.value);
          this.update();
        },
      },
      labels.map((l, i) => h('option', { value: i, selected: i === this.query }, l)),
    );
    this.rowsTitle = h('h3', {});
    const rowsRegion = scrollRegion([], { label: this.t('rowsRegion'), lang: this.lang });
    this.rowsBox = rowsRegion.box;
    this.formulas = h('div', { 'data-role': 'formulas' });
    this.finding = h('p', { class: 'finding', 'data-role': 'finding' });
    this.viewButtons = VIEWS.map((v) =>
      h(
        'button',
        {
          type: 'button',
          'data-view': v,
          'aria-pressed': String(this.view === v),
          onclick: () => {
            this.view = v;
            this.update();
          },
        },
        this.t('viewName')[v],
      ),
    );
    const heatRegion = scrollRegion([], { label: this.t('heatTitle'), lang: this.lang });
    this.heatBox = heatRegion.box;
    this.heatBox.dataset.role = 'heatmap';
    this.readout = h('p', { class: 'hm-readout formula', 'aria-live': 'polite' });
    this.costBox = h('div', { class: 'costs', 'data-role': 'cost' });
    this.anchor = h('p', { class: 'note', 'data-role': 'anchor' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('div', { class: 'row' }, [h('label', { for: sid }, this.t('query')), this.select]),
      this.rowsTitle,
      rowsRegion,
      ...glossLine(labels),
      this.formulas,
      this.finding,
      h('h3', {}, this.t('heatTitle')),
      h('div', { class: 'row', role: 'group', 'aria-label': this.t('headPick') }, this.viewButtons),
      heatRegion,
      heatmapLegend(),
      this.readout,
      h('h3', {}, this.t('costTitle')),
      this.costBox,
      h('p', { class: 'muted' }, this.t('costNote')),
      this.anchor,
    );
  }

  /** @param {Runtime} rt */
  render(rt) {
    const m = multiHead(rt, this.worldId);
    const labels = tokenLabels(m.w, this.lang);
    this.drawQueryRows(m, labels);
    this.drawTopScores(rt, m, labels);
    this.drawViewHeatmap(m, labels);
    this.drawCosts(rt, m);
  }

  /** The three rows (one head, head A, head B) of the chosen query. */
  drawQueryRows(m, labels) {
    const qi = this.query;
    const names = this.t('viewName');
    const short = this.t('viewShort');
    this.rowsTitle.textContent = this.t('rowsTitle', labels[qi]);
    const head = h('tr', {}, [
      h('th', { scope: 'col', class: 'hm-corner' }, this.t('rowsCorner')),
      ...labels.map((l) => labelHeader(l, 'col', 'hm-col')),
    ]);
    const body = VIEWS.map((v) =>
      h('tr', { 'data-view': v }, [
        h('th', { scope: 'row', title: names[v] }, short[v]),
        ...labels.map((l, j) => {
          const wv = m.views[v].weights[qi][j];
          const hidden = j > qi;
          return h(
            'td',
            {
              class: hidden ? 'hm-cell hm-hidden' : 'hm-cell',
              'aria-label': this.t('cell', short[v], l, hidden ? this.t('future') : pct(wv)),
              style: hidden ? undefined : { background: weightColor(wv), color: textOn(wv) },
            },
            hidden ? '' : fitText(pct(wv), pct(wv, 0)),
          );
        }),
      ]),
    );
    this.rowsBox.replaceChildren(
      h(
        'table',
        {
          class: `heatmap rows ${longColumnsClass(labels)}`.trim(),
          'aria-label': this.t('rowsCaption', labels[qi]),
        },
        [h('thead', {}, head), h('tbody', {}, body)],
      ),
    );
  }

  /**
   * The score behind each view's largest weight, and the course's finding.
   * @param {Runtime} rt
   */
  drawTopScores(rt, m, labels) {
    const qi = this.query;
    const short = this.t('viewShort');
    this.formulas.replaceChildren(
      ...VIEWS.map((v) => {
        const row = m.views[v].weights[qi];
        let top = 0;
        row.forEach((x, j) => {
          if (j <= qi && x > row[top]) top = j;
        });
        const dot = headDot(rt, m, v, qi, top);
        return h(
          'p',
          { class: 'formula', 'data-view': v },
          formula(
            this.t(
              'scoreFormula',
              short[v],
              labels[qi],
              labels[top],
              m.views[v].dHead,
              num(dot),
              num(m.views[v].scores[qi][top]),
              pct(row[top]),
            ),
          ),
        );
      }),
    );
    const c = courseNumbers(rt, this.worldId);
    const [s1, s2] = c.single.split(' / ');
    this.finding.textContent = this.t('finding', c.headA, c.headB, s1, s2);
  }

  /** The heatmap of the chosen view. */
  drawViewHeatmap(m, labels) {
    const qi = this.query;
    const names = this.t('viewName');
    this.viewButtons.forEach((b) =>
      b.setAttribute('aria-pressed', String(b.dataset.view === this.view)),
    );
    const W = m.views[this.view].weights;
    const show = (i, j) => {
      this.readout.textContent = this.t(
        'readout',
        labels[i],
        labels[j],
        j > i ? this.t('future') : pct(W[i][j]),
      );
    };
    this.heatBox.replaceChildren(
      heatmapTable({
        weights: W,
        rows: labels,
        cols: labels,
        causal: true,
        digits: 1,
        onFocus: show,
        caption: this.t('heatCaption', names[this.view]),
        lang: this.lang,
      }),
    );
    show(qi, 0);
  }

  /**
   * The costs, one card per quantity: both layouts with their formulas; the anchor's heads.
   * @param {Runtime} rt
   */
  drawCosts(rt, m) {
    const k = costs(m);
    const item = (key, f) =>
      h('div', { class: key === 'total' ? 'cost-item total' : 'cost-item', 'data-cost': key }, [
        h('h4', {}, this.t(key)),
        h(
          'p',
          { class: 'formula', 'data-layout': 'single' },
          `${this.t('costCol', 1, k.single.d)}: ${this.t(f, k.single)}`,
        ),
        h(
          'p',
          { class: 'formula', 'data-layout': 'split' },
          `${this.t('costCol', 2, k.split.d)}: ${this.t(f, k.split)}`,
        ),
        key === 'softmaxes'
          ? null
          : h(
              'p',
              { class: k.single[key] === k.split[key] ? 'equal' : undefined },
              this.t('same', k.single[key], k.split[key]),
            ),
      ]);
    this.costBox.replaceChildren(
      item('params', 'fParams'),
      item('proj', 'fProj'),
      item('qk', 'fQk'),
      item('av', 'fAv'),
      item('total', 'fTotal'),
      item('softmaxes', 'fSoftmax'),
    );

    const a = anchorHeads(rt, this.modelId);
    this.anchor.textContent = this.t(
      'anchor',
      a.name,
      a.nHeads,
      a.headDim,
      a.product,
      a.hiddenSize,
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const c = courseNumbers(rt, this.worldId);
    const k = c.costs;
    // The course's figure is the anchor's, whichever model the page shows.
    const a = anchorHeads(rt, ANCHOR_ID);
    return [
      check('给了 row, head A → 小明', '89.5%', c.headA),
      check('给了 row, head B → 苹果', '77.0%', c.headB),
      check('给了 row, one head → 苹果 / 小明', '56.5% / 39.4%', c.single),
      check(
        'multiply-adds: 1 head d=4 vs 2 heads d=2',
        '440 = 440',
        `${k.single.total} ${k.single.total === k.split.total ? '=' : '≠'} ${k.split.total}`,
      ),
      check(
        'parameters Wq, Wk, Wv: 1 head vs 2 heads',
        '48 = 48',
        `${k.single.params} ${k.single.params === k.split.params ? '=' : '≠'} ${k.split.params}`,
      ),
      check(
        `${a.name}: heads × head_dim vs hidden_size`,
        '24 × 256 = 6144 ≠ 5120',
        `${a.nHeads} × ${a.headDim} = ${a.product} ${a.product === a.hiddenSize ? '=' : '≠'} ${a.hiddenSize}`,
      ),
    ];
  }
}
