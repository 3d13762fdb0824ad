#include "attn/tensor.hpp"

#include <cmath>

#include "attn/errors.hpp"
#include "attn/kernels/gemm.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/limits.hpp"

namespace attn {

std::string shape_str(const char* name, std::size_t rows, std::size_t cols) {
    return std::string(name) + " [" + std::to_string(rows) + ", " + std::to_string(cols) + "]";
}

void require_shape(const Matrix& m, std::size_t rows, std::size_t cols, const char* name) {
    if (m.shape(0) != rows || m.shape(1) != cols)
        throw ShapeError(shape_str(name, m.shape(0), m.shape(1)) + " should be [" + std::to_string(rows) + ", " +
                         std::to_string(cols) + "]");
}

void require_nonempty(const Matrix& m, const char* name) {
    if (m.shape(0) == 0 || m.shape(1) == 0) throw ShapeError(shape_str(name, m.shape(0), m.shape(1)) + " is empty");
}

static std::string nonfinite_word(float x) { return std::isnan(x) ? "NaN" : "infinite"; }

void require_finite(const float* data, std::size_t rows, std::size_t cols, const char* name, std::size_t first_row) {
    if (kernels::all_finite(data, rows * cols)) return;  // the fast common case; else find the first
    for (std::size_t i = 0; i < rows; ++i)
        for (std::size_t j = 0; j < cols; ++j)
            if (!std::isfinite(data[i * cols + j]))
                throw ValueError(std::string(name) + "[" + std::to_string(first_row + i) + ", " + std::to_string(j) +
                                 "] is " + nonfinite_word(data[i * cols + j]));
}

void require_finite(const Matrix& m, const char* name) { require_finite(m.data(), m.shape(0), m.shape(1), name); }

void require_finite(const Vector& v, const char* name) {
    if (kernels::all_finite(v.data(), v.size())) return;
    for (std::size_t i = 0; i < v.size(); ++i)
        if (!std::isfinite(v(i)))
            throw ValueError(std::string(name) + "[" + std::to_string(i) + "] is " + nonfinite_word(v(i)));
}

Matrix matmul(const Matrix& a, const Matrix& b, const char* a_name, const char* b_name) {
    if (a.shape(1) != b.shape(0))
        throw ShapeError("cannot multiply " + shape_str(a_name, a.shape(0), a.shape(1)) + " by " +
                         shape_str(b_name, b.shape(0), b.shape(1)) + ": inner dimensions differ");
    const std::size_t n = a.shape(0), k = a.shape(1), m = b.shape(1);
    limits::require_elements({n, m}, "matmul result [n, m]");
    limits::require_work(limits::checked_mul(std::uint64_t(n) * m, k, "matmul's work"), [&] {
        return "matmul [" + std::to_string(n) + ", " + std::to_string(k) + "] · [" + std::to_string(k) + ", " +
               std::to_string(m) + "]";
    });
    Matrix out({n, m});
    gemm::gemm_f32(n, m, k, a.data(), k, b.data(), m, gemm::BLayout::KN, out.data(), m);
    return out;
}

Matrix matmul_bt(const Matrix& a, const Matrix& b, const char* a_name, const char* b_name) {
    if (a.shape(1) != b.shape(1))
        throw ShapeError("cannot multiply " + shape_str(a_name, a.shape(0), a.shape(1)) + " by the transpose of " +
                         shape_str(b_name, b.shape(0), b.shape(1)) + ": row widths differ");
    const std::size_t n = a.shape(0), k = a.shape(1), m = b.shape(0);
    Matrix out({n, m});
    gemm::gemm_f32(n, m, k, a.data(), k, b.data(), k, gemm::BLayout::NK, out.data(), m);
    return out;
}

Matrix matmul_at(const Matrix& a, const Matrix& b, const char* a_name, const char* b_name) {
    if (a.shape(0) != b.shape(0))
        throw ShapeError("cannot multiply the transpose of " + shape_str(a_name, a.shape(0), a.shape(1)) + " by " +
                         shape_str(b_name, b.shape(0), b.shape(1)) + ": row counts differ");
    const std::size_t k = a.shape(0), n = a.shape(1), m = b.shape(1);
    Matrix out = xt::zeros<float>({n, m});
    // out row i = Σ_p a[p, i] · b row p: axpys over contiguous rows, like matmul().
    for (std::size_t p = 0; p < k; ++p)
        for (std::size_t i = 0; i < n; ++i) kernels::axpy(a(p, i), &b(p, 0), &out(i, 0), m);
    return out;
}

Matrix columns(const Matrix& m, std::size_t c0, std::size_t n) {
    if (c0 + n > m.shape(1))
        throw ShapeError("columns [" + std::to_string(c0) + ", " + std::to_string(c0 + n) + ") outside " +
                         shape_str("matrix", m.shape(0), m.shape(1)));
    Matrix out({m.shape(0), n});
    for (std::size_t i = 0; i < m.shape(0); ++i)
        for (std::size_t j = 0; j < n; ++j) out(i, j) = m(i, c0 + j);
    return out;
}

Matrix rows(const Matrix& m, std::size_t r0, std::size_t n) {
    if (r0 + n > m.shape(0))
        throw ShapeError("rows [" + std::to_string(r0) + ", " + std::to_string(r0 + n) + ") outside " +
                         shape_str("matrix", m.shape(0), m.shape(1)));
    Matrix out({n, m.shape(1)});
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = 0; j < m.shape(1); ++j) out(i, j) = m(r0 + i, j);
    return out;
}

}  // namespace attn
