// The course's KV numbers, reproduced exactly. The configs are the entries of
// course-data/models.json written as C++ literals (the engine has no JSON parser).
#include <cmath>

#include "attn/errors.hpp"
#include "attn/models/ledger.hpp"
#include "test_util.hpp"

using namespace attn;

namespace {

constexpr std::uint64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;

ModelConfig gqa(const char* name, std::uint64_t layers, std::uint64_t heads, std::uint64_t kv, std::uint64_t dim) {
    ModelConfig c;
    c.name = name;
    c.layers = layers;
    c.kind = AttentionKind::GQA;
    c.n_heads = heads;
    c.n_kv_heads = kv;
    c.head_dim = dim;
    c.dtype_bytes = 2;
    return c;
}

ModelConfig mla(const char* name, std::uint64_t layers, std::uint64_t heads, std::uint64_t dim) {
    ModelConfig c;
    c.name = name;
    c.layers = layers;
    c.kind = AttentionKind::MLA;
    c.n_heads = heads;
    c.head_dim = dim;
    c.kv_lora_rank = 512;
    c.rope_dim = 64;
    c.dtype_bytes = 2;
    return c;
}

ModelConfig qwen_anchor() {
    ModelConfig c = gqa("Qwen3.8-27B", 64, 24, 4, 256);
    c.full_attention_layers = 16;
    c.linear_attention_layers = 48;
    c.linear_state_bytes = 150994944;  // 48 layers × 48 heads × 128 × 128 × 4 B
    return c;
}

const ModelConfig deepseek_67b = gqa("DeepSeek LLM 67B", 95, 64, 8, 128);
const ModelConfig deepseek_v2 = mla("DeepSeek-V2", 60, 128, 128);
const ModelConfig deepseek_v3 = mla("DeepSeek-V3", 61, 128, 128);
// q/k heads 192 (no RoPE) + 64 (RoPE) = 256 wide, v heads 256: the widths of GLM-5.3 built with MHA.
ModelConfig glm() {
    ModelConfig c = mla("GLM-5.3", 78, 64, 256);
    c.v_head_dim = 256;
    c.context_length = 1048576;
    return c;
}
const ModelConfig glm_53 = glm();

// Mistral 7B v0.1: 32 layers, GQA-8, head_dim 128, every layer a 4,096-token sliding window.
ModelConfig mistral_7b() {
    ModelConfig c = gqa("Mistral 7B", 32, 32, 8, 128);
    c.sliding_window = 4096;
    c.context_length = 32768;
    return c;
}

// A reduction in tenths of a percent, rounded as the course prints it: 822 means −82.2 %.
long permille(double fraction) { return std::lround(1000.0 * fraction); }

}  // namespace

TEST_CASE("ledger: the anchor's KV per token as MHA, GQA-4 and MQA", "[ledger]") {
    const ModelConfig q = qwen_anchor();
    const std::uint64_t ctx = 262144;
    const ModelConfig mha = as_variant(q, AttentionKind::MHA), mqa = as_variant(q, AttentionKind::MQA);
    CHECK(bytes_per_token(mha) == 393216);
    CHECK(bytes_per_token(mha) == 384 * KiB);
    CHECK(bytes_per_token(mha) * ctx == 96 * GiB);
    CHECK(bytes_per_token(mqa) == 16 * KiB);
    CHECK(bytes_per_token(mqa) * ctx == 4 * GiB);
    CHECK(bytes_per_token(q) == 64 * KiB);
    CHECK(bytes_per_token(as_variant(q, AttentionKind::GQA, 4)) == 64 * KiB);
    CHECK(bytes_per_token(q) * ctx == 16 * GiB);
    CHECK(bytes_per_token_formula(mha) == "16 × 2 × 24 × 256 × 2 B = 393,216 B");
}

