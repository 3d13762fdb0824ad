#include "attn/ops/scores.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/limits.hpp"

namespace attn {

static void require_same_length(const Vector& a, const Vector& b, const char* what) {
    if (a.size() != b.size())
        throw ShapeError(std::string(what) + ": vectors of length " + std::to_string(a.size()) + " and " +
                         std::to_string(b.size()) + " differ");
    if (a.size() == 0) throw ShapeError(std::string(what) + ": vectors are empty");
}

float default_scale(std::size_t d) {
    require_positive(d, "default_scale: d");
    return 1.0f / std::sqrt(static_cast<float>(d));
}

float dot(const Vector& q, const Vector& k) {
    require_same_length(q, k, "dot");
    return kernels::dot(q.data(), k.data(), q.size());
}

namespace {

// A vector divided by its largest |component|, and the norm of that. Cosine does not change under
// scaling, and the scaled squared norm lies in [1, n]: unscaled, components of 1e-25 square to 0
// in float (a "zero vector" that is not one) and components of 1e20 to +∞.
struct ScaledVector {
    std::vector<float> x;
    float norm;
};

ScaledVector scaled(const float* x, std::size_t n) {
    float max_abs = 0.0f;
    for (std::size_t i = 0; i < n; ++i) max_abs = std::fmax(max_abs, std::fabs(x[i]));
    if (max_abs == 0.0f) throw ValueError("cosine of a zero vector is undefined");
    ScaledVector s{std::vector<float>(x, x + n), 0.0f};
    for (float& c : s.x) c /= max_abs;
    s.norm = std::sqrt(kernels::dot(s.x.data(), s.x.data(), n));
    return s;
}

float cosine_of(const ScaledVector& a, const ScaledVector& b) {
    return kernels::dot(a.x.data(), b.x.data(), a.x.size()) / (a.norm * b.norm);
}

}  // namespace

float cosine(const Vector& a, const Vector& b) {
    require_same_length(a, b, "cosine");
    return cosine_of(scaled(a.data(), a.size()), scaled(b.data(), b.size()));
}

Matrix score_matrix(const Matrix& q, const Matrix& k, std::optional<float> scale_or_default) {
    // A zero width would give scores of 0 (and NaN under the default scale 1/√0).
    require_nonempty(q, "Q");
    require_nonempty(k, "K");
    if (q.shape(1) != k.shape(1))
        throw ShapeError("scores: " + shape_str("Q", q.shape(0), q.shape(1)) + " and " +
                         shape_str("K", k.shape(0), k.shape(1)) + " need the same width d");
    limits::require_elements({q.shape(0), k.shape(0)}, "scores [Tq, Tk]");
    if (scale_or_default && !std::isfinite(*scale_or_default)) throw ValueError("scale is not finite");
    const float scale = scale_or_default ? *scale_or_default : default_scale(q.shape(1));
    Matrix s({q.shape(0), k.shape(0)});
    for (std::size_t i = 0; i < q.shape(0); ++i)
        for (std::size_t j = 0; j < k.shape(0); ++j) s(i, j) = scale * kernels::dot(&q(i, 0), &k(j, 0), q.shape(1));
    return s;
}

Matrix cosine_matrix(const Matrix& a, const Matrix& b) {
    require_nonempty(a, "A");
    require_nonempty(b, "B");
    if (a.shape(1) != b.shape(1))
        throw ShapeError("cosine: " + shape_str("A", a.shape(0), a.shape(1)) + " and " +
                         shape_str("B", b.shape(0), b.shape(1)) + " need the same width");
    limits::require_elements({a.shape(0), b.shape(0)}, "cosines [n, m]");
    std::vector<ScaledVector> rows_b;
    for (std::size_t j = 0; j < b.shape(0); ++j) rows_b.push_back(scaled(&b(j, 0), b.shape(1)));
    Matrix c({a.shape(0), b.shape(0)});
    for (std::size_t i = 0; i < a.shape(0); ++i) {
        const ScaledVector row_a = scaled(&a(i, 0), a.shape(1));
        for (std::size_t j = 0; j < b.shape(0); ++j) c(i, j) = cosine_of(row_a, rows_b[j]);
    }
    return c;
}

float additive_score(const Vector& q, const Vector& k, const Matrix& w1, const Matrix& w2, const Vector& v) {
    if (w1.shape(0) != q.size() || w2.shape(0) != k.size() || w1.shape(1) != v.size() || w2.shape(1) != v.size())
        throw ShapeError("additive score: q [" + std::to_string(q.size()) + "], k [" + std::to_string(k.size()) +
                         "], " + shape_str("W1", w1.shape(0), w1.shape(1)) + ", " +
                         shape_str("W2", w2.shape(0), w2.shape(1)) + ", v [" + std::to_string(v.size()) +
                         "] do not fit: need W1 [d_q, d_a], W2 [d_k, d_a], v [d_a]");
    float s = 0.0f;
    for (std::size_t a = 0; a < v.size(); ++a) {
        float h = 0.0f;
        for (std::size_t i = 0; i < q.size(); ++i) h += q(i) * w1(i, a);
        for (std::size_t i = 0; i < k.size(); ++i) h += k(i) * w2(i, a);
        s += v(a) * std::tanh(h);
    }
    return s;
}

static std::uint64_t times(std::uint64_t a, std::uint64_t b) {
    std::uint64_t r;
    if (__builtin_mul_overflow(a, b, &r)) throw ValueError("score memory: T × T × d_a × dtype_bytes overflows 64 bits");
    return r;
}

ScoreMemory score_memory(std::uint64_t T, std::uint64_t d_a, std::uint64_t dtype_bytes) {
    if (T == 0) throw ValueError("score memory: T must be > 0");
    if (d_a == 0) throw ValueError("score memory: d_a must be > 0");
    if (dtype_bytes == 0) throw ValueError("score memory: dtype_bytes must be > 0");
    const std::uint64_t dot_bytes = times(times(T, T), dtype_bytes);
    return {times(dot_bytes, d_a), dot_bytes};
}

}  // namespace attn
