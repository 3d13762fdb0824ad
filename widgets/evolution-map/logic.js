// The DOM-free half of <attn-evolution-map>: every number the map prints, asked from the engine
// through the same helpers the lesson widgets use (their logic.js files), plus the figures the
// course only quotes from papers and model cards (REPORTED, labelled so on the page). Nothing is
// computed here beyond counting and formatting.
/** @import { AttnEngine } from '../../web/attn-engine.js' */
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { CourseModel } from '../../web/course-data.js' */
import { bytes, exactBytes, grouped, num, pct } from '../../web/dom.js';
/** @import { CheckRow } from '../../web/check-row.js' */
import { worldTensors, roleIndex, roleTokens, COURSE_WORLD } from '../../web/world.js';
import { check, checkNamed, glossed } from '../../web/check-row.js';
import { worldFacts } from '../facts/world-facts.js';
import { modelById } from '../../web/models.js';
import { rnnCounts, COURSE_T } from '../rnn-vs-attention/logic.js';
import { scoreBytes, courseBytes, COURSE as ADDITIVE_COURSE } from '../dot-product/logic.js';
import { scoreRow, ranking, keyValuePair } from '../cosine-projection/logic.js';
import { scoreExample, signedPct, bigRatio } from '../softmax-variance/logic.js';
import { courseNumbers as multiHeadNumbers } from '../multi-head/logic.js';
import { generate, COURSE as KV_COURSE } from '../kv-cache/logic.js';
import { objectRow } from '../sink-logit/logic.js';
import {
  variantRows,
  variantRow,
  modelLedger,
  reductionText,
  v2Comparison,
} from '../kv-ledger/logic.js';

/** Figures the course quotes and does not compute: shown with their source, never checked. */
export const REPORTED = Object.freeze({
  t5xxl: Object.freeze({
    source: 'GQA (Ainslie et al., 2023), Table 1: T5-XXL, average of 7 tasks',
    mha: '47.2',
    mqa: '46.6',
    gqa8: '47.1',
    timeMha: '1.51 s',
    timeMqa: '0.24 s',
    timeGqa8: '0.28 s',
  }),
  v2Reduction: Object.freeze({
    source: 'DeepSeek-V2 technical report (2024)',
    value: '−93.3%',
    // the KV quantisation that figure includes, bits per element (as the report states it)
    kvBits: '6',
  }),
});

/** Lesson pages of the map's steps (slugs of course-data/lessons.json). */
export const STEP_LESSONS = Object.freeze({
  rnn: ['b1-rnn-vs-attention'],
  additive: ['02-dot-product'],
  'self-attention': ['01-cosine-vs-projection', '02-dot-product', '05-values'],
  scaling: ['03-softmax-and-scaling'],
  mask: ['04-causal-mask'],
  rope: ['06-rope'],
  'multi-head': ['07-multi-head'],
  sink: ['b4-attention-sink'],
  'kv-cache': ['08-kv-cache'],
  mqa: ['09-gqa'],
  gqa: ['09-gqa'],
  mla: ['10-mla'],
  linear: [],
});

/** The steps in the map's order, in its two parts. */
export const PARTS = Object.freeze([
  {
    id: 'training',
    steps: ['rnn', 'additive', 'self-attention', 'scaling', 'mask', 'rope', 'multi-head', 'sink'],
  },
  { id: 'generation', steps: ['kv-cache', 'mqa', 'gqa', 'mla', 'linear'] },
]);

/**
 * The weights of one row of the course's world, with or without the causal mask (engine).
 * @param {AttnEngine} engine
 * @param {ReturnType<typeof worldTensors>} w
 * @param {number} row
 * @param {boolean} causal
 */
function rowWeights(engine, w, row, causal) {
  const n = w.tokens.length;
  const r = engine.attention({ q: w.q, k: w.k, v: w.v, causal });
  return Array.from(r.weights.data.subarray(row * n, (row + 1) * n));
}

/**
 * A value the course data always has (its schema says so for these models), or a named error.
 * @template T
 * @param {T | null | undefined} x
 * @param {string} what
 * @returns {T}
 */
function need(x, what) {
  if (x === null || x === undefined) throw new Error(`models.json: ${what} is missing`);
  return x;
}

/**
 * Model `id` of models.json, which must have an attention config (not a reported size only).
 * @param {Runtime} rt
 * @param {string} id
 */
