// The DOM-free half of <attn-mla>: the seeded MLA example's settings, the DeepSeek-V2 ledger
// entries the widget shows, and the course numbers. Outputs, errors, bytes and reductions come
// from engine.mla / engine.kvLedger / engine.kvLedgerVariants / engine.kvReduction; this file
// picks and formats.
/** @import { AttnEngine, LedgerResult } from '../../web/attn-engine.js' */
/** @import { ModelsDoc } from '../../web/course-data.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
import { exactBytes } from '../../web/dom.js';
import { modelById } from '../../web/models.js';
import { reductionText } from '../kv-ledger/logic.js';
import { check as row } from '../../web/check-row.js';

/**
 * The seeded example's settings (engine.mla's options).
 * @typedef {{ T: number, dModel: number, nHeads: number, dNope: number, dRope: number,
 *   kvLoraRank: number, dValue: number, seed: number, dtypeBytes: number }} MlaExample
 */
/**
 * The small seeded example (engine.mla); r and dr come from the sliders.
 * @type {Readonly<MlaExample>}
 */
export const EXAMPLE = Object.freeze({
  T: 6,
  dModel: 32,
  nHeads: 2,
  dNope: 8,
  dRope: 4,
  kvLoraRank: 8,
  dValue: 8,
  seed: 1,
  dtypeBytes: 2,
});
export const R_MIN = 1,
  R_MAX = 32,
  DR_MIN = 2,
  DR_MAX = 16;

/**
 * The seeded example at latent width r (kvLoraRank) and RoPE dims dr (dRope).
 * @param {AttnEngine} engine
 * @param {{ kvLoraRank?: number, dRope?: number }} [options]
 */
export function runMla(engine, { kvLoraRank = EXAMPLE.kvLoraRank, dRope = EXAMPLE.dRope } = {}) {
  return engine.mla({ ...EXAMPLE, kvLoraRank, dRope });
}

/**
 * DeepSeek-V2's cache from the engine's ledger, and what it is compared with:
 * {v2, perLayer, numbersPerLayer, mhaSame, d67, vsMha, vs67, vs67PerLayer, layers, d67Layers, rank,
 * rope, dtype, d67Name}.
 * perLayer is the ledger of the same entry with one layer; numbersPerLayer the same at 1 byte per
 * number (= kv_lora_rank + rope_dim, counted by the engine). `bytes` holds the five entries'
 * bytesPerToken as numbers (both are config models, so none is a reported-only null).
 * @param {AttnEngine} engine
 * @param {ModelsDoc} models
 */
export function v2Ledger(engine, models) {
  const v2m = modelById(models, 'deepseek-v2'),
    d67m = modelById(models, 'deepseek-llm-67b');
  /** @param {LedgerResult} r @param {string} what */
  const bytesOf = (r, what) => {
    if (r.bytesPerToken === null) throw new Error(`${what}: models.json gives no attention config`);
    return r.bytesPerToken;
  };
  const v2 = engine.kvLedger(v2m);
  const perLayer = engine.kvLedger({ ...v2m, layers: 1 });
  const numbersPerLayer = engine.kvLedger({ ...v2m, layers: 1, dtypeBytes: 1 });
  const rows = engine.kvLedgerVariants(v2m, 1);
  const mhaRow = rows.find((r) => r.kind === 'mha');
  const a = v2m.attention;
  if (!a) throw new Error('DeepSeek-V2: models.json gives no attention config');
  const mhaSame = engine.kvLedger({
    ...v2m,
    attention: { kind: 'mha', nHeads: a.nHeads, nKvHeads: a.nHeads, headDim: a.headDim },
  });
  if (!mhaRow || mhaRow.bytesPerToken !== mhaSame.bytesPerToken)
    throw new Error('DeepSeek-V2: the ledger’s MHA rows disagree');
  const d67 = engine.kvLedger(d67m);
  // one layer of 67B: the two models differ in depth, so the per-layer saving is MLA's own
  const d67PerLayer = engine.kvLedger({ ...d67m, layers: 1 });
  const bytes = {
    v2: bytesOf(v2, v2m.name),
    perLayer: bytesOf(perLayer, v2m.name),
    numbersPerLayer: bytesOf(numbersPerLayer, v2m.name),
    mhaSame: bytesOf(mhaSame, v2m.name),
    d67: bytesOf(d67, d67m.name),
    d67PerLayer: bytesOf(d67PerLayer, d67m.name),
  };
  return {
    v2,
    perLayer,
    numbersPerLayer,
    mhaSame,
    d67,
    bytes,
    vsMha: engine.kvReduction(bytes.mhaSame, bytes.v2),
    vs67: engine.kvReduction(bytes.d67, bytes.v2),
    vs67PerLayer: engine.kvReduction(bytes.d67PerLayer, bytes.perLayer),
    layers: v2m.layers,
    d67Layers: d67m.layers,
    rank: a.kvLoraRank,
    rope: a.ropeDim,
    dtype: v2m.dtypeBytes,
    heads: a.nHeads,
    headDim: a.headDim,
    v2Name: v2m.name,
    d67Name: d67m.name,
  };
}

/**
 * Every course number the widget prints, through the engine: [{name, expected, actual, ok}].
 * @param {AttnEngine} engine
 * @param {ModelsDoc} models
 * @returns {CheckRow[]}
 */
export function courseNumbers(engine, models) {
  const m = runMla(engine);
  const L = v2Ledger(engine, models);
  return [
    {
      name: 'seeded MLA (r 8, dr 4): explicit vs absorbed output, max |Δ|',
      expected: '< 1e-4',
      actual: m.maxAbsDiff.toExponential(1),
      ok: m.maxAbsDiff < 1e-4,
    },
    {
      name: 'RoPE on the expanded key (no decoupling): absorbed score error',
      expected: '> 0.1',
      actual: m.ropeOnLatentError === null ? 'null' : m.ropeOnLatentError.toFixed(2),
      ok: m.ropeOnLatentError !== null && m.ropeOnLatentError > 0.1,
    },
    row(
      'DeepSeek-V2: numbers cached per token per layer (512 + 64)',
      '576',
      String(L.bytes.numbersPerLayer),
    ),
    row(
      'DeepSeek-V2: bytes per token per layer, 576 × 2 B',
      '1,152 B',
      exactBytes(L.bytes.perLayer),
    ),
    row('DeepSeek-V2: bytes per token, 60 layers', '69,120 B', exactBytes(L.bytes.v2)),
    row('DeepSeek LLM 67B (GQA-8): bytes per token', '389,120 B', exactBytes(L.bytes.d67)),
    row('DeepSeek-V2 vs DeepSeek LLM 67B (BF16)', '−82.2%', reductionText(L.vs67)),
    row('DeepSeek-V2 vs the same model built with MHA', '−98.2%', reductionText(L.vsMha)),
  ];
}
