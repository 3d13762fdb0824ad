// The lab model's contract on small random weights (the trained model is checked natively in
// tests/train/): the cache changes no logit (KV on full layers, state on linear ones, whose
// bytes stay the same at every length), attention is causal with rows summing to 1, GQA is MHA
// with K/V weights shared inside each group, and errors name what is wrong.
#include <cmath>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/models/lab_views.hpp"
#include "attn/ops/decoder_parts.hpp"
#include "test_util.hpp"

using namespace attn;
using attn::test::max_abs_diff;
using attn::test::small_vocab;

namespace {

LabConfig small_config() {
    LabConfig c;
    c.vocab = 16;
    c.d_model = 24;
    c.n_layers = 2;
    c.n_heads = 4;
    c.n_kv_heads = 2;
    c.d_head = 8;
    c.mlp_hidden = 32;
    c.context = 16;
    return c;
}

// Four layers, three of them linear (Gated DeltaNet, 3 heads of width 4, conv width 4) around
// one full layer: both orders of the two kinds occur.
LabConfig hybrid_config() {
    LabConfig c = small_config();
    c.n_layers = 4;
    c.layer_types = {LabLayerType::Linear, LabLayerType::Linear, LabLayerType::Full, LabLayerType::Linear};
    c.linear_heads = 3;
    c.linear_head_dim = 4;
    c.conv_kernel = 4;
    return c;
}

LabModel small_model(const LabConfig& c = small_config(), std::uint64_t seed = 3) {
    return LabModel(c, small_vocab(c.vocab), lab_init_weights(c, seed));
}

const std::vector<int> kTokens = {0, 2, 3, 4, 5, 6, 7, 8, 9, 2, 3};

}  // namespace

TEST_CASE("lab model: decoding through the KV cache gives the full pass's logits", "[lab]") {
    const LabModel model = small_model();
    const Matrix full = model.forward(kTokens).logits;
    REQUIRE(full.shape(0) == kTokens.size());
    REQUIRE(full.shape(1) == 16);
    LabCache cache = model.make_cache();
    // The first 4 tokens in one pass, then one at a time.
    Matrix first = lab_forward(model.config(), model.weights(), {kTokens.begin(), kTokens.begin() + 4}, 0, &cache,
                               nullptr, nullptr);
    CHECK(max_abs_diff(first, rows(full, 0, 4)) < 1e-4f);
    for (std::size_t t = 4; t < kTokens.size(); ++t) {
        const Matrix one = lab_forward(model.config(), model.weights(), {kTokens[t]}, t, &cache, nullptr, nullptr);
        CHECK(max_abs_diff(one, rows(full, t, 1)) < 1e-4f);
    }
    CHECK(cache.length == kTokens.size());
    CHECK(cache.kv_bytes() == 2 * 2 * kTokens.size() * 2 * 8 * 4);  // L × 2 × T × G × d × 4 B
    CHECK(cache.state_bytes() == 0);                                // no linear layer
}

TEST_CASE("hybrid lab model: KV on the full layer and state on the linear ones give the full pass's logits",
          "[lab][hybrid]") {
    const LabConfig c = hybrid_config();
    const LabModel model = small_model(c, 5);
    const Matrix full = model.forward(kTokens).logits;
    LabCache cache = model.make_cache();
    REQUIRE(cache.kv.n_layers() == 1);
    REQUIRE(cache.states.size() == 3);
    // S [3, 4, 4] and the conv history [K − 1, 3 · 3 · 4] per linear layer, float32.
    const std::size_t state_bytes = 3 * (3 * 4 * 4 + 3 * 36) * 4;
    CHECK(lab_state_bytes(c) == state_bytes);
    CHECK(lab_recurrent_state_bytes(c) == 3 * 3 * 4 * 4 * 4);
    CHECK(cache.state_bytes() == state_bytes);
    // 3 tokens in one pass, then 2, then one at a time.
    std::size_t t = 0;
    for (const std::size_t n : {3, 2, 1, 1, 1, 1, 1, 1}) {
        const std::vector<int> part(kTokens.begin() + t, kTokens.begin() + t + n);
        const Matrix logits = lab_forward(c, model.weights(), part, t, &cache, nullptr, nullptr);
        INFO("positions " << t << " … " << t + n - 1);
        CHECK(max_abs_diff(logits, rows(full, t, n)) < 1e-4f);
        t += n;
        CHECK(cache.length == t);
        CHECK(cache.kv_bytes() == t * 2 * 2 * 8 * 4);  // 1 full layer × 2 × G × d × 4 B per token
        CHECK(cache.state_bytes() == state_bytes);     // the same at every length
    }
    REQUIRE(t == kTokens.size());
}