function configModel(rt, id) {
  const m = modelById(rt.models, id);
  need(m.attention, `model "${id}": attention`);
  return /** @type {CourseModel & { attention: NonNullable<CourseModel['attention']> }} */ (m);
}

/**
 * Every number the map shows, formatted, from the engine (and models.json's configs):
 * {key: text}. Token lists are indices into the course's world (the widget picks the language).
 * @typedef {ReturnType<typeof computeMapNumbers>} MapNumbers
 */

/**
 * @param {Runtime} rt
 * @returns {MapNumbers}
 */
export function mapNumbers(rt) {
  if (!cache.has(rt)) cache.set(rt, computeMapNumbers(rt));
  return cache.get(rt);
}

// The numbers depend only on the runtime's engine and data: computed once per runtime object,
// not again on every language switch or self-check.
const cache = new WeakMap();

/** @param {Runtime} rt */
function computeMapNumbers(rt) {
  const engine = rt.engine;
  const w = worldTensors(rt, COURSE_WORLD);
  const [gave, answer, object, giver] = /** @type {const} */ ([
    'query',
    'answer',
    'object',
    'giver',
  ]).map((r) => roleIndex(w, r));
  const anchor = configModel(rt, 'qwen3.8-27b');
  const v2 = configModel(rt, 'deepseek-v2');
  const v2Latent = need(v2.attention.kvLoraRank, 'deepseek-v2: kvLoraRank');
  const v2Rope = need(v2.attention.ropeDim, 'deepseek-v2: ropeDim');
  const kvHeads = need(anchor.attention.nKvHeads, 'qwen3.8-27b: nKvHeads');
  const rnn = rnnCounts(COURSE_T);
  const mem = scoreBytes(engine, ADDITIVE_COURSE.T, ADDITIVE_COURSE.dA, ADDITIVE_COURSE.bytesPer);
  const cos = scoreRow(engine, w, gave, 'cosine');
  const projected = ranking(scoreRow(engine, w, gave, 'scaled'));
  const kv = keyValuePair(engine, w);
  if (!kv) throw new Error(`teaching-world.json: world "${w.id}" names no two names`);
  const car = scoreExample(rt.world, 'car');
  const carSplit = engine.proportionalSplit(car.scores);
  const lead = engine.softmax([20, 0], {}).weights;
  const open = rowWeights(engine, w, gave, false);
  const causal = rowWeights(engine, w, gave, true);
  const heads = multiHeadNumbers(rt);
  const without = generate(engine, KV_COURSE.P, KV_COURSE.G, false);
  const withCache = generate(engine, KV_COURSE.P, KV_COURSE.G, true);
  const apple = objectRow(rt, {});
  // The anchor at its own context; the two long-context rows at a million tokens (2^20).
  const anchorContext = anchor.contextLength ?? 262144;
  const longContext = 2 ** 20;
  const a262 = variantRows(engine, anchor, anchorContext);
  const d67 = variantRows(engine, configModel(rt, 'deepseek-llm-67b'), longContext);
  const v2rows = variantRows(engine, v2, 1);
  const glm = variantRows(engine, configModel(rt, 'glm-5.3'), longContext);
  const v3 = modelLedger(engine, modelById(rt.models, 'deepseek-v3'));
  const v41 = modelById(rt.models, 'deepseek-v4.1-flash');
  const v2Compared = v2Comparison(engine, rt.models);
  const T = w.tokens.length;
  const n = {
    rnnT: grouped(COURSE_T),
    rnnPath: grouped(rnn.pathLength),
    additiveBytes: courseBytes(mem.additive),
    dotBytes: courseBytes(mem.dot),
    dA: String(ADDITIVE_COURSE.dA),
    selfCosine: num(cos[gave], 3),
    rawLast3: ranking(cos)
      .slice(-3)
      .sort((a, b) => a - b),
    projectedTop3: projected.slice(0, 3),
    projectedLast: projected[projected.length - 1],
    kCosine: num(kv.k.cos, 3),
    headDim: String(anchor.attention.headDim),
    sqrtHeadDim: String(Math.sqrt(anchor.attention.headDim)),
    /** @param {string} lang */
    e20: (lang) => bigRatio(lead[0] / lead[1], lang),
    carScores: car.scores.map((s) => num(s, 0)).join(', '),
    carSplit: signedPct(carSplit[car.scores.length - 1]),
    leak: pct(open[answer]),
    gaveApple: pct(causal[object]),
    gaveMing: pct(causal[giver]),
    // A sentence of T tokens holds T − 1 next-token tasks whose answer is in it (the last
    // token's prediction has none); prefix by prefix they take T − 1 passes over prefixes of
    // 1 … T − 1 tokens (docs/lesson-text.md says why this count).
    prefixQuestions: String(T - 1),
    prefixForwards: String(T - 1),
    prefixPositions: String(((T - 1) * T) / 2),
    ropeDims: `${anchor.attention.rotaryDim}`,
    mlaRopeDims: `${v2Rope}`,
    headA: heads.headA,
    headB: heads.headB,
    anchorHeads: String(anchor.attention.nHeads),
    kvWithout: String(without.kvComputed),
    kvRecomputed: String(without.kvComputed - withCache.kvComputed),
    kvWith: String(withCache.kvComputed),
    kvPrompt: String(KV_COURSE.P),
    kvGenerated: String(KV_COURSE.G),
    sinkScores: apple.scores.map((s) => num(s)).join(', '),
    sinkKeys: String(apple.scores.length),
    anchorContext: grouped(anchorContext),
    longContext: grouped(longContext),
    sinkWeights: apple.weights.map((x) => pct(x, 0)).join(' / '),
    outputGate: String(anchor.attention.outputGate === true),
    mhaToken: bytes(variantRow(a262, 'mha').bytesPerToken),
    mhaContext: bytes(variantRow(a262, 'mha').kvBytes),
    mqaToken: bytes(variantRow(a262, 'mqa').bytesPerToken),
    mqaContext: bytes(variantRow(a262, 'mqa').kvBytes),
    gqaToken: bytes(variantRow(a262, 'gqa', 4).bytesPerToken),
    gqaContext: bytes(variantRow(a262, 'gqa', 4).kvBytes),
    kvHeads: String(kvHeads),
    groupSize: String(anchor.attention.nHeads / kvHeads),
    d67Token: exactBytes(variantRow(d67, 'gqa', 8).bytesPerToken),
    d67Mha: exactBytes(variantRow(d67, 'mha').bytesPerToken),
    d67Context: bytes(variantRow(d67, 'gqa', 8).kvBytes),
    d67ContextLimit: grouped(
      need(configModel(rt, 'deepseek-llm-67b').contextLength, 'deepseek-llm-67b: contextLength'),
    ),
    mlaWidth: String(v2Latent + v2Rope),
    mlaLatent: String(v2Latent),
    v2Token: exactBytes(variantRow(v2rows, 'mla').bytesPerToken),
    v3Token: exactBytes(need(v3.bytesPerToken, 'deepseek-v3: its bytes per token')),
    v2vs67: reductionText(
      engine.kvReduction(
        variantRow(d67, 'gqa', 8).bytesPerToken,
        variantRow(v2rows, 'mla').bytesPerToken,
      ),
    ),
    // the two models differ in depth: the per-layer reduction is MLA's own (R2-B4)
    v2Layers: String(v2Compared.v2Layers),
    d67Layers: String(v2Compared.d67Layers),
    v2vs67PerLayer: v2Compared.rPerLayer,
    glmToken: exactBytes(variantRow(glm, 'mla').bytesPerToken),
    glmContext: bytes(variantRow(glm, 'mla').kvBytes),
    linearState: bytes(modelLedger(engine, anchor).linearStateBytes),
    linearLayers: String(need(anchor.linearAttention, 'qwen3.8-27b: linearAttention').layers),
    fullLayers: String(anchor.fullAttentionLayers),
    layers: String(anchor.layers),
    v41Reported: exactBytes(
      need(v41.reportedKvBytesPerToken, 'deepseek-v4.1-flash: reportedKvBytesPerToken'),
    ),
    v41Name: v41.name,
    v41Source: v41.source,
  };
  return n;
}

