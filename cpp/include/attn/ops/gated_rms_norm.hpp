// The output gate of a Gated DeltaNet layer (Qwen3-Next's Qwen3NextRMSNormGated, "norm before
// gate"): each head's output is RMS-normalised, scaled by a learned weight shared by the heads,
// then multiplied by SiLU of a gate the layer projects from its input.
//
// Dimension letters: T tokens, H heads, d_v width of one head's output.
//   y[t, h·d_v + j] = weight[j] · o_h[j] / sqrt(mean(o_h²) + 1e-6) · SiLU(gate[t, h·d_v + j])
// with o_h the d_v values of head h in row t, SiLU(z) = z · sigmoid(z).
#pragma once
#include <cstddef>

#include "attn/tensor.hpp"

namespace attn {

// o, gate [T, H·d_v], weight [d_v] → [T, H·d_v].
// Throws ShapeError (gate's shape differs from o's, o does not split into heads of weight's
// width, empty o) and ValueError (NaN / Inf, naming the element).
Matrix gated_rms_norm(const Matrix& o, const Matrix& gate, const Vector& weight);

}  // namespace attn
