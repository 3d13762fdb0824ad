// attention_kernels.hpp: the streaming SIMD kernel, its scalar twin, the blocked scores.
#include <algorithm>
#include <limits>

#include "attn/kernels/attention_kernels.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/kernels/simd_exp.hpp"

namespace attn::kernels {
namespace {

using namespace attn::simd;
constexpr float kNegInf = -std::numeric_limits<float>::infinity();
constexpr std::size_t kKeys = 4;  // keys per block: one vector of scores per query

// s[r] = [q_r·k_0, q_r·k_1, q_r·k_2, q_r·k_3] for R query rows.
template <int R>
inline void dot_block(const float* const* qr, const float* const* kr, std::size_t d, f32x4* s) {
    f32x4 acc[R][kKeys];
    for (int r = 0; r < R; ++r)
        for (std::size_t t = 0; t < kKeys; ++t) acc[r][t] = splat(0.0f);
    std::size_t c = 0;
    for (; c + 4 <= d; c += 4) {
        const f32x4 k0 = load(kr[0] + c), k1 = load(kr[1] + c), k2 = load(kr[2] + c), k3 = load(kr[3] + c);
        for (int r = 0; r < R; ++r) {
            const f32x4 q = load(qr[r] + c);
            acc[r][0] = mul_add(q, k0, acc[r][0]);
            acc[r][1] = mul_add(q, k1, acc[r][1]);
            acc[r][2] = mul_add(q, k2, acc[r][2]);
            acc[r][3] = mul_add(q, k3, acc[r][3]);
        }
    }
    for (int r = 0; r < R; ++r) s[r] = hsum4(acc[r][0], acc[r][1], acc[r][2], acc[r][3]);
    if (c < d) {  // widths that are not a multiple of 4 (the course's tiny heads)
        for (int r = 0; r < R; ++r) {
            float tail[kKeys] = {0.0f, 0.0f, 0.0f, 0.0f};
            for (std::size_t t = 0; t < kKeys; ++t)
                for (std::size_t cc = c; cc < d; ++cc) tail[t] += qr[r][cc] * kr[t][cc];
            s[r] = add(s[r], load(tail));
        }
    }
}

// Keys per packed panel: two vectors of scores per query row.
constexpr std::size_t kPanel = 8;
// Query rows per register tile, and keys per tile: a tile's scores and weights, 4 × 64 floats,
// stay on the stack, and its K panels and V rows (64 × d floats each) in L1 while the rows of
// one query tile use them.
constexpr std::size_t kRows = 4, kKeysPerTile = 64;

// s_r[0..8) = q_r · k_{j0..j0+8} for R query rows: a 4 × 8 register tile, as in a GEMM. Per
// dimension, one broadcast of each query's element and two loads of the panel (the 8 keys'
// elements side by side) feed 8 multiply-adds.
template <int R>
inline void score_panel(const float* const* qr, const float* panel, std::size_t d, f32x8 scale, float* s,
                        std::size_t s_stride) {
    f32x8 acc[R];
    for (int r = 0; r < R; ++r) acc[r] = splat8(0.0f);
    for (std::size_t c = 0; c < d; ++c, panel += kPanel) {
        const f32x8 b = load8(panel);
        for (int r = 0; r < R; ++r) acc[r] = mul_add(load_splat8(qr[r] + c), b, acc[r]);
    }
    for (int r = 0; r < R; ++r) store8(s + r * s_stride, mul(acc[r], scale));
}

// o_r[c0 .. c0 + 8) += Σ_j w_r[j]·v_j[c0 ..] over n keys, with o in registers for all n.
template <int R>
inline void weighted_sum_columns(const float* w, std::size_t w_stride, const float* v, std::size_t v_stride,
                                 std::size_t n, float* const* o, std::size_t c0) {
    f32x8 acc[R];
    for (int r = 0; r < R; ++r) acc[r] = load8(o[r] + c0);
    for (std::size_t j = 0; j < n; ++j, v += v_stride) {
        const f32x8 b = load8(v + c0);
        for (int r = 0; r < R; ++r) acc[r] = mul_add(load_splat8(w + r * w_stride + j), b, acc[r]);
    }
    for (int r = 0; r < R; ++r) store8(o[r] + c0, acc[r]);
}

// o_r += Σ_j w_r[j]·v_j for n keys from v (row j at v + j·v_stride): 8 columns at a time, then
// one at a time (the course's narrow heads).
template <int R>
inline void weighted_sum(const float* w, std::size_t w_stride, const float* v, std::size_t v_stride, std::size_t n,
                         std::size_t dv, float* const* o) {
    std::size_t c = 0;
    for (; c + 8 <= dv; c += 8) weighted_sum_columns<R>(w, w_stride, v, v_stride, n, o, c);
    for (; c < dv; ++c)
        for (int r = 0; r < R; ++r) {
            float sum = o[r][c];
            for (std::size_t j = 0; j < n; ++j) sum += w[r * w_stride + j] * v[j * v_stride + c];
            o[r][c] = sum;
        }
}

// The running state of R query rows [i0, i0 + R) of the streaming kernel.
template <int R>
struct RowGroup {
    const float* qr[R];
    float* o[R];
    std::size_t visible[R];
    float m[R], l[R];
    std::size_t i0, end, unmasked_end;

