// The only file that knows JavaScript exists: it turns JS values into engine types, calls the
// engine, and turns results back into plain JS values.
//
// Conventions of the JS surface (documented in web/attn-engine.d.ts):
// - Every function takes plain values: numbers, arrays, and "options" objects with camelCase
//   keys. A matrix is either nested arrays (number[][]) or {shape: [rows, cols], data}.
// - Every result is a fresh plain JS object holding copies (Float32Array .slice()), so nothing
//   points into the WASM heap after the call and nothing needs .delete().
// - Every engine error (attn::AttnError) becomes a JS Error whose `name` is the error kind
//   ("ShapeError", "ValueError", "ConfigError", "MaskError") and whose message is the engine's.
//   The module stays usable after an error.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "attn/attention.hpp"
#include "attn/errors.hpp"
#include "attn/experiments.hpp"
#include "attn/head_patterns.hpp"
#include "attn/kernels.hpp"
#include "attn/lab_model.hpp"
#include "attn/ledger.hpp"
#include "attn/mask.hpp"
#include "attn/mla.hpp"
#include "attn/model_shapes.hpp"
#include "attn/random.hpp"
#include "attn/rope.hpp"
#include "attn/scores.hpp"
#include "attn/softmax.hpp"
#include "attn/tiny_decoder.hpp"
#include "attn/weights_io.hpp"

using emscripten::val;
using namespace attn;

namespace {

// ---- errors ---------------------------------------------------------------------------------

}  // namespace

// Throws a JS Error out of WASM. A JS throw unwinds the C++ frames without running their
// destructors, so nothing that owns memory may be alive when this is called (see guarded()).
EM_JS(void, attn_throw_js_error, (const char* name, const char* message), {
    var err = new Error(UTF8ToString(message));
    err.name = UTF8ToString(name);
    throw err;
});

