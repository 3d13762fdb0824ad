#include "attn/model_shapes.hpp"

#include "attn/errors.hpp"

namespace attn {
namespace {

using Size = std::optional<std::uint64_t>;

std::string prefix(const DecoderShapeConfig& cfg) { return cfg.name.empty() ? std::string() : cfg.name + ": "; }

Size mul(const DecoderShapeConfig& cfg, Size a, Size b) {
    if (!a || !b) return std::nullopt;
    std::uint64_t r;
    if (__builtin_mul_overflow(*a, *b, &r)) throw ValueError(prefix(cfg) + "parameter count overflows 64 bits");
    return r;
}

ParamTerm term(const DecoderShapeConfig& cfg, std::string name, Size rows, Size cols) {
    return ParamTerm{std::move(name), rows, cols, mul(cfg, rows, cols)};
}

// A stage with params_per_occurrence and params_total summed from its terms: 0 for a stage
// without weights, nullopt as soon as one term is unknown.
Stage make(const DecoderShapeConfig& cfg, std::string id, std::vector<Dim> input, std::vector<Dim> output,
           std::vector<ParamTerm> terms, std::uint64_t occurrences) {
    Stage s;
    s.id = std::move(id);
    s.input = std::move(input);
    s.output = std::move(output);
    s.terms = std::move(terms);
    s.occurrences = occurrences;
    Size sum = std::uint64_t{0};
    for (const ParamTerm& t : s.terms) {
        if (!t.params) {
            sum = std::nullopt;
            break;
        }
        std::uint64_t r;
        if (__builtin_add_overflow(*sum, *t.params, &r))
            throw ValueError(prefix(cfg) + "parameter count overflows 64 bits");
        sum = r;
    }
    s.params_per_occurrence = sum;
    s.params_total = mul(cfg, sum, s.occurrences);
    return s;
}

void require(const DecoderShapeConfig& cfg, std::uint64_t x, const char* field) {
    if (x == 0) throw ConfigError(prefix(cfg) + field + " must be at least 1");
}

}  // namespace

std::vector<Stage> model_stages(const DecoderShapeConfig& cfg, std::uint64_t tokens) {
    require(cfg, cfg.hidden, "hidden_size");
    require(cfg, cfg.layers, "num_hidden_layers");
    require(cfg, cfg.n_heads, "num_attention_heads");
    require(cfg, cfg.n_kv_heads, "num_key_value_heads");
    require(cfg, cfg.head_dim, "head_dim");
    require(cfg, tokens, "tokens");
    if (cfg.n_heads % cfg.n_kv_heads != 0)
        throw ConfigError(prefix(cfg) + "num_attention_heads (" + std::to_string(cfg.n_heads) +
                          ") must be a multiple of num_key_value_heads (" + std::to_string(cfg.n_kv_heads) + ")");
    if (cfg.full_attention_layers > cfg.layers)
        throw ConfigError(prefix(cfg) + "full_attention_layers (" + std::to_string(cfg.full_attention_layers) +
                          ") exceeds num_hidden_layers (" + std::to_string(cfg.layers) + ")");

    const Size d = cfg.hidden, dh = cfg.head_dim, v = cfg.vocab_size, f = cfg.ffn_width;
    const Size q_width = mul(cfg, cfg.n_heads, dh), kv_width = mul(cfg, cfg.n_kv_heads, dh);
    const Dim T{"T", tokens}, D{"d_model", d}, Q{"H·d_head", q_width}, V{"V", v};
    const std::uint64_t full = cfg.full_attention_layers, linear = cfg.layers - full;

    std::vector<Stage> out;
    out.push_back(make(cfg, "tokens", {}, {T}, {}, 1));
    out.push_back(make(cfg, "embedding", {T}, {T, D}, {term(cfg, "E", v, d)}, 1));
    out.push_back(make(cfg, "norm", {T, D}, {T, D}, {term(cfg, "g", d, 1)}, 2 * cfg.layers));
    if (full > 0) {
        std::vector<ParamTerm> attn = {term(cfg, "W_Q", d, q_width), term(cfg, "W_K", d, kv_width),
                                       term(cfg, "W_V", d, kv_width)};
        if (cfg.qk_norm) {
            attn.push_back(term(cfg, "q_norm", dh, 1));
            attn.push_back(term(cfg, "k_norm", dh, 1));
        }
        out.push_back(make(cfg, "attention", {T, D}, {T, Q}, attn, full));
    }
    if (linear > 0) {
        Stage s =
            make(cfg, "linear-attention", {T, D}, {T, D}, {term(cfg, "weights", std::nullopt, std::nullopt)}, linear);
        s.state_bytes = cfg.linear_state_bytes;
        out.push_back(s);
    }
    if (full > 0) {
        if (cfg.output_gate)
            out.push_back(make(cfg, "output-gate", {T, Q}, {T, Q}, {term(cfg, "W_G", d, q_width)}, full));
        out.push_back(make(cfg, "output-projection", {T, Q}, {T, D}, {term(cfg, "W_O", q_width, d)}, full));
    }
    out.push_back(make(cfg, "residual", {T, D}, {T, D}, {}, 2 * cfg.layers));
    out.push_back(make(cfg, "ffn", {T, D}, {T, D},
                       {term(cfg, "W_gate", d, f), term(cfg, "W_up", d, f), term(cfg, "W_down", f, d)}, cfg.layers));
    out.push_back(make(cfg, "final-norm", {T, D}, {T, D}, {term(cfg, "g", d, 1)}, 1));
    out.push_back(make(cfg, "lm-head", {T, D}, {T, V}, {term(cfg, "W_LM", d, v)}, 1));
    out.push_back(make(cfg, "softmax", {T, V}, {V}, {}, 1));
    return out;
}

}  // namespace attn
