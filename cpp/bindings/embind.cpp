// The JS surface of the engine: a registration table (at the end) and one thin wrapper per
// function, which reads its arguments with convert.hpp, calls the engine and writes the result
// back. Nothing else happens here: the engine units compute, load configs (config_loader.hpp,
// over convert.hpp's JsConfigObject), keep loaded models under their ids (handles.hpp) and own
// every default, limit and result shape (an option left out keeps the engine struct's own
// default: `opt.x = opt_size(o, "x", opt.x)`; lab_views.hpp shapes what the lab shows);
// convert.hpp checks and copies.
//
// Conventions (documented for users in web/attn-engine.d.ts):
// - Every function takes plain values: numbers, arrays, and "options" objects with camelCase
//   keys. A matrix is either nested arrays (number[][]) or {shape: [rows, cols], data}.
// - Every result is a fresh plain JS object holding copies, so nothing points into the WASM
//   heap after the call and nothing needs .delete(); every number in it is finite.
// - Every error is a JS Error whose `name` is "ShapeError", "ValueError", "ConfigError" or
//   "MaskError" and whose message names the field or shapes (guarded()). The module stays
//   usable after an error.
#include <emscripten/bind.h>

#include <optional>
#include <string>
#include <vector>

#include "attn/course/config_loader.hpp"
#include "attn/course/experiments.hpp"
#include "attn/course/milestone_checks.hpp"
#include "attn/course/mla_experiment.hpp"
#include "attn/course/model_shapes.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/limits.hpp"
#include "attn/models/handles.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/models/lab_views.hpp"
#include "attn/models/ledger.hpp"
#include "attn/models/tiny_decoder.hpp"
#include "attn/models/weights_io.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/head_patterns.hpp"
#include "attn/ops/mask.hpp"
#include "attn/ops/rope.hpp"
#include "attn/ops/scores.hpp"
#include "attn/ops/softmax.hpp"
#include "attn/ops/top_k.hpp"
#include "convert.hpp"
#include "heap.hpp"

using namespace attn;
using namespace attn::js;

