// The course lab's model: a small character-level decoder that the project trains from zero
// (attn-train, cpp/train/) and the lab runs in the browser to show its real attention, layer by
// layer and head by head, with attention-sink statistics.
//
// Dimension letters used in this file:
//   T tokens in a pass, V vocabulary, D d_model, L layers, H query heads, G KV heads,
//   d head width (q, k and v alike), F MLP hidden width.
//
// Pre-norm, row-vector convention (x · W, W stored [d_in][d_out]); every norm is an RMSNorm
// with a learned gain:
//   x = E[tokens]                                                       [T, D]
//   per layer:  h = rmsnorm(x) ⊙ attn_norm                               attn_norm [1, D]
//               q = h·Wq [T, H·d],  k = h·Wk [T, G·d],  v = h·Wv [T, G·d]
//               qk_norm:      q, k = rmsnorm of every head ⊙ q_norm, k_norm   [1, d], shared by heads
//               q, k = rope(q), rope(k) at absolute positions (all of d rotates)
//               a = causal_gqa_attention(q, k, v)                        [T, H·d]   (attn::attention)
//               output_gate:  a ⊙= sigmoid(h·Wgate)                      Wgate [D, H·d]
//               x += a·Wo                                                 Wo [H·d, D]
//               u = rmsnorm(x) ⊙ mlp_norm                                 mlp_norm [1, D]
//               x += (silu(u·W1) ⊙ (u·W3))·W2                             SwiGLU: W1, W3 [D, F], W2 [F, D]
//   logits = (rmsnorm(x) ⊙ final_norm) · Eᵀ                              [T, V], head tied to E [V, D]
// The output gate is the anchor's attn_output_gate (Qwen3.x, Gated Attention 2025): per head and
// channel the model can scale down what attention fetched, the "exit" from the attention sink.
//
// Tokens: id 0 is "<bos>", which starts every training window and every encoded text (so the
// first position, where sinks form, is the same token everywhere); id 1 is "<unk>", which stands
// for every character outside the vocabulary; ids 2 … V−1 are single Unicode characters.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "attn/kv_cache.hpp"
#include "attn/tensor.hpp"

