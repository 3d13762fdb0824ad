#include "attn/course/milestone_checks.hpp"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>

#include "attn/errors.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/decoder_parts.hpp"
#include "attn/random.hpp"

namespace attn {

namespace {

constexpr MilestoneFault kFaults[] = {MilestoneFault::None,
                                      MilestoneFault::UntieKv,
                                      MilestoneFault::ReshapeHeads,
                                      MilestoneFault::PerturbCache,
                                      MilestoneFault::RepeatKvBeforeCache,
                                      MilestoneFault::DropMask,
                                      MilestoneFault::MaskAfterSoftmax};

// The fault a check was given must be None or one of the check's own.
void require_fault(MilestoneFault fault, std::initializer_list<MilestoneFault> accepted, const char* check) {
    if (fault == MilestoneFault::None) return;
    for (const MilestoneFault f : accepted)
        if (f == fault) return;
    std::string names = "none";
    for (const MilestoneFault f : accepted) names += std::string(", ") + milestone_fault_name(f);
    throw ConfigError(std::string(check) + ": fault '" + milestone_fault_name(fault) + "' is not one of " + names);
}

double max_abs_diff(const Matrix& a, const Matrix& b) {
    if (a.shape() != b.shape())
        throw ShapeError("compared matrices differ in shape: " + shape_str("a", a.shape(0), a.shape(1)) + ", " +
                         shape_str("b", b.shape(0), b.shape(1)));
    double m = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i)
        m = std::max(m, std::fabs(static_cast<double>(a.data()[i]) - static_cast<double>(b.data()[i])));
    return m;
}

// m [rows, G·d] → [rows, H·d]: query head h's block is a copy of KV head h / (H / G)'s.
Matrix repeat_heads(const Matrix& m, std::size_t G, std::size_t H, std::size_t d) {
    const std::size_t group = H / G;
    Matrix out({m.shape(0), H * d});
    for (std::size_t r = 0; r < m.shape(0); ++r)
        for (std::size_t h = 0; h < H; ++h)
            std::copy(&m(r, (h / group) * d), &m(r, (h / group) * d) + d, &out(r, h * d));
    return out;
}

// m [rows, H·d] → [rows, G·d]: each of the G blocks the mean of its group's H / G blocks.
Matrix average_heads(const Matrix& m, std::size_t H, std::size_t G, std::size_t d) {
    const std::size_t group = H / G;
    Matrix out = xt::zeros<float>({m.shape(0), G * d});
    for (std::size_t r = 0; r < m.shape(0); ++r)
        for (std::size_t g = 0; g < G; ++g)
            for (std::size_t e = 0; e < d; ++e) {
                double sum = 0.0;
                for (std::size_t k = 0; k < group; ++k) sum += m(r, (g * group + k) * d + e);
                out(r, g * d + e) = static_cast<float>(sum / static_cast<double>(group));
            }
    return out;
}

// Head h's columns h, h + H, h + 2H, …: m [rows, H·d] read as [rows, d, H] (the reshape bug).
Matrix interleave_heads(const Matrix& m, std::size_t H, std::size_t d) {
    Matrix out({m.shape(0), H * d});
    for (std::size_t r = 0; r < m.shape(0); ++r)
        for (std::size_t h = 0; h < H; ++h)
            for (std::size_t e = 0; e < d; ++e) out(r, h * d + e) = m(r, e * H + h);
    return out;
}

// The model's K/V weights regrouped to G KV heads: repeated to one per query head, then averaged
// over groups of H / G (a copy when G is the model's own).
LabWeights regrouped_weights(const LabConfig& c, LabWeights w, std::size_t G) {
    for (std::size_t l = 0; l < c.n_layers; ++l) {
        if (layer_type(c, l) != LabLayerType::Full) continue;
        LabLayer& y = w.layers[l];
        y.wk = average_heads(repeat_heads(y.wk, c.n_kv_heads, c.n_heads, c.d_head), c.n_heads, G, c.d_head);
        y.wv = average_heads(repeat_heads(y.wv, c.n_kv_heads, c.n_heads, c.d_head), c.n_heads, G, c.d_head);
    }
    return w;
}

// The cached K and V of position `pos` negated in every full layer (the cache is append-only:
// rebuilt with the changed rows).
void negate_cached_position(LabCache& cache, std::size_t pos) {
    const std::size_t L = cache.kv.n_layers();
    std::vector<Matrix> ks, vs;
    for (std::size_t l = 0; l < L; ++l) {
        ks.push_back(cache.kv.k(l));
        vs.push_back(cache.kv.v(l));
        if (pos >= ks.back().shape(0))
            throw ShapeError("the cache holds " + std::to_string(ks.back().shape(0)) + " positions: position " +
                             std::to_string(pos) + " is not cached yet");
        for (std::size_t j = 0; j < ks.back().shape(1); ++j) ks.back()(pos, j) = -ks.back()(pos, j);
        for (std::size_t j = 0; j < vs.back().shape(1); ++j) vs.back()(pos, j) = -vs.back()(pos, j);
    }
    cache.kv.clear();
    for (std::size_t l = 0; l < L; ++l) cache.kv.append(l, ks[l], vs[l]);
}

// One forward pass that keeps what attention read in every layer.
LabActivations activations(const LabModel& model, const std::vector<int>& tokens) {
    LabActivations acts;
    lab_forward(model.config(), model.weights(), tokens, 0, nullptr, nullptr, &acts);
    return acts;
}

Matrix logits_of(const LabModel& model, const std::vector<int>& tokens) {
    return lab_forward(model.config(), model.weights(), tokens, 0, nullptr, nullptr, nullptr);
}

int last_argmax(const Matrix& logits) { return argmax(row_vector(logits, logits.shape(0) - 1)); }

}  // namespace

