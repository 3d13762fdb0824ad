// Seeded experiments behind the course's "why divide by √d" argument.
//
// Dimension letters: d vector width, N samples of q·k, K keys in one softmax row.
//
// For q, k ~ N(0, 1)^d, q·k has mean 0 and variance d; dividing by √d brings the standard
// deviation back to 1. Left unscaled, a row of K scores spreads ~√d wide, softmax puts nearly
// all weight on the largest one, and its gradient vanishes.
//
// Same seed, same numbers natively and in WASM, bit for bit, for the dots and the standard
// deviations: the draws come from attn::Rng, the dot products from kernels::dot_scalar (the SIMD
// twin sums in another order) and the statistics from exactly rounded double arithmetic. The
// softmax weights go through attn::softmax, whose exp differs in the last bits between the two
// builds (std::exp natively, a polynomial in the SIMD kernel): equal to ~1e-7, not bit for bit.
#pragma once
#include <cstddef>
#include <cstdint>

#include "attn/tensor.hpp"

namespace attn {

struct SoftmaxVarianceResult {
    Vector dots;              // [N] q·k, a fresh q and k for each sample
    double std_unscaled;      // sample standard deviation of dots (N − 1 in the denominator), ≈ √d
    double std_scaled;        // the same of dots · (1/√d), ≈ 1
    Vector weights_unscaled;  // [K] softmax(q·k_j) for one q against K keys
    Vector weights_scaled;    // [K] softmax(q·k_j / √d), same q and keys
    float max_weight_unscaled, max_weight_scaled;
    float entropy_unscaled, entropy_scaled;  // nats; ln K is uniform
};

// Draws, in this order from Rng(seed): N pairs (q, k), then one q and K keys.
// Throws ConfigError for d = 0, n_keys = 0 or n_samples < 2.
SoftmaxVarianceResult softmax_variance(std::size_t d, std::size_t n_keys, std::size_t n_samples, std::uint64_t seed);

// The experiment as the scaling lesson runs it unless told otherwise (softmaxVariance's options).
struct SoftmaxVarianceOptions {
    std::size_t d = 64;
    std::size_t n_keys = 10;
    std::size_t n_samples = 1000;
    std::uint64_t seed = 42;
};
SoftmaxVarianceResult softmax_variance(const SoftmaxVarianceOptions& opt);

}  // namespace attn
