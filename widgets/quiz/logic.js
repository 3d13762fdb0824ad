// The DOM-free half of <attn-quiz>: the facts (numbers) the questions quote, each asked from the
// engine; the placeholder filling; the data checks a schema cannot state; grading (choices,
// true/false, numbers within a tolerance, orderings); the quiz's make-up. Node tests import it
// with the real engine and the real data files.
//
// Question texts in course-data/quiz.json hold placeholders {{fact-id}}. Each fact below names the
// course number it must print (`expected`, the chapter's text) and how the engine produces it;
// the widget fills the text from `compute` and its self-check compares the two. A fact with a
// `value` is also a number a question can be graded against: a numeric question's answer, a
// known wrong answer, an item of an ordering. That value is computed (the engine, the ledger,
// the data), never typed into quiz.json.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Matrix } from '../../web/tensor.js' */
/** @import { ModelsDoc, Bilingual } from '../../web/course-data.js' */
import { pct, num, bytes, grouped } from '../../web/dom.js';
import { worldTensors, roleIndex, rolePair, roleTokens, COURSE_WORLD } from '../../web/world.js';
import { check, checkNamed } from '../../web/check-row.js';
import { worldFacts } from '../facts/world-facts.js';
/** @import { CheckRow } from '../../web/check-row.js' */
import { rowOf as tensorRow } from '../../web/tensor.js';
import { modelById } from '../../web/models.js';
import {
  variantRows,
  variantRow,
  modelLedger,
  reductionText,
  asConfig,
} from '../kv-ledger/logic.js';
import { rnnCounts, attentionCounts } from '../rnn-vs-attention/logic.js';
import { EXPERIMENT, ANCHOR_D, experiment, experimentTexts } from '../softmax-variance/logic.js';
import { objectRow } from '../sink-logit/logic.js';
import { groupOf } from '../gqa/logic.js';
import { generate, termsText, P_MAX, G_MAX } from '../kv-cache/logic.js';
import { FACTS as COURSE_FACTS, courseFacts } from '../facts/facts.js';
export { KINDS, TAGS, scopeQuestions, makeUp } from './make-up.js';
import { scopeQuestions } from './make-up.js';
/** @import { FactContext } from '../facts/facts.js' */
const COURSE_T = 4096;

/**
 * course-data/quiz.json, as quiz.schema.json and checkQuiz have accepted it. Every question has
 * `lesson` (it is that page's check), `final: true` (it is in the final quiz) or both; `review`
 * names the page its feedback links to when that is not `lesson`.
 * @typedef {{ id: string, text: Bilingual, why?: Bilingual }} QuizOption
 * @typedef {{ id: string, text: Bilingual, why: Bilingual, value?: string }} OrderItem
 * @typedef {'calculation' | 'find-the-bug' | 'transfer'} Tag
 * @typedef {{ id: string, source: string, prompt: Bilingual, code?: string, feedback: Bilingual,
 *   lesson?: string, final?: boolean, review?: string, tags?: Tag[] }} Common
 * @typedef {Common & { kind: 'choice', options: QuizOption[], answer: string }} ChoiceQuestion
 * @typedef {Common & { kind: 'true-false', options?: undefined, answer: boolean }}
 *   TrueFalseQuestion
 * @typedef {{ relative: number } | { absolute: number }} Tolerance
 * @typedef {Common & { kind: 'numeric', options?: undefined, answer: { fact: string },
 *   tolerance: Tolerance, unit?: Bilingual,
 *   wrong?: { value: string, why: Bilingual }[] }} NumericQuestion
 * @typedef {{ by: 'value', order: 'ascending' | 'descending' }} OrderRule
 * @typedef {Common & { kind: 'order', options?: undefined, items: OrderItem[],
 *   answer: string[] | OrderRule }} OrderQuestion
 * @typedef {ChoiceQuestion | TrueFalseQuestion | NumericQuestion | OrderQuestion} Question
 * @typedef {{ version: 1, questions: Question[] }} QuizDoc
 * @typedef {{ lessons: { slug: string }[] }} LessonsDoc
 * @typedef {Record<string, number>} Values the values of the facts a grading needs, by id
 */
/**
 * A fact: its check's name, the text the course prints, how the engine produces it, and (for a
 * number a question is graded against) its value. A number of the course's teaching world has
 * its expected text from that world's facts (widgets/facts/world-facts.js) and its name as a
 * template over the world's tokens ({query}, web/check-row.js), so another world is checked
 * against its own numbers.
 * @typedef {string | ((ctx: Runtime) => string)} Expected
 * @typedef {{ name: string, expected: Expected, compute: (ctx: Runtime, memo: Memo) => string,
 *   value?: (ctx: Runtime, memo: Memo) => number }} Fact
 * @typedef {{ variance?: ReturnType<typeof experimentTexts>, [key: string]: unknown }} Memo
 *   one round's shared results
 */

const PLACEHOLDER = /\{\{([a-z0-9-]+)\}\}/g;

/** A quiz.json that breaks a rule: the message names the file, the field and the rule. */
export class QuizDataError extends Error {
  /**
   * @param {string} message
   * @param {string} field
   */
  constructor(message, field) {
    super(message);
    this.name = 'DataError';
    this.file = 'quiz.json';
    this.field = field;
  }
}

/**
 * A field of models.json a fact needs (the schema lets some models leave it out).
 * @template T
 * @param {T | undefined} x
 * @param {string} what
 * @returns {T}
 */
function needed(x, what) {
  if (x === undefined) throw new Error(`models.json: the anchor model has no ${what}`);
  return x;
}

/**
 * The anchor model of models.json, with its config.
 * @param {ModelsDoc} models
 */
const anchorOf = (models) => {
  const m = models.models.find((x) => x.anchor);
  if (!m) throw new Error('models.json marks no anchor model');
  return asConfig(m);
};

/**
 * rt-like context {engine, world, models} → the anchor's ledger rows at its native context.
 * @param {Runtime} ctx
 */
function anchorRows(ctx) {
  const a = anchorOf(ctx.models);
  return { model: a, rows: variantRows(ctx.engine, a, needed(a.contextLength, 'contextLength')) };
}

/**
 * @param {import('../../web/runtime.js').Runtime} ctx
 * @param {{ noMask?: boolean, maskMode?: 'neg-inf' | 'zero-after-softmax' }} [options]
 */
