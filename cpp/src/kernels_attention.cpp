// attention_kernels.hpp: the streaming SIMD kernel, its scalar twin, the blocked scores.
#include <algorithm>
#include <limits>

#include "attn/attention_kernels.hpp"
#include "attn/kernels.hpp"
#include "attn/simd_exp.hpp"

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

// o_r += Σ_t p_r[t]·v_t for R output rows and the block's 4 value rows.
template <int R>
inline void weighted_sum_block(const f32x4* p, const float* const* vr, std::size_t dv, float* const* o) {
    f32x4 pb[R][kKeys];
    for (int r = 0; r < R; ++r) {
        pb[r][0] = broadcast<0>(p[r]);
        pb[r][1] = broadcast<1>(p[r]);
        pb[r][2] = broadcast<2>(p[r]);
        pb[r][3] = broadcast<3>(p[r]);
    }
    std::size_t c = 0;
    for (; c + 4 <= dv; c += 4) {
        const f32x4 v0 = load(vr[0] + c), v1 = load(vr[1] + c), v2 = load(vr[2] + c), v3 = load(vr[3] + c);
        for (int r = 0; r < R; ++r) {
            const f32x4 sum = add(add(mul(pb[r][0], v0), mul(pb[r][1], v1)), add(mul(pb[r][2], v2), mul(pb[r][3], v3)));
            store(o[r] + c, add(load(o[r] + c), sum));
        }
    }
    for (; c < dv; ++c)
        for (int r = 0; r < R; ++r) {
            float pl[kKeys];
            store(pl, p[r]);
            o[r][c] += (pl[0] * vr[0][c] + pl[1] * vr[1][c]) + (pl[2] * vr[2][c] + pl[3] * vr[3][c]);
        }
}

// Rows [i0, i0 + R) of the streaming kernel.
template <int R>
std::size_t attend_rows(const HeadRows& p, std::size_t i0, float* out, std::size_t out_stride) {
    const float* qr[R];
    float* o[R];
    std::size_t visible[R];
    float m[R], l[R];
    for (int r = 0; r < R; ++r) {
        qr[r] = p.q + (i0 + r) * p.q_stride;
        o[r] = out + (i0 + r) * out_stride;
        std::fill(o[r], o[r] + p.dv, 0.0f);
        visible[r] = visible_keys(p, i0 + r);
        m[r] = p.has_sink ? p.sink_logit : kNegInf;
        l[r] = p.has_sink ? 1.0f : 0.0f;
    }
    // visible_keys grows with i: the last row sees the most, the first the fewest.
    const std::size_t end = visible[R - 1], unmasked_end = p.mask ? 0 : visible[0];
    const f32x4 scale = splat(p.scale);
    for (std::size_t j0 = 0; j0 < end; j0 += kKeys) {
        const std::size_t nk = std::min(kKeys, end - j0);
        // A short last block repeats its last key; those lanes are masked below.
        const float* kr[kKeys];
        const float* vr[kKeys];
        for (std::size_t t = 0; t < kKeys; ++t) {
            const std::size_t j = j0 + std::min(t, nk - 1);
            kr[t] = p.k + j * p.k_stride;
            vr[t] = p.v + j * p.v_stride;
        }
        f32x4 s[R];
        dot_block<R>(qr, kr, p.d, s);
        for (int r = 0; r < R; ++r) s[r] = mul(s[r], scale);
        if (j0 + kKeys > unmasked_end)
            for (int r = 0; r < R; ++r) {
                float lanes[kKeys];
                store(lanes, s[r]);
                const std::uint8_t* mrow = p.mask ? p.mask + (i0 + r) * p.tk : nullptr;
                for (std::size_t t = 0; t < kKeys; ++t) {
                    const std::size_t j = j0 + t;
                    if (t >= nk || j >= visible[r] || (mrow && !mrow[j])) lanes[t] = kNegInf;
                }
                s[r] = load(lanes);
            }
        f32x4 w[R];
        for (int r = 0; r < R; ++r) {
            const float block_max = hmax(s[r]);
            if (block_max > m[r]) {
                const float alpha = exp_nonpositive(m[r] - block_max);
                m[r] = block_max;
                l[r] *= alpha;
                scale_simd(o[r], p.dv, alpha);
            }
            if (m[r] == kNegInf) {  // nothing visible yet: exp(−∞ − (−∞)) would be NaN
                w[r] = splat(0.0f);
                continue;
            }
            w[r] = exp_nonpositive(sub(s[r], splat(m[r])));
            l[r] += hsum(w[r]);
        }
        weighted_sum_block<R>(w, vr, p.dv, o);
    }
    // l ≥ 1 once a key is visible (its max term is exp(0)), and a sink starts l at 1, so l = 0
    // means no key and no sink.
    for (int r = 0; r < R; ++r) {
        if (l[r] == 0.0f) return i0 + r;
        scale_simd(o[r], p.dv, 1.0f / l[r]);
    }
    return kAllRowsVisible;
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

std::size_t attend_streaming(const HeadRows& p, float* out, std::size_t out_stride) noexcept {
    std::size_t i = 0;
    for (; i + 2 <= p.tq; i += 2)
        if (const std::size_t bad = attend_rows<2>(p, i, out, out_stride); bad != kAllRowsVisible) return bad;
    if (i < p.tq) return attend_rows<1>(p, i, out, out_stride);
    return kAllRowsVisible;
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