    void start(const HeadRows& p, std::size_t first, float* out, std::size_t out_stride) {
        i0 = first;
        for (int r = 0; r < R; ++r) {
            qr[r] = p.q + (i0 + r) * p.q_stride;
            o[r] = out + (i0 + r) * out_stride;
            std::fill(o[r], o[r] + p.dv, 0.0f);
            visible[r] = visible_keys(p, i0 + r);
            m[r] = p.has_sink ? p.sink_logit : kNegInf;
            l[r] = p.has_sink ? 1.0f : 0.0f;
        }
        // visible_keys grows with i: the last row sees the most, the first the fewest.
        end = visible[R - 1];
        unmasked_end = p.mask ? 0 : visible[0];
    }

    // Keys [j0, min(j0 + kKeysPerTile, end)); j0 is a multiple of kKeysPerTile.
    void attend(const HeadRows& p, const float* packed_k, std::size_t j0) {
        if (j0 >= end) return;
        const std::size_t n = std::min(kKeysPerTile, end - j0), panels = (n + kPanel - 1) / kPanel;
        const std::size_t width = panels * kPanel;  // n rounded up: lanes past n are masked
        alignas(16) float s[R][kKeysPerTile];
        const f32x8 scale = splat8(p.scale);
        for (std::size_t b = 0; b < panels; ++b)
            score_panel<R>(qr, packed_k + (j0 + b * kPanel) * p.d, p.d, scale, &s[0][b * kPanel], kKeysPerTile);
        if (j0 + width > unmasked_end) mask_tile(p, j0, width, s);
        for (int r = 0; r < R; ++r) softmax_step(p, s[r], width, r);
        weighted_sum<R>(&s[0][0], kKeysPerTile, p.v + j0 * p.v_stride, p.v_stride, n, p.dv, o);
    }

    // −∞ for keys [j0, j0 + width) that row r does not see: past its causal limit (and past Tk,
    // the panel's padding) or masked.
    void mask_tile(const HeadRows& p, std::size_t j0, std::size_t width, float (*s)[kKeysPerTile]) const {
        // One test per lane, not a fill of the hidden tail: in WASM the fill (a memset call)
        // made the whole kernel about 1.5x slower at T = 512 (measured), the lane loop does not.
        for (int r = 0; r < R; ++r) {
            const std::uint8_t* mrow = p.mask ? p.mask + (i0 + r) * p.tk : nullptr;
            for (std::size_t t = 0; t < width; ++t) {
                const std::size_t j = j0 + t;
                if (j >= visible[r] || (mrow && !mrow[j])) s[r][t] = kNegInf;
            }
        }
    }

    // Row r's scores of one tile become its weights exp(s − m), with the running max m raised
    // (and what came before rescaled) when the tile holds a larger score.
    void softmax_step(const HeadRows& p, float* s, std::size_t width, int r) {
        f32x4 vmax = load(s);
        for (std::size_t t = 4; t < width; t += 4) vmax = max(vmax, load(s + t));
        const float tile_max = hmax(vmax);
        if (tile_max > m[r]) {  // rare after the first tiles: rescale what came before
            const float alpha = exp_nonpositive(m[r] - tile_max);
            if (l[r] != 0.0f) scale_simd(o[r], p.dv, alpha);  // l = 0: nothing summed into o yet
            m[r] = tile_max;
            l[r] *= alpha;
        }
        if (m[r] == kNegInf) {  // nothing visible yet: exp(−∞ − (−∞)) would be NaN
            std::fill(s, s + width, 0.0f);
            return;
        }
        const f32x4 shift = splat(m[r]);
        f32x4 sum = splat(0.0f);
        for (std::size_t t = 0; t < width; t += 4) {
            const f32x4 w = exp_nonpositive(sub(load(s + t), shift));
            store(s + t, w);
            sum = add(sum, w);
        }
        l[r] += hsum(sum);
    }

