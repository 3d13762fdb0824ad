// The JS surface of the in-browser trainer (build-wasm/attn-trainer.js, bundled into
// dist/attn-train.js for <attn-train>'s Web Worker, never loaded by a lesson page): the native
// trainer (cpp/train/) one step at a time, on the corpus the native `attn-train browser` builds.
// Same conventions as embind.cpp: plain values in, fresh copies out, every error a JS Error named
// ShapeError, ValueError, ConfigError or MaskError whose message names the field.
//
// One run at a time (a worker trains one model): trainStart replaces it, the others read it
// (browser_run.hpp, which also holds the options' defaults and limits and the snapshot).
#include <emscripten/bind.h>

#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/models/lab_views.hpp"
#include "attn/models/weights_io.hpp"
#include "browser_run.hpp"
#include "convert.hpp"
#include "heap.hpp"

using namespace attn;
using namespace attn::js;
using namespace attn::train;

namespace {

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
        require_fortune_texts(is_array(texts_in) ? texts_in["length"].as<std::size_t>() : 0);
        std::vector<std::string> texts;
        for (std::size_t i = 0; i < texts_in["length"].as<std::size_t>(); ++i) {
            if (kind_of(texts_in[i]) != JsKind::String)
                throw ConfigError("texts[" + std::to_string(i) + "] should be a string");
            texts.push_back(utf8_string(texts_in[i]));
        }
        BrowserRunOptions opt;  // what the caller leaves out keeps the engine's default
        opt.layers = opt_size(o, "layers", opt.layers);
        opt.kv_heads = opt_size(o, "kvHeads", opt.kv_heads);
        opt.hybrid = opt_bool(o, "hybrid", opt.hybrid);
        opt.steps = opt_size(o, "steps", opt.steps);
        opt.batch = opt_size(o, "batch", opt.batch);
        opt.seed = opt_u64(o, "seed", opt.seed);
        const BrowserRun& r = start_browser_run(opt, texts);
        val out = val::object();
        out.set("config", config_js(r.config));
        out.set("steps", exact_js(r.options.steps));
        out.set("batch", exact_js(r.options.batch));
        out.set("seed", exact_js(r.options.seed));
        out.set("parameters", exact_js(r.parameters()));
        out.set("trainTokens", exact_js(r.corpus.train.size()));
        out.set("validTokens", exact_js(r.valid_tokens()));
        out.set("fortuneChars", exact_js(r.corpus.fortune_chars));
        out.set("storyChars", exact_js(r.corpus.story_chars));
        out.set("unigramLoss", number_js(r.unigram, "unigram loss"));
        out.set("tokensPerStep", exact_js(r.tokens_per_step()));
        return out;
    });
}

// trainStep(n): up to n more steps (fewer at the end); their logs as parallel arrays.
val js_train_step(val n_in) {
    return guarded([&] {
        BrowserRun& r = browser_run();
        val step = val::array(), loss = val::array(), lr = val::array(), norm = val::array();
        for (const StepLog& s : r.steps(to_size(n_in, "n"))) {
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
    return guarded([&] { return number_js(browser_run().valid_loss(), "validation loss"); });
}

// The weights now, as an ATTNLAB2 file (float32, or float16 with {dtype: 'f16'}): what
// engine.labLoad reads and `attn-train browser` writes.
val js_train_weights(val options_in) {
    return guarded([&] {
        const BrowserRun& r = browser_run();
        const val o = options(options_in, "trainWeights");
        const auto bytes = save_lab_weights(r.model(), weights_dtype_from_name(maybe_string(o, "dtype")));
        return val(emscripten::typed_memory_view(bytes.size(), bytes.data())).call<val>("slice");
    });
}

// trainSnapshot({text, prompt, steps}): what <attn-train> shows of the weights now, computed
// here in the worker so the page only draws (browser_run.hpp's TrainSnapshot): {run: {labels,
// attention: per layer {type: 'full', weights [H, T, T]} or {type: 'linear', stateNorms [T, Hl]},
// sinkShare: per layer [H], empty for a linear layer}, patterns: per layer (null for a linear
// one), sample, kvBytesPerToken}.
val js_train_snapshot(val options_in) {
    return guarded([&] {
        const BrowserRun& r = browser_run();
        const val o = options(options_in, "trainSnapshot");
        TrainSnapshotOptions opt;  // what the caller leaves out keeps the engine's default
        if (const auto text = maybe_string(o, "text")) opt.text = *text;
        if (const auto prompt = maybe_string(o, "prompt")) opt.prompt = *prompt;
        opt.steps = opt_size(o, "steps", opt.steps);
        const TrainSnapshot s = train_snapshot(r, opt);
        val attention = val::array(), sink = val::array(), patterns = val::array();
        for (const LabLayerView& l : s.layers) {
            val layer = val::object();
            layer.set("type", std::string(layer_type_name(l.type)));
            if (l.type == LabLayerType::Linear) {
                layer.set("stateNorms", tensor_js(l.state_norms, "state norms"));
                patterns.call<void>("push", val::null());
            } else {
                layer.set("weights", tensor_js(l.weights, "attention weights"));
                patterns.call<void>("push", head_patterns_js(l.patterns));
            }
            sink.call<void>("push", float_list_js(l.sink_share));
            attention.call<void>("push", layer);
        }
        val run = val::object();
        run.set("labels", string_array_js(s.labels));
        run.set("attention", attention);
        run.set("sinkShare", sink);
        val out = val::object();
        out.set("run", run);
        out.set("patterns", patterns);
        out.set("sample", s.sample);
        out.set("kvBytesPerToken", exact_js(s.kv_bytes_per_token));
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
