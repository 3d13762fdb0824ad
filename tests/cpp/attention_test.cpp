// The course's acceptance list for attention (TestGQA, TestModelShapes), on our engine.
#include <cmath>
#include <limits>
#include <vector>

#include "attn/errors.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/mask.hpp"
#include "test_util.hpp"

using namespace attn;
using attn::test::max_abs_diff;
using attn::test::randn;

// An independently written multi-head attention: textbook loops, doubles, std::exp, no kernels.
static Matrix plain_mha(const Matrix& q, const Matrix& k, const Matrix& v, std::size_t heads, bool causal) {
    const std::size_t tq = q.shape(0), tk = k.shape(0), d = q.shape(1) / heads, dv = v.shape(1) / heads;
    Matrix out = xt::zeros<float>({tq, heads * dv});
    for (std::size_t h = 0; h < heads; ++h)
        for (std::size_t i = 0; i < tq; ++i) {
            std::vector<double> s(tk);
            double mx = -1e300;
            for (std::size_t j = 0; j < tk; ++j) {
                double acc = 0;
                for (std::size_t c = 0; c < d; ++c) acc += double(q(i, h * d + c)) * k(j, h * d + c);
                s[j] = (causal && j > i + tk - tq) ? -INFINITY : acc / std::sqrt(double(d));
                mx = std::max(mx, s[j]);
            }
            double z = 0;
            for (auto& x : s) z += (x = std::exp(x - mx));
            for (std::size_t j = 0; j < tk; ++j)
                for (std::size_t c = 0; c < dv; ++c) out(i, h * dv + c) += float(s[j] / z * v(j, h * dv + c));
        }
    return out;
}

TEST_CASE("n_kv_heads = n_heads equals an independently written MHA", "[attention][gqa]") {
    const Matrix q = randn(7, 4 * 8, 1), k = randn(7, 4 * 8, 2), v = randn(7, 4 * 8, 3);
    for (bool causal : {false, true}) {
        AttentionOptions o;
        o.n_heads = 4;
        o.n_kv_heads = 4;
        o.causal = causal;
        CHECK(max_abs_diff(attention(q, k, v, o).output, plain_mha(q, k, v, 4, causal)) < 1e-5f);
    }
}

TEST_CASE("GQA equals MHA whose K/V weights are copied within each group", "[attention][gqa]") {
    const std::size_t T = 6, dm = 16, H = 8, G = 2, d = 4;
    const Matrix x = randn(T, dm, 10), wq = randn(dm, H * d, 11), wk = randn(dm, G * d, 12), wv = randn(dm, G * d, 13);
    Matrix wk_mha({dm, H * d}), wv_mha({dm, H * d});
    for (std::size_t h = 0; h < H; ++h)
        for (std::size_t r = 0; r < dm; ++r)
            for (std::size_t c = 0; c < d; ++c) {
                wk_mha(r, h * d + c) = wk(r, (h / (H / G)) * d + c);
                wv_mha(r, h * d + c) = wv(r, (h / (H / G)) * d + c);
            }
    AttentionOptions gqa;
    gqa.n_heads = H;
    gqa.n_kv_heads = G;
    gqa.causal = true;
    AttentionOptions mha = gqa;
    mha.n_kv_heads = H;
    const Matrix q = matmul(x, wq);
    const auto a = attention(q, matmul(x, wk), matmul(x, wv), gqa);
    const auto b = attention(q, matmul(x, wk_mha), matmul(x, wv_mha), mha);
    CHECK(max_abs_diff(a.output, b.output) < 1e-5f);
    CHECK(max_abs_diff(a.weights, b.weights) < 1e-6f);
    // MQA is the G = 1 end of the same family.
    AttentionOptions mqa = gqa;
    mqa.n_kv_heads = 1;
    CHECK_NOTHROW(attention(q, columns(matmul(x, wk), 0, d), columns(matmul(x, wv), 0, d), mqa));
}