const char* milestone_fault_name(MilestoneFault fault) noexcept {
    switch (fault) {
        case MilestoneFault::None:
            return "none";
        case MilestoneFault::UntieKv:
            return "untie-kv";
        case MilestoneFault::ReshapeHeads:
            return "reshape-heads";
        case MilestoneFault::PerturbCache:
            return "perturb-cache";
        case MilestoneFault::RepeatKvBeforeCache:
            return "repeat-kv-before-cache";
        case MilestoneFault::DropMask:
            return "drop-mask";
        case MilestoneFault::MaskAfterSoftmax:
            return "mask-after-softmax";
    }
    return "none";
}

MilestoneFault parse_milestone_fault(const std::string& name) {
    std::string names;
    for (const MilestoneFault f : kFaults) {
        if (name == milestone_fault_name(f)) return f;
        names += std::string(names.empty() ? "" : ", ") + "'" + milestone_fault_name(f) + "'";
    }
    throw ConfigError("fault should be one of " + names + ", got '" + name + "'");
}

LabModel tied_mha_twin(const LabModel& model) {
    LabConfig c = model.config();
    LabWeights w = model.weights();
    for (std::size_t l = 0; l < c.n_layers; ++l) {
        if (layer_type(c, l) != LabLayerType::Full) continue;
        w.layers[l].wk = repeat_heads(w.layers[l].wk, c.n_kv_heads, c.n_heads, c.d_head);
        w.layers[l].wv = repeat_heads(w.layers[l].wv, c.n_kv_heads, c.n_heads, c.d_head);
    }
    c.n_kv_heads = c.n_heads;
    return LabModel(c, model.vocab(), std::move(w));
}

