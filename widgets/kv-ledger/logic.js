// The DOM-free half of <attn-kv-ledger>: it asks the engine's KV ledger for a model's rows and
// lists the course numbers the widget reproduces. No byte is computed here: every byte count is
// a field of an engine result (engine.kvLedger / engine.kvLedgerVariants), every reduction is
// engine.kvReduction's; this file only picks fields, formats them (web/dom.js bytes()/
// exactBytes()) and compares the text.
/** @import { AttnEngine, LedgerRow } from '../../web/attn-engine.js' */
/** @import { CourseModel, ModelsDoc } from '../../web/course-data.js' */
/** @typedef {NonNullable<CourseModel['attention']>} Attention */
/**
 * A model with a config to compute from (not reported-only).
 * @typedef {CourseModel & { attention: Attention }} ConfigModel
 */
/**
 * One attention variant of a model's shape, completed from the engine (see variantRows).
 * @typedef {object} VariantRow
 * @property {LedgerRow['kind']} kind
 * @property {number | null} kvHeads G (null for mla)
 * @property {number} bytesPerToken
 * @property {string} formula the per-token formula with the model's numbers
 * @property {number} kvBytes the KV cache of one request alone
 * @property {number} stateBytes the linear-attention layers' fixed state (0 without)
 * @property {number} totalBytes kvBytes + stateBytes
 * @property {number} cachedTokens min(tokens, sliding window)
 * @property {boolean} exceedsContext tokens past the model's limit
 */
import { bytes, exactBytes } from '../../web/dom.js';
import { modelById } from '../../web/models.js';

/** @typedef {{ name: string, expected: string, actual: string }} CourseNumber */

/** Context presets of the widget, in tokens. */
export const PRESETS = [4096, 32768, 262144, 1048576];
/** The context the course quotes for the anchor (its native context). */
export const DEFAULT_CONTEXT = 262144;
/** Bounds of the context input (tokens). */
export const MIN_CONTEXT = 1;
export const MAX_CONTEXT = 16777216;

/**
 * A models.json entry that only carries an officially reported figure (no config to compute from).
 * @param {CourseModel} model
 * @returns {boolean}
 */
export function isReported(model) {
  return model.reportedKvBytesPerToken !== undefined && model.attention === undefined;
}

/**
 * "MHA", "MQA", "GQA-4", "MLA"
 * @param {{ kind: string, kvHeads: number | null }} row
 */
export function variantLabel(row) {
  const k = row.kind.toUpperCase();
  return row.kind === 'gqa' ? `${k}-${row.kvHeads}` : k;
}

/**
 * Is this ledger row the model's own attention (as opposed to the same shape re-cast)?
 * @param {ConfigModel} model
 * @param {{ kind: string, kvHeads: number | null }} row
 */
export function isOwnRow(model, row) {
  const a = model.attention;
  if (row.kind !== a.kind) return false;
  return row.kind === 'mla' || row.kvHeads === a.nKvHeads;
}

/**
 * engine.kvLedger(model): {bytesPerToken, formula, linearStateBytes, reportedBytesPerToken, ...}.
 * @param {AttnEngine} engine
 * @param {CourseModel} model
 */
export function modelLedger(engine, model) {
  return engine.kvLedger(model);
}

/**
 * The same model entry with its attention re-cast to a ledger row's kind and KV heads (data, not
 * math).
 * @param {ConfigModel} model
 * @param {LedgerRow} row
 * @returns {CourseModel}
 */
export function recast(model, row) {
  if (row.kind === 'mla') return model;
  const a = model.attention;
  return {
    ...model,
    attention: {
      kind: row.kind,
      nHeads: a.nHeads,
      nKvHeads: row.kvHeads ?? undefined, // mla returned above: never null here
      headDim: a.headDim,
      ...(a.vHeadDim !== undefined && { vHeadDim: a.vHeadDim }),
    },
  };
}

/**
 * The model entry without its linear-attention layers' state: the engine then counts KV alone.
 * @param {CourseModel} model
 * @returns {CourseModel}
 */
export function kvOnly(model) {
  const { linearAttention, ...rest } = model;
  return rest;
}

