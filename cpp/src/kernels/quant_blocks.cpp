// quant_blocks.hpp: one decoder per block type, each written from ggml's block struct.
#include "attn/kernels/quant_blocks.hpp"

#include <cstring>

#include "attn/errors.hpp"

namespace attn {
namespace {

// Little-endian 16 bits (GGUF and safetensors store little-endian; so do WASM and x86-64, the
// engine's targets): one 2-byte load.
std::uint16_t u16(const std::uint8_t* p) noexcept {
    std::uint16_t v;
    std::memcpy(&v, p, 2);
    return v;
}

// f16_at (quant_blocks.hpp) gives gemm::half_bits_to_float's bits, tested on all 65536 halves.
float f16(const std::uint8_t* p) noexcept { return f16_at(p); }

// block_q8_0: f16 d; int8 qs[32].
void q8_0(const std::uint8_t* b, float* out) noexcept {
    const float d = f16(b);
    for (int j = 0; j < 32; ++j) out[j] = static_cast<float>(static_cast<std::int8_t>(b[2 + j])) * d;
}

// block_q4_0: f16 d; uint8 qs[16].
void q4_0(const std::uint8_t* b, float* out) noexcept {
    const float d = f16(b);
    const std::uint8_t* qs = b + 2;
    for (int j = 0; j < 16; ++j) {
        out[j] = static_cast<float>((qs[j] & 0x0F) - 8) * d;
        out[(j + 16)] = static_cast<float>((qs[j] >> 4) - 8) * d;
    }
}

// block_q4_1: f16 d, m; uint8 qs[16]: x = q · d + m.
void q4_1(const std::uint8_t* b, float* out) noexcept {
    const float d = f16(b), m = f16(b + 2);
    const std::uint8_t* qs = b + 4;
    for (int j = 0; j < 16; ++j) {
        out[j] = static_cast<float>(qs[j] & 0x0F) * d + m;
        out[j + 16] = static_cast<float>(qs[j] >> 4) * d + m;
    }
}

// block_q5_0 (f16 d; uint8 qh[4]; uint8 qs[16]) and block_q5_1 (f16 d, m; qh; qs): element i's
// fifth bit is bit i of qh (little-endian 32 bits); q5_0: x = d · (q − 16), q5_1: x = q · d + m.
template <bool kWithMin>
void q5(const std::uint8_t* b, float* out) noexcept {
    const float d = f16(b), m = kWithMin ? f16(b + 2) : 0.0f;
    const std::uint8_t* p = b + (kWithMin ? 4 : 2);
    const std::uint32_t qh = static_cast<std::uint32_t>(p[0]) | (static_cast<std::uint32_t>(p[1]) << 8) |
                             (static_cast<std::uint32_t>(p[2]) << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
    const std::uint8_t* qs = p + 4;
    for (int j = 0; j < 16; ++j) {
        const int x0 = (qs[j] & 0x0F) | static_cast<int>(((qh >> j) << 4) & 0x10);
        const int x1 = (qs[j] >> 4) | static_cast<int>((qh >> (j + 12)) & 0x10);
        if (kWithMin) {
            out[j] = static_cast<float>(x0) * d + m;
            out[j + 16] = static_cast<float>(x1) * d + m;
        } else {
            out[j] = static_cast<float>(x0 - 16) * d;
            out[j + 16] = static_cast<float>(x1 - 16) * d;
        }
    }
}

// block_q4_K: f16 d, dmin; uint8 scales[12]; uint8 qs[128].
void q4_k(const std::uint8_t* b, float* out) noexcept {
    const float d = f16(b), dmin = f16(b + 2);
    const std::uint8_t* scales = b + 4;
    const std::uint8_t* q = b + 16;
    std::uint8_t sc[8], m[8];
    q4_k_scales_mins(scales, sc, m);
    for (int i = 0; i < 4; ++i, q += 32) {
        const float d1 = d * static_cast<float>(sc[2 * i]), m1 = dmin * static_cast<float>(m[2 * i]);
        const float d2 = d * static_cast<float>(sc[2 * i + 1]), m2 = dmin * static_cast<float>(m[2 * i + 1]);
        float* y = out + 64 * i;
        for (int l = 0; l < 32; ++l) y[l] = d1 * static_cast<float>(q[l] & 0xF) - m1;
        for (int l = 0; l < 32; ++l) y[(32 + l)] = d2 * static_cast<float>(q[l] >> 4) - m2;
    }
}

// block_q6_K: uint8 ql[128]; uint8 qh[64]; int8 scales[16]; f16 d.
void q6_k(const std::uint8_t* b, float* out) noexcept {
    const float d = f16(b + 208);
    const std::uint8_t* ql = b;
    const std::uint8_t* qh = b + 128;
    const auto* sc = reinterpret_cast<const std::int8_t*>(b + 192);
    float ds[16];  // d · scale, rounded once as ggml's d * sc[i] * q rounds it first
    for (int i = 0; i < 16; ++i) ds[i] = d * static_cast<float>(sc[i]);
    for (int half = 0; half < 2; ++half, ql += 64, qh += 32) {
        // Quarter r of the half (elements 32r … 32r + 31): low 4 bits from ql[l] (r = 0, 2) or
        // ql[l + 32] (r = 1, 3), low nibble for r < 2, high for r ≥ 2; top 2 bits from qh[l]
        // bits 2r, 2r + 1; scale index 8·half + l / 16 + 2r. One simple loop per 16 elements,
        // so the compiler vectorises it.
        for (int r = 0; r < 4; ++r) {
            const std::uint8_t* lo = ql + (r & 1) * 32;
            const int nibble_shift = r < 2 ? 0 : 4, top_shift = 2 * r;
            float* y = out + 128 * half + 32 * r;
            for (int l0 = 0; l0 < 32; l0 += 16) {
                const float scale = ds[8 * half + l0 / 16 + 2 * r];
                for (int l = l0; l < l0 + 16; ++l) {
                    const int q = (((lo[l] >> nibble_shift) & 0xF) | (((qh[l] >> top_shift) & 3) << 4)) - 32;
                    y[l] = scale * static_cast<float>(q);
                }
            }
        }
    }
}

}  // namespace

// get_scale_min_k4: s < 4: sc = q[s] & 63, m = q[s + 4] & 63; s ≥ 4: the low 4 bits from
// q[s + 4], the high 2 from the top bits of q[s − 4] (sc) and q[s] (m). As 32-bit words w0–w2
// of the 12 bytes, byte by byte: sc 0–3 = w0 & 63, m 0–3 = w1 & 63, sc 4–7 = (w2 & 15) | (top
// 2 bits of w0) << 4, m 4–7 = (w2 >> 4 & 15) | (top 2 bits of w1) << 4.
void q4_k_scales_mins(const std::uint8_t* q, std::uint8_t sc[8], std::uint8_t m[8]) noexcept {
    constexpr std::uint32_t kLow6 = 0x3F3F3F3Fu, kLow4 = 0x0F0F0F0Fu, kLow2 = 0x03030303u;
    std::uint32_t w[3];
    std::memcpy(w, q, 12);
    const std::uint32_t s[2] = {w[0] & kLow6, (w[2] & kLow4) | (((w[0] >> 6) & kLow2) << 4)};
    const std::uint32_t mm[2] = {w[1] & kLow6, ((w[2] >> 4) & kLow4) | (((w[1] >> 6) & kLow2) << 4)};
    std::memcpy(sc, s, 8);
    std::memcpy(m, mm, 8);
}

float bf16_bits_to_float(std::uint16_t h) noexcept {
    const std::uint32_t bits = static_cast<std::uint32_t>(h) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

void dequantize(WeightType type, const std::uint8_t* row, std::size_t first, std::size_t count, float* out) noexcept {
    switch (type) {
        case WeightType::F32: {
            const std::uint8_t* p = row + first * 4;
            for (std::size_t j = 0; j < count; ++j, p += 4) std::memcpy(out + j, p, 4);
            return;
        }
        case WeightType::F16:
            for (std::size_t j = 0; j < count; ++j) out[j] = f16(row + (first + j) * 2);
            return;
        case WeightType::BF16:
            for (std::size_t j = 0; j < count; ++j) out[j] = bf16_bits_to_float(u16(row + (first + j) * 2));
            return;
        default:
            break;
    }
    const std::size_t be = block_elements(type), bb = block_bytes(type);
    const std::uint8_t* b = row + first / be * bb;
    for (std::size_t j = 0; j < count; j += be, b += bb) {
        float* y = out + j;
        switch (type) {
            case WeightType::Q8_0:
                q8_0(b, y);
                break;
            case WeightType::Q4_0:
                q4_0(b, y);
                break;
            case WeightType::Q4_1:
                q4_1(b, y);
                break;
            case WeightType::Q5_0:
                q5<false>(b, y);
                break;
            case WeightType::Q5_1:
                q5<true>(b, y);
                break;
            case WeightType::Q4_K:
                q4_k(b, y);
                break;
            case WeightType::Q6_K:
                q6_k(b, y);
                break;
            default:
                break;
        }
    }
}

std::vector<float> dequantize_row(WeightType type, const std::uint8_t* bytes, std::size_t n_bytes, std::size_t cols) {
    const std::uint64_t need = row_bytes(type, cols, "the row");
    if (n_bytes < need)
        throw ShapeError(std::string("a ") + weight_type_name(type) + " row of " + std::to_string(cols) +
                         " elements takes " + std::to_string(need) + " bytes, got " + std::to_string(n_bytes));
    std::vector<float> out(cols);
    dequantize(type, bytes, 0, cols, out.data());
    return out;
}

}  // namespace attn