TEST_CASE("ledger: linear-attention state is a fixed 144 MiB per request, whatever T", "[ledger]") {
    const ModelConfig q = qwen_anchor();
    CHECK(q.linear_state_bytes == 144 * MiB);
    for (std::uint64_t t : {0ull, 1ull, 4096ull, 262144ull, 1048576ull})
        CHECK(bytes_for_context(q, t) - bytes_per_token(q) * t == 150994944);
    CHECK(bytes_for_context(q, 262144) == 16 * GiB + 144 * MiB);
    CHECK(bytes_for_context(as_variant(q, AttentionKind::MHA), 262144) == 96 * GiB + 144 * MiB);
}

TEST_CASE("ledger: DeepSeek LLM 67B, GQA-8 and its MHA shape", "[ledger]") {
    CHECK(bytes_per_token(deepseek_67b) == 389120);
    CHECK(bytes_per_token(as_variant(deepseek_67b, AttentionKind::MHA)) == 3112960);
    // Past 32 bits: the reason for uint64_t.
    CHECK(bytes_for_context(deepseek_67b, 1048576) == 380 * GiB);
    CHECK(bytes_per_token_formula(deepseek_67b) == "95 × 2 × 8 × 128 × 2 B = 389,120 B");
}

TEST_CASE("ledger: MLA models store 512 + 64 numbers per layer and token", "[ledger]") {
    CHECK(bytes_per_token(deepseek_v2) == 69120);
    CHECK(bytes_per_token(deepseek_v3) == 70272);
    CHECK(bytes_per_token(glm_53) == 89856);
    CHECK(bytes_for_context(glm_53, 1048576) == GiB * 351 / 4);  // 87.75 GiB
    CHECK(bytes_per_token_formula(deepseek_v2) == "60 × (512 + 64) × 2 B = 69,120 B");
    // BF16 only: −82.2 % against 67B (the official −93.3 % also counts ~6-bit KV quantization) ...
    CHECK(permille(reduction(bytes_per_token(deepseek_67b), bytes_per_token(deepseek_v2))) == 822);
    // ... and −98.2 % against V2's own shape as MHA: 60 layers × 2 × 128 heads × 128 dims.
    const ModelConfig v2_mha = as_variant(deepseek_v2, AttentionKind::MHA);
    CHECK(bytes_per_token(v2_mha) == 60ull * 2 * 128 * 128 * 2);
    CHECK(permille(reduction(bytes_per_token(v2_mha), bytes_per_token(deepseek_v2))) == 982);
}

TEST_CASE("ledger: GLM-5.3 as MHA caches 256-wide K and V heads, about 5.11 MB per token", "[ledger]") {
    const ModelConfig mha = as_variant(glm_53, AttentionKind::MHA);
    CHECK(bytes_per_token(mha) == 78ull * 64 * (256 + 256) * 2);
    CHECK(bytes_per_token(mha) == 5111808);
    CHECK(bytes_per_token_formula(mha) == "78 × 2 × 64 × 256 × 2 B = 5,111,808 B");
    // K and V of different widths are written out as such.
    ModelConfig v2_wide = as_variant(deepseek_v2, AttentionKind::GQA, 8);
    v2_wide.head_dim = 192;
    v2_wide.v_head_dim = 128;
    CHECK(bytes_per_token(v2_wide) == 60ull * 8 * (192 + 128) * 2);
    CHECK(bytes_per_token_formula(v2_wide) == "60 × 8 × (192 + 128) × 2 B = 307,200 B");
}

TEST_CASE("ledger: a sliding window caps the cached tokens per layer (Mistral 7B: 512 MiB at 32,768)", "[ledger]") {
    const ModelConfig m = mistral_7b();
    CHECK(bytes_per_token(m) == 128 * KiB);
    CHECK(cached_tokens(m, 32768) == 4096);
    CHECK(bytes_for_context(m, 32768) == 512 * MiB);  // not 128 KiB × 32,768 = 4 GiB
    CHECK(bytes_for_context(m, 4096) == 512 * MiB);
    CHECK(bytes_for_context(m, 1000) == 1000 * 128 * KiB);  // below the window it grows as usual
    CHECK(cached_tokens(m, 1000) == 1000);
    ModelConfig no_window = m;
    no_window.sliding_window.reset();
    CHECK(bytes_for_context(no_window, 32768) == 4 * GiB);
    // every re-cast keeps the window
    const auto rows = ledger_variants(m, 32768);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].bytes_for_context == 32ull * 2 * 32 * 128 * 2 * 4096);  // MHA: 2 GiB
    CHECK(rows[0].bytes_for_context == 2 * GiB);
    for (const LedgerRow& r : rows) CHECK(r.cached_tokens == 4096);
    CHECK(ledger_variants(m, 100)[1].cached_tokens == 100);
}