namespace {

// ---- attention, scores, softmax, masks, RoPE ------------------------------------------------

AttentionOptions attention_options(const val& o) {
    AttentionOptions opt;  // what the caller leaves out keeps the engine's default
    opt.n_heads = opt_positive(o, "nHeads", opt.n_heads);
    opt.n_kv_heads = opt_positive(o, "nKvHeads", opt.n_kv_heads);
    opt.causal = opt_bool(o, "causal", opt.causal);
    if (has(o, "mask")) opt.mask = to_mask(o["mask"], "mask");
    opt.scale = opt_float(o, "scale");
    opt.sink_logit = opt_float(o, "sinkLogit", kNotNanRule);
    if (has(o, "gateLogits")) opt.gate_logits = to_matrix(o["gateLogits"], "gateLogits");
    if (const auto mode = maybe_string(o, "maskMode")) opt.mask_mode = mask_mode_from_name(*mode);
    return opt;
}

val js_attention(val options_in) {
    return guarded([&] {
        const val o = options(options_in, "attention");
        const AttentionParts want = has(o, "want") ? attention_parts(to_names(o["want"])) : AttentionParts{};
        const AttentionOptions opt = attention_options(o);
        const Matrix q = to_matrix(o["q"], "q"), k = to_matrix(o["k"], "k"), v = to_matrix(o["v"], "v");
        const AttentionResult r = attention(q, k, v, opt, want);
        // The output first: an overflow shows there, named as such.
        const val output = tensor_js(r.output, "attention output");
        val out = val::object();
        if (want.scores) out.set("scores", tensor_js(r.scores, "attention scores"));
        if (want.weights) out.set("weights", tensor_js(r.weights, "attention weights"));
        if (want.sink_weight) out.set("sinkWeight", tensor_js(r.sink_weight, "attention sinkWeight"));
        if (want.output) out.set("output", output);
        return out;
    });
}

val js_matmul(val a, val b) {
    return guarded([&] { return tensor_js(matmul(to_matrix(a, "a"), to_matrix(b, "b"), "a", "b"), "matmul result"); });
}

val js_softmax(val scores, val options_in) {
    return guarded([&] {
        const val o = options(options_in, "softmax");
        const auto r =
            softmax(to_vector(scores, "scores", Finite::AllowNegInf), opt_float(o, "sinkLogit", kNotNanRule));
        val out = val::object();
        out.set("weights", floats_js(r.weights, "softmax weights"));
        out.set("sinkWeight", number_js(r.sink_weight, "softmax sinkWeight"));
        out.set("entropy", number_js(r.entropy, "softmax entropy"));
        return out;
    });
}

val js_proportional_split(val scores) {
    return guarded([&] { return floats_js(proportional_split(to_vector(scores, "scores")), "proportional split"); });
}

val js_dot(val a, val b) {
    return guarded([&] { return number_js(dot(to_vector(a, "a"), to_vector(b, "b")), "dot"); });
}

val js_cosine(val a, val b) {
    return guarded([&] { return number_js(cosine(to_vector(a, "a"), to_vector(b, "b")), "cosine"); });
}

val js_score_matrix(val q, val k, val options_in) {
    return guarded([&] {
        const val o = options(options_in, "scoreMatrix");
        return tensor_js(score_matrix(to_matrix(q, "q"), to_matrix(k, "k"), opt_float(o, "scale")), "scores");
    });
}

val js_cosine_matrix(val a, val b) {
    return guarded([&] { return tensor_js(cosine_matrix(to_matrix(a, "a"), to_matrix(b, "b")), "cosines"); });
}

val js_additive_score(val options_in) {
    return guarded([&] {
        const val o = options(options_in, "additiveScore");
        return number_js(additive_score(to_vector(o["q"], "q"), to_vector(o["k"], "k"), to_matrix(o["W1"], "W1"),
                                        to_matrix(o["W2"], "W2"), to_vector(o["v"], "v")),
                         "additive score");
    });
}

val js_causal_mask(val tq, val tk) {
    return guarded([&] {
        const Matrix as_numbers = xt::cast<float>(causal_mask(to_size(tq, "tq"), to_size(tk, "tk")));
        return tensor_js(as_numbers, "causal mask");
    });
}

val js_rope(val x, val options_in) {
    return guarded([&] {
        const val o = options(options_in, "rope");
        RopeConfig cfg;  // what the caller leaves out keeps the engine's default
        cfg.n_heads = opt_size(o, "nHeads", cfg.n_heads);
        cfg.rotary_dim = opt_size(o, "rotaryDim", cfg.rotary_dim);
        if (auto b = opt_float(o, "base")) cfg.base = *b;
        const std::vector<float> positions =
            has(o, "positions") ? to_floats(o["positions"], "positions") : std::vector<float>{};
        return tensor_js(rope(to_matrix(x, "x"), cfg, positions), "rope result");
    });
}

val js_rope_frequencies(val rotary_dim, val base) {
    return guarded([&] {
        const std::size_t r = limits::require_dimension(to_size(rotary_dim, "rotaryDim"), "rotaryDim");
        const float b = static_cast<float>(checked_number(base, "base", kFiniteRule));
        return floats_js(rope_frequencies(r, b), "rope frequencies");
    });
}

// ---- MLA, KV ledger, softmax variance -------------------------------------------------------

val js_mla(val options_in) {
    return guarded([&] {
        const val o = options(options_in, "mla");
        const MlaExperiment r = mla_experiment(load_mla_experiment_options(JsConfigObject(o)));
        val out = val::object();
        out.set("explicit", tensor_js(r.explicit_path.output, "MLA explicit output"));
        out.set("absorbed", tensor_js(r.absorbed.output, "MLA absorbed output"));
        out.set("maxAbsDiff", number_js(r.max_abs_diff, "MLA maxAbsDiff"));
        out.set("weights", tensor_js(r.explicit_path.weights, "MLA weights"));
        out.set("latent", tensor_js(r.cache.latent, "MLA latent"));
        out.set("kRope", tensor_js(r.cache.k_rope, "MLA kRope"));
        out.set("bytesPerTokenPerLayer", exact_js(r.bytes_per_token_per_layer));
        out.set("explicitBytesPerTokenPerLayer", exact_js(r.explicit_bytes_per_token_per_layer));
        out.set("ropeOnLatentError",
                r.rope_on_latent_error ? number_js(*r.rope_on_latent_error, "MLA ropeOnLatentError") : val::null());
        return out;
    });
}

// A course-data/models.json entry: an object, read by load_model_config().
JsConfigObject model_entry(const val& m) {
    if (kind_of(m) != JsKind::Object) throw ConfigError("model config should be an object");
    return JsConfigObject(m);
}

val js_kv_ledger(val m) {
    return guarded([&] {
        const KvLedgerView v = kv_ledger_view(load_model_config(model_entry(m)));
        val out = val::object();
        out.set("reportedBytesPerToken", nullable_js(v.reported_bytes_per_token));
        out.set("bytesPerToken", nullable_exact_js(v.bytes_per_token));
        out.set("bytesForContext", nullable_exact_js(v.bytes_for_context()));
        out.set("linearStateBytes", exact_js(v.linear_state_bytes));
        out.set("formula", v.formula ? val(*v.formula) : val::null());
        return out;
    });
}

val js_kv_ledger_variants(val m, val context_length) {
    return guarded([&] {
        const ModelConfig cfg = load_model_config(model_entry(m));
        const bool given = !context_length.isUndefined() && !context_length.isNull();
        val rows = val::array();
        for (const LedgerVariantRow& r : ledger_variant_rows(
                 cfg, given ? std::optional<std::uint64_t>(to_u64(context_length, "contextLength")) : std::nullopt)) {
            val row = val::object();
            row.set("kind", std::string(kind_name(r.kind)));
            row.set("kvHeads", nullable_exact_js(r.kv_heads));
            row.set("bytesPerToken", exact_js(r.bytes_per_token));
            row.set("bytesForContext", exact_js(r.bytes_for_context));
            row.set("cachedTokens", exact_js(r.cached_tokens));
            row.set("exceedsContext", r.exceeds_context);
            rows.call<void>("push", row);
        }
        return rows;
    });
}

val js_softmax_variance(val options_in) {
    return guarded([&] {
        const val o = options(options_in, "softmaxVariance");
        SoftmaxVarianceOptions opt;  // what the caller leaves out keeps the engine's default
        opt.d = opt_size(o, "d", opt.d);
        opt.n_keys = opt_size(o, "nKeys", opt.n_keys);
        opt.n_samples = opt_size(o, "nSamples", opt.n_samples);
        opt.seed = opt_u64(o, "seed", opt.seed);
        const SoftmaxVarianceResult r = softmax_variance(opt);
        val out = val::object();
        out.set("dots", floats_js(r.dots, "dots"));
        out.set("stdUnscaled", number_js(r.std_unscaled, "stdUnscaled"));
        out.set("stdScaled", number_js(r.std_scaled, "stdScaled"));
        out.set("weightsUnscaled", floats_js(r.weights_unscaled, "weightsUnscaled"));
        out.set("weightsScaled", floats_js(r.weights_scaled, "weightsScaled"));
        out.set("maxWeightUnscaled", number_js(r.max_weight_unscaled, "maxWeightUnscaled"));
        out.set("maxWeightScaled", number_js(r.max_weight_scaled, "maxWeightScaled"));
        out.set("entropyUnscaled", number_js(r.entropy_unscaled, "entropyUnscaled"));
        out.set("entropyScaled", number_js(r.entropy_scaled, "entropyScaled"));
        return out;
    });
}

// ---- tiny decoder and KV cache (lesson 8) ---------------------------------------------------

val js_tiny_decoder_generate(val options_in) {
    return guarded([&] {
        const val o = options(options_in, "tinyDecoderGenerate");
        const TinyDecoder model(load_tiny_decoder_config(JsConfigObject(o)));
        TinyGenerateOptions opt;  // what the caller leaves out keeps the engine's default
        opt.steps = opt_size(o, "steps", opt.steps);
        opt.use_cache = opt_bool(o, "useCache", opt.use_cache);
        const GenerateResult r = model.generate(to_token_ids(o["prompt"], "prompt"), opt.steps, opt.use_cache);
        val steps = val::array();
        for (const GenerateStep& s : r.steps) {
            val step = val::object();
            step.set("position", static_cast<double>(s.position));
            step.set("token", s.token);
            step.set("computed", size_array_js(s.computed));
            step.set("reused", size_array_js(s.reused));
            step.set("cacheBytes", exact_js(s.cache_bytes));
            step.set("logits", floats_js(s.logits, "logits"));
            steps.call<void>("push", step);
        }
        val out = val::object();
        out.set("tokens", int_array_js(r.tokens));
        out.set("generated", int_array_js(r.generated));
        out.set("kvComputed", static_cast<double>(r.kv_computed));
        out.set("kvReused", static_cast<double>(r.kv_reused));
        out.set("steps", steps);
        return out;
    });
}

val js_tiny_decoder_forward(val options_in) {
    return guarded([&] {
        const val o = options(options_in, "tinyDecoderForward");
        return tensor_js(
            TinyDecoder(load_tiny_decoder_config(JsConfigObject(o))).forward(to_token_ids(o["tokens"], "tokens")),
            "logits");
    });
}

val js_tiny_decoder_incremental_check(val options_in) {
    return guarded([&] {
        const val o = options(options_in, "tinyDecoderIncrementalCheck");
        const TinyDecoder model(load_tiny_decoder_config(JsConfigObject(o)));
        val out = val::object();
        out.set("maxAbsDiff",
                number_js(model.incremental_max_abs_diff(to_token_ids(o["tokens"], "tokens")), "maxAbsDiff"));
        return out;
    });
}

// ---- the lab's trained model (course-data/lab-model.bin) ----------------------------------

const LabModel& lab_model(const val& id) { return lab_model_handles().get(to_handle(id)); }

val lab_config_js(const LabConfig& c) {
    val o = val::object();
    o.set("vocab", static_cast<double>(c.vocab));
    o.set("dModel", static_cast<double>(c.d_model));
    o.set("nLayers", static_cast<double>(c.n_layers));
    o.set("nHeads", static_cast<double>(c.n_heads));
    o.set("nKvHeads", static_cast<double>(c.n_kv_heads));
    o.set("dHead", static_cast<double>(c.d_head));
    o.set("mlpHidden", static_cast<double>(c.mlp_hidden));
    o.set("context", static_cast<double>(c.context));
    o.set("ropeBase", c.rope_base);
    o.set("qkNorm", c.qk_norm);
    o.set("outputGate", c.output_gate);
    std::vector<std::string> types;
    for (std::size_t l = 0; l < c.n_layers; ++l) types.push_back(layer_type_name(layer_type(c, l)));
    o.set("layerTypes", string_array_js(types));
    o.set("fullLayers", static_cast<double>(full_layer_count(c)));
    o.set("linearLayers", static_cast<double>(linear_layer_count(c)));
    o.set("linearHeads", static_cast<double>(c.linear_heads));
    o.set("linearHeadDim", static_cast<double>(c.linear_head_dim));
    o.set("convKernel", static_cast<double>(c.conv_kernel));
    return o;
}

// {tokens} as ids, or {text} encoded with <bos> first.
std::vector<int> lab_tokens(const LabModel& model, const val& o) {
    if (has(o, "tokens")) return to_token_ids(o["tokens"], "tokens");
    if (const auto text = maybe_string(o, "text")) return model.encode(*text);
    throw ShapeError("give tokens (number[]) or text (string)");
}

val js_lab_load(val bytes) {
    return guarded([&] {
        const std::vector<std::uint8_t> file = to_bytes(bytes, "bytes");
        // A loaded model stays in the WASM heap, under its id, until labUnload(id): the one
        // exception to "nothing to delete", so the page parses the file once and runs it often.
        const int id = lab_model_handles().add(load_lab_weights(file.data(), file.size()));
        const LabModel& model = lab_model_handles().get(id);
        val out = val::object();
        out.set("id", id);
        out.set("config", lab_config_js(model.config()));
        out.set("vocab", string_array_js(model.vocab()));
        return out;
    });
}

val js_lab_run(val id, val options_in) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const val o = options(options_in, "labRun");
        LabRunOptions opt;  // what the caller leaves out keeps the engine's default
        opt.attention = opt_bool(o, "attention", opt.attention);
        const LabRunView r = lab_run(model, lab_tokens(model, o), opt);
        val top5 = val::array();
        for (const TokenProbability& t : r.top) {
            val e = val::object();
            e.set("token", t.token);
            e.set("char", model.vocab()[t.token]);
            e.set("prob", number_js(t.prob, "top5 prob"));
            top5.call<void>("push", e);
        }
        val attention = val::array(), sink = val::array();
        for (const LabLayerView& l : r.layers) {
            val layer = val::object();
            layer.set("layer", static_cast<double>(l.layer));
            layer.set("type", std::string(layer_type_name(l.type)));
            if (l.type == LabLayerType::Linear) {
                layer.set("stateBytes", exact_js(r.layer_state_bytes));
                layer.set("recurrentStateBytes", exact_js(r.layer_recurrent_state_bytes));
                layer.set("stateNorms", tensor_js(l.state_norms, "state norms"));
            } else {
                layer.set("weights", tensor_js(l.weights, "attention weights"));
            }
            attention.call<void>("push", layer);
        }
        for (const std::vector<float>& row : r.sink_share) sink.call<void>("push", float_list_js(row));
        val out = val::object();
        out.set("tokens", int_array_js(r.tokens));
        out.set("labels", string_array_js(r.labels));
        out.set("logits", tensor_js(r.logits, "logits"));
        out.set("top5", top5);
        out.set("attention", attention);
        out.set("sinkShare", sink);
        return out;
    });
}

