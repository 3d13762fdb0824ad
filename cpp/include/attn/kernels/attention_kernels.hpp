// The hot loops of one attention head over raw rows: a register-blocked, streaming
// (online-softmax) SIMD kernel for the output, its scalar twin, and the blocked score kernel of
// the path that returns scores and weights. attention.cpp checks inputs and calls these per head.
//
// Letters: Tq queries, Tk keys, d width of q and k rows, dv width of v rows.
//
// Streaming softmax (as in FlashAttention): each query keeps a running max m, a running sum
// l = Σ exp(s_j − m) and an unnormalised output o = Σ exp(s_j − m)·v_j; when a block of keys
// raises m, l and o are multiplied by exp(m_old − m_new). At the end o / l is the output. So no
// [Tq, Tk] row is ever stored: memory is the output alone. A sink logit is a key with no value:
// it starts m = sink, l = 1.
//
// Blocking, as in a GEMM: K is packed once per KV head into panels of 8 keys (dimension by
// dimension, the 8 keys' elements side by side), so 4 query rows × 8 keys of scores accumulate
// in registers from one broadcast per query and two panel loads per dimension; then, with the
// tile's 4 × 64 weights on the stack, 4 output rows × 8 columns accumulate in registers over all
// 64 value rows of the tile. The scores of one tile are summed in dimension order, like the
// scalar dot.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>

namespace attn::kernels {

struct HeadRows {
    const float* q;  // query i at q + i·q_stride, d floats
    std::size_t q_stride;
    const float* k;  // key j at k + j·k_stride, d floats
    std::size_t k_stride;
    const float* v;  // value j at v + j·v_stride, dv floats
    std::size_t v_stride;
    std::size_t tq, tk, d, dv;
    float scale;               // scores are scale · q_i·k_j
    bool causal;               // query i sees keys j < Tk − Tq + i + 1
    const std::uint8_t* mask;  // [Tq, Tk] row-major, 1 = may attend; null: every key
    bool has_sink;             // an extra softmax term exp(sink_logit) with no value
    float sink_logit;
};

// Returned when every query row had a key to attend to (or a sink).
constexpr std::size_t kAllRowsVisible = std::numeric_limits<std::size_t>::max();

// out row i (at out + i·out_stride, dv floats) = Σ_j softmax_j(s_ij)·v_j over visible keys.
// Returns the first query row with no visible key and no sink (its output is then undefined),
// else kAllRowsVisible.
// packed_k: the keys as pack_keys() lays them out.
std::size_t attend_streaming(const HeadRows& p, const float* packed_k, float* out, std::size_t out_stride) noexcept;

// Floats pack_keys() writes: Tk rounded up to 8 keys, times d.
std::size_t packed_keys_floats(const HeadRows& p) noexcept;
// K in panels of 8 keys: panel b holds, for each dimension c, keys 8b … 8b + 7's element c
// (0 past Tk).
void pack_keys(const HeadRows& p, float* packed) noexcept;

// The scalar twin: per query row, all scores into row (scratch of Tk floats), a plain softmax,
// then the weighted sum, with the scalar kernels and the same exp.
std::size_t attend_rows_scalar(const HeadRows& p, float* out, std::size_t out_stride, float* row) noexcept;

// scores row i (at scores + i·stride, Tk floats) = scale · q_i·k_j for EVERY key, masked or not.
void scores_blocked(const HeadRows& p, float* scores, std::size_t stride) noexcept;

// Last key index + 1 that query i sees: causal_limit() of mask.hpp, or Tk.
inline std::size_t visible_keys(const HeadRows& p, std::size_t i) noexcept {
    return p.causal ? p.tk - p.tq + i + 1 : p.tk;
}

}  // namespace attn::kernels