/**
 * The map's numbers against the ones the seed prints: the course's world's from its facts
 * (widgets/facts/world-facts.js, by the tokens' roles), the rest as the seed prints them.
 * @param {Runtime} rt
 * @returns {CheckRow[]}
 */
export function courseNumbers(rt) {
  const n = mapNumbers(rt);
  const f = worldFacts(rt, COURSE_WORLD);
  const w = f.w;
  /** @param {number[]} list @param {boolean} [en] glossed, as an English panel shows them */
  const names = (list, en = false) =>
    list.map((i) => (en ? glossed(w.tokens[i], w.tokensEn?.[i]) : w.tokens[i])).join(' / ');
  /** @param {string} name @param {number[]} expected @param {number[]} actual */
  const tokens = (name, expected, actual) => ({
    ...check(name, names(expected), names(actual)),
    en: { expected: names(expected, true), actual: names(actual, true) },
  });
  const vars = roleTokens(w);
  /** @param {string} name @param {string} expected @param {string} actual */
  const world = (name, expected, actual) => checkNamed(name, vars, expected, actual);
  /** @type {(CheckRow | [string, string, string])[]} */
  const rows = [
    ['RNN at T = 4,096: updates from token 1 to the last', '4,095', n.rnnPath],
    ['additive, naive T×T×d_a at T = 4,096, d_a = 256 (BF16)', '8.0 GiB', n.additiveBytes],
    ['dot product T×T at T = 4,096 (BF16)', '32 MiB', n.dotBytes],
    world('raw cosine of {query} with itself', num(f.selfCosine, 3), n.selfCosine),
    tokens(
      'raw cosine: the three last',
      f.rawCosineRanking.slice(-3).sort((a, b) => a - b),
      n.rawLast3,
    ),
    tokens('projected: the three first', f.projectedRanking.slice(0, 3), n.projectedTop3),
    world('cos(K[{names.0}], K[{names.1}])', num(f.namesCosine.k, 3), n.kCosine),
    ['√256', '16', n.sqrtHeadDim],
    // e²⁰ as each language writes it: 4.9 亿 in Chinese, 4.9 × 10⁸ in English
    {
      name: 'e²⁰',
      expected: '4.9 × 10⁸',
      actual: n.e20('en'),
      ok: n.e20('en') === '4.9 × 10⁸' && n.e20('zh-CN') === '4.9 亿',
      zh: { expected: '4.9 亿', actual: n.e20('zh-CN') },
    },
    ['proportional split of 10, 3, −4: the −4', '−44.4%', n.carSplit],
    world('no mask: {query} → {answer}', pct(f.queryOnAnswerNoMask), n.leak),
    world(
      'causal: {query} → {object} / {giver}',
      `${pct(f.queryOnObject)} / ${pct(f.queryOnGiver)}`,
      `${n.gaveApple} / ${n.gaveMing}`,
    ),
    world(
      'head A → {giver} / head B → {object}',
      `${pct(f.headAQueryOnGiver)} / ${pct(f.headBQueryOnObject)}`,
      `${n.headA} / ${n.headB}`,
    ),
    [
      'K/V without / recomputed / with the cache',
      '9 / 5 / 4',
      `${n.kvWithout} / ${n.kvRecomputed} / ${n.kvWith}`,
    ],
    world(
      'sink: row {object} weights',
      f.objectRow.weights.map((x) => pct(x, 0)).join(' / '),
      n.sinkWeights,
    ),
    ['anchor as MHA per token / at 262,144', '384 KiB / 96 GiB', `${n.mhaToken} / ${n.mhaContext}`],
    ['anchor as MQA per token / at 262,144', '16 KiB / 4 GiB', `${n.mqaToken} / ${n.mqaContext}`],
    ['anchor GQA-4 per token / at 262,144', '64 KiB / 16 GiB', `${n.gqaToken} / ${n.gqaContext}`],
    [
      'DeepSeek LLM 67B per token (GQA-8 / as MHA)',
      '389,120 B / 3,112,960 B',
      `${n.d67Token} / ${n.d67Mha}`,
    ],
    ['DeepSeek LLM 67B at 1M tokens', '380 GiB', n.d67Context],
    ['MLA numbers per layer per token', '576', n.mlaWidth],
    ['DeepSeek-V2 / V3 per token', '69,120 B / 70,272 B', `${n.v2Token} / ${n.v3Token}`],
    ['DeepSeek-V2 vs 67B (BF16)', '−82.2%', n.v2vs67],
    ['DeepSeek-V2 vs 67B per layer (BF16)', '−71.9%', n.v2vs67PerLayer],
    ['GLM-5.3 per token / at 1,048,576', '89,856 B / 87.75 GiB', `${n.glmToken} / ${n.glmContext}`],
    ['anchor linear layers: fixed state', '144 MiB', n.linearState],
  ];
  return rows.map((r) => (Array.isArray(r) ? check(...r) : r));
}
