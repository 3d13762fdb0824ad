// SIMD twins of the scalar kernels, 4 floats per vector, written against the vector layer
// (simd.hpp) so one source serves WASM SIMD, SSE2 and NEON. Tails shorter than 4 take scalar
// code with the same roundings, except exp, whose tail is padded to a full vector so every
// element goes through the very same operations.
#include <limits>

#include "attn/kernels/kernels.hpp"
#include "attn/kernels/simd_exp.hpp"

namespace attn::kernels {

using namespace attn::simd;

float dot_simd(const float* a, const float* b, std::size_t n) noexcept {
    // Two accumulators hide the add latency.
    f32x4 acc0 = splat(0.0f), acc1 = splat(0.0f);
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        acc0 = mul_add(load(a + i), load(b + i), acc0);
        acc1 = mul_add(load(a + i + 4), load(b + i + 4), acc1);
    }
    for (; i + 4 <= n; i += 4) acc0 = mul_add(load(a + i), load(b + i), acc0);
    float s = hsum(add(acc0, acc1));
    for (; i < n; ++i) s += a[i] * b[i];
    return s;
}

void axpy_simd(float alpha, const float* x, float* y, std::size_t n) noexcept {
    const f32x4 va = splat(alpha);
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) store(y + i, add(load(y + i), mul(va, load(x + i))));
    for (; i < n; ++i) y[i] += alpha * x[i];
}

float max_simd(const float* x, std::size_t n) noexcept {
    float m = -std::numeric_limits<float>::infinity();
    std::size_t i = 0;
    if (n >= 4) {
        f32x4 vm = splat(m);
        for (; i + 4 <= n; i += 4) vm = max(vm, load(x + i));
        m = hmax(vm);
    }
    for (; i < n; ++i) m = x[i] > m ? x[i] : m;
    return m;
}

float exp_shift_sum_simd(float* x, std::size_t n, float shift) noexcept {
    const f32x4 vs = splat(shift);
    f32x4 acc = splat(0.0f);
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        const f32x4 e = exp_nonpositive(sub(load(x + i), vs));
        store(x + i, e);
        acc = add(acc, e);
    }
    if (i < n) {
        // −∞ pads give exp = 0 and add nothing to the sum.
        float tail[4] = {-std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                         -std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()};
        for (std::size_t t = 0; i + t < n; ++t) tail[t] = x[i + t];
        const f32x4 e = exp_nonpositive(sub(load(tail), vs));
        store(tail, e);
        for (std::size_t t = 0; i + t < n; ++t) x[i + t] = tail[t];
        acc = add(acc, e);
    }
    return hsum(acc);
}

void scale_simd(float* x, std::size_t n, float s) noexcept {
    const f32x4 vs = splat(s);
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) store(x + i, mul(load(x + i), vs));
    for (; i < n; ++i) x[i] *= s;
}

bool all_finite_simd(const float* x, std::size_t n) noexcept {
    // x·0 is 0 for every finite x and NaN for NaN and ±∞; NaN survives the sums.
    const f32x4 zero = splat(0.0f);
    f32x4 acc0 = zero, acc1 = zero;
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        acc0 = add(acc0, mul(load(x + i), zero));
        acc1 = add(acc1, mul(load(x + i + 4), zero));
    }
    float s = hsum(add(acc0, acc1));
    for (; i < n; ++i) s += x[i] * 0.0f;
    return s == 0.0f;
}

}  // namespace attn::kernels