function gaveRow(ctx, { noMask = false, maskMode } = {}) {
  const w = worldTensors(ctx, COURSE_WORLD);
  const n = w.tokens.length;
  const r = ctx.engine.attention({
    q: w.q,
    k: w.k,
    v: w.v,
    causal: !noMask,
    ...(maskMode ? { maskMode } : {}),
  });
  const gave = roleIndex(w, 'query');
  return { row: Array.from(r.weights.data.subarray(gave * n, (gave + 1) * n)), w };
}

/** @param {Runtime} ctx */
function dialog(ctx) {
  const ex = ctx.world.scoreExamples?.dialog;
  if (!ex) throw new Error('teaching-world.json has no scoreExamples.dialog');
  return ex.scores;
}

/**
 * Lesson 3's seeded √d experiment at the anchor's d_k, by the widget's own call and settings and
 * printed by its own formatter, asked once per round of facts (memo is fresh for every round).
 */
/**
 * @param {Runtime} ctx
 * @param {Memo} memo
 */
const variance = (ctx, memo) =>
  (memo.variance ??= experimentTexts(experiment(ctx.engine, ANCHOR_D)));

/** @param {ArrayLike<number>} ws */
const joinPct = (ws, digits = 1) => Array.from(ws, (x) => pct(x, digits)).join(' / ');

/**
 * A models.json entry by id, with its config (every model the quiz computes from has one).
 * @param {Runtime} ctx
 * @param {string} id
 */
const configOf = (ctx, id) => asConfig(modelById(ctx.models, id));

/**
 * The engine's ledger rows of a model at its own context length, and the row of its own kind.
 * @param {Runtime} ctx
 * @param {string} id
 */
function ledgerRows(ctx, id) {
  const m = configOf(ctx, id);
  const rows = variantRows(ctx.engine, m, needed(m.contextLength, 'contextLength'));
  const a = m.attention;
  return {
    model: m,
    rows,
    own: variantRow(rows, a.kind, a.kind === 'mla' ? undefined : a.nKvHeads),
  };
}

/** Bytes per token of a model's own attention, from the engine's ledger. */
const bytesPerToken = (/** @type {Runtime} */ ctx, /** @type {string} */ id) =>
  Number(modelLedger(ctx.engine, configOf(ctx, id)).bytesPerToken);

const KIB = 1024;
const GIB = 2 ** 30;

/**
 * A number as a numeric fact prints it: thousands grouped, with `digits` decimals (none for a
 * whole number).
 * @param {number} x
 * @param {number} digits
 */
const numberText = (x, digits) => grouped(x, Number.isInteger(x) ? 0 : digits).replace('-', '−');

/**
 * A fact that is a number: its text is the value (numberText).
 * @param {string} name
 * @param {Expected} expected
 * @param {(ctx: Runtime, memo: Memo) => number} value
 * @param {number} [digits]
 * @returns {Fact}
 */
const numberFact = (name, expected, value, digits = 0) => ({
  name,
  expected,
  value,
  compute: (ctx, memo) => numberText(value(ctx, memo), digits),
});

/** The course's world's facts (found by its tokens' roles). */
const world = (/** @type {Runtime} */ ctx) => worldFacts(ctx, COURSE_WORLD);
/** Where the object marker sits in the course's world (a key of the object's row). */
const marker = (/** @type {Runtime} */ ctx) => roleIndex(world(ctx).w, 'marker');

/**
 * The self-check row of fact `id`: the text the quiz shows (`actual`) against the text the course
 * prints, the fact's name filled with the course's world's tokens.
 * @param {string} id
 * @param {Runtime} ctx
 * @param {string} actual
 * @returns {CheckRow}
 */
export function factCheck(id, ctx, actual) {
  const f = FACTS[id];
  const w = world(ctx).w;
  const vars = { ...roleTokens(w), world: w.id, title: w.title['zh-CN'] };
  const expected = typeof f.expected === 'function' ? f.expected(ctx) : f.expected;
  return checkNamed(f.name, vars, expected, actual);
}

/**
 * A fact printing one field of a models.json entry.
 * @param {string} id
 * @param {string} what
 * @param {string} expected
 * @param {(m: ReturnType<typeof configOf>) => number | undefined} field
 * @returns {Fact}
 */
const configFact = (id, what, expected, field) => ({
  name: `${id}: ${what} (models.json)`,
  expected,
  compute: (ctx) => grouped(needed(field(configOf(ctx, id)), what)),
});

/**
 * The question "which KV head serves query head h" asks about this query head of the anchor
 * (numbered from 0): one whose group is not its index's remainder, so dealing the heads out in
 * turn gives a different (wrong) answer.
 */
export const GQA_QUERY_HEAD = 13;

/** The causal-mask question: T tokens, the row of the token at this position (from 1). */
export const MASK_QUIZ = Object.freeze({ T: 6, position: 4 });

/**
 * The causal mask [T, T] from the engine, one row (or column) written as its 0/1 entries.
 * @param {Runtime} ctx
 * @param {(mask: Matrix, i: number) => number[]} pick
 */
const maskLine = (ctx, pick) => {
  const m = ctx.engine.causalMask(MASK_QUIZ.T, MASK_QUIZ.T);
  return pick(m, MASK_QUIZ.position - 1).join(' ');
};
/** @param {Matrix} m @param {number} i */
const maskRow = (m, i) => Array.from(tensorRow(m, i));
/** @param {Matrix} m @param {number} j */
const maskColumn = (m, j) =>
  Array.from({ length: m.shape[0] }, (_, i) => m.data[i * m.shape[1] + j]);

/**
 * The query's row of the course's world (zh-gift: 给了; the scores ÷√d, from the engine) with the
 * keys after it masked by 0 instead of −∞ (a bug of the final quiz), then softmax: the weight
 * that lands on the answer (小王).
 * @param {Runtime} ctx
 */
function zeroMaskedLeak(ctx) {
  const w = worldTensors(ctx, COURSE_WORLD);
  const gave = roleIndex(w, 'query');
  const scores = ctx.engine.attention({ q: w.q, k: w.k, v: w.v, causal: false }).scores;
  const row = Array.from(tensorRow(scores, gave), (s, j) => (j > gave ? 0 : s));
  return ctx.engine.softmax(row).weights[roleIndex(w, 'answer')];
}

/**
 * Softmax taken down the columns instead of along the rows (the "wrong axis" bug), on the course
 * world's causal scores: the first token's row then holds only its column's share of key 0, not
 * 100%. The column's softmax is the engine's.
 * @param {Runtime} ctx
 */
