// The numbers behind <attn-sink-logit>, with no DOM, so node tests import them too.
// Every number comes from the engine: the object's row (zh-gift: 苹果, apple) of a causal
// single-head attention over a teaching world, with a sink logit in the softmax denominator or a
// sigmoid gate on the output.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine, AttentionOptions, Tensor } from '../../web/attn-engine.js' */
import { worldTensors, roleIndex, roleTokens, COURSE_WORLD } from '../../web/world.js';
import { pct, num } from '../../web/dom.js';
import { check, checkNamed } from '../../web/check-row.js';
import { worldFacts } from '../facts/world-facts.js';
/** @import { CheckRow } from '../../web/check-row.js' */

/** Sink slider range (logit units). */
export const SINK = { min: -5, max: 8, step: 0.1 };
/** Gate-logit slider range: g = σ(z) from about 0.0025 to 0.9975. */
export const GATE = { min: -6, max: 6, step: 0.1 };

/**
 * |o| = √(o·o); the dot product is the engine's.
 * @param {AttnEngine} engine
 * @param {ArrayLike<number>} o
 */
export function norm(engine, o) {
  return Math.sqrt(engine.dot(o, o));
}

/**
 * σ(z) from the engine: a softmax of [z] against one extra logit 0, e^z / (e^z + e^0).
 * @param {AttnEngine} engine
 * @param {number} z
 */
export function sigmoid(engine, z) {
  return engine.softmax([z], { sinkLogit: 0 }).weights[0];
}

/**
 * Causal single-head attention over world `worldId`, and the row of the token that plays its
 * object (zh-gift: 苹果):
 *   {row, keys and keysEn (0..row), scores, weights, sinkWeight, output, norm}
 * `sinkLogit` (number or undefined = no sink) and `gateLogit` (number or undefined = no gate)
 * go to engine.attention; the gate logit fills every entry of gateLogits [T, dv].
 * @param {Runtime} rt
 * @param {{ worldId?: string, sinkLogit?: number, gateLogit?: number }} [options]
 */
export function objectRow(rt, { worldId = COURSE_WORLD, sinkLogit, gateLogit } = {}) {
  const w = worldTensors(rt, worldId);
  const row = roleIndex(w, 'object');
  const n = w.tokens.length;
  /** @type {AttentionOptions & { want?: undefined }} */
  const opts = { q: w.q, k: w.k, v: w.v, causal: true };
  if (sinkLogit !== undefined) opts.sinkLogit = sinkLogit;
  if (gateLogit !== undefined)
    opts.gateLogits = { shape: w.v.shape, data: new Float32Array(w.v.data.length).fill(gateLogit) };
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

/**
 * "30% / 41% / 29%": a row's weights at `digits` decimals.
 * @param {number[]} weights
 * @param {number} digits
 */
export function split(weights, digits) {
  return weights.map((w) => pct(w, digits)).join(' / ');
}

/**
 * The course's B4 numbers through the engine (whatever the widget shows): the object's row
 * against the world's facts, the sink logit at +8, the gate at σ(0) = 0.5, and the anchor
 * model's output gate.
 * @param {Runtime} rt
 * @param {string} worldId
 * @param {{ 'zh-CN': string[], en: string[] }} [counts] how each language's check names count
 *   the row's keys (strings.js COUNT_WORDS: "three", 「三」; digits without)
 * @returns {CheckRow[]}
 */
export function courseChecks(rt, worldId, counts = { 'zh-CN': [], en: [] }) {
  const base = objectRow(rt, { worldId });
  const big = objectRow(rt, { worldId, sinkLogit: 8 });
  const half = objectRow(rt, { worldId, gateLogit: 0 });
  const bigThree = big.weights.reduce((a, b) => a + b, 0);
  const anchor = anchorGate(rt);
  const f = worldFacts(rt, worldId);
  const n = base.keys.length;
  const vars = {
    ...roleTokens(f.w),
    d: String(f.w.q.shape[1]),
    countEn: counts.en[n] ?? String(n),
    countZh: counts['zh-CN'][n] ?? String(n),
  };
  const scores = (/** @type {number[]} */ s) => s.map((x) => num(x)).join(' / ');
  return [
    checkNamed(
      '{object} row: scaled scores s = q·k/√{d}',
      vars,
      scores(f.objectRow.scores),
      scores(base.scores),
    ),
    checkNamed(
      '{object} row: weights without sink',
      vars,
      split(f.objectRow.weights, 0),
      split(base.weights, 0),
    ),
    {
      name: 'sink logit +8: the sink takes > 99%',
      expected: '> 99%',
      actual: pct(big.sinkWeight, 2),
      ok: big.sinkWeight > 0.99,
    },
    checkNamed(
      'sink logit +8: the {countEn} weights sum < 1%',
      vars,
      '< 1%',
      pct(bigThree, 2),
      bigThree < 0.01,
    ),
    check('gate σ(0) = 0.5', '0.500', num(sigmoid(rt.engine, 0), 3)),
    check('gate 0.5: |o| halved', num(base.norm / 2, 3), num(half.norm, 3)),
    check('gate 0.5: weights unchanged', split(base.weights, 1), split(half.weights, 1)),
    check('anchor attn_output_gate', 'true', String(anchor?.outputGate ?? 'missing')),
  ];
}