/**
 * engine.kvLedgerVariants(model, tokens) — MHA, (GQA), MQA, (MLA), largest cache first — with
 * each row completed from the engine: its formula (kvLedger of the re-cast shape), the KV bytes
 * of one request alone (kvLedgerVariants of the entry without its state), the fixed state
 * (kvLedger's linearStateBytes) and the total (kvLedgerVariants' bytesForContext).
 * Row: {kind, kvHeads, bytesPerToken, formula, kvBytes, stateBytes, totalBytes, cachedTokens
 * (min(tokens, sliding window)), exceedsContext (tokens past the model's limit)}.
 * @param {AttnEngine} engine
 * @param {ConfigModel} model
 * @param {number} tokens
 * @returns {VariantRow[]}
 */
export function variantRows(engine, model, tokens) {
  const rows = engine.kvLedgerVariants(model, tokens);
  const kv = engine.kvLedgerVariants(kvOnly(model), tokens);
  const stateBytes = engine.kvLedger(model).linearStateBytes;
  return rows.map((r, i) => {
    const cast = engine.kvLedger(recast(model, r));
    if (
      cast.bytesPerToken !== r.bytesPerToken ||
      kv[i].kind !== r.kind ||
      kv[i].bytesPerToken !== r.bytesPerToken
    ) {
      throw new Error(`${model.name}: the engine's ledger rows disagree for ${r.kind}`);
    }
    return {
      kind: r.kind,
      kvHeads: r.kvHeads,
      bytesPerToken: r.bytesPerToken,
      formula: /** @type {string} */ (cast.formula), // null only for a reported-only entry
      kvBytes: kv[i].bytesForContext,
      stateBytes,
      totalBytes: r.bytesForContext,
      cachedTokens: r.cachedTokens,
      exceedsContext: r.exceedsContext,
    };
  });
}

/**
 * The row of the model's own attention.
 * @param {ConfigModel} model
 * @param {VariantRow[]} rows
 */
export function ownRow(model, rows) {
  const r = rows.find((x) => isOwnRow(model, x));
  if (!r) throw new Error(`${model.name}: no ledger row for its own ${model.attention.kind}`);
  return r;
}

/**
 * The row of `kind` (and G for GQA) among the variants.
 * @param {VariantRow[]} rows
 * @param {LedgerRow['kind']} kind
 * @param {number} [kvHeads]
 */
export function variantRow(rows, kind, kvHeads) {
  const r = rows.find((x) => x.kind === kind && (kvHeads === undefined || x.kvHeads === kvHeads));
  if (!r) throw new Error(`the ledger has no ${kind}${kvHeads ? `-${kvHeads}` : ''} row`);
  return r;
}

/**
 * −82.2%: a reduction from engine.kvReduction, printed with one decimal and a real minus.
 * @param {number} fraction
 */
export function reductionText(fraction) {
  return `−${(fraction * 100).toFixed(1)}%`;
}

/**
 * "69,120 B / 389,120 B − 1 = −82.2%": a reduction (engine.kvReduction(whole, part)) with the
 * sum it is, the new size over the old minus 1, so the sign on the right is the formula's.
 * @param {number} part the smaller cache, in bytes
 * @param {number} whole the cache it is compared with, in bytes
 * @param {number} fraction engine.kvReduction(whole, part)
 */
export function reductionFormula(part, whole, fraction) {
  return `${exactBytes(part)} / ${exactBytes(whole)} − 1 = ${reductionText(fraction)}`;
}

/**
 * A model the student pasted on this page (its id is "pasted-<n>-…").
 * @param {CourseModel} model
 */
export function isPasted(model) {
  return model.id.startsWith('pasted-');
}

/**
 * One row of the models' comparison: the reported figure of a reported-only entry, else the
 * model's own attention per token.
 * @typedef {{ model: CourseModel, reported?: number, own?: VariantRow }} CompareEntry
 */

/**
 * Every model's own attention per token, from the engine, in the order given.
 * @param {AttnEngine} engine
 * @param {CourseModel[]} models
 * @returns {CompareEntry[]}
 */
export function compareEntries(engine, models) {
  return models.map((m) =>
    isReported(m)
      ? { model: m, reported: /** @type {number} */ (modelLedger(engine, m).reportedBytesPerToken) }
      : { model: m, own: ownRow(asConfig(m), variantRows(engine, asConfig(m), 1)) },
  );
}

