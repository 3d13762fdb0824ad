#include "attn/course/config_loader.hpp"

#include <string>

#include "attn/errors.hpp"

namespace attn {

ModelConfig load_model_config(const ConfigObject& m) {
    ModelConfig cfg;
    cfg.name = m.string_or("name", "");
    cfg.layers = m.count_or("layers", 0);
    if (m.has("fullAttentionLayers")) cfg.full_attention_layers = m.count_or("fullAttentionLayers", 0);
    cfg.dtype_bytes = m.count_or("dtypeBytes", 2);
    if (m.has("slidingWindow")) cfg.sliding_window = m.count_or("slidingWindow", 0);
    if (m.has("contextLength")) cfg.context_length = m.count_or("contextLength", 0);
    if (m.has("reportedKvBytesPerToken"))
        cfg.reported_bytes_per_token = m.number("reportedKvBytesPerToken", "reportedKvBytesPerToken");
    if (m.has("linearAttention")) {
        const auto lin = m.object("linearAttention", "linearAttention");
        cfg.linear_attention_layers = lin->count_or("layers", 0);
        cfg.linear_state_bytes = lin->count_or("stateBytesTotal", 0);
    }
    if (!m.has("attention")) {
        if (!cfg.reported_bytes_per_token) throw ConfigError(entry_prefix(cfg) + "model config needs 'attention'");
        cfg.reported_only = true;
        return cfg;
    }
    const auto at = m.object("attention", "attention");
    const std::optional<std::string> kind = at->text("kind");
    if (!kind) throw ConfigError(entry_prefix(cfg) + "attention.kind should be one of mha, gqa, mqa, mla");
    cfg.kind = parse_kind(*kind);
    cfg.n_heads = at->count_or("nHeads", 0);
    cfg.n_kv_heads = at->count_or("nKvHeads", 0);
    cfg.head_dim = at->count_or("headDim", 0);
    cfg.v_head_dim = at->count_or("vHeadDim", 0);
    cfg.kv_lora_rank = at->count_or("kvLoraRank", 0);
    cfg.rope_dim = at->count_or("ropeDim", 0);
    return cfg;
}

DecoderShapeConfig load_decoder_shape_config(const ConfigObject& m) {
    DecoderShapeConfig cfg;
    if (auto name = m.text("name")) cfg.name = *name;
    if (!m.has("attention"))
        throw ConfigError(cfg.name + ": modelStages needs attention with nHeads, nKvHeads and headDim");
    const auto at = m.object("attention", "modelStages attention");
    if (!at->has("nKvHeads"))
        throw ConfigError(cfg.name + ": modelStages needs attention with nHeads, nKvHeads and headDim");
    cfg.hidden = m.count_or("hiddenSize", 0);
    cfg.layers = m.count_or("layers", 0);
    cfg.full_attention_layers = m.count_or("fullAttentionLayers", cfg.layers);
    cfg.n_heads = at->count_or("nHeads", 0);
    cfg.n_kv_heads = at->count_or("nKvHeads", 0);
    cfg.head_dim = at->count_or("headDim", 0);
    cfg.qk_norm = at->boolean_or("qkNorm", false);
    cfg.output_gate = at->boolean_or("outputGate", false);
    if (m.has("linearAttention"))
        cfg.linear_state_bytes =
            m.object("linearAttention", "modelStages linearAttention")->count_or("stateBytesTotal", 0);
    if (m.has("vocabSize")) cfg.vocab_size = m.count_or("vocabSize", 0);
    if (m.has("intermediateSize")) cfg.ffn_width = m.count_or("intermediateSize", 0);
    return cfg;
}

TinyDecoderConfig load_tiny_decoder_config(const ConfigObject& o) {
    TinyDecoderConfig cfg;
    cfg.vocab = o.size_or("vocab", cfg.vocab);
    cfg.d_model = o.size_or("dModel", cfg.d_model);
    cfg.n_layers = o.size_or("nLayers", cfg.n_layers);
    cfg.n_heads = o.size_or("nHeads", cfg.n_heads);
    cfg.n_kv_heads = o.size_or("nKvHeads", cfg.n_kv_heads);
    cfg.d_head = o.size_or("dHead", cfg.d_head);
    cfg.rotary_dim = o.size_or("rotaryDim", cfg.rotary_dim);
    if (auto b = o.float_if("ropeBase")) cfg.rope_base = *b;
    cfg.mlp_hidden = o.size_or("mlpHidden", cfg.mlp_hidden);
    cfg.seed = o.count_or("seed", cfg.seed);
    return cfg;
}

MlaExperimentOptions load_mla_experiment_options(const ConfigObject& o) {
    MlaExperimentOptions e;
    e.config.n_heads = o.size_or("nHeads", e.config.n_heads);
    e.config.d_nope = o.size_or("dNope", e.config.d_nope);
    e.config.d_rope = o.size_or("dRope", e.config.d_rope);
    e.config.kv_lora_rank = o.size_or("kvLoraRank", e.config.kv_lora_rank);
    e.config.d_value = o.size_or("dValue", e.config.d_value);
    if (auto b = o.float_if("ropeBase")) e.config.rope_base = *b;
    e.d_model = o.size_or("dModel", e.d_model);
    e.T = o.size_or("T", e.T);
    e.seed = o.count_or("seed", e.seed);
    e.dtype_bytes = o.size_or("dtypeBytes", e.dtype_bytes);
    return e;
}

namespace {

std::size_t required_size(const ConfigObject& o, const char* key) {
    if (!o.has(key)) throw ConfigError(std::string("config.") + key + " is missing");
    return o.size(key, std::string("config.") + key);
}

RopeScaling load_rope_scaling(const ConfigObject& o) {
    RopeScaling s;
    const std::string type = o.string_or("type", "");
    if (type == "linear")
        s.kind = RopeScaling::Kind::Linear;
    else if (type == "llama3")
        s.kind = RopeScaling::Kind::Llama3;
    else
        throw ConfigError("ropeScaling.type '" + type + "' is not supported (linear, llama3)");
    s.factor = o.float_if("factor").value_or(1.0f);
    s.low_freq_factor = o.float_if("lowFreqFactor").value_or(1.0f);
    s.high_freq_factor = o.float_if("highFreqFactor").value_or(4.0f);
    s.original_context = o.float_if("originalContext").value_or(8192.0f);
    return s;
}

}  // namespace

OpenModelConfig load_open_model_config(const ConfigObject& o) {
    OpenModelConfig c;
    const std::optional<std::string> arch = o.text("arch");
    if (!arch) throw ConfigError("config.arch should be one of 'gpt2', 'llama', 'mistral', 'qwen2', 'qwen3'");
    c.arch = parse_open_arch(*arch);
    c.vocab = required_size(o, "vocab");
    c.d_model = required_size(o, "dModel");
    c.n_layers = required_size(o, "nLayers");
    c.n_heads = required_size(o, "nHeads");
    c.n_kv_heads = o.has("nKvHeads") ? required_size(o, "nKvHeads") : c.n_heads;
    c.d_head = o.has("dHead") || c.n_heads == 0 ? required_size(o, "dHead") : c.d_model / c.n_heads;
    c.mlp_hidden = required_size(o, "mlpHidden");
    c.context = required_size(o, "context");
    c.rope_theta = o.float_if("ropeTheta").value_or(10000.0f);
    c.norm_eps = o.float_if("normEps").value_or(c.arch == OpenArch::Gpt2 ? 1e-5f : 1e-6f);
    c.tied_embeddings = o.boolean_or("tiedEmbeddings", c.arch == OpenArch::Gpt2);
    c.attention_bias = o.boolean_or("attentionBias", false);
    c.attn_output_gate = o.boolean_or("attnOutputGate", false);
    c.sliding_window = o.size_or("slidingWindow", 0);
    if (o.has("ropeScaling")) c.rope_scaling = load_rope_scaling(*o.object("ropeScaling", "ropeScaling"));
    if (o.has("ropeFreqFactors")) c.rope_freq_factors = o.floats("ropeFreqFactors", "config.ropeFreqFactors");
    validate(c);
    return c;
}

}  // namespace attn
