#include "attn/short_conv.hpp"

#include <cmath>
#include <string>

#include "attn/errors.hpp"

namespace attn {

ShortConvResult causal_conv_silu(const Matrix& x, const Matrix& weight, const Matrix& history) {
    require_nonempty(x, "causal_conv_silu: x");
    require_nonempty(weight, "causal_conv_silu: weight");
    const std::size_t T = x.shape(0), C = x.shape(1), K = weight.shape(1);
    if (weight.shape(0) != C)
        throw ShapeError("causal_conv_silu: " + shape_str("weight", weight.shape(0), K) + " should have " +
                         std::to_string(C) + " rows, one per channel of " + shape_str("x", T, C));
    if (history.shape(0) != K - 1 || history.shape(1) != C)
        throw ShapeError("causal_conv_silu: " + shape_str("history", history.shape(0), history.shape(1)) +
                         " should be [" + std::to_string(K - 1) + ", " + std::to_string(C) + "] (K − 1, C)");
    require_finite(x, "x");
    require_finite(weight, "weight");
    require_finite(history, "history");

    // The input at step s of [history; x], s < K − 1 + T.
    const auto input = [&](std::size_t s, std::size_t c) { return s < K - 1 ? history(s, c) : x(s - (K - 1), c); };
    ShortConvResult r{Matrix({T, C}), Matrix({K - 1, C})};
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t c = 0; c < C; ++c) {
            float z = 0.0f;  // output t reads steps t .. t + K − 1 of [history; x]
            for (std::size_t j = 0; j < K; ++j) z += weight(c, j) * input(t + j, c);
            r.out(t, c) = z / (1.0f + std::exp(-z));
        }
    for (std::size_t s = 0; s + 1 < K; ++s)
        for (std::size_t c = 0; c < C; ++c) r.history(s, c) = input(T + s, c);
    return r;
}

ShortConvResult causal_conv_silu(const Matrix& x, const Matrix& weight) {
    return causal_conv_silu(x, weight, xt::zeros<float>({weight.shape(1) ? weight.shape(1) - 1 : 0, x.shape(1)}));
}

}  // namespace attn
