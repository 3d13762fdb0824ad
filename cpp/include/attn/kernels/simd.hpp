// A thin 4 × float vector layer, so one kernel source compiles to WebAssembly SIMD (simd128),
// x86-64 SSE2 (every x86-64 has it), arm64 NEON, or plain C++ (a WASM build without -msimd128).
//
// Every operation is defined lane by lane with IEEE single rounding, and gives the same bits on
// every backend: there is no fused multiply-add (baseline WASM SIMD has none), `mul_add` is a
// rounded product then a rounded sum, and the horizontal sums add in one fixed order,
// (v0 + v2) + (v1 + v3). That is what lets the native and WASM builds agree to the bit wherever
// the kernels agree in order.
//
// Names follow what the kernels need, not any one instruction set.
//
// f32x8, at the end, is 8 lanes for the register tiles whose lanes never meet (GEMM, attention
// scores and weighted sums: no horizontal sum): one AVX register where the native build has AVX2
// (CMake turns it on when the build machine has it), else two f32x4. Lane by lane it is the same
// product and sum, so it changes no bit, only how many lanes one instruction carries.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define ATTN_SIMD_BACKEND "wasm-simd128"
#elif defined(__AVX2__)
#include <immintrin.h>
#define ATTN_SIMD_BACKEND "sse2 + avx2"
#elif defined(__SSE2__) || defined(_M_X64)
#include <emmintrin.h>
#define ATTN_SIMD_BACKEND "sse2"
#elif defined(__ARM_NEON) && defined(__aarch64__)
#include <arm_neon.h>
#define ATTN_SIMD_BACKEND "neon"
#else
#define ATTN_SIMD_BACKEND "scalar"
#endif

namespace attn::simd {

#if defined(__wasm_simd128__)

struct f32x4 {
    v128_t v;
};
struct i32x4 {
    v128_t v;
};
inline f32x4 load(const float* p) { return {wasm_v128_load(p)}; }
inline void store(float* p, f32x4 a) { wasm_v128_store(p, a.v); }
inline f32x4 splat(float x) { return {wasm_f32x4_splat(x)}; }
inline f32x4 load_splat(const float* p) { return {wasm_v128_load32_splat(p)}; }
inline f32x4 add(f32x4 a, f32x4 b) { return {wasm_f32x4_add(a.v, b.v)}; }
inline f32x4 sub(f32x4 a, f32x4 b) { return {wasm_f32x4_sub(a.v, b.v)}; }
inline f32x4 mul(f32x4 a, f32x4 b) { return {wasm_f32x4_mul(a.v, b.v)}; }
// b < a ? a : b per lane (wasm pmax): with a NaN in b, b.
inline f32x4 max(f32x4 a, f32x4 b) { return {wasm_f32x4_pmax(a.v, b.v)}; }
// Lanes where a < b become 0, others keep v.
inline f32x4 zero_where_less(f32x4 v, f32x4 a, f32x4 b) { return {wasm_v128_andnot(v.v, wasm_f32x4_lt(a.v, b.v))}; }
// Lane l of a, in every lane.
template <int l>
inline f32x4 broadcast(f32x4 a) {
    return {wasm_i32x4_shuffle(a.v, a.v, l, l, l, l)};
}
// [a0, b0, a1, b1] and [a2, b2, a3, b3]
inline f32x4 interleave_lo(f32x4 a, f32x4 b) { return {wasm_i32x4_shuffle(a.v, b.v, 0, 4, 1, 5)}; }
inline f32x4 interleave_hi(f32x4 a, f32x4 b) { return {wasm_i32x4_shuffle(a.v, b.v, 2, 6, 3, 7)}; }
// [a0, a1, b0, b1] and [a2, a3, b2, b3]
inline f32x4 halves_lo(f32x4 a, f32x4 b) { return {wasm_i32x4_shuffle(a.v, b.v, 0, 1, 4, 5)}; }
inline f32x4 halves_hi(f32x4 a, f32x4 b) { return {wasm_i32x4_shuffle(a.v, b.v, 2, 3, 6, 7)}; }
inline float lane0(f32x4 a) { return wasm_f32x4_extract_lane(a.v, 0); }
// Round to the nearest integer, ties to even (the lanes must fit in an int32).
inline i32x4 round_to_int(f32x4 a) { return {wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_nearest(a.v))}; }
inline f32x4 to_float(i32x4 a) { return {wasm_f32x4_convert_i32x4(a.v)}; }
// 2^k for integer lanes −126 ≤ k ≤ 127, built in the exponent bits.
inline f32x4 pow2(i32x4 k) { return {wasm_i32x4_shl(wasm_i32x4_add(k.v, wasm_i32x4_splat(127)), 23)}; }

#elif defined(__SSE2__) || defined(_M_X64)

