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
// Hybrid: each layer is "full" (the softmax attention above, with a KV cache) or "linear" (a
// Gated DeltaNet block, Qwen3-Next's Qwen3NextGatedDeltaNet, in place of the attention; the
// MLP half is the same). A linear layer, with Hl heads of width dl (d_k = d_v = dl), C = 3·Hl·dl:
//   h = rmsnorm(x) ⊙ attn_norm
//   [q0 | k0 | v0 | z] = h·in_proj_qkvz      in_proj_qkvz [D, Hl·4·dl], per head [q_h|k_h|v_h|z_h]
//   [b | a]            = h·in_proj_ba        in_proj_ba [D, 2·Hl], per head [b_h|a_h]
//   [q | k | v] = silu(causal_conv([q0 | k0 | v0]))   conv1d [C, K], depthwise (short_conv.hpp)
//   β = sigmoid(b),  log g = −exp(A_log)·softplus(a + dt_bias)     A_log, dt_bias [1, Hl]
//   o = gated delta rule(q, k, v, g, β) with L2-normalised q, k (gated_deltanet.hpp)  [T, Hl·dl]
//   a = gated_rms_norm(o, z, gated_norm)                          gated_norm [1, dl]
//   x += a·out_proj                                               out_proj [Hl·dl, D]
// Where it differs from the reference, because the lab is small:
//   - as many value heads as key heads (Qwen3-Next has 32 value heads on 16 key heads and
//     repeats q and k for them), and one width dl for keys and values;
//   - log g is clamped at −60 (g ≥ 8.7e-27) so that g stays a positive float: the reference
//     passes log g to its kernels, gdn_step takes g itself;
//   - the per-head layout of in_proj_qkvz / in_proj_ba is the reference's (its
//     fix_query_key_value_ordering) with one value head per key head; A_log starts at
//     log(U(1, 16)) (the reference: U(0, 16)), dt_bias at 1 as in the reference.
// With a cache a linear layer keeps its GdnState S [Hl, dl, dl] and the convolution's last K − 1
// inputs: a fixed number of bytes, whatever the number of tokens.
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

#include "attn/models/ledger.hpp"
#include "attn/ops/gated_deltanet.hpp"
#include "attn/ops/kv_cache.hpp"
#include "attn/tensor.hpp"

namespace attn {

constexpr int kLabBos = 0;
constexpr int kLabUnk = 1;
extern const char* const kLabBosText;  // "<bos>"
extern const char* const kLabUnkText;  // "<unk>"

enum class LabLayerType { Full, Linear };

// "full", "linear": the spelling of the weights file's reader, the export and the bindings.
const char* layer_type_name(LabLayerType type) noexcept;

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
    // One type per layer; empty means every layer is full (so a config written before hybrid
    // layers existed still means what it meant).
    std::vector<LabLayerType> layer_types;
    std::size_t linear_heads = 4;      // Hl: heads of a linear layer (key and value heads alike)
    std::size_t linear_head_dim = 16;  // dl: d_k = d_v of a linear head
    std::size_t conv_kernel = 4;       // K: the short convolution's width (Qwen3-Next: 4)
};

// The type of layer l (Full when layer_types is empty).
LabLayerType layer_type(const LabConfig& cfg, std::size_t l);
std::size_t full_layer_count(const LabConfig& cfg);
std::size_t linear_layer_count(const LabConfig& cfg);

// Throws ConfigError naming the field ("LabConfig.n_kv_heads ..."): a zero size, vocab < 3,
// n_heads not a multiple of n_kv_heads, d_head odd, rope_base not a finite number > 1,
// layer_types neither empty nor n_layers long, no full layer (the lab shows attention on them),
// and with a linear layer a zero linear_heads, linear_head_dim or conv_kernel; a pass over the
// whole context past limits::kMaxCallWork (lab_pass_work below).
void validate(const LabConfig& cfg);
// validate() without the work of a run at full context: each field, and the attention buffers of
// that run (the weights reader bounds n_layers with it before it reads the layer types the
// work depends on).
void validate_fields(const LabConfig& cfg);

// Estimated multiply-adds (limits.hpp, "Work of one call") of a pass over T tokens at positions
// start … start + T − 1: every weight once per token, every score of a full layer's attention
// as attention() counts it (attention_score_work: the scores' own costs besides q·k and w·v, and
// with maps, a run that returns the attention, the [H, T, T] weights formed and copied), and a
// linear layer's state update as kLabStateWork per element of S per token (the delta rule walks
// S four times in double, and ‖S‖ once more: measured 5–11 ns per element and token in WASM,
// what the GEMM does in about 100 multiply-adds). validate() requires a pass over the whole
// context that returns its attention to fit the bound, so no run or generation of a valid model
// can pass it (a crafted file of the shipped model's shapes at context 1,800 ran labRun with its
// attention for 1.3 s quiet, 2.5–3.9 s beside other work, before the scores' costs counted).
inline constexpr std::uint64_t kLabStateWork = 128;
std::uint64_t lab_pass_work(const LabConfig& cfg, std::size_t T, std::size_t start, bool maps);

