#include "browser_run.hpp"

#include <utility>

#include "attn/errors.hpp"
#include "attn/models/ledger.hpp"
#include "export.hpp"

namespace attn::train {

namespace {

std::size_t within(std::size_t v, const char* key, std::size_t max) {
    if (v < 1 || v > max)
        throw ConfigError(std::string(key) + " must be 1 … " + std::to_string(max) + ", got " + std::to_string(v));
    return v;
}

std::unique_ptr<BrowserRun>& current() {
    static std::unique_ptr<BrowserRun> run;
    return run;
}

}  // namespace

TrainOptions browser_train_options(const BrowserRunOptions& opt) {
    TrainOptions t;
    t.steps = within(opt.steps, "steps", kBrowserMaxSteps);
    t.batch = within(opt.batch, "batch", kBrowserMaxBatch);
    t.seed = opt.seed;
    t.warmup = clamped_warmup(t.warmup, t.steps);
    return t;
}

void require_fortune_texts(std::size_t count) {
    const std::size_t files = browser_corpus_options().fortune_files.size();
    if (count != files)
        throw ConfigError("texts should be the " + std::to_string(files) + " fortune files' texts (tang300, song100)");
}

std::size_t BrowserRun::parameters() const {
    std::size_t n = 0;
    for (const auto& [name, t] : lab_tensors(trainer->weights(), config)) n += t->size();
    return n;
}

std::size_t BrowserRun::valid_tokens() const { return valid.targets.size() * config.context; }

std::size_t BrowserRun::tokens_per_step() const { return options.batch * config.context; }

double BrowserRun::valid_loss() const { return mean_loss(config, trainer->weights(), valid); }

LabModel BrowserRun::model() const { return LabModel(config, corpus.vocab, trainer->weights()); }

std::vector<StepLog> BrowserRun::steps(std::size_t n) {
    std::vector<StepLog> logs;
    for (std::size_t i = 0; i < n && !trainer->done(); ++i) logs.push_back(trainer->step());
    return logs;
}

BrowserRun& start_browser_run(const BrowserRunOptions& opt, const std::vector<std::string>& texts) {
    require_fortune_texts(texts.size());
    auto run = std::make_unique<BrowserRun>();
    run->corpus = build_corpus(browser_corpus_options(), texts);
    run->config = browser_config(run->corpus.vocab.size(), opt.layers, opt.kv_heads, opt.hybrid);
    run->options = browser_train_options(opt);
    run->valid = text_windows(run->corpus.valid, run->config.context, kBrowserValidWindows);
    run->unigram = unigram_loss(run->corpus.train_counts, run->valid);
    current().reset();  // free the old run before the new one's weights
    run->trainer = std::make_unique<Trainer>(run->config, run->corpus.train, run->options);
    current() = std::move(run);
    return *current();
}

BrowserRun& browser_run() {
    if (!current()) throw ValueError("no training run: call trainStart first");
    return *current();
}

TrainSnapshot train_snapshot(const BrowserRun& run, const TrainSnapshotOptions& opt) {
    const LabModel model = run.model();
    const std::vector<int> tokens = model.encode(opt.text);
    TrainSnapshot s;
    s.labels = lab_labels(model, tokens);
    s.layers = lab_layer_views(run.config, model.forward(tokens, true), true);
    s.sample = lab_generate(model, model.encode(opt.prompt), opt.steps).text;
    s.kv_bytes_per_token = bytes_per_token(lab_ledger_config(run.config, 2));
    return s;
}

}  // namespace attn::train
