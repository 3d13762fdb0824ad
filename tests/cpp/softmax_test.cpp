#include <limits>

#include "attn/errors.hpp"
#include "attn/ops/softmax.hpp"
#include "test_util.hpp"

using namespace attn;
constexpr float kNegInf = -std::numeric_limits<float>::infinity();

TEST_CASE("softmax of the course's [8, 7, 9] is 24.5% / 9.0% / 66.5%", "[softmax]") {
    const auto r = softmax(Vector{8.0f, 7.0f, 9.0f});
    CHECK(r.weights(0) == Approx(0.2447).margin(5e-4));
    CHECK(r.weights(1) == Approx(0.0900).margin(5e-4));
    CHECK(r.weights(2) == Approx(0.6652).margin(5e-4));
    CHECK(xt::sum(r.weights)() == Approx(1.0f).margin(1e-6));
    CHECK(r.sink_weight == 0.0f);
}

TEST_CASE("proportional split of [10, 3, -4] gives the last one -44.4%", "[softmax]") {
    const auto p = proportional_split(Vector{10.0f, 3.0f, -4.0f});
    CHECK(p(2) == Approx(-0.4444).margin(5e-4));
    CHECK_THROWS_AS(proportional_split(Vector{1.0f, -1.0f}), ValueError);
}

TEST_CASE("softmax is shift-invariant and stable for large scores", "[softmax]") {
    const auto a = softmax(Vector{1000.0f, 999.0f, 998.0f});
    const auto b = softmax(Vector{2.0f, 1.0f, 0.0f});
    CHECK(test::max_abs_diff(a.weights, b.weights) < 1e-6f);
}

TEST_CASE("masked entries get exactly 0 and the row still sums to 1", "[softmax][mask]") {
    const auto r = softmax(Vector{0.3f, kNegInf, 0.1f, kNegInf});
    CHECK(r.weights(1) == 0.0f);
    CHECK(r.weights(3) == 0.0f);
    CHECK(xt::sum(r.weights)() == Approx(1.0f).margin(1e-6));
}

TEST_CASE("a sink logit takes a share of the denominator", "[softmax][sink]") {
    const auto none = softmax(Vector{0.04f, 0.36f, 0.0f});
    const auto low = softmax(Vector{0.04f, 0.36f, 0.0f}, -10.0f);
    const auto high = softmax(Vector{0.04f, 0.36f, 0.0f}, 5.0f);
    CHECK(low.sink_weight < 1e-4f);
    CHECK(high.sink_weight > 0.95f);
    CHECK(xt::sum(high.weights)() + high.sink_weight == Approx(1.0f).margin(1e-6));
    // The ratios between the real keys do not change.
    CHECK(high.weights(1) / high.weights(0) == Approx(none.weights(1) / none.weights(0)).epsilon(1e-5));
}

TEST_CASE("a fully masked row: MaskError without a sink, all weight on the sink with one", "[softmax][mask]") {
    const Vector all_masked{kNegInf, kNegInf};
    CHECK_THROWS_AS(softmax(all_masked), MaskError);
    CHECK_THROWS_WITH(softmax(all_masked), Catch::Contains("fully masked"));
    const auto r = softmax(all_masked, 0.0f);
    CHECK(r.weights(0) == 0.0f);
    CHECK(r.weights(1) == 0.0f);
    CHECK(r.sink_weight == 1.0f);
}

TEST_CASE("a sink logit of -inf is no sink; NaN and +inf are named errors", "[softmax][sink]") {
    const auto none = softmax(Vector{0.04f, 0.36f, 0.0f});
    const auto minus_inf = softmax(Vector{0.04f, 0.36f, 0.0f}, kNegInf);
    CHECK(minus_inf.sink_weight == 0.0f);
    for (std::size_t i = 0; i < 3; ++i) CHECK(minus_inf.weights(i) == none.weights(i));
    CHECK(minus_inf.entropy == none.entropy);
    // Without a sink to take it, a fully masked row is still a MaskError.
    CHECK_THROWS_AS(softmax(Vector{kNegInf, kNegInf}, kNegInf), MaskError);
    CHECK_THROWS_AS(softmax(Vector{1.0f}, std::numeric_limits<float>::infinity()), ValueError);
    CHECK_THROWS_WITH(softmax(Vector{1.0f}, std::numeric_limits<float>::infinity()), "sink_logit is +infinite");
    CHECK_THROWS_WITH(softmax(Vector{1.0f}, std::nanf("")), "sink_logit is NaN");
}

TEST_CASE("NaN scores are rejected with the index named", "[softmax][errors]") {
    CHECK_THROWS_WITH(softmax(Vector{0.0f, std::nanf("")}), Catch::Contains("scores[1] is NaN"));
}

TEST_CASE("entropy: uniform is log n, one-hot is 0", "[softmax]") {
    CHECK(softmax(Vector{1.0f, 1.0f, 1.0f, 1.0f}).entropy == Approx(std::log(4.0f)).epsilon(1e-6));
    CHECK(softmax(Vector{0.0f, kNegInf}).entropy == 0.0f);
}