MilestoneDiff check_gqa_equals_tied_mha(const LabModel& model, const std::vector<int>& tokens, MilestoneFault fault) {
    require_fault(fault, {MilestoneFault::UntieKv}, "check_gqa_equals_tied_mha");
    const LabConfig& c = model.config();
    LabModel twin = tied_mha_twin(model);
    if (fault == MilestoneFault::UntieKv) {
        // Query head 1 (the second of group 0) gets K/V weights of its own: its block plus noise
        // of the block's RMS, so QK-norm cannot undo it (a scaled copy would be normalised away).
        LabConfig tc = twin.config();
        LabWeights w = twin.weights();
        const std::size_t head = c.n_heads > 1 ? 1 : 0, d = c.d_head;
        Rng rng(39);
        for (std::size_t l = 0; l < c.n_layers; ++l) {
            if (layer_type(c, l) != LabLayerType::Full) continue;
            for (Matrix* m : {&w.layers[l].wk, &w.layers[l].wv}) {
                double sq = 0.0;
                for (std::size_t r = 0; r < m->shape(0); ++r)
                    for (std::size_t e = 0; e < d; ++e) sq += double((*m)(r, head * d + e)) * (*m)(r, head * d + e);
                const double rms = std::sqrt(sq / static_cast<double>(m->shape(0) * d));
                for (std::size_t r = 0; r < m->shape(0); ++r)
                    for (std::size_t e = 0; e < d; ++e) (*m)(r, head * d + e) += static_cast<float>(rms * rng.normal());
            }
        }
        twin = LabModel(tc, model.vocab(), std::move(w));
    }
    MilestoneDiff r;
    const Matrix a = logits_of(model, tokens), b = logits_of(twin, tokens);
    r.max_abs_diff = max_abs_diff(a, b);
    r.compared = a.size();
    r.n_heads = c.n_heads;
    r.n_kv_heads = c.n_kv_heads;
    r.ok = r.max_abs_diff < r.tolerance;
    return r;
}

Matrix reference_causal_mha(const Matrix& q, const Matrix& k, const Matrix& v, std::size_t n_heads) {
    const std::size_t T = q.shape(0), width = q.shape(1);
    if (n_heads == 0 || width % n_heads != 0 || k.shape(1) != width || v.shape(1) != width || k.shape(0) != T ||
        v.shape(0) != T)
        throw ShapeError("reference MHA: " + shape_str("q", T, width) + ", " + shape_str("k", k.shape(0), k.shape(1)) +
                         ", " + shape_str("v", v.shape(0), v.shape(1)) + " do not split into " +
                         std::to_string(n_heads) + " heads of one width");
    const std::size_t d = width / n_heads;
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    Matrix out = xt::zeros<float>({T, width});
    std::vector<double> s(T);
    for (std::size_t h = 0; h < n_heads; ++h)
        for (std::size_t i = 0; i < T; ++i) {
            double top = -std::numeric_limits<double>::infinity();
            for (std::size_t j = 0; j <= i; ++j) {
                double dot = 0.0;
                for (std::size_t e = 0; e < d; ++e) dot += double(q(i, h * d + e)) * k(j, h * d + e);
                s[j] = dot * scale;
                top = std::max(top, s[j]);
            }
            double sum = 0.0;
            for (std::size_t j = 0; j <= i; ++j) sum += (s[j] = std::exp(s[j] - top));
            for (std::size_t e = 0; e < d; ++e) {
                double acc = 0.0;
                for (std::size_t j = 0; j <= i; ++j) acc += s[j] / sum * v(j, h * d + e);
                out(i, h * d + e) = static_cast<float>(acc);
            }
        }
    return out;
}

MilestoneDiff check_kv_heads_equal_heads_is_mha(const LabModel& model, const std::vector<int>& tokens,
                                                MilestoneFault fault) {
    require_fault(fault, {MilestoneFault::ReshapeHeads}, "check_kv_heads_equal_heads_is_mha");
    const LabConfig& c = model.config();
    const std::size_t H = c.n_heads, d = c.d_head;
    const LabActivations acts = activations(model, tokens);
    MilestoneDiff r;
    r.n_heads = H;
    r.n_kv_heads = H;  // what this check runs: every query head its own K/V
    for (std::size_t l = 0; l < c.n_layers; ++l) {
        if (layer_type(c, l) != LabLayerType::Full) continue;
        const LabLayerActivations& s = acts.layers[l];
        const Matrix k = repeat_heads(s.k, c.n_kv_heads, H, d), v = repeat_heads(s.v, c.n_kv_heads, H, d);
        AttentionOptions opt;
        opt.n_heads = H;
        opt.n_kv_heads = H;
        opt.causal = true;
        const bool bug = fault == MilestoneFault::ReshapeHeads;
        const Matrix engine = bug ? attention_output(interleave_heads(s.q, H, d), interleave_heads(k, H, d),
                                                     interleave_heads(v, H, d), opt)
                                  : attention_output(s.q, k, v, opt);
        const Matrix reference = reference_causal_mha(s.q, k, v, H);
        r.max_abs_diff = std::max(r.max_abs_diff, max_abs_diff(engine, reference));
        r.compared += engine.size();
    }
    r.ok = r.max_abs_diff < r.tolerance;
    return r;
}

