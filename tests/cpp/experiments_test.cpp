#include <cmath>

#include "attn/course/experiments.hpp"
#include "attn/errors.hpp"
#include "test_util.hpp"

using namespace attn;

TEST_CASE("softmax variance: q·k has std ≈ √d, scaled by 1/√d ≈ 1", "[experiments]") {
    // 20,000 samples: the sample std is within ~0.5 % of the true one (1/√(2N)), so 3 % is wide.
    for (std::size_t d : {16u, 256u}) {
        const auto r = softmax_variance(d, 8, 20000, 7);
        CHECK(r.dots.size() == 20000);
        CHECK(r.std_unscaled == Approx(std::sqrt(double(d))).epsilon(0.03));
        CHECK(r.std_scaled == Approx(1.0).epsilon(0.03));
    }
}

TEST_CASE("softmax variance: unscaled rows collapse onto one key as d grows", "[experiments]") {
    const auto small = softmax_variance(4, 16, 2, 42), big = softmax_variance(1024, 16, 2, 42);
    CHECK(big.max_weight_unscaled > 0.9f);
    CHECK(big.entropy_unscaled < 0.5f);
    // Scaling keeps the row's spread the same at every d: no single key takes it all.
    CHECK(big.max_weight_scaled < 0.6f);
    CHECK(big.entropy_scaled > 1.0f);
    CHECK(small.max_weight_unscaled < big.max_weight_unscaled);
    for (const auto* r : {&small, &big}) {
        CHECK(xt::sum(r->weights_unscaled)() == Approx(1.0f).epsilon(1e-5));
        CHECK(xt::sum(r->weights_scaled)() == Approx(1.0f).epsilon(1e-5));
        CHECK(r->entropy_scaled <= std::log(16.0f) + 1e-5f);
    }
}

// Recorded natively with printf("%a"). The same bits must come out of the WASM build: the
// draws, the dots and the statistics use only exactly rounded operations in a fixed order.
// The max weight passes through exp, which is not the same function natively (std::exp) and in
// the SIMD kernel (a polynomial): it is held to 1e-6, not to the bit (at this seed the bits
// happen to agree, but nothing guarantees it).
TEST_CASE("softmax variance golden: seed 42, d 64 gives the same bits natively and in WASM", "[experiments]") {
    const auto r = softmax_variance(64, 10, 1000, 42);
    CHECK(r.dots(0) == 0x1.34463p+0f);
    CHECK(r.dots(1) == 0x1.9fd5a4p+3f);
    CHECK(r.dots(2) == 0x1.0786acp+2f);
    CHECK(r.std_unscaled == 0x1.077e21c4591e9p+3);
    CHECK(r.std_scaled == 0x1.077e21c4591e9p+0);
    CHECK(r.max_weight_scaled == Approx(0x1.060e62p-2).margin(1e-6));
}

TEST_CASE("softmax variance errors name the parameter", "[experiments][errors]") {
    CHECK_THROWS_WITH(softmax_variance(0, 4, 10, 1), Catch::Contains("d must be at least 1"));
    CHECK_THROWS_WITH(softmax_variance(4, 0, 10, 1), Catch::Contains("n_keys"));
    CHECK_THROWS_AS(softmax_variance(4, 4, 1, 1), ConfigError);
}

TEST_CASE("softmax variance: the lesson's defaults are d 64, 10 keys, 1000 samples, seed 42", "[experiments]") {
    const SoftmaxVarianceOptions opt;
    CHECK(opt.d == 64);
    CHECK(opt.n_keys == 10);
    CHECK(opt.n_samples == 1000);
    CHECK(opt.seed == 42);
    const SoftmaxVarianceResult a = softmax_variance(opt), b = softmax_variance(64, 10, 1000, 42);
    CHECK(a.dots == b.dots);
    CHECK(a.std_scaled == b.std_scaled);
    CHECK(a.weights_scaled == b.weights_scaled);
}
