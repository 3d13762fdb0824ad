#include "convert.hpp"

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cmath>
#include <limits>

#include "attn/limits.hpp"

namespace attn::js {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr const char* kOverflow = ": float32 overflow, the inputs are too large for this computation";

std::string type_of(const val& v) { return v.typeOf().as<std::string>(); }

// How a number shows in a message: 2.5, -1, NaN, Infinity, or the JS type for a non-number.
std::string describe(const val& v) {
    const std::string t = type_of(v);
    if (t != "number") return v.isNull() ? "null" : t;
    const double x = v.as<double>();
    if (std::isnan(x)) return "NaN";
    if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
    // Integers as they are; no float formatting (printf's would add 12 KB to the module).
    return x == std::floor(x) && std::fabs(x) < 9007199254740992.0 ? std::to_string(static_cast<long long>(x))
                                                                   : "a fraction";
}

[[noreturn]] void fail(ErrorKind kind, const std::string& message) {
    switch (kind) {
        case ErrorKind::Shape:
            throw ShapeError(message);
        case ErrorKind::Value:
            throw ValueError(message);
        case ErrorKind::Config:
            throw ConfigError(message);
        case ErrorKind::Mask:
            throw MaskError(message);
    }
    throw ValueError(message);
}

std::string nonfinite_word(float x) { return std::isnan(x) ? "NaN" : "infinite"; }

// `why` follows the message: inputs name the entry, results say what went wrong.
void check_entries(const float* p, std::size_t n, const std::vector<std::size_t>& shape, const std::string& name,
                   Finite finite, const char* why = "") {
    for (std::size_t i = 0; i < n; ++i) {
        const float x = p[i];
        if (std::isfinite(x) || (finite == Finite::AllowNegInf && x == -std::numeric_limits<float>::infinity()))
            continue;
        // Row-major flat index → [i, j, …] as the error names it.
        std::vector<std::size_t> at(shape.size());
        std::size_t rest = i;
        for (std::size_t a = shape.size(); a-- > 0;) {
            at[a] = shape[a] ? rest % shape[a] : 0;
            rest = shape[a] ? rest / shape[a] : 0;
        }
        std::string idx;
        for (std::size_t a = 0; a < at.size(); ++a) idx += (a ? ", " : "") + std::to_string(at[a]);
        throw ValueError(name + "[" + idx + "] is " + nonfinite_word(x) + why);
    }
}

// An Array or a typed array (not a DataView): what may carry numbers.
bool is_array_like(const val& v) {
    if (is_array(v)) return true;
    return type_of(v) == "object" && !v.isNull() && val::global("ArrayBuffer").call<bool>("isView", v) && !v.instanceof
        (val::global("DataView"));
}

// Length of an Array / typed array, checked against the element limit before anything is
// allocated for it.
std::size_t array_length(const val& v, const std::string& name) {
    if (!is_array_like(v)) throw ShapeError(name + " should be an array of numbers (number[] or a typed array)");
    const std::uint64_t n = static_cast<std::uint64_t>(v["length"].as<double>());
    return static_cast<std::size_t>(limits::require_numbers(n, name));
}

// Copies n numbers of an Array / typed array straight into out[0..n). Entries of a plain
// Array that are not numbers come out NaN and are reported as such by check_entries.
void copy_numbers(const val& v, float* out, std::size_t n) {
    val(emscripten::typed_memory_view(n, out)).call<void>("set", v);
}

std::vector<std::size_t> to_shape(const val& shape, std::size_t rank, const std::string& name) {
    if (!is_array(shape) || shape["length"].as<double>() != double(rank))
        throw ShapeError(name + ".shape should have " + std::to_string(rank) + " entries");
    std::vector<std::uint64_t> dims(rank);
    for (std::size_t i = 0; i < rank; ++i) dims[i] = to_size(shape[i], name + ".shape[" + std::to_string(i) + "]");
    if (rank == 2)
        limits::require_elements({dims[0], dims[1]}, name);
    else
        limits::require_elements({dims[0], dims[1], dims[2]}, name);
    return std::vector<std::size_t>(dims.begin(), dims.end());
}

// {shape, data} → its dims, with data's length checked against them before copying.
std::vector<std::size_t> flat_dims(const val& v, std::size_t rank, const std::string& name) {
    const auto dims = to_shape(v["shape"], rank, name);
    std::size_t count = 1;
    for (const std::size_t d : dims) count *= d;  // bounded by to_shape
    const std::size_t n = array_length(v["data"], name + ".data");
    if (n != count) {
        std::string s;
        for (const std::size_t d : dims) s += (s.empty() ? "" : ", ") + std::to_string(d);
        throw ShapeError(name + ".data has " + std::to_string(n) + " numbers, shape [" + s + "] needs " +
                         std::to_string(count));
    }
    return dims;
}

// Nested rows → [rows, cols] after checking every row is an array of the same length.
std::pair<std::size_t, std::size_t> nested_dims(const val& v, const std::string& name) {
    const std::size_t rows = v["length"].as<std::size_t>();
    if (rows == 0) throw ShapeError(name + " has no rows");
    if (!is_array(v[0])) throw ShapeError(name + " should be an array of rows (number[][])");
    const std::size_t cols = v[0]["length"].as<std::size_t>();
    limits::require_elements({rows, cols}, name);
    return {rows, cols};
}

val row_of(const val& v, std::size_t i, std::size_t cols, const std::string& name) {
    val row = v[i];
    if (!is_array(row) || row["length"].as<std::size_t>() != cols)
        throw ShapeError(name + " row " + std::to_string(i) + " should have " + std::to_string(cols) +
                         " numbers like row 0");
    return row;
}

template <class T>
val typed_copy(const T& t) {
    // slice(): a copy, so the result survives heap growth and owns its memory.
    return val(emscripten::typed_memory_view(t.size(), t.data())).call<val>("slice");
}

template <class T>
val tensor_of(const T& t, const std::string& name) {
    std::vector<std::size_t> shape(t.shape().begin(), t.shape().end());
    check_entries(t.data(), t.size(), shape, name, Finite::Required, kOverflow);
    val dims = val::array();
    for (const std::size_t s : shape) dims.call<void>("push", val(static_cast<double>(s)));
    val out = val::object();
    out.set("shape", dims);
    out.set("data", typed_copy(t));
    return out;
}

}  // namespace