struct f32x4 {
    __m128 v;
};
struct i32x4 {
    __m128i v;
};
inline f32x4 load(const float* p) { return {_mm_loadu_ps(p)}; }
inline void store(float* p, f32x4 a) { _mm_storeu_ps(p, a.v); }
inline f32x4 splat(float x) { return {_mm_set1_ps(x)}; }
inline f32x4 load_splat(const float* p) { return {_mm_load1_ps(p)}; }
inline f32x4 add(f32x4 a, f32x4 b) { return {_mm_add_ps(a.v, b.v)}; }
inline f32x4 sub(f32x4 a, f32x4 b) { return {_mm_sub_ps(a.v, b.v)}; }
inline f32x4 mul(f32x4 a, f32x4 b) { return {_mm_mul_ps(a.v, b.v)}; }
// maxps(b, a) = b > a ? b : a, which is wasm's pmax(a, b) = a < b ? b : a.
inline f32x4 max(f32x4 a, f32x4 b) { return {_mm_max_ps(b.v, a.v)}; }
inline f32x4 zero_where_less(f32x4 v, f32x4 a, f32x4 b) { return {_mm_andnot_ps(_mm_cmplt_ps(a.v, b.v), v.v)}; }
template <int l>
inline f32x4 broadcast(f32x4 a) {
    return {_mm_shuffle_ps(a.v, a.v, _MM_SHUFFLE(l, l, l, l))};
}
inline f32x4 interleave_lo(f32x4 a, f32x4 b) { return {_mm_unpacklo_ps(a.v, b.v)}; }
inline f32x4 interleave_hi(f32x4 a, f32x4 b) { return {_mm_unpackhi_ps(a.v, b.v)}; }
inline f32x4 halves_lo(f32x4 a, f32x4 b) { return {_mm_movelh_ps(a.v, b.v)}; }
inline f32x4 halves_hi(f32x4 a, f32x4 b) { return {_mm_movehl_ps(b.v, a.v)}; }
inline float lane0(f32x4 a) { return _mm_cvtss_f32(a.v); }
// cvtps2dq rounds by MXCSR, which is round-to-nearest-even unless someone changed it.
inline i32x4 round_to_int(f32x4 a) { return {_mm_cvtps_epi32(a.v)}; }
inline f32x4 to_float(i32x4 a) { return {_mm_cvtepi32_ps(a.v)}; }
inline f32x4 pow2(i32x4 k) { return {_mm_castsi128_ps(_mm_slli_epi32(_mm_add_epi32(k.v, _mm_set1_epi32(127)), 23))}; }

#elif defined(__ARM_NEON) && defined(__aarch64__)

struct f32x4 {
    float32x4_t v;
};
struct i32x4 {
    int32x4_t v;
};
inline f32x4 load(const float* p) { return {vld1q_f32(p)}; }
inline void store(float* p, f32x4 a) { vst1q_f32(p, a.v); }
inline f32x4 splat(float x) { return {vdupq_n_f32(x)}; }
inline f32x4 load_splat(const float* p) { return {vld1q_dup_f32(p)}; }
inline f32x4 add(f32x4 a, f32x4 b) { return {vaddq_f32(a.v, b.v)}; }
inline f32x4 sub(f32x4 a, f32x4 b) { return {vsubq_f32(a.v, b.v)}; }
inline f32x4 mul(f32x4 a, f32x4 b) { return {vmulq_f32(a.v, b.v)}; }
inline f32x4 max(f32x4 a, f32x4 b) { return {vbslq_f32(vcltq_f32(a.v, b.v), b.v, a.v)}; }
inline f32x4 zero_where_less(f32x4 v, f32x4 a, f32x4 b) {
    return {vreinterpretq_f32_u32(vbicq_u32(vreinterpretq_u32_f32(v.v), vcltq_f32(a.v, b.v)))};
}
template <int l>
inline f32x4 broadcast(f32x4 a) {
    return {vdupq_laneq_f32(a.v, l)};
}
inline f32x4 interleave_lo(f32x4 a, f32x4 b) { return {vzip1q_f32(a.v, b.v)}; }
inline f32x4 interleave_hi(f32x4 a, f32x4 b) { return {vzip2q_f32(a.v, b.v)}; }
inline f32x4 halves_lo(f32x4 a, f32x4 b) { return {vcombine_f32(vget_low_f32(a.v), vget_low_f32(b.v))}; }
inline f32x4 halves_hi(f32x4 a, f32x4 b) { return {vcombine_f32(vget_high_f32(a.v), vget_high_f32(b.v))}; }
inline float lane0(f32x4 a) { return vgetq_lane_f32(a.v, 0); }
inline i32x4 round_to_int(f32x4 a) { return {vcvtnq_s32_f32(a.v)}; }
inline f32x4 to_float(i32x4 a) { return {vcvtq_f32_s32(a.v)}; }
inline f32x4 pow2(i32x4 k) { return {vreinterpretq_f32_s32(vshlq_n_s32(vaddq_s32(k.v, vdupq_n_s32(127)), 23))}; }

