// <attn-dot-product world="zh-gift"> — lesson 2: how Q and K are matched, and why by a dot product.
// Pick a query token and a key token (default 给了 → 苹果): q·k written out term by term with the
// engine's q and k rows, each term and the total from the engine; its geometric reading
// |q| |k| cos θ (cos θ from engine.cosine) drawn as k's shadow on q; the whole QKᵀ in one engine
// call (every pair at once, the chosen cell outlined); beside it Bahdanau's additive score
// v · tanh(q W1 + k W2) for the same pair (engine.additiveScore, illustrative W1, W2, v with
// d_a = 4), and the memory each needs at a length T the student picks: naive additive attention
// materialises T × T × d_a numbers, dot-product attention T × T scores (engine.scoreMemory, with
// the formula shown).
// Attributes: world (default zh-gift), query, key (token indices, default 给了 / 苹果), lang.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine } from '../../web/attn-engine.js' */
import { row, sub as msub, paren, number, mn, formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { h, svg, num, namedNumber } from '../../web/dom.js';
import { weightColor, textOn, CATEGORY } from '../../web/color.js';
import { worldTensors, tokenLabels } from '../../web/world.js';
import { labelHeader, glossLine, longColumnsClass } from '../../web/views/table-labels.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import {
  ADDITIVE,
  COURSE,
  T_PRESETS,
  T_RANGE,
  sub,
  short,
  expansion,
  expansionLines,
  geometryLines,
  scoreMatrix,
  ranking,
  additive,
  clampT,
  memoryFormulas,
  courseBytes,
  courseChecks,
} from './logic.js';

const CSS = `
section { border-top: 1px solid var(--_border); margin-top: 10px; padding-top: 4px; }
.expansion p { margin: 2px 0; }
.expansion .total { font-weight: 700; font-size: 1em; color: var(--_fg); }
ol.terms { list-style: none; padding: 0; margin: 6px 0; }
ol.terms li { display: grid; grid-template-columns: minmax(3.2em, max-content) minmax(60px, 1fr) minmax(9em, max-content); gap: 2px 8px; align-items: center; padding: 2px 0; }
ol.terms .formula { text-align: right; }
.bar-track { min-width: 60px; }
.zero { position: absolute; top: -3px; bottom: -3px; width: 2px; margin-left: -1px; background: var(--_fg); }
.geo { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
.geo svg { width: 100%; max-width: 300px; height: auto; flex: 0 1 300px; }
.geo .lines { flex: 1 1 220px; min-width: 0; }
table.scores td { padding: 2px; border: 0; }
table.scores button.cell { min-width: 56px; min-height: 36px; border-radius: 3px; border: 2px solid transparent; font-variant-numeric: tabular-nums; padding: 2px 4px; }
table.scores button.cell[aria-pressed="true"] { border-color: var(--_fg); box-shadow: 0 0 0 2px var(--_bg) inset; font-weight: 700; }
table.scores th { text-align: center; white-space: nowrap; }
.compare { display: grid; grid-template-columns: repeat(auto-fit, minmax(250px, 1fr)); gap: 10px; margin-top: 6px; }
.card { border: 1px solid var(--_border); border-radius: 6px; padding: 8px 10px; min-width: 0; }
.card h4 { margin: 0 0 4px; font-size: 0.95rem; }
.card .score { font-weight: 700; font-variant-numeric: tabular-nums; }
.tag { display: inline-block; font-size: 0.8em; border: 1px solid var(--_control-border); border-radius: 4px; padding: 0 4px; margin-left: 4px; }
.mem { display: grid; grid-template-columns: minmax(6em, max-content) minmax(80px, 1fr) minmax(5em, max-content); gap: 4px 8px; align-items: center; margin: 6px 0; }
.mem .val { font-weight: 700; text-align: right; font-variant-numeric: tabular-nums; }
.mem .formula { grid-column: 1 / -1; margin: 0 0 4px; }
.bar-fill.add { background: #E69F00; }
.bar-fill.dot { background: #0072B2; min-width: 2px; }
input[type="number"] { width: 9em; max-width: 100%; }
.presets button[aria-pressed="true"] { font-weight: 700; }
@media (max-width: 420px) {
  ol.terms li { grid-template-columns: minmax(2.8em, max-content) minmax(50px, 1fr); }
  ol.terms .formula { grid-column: 1 / -1; text-align: left; }
  .mem { grid-template-columns: minmax(5em, max-content) minmax(60px, 1fr) minmax(4.5em, max-content); }
}
@container (max-width: 520px) {
  table.scores { font-size: 13px; }
  table.scores td { padding: 1px; }
  table.scores button.cell { min-width: 40px; min-height: 34px; padding: 1px; }
  table.scores th { padding: 1px 3px; }
}
`;

