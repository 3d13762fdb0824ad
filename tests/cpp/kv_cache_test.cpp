// The course's acceptance list for the KV cache (TestKVCache, lesson 8), on our engine, plus the
// cache's own contract and the K/V counts of the generation stepper.
#include <algorithm>
#include <limits>
#include <vector>

#include "attn/errors.hpp"
#include "attn/models/tiny_decoder.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/kv_cache.hpp"
#include "test_util.hpp"

using namespace attn;
using attn::test::max_abs_diff;
using attn::test::randn;

// GQA 4:2 with partial rotary (4 of 8 dims turn): the shape the acceptance tests ask for.
static TinyDecoderConfig gqa_config(std::size_t n_layers) {
    TinyDecoderConfig cfg;
    cfg.vocab = 23;
    cfg.d_model = 24;
    cfg.n_layers = n_layers;
    cfg.n_heads = 4;
    cfg.n_kv_heads = 2;
    cfg.d_head = 8;
    cfg.rotary_dim = 4;
    cfg.mlp_hidden = 40;
    cfg.seed = 7;
    return cfg;
}

static Vector row_of(const Matrix& m, std::size_t i) {
    Vector out = xt::zeros<float>({m.shape(1)});
    std::copy(&m(i, 0), &m(i, 0) + m.shape(1), out.begin());
    return out;
}

static const std::vector<int> kTokens = {3, 17, 0, 22, 9, 9, 14, 5, 11};

TEST_CASE("KVCache: append-only rows per layer, length, clear", "[kvcache]") {
    KVCache cache(2, 3, 4, 4);
    CHECK(cache.length() == 0);
    cache.append(0, randn(2, 12, 1), randn(2, 12, 2));
    CHECK(cache.length(0) == 2);
    CHECK(cache.length() == 0);  // layer 1 has not caught up yet
    cache.append(1, randn(2, 12, 3), randn(2, 12, 4));
    const Matrix k_next = randn(1, 12, 5);
    cache.append(0, k_next, randn(1, 12, 6));
    cache.append(1, randn(1, 12, 7), randn(1, 12, 8));
    CHECK(cache.length() == 3);
    CHECK(max_abs_diff(rows(cache.k(0), 0, 2), randn(2, 12, 1)) == 0.0f);  // old rows untouched
    CHECK(max_abs_diff(rows(cache.k(0), 2, 1), k_next) == 0.0f);           // new rows at the end
    cache.clear();
    CHECK(cache.length() == 0);
    CHECK(cache.bytes(4) == 0);
    CHECK(cache.k(1).shape(1) == 12);
}

TEST_CASE("KVCache: bytes count K and V with their own widths", "[kvcache]") {
    KVCache same(2, 3, 4, 4);
    for (std::size_t l = 0; l < 2; ++l) same.append(l, randn(5, 12, 1), randn(5, 12, 2));
    CHECK(same.bytes(2) == 2 * 2 * 5 * 3 * 4 * 2);  // L × 2 × t × G × d × bytes
    KVCache wide_v(1, 2, 4, 6);
    wide_v.append(0, randn(3, 8, 1), randn(3, 12, 2));
    CHECK(wide_v.bytes(4) == 3 * 2 * (4 + 6) * 4);
}

TEST_CASE("KVCache: shape errors name the shapes", "[kvcache][errors]") {
    KVCache cache(2, 2, 4, 4);
    CHECK_THROWS_WITH(cache.append(0, randn(1, 6, 1), randn(1, 8, 2)),
                      Catch::Contains("k_rows [1, 6]") && Catch::Contains("8 columns"));
    CHECK_THROWS_WITH(cache.append(0, randn(1, 8, 1), randn(1, 4, 2)), Catch::Contains("v_rows [1, 4]"));
    CHECK_THROWS_AS(cache.append(0, randn(2, 8, 1), randn(1, 8, 2)), ShapeError);
    CHECK_THROWS_WITH(cache.append(2, randn(1, 8, 1), randn(1, 8, 2)), Catch::Contains("layer 2"));
    CHECK_THROWS_WITH(KVCache(2, 0, 4, 4), Catch::Contains("n_kv_heads"));
    CHECK(cache.length(0) == 0);  // nothing was appended by the failed calls
}

