// quantized_activations.hpp: one scalar pass per activation row (k values; the weights it meets are
// k · n, so this is never the cost).
#include "attn/kernels/quantized_activations.hpp"

#include <cmath>

namespace attn::qact {
namespace {

constexpr float kLevels = 4095.0f;  // the largest |q|: 13 bits (see the header)

}  // namespace

Rows quantize(const float* a, std::size_t m, std::size_t k, std::size_t lda, std::size_t block) {
    Rows r;
    r.m = m;
    r.k = k;
    r.block = block;
    r.q.resize(m * k);
    r.d.resize(m * (k / block));
    r.sum16.resize(m * (k / 16));
    r.sum32.resize(m * (k / 32));
    for (std::size_t i = 0; i < m; ++i) {
        const float* x = a + i * lda;
        std::int16_t* q = r.q.data() + i * k;
        for (std::size_t b = 0; b < k / block; ++b) {
            const float* xb = x + b * block;
            float amax = 0.0f;
            bool finite = true;
            for (std::size_t j = 0; j < block; ++j) {
                finite = finite && std::isfinite(xb[j]);
                amax = std::fmax(amax, std::fabs(xb[j]));
            }
            std::int16_t* qb = q + b * block;
            if (!finite) {
                r.d[i * (k / block) + b] = NAN;
                for (std::size_t j = 0; j < block; ++j) qb[j] = 0;
                continue;
            }
            const float d = amax / kLevels, id = d != 0.0f ? 1.0f / d : 0.0f;
            r.d[i * (k / block) + b] = d;
            for (std::size_t j = 0; j < block; ++j) {
                // |x · id| ≤ 4095 up to one rounding: clamp, then round ties to even.
                const float v = std::fmin(kLevels, std::fmax(-kLevels, xb[j] * id));
                qb[j] = static_cast<std::int16_t>(std::nearbyint(v));
            }
        }
        for (std::size_t g = 0; g < k / 16; ++g) {
            std::int32_t s = 0;
            for (std::size_t j = 0; j < 16; ++j) s += q[16 * g + j];
            r.sum16[i * (k / 16) + g] = s;
        }
        for (std::size_t g = 0; g < k / 32; ++g)
            r.sum32[i * (k / 32) + g] = r.sum16[i * (k / 16) + 2 * g] + r.sum16[i * (k / 16) + 2 * g + 1];
    }
    return r;
}

}  // namespace attn::qact
