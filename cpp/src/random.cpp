#include "attn/random.hpp"

#include <cmath>

namespace attn {

static std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

Rng::Rng(std::uint64_t seed) {
    for (auto& s : s_) s = splitmix64(seed);
}

std::uint64_t Rng::next_u64() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

double Rng::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double portable_log(double x) {
    // x = m · 2^e with m in [√½, √2); ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| < 0.172.
    int e = 0;
    double m = x;
    while (m >= 1.4142135623730951) {
        m *= 0.5;
        ++e;
    }
    while (m < 0.7071067811865476) {
        m *= 2.0;
        --e;
    }
    const double s = (m - 1.0) / (m + 1.0), s2 = s * s;
    double term = s, sum = 0.0;
    for (int k = 1; k < 40; k += 2) {  // s^41/41 < 1e-33: far below double precision
        sum += term / k;
        term *= s2;
    }
    return 2.0 * sum + e * 0.6931471805599453;
}

double Rng::normal() {
    if (has_spare_) {
        has_spare_ = false;
        return spare_;
    }
    double u, v, s;
    do {
        u = 2.0 * uniform() - 1.0;
        v = 2.0 * uniform() - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    const double f = std::sqrt(-2.0 * portable_log(s) / s);
    spare_ = v * f;
    has_spare_ = true;
    return u * f;
}

Matrix Rng::normal_matrix(std::size_t rows, std::size_t cols, float stddev) {
    Matrix m({rows, cols});
    for (auto& x : m) x = static_cast<float>(normal()) * stddev;
    return m;
}

}  // namespace attn
