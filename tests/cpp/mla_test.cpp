#include "attn/ops/mla.hpp"
#include "attn/errors.hpp"
#include "test_util.hpp"

using namespace attn;

namespace {

MlaConfig small_config() {
    MlaConfig cfg;
    cfg.n_heads = 3;
    cfg.d_nope = 6;
    cfg.d_rope = 4;
    cfg.kv_lora_rank = 5;
    cfg.d_value = 7;
    return cfg;
}

constexpr std::size_t kT = 9, kD = 16;

}  // namespace

TEST_CASE("MLA: explicit and absorbed paths give the same output and weights", "[mla]") {
    const MlaConfig cfg = small_config();
    const MlaWeights w = random_mla_weights(kD, cfg, 11);
    const Matrix x = test::randn(kT, kD, 12);
    const MlaOutput e = mla_explicit(x, w, cfg), a = mla_absorbed(x, w, cfg);
    REQUIRE(e.output.shape(0) == kT);
    REQUIRE(e.output.shape(1) == cfg.n_heads * cfg.d_value);
    CHECK(test::max_abs_diff(e.output, a.output) < 1e-4f);
    CHECK(test::max_abs_diff(e.weights, a.weights) < 1e-4f);
    for (std::size_t h = 0; h < cfg.n_heads; ++h)
        for (std::size_t i = 0; i < kT; ++i) {
            float sum = 0.0f;
            for (std::size_t j = 0; j < kT; ++j) {
                if (j > i) CHECK(a.weights(h, i, j) == 0.0f);
                sum += a.weights(h, i, j);
            }
            CHECK(sum == Approx(1.0f).epsilon(1e-5));
        }
}

TEST_CASE("MLA: the paths agree at DeepSeek-like proportions (r much larger than dn)", "[mla]") {
    MlaConfig cfg;
    cfg.n_heads = 4;
    cfg.d_nope = 16;
    cfg.d_rope = 8;
    cfg.kv_lora_rank = 64;
    cfg.d_value = 16;
    const MlaWeights w = random_mla_weights(48, cfg, 3);
    const Matrix x = test::randn(17, 48, 4);
    const MlaOutput e = mla_explicit(x, w, cfg), a = mla_absorbed(x, w, cfg);
    CHECK(test::max_abs_diff(e.output, a.output) < 1e-4f);
    CHECK(test::max_abs_diff(e.weights, a.weights) < 1e-4f);
}

TEST_CASE("MLA: the cache is r + d_rope numbers a token, RoPE key at position 0 unrotated", "[mla]") {
    const MlaConfig cfg = small_config();
    const MlaWeights w = random_mla_weights(kD, cfg, 11);
    const Matrix x = test::randn(kT, kD, 12);
    const MlaCache c = mla_cache(x, w, cfg);
    CHECK(c.latent.shape(0) == kT);
    CHECK(c.latent.shape(1) == cfg.kv_lora_rank);
    CHECK(c.k_rope.shape(1) == cfg.d_rope);
    CHECK(test::max_abs_diff(c.latent, matmul(x, w.W_dkv)) == 0.0f);
    const Matrix kr = matmul(x, w.W_kr);
    CHECK(test::max_abs_diff(rows(c.k_rope, 0, 1), rows(kr, 0, 1)) == 0.0f);
    CHECK(test::max_abs_diff(rows(c.k_rope, 3, 1), rows(kr, 3, 1)) > 1e-3f);
}

TEST_CASE("MLA: cache bytes per token and layer vs the explicit path's K and V", "[mla]") {
    // DeepSeek-V2: r 512, dr 64, 128 heads of dn 128 and dv 128, BF16.
    MlaConfig v2;
    v2.n_heads = 128;
    v2.d_nope = 128;
    v2.d_rope = 64;
    v2.kv_lora_rank = 512;
    v2.d_value = 128;
    CHECK(mla_cache_bytes_per_token(v2, 2) == 1152);  // 576 numbers; × 60 layers = 69,120 B
    CHECK(mla_explicit_cache_bytes_per_token(v2, 2) == 128 * (128 + 64 + 128) * 2);
}

TEST_CASE("MLA: RoPE on the full key breaks absorption, decoupled RoPE does not", "[mla]") {
    const MlaConfig cfg = small_config();
    const MlaWeights w = random_mla_weights(kD, cfg, 21);
    const Matrix x = test::randn(kT, kD, 22);
    const RopeOnLatentCheck r = absorbed_with_rope_on_latent_error(x, w, cfg);
    // At key position 0 the rotation is the identity, so the fold is still right there ...
    for (std::size_t h = 0; h < cfg.n_heads; ++h)
        for (std::size_t i = 0; i < kT; ++i)
            CHECK(r.absorbed_scores(h, i, 0) == Approx(r.true_scores(h, i, 0)).margin(1e-4));
    // ... and wrong elsewhere by far more than rounding: scores here are of order 1.
    CHECK(r.max_abs_diff > 0.1f);
    // The decoupled design on the same x and weights folds exactly.
    CHECK(test::max_abs_diff(mla_explicit(x, w, cfg).output, mla_absorbed(x, w, cfg).output) < 1e-4f);
}

TEST_CASE("MLA errors name the parameter or the weight", "[mla][errors]") {
    MlaConfig cfg = small_config();
    const MlaWeights w = random_mla_weights(kD, cfg, 1);
    const Matrix x = test::randn(4, kD, 2);

    MlaConfig odd = cfg;
    odd.d_rope = 3;
    CHECK_THROWS_AS(random_mla_weights(kD, odd, 1), ConfigError);
    CHECK_THROWS_WITH(mla_explicit(x, w, odd), Catch::Contains("d_rope (3) must be a positive even number"));
    MlaConfig no_rank = cfg;
    no_rank.kv_lora_rank = 0;
    CHECK_THROWS_WITH(mla_absorbed(x, w, no_rank), Catch::Contains("kv_lora_rank"));
    MlaConfig base = cfg;
    base.rope_base = 1.0f;
    CHECK_THROWS_AS(mla_cache(x, w, base), ConfigError);

    MlaWeights bad = w;
    bad.W_uk = test::randn(5, 17, 3);
    CHECK_THROWS_WITH(mla_absorbed(x, bad, cfg), Catch::Contains("W_uk [5, 17] should be [5, 18]"));
    CHECK_THROWS_AS(mla_explicit(test::randn(4, kD + 1, 2), w, cfg), ShapeError);
    Matrix nan_x = x;
    nan_x(1, 2) = std::nanf("");
    CHECK_THROWS_WITH(mla_explicit(nan_x, w, cfg), Catch::Contains("x[1, 2] is NaN"));

    MlaConfig odd_nope = cfg;
    odd_nope.d_nope = 5;
    const MlaWeights w5 = random_mla_weights(kD, odd_nope, 1);
    CHECK_NOTHROW(mla_absorbed(x, w5, odd_nope));
    CHECK_THROWS_WITH(absorbed_with_rope_on_latent_error(x, w5, odd_nope), Catch::Contains("d_nope (5) must be even"));
}
