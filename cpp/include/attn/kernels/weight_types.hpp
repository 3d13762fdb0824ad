// The storage types of an opened model's weights (open_model.hpp): the float types of
// safetensors files and the block-quantised types of GGUF files, in exactly ggml's block layouts
// (quant_blocks.hpp decodes them).
//
// A tensor [rows, cols] of a block type stores each row as cols / block_elements blocks of
// block_bytes bytes, rows contiguous; blocks run along cols. Float types are one element per
// "block".
//
//   type   JS name  elements/block  bytes/block
//   f32    "f32"          1              4
//   f16    "f16"          1              2      IEEE binary16
//   bf16   "bf16"         1              2      the top 16 bits of a float32
//   q8_0   "q8_0"        32             34      f16 d; int8 qs[32]
//   q5_0   "q5_0"        32             22      f16 d; uint8 qh[4], qs[16]
//   q5_1   "q5_1"        32             24      f16 d, m; uint8 qh[4], qs[16]
//   q4_0   "q4_0"        32             18      f16 d; uint8 qs[16]
//   q4_1   "q4_1"        32             20      f16 d, m; uint8 qs[16]
//   q4_k   "q4_k"       256            144      f16 d, dmin; uint8 scales[12], qs[128]
//   q6_k   "q6_k"       256            210      uint8 ql[128], qh[64]; int8 scales[16]; f16 d
// q5_0 and q5_1 are what llama.cpp's Q4_K_M / Q5_K_M store instead of q4_k / q5_k for a matrix
// whose rows are not whole 256-blocks (Qwen2.5-0.5B's 896 columns, say).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace attn {

enum class WeightType { F32, F16, BF16, Q8_0, Q5_0, Q5_1, Q4_0, Q4_1, Q4_K, Q6_K };

// "f32" … "q6_k" → the type. ConfigError "<field> 'q5_k' is not a supported weight type
// (f32, f16, bf16, q8_0, q5_0, q5_1, q4_0, q4_1, q4_k, q6_k)".
WeightType parse_weight_type(const std::string& name, const std::string& field = "type");
// The JS name, "f32" … "q6_k".
const char* weight_type_name(WeightType type) noexcept;
// Elements per block (1 for the float types) and the bytes of one block.
std::size_t block_elements(WeightType type) noexcept;
std::size_t block_bytes(WeightType type) noexcept;
bool is_block_type(WeightType type) noexcept;
// Bytes of one stored row of cols elements. ShapeError "<what> has 100 columns: q4_k rows are
// whole blocks of 256" when cols is not a multiple of the block. In 64 bits: a row of 2^31
// f32 columns is 2^33 bytes, past WASM's 32-bit size_t.
std::uint64_t row_bytes(WeightType type, std::size_t cols, const std::string& what = "the tensor");

}  // namespace attn
