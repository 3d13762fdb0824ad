// The rules of the opened model's JS API (openModel*, cpp/bindings/open_model_js.cpp) that are
// more than conversion: the defaults of its options, when a request must fit the heap left, and
// what a run returns (the last row of logits, the top tokens, the attention kept).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "attn/models/open_model.hpp"
#include "attn/ops/top_k.hpp"

namespace attn {

// A stored matrix's layout by name: "nk" ([out, in], also when absent) or "kn" ([in, out]);
// ConfigError "layout should be 'nk' ([out, in]) or 'kn' ([in, out])" for anything else (an
// empty string stands for a value that is not a string).
gemm::BLayout weight_layout_from_name(const std::optional<std::string>& name);

// openModelRun's options unless told otherwise: OpenRunOptions{} (no attention kept).
// openModelPass's: the same with attention kept (the page draws it as the pass ends).
OpenRunOptions open_pass_defaults();

// openModelPassResult's options: attention = false drops what the pass collected.
struct OpenPassResultOptions {
    bool attention = true;
};

// openModelGenerate's and openModelGenerateStart's options: exact = true takes the f32 GEMM for
// the token steps instead of gemm.hpp's decode path.
struct OpenGenerationOptions {
    bool exact = false;
};

// The heap-room policy: a model is made, and a tensor allocated, only if the engine's heap has
// room for it (`heap_left`: what the caller measured, the bindings' heap_bytes_available());
// ShapeError from limits::require_heap_room otherwise, before anything is allocated.
// A model: a run of it without its weights (open_model_bytes_needed(cfg, {})).
std::unique_ptr<OpenModel> create_open_model(const OpenModelConfig& cfg, std::uint64_t heap_left);
// A tensor: rows × row_bytes(type, cols), checked against 64 bits; OpenModel::tensor() then
// makes it. Returns its bytes.
std::uint64_t add_open_tensor(OpenModel& model, const std::string& name, WeightType type, std::size_t rows,
                              std::size_t cols, gemm::BLayout layout, std::uint64_t heap_left);

// What openModelRun and openModelPassResult return of a run.
struct OpenRunView {
    std::vector<float> logits_last;              // [V] the last position's logits
    std::vector<TokenProbability> top;           // top_next_tokens(logits)
    std::vector<OpenLayerAttention> attention;   // the kept layers (with attention), else empty
    std::vector<std::vector<float>> sink_share;  // [L][H] (with attention, T ≥ 2), else empty
};
// attention = false drops the run's attention and sink share (a pass that collected them, whose
// caller no longer wants them).
OpenRunView open_run_view(OpenRunResult r, bool attention);

}  // namespace attn
