// Backward pass of the lab model (lab_model.hpp) for training: the forward is the engine's own
// lab_forward(), run with activations; this file differentiates every step of it.
//
// Dimension letters: T positions, V vocabulary, D d_model, H query heads, G KV heads,
// d head width, F MLP hidden width; for a linear (Gated DeltaNet) layer Hl heads of width dl.
// A linear layer's recurrence is differentiated through time over the states the forward kept.
#pragma once
#include <vector>

#include "attn/models/lab_model.hpp"

namespace attn::train {

// Cross-entropy of the next-token predictions of one sequence: tokens [T] in, targets [T] the
// token each position should predict. Returns Σ_t −log p(targets[t]) (nats, summed, not
// averaged) and adds scale × its gradient with respect to every tensor of w into grad (same
// shapes as w, see lab_zero_weights()). Throws what lab_forward() throws, and ValueError for a
// target outside [0, V) or a targets count ≠ T.
float loss_and_gradient(const LabConfig& cfg, const LabWeights& w, const std::vector<int>& tokens,
                        const std::vector<int>& targets, float scale, LabWeights& grad);

// The same loss without gradients (validation): Σ_t −log p(targets[t]).
float sequence_loss(const LabConfig& cfg, const LabWeights& w, const std::vector<int>& tokens,
                    const std::vector<int>& targets);

// Σ_t −log softmax(logits[t])[targets[t]] for logits [T, V]. dlogits, when given, receives
// scale × (softmax − onehot) [T, V].
float cross_entropy(const Matrix& logits, const std::vector<int>& targets, float scale, Matrix* dlogits);

}  // namespace attn::train
