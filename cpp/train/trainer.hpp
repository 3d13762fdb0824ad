// Training loop of the lab model: random windows of the training text, AdamW, global gradient-
// norm clipping, linear warm-up then cosine decay, everything drawn from attn::Rng(seed).
//
// A window of the text is context characters c_0 … c_{T−1}; the model reads
// [<bos>, c_0 … c_{T−2}] and predicts c_0 … c_{T−1} (T = context).
//
// Reproducible: the same options and text give the same bytes, run after run. The batch is cut
// into `threads` contiguous slices whose gradients are summed in slice order, so the result
// depends on the thread count but never on thread timing. Without threads (WebAssembly, in the
// course's training worker) the slices run one after another and are summed in the same order:
// the same bytes as the native trainer with as many threads.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "attn/models/lab_model.hpp"
#include "attn/random.hpp"

namespace attn::train {

struct TrainOptions {
    std::size_t steps = 1000;
    std::size_t batch = 16;  // windows per step
    std::size_t threads = 2;
    float lr = 3e-3f;           // peak learning rate
    std::size_t warmup = 50;    // steps of linear warm-up from 0
    float min_lr_ratio = 0.1f;  // the cosine ends at lr × this
    float weight_decay = 0.1f;  // decoupled (AdamW); not where lab_no_weight_decay() says
    float beta1 = 0.9f, beta2 = 0.95f, adam_eps = 1e-8f;
    float clip = 1.0f;       // global gradient norm
    std::uint64_t seed = 1;  // initial weights and the windows
};

struct StepLog {
    std::size_t step;  // 1-based
    float loss;        // mean cross-entropy of the step's batch (nats per token)
    float lr;
    float grad_norm;  // before clipping
};

// The warm-up a run of `steps` steps gets: at most a tenth of the run plus one step, so a short
// run is not all warm-up (attn-train and the in-browser trainer alike).
std::size_t clamped_warmup(std::size_t warmup, std::size_t steps);

// Learning rate at step s (1-based) of opt.steps.
float learning_rate(const TrainOptions& opt, std::size_t s);

// A training run one step at a time (what the in-browser trainer drives, so it can pause and
// snapshot between steps). train_model() is the same steps in a loop.
class Trainer {
  public:
    // Starts from lab_init_weights(cfg, opt.seed). Throws ValueError if the text is shorter than
    // one window or opt.steps, opt.batch or opt.threads is 0.
    Trainer(const LabConfig& cfg, std::vector<int> text, const TrainOptions& opt);
    // One optimiser step; throws ValueError once opt.steps steps are done.
    StepLog step();
    std::size_t steps_done() const noexcept { return step_; }
    bool done() const noexcept { return step_ >= opt_.steps; }
    const LabConfig& config() const noexcept { return cfg_; }
    const LabWeights& weights() const noexcept { return w_; }

  private:
    LabConfig cfg_;
    std::vector<int> text_;
    TrainOptions opt_;
    LabWeights w_, m_, v_;
    Rng rng_;
    std::size_t step_ = 0;
};

// Trains a fresh model (lab_init_weights(cfg, opt.seed)) on the ids of `text`; on_step, if
// given, is called after every step. Throws ValueError if the text is shorter than one window.
LabWeights train_model(const LabConfig& cfg, const std::vector<int>& text, const TrainOptions& opt,
                       const std::function<void(const StepLog&)>& on_step = {});

// Non-overlapping windows of text (at most max_windows, 0 = all) as (tokens, targets) pairs,
// the same construction as training. The validation set.
struct Windows {
    std::vector<std::vector<int>> tokens, targets;
};
Windows text_windows(const std::vector<int>& text, std::size_t context, std::size_t max_windows);

// Mean cross-entropy (nats per token) of the model over the windows.
double mean_loss(const LabConfig& cfg, const LabWeights& w, const Windows& windows);

// Mean cross-entropy over the same targets of the unigram model of the training counts with
// add-one smoothing: p(c) = (count(c) + 1) / (N + V). The baseline a model must beat.
double unigram_loss(const std::vector<std::size_t>& train_counts, const Windows& windows);

}  // namespace attn::train
