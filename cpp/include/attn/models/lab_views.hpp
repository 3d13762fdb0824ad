// What the pages show of a lab model (lab_model.hpp), computed here once so that every caller
// (the lab's labRun / labGenerate / labLedger, the trainer's snapshot in cpp/train/) shows the
// same thing: a layer's attention with its sink share and head patterns, the next tokens, the
// generated text, the KV ledger. The bindings only convert these structs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "attn/models/lab_model.hpp"
#include "attn/ops/head_patterns.hpp"
#include "attn/ops/top_k.hpp"

namespace attn {

// One layer of a pass over T tokens run with its attention.
struct LabLayerView {
    std::size_t layer = 0;
    LabLayerType type = LabLayerType::Full;
    Tensor3 weights;                    // full: [H, T, T] softmax weights; linear: empty
    Matrix state_norms;                 // linear: [T, Hl] ‖S_h‖ after each token; full: empty
    std::vector<float> sink_share;      // full and T ≥ 2: [H], sink_share(); else empty
    std::vector<HeadPattern> patterns;  // full, T ≥ 2 and asked for: [H], head_patterns(); else empty
};

// Every layer of f, a LabModel::forward(tokens, true) of cfg's model.
std::vector<LabLayerView> lab_layer_views(const LabConfig& cfg, const LabForward& f, bool with_patterns);

// Each token as the vocabulary spells it ("<bos>", "床", …).
std::vector<std::string> lab_labels(const LabModel& model, const std::vector<int>& tokens);

// labRun's options.
struct LabRunOptions {
    bool attention = false;  // the layers' attention too (the lab's heatmaps), not only the logits
};

struct LabRunView {
    std::vector<int> tokens;
    std::vector<std::string> labels;    // lab_labels(tokens)
    Matrix logits;                      // [T, V]
    std::vector<TokenProbability> top;  // top_next_tokens(logits)
    std::vector<LabLayerView> layers;   // with attention: every layer (no head patterns); else empty
    // With attention and T ≥ 2: each layer's sink share (empty for a linear layer); else none at
    // all, as labRun has always returned it.
    std::vector<std::vector<float>> sink_share;
    // What a linear layer keeps instead of a softmax matrix (lab_layer_state_bytes(),
    // lab_layer_recurrent_state_bytes()): the same for every linear layer.
    std::uint64_t layer_state_bytes = 0;
    std::uint64_t layer_recurrent_state_bytes = 0;
};
LabRunView lab_run(const LabModel& model, const std::vector<int>& tokens, const LabRunOptions& opt);

// Characters labGenerate and the trainer's snapshot add unless told otherwise.
inline constexpr std::size_t kLabGenerateSteps = 8;

// decode() of tokens without a leading <bos>: the text as the student typed it, and what the
// model added. The one place the pages' text drops <bos>.
std::string lab_text(const LabModel& model, const std::vector<int>& tokens);

struct LabGenerationView {
    LabGeneration generation;
    std::string text;            // lab_text(generation.tokens)
    std::string generated_text;  // decode(generation.generated)
};
LabGenerationView lab_generate(const LabModel& model, const std::vector<int>& prompt,
                               std::size_t steps = kLabGenerateSteps);

// labLedger's options: K/V counted at dtype_bytes per value (4: float32, as this engine caches),
// a request of `tokens` tokens (default: the model's context).
struct LabLedgerOptions {
    std::uint64_t dtype_bytes = 4;
    std::optional<std::uint64_t> tokens;
};

struct LabLedgerView {
    std::uint64_t full_layers, linear_layers;
    std::uint64_t kv_bytes_per_token;  // bytes_per_token(lab_ledger_config(cfg, dtype_bytes))
    std::uint64_t state_bytes;         // every linear layer's float32 state and conv history
    std::uint64_t recurrent_state_bytes;
    std::uint64_t tokens;
    std::uint64_t bytes_for_context;  // at tokens
    bool exceeds_context;
    std::string formula;  // bytes_per_token_formula()
};
LabLedgerView lab_ledger(const LabConfig& cfg, const LabLedgerOptions& opt);

}  // namespace attn
