// Scaled dot-product attention: single head, multi-head, MQA / GQA, optional sink logit and
// output gate.
//
// Dimension letters used in this file:
//   Tq query positions, Tk key positions, H query heads, G KV heads (H % G == 0),
//   d head width of q and k, dv head width of v.
//
// Heads are contiguous column blocks: head h of q is columns [h·d, (h+1)·d). Query head h reads
// KV head h / (H / G): G = H is multi-head attention, G = 1 is multi-query, anything between
// is grouped-query attention.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "attn/ops/kv_cache.hpp"
#include "attn/tensor.hpp"

namespace attn {

enum class MaskMode {
    NegInfBeforeSoftmax,  // the right way: masked scores are −∞, rows sum to 1
    ZeroAfterSoftmax,     // the course's "mistake" view: softmax over all keys, then zero the masked
                          // weights; rows sum to less than 1 (never used by the engine itself)
};

// "neg-inf" or "zero-after-softmax" (the JS API's maskMode); ConfigError for anything else.
MaskMode mask_mode_from_name(const std::string& name);

struct AttentionOptions {
    std::size_t n_heads = 1;
    std::size_t n_kv_heads = 0;  // 0 means n_heads (plain multi-head)
    bool causal = false;
    std::optional<Mask> mask;           // [Tq, Tk], 1 = may attend; combined with causal by AND
    std::optional<float> scale;         // default 1/√d; pass 1 for unscaled scores
    std::optional<float> sink_logit;    // an extra softmax denominator term per row and head (−∞: none)
    std::optional<Matrix> gate_logits;  // [Tq, H·dv]: output ·= sigmoid(gate) (output gate)
    MaskMode mask_mode = MaskMode::NegInfBeforeSoftmax;
};

struct AttentionResult {
    Tensor3 scores;      // [H, Tq, Tk] scaled scores q·k·scale before masking (masked ones too)
    Tensor3 weights;     // [H, Tq, Tk] softmax weights; masked entries exactly 0
    Matrix sink_weight;  // [H, Tq] share taken by the sink logit (0 without one)
    Matrix output;       // [Tq, H·dv] weighted sums of V rows (after the gate, if any)
};

// Which parts of AttentionResult a caller wants: all four unless it names some.
struct AttentionParts {
    bool scores = true, weights = true, sink_weight = true, output = true;
    // Only the output: attention_output()'s streaming path, no [H, Tq, Tk] maps.
    bool output_only() const { return output && !scores && !weights && !sink_weight; }
};

// The parts named, each "scores", "weights", "sinkWeight" or "output" (the JS API's `want`).
// ConfigError "want should be a non-empty array of …" for no names, "want[i] should be …" for
// any other name (an empty string stands for a value that is not a string).
AttentionParts attention_parts(const std::vector<std::string>& names);

// Estimated work of one score, in the units of limits::kMaxCallWork (a multiply-add of the
// blocked SIMD kernels), for attention() (maps: its scores and weights are formed) or
// attention_output() (not): the d + dv multiply-adds of q·k and of adding w·v, plus what each
// score costs besides, which at small d is most of the time. Measured in WASM SIMD under node
// (ns per score ÷ ns per multiply-add of a 1024³ matmul, same process; tests/cpp/attention_test.cpp
// says where):
//   −∞ mode, the streaming kernel: scale, mask or causal limit, exp, running max and sum, the
//     final ÷ l: 46–77 besides the multiply-adds at d = 1 … 16, counted as kScoreWork = 96.
//   zero-after-softmax mode (row by row, unblocked dot and axpy, a whole softmax per row): about
//     1.45 per multiply-add and ~200 besides, counted as 2·(d + dv) + kUnblockedScoreWork = 256.
//   maps (attention(): the blocked scores a second time, the mask, the softmax into the weights,
//     both [H, Tq, Tk] maps zeroed and written, checked and copied out by the bindings): ~560–620
//     more per score, counted as d + kScoreMapWork = 640.
inline constexpr std::uint64_t kScoreWork = 96;
inline constexpr std::uint64_t kUnblockedScoreWork = 256;
inline constexpr std::uint64_t kScoreMapWork = 640;
std::uint64_t attention_score_work(std::size_t d, std::size_t dv, MaskMode mode, bool maps) noexcept;

// q [Tq, H·d], k [Tk, G·d], v [Tk, G·dv].
// Throws ShapeError (widths that do not split into heads, empty sequences, mask/gate shape),
// ConfigError (n_heads not a multiple of n_kv_heads, zero heads), ValueError (NaN / Inf inputs),
// MaskError (a row with no visible key and no sink logit). ShapeError before anything runs when
// H·Tq·Tk·attention_score_work(d, dv, mode, maps) passes limits::kMaxCallWork.
AttentionResult attention(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt);

// attention() for the parts asked: with output_only() the output of attention_output() and the
// other fields empty, else attention() whole (the caller converts the parts it asked for).
AttentionResult attention(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt,
                          const AttentionParts& parts);

// Only the attention output [Tq, H·dv], skipping the [H, Tq, Tk] scores and weights: the path
// decoding and benchmarks take. A streaming softmax (attention_kernels.hpp): its memory is the
// output, O(Tq·H·dv), whatever Tk is. Same checks, same bits as attention().output.
Matrix attention_output(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt);

// The same over one layer of a KV cache, its K and V read where they lie (no copy of the cached
// rows; the cache checked them finite as they came, kv_cache.hpp): the same bits as
// attention_output(q, cache.k(layer), cache.v(layer), opt). What a decode step calls.
Matrix attention_output(const Matrix& q, const KVCache& cache, std::size_t layer, const AttentionOptions& opt);

// attention_output() computed by the scalar reference kernels, row by row in two passes: the
// twin that tests hold the SIMD path to (equal within float rounding, not to the bit).
Matrix attention_output_scalar(const Matrix& q, const Matrix& k, const Matrix& v, const AttentionOptions& opt);

}  // namespace attn
