// The one matrix type the course's own code passes between the engine and the widgets: the
// engine's tensor {shape, data: Float32Array}, row-major. Nested rows (number[][]) exist only at
// the edges: the teaching world's JSON on the way in (tensorFrom) and a student's input in the
// playground (the engine's public API still accepts them).
/** @import { Tensor } from './attn-engine.js' */

/** @typedef {{ shape: number[], data: Float32Array }} Matrix a 2-D engine tensor */

/**
 * A 2-D tensor of nested rows (the teaching world's matrices); every row must be as long as the
 * first (the runtime's checks have said so for course data).
 * @param {ArrayLike<ArrayLike<number>>} rows
 * @returns {Matrix}
 */
export function tensorFrom(rows) {
  const r = rows.length;
  const c = r ? rows[0].length : 0;
  const data = new Float32Array(r * c);
  for (let i = 0; i < r; i++) {
    if (rows[i].length !== c)
      throw new RangeError(`row ${i} has ${rows[i].length} numbers, row 0 has ${c}`);
    data.set(rows[i], i * c);
  }
  return { shape: [r, c], data };
}

/**
 * Row i of a 2-D tensor: a view into its data (no copy).
 * @param {Pick<Tensor, 'shape' | 'data'>} t
 * @param {number} i
 * @returns {Float32Array}
 */
export function rowOf(t, i) {
  const c = t.shape[1];
  return t.data.subarray(i * c, (i + 1) * c);
}

/**
 * Element (i, j) of a 2-D tensor.
 * @param {Pick<Tensor, 'shape' | 'data'>} t
 * @param {number} i
 * @param {number} j
 */
export function at(t, i, j) {
  return t.data[i * t.shape[1] + j];
}
