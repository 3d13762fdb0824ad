#include "export.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "attn/decoder_parts.hpp"
#include "attn/errors.hpp"
#include "attn/ledger.hpp"

namespace attn::train {

const std::vector<std::string> kChapterSentences = {"小明把苹果给了小王", "小王把书给了小明", "小红把花给了老师",
                                                    "妈妈把蛋糕给了小李",
                                                    "小明把苹果给了小王。谁把苹果给了小王？是小明。"};
const char* const kChapterPrompt = "小明把苹果给了";

LabConfig main_config(std::size_t vocab) {
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

namespace {

std::string num(double x, int digits = 7) {
    if (!std::isfinite(x)) throw ValueError("a non-finite number cannot go into JSON");
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*g", digits, x);
    return buf;
}

std::string str(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += std::string("\\") + c;
        else if (c == '\n')
            out += "\\n";
        else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else
            out += c;
    }
    return out + "\"";
}

template <class T, class F>
std::string array(const std::vector<T>& xs, F&& f, const char* sep = ", ") {
    std::string out = "[";
    for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? sep : "") + f(xs[i]);
    return out + "]";
}

std::size_t parameters(const LabConfig& c) {
    std::size_t n = 0;
    for (const auto& s : lab_tensor_specs(c)) n += s.rows * s.cols;
    return n;
}

ModelConfig ledger_config(const LabConfig& c, std::uint64_t dtype_bytes) {
    ModelConfig m;
    m.name = "lab model";
    m.layers = c.n_layers;
    m.kind = c.n_kv_heads == c.n_heads ? AttentionKind::MHA
             : c.n_kv_heads == 1       ? AttentionKind::MQA
                                       : AttentionKind::GQA;
    m.n_heads = c.n_heads;
    m.n_kv_heads = c.n_kv_heads;
    m.head_dim = c.d_head;
    m.dtype_bytes = dtype_bytes;
    return m;
}

// The ledger's float32 bytes per token, checked against a cache the model filled itself.
std::uint64_t checked_bytes_per_token(const LabConfig& c) {
    const std::uint64_t ledger = bytes_per_token(ledger_config(c, 4));
    const LabWeights w = lab_zero_weights(c);
    KVCache cache(c.n_layers, c.n_kv_heads, c.d_head, c.d_head);
    const std::vector<int> tokens(c.context, kLabBos);
    lab_forward(c, w, tokens, 0, &cache, nullptr, nullptr);
    if (cache.bytes(4) != ledger * c.context)
        throw ValueError("KV cache holds " + std::to_string(cache.bytes(4)) + " bytes for " +
                         std::to_string(c.context) + " tokens, the ledger says " + std::to_string(ledger) +
                         " per token");
    return ledger;
}

std::string config_json(const LabConfig& c) {
    return "{\"vocab\": " + std::to_string(c.vocab) + ", \"dModel\": " + std::to_string(c.d_model) +
           ", \"nLayers\": " + std::to_string(c.n_layers) + ", \"nHeads\": " + std::to_string(c.n_heads) +
           ", \"nKvHeads\": " + std::to_string(c.n_kv_heads) + ", \"dHead\": " + std::to_string(c.d_head) +
           ", \"mlpHidden\": " + std::to_string(c.mlp_hidden) + ", \"context\": " + std::to_string(c.context) +
           ", \"ropeBase\": " + num(c.rope_base) + ", \"qkNorm\": " + (c.qk_norm ? "true" : "false") +
           ", \"outputGate\": " + (c.output_gate ? "true" : "false") +
           ", \"mlp\": \"swiglu\", \"tiedEmbeddings\": true, \"parameters\": " + std::to_string(parameters(c)) + "}";
}

std::string matrix_rows(const Tensor3& w, std::size_t h) {
    std::vector<std::size_t> rows(w.shape(1));
    for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = i;
    return array(rows, [&](std::size_t i) {
        std::vector<float> row(&w(h, i, 0), &w(h, i, 0) + w.shape(2));
        return array(
            row, [](float x) { return num(x, 5); }, ",");
    });
}

}  // namespace

