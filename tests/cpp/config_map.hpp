// A ConfigObject (attn/config_object.hpp) over a map, for the config loader tests: each field a
// bool, a number, a string, a list of numbers or a nested map. Its conversion errors are its own
// short ones (ConfigError "<field> is not a size"); the JS API's wording is the bindings' and
// tests/js checks it.
#pragma once
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "attn/course/config_object.hpp"
#include "attn/errors.hpp"

namespace attn::test {

class ConfigMap : public ConfigObject {
  public:
    using Value = std::variant<bool, double, std::string, std::vector<float>, std::shared_ptr<const ConfigMap>>;

    ConfigMap& set(const std::string& key, bool x) { return put(key, x); }
    ConfigMap& set(const std::string& key, double x) { return put(key, x); }
    ConfigMap& set(const std::string& key, int x) { return put(key, static_cast<double>(x)); }
    ConfigMap& set(const std::string& key, const char* x) { return put(key, std::string(x)); }
    ConfigMap& set(const std::string& key, std::vector<float> x) { return put(key, std::move(x)); }
    ConfigMap& set(const std::string& key, const ConfigMap& x) {
        return put(key, std::make_shared<const ConfigMap>(x));
    }

    bool has(const char* key) const override { return fields_.count(key) != 0; }
    std::optional<std::string> text(const char* key) const override {
        const Value* v = find(key);
        if (!v || !std::holds_alternative<std::string>(*v)) return std::nullopt;
        return std::get<std::string>(*v);
    }
    std::string string(const char* key) const override { return get<std::string>(key, key, "a string"); }
    bool boolean(const char* key) const override { return get<bool>(key, key, "true or false"); }
    std::size_t size(const char* key, const std::string& field) const override {
        const double x = get<double>(key, field, "a size");
        if (x < 0 || x != std::floor(x)) throw ConfigError(field + " is not a size");
        return static_cast<std::size_t>(x);
    }
    std::uint64_t count(const char* key, const std::string& field) const override {
        const double x = get<double>(key, field, "a count");
        if (x < 0 || x != std::floor(x)) throw ConfigError(field + " is not a count");
        return static_cast<std::uint64_t>(x);
    }
    double number(const char* key, const std::string& field) const override {
        return get<double>(key, field, "a number");
    }
    std::vector<float> floats(const char* key, const std::string& field) const override {
        return get<std::vector<float>>(key, field, "a list of numbers");
    }
    std::unique_ptr<ConfigObject> object(const char* key, const char* what) const override {
        return std::make_unique<ConfigMap>(*get<std::shared_ptr<const ConfigMap>>(key, what, "an object"));
    }

  private:
    ConfigMap& put(const std::string& key, Value v) {
        fields_[key] = std::move(v);
        return *this;
    }
    const Value* find(const char* key) const {
        const auto it = fields_.find(key);
        return it == fields_.end() ? nullptr : &it->second;
    }
    template <class T>
    const T& get(const char* key, const std::string& field, const char* kind) const {
        const Value* v = find(key);
        if (!v || !std::holds_alternative<T>(*v)) throw ConfigError(field + " is not " + kind);
        return std::get<T>(*v);
    }

    std::map<std::string, Value> fields_;
};

}  // namespace attn::test
