// The weight types the engine stores (ggml's block layouts,
// cpp/include/attn/kernels/weight_types.hpp) and their bytes per row: the shape arithmetic the
// loader needs to check sizes before it reads a tensor.
// Block types run along a row (the `in` axis): a row of `cols` has cols / block blocks.

/**
 * @typedef {'f32' | 'f16' | 'bf16' | 'q8_0' | 'q4_0' | 'q4_1' | 'q5_0' | 'q5_1' | 'q4_k' | 'q6_k'}
 *   WeightType
 */

/** @type {Record<WeightType, { block: number, bytes: number }>} elements per block, its bytes */
export const WEIGHT_TYPES = {
  f32: { block: 1, bytes: 4 },
  f16: { block: 1, bytes: 2 },
  bf16: { block: 1, bytes: 2 },
  q8_0: { block: 32, bytes: 34 }, // f16 d; int8 qs[32]
  q4_0: { block: 32, bytes: 18 }, // f16 d; uint8 qs[16]
  // q4_1 / q5_0 / q5_1: what llama.cpp's Q4_K_M stores for matrices whose rows are not whole
  // 256-blocks (Qwen2.5-0.5B's 896 columns).
  q4_1: { block: 32, bytes: 20 }, // f16 d, m; uint8 qs[16]
  q5_0: { block: 32, bytes: 22 }, // f16 d; uint8 qh[4], qs[16]
  q5_1: { block: 32, bytes: 24 }, // f16 d, m; uint8 qh[4], qs[16]
  q4_k: { block: 256, bytes: 144 }, // f16 d, dmin; uint8 scales[12], qs[128]
  q6_k: { block: 256, bytes: 210 }, // uint8 ql[128], qh[64]; int8 scales[16]; f16 d
};

/** @param {string} type */
export const isFloatType = (type) => type === 'f32' || type === 'f16' || type === 'bf16';

/**
 * Bytes of one stored row of `cols` elements, or null when cols is not a whole number of blocks.
 * @param {WeightType} type
 * @param {number} cols
 */
export function rowBytes(type, cols) {
  const t = WEIGHT_TYPES[type];
  if (cols % t.block !== 0) return null;
  return (cols / t.block) * t.bytes;
}
