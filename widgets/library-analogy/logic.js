// The DOM-free half of <attn-library-analogy>: the it-row of the two hand-made "animal / street"
// worlds of course-data/teaching-world.json, from the engine — the query card (q of "it"), each
// book's spine label (k) and contents (v), the scores q·k/√d, the softmax weights, what is read
// back (Σ w v, the engine's attention output) and how close that is to each noun's contents.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
/** @import { Matrix } from '../../web/tensor.js' */
/** @import { Roles } from '../../web/world.js' */
import { worldTensors, roleIndex, rolePair } from '../../web/world.js';
import { rowOf } from '../../web/tensor.js';

/**
 * A world as worldTensors gives it (the parts this widget reads).
 * @typedef {{ id: string, tokens: string[], roles: Roles, q: Matrix, k: Matrix, v: Matrix }} World
 */

/**
 * The pronoun's row: the world, the row's index, the query card, every book's key and value (row
 * views of the world's K and V), the scores, the weights, what is read back, its cosine with
 * each noun's contents and the book read most.
 * @typedef {{ w: World, row: number, query: Float32Array, keys: Float32Array[],
 *   values: Float32Array[], scores: number[], weights: number[], output: number[],
 *   nounCos: number[], top: number }} PronounRow
 */

/** The two sentences: the same pronoun, a different last word. */
export const SENTENCES = Object.freeze(['en-animal-tired', 'en-animal-wide']);

/**
 * The pronoun's row of world `worldId` (its query role, "it"), without a causal mask (the deciding
 * word comes after the pronoun): {w, row, query, keys, values, scores, weights, output, nounCos,
 * top}, nounCos the output's cosine with the values of the two nouns it may refer to (its
 * candidates role: animal, street). Every number is the engine's.
 * @param {Runtime} rt
 * @param {string} worldId
 * @returns {PronounRow}
 */
export function pronounRow(rt, worldId) {
  /** @type {World} */
  const w = worldTensors(rt, worldId);
  const e = rt.engine;
  const row = roleIndex(w, 'query');
  const n = w.tokens.length;
  const query = rowOf(w.q, row);
  const r = e.attention({
    q: { shape: [1, query.length], data: query },
    k: w.k,
    v: w.v,
    causal: false,
  });
  const scores = Array.from(r.scores.data.subarray(0, n));
  const weights = Array.from(r.weights.data.subarray(0, n));
  const output = Array.from(r.output.data);
  const nounCos = rolePair(w, 'candidates').map((j) => e.cosine(output, rowOf(w.v, j)));
  let top = 0;
  for (let j = 1; j < n; j++) if (weights[j] > weights[top]) top = j;
  const keys = Array.from({ length: n }, (_, j) => rowOf(w.k, j));
  const values = Array.from({ length: n }, (_, j) => rowOf(w.v, j));
  return { w, row, query, keys, values, scores, weights, output, nounCos, top };
}

/**
 * Self-check rows {name, expected, actual, ok}: the same pronoun reads a different noun in each
 * sentence; the rows sum to 1.
 * @param {Runtime} rt
 * @returns {CheckRow[]}
 */
export function courseNumbers(rt) {
  const [tired, wide] = SENTENCES.map((id) => pronounRow(rt, id));
  /** The noun the pronoun refers to in the sentence of r (its world's referent role). */
  const referent = (/** @type {PronounRow} */ r) => r.w.tokens[roleIndex(r.w, 'referent')];
  /** @param {PronounRow} r */
  const sumErr = (r) => Math.abs(r.weights.reduce((a, b) => a + b, 0) - 1);
  const err = Math.max(sumErr(tired), sumErr(wide));
  /** @type {{ name: string, expected: string, actual: string, ok?: boolean }[]} */
  const rows = [
    {
      name: '“…because it was tired”: it → the book it reads most',
      expected: referent(tired),
      actual: tired.w.tokens[tired.top],
    },
    {
      name: '“…because it was too wide”: it → the book it reads most',
      expected: referent(wide),
      actual: wide.w.tokens[wide.top],
    },
    {
      name: 'read back closer to the right noun’s contents (cos)',
      expected: [tired, wide].map(referent).join(' / '),
      actual: [tired, wide]
        .map((r) => {
          const [a, b] = rolePair(r.w, 'candidates');
          return r.w.tokens[r.nounCos[0] > r.nounCos[1] ? a : b];
        })
        .join(' / '),
    },
    {
      name: 'it rows sum to 1 (±1e-6)',
      expected: '≤ 1e-6',
      actual: err.toExponential(1),
      ok: err <= 1e-6,
    },
  ];
  return rows.map((r) => ({ ...r, ok: r.ok ?? r.expected === r.actual }));
}