function columnSoftmaxFirstRow(ctx) {
  const w = worldTensors(ctx, COURSE_WORLD);
  const n = w.tokens.length;
  const scores = ctx.engine.attention({ q: w.q, k: w.k, v: w.v, causal: true }).scores;
  // Column 0: every query may see key 0.
  const column = Array.from({ length: n }, (_, i) => scores.data[i * n]);
  return ctx.engine.softmax(column).weights[0];
}

/** The engine's tiny decoder at the widget's largest prompt and generation, without a cache. */
const noCacheRun = (/** @type {Runtime} */ ctx, /** @type {boolean} */ useCache) =>
  generate(ctx.engine, P_MAX, G_MAX, useCache);

/**
 * Every fact a question may quote: id → {name, expected, compute(ctx, memo) → text}. `expected` is
 * the number as the course prints it (or, for the seeded experiment, as the engine's fixed seed
 * gives it); ctx is the runtime {engine, world, models}; memo ({} per round) shares one engine
 * result between facts.
 * @type {Record<string, Fact>}
 */
export const FACTS = {
  'dialog-scores': {
    name: 'dialog example scores (teaching-world.json)',
    expected: '8, 7, 9',
    compute: (ctx) => dialog(ctx).join(', '),
  },
  'softmax-dialog': {
    name: 'softmax of the dialog scores (engine.softmax)',
    expected: '24.5% / 9.0% / 66.5%',
    compute: (ctx) => joinPct(ctx.engine.softmax(dialog(ctx)).weights),
  },
  'split-dialog': {
    name: 'proportional split of the dialog scores (engine.proportionalSplit)',
    expected: '33.3% / 29.2% / 37.5%',
    compute: (ctx) => joinPct(ctx.engine.proportionalSplit(dialog(ctx))),
  },
  'leak-gave': {
    name: 'no mask: {query} → {answer} (engine.attention, {world})',
    expected: (ctx) => pct(world(ctx).queryOnAnswerNoMask),
    compute: (ctx) => {
      const { row, w } = gaveRow(ctx, { noMask: true });
      return pct(row[roleIndex(w, 'answer')]);
    },
  },
  'zero-after-sum-gave': {
    name: 'zero after softmax: {query} row sum (engine.attention maskMode zero-after-softmax)',
    expected: (ctx) => pct(world(ctx).zeroAfterQuerySum),
    compute: (ctx) =>
      pct(gaveRow(ctx, { maskMode: 'zero-after-softmax' }).row.reduce((a, b) => a + b, 0)),
  },
  'k-cos-names': {
    name: 'cosine of K[{names.0}] and K[{names.1}] (engine.cosine)',
    expected: (ctx) => world(ctx).namesCosine.k.toFixed(3),
    compute: (ctx) => {
      const w = worldTensors(ctx, COURSE_WORLD);
      const [a, b] = rolePair(w, 'names');
      return ctx.engine.cosine(tensorRow(w.k, a), tensorRow(w.k, b)).toFixed(3);
    },
  },
  'variance-seed': {
    name: 'lesson 3 experiment: seed (softmax-variance/logic.js EXPERIMENT)',
    expected: '25',
    compute: () => String(EXPERIMENT.seed),
  },
  'variance-keys': {
    name: 'lesson 3 experiment: keys in one softmax row',
    expected: '8',
    compute: () => String(EXPERIMENT.nKeys),
  },
  'std-256': {
    name: 'lesson 3 experiment d = 256: std of q·k (engine.softmaxVariance)',
    expected: '15.72',
    compute: (ctx, memo) => variance(ctx, memo).std,
  },
  'std-256-scaled': {
    name: 'lesson 3 experiment d = 256: std of q·k / √d',
    expected: '0.983',
    compute: (ctx, memo) => variance(ctx, memo).stdScaled,
  },
  'max-256': {
    name: 'lesson 3 experiment d = 256: largest weight of the row, unscaled',
    expected: '99.999%',
    compute: (ctx, memo) => variance(ctx, memo).maxUnscaled,
  },
  'max-256-scaled': {
    name: 'lesson 3 experiment d = 256: largest weight of the row, ÷√d',
    expected: '35.0%',
    compute: (ctx, memo) => variance(ctx, memo).maxScaled,
  },
  'rnn-steps-4096': {
    name: 'T = 4,096: RNN steps per layer that cannot run in parallel',
    expected: '4,096',
    compute: () => grouped(rnnCounts(COURSE_T).sequentialSteps),
  },
  'rnn-path-4096': {
    name: 'T = 4,096: updates from token 1 to token T',
    expected: '4,095',
    compute: () => grouped(rnnCounts(COURSE_T).pathLength),
  },
  'attn-path-4096': {
    name: 'T = 4,096: attention path length token 1 → token T (engine.causalMask)',
    expected: '1',
    compute: (ctx) => String(attentionCounts(ctx.engine, COURSE_T).pathLength),
  },
  'anchor-formula': {
    name: 'anchor KV bytes per token (engine.kvLedger formula)',
    expected: '16 × 2 × 4 × 256 × 2 B = 65,536 B',
    compute: (ctx) => String(modelLedger(ctx.engine, anchorOf(ctx.models)).formula),
  },
  'anchor-layers': {
    name: 'anchor layers (models.json layers)',
    expected: '64',
    compute: (ctx) => String(anchorOf(ctx.models).layers),
  },
  'anchor-full-layers': {
    name: 'anchor full-attention layers, the ones that keep KV (models.json fullAttentionLayers)',
    expected: '16',
    compute: (ctx) => String(anchorOf(ctx.models).fullAttentionLayers),
  },
  'anchor-gqa-per-token': {
    name: 'anchor (GQA-4) KV per token',
    expected: '64 KiB',
    compute: (ctx) => {
      const { model, rows } = anchorRows(ctx);
      return bytes(variantRow(rows, 'gqa', model.attention.nKvHeads).bytesPerToken);
    },
  },
  'anchor-gqa-context': {
    name: 'anchor (GQA-4) KV for one request at its native context',
    expected: '16 GiB',
    compute: (ctx) => {
      const { model, rows } = anchorRows(ctx);
      return bytes(variantRow(rows, 'gqa', model.attention.nKvHeads).kvBytes);
    },
  },
  'anchor-mha-per-token': {
    name: 'anchor as MHA, KV per token',
    expected: '384 KiB',
    compute: (ctx) => bytes(variantRow(anchorRows(ctx).rows, 'mha').bytesPerToken),
  },
  'anchor-context': {
    name: 'anchor native context (models.json)',
    expected: '262,144',
    compute: (ctx) => grouped(needed(anchorOf(ctx.models).contextLength, 'contextLength')),
  },
  'anchor-heads-width': {
    name: 'anchor heads × head_dim vs hidden_size (models.json)',
    expected: '24 × 256 = 6144 ≠ 5120',
    compute: (ctx) => {
      const m = anchorOf(ctx.models);
      const product = m.attention.nHeads * m.attention.headDim;
      return `${m.attention.nHeads} × ${m.attention.headDim} = ${product} ${product === m.hiddenSize ? '=' : '≠'} ${m.hiddenSize}`;
    },
  },
  'anchor-q-heads': {
    name: 'anchor query heads (models.json)',
    expected: '24',
    compute: (ctx) => String(anchorOf(ctx.models).attention.nHeads),
  },
  'anchor-kv-heads': {
    name: 'anchor KV heads = groups (models.json)',
    expected: '4',
    compute: (ctx) => String(anchorOf(ctx.models).attention.nKvHeads),
  },
  'anchor-q-per-group': {
    name: 'anchor query heads per group (models.json)',
    expected: '6',
    compute: (ctx) => {
      const a = anchorOf(ctx.models).attention;
      return String(a.nHeads / needed(a.nKvHeads, 'attention.nKvHeads'));
    },
  },
  'v2-formula': {
    name: 'DeepSeek-V2 (MLA) KV per token (engine.kvLedger formula)',
    expected: '60 × (512 + 64) × 2 B = 69,120 B',
    compute: (ctx) => String(modelLedger(ctx.engine, modelById(ctx.models, 'deepseek-v2')).formula),
  },
  'v2-vs-67b': {
    name: 'DeepSeek-V2 vs DeepSeek LLM 67B, BF16 (engine.kvLedgerVariants)',
    expected: '−82.2%',
    compute: (ctx) => {
      const v2 = variantRows(ctx.engine, asConfig(modelById(ctx.models, 'deepseek-v2')), 1);
      const d67 = asConfig(modelById(ctx.models, 'deepseek-llm-67b'));
      const d67rows = variantRows(ctx.engine, d67, 1);
      return reductionText(
        ctx.engine.kvReduction(
          variantRow(d67rows, 'gqa', d67.attention.nKvHeads).bytesPerToken,
          variantRow(v2, 'mla').bytesPerToken,
        ),
      );
    },
  },
  'v2-vs-mha': {
    name: 'DeepSeek-V2 vs the same model built with MHA (engine.kvLedgerVariants)',
    expected: '−98.2%',
    compute: (ctx) => {
      const v2 = variantRows(ctx.engine, asConfig(modelById(ctx.models, 'deepseek-v2')), 1);
      return reductionText(
        ctx.engine.kvReduction(
          variantRow(v2, 'mha').bytesPerToken,
          variantRow(v2, 'mla').bytesPerToken,
        ),
      );
    },
  },
  // ---- the final quiz's own questions: configs to compute from, answers and known wrong ones ----
  'llama3-8b-layers': configFact('llama-3-8b', 'layers', '32', (m) => m.layers),
  'llama3-8b-q-heads': configFact('llama-3-8b', 'query heads', '32', (m) => m.attention.nHeads),
  'llama3-8b-kv-heads': configFact('llama-3-8b', 'KV heads', '8', (m) => m.attention.nKvHeads),
  'llama3-8b-head-dim': configFact('llama-3-8b', 'head_dim', '128', (m) => m.attention.headDim),
  'llama3-8b-context': configFact('llama-3-8b', 'context', '8,192', (m) => m.contextLength),
  'llama3-8b-formula': {
    name: 'Llama 3 8B KV bytes per token (engine.kvLedger formula)',
    expected: '32 × 2 × 8 × 128 × 2 B = 131,072 B',
    compute: (ctx) => String(modelLedger(ctx.engine, configOf(ctx, 'llama-3-8b')).formula),
  },
  'llama3-8b-kib': numberFact(
    'Llama 3 8B KV per token in KiB (engine.kvLedger)',
    '128',
    (ctx) => bytesPerToken(ctx, 'llama-3-8b') / KIB,
  ),
  'llama3-8b-mha-kib': numberFact(
    'Llama 3 8B as MHA, KV per token in KiB (engine.kvLedgerVariants)',
    '512',
    (ctx) => variantRow(ledgerRows(ctx, 'llama-3-8b').rows, 'mha').bytesPerToken / KIB,
  ),
  'llama3-8b-k-only-kib': numberFact(
    'Llama 3 8B, K or V alone, per token in KiB (half the ledger)',
    '64',
    (ctx) => bytesPerToken(ctx, 'llama-3-8b') / 2 / KIB,
  ),
  'llama3-8b-per-layer-kib': numberFact(
    'Llama 3 8B KV per token of one layer, in KiB (the ledger ÷ layers)',
    '4',
    (ctx) =>
      bytesPerToken(ctx, 'llama-3-8b') / needed(configOf(ctx, 'llama-3-8b').layers, 'layers') / KIB,
  ),
  'llama3-70b-layers': configFact('llama-3-70b', 'layers', '80', (m) => m.layers),
  'llama3-70b-q-heads': configFact('llama-3-70b', 'query heads', '64', (m) => m.attention.nHeads),
  'llama3-70b-kv-heads': configFact('llama-3-70b', 'KV heads', '8', (m) => m.attention.nKvHeads),
  'llama3-70b-head-dim': configFact('llama-3-70b', 'head_dim', '128', (m) => m.attention.headDim),
  'llama3-70b-context': configFact('llama-3-70b', 'context', '8,192', (m) => m.contextLength),
  'llama3-70b-formula': {
    name: 'Llama 3 70B KV bytes per token (engine.kvLedger formula)',
    expected: '80 × 2 × 8 × 128 × 2 B = 327,680 B',
    compute: (ctx) => String(modelLedger(ctx.engine, configOf(ctx, 'llama-3-70b')).formula),
  },
  'llama3-70b-request-gib': numberFact(
    'Llama 3 70B KV of one request at its full context, in GiB (engine.kvLedgerVariants)',
    '2.50',
    (ctx) => ledgerRows(ctx, 'llama-3-70b').own.kvBytes / GIB,
    2,
  ),
  'llama3-70b-request-bytes': {
    name: 'Llama 3 70B KV of one request at its full context, in bytes',
    expected: '2,684,354,560',
    compute: (ctx) => grouped(ledgerRows(ctx, 'llama-3-70b').own.kvBytes),
  },
  'llama3-70b-request-mib': numberFact(
    'Llama 3 70B KV of one request at its full context, in MiB',
    '2,560',
    (ctx) => ledgerRows(ctx, 'llama-3-70b').own.kvBytes / 2 ** 20,
  ),
  'llama3-70b-mha-request-gib': numberFact(
    'Llama 3 70B as MHA, KV of one request at its full context, in GiB',
    '20',
    (ctx) => variantRow(ledgerRows(ctx, 'llama-3-70b').rows, 'mha').kvBytes / GIB,
    2,
  ),
  'llama3-70b-k-only-request-gib': numberFact(
    'Llama 3 70B, K or V alone, one request at its full context, in GiB',
    '1.25',
    (ctx) => ledgerRows(ctx, 'llama-3-70b').own.kvBytes / 2 / GIB,
    2,
  ),
  'qwen25-7b-layers': configFact('qwen2.5-7b', 'layers', '28', (m) => m.layers),
  'qwen25-7b-kv-heads': configFact('qwen2.5-7b', 'KV heads', '4', (m) => m.attention.nKvHeads),
  'qwen25-7b-head-dim': configFact('qwen2.5-7b', 'head_dim', '128', (m) => m.attention.headDim),
  'qwen25-7b-formula': {
    name: 'Qwen2.5-7B KV bytes per token (engine.kvLedger formula)',
    expected: '28 × 2 × 4 × 128 × 2 B = 57,344 B',
    compute: (ctx) => String(modelLedger(ctx.engine, configOf(ctx, 'qwen2.5-7b')).formula),
  },
  'qwen25-7b-bytes': numberFact('Qwen2.5-7B KV per token (engine.kvLedger)', '57,344', (ctx) =>
    bytesPerToken(ctx, 'qwen2.5-7b'),
  ),
  'gpt2-layers': configFact('gpt2', 'layers', '12', (m) => m.layers),
  'gpt2-heads': configFact('gpt2', 'heads', '12', (m) => m.attention.nHeads),
  'gpt2-head-dim': configFact('gpt2', 'head_dim', '64', (m) => m.attention.headDim),
  'gpt2-formula': {
    name: 'GPT-2 KV bytes per token (engine.kvLedger formula)',
    expected: '12 × 2 × 12 × 64 × 2 B = 36,864 B',
    compute: (ctx) => String(modelLedger(ctx.engine, configOf(ctx, 'gpt2')).formula),
  },
  'gpt2-bytes': numberFact('GPT-2 KV per token (engine.kvLedger)', '36,864', (ctx) =>
    bytesPerToken(ctx, 'gpt2'),
  ),
  'anchor-bytes': numberFact('anchor KV per token (engine.kvLedger)', '65,536', (ctx) =>
    bytesPerToken(ctx, anchorOf(ctx.models).id),
  ),
  'v2-bytes': numberFact('DeepSeek-V2 KV per token (engine.kvLedger)', '69,120', (ctx) =>
    bytesPerToken(ctx, 'deepseek-v2'),
  ),
  'v2-no-rope-bytes': numberFact(
    'DeepSeek-V2 latent alone, without its RoPE key (layers × kv_lora_rank × 2 B)',
    '61,440',
    (ctx) => {
      const m = configOf(ctx, 'deepseek-v2');
      return (
        needed(m.layers, 'layers') *
        needed(m.attention.kvLoraRank, 'kv_lora_rank') *
        needed(m.dtypeBytes, 'dtypeBytes')
      );
    },
  ),
  'v2-twice-bytes': numberFact(
    'DeepSeek-V2 cache counted twice, as if K and V each had a latent',
    '138,240',
    (ctx) => 2 * bytesPerToken(ctx, 'deepseek-v2'),
  ),
  'std-128': numberFact(
    'lesson 3 experiment d = 128: std of q·k (engine.softmaxVariance)',
    '11.30',
    (ctx) => experiment(ctx.engine, ANCHOR_D / 2).stdUnscaled,
    2,
  ),
  'std-256-value': numberFact(
    'lesson 3 experiment d = 256: std of q·k, as a value',
    '15.72',
    (ctx) => experiment(ctx.engine, ANCHOR_D).stdUnscaled,
    2,
  ),
  'std-128-doubled': numberFact(
    'twice the std at d = 128 (a wrong answer: the std grows with √d, not d)',
    '22.60',
    (ctx) => 2 * experiment(ctx.engine, ANCHOR_D / 2).stdUnscaled,
    2,
  ),
  'half-anchor-d': {
    name: 'half the anchor head width',
    expected: '128',
    compute: () => String(ANCHOR_D / 2),
  },
  'mib-per-gib': {
    name: 'MiB in a GiB',
    expected: '1,024',
    compute: () => grouped(GIB / 2 ** 20),
  },
  'sqrt-two': {
    name: 'the factor of the std when d doubles',
    expected: '√2 ≈ 1.41',
    compute: () => `√2 ≈ ${num(Math.SQRT2, 2)}`,
  },
  'apple-scores': {
    name: '{object} row scores ÷√d (engine.attention, {world})',
    expected: (ctx) =>
      world(ctx)
        .objectRow.scores.map((x) => num(x, 2))
        .join(', '),
    compute: (ctx) =>
      objectRow(ctx)
        .scores.map((x) => num(x, 2))
        .join(', '),
  },
  // The middle key of the object's row is the object marker (zh-gift: 把).
  'sink-middle-pct': numberFact(
    '{object} row: softmax weight of the middle key, % (engine.attention)',
    (ctx) => numberText(100 * world(ctx).objectRow.weights[marker(ctx)], 1),
    (ctx) => 100 * objectRow(ctx).weights[marker(ctx)],
    1,
  ),
  'sink-middle-split-pct': numberFact(
    '{object} row: the middle key’s proportional share, % (engine.proportionalSplit)',
    (ctx) =>
      numberText(100 * ctx.engine.proportionalSplit(world(ctx).objectRow.scores)[marker(ctx)], 1),
    (ctx) => 100 * ctx.engine.proportionalSplit(objectRow(ctx).scores)[marker(ctx)],
    1,
  ),
  'sink-middle-even-pct': numberFact(
    '{object} row: an even split over its keys, %',
    (ctx) => numberText(100 / world(ctx).objectRow.keys.length, 1),
    (ctx) => 100 / objectRow(ctx).scores.length,
    1,
  ),
  'gqa-query-head': {
    name: 'the query head the GQA question asks about (from 0)',
    expected: '13',
    compute: () => String(GQA_QUERY_HEAD),
  },
  'anchor-last-head': {
    name: 'the anchor’s last query head (from 0)',
    expected: '23',
    compute: (ctx) => String(anchorOf(ctx.models).attention.nHeads - 1),
  },
  'anchor-last-kv-head': {
    name: 'the anchor’s last KV head (from 0)',
    expected: '3',
    compute: (ctx) => String(needed(anchorOf(ctx.models).attention.nKvHeads, 'nKvHeads') - 1),
  },
  'gqa-kv-head': numberFact('KV head of the asked query head (⌊h / (H/G)⌋)', '2', (ctx) => {
    const a = anchorOf(ctx.models).attention;
    return groupOf(GQA_QUERY_HEAD, a.nHeads, needed(a.nKvHeads, 'nKvHeads'));
  }),
  'gqa-kv-head-dealt': numberFact(
    'h mod G (a wrong answer: heads dealt out in turn)',
    '1',
    (ctx) => GQA_QUERY_HEAD % needed(anchorOf(ctx.models).attention.nKvHeads, 'nKvHeads'),
  ),
  'gqa-kv-head-by-groups': numberFact(
    '⌊h / G⌋ (a wrong answer: divided by the number of groups)',
    '3',
    (ctx) =>
      Math.floor(GQA_QUERY_HEAD / needed(anchorOf(ctx.models).attention.nKvHeads, 'nKvHeads')),
  ),
  'mask-t': { name: 'mask question: T', expected: '6', compute: () => String(MASK_QUIZ.T) },
  'mask-position': {
    name: 'mask question: the position asked (from 1)',
    expected: '4',
    compute: () => String(MASK_QUIZ.position),
  },
  'mask-row': {
    name: 'causal mask row of that position (engine.causalMask)',
    expected: '1 1 1 1 0 0',
    compute: (ctx) => maskLine(ctx, maskRow),
  },
  'mask-row-before': {
    name: 'causal mask row one position earlier (a wrong answer: itself excluded)',
    expected: '1 1 1 0 0 0',
    compute: (ctx) => maskLine(ctx, (m, i) => maskRow(m, i - 1)),
  },
  'mask-row-after': {
    name: 'causal mask row one position later (a wrong answer: counted from 0)',
    expected: '1 1 1 1 1 0',
    compute: (ctx) => maskLine(ctx, (m, i) => maskRow(m, i + 1)),
  },
  'mask-column': {
    name: 'causal mask column of that position (a wrong answer: the transpose)',
    expected: '0 0 0 1 1 1',
    compute: (ctx) => maskLine(ctx, maskColumn),
  },
  'mask-zero-leak': {
    name: 'future masked with 0 instead of −∞: {query} → {answer} (engine.softmax)',
    expected: (ctx) => pct(world(ctx).futureZeroedOnAnswer),
    compute: (ctx) => pct(zeroMaskedLeak(ctx)),
  },
  'axis-first-row': {
    name: 'softmax down the columns: the first token’s row (engine.softmax of column 0)',
    expected: (ctx) => pct(world(ctx).columnSoftmaxFirst),
    compute: (ctx) => pct(columnSoftmaxFirstRow(ctx)),
  },
  'nocache-p': {
    name: 'no-cache question: prompt tokens (the widget’s largest)',
    expected: '6',
    compute: () => String(P_MAX),
  },
  'nocache-g': {
    name: 'no-cache question: generated tokens (the widget’s largest)',
    expected: '8',
    compute: () => String(G_MAX),
  },
  'nocache-terms': {
    name: 'K/V rows computed at each step without a cache (engine.tinyDecoderGenerate)',
    expected: '6 + 7 + 8 + 9 + 10 + 11 + 12 + 13',
    compute: (ctx) => termsText(noCacheRun(ctx, false)),
  },
  'nocache-rows': numberFact(
    'K/V rows computed without a cache (engine.tinyDecoderGenerate kvComputed)',
    '76',
    (ctx) => noCacheRun(ctx, false).kvComputed,
  ),
  'cache-rows': numberFact(
    'K/V rows computed with the cache (engine.tinyDecoderGenerate kvComputed)',
    '13',
    (ctx) => noCacheRun(ctx, true).kvComputed,
  ),
};