namespace {

// Runs f, converting engine errors (and argument errors found here) into JS exceptions. The
// C++ exception is fully handled first (its catch block ends, freeing it and, through stack
// unwinding, everything f had allocated); only the two strings survive, in static buffers
// that are reused, so 10,000 failing calls leave the heap where it was.
template <class F>
val guarded(F&& f) {
    static std::string name, message;
    try {
        return f();
    } catch (const AttnError& e) {
        name = e.kind_name();
        message = e.what();
    } catch (const std::exception& e) {
        name = "AttnError";
        message = e.what();
    }
    attn_throw_js_error(name.c_str(), message.c_str());
    __builtin_unreachable();
}

// ---- JS → engine ----------------------------------------------------------------------------

bool has(const val& o, const char* key) {
    return o.typeOf().as<std::string>() == "object" && !o[key].isUndefined() && !o[key].isNull();
}

bool is_array(const val& v) { return val::global("Array").call<bool>("isArray", v); }

// A JS number used as a size or count: finite, whole, 0 … 2^31 − 1 (size_t is 32-bit in WASM).
std::size_t to_size(const val& v, const std::string& name) {
    const double x = v.typeOf().as<std::string>() == "number" ? v.as<double>() : -1.0;
    if (!std::isfinite(x) || x < 0 || x != std::floor(x) || x > 2147483647.0)
        throw ConfigError(name + " should be a whole number from 0 to 2147483647");
    return static_cast<std::size_t>(x);
}

// A shape from JS: every entry a size, and their product small enough to allocate.
std::vector<std::size_t> to_shape(const val& shape, std::size_t rank, const std::string& name) {
    if (!is_array(shape) || shape["length"].as<double>() != double(rank))
        throw ShapeError(name + ".shape should have " + std::to_string(rank) + " entries");
    std::vector<std::size_t> dims(rank);
    std::uint64_t count = 1;
    for (std::size_t i = 0; i < rank; ++i) {
        dims[i] = to_size(shape[i], name + ".shape[" + std::to_string(i) + "]");
        count *= dims[i];
        if (count > 2147483647ull) throw ShapeError(name + ".shape describes more than 2^31 numbers");
    }
    return dims;
}

std::vector<float> numbers(const val& v, const std::string& name) {
    std::vector<float> out = emscripten::convertJSArrayToNumberVector<float>(v);
    const std::size_t n = v["length"].as<std::size_t>();
    if (out.size() != n) throw ShapeError(name + " should be an array of numbers");
    return out;
}

Matrix to_matrix(const val& v, const std::string& name) {
    if (v.isUndefined() || v.isNull()) throw ShapeError("missing matrix '" + name + "'");
    if (is_array(v)) {
        const std::size_t rows = v["length"].as<std::size_t>();
        if (rows == 0) throw ShapeError(name + " has no rows");
        if (!is_array(v[0])) throw ShapeError(name + " should be an array of rows (number[][])");
        const std::size_t cols = v[0]["length"].as<std::size_t>();
        Matrix m({rows, cols});
        for (std::size_t i = 0; i < rows; ++i) {
            const val row = v[i];
            if (!is_array(row) || row["length"].as<std::size_t>() != cols)
                throw ShapeError(name + " row " + std::to_string(i) + " should have " + std::to_string(cols) +
                                 " numbers like row 0");
            for (std::size_t j = 0; j < cols; ++j) {
                const val x = row[j];
                if (x.typeOf().as<std::string>() != "number")
                    throw ValueError(name + "[" + std::to_string(i) + ", " + std::to_string(j) + "] is not a number");
                m(i, j) = x.as<float>();
            }
        }
        return m;
    }
    if (has(v, "shape") && has(v, "data")) {
        const auto dims = to_shape(v["shape"], 2, name);
        const std::size_t rows = dims[0], cols = dims[1];
        const std::vector<float> data = numbers(v["data"], name + ".data");
        if (data.size() != rows * cols)
            throw ShapeError(name + ".data has " + std::to_string(data.size()) + " numbers, shape [" +
                             std::to_string(rows) + ", " + std::to_string(cols) + "] needs " +
                             std::to_string(rows * cols));
        Matrix m({rows, cols});
        std::copy(data.begin(), data.end(), m.begin());
        return m;
    }
    throw ShapeError(name + " should be number[][] or {shape: [rows, cols], data}");
}

Vector to_vector(const val& v, const std::string& name) {
    if (v.isUndefined() || v.isNull()) throw ShapeError("missing vector '" + name + "'");
    const std::vector<float> data = numbers(v, name);
    Vector out = xt::zeros<float>({data.size()});
    std::copy(data.begin(), data.end(), out.begin());
    return out;
}

Mask to_mask(const val& v, const std::string& name) {
    const Matrix m = to_matrix(v, name);
    Mask out({m.shape(0), m.shape(1)});
    for (std::size_t i = 0; i < m.size(); ++i) {
        const float x = m.data()[i];
        if (x != 0.0f && x != 1.0f) throw ValueError(name + " entries must be 0/1 or true/false");
        out.data()[i] = x != 0.0f;
    }
    return out;
}

std::optional<float> opt_number(const val& o, const char* key) {
    if (!has(o, key)) return std::nullopt;
    if (o[key].typeOf().as<std::string>() != "number") throw ValueError(std::string(key) + " should be a number");
    return o[key].as<float>();
}

std::size_t opt_size(const val& o, const char* key, std::size_t fallback) {
    return has(o, key) ? to_size(o[key], key) : fallback;
}

bool opt_bool(const val& o, const char* key, bool fallback) { return has(o, key) ? o[key].as<bool>() : fallback; }

// ---- engine → JS ----------------------------------------------------------------------------

template <class T>
val tensor(const T& t) {
    val shape = val::array();
    for (auto s : t.shape()) shape.call<void>("push", val(static_cast<double>(s)));
    val out = val::object();
    out.set("shape", shape);
    // slice(): a copy, so the result survives heap growth and owns its memory.
    out.set("data", val(emscripten::typed_memory_view(t.size(), t.data())).call<val>("slice"));
    return out;
}

val vector_js(const Vector& v) { return val(emscripten::typed_memory_view(v.size(), v.data())).call<val>("slice"); }

// ---- bound functions ------------------------------------------------------------------------

val js_attention(val o) {
    return guarded([&] {
        AttentionOptions opt;
        opt.n_heads = opt_size(o, "nHeads", 1);
        opt.n_kv_heads = opt_size(o, "nKvHeads", 0);
        opt.causal = opt_bool(o, "causal", false);
        if (has(o, "mask")) opt.mask = to_mask(o["mask"], "mask");
        opt.scale = opt_number(o, "scale");
        opt.sink_logit = opt_number(o, "sinkLogit");
        if (has(o, "gateLogits")) opt.gate_logits = to_matrix(o["gateLogits"], "gateLogits");
        if (has(o, "maskMode")) {
            const val m = o["maskMode"];
            const std::string mode = m.typeOf().as<std::string>() == "string" ? m.as<std::string>() : "";
            if (mode == "zero-after-softmax")
                opt.mask_mode = MaskMode::ZeroAfterSoftmax;
            else if (mode != "neg-inf")
                throw ConfigError("maskMode should be 'neg-inf' or 'zero-after-softmax'");
        }
        const auto r = attention(to_matrix(o["q"], "q"), to_matrix(o["k"], "k"), to_matrix(o["v"], "v"), opt);
        val out = val::object();
        out.set("scores", tensor(r.scores));
        out.set("weights", tensor(r.weights));
        out.set("sinkWeight", tensor(r.sink_weight));
        out.set("output", tensor(r.output));
        return out;
    });
}

val js_matmul(val a, val b) {
    return guarded([&] { return tensor(matmul(to_matrix(a, "a"), to_matrix(b, "b"), "a", "b")); });
}

val js_softmax(val scores, val o) {
    return guarded([&] {
        const auto r = softmax(to_vector(scores, "scores"), opt_number(o, "sinkLogit"));
        val out = val::object();
        out.set("weights", vector_js(r.weights));
        out.set("sinkWeight", r.sink_weight);
        out.set("entropy", r.entropy);
        return out;
    });
}

val js_proportional_split(val scores) {
    return guarded([&] { return vector_js(proportional_split(to_vector(scores, "scores"))); });
}

val js_dot(val a, val b) {
    return guarded([&] { return val(dot(to_vector(a, "a"), to_vector(b, "b"))); });
}
val js_cosine(val a, val b) {
    return guarded([&] { return val(cosine(to_vector(a, "a"), to_vector(b, "b"))); });
}

val js_score_matrix(val q, val k, val o) {
    return guarded([&] {
        const Matrix qm = to_matrix(q, "q");
        const auto scale = opt_number(o, "scale");
        return tensor(score_matrix(qm, to_matrix(k, "k"), scale ? *scale : 1.0f / std::sqrt(float(qm.shape(1)))));
    });
}

val js_cosine_matrix(val a, val b) {
    return guarded([&] { return tensor(cosine_matrix(to_matrix(a, "a"), to_matrix(b, "b"))); });
}

val js_additive_score(val o) {
    return guarded([&] {
        return val(additive_score(to_vector(o["q"], "q"), to_vector(o["k"], "k"), to_matrix(o["W1"], "W1"),
                                  to_matrix(o["W2"], "W2"), to_vector(o["v"], "v")));
    });
}

val js_causal_mask(val tq, val tk) {
    return guarded([&] {
        const Mask m = causal_mask(to_size(tq, "tq"), to_size(tk, "tk"));
        const Matrix f = xt::cast<float>(m);
        return tensor(f);
    });
}

val js_rope(val x, val o) {
    return guarded([&] {
        RopeConfig cfg;
        cfg.n_heads = opt_size(o, "nHeads", 1);
        cfg.rotary_dim = opt_size(o, "rotaryDim", 0);
        if (auto b = opt_number(o, "base")) cfg.base = *b;
        std::vector<float> positions;
        if (has(o, "positions")) positions = numbers(o["positions"], "positions");
        return tensor(rope(to_matrix(x, "x"), cfg, positions));
    });
}

val js_rope_frequencies(val rotary_dim, val base) {
    return guarded([&] {
        if (base.typeOf().as<std::string>() != "number") throw ValueError("base should be a number");
        const auto f = rope_frequencies(to_size(rotary_dim, "rotaryDim"), base.as<float>());
        return val(emscripten::typed_memory_view(f.size(), f.data())).call<val>("slice");
    });
}

// ---- MLA, KV ledger, softmax variance ---------------------------------------------------

// A non-negative integer read as a double, exact up to 2^53 (opt_size's float rounds above
// 2^24, which byte counts and seeds pass).
std::uint64_t to_u64(const val& v, const char* name) {
    const double x = v.typeOf().as<std::string>() == "number" ? v.as<double>() : -1.0;
    if (!(x >= 0) || x != std::floor(x) || x > 9007199254740992.0)
        throw ConfigError(std::string(name) + " should be a non-negative integer (at most 2^53)");
    return static_cast<std::uint64_t>(x);
}

std::uint64_t opt_u64(const val& o, const char* key, std::uint64_t fallback) {
    return has(o, key) ? to_u64(o[key], key) : fallback;
}

// Bytes leave as doubles, exact below 2^53 (8 PiB); past that a number on screen would be wrong.
val exact(std::uint64_t x) {
    if (x > (1ull << 53)) throw ValueError(std::to_string(x) + " B is above 2^53 and cannot reach JavaScript exactly");
    return val(static_cast<double>(x));
}

val js_mla(val o) {
    return guarded([&] {
        MlaConfig cfg;
        cfg.n_heads = opt_size(o, "nHeads", 2);
        cfg.d_nope = opt_size(o, "dNope", 8);
        cfg.d_rope = opt_size(o, "dRope", 4);
        cfg.kv_lora_rank = opt_size(o, "kvLoraRank", 8);
        cfg.d_value = opt_size(o, "dValue", 8);
        if (auto b = opt_number(o, "ropeBase")) cfg.rope_base = *b;
        const std::size_t d_model = opt_size(o, "dModel", 32);
        const std::uint64_t seed = opt_u64(o, "seed", 1);
        const MlaWeights w = random_mla_weights(d_model, cfg, seed + 1);
        const Matrix x = Rng(seed).normal_matrix(opt_size(o, "T", 6), d_model);
        const MlaOutput e = mla_explicit(x, w, cfg), a = mla_absorbed(x, w, cfg);
        const MlaCache cache = mla_cache(x, w, cfg);
        const std::size_t dtype = opt_size(o, "dtypeBytes", 2);
        val out = val::object();
        out.set("explicit", tensor(e.output));
        out.set("absorbed", tensor(a.output));
        out.set("maxAbsDiff", xt::amax(xt::abs(e.output - a.output))());
        out.set("weights", tensor(e.weights));
        out.set("latent", tensor(cache.latent));
        out.set("kRope", tensor(cache.k_rope));
        out.set("bytesPerTokenPerLayer", exact(mla_cache_bytes_per_token(cfg, dtype)));
        out.set("explicitBytesPerTokenPerLayer", exact(mla_explicit_cache_bytes_per_token(cfg, dtype)));
        out.set("ropeOnLatentError",
                cfg.d_nope % 2 == 0 ? val(absorbed_with_rope_on_latent_error(x, w, cfg).max_abs_diff) : val::null());
        return out;
    });
}

// A course-data/models.json entry → ModelConfig. Entries with only reportedKvBytesPerToken
// have no shape: `attention` is then absent and the caller decides.
ModelConfig model_config(const val& m) {
    if (m.typeOf().as<std::string>() != "object" || m.isNull()) throw ConfigError("model config should be an object");
    ModelConfig cfg;
    if (has(m, "name")) {
        if (m["name"].typeOf().as<std::string>() != "string") throw ConfigError("name should be a string");
        cfg.name = m["name"].as<std::string>();
    }
    cfg.layers = opt_u64(m, "layers", 0);
    if (has(m, "fullAttentionLayers")) cfg.full_attention_layers = opt_u64(m, "fullAttentionLayers", 0);
    cfg.dtype_bytes = opt_u64(m, "dtypeBytes", 2);
    if (has(m, "reportedKvBytesPerToken")) {
        const val r = m["reportedKvBytesPerToken"];
        if (r.typeOf().as<std::string>() != "number") throw ValueError("reportedKvBytesPerToken should be a number");
        cfg.reported_bytes_per_token = r.as<double>();
    }
    if (has(m, "linearAttention")) {
        const val lin = m["linearAttention"];
        cfg.linear_attention_layers = opt_u64(lin, "layers", 0);
        cfg.linear_state_bytes = opt_u64(lin, "stateBytesTotal", 0);
    }
    if (!has(m, "attention")) {
        if (!cfg.reported_bytes_per_token) throw ConfigError(cfg.name + ": model config needs 'attention'");
        return cfg;
    }
    const val at = m["attention"];
    if (!has(at, "kind") || at["kind"].typeOf().as<std::string>() != "string")
        throw ConfigError(cfg.name + ": attention.kind should be one of mha, gqa, mqa, mla");
    cfg.kind = parse_kind(at["kind"].as<std::string>());
    cfg.n_heads = opt_u64(at, "nHeads", 0);
    cfg.n_kv_heads = opt_u64(at, "nKvHeads", 0);
    cfg.head_dim = opt_u64(at, "headDim", 0);
    cfg.kv_lora_rank = opt_u64(at, "kvLoraRank", 0);
    cfg.rope_dim = opt_u64(at, "ropeDim", 0);
    return cfg;
}

val nullable(const std::optional<double>& x) { return x ? val(*x) : val::null(); }

val js_kv_ledger(val m) {
    return guarded([&] {
        const ModelConfig cfg = model_config(m);
        val out = val::object();
        out.set("reportedBytesPerToken", nullable(cfg.reported_bytes_per_token));
        if (!has(m, "attention")) {  // a reported figure only: shown, never computed
            out.set("bytesPerToken", val::null());
            out.set("bytesForContext", val::null());
            out.set("linearStateBytes", exact(cfg.linear_state_bytes));
            out.set("formula", val::null());
            return out;
        }
        out.set("bytesPerToken", exact(bytes_per_token(cfg)));
        out.set("bytesForContext",
                has(m, "contextLength") ? exact(bytes_for_context(cfg, opt_u64(m, "contextLength", 0))) : val::null());
        out.set("linearStateBytes", exact(cfg.linear_state_bytes));
        out.set("formula", bytes_per_token_formula(cfg));
        return out;
    });
}

val js_kv_ledger_variants(val m, val context_length) {
    return guarded([&] {
        const ModelConfig cfg = model_config(m);
        if (!has(m, "attention"))
            throw ConfigError(cfg.name + ": only a reported KV figure, no attention shape to re-cast");
        // The argument wins; a models.json entry's own (native) contextLength is the fallback.
        const bool given = !context_length.isUndefined() && !context_length.isNull();
        if (!given && !has(m, "contextLength"))
            throw ConfigError(cfg.name + ": kvLedgerVariants needs a contextLength");
        const std::uint64_t tokens = given ? to_u64(context_length, "contextLength") : opt_u64(m, "contextLength", 0);
        val rows = val::array();
        for (const LedgerRow& r : ledger_variants(cfg, tokens)) {
            val row = val::object();
            row.set("kind", std::string(kind_name(r.kind)));
            row.set("kvHeads", r.kind == AttentionKind::MLA ? val::null() : exact(r.kv_heads));
            row.set("bytesPerToken", exact(r.bytes_per_token));
            row.set("bytesForContext", exact(r.bytes_for_context));
            rows.call<void>("push", row);
        }
        return rows;
    });
}

val js_softmax_variance(val o) {
    return guarded([&] {
        const auto r = softmax_variance(opt_size(o, "d", 64), opt_size(o, "nKeys", 10), opt_size(o, "nSamples", 1000),
                                        opt_u64(o, "seed", 42));
        val out = val::object();
        out.set("dots", vector_js(r.dots));
        out.set("stdUnscaled", r.std_unscaled);
        out.set("stdScaled", r.std_scaled);
        out.set("weightsUnscaled", vector_js(r.weights_unscaled));
        out.set("weightsScaled", vector_js(r.weights_scaled));
        out.set("maxWeightUnscaled", r.max_weight_unscaled);
        out.set("maxWeightScaled", r.max_weight_scaled);
        out.set("entropyUnscaled", r.entropy_unscaled);
        out.set("entropyScaled", r.entropy_scaled);
        return out;
    });
}

// ---- tiny decoder and KV cache (lesson 8) ---------------------------------------------------

// Omitted keys keep TinyDecoderConfig's defaults (vocab 16, dModel 16, nLayers 2, nHeads 4,
// nKvHeads 2, dHead 4, rotaryDim 0 = all, ropeBase 10000, mlpHidden 32, seed 1).
TinyDecoderConfig decoder_config(const val& o) {
    TinyDecoderConfig cfg;
    cfg.vocab = opt_size(o, "vocab", cfg.vocab);
    cfg.d_model = opt_size(o, "dModel", cfg.d_model);
    cfg.n_layers = opt_size(o, "nLayers", cfg.n_layers);
    cfg.n_heads = opt_size(o, "nHeads", cfg.n_heads);
    cfg.n_kv_heads = opt_size(o, "nKvHeads", cfg.n_kv_heads);
    cfg.d_head = opt_size(o, "dHead", cfg.d_head);
    cfg.rotary_dim = opt_size(o, "rotaryDim", cfg.rotary_dim);
    if (auto b = opt_number(o, "ropeBase")) cfg.rope_base = *b;
    cfg.mlp_hidden = opt_size(o, "mlpHidden", cfg.mlp_hidden);
    cfg.seed = opt_u64(o, "seed", cfg.seed);
    return cfg;
}

// Integer ids only; the range against the vocabulary is the engine's check (it names the position).
std::vector<int> token_ids(const val& v, const std::string& name) {
    if (!is_array(v)) throw ShapeError(name + " should be an array of token ids");
    const std::size_t n = v["length"].as<std::size_t>();
    std::vector<int> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        const val x = v[i];
        const double id = x.typeOf().as<std::string>() == "number" ? x.as<double>() : 0.5;
        if (id != std::floor(id) || std::fabs(id) > 2147483647.0)
            throw ValueError(name + "[" + std::to_string(i) + "] is not an integer token id");
        out[i] = static_cast<int>(id);
    }
    return out;
}

