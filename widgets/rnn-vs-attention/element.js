// <attn-rnn-vs-attention> — branch B1: an RNN passes one state along, step by step; attention
// reads every earlier token in one step.
// Left, the RNN as its dependency chain: h_t = f(h_{t−1}, x_t), so step t waits for step t − 1; a
// stepper (Step / Back / Reset / Play, arrow keys) walks the chain and highlights the running
// step. No RNN is run: the chain and its counts are structure (T sequential steps, T − 1 updates
// from token 1 to token T). Right, attention: every token draws arcs to all earlier tokens at
// once (engine.causalMask); for T ≤ 5 the arcs of the chosen query carry the engine's causal
// weights on the zh-gift teaching world (engine.attention), for longer T the picture shows the
// structure only and says so. Below, the counts for any T (4,096 in the course).
// Attributes: lang (zh-CN | en); t (tokens in the picture, 2–12, default 5); count-t (default
// 4096).
/** @import { Runtime } from '../../web/runtime.js' */
import { line, row, sub, paren, formula as mathFormula } from '../../web/mathml.js';
import { AttnWidget, check } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, svg, pct, num } from '../../web/dom.js';
import { CATEGORY, weightColor, textOn } from '../../web/color.js';
import { worldTensors } from '../../web/world.js';
import {
  T_PICTURE,
  T_COUNT,
  COURSE_T,
  WORLD,
  grouped,
  clampInt,
  rnnDependsOn,
  rnnCounts,
  attentionCounts,
  causalPattern,
  worldWeights,
  rowSum,
  pictureLabels,
  subscript,
} from './logic.js';

const PLAY_MS = 900;

const CSS = `
h3 { font-size: 0.98rem; margin: 12px 0 4px; }
.controls label { display: grid; grid-template-columns: 1fr auto; gap: 0 8px; align-items: center; max-width: 420px; }
.controls input[type="range"] { grid-column: 1 / -1; width: 100%; min-width: 0; }
.stepper { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
.status { font-weight: 600; margin: 4px 0; }
.panels { display: grid; gap: 10px; grid-template-columns: repeat(auto-fit, minmax(270px, 1fr)); }
.panel { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 6px 8px; min-width: 0; }
.panel h3 { margin-top: 2px; }
.chain { display: flex; flex-wrap: wrap; gap: 6px 0; align-items: flex-start; margin: 6px 0; }
.unit { display: grid; grid-template-columns: auto auto; grid-template-rows: 2.3em auto auto; justify-items: center; align-items: center; }
.unit .in { grid-row: 1; grid-column: 1; padding: 0 1px; color: var(--_control-border); font-size: 1.05em; }
.unit .hbox { grid-row: 1; grid-column: 2; }
.unit .up { grid-row: 2; grid-column: 2; color: var(--_control-border); line-height: 1; }
.unit .tok { grid-row: 3; grid-column: 2; font-size: 0.82em; white-space: nowrap; }
.hbox { min-width: 2.4em; height: 2.2em; padding: 0 3px; border-radius: 4px; border: 1px solid var(--_control-border); display: grid;
  place-items: center; font-size: 0.85em; font-variant-numeric: tabular-nums; background: var(--_bg); color: var(--_fg); }
.hbox.done { background: ${CATEGORY.a}; border-color: ${CATEGORY.a}; color: #fff; }
.hbox.current { background: ${CATEGORY.b}; border: 2px solid var(--_fg); color: #000; font-weight: 700; }
.hbox.waiting { border-style: dashed; color: var(--_muted-5a5a5a); }
.hbox.initial { background: var(--_surface-ececec); }
.unit.current .in, .unit.current .up { color: var(--_fg); font-weight: 700; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 0.82em; align-items: center; margin: 4px 0; }
.legend .hbox { min-width: 1.6em; height: 1.4em; display: inline-grid; vertical-align: middle; margin-right: 4px; }
.arcs { display: block; width: 100%; height: auto; margin: 4px 0; }
.arcs text { font-size: 14px; fill: var(--_fg); }
.arcs text.sel { font-weight: 700; }
.queries { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
.queries button { min-width: 2.6em; padding: 2px 8px; }
.weights { width: 100%; }
.weights td.w { text-align: center; font-variant-numeric: tabular-nums; border-radius: 3px; }
.gloss { font-size: 0.82em; color: var(--_fg-2-444); }
.note { padding: 2px 8px; background: var(--_warn-bg-fff8e8); margin: 6px 0; }
.counts { width: 100%; }
.counts th, .counts td { vertical-align: top; text-align: left; }
.counts td .big { font-weight: 700; font-size: 1.05em; font-variant-numeric: tabular-nums; }
.counts td .formula { display: block; }
.count-input { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; }
.count-input input { width: 9em; }
@media (max-width: 420px) {
  .hbox { min-width: 2.1em; font-size: 0.78em; }
  .counts thead tr, .counts tbody tr { display: grid; grid-template-columns: 1fr 1fr; }
  .counts thead td { display: none; }
  .counts tbody th { grid-column: 1 / -1; border-bottom: none; padding-bottom: 0; }
  .counts th, .counts td { padding: 3px 4px; }
}
`;

