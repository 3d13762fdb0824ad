// Decoding of stored weight rows on hand-made blocks, each expected value worked out by hand from
// ggml's block layouts (quant_blocks.hpp spells them out); the weight type names and row sizes.
#include "attn/kernels/quant_blocks.hpp"

#include <cstring>
#include <vector>

#include "attn/errors.hpp"
#include "attn/kernels/gemm.hpp"
#include "test_util.hpp"

using namespace attn;

namespace {

std::vector<float> decode(WeightType type, const std::vector<std::uint8_t>& bytes, std::size_t cols) {
    return dequantize_row(type, bytes.data(), bytes.size(), cols);
}

void put16(std::vector<std::uint8_t>& b, std::size_t at, std::uint16_t v) {
    b[at] = static_cast<std::uint8_t>(v & 0xFF);
    b[at + 1] = static_cast<std::uint8_t>(v >> 8);
}

}  // namespace

TEST_CASE("weight types: JS names, block sizes, row bytes, named errors", "[quant]") {
    for (const char* name : {"f32", "f16", "bf16", "q8_0", "q5_0", "q5_1", "q4_0", "q4_1", "q4_k", "q6_k"})
        CHECK(std::string(weight_type_name(parse_weight_type(name))) == name);
    CHECK_THROWS_WITH(
        parse_weight_type("q5_k", "tensor type"),
        "tensor type 'q5_k' is not a supported weight type (f32, f16, bf16, q8_0, q5_0, q5_1, q4_0, q4_1, q4_k, q6_k)");
    CHECK(row_bytes(WeightType::F32, 3) == 12);
    CHECK(row_bytes(WeightType::BF16, 3) == 6);
    CHECK(row_bytes(WeightType::Q8_0, 64) == 68);
    CHECK(row_bytes(WeightType::Q4_0, 64) == 36);
    CHECK(row_bytes(WeightType::Q4_1, 64) == 40);
    CHECK(row_bytes(WeightType::Q5_0, 64) == 44);
    CHECK(row_bytes(WeightType::Q5_1, 64) == 48);
    CHECK(row_bytes(WeightType::Q4_K, 512) == 288);
    CHECK(row_bytes(WeightType::Q6_K, 256) == 210);
    CHECK_THROWS_AS(row_bytes(WeightType::Q4_K, 100, "w"), ShapeError);
    CHECK_THROWS_WITH(row_bytes(WeightType::Q4_K, 100, "w"), "w has 100 columns: q4_k rows are whole blocks of 256");
}

TEST_CASE("f32, f16 and bf16 rows decode exactly", "[quant]") {
    std::vector<std::uint8_t> f32(8);
    const float xs[2] = {1.5f, -0.25f};
    std::memcpy(f32.data(), xs, 8);
    CHECK(decode(WeightType::F32, f32, 2) == std::vector<float>{1.5f, -0.25f});
    std::vector<std::uint8_t> f16(8);
    put16(f16, 0, 0x3C00);  // 1
    put16(f16, 2, 0xC000);  // −2
    put16(f16, 4, 0x0001);  // the smallest subnormal, 2^−24
    put16(f16, 6, 0x7BFF);  // the largest finite half, 65504
    CHECK(decode(WeightType::F16, f16, 4) == std::vector<float>{1.0f, -2.0f, 0x1p-24f, 65504.0f});
    std::vector<std::uint8_t> bf16(6);
    put16(bf16, 0, 0x3F80);  // 1
    put16(bf16, 2, 0xC0A0);  // −5
    put16(bf16, 4, 0x4049);  // 0x40490000 = 3.140625
    CHECK(decode(WeightType::BF16, bf16, 3) == std::vector<float>{1.0f, -5.0f, 3.140625f});
}

TEST_CASE("q8_0: x = d · qs[j]", "[quant]") {
    std::vector<std::uint8_t> b(34, 0);
    put16(b, 0, 0x3800);  // d = 0.5
    const std::int8_t qs[5] = {-128, -1, 0, 1, 127};
    std::memcpy(&b[2], qs, 5);
    const auto x = decode(WeightType::Q8_0, b, 32);
    CHECK(std::vector<float>(x.begin(), x.begin() + 5) == std::vector<float>{-64.0f, -0.5f, 0.0f, 0.5f, 63.5f});
    CHECK(x[31] == 0.0f);
}