// ---- errors ---------------------------------------------------------------------------------

EM_JS(void, attn_throw_js_error, (const char* name, const char* message), {
    var err = new Error(UTF8ToString(message));
    err.name = UTF8ToString(name);
    throw err;
});

namespace {
std::string recorded_name, recorded_message;
}

void record_current_error() noexcept {
    try {
        throw;
    } catch (const AttnError& e) {
        recorded_name = e.kind_name();
        recorded_message = e.what();
    } catch (const std::bad_alloc&) {
        recorded_name = "ShapeError";
        recorded_message = "out of memory: the sizes asked for do not fit the WASM heap";
    } catch (const std::length_error& e) {
        recorded_name = "ShapeError";
        recorded_message = std::string("a size is too large (") + e.what() + ")";
    } catch (const std::exception& e) {
        recorded_name = "ValueError";
        recorded_message = e.what();
    } catch (...) {
        recorded_name = "ValueError";
        recorded_message = "unknown error";
    }
}

void throw_recorded_error() {
    attn_throw_js_error(recorded_name.c_str(), recorded_message.c_str());
    __builtin_unreachable();
}

// ---- numbers --------------------------------------------------------------------------------

const NumberRule kSizeRule{true, 0, 2147483647.0, ErrorKind::Config, "a whole number from 0 to 2147483647"};
const NumberRule kU64Rule{true, 0, 9007199254740992.0, ErrorKind::Config, "a non-negative integer (at most 2^53)"};
const NumberRule kFiniteRule{false, -std::numeric_limits<double>::max(), std::numeric_limits<double>::max(),
                             ErrorKind::Value, "a finite number"};
