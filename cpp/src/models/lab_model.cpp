#include "attn/models/lab_model.hpp"
#include "attn/kernels/portable_math.hpp"

#include <cmath>
#include <unordered_set>

#include "attn/errors.hpp"
#include "attn/limits.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/decoder_parts.hpp"
#include "attn/ops/rope.hpp"
#include "attn/ops/short_conv.hpp"
#include "attn/random.hpp"

namespace attn {

const char* const kLabBosText = "<bos>";
const char* const kLabUnkText = "<unk>";

const char* layer_type_name(LabLayerType type) noexcept { return type == LabLayerType::Linear ? "linear" : "full"; }

LabLayerType layer_type(const LabConfig& cfg, std::size_t l) {
    return cfg.layer_types.empty() ? LabLayerType::Full : cfg.layer_types.at(l);
}

std::size_t linear_layer_count(const LabConfig& cfg) {
    std::size_t n = 0;
    for (const LabLayerType t : cfg.layer_types) n += t == LabLayerType::Linear;
    return n;
}

std::size_t full_layer_count(const LabConfig& cfg) { return cfg.n_layers - linear_layer_count(cfg); }

namespace {

std::string shape_of(const Matrix& m) {
    return "[" + std::to_string(m.shape(0)) + ", " + std::to_string(m.shape(1)) + "]";
}

// The one list of the model's tensors: name, where it lives, shape. Everything that walks the
// tensors (file order, zeros, init, shape checks) goes through it.
struct Spec {
    std::string name;
    std::size_t layer;              // for layer tensors
    Matrix LabLayer::*layer_field;  // null for the top-level ones
    Matrix LabWeights::*top_field;
    std::size_t rows, cols;
};

std::vector<Spec> specs(const LabConfig& cfg) {
    const std::size_t D = cfg.d_model, F = cfg.mlp_hidden, d = cfg.d_head;
    const std::size_t qw = cfg.n_heads * d, kvw = cfg.n_kv_heads * d;
    const std::size_t hl = cfg.linear_heads, dl = cfg.linear_head_dim;
    std::vector<Spec> out{{"embedding", 0, nullptr, &LabWeights::embedding, cfg.vocab, D}};
    for (std::size_t l = 0; l < cfg.n_layers; ++l) {
        const std::string p = "layers." + std::to_string(l) + ".";
        auto add = [&](const char* name, Matrix LabLayer::*field, std::size_t rows, std::size_t cols) {
            out.push_back({p + name, l, field, nullptr, rows, cols});
        };
        add("attn_norm", &LabLayer::attn_norm, 1, D);
        if (layer_type(cfg, l) == LabLayerType::Linear) {
            add("in_proj_qkvz", &LabLayer::in_proj_qkvz, D, hl * 4 * dl);
            add("in_proj_ba", &LabLayer::in_proj_ba, D, 2 * hl);
            add("conv1d", &LabLayer::conv1d, 3 * hl * dl, cfg.conv_kernel);
            add("dt_bias", &LabLayer::dt_bias, 1, hl);
            add("A_log", &LabLayer::a_log, 1, hl);
            add("gated_norm", &LabLayer::gated_norm, 1, dl);
            add("out_proj", &LabLayer::out_proj, hl * dl, D);
        } else {
            add("wq", &LabLayer::wq, D, qw);
            add("wk", &LabLayer::wk, D, kvw);
            add("wv", &LabLayer::wv, D, kvw);
            if (cfg.qk_norm) {
                add("q_norm", &LabLayer::q_norm, 1, d);
                add("k_norm", &LabLayer::k_norm, 1, d);
            }
            if (cfg.output_gate) add("w_gate", &LabLayer::w_gate, D, qw);
            add("wo", &LabLayer::wo, qw, D);
        }
        add("mlp_norm", &LabLayer::mlp_norm, 1, D);
        add("w1", &LabLayer::w1, D, F);
        add("w3", &LabLayer::w3, D, F);
        add("w2", &LabLayer::w2, F, D);
    }
    out.push_back({"final_norm", 0, nullptr, &LabWeights::final_norm, 1, D});
    return out;
}

template <class W, class M>
std::vector<std::pair<std::string, M*>> tensors_of(W& w, const LabConfig& cfg) {
    if (w.layers.size() != cfg.n_layers)
        throw ShapeError("the weights have " + std::to_string(w.layers.size()) + " layers, the config says " +
                         std::to_string(cfg.n_layers));
    std::vector<std::pair<std::string, M*>> out;
    for (const Spec& s : specs(cfg))
        out.push_back({s.name, s.layer_field ? &(w.layers[s.layer].*s.layer_field) : &(w.*s.top_field)});
    return out;
}

bool ends_with(const std::string& s, const char* tail) {
    const std::size_t n = std::char_traits<char>::length(tail);
    return s.size() >= n && s.compare(s.size() - n, n, tail) == 0;
}

bool is_gain(const std::string& name) { return ends_with(name, "_norm"); }

float silu(float x) { return silu_portable(x); }

// log(1 + e^x) without overflow.
float softplus(float x) { return x > 20.0f ? x : log1p_portable(exp_portable(x)); }

// A run of T tokens that returns its attention keeps [n_heads, T, T] weights per layer, and each
// layer's attention() holds scores and weights of that size while it runs.
void require_attention_buffers(const LabConfig& cfg, std::size_t T, const std::string& what) {
    const std::uint64_t per_layer = limits::require_elements({cfg.n_heads, T, T}, what + ": attention [n_heads, T, T]");
    limits::require_call_bytes((std::uint64_t(cfg.n_layers) + 2) * per_layer * sizeof(float),
                               what + ": n_layers + 2 attention maps [n_heads, T, T]");
}

}  // namespace

void validate_fields(const LabConfig& cfg) {
    require_positive(cfg.vocab, "LabConfig.vocab");
    require_positive(cfg.d_model, "LabConfig.d_model");
    require_positive(cfg.n_layers, "LabConfig.n_layers");
    require_positive(cfg.n_heads, "LabConfig.n_heads");
    require_positive(cfg.n_kv_heads, "LabConfig.n_kv_heads");
    require_positive(cfg.d_head, "LabConfig.d_head");
    require_positive(cfg.mlp_hidden, "LabConfig.mlp_hidden");
    require_positive(cfg.context, "LabConfig.context");
    if (cfg.vocab < 3)
        throw ConfigError("LabConfig.vocab (" + std::to_string(cfg.vocab) +
                          ") must hold <bos>, <unk> and at least one character");
    require_head_groups(cfg.n_heads, cfg.n_kv_heads, "LabConfig.");
    if (cfg.d_head % 2 != 0)
        throw ConfigError("LabConfig.d_head (" + std::to_string(cfg.d_head) +
                          ") must be even: RoPE turns pairs of dims");
    if (!std::isfinite(cfg.rope_base) || !(cfg.rope_base > 1.0f))
        throw ConfigError("LabConfig.rope_base must be a finite number > 1");
    if (!cfg.layer_types.empty() && cfg.layer_types.size() != cfg.n_layers)
        throw ConfigError("LabConfig.layer_types has " + std::to_string(cfg.layer_types.size()) +
                          " entries for n_layers = " + std::to_string(cfg.n_layers));
    if (full_layer_count(cfg) == 0)
        throw ConfigError("LabConfig.layer_types has no full layer: the lab shows attention on the full layers");
    if (linear_layer_count(cfg) > 0) {
        require_positive(cfg.linear_heads, "LabConfig.linear_heads");
        require_positive(cfg.linear_head_dim, "LabConfig.linear_head_dim");
        require_positive(cfg.conv_kernel, "LabConfig.conv_kernel");
    }
    // A lab model is small; these bounds keep a crafted weights header from asking for absurd
    // allocations or overflowing 32-bit sizes in WASM before its bytes are checked.
    const std::pair<std::size_t, const char*> bounded[] = {{cfg.vocab, "vocab"},
                                                           {cfg.d_model, "d_model"},
                                                           {cfg.n_layers, "n_layers"},
                                                           {cfg.n_heads, "n_heads"},
                                                           {cfg.d_head, "d_head"},
                                                           {cfg.mlp_hidden, "mlp_hidden"},
                                                           {cfg.context, "context"},
                                                           {cfg.linear_heads, "linear_heads"},
                                                           {cfg.linear_head_dim, "linear_head_dim"},
                                                           {cfg.conv_kernel, "conv_kernel"}};
    for (const auto& [value, field] : bounded)
        if (value > 16384)
            throw ConfigError("LabConfig." + std::string(field) + " (" + std::to_string(value) +
                              ") is larger than a lab model can be (16384)");
    if (cfg.n_heads * cfg.d_head > 16384)
        throw ConfigError("LabConfig.n_heads × d_head (" + std::to_string(cfg.n_heads * cfg.d_head) +
                          ") is larger than a lab model can be (16384)");
    if (cfg.linear_heads * cfg.linear_head_dim > 4096 || cfg.conv_kernel > 64)
        throw ConfigError("LabConfig.linear_heads × linear_head_dim (" +
                          std::to_string(cfg.linear_heads * cfg.linear_head_dim) + ") or conv_kernel (" +
                          std::to_string(cfg.conv_kernel) + ") is larger than a lab model can be (4096, 64)");
    // A valid-format file must also be able to run at its full context: the attention buffers
    // of a run with attention (one map per layer, whatever its type), checked now rather than
    // when the page first runs it; its work, which depends on the layer types, in validate().
    require_attention_buffers(cfg, cfg.context, "LabConfig (at its full context)");
}

void validate(const LabConfig& cfg) {
    validate_fields(cfg);
    const std::uint64_t work = lab_pass_work(cfg, cfg.context, 0, true);
    if (work > limits::kMaxCallWork)
        throw ConfigError("LabConfig: a pass over the whole context of " + std::to_string(cfg.context) + " tokens is " +
                          std::to_string(work) + " multiply-adds, more than the limit of " +
                          std::to_string(limits::kMaxCallWork) + " per call");
}

std::uint64_t lab_pass_work(const LabConfig& cfg, std::size_t T, std::size_t start, bool maps) {
    // The sizes are bounded by 16384 (validate), so every product of three fits 64 bits.
    const std::uint64_t D = cfg.d_model, F = cfg.mlp_hidden, d = cfg.d_head, H = cfg.n_heads;
    const std::uint64_t qw = H * d, kvw = std::uint64_t(cfg.n_kv_heads) * d;
    const std::uint64_t hl = cfg.linear_heads, dl = cfg.linear_head_dim;
    std::uint64_t per_token = std::uint64_t(cfg.vocab) * D, attention = 0;
    for (std::size_t l = 0; l < cfg.n_layers; ++l) {
        per_token += 3 * D * F;
        if (layer_type(cfg, l) == LabLayerType::Linear) {
            per_token +=
                D * (hl * 4 * dl + 2 * hl) + hl * dl * D + 3 * hl * dl * cfg.conv_kernel + kLabStateWork * hl * dl * dl;
        } else {
            per_token += D * (2 * qw + 2 * kvw + (cfg.output_gate ? qw : 0));
            // Every score of the layer's attention call as attention() counts it: × T × (start + T) below.
            attention += H * attention_score_work(cfg.d_head, cfg.d_head, MaskMode::NegInfBeforeSoftmax, maps);
        }
    }
    using limits::checked_add;
    using limits::checked_mul;
    return checked_add(checked_mul(per_token, T, "a lab pass's work"),
                       checked_mul(checked_mul(attention, T, "a lab pass's work"), start + T, "a lab pass's work"),
                       "a lab pass's work");
}

std::vector<std::pair<std::string, Matrix*>> lab_tensors(LabWeights& w, const LabConfig& cfg) {
    return tensors_of<LabWeights, Matrix>(w, cfg);
}

std::vector<std::pair<std::string, const Matrix*>> lab_tensors(const LabWeights& w, const LabConfig& cfg) {
    return tensors_of<const LabWeights, const Matrix>(w, cfg);
}

std::vector<LabTensorSpec> lab_tensor_specs(const LabConfig& cfg) {
    validate(cfg);
    std::vector<LabTensorSpec> out;
    for (const Spec& s : specs(cfg)) out.push_back({s.name, s.rows, s.cols});
    return out;
}

LabWeights lab_zero_weights(const LabConfig& cfg) {
    validate(cfg);
    LabWeights w;
    w.layers.resize(cfg.n_layers);
    const auto shapes = specs(cfg);
    const auto tensors = lab_tensors(w, cfg);
    for (std::size_t i = 0; i < shapes.size(); ++i)
        *tensors[i].second = xt::zeros<float>({shapes[i].rows, shapes[i].cols});
    return w;
}

LabWeights lab_init_weights(const LabConfig& cfg, std::uint64_t seed) {
    LabWeights w = lab_zero_weights(cfg);
    Rng rng(seed);
    const float residual_scale = 1.0f / std::sqrt(2.0f * static_cast<float>(cfg.n_layers));
    for (auto& [name, m] : lab_tensors(w, cfg)) {
        if (is_gain(name) || ends_with(name, ".dt_bias")) {
            m->fill(1.0f);
            continue;
        }
        if (ends_with(name, ".A_log")) {  // A = e^{A_log} ~ U(1, 16)
            for (float& x : *m) x = static_cast<float>(portable_log(1.0 + 15.0 * rng.uniform()));
            continue;
        }
        const std::size_t fan_in = name == "embedding"          ? cfg.d_model
                                   : ends_with(name, ".conv1d") ? m->shape(1)
                                                                : m->shape(0);
        float stddev = 1.0f / std::sqrt(static_cast<float>(fan_in));
        if (ends_with(name, ".wo") || ends_with(name, ".w2") || ends_with(name, ".out_proj")) stddev *= residual_scale;
        *m = rng.normal_matrix(m->shape(0), m->shape(1), stddev);
    }
    return w;
}

bool lab_no_weight_decay(const std::string& name) {
    return is_gain(name) || ends_with(name, ".dt_bias") || ends_with(name, ".A_log");
}

std::size_t LabCache::state_bytes() const {
    std::size_t n = 0;
    for (const GdnState& s : states) n += s.bytes();
    for (const Matrix& h : conv_history) n += h.size() * sizeof(float);
    return n;
}

LabCache lab_make_cache(const LabConfig& cfg) {
    validate(cfg);
    LabCache c{KVCache(full_layer_count(cfg), cfg.n_kv_heads, cfg.d_head, cfg.d_head), {}, {}, 0};
    const GdnDims dims{cfg.linear_heads, cfg.linear_head_dim, cfg.linear_head_dim};
    for (std::size_t i = 0; i < linear_layer_count(cfg); ++i) {
        c.states.emplace_back(dims);
        c.conv_history.push_back(xt::zeros<float>({cfg.conv_kernel - 1, 3 * cfg.linear_heads * cfg.linear_head_dim}));
    }
    return c;
}

std::size_t lab_recurrent_state_bytes(const LabConfig& cfg) {
    return linear_layer_count(cfg) * GdnState::bytes_for({cfg.linear_heads, cfg.linear_head_dim, cfg.linear_head_dim});
}

std::size_t lab_layer_state_bytes(const LabConfig& cfg) {
    return linear_layer_count(cfg) ? lab_state_bytes(cfg) / linear_layer_count(cfg) : 0;
}

std::size_t lab_layer_recurrent_state_bytes(const LabConfig& cfg) {
    return GdnState::bytes_for({cfg.linear_heads, cfg.linear_head_dim, cfg.linear_head_dim});
}

ModelConfig lab_ledger_config(const LabConfig& c, std::uint64_t dtype_bytes) {
    validate(c);
    ModelConfig m;
    m.name = "lab model";
    m.layers = c.n_layers;
    m.full_attention_layers = full_layer_count(c);
    m.linear_attention_layers = linear_layer_count(c);
    m.linear_state_bytes = lab_state_bytes(c);
    m.kind = c.n_kv_heads == c.n_heads ? AttentionKind::MHA
             : c.n_kv_heads == 1       ? AttentionKind::MQA
                                       : AttentionKind::GQA;
    m.n_heads = c.n_heads;
    m.n_kv_heads = c.n_kv_heads;
    m.head_dim = c.d_head;
    m.dtype_bytes = dtype_bytes;
    m.context_length = c.context;
    return m;
}

std::size_t lab_state_bytes(const LabConfig& cfg) {
    const std::size_t conv = (cfg.conv_kernel - 1) * 3 * cfg.linear_heads * cfg.linear_head_dim * sizeof(float);
    return lab_recurrent_state_bytes(cfg) + linear_layer_count(cfg) * conv;
}

namespace {

// The lower bound on log g (see lab_model.hpp: g stays a positive float).
constexpr float kMinLogDecay = -60.0f;

// One linear (Gated DeltaNet) layer on h [T, D]: returns a [T, Hl·dl], the input of out_proj.
// With a cache it continues the layer's state and conv history (index i among the linear layers);
// norms, when given, receives ‖S_h‖ after each token [T, Hl]; s, when given, what backward needs.
Matrix linear_mixer(const LabConfig& cfg, const LabLayer& y, const Matrix& h, LabCache* cache, std::size_t i,
                    Matrix* norms, LabLayerActivations* s) {
    const std::size_t T = h.shape(0), hl = cfg.linear_heads, dl = cfg.linear_head_dim, w = hl * dl;
    const Matrix p = matmul(h, y.in_proj_qkvz, "h", "in_proj_qkvz");
    const Matrix ba = matmul(h, y.in_proj_ba, "h", "in_proj_ba");
    // The reference's per-head layout [q_h | k_h | v_h | z_h] into [q0 | k0 | v0] and z.
    Matrix mixed({T, 3 * w}), z({T, w});
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t hh = 0; hh < hl; ++hh) {
            const float* src = &p(t, hh * 4 * dl);
            std::copy(src, src + dl, &mixed(t, hh * dl));
            std::copy(src + dl, src + 2 * dl, &mixed(t, w + hh * dl));
            std::copy(src + 2 * dl, src + 3 * dl, &mixed(t, 2 * w + hh * dl));
            std::copy(src + 3 * dl, src + 4 * dl, &z(t, hh * dl));
        }
    ShortConvResult conv =
        cache ? causal_conv_silu(mixed, y.conv1d, cache->conv_history[i]) : causal_conv_silu(mixed, y.conv1d);
    if (cache) cache->conv_history[i] = std::move(conv.history);

