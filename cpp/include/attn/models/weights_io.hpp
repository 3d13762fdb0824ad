// The lab model's weights file (course-data/lab-model.bin): what attn-train writes and the
// browser loads.
//
// Little-endian throughout; u32 is 4 bytes, f32 an IEEE single, f16 an IEEE half:
//   magic        8 bytes  "ATTNLAB2"
//   version      u32      1
//   config       u32 × 10 vocab, d_model, n_layers, n_heads, n_kv_heads, d_head, mlp_hidden,
//                         context, qk_norm (0/1), output_gate (0/1)
//                f32      rope_base
//                u32 × 3  linear_heads, linear_head_dim, conv_kernel
//                u32 × n_layers  layer types, 0 = full, 1 = linear
//   dtype        u32      0 = f32, 1 = f16 (tensor values only)
//   vocabulary   vocab × (u32 byte length, UTF-8 bytes)
//   tensor count u32      = lab_tensors(weights, config).size()
//   tensors      in the order of lab_tensors(): u32 name length, name bytes, u32 rows, u32 cols,
//                rows·cols values row-major in dtype
//   checksum     u32      CRC-32 (attn/crc32.hpp) of every byte before it
// Nothing may follow the checksum.
//
// "ATTNLAB1" was the format before hybrid models: no layer types, every layer full attention
// (its version 1 without the checksum, its version 2 with it). Such a file is a named error: the
// model it holds is not the lab's model any more, so it is trained again rather than converted.
//
// f16 halves the file; the rounding (to nearest, ties to even) happens once, when the trainer
// writes the file, and every consumer (native export, browser) computes with the same
// rounded weights.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "attn/models/lab_model.hpp"

namespace attn {

constexpr char kLabWeightsMagic[] = "ATTNLAB2";
constexpr char kOldLabWeightsMagic[] = "ATTNLAB1";
constexpr std::uint32_t kLabWeightsVersion = 1;

enum class WeightsDtype : std::uint32_t { F32 = 0, F16 = 1 };

// "f32" (also when absent: the precision the lab computes in) or "f16" (trainWeights' dtype);
// ConfigError "dtype should be 'f32' or 'f16', got '<name>'" for anything else.
WeightsDtype weights_dtype_from_name(const std::optional<std::string>& name);

// Serialises model in the layout above.
std::vector<std::uint8_t> save_lab_weights(const LabModel& model, WeightsDtype dtype);

// Parses a file written by save_lab_weights. Throws ValueError naming what is wrong: the old
// format ("lab weights: ATTNLAB1 is the old format without layer types; retrain with npm run
// train"), another magic, an unsupported version ("unsupported weights version 3 (this engine
// reads 1)"), a layer type other than 0 or 1, a checksum
// that does not match (any flipped byte, a truncated file), then, behind a good checksum, an
// unknown dtype, a tensor out of order, a file shorter than its header says ("weights file
// truncated: expected 32768 bytes for tensor 'layers.1.wq', got 100"), bytes after the last
// tensor; ConfigError for an invalid config; ShapeError for a tensor whose shape the config does
// not give. The checksum is checked right after the version, before anything it covers is
// parsed, so a corrupt file gets one message wherever the byte changed.
LabModel load_lab_weights(const std::uint8_t* data, std::size_t size);

// IEEE half ↔ single. float_to_half rounds to nearest, ties to even; overflow gives ±∞, NaN
// stays NaN.
std::uint16_t float_to_half(float x);
float half_to_float(std::uint16_t h);

}  // namespace attn