// A full layer uses wq … wo, a linear layer in_proj_qkvz … out_proj; the other set stays empty.
struct LabLayer {
    Matrix attn_norm;     // [1, D]
    Matrix wq;            // [D, H·d]
    Matrix wk, wv;        // [D, G·d]
    Matrix q_norm;        // [1, d] (qk_norm only, else empty)
    Matrix k_norm;        // [1, d] (qk_norm only, else empty)
    Matrix w_gate;        // [D, H·d] (output_gate only, else empty)
    Matrix wo;            // [H·d, D]
    Matrix in_proj_qkvz;  // [D, Hl·4·dl]
    Matrix in_proj_ba;    // [D, 2·Hl]
    Matrix conv1d;        // [3·Hl·dl, K]
    Matrix dt_bias;       // [1, Hl]
    Matrix a_log;         // [1, Hl] (file name "A_log", as in the reference)
    Matrix gated_norm;    // [1, dl]
    Matrix out_proj;      // [Hl·dl, D]
    Matrix mlp_norm;      // [1, D]
    Matrix w1, w3;        // [D, F]
    Matrix w2;            // [F, D]
};

struct LabWeights {
    Matrix embedding;  // [V, D], also the LM head
    std::vector<LabLayer> layers;
    Matrix final_norm;  // [1, D]
};

// Every tensor the config uses, in the fixed order of the weights file: "embedding", then per
// layer "layers.<l>.attn_norm", then for a full layer "wq", "wk", "wv", "q_norm", "k_norm"
// (qk_norm), "w_gate" (output_gate), "wo", for a linear layer "in_proj_qkvz", "in_proj_ba",
// "conv1d", "dt_bias", "A_log", "gated_norm", "out_proj"; then "mlp_norm", "w1", "w3", "w2";
// then "final_norm".
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
// attn::Rng(seed) in the order of lab_tensors(): E ~ N(0, 1/D), W ~ N(0, 1/fan_in) with Wo,
// out_proj and W2 further scaled by 1/sqrt(2L) (the residual stream then starts at unit scale),
// conv1d ~ N(0, 1/K), gains 1, dt_bias 1, A_log = log(U(1, 16)).
LabWeights lab_zero_weights(const LabConfig& cfg);
LabWeights lab_init_weights(const LabConfig& cfg, std::uint64_t seed);

// Parameters the trainer's weight decay leaves alone: the RMSNorm gains ("…_norm") and a linear
// layer's dt_bias and A_log (as fla-org's GatedDeltaNet marks them _no_weight_decay).
bool lab_no_weight_decay(const std::string& tensor_name);

// What a run with a cache keeps: K/V rows for the full layers, state for the linear ones.
struct LabCache {
    KVCache kv;                        // KV layer i is the model's i-th full layer
    std::vector<GdnState> states;      // one per linear layer, in order: S [Hl, dl, dl]
    std::vector<Matrix> conv_history;  // one per linear layer: the last K − 1 conv inputs [K−1, C]
    std::size_t length = 0;            // positions seen

    // float32 K/V bytes now: grows by full layers × 2 × G × d × 4 B per token.
    std::size_t kv_bytes() const { return kv.bytes(4); }
    // float32 bytes of every linear layer's S and conv history: the same at every length.
    std::size_t state_bytes() const;
};

// An empty cache shaped for cfg.
LabCache lab_make_cache(const LabConfig& cfg);

// lab_make_cache(cfg).state_bytes(), without making one: Σ_linear (Hl·dl·dl + (K−1)·3·Hl·dl) × 4 B.
std::size_t lab_state_bytes(const LabConfig& cfg);
// The recurrent part of it alone: Σ_linear Hl·dl·dl × 4 B (what GdnState::bytes_for says).
std::size_t lab_recurrent_state_bytes(const LabConfig& cfg);
// One linear layer's share of each (the lab's per-layer panel): S [Hl, dl, dl] and the conv
// history [K − 1, 3·Hl·dl]; S alone. lab_layer_state_bytes is 0 for a model without linear layers.
std::size_t lab_layer_state_bytes(const LabConfig& cfg);
std::size_t lab_layer_recurrent_state_bytes(const LabConfig& cfg);

// The model as the KV ledger (ledger.hpp) sees it: its full layers keep K/V of dtype_bytes per
// value (4 as this engine caches, 2 as the course counts bf16), its linear layers the float32
// state of lab_state_bytes() whatever dtype_bytes says (the anchor keeps its state in FP32 too).
// So bytes_per_token() is full layers × 2 × G × d × dtype_bytes and bytes_for_context(T) adds
// the constant state. Named "lab model".
ModelConfig lab_ledger_config(const LabConfig& cfg, std::uint64_t dtype_bytes);

