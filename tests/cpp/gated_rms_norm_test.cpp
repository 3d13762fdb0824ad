#include "attn/ops/gated_rms_norm.hpp"

#include <cmath>
#include "attn/errors.hpp"
#include "test_util.hpp"

using namespace attn;

TEST_CASE("gated RMSNorm: a 2-head case worked out by hand", "[gated_rms_norm]") {
    // H = 2, d_v = 2, weight = (1, 2); SiLU(2) = 1.761594, SiLU(0) = 0, SiLU(−100) ≈ −4e−42.
    // Head 0: o = (3, 4), rms = sqrt(25/2 + 1e−6) = 3.535534 → (0.848528, 1.131371) · (1, 2)
    //         = (0.848528, 2.262742); · (SiLU(0), SiLU(2)) = (0, 3.986033).
    // Head 1: o = (1, 1), rms ≈ 1 → (1, 2); · (SiLU(2), SiLU(−100)) = (1.761593, 0).
    const Matrix o = {{3, 4, 1, 1}}, gate = {{0, 2, 2, -100}};
    const Vector weight = {1.0f, 2.0f};
    const Matrix y = gated_rms_norm(o, gate, weight);
    CHECK(y(0, 0) == Approx(0.0f).margin(1e-7));
    CHECK(y(0, 1) == Approx(3.986033f).epsilon(1e-6));
    CHECK(y(0, 2) == Approx(1.761593f).epsilon(1e-6));
    CHECK(y(0, 3) == Approx(0.0f).margin(1e-7));
}

TEST_CASE("gated RMSNorm normalises each head on its own", "[gated_rms_norm]") {
    Matrix o = test::randn(3, 2 * 4, 1);
    const Matrix gate = test::randn(3, 2 * 4, 2);
    const Vector weight = {0.5f, 1.0f, 1.5f, 2.0f};
    const Matrix before = gated_rms_norm(o, gate, weight);
    for (std::size_t c = 4; c < 8; ++c) o(1, c) *= 10.0f;  // scale head 1 of row 1: RMSNorm undoes it
    const Matrix after = gated_rms_norm(o, gate, weight);
    CHECK(test::max_abs_diff(after, before) < 1e-5f);
    o(1, 5) += 3.0f;  // but a change of direction in head 1 leaves head 0 alone
    const Matrix changed = gated_rms_norm(o, gate, weight);
    for (std::size_t c = 0; c < 4; ++c) CHECK(changed(1, c) == before(1, c));
    CHECK(std::fabs(changed(1, 5) - before(1, 5)) > 1e-3f);
}

TEST_CASE("gated RMSNorm errors name the field", "[gated_rms_norm]") {
    const Matrix o = test::randn(2, 6, 3);
    const Vector weight = {1.0f, 1.0f, 1.0f, 1.0f};
    CHECK_THROWS_AS(gated_rms_norm(o, test::randn(2, 6, 4), weight), ShapeError);
    CHECK_THROWS_WITH(gated_rms_norm(o, test::randn(2, 6, 4), weight),
                      Catch::Contains("o [2, 6] does not split into heads of weight's width 4"));
    CHECK_THROWS_WITH(gated_rms_norm(o, test::randn(2, 5, 4), Vector({1.0f, 1.0f})),
                      Catch::Contains("gate [2, 5] should be [2, 6]"));
    Matrix gate = test::randn(2, 6, 4);
    gate(1, 0) = INFINITY;
    CHECK_THROWS_AS(gated_rms_norm(o, gate, Vector({1.0f, 1.0f})), ValueError);
    CHECK_THROWS_WITH(gated_rms_norm(o, gate, Vector({1.0f, 1.0f})), Catch::Contains("gate[1, 0] is infinite"));
}
