// gemm.hpp, "The decode path": one stored row of B at a time against all m ≤ 4 rows of A (the
// row's weights are unpacked once and meet every row of A), SIMD kernels first, then their
// scalar twins, which compute each integer sum element by element straight from the block
// formulas of quant_blocks.hpp. Both hand their integer sums to the same qact::term functions.
#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "attn/kernels/gemm.hpp"
#include "attn/kernels/quant_blocks.hpp"
#include "attn/kernels/quantized_activations.hpp"
#include "attn/kernels/simd.hpp"
#include "attn/kernels/thread_pool.hpp"

namespace attn::gemm {
namespace {

using namespace attn::simd;

constexpr std::size_t kMaxRows = 4;

std::uint32_t u32_at(const std::uint8_t* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

// The 4 lanes summed in 64 bits (each lane of a q6_k block fits 32 bits, their total may not).
std::int64_t hsum64(i32x4 a) {
    std::int32_t l[4];
    std::memcpy(l, &a, sizeof l);
    return std::int64_t{l[0]} + l[1] + l[2] + l[3];
}

// q5's fifth bits: byte b of qh → 8 bytes, byte i = 0x10 where bit i of b is set.
constexpr std::array<std::uint64_t, 256> kFifthBits = [] {
    std::array<std::uint64_t, 256> t{};
    for (unsigned b = 0; b < 256; ++b)
        for (unsigned i = 0; i < 8; ++i)
            if ((b >> i) & 1u) t[b] |= std::uint64_t{0x10} << (8 * i);
    return t;
}();

// ---- SIMD kernels: out[r] = row · A row r, for r < R ----

// Σ of two i16x8 dot products against x[0 … 16).
inline i32x4 dot16(i16x8 w0, i16x8 w1, const std::int16_t* x) {
    return add(dot_i16(w0, load_i16(x)), dot_i16(w1, load_i16(x + 8)));
}

// The 32 weights of one 32-element block as four i16x8 (elements 0–7, 8–15, 16–23, 24–31)
// against each row of A: the exact integer sums.
template <int R>
void dot32(const i16x8 (&w)[4], const qact::Rows& x, std::size_t at, std::int32_t (&isum)[kMaxRows]) {
    for (int r = 0; r < R; ++r) {
        const std::int16_t* xq = x.row(r) + at;
        isum[r] = hsum(add(dot16(w[0], w[1], xq), dot16(w[2], w[3], xq + 16)));
    }
}

// The q4 / q5 / q8 blocks of 32: the weights' integers (before any offset) as four i16x8.
void ints_q8_0(const std::uint8_t* q, i16x8 (&w)[4]) {
    const u8x16 a = load_bytes(q), b = load_bytes(q + 16);
    w[0] = widen_lo_i8(a);
    w[1] = widen_hi_i8(a);
    w[2] = widen_lo_i8(b);
    w[3] = widen_hi_i8(b);
}
// Low nibbles are elements 0–15, high nibbles 16–31; fifth: the q5 fifth bits (0x10) or 0.
void ints_nibbles(const std::uint8_t* qs, const std::uint8_t* qh, i16x8 (&w)[4]) {
    const u8x16 m4 = splat_bytes(0x0F);
    const u8x16 raw = load_bytes(qs);
    u8x16 lo = and_bits(raw, m4), hi = and_bits(shr16<4>(raw), m4);
    if (qh) {
        const std::uint64_t f[4] = {kFifthBits[qh[0]], kFifthBits[qh[1]], kFifthBits[qh[2]], kFifthBits[qh[3]]};
        lo = or_bits(lo, load_bytes(f));
        hi = or_bits(hi, load_bytes(f + 2));
    }
    w[0] = widen_lo_u8(lo);
    w[1] = widen_hi_u8(lo);
    w[2] = widen_lo_u8(hi);
    w[3] = widen_hi_u8(hi);
}

// Blocks of 32: q8_0, q4_0, q4_1, q5_0, q5_1.
template <int R>
void row_blocks32(WeightType type, const std::uint8_t* row, const qact::Rows& x, float (&out)[kMaxRows]) {
    const std::size_t bb = block_bytes(type);
    for (std::size_t b = 0; b < x.k / 32; ++b, row += bb) {
        i16x8 w[4];
        std::int32_t isum[kMaxRows];
        const float d = f16_at(row);
        switch (type) {
            case WeightType::Q8_0:
                ints_q8_0(row + 2, w);
                dot32<R>(w, x, 32 * b, isum);
                for (int r = 0; r < R; ++r) out[r] += qact::term(d, x.scale(r, b), isum[r]);
                break;
            case WeightType::Q4_0:
            case WeightType::Q5_0: {
                const bool five = type == WeightType::Q5_0;
                ints_nibbles(row + (five ? 6 : 2), five ? row + 2 : nullptr, w);
                dot32<R>(w, x, 32 * b, isum);
                const std::int32_t offset = five ? 16 : 8;
                for (int r = 0; r < R; ++r)
                    out[r] += qact::term(d, x.scale(r, b), isum[r] - offset * x.sum_of_32(r, b));
                break;
            }
            default: {  // Q4_1, Q5_1
                const bool five = type == WeightType::Q5_1;
                ints_nibbles(row + (five ? 8 : 4), five ? row + 4 : nullptr, w);
                dot32<R>(w, x, 32 * b, isum);
                const float mw = f16_at(row + 2);
                for (int r = 0; r < R; ++r)
                    out[r] += qact::term_with_min(d, mw, x.scale(r, b), isum[r], x.sum_of_32(r, b));
                break;
            }
        }
    }
}

// block_q4_K: f16 d, dmin; scales[12]; qs[128]: bytes 32i … 32i + 31 hold sub-block 2i (low
// nibbles) and 2i + 1 (high nibbles).
template <int R>
void row_q4_k(const std::uint8_t* row, const qact::Rows& x, float (&out)[kMaxRows]) {
    const u8x16 m4 = splat_bytes(0x0F);
    for (std::size_t b = 0; b < x.k / 256; ++b, row += 144) {
        std::uint8_t sc[8], mn[8];
        q4_k_scales_mins(row + 4, sc, mn);
        const std::uint8_t* qs = row + 16;
        i32x4 acc[kMaxRows];
        for (int r = 0; r < R; ++r) acc[r] = zero_i32();
        for (int i = 0; i < 4; ++i) {
            const u8x16 q0 = load_bytes(qs + 32 * i), q1 = load_bytes(qs + 32 * i + 16);
            const u8x16 l0 = and_bits(q0, m4), l1 = and_bits(q1, m4);
            const u8x16 h0 = and_bits(shr16<4>(q0), m4), h1 = and_bits(shr16<4>(q1), m4);
            const i16x8 wl[4] = {widen_lo_u8(l0), widen_hi_u8(l0), widen_lo_u8(l1), widen_hi_u8(l1)};
            const i16x8 wh[4] = {widen_lo_u8(h0), widen_hi_u8(h0), widen_lo_u8(h1), widen_hi_u8(h1)};
            const i32x4 scl = splat_i32(sc[2 * i]), sch = splat_i32(sc[2 * i + 1]);
            for (int r = 0; r < R; ++r) {
                const std::int16_t* xq = x.row(r) + 256 * b + 64 * i;
                const i32x4 sl = add(dot16(wl[0], wl[1], xq), dot16(wl[2], wl[3], xq + 16));
                const i32x4 sh = add(dot16(wh[0], wh[1], xq + 32), dot16(wh[2], wh[3], xq + 48));
                acc[r] = add(acc[r], add(mul(sl, scl), mul(sh, sch)));
            }
        }
        const float d = f16_at(row), dmin = f16_at(row + 2);
        for (int r = 0; r < R; ++r) {
            const std::int32_t* sx = x.sums_of_32(r) + 8 * b;
            std::int32_t imin = 0;
            for (int s = 0; s < 8; ++s) imin += mn[s] * sx[s];
            out[r] += qact::term_k_min(d, dmin, x.scale(r, b), hsum(acc[r]), imin);
        }
    }
}

// block_q6_K: ql[128]; qh[64]; int8 scales[16]; f16 d. In half h, for l < 32, quarter rr
// (elements 128h + 32rr + l) takes its low 4 bits from ql[64h + l + 32 (rr & 1)] (low nibble for
// rr < 2, high for rr ≥ 2) and its top 2 from qh[32h + l] bits 2rr, 2rr + 1; 16 elements share
// a scale, and scale g covers elements 16g … 16g + 15. The unsigned 6-bit q meets x here; the
// offset 32 comes off as 32 · Σ_g scale_g · Σ x over group g.
template <int R>
void row_q6_k(const std::uint8_t* row, const qact::Rows& x, float (&out)[kMaxRows]) {
    const u8x16 m4 = splat_bytes(0x0F), m30 = splat_bytes(0x30);
    for (std::size_t b = 0; b < x.k / 256; ++b, row += 210) {
        const std::uint8_t* ql = row;
        const std::uint8_t* qh = row + 128;
        const auto* sc = reinterpret_cast<const std::int8_t*>(row + 192);
        i32x4 acc[kMaxRows];
        for (int r = 0; r < R; ++r) acc[r] = zero_i32();
        for (int h = 0; h < 2; ++h)
            for (int l0 = 0; l0 < 32; l0 += 16) {
                const u8x16 a = load_bytes(ql + 64 * h + l0), c = load_bytes(ql + 64 * h + 32 + l0);
                const u8x16 hb = load_bytes(qh + 32 * h + l0);
                const u8x16 q[4] = {or_bits(and_bits(a, m4), and_bits(shl16<4>(hb), m30)),
                                    or_bits(and_bits(c, m4), and_bits(shl16<2>(hb), m30)),
                                    or_bits(and_bits(shr16<4>(a), m4), and_bits(hb, m30)),
                                    or_bits(and_bits(shr16<4>(c), m4), and_bits(shr16<2>(hb), m30))};
                for (int rr = 0; rr < 4; ++rr) {
                    const int e = 128 * h + 32 * rr + l0;
                    const i16x8 w0 = widen_lo_u8(q[rr]), w1 = widen_hi_u8(q[rr]);
                    const i32x4 s = splat_i32(sc[e / 16]);
                    for (int r = 0; r < R; ++r) acc[r] = add(acc[r], mul(dot16(w0, w1, x.row(r) + 256 * b + e), s));
                }
            }
        const float d = f16_at(row + 208);
        for (int r = 0; r < R; ++r) {
            // Σ_g scale_g · Σ x over group g (at most 16 · 128 · 16 · 4095 in magnitude: 32 bits).
            const std::int32_t* sx = x.sums_of_16(r) + 16 * b;
            const u8x16 sb = load_bytes(sc);
            const i16x8 s0 = widen_lo_i8(sb), s1 = widen_hi_i8(sb);
            const i32x4 o = add(add(mul(widen_lo_i16(s0), load_i32(sx)), mul(widen_hi_i16(s0), load_i32(sx + 4))),
                                add(mul(widen_lo_i16(s1), load_i32(sx + 8)), mul(widen_hi_i16(s1), load_i32(sx + 12))));
            out[r] += qact::term(d, x.scale(r, b), hsum64(acc[r]) - 32 * std::int64_t{hsum(o)});
        }
    }
}

// 8 halves → two f32x4, exactly when finite: the bits sign | (h & 0x7FFF) << 13 are built in
// 16-bit halves (high: the arithmetic shift keeps the sign, the mask drops its copies; low: the
// last 3 mantissa bits) and scaled by 2^112 (exact, normal or subnormal; the sign goes along).
// ±∞ and NaN come out finite: `exp` keeps the largest exponent field seen, and a row that held
// an all-ones one is redone with load_halves (exact for every half, 3x the operations).
inline void finite_halves8(const std::uint8_t* p, f32x4& w0, f32x4& w1, u8x16& exp) {
    const u8x16 h = load_bytes(p);
    const u8x16 low = shl16<13>(h), high = and_bits(sra16<3>(h), splat16(0x8FFF));
    w0 = mul(as_f32(interleave16_lo(low, high)), splat(0x1p112f));
    w1 = mul(as_f32(interleave16_hi(low, high)), splat(0x1p112f));
    exp = max_i16(exp, and_bits(h, splat16(0x7C00)));
}

// Weights p … p + 7 of a float row as two f32x4 (lanes 0–3 and 4–7 of the 8-lane sum).
template <WeightType kType, bool kExact>
inline void load8(const std::uint8_t* row, std::size_t p, f32x4& w0, f32x4& w1, u8x16& exp) {
    if constexpr (kType == WeightType::F16) {
        const auto* h = reinterpret_cast<const std::uint16_t*>(row) + p;
        if constexpr (kExact) {
            w0 = load_halves(h);
            w1 = load_halves(h + 4);
        } else {
            finite_halves8(row + 2 * p, w0, w1, exp);
        }
    } else if constexpr (kType == WeightType::BF16) {
        w0 = load_bf16(reinterpret_cast<const std::uint16_t*>(row) + p);
        w1 = load_bf16(reinterpret_cast<const std::uint16_t*>(row) + p + 4);
    } else {
        w0 = load(reinterpret_cast<const float*>(row) + p);
        w1 = load(reinterpret_cast<const float*>(row) + p + 4);
    }
}

float weight_at(WeightType type, const std::uint8_t* row, std::size_t p) {
    float w;
    dequantize(type, row, p, 1, &w);
    return w;
}

// Rows j < J of B (rb bytes apart) against every row of A: the activations are loaded once for
// the J rows. false when a half's exponent was all ones (not kExact): nothing is written then.
template <int R, int J, WeightType kType, bool kExact>
bool rows_float(const std::uint8_t* row, std::size_t rb, std::size_t k, const float* a, std::size_t lda, float* c,
                std::size_t ldc) {
    f32x4 lo[J][R], hi[J][R];
    for (int j = 0; j < J; ++j)
        for (int r = 0; r < R; ++r) lo[j][r] = hi[j][r] = splat(0.0f);
    u8x16 exp = splat16(0);
    std::size_t p = 0;
    for (; p + 8 <= k; p += 8) {
        f32x4 w[J][2];
        for (int j = 0; j < J; ++j) load8<kType, kExact>(row + j * rb, p, w[j][0], w[j][1], exp);
        for (int r = 0; r < R; ++r) {
            const f32x4 x0 = load(a + r * lda + p), x1 = load(a + r * lda + p + 4);
            for (int j = 0; j < J; ++j) {
                lo[j][r] = mul_add(x0, w[j][0], lo[j][r]);
                hi[j][r] = mul_add(x1, w[j][1], hi[j][r]);
            }
        }
    }
    if constexpr (kType == WeightType::F16 && !kExact) {
        std::uint16_t e[8];
        std::memcpy(e, &exp, 16);
        for (std::uint16_t v : e)
            if (v == 0x7C00) return false;
    }
    for (int j = 0; j < J; ++j)
        for (int r = 0; r < R; ++r) {
            float s = hsum(add(lo[j][r], hi[j][r]));
            for (std::size_t t = p; t < k; ++t) s += a[r * lda + t] * weight_at(kType, row + j * rb, t);
            c[r * ldc + j] = s;
        }
    return true;
}

// Every row of a float B, two at a time while A has at most 2 rows (registers allow it).
template <int R, WeightType kType>
void matrix_float(std::size_t n, std::size_t k, const float* a, std::size_t lda, const std::uint8_t* b, std::size_t rb,
                  float* c, std::size_t ldc) {
    constexpr int J = R <= 2 ? 2 : 1;
    std::size_t j = 0;
    for (; j + J <= n; j += J)
        if (!rows_float<R, J, kType, false>(b + j * rb, rb, k, a, lda, c + j, ldc))
            rows_float<R, J, kType, true>(b + j * rb, rb, k, a, lda, c + j, ldc);
    for (; j < n; ++j)
        if (!rows_float<R, 1, kType, false>(b + j * rb, rb, k, a, lda, c + j, ldc))
            rows_float<R, 1, kType, true>(b + j * rb, rb, k, a, lda, c + j, ldc);
}

// Every row of B, the rows cut into ranges for the threads (thread_pool.hpp) at even rows, where
// matrix_float's pairs start: each row's result is the same whichever range holds it.
template <int R>
void rows_simd(std::size_t n, std::size_t k, const float* a, std::size_t lda, const std::uint8_t* b, WeightType type,
               std::size_t rb, float* c, std::size_t ldc) {
    using Float = void (*)(std::size_t, std::size_t, const float*, std::size_t, const std::uint8_t*, std::size_t,
                           float*, std::size_t);
    Float float_rows = nullptr;
    switch (type) {
        case WeightType::F32:
            float_rows = matrix_float<R, WeightType::F32>;
            break;
        case WeightType::F16:
            float_rows = matrix_float<R, WeightType::F16>;
            break;
        case WeightType::BF16:
            float_rows = matrix_float<R, WeightType::BF16>;
            break;
        default:
            break;
    }
    if (float_rows)
        return threads::parallel_ranges(n, 2, [&](std::size_t j0, std::size_t j1) {
            float_rows(j1 - j0, k, a, lda, b + j0 * rb, rb, c + j0, ldc);
        });
    const qact::Rows x = qact::quantize(a, R, k, lda, block_elements(type));
    threads::parallel_ranges(n, 2, [&](std::size_t j0, std::size_t j1) {
        for (std::size_t j = j0; j < j1; ++j) {
            const std::uint8_t* row = b + j * rb;
            float out[kMaxRows] = {};
            if (type == WeightType::Q4_K)
                row_q4_k<R>(row, x, out);
            else if (type == WeightType::Q6_K)
                row_q6_k<R>(row, x, out);
            else
                row_blocks32<R>(type, row, x, out);
            for (int r = 0; r < R; ++r) c[r * ldc + j] = out[r];
        }
    });
}

// ---- The scalar twin: each integer sum element by element, from the block formulas ----

// Element e's integer q of a stored block (before the offset or min), its scale index and what
// the block adds: one function per type, written from quant_blocks.hpp's table.
float scalar_block(WeightType type, const std::uint8_t* blk, const qact::Rows& x, std::size_t r, std::size_t b) {
    const std::int16_t* xq = x.row(r) + b * block_elements(type);
    const float dx = x.scale(r, b);
    std::int64_t isum = 0, sx = 0;
    for (std::size_t e = 0; e < block_elements(type); ++e) sx += xq[e];
    switch (type) {
        case WeightType::Q8_0:
            for (int e = 0; e < 32; ++e) isum += static_cast<std::int8_t>(blk[2 + e]) * xq[e];
            return qact::term(f16_at(blk), dx, isum);
        case WeightType::Q4_0:
        case WeightType::Q4_1:
        case WeightType::Q5_0:
        case WeightType::Q5_1: {
            const bool with_min = type == WeightType::Q4_1 || type == WeightType::Q5_1;
            const bool five = type == WeightType::Q5_0 || type == WeightType::Q5_1;
            const std::uint8_t* qs = blk + (with_min ? 4 : 2) + (five ? 4 : 0);
            const std::uint32_t qh = five ? u32_at(blk + (with_min ? 4 : 2)) : 0;
            const int offset = with_min ? 0 : five ? 16 : 8;
            for (int e = 0; e < 32; ++e) {
                const int nibble = e < 16 ? qs[e] & 0xF : qs[e - 16] >> 4;
                const int q = nibble | static_cast<int>(((qh >> e) & 1u) << 4);
                isum += (q - offset) * xq[e];
            }
            return with_min ? qact::term_with_min(f16_at(blk), f16_at(blk + 2), dx, isum, sx)
                            : qact::term(f16_at(blk), dx, isum);
        }
        case WeightType::Q4_K: {
            std::uint8_t sc[8], mn[8];
            q4_k_scales_mins(blk + 4, sc, mn);
            std::int64_t imin = 0;
            for (int s = 0; s < 8; ++s) {
                std::int64_t dot = 0, sum = 0;
                for (int l = 0; l < 32; ++l) {
                    const std::uint8_t byte = blk[16 + 32 * (s / 2) + l];
                    dot += ((s % 2 == 0) ? (byte & 0xF) : (byte >> 4)) * xq[32 * s + l];
                    sum += xq[32 * s + l];
                }
                isum += sc[s] * dot;
                imin += mn[s] * sum;
            }
            return qact::term_k_min(f16_at(blk), f16_at(blk + 2), dx, isum, imin);
        }
        default: {  // Q6_K
            const auto* sc = reinterpret_cast<const std::int8_t*>(blk + 192);
            for (int e = 0; e < 256; ++e) {
                const int h = e / 128, rr = (e % 128) / 32, l = e % 32;
                const std::uint8_t low = blk[64 * h + l + 32 * (rr & 1)];
                const int q = ((rr < 2 ? low & 0xF : low >> 4) | (((blk[128 + 32 * h + l] >> (2 * rr)) & 3) << 4)) - 32;
                isum += std::int64_t{sc[8 * h + l / 16 + 2 * rr]} * q * xq[e];
            }
            return qact::term(f16_at(blk + 208), dx, isum);
        }
    }
}

void rows_scalar(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const std::uint8_t* b,
                 WeightType type, std::size_t rb, float* c, std::size_t ldc) {
    if (is_block_type(type)) {
        const qact::Rows x = qact::quantize(a, m, k, lda, block_elements(type));
        for (std::size_t j = 0; j < n; ++j)
            for (std::size_t r = 0; r < m; ++r) {
                float s = 0.0f;
                for (std::size_t blk = 0; blk < k / block_elements(type); ++blk)
                    s += scalar_block(type, b + j * rb + blk * block_bytes(type), x, r, blk);
                c[r * ldc + j] = s;
            }
        return;
    }
    std::vector<float> w(k);
    for (std::size_t j = 0; j < n; ++j) {
        dequantize(type, b + j * rb, 0, k, w.data());
        for (std::size_t r = 0; r < m; ++r) {
            float lanes[8] = {};
            std::size_t p = 0;
            for (; p + 8 <= k; p += 8)
                for (int l = 0; l < 8; ++l) lanes[l] += a[r * lda + p + l] * w[p + l];
            const float s4[4] = {lanes[0] + lanes[4], lanes[1] + lanes[5], lanes[2] + lanes[6], lanes[3] + lanes[7]};
            float s = (s4[0] + s4[2]) + (s4[1] + s4[3]);
            for (; p < k; ++p) s += a[r * lda + p] * w[p];
            c[r * ldc + j] = s;
        }
    }
}

// What both twins share: the checks, the cases that run gemm_weights, and m > 4 in row groups.
template <class Rows>
void decode(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const std::uint8_t* b,
            WeightType type, BLayout layout, float* c, std::size_t ldc, Rows rows) {
    if (layout == BLayout::KN || m > kMaxRows || m == 0 || n == 0 || k == 0)
        return gemm_weights(m, n, k, a, lda, b, type, layout, c, ldc);
    const std::size_t rb = static_cast<std::size_t>(row_bytes(type, k, "B"));
    rows(m, n, k, a, lda, b, type, rb, c, ldc);
}

}  // namespace

void gemm_weights_decode(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda,
                         const std::uint8_t* b, WeightType type, BLayout layout, float* c, std::size_t ldc) {
    decode(m, n, k, a, lda, b, type, layout, c, ldc,
           [](std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const std::uint8_t* b,
              WeightType type, std::size_t rb, float* c, std::size_t ldc) {
               switch (m) {
                   case 1:
                       return rows_simd<1>(n, k, a, lda, b, type, rb, c, ldc);
                   case 2:
                       return rows_simd<2>(n, k, a, lda, b, type, rb, c, ldc);
                   case 3:
                       return rows_simd<3>(n, k, a, lda, b, type, rb, c, ldc);
                   default:
                       return rows_simd<4>(n, k, a, lda, b, type, rb, c, ldc);
               }
           });
}

void gemm_weights_decode_scalar(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda,
                                const std::uint8_t* b, WeightType type, BLayout layout, float* c, std::size_t ldc) {
    decode(m, n, k, a, lda, b, type, layout, c, ldc, rows_scalar);
}

}  // namespace attn::gemm
