#include "attn/ops/kv_cache.hpp"

#include <algorithm>
#include <string>

#include "attn/errors.hpp"

namespace attn {
namespace {

// a followed by b's rows. Appending reallocates: a step then copies the t cached rows once,
// the same order of work as the attention over them, and attention() gets a plain Matrix.
Matrix stack(const Matrix& a, const Matrix& b) {
    Matrix out({a.shape(0) + b.shape(0), a.shape(1)});
    std::copy(a.begin(), a.end(), out.begin());
    std::copy(b.begin(), b.end(), out.begin() + static_cast<std::ptrdiff_t>(a.size()));
    return out;
}

}  // namespace

KVCache::KVCache(std::size_t n_layers, std::size_t n_kv_heads, std::size_t d_head, std::size_t dv_head)
    : g_(n_kv_heads), d_(d_head), dv_(dv_head) {
    require_positive(n_layers, "KVCache: n_layers");
    require_positive(n_kv_heads, "KVCache: n_kv_heads");
    require_positive(d_head, "KVCache: d_head");
    require_positive(dv_head, "KVCache: dv_head");
    k_.assign(n_layers, Matrix({0, g_ * d_}));
    v_.assign(n_layers, Matrix({0, g_ * dv_}));
}

static void require_layer(std::size_t layer, std::size_t n_layers) {
    if (layer >= n_layers)
        throw ShapeError("KVCache: layer " + std::to_string(layer) + " is out of range for a cache of " +
                         std::to_string(n_layers) + " layers");
}

void KVCache::append(std::size_t layer, const Matrix& k_rows, const Matrix& v_rows) {
    require_layer(layer, n_layers());
    if (k_rows.shape(1) != g_ * d_)
        throw ShapeError("KVCache: " + shape_str("k_rows", k_rows.shape(0), k_rows.shape(1)) +
                         " should have n_kv_heads × d_head = " + std::to_string(g_) + " × " + std::to_string(d_) +
                         " = " + std::to_string(g_ * d_) + " columns");
    if (v_rows.shape(1) != g_ * dv_)
        throw ShapeError("KVCache: " + shape_str("v_rows", v_rows.shape(0), v_rows.shape(1)) +
                         " should have n_kv_heads × dv_head = " + std::to_string(g_) + " × " + std::to_string(dv_) +
                         " = " + std::to_string(g_ * dv_) + " columns");
    if (k_rows.shape(0) != v_rows.shape(0))
        throw ShapeError("KVCache: " + shape_str("k_rows", k_rows.shape(0), k_rows.shape(1)) + " and " +
                         shape_str("v_rows", v_rows.shape(0), v_rows.shape(1)) + " should have as many rows");
    k_[layer] = stack(k_[layer], k_rows);
    v_[layer] = stack(v_[layer], v_rows);
}

const Matrix& KVCache::k(std::size_t layer) const {
    require_layer(layer, n_layers());
    return k_[layer];
}

const Matrix& KVCache::v(std::size_t layer) const {
    require_layer(layer, n_layers());
    return v_[layer];
}

std::size_t KVCache::length(std::size_t layer) const {
    require_layer(layer, n_layers());
    return k_[layer].shape(0);
}

std::size_t KVCache::length() const {
    std::size_t t = k_[0].shape(0);
    for (const auto& k : k_) t = std::min(t, k.shape(0));
    return t;
}

std::size_t KVCache::bytes(std::size_t dtype_bytes) const {
    std::size_t elements = 0;
    for (std::size_t l = 0; l < n_layers(); ++l) elements += k_[l].size() + v_[l].size();
    return elements * dtype_bytes;
}

void KVCache::clear() {
    for (auto& k : k_) k = Matrix({0, g_ * d_});
    for (auto& v : v_) v = Matrix({0, g_ * dv_});
}

}  // namespace attn
