#include "attn/ops/kv_cache.hpp"

#include <algorithm>
#include <string>

#include "attn/errors.hpp"

namespace attn {
namespace {

// buf's first `used` rows kept, room for at least `need` rows: doubled (at least 16 rows), so
// appending t rows one at a time copies O(t) rows in all.
void reserve_rows(Matrix& buf, std::size_t used, std::size_t need) {
    if (need <= buf.shape(0)) return;
    const std::size_t width = buf.shape(1);
    Matrix grown({std::max({need, 2 * buf.shape(0), std::size_t(16)}), width});
    std::copy(buf.data(), buf.data() + used * width, grown.data());
    buf = std::move(grown);
}

Matrix first_rows(const Matrix& buf, std::size_t n) {
    Matrix out({n, buf.shape(1)});
    std::copy(buf.data(), buf.data() + n * buf.shape(1), out.data());
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
    rows_.assign(n_layers, 0);
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
    const std::size_t t = rows_[layer], n = k_rows.shape(0);
    require_finite(k_rows.data(), n, k_rows.shape(1), "k", t);
    require_finite(v_rows.data(), n, v_rows.shape(1), "v", t);
    reserve_rows(k_[layer], t, t + n);
    reserve_rows(v_[layer], t, t + n);
    std::copy(k_rows.begin(), k_rows.end(), k_[layer].data() + t * k_rows.shape(1));
    std::copy(v_rows.begin(), v_rows.end(), v_[layer].data() + t * v_rows.shape(1));
    rows_[layer] = t + n;
}

Matrix KVCache::k(std::size_t layer) const {
    require_layer(layer, n_layers());
    return first_rows(k_[layer], rows_[layer]);
}

Matrix KVCache::v(std::size_t layer) const {
    require_layer(layer, n_layers());
    return first_rows(v_[layer], rows_[layer]);
}

const float* KVCache::k_data(std::size_t layer) const {
    require_layer(layer, n_layers());
    return k_[layer].data();
}

const float* KVCache::v_data(std::size_t layer) const {
    require_layer(layer, n_layers());
    return v_[layer].data();
}

std::size_t KVCache::length(std::size_t layer) const {
    require_layer(layer, n_layers());
    return rows_[layer];
}

std::size_t KVCache::length() const { return *std::min_element(rows_.begin(), rows_.end()); }

std::size_t KVCache::bytes(std::size_t dtype_bytes) const {
    std::size_t elements = 0;
    for (std::size_t t : rows_) elements += t * g_ * (d_ + dv_);
    return elements * dtype_bytes;
}

void KVCache::clear() {
    for (auto& k : k_) k = Matrix({0, g_ * d_});
    for (auto& v : v_) v = Matrix({0, g_ * dv_});
    std::fill(rows_.begin(), rows_.end(), 0);
}

}  // namespace attn
