// gemm.hpp's decode path (m ≤ 4 rows against stored weights): its SIMD kernels against their
// scalar twin bit for bit, per type, on rows of one block and of several, and rows that are not
// whole 8-lane groups (float types); against decode-then-dot (the f32 product over the decoded
// matrix) within the bound the activations' 13-bit rounding allows, and exactly (to float
// rounding) when the activations are exactly d · q; the same bits natively and in WASM.
#include <cmath>
#include <cstring>
#include <vector>

#include "attn/crc32.hpp"
#include "attn/errors.hpp"
#include "attn/kernels/gemm.hpp"
#include "attn/kernels/quant_blocks.hpp"
#include "attn/kernels/quantized_activations.hpp"
#include "stored_weights.hpp"
#include "test_util.hpp"

using namespace attn;
using attn::test::randn;

namespace {

const WeightType kAllTypes[] = {WeightType::F32,  WeightType::F16,  WeightType::BF16, WeightType::Q8_0,
                                WeightType::Q4_0, WeightType::Q4_1, WeightType::Q5_0, WeightType::Q5_1,
                                WeightType::Q4_K, WeightType::Q6_K};

// Inner sizes per type: one block, several blocks; the float types also rows that are not whole
// 8-lane groups.
std::vector<std::size_t> inner_sizes(WeightType type) {
    if (!is_block_type(type)) return {1, 7, 8, 9, 33, 260, 1024};
    if (block_elements(type) == 256) return {256, 768};
    return {32, 96, 288};
}

std::vector<float> decoded(WeightType type, const std::vector<std::uint8_t>& stored, std::size_t n, std::size_t k) {
    std::vector<float> w(n * k);
    for (std::size_t j = 0; j < n; ++j)
        dequantize(type, stored.data() + j * row_bytes(type, k), 0, k, w.data() + j * k);
    return w;
}

std::vector<float> decode_product(bool scalar, std::size_t m, std::size_t n, std::size_t k, const float* a,
                                  const std::vector<std::uint8_t>& b, WeightType type) {
    std::vector<float> c(m * n, -7.0f);  // garbage: every output must be written
    (scalar ? gemm::gemm_weights_decode_scalar : gemm::gemm_weights_decode)(m, n, k, a, k, b.data(), type,
                                                                            gemm::BLayout::NK, c.data(), n);
    return c;
}

bool same_bits(const std::vector<float>& x, const std::vector<float>& y) {
    return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(float)) == 0;
}

}  // namespace

TEST_CASE("decode path: SIMD equals its scalar twin bit for bit, every type, m = 1 … 4", "[gemm_decode]") {
    for (WeightType type : kAllTypes)
        for (std::size_t k : inner_sizes(type))
            for (std::size_t n : {1u, 3u, 17u}) {
                const auto b = attn::test::random_stored(type, n, k, 300 + n + k);
                for (std::size_t m : {1u, 2u, 3u, 4u}) {
                    INFO(weight_type_name(type) << ": m " << m << ", n " << n << ", k " << k);
                    const Matrix a = randn(m, k, 17 * m + k);
                    REQUIRE(same_bits(decode_product(false, m, n, k, a.data(), b, type),
                                      decode_product(true, m, n, k, a.data(), b, type)));
                }
            }
}

TEST_CASE("decode path: within the rounding of the activations of decode-then-dot", "[gemm_decode]") {
    // Each activation is off by at most d / 2 of its block (x ≈ d · q): |Δ| ≤ Σ_p |w_p| · d_p / 2,
    // plus float rounding (a relative 1e-5 of Σ |a w|). Float types: rounding only.
    for (WeightType type : kAllTypes)
        for (std::size_t k : inner_sizes(type)) {
            const std::size_t n = 9, m = 3;
            const auto b = attn::test::random_stored(type, n, k, 40 + k);
            const std::vector<float> w = decoded(type, b, n, k);
            const Matrix a = randn(m, k, 41 + k);
            const std::vector<float> got = decode_product(false, m, n, k, a.data(), b, type);
            const qact::Rows x =
                is_block_type(type) ? qact::quantize(a.data(), m, k, k, block_elements(type)) : qact::Rows{};
            for (std::size_t i = 0; i < m; ++i)
                for (std::size_t j = 0; j < n; ++j) {
                    double exact = 0, magnitude = 0, rounding = 0;
                    for (std::size_t p = 0; p < k; ++p) {
                        const double wp = w[j * k + p], ap = a(i, p);
                        exact += ap * wp;
                        magnitude += std::fabs(ap * wp);
                        if (is_block_type(type)) rounding += std::fabs(wp) * x.scale(i, p / block_elements(type)) / 2;
                    }
                    INFO(weight_type_name(type)
                         << ": k " << k << ", C[" << i << ", " << j << "] = " << got[i * n + j] << ", exact " << exact);
                    REQUIRE(std::fabs(got[i * n + j] - exact) <= rounding * 1.001 + 1e-5 * magnitude + 1e-30);
                }
        }
}