val js_lab_generate(val id, val options_in) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const val o = options(options_in, "labGenerate");
        const LabGenerationView g = lab_generate(model, lab_tokens(model, o), opt_size(o, "steps", kLabGenerateSteps));
        val out = val::object();
        out.set("tokens", int_array_js(g.generation.tokens));
        out.set("generated", int_array_js(g.generation.generated));
        out.set("text", g.text);
        out.set("generatedText", g.generated_text);
        return out;
    });
}

// Every weight of a loaded model as it computes with it (f32; a file stored in f16 gives values
// that are exactly halves), named and ordered as lab_tensors(): what the exporter
// (scripts/export-lab-model.mjs) turns into other layouts without parsing the file format again.
val js_lab_tensors(val id) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        val out = val::array();
        for (const auto& [name, m] : lab_tensors(model.weights(), model.config())) {
            val t = tensor_js(*m, name);
            t.set("name", name);
            out.call<void>("push", t);
        }
        return out;
    });
}

val js_lab_ledger(val id, val options_in) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const val o = options(options_in, "labLedger");
        LabLedgerOptions opt;  // what the caller leaves out keeps the engine's default
        opt.dtype_bytes = opt_u64(o, "dtypeBytes", opt.dtype_bytes);
        if (has(o, "tokens")) opt.tokens = to_u64(o["tokens"], "tokens");
        const LabLedgerView v = lab_ledger(model.config(), opt);
        val out = val::object();
        out.set("fullLayers", exact_js(v.full_layers));
        out.set("linearLayers", exact_js(v.linear_layers));
        out.set("kvBytesPerToken", exact_js(v.kv_bytes_per_token));
        out.set("stateBytes", exact_js(v.state_bytes));
        out.set("recurrentStateBytes", exact_js(v.recurrent_state_bytes));
        out.set("tokens", exact_js(v.tokens));
        out.set("bytesForContext", exact_js(v.bytes_for_context));
        out.set("exceedsContext", v.exceeds_context);
        out.set("formula", v.formula);
        return out;
    });
}