namespace attn {

constexpr int kLabBos = 0;
constexpr int kLabUnk = 1;
extern const char* const kLabBosText;  // "<bos>"
extern const char* const kLabUnkText;  // "<unk>"

struct LabConfig {
    std::size_t vocab = 0;  // V, the two special tokens included
    std::size_t d_model = 64;
    std::size_t n_layers = 2;
    std::size_t n_heads = 8;
    std::size_t n_kv_heads = 2;  // must divide n_heads
    std::size_t d_head = 16;     // even: RoPE turns pairs
    std::size_t mlp_hidden = 128;
    std::size_t context = 64;  // the longest sequence, <bos> included, the model runs on
    float rope_base = 10000.0f;
    bool qk_norm = true;
    bool output_gate = true;
};

// Throws ConfigError naming the field ("LabConfig.n_kv_heads ..."): a zero size, vocab < 3,
// n_heads not a multiple of n_kv_heads, d_head odd, rope_base not a finite number > 1.
void validate(const LabConfig& cfg);

struct LabLayer {
    Matrix attn_norm;  // [1, D]
    Matrix wq;         // [D, H·d]
    Matrix wk, wv;     // [D, G·d]
    Matrix q_norm;     // [1, d] (qk_norm only, else empty)
    Matrix k_norm;     // [1, d] (qk_norm only, else empty)
    Matrix w_gate;     // [D, H·d] (output_gate only, else empty)
    Matrix wo;         // [H·d, D]
    Matrix mlp_norm;   // [1, D]
    Matrix w1, w3;     // [D, F]
    Matrix w2;         // [F, D]
};

struct LabWeights {
    Matrix embedding;  // [V, D], also the LM head
    std::vector<LabLayer> layers;
    Matrix final_norm;  // [1, D]
};

// Every tensor the config uses, in the fixed order of the weights file: "embedding", then per
// layer "layers.<l>.attn_norm", "wq", "wk", "wv", "q_norm", "k_norm" (qk_norm), "w_gate"
// (output_gate), "wo", "mlp_norm", "w1", "w3", "w2", then "final_norm".
// ShapeError if w does not have cfg.n_layers layers.
std::vector<std::pair<std::string, Matrix*>> lab_tensors(LabWeights& w, const LabConfig& cfg);
std::vector<std::pair<std::string, const Matrix*>> lab_tensors(const LabWeights& w, const LabConfig& cfg);

// The same names, in the same order, with the shape the config gives each ([1, n] for a gain).
struct LabTensorSpec {
    std::string name;
    std::size_t rows, cols;
};
std::vector<LabTensorSpec> lab_tensor_specs(const LabConfig& cfg);

// Every tensor at its shape: zeros (the trainer's gradient buffers), or a fresh model drawn from
// attn::Rng(seed) in the order of lab_tensors(): E ~ N(0, 1/D), W ~ N(0, 1/fan_in) with Wo and W2
// further scaled by 1/sqrt(2L) (the residual stream then starts at unit scale), gains 1.
LabWeights lab_zero_weights(const LabConfig& cfg);
LabWeights lab_init_weights(const LabConfig& cfg, std::uint64_t seed);

// What the backward pass (cpp/train/) needs from one forward pass. Filled only when asked for.
struct LabLayerActivations {
    Matrix x;                         // [T, D] residual stream entering the layer
    std::vector<float> inv_attn;      // [T] 1/rms of x's rows
    Matrix h;                         // [T, D] rmsnorm(x) ⊙ attn_norm
    Matrix q_lin, k_lin;              // [T, H·d], [T, G·d]: h·Wq, h·Wk before QK-norm and RoPE
    std::vector<float> inv_q, inv_k;  // [T·H], [T·G] per-head 1/rms (qk_norm only)
    Matrix q, k, v;                   // [T, H·d], [T, G·d], [T, G·d]: what attention read
    Tensor3 weights;                  // [H, T, T]
    Matrix gate;                      // [T, H·d] gate logits h·Wgate (output_gate only)
    Matrix a;                         // [T, H·d] attention output after the gate: the input of Wo
    Matrix x_mid;                     // [T, D] after the attention residual
    std::vector<float> inv_mlp;       // [T]
    Matrix u;                         // [T, D] rmsnorm(x_mid) ⊙ mlp_norm
    Matrix g1, g3;                    // [T, F] u·W1, u·W3
    Matrix m;                         // [T, F] silu(g1) ⊙ g3
};

struct LabActivations {
    std::vector<LabLayerActivations> layers;
    Matrix x_final;                // [T, D] residual stream after the last layer
    std::vector<float> inv_final;  // [T]
    Matrix h_final;                // [T, D] rmsnorm(x_final) ⊙ final_norm
};

// The one forward pass of the model, shared by LabModel (inference, with or without a KV cache)
// and the trainer (with activations). tokens sit at positions start … start + T − 1; with a
// cache, their K/V are appended and attention reads the whole cache (start must then be
// cache.length()). Returns logits [T, V]. attention, when given, receives per layer the
// weights [H, T, Tk] (Tk = start + T with a cache, T without). acts (no cache only) receives
// what backward needs.
// Throws ShapeError (no tokens, start + T > context, a cache not shaped for the model) and
// ValueError (a token id outside [0, V), naming its position).
Matrix lab_forward(const LabConfig& cfg, const LabWeights& w, const std::vector<int>& tokens, std::size_t start,
                   KVCache* cache, std::vector<Tensor3>* attention, LabActivations* acts);

// Per head, the share of attention on key 0 averaged over query rows 1 … Tq − 1 of weights
// [H, Tq, Tk] (row 0 can only attend to key 0, so it says nothing). The attention-sink
// statistic of the lab. Throws ShapeError if Tq < 2.
std::vector<float> sink_share(const Tensor3& weights);

// The characters of a UTF-8 string, one string each. Throws ValueError naming the byte offset
// of invalid UTF-8.
std::vector<std::string> utf8_chars(const std::string& text);

struct LabForward {
    Matrix logits;                   // [T, V]
    std::vector<Tensor3> attention;  // [L] × [H, T, T] when asked for, else empty
};

struct LabGeneration {
    std::vector<int> tokens;     // prompt followed by the generated tokens
    std::vector<int> generated;  // [steps]
};

class LabModel {
  public:
    // Validates cfg, then: vocab has cfg.vocab entries, "<bos>" and "<unk>" first, then distinct
    // single characters (ValueError otherwise); every tensor of lab_tensors() at its shape
    // (ShapeError naming the tensor).
    LabModel(const LabConfig& cfg, std::vector<std::string> vocab, LabWeights weights);

    const LabConfig& config() const { return cfg_; }
    const std::vector<std::string>& vocab() const { return vocab_; }
    const LabWeights& weights() const { return w_; }

    // <bos> followed by one id per character of text (<unk> outside the vocabulary).
    std::vector<int> encode(const std::string& text) const;
    // The characters of tokens joined (a special token as its name, "<bos>"); ValueError for an
    // id outside [0, V).
    std::string decode(const std::vector<int>& tokens) const;

    // A full pass (no cache): logits [T, V] and, if asked, every layer's attention weights.
    LabForward forward(const std::vector<int>& tokens, bool attention = false) const;

    // L layers, G KV heads, d = dv = d_head.
    KVCache make_cache() const;

    // Greedy decoding (argmax, ties to the lowest id) of `steps` tokens after prompt, with the
    // KV cache: the prompt in one pass, then one token per step. ShapeError if prompt + steps
    // would pass the context.
    LabGeneration generate(const std::vector<int>& prompt, std::size_t steps) const;

  private:
    LabConfig cfg_;
    std::vector<std::string> vocab_;
    std::unordered_map<std::string, int> ids_;
    LabWeights w_;
};

}  // namespace attn
