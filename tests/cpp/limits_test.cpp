// attn::limits and the engine functions that check result sizes with it before allocating: in
// WASM a wrapped 32-bit size would allocate too little and write past it, so every case here
// must throw a ShapeError naming the tensor, with nothing allocated (native and WASM alike).
#include "attn/limits.hpp"

#include "attn/course/experiments.hpp"
#include "attn/course/mla_experiment.hpp"
#include "attn/errors.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/models/tiny_decoder.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/mask.hpp"
#include "attn/ops/scores.hpp"
#include "attn/ops/softmax.hpp"
#include "test_util.hpp"

using namespace attn;
using Catch::Contains;

TEST_CASE("checked_mul / checked_add: exact in 64 bits, a ShapeError naming the sum past it", "[limits]") {
    CHECK(limits::checked_mul(std::uint64_t(1) << 31, std::uint64_t(1) << 31, "x") == std::uint64_t(1) << 62);
    CHECK_THROWS_WITH(limits::checked_mul(std::uint64_t(1) << 32, std::uint64_t(1) << 32, "the bytes"),
                      "the bytes (4294967296 × 4294967296) overflows 64 bits");
    CHECK(limits::checked_add(~std::uint64_t(0) - 1, 1, "x") == ~std::uint64_t(0));
    CHECK_THROWS_AS(limits::checked_add(~std::uint64_t(0), 1, "x"), ShapeError);
    CHECK_NOTHROW(limits::require_work(limits::kMaxCallWork, [] { return std::string("w"); }));
    CHECK_THROWS_WITH(limits::require_work(limits::kMaxCallWork + 1, [] { return std::string("attention"); }),
                      "attention is 8589934593 multiply-adds, more than the limit of 8589934592 per call");
}

TEST_CASE("work bounds: attention, matmul and a lab file whose whole-context pass is too much", "[limits]") {
    const Matrix q = xt::zeros<float>({std::size_t(65536), std::size_t(64)});
    AttentionOptions opt;
    CHECK_THROWS_WITH(attention_output(q, q, q, opt),
                      Contains("attention H × Tq × Tk × (work per score: d + dv + 96) = 1 × 65536 × 65536 × 224"));
    const Matrix m = xt::zeros<float>({std::size_t(4096), std::size_t(4096)});
    CHECK_THROWS_WITH(matmul(m, m, "a", "b"), Contains("matmul [4096, 4096] · [4096, 4096] is"));
    LabConfig c;
    c.vocab = 100;
    c.context = 128;
    c.n_layers = 2;
    c.layer_types = {LabLayerType::Linear, LabLayerType::Full};
    c.linear_heads = 1;
    c.linear_head_dim = 64;
    c.conv_kernel = 4;
    CHECK_NOTHROW(validate(c));
    CHECK(lab_pass_work(c, 2, 0, false) > 2 * kLabStateWork * 64 * 64);
    CHECK(lab_pass_work(c, 2, 0, true) > lab_pass_work(c, 2, 0, false));
    c.linear_head_dim = 4096;
    CHECK_THROWS_WITH(validate(c), Contains("a pass over the whole context of 128 tokens is"));
}

