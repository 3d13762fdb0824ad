// Decoding of stored weight rows (weight_types.hpp) to float32, scalar, one block after another,
// exactly as ggml's dequantize_row_* (ggml-quants.c) computes each element:
//
//   q8_0   x[j] = d · qs[j]
//   q4_0   x[j] = d · ((qs[j] & 15) − 8),  x[j + 16] = d · ((qs[j] >> 4) − 8)       j < 16
//   q4_1   x[j] = (qs[j] & 15) · d + m,    x[j + 16] = (qs[j] >> 4) · d + m
//   q5_0   the q4 nibbles with bit i of qh as element i's fifth bit: x = d · (q − 16)
//   q5_1   likewise, x = q · d + m
//   q4_k   8 sub-blocks of 32, sub-block s with 6-bit scale sc_s and min m_s (get_scale_min_k4:
//          s < 4: sc = scales[s] & 63, m = scales[s + 4] & 63; s ≥ 4: the low 4 bits from
//          scales[s + 4], the high 2 from the top bits of scales[s − 4] (sc) and scales[s] (m));
//          pair (2i, 2i + 1) shares qs[32i … 32i + 31]: low nibbles for 2i, high for 2i + 1;
//          x = (d · sc) · q − (dmin · m)
//   q6_k   two halves of 128; in half h, for l < 32, the four 6-bit values at l, l + 32, l + 64,
//          l + 96 take their low 4 bits from ql[64h + l] (low nibble), ql[64h + l + 32] (low),
//          ql[64h + l] (high), ql[64h + l + 32] (high) and their top 2 bits from qh[32h + l]
//          bits 0–1, 2–3, 4–5, 6–7; scale scales[8h + l / 16 + 0, 2, 4, 6];
//          x = (d · scale) · (q − 32)
//   f16 exactly (half_bits_to_float); bf16 as the top 16 bits of a float32.
// The GEMM (gemm.hpp) decodes B through the same function, so a product over stored weights
// equals the product over the decoded matrix, bit for bit.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "attn/kernels/weight_types.hpp"

namespace attn {

// bf16 bits → float32: the bits are the float's top half.
float bf16_bits_to_float(std::uint16_t h) noexcept;

// A q4_k block's 8 six-bit scales and mins from its 12 packed bytes (get_scale_min_k4's values,
// unpacked four at a time as ggml's vec_dot_q4_K does).
void q4_k_scales_mins(const std::uint8_t* packed, std::uint8_t sc[8], std::uint8_t m[8]) noexcept;

// The little-endian IEEE half at p → float, exactly (subnormals, ±∞, NaN included), inline and
// without branches, so that the compiler vectorises a row of them (the f16 row decoder) and a
// block's scale costs a few integer operations (the decode path). The exponent is rebased by
// 127 − 15 (±∞ / NaN by twice that, keeping an all-ones exponent); a subnormal gets an implicit
// one added and then subtracted, one exact float operation.
inline float f16_at(const std::uint8_t* p) noexcept {
    std::uint16_t h;
    std::memcpy(&h, p, 2);
    constexpr std::uint32_t kExp = 0x7C00u << 13;
    const std::uint32_t body = static_cast<std::uint32_t>(h & 0x7FFFu) << 13;
    const std::uint32_t exp = body & kExp;
    const std::uint32_t inf_nan = 0u - static_cast<std::uint32_t>(exp == kExp);  // all ones or 0
    const std::uint32_t normal = body + ((127u - 15u) << 23) + (inf_nan & ((128u - 16u) << 23));
    const std::uint32_t lifted = body + ((127u - 15u + 1u) << 23);
    float sub;
    std::memcpy(&sub, &lifted, 4);
    sub -= 0x1p-14f;
    std::uint32_t sub_bits;
    std::memcpy(&sub_bits, &sub, 4);
    const std::uint32_t subnormal = 0u - static_cast<std::uint32_t>(exp == 0);
    const std::uint32_t bits =
        (sub_bits & subnormal) | (normal & ~subnormal) | (static_cast<std::uint32_t>(h & 0x8000u) << 16);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}
// Elements [first, first + count) of one stored row (row points at its first byte) into
// out[0 … count). first and count must be multiples of block_elements(type) (the caller's
// contract: the GEMM walks whole blocks).
void dequantize(WeightType type, const std::uint8_t* row, std::size_t first, std::size_t count, float* out) noexcept;

// A whole row of cols elements, checked: ShapeError when cols is not whole blocks or bytes holds
// fewer than row_bytes(type, cols) bytes.
std::vector<float> dequantize_row(WeightType type, const std::uint8_t* bytes, std::size_t n_bytes, std::size_t cols);

}  // namespace attn
