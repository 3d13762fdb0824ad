// Every string <attn-mla> shows, in both languages (explicitSteps and absorbedSteps are lists of
// formulas, MathML trees built from PATH_MATH, the same in both languages).
import { line, row, sub, subsup, frac, sqrt, sum, paren, mi } from '../../web/mathml.js';
/** @import { MlaExample } from './logic.js' */

/**
 * A weight with a name and a head (W_uk,h) or a position (k_rope,j) in its subscript.
 * @param {string} base
 * @param {string} name
 * @param {string} at
 */
const named = (base, name, at) => sub(base, row(name, ',', at));
const KEY_DIMS = row(sub('d', 'n'), '+', sub('d', 'r'));
const W_UK = sub('W', 'uk');
const K_ROPE = sub('k', 'rope');
/** Why RoPE on the expanded key breaks absorption: q · (c_j W_uk R_j) = (q R_jᵀ W_ukᵀ) · c_j. */
const BREAKS_MATH = row(
  'q',
  '·',
  paren(sub('c', 'j'), W_UK, sub('R', 'j')),
  '=',
  paren('q', subsup('R', 'j', 'T'), subsup('W', 'uk', 'T')),
  '·',
  sub('c', 'j'),
);
/** R_0 = I: the one position where the rotation is the identity. */
const R0 = row(sub('R', 0), '=', 'I');
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

