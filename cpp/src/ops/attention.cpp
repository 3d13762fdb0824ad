#include "attn/ops/attention.hpp"
#include "attn/kernels/portable_math.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/kernels/attention_kernels.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/kernels/thread_pool.hpp"
#include "attn/limits.hpp"
#include "attn/ops/mask.hpp"
#include "attn/ops/softmax.hpp"

namespace attn {
namespace {

struct Dims {
    std::size_t tq, tk, h, g, d, dv;
};

// K or V as the kernels read them: `rows` rows of `cols` floats from `data`, row-major. A
// Matrix, or the KV cache's rows where they lie (attention_output(q, cache, layer, opt): no copy).
struct Rows {
    const float* data;
    std::size_t rows, cols;
    // Implicit, so a Matrix goes where Rows are read.
    Rows(const Matrix& m) : data(m.data()), rows(m.shape(0)), cols(m.shape(1)) {}
    Rows(const float* d, std::size_t r, std::size_t c) : data(d), rows(r), cols(c) {}
    std::size_t shape(std::size_t i) const { return i == 0 ? rows : cols; }
};

void require_nonempty_rows(const Rows& m, const char* name) {
    if (m.rows == 0 || m.cols == 0) throw ShapeError(shape_str(name, m.rows, m.cols) + " is empty");
}

// attention_score_work's sum as the error names it.
std::string score_work_formula(MaskMode mode, bool maps) {
    std::string f = mode == MaskMode::ZeroAfterSoftmax ? "2·(d + dv) + " + std::to_string(kUnblockedScoreWork)
                                                       : "d + dv + " + std::to_string(kScoreWork);
    if (maps) f += " + d + " + std::to_string(kScoreMapWork);
    return f;
}

// maps: the call forms the [H, Tq, Tk] scores and weights (attention()), which counts in its work.
// finite_kv: check K and V for ±∞ and NaN (the KV cache checked its rows as they came).
Dims check(const Matrix& q, Rows k, Rows v, const AttentionOptions& opt, bool maps, bool finite_kv = true) {
    require_nonempty(q, "q");
    require_nonempty_rows(k, "k");
    require_nonempty_rows(v, "v");
    const std::size_t h = opt.n_heads, g = opt.n_kv_heads ? opt.n_kv_heads : opt.n_heads;
    require_positive(h, "n_heads");
    require_head_groups(h, g);
    if (q.shape(1) % h != 0)
        throw ShapeError(shape_str("q", q.shape(0), q.shape(1)) +
                         " does not split into n_heads = " + std::to_string(h) + " equal column blocks");
    const std::size_t d = q.shape(1) / h;
    if (k.shape(1) != g * d)
        throw ShapeError(shape_str("k", k.shape(0), k.shape(1)) + " should have n_kv_heads × d = " + std::to_string(g) +
                         " × " + std::to_string(d) + " = " + std::to_string(g * d) + " columns");
    if (v.shape(0) != k.shape(0))
        throw ShapeError(shape_str("v", v.shape(0), v.shape(1)) + " should have as many rows as " +
                         shape_str("k", k.shape(0), k.shape(1)));
    if (v.shape(1) % g != 0)
        throw ShapeError(shape_str("v", v.shape(0), v.shape(1)) +
                         " does not split into n_kv_heads = " + std::to_string(g) + " equal column blocks");
    const Dims dims{q.shape(0), k.shape(0), h, g, d, v.shape(1) / g};
    limits::require_elements({dims.tq, dims.h, dims.dv}, "attention output [Tq, H·dv]");
    // Every score's work (attention_score_work); H·Tq ≤ 2^26 by the line above.
    const std::uint64_t per_score = attention_score_work(d, dims.dv, opt.mask_mode, maps);
    limits::require_work(
        limits::checked_mul(limits::checked_mul(std::uint64_t(h) * dims.tq, dims.tk, "attention's work"), per_score,
                            "attention's work"),
        [&] {
            return "attention H × Tq × Tk × (work per score: " + score_work_formula(opt.mask_mode, maps) +
                   ") = " + std::to_string(h) + " × " + std::to_string(dims.tq) + " × " + std::to_string(dims.tk) +
                   " × " + std::to_string(per_score);
        });
    if (opt.causal && dims.tq > dims.tk)
        throw ShapeError("causal attention needs Tq <= Tk (queries are the last positions), got Tq " +
                         std::to_string(dims.tq) + ", Tk " + std::to_string(dims.tk));
    if (opt.mask) require_mask(*opt.mask, dims.tq, dims.tk);
    if (opt.gate_logits) {
        require_shape(*opt.gate_logits, dims.tq, h * dims.dv, "gate_logits");
        require_finite(*opt.gate_logits, "gate_logits");
    }
    if (opt.scale && !std::isfinite(*opt.scale)) throw ValueError("scale is not finite");
    require_sink_logit(opt.sink_logit);
    require_finite(q, "q");
    if (finite_kv) {
        require_finite(k.data, k.rows, k.cols, "k");
        require_finite(v.data, v.rows, v.cols, "v");
    }
    return dims;
}

kernels::HeadRows head_rows(const Matrix& q, Rows k, Rows v, const AttentionOptions& opt, const Dims& dm,
                            std::size_t h) {
    const std::size_t kv = h / (dm.h / dm.g);
    kernels::HeadRows p{};
    p.q = q.data() + h * dm.d;
    p.q_stride = q.shape(1);
    p.k = k.data + kv * dm.d;
    p.k_stride = k.shape(1);
    p.v = v.data + kv * dm.dv;
    p.v_stride = v.shape(1);
    p.tq = dm.tq;
    p.tk = dm.tk;
    p.d = dm.d;
    p.dv = dm.dv;
    p.scale = opt.scale ? *opt.scale : 1.0f / std::sqrt(static_cast<float>(dm.d));
    p.causal = opt.causal;
    p.mask = opt.mask ? opt.mask->data() : nullptr;
    p.has_sink = opt.sink_logit.has_value();
    p.sink_logit = opt.sink_logit.value_or(0.0f);
    return p;
}

[[noreturn]] void throw_fully_masked(std::size_t i, std::size_t h) {
    throw MaskError(fully_masked_message("query row " + std::to_string(i) + " of head " + std::to_string(h)));
}

// out ·= sigmoid(gate), after the heads are done.
void apply_gate(Matrix& out, const AttentionOptions& opt) {
    if (!opt.gate_logits) return;
    const float* g = opt.gate_logits->data();
    float* o = out.data();
    for (std::size_t i = 0; i < out.size(); ++i) o[i] *= sigmoid_portable(g[i]);
}

// Weights and output row by row: scores of keys 0..n, softmax, then zero the masked weights
// (the zero-after-softmax view, whose softmax runs over every key), output = Σ w_j v_j. The
// output of that mode, for attention() and attention_output() alike.
Matrix run_zero_after_softmax(const Matrix& q, Rows k, Rows v, const AttentionOptions& opt, const Dims& dm,
                              Tensor3* weights, Matrix* sink) {
    Matrix out = xt::zeros<float>({dm.tq, dm.h * dm.dv});
    std::vector<float> row(dm.tk);
    for (std::size_t h = 0; h < dm.h; ++h) {
        const kernels::HeadRows p = head_rows(q, k, v, opt, dm, h);
        for (std::size_t i = 0; i < dm.tq; ++i) {
            const float* qi = p.q + i * p.q_stride;
            for (std::size_t j = 0; j < dm.tk; ++j) row[j] = p.scale * kernels::dot(qi, p.k + j * p.k_stride, dm.d);
            const auto s = softmax_inplace(row.data(), dm.tk, opt.sink_logit);
            if (!s) throw_fully_masked(i, h);
            const std::size_t visible = kernels::visible_keys(p, i);
            for (std::size_t j = 0; j < dm.tk; ++j)
                if (j >= visible || (p.mask && !p.mask[i * dm.tk + j])) row[j] = 0.0f;
            float* o = &out(i, h * dm.dv);
            for (std::size_t j = 0; j < dm.tk; ++j)
                if (row[j] != 0.0f) kernels::axpy(row[j], p.v + j * p.v_stride, o, dm.dv);
            if (weights) std::copy(row.begin(), row.end(), &(*weights)(h, i, 0));
            if (sink) (*sink)(h, i) = *s;
        }
    }
    apply_gate(out, opt);
    return out;
}

// The output of the −∞ mode: the streaming kernel per head, or its scalar twin. The kernel's
// heads run one KV group at a time, the groups split over the threads (thread_pool.hpp: 1 but in
// the threaded engine); each head writes its own columns, so the bits are the same on any count.
Matrix run_streaming(const Matrix& q, Rows k, Rows v, const AttentionOptions& opt, const Dims& dm, bool scalar) {
    Matrix out({dm.tq, dm.h * dm.dv});
    // The first row without a visible key, per head (kAllRowsVisible where there is none).
    std::vector<std::size_t> bad(dm.h, kernels::kAllRowsVisible);
    if (scalar) {
        std::vector<float> row(dm.tk);
        for (std::size_t h = 0; h < dm.h; ++h)
            bad[h] = kernels::attend_rows_scalar(head_rows(q, k, v, opt, dm, h), out.data() + h * dm.dv, out.shape(1),
                                                 row.data());
    } else {
        // K packed in panels once per KV head (query heads that share it, GQA, share the panels),
        // and, with G heads interleaved in v, that head's V rows copied next to each other: a
        // head's rows are then G·dv floats apart (2 KiB for MHA at H = 8, d = 64), two rows per
        // 4 KiB page, and the key sweeps of long sequences thrash the TLB. O(Tk·d) copying for
        // O(Tq·Tk·d) work.
        const std::size_t per_group = dm.h / dm.g;
        threads::parallel_for(dm.g, [&](std::size_t kv) {
            std::vector<float> packed_k, v_rows(dm.g > 1 ? dm.tk * dm.dv : 0);
            for (std::size_t h = kv * per_group; h < (kv + 1) * per_group; ++h) {
                kernels::HeadRows p = head_rows(q, k, v, opt, dm, h);
                if (packed_k.empty()) {
                    packed_k.resize(kernels::packed_keys_floats(p));
                    kernels::pack_keys(p, packed_k.data());
                    for (std::size_t j = 0; !v_rows.empty() && j < dm.tk; ++j)
                        std::copy(p.v + j * p.v_stride, p.v + j * p.v_stride + dm.dv, v_rows.data() + j * dm.dv);
                }
                if (!v_rows.empty()) {
                    p.v = v_rows.data();
                    p.v_stride = dm.dv;
                }
                bad[h] = kernels::attend_streaming(p, packed_k.data(), out.data() + h * dm.dv, out.shape(1));
            }
        });
    }
    for (std::size_t h = 0; h < dm.h; ++h)
        if (bad[h] != kernels::kAllRowsVisible) throw_fully_masked(bad[h], h);
    apply_gate(out, opt);
    return out;
}

// run_streaming is called through this pointer, never directly. Binaryen's -O3 at link time
// inlines any function that has a single caller, whatever its size; which functions have a single
// caller depends on what the module links (attention() calls run_streaming too, but attn-bench
// does not link attention()). In attn-bench it merged run_streaming, with the streaming kernel
// inlined into it, into attention_output's own body (checks and messages): one 35 KB function,
// whose V8 code ran the benchmark's T = 512 in 15.9 ms instead of 9.5 (issue 43; 6706a87 had
// only changed which callers survived). Called through a volatile pointer, run_streaming is a
// function of its own in every module, the kernel inlined into it as in the pages' engine.
Matrix (*const volatile run_streaming_call)(const Matrix&, Rows, Rows, const AttentionOptions&, const Dims&,
                                            bool) = &run_streaming;

// Scores of every key, then weights: −∞ where masked, softmax (the sink's share into sink).
void scores_and_weights(const Matrix& q, Rows k, Rows v, const AttentionOptions& opt, const Dims& dm, Tensor3& scores,
                        Tensor3& weights, Matrix& sink) {
    constexpr float neg_inf = -std::numeric_limits<float>::infinity();
    for (std::size_t h = 0; h < dm.h; ++h) {
        const kernels::HeadRows p = head_rows(q, k, v, opt, dm, h);
        kernels::scores_blocked(p, &scores(h, 0, 0), dm.tk);
        for (std::size_t i = 0; i < dm.tq; ++i) {
            float* w = &weights(h, i, 0);
            const float* s = &scores(h, i, 0);
            const std::size_t visible = kernels::visible_keys(p, i);
            for (std::size_t j = 0; j < dm.tk; ++j)
                w[j] = j < visible && !(p.mask && !p.mask[i * dm.tk + j]) ? s[j] : neg_inf;
            // Hidden keys past `visible` stay out of the softmax and are set to exactly 0.
            const auto share = softmax_inplace(w, visible, opt.sink_logit);
            if (!share) throw_fully_masked(i, h);
            std::fill(w + visible, w + dm.tk, 0.0f);
            sink(h, i) = *share;
        }
    }
}

}  // namespace

std::uint64_t attention_score_work(std::size_t d, std::size_t dv, MaskMode mode, bool maps) noexcept {
    // d and dv are at most 2^24 (limits::kMaxDimension), so none of this overflows.
    const std::uint64_t dd = d, ddv = dv;
    std::uint64_t w = mode == MaskMode::ZeroAfterSoftmax ? 2 * (dd + ddv) + kUnblockedScoreWork : dd + ddv + kScoreWork;
    if (maps) w += dd + kScoreMapWork;
    return w;
}

AttentionResult attention(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt) {
    const Dims dm = check(q, k, v, opt, true);
    // scores and weights, both [H, Tq, Tk], are allocated together.
    const std::uint64_t map = limits::require_elements({dm.h, dm.tq, dm.tk}, "attention weights [H, Tq, Tk]");
    limits::require_call_bytes(2 * map * sizeof(float), "attention scores and weights");
    AttentionResult r;
    r.weights = xt::zeros<float>({dm.h, dm.tq, dm.tk});
    r.sink_weight = xt::zeros<float>({dm.h, dm.tq});
    r.scores = Tensor3({dm.h, dm.tq, dm.tk});
    if (opt.mask_mode == MaskMode::ZeroAfterSoftmax) {
        for (std::size_t h = 0; h < dm.h; ++h)
            kernels::scores_blocked(head_rows(q, k, v, opt, dm, h), &r.scores(h, 0, 0), dm.tk);
        r.output = run_zero_after_softmax(q, k, v, opt, dm, &r.weights, &r.sink_weight);
        return r;
    }
    scores_and_weights(q, k, v, opt, dm, r.scores, r.weights, r.sink_weight);
    // The output comes from the same kernel as attention_output(), so asking for the weights
    // changes no output bit.
    r.output = run_streaming_call(q, k, v, opt, dm, false);
    return r;
}

MaskMode mask_mode_from_name(const std::string& name) {
    if (name == "neg-inf") return MaskMode::NegInfBeforeSoftmax;
    if (name == "zero-after-softmax") return MaskMode::ZeroAfterSoftmax;
    throw ConfigError("maskMode should be 'neg-inf' or 'zero-after-softmax'");
}

AttentionParts attention_parts(const std::vector<std::string>& names) {
    if (names.empty())
        throw ConfigError("want should be a non-empty array of 'scores', 'weights', 'sinkWeight', 'output'");
    AttentionParts parts{false, false, false, false};
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string& part = names[i];
        if (part == "scores")
            parts.scores = true;
        else if (part == "weights")
            parts.weights = true;
        else if (part == "sinkWeight")
            parts.sink_weight = true;
        else if (part == "output")
            parts.output = true;
        else
            throw ConfigError("want[" + std::to_string(i) +
                              "] should be 'scores', 'weights', 'sinkWeight' or 'output'");
    }
    return parts;
}

