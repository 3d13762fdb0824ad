// The JS surface of the in-browser trainer (build-wasm/attn-trainer.js, bundled into
// dist/attn-train.js for <attn-train>'s Web Worker, never loaded by a lesson page): the native
// trainer (cpp/train/) one step at a time, on the corpus the native `attn-train browser` builds.
// Same conventions as embind.cpp: plain values in, fresh copies out, every error a JS Error named
// ShapeError, ValueError, ConfigError or MaskError whose message names the field.
//
// One run at a time (a worker trains one model): trainStart replaces it, the others read it.
#include <emscripten/bind.h>

#include <memory>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/head_patterns.hpp"
#include "attn/lab_model.hpp"
#include "attn/ledger.hpp"
#include "attn/weights_io.hpp"
#include "convert.hpp"
#include "corpus.hpp"
#include "export.hpp"
#include "heap.hpp"
#include "trainer.hpp"

using namespace attn;
using namespace attn::js;
using namespace attn::train;

namespace {

// Steps a student may ask for: at 0.2 s a step, 20,000 is over an hour.
constexpr std::size_t kMaxSteps = 20000;
constexpr std::size_t kMaxBatch = 64;
constexpr std::size_t kValidWindows = 32;  // validation loss over at most this many windows

struct Run {
    Corpus corpus;
    LabConfig config;
    TrainOptions options;
    Windows valid;
    double unigram = 0.0;
    std::unique_ptr<Trainer> trainer;
};

std::unique_ptr<Run>& current() {
    static std::unique_ptr<Run> run;
    return run;
}

Run& run_or_throw() {
    if (!current()) throw ValueError("no training run: call trainStart first");
    return *current();
}

std::size_t bounded(const val& o, const char* key, std::size_t fallback, std::size_t max) {
    const std::size_t v = opt_size(o, key, fallback);
    if (v < 1 || v > max)
        throw ConfigError(std::string(key) + " must be 1 … " + std::to_string(max) + ", got " + std::to_string(v));
    return v;
}

std::size_t parameter_count(const LabWeights& w, const LabConfig& c) {
    std::size_t n = 0;
    for (const auto& [name, t] : lab_tensors(w, c)) n += t->size();
    return n;
}

val config_js(const LabConfig& c) {
    val out = val::object();
    out.set("vocab", exact_js(c.vocab));
    out.set("nLayers", exact_js(c.n_layers));
    out.set("nHeads", exact_js(c.n_heads));
    out.set("nKvHeads", exact_js(c.n_kv_heads));
    out.set("dModel", exact_js(c.d_model));
    out.set("context", exact_js(c.context));
    val types = val::array();
    for (std::size_t l = 0; l < c.n_layers; ++l)
        types.call<void>("push", std::string(layer_type_name(layer_type(c, l))));
    out.set("layerTypes", types);
    return out;
}

// trainStart({steps, seed, layers, kvHeads, hybrid, batch}, [tang300, song100]): builds the
// corpus from the fortune files' texts and starts a fresh model; returns what the run is.
val js_train_start(val options_in, val texts_in) {
    return guarded([&] {
        const val o = options(options_in, "trainStart");
        const CorpusOptions copt = browser_corpus_options();
        if (!is_array(texts_in) || texts_in["length"].as<std::size_t>() != copt.fortune_files.size())
            throw ConfigError("texts should be the " + std::to_string(copt.fortune_files.size()) +
                              " fortune files' texts (tang300, song100)");
        std::vector<std::string> texts;
        for (std::size_t i = 0; i < copt.fortune_files.size(); ++i) {
            if (kind_of(texts_in[i]) != JsKind::String)
                throw ConfigError("texts[" + std::to_string(i) + "] should be a string");
            texts.push_back(utf8_string(texts_in[i]));
        }
        auto run = std::make_unique<Run>();
        run->corpus = build_corpus(copt, texts);
        run->config = browser_config(run->corpus.vocab.size(), opt_size(o, "layers", 2), opt_size(o, "kvHeads", 2),
                                     opt_bool(o, "hybrid", false));
        TrainOptions& opt = run->options;
        opt.steps = bounded(o, "steps", 200, kMaxSteps);
        opt.batch = bounded(o, "batch", opt.batch, kMaxBatch);
        opt.seed = opt_u64(o, "seed", opt.seed);
        opt.warmup = std::min<std::size_t>(opt.warmup, opt.steps / 10 + 1);  // as attn-train's
        run->valid = text_windows(run->corpus.valid, run->config.context, kValidWindows);
        run->unigram = unigram_loss(run->corpus.train_counts, run->valid);
        current().reset();  // free the old run before the new one's weights
        run->trainer = std::make_unique<Trainer>(run->config, run->corpus.train, opt);
        current() = std::move(run);
        const Run& r = *current();
        val out = val::object();
        out.set("config", config_js(r.config));
        out.set("steps", exact_js(opt.steps));
        out.set("batch", exact_js(opt.batch));
        out.set("seed", exact_js(opt.seed));
        out.set("parameters", exact_js(parameter_count(r.trainer->weights(), r.config)));
        out.set("trainTokens", exact_js(r.corpus.train.size()));
        out.set("validTokens", exact_js(r.valid.targets.size() * r.config.context));
        out.set("fortuneChars", exact_js(r.corpus.fortune_chars));
        out.set("storyChars", exact_js(r.corpus.story_chars));
        out.set("unigramLoss", number_js(r.unigram, "unigram loss"));
        out.set("tokensPerStep", exact_js(opt.batch * r.config.context));
        return out;
    });
}

// trainStep(n): up to n more steps (fewer at the end); their logs as parallel arrays.
val js_train_step(val n_in) {
    return guarded([&] {
        Run& r = run_or_throw();
        const std::size_t n = to_size(n_in, "n");
        val step = val::array(), loss = val::array(), lr = val::array(), norm = val::array();
        for (std::size_t i = 0; i < n && !r.trainer->done(); ++i) {
            const StepLog s = r.trainer->step();
            step.call<void>("push", exact_js(s.step));
            loss.call<void>("push", number_js(s.loss, "loss"));
            lr.call<void>("push", number_js(s.lr, "lr"));
            norm.call<void>("push", number_js(s.grad_norm, "grad norm"));
        }
        val out = val::object();
        out.set("step", step);
        out.set("loss", loss);
        out.set("lr", lr);
        out.set("gradNorm", norm);
        out.set("done", r.trainer->done());
        return out;
    });
}

// Mean cross-entropy (nats per character) over the validation windows, now.
val js_train_valid_loss() {
    return guarded([&] {
        const Run& r = run_or_throw();
        return number_js(mean_loss(r.config, r.trainer->weights(), r.valid), "validation loss");
    });
}

// The weights now, as an ATTNLAB2 file (float32, or float16 with {dtype: 'f16'}): what
// engine.labLoad reads and `attn-train browser` writes.
val js_train_weights(val options_in) {
    return guarded([&] {
        const Run& r = run_or_throw();
        const val o = options(options_in, "trainWeights");
        const std::string dtype = opt_string(o, "dtype", "f32");
        if (dtype != "f32" && dtype != "f16") throw ConfigError("dtype should be 'f32' or 'f16', got '" + dtype + "'");
        const auto bytes = save_lab_weights(LabModel(r.config, r.corpus.vocab, r.trainer->weights()),
                                            dtype == "f16" ? WeightsDtype::F16 : WeightsDtype::F32);
        return val(emscripten::typed_memory_view(bytes.size(), bytes.data())).call<val>("slice");
    });
}

// trainSnapshot({text, prompt, steps}): what <attn-train> shows of the weights now, computed
// here in the worker so the page only draws: the pass over `text` with attention ({labels,
// attention: per layer {type: 'full', weights [H, T, T]} or {type: 'linear', stateNorms [T, Hl]},
// sinkShare: per layer [H], empty for a linear layer}), each full layer's head patterns (null for
// a linear layer), the greedy continuation of `prompt` by `steps` characters (the prompt
// included, without <bos>) and the ledger's KV bytes per token in BF16.
val js_train_snapshot(val options_in) {
    return guarded([&] {
        const Run& r = run_or_throw();
        const val o = options(options_in, "trainSnapshot");
        const LabModel model(r.config, r.corpus.vocab, r.trainer->weights());
        const std::vector<int> tokens = model.encode(opt_string(o, "text", ""));
        const LabForward f = model.forward(tokens, true);
        val labels = val::array(), attention = val::array(), sink = val::array(), patterns = val::array();
        for (const int t : tokens) labels.call<void>("push", model.vocab()[static_cast<std::size_t>(t)]);
        for (std::size_t l = 0; l < r.config.n_layers; ++l) {
            val layer = val::object();
            if (layer_type(r.config, l) == LabLayerType::Linear) {
                layer.set("type", std::string("linear"));
                layer.set("stateNorms", tensor_js(f.state_norms[l], "state norms"));
                sink.call<void>("push", val::array());
                patterns.call<void>("push", val::null());
            } else {
                layer.set("type", std::string("full"));
                layer.set("weights", tensor_js(f.attention[l], "attention weights"));
                val share = val::array();
                if (tokens.size() >= 2)
                    for (const float x : sink_share(f.attention[l])) share.call<void>("push", x);
                sink.call<void>("push", share);
                val heads = val::array();
                if (tokens.size() >= 2)
                    for (const HeadPattern& p : head_patterns(f.attention[l])) {
                        val h = val::object();
                        h.set("previousToken", p.previous_token);
                        h.set("firstToken", p.first_token);
                        h.set("diagonal", p.diagonal);
                        h.set("other", p.other);
                        heads.call<void>("push", h);
                    }
                patterns.call<void>("push", heads);
            }
            attention.call<void>("push", layer);
        }
        const LabGeneration g = model.generate(model.encode(opt_string(o, "prompt", "")), opt_size(o, "steps", 8));
        const std::vector<int> shown(g.tokens.begin() + 1, g.tokens.end());  // without <bos>
        val run = val::object();
        run.set("labels", labels);
        run.set("attention", attention);
        run.set("sinkShare", sink);
        val out = val::object();
        out.set("run", run);
        out.set("patterns", patterns);
        out.set("sample", model.decode(shown));
        out.set("kvBytesPerToken", exact_js(bytes_per_token(lab_ledger_config(r.config, 2))));
        return out;
    });
}

val js_heap_bytes_in_use() { return exact_js(heap_bytes_in_use()); }

}  // namespace

EMSCRIPTEN_BINDINGS(attn_trainer) {
    using emscripten::function;
    function("trainStart", &js_train_start);
    function("trainStep", &js_train_step);
    function("trainValidLoss", &js_train_valid_loss);
    function("trainWeights", &js_train_weights);
    function("trainSnapshot", &js_train_snapshot);
    function(
        "trainWeights", +[]() { return js_train_weights(val::undefined()); });
    function("heapBytesInUse", &js_heap_bytes_in_use);
}