/**
 * The placeholder ids in a text, in order.
 * @param {string} text
 */
export function placeholders(text) {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/**
 * Every text of a question a student reads (prompt, options, items, whys, unit, feedback) in
 * both languages; the code snippet is code, the same in both.
 * @param {Question} q
 */
export function textsOf(q) {
  /** @type {Bilingual[]} */
  const out = [q.prompt, q.feedback];
  if (q.kind === 'choice')
    for (const o of q.options) {
      out.push(o.text);
      if (o.why) out.push(o.why);
    }
  if (q.kind === 'order') for (const it of q.items) out.push(it.text, it.why);
  if (q.kind === 'numeric') {
    if (q.unit) out.push(q.unit);
    for (const w of q.wrong ?? []) out.push(w.why);
  }
  return out.flatMap((t) => [t['zh-CN'], t.en]);
}

/**
 * The facts a question is graded against (values): a numeric answer and its known wrong answers,
 * the items of an ordering by value.
 * @param {Question} q
 */
function valueIdsOf(q) {
  if (q.kind === 'numeric') return [q.answer.fact, ...(q.wrong ?? []).map((w) => w.value)];
  if (q.kind === 'order' && !Array.isArray(q.answer))
    return q.items.map((it) => /** @type {string} */ (it.value));
  return [];
}

/**
 * The fact ids the quiz uses (quoted in a text, or graded against), each once, in order of
 * appearance.
 * @param {QuizDoc | { questions: Question[] }} doc
 */
export function usedFacts(doc) {
  return [
    ...new Set(
      doc.questions.flatMap((q) => [...textsOf(q).flatMap(placeholders), ...valueIdsOf(q)]),
    ),
  ];
}

/**
 * The ids of the facts whose values grading needs.
 * @param {QuizDoc | { questions: Question[] }} doc
 */
export function usedValues(doc) {
  return [...new Set(doc.questions.flatMap(valueIdsOf))];
}

/**
 * {id → text} for the given fact ids, each asked from the engine once.
 * @param {Runtime} ctx
 * @returns {Record<string, string>}
 */
export function computeFacts(ctx, ids = Object.keys(FACTS)) {
  /** @type {Memo} */
  const memo = {};
  const own = ids.filter((id) => id in FACTS);
  // The rest are the course's prose facts (widgets/facts/facts.js), the same numbers the lesson
  // pages quote; the quiz uses those that read the same in both languages.
  const course = courseFacts(
    /** @type {FactContext} */ (ctx),
    ids.filter((id) => !(id in FACTS)),
  );
  return Object.fromEntries([
    ...own.map((id) => [id, FACTS[id].compute(ctx, memo)]),
    ...[...course].map(([id, v]) => {
      if (v['zh-CN'] !== v.en)
        throw new Error(`fact {{${id}}} differs by language: the quiz can't use it`);
      return [id, v.en];
    }),
  ]);
}

/**
 * {id → value} for the given facts (each must have a value), asked from the engine once each.
 * @param {Runtime} ctx
 * @param {string[]} ids
 * @returns {Values}
 */
export function computeValues(ctx, ids) {
  /** @type {Memo} */
  const memo = {};
  return Object.fromEntries(
    ids.map((id) => {
      const f = FACTS[id]?.value;
      if (!f) throw new QuizDataError(`quiz.json: {{${id}}} is not a fact with a value`, id);
      return [id, f(ctx, memo)];
    }),
  );
}

/**
 * `text` with every {{id}} replaced by facts[id].
 * @param {string} text
 * @param {Record<string, string>} facts
 */
export function fill(text, facts) {
  return text.replace(PLACEHOLDER, (_, id) => {
    if (!(id in facts)) throw new QuizDataError(`quiz.json: unknown placeholder {{${id}}}`, id);
    return facts[id];
  });
}

/**
 * The rules quiz.schema.json cannot state, after `validate` (the compiled schema, or null to
 * skip it): unique question ids, unique option and item ids, the answer among the options (or a
 * permutation of the items, or items that all have values to sort by), a numeric answer and its
 * known wrong answers facts with values, the lesson and review pages in lessons.json, every
 * question in a scope, every placeholder a known fact. Returns doc; throws QuizDataError naming
 * the field.
 * @param {unknown} data
 * @param {LessonsDoc} lessons
 * @param {((d: unknown) => boolean) & { errors?: { instancePath: string, message?: string,
 *   params?: Record<string, any> }[] | null } | null} validate
 * @returns {QuizDoc}
 */
export function checkQuiz(data, lessons, validate) {
  const doc = /** @type {QuizDoc} */ (data);
  if (validate && !validate(doc)) {
    const e = validate.errors?.[0] ?? { instancePath: '', message: 'is not valid' };
    const field = e.instancePath || '(top level)';
    const detail = e.params && e.params.missingProperty ? ` "${e.params.missingProperty}"` : '';
    throw new QuizDataError(`quiz.json: ${field} ${e.message}${detail}`, field);
  }
  const slugs = new Set(lessons.lessons.map((l) => l.slug));
  const seen = new Set();
  doc.questions.forEach((q, i) => {
    /** @param {string} f @param {string} msg */
    const at = (f, msg) =>
      new QuizDataError(`quiz.json: /questions/${i}/${f} ${msg}`, `/questions/${i}/${f}`);
    if (seen.has(q.id)) throw at('id', `"${q.id}" is used by an earlier question`);
    seen.add(q.id);
    if (q.lesson === undefined && q.final !== true)
      throw at(
        '',
        `"${q.id}" is neither a page's check ("lesson") nor in the final quiz ("final")`,
      );
    for (const f of /** @type {const} */ (['lesson', 'review'])) {
      const slug = q[f];
      if (slug !== undefined && !slugs.has(slug))
        throw at(f, `"${slug}" is not a lesson of lessons.json`);
    }
    if (q.lesson === undefined && q.review === undefined)
      throw at('review', `"${q.id}" names no page to review (give "lesson" or "review")`);
    if (q.kind === 'choice') {
      const ids = q.options.map((o) => o.id);
      if (new Set(ids).size !== ids.length)
        throw at('options', `repeat an option id (${ids.join(', ')})`);
      if (!ids.includes(q.answer))
        throw at('answer', `"${q.answer}" is not one of the options (${ids.join(', ')})`);
      const whyOnAnswer = q.options.find((o) => o.id === q.answer && o.why);
      if (whyOnAnswer)
        throw at(
          'options',
          `the right option "${q.answer}" has a "why" (only wrong options explain themselves)`,
        );
    }
    if (q.kind === 'order') {
      const ids = q.items.map((it) => it.id);
      if (new Set(ids).size !== ids.length)
        throw at('items', `repeat an item id (${ids.join(', ')})`);
      if (Array.isArray(q.answer)) {
        const answer = q.answer;
        if (answer.length !== ids.length || !ids.every((id) => answer.includes(id)))
          throw at('answer', `must list every item once (${ids.join(', ')})`);
        if (q.answer.join() === ids.join())
          throw at('items', 'are listed in the answer’s order: the student would start solved');
      } else {
        const missing = q.items.find((it) => it.value === undefined);
        if (missing) throw at('items', `"${missing.id}" has no value to order by`);
      }
    }
    for (const id of valueIdsOf(q))
      if (!FACTS[id]?.value)
        throw at('', `grades against {{${id}}}, which is not a fact with a value`);
    for (const id of textsOf(q).flatMap(placeholders)) {
      if (!(id in FACTS) && !(id in COURSE_FACTS))
        throw at(
          '',
          `uses an unknown placeholder {{${id}}} (known: ${Object.keys(FACTS).join(', ')})`,
        );
    }
  });
  return doc;
}

/**
 * The options a student chooses from: the question's own, or True / False (none for a number
 * or an ordering).
 * @param {Question} q
 */
export function optionIds(q) {
  if (q.kind === 'choice') return q.options.map((o) => o.id);
  return q.kind === 'true-false' ? ['true', 'false'] : [];
}

/**
 * A number as a student types it: "131,072", "131072", "41.3", "41.3%", "−2", full-width digits
 * and punctuation (an IME's) too; a unit after the number is allowed when it is the question's
 * (`units`, compared without case). Returns the number, or null when it is not one (a decimal
 * comma "1,5" is refused: it reads as one and a half or as fifteen).
 * @param {string} text
 * @param {string[]} [units]
 */
export function parseNumber(text, units = []) {
  const t = String(text).normalize('NFKC').trim().replace(/−/g, '-').replace(/\s+/g, ' ');
  const m = t.match(/^([-+]?)(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?\s*(.*)$/);
  if (!m || (m[2] === undefined && m[3] === undefined)) return null;
  const rest = m[4].trim().toLowerCase();
  if (rest && !units.some((u) => u.toLowerCase() === rest)) return null;
  const x = Number(`${m[1]}${(m[2] ?? '0').replace(/,/g, '')}${m[3] ?? ''}`);
  return Number.isFinite(x) ? x : null;
}

/**
 * Is x within `tolerance` of `answer`?
 * @param {number} x
 * @param {number} answer
 * @param {Tolerance} tolerance
 */
export function within(x, answer, tolerance) {
  const allowed =
    'relative' in tolerance ? tolerance.relative * Math.abs(answer) : tolerance.absolute;
  // A hair of slack for the decimal the student typed (41.3 for 41.2567 at ±0.05 …).
  return Math.abs(x - answer) <= allowed * (1 + 1e-9) + 1e-12;
}

/**
 * The right order of an ordering's item ids: its `answer`, or its items sorted by their values.
 * @param {OrderQuestion} q
 * @param {Values} values
 */
export function orderAnswer(q, values) {
  if (Array.isArray(q.answer)) return q.answer;
  const sign = q.answer.order === 'descending' ? -1 : 1;
  const valueOf = (/** @type {OrderItem} */ it) => values[/** @type {string} */ (it.value)];
  return [...q.items].sort((a, b) => sign * (valueOf(a) - valueOf(b))).map((it) => it.id);
}

/**
 * The right answer of q as an answer string: the option id, "true"/"false", the number, or the
 * item ids in order joined by commas.
 * @param {Question} q
 * @param {Values} [values]
 */
export function rightAnswer(q, values = {}) {
  if (q.kind === 'choice') return q.answer;
  if (q.kind === 'true-false') return String(q.answer);
  if (q.kind === 'numeric') return String(values[q.answer.fact]);
  return orderAnswer(q, values).join(',');
}

/**
 * Is `answer` (an answer string as the quiz stores it) right for q?
 * @param {Question} q
 * @param {string} answer
 * @param {Values} [values]
 */
export function isCorrect(q, answer, values = {}) {
  if (q.kind === 'numeric') {
    const x = parseNumber(answer);
    return x !== null && within(x, values[q.answer.fact], q.tolerance);
  }
  return answer === rightAnswer(q, values);
}

/**
 * Could `answer` be a student's answer to q (a stored record read back)?
 * @param {Question} q
 * @param {string} answer
 */
export function validAnswer(q, answer) {
  if (q.kind === 'numeric') return parseNumber(answer) !== null;
  if (q.kind === 'order') {
    const ids = answer.split(',');
    return ids.length === q.items.length && q.items.every((it) => ids.includes(it.id));
  }
  return optionIds(q).includes(answer);
}

/**
 * A wrong number that matches one of the question's known wrong answers (within its tolerance):
 * the entry, whose `why` says what that number is.
 * @param {NumericQuestion} q
 * @param {number} x
 * @param {Values} values
 */
export function knownWrong(q, x, values) {
  return (q.wrong ?? []).find((w) => within(x, values[w.value], q.tolerance)) ?? null;
}

/**
 * {answered, correct, total} over the checked answers {questionId → answer string}.
 * @param {{ questions: Question[] }} doc
 * @param {Record<string, string>} checked
 * @param {Values} [values]
 */
export function score(doc, checked, values = {}) {
  let answered = 0,
    correct = 0;
  for (const q of doc.questions) {
    if (checked[q.id] === undefined) continue;
    answered++;
    if (isCorrect(q, checked[q.id], values)) correct++;
  }
  return { answered, correct, total: doc.questions.length };
}

/**
 * {tried, right, total}: the questions tried at least once and those right at the first try.
 * @param {{ questions: Question[] }} doc
 * @param {Record<string, { firstCorrect: boolean }>} records the progress records by question id
 */
export function firstTries(doc, records) {
  const tried = doc.questions.filter((q) => records[q.id] !== undefined);
  return {
    tried: tried.length,
    right: tried.filter((q) => records[q.id].firstCorrect).length,
    total: doc.questions.length,
  };
}

/**
 * Whether a wrong check may be tried again before the answer is shown: once, for a choice, a
 * number or an ordering. A true/false statement has no retry: after "not right" only the other
 * answer is left, so its feedback shows at once.
 * @param {Question} q
 * @param {number} tries the checks so far, this one included
 */
export function mayRetry(q, tries) {
  return q.kind !== 'true-false' && tries < 2;
}

/**
 * The quiz's self-check over `doc` (checkQuiz's document: the page's scope, or the whole quiz):
 * its own facts against the numbers the course prints, every question linked to a lesson of
 * `lessons`, one right option per choice, every graded answer computed, no ordering that starts
 * solved.
 * @param {Runtime} rt
 * @param {QuizDoc} doc
 * @param {{ lessons: { slug: string }[] }} lessons
 * @returns {CheckRow[]}
 */
export function quizChecks(rt, doc, lessons) {
  const ids = usedFacts(doc);
  const facts = computeFacts(rt, ids);
  const values = computeValues(rt, usedValues(doc));
  const slugs = new Set(lessons.lessons.map((l) => l.slug));
  const linked = doc.questions.filter((q) => slugs.has(q.review ?? q.lesson ?? '')).length;
  const options = doc.questions.filter((q) => q.kind === 'choice' || q.kind === 'true-false');
  const oneRight = options.filter(
    (q) => optionIds(q).filter((id) => isCorrect(q, id)).length === 1,
  ).length;
  const graded = doc.questions.filter((q) => q.kind === 'numeric' || q.kind === 'order');
  const computed = graded.filter((q) => {
    const right = rightAnswer(q, values);
    return q.kind === 'numeric' ? Number.isFinite(Number(right)) : validAnswer(q, right);
  }).length;
  const orders = scopeQuestions(doc, '').filter((q) => q.kind === 'order');
  const unsolved = orders.filter(
    (q) =>
      q.kind === 'order' && orderAnswer(q, values).join() !== q.items.map((it) => it.id).join(),
  ).length;
  const n = doc.questions.length;
  return [
    // The quiz's own facts against the numbers the course prints (the pages' prose facts are
    // checked with the prose, tests/js/prose-numbers.test.mjs).
    ...ids.filter((id) => id in FACTS).map((id) => factCheck(id, rt, facts[id])),
    check('every question links to a lesson page of lessons.json', `${n}/${n}`, `${linked}/${n}`),
    check(
      'every choice and true/false question has exactly one right option',
      `${options.length}/${options.length}`,
      `${oneRight}/${options.length}`,
    ),
    check(
      'every numeric answer and every order is computed from a fact with a value',
      `${graded.length}/${graded.length}`,
      `${computed}/${graded.length}`,
    ),
    check(
      'the final quiz starts no ordering in its right order',
      `${orders.length}/${orders.length}`,
      `${unsolved}/${orders.length}`,
    ),
  ];
}
