// Ways to score a query against a key: dot product (scaled or not), cosine similarity, and the
// additive (Bahdanau 2014) score that dot-product attention replaced.
#pragma once
#include "attn/tensor.hpp"

namespace attn {

// q·k. Throws ShapeError if lengths differ.
float dot(const Vector& q, const Vector& k);

// q·k / (|q| |k|). Throws ValueError if either vector is all zeros.
float cosine(const Vector& a, const Vector& b);

// All pairs at once: S = Q Kᵀ · scale.  Q [Tq, d], K [Tk, d] → S [Tq, Tk].
Matrix score_matrix(const Matrix& q, const Matrix& k, float scale);

// Pairwise cosine of the rows of A [n, d] and B [m, d] → [n, m].
Matrix cosine_matrix(const Matrix& a, const Matrix& b);

// Additive score v · tanh(q W1 + k W2).  q [d_q], k [d_k], W1 [d_q, d_a], W2 [d_k, d_a], v [d_a].
float additive_score(const Vector& q, const Vector& k, const Matrix& w1, const Matrix& w2, const Vector& v);

}  // namespace attn