    Matrix beta({T, hl}), decay({T, hl});
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t hh = 0; hh < hl; ++hh) {
            const float b = ba(t, 2 * hh), a = ba(t, 2 * hh + 1);
            beta(t, hh) = sigmoid_portable(b);
            const float log_g = -exp_portable(y.a_log(0, hh)) * softplus(a + y.dt_bias(0, hh));
            decay(t, hh) = exp_portable(std::max(log_g, kMinLogDecay));
        }

    const GdnDims dims{hl, dl, dl};
    GdnState fresh(dims);
    GdnState& state = cache ? cache->states[i] : fresh;
    if (norms) *norms = Matrix({T, hl});
    if (s) {
        s->states = Matrix({T + 1, hl * dl * dl});
        std::copy(state.values().begin(), state.values().end(), &s->states(0, 0));
    }
    Matrix o({T, w});
    // (a Vector built from {n} would hold the one value n: xt::zeros gives the shape)
    Vector q_t = xt::zeros<float>({w}), k_t = xt::zeros<float>({w}), v_t = xt::zeros<float>({w});
    Vector g_t = xt::zeros<float>({hl}), beta_t = xt::zeros<float>({hl});
    for (std::size_t t = 0; t < T; ++t) {
        std::copy(&conv.out(t, 0), &conv.out(t, 0) + w, q_t.data());
        std::copy(&conv.out(t, w), &conv.out(t, w) + w, k_t.data());
        std::copy(&conv.out(t, 2 * w), &conv.out(t, 2 * w) + w, v_t.data());
        std::copy(&decay(t, 0), &decay(t, 0) + hl, g_t.data());
        std::copy(&beta(t, 0), &beta(t, 0) + hl, beta_t.data());
        const Vector o_t = gdn_step(state, q_t, k_t, v_t, g_t, beta_t);
        std::copy(o_t.begin(), o_t.end(), &o(t, 0));
        if (s) std::copy(state.values().begin(), state.values().end(), &s->states(t + 1, 0));
        if (norms)
            for (std::size_t hh = 0; hh < hl; ++hh) {
                double sq = 0.0;
                for (std::size_t j = 0; j < dl * dl; ++j)
                    sq += double(state.values()[hh * dl * dl + j]) * state.values()[hh * dl * dl + j];
                (*norms)(t, hh) = static_cast<float>(std::sqrt(sq));
            }
    }

