// <attn-mla> — lesson 10, multi-head latent attention.
// A small seeded example run by the engine (engine.mla): every token is compressed to a latent c
// (r numbers) plus one shared RoPE key (dr numbers), and only those are cached. The explicit path
// expands K = c·W_uk and V = c·W_uv; the absorbed path folds W_uk into the query and applies W_uv
// after mixing the latents, never forming K or V — the two outputs side by side agree to float
// rounding. A toggle puts RoPE on the latent's expanded key instead (no decoupling): the absorbed
// path then gets the scores wrong (the engine's ropeOnLatentError). Below: DeepSeek-V2's cache
// from the engine's ledger, against the same model built with MHA and against DeepSeek LLM 67B
// (GQA-8).
// Attributes: lang (zh-CN | en).
/** @import { Runtime } from '../../web/runtime.js' */
import { line, row, sub, subsup, frac, sqrt, sum, paren, mi, formula } from '../../web/mathml.js';
import { AttnWidget } from '../../web/widget-base.js';
import { scrollRegion } from '../../web/views/scroll-region.js';
import { h, exactBytes, num, pct } from '../../web/dom.js';
import { CATEGORY } from '../../web/color.js';
import { rowsOf } from '../../web/tensor.js';
import { heatmapTable, heatmapLegend, HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { EXAMPLE, R_MIN, R_MAX, DR_MIN, DR_MAX, runMla, v2Ledger, courseNumbers } from './logic.js';
import { reductionText } from '../kv-ledger/logic.js';

/** 3.0e-7, or 0 when the engine's difference is exactly 0. */
const tiny = (x) => (x === 0 ? '0' : x.toExponential(1));

const CSS = `${HEATMAP_CSS}
h3 { font-size: 0.98rem; margin: 12px 0 4px; }
.controls { display: grid; gap: 4px 12px; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); }
.controls label { display: grid; grid-template-columns: 1fr auto; gap: 0 8px; align-items: center; }
.controls input[type="range"] { grid-column: 1 / -1; width: 100%; min-width: 0; }
.flow { display: grid; gap: 4px; justify-items: stretch; margin: 8px 0; }
.node { border: 1px solid var(--_control-border-8a8a8a); border-radius: 6px; padding: 4px 8px; background: var(--_bg); }
.node b { font-variant-numeric: tabular-nums; }
.node.cache { border: 2px solid var(--_accent); background: var(--_accent-soft-f3f6fc); }
.arrow { text-align: center; color: var(--_fg-2-444); font-size: 0.85em; }
.split { display: grid; gap: 6px; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); }
.strip { display: flex; flex-wrap: wrap; gap: 2px; margin: 4px 0; }
.cell { width: 14px; height: 18px; border-radius: 2px; }
.cell.lat { background: ${CATEGORY.a}; }
.cell.rope { background-color: ${CATEGORY.b}; background-image: repeating-linear-gradient(135deg, rgba(0,0,0,0.25) 0 2px, transparent 2px 5px); }
.key { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 0.85em; }
.key .cell { display: inline-block; vertical-align: middle; margin-right: 4px; }
.path { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 6px 8px; }
.path h4 { margin: 0 0 4px; font-size: 0.92rem; }
.path.broken { border: 2px solid var(--_error); background: var(--_error-bg); }
.path .badge { display: inline-block; font-size: 0.8em; font-weight: 700; color: var(--_error-fg); margin-left: 6px; }
table.out tr.absorbed td, table.out tr.absorbed th { border-bottom: 2px solid var(--_border-c8c8c8); }
.path ol { margin: 0; padding-left: 1.3em; }
.path li { margin: 2px 0; }
table.out { font-size: 0.82em; }
table.out th { white-space: nowrap; }
table.out-t { font-size: 0.82em; }
table.out-t th, table.out-t td { padding: 3px; }
table.out-t thead th { white-space: normal; vertical-align: bottom; }
table.out-t tr > :first-child, table.out-t tr > :nth-child(3) { border-right: 2px solid var(--_border-c8c8c8); }
.modes { display: flex; flex-wrap: wrap; gap: 6px; }
.verdict { border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
.verdict.works { border: 2px solid var(--_ok); background: var(--_ok-bg-eaf6ee); }
.verdict.breaks { border: 2px solid var(--_error); background: var(--_error-bg); }
.verdict strong { display: block; }
.big { font-weight: 700; font-variant-numeric: tabular-nums; }
.bars { display: grid; gap: 6px; }
.bar-row { display: grid; grid-template-columns: minmax(0, 1fr); gap: 2px; }
.bar-row .lab { font-size: 0.9em; }
.bar-row.mla .bar-fill { background: ${CATEGORY.c}; }
.bar-row .bar-track { flex: none; }
.cmp { font-weight: 600; }
`;

/** A weight with a name and a head (W_uk,h) or a position (k_rope,j) in its subscript. */
const named = (base, name, at) => sub(base, row(name, ',', at));
const KEY_DIMS = row(sub('d', 'n'), '+', sub('d', 'r'));
/** The two paths' formulas, the same in both languages (the string tables add the words). */
const PATH_MATH = {
  keys: row(sub('K', 'h'), '=', '[', 'c', '·', named('W', 'uk', 'h'), '|', sub('k', 'rope'), ']'),
  keyDims: KEY_DIMS,
  values: row(sub('V', 'h'), '=', 'c', '·', named('W', 'uv', 'h')),
  attend: row(
    'softmax',
    paren(frac(row(sub('q', 'h'), '·', subsup('K', 'h', 'T')), sqrt(KEY_DIMS))),
    '·',
    sub('V', 'h'),
  ),
  foldedQuery: row(
    sub(mi('q̃'), 'h'),
    '=',
    named('q', 'nope', 'h'),
    '·',
    subsup('W', row('uk', ',', 'h'), 'T'),
  ),
  latentScore: row(
    sub(mi('q̃'), 'h'),
    '·',
    sub('c', 'j'),
    '+',
    'RoPE',
    paren(named('q', 'rope', 'h')),
    '·',
    named('k', 'rope', 'j'),
  ),
  latentOutput: row(
    sub(mi('out'), 'h'),
    '=',
    paren(sum('j'), sub('w', 'j'), sub('c', 'j')),
    '·',
    named('W', 'uv', 'h'),
  ),
};

/**
 * @tag attn-mla
 * @summary Lesson 10: MLA caches a latent instead of K and V.
 * @attr {string} lang - `zh-CN` (default, or the nearest `lang` above) or `en`
 * @fires attn-update - after every draw (bubbles, composed); detail {widget, lang, error,
 *   attributes, rank (the latent's width), ropeDims, mode}
 * @csspart title - the heading
 * @csspart controls - each row of buttons, pickers and inputs
 * @csspart figure - the matrix, chart or drawing
 * @csspart formula - each formula line
 */
export class Mla extends AttnWidget {
  static css = CSS;

  static strings = {
    'zh-CN': {
      title: 'MLA：只存一个低秩潜向量和一个共用的 RoPE 键，用时展开，或把展开吸收掉',
      help: '一个固定种子的小例子（引擎现算）：每个 token 压成 r 维潜向量 c，再加 dr 维单独做 RoPE 的键，缓存只存这两样。拖动 r 和 dr 重新算。',
      config: (c) =>
        `T = ${c.T} 个 token，d_model = ${c.dModel}，${c.nHeads} 个头，每头内容维 dn = ${c.dNope}、值维 dv = ${c.dValue}，种子 ${c.seed}`,
      rank: '潜向量维数 r（kv_lora_rank）',
      rope: 'RoPE 单独的维数 dr（偶数）',
      flowTitle: '数据流',
      x: (T, D) => `x：${T} 个 token × ${D} 维`,
      toLatent: (r) => `× W_dkv → 潜向量 c（${r} 维）`,
      toRope: (dr) => `× W_kr，再按位置 RoPE → k_rope（${dr} 维，所有头共用）`,
      cache: '缓存（每 token 每层）',
      cacheLine: (r, dr, b, v) => `(${r} + ${dr}) × ${b} B = ${v}`,
      explicitCache: (H, dn, dr, dv, b, v) =>
        `若像 MHA 那样存展开后的 K、V：${H} × (${dn} + ${dr} + ${dv}) × ${b} B = ${v}`,
      keyLatent: (r) => `c：${r} 个数`,
      keyRope: (dr) => `k_rope：${dr} 个数`,
      stripLabel: (r, dr) => `最后一个 token 缓存的 ${r} + ${dr} 个数`,
      explicitTitle: '显式路径：展开 K、V',
      explicitSteps: [
        line(PATH_MATH.keys, '（', PATH_MATH.keyDims, ' 维）'),
        line(PATH_MATH.values, '（', sub('d', 'v'), ' 维）'),
        PATH_MATH.attend,
      ],
      absorbedTitle: '吸收路径：K、V 从不成形',
      absorbedSteps: [
        line(PATH_MATH.foldedQuery, '（把 ', sub('W', 'uk'), ' 并进 query，r 维）'),
        line('分数 = ', PATH_MATH.latentScore),
        line(PATH_MATH.latentOutput, '（混合之后再乘 ', sub('W', 'uv'), '）'),
      ],
      outTitle: (t) => `两条路径的输出（最后一个 token，位置 ${t}，H × dv 个数）`,
      rowExplicit: (hd) => `头 ${hd} · 显式`,
      rowAbsorbed: (hd) => `头 ${hd} · 吸收`,
      colPath: '头 · 路径 ＼ 维',
      colDim: '维 ＼ 头 · 路径',
      outDiff: (n, d) => `全部 ${n} 个输出数的最大差 = ${d}（< 1e-4，只是浮点舍入）`,
      outRegion: '两条路径的输出',
      weightsTitle: '头 1 的因果注意力权重（两条路径一样）',
      weightsCaption: '头 1 的注意力权重',
      ropeTitle: '为什么 RoPE 要单独拆出 dr 维',
      decoupled: '解耦 RoPE（单独 dr 维）',
      onLatent: 'RoPE 直接转展开的 K（不解耦）',
      works: '吸收路径成立',
      worksBody: (d) =>
        `旋转只落在单独的 k_rope 上，W_uk 与位置无关，可以事先并进 query：显式与吸收的最大差 = ${d}。`,
      breaks: '吸收路径失效',
      breaksBody: (e) =>
        `把 RoPE 转在展开出来的内容键上，吸收后的分数与真实分数最大差 = ${e}（未缩放，远大于 0.1）。`,
      breaksWhy:
        'q · (c_j W_uk R_j) = (q R_jᵀ W_ukᵀ) · c_j：旋转 R_j 夹在 W_uk 和缓存之间，随键的位置 j 变，没有一个固定矩阵能事先并进 query（只有 j = 0 时 R_0 = I 才对）。',
      breaksNote:
        '（上面的输出表和权重用的是解耦 RoPE 的模型，所以两条路径一致；这里的误差是不解耦时吸收路径的打分误差。）',
      noError: 'dn 是奇数时 RoPE 没法成对旋转，没有这个对照。',
      realTitle: '真模型：DeepSeek-V2（引擎按 models.json 现算）',
      perLayer: (r, dr, n, b, v) => `每层每 token：(${r} + ${dr}) = ${n} 个数 × ${b} B = ${v}`,
      perToken: (f) => `每 token（全部层）：${f}`,
      vsMha: (f) => `同形状改成 MHA（每个头各存 K、V）：${f}`,
      vs67: (name, f) => `${name}（GQA-8）：${f}`,
      cmp: (a, b, r) => `1 − ${a} / ${b} = ${r}`,
      barMla: (name) => `${name}（MLA）`,
      barMha: (name) => `${name} 的形状按 MHA`,
      barD67: (name) => `${name}（GQA-8）`,
      official:
        '官方说的「KV −93.3%」是相对 DeepSeek 67B，并且含了约 6 bit 的 KV 量化；只按 BF16 算是 −82.2%，相对同形状 MHA 是 −98.2%。',
    },
    en: {
      title:
        'MLA: cache one low-rank latent and one shared RoPE key; expand them when needed, or absorb the expansion',
      help: 'A small seeded example run by the engine: each token is compressed to an r-dim latent c, plus dr dims of a key that carries RoPE on its own; only these two are cached. Drag r and dr to rerun.',
      config: (c) =>
        `T = ${c.T} tokens, d_model = ${c.dModel}, ${c.nHeads} heads, content dims per head dn = ${c.dNope}, value dims dv = ${c.dValue}, seed ${c.seed}`,
      rank: 'Latent width r (kv_lora_rank)',
      rope: 'Separate RoPE dims dr (even)',
      flowTitle: 'Data flow',
      x: (T, D) => `x: ${T} tokens × ${D} dims`,
      toLatent: (r) => `× W_dkv → latent c (${r} dims)`,
      toRope: (dr) =>
        `× W_kr, then RoPE at its position → k_rope (${dr} dims, shared by all heads)`,
      cache: 'Cache (per token, per layer)',
      cacheLine: (r, dr, b, v) => `(${r} + ${dr}) × ${b} B = ${v}`,
      explicitCache: (H, dn, dr, dv, b, v) =>
        `Caching the expanded K and V like MHA instead: ${H} × (${dn} + ${dr} + ${dv}) × ${b} B = ${v}`,
      keyLatent: (r) => `c: ${r} numbers`,
      keyRope: (dr) => `k_rope: ${dr} numbers`,
      stripLabel: (r, dr) => `The ${r} + ${dr} numbers cached for the last token`,
      explicitTitle: 'Explicit path: expand K and V',
      explicitSteps: [
        line(PATH_MATH.keys, ' (', PATH_MATH.keyDims, ' dims)'),
        line(PATH_MATH.values, ' (', sub('d', 'v'), ' dims)'),
        PATH_MATH.attend,
      ],
      absorbedTitle: 'Absorbed path: K and V are never formed',
      absorbedSteps: [
        line(PATH_MATH.foldedQuery, ' (', sub('W', 'uk'), ' folded into the query, r dims)'),
        line('score = ', PATH_MATH.latentScore),
        line(PATH_MATH.latentOutput, ' (', sub('W', 'uv'), ' after mixing)'),
      ],
      outTitle: (t) => `Output of both paths (last token, position ${t}, H × dv numbers)`,
      rowExplicit: (hd) => `head ${hd} · explicit`,
      rowAbsorbed: (hd) => `head ${hd} · absorbed`,
      colPath: 'head · path \\ dim',
      colDim: 'dim \\ head · path',
      outDiff: (n, d) =>
        `Largest difference over all ${n} output numbers = ${d} (< 1e-4: float rounding only)`,
      outRegion: 'Output of both paths',
      weightsTitle: 'Causal attention weights of head 1 (the same on both paths)',
      weightsCaption: 'Attention weights of head 1',
      ropeTitle: 'Why RoPE gets its own dr dims',
      decoupled: 'Decoupled RoPE (own dr dims)',
      onLatent: 'RoPE on the expanded key (no decoupling)',
      works: 'The absorbed path works',
      worksBody: (d) =>
        `The rotation sits on the separate k_rope only, W_uk does not depend on position and folds into the query: explicit vs absorbed differ by at most ${d}.`,
      breaks: 'The absorbed path breaks',
      breaksBody: (e) =>
        `With RoPE turning the content key expanded from the latent, the absorbed scores miss the true ones by up to ${e} (unscaled, far above 0.1).`,
      breaksWhy:
        'q · (c_j W_uk R_j) = (q R_jᵀ W_ukᵀ) · c_j: the rotation R_j sits between W_uk and the cache and changes with the key’s position j, so no single matrix can be folded into the query in advance (only j = 0 agrees, R_0 = I).',
      breaksNote:
        '(The outputs and weights above are the decoupled model’s, so both paths agree there; this error is the absorbed path’s score error without decoupling.)',
      noError: 'With dn odd RoPE cannot turn pairs, so there is no such counterexample.',
      realTitle: 'A real model: DeepSeek-V2 (computed by the engine from models.json)',
      perLayer: (r, dr, n, b, v) =>
        `Per layer per token: (${r} + ${dr}) = ${n} numbers × ${b} B = ${v}`,
      perToken: (f) => `Per token (all layers): ${f}`,
      vsMha: (f) => `The same shape as MHA (every head keeps its K and V): ${f}`,
      vs67: (name, f) => `${name} (GQA-8): ${f}`,
      cmp: (a, b, r) => `1 − ${a} / ${b} = ${r}`,
      barMla: (name) => `${name} (MLA)`,
      barMha: (name) => `${name}’s shape as MHA`,
      barD67: (name) => `${name} (GQA-8)`,
      official:
        'The official “KV −93.3%” is against DeepSeek 67B and includes quantising the KV cache to about 6 bits; in BF16 alone it is −82.2%, and −98.2% against the same shape as MHA.',
    },
  };

  updateDetail() {
    return { ...super.updateDetail(), rank: this.r, ropeDims: this.dr, mode: this.mode };
  }

  build(_rt) {
    this.r ??= EXAMPLE.kvLoraRank;
    this.dr ??= EXAMPLE.dRope;
    this.mode ??= 'decoupled';
    this.modeButtons = ['decoupled', 'on-latent'].map((m) =>
      h(
        'button',
        {
          type: 'button',
          'data-mode': m,
          'aria-pressed': String(this.mode === m),
          onclick: () => {
            this.mode = m;
            this.update();
          },
        },
        this.t(m === 'decoupled' ? 'decoupled' : 'onLatent'),
      ),
    );
    this.flow = h('div', { class: 'flow' });
    this.paths = this.twoPaths();
    this.outTitle = h('h3', {});
    this.outTable = h('table', { class: 'out wide-only' });
    // The same numbers turned a quarter (a row per dimension), for a narrow widget: 4 columns
    // fit a phone where 8 do not.
    this.outTableNarrow = h('table', { class: 'out-t narrow-only' });
    this.outDiff = h('p', { class: 'formula out-diff' });
    const weightsRegion = scrollRegion([], { label: this.t('weightsTitle'), lang: this.lang });
    this.weights = weightsRegion.box;
    this.verdict = h('div', { class: 'verdict', 'aria-live': 'polite' });
    this.real = h('div', { class: 'real' });
    this.body.append(
      h('h2', {}, this.t('title')),
      h('p', { class: 'muted' }, this.t('help')),
      h('p', { class: 'formula' }, this.t('config', EXAMPLE)),
      this.dimSliders(),
      h('h3', {}, this.t('flowTitle')),
      this.flow,
      this.paths,
      this.outTitle,
      scrollRegion([this.outTable, this.outTableNarrow], {
        label: this.t('outRegion'),
        lang: this.lang,
      }),
      this.outDiff,
      h('h3', {}, this.t('weightsTitle')),
      weightsRegion,
      h('h3', {}, this.t('ropeTitle')),
      h(
        'div',
        { class: 'modes', role: 'group', 'aria-label': this.t('ropeTitle') },
        this.modeButtons,
      ),
      this.verdict,
      h('h3', {}, this.t('realTitle')),
      this.real,
    );
  }

  /** The two sliders: the latent's rank r and the decoupled RoPE dims d_r. */
  dimSliders() {
    const slider = (id, label, min, max, step, value, set) => {
      const out = h('output', { for: id }, String(value));
      const input = h('input', {
        id,
        type: 'range',
        min,
        max,
        step,
        value,
        oninput: () => {
          out.textContent = input.value;
          set(Number(input.value));
        },
      });
      return h('label', { for: id }, [h('span', {}, label), out, input]);
    };
    return h('div', { class: 'controls' }, [
      slider('mla-r', this.t('rank'), R_MIN, R_MAX, 1, this.r, (v) => {
        this.r = v;
        this.update();
      }),
      slider('mla-dr', this.t('rope'), DR_MIN, DR_MAX, 2, this.dr, (v) => {
        this.dr = v;
        this.update();
      }),
    ]);
  }

  /** The explicit and the absorbed path, step by step. */
  twoPaths() {
    return h('div', { class: 'split' }, [
      h('div', { class: 'path explicit' }, [
        h('h4', {}, this.t('explicitTitle')),
        h(
          'ol',
          { class: 'formula' },
          this.t('explicitSteps').map((s) => h('li', {}, formula(s))),
        ),
      ]),
      h('div', { class: 'path absorbed' }, [
        h('h4', {}, this.t('absorbedTitle')),
        h(
          'ol',
          { class: 'formula' },
          this.t('absorbedSteps').map((s) => h('li', {}, formula(s))),
        ),
      ]),
    ]);
  }

  /** @param {Runtime} rt */
  render(rt) {
    const m = runMla(rt.engine, { kvLoraRank: this.r, dRope: this.dr });
    const c = { ...EXAMPLE, kvLoraRank: this.r, dRope: this.dr };
    this.drawFlow(m, c);
    this.drawOutputs(m, c);
    this.drawVerdict(m);
    this.drawReal(rt);
  }

  drawFlow(m, c) {
    const T = m.latent.shape[0];
    const latent = rowsOf(m.latent)[T - 1],
      kRope = rowsOf(m.kRope)[T - 1];
    const strip = h(
      'div',
      {
        class: 'strip',
        role: 'img',
        'aria-label': this.t('stripLabel', latent.length, kRope.length),
      },
      [
        ...latent.map((v, i) =>
          h('span', { class: 'cell lat', title: `c${i + 1} = ${num(v, 3)}` }),
        ),
        ...kRope.map((v, i) =>
          h('span', { class: 'cell rope', title: `k_rope${i + 1} = ${num(v, 3)}` }),
        ),
      ],
    );
    this.flow.replaceChildren(
      h('div', { class: 'node' }, this.t('x', T, c.dModel)),
      h('div', { class: 'split' }, [
        h('div', { class: 'node' }, ['↓ ', this.t('toLatent', c.kvLoraRank)]),
        h('div', { class: 'node' }, ['↓ ', this.t('toRope', c.dRope)]),
      ]),
      h('div', { class: 'arrow', 'aria-hidden': 'true' }, '↓ ↓'),
      h('div', { class: 'node cache' }, [
        h('strong', {}, this.t('cache')),
        ' ',
        h('span', { class: 'big cache-bytes' }, exactBytes(m.bytesPerTokenPerLayer)),
        strip,
        h('div', { class: 'key' }, [
          h('span', {}, [h('span', { class: 'cell lat' }), this.t('keyLatent', c.kvLoraRank)]),
          h('span', {}, [h('span', { class: 'cell rope' }), this.t('keyRope', c.dRope)]),
        ]),
        h(
          'div',
          { class: 'formula' },
          this.t(
            'cacheLine',
            c.kvLoraRank,
            c.dRope,
            c.dtypeBytes,
            exactBytes(m.bytesPerTokenPerLayer),
          ),
        ),
        h(
          'div',
          { class: 'formula' },
          this.t(
            'explicitCache',
            c.nHeads,
            c.dNope,
            c.dRope,
            c.dValue,
            c.dtypeBytes,
            exactBytes(m.explicitBytesPerTokenPerLayer),
          ),
        ),
      ]),
      h('div', { class: 'arrow', 'aria-hidden': 'true' }, '↓ ↓'),
    );
  }

  drawOutputs(m, c) {
    const [T, n] = m.explicit.shape;
    const dv = c.dValue,
      H = n / dv;
    // The last token's output, one row per head and path: [T, H·dv] → head h is columns h·dv … .
    const part = (t, hd) =>
      Array.from(t.data.subarray((T - 1) * n + hd * dv, (T - 1) * n + (hd + 1) * dv));
    this.outTitle.textContent = this.t('outTitle', T - 1);
    const head = h('tr', {}, [
      h('th', { scope: 'col' }, this.t('colPath')),
      ...Array.from({ length: dv }, (_, j) => h('th', { scope: 'col' }, `${j + 1}`)),
    ]);
    const row = (label, vals, cls) =>
      h('tr', { class: cls }, [
        h('th', { scope: 'row' }, label),
        ...vals.map((v) => h('td', {}, num(v, 3))),
      ]);
    const rows = [];
    for (let hd = 0; hd < H; hd++) {
      rows.push(
        row(this.t('rowExplicit', hd + 1), part(m.explicit, hd), `explicit h${hd + 1}`),
        row(this.t('rowAbsorbed', hd + 1), part(m.absorbed, hd), `absorbed h${hd + 1}`),
      );
    }
    this.outTable.replaceChildren(h('thead', {}, head), h('tbody', {}, rows));
    const columns = Array.from({ length: H }, (_, hd) => [
      [this.t('rowExplicit', hd + 1), part(m.explicit, hd)],
      [this.t('rowAbsorbed', hd + 1), part(m.absorbed, hd)],
    ]).flat();
    this.outTableNarrow.replaceChildren(
      h(
        'thead',
        {},
        h('tr', {}, [
          h('th', { scope: 'col' }, this.t('colDim')),
          ...columns.map(([label]) => h('th', { scope: 'col' }, label)),
        ]),
      ),
      h(
        'tbody',
        {},
        Array.from({ length: dv }, (_, j) =>
          h('tr', {}, [
            h('th', { scope: 'row' }, `${j + 1}`),
            ...columns.map(([, vals]) => h('td', {}, num(vals[j], 3))),
          ]),
        ),
      ),
    );
    this.outDiff.textContent = this.t('outDiff', m.explicit.data.length, tiny(m.maxAbsDiff));
    const labels = Array.from({ length: T }, (_, i) => `t${i}`);
    const w = Array.from(m.weights.data.subarray(0, T * T));
    this.weights.replaceChildren(
      heatmapTable({
        weights: w,
        rows: labels,
        cols: labels,
        causal: true,
        caption: this.t('weightsCaption'),
        lang: this.lang,
        cellLabel: (i, j, x, hidden) => `${labels[i]} → ${labels[j]}: ${hidden ? '—' : pct(x, 0)}`,
      }),
      heatmapLegend(),
    );
  }

  drawVerdict(m) {
    for (const b of this.modeButtons)
      b.setAttribute('aria-pressed', String(b.dataset.mode === this.mode));
    this.verdict.dataset.mode = this.mode;
    const absorbed = this.paths.querySelector('.path.absorbed');
    const broken = this.mode === 'on-latent' && m.ropeOnLatentError !== null;
    absorbed.classList.toggle('broken', broken);
    absorbed
      .querySelector('h4')
      .replaceChildren(
        this.t('absorbedTitle'),
        broken ? h('span', { class: 'badge' }, `✗ ${this.t('breaks')}`) : '',
      );
    if (this.mode === 'decoupled') {
      this.verdict.className = 'verdict works';
      this.verdict.replaceChildren(
        h('strong', {}, this.t('works')),
        h('span', { class: 'value' }, this.t('worksBody', tiny(m.maxAbsDiff))),
      );
      return;
    }
    if (m.ropeOnLatentError === null) {
      this.verdict.className = 'verdict';
      this.verdict.replaceChildren(this.t('noError'));
      return;
    }
    this.verdict.className = 'verdict breaks';
    this.verdict.replaceChildren(
      h('strong', {}, this.t('breaks')),
      h('span', { class: 'value' }, this.t('breaksBody', num(m.ropeOnLatentError, 2))),
      h('p', { class: 'formula' }, this.t('breaksWhy')),
      h('p', { class: 'muted' }, this.t('breaksNote')),
    );
  }

  /** @param {Runtime} rt */
  drawReal(rt) {
    const L = v2Ledger(rt.engine, rt.models);
    const max = Math.max(L.mhaSame.bytesPerToken, L.d67.bytesPerToken, L.v2.bytesPerToken);
    const bar = (cls, label, b) =>
      h('div', { class: `bar-row ${cls}` }, [
        h('span', { class: 'lab' }, [label, ': ', h('b', {}, exactBytes(b))]),
        h(
          'span',
          { class: 'bar-track', 'aria-hidden': 'true' },
          h('span', {
            class: 'bar-fill',
            style: { width: `${Math.max(0.5, (b / max) * 100).toFixed(2)}%` },
          }),
        ),
      ]);
    this.real.replaceChildren(
      h(
        'p',
        { class: 'formula per-layer' },
        this.t(
          'perLayer',
          L.rank,
          L.rope,
          L.numbersPerLayer.bytesPerToken,
          L.dtype,
          exactBytes(L.perLayer.bytesPerToken),
        ),
      ),
      h('p', { class: 'formula per-token' }, this.t('perToken', L.v2.formula)),
      h('div', { class: 'bars' }, [
        bar('mla', this.t('barMla', L.v2Name), L.v2.bytesPerToken),
        bar('d67', this.t('barD67', L.d67Name), L.d67.bytesPerToken),
        bar('mha', this.t('barMha', L.v2Name), L.mhaSame.bytesPerToken),
      ]),
      h('p', { class: 'formula' }, this.t('vs67', L.d67Name, L.d67.formula)),
      h(
        'p',
        { class: 'cmp vs67' },
        this.t(
          'cmp',
          exactBytes(L.v2.bytesPerToken),
          exactBytes(L.d67.bytesPerToken),
          reductionText(L.vs67),
        ),
      ),
      h('p', { class: 'formula' }, this.t('vsMha', L.mhaSame.formula)),
      h(
        'p',
        { class: 'cmp vsmha' },
        this.t(
          'cmp',
          exactBytes(L.v2.bytesPerToken),
          exactBytes(L.mhaSame.bytesPerToken),
          reductionText(L.vsMha),
        ),
      ),
      h('p', { class: 'muted' }, this.t('official')),
    );
  }

  /** @param {Runtime} rt */
  checks(rt) {
    return courseNumbers(rt.engine, rt.models);
  }
}
