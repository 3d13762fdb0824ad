#include "attn/ops/rope.hpp"

#include <cmath>
#include <string>

#include "attn/errors.hpp"

namespace attn {

static void require_base(float base) {
    if (!(base > 1.0f) || !std::isfinite(base)) throw ConfigError("rope: base must be a finite number > 1");
}

// θ_i in double. The angle pos · θ_i must be: with θ_i rounded to float (relative error up to
// 6e-8), the angle at position 131,072 is off by up to 5e-3 rad (d = 128, base 10,000), at 1e6
// by 3e-2, and long-context positions are where RoPE matters.
static std::vector<double> thetas(std::size_t rotary_dim, float base) {
    std::vector<double> theta(rotary_dim / 2);
    for (std::size_t i = 0; i < theta.size(); ++i)
        theta[i] = std::pow(double(base), -2.0 * double(i) / double(rotary_dim));
    return theta;
}

std::vector<float> rope_frequencies(std::size_t rotary_dim, float base) {
    if (rotary_dim % 2 != 0) throw ConfigError("rope: rotary_dim " + std::to_string(rotary_dim) + " must be even");
    require_base(base);
    const std::vector<double> theta = thetas(rotary_dim, base);
    return std::vector<float>(theta.begin(), theta.end());
}

Matrix rope(const Matrix& x, const RopeConfig& cfg, const std::vector<float>& positions) {
    require_positive(cfg.n_heads, "rope: n_heads");
    if (x.shape(1) % cfg.n_heads != 0)
        throw ShapeError("rope: " + shape_str("x", x.shape(0), x.shape(1)) +
                         " does not split into n_heads = " + std::to_string(cfg.n_heads) + " heads");
    const std::size_t d = x.shape(1) / cfg.n_heads;
    const std::size_t r = cfg.rotary_dim ? cfg.rotary_dim : d;
    if (r > d)
        throw ConfigError("rope: rotary_dim " + std::to_string(r) + " is larger than d_head " + std::to_string(d));
    if (r % 2 != 0) throw ConfigError("rope: rotary_dim " + std::to_string(r) + " must be even");
    if (cfg.thetas.empty()) require_base(cfg.base);
    if (!positions.empty() && positions.size() != x.shape(0))
        throw ShapeError("rope: " + std::to_string(positions.size()) + " positions for " + std::to_string(x.shape(0)) +
                         " rows of x");
    for (std::size_t t = 0; t < positions.size(); ++t)
        if (!std::isfinite(positions[t]))
            throw ValueError("rope: positions[" + std::to_string(t) + "] is " +
                             (std::isnan(positions[t]) ? "NaN" : "infinite"));
    require_finite(x, "x");
    if (!cfg.thetas.empty() && cfg.thetas.size() != r / 2)
        throw ConfigError("rope: " + std::to_string(cfg.thetas.size()) + " thetas given for rotary_dim " +
                          std::to_string(r) + " (it takes " + std::to_string(r / 2) + ")");
    const std::vector<double> theta = cfg.thetas.empty() ? thetas(r, cfg.base) : cfg.thetas;
    Matrix out = x;
    const std::size_t half = r / 2;
    for (std::size_t t = 0; t < x.shape(0); ++t) {
        const double pos = positions.empty() ? double(t) : double(positions[t]);
        for (std::size_t i = 0; i < half; ++i) {
            const double angle = pos * theta[i];
            const float c = float(std::cos(angle)), s = float(std::sin(angle));
            for (std::size_t h = 0; h < cfg.n_heads; ++h) {
                const float a = x(t, h * d + i), b = x(t, h * d + i + half);
                out(t, h * d + i) = a * c - b * s;
                out(t, h * d + i + half) = a * s + b * c;
            }
        }
    }
    return out;
}

std::vector<double> rope_scaled_thetas(std::size_t rotary_dim, float base, const RopeScaling& s) {
    if (rotary_dim % 2 != 0) throw ConfigError("rope: rotary_dim " + std::to_string(rotary_dim) + " must be even");
    require_base(base);
    std::vector<double> theta = thetas(rotary_dim, base);
    if (s.kind == RopeScaling::Kind::None) return theta;
    if (!std::isfinite(s.factor) || !(s.factor >= 1.0))
        throw ConfigError("ropeScaling.factor must be a finite number ≥ 1");
    if (s.kind == RopeScaling::Kind::Linear) {
        for (double& t : theta) t /= s.factor;
        return theta;
    }
    if (!(s.low_freq_factor < s.high_freq_factor) || !std::isfinite(s.high_freq_factor) || !(s.low_freq_factor > 0.0))
        throw ConfigError("ropeScaling: lowFreqFactor must be > 0 and below highFreqFactor");
    if (!std::isfinite(s.original_context) || !(s.original_context >= 1.0))
        throw ConfigError("ropeScaling.originalContext must be at least 1");
    // transformers' _compute_llama3_parameters, element by element.
    const double low_wavelen = s.original_context / s.low_freq_factor;
    const double high_wavelen = s.original_context / s.high_freq_factor;
    const double pi = 3.14159265358979323846;
    for (double& t : theta) {
        const double wavelen = 2.0 * pi / t;
        if (wavelen > low_wavelen) {
            t /= s.factor;
        } else if (!(wavelen < high_wavelen)) {
            const double smooth =
                (s.original_context / wavelen - s.low_freq_factor) / (s.high_freq_factor - s.low_freq_factor);
            t = (1.0 - smooth) * t / s.factor + smooth * t;
        }
    }
    return theta;
}

}  // namespace attn
