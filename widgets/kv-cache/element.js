// <attn-kv-cache> — lesson 8, the KV cache, as a generation stepper.
// The engine's tiny seeded decoder generates G tokens after a prompt of P tokens twice: once
// re-running the whole sequence every step (no cache), once prefilling the prompt and then
// feeding only the newest token (KV cache). Each step draws the sequence positions as boxes:
// whose K/V this step computed, whose it read back from the cache — straight from the engine's
// per-step trace (steps[i].computed / steps[i].reused). Beside it: the running counts, the two
// sums written out, the generated ids of both runs (identical), and the cache's bytes per step.
// Attributes: lang (zh-CN | en); prompt (P, 1–6, default 2); generate (G, 1–8, default 3).
/** @import { Runtime } from '../../web/runtime.js' */
import { line, row as mrow, paren, formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { h, exactBytes } from '../../web/dom.js';
import { CATEGORY } from '../../web/color.js';
import {
  DECODER,
  FLOAT32_BYTES,
  P_MIN,
  P_MAX,
  G_MIN,
  G_MAX,
  COURSE,
  stepperState,
  sameTokens,
  termsText,
  incrementalDiff,
  courseNumbers,
} from './logic.js';

const CSS = `
h3 { font-size: 0.98rem; margin: 10px 0 4px; }
.controls { display: grid; gap: 4px 12px; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); }
.controls label { display: grid; grid-template-columns: 1fr auto; gap: 0 8px; align-items: center; }
.controls input[type="range"] { grid-column: 1 / -1; width: 100%; min-width: 0; }
.stepper { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
.stepper .status { font-weight: 600; }
.steps { display: grid; gap: 6px; margin: 6px 0; }
.step { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 4px 6px; }
.step.current { border: 2px solid var(--_accent); }
.step-title { font-size: 0.85em; font-weight: 600; margin: 0 0 2px; }
.lane { display: grid; grid-template-columns: 10em minmax(0, 1fr); gap: 6px; align-items: center; margin: 2px 0; }
.lane-label { font-size: 0.82em; color: var(--_fg-2-333); }
.boxes { display: flex; flex-wrap: wrap; gap: 3px; }
/* A position chip: at least 28 × 32 px with 13 px text (11 px for its position), on a phone too. */
.box { min-width: 32px; height: 36px; padding: 0 2px; border-radius: 4px; border: 1px solid var(--_control-border); display: grid; place-items: center;
  font-size: 13px; line-height: 1.1; text-align: center; font-variant-numeric: tabular-nums; background: var(--_bg); color: var(--_fg); }
.box .pos { font-size: 11px; }
.box.computed { background: ${CATEGORY.a}; border-color: ${CATEGORY.a}; color: #fff; }
.box.reused { background-color: ${CATEGORY.b}; color: #000; border-color: var(--_warn-border-8a5f00);
  background-image: repeating-linear-gradient(135deg, rgba(255,255,255,0.45) 0 3px, transparent 3px 7px); }
.box.new { border: 2px dashed var(--_fg); font-weight: 700; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 0.85em; align-items: center; margin: 4px 0; }
.legend .box { min-width: 24px; width: 24px; height: 24px; display: inline-grid; vertical-align: middle; margin-right: 4px; }
.counts { width: 100%; }
.counts td, .counts th { vertical-align: top; }
.count-formulas p { margin: 2px 0; }
.big { font-weight: 700; font-size: 1.05em; }
.tokens { display: grid; gap: 2px; }
.tokens .lane-label { font-weight: 600; }
.ids { font-family: ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
.ids .gen { font-weight: 700; text-decoration: underline; }
.same { font-weight: 600; color: var(--_ok); }
.differ { font-weight: 600; color: var(--_error); }
.bytes { display: grid; gap: 3px; }
.bar-row { display: grid; grid-template-columns: 4.2em minmax(0, 1fr); gap: 0 8px; align-items: center; }
.bar-row .bar-track { height: 12px; }
.bar-row .val { grid-column: 2; font-size: 0.85em; }
.note { padding: 2px 8px; background: var(--_warn-bg-fff8e8); margin: 6px 0; }
@media (max-width: 420px) {
  .lane { grid-template-columns: 1fr; gap: 0; }
  .box { min-width: 28px; height: 32px; font-size: 12px; }
}
`;

/** 3.0e-7, or 0 when the engine's difference is exactly 0. */
const tiny = (x) => (x === 0 ? '0' : x.toExponential(1));

const clampInt = (v, lo, hi, dflt) => {
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : dflt;
};

/** "2 + 3 + 4" (termsText) as formula terms, each at the top level so that a line wraps. */
const termsMath = (text) =>
  String(text)
    .split(' + ')
    .flatMap((t, k) => (k ? ['+', t] : [t]));
/** P + (P+1) + … + (P+G−1) = terms = n: every step recomputes all its positions. */
const withoutCacheMath = (text, n) =>
  mrow(
    'P',
    '+',
    paren('P', '+', 1),
    '+',
    '…',
    '+',
    paren('P', '+', 'G', '−', 1),
    '=',
    ...termsMath(text),
    '=',
    n,
  );
/** P + (G−1) = P + (G − 1) = terms = n: the prompt once, then one new position per step. */
const withCacheMath = (P, G, text, n) =>
  mrow(
    'P',
    '+',
    paren('G', '−', 1),
    '=',
    P,
    '+',
    paren(G, '−', 1),
    '=',
    ...termsMath(text),
    '=',
    n,
  );

/**
 * @tag attn-kv-cache
 * @summary Lesson 8: the KV cache, stepped through generation.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @attr {number} [prompt=2] - prompt tokens (1–6)
 * @attr {number} [generate=3] - tokens to generate (1–8)
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, prompt, generate (token counts), step}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 * @csspart note - the highlighted note
 */
export class KvCache extends AttnWidget {
  static css = CSS;

  static strings = {
    'zh-CN': {
      title: 'KV cache 步进器：生成时哪些 K/V 在重算，哪些从缓存读',
      help: '一个由固定种子生成权重的小解码器（没训练过）逐个生成 token：左右两种做法用同一个模型，一步一步看每一步算了几份 K/V、读了几份。',
      untrained: (v) =>
        `这个模型没训练过：权重由固定种子生成，它选出的 token 只是 0–${v - 1} 的编号，没有任何意思。要看的是两种做法选出的编号逐位相同，以及各自算了多少份 K/V。`,
      promptLen: '提示长度 P',
      genLen: '生成 token 数 G',
      back: '← 上一步',
      step: '下一步 →',
      reset: '重来',
      status: (s, g) => `第 ${s} / ${g} 步`,
      stepN: (i) => `第 ${i} 步`,
      stepper: '逐步生成',
      stepTitle: (i, pos, tok) => `第 ${i} 步：生成位置 ${pos} 的 token（编号 ${tok}）`,
      without: '不用缓存',
      with: '用 KV cache',
      legendComputed: '本步算 K/V',
      legendReused: '从缓存读 K/V',
      legendNew: '本步生成的 token',
      boxLabel: (pos, tok, kind) => `位置 ${pos}，token ${tok}：${kind}`,
      kindComputed: '本步算 K/V',
      kindReused: '从缓存读 K/V',
      kindNew: '本步生成',
      laneLabel: (mode, c, r) => `${mode}：算 ${c} 份，读 ${r} 份`,
      countsTitle: '算了多少份 K/V（每个位置每步算一次计一份，各层一样）',
      colMode: '做法',
      colThis: '这一步算',
      colSoFar: (s) => `到第 ${s} 步累计`,
      colTotal: (g) => `生成完 ${g} 个`,
      formulaWithout: (P, G, terms, n) =>
        line('不用缓存：', withoutCacheMath(terms, n), `（P = ${P}，G = ${G}）`),
      formulaWith: (P, G, terms, n) => line('用缓存：', withCacheMath(P, G, terms, n)),
      soFarLine: (s, a, b) => `到第 ${s} 步：不用缓存 ${a}，用缓存 ${b}`,
      recompute: (diff, a, b) =>
        `不用缓存时多算（重算上一步已经算过的）：${a} − ${b} = ${diff} 份，正好是用缓存时从缓存读的份数。`,
      tokensTitle: '两种做法生成的 token 编号（加粗带下划线的是生成的，其余是提示）',
      same: '逐位相同 ✓',
      differ: '不一样 ✗',
      bytesTitle: '缓存占的字节（float32），每步之后',
      bytesFormula: (L, g, d, b) =>
        `层数 × 2（K 和 V）× 位置数 t × KV 头 × head_dim × 每个数的字节 = ${L} × 2 × t × ${g} × ${d} × ${b} B`,
      bytesRow: (t, L, g, d, b, v) => `t = ${t}：${L} × 2 × ${t} × ${g} × ${d} × ${b} B = ${v}`,
      bytesNote:
        '没有缓存就什么都不存（0 B），代价是每步把整段重算一遍；有缓存时字节数随位置数线性增长。',
      incr: (d) =>
        `同样这串 token，整段一次前向与用缓存逐个喂入，logits 的最大差 = ${d}（引擎核对，< 1e-4）。`,
      model: (c) =>
        `模型：${c.nLayers} 层，${c.nHeads} 个 Q 头、${c.nKvHeads} 个 KV 头，head_dim ${c.dHead}，词表 ${c.vocab}，种子 ${c.seed}`,
    },
    en: {
      title: 'KV cache stepper: which K/V are recomputed, which are read from the cache',
      help: 'A tiny decoder with seeded weights (never trained) generates tokens one at a time. Both ways use the same model; step through and see how many K/V rows each step computes and reads.',
      untrained: (v) =>
        `This model is untrained: its weights come from a fixed seed, and the tokens it picks are just ids 0–${v - 1} with no meaning. What matters is that both ways pick the same ids, and how many K/V rows each computes.`,
      promptLen: 'Prompt length P',
      genLen: 'Tokens to generate G',
      back: '← Back',
      step: 'Step →',
      reset: 'Reset',
      status: (s, g) => `Step ${s} of ${g}`,
      stepN: (i) => `Step ${i}`,
      stepper: 'Generate step by step',
      stepTitle: (i, pos, tok) => `Step ${i}: generates the token at position ${pos} (id ${tok})`,
      without: 'Without cache',
      with: 'With KV cache',
      legendComputed: 'K/V computed this step',
      legendReused: 'K/V read from the cache',
      legendNew: 'token generated this step',
      boxLabel: (pos, tok, kind) => `position ${pos}, token ${tok}: ${kind}`,
      kindComputed: 'K/V computed this step',
      kindReused: 'K/V read from the cache',
      kindNew: 'generated this step',
      laneLabel: (mode, c, r) => `${mode}: ${c} computed, ${r} read`,
      countsTitle: 'K/V rows computed (one per position per step, the same in every layer)',
      colMode: 'Method',
      colThis: 'This step',
      colSoFar: (s) => `Up to step ${s}`,
      colTotal: (g) => `All ${g} steps`,
      formulaWithout: (P, G, terms, n) =>
        line('Without cache: ', withoutCacheMath(terms, n), ` (P = ${P}, G = ${G})`),
      formulaWith: (P, G, terms, n) => line('With cache: ', withCacheMath(P, G, terms, n)),
      soFarLine: (s, a, b) => `Up to step ${s}: without cache ${a}, with cache ${b}`,
      recompute: (diff, a, b) =>
        `Computed again without the cache (rows the previous step already had): ${a} − ${b} = ${diff}, exactly the rows the cache reads back.`,
      tokensTitle:
        'Token ids both ways generate (bold and underlined: generated; the rest is the prompt)',
      same: 'identical ✓',
      differ: 'differ ✗',
      bytesTitle: 'Bytes the cache holds (float32) after each step',
      bytesFormula: (L, g, d, b) =>
        `layers × 2 (K and V) × positions t × KV heads × head_dim × bytes per number = ${L} × 2 × t × ${g} × ${d} × ${b} B`,
      bytesRow: (t, L, g, d, b, v) => `t = ${t}: ${L} × 2 × ${t} × ${g} × ${d} × ${b} B = ${v}`,
      bytesNote:
        'Without a cache nothing is kept (0 B), at the price of recomputing the whole sequence every step; with it the bytes grow linearly with the positions.',
      incr: (d) =>
        `For the same tokens, the full forward pass and feeding them one by one through the cache differ by at most ${d} in any logit (checked by the engine, < 1e-4).`,
      model: (c) =>
        `Model: ${c.nLayers} layers, ${c.nHeads} query heads, ${c.nKvHeads} KV heads, head_dim ${c.dHead}, vocabulary ${c.vocab}, seed ${c.seed}`,
    },
  };

  static get observedAttributes() {
    return ['lang', 'prompt', 'generate'];
  }

  attributeChangedCallback(name, old, value) {
    // Re-read from the attributes in build(); the stepper starts again.
    if (name === 'prompt') this.P = this.s = undefined;
    if (name === 'generate') this.G = this.s = undefined;
    super.attributeChangedCallback(name, old, value);
  }

  updateDetail() {
    return { ...super.updateDetail(), prompt: this.P, generate: this.G, step: this.s };
  }

  build() {
    this.P ??= clampInt(this.getAttribute('prompt'), P_MIN, P_MAX, COURSE.P);
    this.G ??= clampInt(this.getAttribute('generate'), G_MIN, G_MAX, COURSE.G);
    this.s ??= 1;
    this.stepsBox = h('div', { class: 'steps' });
    this.counts = h('table', { class: 'counts' });
    this.countFormulas = h('div', { class: 'count-formulas' });
    this.recompute = h('p', { class: 'recompute' });
    this.tokensBox = h('div', { class: 'tokens' });
    this.bytesBox = h('div', { class: 'bytes' });
    this.bytesFormula = h('p', { class: 'formula' });
    this.incr = h('p', { class: 'formula incr' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('p', { class: 'note' }, this.t('untrained', DECODER.vocab)),
      h('p', { class: 'formula' }, this.t('model', DECODER)),
      this.lengthSliders(),
      this.stepper(),
      this.legend(),
      this.stepsBox,
      h('h3', {}, this.t('countsTitle')),
      this.counts,
      this.countFormulas,
      this.recompute,
      h('h3', {}, this.t('tokensTitle')),
      this.tokensBox,
      h('h3', {}, this.t('bytesTitle')),
      this.bytesFormula,
      this.bytesBox,
      h('p', { class: 'muted' }, this.t('bytesNote')),
      this.incr,
    );
  }

  /** The prompt-length and generation-length sliders. */
  lengthSliders() {
    const slider = (id, label, min, max, value, set) => {
      const out = h('output', { for: id }, String(value));
      const input = h('input', {
        id,
        type: 'range',
        min,
        max,
        step: 1,
        value,
        oninput: () => {
          out.textContent = input.value;
          set(Number(input.value));
        },
      });
      return { el: h('label', { for: id }, [h('span', {}, label), out, input]), input, out };
    };
    this.pSlider = slider('kv-p', this.t('promptLen'), P_MIN, P_MAX, this.P, (v) => {
      this.P = v;
      this.update();
    });
    this.gSlider = slider('kv-g', this.t('genLen'), G_MIN, G_MAX, this.G, (v) => {
      this.G = v;
      this.s = Math.min(this.s, v);
      this.update();
    });
    return h('div', { class: 'controls' }, [this.pSlider.el, this.gSlider.el]);
  }

  /** Back / step / reset and the status line; the arrow keys step too. */
  stepper() {
    this.backBtn = h(
      'button',
      { type: 'button', class: 'back', onclick: () => this.go(this.s - 1) },
      this.t('back'),
    );
    this.stepBtn = h(
      'button',
      { type: 'button', class: 'step-btn', onclick: () => this.go(this.s + 1) },
      this.t('step'),
    );
    this.resetBtn = h(
      'button',
      { type: 'button', class: 'reset', onclick: () => this.go(1) },
      this.t('reset'),
    );
    this.status = h('span', { class: 'status', 'aria-live': 'polite' });
    const group = h('div', { class: 'stepper', role: 'group', 'aria-label': this.t('stepper') }, [
      this.backBtn,
      this.stepBtn,
      this.resetBtn,
      this.status,
    ]);
    // Arrow keys step too while focus is on the stepper's buttons.
    group.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowRight') {
        e.preventDefault();
        this.go(this.s + 1);
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        this.go(this.s - 1);
      }
    });
    return group;
  }

  /** What the colours of the step boxes mean. */
  legend() {
    const legendBox = (cls, text) =>
      h('span', {}, [
        h('span', { class: `box ${cls}`, 'aria-hidden': 'true' }, cls === 'new' ? '→' : ''),
        text,
      ]);
    return h('div', { class: 'legend' }, [
      legendBox('computed', this.t('legendComputed')),
      legendBox('reused', this.t('legendReused')),
      legendBox('new', this.t('legendNew')),
    ]);
  }

  go(s) {
    this.s = Math.min(this.G, Math.max(1, s));
    this.update();
    // Keep the keyboard user on a usable button when the one they pressed becomes disabled.
    const active = /** @type {HTMLButtonElement | null} */ (this.shadowRoot.activeElement);
    if (active && active.disabled) (this.s >= this.G ? this.backBtn : this.stepBtn).focus();
  }

  /** @param {Runtime} rt */
  render(rt) {
    const { P, G, s } = this;
    const { full, upTo } = stepperState(rt.engine, P, G, s);
    this.backBtn.disabled = s <= 1;
    this.stepBtn.disabled = s >= G;
    this.status.textContent = this.t('status', s, G);
    this.drawSteps(full, s);
    this.drawCounts(full, upTo, s);
    this.drawTokens(full, P);
    this.drawBytes(full.with, s);
    this.incr.textContent = this.t('incr', tiny(incrementalDiff(rt.engine, full.with.tokens)));
  }

  drawSteps(full, s) {
    const tokens = full.with.tokens;
    const lane = (mode, st) => {
      const computed = new Set(st.computed),
        reused = new Set(st.reused);
      const boxes = [];
      for (let p = 0; p < st.position; p++) {
        const kind = computed.has(p) ? 'computed' : reused.has(p) ? 'reused' : 'idle';
        const kindText =
          kind === 'computed'
            ? this.t('kindComputed')
            : kind === 'reused'
              ? this.t('kindReused')
              : '';
        boxes.push(
          h(
            'span',
            {
              class: `box ${kind}`,
              'data-pos': p,
              role: 'img',
              'aria-label': this.t('boxLabel', p, tokens[p], kindText),
            },
            [h('span', {}, [h('span', { class: 'pos' }, `p${p}`), h('br'), String(tokens[p])])],
          ),
        );
      }
      boxes.push(
        h(
          'span',
          {
            class: 'box new',
            'data-pos': st.position,
            role: 'img',
            'aria-label': this.t('boxLabel', st.position, st.token, this.t('kindNew')),
          },
          [
            h('span', {}, [
              h('span', { class: 'pos' }, `p${st.position}`),
              h('br'),
              `→${st.token}`,
            ]),
          ],
        ),
      );
      const label = this.t(mode);
      return h(
        'div',
        {
          class: `lane ${mode}`,
          'data-computed': st.computed.length,
          'data-reused': st.reused.length,
        },
        [
          h(
            'span',
            { class: 'lane-label' },
            this.t('laneLabel', label, st.computed.length, st.reused.length),
          ),
          h('span', { class: 'boxes' }, boxes),
        ],
      );
    };
    const blocks = [];
    for (let i = 0; i < s; i++) {
      const a = full.without.steps[i],
        b = full.with.steps[i];
      blocks.push(
        h('div', { class: i === s - 1 ? 'step current' : 'step', 'data-step': i + 1 }, [
          h('p', { class: 'step-title' }, this.t('stepTitle', i + 1, b.position, b.token)),
          lane('without', a),
          lane('with', b),
        ]),
      );
    }
    this.stepsBox.replaceChildren(...blocks);
  }

  drawCounts(full, upTo, s) {
    const { P, G } = this;
    const cur = (run) => run.steps[s - 1];
    const row = (mode, whole, part) =>
      h('tr', { 'data-mode': mode }, [
        h('th', { scope: 'row' }, this.t(mode)),
        h('td', { class: 'this-step' }, String(cur(whole).computed.length)),
        h('td', { class: 'so-far' }, h('span', { class: 'big' }, String(part.kvComputed))),
        h('td', { class: 'total' }, h('span', { class: 'big' }, String(whole.kvComputed))),
      ]);
    this.counts.replaceChildren(
      h(
        'thead',
        {},
        h('tr', {}, [
          h('th', { scope: 'col' }, this.t('colMode')),
          h('th', { scope: 'col' }, this.t('colThis')),
          h('th', { scope: 'col' }, this.t('colSoFar', s)),
          h('th', { scope: 'col' }, this.t('colTotal', G)),
        ]),
      ),
      h('tbody', {}, [
        row('without', full.without, upTo.without),
        row('with', full.with, upTo.with),
      ]),
    );
    this.countFormulas.replaceChildren(
      h(
        'p',
        { class: 'formula so-far-line' },
        this.t(
          'soFarLine',
          s,
          `${termsText(upTo.without)} = ${upTo.without.kvComputed}`,
          `${termsText(upTo.with)} = ${upTo.with.kvComputed}`,
        ),
      ),
      h(
        'p',
        { class: 'formula total-without' },
        formula(this.t('formulaWithout', P, G, termsText(full.without), full.without.kvComputed)),
      ),
      h(
        'p',
        { class: 'formula total-with' },
        formula(this.t('formulaWith', P, G, termsText(full.with), full.with.kvComputed)),
      ),
    );
    this.recompute.textContent = this.t(
      'recompute',
      full.with.kvReused,
      full.without.kvComputed,
      full.with.kvComputed,
    );
  }

  drawTokens(full, P) {
    const ids = (run) =>
      h(
        'span',
        { class: 'ids' },
        run.tokens.flatMap((t, i) => [
          i ? ' ' : '',
          i >= P ? h('span', { class: 'gen' }, String(t)) : String(t),
        ]),
      );
    const same = sameTokens(full.without.tokens, full.with.tokens);
    this.tokensBox.replaceChildren(
      h('div', { class: 'lane', 'data-mode': 'without' }, [
        h('span', { class: 'lane-label' }, this.t('without')),
        ids(full.without),
      ]),
      h('div', { class: 'lane', 'data-mode': 'with' }, [
        h('span', { class: 'lane-label' }, this.t('with')),
        ids(full.with),
      ]),
      h('p', { class: same ? 'same' : 'differ' }, this.t(same ? 'same' : 'differ')),
    );
  }

  drawBytes(run, s) {
    const c = DECODER;
    this.bytesFormula.textContent = this.t(
      'bytesFormula',
      c.nLayers,
      c.nKvHeads,
      c.dHead,
      FLOAT32_BYTES,
    );
    const max = run.steps[run.steps.length - 1].cacheBytes || 1;
    this.bytesBox.replaceChildren(
      ...run.steps.map((st, i) => {
        // positions the cache holds after this step (the new token is not fed yet)
        const t = st.position;
        return h('div', { class: i < s ? 'bar-row' : 'bar-row later', 'data-step': i + 1 }, [
          h('span', { class: 'lab' }, this.t('stepN', i + 1)),
          h(
            'span',
            { class: 'bar-track', 'aria-hidden': 'true' },
            i < s
              ? h('span', {
                  class: 'bar-fill',
                  style: { width: `${((st.cacheBytes / max) * 100).toFixed(1)}%` },
                })
              : null,
          ),
          h(
            'span',
            { class: 'val formula' },
            i < s
              ? this.t(
                  'bytesRow',
                  t,
                  c.nLayers,
                  c.nKvHeads,
                  c.dHead,
                  FLOAT32_BYTES,
                  exactBytes(st.cacheBytes),
                )
              : '…',
          ),
        ]);
      }),
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt.engine);
  }
}
