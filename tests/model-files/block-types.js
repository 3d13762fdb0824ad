// The weight types the open model stores (web/attn-engine.d.ts OpenWeightType) and their ggml block
// geometry, as ggml-common.h declares the blocks (block_q8_0, block_q4_0, block_q4_K,
// block_q6_K): elements per block and bytes per block. Shared by the quantiser, the
// dequantiser and the GGUF writer of the tests; independent of the engine's own table.

/** type → { block: elements per block, bytes: bytes per block, ggml: GGUF/ggml type id }. */
export const BLOCK_TYPES = {
  f32: { block: 1, bytes: 4, ggml: 0 },
  f16: { block: 1, bytes: 2, ggml: 1 },
  q4_0: { block: 32, bytes: 18, ggml: 2 }, // f16 d; u8 qs[16]
  q8_0: { block: 32, bytes: 34, ggml: 8 }, // f16 d; i8 qs[32]
  q4_k: { block: 256, bytes: 144, ggml: 12 }, // f16 d, dmin; u8 scales[12]; u8 qs[128]
  q6_k: { block: 256, bytes: 210, ggml: 14 }, // u8 ql[128]; u8 qh[64]; i8 scales[16]; f16 d
  bf16: { block: 1, bytes: 2, ggml: 30 },
};

/** True for the block-quantised types (only ever stored [out, in], blocks along `in`). */
export const isBlockType = (type) => BLOCK_TYPES[type]?.block > 1;

/** Bytes of one row of `cols` elements; throws when cols does not split into whole blocks. */
export function rowBytes(type, cols) {
  const t = BLOCK_TYPES[type];
  if (!t) throw new Error(`unknown weight type ${type}`);
  if (cols % t.block) throw new Error(`${type} needs cols % ${t.block} == 0, got ${cols}`);
  return (cols / t.block) * t.bytes;
}