/** h_{t−1} (or h_{T−1}): the state one step before t. @param {string} t */
const H_BEFORE = (t) => sub('h', row(t, '−', 1));
/** h_t = f(h_{t−1}, x_t) */
const RECURRENCE_MATH = row(sub('h', 't'), '=', 'f', paren(H_BEFORE('t'), ',', sub('x', 't')));

/**
 * @tag attn-rnn-vs-attention
 * @summary Branch B1: RNN vs attention.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {number} [t=5] - sequence length of the picture (2–12)
 * @attr {number} [count-t=4096] - sequence length of the counts
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, tokens (T), countTokens, step, query}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class RnnVsAttention extends AttnWidget {
  static css = CSS;

  static strings = {
    'zh-CN': {
      title: 'RNN 一步一步传状态 vs 注意力一步看完',
      help: line(
        'RNN 一个接一个地读，手里只带一个固定大小的状态 h：',
        RECURRENCE_MATH,
        '，第 t 步要等第 t−1 步算完。注意力里每个 token 一步就直接看到前面所有 token。点「下一步」（或方向键）逐步走 RNN 的链。',
      ),
      tPicture: '图里的 token 数 T',
      back: '← 上一步',
      step: '下一步 →',
      reset: '重来',
      play: '▶ 播放',
      pause: '⏸ 暂停',
      stepper: '逐步走 RNN',
      status: (s, T) => `RNN：第 ${s} / ${T} 步；注意力：1 步就已算完全部 ${T} 行`,
      rnnTitle: 'RNN：一条依赖链',
      rnnNow: (s) =>
        `第 ${s} 步：h${subscript(s)} = f(h${subscript(s - 1)}, x${subscript(s)})——要等 h${subscript(s - 1)} 算完才能开始。`,
      rnnReach: (s) =>
        s > 1
          ? `第 1 个 token 的信息走到这里已经过了 ${s - 1} 次更新（h₁ → … → h${subscript(s)}）。`
          : '第 1 个 token 的信息刚进入 h₁。',
      hLabel: (t, kind) => `h${subscript(t)}：${kind}`,
      kindDone: '已算完',
      kindCurrent: '正在算（本步）',
      kindWaiting: '还在等前一步',
      kindInitial: '初始状态',
      legendDone: '已算完',
      legendCurrent: '本步在算',
      legendWaiting: '等待中',
      attnTitle: '注意力：一步，全部连上',
      attnHelp:
        '每条弧把一个 token 连到它前面（含自己）的一个 token；所有弧在同一步里一起算，谁也不等谁。选一个查询看它的那一行。',
      queryPick: '查询 token（蓝色的弧）',
      queryBtn: (l, i) => `查询 ${i + 1}：${l}`,
      arcsLabel: (T, n) => `${T} 个 token，因果掩码下共 ${n} 条「查询 → 键」连线，在一步里同时算`,
      weightsTitle: (q, s) =>
        `「${q}」这一行的权重（引擎：因果、单头、分数 ÷ √d，「${s}」的教学向量）`,
      key: '键',
      weight: '权重',
      sumLine: (terms, s) => `行和 = ${terms} = ${s}`,
      noWeights: (T, n) =>
        `T = ${T} 比教学世界的 ${n} 个 token 长，这里不画权重：弧只表示每个 token 能直接读到哪些更早的 token（引擎的因果掩码），不表示读多少。`,
      worldNote: '权重来自手工构造的 4 维教学向量，不是模型学到的。',
      gloss: '',
      countsTitle: '换成任意长度 T 来数',
      countT: '序列长度 T',
      colWhat: '',
      colRnn: 'RNN',
      colAttn: '注意力',
      rowSteps: '每层必须依次执行的步数',
      rowPath: '第 1 个 token 到第 T 个 token 之间的更新次数（路径长度）',
      rowReads: '第 T 个 token 直接读到的东西',
      rowPairs: '这一层要打分的「查询 → 键」对',
      rnnSteps: (T) => line(`T = ${T}（`, sub('h', 't'), ' 要等 ', H_BEFORE('t'), '）'),
      attnSteps: (T) => `所有 ${T} 行同时算，没有一行等另一行`,
      rnnPath: (T, n) => `T − 1 = ${T} − 1 = ${n}`,
      attnPath: (ok) =>
        ok ? '因果掩码第 T 行第 1 列 = 1：直接读，1 步' : 'T = 1：第 1 个 token 就是第 T 个',
      rnnReadsBig: '1 个状态',
      rnnReads: line('固定大小的 ', H_BEFORE('T'), '（和 T 无关）'),
      attnReads: (n) => `全部 ${n} 个键（因果掩码第 T 行里 1 的个数）`,
      rnnPairs: '没有打分；代价是 T 步串行',
      attnPairs: (T, n) => `1 + 2 + … + T = T(T+1)/2 = ${n}（T = ${T}）`,
      tradeoff:
        '注意力把「T 步串行」换成了「一步里 T(T+1)/2 对并行打分」：路径短了，要打分的配对数却随 T² 增长（第 2 课的 T×T 分数矩阵）。',
      bottleneck:
        '翻译时还有第二个问题：RNN 编码器把整句源语言挤进一个定长向量交给解码器——Bahdanau 2014 说的瓶颈。注意力让解码器每一步回头给源句的每个位置打分、加权取回（第 2 课的加性注意力）。',
      chainLabel: (T) => `RNN 的依赖链：h₀ → h₁ → … → h${subscript(T)}`,
    },
    en: {
      title: 'An RNN passes its state step by step; attention sees everything in one step',
      help: line(
        'An RNN reads one token after another, carrying one fixed-size state h: ',
        RECURRENCE_MATH,
        ', so step t waits for step t − 1. In attention every token reaches every earlier token directly, in one step. Press Step (or the arrow keys) to walk the RNN’s chain.',
      ),
      tPicture: 'Tokens in the picture T',
      back: '← Back',
      step: 'Step →',
      reset: 'Reset',
      play: '▶ Play',
      pause: '⏸ Pause',
      stepper: 'Walk the RNN',
      status: (s, T) => `RNN: step ${s} of ${T}; attention: all ${T} rows done in 1 step`,
      rnnTitle: 'RNN: a chain of dependencies',
      rnnNow: (s) =>
        `Step ${s}: h${subscript(s)} = f(h${subscript(s - 1)}, x${subscript(s)}), which cannot start before h${subscript(s - 1)} is done.`,
      rnnReach: (s) =>
        s > 1
          ? `Token 1’s information has gone through ${s - 1} update${s - 1 === 1 ? '' : 's'} to get here (h₁ → … → h${subscript(s)}).`
          : 'Token 1’s information has just entered h₁.',
      hLabel: (t, kind) => `h${subscript(t)}: ${kind}`,
      kindDone: 'done',
      kindCurrent: 'running (this step)',
      kindWaiting: 'waiting for the step before',
      kindInitial: 'initial state',
      legendDone: 'done',
      legendCurrent: 'running this step',
      legendWaiting: 'waiting',
      attnTitle: 'Attention: one step, every link at once',
      attnHelp:
        'Each arc joins a token to one token at or before it; all arcs are computed in the same step, none waits for another. Pick a query to see its row.',
      queryPick: 'Query token (blue arcs)',
      queryBtn: (l, i) => `query ${i + 1}: ${l}`,
      arcsLabel: (T, n) =>
        `${T} tokens, ${n} query → key links under the causal mask, computed together in one step`,
      weightsTitle: (q, s) =>
        `The ${q} row’s weights (engine: causal, one head, scores ÷ √d, the teaching vectors of “${s}”)`,
      key: 'Key',
      weight: 'Weight',
      sumLine: (terms, s) => `row sum = ${terms} = ${s}`,
      noWeights: (T, n) =>
        `T = ${T} is longer than the teaching world’s ${n} tokens, so no weights here: the arcs only show which earlier tokens each token reads directly (the engine’s causal mask), not how much.`,
      worldNote:
        'The weights come from hand-made 4-dim teaching vectors, not from a trained model.',
      gloss: '小明 Xiaoming · 把 ba (object marker) · 苹果 apple · 给了 gave · 小王 Xiaowang',
      countsTitle: 'Count it for any length T',
      countT: 'Sequence length T',
      colWhat: '',
      colRnn: 'RNN',
      colAttn: 'Attention',
      rowSteps: 'Steps per layer that must run one after another',
      rowPath: 'Updates between token 1 and token T (path length)',
      rowReads: 'What token T reads directly',
      rowPairs: 'Query → key pairs this layer scores',
      rnnSteps: (T) => line(`T = ${T} (`, sub('h', 't'), ' waits for ', H_BEFORE('t'), ')'),
      attnSteps: (T) => `all ${T} rows at once; no row waits for another`,
      rnnPath: (T, n) => `T − 1 = ${T} − 1 = ${n}`,
      attnPath: (ok) =>
        ok ? 'causal mask row T, column 1 = 1: read directly, 1 step' : 'T = 1: token 1 is token T',
      rnnReadsBig: '1 state',
      rnnReads: line('a fixed-size ', H_BEFORE('T'), ' (the same size for any T)'),
      attnReads: (n) => `all ${n} keys (the ones in row T of the causal mask)`,
      rnnPairs: 'no scores; the price is T sequential steps',
      attnPairs: (T, n) => `1 + 2 + … + T = T(T+1)/2 = ${n} (T = ${T})`,
      tradeoff:
        'Attention trades T sequential steps for T(T+1)/2 pairs scored in parallel in one step: the path is short, but the pairs grow as T² (lesson 2’s T×T score matrix).',
      bottleneck:
        'Translation adds a second problem: the RNN encoder squeezes the whole source sentence into one fixed-size vector for the decoder, the bottleneck Bahdanau 2014 named. Attention lets the decoder score every source position at every step and take a weighted mix (lesson 2’s additive attention).',
      chainLabel: (T) => `The RNN’s dependency chain: h₀ → h₁ → … → h${subscript(T)}`,
    },
  };

  static get observedAttributes() {
    return ['lang', 't', 'count-t'];
  }

  attributeChangedCallback(name, old, value) {
    // Re-read from the attributes in build(); the stepper and the picked query start again.
    if (name === 't') this.T = this.s = this.query = undefined;
    if (name === 'count-t') this.countT = undefined;
    super.attributeChangedCallback(name, old, value);
  }

  disconnectedCallback() {
    if (!this.timer) return;
    this.stopPlay();
    this.update(); // the Play button must not still say Pause when the element comes back
  }

  updateDetail() {
    return {
      ...super.updateDetail(),
      tokens: this.T,
      countTokens: this.countT,
      step: this.s,
      query: this.query,
    };
  }

  /** @param {Runtime} rt */
  build(rt) {
    const w = worldTensors(rt, WORLD);
    this.nWorld = w.tokens.length;
    this.T ??= clampInt(
      this.getAttribute('t') ?? T_PICTURE.initial,
      T_PICTURE.min,
      T_PICTURE.max,
      T_PICTURE.initial,
    );
    this.countT ??= clampInt(
      this.getAttribute('count-t') ?? T_COUNT.initial,
      T_COUNT.min,
      T_COUNT.max,
      T_COUNT.initial,
    );
    this.s ??= 1;
    this.query ??= this.T - 1;
    this.stopPlay();
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, mathFormula(this.t('help'))),
      this.lengthControl(),
      this.stepper(),
      this.status,
      h('div', { class: 'panels' }, [this.rnnPanel(), this.attentionPanel()]),
      ...this.countsSection(),
    );
  }

  /** The slider of T, the sequence length both pictures show. */
  lengthControl() {
    const out = h('output', { for: 'rnn-t' }, String(this.T));
    this.tSlider = h('input', {
      id: 'rnn-t',
      type: 'range',
      min: T_PICTURE.min,
      max: T_PICTURE.max,
      step: 1,
      value: this.T,
      'data-role': 't',
      oninput: () => {
        out.textContent = this.tSlider.value;
        const followed = this.query === this.s - 1 || this.query === this.T - 1;
        this.T = Number(this.tSlider.value);
        this.s = Math.min(this.s, this.T);
        this.query = followed ? this.T - 1 : Math.min(this.query, this.T - 1);
        this.update();
      },
    });
    return h(
      'div',
      { class: 'controls' },
      h('label', { for: 'rnn-t' }, [h('span', {}, this.t('tPicture')), out, this.tSlider]),
    );
  }

  /** Back / step / reset / play through the RNN's steps (arrow keys, Home, End too). */
  stepper() {
    this.backBtn = h(
      'button',
      { type: 'button', 'data-role': 'back', onclick: () => this.go(this.s - 1) },
      this.t('back'),
    );
    this.stepBtn = h(
      'button',
      { type: 'button', 'data-role': 'step', onclick: () => this.go(this.s + 1) },
      this.t('step'),
    );
    this.resetBtn = h(
      'button',
      { type: 'button', 'data-role': 'reset', onclick: () => this.go(1) },
      this.t('reset'),
    );
    this.playBtn = h(
      'button',
      {
        type: 'button',
        'data-role': 'play',
        'aria-pressed': 'false',
        onclick: () => this.togglePlay(),
      },
      this.t('play'),
    );
    this.status = h('p', { class: 'status', 'data-role': 'status', 'aria-live': 'polite' });
    const group = h('div', { class: 'stepper', role: 'group', 'aria-label': this.t('stepper') }, [
      this.backBtn,
      this.stepBtn,
      this.resetBtn,
      this.playBtn,
    ]);
    group.addEventListener('keydown', (e) => {
      const to = { ArrowRight: this.s + 1, ArrowLeft: this.s - 1, Home: 1, End: this.T }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      this.go(to);
    });

    return group;
  }

  /** The RNN: one hidden state after another, each waiting for the last. */
  rnnPanel() {
    this.chain = h('div', { class: 'chain', role: 'list', 'data-role': 'chain' });
    this.rnnNow = h('p', { class: 'formula', 'data-role': 'rnn-now' });
    this.rnnReach = h('p', { 'data-role': 'rnn-reach' });
    const legendBox = (cls, text) =>
      h('span', {}, [h('span', { class: `hbox ${cls}`, 'aria-hidden': 'true' }), text]);

    return h('section', { class: 'panel rnn', 'aria-label': this.t('rnnTitle') }, [
      h('h3', {}, this.t('rnnTitle')),
      h('div', { class: 'legend' }, [
        legendBox('done', this.t('legendDone')),
        legendBox('current', this.t('legendCurrent')),
        legendBox('waiting', this.t('legendWaiting')),
      ]),
      this.chain,
      this.rnnNow,
      this.rnnReach,
    ]);
  }

  /** Attention: every query reaches every earlier token in one step, with its weights. */
  attentionPanel() {
    this.arcs = svg('svg', { class: 'arcs', role: 'img', 'data-role': 'arcs' });
    this.queries = h('div', {
      class: 'queries',
      role: 'group',
      'aria-label': this.t('queryPick'),
      'data-role': 'queries',
    });
    this.queries.addEventListener('keydown', (e) => this.onQueryKey(e));
    this.gloss = h('p', { class: 'gloss' });
    this.weightsBox = h('div', { 'data-role': 'weights' });

    return h('section', { class: 'panel attn', 'aria-label': this.t('attnTitle') }, [
      h('h3', {}, this.t('attnTitle')),
      h('p', { class: 'muted' }, this.t('attnHelp')),
      this.arcs,
      h('p', { class: 'muted' }, this.t('queryPick')),
      this.queries,
      this.gloss,
      this.weightsBox,
    ]);
  }

  /** The table of sequential steps and operations for a length T the student types. */
  countsSection() {
    this.countInput = h('input', {
      id: 'rnn-count-t',
      type: 'number',
      min: T_COUNT.min,
      max: T_COUNT.max,
      step: 1,
      value: this.countT,
      inputmode: 'numeric',
      'data-role': 'count-t',
      oninput: () => {
        const v = clampInt(this.countInput.value, T_COUNT.min, T_COUNT.max, null);
        if (v === null) return;
        this.countT = v;
        this.update();
      },
      onchange: () => {
        this.countInput.value = String(this.countT);
      },
    });
    this.counts = h('table', { class: 'counts', 'data-role': 'counts' });

    return [
      h('h3', {}, this.t('countsTitle')),
      h(
        'div',
        { class: 'count-input' },
        h('label', { for: 'rnn-count-t' }, [this.t('countT'), this.countInput]),
      ),
      scrollRegion(this.counts, { label: this.t('countsTitle'), lang: this.lang }),
      h('p', {}, this.t('tradeoff')),
      h('p', { class: 'note' }, this.t('bottleneck')),
    ];
  }

  go(s) {
    this.stopPlay();
    this.setStep(s);
    const active = /** @type {HTMLButtonElement | null} */ (this.shadowRoot.activeElement);
    if (active && active.disabled) (this.s >= this.T ? this.backBtn : this.stepBtn).focus();
  }

  setStep(s) {
    this.s = Math.min(this.T, Math.max(1, s));
    this.query = this.s - 1; // the highlighted query follows the step
    this.update();
  }

  togglePlay() {
    if (this.timer) {
      this.stopPlay();
      this.update();
      return;
    }
    if (this.s >= this.T) this.setStep(1);
    this.timer = setInterval(() => {
      if (this.s >= this.T) {
        this.stopPlay();
        this.update();
        return;
      }
      this.setStep(this.s + 1);
    }, PLAY_MS);
    this.update();
  }

  stopPlay() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  onQueryKey(e) {
    const to = {
      ArrowRight: this.query + 1,
      ArrowDown: this.query + 1,
      ArrowLeft: this.query - 1,
      ArrowUp: this.query - 1,
      Home: 0,
      End: this.T - 1,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    this.query = Math.min(this.T - 1, Math.max(0, to));
    this.update();
    /** @type {HTMLElement | null} */ (
      this.queries.querySelector(`button[data-q="${this.query}"]`)
    )?.focus();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const { T, s } = this;
    const w = worldTensors(rt, WORLD);
    const labels = pictureLabels(w.tokens, T);
    this.backBtn.disabled = s <= 1;
    this.stepBtn.disabled = s >= T;
    this.playBtn.textContent = this.t(this.timer ? 'pause' : 'play');
    this.playBtn.setAttribute('aria-pressed', String(!!this.timer));
    this.status.textContent = this.t('status', s, T);
    this.drawChain(labels);
    const pattern = causalPattern(rt.engine, T);
    const weights = worldWeights(rt, T);
    this.drawArcs(labels, pattern, weights);
    this.drawQueries(labels);
    this.gloss.textContent = T <= this.nWorld ? this.t('gloss') : '';
    this.gloss.hidden = !this.gloss.textContent;
    this.drawWeights(labels, weights);
    this.drawCounts(rt);
  }

  drawChain(labels) {
    const { T, s } = this;
    const unit = (t) => {
      const kind = t === 0 ? 'initial' : t < s ? 'done' : t === s ? 'current' : 'waiting';
      const kindText = this.t(
        {
          initial: 'kindInitial',
          done: 'kindDone',
          current: 'kindCurrent',
          waiting: 'kindWaiting',
        }[kind],
      );
      const dep = t > 0 ? rnnDependsOn(t) : null;
      return h(
        'div',
        {
          class: `unit ${kind}`,
          role: 'listitem',
          'data-t': t,
          'data-state': dep ? dep.state : '',
        },
        [
          t > 0 ? h('span', { class: 'in', 'aria-hidden': 'true' }, '→') : null,
          h(
            'span',
            { class: `hbox ${kind}`, role: 'img', 'aria-label': this.t('hLabel', t, kindText) },
            `h${subscript(t)}`,
          ),
          t > 0 ? h('span', { class: 'up', 'aria-hidden': 'true' }, '↑') : null,
          t > 0 ? h('span', { class: 'tok' }, labels[dep.token - 1]) : null,
        ],
      );
    };
    this.chain.setAttribute('aria-label', this.t('chainLabel', T));
    this.chain.replaceChildren(...Array.from({ length: T + 1 }, (_, t) => unit(t)));
    this.rnnNow.textContent = this.t('rnnNow', s);
    this.rnnReach.textContent = this.t('rnnReach', s);
  }

  drawArcs(labels, pattern, weights) {
    const T = labels.length;
    const dx = T <= this.nWorld ? 56 : 30;
    const pad = 24;
    const width = pad * 2 + dx * (T - 1);
    const x = (i) => pad + dx * i;
    const rise = (d) => 0.45 * d + 8; // control-point height of an arc spanning d units
    const top = 0.75 * rise(dx * (T - 1)) + 10;
    const base = top + 8;
    const height = base + 26;
    const q = this.query;
    let links = 0;
    const faint = [],
      strong = [];
    for (let i = 0; i < T; i++) {
      for (let j = 0; j <= i; j++) {
        if (!pattern[i][j]) continue;
        links++;
        const sel = i === q;
        const wij = weights ? weights[i][j] : null;
        const stroke = sel ? CATEGORY.a : '#b3b3b3';
        const sw = sel ? (wij === null ? 2.5 : 1.2 + 8 * wij) : 1;
        const el =
          i === j
            ? svg('circle', {
                cx: x(i),
                cy: base - 7,
                r: 6,
                fill: 'none',
                stroke,
                'stroke-width': sw,
                'data-q': i,
                'data-k': j,
              })
            : svg('path', {
                d: `M ${x(i)} ${base} C ${x(i)} ${base - rise(x(i) - x(j))} ${x(j)} ${base - rise(x(i) - x(j))} ${x(j)} ${base}`,
                fill: 'none',
                stroke,
                'stroke-width': sw,
                'stroke-linecap': 'round',
                'data-q': i,
                'data-k': j,
              });
        (sel ? strong : faint).push(el);
      }
    }
    const texts = labels.map((l, i) =>
      svg(
        'text',
        { x: x(i), y: base + 19, 'text-anchor': 'middle', class: i === q ? 'sel' : null },
        l,
      ),
    );
    const dots = labels.map((_, i) =>
      svg('circle', { cx: x(i), cy: base, r: 2.5, fill: i === q ? CATEGORY.a : '#6b6b6b' }),
    );
    this.arcs.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.arcs.style.setProperty('max-width', `${Math.round(width * 1.25)}px`);
    this.arcs.setAttribute('aria-label', this.t('arcsLabel', T, grouped(links)));
    this.arcs.dataset.links = String(links);
    this.arcs.replaceChildren(...faint, ...strong, ...dots, ...texts);
  }

  drawQueries(labels) {
    this.queries.replaceChildren(
      ...labels.map((l, i) =>
        h(
          'button',
          {
            type: 'button',
            'data-q': i,
            'aria-pressed': String(i === this.query),
            tabindex: i === this.query ? '0' : '-1',
            'aria-label': this.t('queryBtn', l, i),
            onclick: () => {
              this.query = i;
              this.update();
              /** @type {HTMLElement | null} */ (
                this.queries.querySelector(`button[data-q="${i}"]`)
              )?.focus();
            },
          },
          l,
        ),
      ),
    );
  }

  drawWeights(labels, weights) {
    const q = this.query;
    if (!weights) {
      this.weightsBox.replaceChildren(
        h(
          'p',
          { class: 'note', 'data-role': 'no-weights' },
          this.t('noWeights', this.T, this.nWorld),
        ),
      );
      return;
    }
    const row = weights[q].slice(0, q + 1);
    const rows = row.map((wij, j) =>
      h('tr', { 'data-k': j }, [
        h('th', { scope: 'row' }, labels[j]),
        h(
          'td',
          { class: 'w', style: { background: weightColor(wij), color: textOn(wij) } },
          pct(wij),
        ),
      ]),
    );
    this.weightsBox.replaceChildren(
      h(
        'p',
        { class: 'muted' },
        this.t(
          'weightsTitle',
          labels[q],
          worldTensors(this.rt, WORLD).title[this.isEnglish ? 'en' : 'zh-CN'],
        ),
      ),
      h('table', { class: 'weights', 'data-role': 'weights-table' }, [
        h(
          'thead',
          {},
          h('tr', {}, [
            h('th', { scope: 'col' }, this.t('key')),
            h('th', { scope: 'col' }, this.t('weight')),
          ]),
        ),
        h('tbody', {}, rows),
      ]),
      h(
        'p',
        { class: 'formula', 'data-role': 'row-sum' },
        this.t('sumLine', row.map((v) => num(v, 3)).join(' + '), num(rowSum(row), 3)),
      ),
      h('p', { class: 'muted' }, this.t('worldNote')),
    );
  }

  /** @param {Runtime} rt */
  drawCounts(rt) {
    const T = this.countT;
    const r = rnnCounts(T);
    const a = attentionCounts(rt.engine, T);
    const cell = (big, formula) =>
      h('td', {}, [
        h('span', { class: 'big' }, big),
        formula ? h('span', { class: 'formula' }, mathFormula(formula)) : null,
      ]);
    this.counts.replaceChildren(
      h(
        'thead',
        {},
        h('tr', {}, [
          h('td', {}, this.t('colWhat')),
          h('th', { scope: 'col' }, this.t('colRnn')),
          h('th', { scope: 'col' }, this.t('colAttn')),
        ]),
      ),
      h('tbody', {}, [
        h('tr', { 'data-row': 'steps' }, [
          h('th', { scope: 'row' }, this.t('rowSteps')),
          cell(grouped(r.sequentialSteps), this.t('rnnSteps', grouped(T))),
          cell(String(a.sequentialSteps), this.t('attnSteps', grouped(T))),
        ]),
        h('tr', { 'data-row': 'path' }, [
          h('th', { scope: 'row' }, this.t('rowPath')),
          cell(grouped(r.pathLength), this.t('rnnPath', grouped(T), grouped(r.pathLength))),
          cell(String(a.pathLength), this.t('attnPath', T > 1)),
        ]),
        h('tr', { 'data-row': 'reads' }, [
          h('th', { scope: 'row' }, this.t('rowReads')),
          cell(this.t('rnnReadsBig'), this.t('rnnReads')),
          cell(grouped(a.keysOfLast), this.t('attnReads', grouped(a.keysOfLast))),
        ]),
        h('tr', { 'data-row': 'pairs' }, [
          h('th', { scope: 'row' }, this.t('rowPairs')),
          cell('—', this.t('rnnPairs')),
          cell(grouped(a.pairs), this.t('attnPairs', grouped(T), grouped(a.pairs))),
        ]),
      ]),
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    const r = rnnCounts(COURSE_T);
    const a = attentionCounts(rt.engine, COURSE_T);
    const w = worldTensors(rt, WORLD);
    const n = w.tokens.length;
    const weights = worldWeights(rt, n);
    const maxErr = Math.max(...weights.map((row) => Math.abs(rowSum(row) - 1)));
    const ix = (t) => w.tokens.indexOf(t);
    const gave = weights[ix('给了')];
    return [
      check(
        'T = 4,096: RNN steps per layer that cannot run in parallel',
        '4,096',
        grouped(r.sequentialSteps),
      ),
      check('T = 4,096: updates from token 1 to token T', '4,095', grouped(r.pathLength)),
      check('T = 4,096: attention sequential steps per layer', '1', String(a.sequentialSteps)),
      check(
        'T = 4,096: attention path length token 1 → token T (causal mask row T, key 1)',
        '1',
        String(a.pathLength),
      ),
      check(
        'T = 4,096: keys token T reads directly (ones in the causal mask row)',
        '4,096',
        grouped(a.keysOfLast),
      ),
      check('T = 4,096: query → key pairs under the causal mask', '8,390,656', grouped(a.pairs)),
      check(
        'zh-gift causal: 给了 → 苹果 / 小明',
        '56.5% / 39.4%',
        `${pct(gave[ix('苹果')])} / ${pct(gave[ix('小明')])}`,
      ),
      {
        name: 'zh-gift causal weights: each of the 5 rows sums to 1 (±1e-6)',
        expected: '≤ 1e-6',
        actual: maxErr.toExponential(1),
        ok: maxErr <= 1e-6,
      },
    ];
  }
}
