#include "convert.hpp"

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <cmath>
#include <limits>
#include <tuple>

#include "attn/kernels/kernels.hpp"
#include "attn/limits.hpp"

namespace attn::js {

using emscripten::EM_VAL;

// ---- questions to JS, one crossing each ---------------------------------------------------
// Embind's val crosses into JS once per property read, method call or typeOf (which comes back
// as a string to compare), so asking "is this {shape: [r, c], data}" took dozens of crossings,
// and those, not the kernels, were most of a small call's time (attention at T = 5 spent more
// in them than in attention). Each question below is one EM_JS function that answers for the
// well-formed case; when the answer is "no", the readers fall back to the step-by-step checks,
// which name what is wrong. Pointers arrive as signed 32-bit numbers: `>>> 2` reads them
// unsigned, so buffers above 2 GiB work (MAXIMUM_MEMORY is 4 GiB).

// (clang-format is off for the JS: it would split === into "===".)
// clang-format off
// What a JS value is, as JsKind (convert.hpp). A number view is a typed array that converts
// to float32: not a DataView, not a BigInt64Array / BigUint64Array (whose set() would throw).
EM_JS(int, attn_js_kind, (EM_VAL handle), {
    var v = Emval.toValue(handle);
    if (v === undefined) return 0;
    if (v === null) return 1;
    var t = typeof v;
    if (t === "boolean") return 2;
    if (t === "number") return 3;
    if (t === "string") return 4;
    if (t !== "object") return 8;
    if (Array.isArray(v)) return 5;
    if (ArrayBuffer.isView(v) && !(v instanceof DataView) && !(v instanceof BigInt64Array) &&
        !(v instanceof BigUint64Array))
        return 6;
    return 7;
});

// o[key] is present: o is an object and o[key] neither undefined nor null.
EM_JS(bool, attn_js_has, (EM_VAL handle, const char* key), {
    var o = Emval.toValue(handle);
    if (typeof o !== "object" || o === null) return false;
    var x = o[UTF8ToString(key)];
    return x !== undefined && x !== null;
});

// A JS number into *out (true), or false for anything else.
EM_JS(bool, attn_js_number, (EM_VAL handle, double* out), {
    var x = Emval.toValue(handle);
    if (typeof x !== "number") return false;
    HEAPF64[out >>> 3] = x;
    return true;
});

// The length of an Array or a number view.
EM_JS(double, attn_js_length, (EM_VAL handle), { return Emval.toValue(handle).length; });

// {shape: [d0, …], data} with `rank` whole dims in 0 … 2^31 − 1 and data an Array or number
// view of their product's length: the dims into dims[0 .. rank) and true; anything else false.
EM_JS(bool, attn_js_flat_dims, (EM_VAL handle, int rank, double* dims), {
    var v = Emval.toValue(handle);
    if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
    var shape = v.shape, data = v.data;
    if (!Array.isArray(shape) || shape.length !== rank) return false;
    var view = ArrayBuffer.isView(data) && !(data instanceof DataView) && !(data instanceof BigInt64Array) &&
               !(data instanceof BigUint64Array);
    if (!Array.isArray(data) && !view) return false;
    var count = 1;
    for (var i = 0; i < rank; i++) {
        var d = shape[i];
        if (typeof d !== "number" || !(d >= 0 && d <= 2147483647) || d !== Math.floor(d)) return false;
        HEAPF64[(dims >>> 3) + i] = d;
        count *= d;
    }
    return data.length === count;
});

// number[][] with at least one row, every row an Array of row 0's length holding only numbers:
// [rows, cols] into dims and true; anything else false. Rows × row 0's length past the limits
// (maxDim per axis, maxNumbers in all) is true at once, before any entry is read: the caller's
// size check names it (a shape of 4e9 numbers was walked whole first, for seconds).
EM_JS(bool, attn_js_nested_dims, (EM_VAL handle, double* dims, double maxDim, double maxNumbers), {
    var v = Emval.toValue(handle);
    if (!Array.isArray(v) || v.length === 0 || !Array.isArray(v[0])) return false;
    var cols = v[0].length;
    HEAPF64[dims >>> 3] = v.length;
    HEAPF64[(dims >>> 3) + 1] = cols;
    if (v.length > maxDim || cols > maxDim || v.length * cols > maxNumbers) return true;
    for (var i = 0; i < v.length; i++) {
        var row = v[i];
        if (!Array.isArray(row) || row.length !== cols) return false;
        for (var j = 0; j < cols; j++)
            if (typeof row[j] !== "number") return false;
    }
    return true;
});

// Numbers into out[0 ..): an Array or number view whole (field 0), v.data (field 1), or the
// rows of a number[][] one after another (field 2). Typed-array set(): a non-number entry of
// an Array comes out NaN, which check_entries reports.
EM_JS(void, attn_js_copy_numbers, (EM_VAL handle, int field, float* out), {
    var v = Emval.toValue(handle), at = out >>> 2;
    if (field === 2) {
        for (var i = 0; i < v.length; i++) {
            HEAPF32.set(v[i], at);
            at += v[i].length;
        }
    } else {
        HEAPF32.set(field === 1 ? v.data : v, at);
    }
});

// A {shape, data} mask's data into out[0 .. n) as bytes: a byte array (Uint8Array,
// Uint8ClampedArray, Int8Array) copied as it is, anything else entry by entry, 1 or true → 1,
// 0 or false → 0, anything else → 2. The caller names the first byte that is not 0 or 1. (Read
// as float32 first, a mask of 8192² took a 256 MiB matrix more than its 64 MiB of bytes.)
EM_JS(void, attn_js_copy_mask, (EM_VAL handle, unsigned char* out), {
    var data = Emval.toValue(handle).data, at = out >>> 0;
    if (data instanceof Uint8Array || data instanceof Uint8ClampedArray || data instanceof Int8Array) {
        HEAPU8.set(data, at);
        return;
    }
    for (var i = 0; i < data.length; i++) {
        var x = data[i];
        HEAPU8[at + i] = x === 1 || x === true ? 1 : x === 0 || x === false ? 0 : 2;
    }
});

// A copy of data[0 .. n) as a new Float32Array; with rank > 0, {shape: [d0, …], data: it}.
// (new + set: V8's slice() of a view on the WASM memory was 2.5× slower.)
EM_JS(EM_VAL, attn_js_floats_out, (const float* data, double n, int rank, double d0, double d1, double d2), {
    var copy = new Float32Array(n), at = data >>> 2;
    copy.set(HEAPF32.subarray(at, at + n));
    if (rank === 0) return Emval.toHandle(copy);
    return Emval.toHandle({shape: [d0, d1, d2].slice(0, rank), data: copy});
});
// clang-format on

std::string type_of(const val& v) { return v.typeOf().as<std::string>(); }

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr const char* kOverflow = ": float32 overflow, the inputs are too large for this computation";

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
    if (kernels::all_finite(p, n)) return;  // the common case, at SIMD speed
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

// Length of an Array / number view, checked against the element limit before anything is
// allocated for it.
std::size_t array_length(const val& v, const std::string& name) {
    const JsKind kind = kind_of(v);
    if (kind != JsKind::Array && kind != JsKind::NumberView)
        throw ShapeError(name + " should be an array of numbers (number[] or a typed array)");
    const std::uint64_t n = static_cast<std::uint64_t>(attn_js_length(v.as_handle()));
    return static_cast<std::size_t>(limits::require_numbers(n, name));
}

enum class Source { Whole = 0, Data = 1, Rows = 2 };  // attn_js_copy_numbers's field

void copy_numbers(const val& v, Source from, float* out) {
    attn_js_copy_numbers(v.as_handle(), static_cast<int>(from), out);
}

// An unfilled Matrix or Tensor3 of the dims an EM_JS question wrote, checked against the
// element limit like to_shape's.
template <class T>
T shaped(const double* d, const std::string& name) {
    typename T::shape_type shape;
    std::vector<std::uint64_t> dims;
    for (std::size_t a = 0; a < shape.size(); ++a) {
        shape[a] = static_cast<std::size_t>(d[a]);
        dims.push_back(shape[a]);
    }
    if (dims.size() == 2)
        limits::require_elements({dims[0], dims[1]}, name);
    else
        limits::require_elements({dims[0], dims[1], dims[2]}, name);
    return T(shape);
}

// {shape, data} read in two crossings (dims, then the numbers), or nullopt when v is not well
// formed (the caller's checks then name why). T: Matrix or Tensor3.
template <class T>
std::optional<T> fast_flat(const val& v, const std::string& name) {
    double d[3] = {0, 0, 0};
    if (!attn_js_flat_dims(v.as_handle(), static_cast<int>(std::tuple_size<typename T::shape_type>::value), d))
        return std::nullopt;
    T t = shaped<T>(d, name);
    copy_numbers(v, Source::Data, t.data());
    return t;
}

std::vector<std::size_t> to_shape(const val& shape, std::size_t rank, const std::string& name) {
    if (!is_array(shape) || attn_js_length(shape.as_handle()) != double(rank))
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

// A copy, so the result survives heap growth and owns its memory.
val floats_copy(const float* p, std::size_t n) {
    return val::take_ownership(attn_js_floats_out(p, static_cast<double>(n), 0, 0, 0, 0));
}

template <class T>
val tensor_of(const T& t, const std::string& name) {
    std::vector<std::size_t> shape(t.shape().begin(), t.shape().end());
    check_entries(t.data(), t.size(), shape, name, Finite::Required, kOverflow);
    double d[3] = {0, 0, 0};
    for (std::size_t a = 0; a < shape.size(); ++a) d[a] = static_cast<double>(shape[a]);
    return val::take_ownership(
        attn_js_floats_out(t.data(), static_cast<double>(t.size()), static_cast<int>(shape.size()), d[0], d[1], d[2]));
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
    double x = 0.0;
    const bool number = attn_js_number(v.as_handle(), &x);
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

JsKind kind_of(const val& v) { return static_cast<JsKind>(attn_js_kind(v.as_handle())); }

bool is_array(const val& v) { return kind_of(v) == JsKind::Array; }

val options(const val& o, const char* function) {
    const JsKind kind = kind_of(o);
    if (kind == JsKind::Undefined || kind == JsKind::Null) return val::object();
    if (kind != JsKind::Object && kind != JsKind::NumberView)
        throw ConfigError(std::string(function) + " options should be an object, got " +
                          (kind == JsKind::Array ? "an array" : type_of(o)));
    return o;
}

bool has(const val& o, const char* key) { return attn_js_has(o.as_handle(), key); }

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
    if (kind_of(o[key]) != JsKind::Boolean) throw ConfigError(std::string(key) + " should be true or false");
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
    if (kind_of(o[key]) != JsKind::String) throw ConfigError(std::string(key) + " should be a string");
    return utf8_string(o[key]);
}

std::optional<std::string> maybe_string(const val& o, const char* key) {
    if (!has(o, key)) return std::nullopt;
    return opt_string(o, key, "");
}

std::vector<std::string> to_names(const val& v) {
    std::vector<std::string> names;
    if (!is_array(v)) return names;
    const std::size_t n = v["length"].as<std::size_t>();
    for (std::size_t i = 0; i < n; ++i) names.push_back(kind_of(v[i]) == JsKind::String ? utf8_string(v[i]) : "");
    return names;
}

// ---- config objects -------------------------------------------------------------------------

bool JsConfigObject::has(const char* key) const { return js::has(o_, key); }

std::optional<std::string> JsConfigObject::text(const char* key) const {
    if (!js::has(o_, key) || kind_of(o_[key]) != JsKind::String) return std::nullopt;
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
    double x = -1.0;
    if (!attn_js_number(id.as_handle(), &x)) x = -1.0;
    return x >= 0 && x <= 2147483647.0 && x == static_cast<double>(static_cast<int>(x)) ? static_cast<int>(x) : -1;
}

// ---- arrays and matrices --------------------------------------------------------------------

Matrix to_matrix(const val& v, const std::string& name, Finite finite) {
    const JsKind kind = kind_of(v);
    if (kind == JsKind::Undefined || kind == JsKind::Null) throw ShapeError("missing matrix '" + name + "'");
    // Well-formed input in a few crossings; anything else is read step by step below, which
    // names what is wrong.
    double d[2] = {0, 0};
    std::optional<Matrix> fast;
    if (kind == JsKind::Array && attn_js_nested_dims(v.as_handle(), d, static_cast<double>(limits::kMaxDimension),
                                                     static_cast<double>(limits::kMaxElements))) {
        fast = shaped<Matrix>(d, name);
        copy_numbers(v, Source::Rows, fast->data());
    } else if (kind != JsKind::Array) {
        fast = fast_flat<Matrix>(v, name);
    }
    if (fast) {
        check_entries(fast->data(), fast->size(), {fast->shape(0), fast->shape(1)}, name, finite);
        return std::move(*fast);
    }
    if (kind == JsKind::Array) {
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
        copy_numbers(v, Source::Data, m.data());
        check_entries(m.data(), m.size(), dims, name, finite);
        return m;
    }
    throw ShapeError(name + " should be number[][] or {shape: [rows, cols], data}");
}

Vector to_vector(const val& v, const std::string& name, Finite finite) {
    if (v.isUndefined() || v.isNull()) throw ShapeError("missing vector '" + name + "'");
    const std::size_t n = array_length(v, name);
    Vector out = Vector::from_shape({n});
    copy_numbers(v, Source::Whole, out.data());
    check_entries(out.data(), n, {n}, name, finite);
    return out;
}

std::vector<float> to_floats(const val& v, const std::string& name) {
    const Vector x = to_vector(v, name);
    return std::vector<float>(x.begin(), x.end());
}

Mask to_mask(const val& v, const std::string& name) {
    // {shape, data}, well formed: straight into the mask's bytes.
    double d[2] = {0, 0};
    if (!is_array(v) && attn_js_flat_dims(v.as_handle(), 2, d)) {
        limits::require_elements({static_cast<std::uint64_t>(d[0]), static_cast<std::uint64_t>(d[1])}, name);
        Mask out({static_cast<std::size_t>(d[0]), static_cast<std::size_t>(d[1])});
        attn_js_copy_mask(v.as_handle(), out.data());
        for (std::size_t i = 0; i < out.size(); ++i)
            if (out.data()[i] > 1)
                throw ValueError(name + "[" + std::to_string(i / out.shape(1)) + ", " +
                                 std::to_string(i % out.shape(1)) + "] should be 0/1 or true/false");
        return out;
    }
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
    if (auto fast = fast_flat<Tensor3>(v, name)) return std::move(*fast);
    if (!has(v, "shape") || !has(v, "data")) throw ShapeError(name + " should be {shape: [a, b, c], data}");
    const auto dims = flat_dims(v, 3, name);
    Tensor3 t({dims[0], dims[1], dims[2]});
    copy_numbers(v, Source::Data, t.data());
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
    return floats_copy(v.data(), v.size());
}

val floats_js(const std::vector<float>& v, const std::string& name) {
    check_entries(v.data(), v.size(), {v.size()}, name, Finite::Required, kOverflow);
    return floats_copy(v.data(), v.size());
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

val nullable_exact_js(const std::optional<std::uint64_t>& x) { return x ? exact_js(*x) : val::null(); }

val float_list_js(const std::vector<float>& xs) {
    val out = val::array();
    for (const float x : xs) out.call<void>("push", x);
    return out;
}

val head_patterns_js(const std::vector<HeadPattern>& patterns) {
    val out = val::array();
    for (const HeadPattern& p : patterns) {
        val o = val::object();
        o.set("previousToken", p.previous_token);
        o.set("firstToken", p.first_token);
        o.set("diagonal", p.diagonal);
        o.set("other", p.other);
        out.call<void>("push", o);
    }
    return out;
}

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