val js_head_patterns(val weights) {
    return guarded([&] { return head_patterns_js(head_patterns(to_tensor3(weights, "weights"))); });
}

val js_lab_unload(val id) {
    return guarded([&] { return val(lab_model_handles().unload(to_handle(id))); });
}

// ---- byte counts behind the widgets' formulas -----------------------------------------------

val js_score_memory(val options_in) {
    return guarded([&] {
        const val o = options(options_in, "scoreMemory");
        const ScoreMemory m =
            score_memory(to_u64(o["T"], "T"), to_u64(o["dA"], "dA"), opt_u64(o, "dtypeBytes", kScoreMemoryDtypeBytes));
        val out = val::object();
        out.set("additiveBytes", exact_js(m.additive_bytes));
        out.set("dotBytes", exact_js(m.dot_bytes));
        return out;
    });
}

// A course-data/models.json entry (MHA / GQA / MQA attention) → its data flow for T tokens:
// <attn-data-flow>. Sizes the entry lacks (vocabSize, intermediateSize) leave as null.
val js_model_stages(val model, val tokens) {
    return guarded([&] {
        const val m = options(model, "modelStages");
        const DecoderShapeConfig cfg = load_decoder_shape_config(JsConfigObject(m));
        const auto size = [](const std::optional<std::uint64_t>& x) { return x ? exact_js(*x) : val::null(); };
        const auto dims = [&](const std::vector<Dim>& ds) {
            val out = val::array();
            for (const Dim& d : ds) {
                val o = val::object();
                o.set("symbol", d.symbol);
                o.set("size", size(d.size));
                out.call<void>("push", o);
            }
            return out;
        };
        val out = val::array();
        for (const Stage& s : model_stages(cfg, to_u64(tokens, "tokens"))) {
            val terms = val::array();
            for (const ParamTerm& t : s.terms) {
                val o = val::object();
                o.set("name", t.name);
                o.set("rows", size(t.rows));
                o.set("cols", size(t.cols));
                o.set("params", size(t.params));
                terms.call<void>("push", o);
            }
            val o = val::object();
            o.set("id", s.id);
            o.set("input", dims(s.input));
            o.set("output", dims(s.output));
            o.set("terms", terms);
            o.set("occurrences", exact_js(s.occurrences));
            o.set("paramsPerOccurrence", size(s.params_per_occurrence));
            o.set("paramsTotal", size(s.params_total));
            o.set("stateBytes", exact_js(s.state_bytes));
            out.call<void>("push", o);
        }
        return out;
    });
}