#else  // plain C++: four floats, the same definitions lane by lane

struct f32x4 {
    float v[4];
};
struct i32x4 {
    std::int32_t v[4];
};
inline f32x4 load(const float* p) { return {{p[0], p[1], p[2], p[3]}}; }
inline void store(float* p, f32x4 a) { std::memcpy(p, a.v, sizeof a.v); }
inline f32x4 splat(float x) { return {{x, x, x, x}}; }
inline f32x4 load_splat(const float* p) { return splat(*p); }
inline f32x4 add(f32x4 a, f32x4 b) { return {{a.v[0] + b.v[0], a.v[1] + b.v[1], a.v[2] + b.v[2], a.v[3] + b.v[3]}}; }
inline f32x4 sub(f32x4 a, f32x4 b) { return {{a.v[0] - b.v[0], a.v[1] - b.v[1], a.v[2] - b.v[2], a.v[3] - b.v[3]}}; }
inline f32x4 mul(f32x4 a, f32x4 b) { return {{a.v[0] * b.v[0], a.v[1] * b.v[1], a.v[2] * b.v[2], a.v[3] * b.v[3]}}; }
inline f32x4 max(f32x4 a, f32x4 b) {
    f32x4 r;
    for (int l = 0; l < 4; ++l) r.v[l] = a.v[l] < b.v[l] ? b.v[l] : a.v[l];
    return r;
}
inline f32x4 zero_where_less(f32x4 v, f32x4 a, f32x4 b) {
    for (int l = 0; l < 4; ++l)
        if (a.v[l] < b.v[l]) v.v[l] = 0.0f;
    return v;
}
template <int l>
inline f32x4 broadcast(f32x4 a) {
    return splat(a.v[l]);
}
inline f32x4 interleave_lo(f32x4 a, f32x4 b) { return {{a.v[0], b.v[0], a.v[1], b.v[1]}}; }
inline f32x4 interleave_hi(f32x4 a, f32x4 b) { return {{a.v[2], b.v[2], a.v[3], b.v[3]}}; }
inline f32x4 halves_lo(f32x4 a, f32x4 b) { return {{a.v[0], a.v[1], b.v[0], b.v[1]}}; }
inline f32x4 halves_hi(f32x4 a, f32x4 b) { return {{a.v[2], a.v[3], b.v[2], b.v[3]}}; }
inline float lane0(f32x4 a) { return a.v[0]; }
inline i32x4 round_to_int(f32x4 a) {
    i32x4 r;
    for (int l = 0; l < 4; ++l) r.v[l] = static_cast<std::int32_t>(std::nearbyint(a.v[l]));
    return r;
}
inline f32x4 to_float(i32x4 a) {
    f32x4 r;
    for (int l = 0; l < 4; ++l) r.v[l] = static_cast<float>(a.v[l]);
    return r;
}
inline f32x4 pow2(i32x4 k) {
    f32x4 r;
    for (int l = 0; l < 4; ++l) {
        const std::uint32_t bits = static_cast<std::uint32_t>(k.v[l] + 127) << 23;
        std::memcpy(&r.v[l], &bits, 4);
    }
    return r;
}

#endif

// ---- Integers, for the decode path's dot products over quantised blocks (quant_dot.hpp) ----
// u8x16: 16 raw bytes (bit operations only); i16x8: 8 signed 16-bit lanes; i32x4 (above): 4
// signed 32-bit lanes. Integer arithmetic is exact (no lane here ever overflows in the kernels
// that use it), so any backend and any order of sums gives the same integers.
// Shifts move bits within 16-bit lanes (SSE2 has no byte shift): bits cross from one byte into
// its neighbour, so a shift is always followed by a mask.
// Halves and bfloat16s widen to float exactly, four at a time.

#if defined(__wasm_simd128__)

