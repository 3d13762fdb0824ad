#include "attn/models/ledger.hpp"

#include <algorithm>

#include "attn/errors.hpp"

namespace attn {
namespace {

std::string prefix(const ModelConfig& cfg) { return cfg.name.empty() ? std::string() : cfg.name + ": "; }

[[noreturn]] void fail(const ModelConfig& cfg, const std::string& message) { throw ConfigError(prefix(cfg) + message); }

std::string num(std::uint64_t x) { return std::to_string(x); }

// 389120 → "389,120", the way the course prints bytes.
std::string grouped(std::uint64_t x) {
    std::string s = std::to_string(x), out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i > 0 && (s.size() - i) % 3 == 0) out += ',';
        out += s[i];
    }
    return out;
}

std::uint64_t mul(const ModelConfig& cfg, std::uint64_t a, std::uint64_t b) {
    std::uint64_t r;
    if (__builtin_mul_overflow(a, b, &r)) throw ValueError(prefix(cfg) + "KV bytes overflow 64 bits");
    return r;
}

std::uint64_t add(const ModelConfig& cfg, std::uint64_t a, std::uint64_t b) {
    std::uint64_t r;
    if (__builtin_add_overflow(a, b, &r)) throw ValueError(prefix(cfg) + "KV bytes overflow 64 bits");
    return r;
}

// The width of a cached V head.
std::uint64_t v_dim(const ModelConfig& cfg) { return cfg.v_head_dim != 0 ? cfg.v_head_dim : cfg.head_dim; }

}  // namespace

const char* kind_name(AttentionKind kind) noexcept {
    switch (kind) {
        case AttentionKind::MHA:
            return "mha";
        case AttentionKind::GQA:
            return "gqa";
        case AttentionKind::MQA:
            return "mqa";
        case AttentionKind::MLA:
            return "mla";
    }
    return "?";
}

AttentionKind parse_kind(const std::string& name) {
    for (AttentionKind k : {AttentionKind::MHA, AttentionKind::GQA, AttentionKind::MQA, AttentionKind::MLA})
        if (name == kind_name(k)) return k;
    throw ConfigError("attention kind '" + name + "' should be one of mha, gqa, mqa, mla");
}

std::uint64_t kv_layers(const ModelConfig& cfg) { return cfg.full_attention_layers.value_or(cfg.layers); }

void validate(const ModelConfig& cfg) {
    if (cfg.layers == 0) fail(cfg, "num_hidden_layers must be > 0");
    if (kv_layers(cfg) + cfg.linear_attention_layers > cfg.layers)
        fail(cfg, "full_attention_layers (" + num(kv_layers(cfg)) + ") + linear_attention_layers (" +
                      num(cfg.linear_attention_layers) + ") exceed num_hidden_layers (" + num(cfg.layers) + ")");
    if (cfg.dtype_bytes == 0) fail(cfg, "dtype_bytes must be > 0");
    if (cfg.n_heads == 0) fail(cfg, "num_attention_heads must be > 0");
    if (cfg.head_dim == 0) fail(cfg, "head_dim must be > 0");
    if (cfg.sliding_window && *cfg.sliding_window == 0) fail(cfg, "sliding_window must be > 0");
    if (cfg.context_length && *cfg.context_length == 0) fail(cfg, "max_position_embeddings must be > 0");
    if (cfg.kind == AttentionKind::MLA) {
        if (cfg.kv_lora_rank == 0) fail(cfg, "MLA needs kv_lora_rank > 0");
        if (cfg.rope_dim == 0) fail(cfg, "MLA needs qk_rope_head_dim > 0");
        return;
    }
    const std::string g = num(cfg.n_kv_heads), h = num(cfg.n_heads);
    if (cfg.n_kv_heads == 0) fail(cfg, "num_key_value_heads must be > 0");
    if (cfg.n_heads % cfg.n_kv_heads != 0)
        fail(cfg, "num_key_value_heads (" + g + ") must divide num_attention_heads (" + h + ")");
    if (cfg.kind == AttentionKind::MHA && cfg.n_kv_heads != cfg.n_heads)
        fail(cfg, "kind mha needs num_key_value_heads (" + g + ") = num_attention_heads (" + h + ")");
    if (cfg.kind == AttentionKind::MQA && cfg.n_kv_heads != 1)
        fail(cfg, "kind mqa needs num_key_value_heads (" + g + ") = 1");
}

std::uint64_t bytes_per_token(const ModelConfig& cfg) {
    validate(cfg);
    const std::uint64_t per_layer = cfg.kind == AttentionKind::MLA
                                        ? add(cfg, cfg.kv_lora_rank, cfg.rope_dim)
                                        : mul(cfg, cfg.n_kv_heads, add(cfg, cfg.head_dim, v_dim(cfg)));
    return mul(cfg, mul(cfg, kv_layers(cfg), per_layer), cfg.dtype_bytes);
}

std::uint64_t cached_tokens(const ModelConfig& cfg, std::uint64_t tokens) {
    return cfg.sliding_window ? std::min(tokens, *cfg.sliding_window) : tokens;
}

bool exceeds_context(const ModelConfig& cfg, std::uint64_t tokens) {
    return cfg.context_length && tokens > *cfg.context_length;
}

