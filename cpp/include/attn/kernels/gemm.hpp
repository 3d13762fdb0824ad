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

#include "attn/kernels/weight_types.hpp"

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

// ---- The decode path: m ≤ 4 rows of A against stored weights, a contract of its own ----
// A decode step multiplies one token's activations by every weight of the model once, so it is
// bound by reading and decoding the weights (measured: decoding to f32 and the in-order f32
// GEMM above cost ~0.9 ns per weight in WASM, 2% of the memory bound). This path never
// expands a weight to f32. It does not equal the f32 GEMM bit for bit; instead:
//  - it equals its own scalar twin (gemm_weights_decode_scalar) bit for bit, natively and in
//    WASM, SIMD or not;
//  - block types (q8_0, q4_0, q4_1, q5_0, q5_1, q4_k, q6_k): each row of A is quantised to 13
//    bits per block of the weight type (quantized_activations.hpp: 32 elements, or 256 for the
//    k-quants, as ggml's q8_0 / q8_K, which use 8 bits), each stored block meets it in an integer dot product
//    (exact, so its order is free), and the block's float terms (qact::term…) are added to the
//    output in block order, starting from 0;
//  - float types (f32, f16, bf16): no quantisation; the row is read as 8 lanes, lane l adding
//    a[p] · b[p] (rounded product, rounded sum) for p ≡ l (mod 8) in order; then lanes l and
//    l + 4 are added, those four as simd::hsum, then the last k mod 8 products in order;
//  - the KN layout (GPT-2's float Conv1D, whose stored rows are not the dot products' rows) and
//    m > 4 run gemm_weights (so the contract above holds for them trivially, in both twins).
// Accuracy against the f32 path, measured (tests/cpp/gemm_decode_test.cpp, README "Open-model
// decoding"): float types differ by summation order only (~1e-7 relative); the block types add
// the rounding of the activations to 13 bits (finer than the 8 bits llama.cpp accepts).
// Errors as gemm_weights.
void gemm_weights_decode(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda,
                         const std::uint8_t* b, WeightType type, BLayout layout, float* c, std::size_t ldc);
void gemm_weights_decode_scalar(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda,
                                const std::uint8_t* b, WeightType type, BLayout layout, float* c, std::size_t ldc);

// The scalar twin: c row i = Σ_p a[i, p] · b row p, in p order.
void gemm_scalar(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b,
                 std::size_t ldb, BLayout layout, float* c, std::size_t ldc) noexcept;

// Each allocates its packing buffer (one panel, at most 8 KiB) per call; gemm_f32 with fewer than
// 4 rows of A (one decoded token) runs the scalar twin instead: same bits, no packing.

// IEEE half bits → float, exactly (subnormals, ±∞, NaN included).
float half_bits_to_float(std::uint16_t h) noexcept;

}  // namespace attn::gemm