const NumberRule kNotNanRule{false, -kInf, kInf, ErrorKind::Value, "a number (not NaN)"};
const NumberRule kTokenRule{true, -2147483647.0, 2147483647.0, ErrorKind::Value, "an integer token id"};

double checked_number(const val& v, const std::string& field, const NumberRule& rule) {
    const bool number = type_of(v) == "number";
    const double x = number ? v.as<double>() : 0.0;
    if (!number || std::isnan(x) || x < rule.min || x > rule.max || (rule.whole && x != std::floor(x)))
        fail(rule.kind, field + " should be " + rule.expected + ", got " + describe(v));
    return x;
}

std::size_t to_size(const val& v, const std::string& field) {
    return static_cast<std::size_t>(checked_number(v, field, kSizeRule));
}

std::uint64_t to_u64(const val& v, const std::string& field) {
    return static_cast<std::uint64_t>(checked_number(v, field, kU64Rule));
}

// ---- options objects ------------------------------------------------------------------------

bool is_array(const val& v) { return val::global("Array").call<bool>("isArray", v); }

val options(const val& o, const char* function) {
    if (o.isUndefined() || o.isNull()) return val::object();
    if (type_of(o) != "object" || is_array(o))
        throw ConfigError(std::string(function) + " options should be an object, got " +
                          (is_array(o) ? "an array" : type_of(o)));
    return o;
}

bool has(const val& o, const char* key) {
    return type_of(o) == "object" && !o.isNull() && !o[key].isUndefined() && !o[key].isNull();
}

std::optional<float> opt_float(const val& o, const char* key, const NumberRule& rule) {
    if (!has(o, key)) return std::nullopt;
    return static_cast<float>(checked_number(o[key], key, rule));
}

std::size_t opt_size(const val& o, const char* key, std::size_t fallback) {
    return has(o, key) ? to_size(o[key], key) : fallback;
}

std::size_t opt_positive(const val& o, const char* key, std::size_t fallback) {
    const std::size_t x = opt_size(o, key, fallback);
    if (has(o, key)) require_positive(x, key);
    return x;
}

std::uint64_t opt_u64(const val& o, const char* key, std::uint64_t fallback) {
    return has(o, key) ? to_u64(o[key], key) : fallback;
}

bool opt_bool(const val& o, const char* key, bool fallback) {
    if (!has(o, key)) return fallback;
    if (type_of(o[key]) != "boolean") throw ConfigError(std::string(key) + " should be true or false");
    return o[key].as<bool>();
}

std::string utf8_string(const val& s) {
    // Embind's UTF-8 encoder reads a lone high surrogate as the first half of a pair and
    // swallows the code unit after it ('\ud800a' became one character). Every lone surrogate
    // becomes U+FFFD first: one replacement character each, the rest of the text untouched (in a
    // /u regex \p{Cs} matches only unpaired surrogates).
    // (val(const char*) reads its bytes as Latin-1, so U+FFFD is made on the JS side.)
    static const val lone = val::global("RegExp").new_(val("\\p{Cs}"), val("gu"));
    static const val replacement = val::global("String").call<val>("fromCharCode", 0xFFFD);
    return s.call<val>("replace", lone, replacement).as<std::string>();
}

std::string opt_string(const val& o, const char* key, const std::string& fallback) {
    if (!has(o, key)) return fallback;
    if (type_of(o[key]) != "string") throw ConfigError(std::string(key) + " should be a string");
    return utf8_string(o[key]);
}

// ---- config objects -------------------------------------------------------------------------

bool JsConfigObject::has(const char* key) const { return js::has(o_, key); }

