#include "attn/course/experiments.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/limits.hpp"
#include "attn/ops/softmax.hpp"
#include "attn/random.hpp"

namespace attn {
namespace {

void draw(Rng& rng, std::vector<float>& v) {
    for (auto& x : v) x = static_cast<float>(rng.normal());
}

// Two-pass sample standard deviation in double, in a fixed order.
double sample_std(const Vector& x) {
    double mean = 0.0;
    for (float v : x) mean += v;
    mean /= double(x.size());
    double ss = 0.0;
    for (float v : x) ss += (v - mean) * (v - mean);
    return std::sqrt(ss / double(x.size() - 1));
}

float max_of(const Vector& v) {
    float m = v(0);
    for (float x : v) m = x > m ? x : m;
    return m;
}

}  // namespace

SoftmaxVarianceResult softmax_variance(std::size_t d, std::size_t n_keys, std::size_t n_samples, std::uint64_t seed) {
    require_positive(d, "softmax_variance: d");
    require_positive(n_keys, "softmax_variance: n_keys");
    if (n_samples < 2) throw ConfigError("softmax_variance: n_samples must be at least 2 for a standard deviation");
    // Every sample draws a fresh q and k of width d: samples × d bounds the call's work and size.
    limits::require_elements({n_samples, d}, "softmax_variance: samples × d");
    limits::require_elements({n_keys, d}, "softmax_variance: keys × d");
    // Rounded once to float, then used for every scaled number, as attention would.
    const float inv_sqrt_d = static_cast<float>(1.0 / std::sqrt(double(d)));
    Rng rng(seed);
    std::vector<float> q(d), k(d);
    SoftmaxVarianceResult r;
    r.dots = xt::zeros<float>({n_samples});
    Vector scaled = xt::zeros<float>({n_samples});
    for (std::size_t s = 0; s < n_samples; ++s) {
        draw(rng, q);
        draw(rng, k);
        r.dots(s) = kernels::dot_scalar(q.data(), k.data(), d);
        scaled(s) = r.dots(s) * inv_sqrt_d;
    }
    r.std_unscaled = sample_std(r.dots);
    r.std_scaled = sample_std(scaled);

    draw(rng, q);
    Vector row = xt::zeros<float>({n_keys});
    for (std::size_t j = 0; j < n_keys; ++j) {
        draw(rng, k);
        row(j) = kernels::dot_scalar(q.data(), k.data(), d);
    }
    const SoftmaxResult unscaled = softmax(row);
    const SoftmaxResult scaled_row = softmax(Vector(row * inv_sqrt_d));
    r.weights_unscaled = unscaled.weights;
    r.weights_scaled = scaled_row.weights;
    r.max_weight_unscaled = max_of(unscaled.weights);
    r.max_weight_scaled = max_of(scaled_row.weights);
    r.entropy_unscaled = unscaled.entropy;
    r.entropy_scaled = scaled_row.entropy;
    return r;
}

SoftmaxVarianceResult softmax_variance(const SoftmaxVarianceOptions& opt) {
    return softmax_variance(opt.d, opt.n_keys, opt.n_samples, opt.seed);
}

}  // namespace attn