TEST_CASE("hybrid lab model: the ledger counts K/V of the full layer and adds the constant state", "[lab][hybrid]") {
    const LabConfig c = hybrid_config();
    const ModelConfig f32 = lab_ledger_config(c, 4), bf16 = lab_ledger_config(c, 2);
    CHECK(kv_layers(f32) == 1);
    CHECK(bytes_per_token(f32) == 1 * 2 * 2 * 8 * 4);  // L_full × 2 × G × d × 4 B
    CHECK(bytes_per_token(bf16) == 1 * 2 * 2 * 8 * 2);
    CHECK(bytes_per_token_formula(f32) == "1 × 2 × 2 × 8 × 4 B = 128 B");
    for (const std::uint64_t T : {1, 64, 4096, 262144}) {
        CHECK(bytes_for_context(f32, T) == 128 * T + lab_state_bytes(c));
        CHECK(bytes_for_context(bf16, T) == 64 * T + lab_state_bytes(c));  // the state stays float32
    }
    // What a cache filled by the model holds is what the ledger says.
    const LabModel model = small_model(c, 5);
    LabCache cache = model.make_cache();
    lab_forward(c, model.weights(), kTokens, 0, &cache, nullptr, nullptr);
    CHECK(cache.kv_bytes() + cache.state_bytes() == bytes_for_context(f32, kTokens.size()));
    CHECK(exceeds_context(f32, 17));
}

TEST_CASE("hybrid lab model: linear layers show state norms instead of attention, the norm of the cached S",
          "[lab][hybrid]") {
    const LabConfig c = hybrid_config();
    const LabModel model = small_model(c, 5);
    const LabForward r = model.forward(kTokens, true);
    REQUIRE(r.attention.size() == 4);
    REQUIRE(r.state_norms.size() == 4);
    const std::size_t T = kTokens.size();
    for (std::size_t l = 0; l < 4; ++l) {
        INFO("layer " << l);
        if (layer_type(c, l) == LabLayerType::Full) {
            CHECK(r.attention[l].shape(1) == T);
            CHECK(r.state_norms[l].size() == 0);
            continue;
        }
        CHECK(r.attention[l].size() == 0);
        REQUIRE(r.state_norms[l].shape(0) == T);
        REQUIRE(r.state_norms[l].shape(1) == 3);
        for (const float n : r.state_norms[l]) CHECK(n > 0.0f);
    }
    // The last row is ‖S‖ of the state a cached run ends with.
    LabCache cache = model.make_cache();
    lab_forward(c, model.weights(), kTokens, 0, &cache, nullptr, nullptr);
    for (std::size_t i = 0; i < 3; ++i) {
        const std::size_t l = i < 2 ? i : 3;  // the linear layers
        for (std::size_t h = 0; h < 3; ++h) {
            double sq = 0.0;
            for (std::size_t a = 0; a < 4; ++a)
                for (std::size_t b = 0; b < 4; ++b)
                    sq += double(cache.states[i].at(h, a, b)) * cache.states[i].at(h, a, b);
            CHECK(std::fabs(r.state_norms[l](T - 1, h) - std::sqrt(sq)) < 1e-5);
        }
    }
}

TEST_CASE("hybrid lab model: greedy generation with KV and state picks the full pass's argmax", "[lab][hybrid]") {
    const LabModel model = small_model(hybrid_config(), 5);
    const LabGeneration g = model.generate({0, 2, 3}, 6);
    REQUIRE(g.generated.size() == 6);
    for (std::size_t s = 0; s < 6; ++s) {
        const std::vector<int> prefix(g.tokens.begin(), g.tokens.begin() + 3 + s);
        const Matrix logits = model.forward(prefix).logits;
        CHECK(g.generated[s] == argmax(row_vector(logits, prefix.size() - 1)));
    }
}

TEST_CASE("hybrid lab model: the tensors of a linear layer, in the reference's names and shapes", "[lab][hybrid]") {
    const auto specs = lab_tensor_specs(hybrid_config());
    std::vector<std::string> layer0;
    for (const auto& s : specs)
        if (s.name.rfind("layers.0.", 0) == 0)
            layer0.push_back(s.name.substr(9) + " " + std::to_string(s.rows) + "x" + std::to_string(s.cols));
    CHECK(layer0 == std::vector<std::string>{"attn_norm 1x24", "in_proj_qkvz 24x48", "in_proj_ba 24x6", "conv1d 36x4",
                                             "dt_bias 1x3", "A_log 1x3", "gated_norm 1x4", "out_proj 12x24",
                                             "mlp_norm 1x24", "w1 24x32", "w3 24x32", "w2 32x24"});
    CHECK(lab_no_weight_decay("layers.0.A_log"));
    CHECK(lab_no_weight_decay("layers.0.dt_bias"));
    CHECK(lab_no_weight_decay("layers.0.gated_norm"));
    CHECK_FALSE(lab_no_weight_decay("layers.0.in_proj_ba"));
}

