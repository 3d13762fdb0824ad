#include <cmath>

#include "attn/errors.hpp"
#include "attn/ops/scores.hpp"
#include "test_util.hpp"

using namespace attn;

TEST_CASE("dot, cosine and the score matrix", "[scores]") {
    CHECK(dot(Vector{1, 2}, Vector{3, 4}) == 11.0f);
    CHECK(cosine(Vector{1, 0}, Vector{0, 2}) == 0.0f);
    CHECK(cosine(Vector{1, 1}, Vector{2, 2}) == Approx(1.0f));
    const Matrix q{{1, 0.2f}, {0.3f, 0.9f}};
    const Matrix s = score_matrix(q, q, 1.0f);
    CHECK(s(1, 0) == Approx(0.48f));
    CHECK(s(1, 1) == Approx(0.90f));
    CHECK(cosine_matrix(q, q)(0, 0) == Approx(1.0f));
    CHECK_THROWS_AS(dot(Vector{1}, Vector{1, 2}), ShapeError);
    CHECK_THROWS_AS(cosine(Vector{0, 0}, Vector{1, 2}), ValueError);
}

TEST_CASE("cosine of tiny and huge vectors: their cosine, not a zero vector or NaN", "[scores]") {
    // 1e-25 squared underflows float (to 0), 1e20 squared overflows it (to +inf).
    CHECK(cosine(Vector{3e-25f, 4e-25f}, Vector{4e-25f, 3e-25f}) == Approx(24.0f / 25.0f).epsilon(1e-6));
    CHECK(cosine(Vector{1e-25f, 2e-25f}, Vector{2e-25f, 4e-25f}) == Approx(1.0f).epsilon(1e-6));
    CHECK(cosine(Vector{1e-25f, 0}, Vector{0, 1e-25f}) == 0.0f);
    CHECK(cosine(Vector{1e-40f, 1e-40f}, Vector{1, 0}) == Approx(std::sqrt(0.5f)).epsilon(1e-6));  // subnormal
    CHECK(cosine(Vector{1e20f, 1e20f}, Vector{3e20f, 0}) == Approx(std::sqrt(0.5f)).epsilon(1e-6));
    const Matrix tiny{{3e-25f, 4e-25f}, {-4e-25f, 3e-25f}};
    const Matrix c = cosine_matrix(tiny, tiny);
    CHECK(c(0, 0) == Approx(1.0f).epsilon(1e-6));
    CHECK(c(0, 1) == Approx(0.0f).margin(1e-6));
    CHECK(c(1, 1) == Approx(1.0f).epsilon(1e-6));
    CHECK_THROWS_WITH(cosine(Vector{0, 0}, Vector{1e-25f, 0}), "cosine of a zero vector is undefined");
    CHECK_THROWS_WITH(cosine_matrix(tiny, Matrix{{0, 0}}), "cosine of a zero vector is undefined");
}

TEST_CASE("the score and cosine matrices reject empty inputs by name", "[scores][errors]") {
    const Matrix q{{1, 0.2f}}, no_width = xt::zeros<float>({std::size_t(1), std::size_t(0)});
    CHECK_THROWS_WITH(score_matrix(no_width, no_width, 1.0f), Catch::Contains("Q [1, 0] is empty"));
    CHECK_THROWS_WITH(score_matrix(q, Matrix(xt::zeros<float>({std::size_t(0), std::size_t(2)})), 1.0f),
                      Catch::Contains("K [0, 2] is empty"));
    CHECK_THROWS_AS(cosine_matrix(no_width, no_width), ShapeError);
}

TEST_CASE("additive score is v·tanh(q W1 + k W2)", "[scores]") {
    const Matrix w1{{1, 0}, {0, 1}}, w2{{0.5f, 0}, {0, -1}};
    const float s = additive_score(Vector{0.2f, 0.4f}, Vector{1, 1}, w1, w2, Vector{2, 3});
    CHECK(s == Approx(2 * std::tanh(0.7f) + 3 * std::tanh(-0.6f)));
    CHECK_THROWS_AS(additive_score(Vector{1}, Vector{1, 1}, w1, w2, Vector{2, 3}), ShapeError);
}

TEST_CASE("score memory: 8.0 GiB additive against 32 MiB of dot-product scores", "[scores]") {
    // The course's example: T = 4,096, d_a = 256, BF16, one head, one layer.
    const ScoreMemory m = score_memory(4096, 256, 2);
    CHECK(m.additive_bytes == 8589934592ull);
    CHECK(m.additive_bytes == 8ull << 30);
    CHECK(m.dot_bytes == 33554432ull);
    CHECK(m.dot_bytes == 32ull << 20);
    CHECK(score_memory(1, 1, 1).additive_bytes == 1);
    // T = 2^20, d_a = 256, BF16 is 2^49 B: past 32 bits, still exact in 64.
    CHECK(score_memory(1ull << 20, 256, 2).additive_bytes == 1ull << 49);
    CHECK_THROWS_WITH(score_memory(0, 256, 2), Catch::Contains("T must be > 0"));
    CHECK_THROWS_WITH(score_memory(4096, 0, 2), Catch::Contains("d_a must be > 0"));
    CHECK_THROWS_WITH(score_memory(4096, 256, 0), Catch::Contains("dtype_bytes must be > 0"));
    CHECK_THROWS_AS(score_memory(1ull << 32, 1, 1), ValueError);  // T × T = 2^64
    CHECK_THROWS_AS(score_memory(1ull << 20, 1ull << 24, 1), ValueError);
}

TEST_CASE("score memory: the lesson counts BF16 unless told", "[scores]") {
    CHECK(kScoreMemoryDtypeBytes == 2);
    CHECK(score_memory(4096, 256, kScoreMemoryDtypeBytes).dot_bytes == 33554432);
}
