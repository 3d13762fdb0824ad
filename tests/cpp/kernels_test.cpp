// The SIMD kernels against their scalar twins on odd sizes (tails of 1–3 floats), and the
// scalar kernels against their definitions. In a native build only the scalar half runs;
// the WASM build (-msimd128) runs both.
#include <limits>
#include <vector>

#include "attn/kernels.hpp"
#include "test_util.hpp"

using namespace attn;

static std::vector<float> randv(std::size_t n, std::uint64_t seed, float scale = 1.0f) {
    Rng rng(seed);
    std::vector<float> v(n);
    for (auto& x : v) x = static_cast<float>(rng.normal()) * scale;
    return v;
}

TEST_CASE("scalar kernels compute their definitions", "[kernels]") {
    const std::vector<float> a{1, 2, 3}, b{4, -5, 6};
    CHECK(kernels::dot_scalar(a.data(), b.data(), 3) == 12.0f);
    std::vector<float> y{1, 1, 1};
    kernels::axpy_scalar(2.0f, a.data(), y.data(), 3);
    CHECK(y == std::vector<float>{3, 5, 7});
    CHECK(kernels::max_scalar(b.data(), 3) == 6.0f);
    CHECK(kernels::max_scalar(b.data(), 0) == -std::numeric_limits<float>::infinity());
    std::vector<float> e{0.0f, -std::numeric_limits<float>::infinity()};
    CHECK(kernels::exp_shift_sum_scalar(e.data(), 2, 0.0f) == 1.0f);
    CHECK(e[1] == 0.0f);
}

#if ATTN_HAVE_SIMD
TEST_CASE("SIMD kernels equal their scalar twins on odd sizes", "[kernels][simd]") {
    CHECK(std::string(kernels::active_path()) == "wasm-simd128");
    for (std::size_t n : {1u, 3u, 5u, 17u, 257u}) {
        INFO("n = " << n);
        const auto a = randv(n, 11 + n), b = randv(n, 97 + n);
        const float ds = kernels::dot_scalar(a.data(), b.data(), n), dv = kernels::dot_simd(a.data(), b.data(), n);
        CHECK(dv == Approx(ds).margin(1e-5 * std::sqrt(float(n))));

        auto y1 = randv(n, 5), y2 = y1;
        kernels::axpy_scalar(0.37f, a.data(), y1.data(), n);
        kernels::axpy_simd(0.37f, a.data(), y2.data(), n);
        CHECK(y1 == y2);  // element-wise: the same two roundings per element

        CHECK(kernels::max_simd(a.data(), n) == kernels::max_scalar(a.data(), n));

        // Shifted by the max as softmax does; some entries masked to −∞.
        auto e1 = randv(n, 3 + n, 4.0f);
        for (std::size_t i = 2; i < n; i += 3) e1[i] = -std::numeric_limits<float>::infinity();
        auto e2 = e1;
        const float m = kernels::max_scalar(e1.data(), n);
        const float s1 = kernels::exp_shift_sum_scalar(e1.data(), n, m);
        const float s2 = kernels::exp_shift_sum_simd(e2.data(), n, m);
        CHECK(s2 == Approx(s1).epsilon(1e-6));
        for (std::size_t i = 0; i < n; ++i) {
            CHECK(e2[i] == Approx(e1[i]).epsilon(3e-7).margin(1e-30));
            if (i % 3 == 2) CHECK(e2[i] == 0.0f);  // masked stays exactly 0
        }

        auto s_1 = a, s_2 = a;
        kernels::scale_scalar(s_1.data(), n, 0.125f);
        kernels::scale_simd(s_2.data(), n, 0.125f);
        CHECK(s_1 == s_2);
    }
}

TEST_CASE("SIMD exp is accurate across the softmax range", "[kernels][simd]") {
    std::vector<float> x, ref;
    for (float t = -87.0f; t <= 0.0f; t += 0.01f) x.push_back(t);
    ref = x;
    kernels::exp_shift_sum_scalar(ref.data(), ref.size(), 0.0f);
    kernels::exp_shift_sum_simd(x.data(), x.size(), 0.0f);
    for (std::size_t i = 0; i < x.size(); ++i) REQUIRE(x[i] == Approx(ref[i]).epsilon(3e-7).margin(1e-37));
}
#else
TEST_CASE("scalar build runs the scalar path", "[kernels]") { CHECK(std::string(kernels::active_path()) == "scalar"); }
#endif