std::optional<std::string> JsConfigObject::text(const char* key) const {
    if (!js::has(o_, key) || type_of(o_[key]) != "string") return std::nullopt;
    return o_[key].as<std::string>();
}

std::string JsConfigObject::string(const char* key) const { return opt_string(o_, key, ""); }

bool JsConfigObject::boolean(const char* key) const { return opt_bool(o_, key, false); }

std::size_t JsConfigObject::size(const char* key, const std::string& field) const { return to_size(o_[key], field); }

std::uint64_t JsConfigObject::count(const char* key, const std::string& field) const { return to_u64(o_[key], field); }

double JsConfigObject::number(const char* key, const std::string& field) const {
    return checked_number(o_[key], field, kFiniteRule);
}

std::vector<float> JsConfigObject::floats(const char* key, const std::string& field) const {
    return to_floats(o_[key], field);
}

std::unique_ptr<ConfigObject> JsConfigObject::object(const char* key, const char* what) const {
    return std::make_unique<JsConfigObject>(options(o_[key], what));
}

// ---- handles --------------------------------------------------------------------------------

int to_handle(const val& id) {
    const double x = type_of(id) == "number" ? id.as<double>() : -1.0;
    return x >= 0 && x <= 2147483647.0 && x == static_cast<double>(static_cast<int>(x)) ? static_cast<int>(x) : -1;
}

// ---- arrays and matrices --------------------------------------------------------------------

Matrix to_matrix(const val& v, const std::string& name, Finite finite) {
    if (v.isUndefined() || v.isNull()) throw ShapeError("missing matrix '" + name + "'");
    if (is_array(v)) {
        const auto [rows, cols] = nested_dims(v, name);
        Matrix m({rows, cols});
        for (std::size_t i = 0; i < rows; ++i) {
            const val row = row_of(v, i, cols, name);
            for (std::size_t j = 0; j < cols; ++j) {
                const val x = row[j];
                if (type_of(x) != "number")
                    throw ValueError(name + "[" + std::to_string(i) + ", " + std::to_string(j) + "] is not a number");
                m(i, j) = x.as<float>();
            }
        }
        check_entries(m.data(), m.size(), {rows, cols}, name, finite);
        return m;
    }
    if (has(v, "shape") && has(v, "data")) {
        const auto dims = flat_dims(v, 2, name);
        Matrix m({dims[0], dims[1]});
        copy_numbers(v["data"], m.data(), m.size());
        check_entries(m.data(), m.size(), dims, name, finite);
        return m;
    }
    throw ShapeError(name + " should be number[][] or {shape: [rows, cols], data}");
}

Vector to_vector(const val& v, const std::string& name, Finite finite) {
    if (v.isUndefined() || v.isNull()) throw ShapeError("missing vector '" + name + "'");
    const std::size_t n = array_length(v, name);
    Vector out = xt::zeros<float>({n});
    copy_numbers(v, out.data(), n);
    check_entries(out.data(), n, {n}, name, finite);
    return out;
}

std::vector<float> to_floats(const val& v, const std::string& name) {
    const Vector x = to_vector(v, name);
    return std::vector<float>(x.begin(), x.end());
}

Mask to_mask(const val& v, const std::string& name) {
    Matrix m;
    if (is_array(v)) {
        // Nested rows of 0/1 or true/false, read one by one: a boolean is not a number.
        const auto [rows, cols] = nested_dims(v, name);
        m = Matrix({rows, cols});
        for (std::size_t i = 0; i < rows; ++i) {
            const val row = row_of(v, i, cols, name);
            for (std::size_t j = 0; j < cols; ++j) {
                const val x = row[j];
                const std::string t = type_of(x);
                m(i, j) = t == "boolean" ? (x.as<bool>() ? 1.0f : 0.0f) : t == "number" ? x.as<float>() : 0.5f;
            }
        }
    } else {
        // {shape, data}: typed-array set() turns true/false into 1/0 and anything else into NaN.
        m = to_matrix(v, name, Finite::Required);
    }
    Mask out({m.shape(0), m.shape(1)});
    for (std::size_t i = 0; i < m.size(); ++i) {
        const float x = m.data()[i];
        if (x != 0.0f && x != 1.0f)
            throw ValueError(name + "[" + std::to_string(i / m.shape(1)) + ", " + std::to_string(i % m.shape(1)) +
                             "] should be 0/1 or true/false");
        out.data()[i] = x != 0.0f;
    }
    return out;
}