struct u8x16 {
    v128_t v;
};
struct i16x8 {
    v128_t v;
};
inline u8x16 load_bytes(const void* p) { return {wasm_v128_load(p)}; }
inline u8x16 splat_bytes(std::uint8_t x) { return {wasm_i8x16_splat(static_cast<std::int8_t>(x))}; }
inline u8x16 and_bits(u8x16 a, u8x16 b) { return {wasm_v128_and(a.v, b.v)}; }
inline u8x16 or_bits(u8x16 a, u8x16 b) { return {wasm_v128_or(a.v, b.v)}; }
template <int n>
inline u8x16 shr16(u8x16 a) {
    return {wasm_u16x8_shr(a.v, n)};
}
template <int n>
inline u8x16 shl16(u8x16 a) {
    return {wasm_i16x8_shl(a.v, n)};
}
// Bytes 0–7 (lo) or 8–15 (hi) as unsigned or signed 16-bit lanes.
inline i16x8 widen_lo_u8(u8x16 a) { return {wasm_u16x8_extend_low_u8x16(a.v)}; }
inline i16x8 widen_hi_u8(u8x16 a) { return {wasm_u16x8_extend_high_u8x16(a.v)}; }
inline i16x8 widen_lo_i8(u8x16 a) { return {wasm_i16x8_extend_low_i8x16(a.v)}; }
inline i16x8 widen_hi_i8(u8x16 a) { return {wasm_i16x8_extend_high_i8x16(a.v)}; }
inline i16x8 load_i16(const std::int16_t* p) { return {wasm_v128_load(p)}; }
inline i32x4 load_i32(const std::int32_t* p) { return {wasm_v128_load(p)}; }
inline i32x4 widen_lo_i16(i16x8 a) { return {wasm_i32x4_extend_low_i16x8(a.v)}; }
inline i32x4 widen_hi_i16(i16x8 a) { return {wasm_i32x4_extend_high_i16x8(a.v)}; }
// 16-bit lanes: splat, arithmetic shift right, signed max; interleave the 16-bit lanes of a and b
// ([a0, b0, a1, b1, …] from lanes 0–3 or 4–7: lane l of a becomes the low half of 32-bit lane l).
inline u8x16 splat16(std::uint16_t x) { return {wasm_i16x8_splat(static_cast<std::int16_t>(x))}; }
template <int n>
inline u8x16 sra16(u8x16 a) {
    return {wasm_i16x8_shr(a.v, n)};
}
inline u8x16 max_i16(u8x16 a, u8x16 b) { return {wasm_i16x8_max(a.v, b.v)}; }
inline u8x16 interleave16_lo(u8x16 a, u8x16 b) { return {wasm_i16x8_shuffle(a.v, b.v, 0, 8, 1, 9, 2, 10, 3, 11)}; }
inline u8x16 interleave16_hi(u8x16 a, u8x16 b) { return {wasm_i16x8_shuffle(a.v, b.v, 4, 12, 5, 13, 6, 14, 7, 15)}; }
inline f32x4 as_f32(u8x16 a) { return {a.v}; }
// Lane l: a[2l]·b[2l] + a[2l+1]·b[2l+1], in 32 bits.
inline i32x4 dot_i16(i16x8 a, i16x8 b) { return {wasm_i32x4_dot_i16x8(a.v, b.v)}; }
inline i32x4 zero_i32() { return {wasm_i32x4_splat(0)}; }
inline i32x4 splat_i32(std::int32_t x) { return {wasm_i32x4_splat(x)}; }
inline i32x4 add(i32x4 a, i32x4 b) { return {wasm_i32x4_add(a.v, b.v)}; }
inline i32x4 mul(i32x4 a, i32x4 b) { return {wasm_i32x4_mul(a.v, b.v)}; }
inline std::int32_t hsum(i32x4 a) {
    return wasm_i32x4_extract_lane(a.v, 0) + wasm_i32x4_extract_lane(a.v, 1) + wasm_i32x4_extract_lane(a.v, 2) +
           wasm_i32x4_extract_lane(a.v, 3);
}
// 4 IEEE halves → floats, exactly: the exponent and mantissa shifted into a float's places read
// 2^-112 too small for every finite half, normal or subnormal (the product by 2^112 is exact);
// ±∞ and NaN get an all-ones exponent; then the sign.
inline f32x4 load_halves(const std::uint16_t* p) {
    const v128_t h = wasm_u32x4_load16x4(p);
    const v128_t body = wasm_i32x4_shl(wasm_v128_and(h, wasm_i32x4_splat(0x7FFF)), 13);
    const v128_t scaled = wasm_f32x4_mul(body, wasm_f32x4_splat(0x1p112f));
    const v128_t inf_nan =
        wasm_v128_and(wasm_i32x4_gt(body, wasm_i32x4_splat(0x0F7FFFFF)), wasm_i32x4_splat(0x7F800000));
    const v128_t sign = wasm_i32x4_shl(wasm_v128_and(h, wasm_i32x4_splat(0x8000)), 16);
    return {wasm_v128_or(scaled, wasm_v128_or(inf_nan, sign))};
}
inline f32x4 load_bf16(const std::uint16_t* p) { return {wasm_i32x4_shl(wasm_u32x4_load16x4(p), 16)}; }

#elif defined(__SSE2__) || defined(_M_X64)

