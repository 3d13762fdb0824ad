// The JS surface of the opened model (open_model.hpp): create from a config, hand over each
// tensor (allocate it, then write its bytes slice by slice), finalise, run (whole, or one layer
// per call for a progress bar), generate (whole, or one layer per call), unload. Same conventions
// as embind.cpp: plain values in, fresh copies out, every error a JS Error named by its kind
// (guarded()). The config is read by the engine's load_open_model_config(); the models, passes
// and generations live in the engine's open_model_handles(), under the ids handed to JS; the
// options' defaults, the heap-room policy and what a run returns are open_model_api.hpp's.
//
// No view into the heap leaves a call: openModelTensorWrite copies the caller's bytes in through
// a view made and dropped inside the call, checked against a model and tensor that exist now. (A
// view handed out once would outlive an unload and write into whatever the heap holds next.)
#include <emscripten/bind.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "attn/course/config_loader.hpp"
#include "attn/errors.hpp"
#include "attn/kernels/quant_blocks.hpp"
#include "attn/kernels/thread_pool.hpp"
#include "attn/models/handles.hpp"
#include "attn/models/open_model.hpp"
#include "attn/models/open_model_api.hpp"
#include "attn/ops/top_k.hpp"
#include "convert.hpp"
#include "heap.hpp"

using namespace attn;
using namespace attn::js;

