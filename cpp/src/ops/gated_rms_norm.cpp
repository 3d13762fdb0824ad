#include "attn/ops/gated_rms_norm.hpp"
#include "attn/kernels/portable_math.hpp"

#include <cmath>
#include <string>

#include "attn/errors.hpp"
#include "attn/ops/decoder_parts.hpp"

namespace attn {

Matrix gated_rms_norm(const Matrix& o, const Matrix& gate, const Vector& weight) {
    require_nonempty(o, "gated_rms_norm: o");
    require_shape(gate, o.shape(0), o.shape(1), "gated_rms_norm: gate");
    const std::size_t d_v = weight.size();
    if (d_v == 0 || o.shape(1) % d_v != 0)
        throw ShapeError("gated_rms_norm: " + shape_str("o", o.shape(0), o.shape(1)) +
                         " does not split into heads of weight's width " + std::to_string(d_v));
    require_finite(o, "o");
    require_finite(gate, "gate");
    require_finite(weight, "weight");
    Matrix y = o;
    rms_norm_blocks_inplace(y, d_v, weight.data());
    for (std::size_t t = 0; t < y.shape(0); ++t)
        for (std::size_t c = 0; c < y.shape(1); ++c) {
            const float z = gate(t, c);
            y(t, c) *= silu_portable(z);
        }
    return y;
}

}  // namespace attn
