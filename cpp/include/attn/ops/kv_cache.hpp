// KV cache: the K and V rows of every position seen so far, kept per layer so that decoding a
// new token computes K/V for that token only and reads the rest back (lesson 8: memory traded
// for compute).
//
// Dimension letters used in this file:
//   L layers, t cached positions, G KV heads, d head width of k, dv head width of v.
//
// Per layer the cache holds K [t, G·d] and V [t, G·dv], heads as contiguous column blocks (the
// layout attention() reads). It is append-only: positions are never rewritten, only added at
// the end, so row i is always position i. Rows live in a buffer with room to spare (its rows
// double when full), so an append copies only the new rows, and attention_output(q, cache,
// layer, opt) (attention.hpp) reads them in place: a decode step copies nothing of the cache.
// Every row is checked finite as it comes in, so attention need not scan the cache again.
#pragma once
#include <cstddef>
#include <vector>

#include "attn/tensor.hpp"

namespace attn {

class KVCache {
  public:
    // Throws ConfigError naming the first of n_layers, n_kv_heads, d_head, dv_head that is 0.
    KVCache(std::size_t n_layers, std::size_t n_kv_heads, std::size_t d_head, std::size_t dv_head);

    // k_rows [n, G·d], v_rows [n, G·dv]: positions length(layer) … length(layer) + n − 1.
    // Throws ShapeError (layer out of range, wrong widths, k and v row counts differ) and
    // ValueError for a non-finite value, named by its place in the cache ("k[7, 3] is NaN", as
    // attention names it); the cache is unchanged then.
    void append(std::size_t layer, const Matrix& k_rows, const Matrix& v_rows);

    // K [t, G·d] and V [t, G·dv] of one layer, copied. Throws ShapeError if layer is out of range.
    Matrix k(std::size_t layer) const;
    Matrix v(std::size_t layer) const;
    // The same rows in place: t rows of G·d (K) or G·dv (V) floats, row-major; valid until the
    // next append or clear. Throws ShapeError if layer is out of range.
    const float* k_data(std::size_t layer) const;
    const float* v_data(std::size_t layer) const;

    // Positions held by every layer. Mid-step a decoder has appended to the lower layers
    // before the upper ones, so the layers can briefly differ; this is the smallest.
    std::size_t length() const;
    std::size_t length(std::size_t layer) const;

    // Bytes the cache would take at dtype_bytes per element (4 for the float32 held here, 2 for
    // the course's bf16): Σ_layers t × G × (d + dv) × dtype_bytes, K and V both counted with
    // their own widths. With dv = d and every layer at length t this is the course's
    // L × 2 × t × G × d × dtype_bytes.
    std::size_t bytes(std::size_t dtype_bytes) const;

    // Forget every position; the shape (L, G, d, dv) stays.
    void clear();

    std::size_t n_layers() const { return k_.size(); }
    std::size_t n_kv_heads() const { return g_; }
    std::size_t d_head() const { return d_; }
    std::size_t dv_head() const { return dv_; }

  private:
    std::size_t g_, d_, dv_;
    std::vector<Matrix> k_, v_;      // per layer, [capacity, G·d] and [capacity, G·dv]
    std::vector<std::size_t> rows_;  // per layer, t: the rows in use
};

}  // namespace attn