/** q_a = x_a · W_Q = [vector]: a token's row projected (letter q or k, matrix Q or K). */
const projectionMath = (letter, matrix, label, v) =>
  row(msub(letter, label), '=', msub('x', label), '·', msub('W', matrix), '=', mn(v));

/**
 * @tag attn-dot-product
 * @summary Lesson 2: the dot-product score vs the additive one.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {number} query - query token index (default: the token 给了)
 * @attr {number} key - key token index (default: the token 苹果)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, query, key (token indices), sequenceLength (the bytes section's T)}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class DotProduct extends AttnWidget {
  static css = CSS;
  static strings = {
    'zh-CN': {
      title: 'Q 和 K 怎么算匹不匹配：点积',
      help: '选一个查询 token（这一行的 q）和一个键 token（被查的 k）。点积就是四个维度逐项相乘再相加；下面每个数都由注意力引擎算出。',
      query: '查询 token（q）',
      key: '键 token（k）',
      pair: (a, b) => `q_${a} · k_${b}`,
      vecQ: (l, v) => projectionMath('q', 'Q', l, v),
      vecK: (l, v) => projectionMath('k', 'K', l, v),
      expTitle: '逐项展开',
      termsLabel: '每一项 q_i k_i 的贡献（正的向右、负的向左）',
      termLabel: (i, v) => `第 ${i} 项 ${v}`,
      geoTitle: '几何含义：方向对齐 × 长度',
      geoHelp:
        '把 k 投到 q 的方向上：k 的「影子」长 |k| cos θ，点积 = |q| × 影子长度。方向越一致（θ 越小）、向量越长，分数越高；θ > 90° 时影子落在反方向，分数为负。',
      geoImg: (t, c) => `q 与 k 的夹角 θ = ${t}°，cos θ = ${c}`,
      matTitle: '全部配对：一次矩阵乘 QKᵀ',
      matHelp:
        '每个格子都是一对 (q_i, k_j) 的点积，5×5 = 25 个分数由一次矩阵乘一起算出（engine.scoreMatrix）。点格子也能换选中的一对；方向键移动。颜色：矩阵里最低 → 最高。',
      corner: '查询↓ 键→',
      cellName: (a, b) => `q_${a}·k_${b} = `,
      rank: (a, r) => `「${a}」这一行从高到低：${r}`,
      addTitle: '换一种打分：Bahdanau 2014 的加性注意力',
      dotCard: '点积（本课）',
      addCard: '加性',
      illustrative: '示意参数',
      addHelp: `W1、W2（4×4）和 v（4 维）是这里手工给定的示意常数（d_a = ${ADDITIVE.dA}），不是学出来的：分数本身没有意义，要看的是它怎么算、要花多少。`,
      addWork:
        'q W1 和 k W2 每个 token 各算一次，是普通的矩阵乘；可每一对还要单独做一次相加、过一遍 tanh、再和 v 点积：这一步不是一次矩阵乘，交不给矩阵乘单元。',
      dotWork: '每一对只要一次点积；所有配对合成一次矩阵乘 QKᵀ。',
      memTitle: '要落多少字节（每头、每层）',
      memHelp: `朴素的加性注意力要先落一个 T × T × d_a 的中间张量 tanh(q W1 + k W2)，点积只留 T × T 个分数。这里按课程取 d_a = ${COURSE.dA}、BF16（每个数 ${COURSE.bytesPer} 字节）。`,
      length: '序列长度 T',
      lengthSlider: 'T（2 的幂）',
      presets: '预设长度',
      addRow: '加性（朴素）',
      dotRow: '点积',
      ratio: (r) => `加性是点积的 ${r} 倍（= d_a）。`,
      jsNote:
        '这两个字节数也由引擎按上面的公式算出（engine.scoreMemory），页面只把它们换算成 MiB / GiB。',
      valueText: (t, a, d) => `T = ${t}：加性 ${a}，点积 ${d}`,
      course:
        '课程原文：T = 4,096、d_a = 256 时单头单层 8.0 GiB（BF16），点积只留 T×T 个分数，32 MiB。',
    },
    en: {
      title: 'How Q and K are matched: the dot product',
      help: "Pick a query token (the row's q) and a key token (the k being looked up). The dot product multiplies the four dimensions pairwise and adds them up; every number below comes from the attention engine.",
      query: 'Query token (q)',
      key: 'Key token (k)',
      pair: (a, b) => `q_${a} · k_${b}`,
      vecQ: (l, v) => projectionMath('q', 'Q', l, v),
      vecK: (l, v) => projectionMath('k', 'K', l, v),
      expTitle: 'Term by term',
      termsLabel: 'What each term q_i k_i adds (positive to the right, negative to the left)',
      termLabel: (i, v) => `term ${i}: ${v}`,
      geoTitle: 'The geometry: alignment × length',
      geoHelp:
        'Project k onto q\'s direction: k\'s "shadow" is |k| cos θ long, and the dot product is |q| × the shadow. The more aligned (smaller θ) and the longer the vectors, the higher the score; past 90° the shadow points backwards and the score is negative.',
      geoImg: (t, c) => `angle between q and k θ = ${t}°, cos θ = ${c}`,
      matTitle: 'Every pair at once: one matrix product QKᵀ',
      matHelp:
        'Each cell is the dot product of one pair (q_i, k_j): all 5×5 = 25 scores come out of one matrix product (engine.scoreMatrix). Click a cell to pick that pair; arrow keys move. Colour: lowest → highest in the matrix.',
      corner: 'Q↓ K→',
      cellName: (a, b) => `q_${a}·k_${b} = `,
      rank: (a, r) => `Row ${a}, highest first: ${r}`,
      addTitle: "Another way to score: Bahdanau's additive attention (2014)",
      dotCard: 'Dot product (this lesson)',
      addCard: 'Additive',
      illustrative: 'illustrative parameters',
      addHelp: `W1, W2 (4×4) and v (4 numbers) are hand-picked illustrative constants here (d_a = ${ADDITIVE.dA}), not learned: the score itself means nothing; what matters is how it is computed and what it costs.`,
      addWork:
        'q W1 and k W2 are computed once per token, as ordinary matrix products; but every pair still needs its own addition, a tanh and a dot product with v: that step is not one matrix product, so it cannot be handed to the matrix-multiply units.',
      dotWork: 'Every pair is one dot product; all pairs together are one matrix product QKᵀ.',
      memTitle: 'How many bytes it lays down (per head, per layer)',
      memHelp: `Naive additive attention first materialises a T × T × d_a intermediate tanh(q W1 + k W2); the dot product keeps only T × T scores. As in the course: d_a = ${COURSE.dA}, BF16 (${COURSE.bytesPer} bytes a number).`,
      length: 'Sequence length T',
      lengthSlider: 'T (powers of two)',
      presets: 'Preset lengths',
      addRow: 'Additive (naive)',
      dotRow: 'Dot product',
      ratio: (r) => `Additive is ${r}× the dot product (= d_a).`,
      jsNote:
        'These two byte counts come from the engine too (engine.scoreMemory, the formulas above); the page only converts them to MiB / GiB.',
      valueText: (t, a, d) => `T = ${t}: additive ${a}, dot product ${d}`,
      course:
        'The course: at T = 4,096 and d_a = 256, 8.0 GiB per head per layer (BF16); the dot product keeps T×T scores, 32 MiB.',
    },
  };

  static get observedAttributes() {
    return ['lang', 'world', 'query', 'key'];
  }

  get worldId() {
    return this.getAttribute('world') || 'zh-gift';
  }

  attributeChangedCallback(name, old, value) {
    if (name === 'query') this.query = undefined;
    if (name === 'key') this.key = undefined;
    if (name === 'world') this.query = this.key = undefined;
    super.attributeChangedCallback(name, old, value);
  }

  /**
   * Attribute `name` as a token index, else the index of token `fallback`, clamped to the world.
   */
  attrIndex(w, name, fallback, fallbackIndex) {
    const n = w.tokens.length;
    const a = Number.parseInt(this.getAttribute(name) ?? '', 10);
    if (Number.isFinite(a)) return Math.max(0, Math.min(n - 1, a));
    const i = w.tokens.indexOf(fallback);
    return i >= 0 ? i : Math.min(fallbackIndex, n - 1);
  }

  updateDetail() {
    return {
      ...super.updateDetail(),
      query: this.query,
      key: this.key,
      sequenceLength: this.T,
    };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    this.query ??= this.attrIndex(w, 'query', '给了', 0);
    this.key ??= this.attrIndex(w, 'key', '苹果', 0);
    this.T ??= COURSE.T;
    const uid = Math.random().toString(36).slice(2, 8);
    this.qPicker = this.tokenPicker('query', this.t('query'), labels, uid);
    this.kPicker = this.tokenPicker('key', this.t('key'), labels, uid);

    this.vecLines = h('div', {});
    this.expLines = h('div', {
      class: 'expansion',
      'aria-live': 'polite',
      'data-role': 'expansion',
    });
    this.terms = h('ol', { class: 'terms', 'aria-label': this.t('termsLabel') });
    this.geoSvg = svg('svg', { viewBox: '0 0 300 150', role: 'img', 'data-role': 'geometry-img' });
    this.geoLines = h('div', { class: 'lines' });
    this.matrix = h('table', { class: 'scores', role: 'grid', 'aria-label': this.t('matTitle') });
    this.matrix.addEventListener('keydown', (e) => this.onGridKey(e));
    this.rankLine = h('p', { 'data-role': 'rank' });
    this.dotCard = h('div', { class: 'card' });
    this.addCard = h('div', { class: 'card', 'data-role': 'additive' });

    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      this.qPicker.el,
      this.kPicker.el,
      h('section', {}, [h('h3', {}, this.t('expTitle')), this.vecLines, this.expLines, this.terms]),
      h('section', {}, [
        h('h3', {}, this.t('geoTitle')),
        h('p', { class: 'muted' }, this.t('geoHelp')),
        h('div', { class: 'geo' }, [this.geoSvg, this.geoLines]),
      ]),
      h('section', {}, [
        h('h3', {}, this.t('matTitle')),
        h('p', { class: 'muted' }, this.t('matHelp')),
        scrollRegion(this.matrix, { label: this.t('matTitle'), lang: this.lang }),
        ...glossLine(tokenLabels(w, this.lang)),
        this.rankLine,
      ]),
      h('section', {}, [
        h('h3', {}, this.t('addTitle')),
        h('div', { class: 'compare' }, [this.dotCard, this.addCard]),
      ]),
      this.memorySection(uid),
    );
  }

  /**
   * A radio group choosing the query (or key) token.
   * @param {'query' | 'key'} role
   */
  tokenPicker(role, legend, labels, uid) {
    const radios = labels.map((l, i) => {
      const input = h('input', {
        type: 'radio',
        name: `${role}-${uid}`,
        value: String(i),
        'data-role': role,
        'data-i': i,
        onchange: () => {
          this[role] = i;
          this.update();
        },
      });
      return input;
    });
    const lbls = radios.map((r, i) => h('label', {}, [r, labels[i]]));
    return {
      radios,
      lbls,
      el: h('fieldset', { class: 'picker' }, [
        h('legend', {}, legend),
        h('div', { class: 'opts' }, lbls),
      ]),
    };
  }

  /** The memory of the score matrices at length T: the number box, slider, presets and bars. */
  memorySection(uid) {
    const tId = `t-${uid}`,
      sId = `s-${uid}`;
    this.tInput = h('input', {
      type: 'number',
      id: tId,
      min: T_RANGE.min,
      max: T_RANGE.max,
      step: 1,
      inputmode: 'numeric',
      'data-role': 't',
      oninput: () => this.setT(this.tInput.value, 'input'),
      onchange: () => this.setT(this.tInput.value, 'change'),
    });
    this.tSlider = h('input', {
      type: 'range',
      id: sId,
      min: T_RANGE.minExp,
      max: T_RANGE.maxExp,
      step: 1,
      'data-role': 't-slider',
      oninput: () => this.setT(2 ** Number(this.tSlider.value), 'slider'),
    });
    this.presetButtons = T_PRESETS.map((p) =>
      h(
        'button',
        {
          type: 'button',
          'data-t': p,
          'aria-pressed': 'false',
          onclick: () => this.setT(p, 'preset'),
        },
        p.toLocaleString('en-US'),
      ),
    );
    this.memAdd = {
      fill: h('div', { class: 'bar-fill add' }),
      val: h('span', { class: 'val', 'data-role': 'mem-additive' }),
      f: h('p', { class: 'formula', 'data-role': 'mem-additive-formula' }),
    };
    this.memDot = {
      fill: h('div', { class: 'bar-fill dot' }),
      val: h('span', { class: 'val', 'data-role': 'mem-dot' }),
      f: h('p', { class: 'formula', 'data-role': 'mem-dot-formula' }),
    };
    this.ratioLine = h('p', {});
    const memRow = (label, m) => [
      h('span', {}, label),
      h('div', { class: 'bar-track', 'aria-hidden': 'true' }, m.fill),
      m.val,
      m.f,
    ];

    return h('section', {}, [
      h('h3', {}, this.t('memTitle')),
      h('p', { class: 'muted' }, this.t('memHelp')),
      h('div', { class: 'row' }, [h('label', { for: tId }, this.t('length')), this.tInput]),
      h('div', { class: 'row' }, [h('label', { for: sId }, this.t('lengthSlider')), this.tSlider]),
      h(
        'div',
        { class: 'row presets', role: 'group', 'aria-label': this.t('presets') },
        this.presetButtons,
      ),
      h('div', { class: 'mem' }, [
        ...memRow(this.t('addRow'), this.memAdd),
        ...memRow(this.t('dotRow'), this.memDot),
      ]),
      this.ratioLine,
      h('p', { class: 'muted' }, this.t('jsNote')),
      h('p', { class: 'note' }, this.t('course')),
    ]);
  }

  setT(value, source) {
    const raw = Number(value);
    if (source === 'input' && !(Number.isFinite(raw) && raw >= 1)) return; // mid-typing: keep the last valid T
    this.T = clampT(value);
    this.tSource = source;
    this.update();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const e = rt.engine;
    const w = worldTensors(rt, this.worldId);
    const labels = tokenLabels(w, this.lang);
    const { query, key } = this;
    const lq = labels[query],
      lk = labels[key];
    for (const [p, sel] of /** @type {[typeof this.qPicker, number][]} */ ([
      [this.qPicker, query],
      [this.kPicker, key],
    ])) {
      p.radios.forEach((r, i) => {
        r.checked = i === sel;
        p.lbls[i].classList.toggle('on', i === sel);
      });
    }

    const ex = expansion(e, w, query, key);
    this.drawExpansion(ex, lq, lk);
    this.drawGeometry(ex);
    const g = geometryLines(ex);
    this.geoLines.replaceChildren(
      h('p', { class: 'formula total', 'data-role': 'geometry' }, formula(g.main)),
      h('p', { class: 'formula' }, formula(g.norms)),
      h('p', { class: 'formula' }, formula(g.angle)),
    );

    this.drawScoreMatrix(e, w, labels, lq);
    this.drawAdditive(e, ex);
    this.drawMemory(e);
  }

  /** q · k term by term: the two vectors, the expansion lines, one bar per product q_m k_m. */
  drawExpansion(ex, lq, lk) {
    const vec = (r) => `[${r.map((x) => short(x)).join(', ')}]`;
    this.vecLines.replaceChildren(
      h('p', { class: 'formula' }, formula(this.t('vecQ', lq, vec(ex.q)))),
      h('p', { class: 'formula' }, formula(this.t('vecK', lk, vec(ex.k)))),
    );
    const [l1, l2, l3] = expansionLines(ex);
    this.expLines.replaceChildren(
      h('p', { class: 'formula' }, `${this.t('pair', lq, lk)}:  ${l1}`),
      h('p', { class: 'formula' }, l2),
      h('p', { class: 'formula total' }, l3),
    );
    const span = Math.max(...ex.terms.map(Math.abs), 1e-9);
    const hasNeg = ex.terms.some((t) => t < 0);
    const zero = hasNeg ? 0.5 : 0;
    const half = hasNeg ? 0.5 : 1;
    this.terms.replaceChildren(
      ...ex.terms.map((t, m) => {
        const len = (Math.abs(t) / span) * half;
        const left = t < 0 ? zero - len : zero;
        const text = `q${sub(m + 1)}k${sub(m + 1)} = ${short(ex.q[m])} × ${short(ex.k[m]).startsWith('−') ? `(${short(ex.k[m])})` : short(ex.k[m])} = ${num(t, 3)}`;
        return h('li', { 'data-m': m }, [
          h('span', {}, `q${sub(m + 1)}k${sub(m + 1)}`),
          h(
            'div',
            {
              class: 'bar-track',
              role: 'img',
              'aria-label': this.t('termLabel', m + 1, num(t, 3)),
            },
            [
              h('div', {
                class: t < 0 ? 'bar-fill neg' : 'bar-fill',
                style: { left: `${(left * 100).toFixed(2)}%`, width: `${(len * 100).toFixed(2)}%` },
              }),
              hasNeg ? h('div', { class: 'zero', style: { left: '50%' } }) : null,
            ],
          ),
          h('span', { class: 'formula' }, text),
        ]);
      }),
    );
  }

  /**
   * The whole score matrix (every cell a button that picks the pair) and the query's ranking.
   * @param {AttnEngine} e
   */
  drawScoreMatrix(e, w, labels, lq) {
    const { query, key } = this;
    const S = scoreMatrix(e, w);
    const all = S.flat();
    const lo = Math.min(...all),
      hi = Math.max(...all);
    const hadFocus = this.shadowRoot.activeElement?.classList.contains('cell');
    const head = h('tr', {}, [
      h('th', { scope: 'col', class: 'hm-corner' }, this.t('corner')),
      ...labels.map((l) => labelHeader(l, 'col', 'hm-col')),
    ]);
    const rows = S.map((r, i) =>
      h('tr', {}, [
        labelHeader(labels[i], 'row'),
        ...r.map((s, j) => {
          const v = hi > lo ? (s - lo) / (hi - lo) : 0.5;
          const on = i === query && j === key;
          return h(
            'td',
            { role: 'gridcell' },
            h(
              'button',
              {
                type: 'button',
                class: 'cell',
                'data-i': i,
                'data-j': j,
                'aria-pressed': String(on),
                tabindex: on ? '0' : '-1',
                style: { background: weightColor(v), color: textOn(v) },
                onclick: () => {
                  this.query = i;
                  this.key = j;
                  this.update();
                },
              },
              namedNumber(this.t('cellName', labels[i], labels[j]), num(s), num(s, 1)),
            ),
          );
        }),
      ]),
    );
    this.matrix.replaceChildren(h('thead', {}, head), h('tbody', {}, rows));
    this.matrix.className = `scores ${longColumnsClass(labels)}`.trim();
    if (hadFocus) this.focusSelected();
    const order = ranking(S[query]);
    this.rankLine.textContent = this.t(
      'rank',
      lq,
      order.map((j) => `${labels[j]} ${num(S[query][j])}`).join(' > '),
    );
  }

  /**
   * The same pair scored by dot product and by the additive (Bahdanau) score.
   * @param {AttnEngine} e
   */
  drawAdditive(e, ex) {
    const a = additive(e, ex.q, ex.k);
    this.dotCard.replaceChildren(
      h('h4', {}, this.t('dotCard')),
      h('p', { class: 'formula' }, `score = q · k = ${num(ex.total)}`),
      h('p', { class: 'score', 'data-role': 'dot-score' }, num(ex.total)),
      h('p', { class: 'muted' }, this.t('dotWork')),
    );
    const v3 = (r) => `[${r.map((x) => num(x, 3)).join(', ')}]`;
    this.addCard.replaceChildren(
      h('h4', {}, [this.t('addCard'), h('span', { class: 'tag' }, this.t('illustrative'))]),
      h('p', { class: 'formula' }, `q W1 = ${v3(a.qW1)}`),
      h('p', { class: 'formula' }, `k W2 = ${v3(a.kW2)}`),
      h('p', { class: 'formula' }, `v = [${ADDITIVE.v.map((x) => short(x)).join(', ')}]`),
      h(
        'p',
        { class: 'formula' },
        formula(
          row(
            'score',
            '=',
            'v',
            '·',
            'tanh',
            paren(row('q', msub('W', 1)), '+', row('k', msub('W', 2))),
            '=',
            number(a.score, 3),
          ),
        ),
      ),
      h('p', { class: 'score', 'data-role': 'additive-score' }, num(a.score, 3)),
      h('p', { class: 'muted' }, this.t('addWork')),
      h('p', { class: 'muted' }, this.t('addHelp')),
    );
  }

  /**
   * The memory of the score matrices at length T, additive against dot product.
   * @param {AttnEngine} e
   */
  drawMemory(e) {
    const T = this.T;
    const m = memoryFormulas(e, T);
    if (this.tSource !== 'input') this.tInput.value = String(T);
    const exp = Math.round(Math.log2(T));
    if (this.tSource !== 'slider')
      this.tSlider.value = String(Math.max(T_RANGE.minExp, Math.min(T_RANGE.maxExp, exp)));
    this.tSlider.setAttribute(
      'aria-valuetext',
      this.t(
        'valueText',
        T.toLocaleString('en-US'),
        courseBytes(m.bytes.additive),
        courseBytes(m.bytes.dot),
      ),
    );
    this.tSource = undefined;
    this.presetButtons.forEach((b) =>
      b.setAttribute('aria-pressed', String(Number(b.dataset.t) === T)),
    );
    this.memAdd.val.textContent = courseBytes(m.bytes.additive);
    this.memAdd.f.textContent = m.additive;
    this.memAdd.fill.style.setProperty('width', '100%');
    this.memDot.val.textContent = courseBytes(m.bytes.dot);
    this.memDot.f.textContent = m.dot;
    this.memDot.fill.style.setProperty(
      'width',
      `${((m.bytes.dot / m.bytes.additive) * 100).toFixed(3)}%`,
    );
    this.ratioLine.textContent = this.t('ratio', COURSE.dA);
  }

  /**
   * q along the x axis, k at angle θ, k's shadow |k| cos θ on q's line (dashed drop, thick
   * segment).
   */
  drawGeometry(ex) {
    const g = geometryLayout(ex);
    this.geoSvg.setAttribute('aria-label', this.t('geoImg', ex.theta.toFixed(0), num(g.cos, 3)));
    this.geoSvg.replaceChildren(...geometryShapes(g), ...geometryLabels(ex, g));
  }

  onGridKey(e) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const m = moves[e.key];
    if (!m || !e.target.closest?.('button.cell')) return;
    e.preventDefault();
    const n = this.qPicker.radios.length;
    const clamp = (x) => Math.max(0, Math.min(n - 1, x));
    this.query = clamp(this.query + m[0]);
    this.key = clamp(this.key + m[1]);
    this.update();
    this.focusSelected();
  }

  focusSelected() {
    /** @type {HTMLElement | null} */ (
      this.matrix.querySelector(`button[data-i="${this.query}"][data-j="${this.key}"]`)
    )?.focus();
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseChecks(rt.engine, worldTensors(rt, this.worldId));
  }
}

