// gemm.hpp: packing of B (f32, f16 or any stored weight type) and the 4 × 8 register tile.
#include "attn/kernels/gemm.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "attn/errors.hpp"
#include "attn/kernels/quant_blocks.hpp"
#include "attn/kernels/simd.hpp"
#include "attn/kernels/thread_pool.hpp"

namespace attn::gemm {
namespace {

using namespace attn::simd;

constexpr std::size_t kPanel = 8;  // columns per packed panel: one f32x8
constexpr std::size_t kRows = 4;   // rows of the register tile
// A packed KC × NC block is 256 × 512 floats (512 KiB, L2); one panel, KC × 8, is 8 KiB (L1).
constexpr std::size_t kKC = 256, kNC = 512;

inline float load_b(const float* b, std::size_t i) { return b[i]; }

// Rows [p0, p0 + kc) and columns [jq, jq + w) of B (w ≤ 8) into one panel, row by row (8
// floats per row of B), zero past column w.
template <class T>
void pack_panel(const T* b, std::size_t ldb, BLayout layout, std::size_t p0, std::size_t kc, std::size_t jq,
                std::size_t w, float* dst) {
    for (std::size_t p = 0; p < kc; ++p, dst += kPanel) {
        std::size_t c = 0;
        if (layout == BLayout::KN)
            for (const std::size_t row = (p0 + p) * ldb + jq; c < w; ++c) dst[c] = load_b(b, row + c);
        else
            for (; c < w; ++c) dst[c] = load_b(b, (jq + c) * ldb + p0 + p);
        for (; c < kPanel; ++c) dst[c] = 0.0f;
    }
}

// Stored weights (weight_types.hpp), decoded by quant_blocks.hpp's dequantize: NK rows are B's
// columns, so each of the w columns decodes its kc elements (whole blocks: kKC is a multiple of
// every block) into a row of `rows`, which then interleave into the panel; KN (float types only)
// decodes w elements of each of the kc rows. Decoding contiguous runs lets the compiler
// vectorise it; the decoded values are the same either way.
struct StoredB {
    const std::uint8_t* bytes;
    WeightType type;
    std::size_t row_bytes;  // of one stored row
};

void pack_panel(const StoredB& b, std::size_t, BLayout layout, std::size_t p0, std::size_t kc, std::size_t jq,
                std::size_t w, float* dst) {
    if (layout == BLayout::NK) {
        alignas(16) float rows[kPanel][kKC];
        for (std::size_t c = 0; c < w; ++c) dequantize(b.type, b.bytes + (jq + c) * b.row_bytes, p0, kc, rows[c]);
        for (std::size_t c = w; c < kPanel; ++c) std::fill(rows[c], rows[c] + kc, 0.0f);
        // Interleave: 4 × 4 transposes (a decode step's inner loop: strided scalar copies cost as
        // much as the products), then the rows of K past the last multiple of 4.
        std::size_t p = 0;
        for (; p + 4 <= kc; p += 4, dst += 4 * kPanel)
            for (std::size_t h = 0; h < kPanel; h += 4) {
                const f32x4 r0 = load(rows[h] + p), r1 = load(rows[h + 1] + p), r2 = load(rows[h + 2] + p),
                            r3 = load(rows[h + 3] + p);
                const f32x4 t0 = interleave_lo(r0, r1), t1 = interleave_lo(r2, r3);
                const f32x4 t2 = interleave_hi(r0, r1), t3 = interleave_hi(r2, r3);
                store(dst + h, halves_lo(t0, t1));
                store(dst + kPanel + h, halves_hi(t0, t1));
                store(dst + 2 * kPanel + h, halves_lo(t2, t3));
                store(dst + 3 * kPanel + h, halves_hi(t2, t3));
            }
        for (; p < kc; ++p, dst += kPanel)
            for (std::size_t c = 0; c < kPanel; ++c) dst[c] = rows[c][p];
    } else {
        for (std::size_t p = 0; p < kc; ++p) {
            dequantize(b.type, b.bytes + (p0 + p) * b.row_bytes, jq, w, dst + p * kPanel);
            std::fill(dst + p * kPanel + w, dst + (p + 1) * kPanel, 0.0f);
        }
    }
}

// C[R × w] (+)= A[R × kc] · panel[kc × 8]; w ≤ 8 columns of C are written.
template <int R>
void tile(std::size_t kc, const float* a, std::size_t lda, const float* panel, float* c, std::size_t ldc, std::size_t w,
          bool accumulate) {
    f32x8 acc[R];
    float edge[R][kPanel];
    for (int r = 0; r < R; ++r) {
        if (!accumulate) {
            acc[r] = splat8(0.0f);
        } else if (w == kPanel) {
            acc[r] = load8(c + r * ldc);
        } else {
            std::fill(edge[r], edge[r] + kPanel, 0.0f);
            std::copy(c + r * ldc, c + r * ldc + w, edge[r]);
            acc[r] = load8(edge[r]);
        }
    }
    for (std::size_t p = 0; p < kc; ++p, panel += kPanel) {
        const f32x8 bv = load8(panel);
        for (int r = 0; r < R; ++r) acc[r] = mul_add(load_splat8(a + r * lda + p), bv, acc[r]);
    }
    for (int r = 0; r < R; ++r) {
        if (w == kPanel) {
            store8(c + r * ldc, acc[r]);
        } else {
            store8(edge[r], acc[r]);
            std::copy(edge[r], edge[r] + w, c + r * ldc);
        }
    }
}

// Src: const float* or StoredB.
template <class Src>
void gemm_packed(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, Src b, std::size_t ldb,
                 BLayout layout, float* c, std::size_t ldc) {
    if (m == 0 || n == 0) return;
    if (k == 0) {  // an empty sum: C = 0
        for (std::size_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
        return;
    }
    // One panel (kKC × 8 floats, 8 KiB: L1) is packed and then used by every row tile of A: each
    // weight is decoded once per call and read back from L1.
    std::vector<float> panel_buf(std::min(kKC, k) * kPanel);
    float* const panel = panel_buf.data();
    // C[rows i0 … i0 + R) of the panel at column jq += A · panel, for the K block at p0.
    auto tiles = [&](std::size_t p0, std::size_t kc, std::size_t jq, std::size_t w) {
        const bool accumulate = p0 > 0;
        std::size_t i = 0;
        for (; i + kRows <= m; i += kRows)
            tile<4>(kc, a + i * lda + p0, lda, panel, c + i * ldc + jq, ldc, w, accumulate);
        const float* ai = a + i * lda + p0;
        float* ci = c + i * ldc + jq;
        switch (m - i) {
            case 3:
                tile<3>(kc, ai, lda, panel, ci, ldc, w, accumulate);
                break;
            case 2:
                tile<2>(kc, ai, lda, panel, ci, ldc, w, accumulate);
                break;
            case 1:
                tile<1>(kc, ai, lda, panel, ci, ldc, w, accumulate);
                break;
            default:
                break;
        }
    };
    if (m <= kRows) {
        // Decoding (m = 1) reads every weight once: walk each panel's 8 columns down all of K, so
        // B is read as 8 sequential streams (B comes from memory, not cache, in a real model).
        for (std::size_t jq = 0; jq < n; jq += kPanel)
            for (std::size_t p0 = 0; p0 < k; p0 += kKC) {
                const std::size_t kc = std::min(kKC, k - p0), w = std::min(kPanel, n - jq);
                pack_panel(b, ldb, layout, p0, kc, jq, w, panel);
                tiles(p0, kc, jq, w);
            }
        return;
    }
    // Otherwise A's K block (m × 256) stays in cache while NC columns of B go past it.
    for (std::size_t j0 = 0; j0 < n; j0 += kNC) {
        const std::size_t nc = std::min(kNC, n - j0);
        for (std::size_t p0 = 0; p0 < k; p0 += kKC) {
            const std::size_t kc = std::min(kKC, k - p0);
            for (std::size_t q = 0; q * kPanel < nc; ++q) {
                const std::size_t jq = j0 + q * kPanel, w = std::min(kPanel, n - jq);
                pack_panel(b, ldb, layout, p0, kc, jq, w, panel);
                tiles(p0, kc, jq, w);
            }
        }
    }
}

}  // namespace

float half_bits_to_float(std::uint16_t h) noexcept {
    // Exponent and mantissa shifted into a float's places read 2^-112 too small for every finite
    // half (normal or subnormal); the product by 2^112 is exact. ±∞ and NaN keep an all-ones
    // exponent.
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t body = static_cast<std::uint32_t>(h & 0x7FFFu) << 13;
    float f;
    if ((h & 0x7C00u) == 0x7C00u) {
        const std::uint32_t bits = sign | 0x7F800000u | body;
        std::memcpy(&f, &bits, 4);
        return f;
    }
    std::memcpy(&f, &body, 4);
    f *= 0x1p112f;
    return sign ? -f : f;
}

void gemm_f32(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b,
              std::size_t ldb, BLayout layout, float* c, std::size_t ldc) {
    // Fewer rows than a register tile (decoding one token at a time): packing would copy all of
    // B for that little work, which made the lab model's 12-token generation 4x its prompt pass.
    // The scalar twin gives the same bits (see gemm.hpp) without the copy.
    if (m < kRows) return gemm_scalar(m, n, k, a, lda, b, ldb, layout, c, ldc);
    gemm_packed(m, n, k, a, lda, b, ldb, layout, c, ldc);
}

void gemm_f16(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const std::uint16_t* b,
              std::size_t ldb, BLayout layout, float* c, std::size_t ldc) {
    // Through the stored-weights packer: its f16 decoder (quant_blocks.hpp) vectorises and gives
    // half_bits_to_float's bits, so this is the same product, 2.5x faster in WASM (measured at
    // [32 x 1024] · [1024 x 3072]: 10.5 -> 25.8 GFLOP/s) than converting one half at a time.
    const StoredB sb{reinterpret_cast<const std::uint8_t*>(b), WeightType::F16, ldb * sizeof(std::uint16_t)};
    gemm_packed(m, n, k, a, lda, sb, 0, layout, c, ldc);
}

void gemm_weights(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const std::uint8_t* b,
                  WeightType type, BLayout layout, float* c, std::size_t ldc) {
    if (layout == BLayout::KN && is_block_type(type))
        throw ConfigError(std::string("a ") + weight_type_name(type) +
                          " matrix must be stored [out, in] (\"nk\"): its blocks run along the inner dimension");
    const StoredB sb{b, type, static_cast<std::size_t>(row_bytes(type, layout == BLayout::NK ? k : n, "B"))};
    // Columns in ranges for the threads (thread_pool.hpp), each starting at a whole panel: every
    // element of C is still summed in p order from the same decoded weights.
    threads::parallel_ranges(n, kPanel, [&](std::size_t j0, std::size_t j1) {
        StoredB part = sb;
        part.bytes += layout == BLayout::NK ? j0 * sb.row_bytes : static_cast<std::size_t>(row_bytes(type, j0, "B"));
        gemm_packed(m, j1 - j0, k, a, lda, part, 0, layout, c + j0, ldc);
    });
}

void gemm_scalar(std::size_t m, std::size_t n, std::size_t k, const float* a, std::size_t lda, const float* b,
                 std::size_t ldb, BLayout layout, float* c, std::size_t ldc) noexcept {
    for (std::size_t i = 0; i < m; ++i) {
        float* ci = c + i * ldc;
        std::fill(ci, ci + n, 0.0f);
        for (std::size_t p = 0; p < k; ++p) {
            const float aip = a[i * lda + p];
            for (std::size_t j = 0; j < n; ++j)
                ci[j] += aip * (layout == BLayout::KN ? b[p * ldb + j] : b[j * ldb + p]);
        }
    }
}

}  // namespace attn::gemm
