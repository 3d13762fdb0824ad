// The numbers behind <attn-mask-grid>, without any DOM, so node tests import them too: the
// weights of a teaching world under a mask the student edits (engine.attention, one head, scores
// ÷ √d, the mask applied as −∞ before softmax or, the mistake, as 0 after it), and the self-check
// against the world's facts (widgets/facts/world-facts.js), found by the tokens' roles.
/** @import { AttnEngine, AttentionResult } from '../../web/attn-engine.js' */
/** @import { Matrix } from '../../web/tensor.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
/** @import { Runtime } from '../../web/runtime.js' */
import { pct } from '../../web/dom.js';
import { worldTensors, hasRoles, roleIndex, roleTokens } from '../../web/world.js';
import { checkNamed } from '../../web/check-row.js';
import { worldFacts } from '../facts/world-facts.js';

/** @typedef {'neg-inf' | 'zero-after-softmax'} MaskMode where the mask applies */

/**
 * The causal mask of n tokens: row i may attend to keys 0 … i.
 * @param {number} n
 * @returns {boolean[][]}
 */
export function causalMask(n) {
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => j <= i));
}

/**
 * One head of attention over world w under `mask` (true = may attend), from the engine.
 * @param {AttnEngine} engine
 * @param {{ q: Matrix, k: Matrix, v: Matrix }} w
 * @param {boolean[][]} mask
 * @param {MaskMode} [mode]
 * @returns {AttentionResult}
 */
export function maskedAttention(engine, w, mask, mode = 'neg-inf') {
  const n = mask.length;
  return engine.attention({
    q: w.q,
    k: w.k,
    v: w.v,
    mask: { shape: [n, n], data: Uint8Array.from(mask.flat(), Number) },
    maskMode: mode,
  });
}

/** The roles the lesson's numbers need; a world without them has only its row sums checked. */
const ROLES = /** @type {const} */ (['query', 'answer', 'object', 'giver']);

/**
 * The lesson-4 numbers of world `worldId` through the mask grid's own path (an explicit mask),
 * against the world's facts: the leak without a mask, the query's causal row, the object's row;
 * and every causal row summing to 1.
 * @param {Runtime} rt
 * @param {string} worldId
 * @returns {CheckRow[]}
 */
export function courseChecks(rt, worldId) {
  const w = worldTensors(rt, worldId);
  const n = w.tokens.length;
  const causal = causalMask(n);
  const wc = maskedAttention(rt.engine, w, causal).weights.data,
    wn = maskedAttention(
      rt.engine,
      w,
      causal.map((r) => r.map(() => true)),
    ).weights.data;
  let maxRowErr = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += wc[i * n + j];
    maxRowErr = Math.max(maxRowErr, Math.abs(s - 1));
  }
  const rowSums = {
    name: 'causal rows sum to 1 (±1e-6)',
    expected: '≤ 1e-6',
    actual: maxRowErr.toExponential(1),
    ok: maxRowErr <= 1e-6,
  };
  if (!hasRoles(w, [...ROLES])) return [rowSums];
  const f = worldFacts(rt, worldId);
  const [q, a, o, g] = ROLES.map((r) => roleIndex(w, r));
  const obj = f.objectRow;
  const vars = { ...roleTokens(w), objectKeys: obj.keys.map((j) => w.tokens[j]).join(' / ') };
  /** @param {Float32Array} data @param {number} i @param {number} j */
  const at = (data, i, j) => pct(data[i * n + j]);
  return [
    checkNamed('no mask: {query} → {answer}', vars, pct(f.queryOnAnswerNoMask), at(wn, q, a)),
    checkNamed('causal: {query} → {object}', vars, pct(f.queryOnObject), at(wc, q, o)),
    checkNamed('causal: {query} → {giver}', vars, pct(f.queryOnGiver), at(wc, q, g)),
    checkNamed(
      'causal: {object} → {objectKeys}',
      vars,
      obj.weights.map((x) => pct(x, 0)).join(' / '),
      obj.keys.map((j) => pct(wc[o * n + j], 0)).join(' / '),
    ),
    rowSums,
  ];
}