template <class T>
val int_array(const std::vector<T>& xs) {
    val out = val::array();
    for (const T x : xs) out.call<void>("push", val(static_cast<double>(x)));
    return out;
}

val js_tiny_decoder_generate(val o) {
    return guarded([&] {
        const TinyDecoder model(decoder_config(o));
        const GenerateResult r =
            model.generate(token_ids(o["prompt"], "prompt"), opt_size(o, "steps", 3), opt_bool(o, "useCache", true));
        val steps = val::array();
        for (const GenerateStep& s : r.steps) {
            val step = val::object();
            step.set("position", static_cast<double>(s.position));
            step.set("token", s.token);
            step.set("computed", int_array(s.computed));
            step.set("reused", int_array(s.reused));
            step.set("cacheBytes", static_cast<double>(s.cache_bytes));
            step.set("logits", vector_js(s.logits));
            steps.call<void>("push", step);
        }
        val out = val::object();
        out.set("tokens", int_array(r.tokens));
        out.set("generated", int_array(r.generated));
        out.set("kvComputed", static_cast<double>(r.kv_computed));
        out.set("kvReused", static_cast<double>(r.kv_reused));
        out.set("steps", steps);
        return out;
    });
}

val js_tiny_decoder_forward(val o) {
    return guarded([&] { return tensor(TinyDecoder(decoder_config(o)).forward(token_ids(o["tokens"], "tokens"))); });
}

