// The JS surface of the opened model (open_model.hpp): create from a config, hand over each
// tensor (allocate it, then write its bytes slice by slice), finalise, run (whole, or one layer
// per call for a progress bar), generate (whole, or one layer per call), unload. Same conventions
// as embind.cpp: plain values in, fresh copies out, every error a JS Error named by its kind
// (guarded()).
//
// No view into the heap leaves a call: openModelTensorWrite copies the caller's bytes in through
// a view made and dropped inside the call, checked against a model and tensor that exist now. (A
// view handed out once would outlive an unload and write into whatever the heap holds next.)
#include <emscripten/bind.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/limits.hpp"
#include "attn/open_model.hpp"
#include "attn/quant_blocks.hpp"
#include "attn/top_k.hpp"
#include "convert.hpp"
#include "heap.hpp"

using namespace attn;
using namespace attn::js;

namespace {

std::map<int, std::unique_ptr<OpenModel>>& open_models() {
    static std::map<int, std::unique_ptr<OpenModel>> models;
    return models;
}

struct PassEntry {
    int model;
    OpenPass pass;
};

std::map<int, PassEntry>& open_passes() {
    static std::map<int, PassEntry> passes;
    return passes;
}

struct GeneratorEntry {
    int model;
    OpenGenerator generator;
};

std::map<int, GeneratorEntry>& open_generators() {
    static std::map<int, GeneratorEntry> generators;
    return generators;
}

int next_id() {
    static int id = 1;
    return id++;
}

// -1 for anything that is not an id this file could have returned.
int js_id(const val& id) {
    const double x = id.typeOf().as<std::string>() == "number" ? id.as<double>() : -1.0;
    return x >= 0 && x <= 2147483647.0 && x == static_cast<double>(static_cast<int>(x)) ? static_cast<int>(x) : -1;
}

OpenModel& open_model(const val& id) {
    const auto it = open_models().find(js_id(id));
    if (it == open_models().end()) {
        std::string loaded;
        for (const auto& [k, m] : open_models()) loaded += (loaded.empty() ? "" : ", ") + std::to_string(k);
        throw ValueError("no open model with id " + std::to_string(js_id(id)) +
                         " (loaded: " + (loaded.empty() ? "none" : loaded) + "); call openModelCreate first");
    }
    return *it->second;
}

std::size_t required_size(const val& o, const char* key) {
    if (!has(o, key)) throw ConfigError(std::string("config.") + key + " is missing");
    return to_size(o[key], std::string("config.") + key);
}

// config.json's rope_scaling, camelCased: {type: 'linear' | 'llama3', factor, lowFreqFactor,
// highFreqFactor, originalContext}.
RopeScaling rope_scaling_from_js(const val& in) {
    const val o = options(in, "ropeScaling");
    RopeScaling s;
    const std::string type = opt_string(o, "type", "");
    if (type == "linear")
        s.kind = RopeScaling::Kind::Linear;
    else if (type == "llama3")
        s.kind = RopeScaling::Kind::Llama3;
    else
        throw ConfigError("ropeScaling.type '" + type + "' is not supported (linear, llama3)");
    s.factor = opt_float(o, "factor").value_or(1.0f);
    s.low_freq_factor = opt_float(o, "lowFreqFactor").value_or(1.0f);
    s.high_freq_factor = opt_float(o, "highFreqFactor").value_or(4.0f);
    s.original_context = opt_float(o, "originalContext").value_or(8192.0f);
    return s;
}

OpenModelConfig config_from_js(const val& in) {
    const val o = options(in, "openModel config");
    OpenModelConfig c;
    if (!has(o, "arch") || o["arch"].typeOf().as<std::string>() != "string")
        throw ConfigError("config.arch should be one of 'gpt2', 'llama', 'mistral', 'qwen2', 'qwen3'");
    c.arch = parse_open_arch(o["arch"].as<std::string>());
    c.vocab = required_size(o, "vocab");
    c.d_model = required_size(o, "dModel");
    c.n_layers = required_size(o, "nLayers");
    c.n_heads = required_size(o, "nHeads");
    c.n_kv_heads = has(o, "nKvHeads") ? required_size(o, "nKvHeads") : c.n_heads;
    c.d_head = has(o, "dHead") || c.n_heads == 0 ? required_size(o, "dHead") : c.d_model / c.n_heads;
    c.mlp_hidden = required_size(o, "mlpHidden");
    c.context = required_size(o, "context");
    c.rope_theta = opt_float(o, "ropeTheta").value_or(10000.0f);
    c.norm_eps = opt_float(o, "normEps").value_or(c.arch == OpenArch::Gpt2 ? 1e-5f : 1e-6f);
    c.tied_embeddings = opt_bool(o, "tiedEmbeddings", c.arch == OpenArch::Gpt2);
    c.attention_bias = opt_bool(o, "attentionBias", false);
    c.attn_output_gate = opt_bool(o, "attnOutputGate", false);
    c.sliding_window = opt_size(o, "slidingWindow", 0);
    if (has(o, "ropeScaling")) c.rope_scaling = rope_scaling_from_js(o["ropeScaling"]);
    if (has(o, "ropeFreqFactors")) c.rope_freq_factors = to_floats(o["ropeFreqFactors"], "config.ropeFreqFactors");
    validate(c);
    return c;
}

gemm::BLayout layout_from_js(const val& v) {
    const std::string s = v.typeOf().as<std::string>() == "string" ? v.as<std::string>() : "";
    if (s == "nk" || v.isUndefined()) return gemm::BLayout::NK;
    if (s == "kn") return gemm::BLayout::KN;
    throw ConfigError("layout should be 'nk' ([out, in]) or 'kn' ([in, out])");
}

std::string type_string(const val& v, const std::string& field) {
    if (v.typeOf().as<std::string>() != "string") throw ConfigError(field + " should be a weight type name string");
    return v.as<std::string>();
}

std::string too_large(const std::string& what, std::uint64_t need, std::uint64_t left) {
    const auto mib = [](std::uint64_t b) { return std::to_string((b + (1 << 20) - 1) >> 20) + " MiB"; };
    return what + " needs " + mib(need) + " (" + std::to_string(need) + " bytes), the engine's heap has " + mib(left) +
           " (" + std::to_string(left) + " bytes) left";
}

val js_open_model_heap_limit() {
    return guarded([&] { return exact_js(heap_bytes_available()); });
}

val js_open_model_bytes_needed(val config, val tensors) {
    return guarded([&] {
        const OpenModelConfig c = config_from_js(config);
        if (!is_array(tensors)) throw ShapeError("tensorsInfo should be an array of {name, type, rows, cols}");
        std::vector<OpenTensorInfo> infos;
        const std::size_t n = tensors["length"].as<std::size_t>();
        for (std::size_t i = 0; i < n; ++i) {
            const val t = options(tensors[i], "tensorsInfo entry");
            const std::string at = "tensorsInfo[" + std::to_string(i) + "]";
            const std::string name =
                has(t, "name") && t["name"].typeOf().as<std::string>() == "string" ? t["name"].as<std::string>() : at;
            infos.push_back({name, parse_weight_type(type_string(t["type"], at + ".type"), name + "'s type"),
                             to_size(t["rows"], at + ".rows"), to_size(t["cols"], at + ".cols")});
        }
        return exact_js(open_model_bytes_needed(c, infos));
    });
}

val js_open_model_create(val config) {
    return guarded([&] {
        const OpenModelConfig c = config_from_js(config);
        const std::uint64_t working = open_model_bytes_needed(c, {}), left = heap_bytes_available();
        if (working > left) throw ShapeError(too_large("a run of this model (without its weights)", working, left));
        auto model = std::make_unique<OpenModel>(c);
        const int id = next_id();
        open_models()[id] = std::move(model);
        val out = val::object();
        out.set("id", id);
        out.set("heapLimitBytes", exact_js(heap_bytes_available()));
        return out;
    });
}

val js_open_model_tensor(val id, val name, val type, val rows, val cols, val layout) {
    return guarded([&] {
        OpenModel& m = open_model(id);
        if (name.typeOf().as<std::string>() != "string") throw ConfigError("name should be a tensor name string");
        const std::string n = name.as<std::string>();
        const WeightType t = parse_weight_type(type_string(type, n + "'s type"), n + "'s type");
        const std::size_t r = to_size(rows, "rows"), c = to_size(cols, "cols");
        const std::uint64_t bytes = limits::checked_mul(r, row_bytes(t, c, n), "the tensor's bytes"),
                            left = heap_bytes_available();
        if (bytes > left) throw ShapeError(too_large("tensor '" + n + "'", bytes, left));
        m.tensor(n, t, r, c, layout_from_js(layout));
        return exact_js(bytes);
    });
}

val js_open_model_tensor_write(val id, val name, val offset, val bytes) {
    return guarded([&] {
        OpenModel& m = open_model(id);
        if (name.typeOf().as<std::string>() != "string") throw ConfigError("name should be a tensor name string");
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
        OpenModel& m = open_model(id);
        m.finalize();
        val out = val::object();
        out.set("parameters", exact_js(m.parameters()));
        out.set("weightBytes", exact_js(m.weight_bytes()));
        out.set("maxPassTokens", static_cast<double>(m.max_pass_tokens()));
        return out;
    });
}

OpenRunOptions run_options(const val& in, const char* function, bool attention_default) {
    const val o = options(in, function);
    OpenRunOptions opt;
    opt.attention = opt_bool(o, "attention", attention_default);
    opt.decode_kernels = opt_bool(o, "decodePath", false);
    if (has(o, "layers")) {
        const val l = o["layers"];
        if (!is_array(l)) throw ConfigError("layers should be an array of layer indices");
        for (std::size_t i = 0; i < l["length"].as<std::size_t>(); ++i)
            opt.layers.push_back(to_size(l[i], "layers[" + std::to_string(i) + "]"));
    }
    return opt;
}

val run_js(const OpenRunResult& r, bool with_attention) {
    const std::size_t V = r.logits.shape(1), last = r.logits.shape(0) - 1;
    val top5 = val::array();
    for (const TokenProbability& t : top_k_softmax(&r.logits(last, 0), V, 5)) {
        val e = val::object();
        e.set("token", t.token);
        e.set("prob", number_js(t.prob, "top5 prob"));
        top5.call<void>("push", e);
    }
    val attention = val::array(), sink = val::array();
    if (with_attention) {
        for (const OpenLayerAttention& a : r.attention) {
            val layer = val::object();
            layer.set("layer", static_cast<double>(a.layer));
            layer.set("weights", floats_js(std::vector<float>(a.weights.data(), a.weights.data() + a.weights.size()),
                                           "attention weights"));
            layer.set("heads", static_cast<double>(a.weights.shape(0)));
            layer.set("t", static_cast<double>(a.weights.shape(1)));
            attention.call<void>("push", layer);
        }
        for (const auto& row : r.sink_share) {
            val js_row = val::array();
            for (const float x : row) js_row.call<void>("push", x);
            sink.call<void>("push", js_row);
        }
    }
    val out = val::object();
    out.set("logitsLast", floats_js(std::vector<float>(&r.logits(last, 0), &r.logits(last, 0) + V), "logits"));
    out.set("top5", top5);
    out.set("attention", attention);
    out.set("sinkShare", sink);
    return out;
}

val js_open_model_run(val id, val tokens, val options_in) {
    return guarded([&] {
        const OpenModel& m = open_model(id);
        const OpenRunOptions opt = run_options(options_in, "openModelRun", false);
        return run_js(m.run(to_token_ids(tokens, "tokens"), opt), opt.attention);
    });
}

val js_open_model_pass(val id, val tokens, val options_in) {
    return guarded([&] {
        const int key = js_id(id);
        const OpenModel& m = open_model(id);
        const OpenRunOptions opt = run_options(options_in, "openModelPass", true);
        OpenPass pass = m.begin(to_token_ids(tokens, "tokens"), opt);
        const int pass_id = next_id();
        open_passes().emplace(pass_id, PassEntry{key, std::move(pass)});
        return val(pass_id);
    });
}

PassEntry& pass_entry(const val& pass_id) {
    const auto it = open_passes().find(js_id(pass_id));
    if (it == open_passes().end())
        throw ValueError("no pass with id " + std::to_string(js_id(pass_id)) +
                         " (finished, its model unloaded, or never started with openModelPass)");
    return it->second;
}

val js_open_model_pass_step(val pass_id) {
    return guarded([&] {
        PassEntry& e = pass_entry(pass_id);
        const OpenModel& m = open_model(val(e.model));
        m.step(e.pass);
        val out = val::object();
        out.set("layer", static_cast<double>(e.pass.layer - 1));
        out.set("layers", static_cast<double>(e.pass.n_layers));
        out.set("done", e.pass.done());
        return out;
    });
}

val js_open_model_pass_result(val pass_id, val options_in) {
    return guarded([&] {
        const int key = js_id(pass_id);
        PassEntry& e = pass_entry(pass_id);
        const OpenModel& m = open_model(val(e.model));
        const bool attention = opt_bool(options(options_in, "openModelPassResult"), "attention", true);
        const bool collected = e.pass.options.attention;
        const OpenRunResult r = m.finish(e.pass);
        open_passes().erase(key);
        return run_js(r, attention && collected);
    });
}

// { exact }: the f32 GEMM for the token steps instead of gemm.hpp's decode path.
bool generation_exact(const val& options_in, const char* function) {
    return opt_bool(options(options_in, function), "exact", false);
}

val js_open_model_generate(val id, val prompt, val steps, val options_in) {
    return guarded([&] {
        const OpenModel& m = open_model(id);
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
        const int key = js_id(id);
        const OpenModel& m = open_model(id);
        const bool exact = generation_exact(options_in, "openModelGenerateStart");
        OpenGenerator g = m.start_generation(to_token_ids(prompt, "promptTokens"), to_size(steps, "steps"), exact);
        const int gen_id = next_id();
        open_generators().emplace(gen_id, GeneratorEntry{key, std::move(g)});
        return val(gen_id);
    });
}

GeneratorEntry& generator_entry(const val& gen_id) {
    const auto it = open_generators().find(js_id(gen_id));
    if (it == open_generators().end())
        throw ValueError("no generation with id " + std::to_string(js_id(gen_id)) +
                         " (finished, stopped, its model unloaded, or never started with openModelGenerateStart)");
    return it->second;
}

// One layer (or the head) of the generation; the generation is forgotten once done.
val js_open_model_generate_step(val gen_id) {
    return guarded([&] {
        const int key = js_id(gen_id);
        GeneratorEntry& e = generator_entry(gen_id);
        const OpenModel& m = open_model(val(e.model));
        const int token = m.generation_step(e.generator);
        val out = val::object();
        out.set("token", token < 0 ? val::null() : val(token));
        out.set("generated", int_array_js(e.generator.out.generated));
        out.set("done", e.generator.done());
        if (e.generator.done()) open_generators().erase(key);
        return out;
    });
}

val js_open_model_generate_stop(val gen_id) {
    return guarded([&] { return val(open_generators().erase(js_id(gen_id)) == 1); });
}

val js_open_model_dequantize_row(val type, val bytes, val cols) {
    return guarded([&] {
        const WeightType t = parse_weight_type(type_string(type, "type"));
        const std::vector<std::uint8_t> b = to_bytes(bytes, "bytes");
        return floats_js(dequantize_row(t, b.data(), b.size(), to_size(cols, "cols")), "the decoded row");
    });
}

val js_open_model_unload(val id) {
    return guarded([&] {
        const int key = js_id(id);
        for (auto it = open_passes().begin(); it != open_passes().end();)
            it = it->second.model == key ? open_passes().erase(it) : std::next(it);
        for (auto it = open_generators().begin(); it != open_generators().end();)
            it = it->second.model == key ? open_generators().erase(it) : std::next(it);
        return val(open_models().erase(key) == 1);
    });
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
}