// Issue 43: attention at d = dv = 1 and T = 65,536 was 2^33 "multiply-adds" by the count of q·k
// and w·v alone, so it was admitted, and its 4.3e9 exponentials ran for 20 s and more. Every
// score now counts its own costs (attention_score_work). Measured at the largest T each path now
// admits, d = dv = 1, H = 1, one run each in WASM SIMD under node 20 (first call, then a second),
// on 2 cores at load 13–16 beside other builds (tests/js/engine-integrity.test.mjs holds the same
// corners from JavaScript):
//   output only, −∞ mode, T = 9,362 (98 per score): 1.6, 1.2 s; causal 0.38, 0.53 s; with a
//     mask of 8,192² (the element limit first; 98 per score) 3.7, 0.92 s, 1.1 s of the first the
//     heap growing for the mask
//   output only, zero-after-softmax, T = 5,747 (260): 1.5, 1.5 s
//   scores, weights, sinkWeight and output, −∞ mode, T = 3,409 (739): 2.1, 1.8 s
//   the same, zero-after-softmax, T = 3,087 (901): 2.2, 1.6 s
TEST_CASE("attention's work counts every score's own cost: d = 1 at the largest admitted T, every path", "[limits]") {
    // The call: refused before anything runs, on every path.
    const Matrix big = xt::zeros<float>({std::size_t(65536), std::size_t(1)});
    for (const MaskMode mode : {MaskMode::NegInfBeforeSoftmax, MaskMode::ZeroAfterSoftmax}) {
        AttentionOptions opt;
        opt.mask_mode = mode;
        CHECK_THROWS_WITH(attention_output(big, big, big, opt), Contains("attention H × Tq × Tk × (work per score"));
        CHECK_THROWS_WITH(attention(big, big, big, opt), Contains("attention H × Tq × Tk × (work per score"));
    }
    CHECK(attention_score_work(1, 1, MaskMode::NegInfBeforeSoftmax, false) == 98);
    CHECK(attention_score_work(1, 1, MaskMode::ZeroAfterSoftmax, false) == 260);
    CHECK(attention_score_work(1, 1, MaskMode::NegInfBeforeSoftmax, true) == 739);
    CHECK(attention_score_work(1, 1, MaskMode::ZeroAfterSoftmax, true) == 901);
    CHECK(attention_score_work(64, 64, MaskMode::NegInfBeforeSoftmax, false) == 224);
    // The boundary of each path at d = 1: T·(T − 1) scores admitted (a causal call with one key
    // too few then fails on its shapes, after the work check, so nothing runs), (T + 1)² refused.
    const std::pair<MaskMode, bool> paths[] = {{MaskMode::NegInfBeforeSoftmax, false},
                                               {MaskMode::ZeroAfterSoftmax, false},
                                               {MaskMode::NegInfBeforeSoftmax, true},
                                               {MaskMode::ZeroAfterSoftmax, true}};
    const std::size_t largest[] = {9362, 5747, 3409, 3087};
    for (std::size_t p = 0; p < 4; ++p) {
        const MaskMode mode = paths[p].first;
        const bool maps = paths[p].second;  // (a lambda cannot capture a structured binding in C++17)
        const std::uint64_t per = attention_score_work(1, 1, mode, maps);
        const std::size_t T = largest[p];
        CHECK(std::uint64_t(T) * T * per <= limits::kMaxCallWork);
        CHECK(std::uint64_t(T + 1) * (T + 1) * per > limits::kMaxCallWork);
        AttentionOptions opt;
        opt.mask_mode = mode;
        opt.causal = true;
        const Matrix q = xt::zeros<float>({T + 1, std::size_t(1)});
        const auto call = [&](const Matrix& queries, const Matrix& keys) {
            if (maps)
                attention(queries, keys, keys, opt);
            else
                attention_output(queries, keys, keys, opt);
        };
        CHECK_THROWS_WITH(call(q, q), Contains("work per score"));  // (T + 1)² scores
        const Matrix q_t = xt::zeros<float>({T, std::size_t(1)}), kv_short = xt::zeros<float>({T - 1, std::size_t(1)});
        CHECK_THROWS_WITH(call(q_t, kv_short), Contains("causal attention needs Tq <= Tk"));  // T·(T − 1)
    }
    // With a mask the element limit comes first: a [8192, 8192] mask is the largest, and its
    // 2^26 scores are within the work bound at d = 1 (98 each).
    CHECK(limits::kMaxElements * attention_score_work(1, 1, MaskMode::NegInfBeforeSoftmax, false) <=
          limits::kMaxCallWork);
}

TEST_CASE("require_elements: per dimension, per product, computed in 64 bits", "[limits]") {
    CHECK(limits::require_elements({3, 4, 5}, "t") == 60);
    CHECK(limits::require_elements({0, limits::kMaxDimension}, "t") == 0);
    CHECK(limits::require_elements({limits::kMaxDimension, 4}, "t") == limits::kMaxElements);
    CHECK_THROWS_WITH(limits::require_elements({limits::kMaxDimension + 1}, "t"),
                      Contains("above the limit of 16777216 per dimension"));
    CHECK(limits::require_numbers(limits::kMaxElements, "data") == limits::kMaxElements);
    CHECK_THROWS_WITH(limits::require_numbers(limits::kMaxElements + 1, "a.data"),
                      Contains("a.data has 67108865 numbers, more than the limit of 67108864"));
    CHECK_THROWS_WITH(limits::require_elements({65536, 65536}, "scores [Tq, Tk]"),
                      Contains("scores [Tq, Tk] [65536, 65536] would hold more than the limit of 67108864 numbers"));
    // 2^32 · 2^32 wraps to 0 in 64 bits; the per-dimension check stops it first.
    CHECK_THROWS_AS(limits::require_elements({std::uint64_t(1) << 32, std::uint64_t(1) << 32}, "t"), ShapeError);
    // 2^24 · 2^24 · 2^24 would wrap a 64-bit product too: the running product stops at 2^26.
    CHECK_THROWS_AS(limits::require_elements({1u << 24, 1u << 24, 1u << 24}, "t"), ShapeError);
    CHECK_THROWS_WITH(limits::require_call_bytes(limits::kMaxCallBytes + 1, "a call"),
                      Contains("a call would allocate 1073741825 bytes"));
    CHECK_THROWS_WITH(limits::require_dimension(limits::kMaxDimension + 1, "rotaryDim"),
                      Contains("rotaryDim (16777217) is above the limit"));
}