TEST_CASE("lab model: greedy generation with the cache picks the full pass's argmax every step", "[lab]") {
    const LabModel model = small_model();
    const LabGeneration g = model.generate({0, 2, 3}, 6);
    REQUIRE(g.generated.size() == 6);
    REQUIRE(g.tokens.size() == 9);
    for (std::size_t s = 0; s < 6; ++s) {
        const std::vector<int> prefix(g.tokens.begin(), g.tokens.begin() + 3 + s);
        const Matrix logits = model.forward(prefix).logits;
        CHECK(g.generated[s] == argmax(row_vector(logits, prefix.size() - 1)));
    }
}

TEST_CASE("lab model: attention is causal, rows sum to 1, the sink share is column 0", "[lab]") {
    const LabModel model = small_model();
    const LabForward r = model.forward(kTokens, true);
    REQUIRE(r.attention.size() == 2);
    const std::size_t T = kTokens.size();
    for (const Tensor3& w : r.attention) {
        REQUIRE(w.shape(0) == 4);
        REQUIRE(w.shape(1) == T);
        REQUIRE(w.shape(2) == T);
        for (std::size_t h = 0; h < 4; ++h)
            for (std::size_t i = 0; i < T; ++i) {
                double sum = 0.0;
                for (std::size_t j = 0; j < T; ++j) {
                    if (j > i) CHECK(w(h, i, j) == 0.0f);
                    sum += w(h, i, j);
                }
                CHECK(sum == Approx(1.0).margin(1e-5));
            }
        const std::vector<float> sink = sink_share(w);
        REQUIRE(sink.size() == 4);
        double mean = 0.0;
        for (std::size_t i = 1; i < T; ++i) mean += w(2, i, 0);
        CHECK(sink[2] == Approx(mean / (T - 1)).margin(1e-6));
    }
    CHECK_THROWS_AS(sink_share(model.forward({0}, true).attention[0]), ShapeError);
    // Asking for attention changes no logit.
    CHECK(max_abs_diff(r.logits, model.forward(kTokens).logits) == 0.0f);
}

TEST_CASE("lab model: GQA equals MHA whose K/V weights are copied inside each group", "[lab]") {
    LabConfig gqa = small_config();
    const LabModel a = small_model(gqa);
    LabConfig mha = gqa;
    mha.n_kv_heads = mha.n_heads;
    LabWeights w = a.weights();
    const std::size_t d = gqa.d_head, group = gqa.n_heads / gqa.n_kv_heads;
    for (LabLayer& y : w.layers)
        for (Matrix* m : {&y.wk, &y.wv}) {
            Matrix wide({m->shape(0), mha.n_heads * d});
            for (std::size_t h = 0; h < mha.n_heads; ++h)
                for (std::size_t r = 0; r < m->shape(0); ++r)
                    for (std::size_t c = 0; c < d; ++c) wide(r, h * d + c) = (*m)(r, (h / group) * d + c);
            *m = wide;
        }
    const LabModel b(mha, a.vocab(), w);
    CHECK(max_abs_diff(a.forward(kTokens).logits, b.forward(kTokens).logits) < 1e-5f);
}

TEST_CASE("lab model: without QK-norm and the output gate those tensors are gone", "[lab]") {
    LabConfig c = small_config();
    const std::size_t with_all = lab_tensor_specs(c).size();
    CHECK(with_all == 1 + 2 * 12 + 1);
    c.qk_norm = false;
    c.output_gate = false;
    CHECK(lab_tensor_specs(c).size() == 1 + 2 * 9 + 1);
    const LabModel m = small_model(c);
    CHECK(m.forward(kTokens).logits.shape(0) == kTokens.size());
    CHECK(lab_tensor_specs(small_config())[5].name == "layers.0.q_norm");
}

