// JS ↔ engine conversion for the bindings (embind.cpp): every JS value that enters the engine
// goes through one of the readers below, every result leaves through one of the writers.
//
// Readers check before they allocate: sizes with attn::limits (cpp/include/attn/limits.hpp),
// numbers with checked_number(). Each throws a typed engine error naming the field, so a bad
// argument is a ShapeError / ValueError / ConfigError like any engine error.
// Writers copy (Float32Array .slice()), so nothing handed to JS points into the WASM heap, and
// check that every number is finite: a result is finite or the call throws.
#pragma once
#include <emscripten/val.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "attn/course/config_object.hpp"
#include "attn/errors.hpp"
#include "attn/ops/head_patterns.hpp"
#include "attn/tensor.hpp"

namespace attn::js {

using emscripten::val;

// ---- errors: engine exceptions → JS Error ------------------------------------------------

// Records the exception being handled (call it in a catch block) as the name and message of
// the JS Error to throw: AttnError keeps its kind; std::bad_alloc and std::length_error (sizes)
// become ShapeError, anything else ValueError. Kept in static buffers that are reused.
void record_current_error() noexcept;
// Throws the recorded error as a JS Error out of WASM (EM_JS in convert.cpp).
[[noreturn]] void throw_recorded_error();

// Runs f and turns every C++ exception into a JS Error whose name is one of the documented
// kinds. The C++ exception is fully handled first (its catch block ends, freeing it and,
// through unwinding, everything f had allocated); only the recorded strings survive, so
// failing calls leave the heap where it was. A JS throw unwinds C++ frames without running
// destructors, hence this order. Everything but the try lives out of line: one copy, not one
// per bound function.
template <class F>
val guarded(F&& f) {
    try {
        return f();
    } catch (...) {
        record_current_error();
    }
    throw_recorded_error();
}

// ---- numbers ------------------------------------------------------------------------------

// What a JS number must be: finite or not, whole or not, within [min, max]. `expected` is how
// the error message describes it ("<field> should be <expected>, got <value>").
struct NumberRule {
    bool whole;
    double min, max;
    ErrorKind kind;
    const char* expected;
};
// Sizes and counts: 0 … 2^31 − 1 (the size_t of WASM holds them; attn::limits bounds results).
extern const NumberRule kSizeRule;
// Byte counts and seeds: 0 … 2^53, exact as a double.
extern const NumberRule kU64Rule;
// Any finite number (scales, bases, logits).
extern const NumberRule kFiniteRule;
// A number that is not NaN; ±Infinity is the engine's to judge (sinkLogit).
extern const NumberRule kNotNanRule;
// A token id: a whole number in ±(2^31 − 1); the range against the vocabulary is the engine's.
extern const NumberRule kTokenRule;

// The one checked-number reader: v as a double if it is a number satisfying rule, else the
// rule's error naming field.
double checked_number(const val& v, const std::string& field, const NumberRule& rule);

std::size_t to_size(const val& v, const std::string& field);
std::uint64_t to_u64(const val& v, const std::string& field);

// A JS string as UTF-8, each lone UTF-16 surrogate as U+FFFD (one character, so a text
// tokenizer maps it to one <unk>) instead of Embind's reading, which swallows the next unit.
std::string utf8_string(const val& s);

// ---- what a JS value is -------------------------------------------------------------------

// One crossing into JS (convert.cpp's attn_js_kind) instead of typeOf() and its string.
// NumberView: a typed array that converts to float32 (not a DataView, not BigInt64Array /
// BigUint64Array). Object: any other object.
enum class JsKind { Undefined, Null, Boolean, Number, String, Array, NumberView, Object, Other };
JsKind kind_of(const val& v);
// typeof v, for messages.
std::string type_of(const val& v);

// ---- options objects ----------------------------------------------------------------------

// The options argument of `function`: undefined or null → an empty object; anything but a
// plain object → ConfigError "<function> options should be an object".
val options(const val& o, const char* function);
// o[key] is present (neither undefined nor null). o must be an object (see options()).
bool has(const val& o, const char* key);
bool is_array(const val& v);

std::optional<float> opt_float(const val& o, const char* key, const NumberRule& rule = kFiniteRule);
std::size_t opt_size(const val& o, const char* key, std::size_t fallback);
// Like opt_size, but a given value must be at least 1 (ConfigError "<key> must be at least 1").
std::size_t opt_positive(const val& o, const char* key, std::size_t fallback);
std::uint64_t opt_u64(const val& o, const char* key, std::uint64_t fallback);
bool opt_bool(const val& o, const char* key, bool fallback);
std::string opt_string(const val& o, const char* key, const std::string& fallback);
// o[key] read as opt_string reads it if present, else nullopt: for an engine function that
// owns the default.
std::optional<std::string> maybe_string(const val& o, const char* key);
// An array of names (`want`): each string entry as UTF-8, any other entry as "" (which names
// nothing, so the engine's message names its index); anything but an array: no names.
std::vector<std::string> to_names(const val& v);

// A JS object as the engine's ConfigObject (config_object.hpp), for its config loaders
// (config_loader.hpp): each reader is the conversion above for the same kind (size: to_size,
// count: to_u64, number: kFiniteRule, string: opt_string's UTF-8, floats: to_floats, object:
// options()), so a bad field gets the wording of every other argument. text() is Embind's
// plain string reading. o must be an object (see options()).
class JsConfigObject : public ConfigObject {
  public:
    explicit JsConfigObject(val o) : o_(std::move(o)) {}
    bool has(const char* key) const override;
    std::optional<std::string> text(const char* key) const override;
    std::string string(const char* key) const override;
    bool boolean(const char* key) const override;
    std::size_t size(const char* key, const std::string& field) const override;
    std::uint64_t count(const char* key, const std::string& field) const override;
    double number(const char* key, const std::string& field) const override;
    std::vector<float> floats(const char* key, const std::string& field) const override;
    std::unique_ptr<ConfigObject> object(const char* key, const char* what) const override;