/**
 * Where the drawing of q and k goes in the 300 × 150 box: q along +x from (x0, y0), k at θ above
 * the axis, scaled to fit with 10 px margins and 84 px of height; the θ arc and its label angle.
 */
function geometryLayout(ex) {
  const W = 300,
    y0 = 100;
  const cos = ex.cos,
    sin = Math.sqrt(Math.max(0, 1 - cos * cos));
  // fit q (along +x) and k (at θ above the axis) into the box: 10 px margins, 84 px of height
  const right = Math.max(ex.qNorm, ex.kNorm * cos, 0),
    left = Math.max(0, -ex.kNorm * cos),
    up = ex.kNorm * sin;
  const s = Math.min((W - 30) / Math.max(right + left, 1e-9), up > 0 ? 84 / up : Infinity);
  const x0 = 12 + left * s;
  const qx = x0 + ex.qNorm * s;
  const kx = x0 + ex.kNorm * s * cos,
    ky = y0 - ex.kNorm * s * sin;
  const arcR = 22;
  const arcEnd = [x0 + arcR * cos, y0 - arcR * sin];
  // the θ label: inside the angle when it is wide, just above k when it is narrow
  const phi = ((ex.theta >= 40 ? ex.theta / 2 : ex.theta + 25) * Math.PI) / 180;
  return { W, y0, x0, qx, kx, ky, cos, sin, arcR, arcEnd, phi };
}

