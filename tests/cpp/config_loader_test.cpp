// The config loaders: which fields each reads, their defaults, what is required and what is
// derived, over a map (config_map.hpp). Numbers from course-data/models.json where an entry is
// the input. The JS wording of a field of the wrong kind is the bindings' (tests/js).
#include "attn/course/config_loader.hpp"

#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/models/ledger.hpp"
#include "config_map.hpp"
#include "test_util.hpp"

using namespace attn;
using attn::test::ConfigMap;

namespace {

// course-data/models.json's "llama-3-8b", as the ledger reads it.
ConfigMap llama_3_8b() {
    ConfigMap m;
    m.set("name", "Llama 3 8B").set("layers", 32).set("contextLength", 8192).set("dtypeBytes", 2);
    m.set("attention", ConfigMap().set("kind", "gqa").set("nHeads", 32).set("nKvHeads", 8).set("headDim", 128));
    return m;
}

}  // namespace

TEST_CASE("model config: a models.json entry's fields, defaults and the ledger it gives", "[config_loader]") {
    const ModelConfig cfg = load_model_config(llama_3_8b());
    CHECK(cfg.name == "Llama 3 8B");
    CHECK(cfg.layers == 32);
    CHECK(cfg.kind == AttentionKind::GQA);
    CHECK(cfg.n_heads == 32);
    CHECK(cfg.n_kv_heads == 8);
    CHECK(cfg.head_dim == 128);
    CHECK(cfg.context_length == std::optional<std::uint64_t>(8192));
    CHECK_FALSE(cfg.full_attention_layers);
    CHECK_FALSE(cfg.sliding_window);
    CHECK_FALSE(cfg.reported_only);
    CHECK(bytes_per_token(cfg) == 131072);  // 32 × 2 × 8 × 128 × 2 B

    // dtypeBytes defaults to 2 (bf16); MLA reads kvLoraRank and ropeDim (DeepSeek-V2).
    ConfigMap v2;
    v2.set("name", "DeepSeek-V2").set("layers", 60);
    v2.set("attention", ConfigMap()
                            .set("kind", "mla")
                            .set("nHeads", 128)
                            .set("headDim", 128)
                            .set("kvLoraRank", 512)
                            .set("ropeDim", 64)
                            .set("vHeadDim", 128));
    const ModelConfig mla = load_model_config(v2);
    CHECK(mla.dtype_bytes == 2);
    CHECK(mla.kind == AttentionKind::MLA);
    CHECK(mla.v_head_dim == 128);
    CHECK(bytes_per_token(mla) == 69120);  // 60 × (512 + 64) × 2 B

    // Optional layer counts and the linear-attention state.
    ConfigMap hybrid = llama_3_8b();
    hybrid.set("fullAttentionLayers", 8).set("slidingWindow", 4096);
    hybrid.set("linearAttention", ConfigMap().set("layers", 24).set("stateBytesTotal", 1000));
    const ModelConfig h = load_model_config(hybrid);
    CHECK(h.full_attention_layers == std::optional<std::uint64_t>(8));
    CHECK(h.sliding_window == std::optional<std::uint64_t>(4096));
    CHECK(h.linear_attention_layers == 24);
    CHECK(h.linear_state_bytes == 1000);
}

TEST_CASE("model config: a reported figure alone, and what an entry without attention needs", "[config_loader]") {
    ConfigMap reported;
    reported.set("name", "DeepSeek-V4.1-Flash").set("reportedKvBytesPerToken", 890);
    const ModelConfig cfg = load_model_config(reported);
    CHECK(cfg.reported_only);
    CHECK(cfg.reported_bytes_per_token == std::optional<double>(890));

    CHECK_THROWS_AS(load_model_config(ConfigMap().set("layers", 4)), ConfigError);
    CHECK_THROWS_WITH(load_model_config(ConfigMap().set("layers", 4)), "model: model config needs 'attention'");
    CHECK_THROWS_WITH(load_model_config(ConfigMap().set("name", "X")), "X: model config needs 'attention'");

    ConfigMap no_kind;
    no_kind.set("name", "X").set("attention", ConfigMap().set("nHeads", 4));
    CHECK_THROWS_WITH(load_model_config(no_kind), "X: attention.kind should be one of mha, gqa, mqa, mla");
    ConfigMap number_kind;
    number_kind.set("name", "X").set("attention", ConfigMap().set("kind", 3));
    CHECK_THROWS_WITH(load_model_config(number_kind), "X: attention.kind should be one of mha, gqa, mqa, mla");
    ConfigMap bad_kind;
    bad_kind.set("attention", ConfigMap().set("kind", "sparse"));
    CHECK_THROWS_AS(load_model_config(bad_kind), ConfigError);  // parse_kind's message

    // A field of the wrong kind is the ConfigObject's error, naming the field.
    CHECK_THROWS_WITH(load_model_config(ConfigMap().set("layers", "many")), "layers is not a count");
}

