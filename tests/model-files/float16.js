// IEEE half (f16) and bfloat16 (bf16) ↔ single, written from the formats themselves (IEEE 754
// binary16; bfloat16 = the top 16 bits of a binary32), not from the engine: the model-file tests
// need an encoder and a decoder that share nothing with cpp/ so that a wrong bit in either side
// shows up as a mismatch. Both encoders round to nearest, ties to even (what torch's .half() /
// .bfloat16() and ggml's GGML_FP32_TO_FP16 do); NaN stays NaN, overflow becomes ±∞.

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The bits of x as an IEEE single. */
export function floatBits(x) {
  f32[0] = x;
  return u32[0];
}

/** The IEEE single with these bits. */
export function bitsFloat(bits) {
  u32[0] = bits >>> 0;
  return f32[0];
}

/** f32 → f16 bits, round to nearest even. */
export function toHalf(x) {
  const b = floatBits(x);
  const sign = (b >>> 16) & 0x8000;
  const exp = (b >>> 23) & 0xff;
  let mant = b & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0); // Inf / NaN (quiet)
  // Unbiased exponent; half's normal range is −14 … 15.
  const e = exp - 127;
  if (e > 15) return sign | 0x7c00;
  if (e >= -14) {
    // Normal half: keep 10 of 23 mantissa bits, round on the 13 dropped ones.
    let h = ((e + 15) << 10) | (mant >>> 13);
    const rest = mant & 0x1fff;
    if (rest > 0x1000 || (rest === 0x1000 && h & 1)) h += 1; // may carry into the exponent: right
    return sign | h;
  }
  if (e < -25) return sign; // below half the smallest subnormal: ±0
  // Subnormal half: value = mant' · 2^−24 with the implicit 1 made explicit.
  mant |= 0x800000;
  const shift = -e - 1; // 14 … 24: bits dropped from the 24-bit significand to land on 2^−24
  let h = mant >>> shift;
  const rest = mant & ((1 << shift) - 1);
  const halfway = 1 << (shift - 1);
  if (rest > halfway || (rest === halfway && h & 1)) h += 1;
  return sign | h;
}

/** f16 bits → f32 (exact). */
export function fromHalf(h) {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant ? NaN : sign * Infinity;
  return sign * (1 + mant / 1024) * 2 ** (exp - 15);
}

/** f32 → bf16 bits, round to nearest even (NaN kept quiet). */
export function toBf16(x) {
  const b = floatBits(x);
  if ((b & 0x7f800000) === 0x7f800000 && b & 0x7fffff) return ((b >>> 16) | 0x40) & 0xffff;
  const rounded = b + 0x7fff + ((b >>> 16) & 1);
  return (rounded >>> 16) & 0xffff;
}

/** bf16 bits → f32 (exact). */
export function fromBf16(h) {
  return bitsFloat((h & 0xffff) << 16);
}

/** x rounded through f16 (what a tensor stored in f16 computes with). */
export const roundHalf = (x) => fromHalf(toHalf(x));
/** x rounded through bf16. */
export const roundBf16 = (x) => fromBf16(toBf16(x));