struct u8x16 {
    __m128i v;
};
struct i16x8 {
    __m128i v;
};
inline u8x16 load_bytes(const void* p) { return {_mm_loadu_si128(static_cast<const __m128i*>(p))}; }
inline u8x16 splat_bytes(std::uint8_t x) { return {_mm_set1_epi8(static_cast<char>(x))}; }
inline u8x16 and_bits(u8x16 a, u8x16 b) { return {_mm_and_si128(a.v, b.v)}; }
inline u8x16 or_bits(u8x16 a, u8x16 b) { return {_mm_or_si128(a.v, b.v)}; }
template <int n>
inline u8x16 shr16(u8x16 a) {
    return {_mm_srli_epi16(a.v, n)};
}
template <int n>
inline u8x16 shl16(u8x16 a) {
    return {_mm_slli_epi16(a.v, n)};
}
inline i16x8 widen_lo_u8(u8x16 a) { return {_mm_unpacklo_epi8(a.v, _mm_setzero_si128())}; }
inline i16x8 widen_hi_u8(u8x16 a) { return {_mm_unpackhi_epi8(a.v, _mm_setzero_si128())}; }
inline i16x8 widen_lo_i8(u8x16 a) { return {_mm_srai_epi16(_mm_unpacklo_epi8(a.v, a.v), 8)}; }
inline i16x8 widen_hi_i8(u8x16 a) { return {_mm_srai_epi16(_mm_unpackhi_epi8(a.v, a.v), 8)}; }
inline i16x8 load_i16(const std::int16_t* p) { return {_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))}; }
inline i32x4 load_i32(const std::int32_t* p) { return {_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))}; }
inline i32x4 widen_lo_i16(i16x8 a) { return {_mm_srai_epi32(_mm_unpacklo_epi16(a.v, a.v), 16)}; }
inline i32x4 widen_hi_i16(i16x8 a) { return {_mm_srai_epi32(_mm_unpackhi_epi16(a.v, a.v), 16)}; }
inline u8x16 splat16(std::uint16_t x) { return {_mm_set1_epi16(static_cast<short>(x))}; }
template <int n>
inline u8x16 sra16(u8x16 a) {
    return {_mm_srai_epi16(a.v, n)};
}
inline u8x16 max_i16(u8x16 a, u8x16 b) { return {_mm_max_epi16(a.v, b.v)}; }
inline u8x16 interleave16_lo(u8x16 a, u8x16 b) { return {_mm_unpacklo_epi16(a.v, b.v)}; }
inline u8x16 interleave16_hi(u8x16 a, u8x16 b) { return {_mm_unpackhi_epi16(a.v, b.v)}; }
inline f32x4 as_f32(u8x16 a) { return {_mm_castsi128_ps(a.v)}; }
inline i32x4 dot_i16(i16x8 a, i16x8 b) { return {_mm_madd_epi16(a.v, b.v)}; }
inline i32x4 zero_i32() { return {_mm_setzero_si128()}; }
inline i32x4 splat_i32(std::int32_t x) { return {_mm_set1_epi32(x)}; }
inline i32x4 add(i32x4 a, i32x4 b) { return {_mm_add_epi32(a.v, b.v)}; }
inline i32x4 mul(i32x4 a, i32x4 b) {
#if defined(__SSE4_1__)
    return {_mm_mullo_epi32(a.v, b.v)};
#else  // the low 32 bits of the unsigned products of lanes 0, 2 and of lanes 1, 3
    const __m128i even = _mm_mul_epu32(a.v, b.v);
    const __m128i odd = _mm_mul_epu32(_mm_srli_si128(a.v, 4), _mm_srli_si128(b.v, 4));
    return {_mm_unpacklo_epi32(_mm_shuffle_epi32(even, _MM_SHUFFLE(0, 0, 2, 0)),
                               _mm_shuffle_epi32(odd, _MM_SHUFFLE(0, 0, 2, 0)))};
#endif
}
inline std::int32_t hsum(i32x4 a) {
    const __m128i s = _mm_add_epi32(a.v, _mm_shuffle_epi32(a.v, _MM_SHUFFLE(1, 0, 3, 2)));
    return _mm_cvtsi128_si32(_mm_add_epi32(s, _mm_shuffle_epi32(s, _MM_SHUFFLE(2, 3, 0, 1))));
}
inline f32x4 load_halves(const std::uint16_t* p) {
    const __m128i raw = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
#if defined(__F16C__)
    return {_mm_cvtph_ps(raw)};
#else  // as the WASM version
    const __m128i h = _mm_unpacklo_epi16(raw, _mm_setzero_si128());
    const __m128i body = _mm_slli_epi32(_mm_and_si128(h, _mm_set1_epi32(0x7FFF)), 13);
    const __m128 scaled = _mm_mul_ps(_mm_castsi128_ps(body), _mm_set1_ps(0x1p112f));
    const __m128i inf_nan =
        _mm_and_si128(_mm_cmpgt_epi32(body, _mm_set1_epi32(0x0F7FFFFF)), _mm_set1_epi32(0x7F800000));
    const __m128i sign = _mm_slli_epi32(_mm_and_si128(h, _mm_set1_epi32(0x8000)), 16);
    return {_mm_or_ps(scaled, _mm_castsi128_ps(_mm_or_si128(inf_nan, sign)))};
#endif
}
inline f32x4 load_bf16(const std::uint16_t* p) {
    const __m128i raw = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(p));
    return {_mm_castsi128_ps(_mm_unpacklo_epi16(_mm_setzero_si128(), raw))};
}

