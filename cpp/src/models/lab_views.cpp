#include "attn/models/lab_views.hpp"

#include "attn/models/ledger.hpp"

namespace attn {

std::vector<LabLayerView> lab_layer_views(const LabConfig& cfg, const LabForward& f, bool with_patterns) {
    std::vector<LabLayerView> views;
    for (std::size_t l = 0; l < f.attention.size(); ++l) {
        LabLayerView v;
        v.layer = l;
        v.type = layer_type(cfg, l);
        if (v.type == LabLayerType::Linear) {
            v.state_norms = f.state_norms[l];
        } else {
            v.weights = f.attention[l];
            // Row 0 can only look at key 0: one token says nothing about where attention goes.
            if (v.weights.shape(1) >= 2) {
                v.sink_share = sink_share(v.weights);
                if (with_patterns) v.patterns = head_patterns(v.weights);
            }
        }
        views.push_back(std::move(v));
    }
    return views;
}

std::vector<std::string> lab_labels(const LabModel& model, const std::vector<int>& tokens) {
    std::vector<std::string> labels;
    for (const int t : tokens) labels.push_back(model.vocab().at(static_cast<std::size_t>(t)));
    return labels;
}

LabRunView lab_run(const LabModel& model, const std::vector<int>& tokens, const LabRunOptions& opt) {
    LabForward f = model.forward(tokens, opt.attention);
    LabRunView v;
    v.tokens = tokens;
    v.labels = lab_labels(model, tokens);
    v.top = top_next_tokens(f.logits);
    v.layers = lab_layer_views(model.config(), f, false);
    if (tokens.size() >= 2)
        for (const LabLayerView& l : v.layers) v.sink_share.push_back(l.sink_share);
    v.layer_state_bytes = lab_layer_state_bytes(model.config());
    v.layer_recurrent_state_bytes = lab_layer_recurrent_state_bytes(model.config());
    v.logits = std::move(f.logits);
    return v;
}

std::string lab_text(const LabModel& model, const std::vector<int>& tokens) {
    const bool bos = !tokens.empty() && tokens.front() == kLabBos;
    return model.decode(std::vector<int>(tokens.begin() + (bos ? 1 : 0), tokens.end()));
}

LabGenerationView lab_generate(const LabModel& model, const std::vector<int>& prompt, std::size_t steps) {
    LabGenerationView v;
    v.generation = model.generate(prompt, steps);
    v.text = lab_text(model, v.generation.tokens);
    v.generated_text = model.decode(v.generation.generated);
    return v;
}

LabLedgerView lab_ledger(const LabConfig& cfg, const LabLedgerOptions& opt) {
    const ModelConfig m = lab_ledger_config(cfg, opt.dtype_bytes);
    LabLedgerView v;
    v.full_layers = full_layer_count(cfg);
    v.linear_layers = linear_layer_count(cfg);
    v.kv_bytes_per_token = bytes_per_token(m);
    v.state_bytes = m.linear_state_bytes;
    v.recurrent_state_bytes = lab_recurrent_state_bytes(cfg);
    v.tokens = opt.tokens.value_or(cfg.context);
    v.bytes_for_context = bytes_for_context(m, v.tokens);
    v.exceeds_context = exceeds_context(m, v.tokens);
    v.formula = bytes_per_token_formula(m);
    return v;
}

}  // namespace attn
