// The documented dequantisation of every stored weight type, in plain JS: f32 as stored, f16 and
// bf16 through tests/model-files/float16.js, and ggml's blocks as llama.cpp's
// ggml/src/ggml-quants.c defines them (dequantize_row_q8_0, dequantize_row_q4_0,
// dequantize_row_q4_K with get_scale_min_k4, dequantize_row_q6_K) — the same formulas as the
// open-model contract states: q8_0 x = d·q; q4_0 x = d·(nibble − 8), element j < 16 the low
// nibble of qs[j], j + 16 its high nibble; q4_k x = d·sc·q − dmin·m; q6_k x = d·scales[i]·(q − 32).
// Each product is rounded to float32 as the C code rounds it. Independent of the engine: the
// tests compare openModelDequantizeRow with this on the same bytes.
import { fromHalf, fromBf16 } from './float16.js';
import { rowBytes } from './block-types.js';
import { scaleMinK4 } from './quantize.js';

const fr = Math.fround;
const half = (b, at) => fromHalf(b[at] | (b[at + 1] << 8));
const int8 = (v) => (v << 24) >> 24;

/** One stored row of `cols` elements in `type` → Float32Array [cols]. */
export function dequantizeRow(type, bytes, cols) {
  const need = rowBytes(type, cols);
  if (bytes.length < need)
    throw new Error(`${type} row of ${cols} needs ${need} bytes, got ${bytes.length}`);
  const y = new Float32Array(cols);
  const b = bytes;
  switch (type) {
    case 'f32':
      y.set(new Float32Array(Uint8Array.from(b.subarray(0, need)).buffer));
      break;
    case 'f16':
      for (let i = 0; i < cols; i++) y[i] = half(b, 2 * i);
      break;
    case 'bf16':
      for (let i = 0; i < cols; i++) y[i] = fromBf16(b[2 * i] | (b[2 * i + 1] << 8));
      break;
    case 'q8_0':
      for (let blk = 0; blk < cols / 32; blk++) {
        const at = blk * 34,
          d = half(b, at);
        for (let j = 0; j < 32; j++) y[blk * 32 + j] = fr(int8(b[at + 2 + j]) * d);
      }
      break;
    case 'q4_0':
      for (let blk = 0; blk < cols / 32; blk++) {
        const at = blk * 18,
          d = half(b, at);
        for (let j = 0; j < 16; j++) {
          y[blk * 32 + j] = fr(((b[at + 2 + j] & 0xf) - 8) * d);
          y[blk * 32 + j + 16] = fr(((b[at + 2 + j] >> 4) - 8) * d);
        }
      }
      break;
    case 'q4_k':
      for (let blk = 0; blk < cols / 256; blk++) {
        const at = blk * 144,
          d = half(b, at),
          dmin = half(b, at + 2);
        const scales = b.subarray(at + 4, at + 16);
        let o = blk * 256;
        for (let j = 0, q = at + 16, is = 0; j < 256; j += 64, q += 32, is += 2) {
          const [s1, m1] = scaleMinK4(is, scales);
          const [s2, m2] = scaleMinK4(is + 1, scales);
          const d1 = fr(d * s1),
            dm1 = fr(dmin * m1),
            d2 = fr(d * s2),
            dm2 = fr(dmin * m2);
          for (let l = 0; l < 32; l++) y[o + l] = fr(fr(d1 * (b[q + l] & 0xf)) - dm1);
          for (let l = 0; l < 32; l++) y[o + 32 + l] = fr(fr(d2 * (b[q + l] >> 4)) - dm2);
          o += 64;
        }
      }
      break;
    case 'q6_k':
      for (let blk = 0; blk < cols / 256; blk++) {
        const at = blk * 210,
          d = half(b, at + 208);
        for (let n = 0; n < 2; n++) {
          const ql = at + 64 * n,
            qh = at + 128 + 32 * n,
            sc = at + 192 + 8 * n,
            o = blk * 256 + 128 * n;
          for (let l = 0; l < 32; l++) {
            const is = l >> 4;
            const q1 = ((b[ql + l] & 0xf) | (((b[qh + l] >> 0) & 3) << 4)) - 32;
            const q2 = ((b[ql + l + 32] & 0xf) | (((b[qh + l] >> 2) & 3) << 4)) - 32;
            const q3 = ((b[ql + l] >> 4) | (((b[qh + l] >> 4) & 3) << 4)) - 32;
            const q4 = ((b[ql + l + 32] >> 4) | (((b[qh + l] >> 6) & 3) << 4)) - 32;
            y[o + l] = fr(fr(d * int8(b[sc + is])) * q1);
            y[o + l + 32] = fr(fr(d * int8(b[sc + is + 2])) * q2);
            y[o + l + 64] = fr(fr(d * int8(b[sc + is + 4])) * q3);
            y[o + l + 96] = fr(fr(d * int8(b[sc + is + 6])) * q4);
          }
        }
      }
      break;
    default:
      throw new Error(`unknown weight type ${type}`);
  }
  return y;
}

/** rows × rowBytes(type, cols) stored bytes → Float32Array [rows · cols], row-major. */
export function dequantizeMatrix(type, bytes, rows, cols) {
  const rb = rowBytes(type, cols);
  const out = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++)
    out.set(dequantizeRow(type, bytes.subarray(r * rb, (r + 1) * rb), cols), r * cols);
  return out;
}
