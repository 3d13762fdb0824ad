// A portable PRNG and normal sampler: the same seed gives bit-identical numbers natively
// (libstdc++) and in WASM (libc++). std::normal_distribution differs between the two, and so can
// the last bit of std::log / std::cos, so the sampler below uses only +, −, ×, ÷ and sqrt
// (all exactly rounded in IEEE arithmetic) and a logarithm written here from those.
#pragma once
#include <cstdint>

#include "attn/tensor.hpp"

namespace attn {

class Rng {
  public:
    explicit Rng(std::uint64_t seed);
    std::uint64_t next_u64();  // xoshiro256**
    double uniform();          // [0, 1), 53 random bits
    double normal();           // N(0, 1), Marsaglia's polar method
    Matrix normal_matrix(std::size_t rows, std::size_t cols, float stddev = 1.0f);

  private:
    std::uint64_t s_[4];
    bool has_spare_ = false;
    double spare_ = 0.0;
};

// Natural logarithm for x > 0 from exactly rounded operations only (used by Rng::normal).
double portable_log(double x);

}  // namespace attn
