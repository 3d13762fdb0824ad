// Matrix products for matmul() and every projection: C = A · B, row-major, row-vector
// convention (x [T, d_in] · W [d_in, d_out]).
//
// Letters: M rows of A and C, K inner dimension, N columns of B and C; lda, ldb, ldc are row
// strides in elements.
//
// Blocked SIMD GEMM: B is packed, one panel of KC × 8 columns at a time (row after row), decoding
// on the way when B is stored as IEEE halves or as any weight type of weight_types.hpp (bf16,
// ggml's quantised blocks: stored weights are never expanded up front); a 4 × 8 register tile
// of C (8 vectors) then takes 4 broadcast A values and 2 panel loads per step of K.
//
// Every element of C is accumulated in the order p = 0, 1, …, K − 1 from 0, one rounded product
// and one rounded sum per step, exactly as the scalar twin's loop (an axpy per A element): the
// two give the same bits, in every build.
#pragma once
#include <cstddef>
#include <cstdint>

#include "attn/weight_types.hpp"

namespace attn::gemm {

// How B is stored: [K, N] (row p holds B's row p) or transposed, [N, K] (C = A · Sᵀ for a stored
// S, e.g. a tied LM head x · Eᵀ).
enum class BLayout { KN, NK };

void gemm_f32(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b,
              std::size_t ldb, BLayout layout, float* c, std::size_t ldc);

// B as IEEE half bits (the lab model's weights file stores f16).
void gemm_f16(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const std::uint16_t* b,
              std::size_t ldb, BLayout layout, float* c, std::size_t ldc);

// B as stored weights (weight_types.hpp), decoded while packing by quant_blocks.hpp's
// dequantize: NK = stored [N, K] (torch's [out, in], every GGUF matrix; rows of
// row_bytes(type, K)), KN = stored [K, N] (GPT-2's Conv1D; float types only, rows of
// row_bytes(type, N)). Equals gemm_scalar over the decoded matrix, bit for bit.
// ConfigError for a block type stored KN; ShapeError when K (NK) or N (KN) is not whole blocks.
void gemm_weights(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const std::uint8_t* b,
                  WeightType type, BLayout layout, float* c, std::size_t ldc);

// The scalar twin: c row i = Σ_p a[i, p] · b row p, in p order.
void gemm_scalar(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b,
                 std::size_t ldb, BLayout layout, float* c, std::size_t ldc) noexcept;

// Each allocates its packing buffer (one panel, at most 8 KiB) per call; gemm_f32 with fewer than
// 4 rows of A (one decoded token) runs the scalar twin instead: same bits, no packing.

// IEEE half bits → float, exactly (subnormals, ±∞, NaN included).
float half_bits_to_float(std::uint16_t h) noexcept;

}  // namespace attn::gemm