TEST_CASE("q4_0: low nibbles are elements 0-15, high nibbles 16-31, x = d · (q - 8)", "[quant]") {
    std::vector<std::uint8_t> b(18 * 2, 0x88);  // two blocks, every nibble 8 → 0
    put16(b, 0, 0x4000);                        // d = 2
    b[2] = 0x3F;                                // element 0: 15 → 14; element 16: 3 → −10
    b[3] = 0x80;                                // element 1: 0 → −16; element 17: 8 → 0
    put16(b, 18, 0xBC00);                       // second block: d = −1
    b[20] = 0x19;                               // element 32: 9 → −1; element 48: 1 → 7
    const auto x = decode(WeightType::Q4_0, b, 64);
    CHECK(x[0] == 14.0f);
    CHECK(x[16] == -10.0f);
    CHECK(x[1] == -16.0f);
    CHECK(x[17] == 0.0f);
    CHECK(x[2] == 0.0f);
    CHECK(x[32] == -1.0f);
    CHECK(x[48] == 7.0f);
}

TEST_CASE("q4_1: x = q · d + m", "[quant]") {
    std::vector<std::uint8_t> b(20, 0);
    put16(b, 0, 0x4000);  // d = 2
    put16(b, 2, 0x3800);  // m = 0.5
    b[4] = 0x3F;          // element 0: 15; element 16: 3
    const auto x = decode(WeightType::Q4_1, b, 32);
    CHECK(x[0] == 30.5f);  // 15·2 + 0.5
    CHECK(x[16] == 6.5f);  // 3·2 + 0.5
    CHECK(x[1] == 0.5f);   // 0·2 + 0.5
}

TEST_CASE("q5_0 and q5_1: bit i of qh is element i's fifth bit", "[quant]") {
    std::vector<std::uint8_t> b(22, 0);
    put16(b, 0, 0x3800);  // d = 0.5
    b[2] = 0x01;          // qh bit 0: element 0
    b[4] = 0x02;          // qh bit 17: element 17
    b[6] = 0x3F;          // qs[0]: element 0 low nibble 15, element 16 high nibble 3
    b[7] = 0x80;          // qs[1]: element 1 low 0, element 17 high 8
    const auto x = decode(WeightType::Q5_0, b, 32);
    CHECK(x[0] == 7.5f);    // 0.5·((15 | 16) − 16)
    CHECK(x[16] == -6.5f);  // 0.5·(3 − 16)
    CHECK(x[1] == -8.0f);   // 0.5·(0 − 16)
    CHECK(x[17] == 4.0f);   // 0.5·((8 | 16) − 16)
    std::vector<std::uint8_t> b1(24, 0);
    put16(b1, 0, 0x3800);  // d = 0.5
    put16(b1, 2, 0xBC00);  // m = −1
    b1[4 + 3] = 0x80;      // qh bit 31: element 31
    b1[8] = 0x3F;          // element 0: 15; element 16: 3
    b1[8 + 15] = 0x20;     // element 15: 0; element 31: 2 | 16 = 18
    const auto y = decode(WeightType::Q5_1, b1, 32);
    CHECK(y[0] == 6.5f);    // 15·0.5 − 1
    CHECK(y[16] == 0.5f);   // 3·0.5 − 1
    CHECK(y[15] == -1.0f);  // 0·0.5 − 1
    CHECK(y[31] == 8.0f);   // 18·0.5 − 1
}

