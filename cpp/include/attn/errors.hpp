// The typed errors the engine throws. Every message names the parameter, field or shapes
// involved, so a widget can show it inline as it is; bindings/embind.cpp turns each into a
// JavaScript Error whose `name` is kind_name().
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>

namespace attn {

enum class ErrorKind { Shape, Value, Config, Mask };

class AttnError : public std::runtime_error {
  public:
    AttnError(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
    ErrorKind kind() const noexcept { return kind_; }
    const char* kind_name() const noexcept {
        switch (kind_) {
            case ErrorKind::Shape:
                return "ShapeError";
            case ErrorKind::Value:
                return "ValueError";
            case ErrorKind::Config:
                return "ConfigError";
            case ErrorKind::Mask:
                return "MaskError";
        }
        return "AttnError";
    }

  private:
    ErrorKind kind_;
};

// Shapes that do not fit together, or an empty sequence.
struct ShapeError : AttnError {
    explicit ShapeError(const std::string& m) : AttnError(ErrorKind::Shape, m) {}
};
// NaN / Inf where a finite number is needed.
struct ValueError : AttnError {
    explicit ValueError(const std::string& m) : AttnError(ErrorKind::Value, m) {}
};
// A parameter out of range: n_heads not a multiple of n_kv_heads, rotary dims > d_head, ...
struct ConfigError : AttnError {
    explicit ConfigError(const std::string& m) : AttnError(ErrorKind::Config, m) {}
};
// A query row with no key it may attend to (and no sink logit to take the weight).
struct MaskError : AttnError {
    explicit MaskError(const std::string& m) : AttnError(ErrorKind::Mask, m) {}
};

// The two parameter checks every unit makes, one wording everywhere.
// ConfigError "<field> must be at least 1" (field as the message shows it: "LabConfig.vocab").
inline void require_positive(std::size_t x, const std::string& field) {
    if (x == 0) throw ConfigError(field + " must be at least 1");
}
// ConfigError "<prefix>n_heads (H) must be a multiple of n_kv_heads (G)"; G ≥ 1 is the caller's.
inline void require_head_groups(std::size_t n_heads, std::size_t n_kv_heads, const std::string& prefix = "") {
    if (n_heads % n_kv_heads != 0)
        throw ConfigError(prefix + "n_heads (" + std::to_string(n_heads) + ") must be a multiple of n_kv_heads (" +
                          std::to_string(n_kv_heads) + ")");
}

}  // namespace attn
