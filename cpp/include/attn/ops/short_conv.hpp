// The short causal depthwise convolution a Gated DeltaNet layer runs on q, k and v before the
// delta rule (Qwen3-Next: nn.Conv1d(C, C, kernel_size=K, groups=C, padding=K−1, bias=False) over
// the concatenated [q | k | v] channels, cut to the first T outputs, then SiLU). Each channel
// mixes only its own last K inputs, so a token sees K − 1 tokens back and never ahead.
//
// Dimension letters: T tokens, C channels, K kernel width (4 in Qwen3-Next / Qwen3.5).
//   y[t, c] = SiLU( Σ_{j<K} weight[c, j] · x[t − (K−1) + j, c] ),  SiLU(z) = z · sigmoid(z)
// where an x before the first token is taken from `history` (zeros at the start of a sequence).
#pragma once
#include <cstddef>

#include "attn/tensor.hpp"

namespace attn {

struct ShortConvResult {
    Matrix out;      // [T, C]
    Matrix history;  // [K−1, C]: the last K − 1 inputs, oldest first; the next call's history
};

// x [T, C], weight [C, K] (PyTorch's [C, 1, K] without the middle axis), history [K−1, C].
// One token at a time (T = 1, history carried) gives the same outputs as the whole sequence,
// and history's size, (K−1)·C floats, is all the state the convolution needs.
// Throws ShapeError (T = 0, shapes that disagree) and ValueError (NaN / Inf, naming the element).
ShortConvResult causal_conv_silu(const Matrix& x, const Matrix& weight, const Matrix& history);

// The same from the start of a sequence (history all zeros).
ShortConvResult causal_conv_silu(const Matrix& x, const Matrix& weight);

}  // namespace attn