  private:
    val o_;
};

// ---- handles ------------------------------------------------------------------------------

// A handle id (attn/models/handles.hpp) as JS gives it: a whole number 0 … 2^31 − 1, or −1 for
// anything else (which names no handle).
int to_handle(const val& id);

// ---- arrays and matrices ------------------------------------------------------------------

// Which numbers a matrix or vector may hold.
enum class Finite {
    Required,     // NaN and ±Infinity are ValueErrors naming the entry
    AllowNegInf,  // −Infinity allowed (masked softmax scores)
};

// number[][] or {shape: [rows, cols], data: ArrayLike<number>} (a Float32Array is copied once,
// straight into the matrix).
Matrix to_matrix(const val& v, const std::string& name, Finite finite = Finite::Required);
// ArrayLike<number>.
Vector to_vector(const val& v, const std::string& name, Finite finite = Finite::Required);
// number[] (positions): like to_vector, as a std::vector.
std::vector<float> to_floats(const val& v, const std::string& name);
// A 0/1 or true/false matrix, nested or {shape, data}.
Mask to_mask(const val& v, const std::string& name);
// {shape: [a, b, c], data}.
Tensor3 to_tensor3(const val& v, const std::string& name);
// Integer token ids; the range against the vocabulary is the engine's check.
std::vector<int> to_token_ids(const val& v, const std::string& name);
// A Uint8Array or ArrayBuffer (a weights file).
std::vector<std::uint8_t> to_bytes(const val& v, const std::string& name);

// ---- engine → JS --------------------------------------------------------------------------

// {shape, data: Float32Array}; ValueError "<name>[i, j] is NaN/infinite" for a non-finite entry.
val tensor_js(const Matrix& t, const std::string& name);
val tensor_js(const Tensor3& t, const std::string& name);
// A Float32Array copy, checked like tensor_js.
val floats_js(const Vector& v, const std::string& name);
val floats_js(const std::vector<float>& v, const std::string& name);
// A checked finite scalar.
val number_js(double x, const std::string& name);
// A count or byte figure, exact below 2^53 (ValueError above: it would be wrong on screen).
val exact_js(std::uint64_t x);
val nullable_js(const std::optional<double>& x);
// exact_js(x), or null when there is none.
val nullable_exact_js(const std::optional<std::uint64_t>& x);
// A plain Array of numbers (not a typed array), unchecked: the lab's per-head shares.
val float_list_js(const std::vector<float>& xs);
// [{previousToken, firstToken, diagonal, other}] per head.
val head_patterns_js(const std::vector<HeadPattern>& patterns);
val int_array_js(const std::vector<int>& xs);
val size_array_js(const std::vector<std::size_t>& xs);
val string_array_js(const std::vector<std::string>& xs);

}  // namespace attn::js