Tensor3 to_tensor3(const val& v, const std::string& name) {
    if (!has(v, "shape") || !has(v, "data")) throw ShapeError(name + " should be {shape: [a, b, c], data}");
    const auto dims = flat_dims(v, 3, name);
    Tensor3 t({dims[0], dims[1], dims[2]});
    copy_numbers(v["data"], t.data(), t.size());
    // NaN / Inf entries are the engine's to name (headPatterns: "weights[1, 2, 0] is NaN").
    return t;
}

std::vector<int> to_token_ids(const val& v, const std::string& name) {
    if (!is_array(v)) throw ShapeError(name + " should be an array of token ids");
    const std::size_t n = limits::require_dimension(v["length"].as<std::size_t>(), name + ".length");
    std::vector<int> out(n);
    for (std::size_t i = 0; i < n; ++i)
        out[i] = static_cast<int>(checked_number(v[i], name + "[" + std::to_string(i) + "]", kTokenRule));
    return out;
}

std::vector<std::uint8_t> to_bytes(const val& v, const std::string& name) {
    const val u8 = val::global("Uint8Array");
    const val arr = v.instanceof (val::global("ArrayBuffer")) ? u8.new_(v) : v;
    if (!arr.instanceof (u8))
        throw ValueError(name + " should be a Uint8Array (or ArrayBuffer) holding the weights file");
    const std::size_t n =
        static_cast<std::size_t>(limits::require_numbers(static_cast<std::uint64_t>(arr["length"].as<double>()), name));
    std::vector<std::uint8_t> out(n);
    val(emscripten::typed_memory_view(out.size(), out.data())).call<void>("set", arr);
    return out;
}

// ---- engine → JS ----------------------------------------------------------------------------

val tensor_js(const Matrix& t, const std::string& name) { return tensor_of(t, name); }
val tensor_js(const Tensor3& t, const std::string& name) { return tensor_of(t, name); }

val floats_js(const Vector& v, const std::string& name) {
    check_entries(v.data(), v.size(), {v.size()}, name, Finite::Required, kOverflow);
    return typed_copy(v);
}

val floats_js(const std::vector<float>& v, const std::string& name) {
    check_entries(v.data(), v.size(), {v.size()}, name, Finite::Required, kOverflow);
    return typed_copy(v);
}

val number_js(double x, const std::string& name) {
    if (!std::isfinite(x)) throw ValueError(name + " is " + (std::isnan(x) ? "NaN" : "infinite") + kOverflow);
    return val(x);
}

val exact_js(std::uint64_t x) {
    if (x > (std::uint64_t(1) << 53))
        throw ValueError(std::to_string(x) + " B is above 2^53 and cannot reach JavaScript exactly");
    return val(static_cast<double>(x));
}

val nullable_js(const std::optional<double>& x) { return x ? val(*x) : val::null(); }

val int_array_js(const std::vector<int>& xs) {
    val out = val::array();
    for (const int x : xs) out.call<void>("push", val(x));
    return out;
}

val size_array_js(const std::vector<std::size_t>& xs) {
    val out = val::array();
    for (const std::size_t x : xs) out.call<void>("push", val(static_cast<double>(x)));
    return out;
}

val string_array_js(const std::vector<std::string>& xs) {
    val out = val::array();
    for (const std::string& x : xs) out.call<void>("push", val(x));
    return out;
}

}  // namespace attn::js