MilestoneDiff check_incremental_matches_full(const LabModel& model, const std::vector<int>& tokens,
                                             MilestoneFault fault) {
    require_fault(fault, {MilestoneFault::PerturbCache}, "check_incremental_matches_full");
    const bool perturb = fault == MilestoneFault::PerturbCache;
    if (perturb && tokens.size() < 3)
        throw ShapeError("perturbing the cached position 1 shows from position 2 on: give at least 3 tokens, got " +
                         std::to_string(tokens.size()));
    const LabConfig& c = model.config();
    const Matrix full = logits_of(model, tokens);
    LabCache cache = model.make_cache();
    MilestoneDiff r;
    for (std::size_t t = 0; t < tokens.size(); ++t) {
        const Matrix one = lab_forward(c, model.weights(), {tokens[t]}, t, &cache, nullptr, nullptr);
        r.max_abs_diff = std::max(r.max_abs_diff, max_abs_diff(one, rows(full, t, 1)));
        r.compared += one.size();
        if (perturb && t == 1) negate_cached_position(cache, 1);
    }
    r.n_heads = c.n_heads;
    r.n_kv_heads = c.n_kv_heads;
    r.ok = r.max_abs_diff < r.tolerance;
    return r;
}

MilestoneGreedy check_greedy_with_and_without_cache(const LabModel& model, const std::vector<int>& prompt,
                                                    std::size_t steps, MilestoneFault fault) {
    require_fault(fault, {MilestoneFault::PerturbCache}, "check_greedy_with_and_without_cache");
    const LabConfig& c = model.config();
    check_tokens(prompt, 0, c.vocab, "prompt");
    if (prompt.size() + steps > c.context)
        throw ShapeError("a prompt of " + std::to_string(prompt.size()) + " tokens and " + std::to_string(steps) +
                         " steps pass the model's context of " + std::to_string(c.context) + " tokens");
    if (fault == MilestoneFault::PerturbCache && prompt.size() < 2)
        throw ShapeError("perturbing the cached position 1 needs a prompt of at least 2 tokens");
    MilestoneGreedy g;
    // With the cache: the prompt in one pass, then one token per step.
    LabCache cache = model.make_cache();
    std::vector<int> feed = prompt;
    for (std::size_t s = 0; s < steps; ++s) {
        const Matrix logits = lab_forward(c, model.weights(), feed, cache.length, &cache, nullptr, nullptr);
        if (s == 0 && fault == MilestoneFault::PerturbCache) negate_cached_position(cache, 1);
        g.with_cache.push_back(last_argmax(logits));
        feed = {g.with_cache.back()};
    }
    // Without: the whole sequence again at every step.
    std::vector<int> seq = prompt;
    for (std::size_t s = 0; s < steps; ++s) {
        g.without_cache.push_back(last_argmax(logits_of(model, seq)));
        seq.push_back(g.without_cache.back());
    }
    for (std::size_t s = 0; s < steps && g.first_difference < 0; ++s)
        if (g.with_cache[s] != g.without_cache[s]) g.first_difference = static_cast<long>(s);
    g.ok = g.first_difference < 0;
    return g;
}

