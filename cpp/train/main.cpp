// attn-train: trains the course lab's model from zero and writes what the lab ships.
//
//   attn-train model    [--steps N] [--batch B] [--threads K] [--seed S]
//                       [--out course-data/lab-model.bin] [--export course-data/c3-attention.json]
//   attn-train ablation [--steps N] [--batch B] [--threads K] [--seed S]
//                       [--out course-data/kv-heads-ablation.json]
//   attn-train browser  [--steps N] [--batch B] [--threads K] [--seed S] [--layers L] [--kv-heads G]
//                       [--hybrid 0|1] --fortunes-dir DIR --out FILE
//   attn-train hybrid-ablation [--steps N] [--batch B] [--threads K] [--seed S]
//                       [--out course-data/hybrid-ablation.json] [--full-model course-data/lab-model-full.bin]
//
// The text comes from build_corpus() with its default options (corpus.hpp); the tests
// regenerate the same validation split from them.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <string>

#include "attn/errors.hpp"
#include "attn/models/weights_io.hpp"
#include "corpus.hpp"
#include "export.hpp"
#include "trainer.hpp"

using namespace attn;
using namespace attn::train;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

std::map<std::string, std::string> parse_flags(int argc, char** argv) {
    std::map<std::string, std::string> flags;
    for (int i = 2; i < argc; ++i) {
        const std::string key = argv[i];
        if (key.rfind("--", 0) != 0 || i + 1 >= argc) throw ConfigError("expected --flag value, got '" + key + "'");
        flags[key.substr(2)] = argv[++i];
    }
    return flags;
}

std::size_t flag_size(const std::map<std::string, std::string>& f, const std::string& key, std::size_t fallback) {
    const auto it = f.find(key);
    return it == f.end() ? fallback : static_cast<std::size_t>(std::stoull(it->second));
}

std::string flag_str(const std::map<std::string, std::string>& f, const std::string& key, const std::string& fallback) {
    const auto it = f.find(key);
    return it == f.end() ? fallback : it->second;
}

TrainOptions train_options(const std::map<std::string, std::string>& f, std::size_t default_steps) {
    TrainOptions opt;
    opt.steps = flag_size(f, "steps", default_steps);
    opt.batch = flag_size(f, "batch", opt.batch);
    opt.threads = flag_size(f, "threads", opt.threads);
    opt.seed = flag_size(f, "seed", opt.seed);
    opt.warmup = clamped_warmup(opt.warmup, opt.steps);
    return opt;
}

void write_file(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw ValueError("cannot write " + path);
}

// Trains cfg, printing a line every `every` steps; returns the weights and the mean loss of the
// last 50 steps.
LabWeights run_training(const LabConfig& cfg, const Corpus& corpus, const TrainOptions& opt, double& train_loss,
                        double& secs) {
    const auto t0 = Clock::now();
    const std::size_t every = std::max<std::size_t>(1, opt.steps / 10);
    double tail = 0.0;
    std::size_t tail_n = 0;
    LabWeights w = train_model(cfg, corpus.train, opt, [&](const StepLog& s) {
        if (s.step + 50 > opt.steps) {
            tail += s.loss;
            ++tail_n;
        }
        if (s.step % every == 0 || s.step == 1)
            std::printf("  step %5zu  loss %.4f  lr %.5f  |g| %.3f  %.0f s\n", s.step, s.loss, s.lr, s.grad_norm,
                        seconds_since(t0));
        std::fflush(stdout);
    });
    train_loss = tail / static_cast<double>(std::max<std::size_t>(1, tail_n));
    secs = seconds_since(t0);
    return w;
}

int cmd_model(const std::map<std::string, std::string>& f) {
    const Corpus corpus = build_corpus(CorpusOptions{});
    std::printf("corpus: %zu train + %zu validation characters (%zu from fortunes-zh, %zu generated), vocab %zu\n",
                corpus.train.size(), corpus.valid.size(), corpus.fortune_chars, corpus.story_chars,
                corpus.vocab.size());
    const LabConfig cfg = main_config(corpus.vocab.size());
    const TrainOptions opt = train_options(f, 1500);
    double train_loss = 0.0, secs = 0.0;
    const LabWeights w = run_training(cfg, corpus, opt, train_loss, secs);

    const std::string out = flag_str(f, "out", "course-data/lab-model.bin");
    const auto bytes = save_lab_weights(LabModel(cfg, corpus.vocab, w), WeightsDtype::F16);
    write_file(out, std::string(bytes.begin(), bytes.end()));
    // Everything below uses the weights as shipped (rounded to f16), read back from the file.
    const LabModel model = load_lab_weights(bytes.data(), bytes.size());
    const Windows valid = text_windows(corpus.valid, cfg.context, 0);
    TrainingSummary summary;
    summary.steps = opt.steps;
    summary.batch = opt.batch;
    summary.seed = opt.seed;
    summary.seconds = secs;
    summary.train_loss = train_loss;
    summary.valid_loss = mean_loss(cfg, model.weights(), valid);
    summary.unigram_loss = unigram_loss(corpus.train_counts, valid);
    summary.valid_tokens = valid.targets.size() * cfg.context;
    summary.file_bytes = bytes.size();
    std::printf("wrote %s: %zu bytes; train loss %.4f, validation %.4f, unigram %.4f (nats/char), %.0f s\n",
                out.c_str(), bytes.size(), summary.train_loss, summary.valid_loss, summary.unigram_loss, secs);
    const std::string json = flag_str(f, "export", "course-data/c3-attention.json");
    write_file(json, c3_attention_json(model, summary));
    std::printf("wrote %s\n", json.c_str());
    return 0;
}