    // o / l. l ≥ 1 once a key is visible (its max term is exp(0)), and a sink starts l at 1,
    // so l = 0 means no key and no sink: returns that row.
    std::size_t finish(const HeadRows& p) {
        for (int r = 0; r < R; ++r) {
            if (l[r] == 0.0f) return i0 + r;
            scale_simd(o[r], p.dv, 1.0f / l[r]);
        }
        return kAllRowsVisible;
    }
};

// A query tile of R rows walks every key tile it sees.
template <int R>
std::size_t attend_group(const HeadRows& p, const float* packed_k, std::size_t i0, float* out, std::size_t out_stride) {
    RowGroup<R> g;
    g.start(p, i0, out, out_stride);
    for (std::size_t j = 0; j < g.end; j += kKeysPerTile) g.attend(p, packed_k, j);
    return g.finish(p);
}

template <int R>
void score_rows(const HeadRows& p, std::size_t i0, float* scores, std::size_t stride) {
    const float* qr[R];
    for (int r = 0; r < R; ++r) qr[r] = p.q + (i0 + r) * p.q_stride;
    const f32x4 scale = splat(p.scale);
    for (std::size_t j0 = 0; j0 < p.tk; j0 += kKeys) {
        const std::size_t nk = std::min(kKeys, p.tk - j0);
        const float* kr[kKeys];
        for (std::size_t t = 0; t < kKeys; ++t) kr[t] = p.k + (j0 + std::min(t, nk - 1)) * p.k_stride;
        f32x4 s[R];
        dot_block<R>(qr, kr, p.d, s);
        for (int r = 0; r < R; ++r) {
            float* dst = scores + (i0 + r) * stride + j0;
            if (nk == kKeys) {
                store(dst, mul(s[r], scale));
            } else {
                float lanes[kKeys];
                store(lanes, mul(s[r], scale));
                std::copy(lanes, lanes + nk, dst);
            }
        }
    }
}

}  // namespace

std::size_t packed_keys_floats(const HeadRows& p) noexcept { return (p.tk + kPanel - 1) / kPanel * kPanel * p.d; }

void pack_keys(const HeadRows& p, float* packed) noexcept {
    const float zeros[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (std::size_t j0 = 0; j0 < p.tk; j0 += kPanel) {
        float* panel = packed + j0 * p.d;
        // Four keys at a time, four dimensions at a time: a 4 × 4 transpose in registers.
        for (std::size_t half = 0; half < kPanel; half += 4) {
            const float* kr[4];
            for (std::size_t t = 0; t < 4; ++t) {
                const std::size_t j = j0 + half + t;
                kr[t] = j < p.tk ? p.k + j * p.k_stride : nullptr;
            }
            std::size_t c = 0;
            for (; c + 4 <= p.d; c += 4) {
                f32x4 r[4];
                for (std::size_t t = 0; t < 4; ++t) r[t] = load(kr[t] ? kr[t] + c : zeros);
                const f32x4 lo01 = interleave_lo(r[0], r[1]), lo23 = interleave_lo(r[2], r[3]);
                const f32x4 hi01 = interleave_hi(r[0], r[1]), hi23 = interleave_hi(r[2], r[3]);
                float* dst = panel + c * kPanel + half;
                store(dst, halves_lo(lo01, lo23));
                store(dst + kPanel, halves_hi(lo01, lo23));
                store(dst + 2 * kPanel, halves_lo(hi01, hi23));
                store(dst + 3 * kPanel, halves_hi(hi01, hi23));
            }
            for (; c < p.d; ++c)
                for (std::size_t t = 0; t < 4; ++t) panel[c * kPanel + half + t] = kr[t] ? kr[t][c] : 0.0f;
        }
    }
}

std::size_t attend_streaming(const HeadRows& p, const float* packed_k, float* out, std::size_t out_stride) noexcept {
    std::size_t i = 0, bad = kAllRowsVisible;
    for (; i + kRows <= p.tq && bad == kAllRowsVisible; i += kRows)
        bad = attend_group<kRows>(p, packed_k, i, out, out_stride);
    if (bad != kAllRowsVisible) return bad;
    switch (p.tq - i) {
        case 3:
            return attend_group<3>(p, packed_k, i, out, out_stride);
        case 2:
            return attend_group<2>(p, packed_k, i, out, out_stride);
        case 1:
            return attend_group<1>(p, packed_k, i, out, out_stride);
        default:
            return kAllRowsVisible;
    }
}

void scores_blocked(const HeadRows& p, float* scores, std::size_t stride) noexcept {
    std::size_t i = 0;
    for (; i + 2 <= p.tq; i += 2) score_rows<2>(p, i, scores, stride);
    if (i < p.tq) score_rows<1>(p, i, scores, stride);
}

std::size_t attend_rows_scalar(const HeadRows& p, float* out, std::size_t out_stride, float* row) noexcept {
    for (std::size_t i = 0; i < p.tq; ++i) {
        const std::size_t n = visible_keys(p, i);
        const float* q = p.q + i * p.q_stride;
        for (std::size_t j = 0; j < n; ++j) {
            const bool hidden = p.mask && !p.mask[i * p.tk + j];
            row[j] = hidden ? kNegInf : p.scale * dot_scalar(q, p.k + j * p.k_stride, p.d);
        }
        float m = max_scalar(row, n);
        if (p.has_sink) m = std::max(m, p.sink_logit);
        if (m == kNegInf) return i;
        float total = exp_shift_sum_scalar(row, n, m);
        if (p.has_sink) total += exp_nonpositive(p.sink_logit - m);
        float* o = out + i * out_stride;
        std::fill(o, o + p.dv, 0.0f);
        for (std::size_t j = 0; j < n; ++j) axpy_scalar(row[j] / total, p.v + j * p.v_stride, o, p.dv);
    }
    return kAllRowsVisible;
}

}  // namespace attn::kernels