#elif defined(__ARM_NEON) && defined(__aarch64__)

struct u8x16 {
    uint8x16_t v;
};
struct i16x8 {
    int16x8_t v;
};
inline u8x16 load_bytes(const void* p) { return {vld1q_u8(static_cast<const std::uint8_t*>(p))}; }
inline u8x16 splat_bytes(std::uint8_t x) { return {vdupq_n_u8(x)}; }
inline u8x16 and_bits(u8x16 a, u8x16 b) { return {vandq_u8(a.v, b.v)}; }
inline u8x16 or_bits(u8x16 a, u8x16 b) { return {vorrq_u8(a.v, b.v)}; }
template <int n>
inline u8x16 shr16(u8x16 a) {
    return {vreinterpretq_u8_u16(vshrq_n_u16(vreinterpretq_u16_u8(a.v), n))};
}
template <int n>
inline u8x16 shl16(u8x16 a) {
    return {vreinterpretq_u8_u16(vshlq_n_u16(vreinterpretq_u16_u8(a.v), n))};
}
inline i16x8 widen_lo_u8(u8x16 a) { return {vreinterpretq_s16_u16(vmovl_u8(vget_low_u8(a.v)))}; }
inline i16x8 widen_hi_u8(u8x16 a) { return {vreinterpretq_s16_u16(vmovl_high_u8(a.v))}; }
inline i16x8 widen_lo_i8(u8x16 a) { return {vmovl_s8(vget_low_s8(vreinterpretq_s8_u8(a.v)))}; }
inline i16x8 widen_hi_i8(u8x16 a) { return {vmovl_high_s8(vreinterpretq_s8_u8(a.v))}; }
inline i16x8 load_i16(const std::int16_t* p) { return {vld1q_s16(p)}; }
inline i32x4 load_i32(const std::int32_t* p) { return {vld1q_s32(p)}; }
inline i32x4 widen_lo_i16(i16x8 a) { return {vmovl_s16(vget_low_s16(a.v))}; }
inline i32x4 widen_hi_i16(i16x8 a) { return {vmovl_high_s16(a.v)}; }
inline u8x16 splat16(std::uint16_t x) { return {vreinterpretq_u8_u16(vdupq_n_u16(x))}; }
template <int n>
inline u8x16 sra16(u8x16 a) {
    return {vreinterpretq_u8_s16(vshrq_n_s16(vreinterpretq_s16_u8(a.v), n))};
}
inline u8x16 max_i16(u8x16 a, u8x16 b) {
    return {vreinterpretq_u8_s16(vmaxq_s16(vreinterpretq_s16_u8(a.v), vreinterpretq_s16_u8(b.v)))};
}
inline u8x16 interleave16_lo(u8x16 a, u8x16 b) {
    return {vreinterpretq_u8_u16(vzip1q_u16(vreinterpretq_u16_u8(a.v), vreinterpretq_u16_u8(b.v)))};
}
inline u8x16 interleave16_hi(u8x16 a, u8x16 b) {
    return {vreinterpretq_u8_u16(vzip2q_u16(vreinterpretq_u16_u8(a.v), vreinterpretq_u16_u8(b.v)))};
}
inline f32x4 as_f32(u8x16 a) { return {vreinterpretq_f32_u8(a.v)}; }
inline i32x4 dot_i16(i16x8 a, i16x8 b) {
    const int32x4_t lo = vmull_s16(vget_low_s16(a.v), vget_low_s16(b.v));
    const int32x4_t hi = vmull_high_s16(a.v, b.v);
    return {vpaddq_s32(lo, hi)};
}
inline i32x4 zero_i32() { return {vdupq_n_s32(0)}; }
inline i32x4 splat_i32(std::int32_t x) { return {vdupq_n_s32(x)}; }
inline i32x4 add(i32x4 a, i32x4 b) { return {vaddq_s32(a.v, b.v)}; }
inline i32x4 mul(i32x4 a, i32x4 b) { return {vmulq_s32(a.v, b.v)}; }
inline std::int32_t hsum(i32x4 a) { return vaddvq_s32(a.v); }
inline f32x4 load_halves(const std::uint16_t* p) {
    return {vcvt_f32_f16(vreinterpret_f16_u16(vld1_u16(p)))};  // exact, ±∞ and NaN included
}
inline f32x4 load_bf16(const std::uint16_t* p) { return {vreinterpretq_f32_u32(vshll_n_u16(vld1_u16(p), 16))}; }

#else  // plain C++

