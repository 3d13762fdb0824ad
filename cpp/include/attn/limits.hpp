// The engine's size limits, and the one check every allocation that a caller's numbers decide
// goes through first (the JS bindings, the weights loader, the lab model's run, the decoders).
//
// Why: in WebAssembly size_t is 32 bits, so T × T or rows × cols wraps at 2^32 and an
// allocation comes out too small. Every result size is therefore computed here in 64 bits,
// with overflow detected, and compared with a documented limit before anything is allocated:
//
//   kMaxDimension    any one axis (tokens, width, heads, vocabulary, steps ...)   2^24
//   kMaxElements     numbers in any one tensor (256 MiB of float32)               2^26
//   kMaxCallBytes    bytes of all the tensors one call allocates                  2^30
//
// kMaxCallBytes is a quarter of the WASM heap maximum (4 GiB, the engine's MAXIMUM_MEMORY, so an
// opened checkpoint's weights fit: open_model.hpp), so one call within the limits cannot exhaust
// the heap even when it already holds a loaded model. Past a limit the call throws ShapeError naming the
// tensor, its sizes and the limit, and nothing has been allocated yet.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace attn::limits {

inline constexpr std::uint64_t kMaxDimension = std::uint64_t(1) << 24;
inline constexpr std::uint64_t kMaxElements = std::uint64_t(1) << 26;
inline constexpr std::uint64_t kMaxCallBytes = std::uint64_t(1) << 30;
inline constexpr std::uint64_t kWasmHeapMaxBytes = std::uint64_t(1) << 32;
static_assert(kMaxCallBytes <= kWasmHeapMaxBytes / 2, "a call must leave half the WASM heap free");
static_assert(kMaxElements * sizeof(float) <= kMaxCallBytes, "one tensor must fit a call");

// Generation steps of the decoders: each step runs a forward pass, so the step count bounds a
// call's time (tinyDecoderGenerate, labGenerate).
inline constexpr std::uint64_t kMaxGenerateSteps = 1024;
// Layers of an opened checkpoint or a lab model: the deepest public checkpoints have ~130, and
// setting up a model is linear in its layers (names, tables), so this bounds openModelCreate.
inline constexpr std::uint64_t kMaxLayers = 1024;

// Work of one call, in multiply-adds: every call whose time grows with its arguments (attention
// over T tokens, a lab or opened model's pass, generation) estimates its work from its sizes
// before it starts and throws ShapeError past this bound, naming the product it computed. What is
// not a multiply-add counts as the multiply-adds of the blocked kernels its time is worth
// (attention's per-score costs: attention.hpp attention_score_work; a lab model's state update).
// Chosen so one call stays within about 2 s on the machines we test on, idle (WASM SIMD, one
// core, measured at 2^34: matmul 3.1 s, attention without a causal mask 3.4 s, with one 0.6 s;
// the stored-weight GEMM of an opened model runs ~17 G/s, so its calls take ~0.5 s at most).
// A weight read by a pass of fewer than kWeightReadTokens tokens counts as that many
// multiply-adds: decoding a stored weight costs about what the GEMM does in that many rows.
inline constexpr std::uint64_t kMaxCallWork = std::uint64_t(1) << 33;
inline constexpr std::uint64_t kWeightReadTokens = 16;

// Tokens the tiny decoder (tiny_decoder.hpp) runs in one sequence, prompt and generated ones:
// a lesson's toy, bounded so a call's attention (T² per head) stays a fraction of a second.
inline constexpr std::uint64_t kMaxDecoderTokens = 4096;

// Numbers in a tensor of the given dims: ShapeError "<what> [a, b, c]: <why>" when one dim is
// above kMaxDimension or the product above kMaxElements (computed without overflow).
std::uint64_t require_elements(std::initializer_list<std::uint64_t> dims, const std::string& what);

// Numbers in a flat array (a tensor's data, whatever its shape) against kMaxElements.
std::uint64_t require_numbers(std::uint64_t n, const std::string& what);

// Sum of several tensors' bytes against kMaxCallBytes: ShapeError naming what and the total.
void require_call_bytes(std::uint64_t bytes, const std::string& what);

// a × b and a + b of sizes: ShapeError "<what> overflows 64 bits" instead of a wrapped result.
// (what is a plain C string: these run on every call's path, and build nothing unless they throw.)
std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, const char* what);
std::uint64_t checked_add(std::uint64_t a, std::uint64_t b, const char* what);

// A call's estimated work (multiply-adds) against kMaxCallWork: ShapeError "<what()> is <work>
// multiply-adds, more than the limit of … per call". what() builds the description only when
// the bound is passed.
[[noreturn]] void throw_work(std::uint64_t work, const std::string& what);
template <class Describe>
void require_work(std::uint64_t work, Describe&& what) {
    if (work > kMaxCallWork) throw_work(work, what());
}

// A single count or axis against kMaxDimension (ShapeError naming the field).
std::size_t require_dimension(std::uint64_t n, const std::string& field);

// Bytes a model about to be kept needs against the bytes the heap has left (the bindings
// measure it): ShapeError "<what> needs 12 MiB (12582912 bytes), the engine's heap has 3 MiB
// (3145728 bytes) left" when need > left. MiB rounded up.
void require_heap_room(std::uint64_t need, std::uint64_t left, const std::string& what);

}  // namespace attn::limits
