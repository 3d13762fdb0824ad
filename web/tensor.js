// Engine tensors ({shape, data: Float32Array}, row-major) as the nested arrays widgets draw.
/** @import { Tensor } from './attn-engine.js' */

/**
 * Nested rows (number[][]) of a 2-D engine tensor {shape: [r, c], data}.
 * @param {Pick<Tensor, 'shape' | 'data'>} t
 * @returns {number[][]}
 */
export function rowsOf(t) {
  const [r, c] = t.shape;
  return Array.from({ length: r }, (_, i) => Array.from(t.data.subarray(i * c, (i + 1) * c)));
}
