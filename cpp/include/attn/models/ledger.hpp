// The KV ledger: bytes a model keeps per token and per request, from its config.
//
//   MHA / GQA / MQA   bytes/token = L_full × 2 (K and V) × G × d_head × dtype_bytes
//                     (K and V of different widths: L_full × G × (d_head + d_v) × dtype_bytes)
//   MLA               bytes/token = L_full × (kv_lora_rank + rope_dim) × dtype_bytes
//   per request       bytes(T)    = bytes/token × min(T, W) + linear_state_bytes
//
// W is the sliding window: a model whose every attention layer looks only at the last W tokens
// (Mistral 7B: 4,096) keeps them in a rolling buffer, so its cache stops growing at W tokens
// (Mistral 7B at 32,768 tokens: 128 KiB × 4,096 = 512 MiB, not 4 GiB). Without a window, W = ∞.
// The context limit (context_length, max_position_embeddings) does not change the bytes: a
// request longer than it is flagged (exceeds_context), the arithmetic stays the same.
//
// L_full counts the layers that keep a KV cache; linear-attention layers of a hybrid model keep
// a fixed-size state instead, which is the same at every context length T. G is the number of
// KV heads: H for MHA, 1 for MQA, a divisor of H for GQA.
//
// Everything is std::uint64_t: 1,048,576 tokens × 389,120 B is 380 GiB, far past 32 bits. The
// results stay below 2^53 for any real model, so they reach JavaScript exactly as doubles.
// Error messages use the Hugging Face config.json names (num_key_value_heads, head_dim, ...).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace attn {

enum class AttentionKind { MHA, GQA, MQA, MLA };

// "mha", "gqa", "mqa", "mla" — the spelling of course-data/models.json.
const char* kind_name(AttentionKind kind) noexcept;
// Inverse of kind_name; throws ConfigError for anything else.
AttentionKind parse_kind(const std::string& name);

struct ModelConfig {
    std::string name;                                    // used as the prefix of error messages
    std::uint64_t layers = 0;                            // num_hidden_layers
    std::optional<std::uint64_t> full_attention_layers;  // layers that keep KV; default all
    std::uint64_t linear_attention_layers = 0;           // layers with a fixed-size state instead
    AttentionKind kind = AttentionKind::GQA;
    std::uint64_t n_heads = 0;       // num_attention_heads
    std::uint64_t n_kv_heads = 0;    // num_key_value_heads (not used by MLA)
    std::uint64_t head_dim = 0;      // the width of a cached K head (and of V unless v_head_dim)
    std::uint64_t v_head_dim = 0;    // the width of a cached V head when it differs; 0 = head_dim
    std::uint64_t kv_lora_rank = 0;  // MLA only
    std::uint64_t rope_dim = 0;      // MLA only: qk_rope_head_dim
    std::uint64_t dtype_bytes = 2;
    std::uint64_t linear_state_bytes = 0;            // all linear-attention layers together, one request
    std::optional<double> reported_bytes_per_token;  // an official figure, shown, never computed
    std::optional<std::uint64_t> sliding_window;     // sliding_window: every layer keeps the last W tokens
    std::optional<std::uint64_t> context_length;     // max_position_embeddings: the longest context
    // An entry with only reported_bytes_per_token: no attention shape, so nothing is computed
    // (the ledger functions would refuse its zero sizes). config_loader.hpp sets it.
    bool reported_only = false;
};

// "<name>: ", or "model: " for an entry without a name: how a message about a whole
// models.json entry begins (the formulas' own messages leave an empty name out).
std::string entry_prefix(const ModelConfig& cfg);

// ConfigError "<entry>: only a reported KV figure, no attention shape to re-cast" for a
// reported_only entry: the check before ledger_variants().
void require_attention_shape(const ModelConfig& cfg);

// The context ledger_variants() is asked at: `given` (kvLedgerVariants' argument) wins, the
// entry's own context_length is the fallback; ConfigError with neither.
std::uint64_t variants_context(const ModelConfig& cfg, std::optional<std::uint64_t> given);

// Throws ConfigError naming the field: num_hidden_layers, head_dim, num_attention_heads or
// dtype_bytes = 0; full_attention_layers + linear_attention_layers > num_hidden_layers;
// num_key_value_heads 0 or not dividing num_attention_heads; kind mha with G ≠ H, mqa with G ≠ 1;
// MLA without kv_lora_rank or qk_rope_head_dim; sliding_window or max_position_embeddings = 0.
void validate(const ModelConfig& cfg);