std::uint64_t bytes_for_context(const ModelConfig& cfg, std::uint64_t tokens) {
    return add(cfg, mul(cfg, bytes_per_token(cfg), cached_tokens(cfg, tokens)), cfg.linear_state_bytes);
}

std::string bytes_per_token_formula(const ModelConfig& cfg) {
    const std::string total = " = " + grouped(bytes_per_token(cfg)) + " B";
    const std::string l = num(kv_layers(cfg)), b = num(cfg.dtype_bytes) + " B";
    if (cfg.kind == AttentionKind::MLA)
        return l + " × (" + num(cfg.kv_lora_rank) + " + " + num(cfg.rope_dim) + ") × " + b + total;
    if (v_dim(cfg) != cfg.head_dim)
        return l + " × " + num(cfg.n_kv_heads) + " × (" + num(cfg.head_dim) + " + " + num(v_dim(cfg)) + ") × " + b +
               total;
    return l + " × 2 × " + num(cfg.n_kv_heads) + " × " + num(cfg.head_dim) + " × " + b + total;
}

ModelConfig as_variant(const ModelConfig& cfg, AttentionKind kind, std::uint64_t kv_heads) {
    validate(cfg);
    ModelConfig v = cfg;
    v.kind = kind;
    switch (kind) {
        case AttentionKind::MHA:
            v.n_kv_heads = cfg.n_heads;
            break;
        case AttentionKind::MQA:
            v.n_kv_heads = 1;
            break;
        case AttentionKind::GQA:
            v.n_kv_heads = kv_heads;
            break;
        case AttentionKind::MLA:
            v.n_kv_heads = 0;
            break;
    }
    if (!cfg.name.empty())
        v.name = cfg.name + " as " + (kind == AttentionKind::GQA ? "gqa-" + num(kv_heads) : kind_name(kind));
    validate(v);
    return v;
}

std::vector<LedgerRow> ledger_variants(const ModelConfig& cfg, std::uint64_t tokens) {
    validate(cfg);
    std::vector<LedgerRow> rows;
    auto push = [&](const ModelConfig& v) {
        rows.push_back(
            {v.kind, v.n_kv_heads, bytes_per_token(v), bytes_for_context(v, tokens), cached_tokens(v, tokens)});
    };
    push(as_variant(cfg, AttentionKind::MHA));
    if (cfg.kind != AttentionKind::MLA && cfg.n_kv_heads > 1 && cfg.n_kv_heads < cfg.n_heads)
        push(as_variant(cfg, AttentionKind::GQA, cfg.n_kv_heads));
    push(as_variant(cfg, AttentionKind::MQA));
    if (cfg.kind == AttentionKind::MLA) push(as_variant(cfg, AttentionKind::MLA));
    return rows;
}

std::string entry_prefix(const ModelConfig& cfg) { return (cfg.name.empty() ? "model" : cfg.name) + ": "; }

void require_attention_shape(const ModelConfig& cfg) {
    if (cfg.reported_only)
        throw ConfigError(entry_prefix(cfg) + "only a reported KV figure, no attention shape to re-cast");
}

std::uint64_t variants_context(const ModelConfig& cfg, std::optional<std::uint64_t> given) {
    if (given) return *given;
    if (!cfg.context_length)
        throw ConfigError(entry_prefix(cfg) +
                          "kvLedgerVariants needs a contextLength (its second argument or model.contextLength)");
    return *cfg.context_length;
}

double reduction(std::uint64_t from_bytes, std::uint64_t to_bytes) {
    if (from_bytes == 0) throw ValueError("reduction: from_bytes must be > 0");
    return 1.0 - static_cast<double>(to_bytes) / static_cast<double>(from_bytes);
}

KvLedgerView kv_ledger_view(const ModelConfig& cfg) {
    KvLedgerView v;
    v.cfg = cfg;
    v.reported_bytes_per_token = cfg.reported_bytes_per_token;
    v.linear_state_bytes = cfg.linear_state_bytes;
    if (cfg.reported_only) return v;  // a reported figure only: shown, never computed
    v.bytes_per_token = bytes_per_token(cfg);
    v.formula = bytes_per_token_formula(cfg);
    return v;
}

std::optional<std::uint64_t> KvLedgerView::bytes_for_context() const {
    if (cfg.reported_only || !cfg.context_length) return std::nullopt;
    return attn::bytes_for_context(cfg, *cfg.context_length);
}

std::vector<LedgerVariantRow> ledger_variant_rows(const ModelConfig& cfg, std::optional<std::uint64_t> given) {
    require_attention_shape(cfg);
    const std::uint64_t tokens = variants_context(cfg, given);
    const bool exceeds = exceeds_context(cfg, tokens);
    std::vector<LedgerVariantRow> rows;
    for (const LedgerRow& r : ledger_variants(cfg, tokens)) {
        const std::optional<std::uint64_t> g =
            r.kind == AttentionKind::MLA ? std::nullopt : std::optional<std::uint64_t>(r.kv_heads);
        rows.push_back({r.kind, g, r.bytes_per_token, r.bytes_for_context, r.cached_tokens, exceeds});
    }
    return rows;
}

}  // namespace attn