val js_tiny_decoder_incremental_check(val o) {
    return guarded([&] {
        const TinyDecoder model(decoder_config(o));
        val out = val::object();
        out.set("maxAbsDiff", model.incremental_max_abs_diff(token_ids(o["tokens"], "tokens")));
        return out;
    });
}

// ---- the lab's trained model (course-data/lab-model.bin) ----------------------------------

// The one exception to "nothing to delete": a loaded model stays in the WASM heap, under its id,
// until labUnload(id), so the page parses the file once and runs it many times.
std::map<int, std::unique_ptr<LabModel>>& lab_models() {
    static std::map<int, std::unique_ptr<LabModel>> models;
    return models;
}

// -1 for anything that is not an id labLoad could have returned.
int lab_id(const val& id) {
    const double x = id.typeOf().as<std::string>() == "number" ? id.as<double>() : -1.0;
    return x >= 0 && x <= 2147483647.0 && x == std::floor(x) ? static_cast<int>(x) : -1;
}

const LabModel& lab_model(const val& id) {
    const int key = lab_id(id);
    const auto it = lab_models().find(key);
    if (it == lab_models().end()) {
        std::string loaded;
        for (const auto& [k, m] : lab_models()) loaded += (loaded.empty() ? "" : ", ") + std::to_string(k);
        throw ValueError("no lab model with id " + (key < 0 ? std::string("(not an id)") : std::to_string(key)) +
                         " (loaded: " + (loaded.empty() ? "none" : loaded) + "); call labLoad first");
    }
    return *it->second;
}

