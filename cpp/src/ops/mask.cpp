#include "attn/ops/mask.hpp"

#include <string>

#include "attn/errors.hpp"
#include "attn/limits.hpp"

namespace attn {

Mask causal_mask(std::size_t tq, std::size_t tk) {
    if (tq > tk)
        throw ShapeError("causal mask needs Tq <= Tk, got Tq " + std::to_string(tq) + ", Tk " + std::to_string(tk));
    limits::require_elements({tq, tk}, "causal mask [Tq, Tk]");
    Mask m = xt::zeros<std::uint8_t>({tq, tk});
    for (std::size_t i = 0; i < tq; ++i)
        for (std::size_t j = 0; j < causal_limit(i, tq, tk); ++j) m(i, j) = 1;
    return m;
}

Mask full_mask(std::size_t tq, std::size_t tk) { return xt::ones<std::uint8_t>({tq, tk}); }

void require_mask(const Mask& mask, std::size_t tq, std::size_t tk) {
    if (mask.shape(0) != tq || mask.shape(1) != tk)
        throw ShapeError("mask [" + std::to_string(mask.shape(0)) + ", " + std::to_string(mask.shape(1)) +
                         "] should be [Tq, Tk] = [" + std::to_string(tq) + ", " + std::to_string(tk) + "]");
    for (std::size_t i = 0; i < tq; ++i)
        for (std::size_t j = 0; j < tk; ++j)
            if (mask(i, j) > 1)
                throw ValueError("mask[" + std::to_string(i) + ", " + std::to_string(j) + "] must be 0 or 1");
}

}  // namespace attn