namespace {

OpenModelHandles& handles() { return open_model_handles(); }

// The layout argument: absent (undefined) or a name; any other value names nothing ("").
std::optional<std::string> layout_name(const val& v) {
    if (v.isUndefined()) return std::nullopt;
    return kind_of(v) == JsKind::String ? v.as<std::string>() : "";
}

std::string type_string(const val& v, const std::string& field) {
    if (kind_of(v) != JsKind::String) throw ConfigError(field + " should be a weight type name string");
    return v.as<std::string>();
}

val js_open_model_heap_limit() {
    return guarded([&] { return exact_js(heap_bytes_available()); });
}

val js_open_model_bytes_needed(val config, val tensors) {
    return guarded([&] {
        const OpenModelConfig c = load_open_model_config(JsConfigObject(options(config, "openModel config")));
        if (!is_array(tensors)) throw ShapeError("tensorsInfo should be an array of {name, type, rows, cols}");
        std::vector<OpenTensorInfo> infos;
        const std::size_t n = tensors["length"].as<std::size_t>();
        for (std::size_t i = 0; i < n; ++i) {
            const val t = options(tensors[i], "tensorsInfo entry");
            const std::string at = "tensorsInfo[" + std::to_string(i) + "]";
            const std::string name =
                has(t, "name") && kind_of(t["name"]) == JsKind::String ? t["name"].as<std::string>() : at;
            infos.push_back({name, parse_weight_type(type_string(t["type"], at + ".type"), name + "'s type"),
                             to_size(t["rows"], at + ".rows"), to_size(t["cols"], at + ".cols")});
        }
        return exact_js(open_model_bytes_needed(c, infos));
    });
}

val js_open_model_create(val config) {
    return guarded([&] {
        const OpenModelConfig c = load_open_model_config(JsConfigObject(options(config, "openModel config")));
        const int id = handles().add_model(create_open_model(c, heap_bytes_available()));
        val out = val::object();
        out.set("id", id);
        out.set("heapLimitBytes", exact_js(heap_bytes_available()));
        return out;
    });
}

val js_open_model_tensor(val id, val name, val type, val rows, val cols, val layout) {
    return guarded([&] {
        OpenModel& m = handles().model(to_handle(id));
        if (kind_of(name) != JsKind::String) throw ConfigError("name should be a tensor name string");
        const std::string n = name.as<std::string>();
        const WeightType t = parse_weight_type(type_string(type, n + "'s type"), n + "'s type");
        const std::size_t r = to_size(rows, "rows"), c = to_size(cols, "cols");
        return exact_js(
            add_open_tensor(m, n, t, r, c, weight_layout_from_name(layout_name(layout)), heap_bytes_available()));
    });
}

val js_open_model_tensor_write(val id, val name, val offset, val bytes) {
    return guarded([&] {
        OpenModel& m = handles().model(to_handle(id));
        if (kind_of(name) != JsKind::String) throw ConfigError("name should be a tensor name string");
        if (!bytes.instanceof (val::global("Uint8Array")))
            throw ConfigError("bytes should be a Uint8Array (a slice of the tensor's stored bytes)");
        const std::uint64_t n = bytes["length"].as<double>();
        std::uint8_t* dst = m.tensor_bytes(name.as<std::string>(), to_u64(offset, "offset"), n);
        val(emscripten::typed_memory_view(static_cast<std::size_t>(n), dst)).call<void>("set", bytes);
        return val::undefined();
    });
}

val js_open_model_finalize(val id) {
    return guarded([&] {
        OpenModel& m = handles().model(to_handle(id));
        m.finalize();
        val out = val::object();
        out.set("parameters", exact_js(m.parameters()));
        out.set("weightBytes", exact_js(m.weight_bytes()));
        out.set("maxPassTokens", static_cast<double>(m.max_pass_tokens()));
        return out;
    });
}

// What the caller leaves out keeps `opt`, the engine's defaults for the function.
OpenRunOptions run_options(const val& in, const char* function, OpenRunOptions opt) {
    const val o = options(in, function);
    opt.attention = opt_bool(o, "attention", opt.attention);
    opt.decode_kernels = opt_bool(o, "decodePath", opt.decode_kernels);
    opt.chunk_tokens = opt_positive(o, "chunkTokens", opt.chunk_tokens);
    if (has(o, "layers")) {
        const val l = o["layers"];
        if (!is_array(l)) throw ConfigError("layers should be an array of layer indices");
        for (std::size_t i = 0; i < l["length"].as<std::size_t>(); ++i)
            opt.layers.push_back(to_size(l[i], "layers[" + std::to_string(i) + "]"));
    }
    return opt;
}

val run_js(const OpenRunView& r) {
    val top5 = val::array();
    for (const TokenProbability& t : r.top) {
        val e = val::object();
        e.set("token", t.token);
        e.set("prob", number_js(t.prob, "top5 prob"));
        top5.call<void>("push", e);
    }
    val attention = val::array(), sink = val::array();
    for (const OpenLayerAttention& a : r.attention) {
        val layer = val::object();
        layer.set("layer", static_cast<double>(a.layer));
        layer.set("weights", tensor_js(a.weights, "attention weights"));
        attention.call<void>("push", layer);
    }
    for (const std::vector<float>& row : r.sink_share) sink.call<void>("push", float_list_js(row));
    val out = val::object();
    out.set("logitsLast", floats_js(r.logits_last, "logits"));
    out.set("top5", top5);
    out.set("attention", attention);
    out.set("sinkShare", sink);
    return out;
}

val js_open_model_run(val id, val tokens, val options_in) {
    return guarded([&] {
        const OpenModel& m = handles().model(to_handle(id));
        const OpenRunOptions opt = run_options(options_in, "openModelRun", OpenRunOptions{});
        return run_js(open_run_view(m.run(to_token_ids(tokens, "tokens"), opt), opt.attention));
    });
}

val js_open_model_pass(val id, val tokens, val options_in) {
    return guarded([&] {
        const int key = to_handle(id);
        const OpenModel& m = handles().model(key);
        const OpenRunOptions opt = run_options(options_in, "openModelPass", open_pass_defaults());
        return val(handles().add_pass(key, m.begin(to_token_ids(tokens, "tokens"), opt)));
    });
}

val js_open_model_pass_step(val pass_id) {
    return guarded([&] {
        const OpenPassProgress p = handles().step_pass(to_handle(pass_id));
        val out = val::object();
        out.set("layer", static_cast<double>(p.layer));
        out.set("layers", static_cast<double>(p.layers));
        out.set("chunk", static_cast<double>(p.chunk));
        out.set("chunks", static_cast<double>(p.chunks));
        out.set("done", p.done);
        return out;
    });
}

val js_open_model_pass_result(val pass_id, val options_in) {
    return guarded([&] {
        OpenPassResultOptions opt;  // what the caller leaves out keeps the engine's default
        opt.attention = opt_bool(options(options_in, "openModelPassResult"), "attention", opt.attention);
        return run_js(open_run_view(handles().finish_pass(to_handle(pass_id)), opt.attention));
    });
}

// { exact }: OpenGenerationOptions (open_model_api.hpp).
bool generation_exact(const val& options_in, const char* function) {
    return opt_bool(options(options_in, function), "exact", OpenGenerationOptions{}.exact);
}

val js_open_model_generate(val id, val prompt, val steps, val options_in) {
    return guarded([&] {
        const OpenModel& m = handles().model(to_handle(id));
        const bool exact = generation_exact(options_in, "openModelGenerate");
        const OpenGeneration g = m.generate(to_token_ids(prompt, "promptTokens"), to_size(steps, "steps"), exact);
        val out = val::object();
        out.set("tokens", int_array_js(g.tokens));
        out.set("generated", int_array_js(g.generated));
        return out;
    });
}

val js_open_model_generate_start(val id, val prompt, val steps, val options_in) {
    return guarded([&] {
        const int key = to_handle(id);
        const OpenModel& m = handles().model(key);
        const bool exact = generation_exact(options_in, "openModelGenerateStart");
        return val(handles().add_generation(
            key, m.start_generation(to_token_ids(prompt, "promptTokens"), to_size(steps, "steps"), exact)));
    });
}

// One layer (or the head) of the generation; the generation is forgotten once done.
val js_open_model_generate_step(val gen_id) {
    return guarded([&] {
        const OpenGenerationStep g = handles().step_generation(to_handle(gen_id));
        val out = val::object();
        out.set("token", g.token < 0 ? val::null() : val(g.token));
        out.set("generated", int_array_js(g.generated));
        out.set("done", g.done);
        return out;
    });
}

val js_open_model_generate_stop(val gen_id) {
    return guarded([&] { return val(handles().stop_generation(to_handle(gen_id))); });
}

val js_open_model_dequantize_row(val type, val bytes, val cols) {
    return guarded([&] {
        const WeightType t = parse_weight_type(type_string(type, "type"));
        const std::vector<std::uint8_t> b = to_bytes(bytes, "bytes");
        return floats_js(dequantize_row(t, b.data(), b.size(), to_size(cols, "cols")), "the decoded row");
    });
}

val js_open_model_unload(val id) {
    return guarded([&] { return val(handles().unload(to_handle(id))); });
}

// The kernels' threads (thread_pool.hpp): more than 1 only in the threaded build
// (attn-engine-threads, web/engine-threads.js), whose results are the same bits for any count.
val js_threads_available() { return val(static_cast<double>(threads::available())); }
val js_thread_count() { return val(static_cast<double>(threads::count())); }
val js_set_threads(val n) {
    return guarded([&] { return val(static_cast<double>(threads::set_count(to_size(n, "threads")))); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(attn_open_model) {
    using emscripten::function;
    function("openModelHeapLimit", &js_open_model_heap_limit);
    function("openModelBytesNeeded", &js_open_model_bytes_needed);
    function("openModelCreate", &js_open_model_create);
    function("openModelTensor", &js_open_model_tensor);
    function(
        "openModelTensor", +[](val id, val name, val type, val rows, val cols) {
            return js_open_model_tensor(id, name, type, rows, cols, val::undefined());
        });
    function("openModelTensorWrite", &js_open_model_tensor_write);
    function("openModelFinalize", &js_open_model_finalize);
    function("openModelRun", &js_open_model_run);
    function(
        "openModelRun", +[](val id, val tokens) { return js_open_model_run(id, tokens, val::undefined()); });
    function("openModelPass", &js_open_model_pass);
    function(
        "openModelPass", +[](val id, val tokens) { return js_open_model_pass(id, tokens, val::undefined()); });
    function("openModelPassStep", &js_open_model_pass_step);
    function("openModelPassResult", &js_open_model_pass_result);
    function(
        "openModelPassResult", +[](val pass_id) { return js_open_model_pass_result(pass_id, val::undefined()); });
    function("openModelGenerate", &js_open_model_generate);
    function(
        "openModelGenerate",
        +[](val id, val prompt, val steps) { return js_open_model_generate(id, prompt, steps, val::undefined()); });
    function("openModelGenerateStart", &js_open_model_generate_start);
    function(
        "openModelGenerateStart", +[](val id, val prompt, val steps) {
            return js_open_model_generate_start(id, prompt, steps, val::undefined());
        });
    function("openModelGenerateStep", &js_open_model_generate_step);
    function("openModelGenerateStop", &js_open_model_generate_stop);
    function("openModelDequantizeRow", &js_open_model_dequantize_row);
    function("openModelUnload", &js_open_model_unload);
    function("threadsAvailable", &js_threads_available);
    function("threadCount", &js_thread_count);
    function("setThreads", &js_set_threads);
}