// L_full, with the default applied.
std::uint64_t kv_layers(const ModelConfig& cfg);

// Validates, then the formulas above. ValueError if a product overflows 64 bits.
std::uint64_t bytes_per_token(const ModelConfig& cfg);
std::uint64_t bytes_for_context(const ModelConfig& cfg, std::uint64_t tokens);

// The tokens each KV layer holds at context `tokens`: min(tokens, sliding_window).
std::uint64_t cached_tokens(const ModelConfig& cfg, std::uint64_t tokens);

// Is `tokens` past the model's context_length? False for a model without one.
bool exceeds_context(const ModelConfig& cfg, std::uint64_t tokens);

// The per-token product written out, e.g. "16 × 2 × 4 × 256 × 2 B = 65,536 B",
// "60 × 8 × (192 + 128) × 2 B = 307,200 B" (K and V widths differ) or
// "60 × (512 + 64) × 2 B = 69,120 B".
std::string bytes_per_token_formula(const ModelConfig& cfg);

// The same model shape re-cast: MHA (G = H), MQA (G = 1), GQA with kv_heads KV heads, or MLA
// (only if cfg has kv_lora_rank and rope_dim). kv_heads is read for GQA only. The re-cast keeps
// n_heads, head_dim, v_head_dim, the layer counts, the linear-attention state, the window and
// the context limit. An MLA model re-cast to MHA caches K heads of head_dim and V heads of
// v_head_dim (GLM-5.3: q/k 192 + 64 = 256, v 256: 78 × 64 × (256 + 256) × 2 B ≈ 5.11 MB).
ModelConfig as_variant(const ModelConfig& cfg, AttentionKind kind, std::uint64_t kv_heads = 0);

struct LedgerRow {
    AttentionKind kind;
    std::uint64_t kv_heads;  // G; 0 for MLA, which caches no per-head K/V
    std::uint64_t bytes_per_token;
    std::uint64_t bytes_for_context;
    std::uint64_t cached_tokens;  // min(tokens, sliding_window)
};

// Rows in the order MHA, GQA with the model's own G (when 1 < G < H), MQA, and MLA when the
// model is MLA. Not sorted by size: MQA of an MLA model's shape can undercut MLA itself
// (DeepSeek-V2: 60 × 2 × 1 × 128 × 2 B = 30,720 B against 69,120 B), at MQA's quality cost.
std::vector<LedgerRow> ledger_variants(const ModelConfig& cfg, std::uint64_t tokens);

// How much smaller to_bytes is than from_bytes, as a fraction: 1 − to_bytes / from_bytes.
// DeepSeek LLM 67B → DeepSeek-V2 per token: 1 − 69,120 / 389,120 = 0.822 (the course's −82.2%).
// Negative when to_bytes is the larger. ValueError for from_bytes = 0.
double reduction(std::uint64_t from_bytes, std::uint64_t to_bytes);

// What kvLedger shows of a models.json entry. A reported_only entry: its reported figure and its
// linear state bytes, nothing computed (no attention shape to compute from). Any other: the
// formulas above, bytes_for_context at the entry's context_length when it has one.
struct KvLedgerView {
    ModelConfig cfg;
    std::optional<double> reported_bytes_per_token;
    std::optional<std::uint64_t> bytes_per_token;
    std::uint64_t linear_state_bytes = 0;
    std::optional<std::string> formula;  // bytes_per_token_formula()
    // Computed when asked, after bytes_per_token has been read: a per-token figure too large to
    // show is named as such before a per-request product that overflows 64 bits.
    std::optional<std::uint64_t> bytes_for_context() const;
};
KvLedgerView kv_ledger_view(const ModelConfig& cfg);

// One row of kvLedgerVariants: a LedgerRow with MLA's G shown as none (it caches no per-head
// K/V), and whether the context asked passes the model's.
struct LedgerVariantRow {
    AttentionKind kind;
    std::optional<std::uint64_t> kv_heads;
    std::uint64_t bytes_per_token;
    std::uint64_t bytes_for_context;
    std::uint64_t cached_tokens;
    bool exceeds_context;
};
// require_attention_shape(), then ledger_variants() at variants_context(cfg, given).
std::vector<LedgerVariantRow> ledger_variant_rows(const ModelConfig& cfg, std::optional<std::uint64_t> given);

}  // namespace attn