AttentionResult attention(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt,
                          const AttentionParts& parts) {
    if (!parts.output_only()) return attention(q, k, v, opt);
    AttentionResult r;
    r.output = attention_output(q, k, v, opt);
    return r;
}

Matrix attention_output(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt) {
    const Dims dm = check(q, k, v, opt, false);
    if (opt.mask_mode == MaskMode::ZeroAfterSoftmax) return run_zero_after_softmax(q, k, v, opt, dm, nullptr, nullptr);
    return run_streaming_call(q, k, v, opt, dm, false);
}

Matrix attention_output(const Matrix& q, const KVCache& cache, std::size_t layer, const AttentionOptions& opt) {
    const std::size_t t = cache.length(layer);
    const Rows k(cache.k_data(layer), t, cache.n_kv_heads() * cache.d_head());
    const Rows v(cache.v_data(layer), t, cache.n_kv_heads() * cache.dv_head());
    const Dims dm = check(q, k, v, opt, false, false);
    if (opt.mask_mode == MaskMode::ZeroAfterSoftmax) return run_zero_after_softmax(q, k, v, opt, dm, nullptr, nullptr);
    return run_streaming_call(q, k, v, opt, dm, false);
}

Matrix attention_output_scalar(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt) {
    const Dims dm = check(q, k, v, opt, false);
    if (opt.mask_mode == MaskMode::ZeroAfterSoftmax) return run_zero_after_softmax(q, k, v, opt, dm, nullptr, nullptr);
    return run_streaming_call(q, k, v, opt, dm, true);
}

}  // namespace attn
