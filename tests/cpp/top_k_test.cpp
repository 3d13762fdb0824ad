#include "attn/ops/top_k.hpp"

#include <cmath>
#include <limits>

#include "attn/errors.hpp"
#include "test_util.hpp"

using namespace attn;

TEST_CASE("top-k softmax: most likely first, probabilities of the whole row", "[top_k]") {
    const float logits[] = {1.0f, 3.0f, 2.0f, 3.0f, -1.0f};
    const auto top = top_k_softmax(logits, 5, 3);
    REQUIRE(top.size() == 3);
    // Ties (ids 1 and 3) go to the lower id.
    CHECK(top[0].token == 1);
    CHECK(top[1].token == 3);
    CHECK(top[2].token == 2);
    double z = 0.0;
    for (const float x : logits) z += std::exp(double(x) - 3.0);
    CHECK(top[0].prob == Approx(1.0 / z).epsilon(1e-12));
    CHECK(top[2].prob == Approx(std::exp(-1.0) / z).epsilon(1e-12));
}

TEST_CASE("top-k softmax: k past the row gives the whole row; bad rows are named", "[top_k]") {
    const float two[] = {0.0f, 0.0f};
    const auto all = top_k_softmax(two, 2, 5);
    REQUIRE(all.size() == 2);
    CHECK(all[0].prob + all[1].prob == Approx(1.0));
    CHECK_THROWS_AS(top_k_softmax(two, 0, 5), ShapeError);
    const float nan[] = {0.0f, std::numeric_limits<float>::quiet_NaN()};
    CHECK_THROWS_WITH(top_k_softmax(nan, 2, 1), Catch::Contains("logits[1] is NaN"));
}

TEST_CASE("top next tokens: the five most likely after the last row", "[top_k]") {
    Matrix logits = xt::zeros<float>({2, 8});
    for (std::size_t v = 0; v < 8; ++v) logits(1, v) = static_cast<float>(v);
    logits(0, 0) = 100.0f;  // the first row does not count
    const std::vector<TokenProbability> top = top_next_tokens(logits);
    REQUIRE(top.size() == kTopTokens);
    CHECK(kTopTokens == 5);
    CHECK(top[0].token == 7);
    CHECK(top[4].token == 3);
    CHECK_THROWS_AS(top_next_tokens(Matrix(xt::zeros<float>({0, 8}))), ShapeError);
}