struct u8x16 {
    std::uint8_t v[16];
};
struct i16x8 {
    std::int16_t v[8];
};
inline u8x16 load_bytes(const void* p) {
    u8x16 r;
    std::memcpy(r.v, p, 16);
    return r;
}
inline u8x16 splat_bytes(std::uint8_t x) {
    u8x16 r;
    std::memset(r.v, x, 16);
    return r;
}
inline u8x16 and_bits(u8x16 a, u8x16 b) {
    for (int l = 0; l < 16; ++l) a.v[l] &= b.v[l];
    return a;
}
inline u8x16 or_bits(u8x16 a, u8x16 b) {
    for (int l = 0; l < 16; ++l) a.v[l] |= b.v[l];
    return a;
}
template <int n>
inline u8x16 shr16(u8x16 a) {
    for (int l = 0; l < 16; l += 2) {
        const unsigned w = static_cast<unsigned>(a.v[l] | (a.v[l + 1] << 8)) >> n;
        a.v[l] = static_cast<std::uint8_t>(w & 0xFF);
        a.v[l + 1] = static_cast<std::uint8_t>(w >> 8);
    }
    return a;
}
template <int n>
inline u8x16 shl16(u8x16 a) {
    for (int l = 0; l < 16; l += 2) {
        const unsigned w = static_cast<unsigned>(a.v[l] | (a.v[l + 1] << 8)) << n;
        a.v[l] = static_cast<std::uint8_t>(w & 0xFF);
        a.v[l + 1] = static_cast<std::uint8_t>((w >> 8) & 0xFF);
    }
    return a;
}
inline i16x8 widen_lo_u8(u8x16 a) {
    i16x8 r;
    for (int l = 0; l < 8; ++l) r.v[l] = a.v[l];
    return r;
}
inline i16x8 widen_hi_u8(u8x16 a) {
    i16x8 r;
    for (int l = 0; l < 8; ++l) r.v[l] = a.v[8 + l];
    return r;
}
inline i16x8 widen_lo_i8(u8x16 a) {
    i16x8 r;
    for (int l = 0; l < 8; ++l) r.v[l] = static_cast<std::int8_t>(a.v[l]);
    return r;
}
inline i16x8 widen_hi_i8(u8x16 a) {
    i16x8 r;
    for (int l = 0; l < 8; ++l) r.v[l] = static_cast<std::int8_t>(a.v[8 + l]);
    return r;
}
inline i16x8 load_i16(const std::int16_t* p) {
    i16x8 r;
    std::memcpy(r.v, p, 16);
    return r;
}
inline i32x4 load_i32(const std::int32_t* p) {
    i32x4 r;
    std::memcpy(r.v, p, 16);
    return r;
}
inline i32x4 widen_lo_i16(i16x8 a) { return {{a.v[0], a.v[1], a.v[2], a.v[3]}}; }
inline i32x4 widen_hi_i16(i16x8 a) { return {{a.v[4], a.v[5], a.v[6], a.v[7]}}; }
inline std::uint16_t lane16(const u8x16& a, int l) {
    return static_cast<std::uint16_t>(a.v[2 * l] | (a.v[2 * l + 1] << 8));
}
inline void set_lane16(u8x16& a, int l, std::uint16_t x) {
    a.v[2 * l] = static_cast<std::uint8_t>(x & 0xFF);
    a.v[2 * l + 1] = static_cast<std::uint8_t>(x >> 8);
}
inline u8x16 splat16(std::uint16_t x) {
    u8x16 r;
    for (int l = 0; l < 8; ++l) set_lane16(r, l, x);
    return r;
}
template <int n>
inline u8x16 sra16(u8x16 a) {
    for (int l = 0; l < 8; ++l)
        set_lane16(a, l, static_cast<std::uint16_t>(static_cast<std::int16_t>(lane16(a, l)) >> n));
    return a;
}
inline u8x16 max_i16(u8x16 a, u8x16 b) {
    for (int l = 0; l < 8; ++l)
        if (static_cast<std::int16_t>(lane16(b, l)) > static_cast<std::int16_t>(lane16(a, l)))
            set_lane16(a, l, lane16(b, l));
    return a;
}
inline u8x16 interleave16_lo(u8x16 a, u8x16 b) {
    u8x16 r;
    for (int l = 0; l < 4; ++l) {
        set_lane16(r, 2 * l, lane16(a, l));
        set_lane16(r, 2 * l + 1, lane16(b, l));
    }
    return r;
}
inline u8x16 interleave16_hi(u8x16 a, u8x16 b) {
    u8x16 r;
    for (int l = 0; l < 4; ++l) {
        set_lane16(r, 2 * l, lane16(a, 4 + l));
        set_lane16(r, 2 * l + 1, lane16(b, 4 + l));
    }
    return r;
}
inline f32x4 as_f32(u8x16 a) {
    f32x4 r;
    std::memcpy(r.v, a.v, 16);
    return r;
}
inline i32x4 dot_i16(i16x8 a, i16x8 b) {
    i32x4 r;
    for (int l = 0; l < 4; ++l) r.v[l] = a.v[2 * l] * b.v[2 * l] + a.v[2 * l + 1] * b.v[2 * l + 1];
    return r;
}
inline i32x4 zero_i32() { return {{0, 0, 0, 0}}; }
inline i32x4 splat_i32(std::int32_t x) { return {{x, x, x, x}}; }
inline i32x4 add(i32x4 a, i32x4 b) { return {{a.v[0] + b.v[0], a.v[1] + b.v[1], a.v[2] + b.v[2], a.v[3] + b.v[3]}}; }
inline i32x4 mul(i32x4 a, i32x4 b) { return {{a.v[0] * b.v[0], a.v[1] * b.v[1], a.v[2] * b.v[2], a.v[3] * b.v[3]}}; }
inline std::int32_t hsum(i32x4 a) { return a.v[0] + a.v[1] + a.v[2] + a.v[3]; }
inline f32x4 load_halves(const std::uint16_t* p) {
    f32x4 r;
    for (int l = 0; l < 4; ++l) {
        const std::uint32_t h = p[l];
        const std::uint32_t body = (h & 0x7FFFu) << 13;
        float f;
        std::memcpy(&f, &body, 4);
        f *= 0x1p112f;
        std::uint32_t bits;
        std::memcpy(&bits, &f, 4);
        bits |= (body > 0x0F7FFFFFu ? 0x7F800000u : 0u) | ((h & 0x8000u) << 16);
        std::memcpy(&r.v[l], &bits, 4);
    }
    return r;
}
inline f32x4 load_bf16(const std::uint16_t* p) {
    f32x4 r;
    for (int l = 0; l < 4; ++l) {
        const std::uint32_t bits = static_cast<std::uint32_t>(p[l]) << 16;
        std::memcpy(&r.v[l], &bits, 4);
    }
    return r;
}

