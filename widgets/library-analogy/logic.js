// The DOM-free half of <attn-library-analogy>: the it-row of the two hand-made "animal / street"
// worlds of course-data/teaching-world.json, from the engine — the query card (q of "it"), each
// book's spine label (k) and contents (v), the scores q·k/√d, the softmax weights, what is read
// back (Σ w v, the engine's attention output) and how close that is to each noun's contents.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { CheckRow } from '../../web/widget-base.js' */
import { worldTensors } from '../../web/world.js';

/** The two sentences: the same pronoun, a different last word. */
export const SENTENCES = Object.freeze(['en-animal-tired', 'en-animal-wide']);
/** The pronoun whose row is shown, and the two nouns it may refer to. */
export const PRONOUN = 'it';
export const NOUNS = Object.freeze(['animal', 'street']);

/**
 * @param {ReturnType<typeof worldTensors>} w
 * @param {string} token
 */
function indexOf(w, token) {
  const i = w.tokens.indexOf(token);
  if (i < 0) throw new Error(`teaching-world.json: world "${w.id}" has no token "${token}"`);
  return i;
}

/**
 * The pronoun's row of world `worldId`, without a causal mask (the deciding word comes after the
 * pronoun): {w, row, query, keys, values, scores, weights, output, nounCos: {animal, street},
 * top}. Every number is the engine's.
 * @param {Runtime} rt
 * @param {string} worldId
 */
export function pronounRow(rt, worldId) {
  const w = worldTensors(rt, worldId);
  const e = rt.engine;
  const row = indexOf(w, PRONOUN);
  const n = w.tokens.length;
  const r = e.attention({ q: [w.q[row]], k: w.k, v: w.v, causal: false });
  const scores = Array.from(r.scores.data.subarray(0, n));
  const weights = Array.from(r.weights.data.subarray(0, n));
  const output = Array.from(r.output.data);
  const nounCos = Object.fromEntries(NOUNS.map((t) => [t, e.cosine(output, w.v[indexOf(w, t)])]));
  let top = 0;
  for (let j = 1; j < n; j++) if (weights[j] > weights[top]) top = j;
  return { w, row, query: w.q[row], keys: w.k, values: w.v, scores, weights, output, nounCos, top };
}

/**
 * Self-check rows {name, expected, actual, ok}: the same pronoun reads a different noun in each
 * sentence; the rows sum to 1.
 * @param {Runtime} rt
 * @returns {CheckRow[]}
 */
export function courseNumbers(rt) {
  const [tired, wide] = SENTENCES.map((id) => pronounRow(rt, id));
  const sumErr = (r) => Math.abs(r.weights.reduce((a, b) => a + b, 0) - 1);
  const err = Math.max(sumErr(tired), sumErr(wide));
  const rows = [
    {
      name: '“…because it was tired”: it → the book it reads most',
      expected: 'animal',
      actual: tired.w.tokens[tired.top],
    },
    {
      name: '“…because it was too wide”: it → the book it reads most',
      expected: 'street',
      actual: wide.w.tokens[wide.top],
    },
    {
      name: 'read back closer to the right noun’s contents (cos)',
      expected: 'animal / street',
      actual: [tired, wide]
        .map((r) => (r.nounCos.animal > r.nounCos.street ? 'animal' : 'street'))
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