TEST_CASE("KVCache: rows appended one at a time read back in order; attention reads them in place", "[kvcache]") {
    // Past the first buffer (16 rows) and two doublings: each append copies only its own rows.
    KVCache cache(2, 2, 4, 3);
    Matrix all_k({70, 8}), all_v({70, 6});
    for (std::size_t t = 0; t < 70; ++t) {
        const Matrix k = randn(1, 8, 100 + t), v = randn(1, 6, 300 + t);
        std::copy(k.begin(), k.end(), &all_k(t, 0));
        std::copy(v.begin(), v.end(), &all_v(t, 0));
        cache.append(1, k, v);
    }
    REQUIRE(cache.length(1) == 70);
    CHECK(cache.length() == 0);  // layer 0 holds nothing yet
    CHECK(max_abs_diff(cache.k(1), all_k) == 0.0f);
    CHECK(max_abs_diff(cache.v(1), all_v) == 0.0f);
    CHECK(cache.bytes(4) == 70 * 2 * (4 + 3) * 4);
    // attention_output over the cache in place = over its rows copied, to the bit, both modes.
    AttentionOptions opt;
    opt.n_heads = 4;
    opt.n_kv_heads = 2;
    opt.causal = true;
    const Matrix q = randn(3, 16, 9);
    for (MaskMode mode : {MaskMode::NegInfBeforeSoftmax, MaskMode::ZeroAfterSoftmax}) {
        opt.mask_mode = mode;
        const Matrix in_place = attention_output(q, cache, 1, opt);
        const Matrix copied = attention_output(q, cache.k(1), cache.v(1), opt);
        REQUIRE(in_place.shape() == copied.shape());
        CHECK(std::equal(in_place.begin(), in_place.end(), copied.begin()));
    }
}

TEST_CASE("KVCache: a non-finite row is refused where it would sit in the cache, and nothing is appended",
          "[kvcache][errors]") {
    KVCache cache(1, 1, 2, 2);
    cache.append(0, randn(5, 2, 1), randn(5, 2, 2));
    Matrix k = randn(2, 2, 3), v = randn(2, 2, 4);
    k(1, 0) = std::numeric_limits<float>::quiet_NaN();
    CHECK_THROWS_WITH(cache.append(0, k, v), "k[6, 0] is NaN");
    k(1, 0) = 0.5f;
    v(0, 1) = std::numeric_limits<float>::infinity();
    CHECK_THROWS_WITH(cache.append(0, k, v), "v[5, 1] is infinite");
    CHECK(cache.length(0) == 5);
}

TEST_CASE("TestKVCache.test_incremental_matches_full_forward: 1 and 2 layers, GQA 4:2, partial rotary",
          "[kvcache][decoder]") {
    for (std::size_t n_layers : {1, 2}) {
        INFO("n_layers = " << n_layers);
        const TinyDecoder model(gqa_config(n_layers));
        const Matrix full = model.forward(kTokens);
        REQUIRE(full.shape(0) == kTokens.size());
        REQUIRE(full.shape(1) == 23);

        KVCache cache = model.make_cache();
        Matrix incremental({kTokens.size(), std::size_t(23)});
        for (std::size_t t = 0; t < kTokens.size(); ++t) {
            const Vector logits = model.step(kTokens[t], cache);
            std::copy(logits.begin(), logits.end(), &incremental(t, 0));
        }
        CHECK(max_abs_diff(incremental, full) < 1e-4f);
        CHECK(model.incremental_max_abs_diff(kTokens) == max_abs_diff(incremental, full));
        CHECK(cache.length() == kTokens.size());

        // A prompt prefilled in one pass, then the rest one token at a time.
        KVCache cache2 = model.make_cache();
        const Vector after_prompt = model.prefill({kTokens.begin(), kTokens.begin() + 4}, cache2);
        CHECK(max_abs_diff(after_prompt, row_of(full, 3)) < 1e-4f);
        for (std::size_t t = 4; t < kTokens.size(); ++t) {
            const Vector logits = model.step(kTokens[t], cache2);
            CHECK(max_abs_diff(logits, row_of(full, t)) < 1e-4f);
        }
    }
}

