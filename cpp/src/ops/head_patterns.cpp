#include "attn/ops/head_patterns.hpp"

#include <cmath>
#include <string>

#include "attn/errors.hpp"

namespace attn {

std::vector<HeadPattern> head_patterns(const Tensor3& weights) {
    const std::size_t H = weights.shape(0), tq = weights.shape(1), tk = weights.shape(2);
    if (tq != tk)
        throw ShapeError("head_patterns needs weights [H, T, T] (queries = keys), got [" + std::to_string(H) + ", " +
                         std::to_string(tq) + ", " + std::to_string(tk) + "]");
    if (tq < 2)
        throw ShapeError("head_patterns averages query rows 1 … T − 1: it needs T ≥ 2, got " + std::to_string(tq));
    std::vector<HeadPattern> out(H);
    const double rows = static_cast<double>(tq - 1);
    for (std::size_t h = 0; h < H; ++h) {
        double first = 0.0, prev = 0.0, diag = 0.0, other = 0.0;
        for (std::size_t i = 0; i < tq; ++i)
            for (std::size_t j = 0; j < tk; ++j) {
                const float w = weights(h, i, j);
                if (!std::isfinite(w))
                    throw ValueError("weights[" + std::to_string(h) + ", " + std::to_string(i) + ", " +
                                     std::to_string(j) + "] is " + (std::isnan(w) ? "NaN" : "infinite"));
                if (i == 0) continue;
                if (j == 0)
                    first += w;
                else if (j + 1 == i)
                    prev += w;
                else if (j == i)
                    diag += w;
                else
                    other += w;
            }
        out[h] = {static_cast<float>(prev / rows), static_cast<float>(first / rows), static_cast<float>(diag / rows),
                  static_cast<float>(other / rows)};
    }
    return out;
}

}  // namespace attn
