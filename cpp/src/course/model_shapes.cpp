#include "attn/course/model_shapes.hpp"

#include "attn/errors.hpp"

namespace attn {
namespace {

using Size = std::optional<std::uint64_t>;

// The flow is one table walked by one loop (a call per stage with initializer lists of strings
// cost ~40 KB of WebAssembly; the table costs almost nothing).
enum Axis : unsigned char { kT, kD, kQ, kV, kNoAxis };                    // activation axes
enum Width : unsigned char { wD, wQ, wKV, wDh, wV, wF, wOne, wUnknown };  // weight sides
enum When : unsigned char { kAlways, kFull, kLinear, kGate };             // when a stage exists
enum Count : unsigned char { kOnce, kPerLayer, kTwicePerLayer, kFullLayers, kLinearLayers };

struct TermSpec {
    const char* name;  // nullptr ends the list
    Width rows, cols;
    bool qk_norm_only;
};

struct StageSpec {
    const char* id;
    When when;
    Axis in[2], out[2];
    Count count;
    TermSpec terms[5];
};

constexpr StageSpec kFlow[] = {
    {"tokens", kAlways, {kNoAxis, kNoAxis}, {kT, kNoAxis}, kOnce, {}},
    {"embedding", kAlways, {kT, kNoAxis}, {kT, kD}, kOnce, {{"E", wV, wD, false}}},
    {"norm", kAlways, {kT, kD}, {kT, kD}, kTwicePerLayer, {{"g", wD, wOne, false}}},
    {"attention",
     kFull,
     {kT, kD},
     {kT, kQ},
     kFullLayers,
     {{"W_Q", wD, wQ, false},
      {"W_K", wD, wKV, false},
      {"W_V", wD, wKV, false},
      {"q_norm", wDh, wOne, true},
      {"k_norm", wDh, wOne, true}}},
    {"linear-attention", kLinear, {kT, kD}, {kT, kD}, kLinearLayers, {{"weights", wUnknown, wUnknown, false}}},
    {"output-gate", kGate, {kT, kQ}, {kT, kQ}, kFullLayers, {{"W_G", wD, wQ, false}}},
    {"output-projection", kFull, {kT, kQ}, {kT, kD}, kFullLayers, {{"W_O", wQ, wD, false}}},
    {"residual", kAlways, {kT, kD}, {kT, kD}, kTwicePerLayer, {}},
    {"ffn",
     kAlways,
     {kT, kD},
     {kT, kD},
     kPerLayer,
     {{"W_gate", wD, wF, false}, {"W_up", wD, wF, false}, {"W_down", wF, wD, false}}},
    {"final-norm", kAlways, {kT, kD}, {kT, kD}, kOnce, {{"g", wD, wOne, false}}},
    {"lm-head", kAlways, {kT, kD}, {kT, kV}, kOnce, {{"W_LM", wD, wV, false}}},
    {"softmax", kAlways, {kT, kV}, {kV, kNoAxis}, kOnce, {}},
};

std::string prefix(const DecoderShapeConfig& cfg) { return cfg.name.empty() ? std::string() : cfg.name + ": "; }

// a × b, nullopt if either is unknown; ValueError past 64 bits.
Size mul(const DecoderShapeConfig& cfg, Size a, Size b) {
    if (!a || !b) return std::nullopt;
    std::uint64_t r;
    if (__builtin_mul_overflow(*a, *b, &r)) throw ValueError(prefix(cfg) + "parameter count overflows 64 bits");
    return r;
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

    const std::uint64_t full = cfg.full_attention_layers, linear = cfg.layers - full;
    const Size q_width = mul(cfg, cfg.n_heads, cfg.head_dim);
    const Size widths[] = {cfg.hidden,       q_width,        mul(cfg, cfg.n_kv_heads, cfg.head_dim),
                           cfg.head_dim,     cfg.vocab_size, cfg.ffn_width,
                           std::uint64_t{1}, std::nullopt};
    const Dim axes[] = {{"T", tokens}, {"d_model", cfg.hidden}, {"H·d_head", q_width}, {"V", cfg.vocab_size}};
    const std::uint64_t counts[] = {1, cfg.layers, 2 * cfg.layers, full, linear};

    std::vector<Stage> out;
    for (const StageSpec& spec : kFlow) {
        if ((spec.when == kFull && full == 0) || (spec.when == kLinear && linear == 0) ||
            (spec.when == kGate && (full == 0 || !cfg.output_gate)))
            continue;
        Stage s;
        s.id = spec.id;
        for (Axis a : spec.in)
            if (a != kNoAxis) s.input.push_back(axes[a]);
        for (Axis a : spec.out)
            if (a != kNoAxis) s.output.push_back(axes[a]);
        s.occurrences = counts[spec.count];
        Size sum = std::uint64_t{0};
        for (const TermSpec& t : spec.terms) {
            if (!t.name) break;
            if (t.qk_norm_only && !cfg.qk_norm) continue;
            ParamTerm term{t.name, widths[t.rows], widths[t.cols], mul(cfg, widths[t.rows], widths[t.cols])};
            if (sum && term.params) {
                if (__builtin_add_overflow(*sum, *term.params, &*sum))
                    throw ValueError(prefix(cfg) + "parameter count overflows 64 bits");
            } else {
                sum = std::nullopt;
            }
            s.terms.push_back(std::move(term));
        }
        s.params_per_occurrence = sum;
        s.params_total = mul(cfg, sum, s.occurrences);
        if (spec.when == kLinear) s.state_bytes = cfg.linear_state_bytes;
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace attn
