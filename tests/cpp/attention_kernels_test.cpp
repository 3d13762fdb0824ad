// The streaming SIMD attention kernel against its scalar twin (two passes per row with the
// scalar kernels) on odd sizes, with causal and custom masks, sinks, output gates, GQA and
// decoding shapes (Tq < Tk); and the full path's output against the output-only path's bits.
#include <cmath>
#include <vector>

#include "attn/errors.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/mask.hpp"
#include "test_util.hpp"

using namespace attn;
using attn::test::max_abs_diff;
using attn::test::randn;

namespace {

struct Shape {
    std::size_t tq, tk, h, g, d, dv;
};

Mask striped_mask(std::size_t tq, std::size_t tk) {
    Mask m = full_mask(tq, tk);
    for (std::size_t i = 0; i < tq; ++i)
        for (std::size_t j = 0; j < tk; ++j)
            if ((i * 7 + j * 3) % 5 == 0 && j != 0) m(i, j) = 0;  // key 0 stays, so no row is empty
    return m;
}

void check_twins(const Shape& s, const AttentionOptions& opt, std::uint64_t seed) {
    const Matrix q = randn(s.tq, s.h * s.d, seed), k = randn(s.tk, s.g * s.d, seed + 1),
                 v = randn(s.tk, s.g * s.dv, seed + 2);
    const Matrix fast = attention_output(q, k, v, opt), ref = attention_output_scalar(q, k, v, opt);
    // Outputs are weighted means of N(0, 1) values: an absolute bound fits every size.
    CHECK(max_abs_diff(fast, ref) < 2e-6f);
    if (opt.mask_mode == MaskMode::NegInfBeforeSoftmax)
        CHECK(max_abs_diff(attention(q, k, v, opt).output, fast) == 0.0f);
}

}  // namespace

TEST_CASE("streaming SIMD attention equals its scalar twin on odd sizes", "[attention][kernels]") {
    for (std::size_t t : {1u, 3u, 5u, 17u, 257u})
        for (std::size_t d : {1u, 3u, 5u, 17u, 64u}) {
            INFO("T = " << t << ", d = " << d);
            for (bool causal : {false, true}) {
                AttentionOptions opt;
                opt.n_heads = 4;
                opt.n_kv_heads = 2;
                opt.causal = causal;
                check_twins({t, t, 4, 2, d, d}, opt, 100 + t * 7 + d);
            }
        }
}

TEST_CASE("streaming attention: masks, sinks, gates, decoding rows, dv ≠ d", "[attention][kernels]") {
    for (std::size_t t : {1u, 3u, 5u, 17u, 257u}) {
        INFO("T = " << t);
        AttentionOptions opt;
        opt.n_heads = 3;
        opt.n_kv_heads = 1;
        opt.causal = true;
        opt.sink_logit = 0.7f;
        check_twins({t, t, 3, 1, 5, 3}, opt, 1 + t);  // sink, MQA, dv = 3

        opt.sink_logit.reset();
        opt.mask = striped_mask(t, t);
        check_twins({t, t, 3, 1, 17, 17}, opt, 2 + t);  // custom mask AND causal

        opt.causal = false;
        opt.gate_logits = randn(t, 3 * 4, 9 + t);
        opt.sink_logit = -30.0f;  // a sink far below the scores: its share underflows
        check_twins({t, t, 3, 1, 17, 4}, opt, 3 + t);

        // Decoding: the queries are the last 2 of t + 2 keys; every key blocked but 0 for row 0.
        AttentionOptions dec;
        dec.n_heads = 2;
        dec.causal = true;
        Mask m = full_mask(2, t + 2);
        for (std::size_t j = 1; j < t + 2; ++j) m(0, j) = 0;
        dec.mask = m;
        check_twins({2, t + 2, 2, 2, 64, 64}, dec, 4 + t);

        AttentionOptions zero;
        zero.n_heads = 2;
        zero.causal = true;
        zero.mask_mode = MaskMode::ZeroAfterSoftmax;
        check_twins({t, t, 2, 2, 3, 3}, zero, 5 + t);
    }
}

TEST_CASE("streaming attention: a fully masked row without a sink names its row and head", "[attention][kernels]") {
    const Matrix q = randn(5, 8, 1), k = randn(5, 8, 2), v = randn(5, 8, 3);
    AttentionOptions opt;
    opt.n_heads = 2;
    Mask m = full_mask(5, 5);
    for (std::size_t j = 0; j < 5; ++j) m(3, j) = 0;
    opt.mask = m;
    CHECK_THROWS_WITH(attention_output(q, k, v, opt), Catch::Contains("query row 3 of head 0"));
    CHECK_THROWS_WITH(attention_output_scalar(q, k, v, opt), Catch::Contains("query row 3 of head 0"));
    CHECK_THROWS_AS(attention_output(q, k, v, opt), MaskError);
    // With a sink the row is defined: the sink takes all the weight and the output is 0.
    opt.sink_logit = 0.0f;
    const Matrix o = attention_output(q, k, v, opt);
    for (std::size_t c = 0; c < 8; ++c) CHECK(o(3, c) == 0.0f);
}

TEST_CASE("streaming attention: a score far above the rest takes all the weight", "[attention][kernels]") {
    // Later keys raise the running max by ~100 (every earlier term rescaled to exactly 0).
    Matrix q = xt::zeros<float>({1, 4}), k = xt::zeros<float>({9, 4});
    q(0, 0) = 1.0f;
    for (std::size_t j = 0; j < 9; ++j) k(j, 0) = 25.0f * static_cast<float>(j);
    const Matrix v = randn(9, 4, 7);
    AttentionOptions opt;
    opt.scale = 1.0f;
    const Matrix o = attention_output(q, k, v, opt);
    for (std::size_t c = 0; c < 4; ++c) CHECK(o(0, c) == v(8, c));
}
