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