TEST_CASE("result sizes past the limits are ShapeErrors before any allocation", "[limits]") {
    const Matrix tall = xt::ones<float>({std::size_t(65536), std::size_t(1)});
    const Matrix wide = xt::ones<float>({std::size_t(1), std::size_t(65536)});
    CHECK_THROWS_WITH(score_matrix(tall, tall), Contains("scores [Tq, Tk] [65536, 65536]"));
    CHECK_THROWS_WITH(cosine_matrix(tall, tall), Contains("cosines [n, m] [65536, 65536]"));
    CHECK_THROWS_WITH(matmul(tall, wide), Contains("matmul result [n, m] [65536, 65536]"));
    // Maps past the element limit (2^26) are past the work bound first (739 per score at d = 1).
    CHECK_THROWS_WITH(attention(tall, tall, tall, AttentionOptions{}),
                      Contains("attention H × Tq × Tk × (work per score: d + dv + 96 + d + 640) = 1 × 65536 × 65536"));
    CHECK_THROWS_WITH(causal_mask(65536, 65536), Contains("causal mask [Tq, Tk] [65536, 65536]"));
    CHECK_THROWS_AS(causal_mask(2147483647, 2147483647), ShapeError);
    CHECK_THROWS_AS(softmax_variance(64, 10, 2147483647, 1), ShapeError);
    // An output wider than its inputs: 65536 heads of width 1 reading one KV head of width 65536.
    AttentionOptions many_heads;
    many_heads.n_heads = 65536;
    many_heads.n_kv_heads = 1;
    CHECK_THROWS_WITH(
        attention_output(wide, Matrix(xt::ones<float>({std::size_t(1), std::size_t(1)})), wide, many_heads),
        Contains("attention output [Tq, H·dv] [1, 65536, 65536]"));
}

TEST_CASE("the tiny decoder checks its weights, its sequence and its steps", "[limits]") {
    TinyDecoderConfig big;
    big.vocab = 65536;
    big.d_model = 65536;
    CHECK_THROWS_WITH(validate(big), Contains("embedding [vocab, d_model] [65536, 65536]"));
    const TinyDecoder model{TinyDecoderConfig{}};
    CHECK_THROWS_WITH(model.generate({1}, 2147483647, true), Contains("above the limit of 1024"));
    CHECK_THROWS_WITH(model.forward(std::vector<int>(limits::kMaxDecoderTokens + 1, 1)),
                      Contains("limit of 4096 tokens"));
    CHECK(model.generate({1}, 2, true).generated.size() == 2);
}

TEST_CASE("a lab config that loads must run at its full context: attention buffers checked", "[limits]") {
    // The crafted header of issue 9 (valid per field): 8192 heads over a context of 16,384.
    LabConfig c;
    c.vocab = 3;
    c.d_model = 2;
    c.n_layers = 1;
    c.n_heads = 8192;
    c.n_kv_heads = 8192;
    c.d_head = 2;
    c.mlp_hidden = 2;
    c.context = 16384;
    CHECK_THROWS_WITH(validate(c), Contains("attention [n_heads, T, T] [8192, 16384, 16384]"));
    // 8192 × 64 × 64 = 2^25 numbers a layer: within the size limits, but forming them is
    // 8192 · 64² · 742 ≈ 2.5e10 (attention_score_work with maps), past the work bound.
    c.context = 64;
    CHECK_THROWS_WITH(validate(c), Contains("a pass over the whole context of 64 tokens is"));
    c.context = 16;
    CHECK_NOTHROW(validate(c));
}

TEST_CASE("MLA experiment: T × T weights checked before any data is drawn", "[limits]") {
    MlaExperimentOptions o;
    o.T = 65536;
    o.d_model = 1;
    CHECK_THROWS_WITH(mla_experiment(o), Contains("MLA: weights [n_heads, T, T] [2, 65536, 65536]"));
}
