// What attn-train ships besides the weights: course-data/c3-attention.json (the lab's real
// attention on the chapter's sentences, the state norms of its linear layers),
// course-data/kv-heads-ablation.json (validation loss against KV bytes per token for 8 / 4 / 2 /
// 1 KV heads) and course-data/hybrid-ablation.json (hybrid against all-full attention: loss
// against KV and state bytes), written with nlohmann-json. Numbers
// are rounded to the digits the course uses (weights and shares 5, probabilities 6, logits 8).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/models/lab_model.hpp"
#include "trainer.hpp"

namespace attn::train {

// The shipped model's shape: 8 layers in the anchor's 3 : 1 ratio, linear (Gated DeltaNet, 5
// heads of width 16, conv width 4) except layers 3 and 7, which are full attention with 8 query
// heads sharing 2 KV heads (GQA, 4 per group) of width 16, QK-norm and output gate; d_model 64,
// SwiGLU width 128, context 64.
LabConfig main_config(std::size_t vocab);

// The same 8 layers, every one full attention: the other side of the hybrid ablation.
LabConfig all_full_config(std::size_t vocab);

// The kv_heads ablation's shape (the lab model before hybrid layers): 2 full layers, otherwise
// as main_config. Its rows vary n_kv_heads.
LabConfig kv_ablation_config(std::size_t vocab);

// What a student trains in the browser (<attn-train>): the kv_heads ablation's shape with
// n_layers layers and n_kv_heads KV heads; hybrid makes every even layer (0, 2, …) linear with
// main_config's Gated DeltaNet shape, so a 2-layer hybrid is [linear, full]. Throws ConfigError
// for n_layers outside 1 … 8 or n_kv_heads not dividing the 8 query heads.
LabConfig browser_config(std::size_t vocab, std::size_t n_layers, std::size_t n_kv_heads, bool hybrid);

// The chapter's sentences the export runs, and the prompt whose next token it reports.
extern const std::vector<std::string> kChapterSentences;
extern const char* const kChapterPrompt;  // "小明把苹果给了"

struct TrainingSummary {
    std::size_t steps = 0, batch = 0, valid_tokens = 0, file_bytes = 0;
    std::uint64_t seed = 0;
    double seconds = 0, train_loss = 0, valid_loss = 0, unigram_loss = 0;  // nats per character
};

// c3-attention.json: the model's config (with its layer types) and training numbers, KV bytes
// per token (attn ledger) and the linear layers' state bytes, per sentence every full layer's
// and head's weights [T, T] with the sink share (attention on <bos>, averaged over query
// positions ≥ 1) and every linear layer's ‖S‖ per head after each token, and for kChapterPrompt the top-5 next
// characters with probabilities and the last position's logits [V] (the browser-vs-native check).
std::string c3_attention_json(const LabModel& model, const TrainingSummary& summary);

struct AblationRow {
    LabConfig config;
    double train_loss = 0, valid_loss = 0, seconds = 0;
};

// kv-heads-ablation.json: one row per KV-head count with the KV bytes per token from the attn
// ledger (float32 as this engine caches, and bf16 as the course counts), checked against an
// attn::KVCache filled by the model itself.
std::string kv_heads_ablation_json(const std::vector<AblationRow>& rows, const TrainOptions& opt, double unigram_loss);

// The request lengths the hybrid ablation prices: 64 (the lab's context), 4,096 and 262,144
// (the anchor's native context).
extern const std::vector<std::uint64_t> kRequestTokens;

// hybrid-ablation.json: the hybrid model and the all-full one (rows in that order), each with its
// parameter count, KV bytes per token (ledger, checked against a filled cache), the linear
// layers' state bytes (checked to stay the same from 1 token to the full context) and the bytes
// of one request at kRequestTokens (ledger: KV × T + state). "seeds": 1, said in "about" too.
std::string hybrid_ablation_json(const std::vector<AblationRow>& rows, const TrainOptions& opt, double unigram_loss);

}  // namespace attn::train