TEST_CASE("causal weights: future exactly 0, every row sums to 1", "[attention][mask]") {
    const Matrix q = randn(9, 2 * 5, 4), k = randn(9, 2 * 5, 5), v = randn(9, 2 * 3, 6);
    AttentionOptions o;
    o.n_heads = 2;
    o.causal = true;
    const auto r = attention(q, k, v, o);
    for (std::size_t h = 0; h < 2; ++h)
        for (std::size_t i = 0; i < 9; ++i) {
            double sum = 0;
            for (std::size_t j = 0; j < 9; ++j) {
                if (j > i) REQUIRE(r.weights(h, i, j) == 0.0f);
                sum += r.weights(h, i, j);
            }
            REQUIRE(sum == Approx(1.0).margin(1e-6));
        }
    // The hidden half still has its scores filled in for display.
    CHECK(r.scores(0, 0, 8) == Approx(kernels::dot(&q(0, 0), &k(8, 0), 5) / std::sqrt(5.0f)));
}

TEST_CASE("decoding queries are the last positions of the keys", "[attention][mask]") {
    const Matrix q = randn(9, 4, 7), k = randn(9, 4, 8), v = randn(9, 4, 9);
    AttentionOptions o;
    o.causal = true;
    const auto full = attention(q, k, v, o).output;
    const auto tail = attention(rows(q, 6, 3), k, v, o).output;
    CHECK(max_abs_diff(tail, rows(full, 6, 3)) < 1e-6f);
}

TEST_CASE("custom mask: masked keys get 0, an all-masked row throws MaskError naming it", "[attention][mask]") {
    const Matrix q = randn(3, 4, 1), k = randn(3, 4, 2), v = randn(3, 4, 3);
    AttentionOptions o;
    o.mask = Mask{{1, 0, 1}, {0, 1, 0}, {1, 1, 1}};
    const auto r = attention(q, k, v, o);
    CHECK(r.weights(0, 0, 1) == 0.0f);
    CHECK(r.weights(0, 1, 1) == 1.0f);
    o.mask = Mask{{1, 0, 0}, {0, 0, 0}, {1, 1, 1}};
    CHECK_THROWS_AS(attention(q, k, v, o), MaskError);
    CHECK_THROWS_WITH(attention(q, k, v, o), Catch::Contains("query row 1"));
    o.sink_logit = 0.0f;  // with a sink the empty row is defined: all weight to the sink
    const auto s = attention(q, k, v, o);
    CHECK(s.sink_weight(0, 1) == 1.0f);
    CHECK(s.output(1, 0) == 0.0f);
}

TEST_CASE("attention with a sink logit of -inf is attention without a sink", "[attention][sink]") {
    const Matrix q = randn(4, 8, 31), k = randn(4, 8, 32), v = randn(4, 8, 33);
    AttentionOptions o;
    o.n_heads = 2;
    o.causal = true;
    const auto plain = attention(q, k, v, o);
    o.sink_logit = -std::numeric_limits<float>::infinity();
    const auto r = attention(q, k, v, o);
    CHECK(max_abs_diff(r.output, plain.output) == 0.0f);
    CHECK(max_abs_diff(r.weights, plain.weights) == 0.0f);
    CHECK(xt::amax(r.sink_weight)() == 0.0f);
    o.sink_logit = std::numeric_limits<float>::infinity();
    CHECK_THROWS_WITH(attention(q, k, v, o), "sink_logit is +infinite");
}

TEST_CASE("zero-after-softmax leaves rows summing to less than 1", "[attention][mask]") {
    const Matrix q = randn(4, 4, 21), k = randn(4, 4, 22), v = randn(4, 4, 23);
    AttentionOptions o;
    o.causal = true;
    o.mask_mode = MaskMode::ZeroAfterSoftmax;
    const auto r = attention(q, k, v, o);
    CHECK(r.weights(0, 0, 1) == 0.0f);
    const float row0 = r.weights(0, 0, 0);
    CHECK(row0 < 1.0f);
    CHECK(row0 > 0.0f);
    CHECK(r.weights(0, 3, 0) + r.weights(0, 3, 1) + r.weights(0, 3, 2) + r.weights(0, 3, 3) == Approx(1.0f));
}

TEST_CASE("output gate multiplies by sigmoid(gate)", "[attention][gate]") {
    const Matrix q = randn(2, 4, 1), k = randn(2, 4, 2), v = randn(2, 4, 3);
    AttentionOptions o;
    const auto plain = attention(q, k, v, o).output;
    o.gate_logits = Matrix(xt::zeros<float>({2, 4}));
    CHECK(max_abs_diff(attention(q, k, v, o).output, Matrix(plain * 0.5f)) < 1e-7f);
}