val js_kv_reduction(val from_bytes, val to_bytes) {
    return guarded([&] {
        return number_js(reduction(to_u64(from_bytes, "fromBytes"), to_u64(to_bytes, "toBytes")), "reduction");
    });
}

std::string js_simd_path() { return kernels::active_path(); }

// Bytes the allocator has handed out and not taken back: the leak check of the tests.
double js_heap_bytes_in_use() { return static_cast<double>(heap_bytes_in_use()); }

// ---- the project milestone's checks on a loaded lab model (milestone_checks.hpp) ------------

// What the caller leaves out keeps the engine's default.
MilestoneOptions milestone_options(const val& o) {
    MilestoneOptions opt;
    if (const auto fault = maybe_string(o, "fault")) opt.fault = parse_milestone_fault(*fault);
    return opt;
}

val milestone_diff_js(const MilestoneDiff& r) {
    val out = val::object();
    out.set("ok", r.ok);
    out.set("maxAbsDiff", number_js(r.max_abs_diff, "maxAbsDiff"));
    out.set("tolerance", r.tolerance);
    out.set("nHeads", exact_js(r.n_heads));
    out.set("nKvHeads", exact_js(r.n_kv_heads));
    out.set("compared", exact_js(r.compared));
    return out;
}

val js_lab_check_gqa_tied(val id, val options_in) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const val o = options(options_in, "labCheckGqaTied");
        return milestone_diff_js(check_gqa_equals_tied_mha(model, lab_tokens(model, o), milestone_options(o).fault));
    });
}

