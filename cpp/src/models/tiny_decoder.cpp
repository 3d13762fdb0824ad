#include "attn/models/tiny_decoder.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "attn/errors.hpp"
#include "attn/limits.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/decoder_parts.hpp"
#include "attn/ops/rope.hpp"
#include "attn/random.hpp"

namespace attn {
namespace {

// The exact (erf) GELU, not the tanh approximation.
void gelu_inplace(Matrix& x) {
    for (auto& e : x) e = 0.5f * e * (1.0f + std::erf(e * 0.70710678118654752f));
}

}  // namespace

void validate(const TinyDecoderConfig& cfg) {
    require_positive(cfg.vocab, "TinyDecoderConfig.vocab");
    require_positive(cfg.d_model, "TinyDecoderConfig.d_model");
    require_positive(cfg.n_layers, "TinyDecoderConfig.n_layers");
    require_positive(cfg.n_heads, "TinyDecoderConfig.n_heads");
    require_positive(cfg.n_kv_heads, "TinyDecoderConfig.n_kv_heads");
    require_positive(cfg.d_head, "TinyDecoderConfig.d_head");
    require_positive(cfg.mlp_hidden, "TinyDecoderConfig.mlp_hidden");
    require_head_groups(cfg.n_heads, cfg.n_kv_heads, "TinyDecoderConfig.");
    if (cfg.rotary_dim > cfg.d_head)
        throw ConfigError("TinyDecoderConfig.rotary_dim (" + std::to_string(cfg.rotary_dim) +
                          ") is larger than d_head (" + std::to_string(cfg.d_head) + ")");
    const std::size_t r = cfg.rotary_dim ? cfg.rotary_dim : cfg.d_head;
    if (r % 2 != 0)
        throw ConfigError("TinyDecoderConfig.rotary_dim (" + std::to_string(r) +
                          (cfg.rotary_dim ? "" : ", all of d_head") + ") must be even: RoPE turns pairs of dims");
    if (!std::isfinite(cfg.rope_base) || !(cfg.rope_base > 1.0f))
        throw ConfigError("TinyDecoderConfig.rope_base must be a finite number > 1");
    // The weights the constructor draws, each checked before it is allocated.
    limits::require_elements({cfg.vocab, cfg.d_model}, "TinyDecoderConfig: embedding [vocab, d_model]");
    limits::require_elements({cfg.d_model, cfg.n_heads, cfg.d_head},
                             "TinyDecoderConfig: Wq [d_model, n_heads × d_head]");
    limits::require_elements({cfg.d_model, cfg.mlp_hidden}, "TinyDecoderConfig: MLP [d_model, mlp_hidden]");
    const std::uint64_t per_layer =
        2ull * cfg.d_model * (cfg.n_heads + cfg.n_kv_heads) * cfg.d_head + 2ull * cfg.d_model * cfg.mlp_hidden;
    limits::require_call_bytes((per_layer * limits::require_dimension(cfg.n_layers, "TinyDecoderConfig.n_layers") +
                                std::uint64_t(cfg.vocab) * cfg.d_model) *
                                   sizeof(float),
                               "TinyDecoderConfig: the weights");
}

TinyDecoder::TinyDecoder(const TinyDecoderConfig& cfg) : cfg_(cfg) {
    validate(cfg_);
    const std::size_t D = cfg_.d_model, q_width = cfg_.n_heads * cfg_.d_head, kv_width = cfg_.n_kv_heads * cfg_.d_head;
    Rng rng(cfg_.seed);
    auto weight = [&rng](std::size_t in, std::size_t out) {
        return rng.normal_matrix(in, out, 1.0f / std::sqrt(static_cast<float>(in)));
    };
    embedding_ = rng.normal_matrix(cfg_.vocab, D, 1.0f);
    for (std::size_t l = 0; l < cfg_.n_layers; ++l) {
        Layer layer;
        layer.wq = weight(D, q_width);
        layer.wk = weight(D, kv_width);
        layer.wv = weight(D, kv_width);
        layer.wo = weight(q_width, D);
        layer.w1 = weight(D, cfg_.mlp_hidden);
        layer.w2 = weight(cfg_.mlp_hidden, D);
        layers_.push_back(std::move(layer));
    }
    lm_head_ = weight(D, cfg_.vocab);
}

KVCache TinyDecoder::make_cache() const { return KVCache(cfg_.n_layers, cfg_.n_kv_heads, cfg_.d_head, cfg_.d_head); }

Matrix TinyDecoder::run(const std::vector<int>& tokens, std::size_t start, KVCache* cache, KVTrace* trace) const {
    const std::size_t T = tokens.size(), D = cfg_.d_model;
    if (start + T > limits::kMaxDecoderTokens)
        throw ShapeError("positions 0 … " + std::to_string(start + T - 1) + " pass the tiny decoder's limit of " +
                         std::to_string(limits::kMaxDecoderTokens) + " tokens");
    limits::require_elements({start + T, cfg_.vocab}, "tiny decoder logits [T, vocab]");
    limits::require_elements({start + T, cfg_.n_heads, cfg_.d_head}, "tiny decoder queries [T, n_heads × d_head]");
    limits::require_elements({start + T, std::max(D, cfg_.mlp_hidden)}, "tiny decoder activations [T, width]");
    Matrix x({T, D});
    std::vector<float> positions(T);
    for (std::size_t t = 0; t < T; ++t) {
        std::copy(&embedding_(tokens[t], 0), &embedding_(tokens[t], 0) + D, &x(t, 0));
        positions[t] = static_cast<float>(start + t);
    }
    AttentionOptions attn_opt;
    attn_opt.n_heads = cfg_.n_heads;
    attn_opt.n_kv_heads = cfg_.n_kv_heads;
    attn_opt.causal = true;  // with a cache the new queries are the last Tq of Tk: see mask.hpp
    const RopeConfig q_rope{cfg_.n_heads, cfg_.rotary_dim, cfg_.rope_base};
    const RopeConfig k_rope{cfg_.n_kv_heads, cfg_.rotary_dim, cfg_.rope_base};

    for (std::size_t l = 0; l < layers_.size(); ++l) {
        const Layer& w = layers_[l];
        const Matrix h = rms_norm(x);
        const Matrix q = rope(matmul(h, w.wq, "h", "wq"), q_rope, positions);
        const Matrix k = rope(matmul(h, w.wk, "h", "wk"), k_rope, positions);
        const Matrix v = matmul(h, w.wv, "h", "wv");
        // Every layer computes K/V for the same positions: count them once, at layer 0.
        if (trace && l == 0)
            for (std::size_t t = 0; t < T; ++t) trace->computed.push_back(start + t);
        Matrix a;
        if (cache) {
            cache->append(l, k, v);
            if (trace && l == 0)
                for (std::size_t p = 0; p < start; ++p) trace->reused.push_back(p);
            a = attention_output(q, *cache, l, attn_opt);
        } else {
            a = attention_output(q, k, v, attn_opt);
        }
        add_inplace(x, matmul(a, w.wo, "attention", "wo"));
        Matrix m = matmul(rms_norm(x), w.w1, "h", "w1");
        gelu_inplace(m);
        add_inplace(x, matmul(m, w.w2, "gelu", "w2"));
    }
    rms_norm_blocks_inplace(x, D);
    return matmul(x, lm_head_, "x", "lm_head");
}

Matrix TinyDecoder::forward(const std::vector<int>& tokens, KVTrace* trace) const {
    check_tokens(tokens, 0, cfg_.vocab, "tokens");
    return run(tokens, 0, nullptr, trace);
}

Vector TinyDecoder::prefill(const std::vector<int>& tokens, KVCache& cache, KVTrace* trace) const {
    check_kv_cache(cache, cfg_.n_layers, cfg_.n_kv_heads, cfg_.d_head);
    const std::size_t start = cache.length();
    check_tokens(tokens, start, cfg_.vocab, "tokens");
    const Matrix logits = run(tokens, start, &cache, trace);
    return row_vector(logits, tokens.size() - 1);
}

Vector TinyDecoder::step(int token, KVCache& cache, KVTrace* trace) const { return prefill({token}, cache, trace); }

GenerateResult TinyDecoder::generate(const std::vector<int>& prompt, std::size_t steps, bool use_cache) const {
    check_tokens(prompt, 0, cfg_.vocab, "prompt");
    if (steps > limits::kMaxGenerateSteps)
        throw ConfigError("steps (" + std::to_string(steps) + ") is above the limit of " +
                          std::to_string(limits::kMaxGenerateSteps) + " generated tokens per call");
    GenerateResult r{prompt, {}, 0, 0, {}};
    std::optional<KVCache> cache;
    if (use_cache) cache = make_cache();
    for (std::size_t s = 0; s < steps; ++s) {
        KVTrace trace;
        Vector logits;
        if (!use_cache)
            logits = row_vector(forward(r.tokens, &trace), r.tokens.size() - 1);
        else if (s == 0)
            logits = prefill(prompt, *cache, &trace);
        else
            logits = step(r.tokens.back(), *cache, &trace);
        const int token = argmax(logits);
        r.kv_computed += trace.computed.size();
        r.kv_reused += trace.reused.size();
        r.steps.push_back({r.tokens.size(), token, std::move(trace.computed), std::move(trace.reused),
                           cache ? cache->bytes(sizeof(float)) : 0, std::move(logits)});
        r.tokens.push_back(token);
        r.generated.push_back(token);
    }
    return r;
}

float TinyDecoder::incremental_max_abs_diff(const std::vector<int>& tokens) const {
    const Matrix full = forward(tokens);
    KVCache cache = make_cache();
    float diff = 0.0f;
    for (std::size_t t = 0; t < tokens.size(); ++t) {
        const Vector logits = step(tokens[t], cache);
        for (std::size_t i = 0; i < logits.size(); ++i) diff = std::fmax(diff, std::fabs(logits(i) - full(t, i)));
    }
    return diff;
}

}  // namespace attn