TEST_CASE("model config: the context kvLedgerVariants re-casts at", "[config_loader][ledger]") {
    const ModelConfig cfg = load_model_config(llama_3_8b());
    CHECK(variants_context(cfg, std::nullopt) == 8192);  // the entry's own
    CHECK(variants_context(cfg, 128000) == 128000);      // the argument wins
    ConfigMap without = llama_3_8b();
    ModelConfig no_context = load_model_config(without);
    no_context.context_length.reset();
    CHECK_THROWS_WITH(variants_context(no_context, std::nullopt),
                      "Llama 3 8B: kvLedgerVariants needs a contextLength (its second argument or "
                      "model.contextLength)");
    CHECK(variants_context(no_context, 10) == 10);

    CHECK_NOTHROW(require_attention_shape(cfg));
    const ModelConfig reported = load_model_config(ConfigMap().set("reportedKvBytesPerToken", 890));
    CHECK_THROWS_WITH(require_attention_shape(reported),
                      "model: only a reported KV figure, no attention shape to re-cast");
}

TEST_CASE("decoder shape config: modelStages' fields; fullAttentionLayers defaults to layers", "[config_loader]") {
    ConfigMap m = llama_3_8b();
    m.set("hiddenSize", 4096).set("vocabSize", 128256).set("intermediateSize", 14336);
    const DecoderShapeConfig cfg = load_decoder_shape_config(m);
    CHECK(cfg.name == "Llama 3 8B");
    CHECK(cfg.hidden == 4096);
    CHECK(cfg.layers == 32);
    CHECK(cfg.full_attention_layers == 32);
    CHECK(cfg.n_heads == 32);
    CHECK(cfg.n_kv_heads == 8);
    CHECK(cfg.head_dim == 128);
    CHECK_FALSE(cfg.qk_norm);
    CHECK(cfg.vocab_size == std::optional<std::uint64_t>(128256));
    CHECK(cfg.ffn_width == std::optional<std::uint64_t>(14336));

    ConfigMap next;
    next.set("name", 7).set("layers", 48).set("fullAttentionLayers", 12);  // a name that is not a string: none
    next.set("attention", ConfigMap()
                              .set("nHeads", 16)
                              .set("nKvHeads", 2)
                              .set("headDim", 256)
                              .set("qkNorm", true)
                              .set("outputGate", true));
    next.set("linearAttention", ConfigMap().set("stateBytesTotal", 123));
    const DecoderShapeConfig n = load_decoder_shape_config(next);
    CHECK(n.name.empty());
    CHECK(n.full_attention_layers == 12);
    CHECK(n.qk_norm);
    CHECK(n.output_gate);
    CHECK(n.linear_state_bytes == 123);
    CHECK_FALSE(n.vocab_size);

    CHECK_THROWS_WITH(load_decoder_shape_config(ConfigMap().set("name", "X")),
                      "X: modelStages needs attention with nHeads, nKvHeads and headDim");
    ConfigMap no_kv;
    no_kv.set("name", "X").set("attention", ConfigMap().set("nHeads", 4).set("headDim", 8));
    CHECK_THROWS_WITH(load_decoder_shape_config(no_kv),
                      "X: modelStages needs attention with nHeads, nKvHeads and headDim");
}

