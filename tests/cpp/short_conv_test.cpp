#include "attn/ops/short_conv.hpp"

#include <cmath>
#include "attn/errors.hpp"
#include "test_util.hpp"

using namespace attn;

TEST_CASE("short causal conv: a 2-token case worked out by hand", "[short_conv]") {
    // C = 1, K = 2: y_t = SiLU(0.5 · x_{t−1} + 1 · x_t), x_{−1} = 0.
    //   t = 0: z = 0.5 · 0 + 2 = 2,        SiLU(2) = 2 / (1 + e^−2) = 1.761594
    //   t = 1: z = 0.5 · 2 + (−1) = 0,      SiLU(0) = 0
    // and the history left for the next token is x_1 = −1.
    const Matrix x = {{2.0f}, {-1.0f}}, weight = {{0.5f, 1.0f}};
    const ShortConvResult r = causal_conv_silu(x, weight);
    CHECK(r.out(0, 0) == Approx(1.761594f).margin(1e-6));
    CHECK(r.out(1, 0) == Approx(0.0f).margin(1e-7));
    REQUIRE(r.history.shape(0) == 1);
    CHECK(r.history(0, 0) == -1.0f);
}

TEST_CASE("short causal conv: one token at a time with its history equals the whole sequence", "[short_conv]") {
    const std::size_t T = 9, C = 5, K = 4;
    const Matrix x = test::randn(T, C, 1), weight = test::randn(C, K, 2);
    const ShortConvResult whole = causal_conv_silu(x, weight);
    Matrix history = xt::zeros<float>({K - 1, C});
    for (std::size_t t = 0; t < T; ++t) {
        const ShortConvResult step = causal_conv_silu(rows(x, t, 1), weight, history);
        CHECK(test::max_abs_diff(step.out, rows(whole.out, t, 1)) < 1e-6f);
        history = step.history;
        CHECK(history.size() == (K - 1) * C);  // the whole state, at every T
    }
    CHECK(test::max_abs_diff(history, whole.history) == 0.0f);
    CHECK(test::max_abs_diff(history, rows(x, T - (K - 1), K - 1)) == 0.0f);
}

TEST_CASE("short causal conv is causal: changing a later token leaves earlier outputs alone", "[short_conv]") {
    const Matrix weight = test::randn(3, 4, 3);
    Matrix x = test::randn(6, 3, 4);
    const Matrix before = causal_conv_silu(x, weight).out;
    x(4, 1) += 1.0f;
    const Matrix after = causal_conv_silu(x, weight).out;
    CHECK(test::max_abs_diff(rows(after, 0, 4), rows(before, 0, 4)) == 0.0f);
    CHECK(after(4, 1) != before(4, 1));
    CHECK(after(4, 0) == before(4, 0));  // depthwise: other channels do not mix in
}

TEST_CASE("short causal conv errors name the field", "[short_conv]") {
    const Matrix x = test::randn(3, 4, 5), weight = test::randn(4, 4, 6);
    CHECK_THROWS_AS(causal_conv_silu(x, test::randn(3, 4, 6)), ShapeError);
    CHECK_THROWS_WITH(causal_conv_silu(x, test::randn(3, 4, 6)), Catch::Contains("weight [3, 4] should have 4 rows"));
    CHECK_THROWS_WITH(causal_conv_silu(x, weight, xt::zeros<float>({2, 4})),
                      Catch::Contains("history [2, 4] should be [3, 4] (K − 1, C)"));
    CHECK_THROWS_AS(causal_conv_silu(Matrix({0, 4}), weight), ShapeError);
    Matrix bad = x;
    bad(2, 3) = std::nanf("");
    CHECK_THROWS_AS(causal_conv_silu(bad, weight), ValueError);
    CHECK_THROWS_WITH(causal_conv_silu(bad, weight), Catch::Contains("x[2, 3] is NaN"));
}
