// <attn-rope world="zh-gift" model="qwen3.8-27b"> — lesson 6: why RoPE rotates Q and K, not V.
// q of 给了 and k of 苹果 (4 dims = 2 rotating pairs) drawn as 2-D arrows per pair; sliders put
// the query at position i and the key at position j, and "both ±1" (or the link checkbox)
// moves them together: the score q_rot·k_rot stays put when both move, changes when one does.
// A table of shifted (i, j) and an 8×8 grid of scores show every diagonal (same j − i) is one
// number. V is never rotated: the retrieved row is the same wherever the sentence sits, while a
// rotated V would make it depend on the absolute position. Partial rotary: the anchor's head of
// 256 dims turns only 64 (a strip of cells, the 32 pair speeds θ_p on a log scale), and a toy
// with rotaryDim 2 of 4 leaves dims 2–3 untouched. Every number is the engine's.
// Attributes: world (default zh-gift), model (default qwen3.8-27b), lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { line, row, sub, paren, mi, formula } from '../../web/mathml.js';
import { AttnWidget, check } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, svg, num } from '../../web/dom.js';
import { weightColor, textOn, CATEGORY } from '../../web/color.js';
import {
  TOY_BASE,
  POS,
  SAME,
  ANCHOR_ID,
  vectors,
  ropeScore,
  scoreGrid,
  pairs,
  retrieved,
  anchorHead,
  anchorFrequencies,
  partialToy,
  courseChecks,
} from './logic.js';

const GRID = 8;
const CSS = `
.sliders { display: grid; gap: 4px; }
.sliders label { display: grid; grid-template-columns: 1fr auto; gap: 0 8px; align-items: center; }
.sliders label > span:first-child { grid-column: 1 / -1; }
.sliders input[type="range"] { min-width: 0; width: 100%; }
output { min-width: 2ch; }
.panels { display: flex; flex-wrap: wrap; gap: 10px; }
.panel { margin: 0; flex: 1 1 130px; min-width: 120px; max-width: 190px; }
.panel svg { width: 100%; height: auto; display: block; border: 1px solid var(--_border); border-radius: 6px; background: var(--_surface-1-fcfcfc); }
.panel figcaption { font-size: 0.85em; text-align: center; }
.score { font-size: 1.05em; }
.score strong { font-variant-numeric: tabular-nums; }
.delta { display: inline-block; padding: 2px 8px; border-radius: 4px; background: var(--_accent-soft-eef5fb); border: 1px solid #0072B2; font-weight: 600; }
table.inv td, table.inv th { text-align: center; }
table.inv td:nth-child(-n+3), table.inv th { white-space: nowrap; }
table.inv tr.same td { background: var(--_ok-bg-eef8f4); }
table.inv tr.other td { background: var(--_warn-bg-fdf0e6); }
table.grid { border-collapse: separate; border-spacing: 2px; }
table.grid th { font-size: 0.8em; padding: 1px 3px; border: 0; text-align: center; white-space: nowrap; }
table.grid td { min-width: 38px; height: 30px; padding: 1px 3px; text-align: center; font-size: 0.8em; border: 0; border-radius: 3px; }
table.grid td.diag { box-shadow: inset 0 0 0 2px #D55E00; }
table.grid td.here { box-shadow: inset 0 0 0 4px #D55E00; font-weight: 700; }
@media (max-width: 420px) { table.grid td { min-width: 30px; padding: 1px; font-size: 0.72em; } table.grid { border-spacing: 1px; } }
.note { margin: 8px 0; }
.strip svg, .freq svg { width: 100%; max-width: 520px; height: auto; display: block; }
.legend { display: flex; flex-wrap: wrap; gap: 10px; font-size: 0.85em; align-items: center; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
table.toy td, table.toy th { text-align: center; }
td.kept { background: var(--_ok-bg-eef8f4); }
td.turned { background: var(--_accent-soft-eef5fb); }
`;

/**
 * q_rot(i)·k_rot(j) = terms = s, the terms the rotated pairs' products (top level, so that a
 * phone wraps between them).
 */
const ropeScoreMath = (i, j, terms, s) =>
  row(sub('q', mi('rot')), paren(i), '·', sub('k', mi('rot')), paren(j), '=', ...terms, '=', s);

