#include "trainer.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#ifndef __EMSCRIPTEN__
#include <thread>
#endif

#include "attn/errors.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/kernels/portable_math.hpp"
#include "attn/random.hpp"
#include "backward.hpp"

namespace attn::train {
namespace {

void window_at(const std::vector<int>& text, std::size_t at, std::size_t T, std::vector<int>& tokens,
               std::vector<int>& targets) {
    tokens.assign(1, kLabBos);
    tokens.insert(tokens.end(), text.begin() + static_cast<std::ptrdiff_t>(at),
                  text.begin() + static_cast<std::ptrdiff_t>(at + T - 1));
    targets.assign(text.begin() + static_cast<std::ptrdiff_t>(at), text.begin() + static_cast<std::ptrdiff_t>(at + T));
}

}  // namespace

std::size_t clamped_warmup(std::size_t warmup, std::size_t steps) {
    return std::min<std::size_t>(warmup, steps / 10 + 1);
}

float learning_rate(const TrainOptions& opt, std::size_t s) {
    if (s <= opt.warmup) return opt.lr * static_cast<float>(s) / static_cast<float>(opt.warmup);
    const double progress =
        static_cast<double>(s - opt.warmup) / static_cast<double>(std::max<std::size_t>(1, opt.steps - opt.warmup));
    const double cosine = 0.5 * (1.0 + std::cos(3.14159265358979323846 * std::min(1.0, progress)));
    return static_cast<float>(opt.lr * (opt.min_lr_ratio + (1.0 - opt.min_lr_ratio) * cosine));
}

Trainer::Trainer(const LabConfig& cfg, std::vector<int> text, const TrainOptions& opt)
    : cfg_(cfg),
      text_(std::move(text)),
      opt_(opt),
      w_(lab_init_weights(cfg, opt.seed)),
      m_(lab_zero_weights(cfg)),
      v_(lab_zero_weights(cfg)),
      rng_(opt.seed ^ 0x5eed5eed5eed5eedULL) {  // the windows: a stream apart from the initial weights
    if (text_.size() < cfg.context + 1)
        throw ValueError("the training text has " + std::to_string(text_.size()) +
                         " tokens, fewer than one window of " + std::to_string(cfg.context));
    if (opt.steps == 0) throw ValueError("steps must be at least 1");
    if (opt.batch == 0) throw ValueError("batch must be at least 1");
    if (opt.threads == 0) throw ValueError("threads must be at least 1");
}

StepLog Trainer::step() {
    if (done()) throw ValueError("the run is over: all " + std::to_string(opt_.steps) + " steps are done");
    const std::size_t step = ++step_;
    const std::size_t T = cfg_.context;
    const std::size_t threads = std::min(opt_.threads, opt_.batch);
    const float scale = 1.0f / static_cast<float>(opt_.batch * T);
    std::vector<std::size_t> starts(opt_.batch);
    for (auto& s : starts) s = static_cast<std::size_t>(rng_.next_u64() % (text_.size() - T + 1));

    std::vector<LabWeights> grads(threads, lab_zero_weights(cfg_));
    std::vector<double> losses(threads, 0.0);
    auto work = [&](std::size_t k) {
        std::vector<int> tokens, targets;
        for (std::size_t b = k * opt_.batch / threads; b < (k + 1) * opt_.batch / threads; ++b) {
            window_at(text_, starts[b], T, tokens, targets);
            losses[k] += loss_and_gradient(cfg_, w_, tokens, targets, scale, grads[k]);
        }
    };
#ifdef __EMSCRIPTEN__
    for (std::size_t k = 0; k < threads; ++k) work(k);  // no threads here: the same slices in turn
#else
    std::vector<std::thread> pool;
    for (std::size_t k = 1; k < threads; ++k) pool.emplace_back(work, k);
    work(0);
    for (auto& t : pool) t.join();
#endif
    double loss = 0.0;
    for (std::size_t k = 0; k < threads; ++k) loss += losses[k];
    const auto g = lab_tensors(grads[0], cfg_);
    for (std::size_t k = 1; k < threads; ++k) {
        const auto gk = lab_tensors(grads[k], cfg_);
        for (std::size_t i = 0; i < g.size(); ++i)
            kernels::axpy(1.0f, gk[i].second->data(), g[i].second->data(), g[i].second->size());
    }

    double sq = 0.0;
    for (const auto& [name, t] : g)
        for (const float x : *t) sq += static_cast<double>(x) * x;
    const float norm = static_cast<float>(std::sqrt(sq));
    const float clip = norm > opt_.clip ? opt_.clip / norm : 1.0f;
    const float lr = learning_rate(opt_, step);
    const float c1 = 1.0f - static_cast<float>(std::pow(opt_.beta1, step));
    const float c2 = 1.0f - static_cast<float>(std::pow(opt_.beta2, step));
    const auto params = lab_tensors(w_, cfg_);
    const auto moment1 = lab_tensors(m_, cfg_), moment2 = lab_tensors(v_, cfg_);
    for (std::size_t i = 0; i < params.size(); ++i) {
        float* p = params[i].second->data();
        const float* gr = g[i].second->data();
        float* m1 = moment1[i].second->data();
        float* m2 = moment2[i].second->data();
        const float decay = lab_no_weight_decay(params[i].first) ? 0.0f : opt_.weight_decay;
        for (std::size_t j = 0; j < params[i].second->size(); ++j) {
            const float gj = gr[j] * clip;
            m1[j] = opt_.beta1 * m1[j] + (1.0f - opt_.beta1) * gj;
            m2[j] = opt_.beta2 * m2[j] + (1.0f - opt_.beta2) * gj * gj;
            p[j] -= lr * ((m1[j] / c1) / (std::sqrt(m2[j] / c2) + opt_.adam_eps) + decay * p[j]);
        }
    }
    return {step, static_cast<float>(loss * scale), lr, norm};
}

LabWeights train_model(const LabConfig& cfg, const std::vector<int>& text, const TrainOptions& opt,
                       const std::function<void(const StepLog&)>& on_step) {
    Trainer trainer(cfg, text, opt);
    while (!trainer.done()) {
        const StepLog s = trainer.step();
        if (on_step) on_step(s);
    }
    return trainer.weights();
}

Windows text_windows(const std::vector<int>& text, std::size_t context, std::size_t max_windows) {
    Windows out;
    std::vector<int> tokens, targets;
    for (std::size_t at = 0; at + context <= text.size(); at += context) {
        if (max_windows && out.tokens.size() == max_windows) break;
        window_at(text, at, context, tokens, targets);
        out.tokens.push_back(tokens);
        out.targets.push_back(targets);
    }
    return out;
}

double mean_loss(const LabConfig& cfg, const LabWeights& w, const Windows& windows) {
    double sum = 0.0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < windows.tokens.size(); ++i) {
        sum += sequence_loss(cfg, w, windows.tokens[i], windows.targets[i]);
        n += windows.targets[i].size();
    }
    return sum / static_cast<double>(n);
}

double unigram_loss(const std::vector<std::size_t>& train_counts, const Windows& windows) {
    double total = 0.0;
    for (const std::size_t c : train_counts) total += static_cast<double>(c);
    const double denom = total + static_cast<double>(train_counts.size());
    double sum = 0.0;
    std::size_t n = 0;
    for (const auto& targets : windows.targets)
        for (const int t : targets) {
            sum -= log_portable((static_cast<double>(train_counts[static_cast<std::size_t>(t)]) + 1.0) / denom);
            ++n;
        }
    return sum / static_cast<double>(n);
}

}  // namespace attn::train
