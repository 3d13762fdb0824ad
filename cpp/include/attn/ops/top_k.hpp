// The k most likely next tokens of one row of logits: what the lab shows under its prompt and
// what attn-train exports (c3-attention.json "top5"), one computation for both.
#pragma once
#include <cstddef>
#include <vector>

#include "attn/tensor.hpp"

namespace attn {

struct TokenProbability {
    int token;    // index into the logits row
    double prob;  // softmax(logits)[token]
};

// The min(k, n) largest entries of softmax(logits[0..n)), most likely first, ties to the lower
// index. The softmax runs in double over the float differences logits[v] − max, so the
// probabilities of the row add up to 1 to double rounding. ShapeError for n = 0, ValueError
// naming the first NaN / Inf logit.
std::vector<TokenProbability> top_k_softmax(const float* logits, std::size_t n, std::size_t k);

// How many next tokens a page lists under its prompt (the lab, the opened model, the export's
// "top5").
inline constexpr std::size_t kTopTokens = 5;

// top_k_softmax() of the last row of logits [T, V], k = kTopTokens: what comes next after the
// whole text. ShapeError for no rows.
std::vector<TokenProbability> top_next_tokens(const Matrix& logits);

}  // namespace attn
