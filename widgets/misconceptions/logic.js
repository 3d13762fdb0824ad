// The DOM-free half of <attn-misconceptions>: the number that disproves each misconception of
// the chapter guide, asked from the engine through the lesson widgets' helpers and the anchor's
// config; the original Transformer's d_model = 512, h = 8, d_k = 64 are quoted from the paper.
// Nothing is computed here beyond counting and formatting.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Matrix } from '../../web/tensor.js' */
import { bytes, exactBytes, grouped, num, pct } from '../../web/dom.js';
import { worldTensors, roleIndex, COURSE_WORLD } from '../../web/world.js';
import { modelById } from '../../web/models.js';
import { scoreBytes, courseBytes, COURSE as ADDITIVE_COURSE } from '../dot-product/logic.js';
import { scoreExample, experiment, ANCHOR_D, WRONG_GUESS } from '../softmax-variance/logic.js';
import { REPORTED } from '../evolution-map/logic.js';
import { courseChecks as ropeChecks } from '../rope/logic.js';
import { variantRows, variantRow, reductionText, asConfig } from '../kv-ledger/logic.js';
import { anchorModel, modelStages } from '../data-flow/logic.js';

/** Attention Is All You Need (Vaswani et al., 2017) §3.2.2: the base model's widths. */
export const ORIGINAL_TRANSFORMER = Object.freeze({ dModel: 512, heads: 8, dK: 64 });

/** The misconceptions in the guide's order, each with the lesson pages that correct it. */
export const ROWS = Object.freeze([
  { id: 'qkv-tokens', lessons: ['01-cosine-vs-projection'] },
  { id: 'dot-only', lessons: ['02-dot-product'] },
  { id: 'sqrt-trick', lessons: ['03-softmax-and-scaling'] },
  { id: 'proportional', lessons: ['03-softmax-and-scaling'] },
  { id: 'mask-deletes', lessons: ['04-causal-mask'] },
  { id: 'rope-adds', lessons: ['06-rope'] },
  { id: 'clean-heads', lessons: ['lab'] },
  { id: 'width', lessons: ['07-multi-head'] },
  { id: 'cache-free', lessons: ['08-kv-cache'] },
  { id: 'groups', lessons: ['09-gqa'] },
  { id: 'mla-gqa', lessons: ['10-mla'] },
  { id: 'v2-93', lessons: ['10-mla'] },
]);

// The numbers depend only on the runtime's engine and data: computed once per runtime (the
// seeded √d experiment alone takes ~20 ms), not again on every language switch or self-check.
/** @type {WeakMap<Runtime, Record<string, string>>} */
const cache = new WeakMap();

/**
 * A field models.json may leave out but this table needs: the value, or an error naming it.
 * @template T
 * @param {T | undefined} x
 * @param {string} what
 * @returns {T}
 */
function needed(x, what) {
  if (x === undefined) throw new Error(`models.json: ${what} is missing`);
  return x;
}

/**
 * Every number the table shows, formatted: {key: text}; one computation per runtime object.
 * @param {Runtime} rt
 * @returns {Record<string, string>}
 */
export function proofNumbers(rt) {
  let n = cache.get(rt);
  if (!n) cache.set(rt, (n = computeProofNumbers(rt)));
  return n;
}