    // gated_rms_norm(o, z, gated_norm), with the per-head 1/rms kept for backward.
    Matrix a = o;
    rms_norm_blocks_inplace(a, dl, y.gated_norm.data(), s ? &s->inv_o : nullptr);
    for (std::size_t j = 0; j < a.size(); ++j) a.data()[j] *= silu(z.data()[j]);
    if (s) {
        s->mixed = std::move(mixed);
        s->conv_out = std::move(conv.out);
        s->z = std::move(z);
        s->ba = ba;
        s->beta = std::move(beta);
        s->decay = std::move(decay);
        s->o = std::move(o);
    }
    return a;
}

}  // namespace

Matrix lab_forward(const LabConfig& cfg, const LabWeights& w, const std::vector<int>& tokens, std::size_t start,
                   LabCache* cache, LabTrace* trace, LabActivations* acts) {
    const std::size_t T = tokens.size(), D = cfg.d_model, d = cfg.d_head, F = cfg.mlp_hidden;
    check_tokens(tokens, start, cfg.vocab, "tokens");
    if (start + T > cfg.context)
        throw ShapeError("positions " + std::to_string(start) + " … " + std::to_string(start + T - 1) +
                         " pass the model's context of " + std::to_string(cfg.context) + " tokens");
    if (cache) {
        check_kv_cache(cache->kv, full_layer_count(cfg), cfg.n_kv_heads, d);
        const std::size_t n_linear = linear_layer_count(cfg);
        bool states_fit = cache->states.size() == n_linear && cache->conv_history.size() == n_linear;
        for (std::size_t i = 0; states_fit && i < n_linear; ++i)
            states_fit = cache->states[i].dims().n_heads == cfg.linear_heads &&
                         cache->states[i].dims().d_k == cfg.linear_head_dim &&
                         cache->states[i].dims().d_v == cfg.linear_head_dim &&
                         cache->conv_history[i].shape(0) == cfg.conv_kernel - 1 &&
                         cache->conv_history[i].shape(1) == 3 * cfg.linear_heads * cfg.linear_head_dim;
        if (!states_fit)
            throw ShapeError("the cache's linear-layer states are not shaped for this model (use make_cache())");
        if (cache->length != start || cache->kv.length() != start)
            throw ShapeError("the cache holds " + std::to_string(cache->length) +
                             " positions, so new tokens start at " + std::to_string(cache->length) + ", not " +
                             std::to_string(start));
        if (acts) throw ConfigError("lab_forward records activations only without a cache");
    }
    if (trace || acts) require_attention_buffers(cfg, start + T, "lab run of " + std::to_string(T) + " tokens");
    limits::require_work(lab_pass_work(cfg, T, start, trace || acts),
                         [&] { return "a lab pass over " + std::to_string(T) + " tokens"; });
    Matrix x({T, D});
    std::vector<float> positions(T);
    for (std::size_t t = 0; t < T; ++t) {
        std::copy(&w.embedding(tokens[t], 0), &w.embedding(tokens[t], 0) + D, &x(t, 0));
        positions[t] = static_cast<float>(start + t);
    }
    AttentionOptions opt;
    opt.n_heads = cfg.n_heads;
    opt.n_kv_heads = cfg.n_kv_heads;
    opt.causal = true;  // with a cache the new queries are the last T of the keys: see mask.hpp
    const RopeConfig q_rope{cfg.n_heads, 0, cfg.rope_base};
    const RopeConfig k_rope{cfg.n_kv_heads, 0, cfg.rope_base};
    if (trace) {
        trace->attention.assign(cfg.n_layers, Tensor3());
        trace->state_norms.assign(cfg.n_layers, Matrix());
    }
    if (acts) acts->layers.assign(cfg.n_layers, {});

    std::size_t full_index = 0, linear_index = 0;
    for (std::size_t l = 0; l < cfg.n_layers; ++l) {
        const LabLayer& y = w.layers[l];
        LabLayerActivations* s = acts ? &acts->layers[l] : nullptr;
        if (s) s->x = x;
        Matrix h = x;
        rms_norm_blocks_inplace(h, D, y.attn_norm.data(), s ? &s->inv_attn : nullptr);
        if (layer_type(cfg, l) == LabLayerType::Linear) {
            Matrix a = linear_mixer(cfg, y, h, cache, linear_index++, trace ? &trace->state_norms[l] : nullptr, s);
            add_inplace(x, matmul(a, y.out_proj, "linear attention", "out_proj"));
            if (s) {
                s->h = std::move(h);
                s->a = std::move(a);
                s->x_mid = x;
            }
        } else {
            Matrix q = matmul(h, y.wq, "h", "wq"), k = matmul(h, y.wk, "h", "wk");
            const Matrix v = matmul(h, y.wv, "h", "wv");
            if (s) {
                s->q_lin = q;
                s->k_lin = k;
            }
            if (cfg.qk_norm) {
                rms_norm_blocks_inplace(q, d, y.q_norm.data(), s ? &s->inv_q : nullptr);
                rms_norm_blocks_inplace(k, d, y.k_norm.data(), s ? &s->inv_k : nullptr);
            }
            q = rope(q, q_rope, positions);
            k = rope(k, k_rope, positions);
            if (cfg.output_gate) opt.gate_logits = matmul(h, y.w_gate, "h", "w_gate");
            const std::size_t layer = full_index++;
            if (cache) cache->kv.append(layer, k, v);
            Matrix a;
            if (trace || s) {
                AttentionResult r =
                    cache ? attention(q, cache->kv.k(layer), cache->kv.v(layer), opt) : attention(q, k, v, opt);
                a = std::move(r.output);
                if (s) s->weights = r.weights;
                if (trace) trace->attention[l] = std::move(r.weights);
            } else {
                a = cache ? attention_output(q, cache->kv, layer, opt) : attention_output(q, k, v, opt);
            }
            add_inplace(x, matmul(a, y.wo, "attention", "wo"));
            if (s) {
                s->h = std::move(h);
                s->q = std::move(q);
                s->k = std::move(k);
                s->v = v;
                if (cfg.output_gate) s->gate = *opt.gate_logits;
                s->a = std::move(a);
                s->x_mid = x;
            }
        }
        Matrix u = x;
        rms_norm_blocks_inplace(u, D, y.mlp_norm.data(), s ? &s->inv_mlp : nullptr);
        Matrix g1 = matmul(u, y.w1, "u", "w1"), g3 = matmul(u, y.w3, "u", "w3");
        Matrix m({T, F});
        for (std::size_t i = 0; i < m.size(); ++i) m.data()[i] = silu(g1.data()[i]) * g3.data()[i];
        add_inplace(x, matmul(m, y.w2, "swiglu", "w2"));
        if (s) {
            s->u = std::move(u);
            s->g1 = std::move(g1);
            s->g3 = std::move(g3);
            s->m = std::move(m);
        }
    }
    if (cache) cache->length += T;
    if (acts) acts->x_final = x;
    rms_norm_blocks_inplace(x, D, w.final_norm.data(), acts ? &acts->inv_final : nullptr);
    Matrix logits = matmul_bt(x, w.embedding, "x", "embedding");
    if (acts) acts->h_final = std::move(x);
    return logits;
}