TEST_CASE("decode path: activations that are exactly d · q give decode-then-dot to float rounding", "[gemm_decode]") {
    // Integers in [−4095, 4095] times 2^-12, with ±4095 in every block of 32: d = 2^-12 exactly
    // and q = x / d, so the only differences left are the float terms' roundings.
    for (WeightType type : kAllTypes) {
        if (!is_block_type(type)) continue;
        const std::size_t k = 512, n = 5, m = 2;
        const auto b = attn::test::random_stored(type, n, k, 77);
        const std::vector<float> w = decoded(type, b, n, k);
        Rng rng(78);
        std::vector<float> a(m * k);
        for (std::size_t p = 0; p < a.size(); ++p)
            a[p] = static_cast<float>(p % 32 == 5 ? (p % 64 == 5 ? 4095 : -4095)
                                                  : static_cast<int>(rng.next_u64() % 8191) - 4095) *
                   0x1p-12f;
        const std::vector<float> got = decode_product(false, m, n, k, a.data(), b, type);
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < n; ++j) {
                double exact = 0, magnitude = 0;
                for (std::size_t p = 0; p < k; ++p) {
                    exact += double(a[i * k + p]) * w[j * k + p];
                    magnitude += std::fabs(double(a[i * k + p]) * w[j * k + p]);
                }
                INFO(weight_type_name(type)
                     << ": C[" << i << ", " << j << "] = " << got[i * n + j] << ", exact " << exact);
                REQUIRE(std::fabs(got[i * n + j] - exact) <= 2e-6 * magnitude);
            }
    }
}

TEST_CASE("decode path: a non-finite activation gives NaN; m > 4, KN and bad shapes as gemm_weights", "[gemm_decode]") {
    for (WeightType type : kAllTypes) {
        const std::size_t k = is_block_type(type) ? block_elements(type) * 2 : 16, n = 3;
        const auto b = attn::test::random_stored(type, n, k, 5);
        Matrix a = randn(2, k, 6);
        a(1, k - 1) = INFINITY;
        const std::vector<float> got = decode_product(false, 2, n, k, a.data(), b, type);
        INFO(weight_type_name(type));
        for (std::size_t j = 0; j < n; ++j) {
            CHECK(std::isfinite(got[j]));
            CHECK(!std::isfinite(got[n + j]));
        }
        // m = 6 rows: the f32 GEMM's bits.
        const Matrix a6 = randn(6, k, 7);
        std::vector<float> want(6 * n), c(6 * n);
        gemm::gemm_weights(6, n, k, a6.data(), k, b.data(), type, gemm::BLayout::NK, want.data(), n);
        gemm::gemm_weights_decode(6, n, k, a6.data(), k, b.data(), type, gemm::BLayout::NK, c.data(), n);
        CHECK(same_bits(c, want));
    }
    std::vector<std::uint8_t> block(144);
    std::vector<float> c(1), a(256);
    CHECK_THROWS_AS(gemm::gemm_weights_decode(1, 1, 256, a.data(), 256, block.data(), WeightType::Q4_K,
                                              gemm::BLayout::KN, c.data(), 1),
                    ConfigError);
    CHECK_THROWS_AS(gemm::gemm_weights_decode(1, 1, 100, a.data(), 100, block.data(), WeightType::Q4_K,
                                              gemm::BLayout::NK, c.data(), 1),
                    ShapeError);
}

