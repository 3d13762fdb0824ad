#include "export.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "attn/errors.hpp"
#include "attn/models/ledger.hpp"
#include "attn/ops/decoder_parts.hpp"
#include "attn/ops/top_k.hpp"

namespace attn::train {

const std::vector<std::string> kChapterSentences = {"小明把苹果给了小王", "小王把书给了小明", "小红把花给了老师",
                                                    "妈妈把蛋糕给了小李",
                                                    "小明把苹果给了小王。谁把苹果给了小王？是小明。"};
const char* const kChapterPrompt = "小明把苹果给了";

LabConfig kv_ablation_config(std::size_t vocab) {
    LabConfig c;
    c.vocab = vocab;
    c.d_model = 64;
    c.n_layers = 2;
    c.n_heads = 8;
    c.n_kv_heads = 2;
    c.d_head = 16;
    c.mlp_hidden = 128;
    c.context = 64;
    c.qk_norm = true;
    c.output_gate = true;
    return c;
}

LabConfig main_config(std::size_t vocab) {
    LabConfig c = kv_ablation_config(vocab);
    c.n_layers = 8;
    c.layer_types.assign(8, LabLayerType::Linear);
    c.layer_types[3] = c.layer_types[7] = LabLayerType::Full;
    c.linear_heads = 5;  // 5 × 16: the hybrid's parameters within 2% of the all-full model's
    c.linear_head_dim = 16;
    c.conv_kernel = 4;
    return c;
}

LabConfig all_full_config(std::size_t vocab) {
    LabConfig c = main_config(vocab);
    c.layer_types.assign(c.n_layers, LabLayerType::Full);
    return c;
}

LabConfig browser_config(std::size_t vocab, std::size_t n_layers, std::size_t n_kv_heads, bool hybrid) {
    LabConfig c = kv_ablation_config(vocab);
    if (n_layers < 1 || n_layers > 8) throw ConfigError("layers must be 1 … 8, got " + std::to_string(n_layers));
    if (n_kv_heads < 1 || c.n_heads % n_kv_heads != 0)
        throw ConfigError("kvHeads must divide the " + std::to_string(c.n_heads) + " query heads (8, 4, 2 or 1), got " +
                          std::to_string(n_kv_heads));
    c.n_layers = n_layers;
    c.n_kv_heads = n_kv_heads;
    c.layer_types.assign(n_layers, LabLayerType::Full);
    if (hybrid) {
        const LabConfig m = main_config(vocab);
        c.linear_heads = m.linear_heads;
        c.linear_head_dim = m.linear_head_dim;
        c.conv_kernel = m.conv_kernel;
        for (std::size_t l = 0; l < n_layers; l += 2) c.layer_types[l] = LabLayerType::Linear;
    }
    return c;
}

namespace {

using Json = nlohmann::ordered_json;  // keys in the order written, as the course reads them

// x rounded to `digits` significant digits: the precision the course data carries (weights 5,
// logits 8), kept as a double so the JSON library writes it back exactly as rounded.
double rounded(double x, int digits = 7) {
    if (!std::isfinite(x)) throw ValueError("a non-finite number cannot go into JSON");
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    return std::strtod(buf, nullptr);
}

Json rounded_array(const float* xs, std::size_t n, int digits) {
    Json out = Json::array();
    for (std::size_t i = 0; i < n; ++i) out.push_back(rounded(xs[i], digits));
    return out;
}

std::size_t parameters(const LabConfig& c) {
    std::size_t n = 0;
    for (const auto& s : lab_tensor_specs(c)) n += s.rows * s.cols;
    return n;
}

// The ledger's float32 bytes per token, checked against a cache the model filled itself.
std::uint64_t checked_bytes_per_token(const LabConfig& c) {
    const std::uint64_t ledger = bytes_per_token(lab_ledger_config(c, 4));
    const LabWeights w = lab_zero_weights(c);
    LabCache cache = lab_make_cache(c);
    const std::vector<int> tokens(c.context, kLabBos);
    lab_forward(c, w, tokens, 0, &cache, nullptr, nullptr);
    if (cache.kv_bytes() != ledger * c.context)
        throw ValueError("KV cache holds " + std::to_string(cache.kv_bytes()) + " bytes for " +
                         std::to_string(c.context) + " tokens, the ledger says " + std::to_string(ledger) +
                         " per token");
    return ledger;
}

Json layer_types_json(const LabConfig& c) {
    Json out = Json::array();
    for (std::size_t l = 0; l < c.n_layers; ++l) out.push_back(layer_type_name(layer_type(c, l)));
    return out;
}

Json config_json(const LabConfig& c) {
    return Json{{"vocab", c.vocab},
                {"dModel", c.d_model},
                {"nLayers", c.n_layers},
                {"nHeads", c.n_heads},
                {"nKvHeads", c.n_kv_heads},
                {"dHead", c.d_head},
                {"mlpHidden", c.mlp_hidden},
                {"context", c.context},
                {"ropeBase", rounded(c.rope_base)},
                {"qkNorm", c.qk_norm},
                {"outputGate", c.output_gate},
                {"mlp", "swiglu"},
                {"tiedEmbeddings", true},
                {"parameters", parameters(c)},
                {"layerTypes", layer_types_json(c)},
                {"linearHeads", c.linear_heads},
                {"linearHeadDim", c.linear_head_dim},
                {"convKernel", c.conv_kernel}};
}

// The float32 bytes of the linear layers' state, checked against a cache the model filled: the
// same after one token as after its whole context.
Json state_bytes_json(const LabConfig& c) {
    const LabWeights w = lab_zero_weights(c);
    LabCache cache = lab_make_cache(c);
    lab_forward(c, w, {kLabBos}, 0, &cache, nullptr, nullptr);
    const std::size_t after_one = cache.state_bytes();
    if (c.context > 1) lab_forward(c, w, std::vector<int>(c.context - 1, kLabBos), 1, &cache, nullptr, nullptr);
    if (after_one != lab_state_bytes(c) || cache.state_bytes() != after_one)
        throw ValueError("the linear layers' state holds " + std::to_string(after_one) + " then " +
                         std::to_string(cache.state_bytes()) + " bytes, lab_state_bytes says " +
                         std::to_string(lab_state_bytes(c)));
    const std::size_t recurrent = lab_recurrent_state_bytes(c);
    return Json{{"f32", after_one}, {"recurrentF32", recurrent}, {"convF32", after_one - recurrent}};
}

// Head h of weights [H, T, T] as T rows of T weights.
Json head_rows(const Tensor3& w, std::size_t h) {
    Json rows = Json::array();
    for (std::size_t i = 0; i < w.shape(1); ++i) rows.push_back(rounded_array(&w(h, i, 0), w.shape(2), 5));
    return rows;
}

Json sentence_json(const LabModel& model, const std::string& text, std::vector<std::vector<float>>& mean_sink) {
    const LabConfig& c = model.config();
    const std::size_t group = c.n_heads / c.n_kv_heads;
    const std::vector<int> tokens = model.encode(text);
    const LabForward r = model.forward(tokens, true);
    Json labels = Json::array();
    for (const int t : tokens) labels.push_back(model.vocab()[static_cast<std::size_t>(t)]);
    Json layers = Json::array();
    for (std::size_t l = 0; l < c.n_layers; ++l) {
        if (layer_type(c, l) == LabLayerType::Linear) {
            // No softmax matrix: the size of the state, per head, after each token.
            const Matrix& norms = r.state_norms[l];
            Json heads = Json::array();
            for (std::size_t h = 0; h < c.linear_heads; ++h) {
                Json row = Json::array();
                for (std::size_t t = 0; t < norms.shape(0); ++t) row.push_back(rounded(norms(t, h), 5));
                heads.push_back({{"head", h}, {"stateNorms", row}});
            }
            layers.push_back({{"layer", l}, {"type", "linear"}, {"heads", heads}});
            continue;
        }
        const std::vector<float> sink = sink_share(r.attention[l]);
        Json heads = Json::array();
        for (std::size_t h = 0; h < c.n_heads; ++h) {
            mean_sink[l][h] += sink[h] / static_cast<float>(kChapterSentences.size());
            heads.push_back({{"head", h},
                             {"kvHead", h / group},
                             {"sinkShare", rounded(sink[h], 5)},
                             {"weights", head_rows(r.attention[l], h)}});
        }
        layers.push_back({{"layer", l}, {"type", "full"}, {"heads", heads}});
    }
    return Json{{"text", text}, {"tokens", tokens}, {"labels", labels}, {"layers", layers}};
}

Json prompt_json(const LabModel& model) {
    const std::vector<int> prompt = model.encode(kChapterPrompt);
    const Matrix logits = model.forward(prompt).logits;
    const float* last = &logits(prompt.size() - 1, 0);
    Json top5 = Json::array();
    for (const TokenProbability& t : top_next_tokens(logits))
        top5.push_back({{"token", t.token},
                        {"char", model.vocab()[static_cast<std::size_t>(t.token)]},
                        {"prob", rounded(t.prob, 6)}});
    const LabGeneration g = model.generate(prompt, 12);
    return Json{{"text", kChapterPrompt},
                {"tokens", prompt},
                {"top5", top5},
                {"greedy", model.decode(g.generated)},
                {"logits", rounded_array(last, logits.shape(1), 8)}};
}

}  // namespace

std::string c3_attention_json(const LabModel& model, const TrainingSummary& s) {
    const LabConfig& c = model.config();
    Json out;
    out["about"] =
        "Attention of the course lab's own model (trained from zero by attn-train on Debian "
        "fortunes-zh text plus generated gift sentences), computed by the native engine from "
        "lab-model.bin. A hybrid model: full-attention layers show their softmax weights, "
        "linear (Gated DeltaNet) layers have no softmax matrix and show the Frobenius norm "
        "of each head's state S after each token (stateNorms). sinkShare: attention on <bos> "
        "(position 0) averaged over query positions >= 1. Losses in nats per character.";
    out["model"] = {{"file", "lab-model.bin"},
                    {"bytes", s.file_bytes},
                    {"dtype", "f16"},
                    {"config", config_json(c)},
                    {"kvBytesPerToken",
                     {{"f32", checked_bytes_per_token(c)},
                      {"bf16", bytes_per_token(lab_ledger_config(c, 2))},
                      {"formulaBf16", bytes_per_token_formula(lab_ledger_config(c, 2))}}},
                    {"stateBytes", state_bytes_json(c)},
                    {"training",
                     {{"steps", s.steps},
                      {"batch", s.batch},
                      {"seed", s.seed},
                      {"seconds", rounded(s.seconds, 3)},
                      {"trainLoss", rounded(s.train_loss, 5)},
                      {"validLoss", rounded(s.valid_loss, 5)},
                      {"unigramLoss", rounded(s.unigram_loss, 5)},
                      {"validTokens", s.valid_tokens}}}};
    std::vector<std::vector<float>> mean_sink(c.n_layers);  // empty for a linear layer: no sink
    for (std::size_t l = 0; l < c.n_layers; ++l)
        if (layer_type(c, l) == LabLayerType::Full) mean_sink[l].assign(c.n_heads, 0.0f);
    Json sentences = Json::array();
    for (const std::string& text : kChapterSentences) sentences.push_back(sentence_json(model, text, mean_sink));
    out["sentences"] = sentences;
    Json mean = Json::array();
    for (const std::vector<float>& row : mean_sink) mean.push_back(rounded_array(row.data(), row.size(), 5));
    out["meanSinkShare"] = mean;
    out["prompt"] = prompt_json(model);
    // One line: about 25,000 numbers, which an indented layout would spread over as many lines.
    return out.dump() + "\n";
}

std::string kv_heads_ablation_json(const std::vector<AblationRow>& rows, const TrainOptions& opt, double unigram) {
    Json out;
    out["experiment"] = "kv_heads_ablation";
    out["about"] =
        "A 2-layer full-attention lab model (the lab model before its hybrid layers) trained "
        "from zero with 8 query heads and 8 / 4 / 2 / 1 KV heads (MHA, GQA, GQA, MQA), "
        "everything else equal, for the same short budget. KV bytes per "
        "token from the attn ledger (L x 2 x G x d_head x bytes), float32 as the engine "
        "caches and bf16 as the course counts. Losses in nats per character on the fixed "
        "validation split; one seed per row, no error bars: read differences of a few "
        "hundredths as a trend, not a measurement.";
    out["training"] = {{"steps", opt.steps}, {"batch", opt.batch}, {"seed", opt.seed}};
    out["unigramLoss"] = rounded(unigram, 5);
    Json table = Json::array();
    for (const AblationRow& row : rows) {
        const LabConfig& c = row.config;
        const ModelConfig bf16 = lab_ledger_config(c, 2);
        table.push_back({{"nKvHeads", c.n_kv_heads},
                         {"nHeads", c.n_heads},
                         {"nLayers", c.n_layers},
                         {"kind", kind_name(bf16.kind)},
                         {"kvBytesPerTokenF32", checked_bytes_per_token(c)},
                         {"kvBytesPerTokenBf16", bytes_per_token(bf16)},
                         {"formulaBf16", bytes_per_token_formula(bf16)},
                         {"parameters", parameters(c)},
                         {"trainLoss", rounded(row.train_loss, 5)},
                         {"validLoss", rounded(row.valid_loss, 5)},
                         {"seconds", rounded(row.seconds, 3)}});
    }
    out["rows"] = table;
    // A table of four rows a reader may open: indented.
    return out.dump(2) + "\n";
}

const std::vector<std::uint64_t> kRequestTokens = {64, 4096, 262144};

std::string hybrid_ablation_json(const std::vector<AblationRow>& rows, const TrainOptions& opt, double unigram) {
    Json out;
    out["experiment"] = "hybrid_ablation";
    out["about"] =
        "The lab model trained from zero as a hybrid (Gated DeltaNet linear layers, full "
        "attention on every fourth layer, the anchor's 3 : 1) and with every layer full "
        "attention, everything else equal, for the same short budget. One seed (the same "
        "for both), no error bars: read a difference of a few hundredths as a trend, not a "
        "measurement. Bytes from the engine's ledger: K/V of the full layers per token "
        "(float32 as the engine caches, bf16 as the course counts), plus the linear layers' "
        "float32 state (S per head and the short convolution's last inputs), which is the "
        "same at every length; a request of T tokens holds KV x T + state. The lab model's "
        "context is 64 tokens; the longer requests are the same arithmetic. Losses in nats "
        "per character on the fixed validation split.";
    out["seeds"] = 1;
    out["training"] = {{"steps", opt.steps}, {"batch", opt.batch}, {"seed", opt.seed}};
    out["unigramLoss"] = rounded(unigram, 5);
    out["requestTokens"] = kRequestTokens;
    Json table = Json::array();
    for (const AblationRow& row : rows) {
        const LabConfig& c = row.config;
        const ModelConfig f32 = lab_ledger_config(c, 4), bf16 = lab_ledger_config(c, 2);
        Json requests = Json::array();
        for (const std::uint64_t t : kRequestTokens)
            requests.push_back(
                {{"tokens", t}, {"f32", bytes_for_context(f32, t)}, {"bf16", bytes_for_context(bf16, t)}});
        table.push_back({{"name", linear_layer_count(c) ? "hybrid" : "all-full"},
                         {"layerTypes", layer_types_json(c)},
                         {"fullLayers", full_layer_count(c)},
                         {"linearLayers", linear_layer_count(c)},
                         {"parameters", parameters(c)},
                         {"kvBytesPerTokenF32", checked_bytes_per_token(c)},
                         {"kvBytesPerTokenBf16", bytes_per_token(bf16)},
                         {"formulaBf16", bytes_per_token_formula(bf16)},
                         {"stateBytes", state_bytes_json(c)},
                         {"requestBytes", requests},
                         {"trainLoss", rounded(row.train_loss, 5)},
                         {"validLoss", rounded(row.valid_loss, 5)},
                         {"seconds", rounded(row.seconds, 3)}});
    }
    out["rows"] = table;
    return out.dump(2) + "\n";
}

}  // namespace attn::train