#endif

// a·b + c, rounded twice (never fused, so every backend gives the same bits).
inline f32x4 mul_add(f32x4 a, f32x4 b, f32x4 c) { return add(mul(a, b), c); }

// (v0 + v2) + (v1 + v3)
inline float hsum(f32x4 a) {
    const f32x4 s = add(a, halves_hi(a, a));  // [v0 + v2, v1 + v3, …]
    return lane0(add(s, broadcast<1>(s)));
}
inline float hmax(f32x4 a) {
    const f32x4 s = max(a, halves_hi(a, a));
    return lane0(max(s, broadcast<1>(s)));
}
// [hsum(a), hsum(b), hsum(c), hsum(d)], each in hsum's order.
inline f32x4 hsum4(f32x4 a, f32x4 b, f32x4 c, f32x4 d) {
    const f32x4 ab = add(interleave_lo(a, b), interleave_hi(a, b));  // [a0+a2, b0+b2, a1+a3, b1+b3]
    const f32x4 cd = add(interleave_lo(c, d), interleave_hi(c, d));
    return add(halves_lo(ab, cd), halves_hi(ab, cd));
}

#if defined(__AVX2__)

struct f32x8 {
    __m256 v;
};
inline f32x8 load8(const float* p) { return {_mm256_loadu_ps(p)}; }
inline void store8(float* p, f32x8 a) { _mm256_storeu_ps(p, a.v); }
inline f32x8 splat8(float x) { return {_mm256_set1_ps(x)}; }
inline f32x8 load_splat8(const float* p) { return {_mm256_broadcast_ss(p)}; }
inline f32x8 add(f32x8 a, f32x8 b) { return {_mm256_add_ps(a.v, b.v)}; }
inline f32x8 mul(f32x8 a, f32x8 b) { return {_mm256_mul_ps(a.v, b.v)}; }

#else

struct f32x8 {
    f32x4 lo, hi;
};
inline f32x8 load8(const float* p) { return {load(p), load(p + 4)}; }
inline void store8(float* p, f32x8 a) {
    store(p, a.lo);
    store(p + 4, a.hi);
}
inline f32x8 splat8(float x) { return {splat(x), splat(x)}; }
inline f32x8 load_splat8(const float* p) {
    const f32x4 x = load_splat(p);
    return {x, x};
}
inline f32x8 add(f32x8 a, f32x8 b) { return {add(a.lo, b.lo), add(a.hi, b.hi)}; }
inline f32x8 mul(f32x8 a, f32x8 b) { return {mul(a.lo, b.lo), mul(a.hi, b.hi)}; }

#endif

// a·b + c, rounded twice, as mul_add of f32x4.
inline f32x8 mul_add(f32x8 a, f32x8 b, f32x8 c) { return add(mul(a, b), c); }

}  // namespace attn::simd