// What the backward pass (cpp/train/) needs from one forward pass. Filled only when asked for.
struct LabLayerActivations {
    Matrix x;                         // [T, D] residual stream entering the layer
    std::vector<float> inv_attn;      // [T] 1/rms of x's rows
    Matrix h;                         // [T, D] rmsnorm(x) ⊙ attn_norm
    Matrix q_lin, k_lin;              // [T, H·d], [T, G·d]: h·Wq, h·Wk before QK-norm and RoPE
    std::vector<float> inv_q, inv_k;  // [T·H], [T·G] per-head 1/rms (qk_norm only)
    Matrix q, k, v;                   // [T, H·d], [T, G·d], [T, G·d]: what attention read
    Tensor3 weights;                  // [H, T, T] (full layers)
    Matrix gate;                      // [T, H·d] gate logits h·Wgate (output_gate only)
    Matrix a;                         // [T, H·d] attention output after the gate: the input of Wo
                                      // (linear layers: [T, Hl·dl], the input of out_proj)
    // Linear layers only (C = 3·Hl·dl):
    Matrix mixed;                // [T, C] [q0 | k0 | v0], the short convolution's input
    Matrix conv_out;             // [T, C] silu(conv): the q, k, v the delta rule read
    Matrix z;                    // [T, Hl·dl] the gated norm's gate
    Matrix ba;                   // [T, 2·Hl] b and a per head (h·in_proj_ba)
    Matrix beta, decay;          // [T, Hl] β and g
    Matrix states;               // [T + 1, Hl·dl·dl] S before token 0 (zeros) and after each token
    Matrix o;                    // [T, Hl·dl] the delta rule's output
    std::vector<float> inv_o;    // [T·Hl] 1/rms of each head of o
    Matrix x_mid;                // [T, D] after the attention residual
    std::vector<float> inv_mlp;  // [T]
    Matrix u;                    // [T, D] rmsnorm(x_mid) ⊙ mlp_norm
    Matrix g1, g3;               // [T, F] u·W1, u·W3
    Matrix m;                    // [T, F] silu(g1) ⊙ g3
};

struct LabActivations {
    std::vector<LabLayerActivations> layers;
    Matrix x_final;                // [T, D] residual stream after the last layer
    std::vector<float> inv_final;  // [T]
    Matrix h_final;                // [T, D] rmsnorm(x_final) ⊙ final_norm
};

// What a run shows of each layer, when asked for: a full layer its softmax weights, a linear
// layer (which has no softmax matrix) the size of its state after each token.
struct LabTrace {
    std::vector<Tensor3> attention;   // [L]: full layers [H, T, Tk]; linear layers empty
    std::vector<Matrix> state_norms;  // [L]: linear layers [T, Hl], ‖S_h‖ (Frobenius) after each token; full empty
};

// The one forward pass of the model, shared by LabModel (inference, with or without a cache)
// and the trainer (with activations). tokens sit at positions start … start + T − 1; with a
// cache, full layers append their K/V and attention reads the whole cache, linear layers carry
// their state and conv history on (start must be cache.length). Returns logits [T, V]. trace,
// when given, receives per layer what LabTrace says (Tk = start + T with a cache, T without).
// acts (no cache only) receives what backward needs.
// Throws ShapeError (no tokens, start + T > context, a cache not shaped for the model) and
// ValueError (a token id outside [0, V), naming its position).
Matrix lab_forward(const LabConfig& cfg, const LabWeights& w, const std::vector<int>& tokens, std::size_t start,
                   LabCache* cache, LabTrace* trace, LabActivations* acts);

// Per head, the share of attention on key 0 averaged over query rows 1 … Tq − 1 of weights
// [H, Tq, Tk] (row 0 can only attend to key 0, so it says nothing). The attention-sink
// statistic of the lab. Throws ShapeError if Tq < 2.
std::vector<float> sink_share(const Tensor3& weights);

// The characters of a UTF-8 string, one string each. Throws ValueError naming the byte offset
// of invalid UTF-8.
std::vector<std::string> utf8_chars(const std::string& text);

struct LabForward {
    Matrix logits;                    // [T, V]
    std::vector<Tensor3> attention;   // [L] when asked for: full layers [H, T, T], linear layers empty
    std::vector<Matrix> state_norms;  // [L] when asked for: linear layers [T, Hl], full layers empty
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

    // A full pass (no cache): logits [T, V] and, if asked, every full layer's attention weights
    // and every linear layer's state norms.
    LabForward forward(const std::vector<int>& tokens, bool attention = false) const;

    // lab_make_cache(config()).
    LabCache make_cache() const;

    // Greedy decoding (argmax, ties to the lowest id) of `steps` tokens after prompt, with the
    // cache (KV on full layers, state on linear ones): the prompt in one pass, then one token
    // per step. ShapeError if prompt + steps would pass the context.
    LabGeneration generate(const std::vector<int>& prompt, std::size_t steps) const;

  private:
    LabConfig cfg_;
    std::vector<std::string> vocab_;
    std::unordered_map<std::string, int> ids_;
    LabWeights w_;
};

}  // namespace attn