/** The axis, k's drop onto q's line, the shadow |k| cos θ, the θ arc, and the two arrows. */
function geometryShapes({ W, y0, x0, qx, kx, ky, arcR, arcEnd }) {
  const marker = (id, colour) =>
    svg(
      'marker',
      {
        id,
        viewBox: '0 0 10 10',
        refX: 8,
        refY: 5,
        markerWidth: 6,
        markerHeight: 6,
        orient: 'auto-start-reverse',
      },
      svg('path', { d: 'M0,0 L10,5 L0,10 z', fill: colour }),
    );
  return [
    svg('defs', {}, [marker('mq', CATEGORY.a), marker('mk', CATEGORY.b)]),
    svg('line', { x1: 4, y1: y0, x2: W - 4, y2: y0, stroke: '#c8c8c8', 'stroke-width': 1 }),
    svg('line', {
      x1: kx,
      y1: ky,
      x2: kx,
      y2: y0,
      stroke: '#6b6b6b',
      'stroke-width': 1.5,
      'stroke-dasharray': '4 3',
    }),
    svg('line', {
      x1: x0,
      y1: y0 + 5,
      x2: kx,
      y2: y0 + 5,
      stroke: CATEGORY.c,
      'stroke-width': 5,
    }),
    svg('path', {
      d: `M${x0 + arcR},${y0} A${arcR},${arcR} 0 0 0 ${arcEnd[0].toFixed(1)},${arcEnd[1].toFixed(1)}`,
      fill: 'none',
      stroke: '#1b1b1b',
      'stroke-width': 1,
    }),
    svg('line', {
      x1: x0,
      y1: y0,
      x2: qx,
      y2: y0,
      stroke: CATEGORY.a,
      'stroke-width': 3,
      'marker-end': 'url(#mq)',
    }),
    svg('line', {
      x1: x0,
      y1: y0,
      x2: kx,
      y2: ky,
      stroke: CATEGORY.b,
      'stroke-width': 3,
      'marker-end': 'url(#mk)',
    }),
  ];
}

