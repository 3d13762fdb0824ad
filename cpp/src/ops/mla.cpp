#include "attn/ops/mla.hpp"

#include <cmath>
#include <string>

#include "attn/errors.hpp"
#include "attn/kernels/gemm.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/limits.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/rope.hpp"
#include "attn/random.hpp"

namespace attn {
namespace {

void check_config(const MlaConfig& cfg) {
    require_positive(cfg.n_heads, "MLA: n_heads");
    require_positive(cfg.d_nope, "MLA: d_nope");
    require_positive(cfg.kv_lora_rank, "MLA: kv_lora_rank");
    require_positive(cfg.d_value, "MLA: d_value");
    if (cfg.d_rope == 0 || cfg.d_rope % 2 != 0)
        throw ConfigError("MLA: d_rope (" + std::to_string(cfg.d_rope) +
                          ") must be a positive even number: RoPE turns pairs of dims");
    if (!(cfg.rope_base > 1.0f) || !std::isfinite(cfg.rope_base))
        throw ConfigError("MLA: rope_base must be a finite number > 1");
}

void check(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg) {
    check_config(cfg);
    require_nonempty(x, "x");
    const std::size_t d = x.shape(1), h = cfg.n_heads, r = cfg.kv_lora_rank;
    require_shape(w.W_dkv, d, r, "W_dkv");
    require_shape(w.W_uk, r, h * cfg.d_nope, "W_uk");
    require_shape(w.W_uv, r, h * cfg.d_value, "W_uv");
    require_shape(w.W_kr, d, cfg.d_rope, "W_kr");
    require_shape(w.W_q, d, h * (cfg.d_nope + cfg.d_rope), "W_q");
    require_finite(x, "x");
    require_finite(w.W_dkv, "W_dkv");
    require_finite(w.W_uk, "W_uk");
    require_finite(w.W_uv, "W_uv");
    require_finite(w.W_kr, "W_kr");
    require_finite(w.W_q, "W_q");
}

RopeConfig rope_config(std::size_t n_heads, float base) {
    RopeConfig rc;
    rc.n_heads = n_heads;
    rc.base = base;
    return rc;
}

struct Queries {
    Matrix nope;  // [T, H·dn]
    Matrix rope;  // [T, H·dr], rotated
};

Queries queries(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg) {
    const Matrix q = matmul(x, w.W_q, "x", "W_q");
    const std::size_t t = x.shape(0), h = cfg.n_heads, dn = cfg.d_nope, dr = cfg.d_rope;
    Queries out{Matrix({t, h * dn}), Matrix({t, h * dr})};
    for (std::size_t i = 0; i < t; ++i)
        for (std::size_t hh = 0; hh < h; ++hh) {
            for (std::size_t c = 0; c < dn; ++c) out.nope(i, hh * dn + c) = q(i, hh * (dn + dr) + c);
            for (std::size_t c = 0; c < dr; ++c) out.rope(i, hh * dr + c) = q(i, hh * (dn + dr) + dn + c);
        }
    out.rope = rope(out.rope, rope_config(h, cfg.rope_base));
    return out;
}

AttentionOptions causal_options(const MlaConfig& cfg, std::size_t n_kv_heads) {
    AttentionOptions opt;
    opt.n_heads = cfg.n_heads;
    opt.n_kv_heads = n_kv_heads;
    opt.causal = true;
    // The score of both paths is over the dn + dr dims a head's q·k really has, even though the
    // absorbed path's dot products run over r + dr numbers.
    opt.scale = 1.0f / std::sqrt(static_cast<float>(cfg.d_nope + cfg.d_rope));
    return opt;
}

// q̃_h = q_h · W_uk_hᵀ for every row and head: [T, H·dn] → r numbers a head, head h written
// from column h·stride of out.
void fold_w_uk(const Matrix& q_nope, const Matrix& w_uk, const MlaConfig& cfg, Matrix& out, std::size_t stride) {
    const std::size_t dn = cfg.d_nope, r = cfg.kv_lora_rank;
    // Per head: q_nope columns [h·dn, +dn) · (the rows of W_uk's same columns)ᵀ, a GEMM with B
    // stored [N = r, K = dn].
    for (std::size_t h = 0; h < cfg.n_heads; ++h)
        gemm::gemm_f32(q_nope.shape(0), r, dn, q_nope.data() + h * dn, q_nope.shape(1), w_uk.data() + h * dn,
                       w_uk.shape(1), gemm::BLayout::NK, out.data() + h * stride, out.shape(1));
}

}  // namespace

MlaWeights random_mla_weights(std::size_t d_model, const MlaConfig& cfg, std::uint64_t seed) {
    check_config(cfg);
    require_positive(d_model, "MLA: d_model");
    const std::size_t h = cfg.n_heads, r = cfg.kv_lora_rank;
    const float sd = 1.0f / std::sqrt(static_cast<float>(d_model)), sr = 1.0f / std::sqrt(static_cast<float>(r));
    Rng rng(seed);
    MlaWeights w;
    w.W_dkv = rng.normal_matrix(d_model, r, sd);
    w.W_uk = rng.normal_matrix(r, h * cfg.d_nope, sr);
    w.W_uv = rng.normal_matrix(r, h * cfg.d_value, sr);
    w.W_kr = rng.normal_matrix(d_model, cfg.d_rope, sd);
    w.W_q = rng.normal_matrix(d_model, h * (cfg.d_nope + cfg.d_rope), sd);
    return w;
}

static MlaCache cache_unchecked(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg) {
    return {matmul(x, w.W_dkv, "x", "W_dkv"), rope(matmul(x, w.W_kr, "x", "W_kr"), rope_config(1, cfg.rope_base))};
}

MlaCache mla_cache(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg) {
    check(x, w, cfg);
    return cache_unchecked(x, w, cfg);
}

MlaOutput mla_explicit(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg) {
    check(x, w, cfg);
    const MlaCache cache = cache_unchecked(x, w, cfg);
    const Queries q = queries(x, w, cfg);
    const Matrix k_nope = matmul(cache.latent, w.W_uk, "c", "W_uk");
    const Matrix v = matmul(cache.latent, w.W_uv, "c", "W_uv");
    const std::size_t t = x.shape(0), h = cfg.n_heads, dn = cfg.d_nope, dr = cfg.d_rope, dk = dn + dr;
    Matrix qf({t, h * dk}), kf({t, h * dk});
    for (std::size_t i = 0; i < t; ++i)
        for (std::size_t hh = 0; hh < h; ++hh) {
            for (std::size_t c = 0; c < dn; ++c) {
                qf(i, hh * dk + c) = q.nope(i, hh * dn + c);
                kf(i, hh * dk + c) = k_nope(i, hh * dn + c);
            }
            for (std::size_t c = 0; c < dr; ++c) {
                qf(i, hh * dk + dn + c) = q.rope(i, hh * dr + c);
                kf(i, hh * dk + dn + c) = cache.k_rope(i, c);  // the one RoPE key, repeated per head
            }
        }
    AttentionResult a = attention(qf, kf, v, causal_options(cfg, h));
    return {std::move(a.output), std::move(a.weights)};
}

MlaOutput mla_absorbed(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg) {
    check(x, w, cfg);
    const MlaCache cache = cache_unchecked(x, w, cfg);
    const Queries q = queries(x, w, cfg);
    const std::size_t t = x.shape(0), h = cfg.n_heads, r = cfg.kv_lora_rank, dr = cfg.d_rope, dv = cfg.d_value;
    // Query head h = [q̃_h | RoPE(q_rope_h)], the key = the cache row [c | k_rope].
    Matrix qa({t, h * (r + dr)}), key({t, r + dr});
    fold_w_uk(q.nope, w.W_uk, cfg, qa, r + dr);
    for (std::size_t i = 0; i < t; ++i) {
        for (std::size_t hh = 0; hh < h; ++hh)
            for (std::size_t c = 0; c < dr; ++c) qa(i, hh * (r + dr) + r + c) = q.rope(i, hh * dr + c);
        for (std::size_t a = 0; a < r; ++a) key(i, a) = cache.latent(i, a);
        for (std::size_t c = 0; c < dr; ++c) key(i, r + c) = cache.k_rope(i, c);
    }
    // One KV head for all H query heads, value = the latent itself: z_h = Σ_j w_j c_j [r].
    AttentionResult a = attention(qa, key, cache.latent, causal_options(cfg, 1));
    // Per head: z_h [t, r] · W_uv columns [hh·dv, +dv), the GEMM on column blocks.
    Matrix out({t, h * dv});
    for (std::size_t hh = 0; hh < h; ++hh)
        gemm::gemm_f32(t, dv, r, a.output.data() + hh * r, a.output.shape(1), w.W_uv.data() + hh * dv, w.W_uv.shape(1),
                       gemm::BLayout::KN, out.data() + hh * dv, out.shape(1));
    return {std::move(out), std::move(a.weights)};
}

namespace {

void require_dtype_bytes(std::size_t dtype_bytes) {
    if (dtype_bytes == 0) throw ValueError("MLA cache bytes: dtype_bytes must be > 0");
}

}  // namespace

std::uint64_t mla_cache_bytes_per_token(const MlaConfig& cfg, std::size_t dtype_bytes) {
    check_config(cfg);
    require_dtype_bytes(dtype_bytes);
    return limits::checked_mul(std::uint64_t(cfg.kv_lora_rank) + cfg.d_rope, dtype_bytes, "MLA cache bytes");
}

std::uint64_t mla_explicit_cache_bytes_per_token(const MlaConfig& cfg, std::size_t dtype_bytes) {
    check_config(cfg);
    require_dtype_bytes(dtype_bytes);
    return limits::checked_mul(
        limits::checked_mul(cfg.n_heads, std::uint64_t(cfg.d_nope) + cfg.d_rope + cfg.d_value, "MLA cache bytes"),
        dtype_bytes, "MLA cache bytes");
}

RopeOnLatentCheck absorbed_with_rope_on_latent_error(const Matrix& x, const MlaWeights& w, const MlaConfig& cfg) {
    check(x, w, cfg);
    if (cfg.d_nope % 2 != 0)
        throw ConfigError("absorbed_with_rope_on_latent_error: d_nope (" + std::to_string(cfg.d_nope) +
                          ") must be even to rotate the whole content key");
    const std::size_t t = x.shape(0), h = cfg.n_heads, dn = cfg.d_nope, r = cfg.kv_lora_rank;
    const Matrix c = matmul(x, w.W_dkv, "x", "W_dkv");
    const RopeConfig rc = rope_config(h, cfg.rope_base);
    const Matrix q = rope(queries(x, w, cfg).nope, rc);
    const Matrix k = rope(matmul(c, w.W_uk, "c", "W_uk"), rc);
    Matrix qt({t, h * r});
    fold_w_uk(q, w.W_uk, cfg, qt, r);
    RopeOnLatentCheck out{xt::zeros<float>({h, t, t}), xt::zeros<float>({h, t, t}), 0.0f};
    for (std::size_t hh = 0; hh < h; ++hh)
        for (std::size_t i = 0; i < t; ++i)
            for (std::size_t j = 0; j <= i; ++j) {
                out.true_scores(hh, i, j) = kernels::dot(&q(i, hh * dn), &k(j, hh * dn), dn);
                out.absorbed_scores(hh, i, j) = kernels::dot(&qt(i, hh * r), &c(j, 0), r);
                out.max_abs_diff =
                    std::fmax(out.max_abs_diff, std::fabs(out.true_scores(hh, i, j) - out.absorbed_scores(hh, i, j)));
            }
    return out;
}

}  // namespace attn
