// Matrix products for matmul() and every projection: C = A · B, row-major, row-vector
// convention (x [T, d_in] · W [d_in, d_out]).
//
// Letters: M rows of A and C, K inner dimension, N columns of B and C; lda, ldb, ldc are row
// strides in elements.
//
// Blocked SIMD GEMM: B is packed, a block of KC × NC at a time, into panels of 8 columns laid out
// row after row, converting on the way when B is stored as IEEE halves (f16 weights are never
// expanded up front); a 4 × 8 register tile of C (8 vectors) then takes 4 broadcast A values
// and 2 panel loads per step of K.
//
// Every element of C is accumulated in the order p = 0, 1, …, K − 1 from 0, one rounded product
// and one rounded sum per step, exactly as the scalar twin's loop (an axpy per A element): the
// two give the same bits, in every build.
#pragma once
#include <cstddef>
#include <cstdint>

namespace attn::gemm {

// How B is stored: [K, N] (row p holds B's row p) or transposed, [N, K] (C = A · Sᵀ for a stored
// S, e.g. a tied LM head x · Eᵀ).
enum class BLayout { KN, NK };

void gemm_f32(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b,
              std::size_t ldb, BLayout layout, float* c, std::size_t ldc);

// B as IEEE half bits (the lab model's weights file stores f16).
void gemm_f16(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const std::uint16_t* b,
              std::size_t ldb, BLayout layout, float* c, std::size_t ldc);

// The scalar twin: c row i = Σ_p a[i, p] · b row p, in p order.
void gemm_scalar(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b,
                 std::size_t ldb, BLayout layout, float* c, std::size_t ldc) noexcept;

// Both allocate the packing buffer (at most 512 KiB) per call; gemm_f32 with fewer than 4 rows
// of A (one decoded token) runs the scalar twin instead, same bits, no packing.

// IEEE half bits → float, exactly (subnormals, ±∞, NaN included).
float half_bits_to_float(std::uint16_t h) noexcept;

}  // namespace attn::gemm