int cmd_ablation(const std::map<std::string, std::string>& f) {
    const Corpus corpus = build_corpus(CorpusOptions{});
    const TrainOptions opt = train_options(f, 400);
    const Windows valid = text_windows(corpus.valid, kv_ablation_config(corpus.vocab.size()).context, 0);
    std::vector<AblationRow> rows;
    for (const std::size_t g : {8, 4, 2, 1}) {
        LabConfig cfg = kv_ablation_config(corpus.vocab.size());
        cfg.n_kv_heads = g;
        std::printf("n_kv_heads = %zu\n", g);
        AblationRow row;
        row.config = cfg;
        const LabWeights w = run_training(cfg, corpus, opt, row.train_loss, row.seconds);
        row.valid_loss = mean_loss(cfg, w, valid);
        rows.push_back(row);
        std::printf("  validation loss %.4f\n", row.valid_loss);
    }
    const std::string out = flag_str(f, "out", "course-data/kv-heads-ablation.json");
    write_file(out, kv_heads_ablation_json(rows, opt, unigram_loss(corpus.train_counts, valid)));
    std::printf("wrote %s\n", out.c_str());
    return 0;
}

// The hybrid model against the same layers all full attention, same budget and seed; writes the
// table and the all-full model's weights (ATTNLAB2, f16), which the Qwen3-layout export reads.
int cmd_hybrid_ablation(const std::map<std::string, std::string>& f) {
    const Corpus corpus = build_corpus(CorpusOptions{});
    const TrainOptions opt = train_options(f, 400);
    const std::size_t vocab = corpus.vocab.size();
    const Windows valid = text_windows(corpus.valid, main_config(vocab).context, 0);
    std::vector<AblationRow> rows;
    for (const LabConfig& cfg : {main_config(vocab), all_full_config(vocab)}) {
        std::printf("%s: %zu full + %zu linear layers\n", linear_layer_count(cfg) ? "hybrid" : "all-full",
                    full_layer_count(cfg), linear_layer_count(cfg));
        AblationRow row;
        row.config = cfg;
        const LabWeights w = run_training(cfg, corpus, opt, row.train_loss, row.seconds);
        row.valid_loss = mean_loss(cfg, w, valid);
        rows.push_back(row);
        std::printf("  validation loss %.4f\n", row.valid_loss);
        if (linear_layer_count(cfg) == 0) {
            const std::string bin = flag_str(f, "full-model", "course-data/lab-model-full.bin");
            const auto bytes = save_lab_weights(LabModel(cfg, corpus.vocab, w), WeightsDtype::F16);
            write_file(bin, std::string(bytes.begin(), bytes.end()));
            std::printf("wrote %s: %zu bytes\n", bin.c_str(), bytes.size());
        }
    }
    const std::string out = flag_str(f, "out", "course-data/hybrid-ablation.json");
    write_file(out, hybrid_ablation_json(rows, opt, unigram_loss(corpus.train_counts, valid)));
    std::printf("wrote %s\n", out.c_str());
    return 0;
}

// What <attn-train> trains in the browser (browser_corpus_options(), browser_config()), with the
// worker's defaults (2 slices, warm-up as train_options()), written as ATTNLAB2 float32: the
// bytes the browser's "download" gives for the same choices (tests/js/train.test.mjs).
int cmd_browser(const std::map<std::string, std::string>& f) {
    CorpusOptions copt = browser_corpus_options();
    copt.fortunes_dir = flag_str(f, "fortunes-dir", copt.fortunes_dir);
    const Corpus corpus = build_corpus(copt);
    const LabConfig cfg = browser_config(corpus.vocab.size(), flag_size(f, "layers", 2), flag_size(f, "kv-heads", 2),
                                         flag_size(f, "hybrid", 0) != 0);
    const TrainOptions opt = train_options(f, 200);
    double train_loss = 0.0, secs = 0.0;
    const LabWeights w = run_training(cfg, corpus, opt, train_loss, secs);
    const auto bytes = save_lab_weights(LabModel(cfg, corpus.vocab, w), WeightsDtype::F32);
    const std::string out = flag_str(f, "out", "browser-model.bin");
    write_file(out, std::string(bytes.begin(), bytes.end()));
    std::printf("wrote %s: %zu bytes, %.1f s\n", out.c_str(), bytes.size(), secs);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        const std::string cmd = argc > 1 ? argv[1] : "";
        const auto flags = parse_flags(argc, argv);
        if (cmd == "model") return cmd_model(flags);
        if (cmd == "ablation") return cmd_ablation(flags);
        if (cmd == "hybrid-ablation") return cmd_hybrid_ablation(flags);
        if (cmd == "browser") return cmd_browser(flags);
        std::fprintf(
            stderr,
            "usage: attn-train model|ablation|hybrid-ablation|browser [--steps N] [--batch B] [--threads K] [--seed S] "
            "[--out FILE] [--export FILE]\n");
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "attn-train: %s\n", e.what());
        return 1;
    }
}
