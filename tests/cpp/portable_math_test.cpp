// attn/portable_math.hpp: close to the C library's exp and log, and the same bits everywhere.
// The fingerprint below is one constant for the native and the WASM build of this very test
// (ctest runs both): a last-bit difference between platforms anywhere in the 200,000 results
// changes it.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "attn/kernels/portable_math.hpp"
#include "attn/random.hpp"
#include "test_util.hpp"

using namespace attn;

namespace {

// Distance in units in the last place between two finite doubles of the same sign.
std::int64_t ulps(double a, double b) {
    std::int64_t ia = 0, ib = 0;
    std::memcpy(&ia, &a, 8);
    std::memcpy(&ib, &b, 8);
    return ia > ib ? ia - ib : ib - ia;
}

template <class T>
void mix(std::uint64_t& h, T x) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof x);
    h = (h ^ bits) * 0x100000001b3ULL;
}

}  // namespace

TEST_CASE("exp_portable and log_portable are within 2 ulp of the C library's", "[portable_math]") {
    Rng rng(7);
    std::int64_t worst_exp = 0, worst_log = 0;
    for (int i = 0; i < 100000; ++i) {
        const double u = static_cast<double>(rng.next_u64() >> 11) / 9007199254740992.0;
        const double x = -700.0 + 1400.0 * u;
        worst_exp = std::max(worst_exp, ulps(exp_portable(x), std::exp(x)));
        const double y = std::ldexp(0.5 + u, static_cast<int>(rng.next_u64() % 200) - 100);
        worst_log = std::max(worst_log, ulps(log_portable(y), std::log(y)));
    }
    CHECK(worst_exp <= 2);
    CHECK(worst_log <= 2);
}

TEST_CASE("the float forms: exp, log1p, sigmoid, silu close to the C library's", "[portable_math]") {
    for (float x = -30.0f; x <= 30.0f; x += 0.01f) {
        CHECK(exp_portable(x) == Approx(std::exp(x)).epsilon(2e-7));
        CHECK(log1p_portable(std::exp(x)) == Approx(std::log1p(std::exp(x))).epsilon(2e-7).margin(1e-30));
        CHECK(sigmoid_portable(x) == Approx(1.0f / (1.0f + std::exp(-x))).epsilon(2e-7));
        CHECK(silu_portable(x) == Approx(x / (1.0f + std::exp(-x))).epsilon(2e-7).margin(1e-30));
    }
    CHECK(log1p_portable(1e-12f) == 1e-12f);
    CHECK(log1p_portable(-1e-12f) == -1e-12f);
}

TEST_CASE("edges: infinities, zero, NaN, the ends of the range", "[portable_math]") {
    const double inf = std::numeric_limits<double>::infinity();
    CHECK(exp_portable(0.0) == 1.0);
    CHECK(exp_portable(800.0) == inf);
    CHECK(exp_portable(-800.0) == 0.0);
    CHECK(exp_portable(-inf) == 0.0);
    CHECK(std::isnan(exp_portable(std::nan(""))));
    CHECK(log_portable(1.0) == 0.0);
    CHECK(log_portable(0.0) == -inf);
    CHECK(log_portable(inf) == inf);
    CHECK(std::isnan(log_portable(-1.0)));
    CHECK(log_portable(1e-310) == Approx(std::log(1e-310)).epsilon(1e-15));  // subnormal
    CHECK(exp_portable(-740.0) == Approx(std::exp(-740.0)).epsilon(1e-3));   // subnormal result
    CHECK(sigmoid_portable(-100.0f) >= 0.0f);
    CHECK(sigmoid_portable(100.0f) == 1.0f);
}

TEST_CASE("the same bits natively and in WASM: a fingerprint of 200,000 results", "[portable_math]") {
    Rng rng(20261203);
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < 50000; ++i) {
        const double u = static_cast<double>(rng.next_u64() >> 11) / 9007199254740992.0;
        mix(h, exp_portable(-60.0 + 120.0 * u));
        mix(h, log_portable(1e-30 + 1e3 * u));
        const float f = static_cast<float>(-25.0 + 50.0 * u);
        mix(h, sigmoid_portable(f));
        mix(h, log1p_portable(exp_portable(f)));
    }
    CHECK(h == 0x4a411dbe2d0dbd13ULL);
}
