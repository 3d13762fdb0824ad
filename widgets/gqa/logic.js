// The DOM-free half of <attn-gqa>: the anchor re-cast with G KV heads for the engine's ledger,
// the GQA = "MHA with copied K/V" experiment on the zh-gift world, and the course numbers.
// Every byte count is a field of engine.kvLedger; attention outputs come from engine.attention.
// This file only reshapes data (picks and copies columns), picks fields and formats them.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine, LedgerModel, Tensor } from '../../web/attn-engine.js' */
/** @import { CourseModel, TeachingWorld } from '../../web/course-data.js' */
/** @import { Matrix } from '../../web/tensor.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
import { bytes, exactBytes } from '../../web/dom.js';
import { worldTensors, COURSE_WORLD } from '../../web/world.js';
import { modelById } from '../../web/models.js';
import { kvHeadsKind } from '../../web/kv-heads.js';
import { check as row } from '../../web/check-row.js';

export const ANCHOR_ID = 'qwen3.8-27b';
/** The context the course quotes for the anchor (its native context). */
export const CONTEXT = 262144;

/** Reported: the share of the pre-training compute used to uptrain MQA and GQA from MHA (§3.1). */
export const GQA_UPTRAIN_SHARE = '5%';

/**
 * Reported, not computed: Ainslie et al. 2023 (GQA), Table 1, T5-XXL, average over the seven
 * tasks and inference time. Quoted as the paper prints them.
 */
export const GQA_PAPER = Object.freeze([
  { id: 'mha', label: 'MHA', kvHeads: 'H', average: '47.2', time: '1.51' },
  { id: 'gqa-8', label: 'GQA-8', kvHeads: 8, average: '47.1', time: '0.28' },
  { id: 'mqa', label: 'MQA', kvHeads: 1, average: '46.6', time: '0.24' },
]);

/**
 * The numbers of KV heads G that divide the query heads H (the only legal groupings), largest
 * first.
 * @param {number} nHeads
 */
export function kvHeadChoices(nHeads) {
  /** @type {number[]} */
  const out = [];
  for (let g = nHeads; g >= 1; g--) if (nHeads % g === 0) out.push(g);
  return out;
}

/**
 * "MHA", "GQA-4", "MQA"
 * @param {number} nHeads
 * @param {number} g
 */
export function kindLabel(nHeads, g) {
  const k = kvHeadsKind(nHeads, g);
  return k === 'gqa' ? `GQA-${g}` : k.toUpperCase();
}

/**
 * The model entry with its attention re-cast to G KV heads, without its linear-attention
 * layers (their fixed state is not KV cache) and with the context to count: data, not math.
 * @param {CourseModel} model
 * @param {number} g
 * @returns {LedgerModel}
 */
export function recast(model, g, contextLength = CONTEXT) {
  const { linearAttention, ...rest } = model;
  const a = attentionOf(model);
  return {
    ...rest,
    contextLength,
    attention: {
      kind: kvHeadsKind(a.nHeads, g),
      nHeads: a.nHeads,
      nKvHeads: g,
      headDim: a.headDim,
    },
  };
}

/**
 * The model's attention config (models.json gives every config model one).
 * @param {CourseModel} model
 */
export function attentionOf(model) {
  if (!model.attention) throw new Error(`models.json: "${model.id}" has no attention`);
  return model.attention;
}

/**
 * engine.kvLedger of the anchor with G KV heads: {bytesPerToken, bytesForContext, formula, ...}.
 * @param {AttnEngine} engine
 * @param {CourseModel} model
 * @param {number} g
 */
export function ledgerFor(engine, model, g, contextLength = CONTEXT) {
  const l = engine.kvLedger(recast(model, g, contextLength));
  // Both are null only for a model with a reported size and no config; the anchor has one.
  const { bytesPerToken, bytesForContext } = l;
  if (bytesPerToken === null || bytesForContext === null)
    throw new Error(`engine.kvLedger gave no byte count for "${model.id}" with ${g} KV heads`);
  return { ...l, bytesPerToken, bytesForContext };
}

/**
 * The fixed state of the anchor's linear-attention layers (not KV cache), from the engine.
 * @param {AttnEngine} engine
 * @param {CourseModel} model
 */
export function linearStateBytes(engine, model) {
  return engine.kvLedger(model).linearStateBytes;
}

/**
 * Query head q (0-based) of H reads KV head ⌊q / (H/G)⌋: contiguous groups, as the engine's GQA.
 * @param {number} q
 * @param {number} nHeads
 * @param {number} g
 */
export function groupOf(q, nHeads, g) {
  return Math.floor(q / (nHeads / g));
}

/**
 * Columns [from, to) of a 2-D tensor, copied into a tensor of their own.
 * @param {Matrix} t
 * @param {number} from
 * @param {number} to
 * @returns {Matrix}
 */
