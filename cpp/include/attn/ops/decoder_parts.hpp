// Pieces every decoder in the engine shares (tiny_decoder.hpp, lab_model.hpp): RMSNorm, the
// residual add, token and cache checks, greedy argmax.
//
// Dimension letters: T rows (positions), n columns, b block width (a head, or the whole row).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "attn/ops/kv_cache.hpp"
#include "attn/tensor.hpp"

namespace attn {

constexpr float kRmsNormEps = 1e-6f;

// x [T, n] in place: every block of b consecutive columns of a row (b must divide n) becomes
// y = x / sqrt(mean(x²) + eps), times gain[0..b) when gain is given. b = n normalises whole rows
// (the pre-norms); b = d normalises each head (QK-norm, one gain shared by the heads).
// inv_rms, when given, receives the T·(n/b) factors 1/sqrt(mean(x²) + eps) in row-major order:
// the backward pass needs them. eps: the lab's 1e-6 unless a model's config says otherwise
// (open_model.hpp: Llama's rms_norm_eps is 1e-5). ValueError "RMSNorm of row i: the sum of
// squares is not finite" when Σx² overflows (or x holds a NaN / ±Inf) instead of zeros.
void rms_norm_blocks_inplace(Matrix& x, std::size_t b, const float* gain = nullptr,
                             std::vector<float>* inv_rms = nullptr, float eps = kRmsNormEps);

// x [T, n] in place, GPT-2's LayerNorm of every row: (x − mean) / sqrt(var + eps) ⊙ gain + bias
// (var the biased variance, as torch.nn.LayerNorm). ValueError when the variance is not finite.
void layer_norm_rows(Matrix& x, const float* gain, const float* bias, float eps);

// Whole rows, no gain, as a copy.
Matrix rms_norm(Matrix x);

// x += y, element-wise (same shape).
void add_inplace(Matrix& x, const Matrix& y);

// Row i of m as a vector [n].
Vector row_vector(const Matrix& m, std::size_t i);

// The index of the largest entry; ties go to the lowest, so the same logits give the same token.
int argmax(const Vector& v);

// Throws ShapeError "<name> is empty", or ValueError "token 23 at position 2 is outside the
// vocabulary [0, 16)" (positions counted from start).
void check_tokens(const std::vector<int>& tokens, std::size_t start, std::size_t vocab, const char* name);

// Throws ShapeError unless cache has L layers, G KV heads and d = dv = d_head, every layer at
// the same length: checked before anything is appended, so a rejected call leaves it alone.
void check_kv_cache(const KVCache& cache, std::size_t n_layers, std::size_t n_kv_heads, std::size_t d_head);

}  // namespace attn