/**
 * A models.json entry that is not reported-only, as the config model it then is.
 * @param {CourseModel} m
 */
export const asConfig = (m) => /** @type {ConfigModel} */ (m);

/**
 * DeepSeek-V2's MLA row and its MHA re-cast, DeepSeek LLM 67B's bytes per token, the two
 * reductions (engine.kvReduction) as printed with their sums, and the one of a single layer
 * (the two models differ in depth: `v2Layers` against `d67Layers`).
 * @typedef {{ mla: VariantRow, mha: VariantRow, d67BytesPerToken: number, r67: string,
 *   rMha: string, cmp67: string, cmpMha: string, v2Layers: number, d67Layers: number,
 *   rPerLayer: string }} V2Comparison
 */

/**
 * @param {AttnEngine} engine
 * @param {ModelsDoc} models
 * @returns {V2Comparison}
 */
export function v2Comparison(engine, models) {
  const v2m = asConfig(modelById(models, 'deepseek-v2')),
    d67m = asConfig(modelById(models, 'deepseek-llm-67b'));
  const v2 = variantRows(engine, v2m, 1);
  const d67 = /** @type {number} */ (modelLedger(engine, d67m).bytesPerToken);
  const mla = variantRow(v2, 'mla'),
    mha = variantRow(v2, 'mha');
  // one layer of each, from the same ledger (the models are 60 and 95 layers deep)
  const layer = (/** @type {ConfigModel} */ m) =>
    /** @type {number} */ (modelLedger(engine, { ...m, layers: 1 }).bytesPerToken);
  const r67 = engine.kvReduction(d67, mla.bytesPerToken),
    rMha = engine.kvReduction(mha.bytesPerToken, mla.bytesPerToken);
  return {
    mla,
    mha,
    d67BytesPerToken: d67,
    r67: reductionText(r67),
    rMha: reductionText(rMha),
    cmp67: reductionFormula(mla.bytesPerToken, d67, r67),
    cmpMha: reductionFormula(mla.bytesPerToken, mha.bytesPerToken, rMha),
    v2Layers: /** @type {number} */ (v2m.layers),
    d67Layers: /** @type {number} */ (d67m.layers),
    rPerLayer: reductionText(engine.kvReduction(layer(d67m), layer(v2m))),
  };
}

/**
 * Every course number the widget prints, computed through the engine from models.json:
 * [{name, expected, actual}] (the widget adds ok). Independent of the widget's current state.
 * @param {AttnEngine} engine
 * @param {ModelsDoc} models
 * @returns {CourseNumber[]}
 */
export function courseNumbers(engine, models) {
  const m = (/** @type {string} */ id) => /** @type {ConfigModel} */ (modelById(models, id));
  return [...anchorNumbers(engine, m('qwen3.8-27b')), ...mlaEraNumbers(engine, m)];
}

/**
 * The anchor recast as MHA / MQA / GQA-4 at 262,144 tokens, and its linear-attention state at
 * three lengths (the same every time).
 * @param {AttnEngine} engine
 * @param {ConfigModel} anchor
 * @returns {CourseNumber[]}
 */
function anchorNumbers(engine, anchor) {
  const a262 = variantRows(engine, anchor, 262144);
  const mha = variantRow(a262, 'mha'),
    mqa = variantRow(a262, 'mqa'),
    gqa = variantRow(a262, 'gqa', 4);
  const a4k = variantRows(engine, anchor, 4096),
    a1m = variantRows(engine, anchor, 1048576);
  const state = (/** @type {VariantRow[]} */ rows) => bytes(rows[0].stateBytes);
  return [
    {
      name: 'Qwen3.8-27B as MHA, per token',
      expected: '384 KiB',
      actual: bytes(mha.bytesPerToken),
    },
    {
      name: 'Qwen3.8-27B as MHA, KV at 262,144 tokens',
      expected: '96 GiB',
      actual: bytes(mha.kvBytes),
    },
    { name: 'Qwen3.8-27B as MQA, per token', expected: '16 KiB', actual: bytes(mqa.bytesPerToken) },
    {
      name: 'Qwen3.8-27B as MQA, KV at 262,144 tokens',
      expected: '4 GiB',
      actual: bytes(mqa.kvBytes),
    },
    {
      name: 'Qwen3.8-27B as GQA-4, per token',
      expected: '64 KiB',
      actual: bytes(gqa.bytesPerToken),
    },
    {
      name: 'Qwen3.8-27B as GQA-4, KV at 262,144 tokens',
      expected: '16 GiB',
      actual: bytes(gqa.kvBytes),
    },
    {
      name: 'Qwen3.8-27B linear-attention state at 4,096 / 262,144 / 1,048,576 tokens',
      expected: '144 MiB / 144 MiB / 144 MiB',
      actual: [a4k, a262, a1m].map(state).join(' / '),
    },
  ];
}

