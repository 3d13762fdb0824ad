// The DOM-free half of <attn-residual>: what happens after the heads (lesson 7, seed 000). For
// one token of a teaching world: each head's output, their concatenation, the product with the
// world's hand-made W_O, the identity concat · W_O = Σ_h head_h · W_O[rows of h], and the
// residual add x + o·W_O; and, before all that, Q = X · W_Q as one product, the same W_Q for
// every position. Every number from the engine (attention, matmul).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Matrix } from '../../web/tensor.js' */
import { worldTensors, COURSE_WORLD } from '../../web/world.js';
import { tensorFrom, rowOf } from '../../web/tensor.js';
import { check } from '../../web/check-row.js';

/** The world the lesson uses; its row is first the world's query (its roles: zh-gift, 给了). */
export const WORLD = COURSE_WORLD;

/**
 * @typedef {{ tokens: string[], tokensEn: string[], heads: number, dModel: number,
 *   x: Matrix, q: Matrix, k: Matrix, v: Matrix, wq: Matrix, wo: Matrix | null }} World
 * @typedef {{ w: World, row: number, heads: number[][], concat: number[], mixed: number[],
 *   perHead: number[][], x: number[], after: number[], Q: Matrix, identityError: number,
 *   qError: number }} Residual
 */

/** @param {Matrix} t @param {number} from @param {number} to rows [from, to) as nested rows */
const rows = (t, from, to) =>
  Array.from({ length: to - from }, (_, i) => Array.from(rowOf(t, from + i)));

/**
 * The residual path of token `row` (an index into the world's tokens).
 * @param {Runtime} rt
 * @param {number} row
 * @param {string} [worldId]
 * @returns {Residual}
 */
export function residualRow(rt, row, worldId = WORLD) {
  const e = rt.engine;
  /** @type {World} */
  const w = worldTensors(rt, worldId);
  if (!w.wo) throw new Error(`teaching-world.json: world "${worldId}" has no Wo (W_O)`);
  const n = w.tokens.length;
  if (!Number.isInteger(row) || row < 0 || row >= n)
    throw new RangeError(`token index ${row} is not 0 … ${n - 1}`);
  const H = w.heads;
  const r = e.attention({ q: w.q, k: w.k, v: w.v, nHeads: H, causal: true });
  const concat = Array.from(rowOf(r.output, row));
  const dh = concat.length / H;
  const heads = Array.from({ length: H }, (_, h) => concat.slice(h * dh, (h + 1) * dh));
  const wo = w.wo;
  const mixed = Array.from(e.matmul(tensorFrom([concat]), wo).data);
  // Each head through its own block of rows of W_O: the products add up to concat · W_O.
  const perHead = heads.map((hv, h) =>
    Array.from(e.matmul(tensorFrom([hv]), tensorFrom(rows(wo, h * dh, (h + 1) * dh))).data),
  );
  const x = Array.from(rowOf(w.x, row));
  // x + o·W_O, as the product [1, 1] · [x; o·W_O] (the engine adds).
  const after = Array.from(e.matmul(tensorFrom([[1, 1]]), tensorFrom([x, mixed])).data);
  // One W_Q for every position: Q = X · W_Q in one product, equal to the world's q.
  const Q = e.matmul(w.x, w.wq);
  let identityError = 0;
  mixed.forEach((m, j) => {
    const sum = perHead.reduce((a, p) => a + p[j], 0);
    identityError = Math.max(identityError, Math.abs(sum - m));
  });
  let qError = 0;
  Q.data.forEach((v, i) => (qError = Math.max(qError, Math.abs(v - w.q.data[i]))));
  return { w, row, heads, concat, mixed, perHead, x, after, Q, identityError, qError };
}

/**
 * The self-check: the identity and the shared projection, for every token of the world.
 * @param {Runtime} rt
 */
export function courseChecks(rt) {
  const w = worldTensors(rt, WORLD);
  let identity = 0;
  let q = 0;
  for (let i = 0; i < w.tokens.length; i++) {
    const r = residualRow(rt, i);
    identity = Math.max(identity, r.identityError);
    q = Math.max(q, r.qError);
  }
  return [
    {
      name: 'concat · W_O = Σ_h head_h · W_O[rows of h], every token (±1e-6)',
      expected: '≤ 1e-6',
      actual: identity.toExponential(1),
      ok: identity <= 1e-6,
    },
    check('Q = X · W_Q in one product equals each token’s own q, max |Δ|', '0', String(q)),
  ];
}
