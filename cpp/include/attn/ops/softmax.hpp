// Numerically stable softmax over one row, with an optional sink logit, and row entropy.
//
//   w_j = exp(s_j − m) / (Σ_k exp(s_k − m) + exp(sink − m)),   m = max(max_k s_k, sink)
//
// The sink logit is an extra entry in the denominator with no value vector behind it: the
// weight it takes, 1 − Σ w_j, is weight the head "does not spend". Masked scores are −∞ and get
// exactly 0.
//
// A fully masked row (every score −∞) has no defined softmax. Without a sink we throw
// MaskError (the message names the row); with a sink the result is defined: every w_j = 0 and
// the sink takes all the weight. A sink logit of −∞ is no sink: exp(−∞) = 0 adds nothing (a
// slider can go all the way down); NaN and +∞ are ValueErrors.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

#include "attn/tensor.hpp"

namespace attn {

struct SoftmaxResult {
    Vector weights;     // [n], Σ = 1 − sink_weight
    float sink_weight;  // 0 without a sink
    float entropy;      // of the weights (and the sink's share), in nats
};

// In place on row[0..n). Returns the sink's weight (0 without a sink), or nothing when the row
// is fully masked and has no sink (row left as is): the caller knows the row's name for the
// MaskError, and the hot loop builds no message for rows that are fine.
std::optional<float> softmax_inplace(float* row, std::size_t n, std::optional<float> sink_logit) noexcept;

// Copying version for whole vectors; throws ValueError on NaN / +∞ scores.
SoftmaxResult softmax(const Vector& scores, std::optional<float> sink_logit = std::nullopt);

// ValueError "sink_logit is NaN" / "sink_logit is +infinite"; nothing, or −∞, or a finite value pass.
void require_sink_logit(std::optional<float> sink_logit);

// "<row_name> is fully masked: …", the MaskError message of every caller.
std::string fully_masked_message(const std::string& row_name);

// −Σ p log p in nats over p[0..n), terms with p = 0 contribute 0.
float entropy(const float* p, std::size_t n) noexcept;

// Proportional split s_j / Σ s: what softmax replaces (negative scores give negative shares).
// Throws ValueError when Σ s = 0.
Vector proportional_split(const Vector& scores);

}  // namespace attn
