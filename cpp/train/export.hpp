// What attn-train ships besides the weights: course-data/c3-attention.json (the lab's real
// attention on the chapter's sentences) and course-data/kv-heads-ablation.json (validation loss
// against KV bytes per token for 8 / 4 / 2 / 1 KV heads), written with nlohmann-json. Numbers
// are rounded to the digits the course uses (weights and shares 5, probabilities 6, logits 8).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/lab_model.hpp"
#include "trainer.hpp"

namespace attn::train {

// The shipped model's shape: 2 layers, d_model 64, 8 query heads sharing 2 KV heads (GQA, 4
// per group), head width 16, SwiGLU width 128, context 64, QK-norm and output gate on.
LabConfig main_config(std::size_t vocab);

// The chapter's sentences the export runs, and the prompt whose next token it reports.
extern const std::vector<std::string> kChapterSentences;
extern const char* const kChapterPrompt;  // "小明把苹果给了"

struct TrainingSummary {
    std::size_t steps = 0, batch = 0, valid_tokens = 0, file_bytes = 0;
    std::uint64_t seed = 0;
    double seconds = 0, train_loss = 0, valid_loss = 0, unigram_loss = 0;  // nats per character
};

// c3-attention.json: the model's config and training numbers, KV bytes per token (attn ledger),
// per sentence every layer's and head's weights [T, T] with the sink share (attention on
// <bos>, averaged over query positions ≥ 1), and for kChapterPrompt the top-5 next characters
// with probabilities and the last position's logits [V] (the browser-vs-native check).
std::string c3_attention_json(const LabModel& model, const TrainingSummary& summary);

struct AblationRow {
    LabConfig config;
    double train_loss = 0, valid_loss = 0, seconds = 0;
};

// kv-heads-ablation.json: one row per KV-head count with the KV bytes per token from the attn
// ledger (float32 as this engine caches, and bf16 as the course counts), checked against an
// attn::KVCache filled by the model itself.
std::string kv_heads_ablation_json(const std::vector<AblationRow>& rows, const TrainOptions& opt, double unigram_loss);

}  // namespace attn::train
