#include "attn/kernels/weight_types.hpp"

#include "attn/errors.hpp"

namespace attn {
namespace {

struct TypeInfo {
    WeightType type;
    const char* name;
    std::size_t elements, bytes;
};

// One table: names, block sizes and block bytes (ggml-common.h's block structs), in the enum's
// order (info() indexes it).
constexpr TypeInfo kTypes[] = {
    {WeightType::F32, "f32", 1, 4},       {WeightType::F16, "f16", 1, 2},     {WeightType::BF16, "bf16", 1, 2},
    {WeightType::Q8_0, "q8_0", 32, 34},   {WeightType::Q5_0, "q5_0", 32, 22}, {WeightType::Q5_1, "q5_1", 32, 24},
    {WeightType::Q4_0, "q4_0", 32, 18},   {WeightType::Q4_1, "q4_1", 32, 20}, {WeightType::Q4_K, "q4_k", 256, 144},
    {WeightType::Q6_K, "q6_k", 256, 210},
};
static_assert(sizeof(kTypes) / sizeof(kTypes[0]) == static_cast<std::size_t>(WeightType::Q6_K) + 1, "one row per type");

const TypeInfo& info(WeightType type) noexcept { return kTypes[static_cast<int>(type)]; }

}  // namespace

WeightType parse_weight_type(const std::string& name, const std::string& field) {
    std::string all;
    for (const TypeInfo& t : kTypes) {
        if (name == t.name) return t.type;
        all += (all.empty() ? "" : ", ") + std::string(t.name);
    }
    throw ConfigError(field + " '" + name + "' is not a supported weight type (" + all + ")");
}

const char* weight_type_name(WeightType type) noexcept { return info(type).name; }
std::size_t block_elements(WeightType type) noexcept { return info(type).elements; }
std::size_t block_bytes(WeightType type) noexcept { return info(type).bytes; }
bool is_block_type(WeightType type) noexcept { return info(type).elements > 1; }

std::uint64_t row_bytes(WeightType type, std::size_t cols, const std::string& what) {
    const TypeInfo& t = info(type);
    if (cols % t.elements != 0)
        throw ShapeError(what + " has " + std::to_string(cols) + " columns: " + t.name + " rows are whole blocks of " +
                         std::to_string(t.elements));
    return std::uint64_t(cols / t.elements) * t.bytes;
}

}  // namespace attn