/**
 * @tag attn-rope
 * @summary Lesson 6: RoPE turns Q and K, not V.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {string} [world=zh-gift] - teaching world id
 * @attr {string} [model=qwen3.8-27b] - model id of models.json
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, i, j (the positions of q and k), linked}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class Rope extends AttnWidget {
  static css = CSS;
  static strings = {
    'zh-CN': {
      title: 'RoPE：为什么只旋转 Q 和 K，不旋转 V',
      help: '把「给了」的 q 放在位置 i，把「苹果」的 k 放在位置 j。4 维 = 2 对，每一对在自己的平面里按位置转一个角度。拖动滑块（或用方向键），再试「两个一起 ±1」。',
      posI: 'query「给了」的位置 i',
      posJ: 'key「苹果」的位置 j',
      bothDown: '◀ 两个一起 −1',
      bothUp: '两个一起 +1 ▶',
      link: '拖一个滑块时两个一起动',
      pair: (a, b, th) => `第 ${a}、${b} 维这一对（θ = ${th}）`,
      pairAria: (a, b) => `第 ${a}、${b} 维这一对里 q（蓝）和 k（橙）的箭头；虚线是转之前`,
      qLabel: 'q',
      kLabel: 'k',
      scoreLine: '分数',
      scoreFormula: ropeScoreMath,
      delta: (d) => `j − i = ${d}`,
      why: '每一对里 q 转了 i·θ、k 转了 j·θ：两支箭头的夹角是原来的夹角再加 (j − i)·θ。点积看长度和夹角，所以位置只通过 j − i 进入分数；分数仍取决于 q、k 本身。',
      invTitle: '平移不变：整体挪动 (i, j)，分数不变',
      colPos: '(i, j)',
      colDelta: 'j − i',
      colScore: '分数 q_rot·k_rot',
      rowSame: '一起挪',
      rowOther: '只挪 key',
      gridTitle: (n) => `i、j 都取 0…${n - 1} 时的全部分数：同一条对角线（同一个 j − i）同一个数`,
      gridCorner: 'i↓ j→',
      gridCell: (i, j, s) => `i = ${i}，j = ${j}：${s}`,
      vTitle: 'V 不旋转',
      vWhy: 'V 不参与打分，只是被取回的内容。分数已经只看相对距离；如果把 V 也转了，取回的内容就会随句子所在的绝对位置变化。',
      vAt: (j, v) => `「苹果」的 V 在位置 j = ${j}：${v}（每个位置都一样，不转）`,
      vIfRot: (j, v) => `假如也把 V 转到位置 j = ${j}：${v}（随 j 变）`,
      outTitle: (s) =>
        `「给了」一行取回的内容（因果、单头、Q/K 加 RoPE）：整句放在位置 0…4 和 ${s}…${s + 4}`,
      outPlain: (a, b) => `V 不转：${a} 与 ${b} → 一样`,
      outRot: (a, b) => `V 也转：${a} 与 ${b} → 变了`,
      partialTitle: '部分旋转：锚点每头 256 维只转 64 维',
      anchorLine: (name, r, d) =>
        `${name}：每个头 head_dim = ${d} 维，其中前 ${r} 维旋转（rotaryDim = ${r}，partial_rotary_factor = ${r} / ${d}），其余 ${d - r} 维原样通过。`,
      stripAria: (r, d) => `${d} 个维度的格子：前 ${r} 个旋转，其余不转`,
      legendRot: (r) => `旋转的 ${r} 维（第 p 维与第 p + ${r / 2} 维成一对，颜色 = 这一对的速度）`,
      legendPass: (n) => `不转的 ${n} 维`,
      freqTitle: (n, r) => `${n} 对各自的速度 θ_p = base^(−2p / ${r})（对数刻度）`,
      freqFormula: (b, first, last, n) =>
        line(
          `base = ${b}：`,
          row(sub('θ', 0), '=', first),
          '，',
          row(sub('θ', n - 1), '=', last),
          '；位置 i 处第 p 对转 ',
          row('i', '·', sub('θ', 'p')),
          ' 弧度',
        ),
      assumedBase: (b) => `${b}（假设值）`,
      baseNote: (b) =>
        `课程资料没有给出这个模型的 rope_theta，models.json 里也就没有：图中的 base = ${b} 是假设的示意值（引擎的默认值）。真实模型的 base 常常大得多（如 10^6、10^7），慢的那几对转得更慢。`,
      freqAria: (n) => `${n} 对的速度柱状图，对数刻度，从快到慢`,
      toyTitle: (i) => `小例子：4 维里只转前 2 维（rotaryDim = 2），「给了」的 q 放在位置 ${i}`,
      toyRegion: '小例子：转之前与转之后',
      toyDim: '维',
      toyBefore: '转之前',
      toyAfter: '转之后',
      toyState: '状态',
      colWhat: '说明',
      turned: '转了',
      kept: '原样',
      toyNote: 'rotaryDim = 2 时第 0、1 维成一对旋转，第 2、3 维一位不差地原样通过。',
    },
    en: {
      title: 'RoPE: why rotate Q and K, and not V',
      help: 'Put the q of 给了 (gave) at position i and the k of 苹果 (apple) at position j. 4 dims = 2 pairs; each pair turns in its own plane by an angle set by the position. Drag the sliders (or use the arrow keys), then try “both ±1”.',
      posI: 'query 给了 at position i',
      posJ: 'key 苹果 at position j',
      bothDown: '◀ both −1',
      bothUp: 'both +1 ▶',
      link: 'move both when dragging one',
      pair: (a, b, th) => `pair of dims ${a} and ${b} (θ = ${th})`,
      pairAria: (a, b) =>
        `Arrows of q (blue) and k (orange) in the pair of dims ${a} and ${b}; dashed: before rotation`,
      qLabel: 'q',
      kLabel: 'k',
      scoreLine: 'Score',
      scoreFormula: ropeScoreMath,
      delta: (d) => `j − i = ${d}`,
      why: 'In each pair q turns by i·θ and k by j·θ, so the angle between the arrows is their original angle plus (j − i)·θ. The dot product sees lengths and that angle, so position enters the score only through j − i; the score still depends on q and k themselves.',
      invTitle: 'Shift invariance: move (i, j) together and the score stays',
      colPos: '(i, j)',
      colDelta: 'j − i',
      colScore: 'score q_rot·k_rot',
      rowSame: 'both moved',
      rowOther: 'key only',
      gridTitle: (n) =>
        `Every score for i, j in 0…${n - 1}: each diagonal (one j − i) is one number`,
      gridCorner: 'i↓ j→',
      gridCell: (i, j, s) => `i = ${i}, j = ${j}: ${s}`,
      vTitle: 'V is not rotated',
      vWhy: 'V takes no part in scoring: it is the content that gets retrieved. The scores already see only the relative distance; rotate V as well and the retrieved content would change with the absolute position of the sentence.',
      vAt: (j, v) =>
        `V of 苹果 at position j = ${j}: ${v} (the same at every position: not rotated)`,
      vIfRot: (j, v) => `If V were rotated to position j = ${j}: ${v} (changes with j)`,
      outTitle: (s) =>
        `What the 给了 row retrieves (causal, one head, RoPE on Q/K), the sentence at positions 0…4 and at ${s}…${s + 4}`,
      outPlain: (a, b) => `V not rotated: ${a} and ${b} → the same`,
      outRot: (a, b) => `V rotated too: ${a} and ${b} → different`,
      partialTitle: "Partial rotary: the anchor turns only 64 of each head's 256 dims",
      anchorLine: (name, r, d) =>
        `${name}: each head has head_dim = ${d}; the first ${r} dims rotate (rotaryDim = ${r}, partial_rotary_factor = ${r} / ${d}), the other ${d - r} pass through.`,
      stripAria: (r, d) => `${d} dimension cells: the first ${r} rotate, the rest do not`,
      legendRot: (r) =>
        `the ${r} rotating dims (dim p pairs with dim p + ${r / 2}; colour = the pair's speed)`,
      legendPass: (n) => `the ${n} dims that pass through`,
      freqTitle: (n, r) =>
        `The speed of each of the ${n} pairs, θ_p = base^(−2p / ${r}) (log scale)`,
      freqFormula: (b, first, last, n) =>
        line(
          `base = ${b}: `,
          row(sub('θ', 0), '=', first),
          ', ',
          row(sub('θ', n - 1), '=', last),
          '; at position i pair p turns by ',
          row('i', '·', sub('θ', 'p')),
          ' radians',
        ),
      assumedBase: (b) => `${b} (assumed)`,
      baseNote: (b) =>
        `The course sources give no rope_theta for this model, so models.json has none: the chart’s base = ${b} is an assumed value for illustration (the engine’s default). Real models often use a far larger base (10^6, 10^7), which makes the slow pairs slower still.`,
      freqAria: (n) => `Bar chart of the ${n} pair speeds, log scale, fastest first`,
      toyTitle: (i) =>
        `A small example: rotate only the first 2 of 4 dims (rotaryDim = 2), the q of 给了 at position ${i}`,
      toyRegion: 'The small example: before and after the turn',
      toyDim: 'dim',
      toyBefore: 'before',
      toyAfter: 'after',
      toyState: 'state',
      colWhat: 'what it shows',
      turned: 'turned',
      kept: 'unchanged',
      toyNote:
        'With rotaryDim = 2, dims 0 and 1 turn as a pair; dims 2 and 3 pass through bit for bit.',
    },
  };

  constructor() {
    super();
    this.i = SAME[0][0];
    this.j = SAME[0][1];
    this.linked = false;
  }

  static get observedAttributes() {
    return ['lang', 'world', 'model'];
  }

  get worldId() {
    return this.getAttribute('world') || 'zh-gift';
  }

  get modelId() {
    return this.getAttribute('model') || ANCHOR_ID;
  }

  updateDetail() {
    return { ...super.updateDetail(), i: this.i, j: this.j, linked: this.linked };
  }

  /** @param {Runtime} rt */
  build(rt) {
    vectors(rt, this.worldId); // a missing world or token is an inline error before any control
    anchorHead(rt, this.modelId);
    this.panels = h('div', { class: 'panels' });
    this.scoreOut = h('p', { class: 'score', 'aria-live': 'polite', 'data-role': 'score' });
    this.scoreFormula = h('p', { class: 'formula', 'data-role': 'score-formula' });
    this.invTable = h('table', { class: 'inv', 'data-role': 'invariance' });
    const gridRegion = scrollRegion([], { label: this.t('gridTitle', GRID), lang: this.lang });
    this.gridBox = gridRegion.box;
    this.vLines = h('div', { 'data-role': 'v' });
    this.strip = h('div', { class: 'strip' });
    this.freq = h('div', { class: 'freq' });
    this.toyTitle = h('p', {});
    this.toyTable = h('table', { class: 'toy', 'data-role': 'toy' });
    this.anchorLine = h('p', { 'data-role': 'anchor' });
    this.freqFormula = h('p', { class: 'formula' });
    this.baseNote = h('p', { class: 'muted' });
    this.freqTitle = h('p', { class: 'muted' });

    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      ...this.positionControls(),
      this.panels,
      this.scoreOut,
      this.scoreFormula,
      h('p', { class: 'muted' }, this.t('why')),
      h('h3', {}, this.t('invTitle')),
      scrollRegion(this.invTable, { label: this.t('invTitle'), lang: this.lang }),
      h('p', { class: 'muted' }, this.t('gridTitle', GRID)),
      gridRegion,
      h('h3', {}, this.t('vTitle')),
      h('p', { class: 'note' }, this.t('vWhy')),
      this.vLines,
      h('h3', {}, this.t('partialTitle')),
      this.anchorLine,
      this.strip,
      this.freqTitle,
      this.freq,
      this.freqFormula,
      this.baseNote,
      this.toyTitle,
      scrollRegion(this.toyTable, { label: this.t('toyRegion'), lang: this.lang }),
      h('p', { class: 'muted' }, this.t('toyNote')),
    );
  }

  /** The positions i (query) and j (key): two sliders, "both ±1" and the link box. */
  positionControls() {
    const uid = Math.random().toString(36).slice(2, 8);
    const slider = (which) =>
      h('input', {
        type: 'range',
        id: `${which}-${uid}`,
        min: POS.min,
        max: POS.max,
        step: 1,
        value: this[which],
        'data-role': `pos-${which}`,
        oninput: (e) => this.setPos(which, Number(e.target.value)),
      });
    this.sliderI = slider('i');
    this.sliderJ = slider('j');
    this.outI = h('output', { for: this.sliderI.id });
    this.outJ = h('output', { for: this.sliderJ.id });
    this.linkBox = h('input', {
      type: 'checkbox',
      'data-role': 'link',
      checked: this.linked,
      onchange: () => {
        this.linked = this.linkBox.checked;
      },
    });
    return [
      h('div', { class: 'sliders' }, [
        h('label', { for: this.sliderI.id }, [
          h('span', {}, this.t('posI')),
          this.sliderI,
          this.outI,
        ]),
        h('label', { for: this.sliderJ.id }, [
          h('span', {}, this.t('posJ')),
          this.sliderJ,
          this.outJ,
        ]),
      ]),
      h('div', { class: 'row' }, [
        h(
          'button',
          { type: 'button', 'data-role': 'both-down', onclick: () => this.shiftBoth(-1) },
          this.t('bothDown'),
        ),
        h(
          'button',
          { type: 'button', 'data-role': 'both-up', onclick: () => this.shiftBoth(1) },
          this.t('bothUp'),
        ),
        h('label', {}, [this.linkBox, this.t('link')]),
      ]),
    ];
  }

  setPos(which, value) {
    const clamp = (x) => Math.max(POS.min, Math.min(POS.max, x));
    if (this.linked) {
      const delta = value - this[which];
      const other = which === 'i' ? 'j' : 'i';
      // Move both by the same amount, as far as both stay on the slider.
      const room =
        delta > 0 ? Math.min(delta, POS.max - this[other]) : Math.max(delta, POS.min - this[other]);
      this[which] = clamp(this[which] + room);
      this[other] = clamp(this[other] + room);
    } else {
      this[which] = clamp(value);
    }
    this.update();
  }

  shiftBoth(delta) {
    if (Math.min(this.i, this.j) + delta < POS.min || Math.max(this.i, this.j) + delta > POS.max)
      return;
    this.i += delta;
    this.j += delta;
    this.update();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const vecs = vectors(rt, this.worldId);
    const { i, j } = this;
    this.sliderI.value = String(i);
    this.sliderJ.value = String(j);
    this.outI.textContent = String(i);
    this.outJ.textContent = String(j);
    this.sliderI.setAttribute('aria-valuetext', `i = ${i}, j − i = ${j - i}`);
    this.sliderJ.setAttribute('aria-valuetext', `j = ${j}, j − i = ${j - i}`);
    const rotated = ropeScore(rt, i, j, vecs);
    this.drawPairs(rt, vecs, rotated);
    this.drawScore(rotated);
    this.drawInvariance(rt, vecs);
    this.drawScoreGrid(rt, vecs);
    this.drawValues(rt, vecs);
    this.drawAnchorHead(rt);
    this.drawToy(rt, vecs);
  }

  /**
   * One plane per pair of dimensions: q and k before and after the turn by their positions.
   * @param {Runtime} rt
   */
  drawPairs(rt, vecs, { qr, kr }) {
    const e = rt.engine;
    const d = vecs.q.length;
    const theta = Array.from(e.ropeFrequencies(d, TOY_BASE));
    const pr = pairs(d);
    /** @type {(x: number[], pair: number[]) => number[]} */
    const pick = (x, [a, b]) => [x[a], x[b]];
    const norms = pr.flatMap((p) =>
      [vecs.q, vecs.k].map((x) => Math.sqrt(e.dot(pick(x, p), pick(x, p)))),
    );
    const scale = 62 / Math.max(...norms, 1e-6);
    this.panels.replaceChildren(
      ...pr.map((p, n) =>
        this.panel(p, theta[n], scale, {
          q0: pick(vecs.q, p),
          k0: pick(vecs.k, p),
          q: pick(qr, p),
          k: pick(kr, p),
        }),
      ),
    );
  }

  /** The score of the rotated pair, term by term. */
  drawScore({ qr, kr, score }) {
    const { i, j } = this;
    const par = (x) => (x < 0 ? paren(num(x)) : num(x));
    const terms = qr.flatMap((x, k) => [...(k ? ['+'] : []), row(par(x), '×', par(kr[k]))]);
    this.scoreOut.replaceChildren(
      `${this.t('scoreLine')} = `,
      h('strong', {}, num(score, 4)),
      '   ',
      h('span', { class: 'delta' }, this.t('delta', j - i)),
    );
    this.scoreFormula.replaceChildren(
      ...formula(this.t('scoreFormula', i, j, terms, num(score, 4))),
    );
  }

  /**
   * The invariance table: the current (i, j) shifted together, and the key moved alone.
   * @param {Runtime} rt
   */
  drawInvariance(rt, vecs) {
    const { i, j } = this;
    const shifts = [...new Set([-Math.min(i, j), 0, 3, 7])];
    const rows = shifts.map((s) => ({ i: i + s, j: j + s, kind: 'same' }));
    rows.push({ i, j: j + 1, kind: 'other' });
    this.invTable.replaceChildren(
      h(
        'thead',
        {},
        h('tr', {}, [
          h('th', { scope: 'col' }, this.t('colPos')),
          h('th', { scope: 'col' }, this.t('colDelta')),
          h('th', { scope: 'col' }, this.t('colScore')),
          h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, this.t('colWhat'))),
        ]),
      ),
      h(
        'tbody',
        {},
        rows.map((r) =>
          h('tr', { class: r.kind }, [
            h('td', {}, `(${r.i}, ${r.j})`),
            h('td', {}, String(r.j - r.i)),
            h('td', { class: 'formula' }, num(ropeScore(rt, r.i, r.j, vecs).score, 4)),
            h('td', {}, this.t(r.kind === 'same' ? 'rowSame' : 'rowOther')),
          ]),
        ),
      ),
    );
  }

  /**
   * The grid of scores over positions: constant along each diagonal j − i.
   * @param {Runtime} rt
   */
  drawScoreGrid(rt, vecs) {
    const { i, j } = this;
    const grid = scoreGrid(rt, GRID, vecs);
    const flat = grid.flat();
    const lo = Math.min(...flat),
      hi = Math.max(...flat);
    const tone = (s) => (hi > lo ? (s - lo) / (hi - lo) : 0.5);
    const pos = Array.from({ length: GRID }, (_, p) => p);
    this.gridBox.replaceChildren(
      h('table', { class: 'grid', 'aria-label': this.t('gridTitle', GRID), 'data-role': 'grid' }, [
        h(
          'thead',
          {},
          h('tr', {}, [
            h('th', { scope: 'col' }, this.t('gridCorner')),
            ...pos.map((p) => h('th', { scope: 'col' }, String(p))),
          ]),
        ),
        h(
          'tbody',
          {},
          pos.map((a) =>
            h('tr', {}, [
              h('th', { scope: 'row' }, String(a)),
              ...pos.map((b) => {
                const s = grid[a][b];
                const cls = a === i && b === j ? 'here' : b - a === j - i ? 'diag' : undefined;
                return h(
                  'td',
                  {
                    class: cls,
                    'aria-label': this.t('gridCell', a, b, num(s, 4)),
                    style: { background: weightColor(tone(s)), color: textOn(tone(s)) },
                  },
                  num(s),
                );
              }),
            ]),
          ),
        ),
      ]),
    );
  }

  /**
   * V is not turned: the plain and the (hypothetically) rotated value, and what attention returns.
   * @param {Runtime} rt
   */
  drawValues(rt, vecs) {
    const e = rt.engine;
    const { i, j } = this;
    const vec = (x) => `[${x.map((v) => num(v)).join(', ')}]`;
    // The sentence at positions 0…4 against the sentence shifted by i (by 7 while i is 0).
    const shiftShown = i === 0 ? 7 : i;
    const at0 = retrieved(rt, 0, vecs),
      atS = retrieved(rt, shiftShown, vecs);
    this.vLines.replaceChildren(
      h('p', { class: 'formula', 'data-role': 'v-plain' }, this.t('vAt', j, vec(vecs.v))),
      h(
        'p',
        { class: 'formula', 'data-role': 'v-rot' },
        this.t(
          'vIfRot',
          j,
          vec(Array.from(e.rope([vecs.v], { positions: [j], base: TOY_BASE }).data)),
        ),
      ),
      h('p', {}, this.t('outTitle', shiftShown)),
      h('p', { class: 'formula' }, this.t('outPlain', vec(at0.plain), vec(atS.plain))),
      h('p', { class: 'formula' }, this.t('outRot', vec(at0.rotatedV), vec(atS.rotatedV))),
    );
  }

  /**
   * Partial rotary on the anchor model's head: which dims turn, and how fast.
   * @param {Runtime} rt
   */
  drawAnchorHead(rt) {
    const head = anchorHead(rt, this.modelId);
    const freqs = anchorFrequencies(rt, head);
    this.anchorLine.textContent = this.t('anchorLine', head.name, head.rotaryDim, head.headDim);
    // The anchor's strip and speed chart do not depend on (i, j): drawn once per build.
    if (!this.strip.firstChild)
      this.strip.replaceChildren(
        this.stripSvg(head, freqs.length),
        h('div', { class: 'legend' }, [
          h('span', {}, [
            h('span', { class: 'swatch', style: { background: weightColor(1) } }),
            h('span', { class: 'swatch', style: { background: weightColor(0.15) } }),
            this.t('legendRot', head.rotaryDim),
          ]),
          h('span', {}, [
            h('span', { class: 'swatch', style: { background: '#d9d9d9' } }),
            this.t('legendPass', head.headDim - head.rotaryDim),
          ]),
        ]),
      );
    this.freqTitle.textContent = this.t('freqTitle', freqs.length, head.rotaryDim);
    if (!this.freq.firstChild) this.freq.replaceChildren(this.freqSvg(freqs));
    this.freqFormula.replaceChildren(
      ...formula(
        this.t(
          'freqFormula',
          head.baseFromConfig ? String(head.base) : this.t('assumedBase', head.base),
          sci(freqs[0]),
          sci(freqs[freqs.length - 1]),
          freqs.length,
        ),
      ),
    );
    this.baseNote.textContent = head.baseFromConfig ? '' : this.t('baseNote', TOY_BASE);
    this.baseNote.hidden = head.baseFromConfig;
  }

  /**
   * Partial rotary on the toy vector: the dims that turn and the ones kept.
   * @param {Runtime} rt
   */
  drawToy(rt, vecs) {
    const { i } = this;
    const toy = partialToy(rt, i, vecs);
    this.toyTitle.textContent = this.t('toyTitle', i);
    this.toyTable.replaceChildren(
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          [this.t('toyDim'), this.t('toyBefore'), this.t('toyAfter'), this.t('toyState')].map((c) =>
            h('th', { scope: 'col' }, c),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        toy.before.map((b, k) => {
          const same = toy.after[k] === b;
          return h('tr', {}, [
            h('th', { scope: 'row' }, String(k)),
            h('td', { class: 'formula' }, num(b, 4)),
            h('td', { class: `formula ${same ? 'kept' : 'turned'}` }, num(toy.after[k], 4)),
            h('td', { class: same ? 'kept' : 'turned' }, this.t(same ? 'kept' : 'turned')),
          ]);
        }),
      ),
    );
  }

  /**
   * One pair's plane: the unrotated arrows dashed, the rotated ones solid.
   * @param {number[]} pair the two dimensions [a, b]
   * @param {number} theta
   * @param {number} scale
   * @param {{ q0: number[], k0: number[], q: number[], k: number[] }} vectors
   */
  panel([a, b], theta, scale, { q0, k0, q, k }) {
    const C = 80;
    const pt = ([x, y]) => [C + x * scale, C - y * scale];
    const arrow = (v, colour, dashed, label) => {
      const [x, y] = pt(v);
      return [
        svg('line', {
          x1: C,
          y1: C,
          x2: x,
          y2: y,
          stroke: colour,
          'stroke-width': dashed ? 1.5 : 3,
          'stroke-dasharray': dashed ? '4 3' : undefined,
          opacity: dashed ? 0.55 : 1,
        }),
        svg('circle', {
          cx: x,
          cy: y,
          r: dashed ? 2.5 : 4.5,
          fill: colour,
          opacity: dashed ? 0.55 : 1,
        }),
        label
          ? svg(
              'text',
              {
                x: x + (x >= C ? 6 : -14),
                y: y + (y >= C ? 14 : -6),
                'font-size': 13,
                'font-weight': 700,
                fill: colour,
              },
              label,
            )
          : null,
      ];
    };
    return h('figure', { class: 'panel' }, [
      svg('svg', { viewBox: '0 0 160 160', role: 'img', 'aria-label': this.t('pairAria', a, b) }, [
        svg('circle', { cx: C, cy: C, r: 62, fill: 'none', stroke: '#d6d6d6' }),
        svg('line', { x1: 8, y1: C, x2: 152, y2: C, stroke: '#e0e0e0' }),
        svg('line', { x1: C, y1: 8, x2: C, y2: 152, stroke: '#e0e0e0' }),
        ...arrow(q0, CATEGORY.a, true),
        ...arrow(k0, '#B35C00', true),
        ...arrow(q, CATEGORY.a, false, this.t('qLabel')),
        ...arrow(k, '#B35C00', false, this.t('kLabel')),
      ]),
      h('figcaption', {}, this.t('pair', a, b, num(theta, theta < 0.1 ? 3 : 2))),
    ]);
  }

  /** 256 cells, 32 to a row; the rotating ones coloured by their pair's speed. */
  stripSvg(head, nPairs) {
    const cols = 32,
      cell = 10,
      gap = 1;
    const rowsN = Math.ceil(head.headDim / cols);
    const cells = Array.from({ length: head.headDim }, (_, dim) => {
      const rot = dim < head.rotaryDim;
      const p = dim % (head.rotaryDim / 2);
      const fill = rot ? weightColor(1 - (p / Math.max(1, nPairs - 1)) * 0.85) : '#d9d9d9';
      return svg('rect', {
        x: (dim % cols) * (cell + gap),
        y: Math.floor(dim / cols) * (cell + gap),
        width: cell,
        height: cell,
        rx: 1.5,
        fill,
        'data-dim': dim,
        'data-rot': rot ? '1' : '0',
      });
    });
    const W = cols * (cell + gap),
      H = rowsN * (cell + gap);
    return svg(
      'svg',
      {
        viewBox: `0 0 ${W} ${H}`,
        role: 'img',
        'aria-label': this.t('stripAria', head.rotaryDim, head.headDim),
        'data-role': 'strip',
      },
      cells,
    );
  }

  /** θ_p as bars on a log scale, fastest (p = 0) on the left. */
  freqSvg(freqs) {
    const W = 340,
      H = 130,
      left = 34,
      bottom = 16,
      top = 6;
    const logs = freqs.map((f) => Math.log10(f));
    const lo = Math.floor(Math.min(...logs)),
      hi = 0;
    const y = (l) => top + ((hi - l) / (hi - lo)) * (H - top - bottom);
    const bw = (W - left - 4) / freqs.length;
    const ticks = [];
    for (let t = hi; t >= lo; t--) {
      ticks.push(
        svg('line', { x1: left, x2: W, y1: y(t), y2: y(t), stroke: '#e6e6e6' }),
        svg(
          'text',
          { x: left - 4, y: y(t) + 4, 'font-size': 10, 'text-anchor': 'end', fill: '#3d3d3d' },
          t === 0 ? '1' : `1e${t}`,
        ),
      );
    }
    const bars = logs.map((l, p) =>
      svg('rect', {
        x: left + p * bw + 1,
        y: y(l),
        width: Math.max(1, bw - 2),
        height: Math.max(1, H - bottom - y(l)),
        fill: weightColor(1 - (p / Math.max(1, freqs.length - 1)) * 0.85),
        stroke: '#6b6b6b',
        'stroke-width': 0.3,
      }),
    );
    const last = freqs.length - 1;
    const xl = [0, Math.floor(freqs.length / 2), last].map((p) =>
      svg(
        'text',
        {
          x: left + p * bw + bw / 2,
          y: H - 3,
          'font-size': 10,
          'text-anchor': p === last ? 'end' : p === 0 ? 'start' : 'middle',
          fill: '#3d3d3d',
        },
        `p = ${p}`,
      ),
    );
    return svg(
      'svg',
      { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': this.t('freqAria', freqs.length) },
      [...ticks, ...bars, ...xl],
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    // The course's head figures are the anchor's, whichever model the page shows.
    const c = courseChecks(rt, this.worldId, ANCHOR_ID);
    const f4 = (x) => num(x, 4);
    return [
      {
        name: 'score (3, 5) = (10, 12) = (0, 2) (±1e-4)',
        expected: '≤ 1e-4',
        actual: `${c.same.map(f4).join(' / ')}, spread ${c.spread.toExponential(1)}`,
        ok: c.spread <= 1e-4,
      },
      {
        name: 'score (3, 6) differs from (3, 5)',
        expected: '> 1e-4',
        actual: `${f4(c.diff)} vs ${f4(c.same[0])}`,
        ok: c.diffGap > 1e-4,
      },
      {
        name: 'V not rotated: 给了 retrieves the same when the sentence shifts by 7 (±1e-5)',
        expected: '≤ 1e-5',
        actual: c.plainShift.toExponential(1),
        ok: c.plainShift <= 1e-5,
      },
      {
        name: 'V rotated would change with the shift',
        expected: '> 1e-3',
        actual: c.rotatedShift.toExponential(1),
        ok: c.rotatedShift > 1e-3,
      },
      check(
        'rotaryDim 2 of 4: dims 2–3 identical, dims 0–1 turned',
        'true / true',
        `${c.toyUntouched} / ${c.toyRotated}`,
      ),
      check(
        `${c.head.name}: rotating dims per head`,
        '64 of 256',
        `${c.head.rotaryDim} of ${c.head.headDim}`,
      ),
      check('anchor: rotating pairs (engine.ropeFrequencies(64, base))', '32', String(c.nPairs)),
    ];
  }
}

/** 0.000133 → "1.33e-4"; 1 → "1". */
function sci(x) {
  if (x >= 0.01) return num(x, 3).replace(/\.?0+$/, '');
  const [m, e] = x.toExponential(2).split('e');
  return `${m}e${e.replace('+', '')}`;
}
