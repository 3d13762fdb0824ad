// The numbers behind <attn-sink-logit>, with no DOM, so node tests import them too.
// Every number comes from the engine: the 苹果 (apple) row of a causal single-head attention over
// a teaching world, with a sink logit in the softmax denominator or a sigmoid gate on the output.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine } from '../../web/attn-engine.js' */
import { worldTensors } from '../../web/world.js';

/** Sink slider range (logit units). */
export const SINK = { min: -5, max: 8, step: 0.1 };
/** Gate-logit slider range: g = σ(z) from about 0.0025 to 0.9975. */
export const GATE = { min: -6, max: 6, step: 0.1 };

/**
 * |o| = √(o·o); the dot product is the engine's.
 * @param {AttnEngine} engine
 */
export function norm(engine, o) {
  return Math.sqrt(engine.dot(o, o));
}

/**
 * σ(z) from the engine: a softmax of [z] against one extra logit 0, e^z / (e^z + e^0).
 * @param {AttnEngine} engine
 */
export function sigmoid(engine, z) {
  return engine.softmax([z], { sinkLogit: 0 }).weights[0];
}

/**
 * Causal single-head attention over world `worldId`, and the row of token `token` (default 苹果):
 *   {labels index, visible (keys 0..row), scores, weights, sinkWeight, output, norm}
 * `sinkLogit` (number or undefined = no sink) and `gateLogit` (number or undefined = no gate)
 * go to engine.attention; the gate logit fills every entry of gateLogits [T, dv].
 * @param {Runtime} rt
 * @param {{ worldId?: string, token?: string, sinkLogit?: number, gateLogit?: number }} [options]
 */
export function appleRow(rt, { worldId = 'zh-gift', token = '苹果', sinkLogit, gateLogit } = {}) {
  const w = worldTensors(rt, worldId);
  const row = w.tokens.indexOf(token);
  if (row < 0) throw new Error(`teaching-world.json: world "${worldId}" has no token "${token}"`);
  const n = w.tokens.length;
  const opts = { q: w.q, k: w.k, v: w.v, causal: true };
  if (sinkLogit !== undefined) opts.sinkLogit = sinkLogit;
  if (gateLogit !== undefined) opts.gateLogits = w.v.map((r) => r.map(() => gateLogit));
  const r = rt.engine.attention(opts);
  const dv = r.output.shape[1];
  const visible = row + 1; // causal: keys 0 … row
  const scores = Array.from(r.scores.data.subarray(row * n, row * n + visible));
  const weights = Array.from(r.weights.data.subarray(row * n, row * n + visible));
  const output = Array.from(r.output.data.subarray(row * dv, (row + 1) * dv));
  return {
    row,
    keys: w.tokens.slice(0, visible),
    keysEn: w.tokensEn.slice(0, visible),
    scores,
    weights,
    sinkWeight: r.sinkWeight.data[row],
    output,
    norm: norm(rt.engine, output),
  };
}

/**
 * The anchor model of models.json ({name, outputGate}), or null if none is marked.
 * @param {Runtime} rt
 */
export function anchorGate(rt) {
  const m = rt.models.models.find((x) => x.anchor);
  return m ? { name: m.name, outputGate: !!m.attention?.outputGate } : null;
}
