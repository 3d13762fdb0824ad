// Ways to score a query against a key: dot product (scaled or not), cosine similarity, and the
// additive (Bahdanau 2014) score that dot-product attention replaced.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>

#include "attn/tensor.hpp"

namespace attn {

// q·k. Throws ShapeError if lengths differ.
float dot(const Vector& q, const Vector& k);

// q·k / (|q| |k|), each vector first divided by its largest |component| (so tiny and huge
// vectors get their cosine, not 0/0 or ∞/∞). Throws ValueError if either vector is all zeros.
float cosine(const Vector& a, const Vector& b);

// The default score scale 1/√d of dot-product attention for head width d (d ≥ 1): keeps the
// variance of q·k near 1 when q and k have unit-variance entries. ConfigError for d = 0.
float default_scale(std::size_t d);

// All pairs at once: S = Q Kᵀ · scale.  Q [Tq, d], K [Tk, d] → S [Tq, Tk]; scale defaults to
// default_scale(d). Throws ShapeError if Q or K is empty or their widths differ (or S passes
// attn::limits), ValueError for a scale that is not finite.
Matrix score_matrix(const Matrix& q, const Matrix& k, std::optional<float> scale = std::nullopt);

// Pairwise cosine of the rows of A [n, d] and B [m, d] → [n, m]. Throws ShapeError if A or B
// is empty or their widths differ, ValueError for a zero row.
Matrix cosine_matrix(const Matrix& a, const Matrix& b);

// Additive score v · tanh(q W1 + k W2).  q [d_q], k [d_k], W1 [d_q, d_a], W2 [d_k, d_a], v [d_a].
float additive_score(const Vector& q, const Vector& k, const Matrix& w1, const Matrix& w2, const Vector& v);

// What the two scores cost to hold for one head at length T, in bytes:
//   additive (naive)  T × T × d_a × dtype_bytes   every pair keeps its d_a-wide tanh(q W1 + k W2)
//   dot product       T × T × dtype_bytes         one number per pair
// T = 4,096, d_a = 256, BF16 (2 B): 8,589,934,592 B (8.0 GiB) against 33,554,432 B (32 MiB).
struct ScoreMemory {
    std::uint64_t additive_bytes;
    std::uint64_t dot_bytes;
};

// ValueError naming the parameter when T, d_a or dtype_bytes is 0, or when a product overflows
// 64 bits.
ScoreMemory score_memory(std::uint64_t T, std::uint64_t d_a, std::uint64_t dtype_bytes);
// scoreMemory's dtype unless told otherwise: BF16, 2 bytes, as the lesson counts.
inline constexpr std::uint64_t kScoreMemoryDtypeBytes = 2;

}  // namespace attn