std::vector<float> sink_share(const Tensor3& weights) {
    const std::size_t H = weights.shape(0), tq = weights.shape(1);
    if (tq < 2)
        throw ShapeError("the sink share averages query rows 1 … Tq − 1: it needs Tq ≥ 2, got " + std::to_string(tq));
    std::vector<float> out(H, 0.0f);
    for (std::size_t h = 0; h < H; ++h) {
        double sum = 0.0;
        for (std::size_t i = 1; i < tq; ++i) sum += weights(h, i, 0);
        out[h] = static_cast<float>(sum / static_cast<double>(tq - 1));
    }
    return out;
}

std::vector<std::string> utf8_chars(const std::string& text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        bool ok = n != 0 && i + n <= text.size();
        for (std::size_t j = 1; ok && j < n; ++j) ok = (static_cast<unsigned char>(text[i + j]) >> 6) == 0x2;
        if (!ok) throw ValueError("text is not valid UTF-8 at byte " + std::to_string(i));
        out.push_back(text.substr(i, n));
        i += n;
    }
    return out;
}

LabModel::LabModel(const LabConfig& cfg, std::vector<std::string> vocab, LabWeights weights)
    : cfg_(cfg), vocab_(std::move(vocab)), w_(std::move(weights)) {
    validate(cfg_);
    if (vocab_.size() != cfg_.vocab)
        throw ValueError("the vocabulary has " + std::to_string(vocab_.size()) + " entries, the config says " +
                         std::to_string(cfg_.vocab));
    if (vocab_[kLabBos] != kLabBosText || vocab_[kLabUnk] != kLabUnkText)
        throw ValueError(std::string("the vocabulary must start with ") + kLabBosText + " and " + kLabUnkText);
    for (std::size_t i = 0; i < vocab_.size(); ++i) {
        if (i > kLabUnk && utf8_chars(vocab_[i]).size() != 1)
            throw ValueError("vocabulary entry " + std::to_string(i) + " ('" + vocab_[i] + "') is not one character");
        if (!ids_.emplace(vocab_[i], static_cast<int>(i)).second)
            throw ValueError("vocabulary entry " + std::to_string(i) + " ('" + vocab_[i] + "') appears twice");
    }
    const auto shapes = lab_tensor_specs(cfg_);
    const auto have = lab_tensors(static_cast<const LabWeights&>(w_), cfg_);
    for (std::size_t i = 0; i < shapes.size(); ++i)
        if (have[i].second->shape(0) != shapes[i].rows || have[i].second->shape(1) != shapes[i].cols)
            throw ShapeError("tensor '" + shapes[i].name + "' is " + shape_of(*have[i].second) +
                             ", the config needs [" + std::to_string(shapes[i].rows) + ", " +
                             std::to_string(shapes[i].cols) + "]");
}

