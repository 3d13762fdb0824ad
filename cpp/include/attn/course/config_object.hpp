// One object of a config as the loaders (config_loader.hpp) read it: a JSON-like object of
// named fields, whoever holds it. The WASM bindings implement it over a JS object
// (cpp/bindings/convert.hpp's JsConfigObject), the tests over a map (tests/cpp/config_map.hpp).
//
// The split: the implementation converts one field at a time and owns the conversion's rules
// and wording (what a size is, "<field> should be a whole number from 0 to 2147483647, got -1");
// the loader owns everything else: which fields exist, their defaults, which are required,
// what depends on what, and the validation of the result.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace attn {

class ConfigObject {
  public:
    virtual ~ConfigObject() = default;

    // key is present: not absent, not null (nor JS undefined).
    virtual bool has(const char* key) const = 0;
    // The value if it is a string, else nullopt: a check that never throws.
    virtual std::optional<std::string> text(const char* key) const = 0;

    // The readers below are for a present key; each throws the engine's typed error naming
    // `field` (or key) when the value is not of its kind.
    // A string (ConfigError "<key> should be a string").
    virtual std::string string(const char* key) const = 0;
    // true or false (ConfigError "<key> should be true or false").
    virtual bool boolean(const char* key) const = 0;
    // A size or count: a whole number 0 … 2^31 − 1 (ConfigError).
    virtual std::size_t size(const char* key, const std::string& field) const = 0;
    // A byte count or seed: a whole number 0 … 2^53 (ConfigError).
    virtual std::uint64_t count(const char* key, const std::string& field) const = 0;
    // Any finite number (ValueError).
    virtual double number(const char* key, const std::string& field) const = 0;
    // An array of finite numbers (ShapeError / ValueError).
    virtual std::vector<float> floats(const char* key, const std::string& field) const = 0;
    // The object under key (ConfigError "<what> options should be an object" for anything else).
    virtual std::unique_ptr<ConfigObject> object(const char* key, const char* what) const = 0;

    // An optional field: its value if present, else the fallback.
    std::size_t size_or(const char* key, std::size_t fallback) const { return has(key) ? size(key, key) : fallback; }
    std::uint64_t count_or(const char* key, std::uint64_t fallback) const {
        return has(key) ? count(key, key) : fallback;
    }
    bool boolean_or(const char* key, bool fallback) const { return has(key) ? boolean(key) : fallback; }
    std::string string_or(const char* key, const std::string& fallback) const {
        return has(key) ? string(key) : fallback;
    }
    // A float (the engine's precision for scales and bases), rounded from the number given.
    std::optional<float> float_if(const char* key) const {
        if (!has(key)) return std::nullopt;
        return static_cast<float>(number(key, key));
    }
};

}  // namespace attn
