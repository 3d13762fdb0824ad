// Rotary position embedding (Su et al. 2021), applied to Q and K — never to V.
//
// Per head of width d, the first r dims (r = rotary_dim, even, r ≤ d) are rotated; dims r..d
// pass through ("partial rotary": the course's anchor turns 64 of 256). Pairs follow the
// GPT-NeoX / Llama "rotate half" layout: dim i pairs with dim i + r/2, for i < r/2, and turns by
// angle pos · θ_i with θ_i = base^(−2i / r).
//
// Because a rotation by angle a followed by the transpose of a rotation by b is a rotation by
// a − b, rotated q_i · rotated k_j depends only on j − i.
#pragma once
#include <cstddef>
#include <vector>

#include "attn/tensor.hpp"

namespace attn {

struct RopeConfig {
    std::size_t n_heads = 1;     // x is [T, n_heads · d_head]
    std::size_t rotary_dim = 0;  // 0 means all of d_head
    float base = 10000.0f;
    // θ_0 … θ_{r/2 − 1} given explicitly (a scaled RoPE: rope_scaled_thetas), instead of
    // base^(−2i / r); base is then not used.
    std::vector<double> thetas = {};
};

// How a checkpoint stretches RoPE past the context it was trained at (transformers'
// rope_scaling): "linear" divides every θ_i by factor; "llama3" (Llama 3.1 / 3.2) divides
// the low frequencies (wavelength 2π/θ_i above original_context / low_freq_factor) by factor,
// keeps the high ones (below original_context / high_freq_factor), and blends in between.
struct RopeScaling {
    enum class Kind { None, Linear, Llama3 } kind = Kind::None;
    double factor = 1.0, low_freq_factor = 1.0, high_freq_factor = 4.0;
    double original_context = 8192.0;
};

// The θ_i of base^(−2i / r) after scaling, in double (as rope() computes them). ConfigError for an
// odd rotary_dim, a bad base, factor < 1, or llama3 with low_freq_factor ≥ high_freq_factor or
// original_context < 1.
std::vector<double> rope_scaled_thetas(std::size_t rotary_dim, float base, const RopeScaling& scaling);

// x [T, H·d] with row t at position positions[t] (empty positions = 0, 1, …, T−1).
// Throws ShapeError (x does not split into heads, positions count ≠ T), ConfigError
// (rotary_dim odd or larger than d_head, base ≤ 1) and ValueError (NaN / Inf in x or positions).
Matrix rope(const Matrix& x, const RopeConfig& cfg, const std::vector<float>& positions = {});

// θ_i for i < r/2: what the widget draws as the speed of each dimension pair.
// Throws ConfigError for an odd rotary_dim or a base that is not a finite number > 1.
std::vector<float> rope_frequencies(std::size_t rotary_dim, float base);

}  // namespace attn
