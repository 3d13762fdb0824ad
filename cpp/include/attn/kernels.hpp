// The hot loops of attention: dot products over rows, row softmax pieces, weighted sums.
//
// Every kernel has a scalar reference (`*_scalar`) and, when compiled to WebAssembly with
// -msimd128, a 128-bit SIMD twin (`*_simd`, 4 floats a lane group). The un-suffixed name is the
// one the engine calls: the SIMD twin where it exists, the scalar reference elsewhere (native
// builds, WASM builds without SIMD). Tests compare the twins on odd sizes (1, 3, 5, 17, 257).
//
// All pointers are to contiguous float arrays of length n; kernels never allocate or throw.
#pragma once
#include <cstddef>

namespace attn::kernels {

// Σ a[i]·b[i]
float dot_scalar(const float* a, const float* b, std::size_t n) noexcept;
// y[i] += alpha·x[i]
void axpy_scalar(float alpha, const float* x, float* y, std::size_t n) noexcept;
// max x[i]; −∞ for n = 0
float max_scalar(const float* x, std::size_t n) noexcept;
// x[i] = exp(x[i] − shift), returns Σ x[i]. exp(−∞) is exactly 0, so masked entries stay 0.
float exp_shift_sum_scalar(float* x, std::size_t n, float shift) noexcept;
// x[i] *= s
void scale_scalar(float* x, std::size_t n, float s) noexcept;

#ifdef __wasm_simd128__
#define ATTN_HAVE_SIMD 1
float dot_simd(const float* a, const float* b, std::size_t n) noexcept;
void axpy_simd(float alpha, const float* x, float* y, std::size_t n) noexcept;
float max_simd(const float* x, std::size_t n) noexcept;
// Uses a polynomial exp (relative error < 2e-7 on the range softmax uses), not std::exp.
float exp_shift_sum_simd(float* x, std::size_t n, float shift) noexcept;
void scale_simd(float* x, std::size_t n, float s) noexcept;

inline float dot(const float* a, const float* b, std::size_t n) noexcept { return dot_simd(a, b, n); }
inline void axpy(float alpha, const float* x, float* y, std::size_t n) noexcept { axpy_simd(alpha, x, y, n); }
inline float max(const float* x, std::size_t n) noexcept { return max_simd(x, n); }
inline float exp_shift_sum(float* x, std::size_t n, float shift) noexcept { return exp_shift_sum_simd(x, n, shift); }
inline void scale(float* x, std::size_t n, float s) noexcept { scale_simd(x, n, s); }
#else
#define ATTN_HAVE_SIMD 0
inline float dot(const float* a, const float* b, std::size_t n) noexcept { return dot_scalar(a, b, n); }
inline void axpy(float alpha, const float* x, float* y, std::size_t n) noexcept { axpy_scalar(alpha, x, y, n); }
inline float max(const float* x, std::size_t n) noexcept { return max_scalar(x, n); }
inline float exp_shift_sum(float* x, std::size_t n, float shift) noexcept { return exp_shift_sum_scalar(x, n, shift); }
inline void scale(float* x, std::size_t n, float s) noexcept { scale_scalar(x, n, s); }
#endif

// Which path `dot`, `axpy`, ... take in this build: "wasm-simd128" or "scalar".
const char* active_path() noexcept;

}  // namespace attn::kernels