std::vector<std::uint8_t> to_bytes(const val& v, const std::string& name) {
    const val u8 = val::global("Uint8Array");
    const val arr = v.instanceof (val::global("ArrayBuffer")) ? u8.new_(v) : v;
    if (!arr.instanceof (u8))
        throw ValueError(name + " should be a Uint8Array (or ArrayBuffer) holding the weights file");
    std::vector<std::uint8_t> out(arr["length"].as<std::size_t>());
    val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", arr);
    return out;
}

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
    return o;
}

val string_array(const std::vector<std::string>& xs) {
    val out = val::array();
    for (const std::string& x : xs) out.call<void>("push", val(x));
    return out;
}

// {tokens} as ids, or {text} encoded with <bos> first.
std::vector<int> lab_tokens(const LabModel& model, const val& o) {
    if (has(o, "tokens")) return token_ids(o["tokens"], "tokens");
    if (has(o, "text")) {
        if (o["text"].typeOf().as<std::string>() != "string") throw ValueError("text should be a string");
        return model.encode(o["text"].as<std::string>());
    }
    throw ShapeError("give tokens (number[]) or text (string)");
}

val js_lab_load(val bytes) {
    return guarded([&] {
        const std::vector<std::uint8_t> file = to_bytes(bytes, "bytes");
        auto model = std::make_unique<LabModel>(load_lab_weights(file.data(), file.size()));
        static int next_id = 1;
        const int id = next_id++;
        val out = val::object();
        out.set("id", id);
        out.set("config", lab_config_js(model->config()));
        out.set("vocab", string_array(model->vocab()));
        lab_models()[id] = std::move(model);
        return out;
    });
}

