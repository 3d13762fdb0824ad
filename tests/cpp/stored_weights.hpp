// Random stored weights of any WeightType for the tests of the GEMM and the opened model: float
// types from N(0, scale²), block types as random bytes whose f16 scales (d, dmin) are set so that
// the decoded values are of the order of scale (random bytes there could be ∞ or NaN).
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>

#include "attn/kernels/weight_types.hpp"
#include "attn/models/weights_io.hpp"
#include "attn/random.hpp"

namespace attn::test {

inline std::vector<std::uint8_t> random_stored(WeightType type, std::size_t rows, std::size_t cols, std::uint64_t seed,
                                               float scale = 1.0f) {
    Rng rng(seed);
    std::vector<std::uint8_t> out(rows * row_bytes(type, cols));
    auto put16 = [&](std::size_t at, std::uint16_t v) {
        out[at] = static_cast<std::uint8_t>(v & 0xFF);
        out[at + 1] = static_cast<std::uint8_t>(v >> 8);
    };
    const std::size_t n = rows * cols;
    switch (type) {
        case WeightType::F32:
            for (std::size_t i = 0; i < n; ++i) {
                const float x = static_cast<float>(rng.normal()) * scale;
                std::memcpy(&out[i * 4], &x, 4);
            }
            return out;
        case WeightType::F16:
            for (std::size_t i = 0; i < n; ++i) put16(i * 2, float_to_half(static_cast<float>(rng.normal()) * scale));
            return out;
        case WeightType::BF16:
            for (std::size_t i = 0; i < n; ++i) {
                const float x = static_cast<float>(rng.normal()) * scale;
                std::uint32_t bits;
                std::memcpy(&bits, &x, 4);
                put16(i * 2, static_cast<std::uint16_t>(bits >> 16));
            }
            return out;
        default:
            break;
    }
    for (auto& b : out) b = static_cast<std::uint8_t>(rng.next_u64() & 0xFF);
    const std::size_t bb = block_bytes(type);
    for (std::size_t at = 0; at < out.size(); at += bb) {
        const float jitter = 0.5f + static_cast<float>(rng.uniform());  // scales differ per block
        switch (type) {
            case WeightType::Q8_0:
                put16(at, float_to_half(scale * jitter / 64.0f));
                break;
            case WeightType::Q4_0:
                put16(at, float_to_half(scale * jitter / 4.0f));
                break;
            case WeightType::Q5_0:
                put16(at, float_to_half(scale * jitter / 8.0f));
                break;
            case WeightType::Q4_1:
            case WeightType::Q5_1:
                put16(at, float_to_half(scale * jitter / (type == WeightType::Q4_1 ? 8.0f : 16.0f)));
                put16(at + 2, float_to_half(-scale * jitter));
                break;
            case WeightType::Q4_K:
                put16(at, float_to_half(scale * jitter / 500.0f));
                put16(at + 2, float_to_half(scale * jitter / 100.0f));
                break;
            case WeightType::Q6_K:
                put16(at + 208, float_to_half(scale * jitter / 2048.0f));
                break;
            default:
                break;
        }
    }
    return out;
}

}  // namespace attn::test