TEST_CASE("ledger: a context past the model's limit is flagged, not changed", "[ledger]") {
    const ModelConfig m = mistral_7b();
    CHECK_FALSE(exceeds_context(m, 32768));
    CHECK(exceeds_context(m, 32769));
    ModelConfig d67 = deepseek_67b;
    d67.context_length = 4096;
    CHECK(exceeds_context(d67, 1048576));
    CHECK(bytes_for_context(d67, 1048576) == 380 * GiB);     // the arithmetic is the same
    CHECK_FALSE(exceeds_context(deepseek_67b, 1ull << 40));  // no limit given
    CHECK_FALSE(exceeds_context(glm_53, 1048576));
}

TEST_CASE("ledger: reduction is 1 − to / from", "[ledger]") {
    CHECK(reduction(389120, 69120) == Approx(1.0 - 69120.0 / 389120.0));
    CHECK(permille(reduction(389120, 69120)) == 822);
    CHECK(permille(reduction(3932160, 69120)) == 982);
    CHECK(reduction(4096, 4096) == 0.0);
    CHECK(reduction(4096, 0) == 1.0);
    CHECK(reduction(1024, 2048) == -1.0);  // a growth reads as a negative reduction
    CHECK_THROWS_WITH(reduction(0, 69120), Catch::Contains("from_bytes must be > 0"));
}

TEST_CASE("ledger: variant rows MHA, GQA, MQA, MLA", "[ledger]") {
    const auto rows = ledger_variants(qwen_anchor(), 262144);
    REQUIRE(rows.size() == 3);
    CHECK(rows[0].kind == AttentionKind::MHA);
    CHECK(rows[0].kv_heads == 24);
    CHECK(rows[0].bytes_for_context == 96 * GiB + 144 * MiB);
    CHECK(rows[1].kind == AttentionKind::GQA);
    CHECK(rows[1].kv_heads == 4);
    CHECK(rows[1].bytes_per_token == 64 * KiB);
    CHECK(rows[2].kind == AttentionKind::MQA);
    CHECK(rows[2].bytes_per_token == 16 * KiB);

    const auto v2 = ledger_variants(deepseek_v2, 1);
    REQUIRE(v2.size() == 3);
    CHECK(v2[0].kind == AttentionKind::MHA);
    CHECK(v2[1].kind == AttentionKind::MQA);
    CHECK(v2[2].kind == AttentionKind::MLA);
    CHECK(v2[2].kv_heads == 0);
    CHECK(v2[2].bytes_per_token == 69120);
    CHECK(v2[1].bytes_per_token == 30720);  // MQA of V2's shape is smaller still
}

