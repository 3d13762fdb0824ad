// head_patterns: hand-made heads of each kind give their pattern exactly, the four parts of the
// lab model's real heads add up to 1, first_token is the sink share, and errors name the shape.
#include <cmath>
#include <limits>
#include <vector>

#include "attn/errors.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/ops/head_patterns.hpp"
#include "test_util.hpp"

using namespace attn;

namespace {

// One head of T × T weights from a rule w(i, j) (rows need not be normalised by the rule).
Tensor3 one_head(std::size_t T, float (*rule)(std::size_t, std::size_t)) {
    Tensor3 w = xt::zeros<float>({std::size_t{1}, T, T});
    for (std::size_t i = 0; i < T; ++i)
        for (std::size_t j = 0; j <= i; ++j) w(0, i, j) = rule(i, j);
    return w;
}

}  // namespace

TEST_CASE("head patterns: pure heads of each kind", "[lab][head_patterns]") {
    // All weight on <bos>: first_token 1.
    HeadPattern p = head_patterns(one_head(6, [](std::size_t, std::size_t j) { return j == 0 ? 1.0f : 0.0f; }))[0];
    CHECK(p.first_token == 1.0f);
    CHECK(p.previous_token + p.diagonal + p.other == 0.0f);
    // All weight on j = i − 1: row 1's previous key is <bos>, so first_token takes 1 row of 5.
    p = head_patterns(one_head(6, [](std::size_t i, std::size_t j) { return j + 1 == i ? 1.0f : 0.0f; }))[0];
    CHECK(p.first_token == Approx(1.0 / 5));
    CHECK(p.previous_token == Approx(4.0 / 5));
    CHECK(p.diagonal == 0.0f);
    CHECK(p.other == 0.0f);
    // All weight on itself.
    p = head_patterns(one_head(6, [](std::size_t i, std::size_t j) { return i == j ? 1.0f : 0.0f; }))[0];
    CHECK(p.diagonal == 1.0f);
    // Uniform causal rows, T = 4: rows 1, 2, 3 spread over 2, 3, 4 keys.
    p = head_patterns(one_head(4, [](std::size_t i, std::size_t) { return 1.0f / float(i + 1); }))[0];
    CHECK(p.first_token == Approx((1.0 / 2 + 1.0 / 3 + 1.0 / 4) / 3));
    CHECK(p.previous_token == Approx((0.0 + 1.0 / 3 + 1.0 / 4) / 3));
    CHECK(p.diagonal == Approx((1.0 / 2 + 1.0 / 3 + 1.0 / 4) / 3));
    CHECK(p.other == Approx((0.0 + 0.0 + 1.0 / 4) / 3));
}

TEST_CASE("head patterns: a model's heads add up to 1 and first_token is the sink share", "[lab][head_patterns]") {
    LabConfig c;
    c.vocab = 8;
    c.d_model = 16;
    c.n_heads = 4;
    c.n_kv_heads = 2;
    c.d_head = 4;
    c.mlp_hidden = 16;
    c.context = 16;
    std::vector<std::string> vocab{kLabBosText, kLabUnkText};
    for (const std::string& ch : utf8_chars("小明把苹果给")) vocab.push_back(ch);
    const LabModel model(c, vocab, lab_init_weights(c, 5));
    const LabForward r = model.forward({0, 2, 3, 4, 5, 6, 7, 2, 3}, true);
    for (const Tensor3& w : r.attention) {
        const std::vector<HeadPattern> ps = head_patterns(w);
        const std::vector<float> sink = sink_share(w);
        REQUIRE(ps.size() == 4);
        for (std::size_t h = 0; h < 4; ++h) {
            const HeadPattern& p = ps[h];
            CHECK(p.previous_token + p.first_token + p.diagonal + p.other == Approx(1.0).margin(1e-5));
            CHECK(p.first_token == Approx(sink[h]).margin(1e-6));
            for (float x : {p.previous_token, p.first_token, p.diagonal, p.other}) CHECK(x >= 0.0f);
        }
    }
}

TEST_CASE("head patterns: errors name the shape or the entry", "[lab][head_patterns][errors]") {
    CHECK_THROWS_AS(head_patterns(xt::zeros<float>({2, 1, 1})), ShapeError);
    CHECK_THROWS_WITH(head_patterns(xt::zeros<float>({2, 3, 4})), Catch::Contains("[2, 3, 4]"));
    Tensor3 w = xt::zeros<float>({2, 3, 3});
    w(1, 2, 0) = std::numeric_limits<float>::quiet_NaN();
    CHECK_THROWS_WITH(head_patterns(w), Catch::Contains("weights[1, 2, 0] is NaN"));
}