val js_lab_check_mha(val id, val options_in) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const val o = options(options_in, "labCheckMha");
        return milestone_diff_js(
            check_kv_heads_equal_heads_is_mha(model, lab_tokens(model, o), milestone_options(o).fault));
    });
}

val js_lab_check_incremental(val id, val options_in) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const val o = options(options_in, "labCheckIncremental");
        return milestone_diff_js(
            check_incremental_matches_full(model, lab_tokens(model, o), milestone_options(o).fault));
    });
}

val js_lab_check_greedy(val id, val options_in) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const val o = options(options_in, "labCheckGreedy");
        MilestoneOptions opt = milestone_options(o);
        opt.greedy_steps = opt_size(o, "steps", opt.greedy_steps);
        const MilestoneGreedy g =
            check_greedy_with_and_without_cache(model, lab_tokens(model, o), opt.greedy_steps, opt.fault);
        val out = val::object();
        out.set("ok", g.ok);
        out.set("withCache", int_array_js(g.with_cache));
        out.set("withoutCache", int_array_js(g.without_cache));
        out.set("withCacheText", model.decode(g.with_cache));
        out.set("withoutCacheText", model.decode(g.without_cache));
        out.set("firstDifference", static_cast<double>(g.first_difference));
        return out;
    });
}

val js_lab_check_cache_bytes(val id, val options_in) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const val o = options(options_in, "labCheckCacheBytes");
        const MilestoneCacheBytes r = check_cache_bytes_halve(model, lab_tokens(model, o), milestone_options(o).fault);
        val out = val::object();
        out.set("ok", r.ok);
        out.set("kvHeads", size_array_js(r.kv_heads));
        out.set("bytes", size_array_js(r.bytes));
        out.set("tokens", exact_js(r.tokens));
        out.set("fullLayers", exact_js(r.full_layers));
        out.set("dHead", exact_js(r.d_head));
        return out;
    });
}