val js_lab_run(val id, val o) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const std::vector<int> tokens = lab_tokens(model, o);
        const LabForward r = model.forward(tokens, opt_bool(o, "attention", false));
        const std::size_t T = tokens.size(), V = model.config().vocab;
        // Top 5 of the last position: softmax in double, ties to the lower id.
        const float* last = &r.logits(T - 1, 0);
        const float m = *std::max_element(last, last + V);
        double z = 0.0;
        for (std::size_t v = 0; v < V; ++v) z += std::exp(static_cast<double>(last[v] - m));
        std::vector<int> order(V);
        for (std::size_t v = 0; v < V; ++v) order[v] = static_cast<int>(v);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return last[a] > last[b]; });
        val top5 = val::array();
        for (std::size_t k = 0; k < std::min<std::size_t>(5, V); ++k) {
            val e = val::object();
            e.set("token", order[k]);
            e.set("char", model.vocab()[order[k]]);
            e.set("prob", std::exp(static_cast<double>(last[order[k]] - m)) / z);
            top5.call<void>("push", e);
        }
        std::vector<std::string> labels;
        for (const int t : tokens) labels.push_back(model.vocab()[t]);
        val attention = val::array(), sink = val::array();
        for (std::size_t l = 0; l < r.attention.size(); ++l) {
            val layer = val::object();
            layer.set("layer", static_cast<double>(l));
            layer.set("weights", tensor(r.attention[l]));
            attention.call<void>("push", layer);
            if (T >= 2) {
                val row = val::array();
                for (const float x : sink_share(r.attention[l])) row.call<void>("push", x);
                sink.call<void>("push", row);
            }
        }
        val out = val::object();
        out.set("tokens", int_array(tokens));
        out.set("labels", string_array(labels));
        out.set("logits", tensor(r.logits));
        out.set("top5", top5);
        out.set("attention", attention);
        out.set("sinkShare", sink);
        return out;
    });
}