TEST_CASE("attention_output equals attention().output", "[attention]") {
    const Matrix q = randn(5, 8, 31), k = randn(5, 4, 32), v = randn(5, 6, 33);
    AttentionOptions o;
    o.n_heads = 2;
    o.n_kv_heads = 1;
    o.causal = true;
    CHECK(max_abs_diff(attention_output(q, k, v, o), attention(q, k, v, o).output) == 0.0f);
}

TEST_CASE("bad shapes and values throw typed errors naming them", "[attention][errors]") {
    const Matrix q = randn(3, 8, 1), k = randn(3, 8, 2), v = randn(3, 8, 3);
    AttentionOptions o;
    o.n_heads = 3;
    CHECK_THROWS_AS(attention(q, k, v, o), ShapeError);
    o.n_heads = 4;
    o.n_kv_heads = 3;
    CHECK_THROWS_WITH(attention(q, k, v, o), Catch::Contains("n_heads (4) must be a multiple of n_kv_heads (3)"));
    o.n_kv_heads = 2;
    CHECK_THROWS_WITH(attention(q, k, v, o), Catch::Contains("k [3, 8]"));
    o.n_kv_heads = 4;
    CHECK_THROWS_AS(attention(Matrix(xt::zeros<float>({0, 8})), k, v, o), ShapeError);
    Matrix bad = q;
    bad(2, 5) = std::nanf("");
    CHECK_THROWS_WITH(attention(bad, k, v, o), Catch::Contains("q[2, 5] is NaN"));
    o.mask = Mask(xt::ones<std::uint8_t>({2, 3}));
    CHECK_THROWS_WITH(attention(q, k, v, o), Catch::Contains("mask [2, 3]"));
}

// The JS API's `want` and maskMode are read here, not in the bindings: one copy of the names,
// the defaults (every part; AttentionOptions' own) and the messages.
TEST_CASE("attention parts: all four by default, the named ones otherwise, errors naming the index", "[attention]") {
    const AttentionParts all;
    CHECK((all.scores && all.weights && all.sink_weight && all.output));
    CHECK_FALSE(all.output_only());
    const AttentionParts out = attention_parts({"output"});
    CHECK(out.output_only());
    const AttentionParts two = attention_parts({"weights", "sinkWeight"});
    CHECK((two.weights && two.sink_weight && !two.scores && !two.output));
    CHECK_THROWS_AS(attention_parts({}), ConfigError);
    CHECK_THROWS_WITH(attention_parts({}), Catch::Contains("want should be a non-empty array"));
    CHECK_THROWS_WITH(attention_parts({"output", ""}),
                      "want[1] should be 'scores', 'weights', 'sinkWeight' or 'output'");
    CHECK(mask_mode_from_name("neg-inf") == MaskMode::NegInfBeforeSoftmax);
    CHECK(mask_mode_from_name("zero-after-softmax") == MaskMode::ZeroAfterSoftmax);
    CHECK_THROWS_WITH(mask_mode_from_name("zero"), "maskMode should be 'neg-inf' or 'zero-after-softmax'");
    const AttentionOptions defaults;
    CHECK(defaults.n_heads == 1);
    CHECK(defaults.n_kv_heads == 0);
    CHECK_FALSE(defaults.causal);
    CHECK(defaults.mask_mode == MaskMode::NegInfBeforeSoftmax);
}

TEST_CASE("attention parts: the output alone is attention_output's, without the maps", "[attention]") {
    const Matrix q = randn(5, 8, 1), k = randn(6, 8, 2), v = randn(6, 8, 3);
    AttentionOptions opt;
    opt.n_heads = 2;
    const AttentionResult only = attention(q, k, v, opt, attention_parts({"output"}));
    CHECK(only.scores.size() == 0);
    CHECK(only.weights.size() == 0);
    CHECK(only.output == attention_output(q, k, v, opt));
    const AttentionResult whole = attention(q, k, v, opt, attention_parts({"weights", "output"}));
    CHECK(whole.weights == attention(q, k, v, opt).weights);
    CHECK(max_abs_diff(whole.output, only.output) < 1e-6f);
}
