#include "attn/attention.hpp"

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/kernels.hpp"
#include "attn/limits.hpp"
#include "attn/mask.hpp"
#include "attn/softmax.hpp"

namespace attn {
namespace {

struct Dims {
    std::size_t tq, tk, h, g, d, dv;
};

Dims check(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt) {
    require_nonempty(q, "q");
    require_nonempty(k, "k");
    require_nonempty(v, "v");
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
    if (opt.causal && dims.tq > dims.tk)
        throw ShapeError("causal attention needs Tq <= Tk (queries are the last positions), got Tq " +
                         std::to_string(dims.tq) + ", Tk " + std::to_string(dims.tk));
    if (opt.mask) require_mask(*opt.mask, dims.tq, dims.tk);
    if (opt.gate_logits) {
        require_shape(*opt.gate_logits, dims.tq, h * dims.dv, "gate_logits");
        require_finite(*opt.gate_logits, "gate_logits");
    }
    if (opt.scale && !std::isfinite(*opt.scale)) throw ValueError("scale is not finite");
    if (opt.sink_logit && !std::isfinite(*opt.sink_logit)) throw ValueError("sink_logit is not finite");
    require_finite(q, "q");
    require_finite(k, "k");
    require_finite(v, "v");
    return dims;
}

float checked_softmax(float* row, std::size_t n, std::optional<float> sink_logit, std::size_t i, std::size_t h) {
    const auto sink = softmax_inplace(row, n, sink_logit);
    if (!sink)
        throw MaskError(fully_masked_message("query row " + std::to_string(i) + " of head " + std::to_string(h)));
    return *sink;
}

// One query row of one head: fills row[0..n) with weights over keys 0..n, returns the sink's
// share. Keys j >= visible are causally hidden. With −∞ masking n == visible: scores of hidden
// keys are never computed, so the masked half of a causal square costs nothing. The
// zero-after-softmax view needs them (n == Tk) because its softmax runs over every key.
float weights_row(const float* qrow, const Matrix& k, std::size_t kcol, std::size_t d, std::size_t n,
                  std::size_t visible, float scale, const Mask* mask, std::size_t i, const AttentionOptions& opt,
                  float* row, float* raw_scores, std::size_t h) {
    constexpr float neg_inf = -std::numeric_limits<float>::infinity();
    for (std::size_t j = 0; j < n; ++j) row[j] = scale * kernels::dot(qrow, &k(j, kcol), d);
    if (raw_scores)
        for (std::size_t j = 0; j < n; ++j) raw_scores[j] = row[j];
    if (opt.mask_mode == MaskMode::ZeroAfterSoftmax) {
        const float sink = checked_softmax(row, n, opt.sink_logit, i, h);
        for (std::size_t j = 0; j < n; ++j)
            if (j >= visible || (mask && !(*mask)(i, j))) row[j] = 0.0f;
        return sink;
    }
    if (mask)
        for (std::size_t j = 0; j < n; ++j)
            if (!(*mask)(i, j)) row[j] = neg_inf;
    return checked_softmax(row, n, opt.sink_logit, i, h);
}

// The shared loop. scores/weights/sink may be null (output-only path).
Matrix run(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt, const Dims& dm,
           Tensor3* scores, Tensor3* weights, Matrix* sink) {
    const float scale = opt.scale ? *opt.scale : 1.0f / std::sqrt(static_cast<float>(dm.d));
    const Mask* mask = opt.mask ? &*opt.mask : nullptr;
    const std::size_t group = dm.h / dm.g;
    Matrix out = xt::zeros<float>({dm.tq, dm.h * dm.dv});
    std::vector<float> row(dm.tk);
    for (std::size_t h = 0; h < dm.h; ++h) {
        const std::size_t kv = h / group;
        for (std::size_t i = 0; i < dm.tq; ++i) {
            const std::size_t visible = opt.causal ? causal_limit(i, dm.tq, dm.tk) : dm.tk;
            const std::size_t n = opt.mask_mode == MaskMode::NegInfBeforeSoftmax ? visible : dm.tk;
            float* raw = scores ? &(*scores)(h, i, 0) : nullptr;
            const float s =
                weights_row(&q(i, h * dm.d), k, kv * dm.d, dm.d, n, visible, scale, mask, i, opt, row.data(), raw, h);
            float* o = &out(i, h * dm.dv);
            for (std::size_t j = 0; j < n; ++j)
                if (row[j] != 0.0f) kernels::axpy(row[j], &v(j, kv * dm.dv), o, dm.dv);
            if (weights)
                for (std::size_t j = 0; j < n; ++j) (*weights)(h, i, j) = row[j];
            if (sink) (*sink)(h, i) = s;
            if (opt.gate_logits)
                for (std::size_t c = 0; c < dm.dv; ++c)
                    o[c] *= 1.0f / (1.0f + std::exp(-(*opt.gate_logits)(i, h * dm.dv + c)));
        }
    }
    return out;
}

}  // namespace

AttentionResult attention(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt) {
    const Dims dm = check(q, k, v, opt);
    // scores and weights, both [H, Tq, Tk], are allocated together.
    const std::uint64_t map = limits::require_elements({dm.h, dm.tq, dm.tk}, "attention weights [H, Tq, Tk]");
    limits::require_call_bytes(2 * map * sizeof(float), "attention scores and weights");
    AttentionResult r;
    r.weights = xt::zeros<float>({dm.h, dm.tq, dm.tk});
    r.sink_weight = xt::zeros<float>({dm.h, dm.tq});
    r.scores = xt::zeros<float>({dm.h, dm.tq, dm.tk});
    r.output = run(q, k, v, opt, dm, &r.scores, &r.weights, &r.sink_weight);
    if (opt.causal && opt.mask_mode == MaskMode::NegInfBeforeSoftmax) {
        // Scores of the causally hidden keys were skipped above; fill them in for display.
        const float scale = opt.scale ? *opt.scale : 1.0f / std::sqrt(static_cast<float>(dm.d));
        const std::size_t group = dm.h / dm.g;
        for (std::size_t h = 0; h < dm.h; ++h)
            for (std::size_t i = 0; i < dm.tq; ++i)
                for (std::size_t j = causal_limit(i, dm.tq, dm.tk); j < dm.tk; ++j)
                    r.scores(h, i, j) = scale * kernels::dot(&q(i, h * dm.d), &k(j, (h / group) * dm.d), dm.d);
    }
    return r;
}

Matrix attention_output(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt) {
    const Dims dm = check(q, k, v, opt);
    return run(q, k, v, opt, dm, nullptr, nullptr, nullptr);
}

}  // namespace attn