TEST_CASE("lab model: text in, text out", "[lab]") {
    const LabModel model = small_model();
    CHECK(model.encode("小明把苹果") == std::vector<int>{0, 2, 3, 4, 5, 6});
    CHECK(model.encode("小猫") == std::vector<int>{0, 2, kLabUnk});
    CHECK(model.encode("") == std::vector<int>{0});
    CHECK(model.decode({0, 2, 3, 1}) == "<bos>小明<unk>");
    CHECK(utf8_chars("a小😀") == std::vector<std::string>{"a", "小", "😀"});
    CHECK_THROWS_WITH(model.encode("ab\xE5\xB0"), Catch::Contains("not valid UTF-8 at byte 2"));
    CHECK_THROWS_WITH(model.decode({0, 16}), Catch::Contains("token 16 at position 1"));
}

TEST_CASE("lab model: errors name the field, the tensor or the position", "[lab][errors]") {
    auto fails_with = [](void (*edit)(LabConfig&), const char* text) {
        LabConfig c = small_config();
        edit(c);
        CHECK_THROWS_AS(validate(c), ConfigError);
        CHECK_THROWS_WITH(validate(c), Catch::Contains(text));
    };
    fails_with([](LabConfig& c) { c.n_kv_heads = 3; }, "LabConfig.n_heads (4) must be a multiple of n_kv_heads (3)");
    fails_with([](LabConfig& c) { c.d_head = 7; }, "LabConfig.d_head (7) must be even");
    fails_with([](LabConfig& c) { c.vocab = 2; }, "LabConfig.vocab (2)");
    fails_with([](LabConfig& c) { c.context = 0; }, "LabConfig.context");
    fails_with([](LabConfig& c) { c.rope_base = 0.5f; }, "LabConfig.rope_base");
    fails_with([](LabConfig& c) { c.vocab = 70000; }, "LabConfig.vocab (70000) is larger than a lab model can be");
    fails_with(
        [](LabConfig& c) {
            c.n_heads = 4096;
            c.n_kv_heads = 1;
            c.d_head = 8;
        },
        "n_heads × d_head (32768)");
    fails_with([](LabConfig& c) { c.layer_types = {LabLayerType::Full}; },
               "LabConfig.layer_types has 1 entries for n_layers = 2");
    fails_with([](LabConfig& c) { c.layer_types = {LabLayerType::Linear, LabLayerType::Linear}; }, "has no full layer");
    fails_with(
        [](LabConfig& c) {
            c.layer_types = {LabLayerType::Linear, LabLayerType::Full};
            c.conv_kernel = 0;
        },
        "LabConfig.conv_kernel");

    const LabModel model = small_model();
    CHECK_THROWS_WITH(model.forward({0, 2, 99}), Catch::Contains("token 99 at position 2"));
    CHECK_THROWS_AS(model.forward({}), ShapeError);
    CHECK_THROWS_WITH(model.forward(std::vector<int>(17, 2)), Catch::Contains("context of 16 tokens"));
    CHECK_THROWS_WITH(model.generate({0, 2, 3}, 14), Catch::Contains("context of 16 tokens"));

    LabWeights w = model.weights();
    w.layers[1].wk = xt::zeros<float>({24, 8});
    CHECK_THROWS_WITH(LabModel(small_config(), model.vocab(), w),
                      Catch::Contains("tensor 'layers.1.wk' is [24, 8], the config needs [24, 16]"));
    std::vector<std::string> vocab = model.vocab();
    vocab[5] = "苹果";
    CHECK_THROWS_WITH(LabModel(small_config(), vocab, model.weights()), Catch::Contains("entry 5 ('苹果')"));
    vocab[5] = vocab[4];
    CHECK_THROWS_WITH(LabModel(small_config(), vocab, model.weights()), Catch::Contains("appears twice"));
    vocab.pop_back();
    CHECK_THROWS_WITH(LabModel(small_config(), vocab, model.weights()), Catch::Contains("15 entries"));

    LabCache wrong = model.make_cache();
    wrong.kv = KVCache(2, 4, 8, 8);
    CHECK_THROWS_AS(lab_forward(model.config(), model.weights(), {0}, 0, &wrong, nullptr, nullptr), ShapeError);
    LabCache hybrid_cache = lab_make_cache(hybrid_config());
    CHECK_THROWS_WITH(lab_forward(model.config(), model.weights(), {0}, 0, &hybrid_cache, nullptr, nullptr),
                      Catch::Contains("KV"));
    LabCache cache = model.make_cache();
    CHECK_THROWS_WITH(lab_forward(model.config(), model.weights(), {0}, 3, &cache, nullptr, nullptr),
                      Catch::Contains("not 3"));
}