TEST_CASE("tiny decoder and MLA options: omitted fields keep the structs' defaults", "[config_loader]") {
    const TinyDecoderConfig defaults;
    const TinyDecoderConfig d = load_tiny_decoder_config(ConfigMap());
    CHECK(d.vocab == defaults.vocab);
    CHECK(d.n_kv_heads == defaults.n_kv_heads);
    CHECK(d.rope_base == defaults.rope_base);
    CHECK(d.seed == defaults.seed);
    const TinyDecoderConfig t = load_tiny_decoder_config(
        ConfigMap().set("nHeads", 8).set("nKvHeads", 1).set("rotaryDim", 2).set("ropeBase", 0.1).set("seed", 9));
    CHECK(t.n_heads == 8);
    CHECK(t.n_kv_heads == 1);
    CHECK(t.rotary_dim == 2);
    CHECK(t.rope_base == 0.1f);  // rounded to float
    CHECK(t.seed == 9);
    CHECK(t.d_model == defaults.d_model);

    const MlaExperimentOptions md;
    const MlaExperimentOptions e = load_mla_experiment_options(ConfigMap().set("dRope", 6).set("T", 3));
    CHECK(e.config.d_rope == 6);
    CHECK(e.T == 3);
    CHECK(e.config.n_heads == md.config.n_heads);
    CHECK(e.config.kv_lora_rank == md.config.kv_lora_rank);
    CHECK(e.d_model == md.d_model);
    CHECK(e.seed == md.seed);
    CHECK(e.dtype_bytes == md.dtype_bytes);
}

namespace {

ConfigMap open_config(const char* arch) {
    ConfigMap o;
    o.set("arch", arch).set("vocab", 40).set("dModel", 64).set("nLayers", 2).set("nHeads", 4);
    o.set("mlpHidden", 96).set("context", 16);
    return o;
}

}  // namespace

TEST_CASE("open model config: required fields, derived defaults by architecture, validation", "[config_loader]") {
    const OpenModelConfig l = load_open_model_config(open_config("llama"));
    CHECK(l.arch == OpenArch::Llama);
    CHECK(l.n_kv_heads == 4);  // = nHeads
    CHECK(l.d_head == 16);     // dModel / nHeads
    CHECK(l.rope_theta == 10000.0f);
    CHECK(l.norm_eps == 1e-6f);
    CHECK_FALSE(l.tied_embeddings);
    CHECK(l.rope_scaling.kind == RopeScaling::Kind::None);

    const OpenModelConfig g = load_open_model_config(open_config("gpt2"));
    CHECK(g.norm_eps == 1e-5f);
    CHECK(g.tied_embeddings);

    ConfigMap q = open_config("qwen3");
    q.set("nKvHeads", 2).set("dHead", 8).set("tiedEmbeddings", false).set("ropeTheta", 1e6);
    q.set("ropeScaling", ConfigMap().set("type", "llama3").set("factor", 8).set("originalContext", 8));
    const OpenModelConfig c = load_open_model_config(q);
    CHECK(c.n_kv_heads == 2);
    CHECK(c.d_head == 8);
    CHECK(c.rope_theta == 1e6f);
    CHECK(c.rope_scaling.kind == RopeScaling::Kind::Llama3);
    CHECK(c.rope_scaling.factor == 8.0);
    CHECK(c.rope_scaling.low_freq_factor == 1.0);
    CHECK(c.rope_scaling.high_freq_factor == 4.0);
    CHECK(c.rope_scaling.original_context == 8.0);

    ConfigMap without;
    without.set("arch", "llama").set("dModel", 64);
    CHECK_THROWS_WITH(load_open_model_config(without), "config.vocab is missing");
    CHECK_THROWS_WITH(load_open_model_config(ConfigMap().set("vocab", 4)),
                      "config.arch should be one of 'gpt2', 'llama', 'mistral', 'qwen2', 'qwen3'");
    CHECK_THROWS_AS(load_open_model_config(ConfigMap().set("arch", "rwkv")), ConfigError);
    ConfigMap scaling = open_config("llama");
    scaling.set("ropeScaling", ConfigMap().set("type", "yarn"));
    CHECK_THROWS_WITH(load_open_model_config(scaling), "ropeScaling.type 'yarn' is not supported (linear, llama3)");
    // validate() runs: 4 heads are not a multiple of 3 KV heads.
    ConfigMap groups = open_config("llama");
    groups.set("nKvHeads", 3);
    CHECK_THROWS_AS(load_open_model_config(groups), ConfigError);
    // A wrong-kind field is named as the JS API spells it: "config.<key>".
    ConfigMap bad = open_config("llama");
    bad.set("context", "long");
    CHECK_THROWS_WITH(load_open_model_config(bad), "config.context is not a size");
}
