#include <cmath>

#include "attn/errors.hpp"
#include "attn/ops/scores.hpp"
#include "attn/ops/softmax.hpp"
#include "test_util.hpp"

using namespace attn;

TEST_CASE("default score scale is 1/sqrt(d), and score_matrix uses it when no scale is given", "[scores]") {
    CHECK(default_scale(4) == 0.5f);
    CHECK(default_scale(64) == 0.125f);
    CHECK_THROWS_AS(default_scale(0), ConfigError);
    const Matrix q = {{1.0f, 1.0f}};
    CHECK(score_matrix(q, q)(0, 0) == 2.0f * default_scale(2));
    CHECK(score_matrix(q, q, 1.0f)(0, 0) == 2.0f);
    CHECK_THROWS_WITH(score_matrix(q, q, std::nanf("")), Catch::Contains("scale is not finite"));
}

TEST_CASE("softmax of no scores is a ShapeError, not a fully masked row", "[softmax]") {
    CHECK_THROWS_WITH(softmax(Vector(xt::zeros<float>({std::size_t(0)}))), Catch::Contains("scores is empty"));
}
