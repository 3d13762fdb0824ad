// xtensor aliases and the shape / finiteness checks every public function runs first.
// Storage is row-major; the course's row-vector convention holds everywhere: q = x · Wq with
// W stored as [d_in][d_out].
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include <xtensor/xtensor.hpp>

namespace attn {

using Matrix = xt::xtensor<float, 2>;       // [rows, cols]
using Vector = xt::xtensor<float, 1>;       // [n]
using Tensor3 = xt::xtensor<float, 3>;      // [a, b, c], e.g. weights [H, Tq, Tk]
using Mask = xt::xtensor<std::uint8_t, 2>;  // [Tq, Tk], 1 = may attend, 0 = masked

// "q [5, 4]" — how shapes appear in error messages.
std::string shape_str(const char* name, std::size_t rows, std::size_t cols);

// Throws ShapeError unless m is [rows, cols].
void require_shape(const Matrix& m, std::size_t rows, std::size_t cols, const char* name);
// Throws ShapeError if m has no rows or no columns.
void require_nonempty(const Matrix& m, const char* name);
// Throws ValueError naming the first NaN/Inf element, e.g. "q[2, 3] is NaN".
void require_finite(const Matrix& m, const char* name);
// The same for `rows` rows of `cols` floats at data (row-major), the first bad one named as row
// first_row + i: a view into a larger buffer (the KV cache's rows, attention reading them).
void require_finite(const float* data, std::size_t rows, std::size_t cols, const char* name, std::size_t first_row = 0);
void require_finite(const Vector& v, const char* name);

// a [n, k] · b [k, m] → [n, m] (the blocked SIMD GEMM of gemm.hpp). Throws ShapeError if the
// inner dimensions differ.
Matrix matmul(const Matrix& a, const Matrix& b, const char* a_name = "a", const char* b_name = "b");

// a [n, k] · bᵀ with b [m, k] → [n, m]: dot products of rows (a tied LM head, backward passes).
Matrix matmul_bt(const Matrix& a, const Matrix& b, const char* a_name = "a", const char* b_name = "b");
// aᵀ · b with a [k, n], b [k, m] → [n, m]: the weight gradient xᵀ · dy of a backward pass.
Matrix matmul_at(const Matrix& a, const Matrix& b, const char* a_name = "a", const char* b_name = "b");

// Columns [c0, c0 + n) of m, as a new matrix.
Matrix columns(const Matrix& m, std::size_t c0, std::size_t n);
// Rows [r0, r0 + n) of m, as a new matrix.
Matrix rows(const Matrix& m, std::size_t r0, std::size_t n);

}  // namespace attn
