// What kind of head is it? Per head, where its attention goes on average, split into four
// disjoint parts: the lab's "compare heads by their pattern" view (real heads are mostly a mix).
//
//   weights [H, T, T]: row i is query position i over keys j (causal: j > i is 0, rows sum to 1).
//   Over query rows i = 1 … T − 1 (row 0 can only look at key 0, so it says nothing), each row's
//   weight is split, first match wins:
//     first_token     j = 0               the first token (<bos>, the attention sink)
//     previous_token  j = i − 1, j ≥ 1     the token just before (for i = 1 that key is key 0,
//                                          already counted as first_token)
//     diagonal        j = i               the query itself
//     other           every other j       the rest: "content" look-ups
//   and each part is averaged over the T − 1 rows (in double). The four add up to the rows' mean
//   sum, 1 for softmax weights; first_token equals sink_share() of lab_model.hpp.
#pragma once
#include <vector>

#include "attn/tensor.hpp"

namespace attn {

struct HeadPattern {
    float previous_token = 0.0f;
    float first_token = 0.0f;
    float diagonal = 0.0f;
    float other = 0.0f;
};

// [H] patterns of weights [H, T, T]. Throws ShapeError if the weights are not square per head
// (Tq ≠ Tk) or T < 2, ValueError naming the first NaN/Inf entry ("weights[1, 2, 0] is NaN").
std::vector<HeadPattern> head_patterns(const Tensor3& weights);

}  // namespace attn
