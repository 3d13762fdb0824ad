// quant_blocks.hpp: one decoder per block type, each written from ggml's block struct.
#include "attn/quant_blocks.hpp"

#include <cstring>

#include "attn/errors.hpp"

namespace attn {
namespace {

std::uint16_t u16(const std::uint8_t* p) noexcept { return static_cast<std::uint16_t>(p[0] | (p[1] << 8)); }

// IEEE half → float, exactly (the same bits as gemm::half_bits_to_float, tested on all 65536),
// inline and with integer operations only for normal numbers: f16 rows decode one element per
// weight in the GEMM, so this is the f16 model's inner loop. Exponent rebased by 127 − 15;
// ±∞ / NaN keep an all-ones exponent; a subnormal is renormalised by one exact subtraction.
inline float half_to_float_fast(std::uint16_t h) noexcept {
    constexpr std::uint32_t kExp = 0x7C00u << 13;
    std::uint32_t bits = static_cast<std::uint32_t>(h & 0x7FFFu) << 13;
    const std::uint32_t exp = bits & kExp;
    bits += (127u - 15u) << 23;
    float f;
    if (exp == kExp) {
        bits += (128u - 16u) << 23;
        std::memcpy(&f, &bits, 4);
    } else if (exp == 0) {
        bits += 1u << 23;
        std::memcpy(&f, &bits, 4);
        f -= 0x1p-14f;  // 2^(113 − 127): the implicit one added above
    } else {
        std::memcpy(&f, &bits, 4);
    }
    std::uint32_t out;
    std::memcpy(&out, &f, 4);
    out |= static_cast<std::uint32_t>(h & 0x8000u) << 16;
    std::memcpy(&f, &out, 4);
    return f;
}

float f16(const std::uint8_t* p) noexcept { return half_to_float_fast(u16(p)); }

// block_q8_0: f16 d; int8 qs[32].
void q8_0(const std::uint8_t* b, float* out, std::size_t stride) noexcept {
    const float d = f16(b);
    for (int j = 0; j < 32; ++j) out[j * stride] = static_cast<float>(static_cast<std::int8_t>(b[2 + j])) * d;
}

// block_q4_0: f16 d; uint8 qs[16].
void q4_0(const std::uint8_t* b, float* out, std::size_t stride) noexcept {
    const float d = f16(b);
    const std::uint8_t* qs = b + 2;
    for (int j = 0; j < 16; ++j) {
        out[j * stride] = static_cast<float>((qs[j] & 0x0F) - 8) * d;
        out[(j + 16) * stride] = static_cast<float>((qs[j] >> 4) - 8) * d;
    }
}

// ggml's get_scale_min_k4: the 6-bit scale and min of sub-block s from the 12 packed bytes.
void scale_min_k4(int s, const std::uint8_t* q, int& sc, int& m) noexcept {
    if (s < 4) {
        sc = q[s] & 63;
        m = q[s + 4] & 63;
    } else {
        sc = (q[s + 4] & 0xF) | ((q[s - 4] >> 6) << 4);
        m = (q[s + 4] >> 4) | ((q[s] >> 6) << 4);
    }
}

// block_q4_K: f16 d, dmin; uint8 scales[12]; uint8 qs[128].
void q4_k(const std::uint8_t* b, float* out, std::size_t stride) noexcept {
    const float d = f16(b), dmin = f16(b + 2);
    const std::uint8_t* scales = b + 4;
    const std::uint8_t* q = b + 16;
    for (int i = 0; i < 4; ++i, q += 32) {
        int sc, m;
        scale_min_k4(2 * i, scales, sc, m);
        const float d1 = d * static_cast<float>(sc), m1 = dmin * static_cast<float>(m);
        scale_min_k4(2 * i + 1, scales, sc, m);
        const float d2 = d * static_cast<float>(sc), m2 = dmin * static_cast<float>(m);
        float* y = out + 64 * i * stride;
        for (int l = 0; l < 32; ++l) y[l * stride] = d1 * static_cast<float>(q[l] & 0xF) - m1;
        for (int l = 0; l < 32; ++l) y[(32 + l) * stride] = d2 * static_cast<float>(q[l] >> 4) - m2;
    }
}

// block_q6_K: uint8 ql[128]; uint8 qh[64]; int8 scales[16]; f16 d.
void q6_k(const std::uint8_t* b, float* out, std::size_t stride) noexcept {
    const float d = f16(b + 208);
    const std::uint8_t* ql = b;
    const std::uint8_t* qh = b + 128;
    const auto* sc = reinterpret_cast<const std::int8_t*>(b + 192);
    float ds[16];  // d · scale, rounded once as ggml's d * sc[i] * q rounds it first
    for (int i = 0; i < 16; ++i) ds[i] = d * static_cast<float>(sc[i]);
    for (int half = 0; half < 2; ++half, ql += 64, qh += 32) {
        float* y = out + 128 * half * stride;
        const float* s = ds + 8 * half;
        for (int l = 0; l < 32; ++l) {
            const int is = l / 16;
            const int q1 = ((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32;
            const int q2 = ((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32;
            const int q3 = ((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32;
            const int q4 = ((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32;
            y[l * stride] = s[is + 0] * static_cast<float>(q1);
            y[(l + 32) * stride] = s[is + 2] * static_cast<float>(q2);
            y[(l + 64) * stride] = s[is + 4] * static_cast<float>(q3);
            y[(l + 96) * stride] = s[is + 6] * static_cast<float>(q4);
        }
    }
}

}  // namespace

float bf16_bits_to_float(std::uint16_t h) noexcept {
    const std::uint32_t bits = static_cast<std::uint32_t>(h) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

void dequantize(WeightType type, const std::uint8_t* row, std::size_t first, std::size_t count, float* out,
                std::size_t stride) noexcept {
    switch (type) {
        case WeightType::F32: {
            const std::uint8_t* p = row + first * 4;
            for (std::size_t j = 0; j < count; ++j, p += 4) std::memcpy(out + j * stride, p, 4);
            return;
        }
        case WeightType::F16:
            for (std::size_t j = 0; j < count; ++j) out[j * stride] = f16(row + (first + j) * 2);
            return;
        case WeightType::BF16:
            for (std::size_t j = 0; j < count; ++j) out[j * stride] = bf16_bits_to_float(u16(row + (first + j) * 2));
            return;
        default:
            break;
    }
    const std::size_t be = block_elements(type), bb = block_bytes(type);
    const std::uint8_t* b = row + first / be * bb;
    for (std::size_t j = 0; j < count; j += be, b += bb) {
        float* y = out + j * stride;
        switch (type) {
            case WeightType::Q8_0:
                q8_0(b, y, stride);
                break;
            case WeightType::Q4_0:
                q4_0(b, y, stride);
                break;
            case WeightType::Q4_K:
                q4_k(b, y, stride);
                break;
            case WeightType::Q6_K:
                q6_k(b, y, stride);
                break;
            default:
                break;
        }
    }
}

std::vector<float> dequantize_row(WeightType type, const std::uint8_t* bytes, std::size_t n_bytes, std::size_t cols) {
    const std::size_t need = row_bytes(type, cols, "the row");
    if (n_bytes < need)
        throw ShapeError(std::string("a ") + weight_type_name(type) + " row of " + std::to_string(cols) +
                         " elements takes " + std::to_string(need) + " bytes, got " + std::to_string(n_bytes));
    std::vector<float> out(cols);
    dequantize(type, bytes, 0, cols, out.data());
    return out;
}

}  // namespace attn
