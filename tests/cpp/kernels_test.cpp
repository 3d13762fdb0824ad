// The SIMD kernels against their scalar twins on odd sizes (tails of 1–3 floats), the scalar
// kernels against their definitions, and the one exp of both. Every build runs all of it: the
// twins are SIMD natively too (SSE2 / NEON), plain C++ lanes in a WASM build without SIMD.
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "attn/kernels/kernels.hpp"
#include "attn/kernels/simd_exp.hpp"
#include "test_util.hpp"

using namespace attn;

static std::vector<float> randv(std::size_t n, std::uint64_t seed, float scale = 1.0f) {
    Rng rng(seed);
    std::vector<float> v(n);
    for (auto& x : v) x = static_cast<float>(rng.normal()) * scale;
    return v;
}

static std::uint32_t bits(float x) {
    std::uint32_t b;
    std::memcpy(&b, &x, 4);
    return b;
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

TEST_CASE("the kernels report the instruction set they compiled to", "[kernels][simd]") {
    const std::string path = kernels::active_path();
#if defined(__wasm_simd128__)
    CHECK(path == "wasm-simd128");
#elif defined(__EMSCRIPTEN__)
    CHECK(path == "scalar");
#elif defined(__x86_64__) && defined(__AVX2__)
    CHECK(path == "sse2 + avx2");  // the 8-lane tiles as AVX2 (CMake's ATTN_AVX2 on this machine)
#elif defined(__x86_64__)
    CHECK(path == "sse2");
#elif defined(__aarch64__)
    CHECK(path == "neon");
#endif
    CHECK(path == ATTN_SIMD_BACKEND);
}

TEST_CASE("SIMD kernels equal their scalar twins on odd sizes", "[kernels][simd]") {
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
        CHECK(e1 == e2);  // the same polynomial, operation for operation: the same bits
        for (std::size_t i = 2; i < n; i += 3) CHECK(e2[i] == 0.0f);  // masked stays exactly 0

        auto s_1 = a, s_2 = a;
        kernels::scale_scalar(s_1.data(), n, 0.125f);
        kernels::scale_simd(s_2.data(), n, 0.125f);
        CHECK(s_1 == s_2);
    }
}

TEST_CASE("exp gives equal outputs for equal inputs at every index, body or tail", "[kernels][simd]") {
    // 257 = 64 vectors and a tail of 1; the value falls in the body and in the tail. The values
    // include the underflow edge (the old SIMD exp flushed below −87.3 while its tail used
    // std::exp, so the same input gave 0 in the body and 1e-38 in the tail).
    for (float x : {0.0f, -1e-7f, -0.3466f, -1.0f, -10.5f, -50.0f, -87.2f, -87.3f, -87.31f, -88.0f, -100.0f,
                    -std::numeric_limits<float>::infinity()}) {
        INFO("x = " << x);
        for (std::size_t n : {1u, 3u, 5u, 17u, 257u}) {
            std::vector<float> row(n, x);
            kernels::exp_shift_sum_simd(row.data(), n, 0.0f);
            const float expected = simd::exp_nonpositive(x);
            for (std::size_t i = 0; i < n; ++i) REQUIRE(bits(row[i]) == bits(expected));
            std::vector<float> ref(n, x);
            kernels::exp_shift_sum_scalar(ref.data(), n, 0.0f);
            REQUIRE(ref == row);
        }
    }
    // Four lanes of the vector form against the float form, across the whole range.
    for (float t = -90.0f; t <= 0.0f; t += 0.0137f) {
        float lanes[4] = {t, t * 0.5f, t * 0.25f, t * 0.125f}, out[4];
        simd::store(out, simd::exp_nonpositive(simd::load(lanes)));
        for (int l = 0; l < 4; ++l) REQUIRE(bits(out[l]) == bits(simd::exp_nonpositive(lanes[l])));
    }
}

TEST_CASE("exp is accurate across the softmax range", "[kernels]") {
    for (float t = -87.0f; t <= 0.0f; t += 0.01f)
        REQUIRE(simd::exp_nonpositive(t) == Approx(std::exp(t)).epsilon(3e-7).margin(1e-37));
    CHECK(simd::exp_nonpositive(0.0f) == 1.0f);
    CHECK(simd::exp_nonpositive(-std::numeric_limits<float>::infinity()) == 0.0f);
    CHECK(simd::exp_nonpositive(-88.0f) == 0.0f);
}

TEST_CASE("horizontal sums add in one fixed order", "[kernels][simd]") {
    const float v[4] = {1e8f, 1.0f, -1e8f, 1.0f};  // (v0 + v2) + (v1 + v3) = 2; left to right 1
    CHECK(simd::hsum(simd::load(v)) == 2.0f);
    const float a[4] = {1, 2, 3, 4}, b[4] = {10, 20, 30, 40}, c[4] = {-1, -2, -3, -4}, d[4] = {1e8f, 1, -1e8f, 1};
    float s[4];
    simd::store(s, simd::hsum4(simd::load(a), simd::load(b), simd::load(c), simd::load(d)));
    CHECK(s[0] == 10.0f);
    CHECK(s[1] == 100.0f);
    CHECK(s[2] == -10.0f);
    CHECK(s[3] == 2.0f);
    CHECK(simd::hmax(simd::load(c)) == -1.0f);
}

TEST_CASE("all_finite finds a NaN or an infinity at any index", "[kernels][simd]") {
    for (std::size_t n : {1u, 3u, 5u, 17u, 257u}) {
        INFO("n = " << n);
        auto x = randv(n, 40 + n, 1e30f);  // large but finite: x·0 must still be 0
        CHECK(kernels::all_finite_simd(x.data(), n));
        CHECK(kernels::all_finite_scalar(x.data(), n));
        for (float bad : {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
                          -std::numeric_limits<float>::infinity()})
            for (std::size_t i : {std::size_t(0), n / 2, n - 1}) {
                auto y = x;
                y[i] = bad;
                CHECK_FALSE(kernels::all_finite_simd(y.data(), n));
                CHECK_FALSE(kernels::all_finite_scalar(y.data(), n));
            }
    }
    CHECK(kernels::all_finite_simd(nullptr, 0));
}
