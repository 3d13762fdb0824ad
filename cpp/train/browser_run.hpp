// The in-browser trainer's run (<attn-train>'s worker; its JS surface is
// cpp/bindings/train_js.cpp): the options a student may give and their limits, the one run a
// worker trains (a registry of one), its steps, and the snapshot the page draws between steps.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "attn/models/lab_views.hpp"
#include "corpus.hpp"
#include "trainer.hpp"

namespace attn::train {

// Steps a student may ask for: at 0.2 s a step, 20,000 is over an hour.
inline constexpr std::size_t kBrowserMaxSteps = 20000;
inline constexpr std::size_t kBrowserMaxBatch = 64;
// The validation loss is taken over at most this many windows.
inline constexpr std::size_t kBrowserValidWindows = 32;

// trainStart's options, with what a student gets who leaves them out.
struct BrowserRunOptions {
    std::size_t steps = 200;
    std::size_t batch = TrainOptions{}.batch;
    std::uint64_t seed = TrainOptions{}.seed;
    std::size_t layers = 2;    // browser_config()'s n_layers
    std::size_t kv_heads = 2;  // browser_config()'s n_kv_heads
    bool hybrid = false;
};

// The training options of a browser run: steps 1 … kBrowserMaxSteps and batch 1 …
// kBrowserMaxBatch (ConfigError "steps must be 1 … 20000, got 0"), the seed, the warm-up
// clamped as attn-train clamps it (clamped_warmup).
TrainOptions browser_train_options(const BrowserRunOptions& opt);

// ConfigError "texts should be the 2 fortune files' texts (tang300, song100)" unless `count`
// is the number of browser_corpus_options()'s fortune files.
void require_fortune_texts(std::size_t count);

struct BrowserRun {
    Corpus corpus;
    LabConfig config;
    TrainOptions options;
    Windows valid;
    double unigram = 0.0;  // unigram_loss over valid: the baseline
    std::unique_ptr<Trainer> trainer;

    std::size_t parameters() const;       // every weight of the model
    std::size_t valid_tokens() const;     // valid windows × context
    std::size_t tokens_per_step() const;  // batch × context
    double valid_loss() const;            // mean_loss over valid, now
    LabModel model() const;               // the weights now, as the lab runs them
    // Up to n more steps, fewer at the end of the run; their logs.
    std::vector<StepLog> steps(std::size_t n);
};

// Builds the corpus from the fortune files' texts (browser_corpus_options()), the model's
// config (browser_config) and the options (browser_train_options), then replaces the current
// run: the old one is freed before the new one's weights are made. Returns the new run.
BrowserRun& start_browser_run(const BrowserRunOptions& opt, const std::vector<std::string>& texts);
// The current run; ValueError "no training run: call trainStart first".
BrowserRun& browser_run();

// trainSnapshot's options: the text whose attention is shown, the prompt continued by `steps`
// characters.
struct TrainSnapshotOptions {
    std::string text;
    std::string prompt;
    std::size_t steps = kLabGenerateSteps;
};

// What <attn-train> shows of the weights now.
struct TrainSnapshot {
    std::vector<std::string> labels;   // lab_labels of the encoded text (<bos> first)
    std::vector<LabLayerView> layers;  // every layer, with head patterns
    std::string sample;                // lab_text of the greedy continuation of the prompt
    std::uint64_t kv_bytes_per_token;  // the ledger's, at 2 bytes a value (BF16, as the course counts)
};
TrainSnapshot train_snapshot(const BrowserRun& run, const TrainSnapshotOptions& opt);

}  // namespace attn::train