val js_lab_generate(val id, val o) {
    return guarded([&] {
        const LabModel& model = lab_model(id);
        const LabGeneration g = model.generate(lab_tokens(model, o), opt_size(o, "steps", 8));
        // The text without the leading <bos>, as the student typed it plus what the model added.
        const std::vector<int> shown(g.tokens.begin() + (g.tokens.front() == kLabBos ? 1 : 0), g.tokens.end());
        val out = val::object();
        out.set("tokens", int_array(g.tokens));
        out.set("generated", int_array(g.generated));
        out.set("text", model.decode(shown));
        out.set("generatedText", model.decode(g.generated));
        return out;
    });
}

// {shape: [a, b, c], data} → Tensor3: labRun's attention[l].weights [H, T, T] as it came out.
Tensor3 to_tensor3(const val& v, const std::string& name) {
    if (!has(v, "shape") || !has(v, "data")) throw ShapeError(name + " should be {shape: [a, b, c], data}");
    const auto dims = to_shape(v["shape"], 3, name);
    const std::size_t a = dims[0], b = dims[1], c = dims[2];
    const std::vector<float> data = numbers(v["data"], name + ".data");
    if (data.size() != a * b * c)
        throw ShapeError(name + ".data has " + std::to_string(data.size()) + " numbers, shape [" + std::to_string(a) +
                         ", " + std::to_string(b) + ", " + std::to_string(c) + "] needs " + std::to_string(a * b * c));
    Tensor3 t({a, b, c});
    std::copy(data.begin(), data.end(), t.begin());
    return t;
}

val js_head_patterns(val weights) {
    return guarded([&] {
        val out = val::array();
        for (const HeadPattern& p : head_patterns(to_tensor3(weights, "weights"))) {
            val o = val::object();
            o.set("previousToken", p.previous_token);
            o.set("firstToken", p.first_token);
            o.set("diagonal", p.diagonal);
            o.set("other", p.other);
            out.call<void>("push", o);
        }
        return out;
    });
}

val js_lab_unload(val id) {
    return guarded([&] { return val(lab_models().erase(lab_id(id)) == 1); });
}

// ---- byte counts behind the widgets' formulas -----------------------------------------------

val js_score_memory(val o) {
    return guarded([&] {
        const ScoreMemory m = score_memory(to_u64(o["T"], "T"), to_u64(o["dA"], "dA"), opt_u64(o, "dtypeBytes", 2));
        val out = val::object();
        out.set("additiveBytes", exact(m.additive_bytes));
        out.set("dotBytes", exact(m.dot_bytes));
        return out;
    });
}

