// The blocked SIMD GEMM against its scalar twin (bit for bit: same accumulation order) on odd
// shapes that cross every block edge, both B layouts, f16-stored B; matmul() on top of it.
#include <cstring>
#include <vector>

#include "attn/crc32.hpp"
#include "attn/errors.hpp"
#include "attn/kernels/gemm.hpp"
#include "attn/kernels/quant_blocks.hpp"
#include "attn/models/weights_io.hpp"
#include "stored_weights.hpp"
#include "test_util.hpp"

using namespace attn;
using attn::test::max_abs_diff;
using attn::test::randn;

namespace {

std::vector<float> product(std::size_t m, std::size_t n, std::size_t k, const Matrix& a, const Matrix& b,
                           gemm::BLayout layout, bool scalar) {
    std::vector<float> c(m * n, -1.0f);  // garbage: the GEMM must overwrite, not add to it
    const std::size_t ldb = layout == gemm::BLayout::KN ? n : k;
    (scalar ? gemm::gemm_scalar : gemm::gemm_f32)(m, n, k, a.data(), k, b.data(), ldb, layout, c.data(), n);
    return c;
}

}  // namespace

TEST_CASE("GEMM equals its scalar twin bit for bit on odd shapes", "[gemm]") {
    // 1, 3, 5, 17, 257 in every dimension crosses the 4-row tile, the 8-column panel and the
    // 256-deep K block; 513 columns cross the 512-column block.
    for (std::size_t m : {1u, 3u, 5u, 17u})
        for (std::size_t n : {1u, 3u, 5u, 17u, 257u, 513u})
            for (std::size_t k : {1u, 3u, 5u, 17u, 257u}) {
                INFO("m " << m << ", n " << n << ", k " << k);
                const Matrix a = randn(m, k, m * 1000 + n * 10 + k);
                for (auto layout : {gemm::BLayout::KN, gemm::BLayout::NK}) {
                    const Matrix b = layout == gemm::BLayout::KN ? randn(k, n, 7 + n) : randn(n, k, 7 + n);
                    REQUIRE(product(m, n, k, a, b, layout, false) == product(m, n, k, a, b, layout, true));
                }
            }
}

TEST_CASE("GEMM with f16-stored B equals the GEMM of B converted to f32", "[gemm]") {
    for (std::size_t n : {3u, 17u, 257u}) {
        const std::size_t m = 5, k = 17;
        const Matrix a = randn(m, k, 3);
        const Matrix b32 = randn(k, n, 4);
        std::vector<std::uint16_t> b16(k * n);
        Matrix widened({k, n});
        for (std::size_t i = 0; i < k * n; ++i) {
            b16[i] = float_to_half(b32.data()[i]);
            widened.data()[i] = half_to_float(b16[i]);
        }
        std::vector<float> c16(m * n), c32(m * n);
        gemm::gemm_f16(m, n, k, a.data(), k, b16.data(), n, gemm::BLayout::KN, c16.data(), n);
        gemm::gemm_f32(m, n, k, a.data(), k, widened.data(), n, gemm::BLayout::KN, c32.data(), n);
        CHECK(c16 == c32);
    }
}

TEST_CASE("half_bits_to_float agrees with half_to_float on all 65536 halves", "[gemm]") {
    for (std::uint32_t h = 0; h < 0x10000u; ++h) {
        const float a = gemm::half_bits_to_float(static_cast<std::uint16_t>(h)),
                    b = half_to_float(static_cast<std::uint16_t>(h));
        std::uint32_t ba, bb;
        std::memcpy(&ba, &a, 4);
        std::memcpy(&bb, &b, 4);
        if (std::isnan(b))
            REQUIRE(std::isnan(a));
        else
            REQUIRE(ba == bb);
    }
}

TEST_CASE("matmul and matmul_bt run the GEMM: definitions on small cases, K = 0", "[gemm]") {
    const Matrix a = {{1, 2}, {3, 4}, {5, 6}}, b = {{1, 0, -1}, {2, 1, 0}};
    const Matrix want = {{5, 2, -1}, {11, 4, -3}, {17, 6, -5}};
    CHECK(max_abs_diff(matmul(a, b), want) == 0.0f);
    CHECK(max_abs_diff(matmul_bt(a, Matrix(xt::transpose(b))), want) == 0.0f);
    std::vector<float> c(6, 9.0f);
    gemm::gemm_f32(2, 3, 0, nullptr, 0, nullptr, 3, gemm::BLayout::KN, c.data(), 3);
    CHECK(c == std::vector<float>(6, 0.0f));
}