TEST_CASE("TestKVCache.test_generate_with_and_without_cache: greedy tokens are the same", "[kvcache][decoder]") {
    for (std::uint64_t seed : {1, 2, 3}) {
        for (std::size_t n_layers : {1, 2}) {
            TinyDecoderConfig cfg = gqa_config(n_layers);
            cfg.seed = seed;
            const TinyDecoder model(cfg);
            const GenerateResult plain = model.generate({4, 1, 19}, 8, false);
            const GenerateResult cached = model.generate({4, 1, 19}, 8, true);
            CHECK(cached.generated == plain.generated);
            CHECK(cached.tokens == plain.tokens);
            REQUIRE(cached.steps.size() == 8);
            for (std::size_t s = 0; s < 8; ++s)
                CHECK(max_abs_diff(cached.steps[s].logits, plain.steps[s].logits) < 1e-4f);
        }
    }
}

TEST_CASE("TestKVCache.test_gqa_cache_is_smaller: KV heads 4 -> 2 -> 1 halve the bytes exactly", "[kvcache][gqa]") {
    std::vector<std::size_t> bytes;
    for (std::size_t g : {4, 2, 1}) {
        TinyDecoderConfig cfg = gqa_config(2);
        cfg.n_kv_heads = g;
        const TinyDecoder model(cfg);
        KVCache cache = model.make_cache();
        model.prefill(kTokens, cache);
        CHECK(cache.bytes(2) == 2 * 2 * kTokens.size() * g * 8 * 2);  // L × 2 × t × G × d × bf16
        bytes.push_back(cache.bytes(2));
    }
    CHECK(bytes[1] * 2 == bytes[0]);
    CHECK(bytes[2] * 2 == bytes[1]);
}

TEST_CASE("generation K/V counts: prompt 2, 3 steps -> 9 computed without cache, 4 with, 5 reused",
          "[kvcache][decoder]") {
    const TinyDecoder model(gqa_config(2));
    using Positions = std::vector<std::size_t>;

    const GenerateResult plain = model.generate({5, 12}, 3, false);
    CHECK(plain.kv_computed == 9);  // 2 + 3 + 4
    CHECK(plain.kv_reused == 0);
    REQUIRE(plain.steps.size() == 3);
    CHECK(plain.steps[0].computed == Positions{0, 1});
    CHECK(plain.steps[1].computed == Positions{0, 1, 2});
    CHECK(plain.steps[2].computed == Positions{0, 1, 2, 3});
    for (const auto& s : plain.steps) CHECK(s.cache_bytes == 0);

    const GenerateResult cached = model.generate({5, 12}, 3, true);
    CHECK(cached.kv_computed == 4);  // 2 + 1 + 1: the last generated token is never fed
    CHECK(cached.kv_reused == 5);    // 0 + 2 + 3, exactly what the plain run recomputed
    CHECK(plain.kv_computed - cached.kv_computed == cached.kv_reused);
    REQUIRE(cached.steps.size() == 3);
    CHECK(cached.steps[0].computed == Positions{0, 1});
    CHECK(cached.steps[0].reused.empty());
    CHECK(cached.steps[1].computed == Positions{2});
    CHECK(cached.steps[1].reused == Positions{0, 1});
    CHECK(cached.steps[2].computed == Positions{3});
    CHECK(cached.steps[2].reused == Positions{0, 1, 2});
    for (std::size_t s = 0; s < 3; ++s) {
        CHECK(cached.steps[s].position == 2 + s);
        CHECK(cached.steps[s].token == cached.generated[s]);
        // float32 cache after the step holds positions 0 … s + 1: L × 2 × t × G × d × 4.
        CHECK(cached.steps[s].cache_bytes == 2 * 2 * (2 + s) * 2 * 8 * 4);
    }
    CHECK(cached.tokens.size() == 5);

    CHECK(model.generate({5, 12}, 0, true).kv_computed == 0);
}