TEST_CASE("decode path: the same bits natively and in WASM (CRC-32 of C recorded natively)", "[gemm_decode]") {
    const std::pair<WeightType, std::uint32_t> golden[] = {
        {WeightType::F32, 0xf651aef0u},  {WeightType::F16, 0xeaaff4b1u},  {WeightType::BF16, 0x83d8ef90u},
        {WeightType::Q8_0, 0xd9b8ddf6u}, {WeightType::Q4_0, 0xda6bb60cu}, {WeightType::Q4_1, 0x20abbd4u},
        {WeightType::Q5_0, 0x61a8bfd6u}, {WeightType::Q5_1, 0x6912fe3du}, {WeightType::Q4_K, 0xeffed69bu},
        {WeightType::Q6_K, 0xc7d5d3ecu},
    };
    for (const auto& [type, want] : golden) {
        const std::size_t m = 3, n = 17, k = 512;
        const Matrix a = randn(m, k, 11);
        const auto b = attn::test::random_stored(type, n, k, 12);
        const std::vector<float> c = decode_product(false, m, n, k, a.data(), b, type);
        const std::uint32_t got = crc32(reinterpret_cast<const std::uint8_t*>(c.data()), c.size() * sizeof(float));
        INFO(weight_type_name(type) << ": CRC-32 0x" << std::hex << got);
        CHECK(got == want);
    }
}

TEST_CASE("decode path: f16 rows with ±∞, NaN and subnormal halves equal the scalar twin", "[gemm_decode]") {
    // The fast widening is exact for finite halves only; a row holding an all-ones exponent is
    // redone exactly. Rows 0 and 3 hold specials (one is a pair's first row, one its second).
    const std::size_t n = 5, k = 41;
    for (std::uint16_t special : {std::uint16_t(0x7C00), std::uint16_t(0xFC00), std::uint16_t(0x7E00),
                                  std::uint16_t(0x0001), std::uint16_t(0x83FF), std::uint16_t(0x7BFF)}) {
        auto b = attn::test::random_stored(WeightType::F16, n, k, 9);
        for (std::size_t at : {std::size_t(3), std::size_t(3 * k + 17), std::size_t(3 * k + 40)})
            std::memcpy(&b[2 * at], &special, 2);
        for (std::size_t m : {1u, 2u, 3u}) {
            INFO("half 0x" << std::hex << special << std::dec << ", m " << m);
            const Matrix a = randn(m, k, 10 + m);
            const std::vector<float> got = decode_product(false, m, n, k, a.data(), b, WeightType::F16);
            REQUIRE(same_bits(got, decode_product(true, m, n, k, a.data(), b, WeightType::F16)));
            const bool finite = (special & 0x7C00) != 0x7C00;
            CHECK(std::isfinite(got[0]) == finite);
            CHECK(std::isfinite(got[3]) == finite);
            CHECK(std::isfinite(got[1]));
        }
    }
}

TEST_CASE("decode path: the largest sums a block can make stay exact (no 32-bit lane overflows)", "[gemm_decode]") {
    // q6_k: every q = 63, every scale −128, every activation at the top level: each 32-bit lane
    // then holds 64 · 63 · 128 · 4095 = 2,113,413,120 (2^31 − 34,070,528), the block 2^33.
    // q4_k: every nibble 15, every 6-bit scale and min 63. q8_0: every weight −128.
    const std::size_t k = 256, n = 2;
    std::vector<float> a(k, 1.0f);
    for (WeightType type : {WeightType::Q6_K, WeightType::Q4_K, WeightType::Q8_0}) {
        std::vector<std::uint8_t> b(n * row_bytes(type, k), 0xFF);
        const std::uint16_t d = float_to_half(1.0f / 64);
        for (std::size_t at = 0; at < b.size(); at += block_bytes(type)) {
            if (type == WeightType::Q6_K) {
                std::memset(&b[at + 192], 0x80, 16);  // scales −128
                std::memcpy(&b[at + 208], &d, 2);
            } else {
                std::memcpy(&b[at], &d, 2);
                if (type == WeightType::Q4_K) std::memcpy(&b[at + 2], &d, 2);
                if (type == WeightType::Q8_0) std::memset(&b[at + 2], 0x80, 32);
            }
        }
        const std::vector<float> w = decoded(type, b, n, k);
        const std::vector<float> got = decode_product(false, 1, n, k, a.data(), b, type);
        INFO(weight_type_name(type));
        REQUIRE(same_bits(got, decode_product(true, 1, n, k, a.data(), b, type)));
        double exact = 0;
        for (std::size_t p = 0; p < k; ++p) exact += w[p];
        // The activations are exactly 1 = 4095 · (1 / 4095) up to d's rounding: a relative 1e-6.
        CHECK(std::fabs(got[0] - exact) <= 1e-6 * std::fabs(exact));
        CHECK(got[0] == got[1]);
    }
}