/** @type {import('../../web/widget-base.js').WidgetStrings} */
export const STRINGS = {
  'zh-CN': {
    title: 'MLA：只存一个低秩潜向量和一个共用的 RoPE 键，用时展开，或把展开吸收掉',
    help: '一个固定种子的小例子（引擎现算）：每个 token 压成 r 维潜向量 c，再加 dr 维单独做 RoPE 的键，缓存只存这两样。拖动 r 和 dr 重新算。',
    config: (/** @type {MlaExample} */ c) =>
      `T = ${c.T} 个 token，d_model = ${c.dModel}，${c.nHeads} 个头，每头内容维 dn = ${c.dNope}、值维 dv = ${c.dValue}，种子 ${c.seed}`,
    rank: '潜向量维数 r（kv_lora_rank）',
    rope: 'RoPE 单独的维数 dr（偶数）',
    flowTitle: '数据流',
    x: (/** @type {string | number} */ T, /** @type {string | number} */ D) =>
      `x：${T} 个 token × ${D} 维`,
    toLatent: (/** @type {string | number} */ r) =>
      line('× ', sub('W', 'dkv'), ` → 潜向量 c（${r} 维）`),
    toRope: (/** @type {string | number} */ dr) =>
      line('× ', sub('W', 'kr'), '，再按位置 RoPE → ', K_ROPE, `（${dr} 维，所有头共用）`),
    cache: '缓存（每 token 每层）',
    cacheLine: (
      /** @type {string | number} */ r,
      /** @type {string | number} */ dr,
      /** @type {string | number} */ b,
      /** @type {string | number} */ v,
    ) => `(${r} + ${dr}) × ${b} B = ${v}`,
    explicitCache: (
      /** @type {string | number} */ H,
      /** @type {string | number} */ dn,
      /** @type {string | number} */ dr,
      /** @type {string | number} */ dv,
      /** @type {string | number} */ b,
      /** @type {string | number} */ v,
    ) =>
      `若像 MHA 那样存展开后的 K、V：头数 H × (dn + dr + dv) × 每元素字节 = ${H} 个头 × (${dn} + ${dr} + ${dv}) × ${b} B = ${v}`,
    keyLatent: (/** @type {string | number} */ r) => `c：${r} 个数`,
    keyRope: (/** @type {string | number} */ dr) => line(K_ROPE, `：${dr} 个数`),
    stripLabel: (/** @type {string | number} */ r, /** @type {string | number} */ dr) =>
      `最后一个 token 缓存的 ${r} + ${dr} 个数`,
    explicitTitle: '显式路径：展开 K、V',
    explicitSteps: [
      line(PATH_MATH.keys, '（', PATH_MATH.keyDims, ' 维）'),
      line(PATH_MATH.values, '（', sub('d', 'v'), ' 维）'),
      PATH_MATH.attend,
    ],
    absorbedTitle: '吸收路径：K、V 从不成形',
    absorbedSteps: [
      line(PATH_MATH.foldedQuery, '（把 ', sub('W', 'uk'), ' 并进查询，r 维）'),
      line('分数 = ', PATH_MATH.latentScore),
      line(PATH_MATH.latentOutput, '（混合之后再乘 ', sub('W', 'uv'), '）'),
    ],
    outTitle: (/** @type {string | number} */ t) =>
      `两条路径的输出（最后一个 token，位置 ${t}，H × dv 个数）`,
    rowExplicit: (/** @type {string | number} */ hd) => `头 ${hd} · 显式`,
    rowAbsorbed: (/** @type {string | number} */ hd) => `头 ${hd} · 吸收`,
    colPath: '头 · 路径 ＼ 维',
    colDim: '维 ＼ 头 · 路径',
    outDiff: (/** @type {string | number} */ n, /** @type {string | number} */ d) =>
      `全部 ${n} 个输出数的最大差 = ${d}（< 1e-4，只是浮点舍入）`,
    outRegion: '两条路径的输出',
    weightsTitle: '头 1 的因果注意力权重（两条路径一样）',
    weightsCaption: '头 1 的注意力权重',
    ropeTitle: '为什么 RoPE 要单独拆出 dr 维',
    decoupled: '解耦 RoPE（单独 dr 维）',
    onLatent: 'RoPE 直接转展开的 K（不解耦）',
    works: '吸收路径成立',
    worksBody: (/** @type {string | number} */ d) =>
      line(
        '旋转只落在单独的 ',
        K_ROPE,
        ' 上，',
        W_UK,
        ` 与位置无关，可以事先并进查询：显式与吸收的最大差 = ${d}。`,
      ),
    breaks: '吸收路径失效',
    breaksBody: (/** @type {string | number} */ e) =>
      `把 RoPE 转在展开出来的内容键上，吸收后的分数与真实分数最大差 = ${e}（未缩放，远大于数值误差）。`,
    breaksWhy: line(
      BREAKS_MATH,
      '：旋转 ',
      sub('R', 'j'),
      ' 夹在 ',
      W_UK,
      ' 和缓存之间，随键的位置 j 变，没有一个固定矩阵能事先并进查询（只有 j = 0 时 ',
      R0,
      ' 才对）。',
    ),
    breaksNote:
      '（上面的输出表和权重用的是解耦 RoPE 的模型，所以两条路径一致；这里的误差是不解耦时吸收路径的打分误差。）',
    noError: 'dn 是奇数时 RoPE 没法成对旋转，没有这个对照。',
    realTitle: '真模型：DeepSeek-V2（引擎按 models.json 现算）',
    perLayer: (
      /** @type {string | number} */ r,
      /** @type {string | number} */ dr,
      /** @type {string | number} */ n,
      /** @type {string | number} */ b,
      /** @type {string | number} */ v,
    ) => `每层每 token：(${r} + ${dr}) = ${n} 个数 × ${b} B = ${v}`,
    perToken: (/** @type {string | number} */ f) => `每 token（全部层）：${f}`,
    vsMha: (/** @type {string | number} */ f) => `同形状改成 MHA（每个头各存 K、V）：${f}`,
    vs67: (/** @type {string | number} */ name, /** @type {string | number} */ f) =>
      `${name}（GQA-8）：${f}`,
    barMla: (/** @type {string | number} */ name) => `${name}（MLA）`,
    barMha: (/** @type {string | number} */ name) => `${name} 的形状按 MHA`,
    barD67: (/** @type {string | number} */ name) => `${name}（GQA-8）`,
    /**
     * @param {string} reported
     * @param {string} bits
     * @param {string} r67
     * @param {string} rMha
     * @param {number} v2Layers
     * @param {number} d67Layers
     * @param {string} rLayer
     */
    official: (reported, bits, r67, rMha, v2Layers, d67Layers, rLayer) =>
      `官方说的「KV ${reported}」是相对 DeepSeek 67B，并且含了约 ${bits} bit 的 KV 量化；只按 BF16 算是 ${r67}（两个不同的模型，${v2Layers} 层对 ${d67Layers} 层；按每层算，MLA 比 67B 的 GQA-8 是 ${rLayer}），相对同形状 MHA 是 ${rMha}。`,
  },
  en: {
    title:
      'MLA: cache one low-rank latent and one shared RoPE key; expand them when needed, or absorb the expansion',
    help: 'A small seeded example run by the engine: each token is compressed to an r-dim latent c, plus dr dims of a key that carries RoPE on its own; only these two are cached. Drag r and dr to rerun.',
    config: (/** @type {MlaExample} */ c) =>
      `T = ${c.T} tokens, d_model = ${c.dModel}, ${c.nHeads} heads, content dims per head dn = ${c.dNope}, value dims dv = ${c.dValue}, seed ${c.seed}`,
    rank: 'Latent width r (kv_lora_rank)',
    rope: 'Separate RoPE dims dr (even)',
    flowTitle: 'Data flow',
    x: (/** @type {string | number} */ T, /** @type {string | number} */ D) =>
      `x: ${T} tokens × ${D} dims`,
    toLatent: (/** @type {string | number} */ r) =>
      line('× ', sub('W', 'dkv'), ` → latent c (${r} dims)`),
    toRope: (/** @type {string | number} */ dr) =>
      line(
        '× ',
        sub('W', 'kr'),
        ', then RoPE at its position → ',
        K_ROPE,
        ` (${dr} dims, shared by all heads)`,
      ),
    cache: 'Cache (per token, per layer)',
    cacheLine: (
      /** @type {string | number} */ r,
      /** @type {string | number} */ dr,
      /** @type {string | number} */ b,
      /** @type {string | number} */ v,
    ) => `(${r} + ${dr}) × ${b} B = ${v}`,
    explicitCache: (
      /** @type {string | number} */ H,
      /** @type {string | number} */ dn,
      /** @type {string | number} */ dr,
      /** @type {string | number} */ dv,
      /** @type {string | number} */ b,
      /** @type {string | number} */ v,
    ) =>
      `Caching the expanded K and V like MHA instead: heads H × (dn + dr + dv) × bytes per element = ${H} heads × (${dn} + ${dr} + ${dv}) × ${b} B = ${v}`,
    keyLatent: (/** @type {string | number} */ r) => `c: ${r} numbers`,
    keyRope: (/** @type {string | number} */ dr) => line(K_ROPE, `: ${dr} numbers`),
    stripLabel: (/** @type {string | number} */ r, /** @type {string | number} */ dr) =>
      `The ${r} + ${dr} numbers cached for the last token`,
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
    outTitle: (/** @type {string | number} */ t) =>
      `Output of both paths (last token, position ${t}, H × dv numbers)`,
    rowExplicit: (/** @type {string | number} */ hd) => `head ${hd} · explicit`,
    rowAbsorbed: (/** @type {string | number} */ hd) => `head ${hd} · absorbed`,
    colPath: 'head · path \\ dim',
    colDim: 'dim \\ head · path',
    outDiff: (/** @type {string | number} */ n, /** @type {string | number} */ d) =>
      `Largest difference over all ${n} output numbers = ${d} (< 1e-4: float rounding only)`,
    outRegion: 'Output of both paths',
    weightsTitle: 'Causal attention weights of head 1 (the same on both paths)',
    weightsCaption: 'Attention weights of head 1',
    ropeTitle: 'Why RoPE gets its own dr dims',
    decoupled: 'Decoupled RoPE (own dr dims)',
    onLatent: 'RoPE on the expanded key (no decoupling)',
    works: 'The absorbed path works',
    worksBody: (/** @type {string | number} */ d) =>
      line(
        'The rotation sits on the separate ',
        K_ROPE,
        ' only, ',
        W_UK,
        ` does not depend on position and folds into the query: explicit vs absorbed differ by at most ${d}.`,
      ),
    breaks: 'The absorbed path breaks',
    breaksBody: (/** @type {string | number} */ e) =>
      `With RoPE turning the content key expanded from the latent, the absorbed scores miss the true ones by up to ${e} (unscaled, far above rounding error).`,
    breaksWhy: line(
      BREAKS_MATH,
      ': the rotation ',
      sub('R', 'j'),
      ' sits between ',
      W_UK,
      ' and the cache and changes with the key’s position j, so no single matrix can be folded into the query in advance (only j = 0 agrees, ',
      R0,
      ').',
    ),
    breaksNote:
      '(The outputs and weights above are the decoupled model’s, so both paths agree there; this error is the absorbed path’s score error without decoupling.)',
    noError: 'With dn odd RoPE cannot turn pairs, so there is no such counterexample.',
    realTitle: 'A real model: DeepSeek-V2 (computed by the engine from models.json)',
    perLayer: (
      /** @type {string | number} */ r,
      /** @type {string | number} */ dr,
      /** @type {string | number} */ n,
      /** @type {string | number} */ b,
      /** @type {string | number} */ v,
    ) => `Per layer per token: (${r} + ${dr}) = ${n} numbers × ${b} B = ${v}`,
    perToken: (/** @type {string | number} */ f) => `Per token (all layers): ${f}`,
    vsMha: (/** @type {string | number} */ f) =>
      `The same shape as MHA (every head keeps its K and V): ${f}`,
    vs67: (/** @type {string | number} */ name, /** @type {string | number} */ f) =>
      `${name} (GQA-8): ${f}`,
    barMla: (/** @type {string | number} */ name) => `${name} (MLA)`,
    barMha: (/** @type {string | number} */ name) => `${name}’s shape as MHA`,
    barD67: (/** @type {string | number} */ name) => `${name} (GQA-8)`,
    /**
     * @param {string} reported
     * @param {string} bits
     * @param {string} r67
     * @param {string} rMha
     * @param {number} v2Layers
     * @param {number} d67Layers
     * @param {string} rLayer
     */
    official: (reported, bits, r67, rMha, v2Layers, d67Layers, rLayer) =>
      `The official “KV ${reported}” is against DeepSeek 67B and includes quantising the KV cache to about ${bits} bits; in BF16 alone it is ${r67} (two different models, ${v2Layers} against ${d67Layers} layers; per layer, MLA against 67B’s GQA-8 is ${rLayer}), and ${rMha} against the same shape as MHA.`,
  },
};

