#include "attn/course/mla_experiment.hpp"

#include "attn/errors.hpp"
#include "attn/random.hpp"
#include "test_util.hpp"

using namespace attn;

TEST_CASE("MLA experiment: the lesson's defaults, both paths agree, bytes of the cache", "[mla]") {
    const MlaExperiment r = mla_experiment(MlaExperimentOptions{});
    // Defaults T 6, H 2, dv 8, r 8, dr 4, BF16.
    CHECK(r.explicit_path.output.shape(0) == 6);
    CHECK(r.explicit_path.output.shape(1) == 16);
    CHECK(r.cache.latent.shape(1) == 8);
    CHECK(r.cache.k_rope.shape(1) == 4);
    CHECK(r.max_abs_diff < 1e-5f);
    CHECK(r.max_abs_diff == test::max_abs_diff(r.explicit_path.output, r.absorbed.output));
    CHECK(r.bytes_per_token_per_layer == (8 + 4) * 2);
    CHECK(r.explicit_bytes_per_token_per_layer == 2 * (8 + 4 + 8) * 2);
    REQUIRE(r.rope_on_latent_error);
    CHECK(*r.rope_on_latent_error > 1e-2f);  // far from 0: why RoPE needs its own dims
}

TEST_CASE("MLA experiment: x from seed, weights from seed + 1; odd dNope has no RoPE-on-latent figure", "[mla]") {
    MlaExperimentOptions o;
    o.seed = 5;
    const MlaExperiment a = mla_experiment(o), b = mla_experiment(o);
    CHECK(test::max_abs_diff(a.absorbed.output, b.absorbed.output) == 0.0f);
    const MlaWeights w = random_mla_weights(o.d_model, o.config, 6);
    const Matrix x = Rng(5).normal_matrix(o.T, o.d_model);
    CHECK(test::max_abs_diff(mla_cache(x, w, o.config).latent, a.cache.latent) == 0.0f);
    o.config.d_nope = 7;
    CHECK_FALSE(mla_experiment(o).rope_on_latent_error);
    o.T = 0;
    CHECK_THROWS_AS(mla_experiment(o), ShapeError);
}
