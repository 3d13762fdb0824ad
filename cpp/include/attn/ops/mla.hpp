// Multi-head latent attention (DeepSeek-V2 §2.1): cache one low-rank latent per token instead
// of K and V, and expand it when needed — or never, by folding the expansion into the query.
//
// Dimension letters used in this file:
//   T tokens, D d_model, H heads, dn = d_nope per-head content dims of q and k,
//   dr = d_rope decoupled RoPE dims (one rotated key shared by all heads), r = kv_lora_rank
//   (the latent), dv per-head value dims.
//
//   cache     c = x·W_dkv [T, r],   k_rope = RoPE(x·W_kr) [T, dr]     → r + dr numbers a token
//   query     x·W_q [T, H·(dn + dr)], head h = [q_nope_h (dn) | q_rope_h (dr)]
//   explicit  k_h = [c·W_uk_h | k_rope], v_h = c·W_uv_h, q_h = [q_nope_h | RoPE(q_rope_h)],
//             causal softmax(q_h·k_h / √(dn + dr)) · v_h
//   absorbed  q̃_h = q_nope_h · W_uk_hᵀ [r]; score = q̃_h·c_j + RoPE(q_rope_h)·k_rope_j;
//             out_h = (Σ_j w_j c_j) · W_uv_h. K and V are never formed: this is multi-query
//             attention whose single key is the cache row [c | k_rope] and whose value is c.
//
// Why RoPE gets its own dims: rotating the full key puts a position-dependent rotation R_j
// between W_uk and the cache, q·(c_j W_uk R_j) = (q R_jᵀ W_ukᵀ)·c_j, so the matrix to fold
// into the query changes with every key position j. absorbed_with_rope_on_latent_error()
// measures what folding a single W_uk then gets wrong.
//
// W_uk_h are columns [h·dn, (h+1)·dn) of W_uk, W_uv_h columns [h·dv, (h+1)·dv) of W_uv.
// The output projection W_o is left out: both paths end at the same [T, H·dv] before it.
#pragma once
#include <cstddef>
#include <cstdint>

#include "attn/tensor.hpp"

namespace attn {

struct MlaConfig {
    std::size_t n_heads = 1;       // H
    std::size_t d_nope = 0;        // dn
    std::size_t d_rope = 0;        // dr, even (RoPE turns pairs)
    std::size_t kv_lora_rank = 0;  // r
    std::size_t d_value = 0;       // dv
    float rope_base = 10000.0f;
};

struct MlaWeights {
    Matrix W_dkv;  // [D, r]        down-projection to the latent
    Matrix W_uk;   // [r, H·dn]     latent → per-head content keys
    Matrix W_uv;   // [r, H·dv]     latent → per-head values
    Matrix W_kr;   // [D, dr]       the shared RoPE key
    Matrix W_q;    // [D, H·(dn + dr)]
};

// Weights drawn from attn::Rng(seed), each N(0, 1/d_in) so activations stay of order 1.
// Throws ConfigError like the functions below.
MlaWeights random_mla_weights(std::size_t d_model, const MlaConfig& cfg, std::uint64_t seed);

// What MLA keeps per token and layer.
struct MlaCache {
    Matrix latent;  // c [T, r]
    Matrix k_rope;  // [T, dr], rotated to each token's position
};

struct MlaOutput {
    Matrix output;    // [T, H·dv]
    Tensor3 weights;  // [H, T, T] causal softmax weights (above the diagonal exactly 0)
};

// x [T, D]. Every function checks: ConfigError (zero heads or dims, d_rope odd or 0,
// rope_base ≤ 1), ShapeError (x empty, a weight of the wrong shape — the message names it),
// ValueError (NaN / Inf in x or weights).
MlaCache mla_cache(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg);
// Expands K [T, H·(dn + dr)] and V [T, H·dv] from the cache and runs causal attention.
MlaOutput mla_explicit(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg);
// Scores and mixes straight on the cache; same output as mla_explicit to float rounding.
MlaOutput mla_absorbed(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg);

// Cache bytes per token and layer: (r + dr) × dtype_bytes. Both counts: ValueError when dtype_bytes
// is 0 (as score_memory), in 64 bits.
std::uint64_t mla_cache_bytes_per_token(const MlaConfig& cfg, std::size_t dtype_bytes);
// What the explicit path would cache if it kept its K and V like multi-head attention:
// H·(dn + dr) numbers of K plus H·dv of V, times dtype_bytes. (The ledger's "same shape as
// MHA" uses 2·H·head_dim instead; for DeepSeek-V2, head_dim 128 = dv.)
std::uint64_t mla_explicit_cache_bytes_per_token(const MlaConfig& cfg, std::size_t dtype_bytes);

// The counterfactual without decoupled RoPE, on the content dims alone (RoPE over all dn dims
// of each head, which must be even): the true score rotates the up-projected key,
// RoPE(q_nope_h)_i · RoPE(c_j W_uk_h)_j, while absorbing folds one position-independent W_uk,
// (RoPE(q_nope_h)_i W_uk_hᵀ) · c_j. Scores unscaled.
struct RopeOnLatentCheck {
    Tensor3 true_scores;      // [H, T, T], causal entries (j ≤ i) filled, the rest 0
    Tensor3 absorbed_scores;  // [H, T, T], same layout
    float max_abs_diff;       // over causal entries; only column j = 0 agrees (R_0 = I)
};
RopeOnLatentCheck absorbed_with_rope_on_latent_error(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg);

}  // namespace attn
