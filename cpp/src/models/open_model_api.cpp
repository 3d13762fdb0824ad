#include "attn/models/open_model_api.hpp"

#include <utility>

#include "attn/errors.hpp"
#include "attn/kernels/weight_types.hpp"
#include "attn/limits.hpp"

namespace attn {

gemm::BLayout weight_layout_from_name(const std::optional<std::string>& name) {
    if (!name || *name == "nk") return gemm::BLayout::NK;
    if (*name == "kn") return gemm::BLayout::KN;
    throw ConfigError("layout should be 'nk' ([out, in]) or 'kn' ([in, out])");
}

OpenRunOptions open_pass_defaults() {
    OpenRunOptions opt;
    opt.attention = true;
    return opt;
}

std::unique_ptr<OpenModel> create_open_model(const OpenModelConfig& cfg, std::uint64_t heap_left) {
    limits::require_heap_room(open_model_bytes_needed(cfg, {}), heap_left, "a run of this model (without its weights)");
    return std::make_unique<OpenModel>(cfg);
}

std::uint64_t add_open_tensor(OpenModel& model, const std::string& name, WeightType type, std::size_t rows,
                              std::size_t cols, gemm::BLayout layout, std::uint64_t heap_left) {
    const std::uint64_t bytes = limits::checked_mul(rows, row_bytes(type, cols, name), "the tensor's bytes");
    limits::require_heap_room(bytes, heap_left, "tensor '" + name + "'");
    model.tensor(name, type, rows, cols, layout);
    return bytes;
}

OpenRunView open_run_view(OpenRunResult r, bool attention) {
    OpenRunView v;
    v.top = top_next_tokens(r.logits);
    const std::size_t last = r.logits.shape(0) - 1, V = r.logits.shape(1);
    v.logits_last.assign(&r.logits(last, 0), &r.logits(last, 0) + V);
    if (attention) {
        v.attention = std::move(r.attention);
        v.sink_share = std::move(r.sink_share);
    }
    return v;
}

}  // namespace attn