function columns(t, from, to) {
  const [r, c] = t.shape;
  const width = to - from;
  const data = new Float32Array(r * width);
  for (let i = 0; i < r; i++) data.set(t.data.subarray(i * c + from, i * c + to), i * width);
  return { shape: [r, width], data };
}

/**
 * Every row of t written `times` times side by side (one copy per head).
 * @param {Matrix} t
 * @param {number} times
 * @returns {Matrix}
 */
function repeatColumns(t, times) {
  const [r, c] = t.shape;
  const data = new Float32Array(r * c * times);
  for (let i = 0; i < r; i++)
    for (let k = 0; k < times; k++)
      data.set(t.data.subarray(i * c, (i + 1) * c), (i * times + k) * c);
  return { shape: [r, c * times], data };
}

/**
 * GQA really is MHA with shared K/V, on the zh-gift world (q of 2 heads, d = 2 each): one KV
 * head (head A's K and V columns) read by both query heads, against MHA whose two KV heads are
 * that same block copied twice. Both through engine.attention, causal.
 * Returns {tokens, nHeads, d, q, k1, v1, k2, v2, gqa: Tensor, mha: Tensor, maxAbsDiff}.
 * @param {Runtime} rt
 * @returns {{ world: { tokens: string[], tokensEn: string[], title: TeachingWorld['title'],
 *   q: Matrix, k: Matrix, v: Matrix }, nHeads: number, d: number, k1: Matrix, v1: Matrix,
 *   k2: Matrix, v2: Matrix, gqa: Tensor, mha: Tensor, maxAbsDiff: number }}
 */
export function sharedKvExperiment(rt, worldId = COURSE_WORLD) {
  /** @type {{ tokens: string[], tokensEn: string[], title: TeachingWorld['title'], heads: number,
   *   q: Matrix, k: Matrix, v: Matrix }} */
  const w = worldTensors(rt, worldId);
  const nHeads = w.heads;
  const d = w.q.shape[1] / nHeads;
  const k1 = columns(w.k, 0, d),
    v1 = columns(w.v, 0, w.v.shape[1] / nHeads);
  const k2 = repeatColumns(k1, nHeads),
    v2 = repeatColumns(v1, nHeads);
  const gqa = rt.engine.attention({ q: w.q, k: k1, v: v1, nHeads, nKvHeads: 1, causal: true });
  const mha = rt.engine.attention({ q: w.q, k: k2, v: v2, nHeads, nKvHeads: nHeads, causal: true });
  // The comparison of two engine outputs (a check, not attention math).
  let maxAbsDiff = 0;
  for (let i = 0; i < gqa.output.data.length; i++)
    maxAbsDiff = Math.max(maxAbsDiff, Math.abs(gqa.output.data[i] - mha.output.data[i]));
  return { world: w, nHeads, d, k1, v1, k2, v2, gqa: gqa.output, mha: mha.output, maxAbsDiff };
}

/**
 * Every course number the widget prints: [{name, expected, actual, ok}], through the engine.
 * @param {Runtime} rt
 * @returns {CheckRow[]}
 */
export function courseNumbers(rt) {
  const anchor = modelById(rt.models, ANCHOR_ID);
  /** @param {number} g */
  const at = (g) => ledgerFor(rt.engine, anchor, g);
  /** @type {CheckRow[]} */
  const out = [];
  /** @type {[number, string, string][]} G, bytes per token, bytes at 262,144 tokens */
  const published = [
    [4, '64 KiB', '16 GiB'],
    [24, '384 KiB', '96 GiB'],
    [1, '16 KiB', '4 GiB'],
  ];
  for (const [g, perTok, ctx] of published) {
    const l = at(g);
    out.push(
      row(
        `Qwen3.8-27B with ${g} KV head${g > 1 ? 's' : ''} (${kindLabel(24, g)}): per token`,
        perTok,
        bytes(l.bytesPerToken),
      ),
    );
    out.push(
      row(
        `Qwen3.8-27B with ${g} KV head${g > 1 ? 's' : ''} (${kindLabel(24, g)}): at 262,144 tokens`,
        ctx,
        bytes(l.bytesForContext),
      ),
    );
  }
  out.push(row('Qwen3.8-27B GQA-4 per token, exact', '65,536 B', exactBytes(at(4).bytesPerToken)));
  const e = sharedKvExperiment(rt);
  out.push({
    name: 'zh-gift: GQA (2 Q heads, 1 KV head) = MHA with the KV head copied, max |Δ output|',
    expected: '< 1e-6',
    actual: e.maxAbsDiff.toExponential(1),
    ok: e.maxAbsDiff < 1e-6,
  });
  return out;
}