std::vector<int> LabModel::encode(const std::string& text) const {
    std::vector<int> out{kLabBos};
    for (const std::string& c : utf8_chars(text)) {
        const auto it = ids_.find(c);
        out.push_back(it == ids_.end() || it->second <= kLabUnk ? kLabUnk : it->second);
    }
    return out;
}

std::string LabModel::decode(const std::vector<int>& tokens) const {
    std::string out;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        if (tokens[i] < 0 || static_cast<std::size_t>(tokens[i]) >= vocab_.size())
            throw ValueError("token " + std::to_string(tokens[i]) + " at position " + std::to_string(i) +
                             " is outside the vocabulary [0, " + std::to_string(vocab_.size()) + ")");
        out += vocab_[tokens[i]];
    }
    return out;
}

LabForward LabModel::forward(const std::vector<int>& tokens, bool attention) const {
    LabForward r;
    LabTrace trace;
    r.logits = lab_forward(cfg_, w_, tokens, 0, nullptr, attention ? &trace : nullptr, nullptr);
    r.attention = std::move(trace.attention);
    r.state_norms = std::move(trace.state_norms);
    return r;
}

LabCache LabModel::make_cache() const { return lab_make_cache(cfg_); }

LabGeneration LabModel::generate(const std::vector<int>& prompt, std::size_t steps) const {
    check_tokens(prompt, 0, cfg_.vocab, "prompt");
    if (prompt.size() + steps > cfg_.context)
        throw ShapeError("a prompt of " + std::to_string(prompt.size()) + " tokens and " + std::to_string(steps) +
                         " steps pass the model's context of " + std::to_string(cfg_.context) + " tokens");
    LabGeneration g{prompt, {}};
    LabCache cache = make_cache();
    std::vector<int> feed = prompt;
    for (std::size_t s = 0; s < steps; ++s) {
        const Matrix logits = lab_forward(cfg_, w_, feed, cache.length, &cache, nullptr, nullptr);
        const int token = argmax(row_vector(logits, logits.shape(0) - 1));
        g.tokens.push_back(token);
        g.generated.push_back(token);
        feed = {token};
    }
    return g;
}

}  // namespace attn
