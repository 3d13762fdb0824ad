// The project milestone's unit tests (seed 004, 「项目推进：实现注意力层」), run on a loaded lab
// model (lab_model.hpp) the way the project's Python tests run on its Attention class:
//   1. GQA equals an MHA whose K/V weights are tied (copied) within each group;
//   2. with n_kv_heads = n_heads the engine's grouped attention is a plain MHA, equal to an
//      independently written one;
//   3. decoding token by token through the cache gives the full pass's logits to 1e-4;
//   4. greedy generation picks the same tokens with and without the cache;
//   5. the cache's bytes halve as the KV heads go 4 → 2 → 1;
//   6. causal weights are exactly 0 above the diagonal and every row sums to 1.
// Each check can be run with a fault that breaks its property on purpose (a test, and the page's
// "break it" switch, flips one): the check must then fail, or it would not be testing anything.
//
// Dimension letters: T tokens, V vocabulary, H query heads, G KV heads, d head width.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "attn/models/lab_model.hpp"

namespace attn {

// The property each fault breaks, named as the JS API spells it (milestone_fault_name).
enum class MilestoneFault {
    None,
    UntieKv,              // check 1: one query head's copy of its group's K/V weights is changed
    ReshapeHeads,         // check 2: heads read as interleaved columns (a [T, d, H] reshape) instead of blocks
    PerturbCache,         // checks 3 and 4: the cached K and V of position 1 are negated in every full layer
    RepeatKvBeforeCache,  // check 5: K/V expanded to every query head before they are cached
    DropMask,             // check 6: attention without the causal mask
    MaskAfterSoftmax,     // check 6: softmax over every key, then the future weights zeroed (rows < 1)
};

// "none", "untie-kv", "reshape-heads", "perturb-cache", "repeat-kv-before-cache", "drop-mask",
// "mask-after-softmax"; parse throws ConfigError naming the accepted names.
const char* milestone_fault_name(MilestoneFault fault) noexcept;
MilestoneFault parse_milestone_fault(const std::string& name);

// The labCheck* functions' options: no fault, and 12 greedy steps for the greedy check, unless
// told otherwise.
struct MilestoneOptions {
    MilestoneFault fault = MilestoneFault::None;
    std::size_t greedy_steps = 12;
};

// The tolerances of the seed's tests: logits and outputs to 1e-4; a row's sum to 1e-5.
inline constexpr double kMilestoneTolerance = 1e-4;
inline constexpr double kRowSumTolerance = 1e-5;

// Checks 1 and 2 and 3: the largest |Δ| between the two sides, against kMilestoneTolerance.
struct MilestoneDiff {
    double max_abs_diff = 0.0;
    double tolerance = kMilestoneTolerance;
    bool ok = false;
    std::size_t n_heads = 0, n_kv_heads = 0;  // of the model checked
    std::size_t compared = 0;                 // numbers compared
};

// 1. The model's logits on tokens against those of its MHA twin: n_kv_heads = n_heads, every
// query head's K and V weight blocks a copy of its group's (the seed's
// test_gqa_equals_mha_with_shared_kv_weights). Fault UntieKv adds seeded noise of the block's
// own RMS to query head 1's copies (head 0's when H = 1), so that head no longer shares its
// group's K/V. Throws ConfigError for any other fault; what lab_forward throws for bad tokens.
MilestoneDiff check_gqa_equals_tied_mha(const LabModel& model, const std::vector<int>& tokens,
                                        MilestoneFault fault = MilestoneFault::None);

// The MHA twin of check 1 (n_kv_heads = n_heads, K/V blocks copied per query head), as a model.
LabModel tied_mha_twin(const LabModel& model);

// 2. Every full layer's own q, k, v on tokens (after QK-norm and RoPE), K and V repeated to one
// head per query head: attn::attention with n_kv_heads = n_heads against an MHA written out here
// head by head in double (the seed's test_kv_heads_equal_heads_is_mha), outputs [T, H·d]
// compared. Fault ReshapeHeads gives the engine q, k, v with the columns of head h taken as
// h, h + H, h + 2H, … (a reshape of [T, H·d] as [T, d, H]).
MilestoneDiff check_kv_heads_equal_heads_is_mha(const LabModel& model, const std::vector<int>& tokens,
                                                MilestoneFault fault = MilestoneFault::None);

// The MHA of check 2 written out: per head h, row i, keys j ≤ i: s = q·k / √d, softmax, Σ w v.
// q [T, H·d], k and v [T, H·d]; returns [T, H·d]. Throws ShapeError if the widths differ or do
// not split into n_heads.
Matrix reference_causal_mha(const Matrix& q, const Matrix& k, const Matrix& v, std::size_t n_heads);

// 3. The full pass's logits [T, V] against the cache fed one token at a time (the seed's
// test_incremental_matches_full_forward). Fault PerturbCache negates the cached K and V of
// position 1 once it is cached (tokens needs T ≥ 3 for it to show: ShapeError otherwise).
MilestoneDiff check_incremental_matches_full(const LabModel& model, const std::vector<int>& tokens,
                                             MilestoneFault fault = MilestoneFault::None);

// 4. Greedy tokens after prompt, steps of them, with the cache (prompt in one pass, then one token
// per step) and without (the whole sequence again at every step): the seed's
// test_generate_with_and_without_cache. Fault PerturbCache as in check 3, after the prompt.
struct MilestoneGreedy {
    std::vector<int> with_cache, without_cache;  // [steps] each
    long first_difference = -1;                  // index of the first step that differs, or −1
    bool ok = false;
};
MilestoneGreedy check_greedy_with_and_without_cache(const LabModel& model, const std::vector<int>& prompt,
                                                    std::size_t steps, MilestoneFault fault = MilestoneFault::None);

// 5. For G in 4, 2, 1 (those dividing n_heads, largest first; at least two), the model's K/V
// weights regrouped to G KV heads (copied to more heads, averaged over fewer), run over tokens
// with a cache: the bytes its full layers' cache holds (float32, cache.kv_bytes()). ok when each
// is exactly half the one before (the seed's test_gqa_cache_is_smaller). Fault
// RepeatKvBeforeCache keeps K/V repeated to all H heads in the cache: the bytes stay the same.
struct MilestoneCacheBytes {
    std::vector<std::size_t> kv_heads;  // the G values, e.g. 4, 2, 1
    std::vector<std::size_t> bytes;     // the cache's bytes for each after tokens
    std::size_t tokens = 0;
    std::size_t full_layers = 0;
    std::size_t d_head = 0;
    bool ok = false;
};
MilestoneCacheBytes check_cache_bytes_halve(const LabModel& model, const std::vector<int>& tokens,
                                            MilestoneFault fault = MilestoneFault::None);

// 6. Every full layer's weights on tokens [H, T, T], from its own q, k, v through
// attn::attention with the causal mask (the seed's test_attention_weights_are_causal): how many
// weights above the diagonal are not exactly 0, the largest of them, and the largest |row sum − 1|.
// ok when none is non-zero and every row sums to 1 within kRowSumTolerance. Faults DropMask (no
// mask) and MaskAfterSoftmax (the future zeroed after softmax). ShapeError for T < 2.
struct MilestoneCausal {
    std::size_t nonzero_above = 0;  // weights above the diagonal that are not exactly 0
    std::size_t above = 0;          // weights above the diagonal, all heads and full layers
    double max_above = 0.0;
    double max_row_sum_error = 0.0;
    std::size_t rows = 0;  // rows checked
    double tolerance = kRowSumTolerance;
    bool ok = false;
};
MilestoneCausal check_causal_weights(const LabModel& model, const std::vector<int>& tokens,
                                     MilestoneFault fault = MilestoneFault::None);

}  // namespace attn