MilestoneCacheBytes check_cache_bytes_halve(const LabModel& model, const std::vector<int>& tokens,
                                            MilestoneFault fault) {
    require_fault(fault, {MilestoneFault::RepeatKvBeforeCache}, "check_cache_bytes_halve");
    const LabConfig& c = model.config();
    MilestoneCacheBytes r;
    for (const std::size_t G : {4, 2, 1})
        if (c.n_heads % G == 0) r.kv_heads.push_back(G);
    if (r.kv_heads.size() < 2)
        throw ConfigError("check_cache_bytes_halve: n_heads " + std::to_string(c.n_heads) +
                          " is odd, so there are no KV-head counts 2 and 1 to compare");
    r.tokens = tokens.size();
    r.full_layers = full_layer_count(c);
    r.d_head = c.d_head;
    for (const std::size_t G : r.kv_heads) {
        LabConfig cg = c;
        cg.n_kv_heads = G;
        const LabWeights w = regrouped_weights(c, model.weights(), G);
        LabCache cache = lab_make_cache(cg);
        lab_forward(cg, w, tokens, 0, &cache, nullptr, nullptr);
        if (fault != MilestoneFault::RepeatKvBeforeCache) {
            r.bytes.push_back(cache.kv_bytes());
            continue;
        }
        // What a decoder that repeats K/V for its query heads before caching them holds.
        KVCache repeated(cache.kv.n_layers(), c.n_heads, c.d_head, c.d_head);
        for (std::size_t l = 0; l < cache.kv.n_layers(); ++l)
            repeated.append(l, repeat_heads(cache.kv.k(l), G, c.n_heads, c.d_head),
                            repeat_heads(cache.kv.v(l), G, c.n_heads, c.d_head));
        r.bytes.push_back(repeated.bytes(4));
    }
    r.ok = true;
    for (std::size_t i = 1; i < r.bytes.size(); ++i) r.ok = r.ok && r.bytes[i] * 2 == r.bytes[i - 1];
    return r;
}

MilestoneCausal check_causal_weights(const LabModel& model, const std::vector<int>& tokens, MilestoneFault fault) {
    require_fault(fault, {MilestoneFault::DropMask, MilestoneFault::MaskAfterSoftmax}, "check_causal_weights");
    if (tokens.size() < 2)
        throw ShapeError("a causal mask shows from 2 tokens on (one has nothing above the diagonal), got " +
                         std::to_string(tokens.size()));
    const LabConfig& c = model.config();
    const LabActivations acts = activations(model, tokens);
    MilestoneCausal r;
    for (std::size_t l = 0; l < c.n_layers; ++l) {
        if (layer_type(c, l) != LabLayerType::Full) continue;
        const LabLayerActivations& s = acts.layers[l];
        Tensor3 weights = s.weights;  // the model's own pass: causal, −∞ before softmax
        if (fault != MilestoneFault::None) {
            AttentionOptions opt;
            opt.n_heads = c.n_heads;
            opt.n_kv_heads = c.n_kv_heads;
            opt.causal = true;
            if (fault == MilestoneFault::DropMask) opt.causal = false;
            if (fault == MilestoneFault::MaskAfterSoftmax) opt.mask_mode = MaskMode::ZeroAfterSoftmax;
            weights = attention(s.q, s.k, s.v, opt).weights;
        }
        const std::size_t H = weights.shape(0), T = weights.shape(1);
        for (std::size_t h = 0; h < H; ++h)
            for (std::size_t i = 0; i < T; ++i) {
                double sum = 0.0;
                for (std::size_t j = 0; j < T; ++j) {
                    const float w = weights(h, i, j);
                    sum += w;
                    if (j <= i) continue;
                    ++r.above;
                    if (w != 0.0f) ++r.nonzero_above;
                    r.max_above = std::max(r.max_above, static_cast<double>(std::fabs(w)));
                }
                r.max_row_sum_error = std::max(r.max_row_sum_error, std::fabs(sum - 1.0));
                ++r.rows;
            }
    }
    r.ok = r.nonzero_above == 0 && r.max_row_sum_error < r.tolerance;
    return r;
}

}  // namespace attn