/** Its self-check rows' names in Chinese, by their English name (a Chinese page shows these). */
export const CHECK_NAMES_ZH = {
  'seeded MLA (r 8, dr 4): explicit vs absorbed output, max |Δ|':
    '固定种子的 MLA（r 8、d_r 4）：展开路径对吸收路径的输出，max |Δ|',
  'RoPE on the expanded key (no decoupling): absorbed score error':
    'RoPE 直接转展开的 K（不解耦）：吸收路径的分数误差',
  'DeepSeek-V2: numbers cached per token per layer (512 + 64)':
    'DeepSeek-V2：每层每 token 缓存的数（512 + 64）',
  'DeepSeek-V2: bytes per token per layer, 576 × 2 B':
    'DeepSeek-V2：每层每 token 的字节，576 × 2 B',
  'DeepSeek-V2: bytes per token, 60 layers': 'DeepSeek-V2：每 token 的字节，60 层',
  'DeepSeek LLM 67B (GQA-8): bytes per token': 'DeepSeek LLM 67B（GQA-8）：每 token 的字节',
  'DeepSeek-V2 vs DeepSeek LLM 67B (BF16)': 'DeepSeek-V2 对 DeepSeek LLM 67B（BF16）',
  'DeepSeek-V2 vs the same model built with MHA': 'DeepSeek-V2 对同一个模型改用 MHA',
};
