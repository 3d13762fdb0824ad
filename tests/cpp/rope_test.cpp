#include "attn/ops/rope.hpp"

#include <cmath>
#include "attn/errors.hpp"
#include "attn/ops/scores.hpp"
#include "test_util.hpp"

using namespace attn;

static float score_at(const Matrix& q, const Matrix& k, float i, float j, const RopeConfig& cfg) {
    const Matrix rq = rope(q, cfg, {i}), rk = rope(k, cfg, {j});
    return score_matrix(rq, rk, 1.0f)(0, 0);
}

TEST_CASE("RoPE: the score of (q at i, k at j) depends only on j - i", "[rope]") {
    const Matrix q = test::randn(1, 8, 1), k = test::randn(1, 8, 2);
    RopeConfig cfg;
    const float s = score_at(q, k, 3, 7, cfg);
    CHECK(score_at(q, k, 13, 17, cfg) == Approx(s).epsilon(1e-4));
    CHECK(score_at(q, k, 103, 107, cfg) == Approx(s).epsilon(1e-4));
    CHECK(score_at(q, k, 3, 8, cfg) != Approx(s).epsilon(1e-4));  // another distance, another score
}

TEST_CASE("RoPE: rotation keeps norms, position 0 is the identity", "[rope]") {
    const Matrix x = test::randn(4, 2 * 6, 3);
    RopeConfig cfg;
    cfg.n_heads = 2;
    const Matrix r = rope(x, cfg);
    CHECK(test::max_abs_diff(rows(r, 0, 1), rows(x, 0, 1)) == 0.0f);
    for (std::size_t t = 0; t < 4; ++t) {
        float a = 0, b = 0;
        for (std::size_t c = 0; c < 12; ++c) a += x(t, c) * x(t, c), b += r(t, c) * r(t, c);
        CHECK(b == Approx(a).epsilon(1e-5));
    }
}

TEST_CASE("partial rotary turns only the first rotary_dim dims of each head", "[rope]") {
    const Matrix x = test::randn(3, 2 * 8, 4);
    RopeConfig cfg;
    cfg.n_heads = 2;
    cfg.rotary_dim = 4;
    const Matrix r = rope(x, cfg);
    for (std::size_t h = 0; h < 2; ++h)
        for (std::size_t c = 4; c < 8; ++c) CHECK(r(2, h * 8 + c) == x(2, h * 8 + c));
    CHECK(r(2, 0) != x(2, 0));
}

TEST_CASE("RoPE at long-context positions: angles to 1e-6 of a long double reference", "[rope]") {
    // d = 128, base 10,000: each pair (1, 0) turns into (cos, sin) of pos · θ_i.
    constexpr std::size_t d = 128, half = d / 2;
    Matrix x = xt::zeros<float>({std::size_t(1), d});
    for (std::size_t i = 0; i < half; ++i) x(0, i) = 1.0f;
    for (const float pos : {131072.0f, 1e6f, 65535.0f}) {
        const Matrix out = rope(x, RopeConfig{}, {pos});
        long double err = 0, err_float_theta = 0;
        for (std::size_t i = 0; i < half; ++i) {
            const long double theta = std::pow(10000.0L, -2.0L * i / d), angle = pos * theta;
            err = std::fmax(err, std::fabs(out(0, i) - std::cos(angle)));
            err = std::fmax(err, std::fabs(out(0, i + half) - std::sin(angle)));
            // What θ rounded to float would give: the error this test exists for.
            err_float_theta =
                std::fmax(err_float_theta, std::fabs(std::cos(pos * (long double)float(theta)) - std::cos(angle)));
        }
        INFO("position " << pos);
        CHECK(err < 1e-6L);
        if (pos >= 131072.0f) CHECK(err_float_theta > 1e-3L);
    }
}

TEST_CASE("RoPE errors name the parameter", "[rope][errors]") {
    const Matrix x = test::randn(2, 8, 5);
    RopeConfig cfg;
    cfg.rotary_dim = 10;
    CHECK_THROWS_WITH(rope(x, cfg), Catch::Contains("rotary_dim 10 is larger than d_head 8"));
    cfg.rotary_dim = 3;
    CHECK_THROWS_AS(rope(x, cfg), ConfigError);
    cfg.rotary_dim = 4;
    cfg.n_heads = 3;
    CHECK_THROWS_AS(rope(x, cfg), ShapeError);
    cfg.n_heads = 1;
    CHECK_THROWS_AS(rope(x, cfg, {0.0f}), ShapeError);
    CHECK_THROWS_WITH(rope(x, cfg, {0.0f, std::nanf("")}), Catch::Contains("positions[1] is NaN"));
    CHECK_THROWS_WITH(rope_frequencies(3, 10000.0f), Catch::Contains("rotary_dim 3 must be even"));
    CHECK_THROWS_WITH(rope_frequencies(4, 0.5f), Catch::Contains("base must be a finite number > 1"));
    CHECK(rope_frequencies(0, 10000.0f).empty());
}