TEST_CASE("ledger errors name the config field", "[ledger][errors]") {
    ModelConfig c = qwen_anchor();
    c.n_kv_heads = 5;
    CHECK_THROWS_WITH(bytes_per_token(c), "Qwen3.8-27B: num_key_value_heads (5) must divide num_attention_heads (24)");
    CHECK_THROWS_WITH(as_variant(qwen_anchor(), AttentionKind::GQA, 7),
                      "Qwen3.8-27B as gqa-7: num_key_value_heads (7) must divide num_attention_heads (24)");
    CHECK(bytes_per_token(as_variant(qwen_anchor(), AttentionKind::GQA, 3)) == 48 * KiB);
    CHECK_THROWS_WITH(as_variant(qwen_anchor(), AttentionKind::GQA, 0),
                      Catch::Contains("num_key_value_heads must be > 0"));
    CHECK_THROWS_WITH(as_variant(qwen_anchor(), AttentionKind::MLA), Catch::Contains("MLA needs kv_lora_rank"));
    c = qwen_anchor();
    c.head_dim = 0;
    CHECK_THROWS_WITH(bytes_per_token(c), Catch::Contains("head_dim must be > 0"));
    c = qwen_anchor();
    c.full_attention_layers.reset();
    CHECK_THROWS_WITH(bytes_per_token(c), Catch::Contains("full_attention_layers (64) + linear_attention_layers (48)"));
    c = qwen_anchor();
    c.kind = AttentionKind::MHA;
    CHECK_THROWS_WITH(bytes_per_token(c), Catch::Contains("kind mha needs num_key_value_heads (4)"));
    c = deepseek_v2;
    c.rope_dim = 0;
    CHECK_THROWS_WITH(bytes_per_token(c), Catch::Contains("qk_rope_head_dim"));
    c = mistral_7b();
    c.sliding_window = 0;
    CHECK_THROWS_WITH(bytes_per_token(c), "Mistral 7B: sliding_window must be > 0");
    c = mistral_7b();
    c.context_length = 0;
    CHECK_THROWS_WITH(bytes_per_token(c), Catch::Contains("max_position_embeddings must be > 0"));
    c = deepseek_67b;
    c.head_dim = 1ull << 60;
    CHECK_THROWS_AS(bytes_per_token(c), ValueError);
    CHECK(parse_kind("mla") == AttentionKind::MLA);
    CHECK_THROWS_AS(parse_kind("MLA"), ConfigError);
}

TEST_CASE("ledger view: a reported figure alone is shown and nothing is computed", "[ledger]") {
    ModelConfig reported;
    reported.name = "Closed";
    reported.reported_only = true;
    reported.reported_bytes_per_token = 123456.0;
    reported.linear_state_bytes = 99;
    const KvLedgerView r = kv_ledger_view(reported);
    CHECK(r.reported_bytes_per_token == 123456.0);
    CHECK(r.linear_state_bytes == 99);
    CHECK_FALSE(r.bytes_per_token);
    CHECK_FALSE(r.bytes_for_context());
    CHECK_FALSE(r.formula);

    const KvLedgerView m = kv_ledger_view(mistral_7b());
    CHECK(m.bytes_per_token == 128 * KiB);
    CHECK(m.bytes_for_context() == bytes_for_context(mistral_7b(), 32768));
    CHECK(m.formula == bytes_per_token_formula(mistral_7b()));
    CHECK_FALSE(kv_ledger_view(deepseek_67b).bytes_for_context());  // no context length
    // The per-request product is computed when asked: a view of 2^55 bytes per token exists (its
    // caller names that figure first), the product at 2^40 tokens then overflows.
    ModelConfig huge = gqa("huge", std::uint64_t{1} << 40, 64, 64, 128);
    huge.context_length = std::uint64_t{1} << 40;
    const KvLedgerView h = kv_ledger_view(huge);
    CHECK(h.bytes_per_token == std::uint64_t{1} << 55);
    CHECK_THROWS_AS(h.bytes_for_context(), ValueError);
}

TEST_CASE("ledger variant rows: MLA shows no KV heads; the context flag is the asked context's", "[ledger]") {
    const std::vector<LedgerVariantRow> rows = ledger_variant_rows(glm_53, std::nullopt);
    REQUIRE(rows.back().kind == AttentionKind::MLA);
    CHECK_FALSE(rows.back().kv_heads);
    CHECK(rows.front().kv_heads == glm_53.n_heads);  // MHA: G = H
    CHECK_FALSE(rows.front().exceeds_context);
    CHECK(ledger_variant_rows(glm_53, 2 * 1048576).front().exceeds_context);
    ModelConfig reported;
    reported.reported_only = true;
    CHECK_THROWS_AS(ledger_variant_rows(reported, 10), ConfigError);
    CHECK_THROWS_AS(ledger_variant_rows(deepseek_67b, std::nullopt), ConfigError);  // no context given or known
}
