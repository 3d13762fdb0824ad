// Activation rows quantised to integers for the decode path's integer dot products (gemm.hpp,
// "The decode path"), and the few float operations each stored block adds to a dot product.
// Both twins of the decode path (SIMD and scalar) call these same functions, so the only thing
// that differs between them is how the integer sums are formed, and integer sums are exact.
//
// A row of k activations is cut into blocks of `block` elements, the block of the weight type it
// meets (32, or 256 for the k-quants, as ggml's q8_0 / q8_K):
//   d = max|x| / 4095,  q = round(x / d) ties to even, in [−4095, 4095]  (d = 0: q = 0)
// so x ≈ d · q. ggml rounds to 8 bits (±127) because its x86 kernels multiply bytes; WASM SIMD
// has no byte dot product, so q is multiplied in 16-bit lanes anyway (i32x4.dot_i16x8), and 13
// bits cost nothing there while cutting the rounding 32-fold (with ±127, greedy tokens of the
// held-in tiny models drifted from the f32 path's). 13 is the most that keeps every 32-bit lane
// exact: a q6_k lane sums 64 products |scale · q_w · q| ≤ 128 · 63 · 4095 (2,113,413,120 <
// 2^31); block totals are then added in 64 bits.
// A block holding ±∞ or NaN gets d = NaN and q = 0: its dot products are NaN, as the f32
// product's would be. q is kept as 16-bit lanes (the widening is done once per row, not once
// per weight row), with the sums of every 16 and every 32 consecutive q (the k-quants' and the
// offset types' corrections need them).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace attn::qact {

struct Rows {
    std::size_t m = 0, k = 0, block = 0;
    std::vector<std::int16_t> q;      // [m, k]
    std::vector<float> d;             // [m, k / block]
    std::vector<std::int32_t> sum16;  // [m, k / 16]: Σ q over elements 16g … 16g + 15
    std::vector<std::int32_t> sum32;  // [m, k / 32]: Σ q over elements 32g … 32g + 31

    const std::int16_t* row(std::size_t i) const { return q.data() + i * k; }
    float scale(std::size_t i, std::size_t b) const { return d[i * (k / block) + b]; }
    // Σ q over the 16-element group g of row i, and over the 32-element group g (two of 16).
    const std::int32_t* sums_of_16(std::size_t i) const { return sum16.data() + i * (k / 16); }
    const std::int32_t* sums_of_32(std::size_t i) const { return sum32.data() + i * (k / 32); }
    std::int32_t sum_of_16(std::size_t i, std::size_t g) const { return sums_of_16(i)[g]; }
    std::int32_t sum_of_32(std::size_t i, std::size_t g) const { return sums_of_32(i)[g]; }
};

// Rows i < m of a (row stride lda), k a multiple of block, block 32 or 256.
Rows quantize(const float* a, std::size_t m, std::size_t k, std::size_t lda, std::size_t block);

// What one stored block adds to a dot product, from its integer sum Σ q_w · q_x (isum) and, for
// the types with a min or an offset folded out, a second integer (see each). dx is the
// activation block's d; the weight's f16 scales are given decoded (exactly).
//   q8_0, q4_0, q5_0 (offsets 8 and 16 subtracted inside isum), q6_k (isum already holds the
//   sub-block scales and the offset 32):        (dw · dx) · isum
inline float term(float dw, float dx, std::int64_t isum) { return (dw * dx) * static_cast<float>(isum); }
//   q4_1, q5_1 (x = q · d + m; sx = Σ q_x of the block):  (dw · dx) · isum + (mw · dx) · sx
inline float term_with_min(float dw, float mw, float dx, std::int64_t isum, std::int64_t sx) {
    return (dw * dx) * static_cast<float>(isum) + (mw * dx) * static_cast<float>(sx);
}
//   q4_k (isum = Σ_s sc_s · Σ q_w · q_x, imin = Σ_s m_s · Σ q_x over sub-block s):
//                                                 (d · dx) · isum − (dmin · dx) · imin
inline float term_k_min(float d, float dmin, float dx, std::int64_t isum, std::int64_t imin) {
    return (d * dx) * static_cast<float>(isum) - (dmin * dx) * static_cast<float>(imin);
}

}  // namespace attn::qact
