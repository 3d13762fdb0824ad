#include "attn/ops/top_k.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "attn/errors.hpp"

namespace attn {

std::vector<TokenProbability> top_k_softmax(const float* logits, std::size_t n, std::size_t k) {
    if (n == 0) throw ShapeError("top-k softmax of an empty logits row");
    for (std::size_t v = 0; v < n; ++v)
        if (!std::isfinite(logits[v]))
            throw ValueError("logits[" + std::to_string(v) + "] is " + (std::isnan(logits[v]) ? "NaN" : "infinite"));
    const float m = *std::max_element(logits, logits + n);
    double z = 0.0;
    for (std::size_t v = 0; v < n; ++v) z += std::exp(static_cast<double>(logits[v] - m));
    std::vector<int> order(n);
    for (std::size_t v = 0; v < n; ++v) order[v] = static_cast<int>(v);
    std::vector<TokenProbability> top(std::min(k, n));
    // Larger logit first; equal logits: the lower id first.
    std::partial_sort(order.begin(), order.begin() + top.size(), order.end(),
                      [&](int a, int b) { return logits[a] > logits[b] || (logits[a] == logits[b] && a < b); });
    for (std::size_t i = 0; i < top.size(); ++i)
        top[i] = {order[i], std::exp(static_cast<double>(logits[order[i]] - m)) / z};
    return top;
}

std::vector<TokenProbability> top_next_tokens(const Matrix& logits) {
    if (logits.shape(0) == 0) throw ShapeError("top_next_tokens: logits have no rows");
    return top_k_softmax(&logits(logits.shape(0) - 1, 0), logits.shape(1), kTopTokens);
}

}  // namespace attn
