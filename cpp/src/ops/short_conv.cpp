#include "attn/ops/short_conv.hpp"
#include "attn/kernels/portable_math.hpp"

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

    // Row s of [history; x], s < K − 1 + T.
    const auto input_row = [&](std::size_t s) { return s < K - 1 ? &history(s, 0) : &x(s - (K - 1), 0); };
    ShortConvResult r{xt::zeros<float>({T, C}), Matrix({K - 1, C})};
    for (std::size_t t = 0; t < T; ++t) {
        float* z = &r.out(t, 0);  // output t reads steps t .. t + K − 1 of [history; x]
        for (std::size_t j = 0; j < K; ++j) {
            const float* in = input_row(t + j);
            for (std::size_t c = 0; c < C; ++c) z[c] += weight(c, j) * in[c];
        }
        for (std::size_t c = 0; c < C; ++c) z[c] = silu_portable(z[c]);
    }
    for (std::size_t s = 0; s + 1 < K; ++s) std::copy(input_row(T + s), input_row(T + s) + C, &r.history(s, 0));
    return r;
}

ShortConvResult causal_conv_silu(const Matrix& x, const Matrix& weight) {
    return causal_conv_silu(x, weight, xt::zeros<float>({weight.shape(1) ? weight.shape(1) - 1 : 0, x.shape(1)}));
}

}  // namespace attn
