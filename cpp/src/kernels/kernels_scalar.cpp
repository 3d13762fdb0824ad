// Scalar references for kernels.hpp: the plainest loop that computes each definition.
#include <cmath>
#include <limits>

#include "attn/kernels/kernels.hpp"
#include "attn/kernels/simd_exp.hpp"

namespace attn::kernels {

float dot_scalar(const float* a, const float* b, std::size_t n) noexcept {
    float s = 0.0f;
    for (std::size_t i = 0; i < n; ++i) s += a[i] * b[i];
    return s;
}

void axpy_scalar(float alpha, const float* x, float* y, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i) y[i] += alpha * x[i];
}

float max_scalar(const float* x, std::size_t n) noexcept {
    float m = -std::numeric_limits<float>::infinity();
    for (std::size_t i = 0; i < n; ++i) m = x[i] > m ? x[i] : m;
    return m;
}

float exp_shift_sum_scalar(float* x, std::size_t n, float shift) noexcept {
    float s = 0.0f;
    for (std::size_t i = 0; i < n; ++i) {
        x[i] = simd::exp_nonpositive(x[i] - shift);
        s += x[i];
    }
    return s;
}

void scale_scalar(float* x, std::size_t n, float s) noexcept {
    for (std::size_t i = 0; i < n; ++i) x[i] *= s;
}

bool all_finite_scalar(const float* x, std::size_t n) noexcept {
    for (std::size_t i = 0; i < n; ++i)
        if (!std::isfinite(x[i])) return false;
    return true;
}

const char* active_path() noexcept { return ATTN_SIMD_BACKEND; }

}  // namespace attn::kernels