TEST_CASE("GEMM over stored weights of every type equals gemm_scalar over the decoded matrix, bit for bit", "[gemm]") {
    // m = 1 is a decode step; 3, 5, 17 cross the 4-row tile; n crosses the 8-column panel; K =
    // 512 takes two 256-deep blocks, so the panels are decoded block by block.
    for (WeightType type : {WeightType::F32, WeightType::F16, WeightType::BF16, WeightType::Q8_0, WeightType::Q5_0,
                            WeightType::Q5_1, WeightType::Q4_0, WeightType::Q4_1, WeightType::Q4_K, WeightType::Q6_K})
        for (std::size_t k : {256u, 512u})
            for (std::size_t n : {1u, 3u, 5u, 17u}) {
                const auto stored = attn::test::random_stored(type, n, k, 100 + n + k);  // [n, k]: "nk"
                std::vector<float> decoded(n * k);
                for (std::size_t j = 0; j < n; ++j)
                    dequantize(type, stored.data() + j * row_bytes(type, k), 0, k, decoded.data() + j * k);
                for (std::size_t m : {1u, 3u, 5u, 17u}) {
                    INFO(weight_type_name(type) << ": m " << m << ", n " << n << ", k " << k);
                    const Matrix a = randn(m, k, m + n);
                    std::vector<float> got(m * n, -1.0f), want(m * n);
                    gemm::gemm_weights(m, n, k, a.data(), k, stored.data(), type, gemm::BLayout::NK, got.data(), n);
                    gemm::gemm_scalar(m, n, k, a.data(), k, decoded.data(), k, gemm::BLayout::NK, want.data(), n);
                    REQUIRE(got == want);
                }
            }
}

TEST_CASE("GEMM over float weights stored [in, out] (GPT-2's Conv1D); block types must be [out, in]", "[gemm]") {
    for (WeightType type : {WeightType::F32, WeightType::F16, WeightType::BF16})
        for (std::size_t n : {1u, 5u, 17u}) {
            const std::size_t k = 257, m = 3;
            const auto stored = attn::test::random_stored(type, k, n, 7 + n);  // [k, n]: "kn"
            std::vector<float> decoded(k * n);
            for (std::size_t p = 0; p < k; ++p)
                dequantize(type, stored.data() + p * row_bytes(type, n), 0, n, decoded.data() + p * n);
            const Matrix a = randn(m, k, n);
            std::vector<float> got(m * n), want(m * n);
            gemm::gemm_weights(m, n, k, a.data(), k, stored.data(), type, gemm::BLayout::KN, got.data(), n);
            gemm::gemm_scalar(m, n, k, a.data(), k, decoded.data(), n, gemm::BLayout::KN, want.data(), n);
            REQUIRE(got == want);
        }
    std::vector<std::uint8_t> block(34);
    std::vector<float> c(1);
    const float a[32] = {};
    CHECK_THROWS_AS(gemm::gemm_weights(1, 1, 32, a, 32, block.data(), WeightType::Q8_0, gemm::BLayout::KN, c.data(), 1),
                    ConfigError);
}

TEST_CASE("GEMM over stored weights: the same bits natively and in WASM (CRC-32 of C recorded natively)", "[gemm]") {
    // The decoders are exact integer and float operations and the GEMM's order is fixed, so
    // every build must give these bits (AVX2, SSE2, NEON, WASM SIMD, scalar).
    const std::pair<WeightType, std::uint32_t> golden[] = {
        {WeightType::F32, 0x209b9dccu},  {WeightType::F16, 0x17ba9dc7u},  {WeightType::BF16, 0xe2d3d1ecu},
        {WeightType::Q8_0, 0xcd8cfd78u}, {WeightType::Q4_0, 0x3543416du}, {WeightType::Q4_K, 0xe5e6033eu},
        {WeightType::Q6_K, 0x2d1acb8cu}, {WeightType::Q5_0, 0xedb71c73u}, {WeightType::Q5_1, 0x03bd0baeu},
        {WeightType::Q4_1, 0xf6163b8au},
    };
    for (const auto& [type, want] : golden) {
        const std::size_t m = 5, n = 17, k = 512;
        const Matrix a = randn(m, k, 11);
        const auto b = attn::test::random_stored(type, n, k, 12);
        std::vector<float> c(m * n);
        gemm::gemm_weights(m, n, k, a.data(), k, b.data(), type, gemm::BLayout::NK, c.data(), n);
        const std::uint32_t got = crc32(reinterpret_cast<const std::uint8_t*>(c.data()), c.size() * sizeof(float));
        INFO(weight_type_name(type) << ": CRC-32 0x" << std::hex << got);
        CHECK(got == want);
    }
}
