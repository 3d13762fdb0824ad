// The hot loops of attention: dot products over rows, row softmax pieces, weighted sums.
//
// Every kernel has a scalar reference (`*_scalar`, the plainest loop of its definition) and a
// SIMD twin (`*_simd`) written once against the vector layer (simd.hpp), so the same source is
// WebAssembly SIMD in the browser, SSE2 on x86-64, NEON on arm64. The un-suffixed name is the
// one the engine calls: the SIMD twin. Tests compare the twins on odd sizes (1, 3, 5, 17, 257).
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
// x[i] = exp(x[i] − shift), returns Σ x[i], for shift ≥ every x[i]. exp is simd_exp.hpp's
// polynomial (not std::exp), the same bits in both twins for every element; exp(−∞) is exactly
// 0, so masked entries stay 0.
float exp_shift_sum_scalar(float* x, std::size_t n, float shift) noexcept;
// x[i] *= s
void scale_scalar(float* x, std::size_t n, float s) noexcept;
// true when no x[i] is NaN or ±∞ (the input check every public function runs first)
bool all_finite_scalar(const float* x, std::size_t n) noexcept;

// Element-wise results (axpy, max, exp, scale) are bit-identical to the scalar twins; sums
// (dot, the sum of exp_shift_sum) add in another order and agree to rounding.
float dot_simd(const float* a, const float* b, std::size_t n) noexcept;
void axpy_simd(float alpha, const float* x, float* y, std::size_t n) noexcept;
float max_simd(const float* x, std::size_t n) noexcept;
float exp_shift_sum_simd(float* x, std::size_t n, float shift) noexcept;
void scale_simd(float* x, std::size_t n, float s) noexcept;
bool all_finite_simd(const float* x, std::size_t n) noexcept;

inline float dot(const float* a, const float* b, std::size_t n) noexcept { return dot_simd(a, b, n); }
inline void axpy(float alpha, const float* x, float* y, std::size_t n) noexcept { axpy_simd(alpha, x, y, n); }
inline float max(const float* x, std::size_t n) noexcept { return max_simd(x, n); }
inline float exp_shift_sum(float* x, std::size_t n, float shift) noexcept { return exp_shift_sum_simd(x, n, shift); }
inline void scale(float* x, std::size_t n, float s) noexcept { scale_simd(x, n, s); }
inline bool all_finite(const float* x, std::size_t n) noexcept { return all_finite_simd(x, n); }

// Which instruction set the SIMD twins compiled to: "wasm-simd128", "sse2", "neon", or
// "scalar" (a WASM build without -msimd128: the vector layer's plain C++ lanes).
const char* active_path() noexcept;

}  // namespace attn::kernels
