#include "attn/course/mla_experiment.hpp"

#include <algorithm>
#include <cmath>

#include "attn/limits.hpp"
#include "attn/random.hpp"

namespace attn {

MlaExperiment mla_experiment(const MlaExperimentOptions& o) {
    const MlaConfig& cfg = o.config;
    limits::require_elements({o.T, o.d_model}, "MLA: x [T, d_model]");
    limits::require_elements({cfg.n_heads, o.T, o.T}, "MLA: weights [n_heads, T, T]");
    limits::require_elements({o.d_model, cfg.n_heads, cfg.d_nope + cfg.d_rope}, "MLA: W_q [d_model, n_heads, dn + dr]");
    limits::require_elements({cfg.kv_lora_rank, cfg.n_heads, std::max(cfg.d_nope, cfg.d_value)},
                             "MLA: W_uk / W_uv [r, n_heads, max(dn, dv)]");
    limits::require_elements({o.T, cfg.n_heads, cfg.kv_lora_rank + cfg.d_rope}, "MLA: absorbed queries [T, H, r + dr]");
    const MlaWeights w = random_mla_weights(o.d_model, cfg, o.seed + 1);
    const Matrix x = Rng(o.seed).normal_matrix(o.T, o.d_model);
    MlaExperiment r{mla_explicit(x, w, cfg),
                    mla_absorbed(x, w, cfg),
                    0.0f,
                    mla_cache(x, w, cfg),
                    mla_cache_bytes_per_token(cfg, o.dtype_bytes),
                    mla_explicit_cache_bytes_per_token(cfg, o.dtype_bytes),
                    std::nullopt};
    for (std::size_t i = 0; i < r.explicit_path.output.size(); ++i)
        r.max_abs_diff =
            std::max(r.max_abs_diff, std::fabs(r.explicit_path.output.data()[i] - r.absorbed.output.data()[i]));
    if (cfg.d_nope % 2 == 0) r.rope_on_latent_error = absorbed_with_rope_on_latent_error(x, w, cfg).max_abs_diff;
    return r;
}

}  // namespace attn