TEST_CASE("the same seed gives the same model, another seed another", "[decoder]") {
    TinyDecoderConfig cfg = gqa_config(2);
    const Matrix a = TinyDecoder(cfg).forward(kTokens), b = TinyDecoder(cfg).forward(kTokens);
    CHECK(max_abs_diff(a, b) == 0.0f);
    cfg.seed = 8;
    CHECK(max_abs_diff(a, TinyDecoder(cfg).forward(kTokens)) > 1e-2f);
}

TEST_CASE("TinyDecoder config errors name the field", "[decoder][errors]") {
    auto fails_with = [](void (*edit)(TinyDecoderConfig&), const char* text) {
        TinyDecoderConfig cfg = gqa_config(2);
        edit(cfg);
        CHECK_THROWS_AS(TinyDecoder(cfg), ConfigError);
        CHECK_THROWS_WITH(TinyDecoder(cfg), Catch::Contains(text));
    };
    fails_with([](TinyDecoderConfig& c) { c.n_kv_heads = 3; }, "n_heads (4) must be a multiple of n_kv_heads (3)");
    fails_with([](TinyDecoderConfig& c) { c.rotary_dim = 10; }, "rotary_dim (10) is larger than d_head (8)");
    fails_with([](TinyDecoderConfig& c) { c.rotary_dim = 3; }, "rotary_dim (3)");
    fails_with(
        [](TinyDecoderConfig& c) {
            c.d_head = 5;
            c.rotary_dim = 0;
        },
        "rotary_dim (5, all of d_head)");
    fails_with([](TinyDecoderConfig& c) { c.vocab = 0; }, "vocab");
    fails_with([](TinyDecoderConfig& c) { c.n_layers = 0; }, "n_layers");
    fails_with([](TinyDecoderConfig& c) { c.n_kv_heads = 0; }, "n_kv_heads");
    fails_with([](TinyDecoderConfig& c) { c.mlp_hidden = 0; }, "mlp_hidden");
    fails_with([](TinyDecoderConfig& c) { c.rope_base = 1.0f; }, "rope_base");
}

TEST_CASE("token ids out of range name the position, and a rejected step leaves the cache alone", "[decoder][errors]") {
    const TinyDecoder model(gqa_config(2));
    CHECK_THROWS_AS(model.forward({1, 2, 23}), ValueError);
    CHECK_THROWS_WITH(model.forward({1, 2, 23}), Catch::Contains("token 23 at position 2"));
    CHECK_THROWS_WITH(model.forward({-1}), Catch::Contains("token -1 at position 0"));
    CHECK_THROWS_AS(model.forward({}), ShapeError);
    CHECK_THROWS_WITH(model.generate({1, 99}, 3, true), Catch::Contains("token 99 at position 1"));

    KVCache cache = model.make_cache();
    model.prefill({1, 2, 3}, cache);
    CHECK_THROWS_WITH(model.step(40, cache), Catch::Contains("token 40 at position 3"));
    CHECK(cache.length() == 3);
    CHECK(cache.length(1) == 3);

    KVCache wrong(1, 2, 8, 8);
    CHECK_THROWS_AS(model.step(1, wrong), ShapeError);
}

TEST_CASE("tiny decoder: the KV-cache lesson generates 3 tokens with the cache unless told", "[kvcache]") {
    const TinyGenerateOptions opt;
    CHECK(opt.steps == 3);
    CHECK(opt.use_cache);
}
