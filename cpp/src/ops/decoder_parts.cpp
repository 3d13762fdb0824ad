#include "attn/ops/decoder_parts.hpp"

#include <cmath>

#include "attn/errors.hpp"
#include "attn/kernels/kernels.hpp"

namespace attn {

void rms_norm_blocks_inplace(Matrix& x, std::size_t b, const float* gain, std::vector<float>* inv_rms, float eps) {
    const std::size_t n = x.shape(1);
    if (b == 0 || n % b != 0)
        throw ShapeError(shape_str("x", x.shape(0), n) + " does not split into RMSNorm blocks of " + std::to_string(b));
    if (inv_rms) inv_rms->resize(x.shape(0) * (n / b));
    std::size_t k = 0;
    for (std::size_t i = 0; i < x.shape(0); ++i)
        for (std::size_t c = 0; c < n; c += b, ++k) {
            float* block = &x(i, c);
            const float squares = kernels::dot(block, block, b);
            // Finite values whose Σx² overflows would normalise to zeros, silently.
            if (!std::isfinite(squares))
                throw ValueError("RMSNorm of row " + std::to_string(i) + ": the sum of squares is not finite" +
                                 (std::isinf(squares) ? " (values past ~1.8e19 overflow float)" : ""));
            const float inv = 1.0f / std::sqrt(squares / static_cast<float>(b) + eps);
            kernels::scale(block, b, inv);
            if (gain)
                for (std::size_t j = 0; j < b; ++j) block[j] *= gain[j];
            if (inv_rms) (*inv_rms)[k] = inv;
        }
}

void layer_norm_rows(Matrix& x, const float* gain, const float* bias, float eps) {
    const std::size_t n = x.shape(1);
    for (std::size_t i = 0; i < x.shape(0); ++i) {
        float* row = &x(i, 0);
        float mean = 0.0f;
        for (std::size_t j = 0; j < n; ++j) mean += row[j];
        mean /= static_cast<float>(n);
        float var = 0.0f;
        for (std::size_t j = 0; j < n; ++j) var += (row[j] - mean) * (row[j] - mean);
        if (!std::isfinite(var))
            throw ValueError("LayerNorm of row " + std::to_string(i) + ": the variance is not finite" +
                             (std::isinf(var) ? " (values past ~1.8e19 overflow float)" : ""));
        const float inv = 1.0f / std::sqrt(var / static_cast<float>(n) + eps);
        for (std::size_t j = 0; j < n; ++j) row[j] = (row[j] - mean) * inv * gain[j] + bias[j];
    }
}

Matrix rms_norm(Matrix x) {
    rms_norm_blocks_inplace(x, x.shape(1));
    return x;
}

void add_inplace(Matrix& x, const Matrix& y) { kernels::axpy(1.0f, y.data(), x.data(), x.size()); }

Vector row_vector(const Matrix& m, std::size_t i) {
    Vector out = xt::zeros<float>({m.shape(1)});
    std::copy(&m(i, 0), &m(i, 0) + m.shape(1), out.begin());
    return out;
}

int argmax(const Vector& v) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < v.size(); ++i)
        if (v(i) > v(best)) best = i;
    return static_cast<int>(best);
}

void check_tokens(const std::vector<int>& tokens, std::size_t start, std::size_t vocab, const char* name) {
    if (tokens.empty()) throw ShapeError(std::string(name) + " is empty");
    for (std::size_t i = 0; i < tokens.size(); ++i)
        if (tokens[i] < 0 || static_cast<std::size_t>(tokens[i]) >= vocab)
            throw ValueError("token " + std::to_string(tokens[i]) + " at position " + std::to_string(start + i) +
                             " is outside the vocabulary [0, " + std::to_string(vocab) + ")");
}

void check_kv_cache(const KVCache& cache, std::size_t n_layers, std::size_t n_kv_heads, std::size_t d_head) {
    if (cache.n_layers() != n_layers || cache.n_kv_heads() != n_kv_heads || cache.d_head() != d_head ||
        cache.dv_head() != d_head)
        throw ShapeError("KV cache with " + std::to_string(cache.n_layers()) + " layers, " +
                         std::to_string(cache.n_kv_heads()) + " KV heads, d_head " + std::to_string(cache.d_head()) +
                         ", dv_head " + std::to_string(cache.dv_head()) + " does not fit a model with " +
                         std::to_string(n_layers) + " layers, " + std::to_string(n_kv_heads) + " KV heads, d_head " +
                         std::to_string(d_head) + " (use make_cache())");
    for (std::size_t l = 0; l < cache.n_layers(); ++l)
        if (cache.length(l) != cache.length())
            throw ShapeError("KV cache layers hold different lengths (layer " + std::to_string(l) + ": " +
                             std::to_string(cache.length(l)) + ", shortest: " + std::to_string(cache.length()) + ")");
}

}  // namespace attn
