// Gated DeltaNet: the gated delta rule (Yang, Kautz, Hatamizadeh, "Gated Delta Networks:
// Improving Mamba2 with Delta Rule", 2024), the linear-attention layer of Qwen3-Next / Qwen3.5.
// Instead of a KV cache that grows with every token, each head keeps one fixed-size state S.
//
// Dimension letters (used in every shape below):
//   T    tokens of the sequence
//   H    heads
//   d_k  width of one head's query / key
//   d_v  width of one head's value (and output)
//
// Conventions follow the references exactly (transformers' Qwen3-Next
// torch_recurrent_gated_delta_rule / torch_chunk_gated_delta_rule, and fla-org's
// flash-linear-attention fla/ops/gated_delta_rule, with use_qk_l2norm_in_kernel = True):
//   - row vectors; per head the state S is [d_k, d_v], stored row-major;
//   - q and k are L2-normalised per head inside these functions, x / sqrt(Σx² + 1e-6), and then
//     q is scaled by 1/√d_k; so callers pass the raw (post-convolution) q and k;
//   - g_t in (0, 1] is the decay itself (the references pass its log, g = −exp(A)·softplus(a + dt_bias));
//     β_t in [0, 1] is the write strength (sigmoid of its logit in the layer);
//   - per head, with q̂, k̂ the normalised vectors:
//       S_t = g_t · S_{t−1} + β_t · k̂_tᵀ (v_t − g_t · k̂_t S_{t−1})
//       o_t = (q̂_t / √d_k) S_t
//     With g = 1 this is the delta rule; with β = 1 the write replaces what S stored for k̂_t.
#pragma once
#include <cstddef>
#include <vector>

#include "attn/tensor.hpp"

namespace attn {

struct GdnDims {
    std::size_t n_heads = 1;  // H
    std::size_t d_k = 1;
    std::size_t d_v = 1;
};

// The recurrent state of one Gated DeltaNet layer: S [H, d_k, d_v] floats, zero at the start.
// Its size never depends on how many tokens it has seen.
class GdnState {
  public:
    // Throws ConfigError if a dimension is 0.
    explicit GdnState(const GdnDims& dims);
    const GdnDims& dims() const noexcept { return dims_; }
    // H · d_k · d_v · 4: what this state costs, at any T.
    static std::size_t bytes_for(const GdnDims& dims) noexcept;
    std::size_t bytes() const noexcept { return bytes_for(dims_); }
    // S[h](i, j), i < d_k, j < d_v (unchecked).
    float at(std::size_t h, std::size_t i, std::size_t j) const { return s_[(h * dims_.d_k + i) * dims_.d_v + j]; }
    float& at(std::size_t h, std::size_t i, std::size_t j) { return s_[(h * dims_.d_k + i) * dims_.d_v + j]; }
    // The whole state, [H · d_k · d_v] row-major.
    const std::vector<float>& values() const noexcept { return s_; }

  private:
    GdnDims dims_;
    std::vector<float> s_;
};

// One token through the recurrence; updates state in place.
//   q_t, k_t [H·d_k], v_t [H·d_v], g_t [H], beta_t [H]  →  o_t [H·d_v]
// Throws ShapeError (a length that is not the state's H·d_k, H·d_v or H), ValueError (NaN / Inf
// in any input, g outside (0, 1], β outside [0, 1]), each naming the argument.
Vector gdn_step(GdnState& state, const Vector& q_t, const Vector& k_t, const Vector& v_t, const Vector& g_t,
                const Vector& beta_t);

struct GdnSequenceResult {
    Matrix out;      // [T, H·d_v]
    GdnState state;  // S after the last token (continue with gdn_step or another gdn_chunked)
};

// The whole sequence computed the chunked way (the WY / UT-transform form of the references):
// tokens in chunks of chunk_size (the last one may be shorter); inside a chunk, the delta rule's
// triangular system is solved once by forward substitution, and S is carried from chunk to chunk.
// Gives the same outputs and state as gdn_step token by token.
//   q, k [T, H·d_k], v [T, H·d_v], g, beta [T, H], initial.dims() = {H, d_k, d_v}
// Throws ShapeError (T = 0, shapes that disagree with initial's dims), ConfigError (chunk_size 0)
// and ValueError (as gdn_step, naming the element, e.g. "g[3, 1] = 1.5 is outside (0, 1]").
GdnSequenceResult gdn_chunked(const Matrix& q, const Matrix& k, const Matrix& v, const Matrix& g, const Matrix& beta,
                              const GdnState& initial, std::size_t chunk_size = 64);

}  // namespace attn
