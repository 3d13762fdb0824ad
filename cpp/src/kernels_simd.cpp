// WebAssembly SIMD twins of the scalar kernels (4 floats per v128). Baseline WASM SIMD has no
// fused multiply-add, so products and sums are separate instructions. Tails shorter than 4
// fall back to scalar code, which is why tests use odd sizes.
#include "attn/kernels.hpp"

#ifdef __wasm_simd128__
#include <wasm_simd128.h>

#include <cmath>
#include <limits>

namespace attn::kernels {

static inline float hsum(v128_t v) {
    return wasm_f32x4_extract_lane(v, 0) + wasm_f32x4_extract_lane(v, 1) + wasm_f32x4_extract_lane(v, 2) +
           wasm_f32x4_extract_lane(v, 3);
}

float dot_simd(const float* a, const float* b, std::size_t n) noexcept {
    // Two accumulators hide the add latency.
    v128_t acc0 = wasm_f32x4_splat(0.0f), acc1 = wasm_f32x4_splat(0.0f);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        acc0 = wasm_f32x4_add(acc0, wasm_f32x4_mul(wasm_v128_load(a + i), wasm_v128_load(b + i)));
        acc1 = wasm_f32x4_add(acc1, wasm_f32x4_mul(wasm_v128_load(a + i + 4), wasm_v128_load(b + i + 4)));
    }
    for (; i + 4 <= n; i += 4)
        acc0 = wasm_f32x4_add(acc0, wasm_f32x4_mul(wasm_v128_load(a + i), wasm_v128_load(b + i)));
    float s = hsum(wasm_f32x4_add(acc0, acc1));
    for (; i < n; ++i) s += a[i] * b[i];
    return s;
}

void axpy_simd(float alpha, const float* x, float* y, std::size_t n) noexcept {
    const v128_t va = wasm_f32x4_splat(alpha);
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4)
        wasm_v128_store(y + i, wasm_f32x4_add(wasm_v128_load(y + i), wasm_f32x4_mul(va, wasm_v128_load(x + i))));
    for (; i < n; ++i) y[i] += alpha * x[i];
}

float max_simd(const float* x, std::size_t n) noexcept {
    float m = -std::numeric_limits<float>::infinity();
    std::size_t i = 0;
    if (n >= 4) {
        v128_t vm = wasm_f32x4_splat(m);
        for (; i + 4 <= n; i += 4) vm = wasm_f32x4_pmax(vm, wasm_v128_load(x + i));
        for (int l = 0; l < 4; ++l) {
            float v = wasm_f32x4_extract_lane(vm, 0);
            vm = wasm_i32x4_shuffle(vm, vm, 1, 2, 3, 0);
            m = v > m ? v : m;
        }
    }
    for (; i < n; ++i) m = x[i] > m ? x[i] : m;
    return m;
}

// exp(x) for x ≤ 0 (softmax shifts by the row max): x = k·ln2 + r, |r| ≤ ln2/2, exp(r) by a
// degree-6 polynomial, 2^k built in the exponent bits. Below −87.3 the result is 0, which
// also makes exp(−∞) exactly 0 so masked weights stay exactly 0.
static inline v128_t exp_nonpositive(v128_t x) {
    const v128_t lo = wasm_f32x4_splat(-87.3f);
    const v128_t underflow = wasm_f32x4_lt(x, lo);
    x = wasm_f32x4_pmax(x, lo);
    const v128_t log2e = wasm_f32x4_splat(1.44269504088896341f);
    const v128_t k = wasm_f32x4_nearest(wasm_f32x4_mul(x, log2e));
    // Cody–Waite split of ln2 keeps r accurate.
    v128_t r = wasm_f32x4_sub(x, wasm_f32x4_mul(k, wasm_f32x4_splat(0.693359375f)));
    r = wasm_f32x4_sub(r, wasm_f32x4_mul(k, wasm_f32x4_splat(-2.12194440e-4f)));
    v128_t p = wasm_f32x4_splat(1.9875691500e-4f);
    p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(1.3981999507e-3f));
    p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(8.3334519073e-3f));
    p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(4.1665795894e-2f));
    p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(1.6666665459e-1f));
    p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(5.0000001201e-1f));
    p = wasm_f32x4_add(wasm_f32x4_mul(wasm_f32x4_mul(p, r), r), wasm_f32x4_add(r, wasm_f32x4_splat(1.0f)));
    const v128_t pow2k = wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(k), wasm_i32x4_splat(127)), 23);
    return wasm_v128_andnot(wasm_f32x4_mul(p, pow2k), underflow);
}

float exp_shift_sum_simd(float* x, std::size_t n, float shift) noexcept {
    const v128_t vs = wasm_f32x4_splat(shift);
    v128_t acc = wasm_f32x4_splat(0.0f);
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        v128_t e = exp_nonpositive(wasm_f32x4_sub(wasm_v128_load(x + i), vs));
        wasm_v128_store(x + i, e);
        acc = wasm_f32x4_add(acc, e);
    }
    float s = hsum(acc);
    for (; i < n; ++i) {
        x[i] = std::exp(x[i] - shift);
        s += x[i];
    }
    return s;
}

void scale_simd(float* x, std::size_t n, float s) noexcept {
    const v128_t vs = wasm_f32x4_splat(s);
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) wasm_v128_store(x + i, wasm_f32x4_mul(wasm_v128_load(x + i), vs));
    for (; i < n; ++i) x[i] *= s;
}

}  // namespace attn::kernels
#endif