/**
 * DeepSeek LLM 67B (GQA) against DeepSeek-V2 / V3 and GLM-5.3 (MLA), Mistral 7B's sliding
 * window, and an officially reported size.
 * @param {AttnEngine} engine
 * @param {(id: string) => ConfigModel} m
 * @returns {CourseNumber[]}
 */
function mlaEraNumbers(engine, m) {
  const d67 = m('deepseek-llm-67b'),
    v2 = m('deepseek-v2'),
    v3 = m('deepseek-v3'),
    glm = m('glm-5.3'),
    v41 = m('deepseek-v4.1-flash'),
    mistral = m('mistral-7b-v0.1');
  const d67rows = variantRows(engine, d67, 1048576);
  const v2rows = variantRows(engine, v2, 1);
  const glmRows = variantRows(engine, glm, 1048576);
  const cmp67 = engine.kvReduction(
    variantRow(d67rows, 'gqa', 8).bytesPerToken,
    variantRow(v2rows, 'mla').bytesPerToken,
  );
  const cmpMha = engine.kvReduction(
    variantRow(v2rows, 'mha').bytesPerToken,
    variantRow(v2rows, 'mla').bytesPerToken,
  );
  return [
    {
      name: 'DeepSeek LLM 67B (GQA-8), per token',
      expected: '389,120 B',
      actual: exactBytes(variantRow(d67rows, 'gqa', 8).bytesPerToken),
    },
    {
      name: 'DeepSeek LLM 67B as MHA, per token',
      expected: '3,112,960 B',
      actual: exactBytes(variantRow(d67rows, 'mha').bytesPerToken),
    },
    {
      name: 'DeepSeek LLM 67B at 1,048,576 tokens',
      expected: '380 GiB',
      actual: bytes(variantRow(d67rows, 'gqa', 8).kvBytes),
    },
    {
      name: 'DeepSeek-V2 (MLA), per token',
      expected: '69,120 B',
      actual: exactBytes(variantRow(v2rows, 'mla').bytesPerToken),
    },
    {
      name: 'DeepSeek-V3 (MLA), per token',
      expected: '70,272 B',
      actual: exactBytes(/** @type {number} */ (modelLedger(engine, v3).bytesPerToken)),
    },
    {
      name: 'DeepSeek-V2 vs DeepSeek LLM 67B (BF16)',
      expected: '−82.2%',
      actual: reductionText(cmp67),
    },
    {
      name: 'DeepSeek-V2 vs the same model built with MHA',
      expected: '−98.2%',
      actual: reductionText(cmpMha),
    },
    {
      name: 'GLM-5.3 (MLA), per token',
      expected: '89,856 B',
      actual: exactBytes(variantRow(glmRows, 'mla').bytesPerToken),
    },
    {
      name: 'GLM-5.3 at 1,048,576 tokens',
      expected: '87.75 GiB',
      actual: bytes(variantRow(glmRows, 'mla').kvBytes),
    },
    {
      name: 'GLM-5.3 built with MHA (q/k 192 + 64 = 256, v 256), per token',
      expected: '5,111,808 B',
      actual: exactBytes(variantRow(glmRows, 'mha').bytesPerToken),
    },
    {
      name: 'Mistral 7B at 32,768 tokens (4,096-token sliding window)',
      expected: '512 MiB',
      actual: bytes(ownRow(mistral, variantRows(engine, mistral, 32768)).kvBytes),
    },
    {
      name: 'DeepSeek-V4.1-Flash, officially reported per token',
      expected: '890 B',
      actual: exactBytes(/** @type {number} */ (v41.reportedKvBytesPerToken)),
    },
  ];
}
