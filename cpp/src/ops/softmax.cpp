#include "attn/ops/softmax.hpp"

#include <cmath>
#include <limits>

#include "attn/errors.hpp"
#include "attn/kernels/kernels.hpp"

namespace attn {

std::string fully_masked_message(const std::string& row_name) {
    return row_name + " is fully masked: no key to attend to (add a sink logit or unmask a key)";
}

void require_sink_logit(std::optional<float> sink_logit) {
    if (sink_logit && (std::isnan(*sink_logit) || *sink_logit == std::numeric_limits<float>::infinity()))
        throw ValueError(std::string("sink_logit is ") + (std::isnan(*sink_logit) ? "NaN" : "+infinite"));
}

std::optional<float> softmax_inplace(float* row, std::size_t n, std::optional<float> sink_logit) noexcept {
    // A −∞ sink adds exp(−∞) = 0 to the denominator: m stays the row's own maximum, and a fully
    // masked row is still fully masked.
    float m = kernels::max(row, n);
    if (sink_logit) m = std::fmax(m, *sink_logit);
    if (m == -std::numeric_limits<float>::infinity()) return std::nullopt;
    float total = kernels::exp_shift_sum(row, n, m);
    const float sink_exp = sink_logit ? std::exp(*sink_logit - m) : 0.0f;
    total += sink_exp;
    kernels::scale(row, n, 1.0f / total);
    return sink_exp / total;
}

float entropy(const float* p, std::size_t n) noexcept {
    float h = 0.0f;
    for (std::size_t i = 0; i < n; ++i)
        if (p[i] > 0.0f) h -= p[i] * std::log(p[i]);
    return h;
}

SoftmaxResult softmax(const Vector& scores, std::optional<float> sink_logit) {
    if (scores.size() == 0) throw ShapeError("scores is empty: softmax needs at least one score");
    for (std::size_t i = 0; i < scores.size(); ++i)
        if (std::isnan(scores(i)) || scores(i) == std::numeric_limits<float>::infinity())
            throw ValueError("scores[" + std::to_string(i) + "] is " + (std::isnan(scores(i)) ? "NaN" : "+infinite"));
    require_sink_logit(sink_logit);
    SoftmaxResult r{scores, 0.0f, 0.0f};
    const auto sink = softmax_inplace(r.weights.data(), r.weights.size(), sink_logit);
    if (!sink) throw MaskError(fully_masked_message("the score row"));
    r.sink_weight = *sink;
    r.entropy = entropy(r.weights.data(), r.weights.size()) + entropy(&r.sink_weight, 1);
    return r;
}

Vector proportional_split(const Vector& scores) {
    float total = 0.0f;
    for (float s : scores) total += s;
    if (total == 0.0f) throw ValueError("proportional split: the scores sum to 0");
    Vector out = scores / total;
    return out;
}

}  // namespace attn
