// Lesson 10's MLA experiment as one call: seeded data through both MLA paths (mla.hpp), their
// disagreement, the cache, its bytes, and the cost of RoPE on the latent. The JS `mla()` is
// this function; its defaults are the ones below.
//
// x [T, D] comes from attn::Rng(seed), the weights from Rng(seed + 1) (random_mla_weights), so
// the same options give the same numbers natively, in node and in every browser.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>

#include "attn/ops/mla.hpp"

namespace attn {

struct MlaExperimentOptions {
    MlaConfig config{2, 8, 4, 8, 8, 10000.0f};  // H 2, dn 8, dr 4, r 8, dv 8, RoPE base 10000
    std::size_t d_model = 32;                   // D
    std::size_t T = 6;
    std::uint64_t seed = 1;
    std::size_t dtype_bytes = 2;  // per cached number (BF16)
};

struct MlaExperiment {
    MlaOutput explicit_path;  // K, V expanded from the cache
    MlaOutput absorbed;       // scored on the cache
    float max_abs_diff;       // max |explicit − absorbed| over the outputs: float rounding only
    MlaCache cache;
    std::uint64_t bytes_per_token_per_layer;           // (r + dr) × dtype_bytes
    std::uint64_t explicit_bytes_per_token_per_layer;  // H·(dn + dr + dv) × dtype_bytes
    // absorbed_with_rope_on_latent_error's max_abs_diff; absent when dn is odd (RoPE turns pairs).
    std::optional<float> rope_on_latent_error;
};

// ConfigError / ShapeError as the mla.hpp functions, and ShapeError from attn::limits when T,
// D or the [H, T, T] weights pass the size limits (checked before anything is drawn).
MlaExperiment mla_experiment(const MlaExperimentOptions& options);

}  // namespace attn
