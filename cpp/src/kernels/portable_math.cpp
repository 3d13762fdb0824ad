#include "attn/kernels/portable_math.hpp"

#include <cmath>
#include <limits>

namespace attn {
namespace {

// Cody–Waite split of ln 2: k · kLn2Hi is exact for |k| < 2^11 (kLn2Hi has 32 trailing zero bits).
constexpr double kLn2Hi = 6.93147180369123816490e-01;
constexpr double kLn2Lo = 1.90821492927058770002e-10;
constexpr double kLog2e = 1.44269504088896338700e+00;
constexpr double kSqrtHalf = 0.70710678118654752440;

}  // namespace

double exp_portable(double x) noexcept {
    if (x != x) return x;
    if (x > 709.78) return std::numeric_limits<double>::infinity();
    if (x < -745.2) return 0.0;
    // x = k·ln2 + r, |r| ≤ ln2/2 ≈ 0.347; e^r by its Taylor series to r^15 (the next term is
    // below 1e-19 of the sum).
    const double k = std::floor(x * kLog2e + 0.5);
    const double r = (x - k * kLn2Hi) - k * kLn2Lo;
    double p = 1.0 / 1307674368000.0;  // 1/15!
    constexpr double inv_fact[] = {1.0 / 87178291200.0,
                                   1.0 / 6227020800.0,
                                   1.0 / 479001600.0,
                                   1.0 / 39916800.0,
                                   1.0 / 3628800.0,
                                   1.0 / 362880.0,
                                   1.0 / 40320.0,
                                   1.0 / 5040.0,
                                   1.0 / 720.0,
                                   1.0 / 120.0,
                                   1.0 / 24.0,
                                   1.0 / 6.0,
                                   1.0 / 2.0,
                                   1.0,
                                   1.0};
    for (const double c : inv_fact) p = p * r + c;
    return std::ldexp(p, static_cast<int>(k));
}

double log_portable(double x) noexcept {
    if (x != x || x < 0.0) return std::numeric_limits<double>::quiet_NaN();
    if (x == 0.0) return -std::numeric_limits<double>::infinity();
    if (x == std::numeric_limits<double>::infinity()) return x;
    // x = m · 2^e with m in [√½, √2); ln m = 2·atanh(s), s = (m − 1)/(m + 1), |s| ≤ 0.172, by
    // its series to s^27 (the next term is below 1e-22).
    int e = 0;
    double m = std::frexp(x, &e);
    if (m < kSqrtHalf) {
        m *= 2.0;
        --e;
    }
    const double s = (m - 1.0) / (m + 1.0);
    const double s2 = s * s;
    double p = 1.0 / 27.0;
    constexpr double inv_odd[] = {1.0 / 25.0, 1.0 / 23.0, 1.0 / 21.0, 1.0 / 19.0, 1.0 / 17.0, 1.0 / 15.0, 1.0 / 13.0,
                                  1.0 / 11.0, 1.0 / 9.0,  1.0 / 7.0,  1.0 / 5.0,  1.0 / 3.0,  1.0};
    for (const double c : inv_odd) p = p * s2 + c;
    const double de = static_cast<double>(e);
    return de * kLn2Hi + (de * kLn2Lo + 2.0 * s * p);
}

}  // namespace attn