val js_lab_check_causal(val id, val options_in) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const val o = options(options_in, "labCheckCausal");
        const MilestoneCausal r = check_causal_weights(model, lab_tokens(model, o), milestone_options(o).fault);
        val out = val::object();
        out.set("ok", r.ok);
        out.set("nonzeroAbove", exact_js(r.nonzero_above));
        out.set("above", exact_js(r.above));
        out.set("maxAbove", number_js(r.max_above, "maxAbove"));
        out.set("maxRowSumError", number_js(r.max_row_sum_error, "maxRowSumError"));
        out.set("rows", exact_js(r.rows));
        out.set("tolerance", r.tolerance);
        return out;
    });
}

}  // namespace

EMSCRIPTEN_BINDINGS(attn_engine) {
    using emscripten::function;
    function("attention", &js_attention);
    function("matmul", &js_matmul);
    function("softmax", &js_softmax);
    function("proportionalSplit", &js_proportional_split);
    function("dot", &js_dot);
    function("cosine", &js_cosine);
    function("scoreMatrix", &js_score_matrix);
    function("cosineMatrix", &js_cosine_matrix);
    function("additiveScore", &js_additive_score);
    function("causalMask", &js_causal_mask);
    function("rope", &js_rope);
    function("ropeFrequencies", &js_rope_frequencies);
    function("tinyDecoderGenerate", &js_tiny_decoder_generate);
    function("tinyDecoderForward", &js_tiny_decoder_forward);
    function("tinyDecoderIncrementalCheck", &js_tiny_decoder_incremental_check);
    function("mla", &js_mla);
    function("kvLedger", &js_kv_ledger);
    function("kvLedgerVariants", &js_kv_ledger_variants);
    function("softmaxVariance", &js_softmax_variance);
    // Trailing options may be left out: Embind picks the overload by argument count.
    function(
        "softmax", +[](val scores) { return js_softmax(scores, val::undefined()); });
    function(
        "scoreMatrix", +[](val q, val k) { return js_score_matrix(q, k, val::undefined()); });
    function(
        "rope", +[](val x) { return js_rope(x, val::undefined()); });
    function(
        "ropeFrequencies", +[](val rotary_dim) { return js_rope_frequencies(rotary_dim, val(RopeConfig{}.base)); });
    function(
        "kvLedgerVariants", +[](val m) { return js_kv_ledger_variants(m, val::undefined()); });
    function("labLoad", &js_lab_load);
    function("labRun", &js_lab_run);
    function("labGenerate", &js_lab_generate);
    function("labTensors", &js_lab_tensors);
    function("labLedger", &js_lab_ledger);
    function("headPatterns", &js_head_patterns);
    function("labUnload", &js_lab_unload);
    function("scoreMemory", &js_score_memory);
    function("kvReduction", &js_kv_reduction);
    function("modelStages", &js_model_stages);
    function("simdPath", &js_simd_path);
    function("heapBytesInUse", &js_heap_bytes_in_use);
    function("labCheckGqaTied", &js_lab_check_gqa_tied);
    function("labCheckMha", &js_lab_check_mha);
    function("labCheckIncremental", &js_lab_check_incremental);
    function("labCheckGreedy", &js_lab_check_greedy);
    function("labCheckCacheBytes", &js_lab_check_cache_bytes);
    function("labCheckCausal", &js_lab_check_causal);
}