// lab_views.hpp: what labRun, labGenerate, labLedger and the trainer's snapshot show, one
// computation for all of them.
TEST_CASE("lab views: a layer's weights, sink share and head patterns, or a linear layer's state", "[lab][views]") {
    const LabModel model = small_model(hybrid_config());
    const LabForward f = model.forward(kTokens, true);
    const std::vector<LabLayerView> views = lab_layer_views(model.config(), f, true);
    REQUIRE(views.size() == 4);
    for (const LabLayerView& v : views) {
        INFO("layer " << v.layer);
        if (v.type == LabLayerType::Linear) {
            CHECK(v.weights.size() == 0);
            CHECK(v.state_norms == f.state_norms[v.layer]);
            CHECK(v.sink_share.empty());
            CHECK(v.patterns.empty());
        } else {
            CHECK(v.layer == 2);
            CHECK(v.weights == f.attention[2]);
            CHECK(v.sink_share == sink_share(f.attention[2]));
            REQUIRE(v.patterns.size() == 4);
            CHECK(v.patterns[1].first_token == Approx(v.sink_share[1]).margin(1e-6));
        }
    }
    CHECK(lab_layer_views(model.config(), f, false)[2].patterns.empty());
    // One token: no row past the first, so neither a sink share nor patterns.
    const LabForward one = model.forward({0}, true);
    const LabLayerView full = lab_layer_views(model.config(), one, true)[2];
    CHECK(full.weights.shape(1) == 1);
    CHECK(full.sink_share.empty());
    CHECK(full.patterns.empty());
}

TEST_CASE("lab views: labRun's top five, labels and sink shares (none at all for one token)", "[lab][views]") {
    const LabModel model = small_model(hybrid_config());
    LabRunOptions opt;
    CHECK_FALSE(opt.attention);
    const LabRunView plain = lab_run(model, kTokens, opt);
    CHECK(plain.layers.empty());
    CHECK(plain.sink_share.empty());
    REQUIRE(plain.top.size() == kTopTokens);
    const std::vector<TokenProbability> expected =
        top_k_softmax(&plain.logits(kTokens.size() - 1, 0), plain.logits.shape(1), 5);
    CHECK(plain.top[0].token == expected[0].token);
    CHECK(plain.labels.front() == "<bos>");
    CHECK(plain.labels[1] == model.vocab()[2]);
    opt.attention = true;
    const LabRunView with = lab_run(model, kTokens, opt);
    REQUIRE(with.sink_share.size() == 4);
    CHECK(with.sink_share[0].empty());
    CHECK(with.sink_share[2].size() == 4);
    CHECK(with.layer_state_bytes == lab_layer_state_bytes(model.config()));
    CHECK(with.layer_state_bytes > 0);
    const LabRunView one = lab_run(model, {0}, opt);
    CHECK(one.layers.size() == 4);
    CHECK(one.sink_share.empty());
}

TEST_CASE("lab views: the generated text drops one leading <bos>, the only rule for it", "[lab][views]") {
    const LabModel model = small_model();
    CHECK(lab_text(model, {0, 2, 3}) == model.decode({2, 3}));
    CHECK(lab_text(model, {2, 0, 3}) == model.decode({2, 0, 3}));
    CHECK(lab_text(model, {}).empty());
    const LabGenerationView g = lab_generate(model, model.encode("小明"));
    CHECK(g.generation.generated.size() == kLabGenerateSteps);
    CHECK(g.text.rfind("小明", 0) == 0);
    CHECK(g.generated_text == model.decode(g.generation.generated));
    CHECK(g.text == "小明" + g.generated_text);
}

TEST_CASE("lab views: the ledger counts float32 K/V at the model's context unless told", "[lab][views]") {
    const LabConfig c = hybrid_config();
    const LabLedgerOptions defaults;
    CHECK(defaults.dtype_bytes == 4);
    const LabLedgerView v = lab_ledger(c, defaults);
    CHECK(v.tokens == c.context);
    CHECK(v.full_layers == 1);
    CHECK(v.linear_layers == 3);
    CHECK(v.kv_bytes_per_token == 1 * 2 * 2 * 8 * 4);  // full layers × K and V × G × d × 4 B
    CHECK(v.bytes_for_context == v.kv_bytes_per_token * c.context + v.state_bytes);
    CHECK_FALSE(v.exceeds_context);
    LabLedgerOptions bf16;
    bf16.dtype_bytes = 2;
    bf16.tokens = c.context + 1;
    const LabLedgerView w = lab_ledger(c, bf16);
    CHECK(w.kv_bytes_per_token == v.kv_bytes_per_token / 2);
    CHECK(w.exceeds_context);
    CHECK(w.formula == bytes_per_token_formula(lab_ledger_config(c, 2)));
}