/** The θ and k labels and the key of the three colours. */
function geometryLabels(ex, { W, y0, x0, kx, ky, cos, arcR, phi }) {
  const text = (x, y, t, anchor = 'start') =>
    svg('text', { x, y, 'text-anchor': anchor, fill: '#1b1b1b', 'font-size': 13 }, t);
  const key = (x, y, colour, t) => [
    svg('line', { x1: x, y1: y - 4, x2: x + 18, y2: y - 4, stroke: colour, 'stroke-width': 4 }),
    text(x + 24, y, t),
  ];
  return [
    text(
      x0 + (arcR + 6) * Math.cos(phi),
      y0 - (arcR + 6) * Math.sin(phi),
      `θ = ${ex.theta.toFixed(0)}°`,
      Math.cos(phi) < -0.3 ? 'end' : 'start',
    ),
    text(
      Math.min(W - 4, Math.max(4, kx + (cos < 0 ? -4 : 4))),
      Math.max(13, ky - 4),
      'k',
      cos < 0 ? 'end' : 'start',
    ),
    ...key(8, y0 + 24, CATEGORY.a, `q: |q| = ${num(ex.qNorm)}`),
    ...key(150, y0 + 24, CATEGORY.b, `k: |k| = ${num(ex.kNorm)}`),
    ...key(8, y0 + 42, CATEGORY.c, `|k| cos θ = ${num(ex.kNorm * cos)}`),
  ];
}