std::string c3_attention_json(const LabModel& model, const TrainingSummary& s) {
    const LabConfig& c = model.config();
    const std::size_t group = c.n_heads / c.n_kv_heads;
    std::string out = "{\n";
    out += "  \"about\": " +
           str("Attention of the course lab's own model (trained from zero by attn-train on Debian "
               "fortunes-zh text plus generated gift sentences), computed by the native engine from "
               "lab-model.bin. sinkShare: attention on <bos> (position 0) averaged over query "
               "positions >= 1. Losses in nats per character.") +
           ",\n";
    out += "  \"model\": {\"file\": \"lab-model.bin\", \"bytes\": " + std::to_string(s.file_bytes) +
           ", \"dtype\": \"f16\", \"config\": " + config_json(c) + ",\n";
    out += "    \"kvBytesPerToken\": {\"f32\": " + std::to_string(checked_bytes_per_token(c)) +
           ", \"bf16\": " + std::to_string(bytes_per_token(ledger_config(c, 2))) +
           ", \"formulaBf16\": " + str(bytes_per_token_formula(ledger_config(c, 2))) + "},\n";
    out += "    \"training\": {\"steps\": " + std::to_string(s.steps) + ", \"batch\": " + std::to_string(s.batch) +
           ", \"seed\": " + std::to_string(s.seed) + ", \"seconds\": " + num(s.seconds, 3) +
           ", \"trainLoss\": " + num(s.train_loss, 5) + ", \"validLoss\": " + num(s.valid_loss, 5) +
           ", \"unigramLoss\": " + num(s.unigram_loss, 5) + ", \"validTokens\": " + std::to_string(s.valid_tokens) +
           "}},\n";

    std::vector<std::vector<float>> mean_sink(c.n_layers, std::vector<float>(c.n_heads, 0.0f));
    out += "  \"sentences\": [\n";
    for (std::size_t k = 0; k < kChapterSentences.size(); ++k) {
        const std::vector<int> tokens = model.encode(kChapterSentences[k]);
        const LabForward r = model.forward(tokens, true);
        std::vector<std::string> labels;
        for (const int t : tokens) labels.push_back(model.vocab()[static_cast<std::size_t>(t)]);
        out += "    {\"text\": " + str(kChapterSentences[k]) +
               ", \"tokens\": " + array(tokens, [](int t) { return std::to_string(t); }) +
               ",\n     \"labels\": " + array(labels, str) + ",\n     \"layers\": [\n";
        for (std::size_t l = 0; l < c.n_layers; ++l) {
            const std::vector<float> sink = sink_share(r.attention[l]);
            out += "      {\"layer\": " + std::to_string(l) + ", \"heads\": [\n";
            for (std::size_t h = 0; h < c.n_heads; ++h) {
                mean_sink[l][h] += sink[h] / static_cast<float>(kChapterSentences.size());
                out += "        {\"head\": " + std::to_string(h) + ", \"kvHead\": " + std::to_string(h / group) +
                       ", \"sinkShare\": " + num(sink[h], 5) + ", \"weights\": " + matrix_rows(r.attention[l], h) +
                       (h + 1 < c.n_heads ? "},\n" : "}\n");
            }
            out += l + 1 < c.n_layers ? "      ]},\n" : "      ]}\n";
        }
        out += k + 1 < kChapterSentences.size() ? "     ]},\n" : "     ]}\n";
    }
    out += "  ],\n";
    out +=
        "  \"meanSinkShare\": " +
        array(mean_sink, [](const std::vector<float>& row) { return array(row, [](float x) { return num(x, 5); }); }) +
        ",\n";

    const std::vector<int> prompt = model.encode(kChapterPrompt);
    const Matrix logits = model.forward(prompt).logits;
    const Vector last = row_vector(logits, prompt.size() - 1);
    const float m = *std::max_element(last.begin(), last.end());
    double z = 0.0;
    for (const float x : last) z += std::exp(static_cast<double>(x - m));
    std::vector<int> order(c.vocab);
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return last(a) > last(b); });
    order.resize(5);
    const LabGeneration g = model.generate(prompt, 12);
    out += "  \"prompt\": {\"text\": " + str(kChapterPrompt) +
           ", \"tokens\": " + array(prompt, [](int t) { return std::to_string(t); }) + ",\n    \"top5\": " +
           array(order,
                 [&](int t) {
                     return "{\"token\": " + std::to_string(t) +
                            ", \"char\": " + str(model.vocab()[static_cast<std::size_t>(t)]) +
                            ", \"prob\": " + num(std::exp(static_cast<double>(last(t) - m)) / z, 6) + "}";
                 }) +
           ",\n    \"greedy\": " + str(model.decode(g.generated)) + ",\n    \"logits\": " +
           array(
               std::vector<float>(last.begin(), last.end()), [](float x) { return num(x, 8); }, ",") +
           "}\n}\n";
    return out;
}

std::string kv_heads_ablation_json(const std::vector<AblationRow>& rows, const TrainOptions& opt, double unigram) {
    std::string out = "{\n";
    out += "  \"experiment\": \"kv_heads_ablation\",\n";
    out += "  \"about\": " +
           str("The lab model trained from zero with 8 query heads and 8 / 4 / 2 / 1 KV heads (MHA, "
               "GQA, GQA, MQA), everything else equal, for the same short budget. KV bytes per "
               "token from the attn ledger (L x 2 x G x d_head x bytes), float32 as the engine "
               "caches and bf16 as the course counts. Losses in nats per character on the fixed "
               "validation split; one seed per row, no error bars: read differences of a few "
               "hundredths as a trend, not a measurement.") +
           ",\n";
    out += "  \"training\": {\"steps\": " + std::to_string(opt.steps) + ", \"batch\": " + std::to_string(opt.batch) +
           ", \"seed\": " + std::to_string(opt.seed) + "},\n";
    out += "  \"unigramLoss\": " + num(unigram, 5) + ",\n  \"rows\": [\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const LabConfig& c = rows[i].config;
        const ModelConfig bf16 = ledger_config(c, 2);
        out += "    {\"nKvHeads\": " + std::to_string(c.n_kv_heads) + ", \"nHeads\": " + std::to_string(c.n_heads) +
               ", \"kind\": " + str(kind_name(bf16.kind)) +
               ", \"kvBytesPerTokenF32\": " + std::to_string(checked_bytes_per_token(c)) +
               ", \"kvBytesPerTokenBf16\": " + std::to_string(bytes_per_token(bf16)) +
               ", \"formulaBf16\": " + str(bytes_per_token_formula(bf16)) +
               ", \"parameters\": " + std::to_string(parameters(c)) + ", \"trainLoss\": " + num(rows[i].train_loss, 5) +
               ", \"validLoss\": " + num(rows[i].valid_loss, 5) + ", \"seconds\": " + num(rows[i].seconds, 3) +
               (i + 1 < rows.size() ? "},\n" : "}\n");
    }
    out += "  ]\n}\n";
    return out;
}

}  // namespace attn::train