TEST_CASE("q4_k: 6-bit scales and mins of all 8 sub-blocks, x = d·sc·q - dmin·m", "[quant]") {
    std::vector<std::uint8_t> b(144, 0);
    put16(b, 0, 0x3C00);  // d = 1
    put16(b, 2, 0x3800);  // dmin = 0.5
    std::uint8_t* s = &b[4];
    s[0] = 0xC2;   // sc0 = 2; its top bits (3) are sc4's high bits
    s[4] = 0x43;   // m0 = 3; its top bits (1) are m4's high bits
    s[8] = 0x5A;   // sc4 = 0xA | 3 << 4 = 58, m4 = 5 | 1 << 4 = 21
    s[5] = 0x04;   // m1 = 4 (sc1 = 0)
    s[9] = 0x21;   // sc5 = 1, m5 = 2 (s[1] and s[5] have no top bits)
    s[3] = 0x80;   // sc3 = 0, top bits 2 → sc7
    s[7] = 0xC1;   // m3 = 1, top bits 3 → m7
    s[11] = 0xF4;  // sc7 = 4 | 2 << 4 = 36, m7 = 15 | 3 << 4 = 63
    std::uint8_t* qs = &b[16];
    qs[0] = 0x07;   // element 0 (sub-block 0): q 7; element 32 (sub-block 1): q 0
    qs[64] = 0x9F;  // element 128 (sub-block 4): q 15; element 160 (sub-block 5): q 9
    qs[96] = 0x20;  // element 192 (sub-block 6): q 0; element 224 (sub-block 7): q 2
    const auto x = decode(WeightType::Q4_K, b, 256);
    CHECK(x[0] == 12.5f);     // 1·2·7 − 0.5·3
    CHECK(x[1] == -1.5f);     // 1·2·0 − 0.5·3
    CHECK(x[32] == -2.0f);    // 0 − 0.5·4
    CHECK(x[64] == 0.0f);     // sub-block 2: sc 0, m 0
    CHECK(x[96] == -0.5f);    // sub-block 3: 0 − 0.5·1
    CHECK(x[128] == 859.5f);  // 1·58·15 − 0.5·21
    CHECK(x[160] == 8.0f);    // 1·1·9 − 0.5·2
    CHECK(x[192] == 0.0f);    // sub-block 6: sc 0, m 0
    CHECK(x[224] == 40.5f);   // 1·36·2 − 0.5·63
    CHECK(x[255] == -31.5f);  // 1·36·0 − 0.5·63
}

TEST_CASE("q6_k: ql nibbles, the four 2-bit fields of qh, int8 scales, x = d·scale·(q - 32)", "[quant]") {
    std::vector<std::uint8_t> b(210, 0);
    put16(b, 208, 0x3800);  // d = 0.5
    std::uint8_t* ql = &b[0];
    std::uint8_t* qh = &b[128];
    auto* sc = reinterpret_cast<std::int8_t*>(&b[192]);
    ql[0] = 0x5A;   // element 0: low 10; element 64: high 5
    ql[32] = 0x3F;  // element 32: low 15; element 96: high 3
    qh[0] = 0xE4;   // top bits: element 0 → 0, 32 → 1, 64 → 2, 96 → 3
    sc[0] = 3;
    sc[1] = 1;
    sc[2] = -2;
    sc[4] = 127;
    sc[6] = -128;
    ql[64] = 0x01;  // second half, element 128: low 1
    qh[32] = 0x03;  // element 128's top bits 3: q = 49
    sc[8] = 2;
    ql[96] = 0x70;  // element 224: high 7, top bits 0: q = 7
    sc[14] = 4;
    const auto x = decode(WeightType::Q6_K, b, 256);
    CHECK(x[0] == -33.0f);     // 0.5·3·(10 − 32)
    CHECK(x[1] == -48.0f);     // 0.5·3·(0 − 32)
    CHECK(x[16] == -16.0f);    // scale 1 from l = 16 on: 0.5·1·(0 − 32)
    CHECK(x[32] == 1.0f);      // 0.5·(−2)·(31 − 32)
    CHECK(x[64] == 317.5f);    // 0.5·127·(37 − 32)
    CHECK(x[96] == -1216.0f);  // 0.5·(−128)·(51 − 32)
    CHECK(x[128] == 17.0f);    // 0.5·2·(49 − 32)
    CHECK(x[224] == -50.0f);   // 0.5·4·(7 − 32)
    CHECK(x[255] == 0.0f);     // scale 0
}

TEST_CASE("dequantize_row: named errors for partial blocks and short buffers", "[quant]") {
    std::vector<std::uint8_t> b(100, 0);
    CHECK_THROWS_WITH(decode(WeightType::Q8_0, b, 33), "the row has 33 columns: q8_0 rows are whole blocks of 32");
    CHECK_THROWS_WITH(decode(WeightType::Q6_K, b, 256), "a q6_k row of 256 elements takes 210 bytes, got 100");
}

TEST_CASE("f16 rows decode every one of the 65536 halves as half_bits_to_float does, bit for bit", "[quant]") {
    std::vector<std::uint8_t> row(2 * 65536);
    for (std::uint32_t h = 0; h < 65536; ++h) put16(row, 2 * h, static_cast<std::uint16_t>(h));
    const auto x = decode(WeightType::F16, row, 65536);
    std::size_t differ = 0;
    for (std::uint32_t h = 0; h < 65536; ++h) {
        const float want = gemm::half_bits_to_float(static_cast<std::uint16_t>(h));
        differ += std::memcmp(&x[h], &want, 4) != 0;
    }
    CHECK(differ == 0);
}