/** @param {Runtime} rt */
function computeProofNumbers(rt) {
  const engine = rt.engine;
  const w = worldTensors(rt, COURSE_WORLD);
  const n = w.tokens.length;
  const gave = roleIndex(w, 'query');
  const anchor = anchorModel(rt.models);
  const dialog = scoreExample(rt.world, 'dialog');
  const soft = engine.softmax(dialog.scores, {}).weights;
  const mem = scoreBytes(engine, ADDITIVE_COURSE.T, ADDITIVE_COURSE.dA, ADDITIVE_COURSE.bytesPer);
  const variance = experiment(engine, ANCHOR_D);
  const zeroed = engine.attention({
    q: w.q,
    k: w.k,
    v: w.v,
    causal: true,
    maskMode: 'zero-after-softmax',
  });
  let zeroedSum = 0;
  for (let j = 0; j < n; j++) zeroedSum += zeroed.weights.data[gave * n + j];
  const rope = ropeChecks(rt);
  const stages = modelStages(engine, anchor, n);
  const att = needed(
    stages.find((s) => s.id === 'attention'),
    `${anchor.id}: the attention stage`,
  );
  const wq = needed(
    att.terms.find((t) => t.name === 'W_Q'),
    `${anchor.id}: W_Q`,
  );
  const attention = needed(anchor.attention, `${anchor.id}.attention`);
  const nKvHeads = needed(attention.nKvHeads, `${anchor.id}.attention.nKvHeads`);
  const context = needed(anchor.contextLength, `${anchor.id}.contextLength`);
  const a262 = variantRows(engine, asConfig(anchor), context);
  const gqa = variantRow(a262, 'gqa', nKvHeads);
  const v2 = variantRows(engine, asConfig(modelById(rt.models, 'deepseek-v2')), 1);
  const d67model = asConfig(modelById(rt.models, 'deepseek-llm-67b'));
  const d67 = variantRow(variantRows(engine, d67model, 1), 'gqa', 8);
  const v2attn = needed(modelById(rt.models, 'deepseek-v2').attention, 'deepseek-v2.attention');
  const kvLoraRank = needed(v2attn.kvLoraRank, 'deepseek-v2.attention.kvLoraRank');
  const ropeDim = needed(v2attn.ropeDim, 'deepseek-v2.attention.ropeDim');
  const O = ORIGINAL_TRANSFORMER;
  return {
    tokens: String(n),
    courseT: grouped(ADDITIVE_COURSE.T),
    dA: String(ADDITIVE_COURSE.dA),
    wrongGuess: WRONG_GUESS.map((x) => pct(x, 0)).join(' / '),
    context: grouped(context),
    v2Reported: REPORTED.v2Reduction.value,
    v2KvBits: REPORTED.v2Reduction.kvBits,
    qkvShapes: [w.q, w.k, w.v].map((m) => `${m.shape[0]} × ${m.shape[1]}`).join(' / '),
    additiveBytes: courseBytes(mem.additive),
    dotBytes: courseBytes(mem.dot),
    d: String(ANCHOR_D),
    stdUnscaled: num(variance.stdUnscaled, 1),
    stdScaled: num(variance.stdScaled, 2),
    dialogScores: dialog.scores.join(' / '),
    dialogSoftmax: Array.from(soft, (x) => pct(x)).join(' / '),
    zeroedRowSum: num(zeroedSum, 3),
    ropeSame: rope.same.map((x) => num(x, 3)).join(' / '),
    rotary: `${attention.rotaryDim} / ${attention.headDim}`,
    originalWidth: `${O.dModel} / ${O.heads} = ${O.dK}`,
    anchorWidth: `${attention.nHeads} × ${attention.headDim} = ${wq.cols} ≠ ${wq.rows}`,
    cacheToken: bytes(gqa.bytesPerToken),
    cacheContext: bytes(gqa.kvBytes),
    cacheFormula: gqa.formula,
    groups: `${nKvHeads}`,
    groupSize: `${attention.nHeads / nKvHeads}`,
    mlaNumbers: `${kvLoraRank} + ${ropeDim} = ${kvLoraRank + ropeDim}`,
    v2Token: exactBytes(variantRow(v2, 'mla').bytesPerToken),
    v2Mha: exactBytes(variantRow(v2, 'mha').bytesPerToken),
    v2vs67: reductionText(
      engine.kvReduction(d67.bytesPerToken, variantRow(v2, 'mla').bytesPerToken),
    ),
    v2vsMha: reductionText(
      engine.kvReduction(variantRow(v2, 'mha').bytesPerToken, variantRow(v2, 'mla').bytesPerToken),
    ),
  };
}

/**
 * The guide's printed numbers against the table's: [{name, expected, actual}].
 * @param {Runtime} rt
 */
export function courseNumbers(rt) {
  const n = proofNumbers(rt);
  return [
    ['softmax of 8 / 7 / 9', '24.5% / 9.0% / 66.5%', n.dialogSoftmax],
    [
      'additive vs dot-product scores at T = 4,096 (BF16)',
      '8.0 GiB / 32 MiB',
      `${n.additiveBytes} / ${n.dotBytes}`,
    ],
    ['Qwen3.8-27B heads × head dim vs hidden', '24 × 256 = 6144 ≠ 5120', n.anchorWidth],
    ['Qwen3.8-27B KV cache at 262,144 tokens (GQA-4)', '16 GiB', n.cacheContext],
    ['Qwen3.8-27B groups = KV heads, Q heads per group', '4 / 6', `${n.groups} / ${n.groupSize}`],
    ['DeepSeek-V2 vs DeepSeek LLM 67B (BF16)', '−82.2%', n.v2vs67],
    ['DeepSeek-V2 vs its own shape as MHA', '−98.2%', n.v2vsMha],
  ].map(([name, expected, actual]) => ({ name, expected, actual }));
}
