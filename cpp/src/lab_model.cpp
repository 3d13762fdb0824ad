#include "attn/lab_model.hpp"

#include <cmath>
#include <unordered_set>

#include "attn/attention.hpp"
#include "attn/decoder_parts.hpp"
#include "attn/errors.hpp"
#include "attn/limits.hpp"
#include "attn/random.hpp"
#include "attn/rope.hpp"

namespace attn {

const char* const kLabBosText = "<bos>";
const char* const kLabUnkText = "<unk>";

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
    std::vector<Spec> out{{"embedding", 0, nullptr, &LabWeights::embedding, cfg.vocab, D}};
    for (std::size_t l = 0; l < cfg.n_layers; ++l) {
        const std::string p = "layers." + std::to_string(l) + ".";
        auto add = [&](const char* name, Matrix LabLayer::*field, std::size_t rows, std::size_t cols) {
            out.push_back({p + name, l, field, nullptr, rows, cols});
        };
        add("attn_norm", &LabLayer::attn_norm, 1, D);
        add("wq", &LabLayer::wq, D, qw);
        add("wk", &LabLayer::wk, D, kvw);
        add("wv", &LabLayer::wv, D, kvw);
        if (cfg.qk_norm) {
            add("q_norm", &LabLayer::q_norm, 1, d);
            add("k_norm", &LabLayer::k_norm, 1, d);
        }
        if (cfg.output_gate) add("w_gate", &LabLayer::w_gate, D, qw);
        add("wo", &LabLayer::wo, qw, D);
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

bool is_gain(const std::string& name) { return name.size() >= 5 && name.compare(name.size() - 5, 5, "_norm") == 0; }

float silu(float x) { return x / (1.0f + std::exp(-x)); }

// A run of T tokens that returns its attention keeps [n_heads, T, T] weights per layer, and each
// layer's attention() holds scores and weights of that size while it runs.
void require_attention_buffers(const LabConfig& cfg, std::size_t T, const std::string& what) {
    const std::uint64_t per_layer = limits::require_elements({cfg.n_heads, T, T}, what + ": attention [n_heads, T, T]");
    limits::require_call_bytes((std::uint64_t(cfg.n_layers) + 2) * per_layer * sizeof(float),
                               what + ": n_layers + 2 attention maps [n_heads, T, T]");
}

}  // namespace

void validate(const LabConfig& cfg) {
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
    // A lab model is small; these bounds keep a crafted weights header from asking for absurd
    // allocations or overflowing 32-bit sizes in WASM before its bytes are checked.
    const std::pair<std::size_t, const char*> bounded[] = {
        {cfg.vocab, "vocab"},   {cfg.d_model, "d_model"},       {cfg.n_layers, "n_layers"}, {cfg.n_heads, "n_heads"},
        {cfg.d_head, "d_head"}, {cfg.mlp_hidden, "mlp_hidden"}, {cfg.context, "context"}};
    for (const auto& [value, field] : bounded)
        if (value > 16384)
            throw ConfigError("LabConfig." + std::string(field) + " (" + std::to_string(value) +
                              ") is larger than a lab model can be (16384)");
    if (cfg.n_heads * cfg.d_head > 16384)
        throw ConfigError("LabConfig.n_heads × d_head (" + std::to_string(cfg.n_heads * cfg.d_head) +
                          ") is larger than a lab model can be (16384)");
    // A valid-format file must also be able to run at its full context: the attention buffers
    // of a run with attention, checked now rather than when the page first runs it.
    require_attention_buffers(cfg, cfg.context, "LabConfig (at its full context)");
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
        if (is_gain(name)) {
            m->fill(1.0f);
            continue;
        }
        float stddev = 1.0f / std::sqrt(static_cast<float>(name == "embedding" ? cfg.d_model : m->shape(0)));
        const bool output = name.size() > 3 && (name.compare(name.size() - 3, 3, ".wo") == 0 ||
                                                name.compare(name.size() - 3, 3, ".w2") == 0);
        if (output) stddev *= residual_scale;
        *m = rng.normal_matrix(m->shape(0), m->shape(1), stddev);
    }
    return w;
}

Matrix lab_forward(const LabConfig& cfg, const LabWeights& w, const std::vector<int>& tokens, std::size_t start,
                   KVCache* cache, std::vector<Tensor3>* attention_out, LabActivations* acts) {
    const std::size_t T = tokens.size(), D = cfg.d_model, d = cfg.d_head, F = cfg.mlp_hidden;
    check_tokens(tokens, start, cfg.vocab, "tokens");
    if (start + T > cfg.context)
        throw ShapeError("positions " + std::to_string(start) + " … " + std::to_string(start + T - 1) +
                         " pass the model's context of " + std::to_string(cfg.context) + " tokens");
    if (cache) {
        check_kv_cache(*cache, cfg.n_layers, cfg.n_kv_heads, d);
        if (cache->length() != start)
            throw ShapeError("the KV cache holds " + std::to_string(cache->length()) +
                             " positions, so new tokens start at " + std::to_string(cache->length()) + ", not " +
                             std::to_string(start));
        if (acts) throw ConfigError("lab_forward records activations only without a KV cache");
    }
    if (attention_out || acts) require_attention_buffers(cfg, start + T, "lab run of " + std::to_string(T) + " tokens");
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
    if (attention_out) attention_out->clear();
    if (acts) acts->layers.assign(cfg.n_layers, {});

    for (std::size_t l = 0; l < cfg.n_layers; ++l) {
        const LabLayer& y = w.layers[l];
        LabLayerActivations* s = acts ? &acts->layers[l] : nullptr;
        if (s) s->x = x;
        Matrix h = x;
        rms_norm_blocks_inplace(h, D, y.attn_norm.data(), s ? &s->inv_attn : nullptr);
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
        const Matrix* keys = &k;
        const Matrix* values = &v;
        if (cache) {
            cache->append(l, k, v);
            keys = &cache->k(l);
            values = &cache->v(l);
        }
        Matrix a;
        if (attention_out || s) {
            AttentionResult r = attention(q, *keys, *values, opt);
            a = std::move(r.output);
            if (s) s->weights = r.weights;
            if (attention_out) attention_out->push_back(std::move(r.weights));
        } else {
            a = attention_output(q, *keys, *values, opt);
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
    r.logits = lab_forward(cfg_, w_, tokens, 0, nullptr, attention ? &r.attention : nullptr, nullptr);
    return r;
}

KVCache LabModel::make_cache() const { return KVCache(cfg_.n_layers, cfg_.n_kv_heads, cfg_.d_head, cfg_.d_head); }

LabGeneration LabModel::generate(const std::vector<int>& prompt, std::size_t steps) const {
    check_tokens(prompt, 0, cfg_.vocab, "prompt");
    if (prompt.size() + steps > cfg_.context)
        throw ShapeError("a prompt of " + std::to_string(prompt.size()) + " tokens and " + std::to_string(steps) +
                         " steps pass the model's context of " + std::to_string(cfg_.context) + " tokens");
    LabGeneration g{prompt, {}};
    KVCache cache = make_cache();
    std::vector<int> feed = prompt;
    for (std::size_t s = 0; s < steps; ++s) {
        const Matrix logits = lab_forward(cfg_, w_, feed, cache.length(), &cache, nullptr, nullptr);
        const int token = argmax(row_vector(logits, logits.shape(0) - 1));
        g.tokens.push_back(token);
        g.generated.push_back(token);
        feed = {token};
    }
    return g;
}

}  // namespace attn
