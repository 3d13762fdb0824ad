// The anchor's data flow, stage by stage: shapes and parameter counts from its config
// (course-data/models.json's qwen3.8-27b, written as a C++ literal), and the sizes the config
// does not give staying unknown.
#include "attn/course/model_shapes.hpp"
#include "attn/errors.hpp"
#include "test_util.hpp"

using namespace attn;

namespace {

DecoderShapeConfig qwen_anchor() {
    DecoderShapeConfig c;
    c.name = "Qwen3.8-27B";
    c.hidden = 5120;
    c.layers = 64;
    c.full_attention_layers = 16;
    c.n_heads = 24;
    c.n_kv_heads = 4;
    c.head_dim = 256;
    c.qk_norm = true;
    c.output_gate = true;
    c.linear_state_bytes = 150994944;
    return c;
}

const Stage& stage(const std::vector<Stage>& stages, const std::string& id) {
    for (const Stage& s : stages)
        if (s.id == id) return s;
    FAIL("no stage " << id);
    throw 0;
}

std::vector<std::optional<std::uint64_t>> sizes(const std::vector<Dim>& dims) {
    std::vector<std::optional<std::uint64_t>> out;
    for (const Dim& d : dims) out.push_back(d.size);
    return out;
}

using Sizes = std::vector<std::optional<std::uint64_t>>;

}  // namespace

TEST_CASE("model_stages: the anchor's stages in flow order") {
    const auto stages = model_stages(qwen_anchor(), 5);
    std::vector<std::string> ids;
    for (const Stage& s : stages) ids.push_back(s.id);
    CHECK(ids == std::vector<std::string>{"tokens", "embedding", "norm", "attention", "linear-attention", "output-gate",
                                          "output-projection", "residual", "ffn", "final-norm", "lm-head", "softmax"});
}

TEST_CASE("model_stages: attention widens to 24 × 256 = 6144 ≠ 5120 and W_O brings it back") {
    const auto stages = model_stages(qwen_anchor(), 5);
    const Stage& a = stage(stages, "attention");
    CHECK(sizes(a.input) == Sizes{5, 5120});
    CHECK(sizes(a.output) == Sizes{5, 6144});
    REQUIRE(a.terms.size() == 5);
    CHECK(a.terms[0].name == "W_Q");
    CHECK(a.terms[0].cols == 6144u);
    CHECK(a.terms[1].name == "W_K");
    CHECK(a.terms[1].cols == 1024u);  // 4 KV heads × 256
    CHECK(a.terms[2].cols == 1024u);
    CHECK(a.terms[3].name == "q_norm");
    CHECK(a.terms[3].params == 256u);
    CHECK(a.terms[4].params == 256u);
    // 5120 × 6144 + 2 × 5120 × 1024 + 2 × 256
    CHECK(a.params_per_occurrence == 31457280u + 2u * 5242880u + 512u);
    CHECK(a.occurrences == 16);
    CHECK(a.params_total == 16u * (31457280u + 2u * 5242880u + 512u));
    const Stage& o = stage(stages, "output-projection");
    CHECK(sizes(o.input) == Sizes{5, 6144});
    CHECK(sizes(o.output) == Sizes{5, 5120});
    CHECK(o.params_per_occurrence == 6144u * 5120u);
    const Stage& g = stage(stages, "output-gate");
    CHECK(g.params_per_occurrence == 5120u * 6144u);
    CHECK(g.occurrences == 16);
}

TEST_CASE("model_stages: what the config does not give stays unknown") {
    const auto stages = model_stages(qwen_anchor(), 5);
    const Stage& e = stage(stages, "embedding");
    CHECK(sizes(e.output) == Sizes{5, 5120});
    CHECK_FALSE(e.terms[0].rows.has_value());  // vocab_size
    CHECK(e.terms[0].cols == 5120u);
    CHECK_FALSE(e.params_total.has_value());
    CHECK_FALSE(stage(stages, "ffn").params_total.has_value());
    CHECK_FALSE(stage(stages, "lm-head").params_total.has_value());
    CHECK(sizes(stage(stages, "softmax").output) == Sizes{std::nullopt});
    const Stage& lin = stage(stages, "linear-attention");
    CHECK(lin.occurrences == 48);
    CHECK_FALSE(lin.params_total.has_value());
    CHECK(lin.state_bytes == 150994944u);  // 144 MiB, the same at every T
    CHECK(model_stages(qwen_anchor(), 262144)[4].state_bytes == 150994944u);
}

TEST_CASE("model_stages: stages without weights, norms counted per layer") {
    const auto stages = model_stages(qwen_anchor(), 7);
    CHECK(stage(stages, "tokens").input.empty());
    CHECK(sizes(stage(stages, "tokens").output) == Sizes{7});
    CHECK(stage(stages, "tokens").params_total == 0u);
    CHECK(stage(stages, "residual").params_total == 0u);
    CHECK(stage(stages, "residual").occurrences == 128);
    CHECK(stage(stages, "norm").params_total == 2u * 64u * 5120u);
    CHECK(stage(stages, "final-norm").params_total == 5120u);
}

TEST_CASE("model_stages: a config with vocab and FFN width counts them; no gate, no QK-norm, no linear layers") {
    DecoderShapeConfig c = qwen_anchor();
    c.name = "made-up";
    c.full_attention_layers = 64;
    c.linear_state_bytes = 0;
    c.qk_norm = false;
    c.output_gate = false;
    c.vocab_size = 1000;
    c.ffn_width = 300;
    const auto stages = model_stages(c, 3);
    for (const Stage& s : stages) {
        CHECK(s.id != "linear-attention");
        CHECK(s.id != "output-gate");
    }
    CHECK(stage(stages, "attention").terms.size() == 3);
    CHECK(stage(stages, "embedding").params_total == 1000u * 5120u);
    CHECK(stage(stages, "ffn").params_per_occurrence == 3u * 5120u * 300u);
    CHECK(stage(stages, "lm-head").params_total == 5120u * 1000u);
    CHECK(sizes(stage(stages, "softmax").output) == Sizes{1000});
}

TEST_CASE("model_stages: named config errors") {
    DecoderShapeConfig c = qwen_anchor();
    c.n_kv_heads = 5;
    CHECK_THROWS_AS(model_stages(c, 5), ConfigError);
    CHECK_THROWS_WITH(model_stages(c, 5),
                      "Qwen3.8-27B: num_attention_heads (24) must be a multiple of num_key_value_heads (5)");
    c = qwen_anchor();
    c.hidden = 0;
    CHECK_THROWS_AS(model_stages(c, 5), ConfigError);
    CHECK_THROWS_WITH(model_stages(c, 5), "Qwen3.8-27B: hidden_size must be at least 1");
    c = qwen_anchor();
    c.full_attention_layers = 65;
    CHECK_THROWS_AS(model_stages(c, 5), ConfigError);
    CHECK_THROWS_WITH(model_stages(c, 5), "Qwen3.8-27B: full_attention_layers (65) exceeds num_hidden_layers (64)");
    CHECK_THROWS_AS(model_stages(qwen_anchor(), 0), ConfigError);
    CHECK_THROWS_WITH(model_stages(qwen_anchor(), 0), "Qwen3.8-27B: tokens must be at least 1");
}