// A course-data/models.json entry (MHA / GQA / MQA attention) → its data flow for T tokens:
// <attn-data-flow>. Sizes the entry lacks (vocabSize, intermediateSize) leave as null.
val js_model_stages(val m, val tokens) {
    return guarded([&] {
        DecoderShapeConfig cfg;
        if (has(m, "name") && m["name"].typeOf().as<std::string>() == "string") cfg.name = m["name"].as<std::string>();
        if (!has(m, "attention") || !has(m["attention"], "nKvHeads"))
            throw ConfigError(cfg.name + ": modelStages needs attention with nHeads, nKvHeads and headDim");
        const val at = m["attention"];
        cfg.hidden = opt_u64(m, "hiddenSize", 0);
        cfg.layers = opt_u64(m, "layers", 0);
        cfg.full_attention_layers = opt_u64(m, "fullAttentionLayers", cfg.layers);
        cfg.n_heads = opt_u64(at, "nHeads", 0);
        cfg.n_kv_heads = opt_u64(at, "nKvHeads", 0);
        cfg.head_dim = opt_u64(at, "headDim", 0);
        cfg.qk_norm = opt_bool(at, "qkNorm", false);
        cfg.output_gate = opt_bool(at, "outputGate", false);
        if (has(m, "linearAttention")) cfg.linear_state_bytes = opt_u64(m["linearAttention"], "stateBytesTotal", 0);
        if (has(m, "vocabSize")) cfg.vocab_size = opt_u64(m, "vocabSize", 0);
        if (has(m, "intermediateSize")) cfg.ffn_width = opt_u64(m, "intermediateSize", 0);
        const auto size = [](const std::optional<std::uint64_t>& x) { return x ? exact(*x) : val::null(); };
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
            o.set("occurrences", exact(s.occurrences));
            o.set("paramsPerOccurrence", size(s.params_per_occurrence));
            o.set("paramsTotal", size(s.params_total));
            o.set("stateBytes", exact(s.state_bytes));
            out.call<void>("push", o);
        }
        return out;
    });
}

val js_kv_reduction(val from_bytes, val to_bytes) {
    return guarded([&] { return val(reduction(to_u64(from_bytes, "fromBytes"), to_u64(to_bytes, "toBytes"))); });
}

std::string js_simd_path() { return kernels::active_path(); }

// Bytes the allocator has handed out and not taken back: the leak check of the tests.
double js_heap_bytes_in_use() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(attn_engine) {
    emscripten::function("attention", &js_attention);
    emscripten::function("matmul", &js_matmul);
    emscripten::function("softmax", &js_softmax);
    emscripten::function("proportionalSplit", &js_proportional_split);
    emscripten::function("dot", &js_dot);
    emscripten::function("cosine", &js_cosine);
    emscripten::function("scoreMatrix", &js_score_matrix);
    emscripten::function("cosineMatrix", &js_cosine_matrix);
    emscripten::function("additiveScore", &js_additive_score);
    emscripten::function("causalMask", &js_causal_mask);
    emscripten::function("rope", &js_rope);
    emscripten::function("ropeFrequencies", &js_rope_frequencies);
    emscripten::function("tinyDecoderGenerate", &js_tiny_decoder_generate);
    emscripten::function("tinyDecoderForward", &js_tiny_decoder_forward);
    emscripten::function("tinyDecoderIncrementalCheck", &js_tiny_decoder_incremental_check);
    emscripten::function("mla", &js_mla);
    emscripten::function("kvLedger", &js_kv_ledger);
    emscripten::function("kvLedgerVariants", &js_kv_ledger_variants);
    emscripten::function("softmaxVariance", &js_softmax_variance);
    // Trailing options may be left out: Embind picks the overload by argument count.
    emscripten::function(
        "softmax", +[](val scores) { return js_softmax(scores, val::undefined()); });
    emscripten::function(
        "scoreMatrix", +[](val q, val k) { return js_score_matrix(q, k, val::undefined()); });
    emscripten::function(
        "rope", +[](val x) { return js_rope(x, val::undefined()); });
    emscripten::function(
        "ropeFrequencies", +[](val rotary_dim) { return js_rope_frequencies(rotary_dim, val(10000.0)); });
    emscripten::function(
        "kvLedgerVariants", +[](val m) { return js_kv_ledger_variants(m, val::undefined()); });
    emscripten::function("labLoad", &js_lab_load);
    emscripten::function("labRun", &js_lab_run);
    emscripten::function("labGenerate", &js_lab_generate);
    emscripten::function("headPatterns", &js_head_patterns);
    emscripten::function("labUnload", &js_lab_unload);
    emscripten::function("scoreMemory", &js_score_memory);
    emscripten::function("kvReduction", &js_kv_reduction);
    emscripten::function("modelStages", &js_model_stages);
    emscripten::function("simdPath", &js_simd_path);
    emscripten::function("heapBytesInUse", &js_heap_bytes_in_use);
}
