// Causal and custom masks. A mask is [Tq, Tk] of 0/1 (1 = may attend). Masked scores become
// −∞ before softmax, so masked weights are exactly 0 and each row still sums to 1.
//
// Causal with Tq ≤ Tk: the queries are the LAST Tq positions of the Tk keys (as during
// decoding with a KV cache), so query i may see keys 0 … Tk − Tq + i.
#pragma once
#include <cstddef>

#include "attn/tensor.hpp"

namespace attn {

Mask causal_mask(std::size_t tq, std::size_t tk);
Mask full_mask(std::size_t tq, std::size_t tk);

// Last key index + 1 that causal query i may see.
inline std::size_t causal_limit(std::size_t i, std::size_t tq, std::size_t tk) { return tk - tq + i + 1; }

// Throws ShapeError unless mask is [tq, tk], ValueError if an entry is not 0 or 1.
void require_mask(const Mask& mask, std::size_t tq, std::size_t tk);

}  // namespace attn
