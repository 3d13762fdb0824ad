// The cumulative data flow of a decoder model: every stage from text to next-token
// probabilities, with its input → output activation shape and its parameter count, computed
// from the model's config (course-data/models.json). The course's anchor, Qwen3.8-27B:
//
//   tokens      text           → [T]                 no weights
//   embedding   [T]            → [T, d_model]        E: V × d_model
//   norm        [T, d_model]   → [T, d_model]        g: d_model            (2 per layer)
//   attention   [T, d_model]   → [T, H·d_head]       W_Q: d_model × H·d_head, W_K, W_V:
//                                                    d_model × G·d_head, q_norm, k_norm: d_head
//   linear-attention [T, d_model] → [T, d_model]     weights not given; a fixed-size state
//   output-gate [T, H·d_head]  → [T, H·d_head]       W_G: d_model × H·d_head (elementwise
//                                                    sigmoid gate, as attention.hpp applies it)
//   output-projection [T, H·d_head] → [T, d_model]   W_O: H·d_head × d_model
//   residual    [T, d_model] + [T, d_model] → [T, d_model]   no weights   (2 per layer)
//   ffn         [T, d_model]   → [T, d_model]        SwiGLU: 3 × d_model × d_ffn
//   final-norm  [T, d_model]   → [T, d_model]        g: d_model
//   lm-head     [T, d_model]   → [T, V]              W_LM: d_model × V
//   softmax     [T, V]         → [V]                 no weights (the last row: the next token)
//
// T tokens, d_model = hidden_size, H query heads, G KV heads, V = vocab_size, d_ffn =
// intermediate_size. H·d_head need not equal d_model (the anchor: 24 × 256 = 6144 ≠ 5120).
// A size the config does not give (the course's anchor config has no vocab_size and no
// intermediate_size, and the linear-attention layers' internals belong to a later chapter) stays
// unknown: its shapes and parameter counts are std::nullopt, never a guess.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace attn {

struct DecoderShapeConfig {
    std::string name;                         // prefix of error messages
    std::uint64_t hidden = 0;                 // hidden_size, d_model
    std::uint64_t layers = 0;                 // num_hidden_layers
    std::uint64_t full_attention_layers = 0;  // softmax-attention layers; the others are linear
    std::uint64_t n_heads = 0;                // H, num_attention_heads
    std::uint64_t n_kv_heads = 0;             // G, num_key_value_heads
    std::uint64_t head_dim = 0;               // d_head
    bool qk_norm = false;                     // RMSNorm on each head's q and k (one gain of d_head each)
    bool output_gate = false;                 // attn_output_gate
    std::uint64_t linear_state_bytes = 0;     // the linear layers' fixed state, all together, one sequence
    std::optional<std::uint64_t> vocab_size;  // V; absent when the config at hand does not give it
    std::optional<std::uint64_t> ffn_width;   // d_ffn (intermediate_size); absent likewise
};

// One axis of an activation: its symbol ("T", "d_model", "H·d_head", "V") and its size.
struct Dim {
    std::string symbol;
    std::optional<std::uint64_t> size;
};

// One weight tensor of a stage, rows × cols (cols = 1 for a gain vector); a side the config does
// not give is std::nullopt, and then so is params.
struct ParamTerm {
    std::string name;  // "W_Q", "q_norm", ...
    std::optional<std::uint64_t> rows, cols, params;
};

struct Stage {
    std::string id;          // "tokens", "embedding", "norm", "attention", ... (list above)
    std::vector<Dim> input;  // empty for "tokens", whose input is text
    std::vector<Dim> output;
    std::vector<ParamTerm> terms;   // the weights of one occurrence of the stage
    std::uint64_t occurrences = 1;  // how often the stage occurs in the model (16 attention layers)
    std::optional<std::uint64_t> params_per_occurrence;  // Σ terms; nullopt if a term is unknown
    std::optional<std::uint64_t> params_total;           // × occurrences
    std::uint64_t state_bytes = 0;                       // fixed-size state kept across tokens (linear-attention only)
};

// Throws ConfigError naming the field: hidden_size, num_hidden_layers, num_attention_heads,
// num_key_value_heads, head_dim = 0; num_attention_heads not a multiple of num_key_value_heads;
// full_attention_layers > num_hidden_layers; tokens = 0. ValueError if a count overflows 64 bits.
// The stages come in the order above; linear-attention only when some layers are linear,
// output-gate only with output_gate, q_norm / k_norm only with qk_norm.
std::vector<Stage> model_stages(const DecoderShapeConfig& cfg, std::uint64_t tokens);

}  // namespace attn
