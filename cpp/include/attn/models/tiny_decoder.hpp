// A tiny seeded decoder-only transformer: enough of a model to show, with real numbers, that
// decoding with a KV cache gives the same logits as re-running the whole sequence, and how
// much K/V work the cache saves (lesson 8).
//
// Dimension letters used in this file:
//   T tokens in a pass, V vocabulary, D d_model, L layers, H query heads, G KV heads,
//   d head width (q, k and v alike), F MLP hidden width.
//
// Pre-norm, row-vector convention (x · W, W stored [d_in][d_out]):
//   x = E[tokens]                                                   [T, D]
//   per layer:  h = rmsnorm(x)
//               q = rope(h·Wq) [T, H·d],  k = rope(h·Wk) [T, G·d],  v = h·Wv [T, G·d]
//               x += causal_gqa_attention(q, k, v) · Wo              Wo [H·d, D]
//               x += gelu(rmsnorm(x) · W1) · W2                      W1 [D, F], W2 [F, D]
//   logits = rmsnorm(x) · Wlm                                        [T, V]
// RoPE turns q and k at their absolute positions. RMSNorm has no gain: a freshly initialised
// gain is all ones, and this model is never trained.
//
// Weights come from attn::Rng(seed), each N(0, 1/fan_in) (E: N(0, 1)), drawn in this order:
// E, then per layer Wq, Wk, Wv, Wo, W1, W2, then Wlm. Same seed, same model, native and WASM.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/ops/kv_cache.hpp"
#include "attn/tensor.hpp"

namespace attn {

struct TinyDecoderConfig {
    std::size_t vocab = 16;
    std::size_t d_model = 16;
    std::size_t n_layers = 2;
    std::size_t n_heads = 4;
    std::size_t n_kv_heads = 2;  // must divide n_heads: = n_heads MHA, 1 MQA, between GQA
    std::size_t d_head = 4;
    std::size_t rotary_dim = 0;  // 0 means all of d_head; even and ≤ d_head
    float rope_base = 10000.0f;
    std::size_t mlp_hidden = 32;
    std::uint64_t seed = 1;
};

// Throws ConfigError naming the field: a zero size, n_heads not a multiple of n_kv_heads,
// rotary_dim odd or larger than d_head, rope_base not a finite number > 1.
void validate(const TinyDecoderConfig& cfg);

// Which positions a pass computed K/V for and which it read back from a cache. A position
// counts once however many layers it passes through (every layer does the same positions).
struct KVTrace {
    std::vector<std::size_t> computed;  // positions whose K and V rows were projected this pass
    std::vector<std::size_t> reused;    // positions whose K and V rows came from the cache
};

// One step of generate(): which token it produced and what it cost.
struct GenerateStep {
    std::size_t position;               // where the new token goes (= tokens before it)
    int token;                          // argmax of logits
    std::vector<std::size_t> computed;  // positions whose K/V this step computed
    std::vector<std::size_t> reused;    // positions whose K/V this step read from the cache
    std::size_t cache_bytes;            // float32 cache bytes after the step; 0 without a cache
    Vector logits;                      // [V] the token was picked from
};

struct GenerateResult {
    std::vector<int> tokens;     // prompt followed by generated
    std::vector<int> generated;  // [steps]
    std::size_t kv_computed;     // Σ over steps of computed.size(): positions, not (position, layer)
    std::size_t kv_reused;       // Σ over steps of reused.size()
    std::vector<GenerateStep> steps;
};

// tinyDecoderGenerate's options: the KV-cache lesson generates 3 tokens with the cache unless
// told otherwise.
struct TinyGenerateOptions {
    std::size_t steps = 3;
    bool use_cache = true;
};

class TinyDecoder {
  public:
    // Validates cfg (see validate()) and draws the weights.
    explicit TinyDecoder(const TinyDecoderConfig& cfg);

    const TinyDecoderConfig& config() const { return cfg_; }

    // An empty cache shaped for this model: L layers, G KV heads, d = dv = d_head.
    KVCache make_cache() const;

    // Full pass, no cache: logits [T, V], row t at position t. Throws ShapeError for no tokens,
    // ValueError naming the position of a token id outside [0, V).
    Matrix forward(const std::vector<int>& tokens, KVTrace* trace = nullptr) const;

    // The token at position cache.length(): computes its K/V only, appends them to every layer
    // and attends over the whole cache. Returns its logits [V]. The new query is the last
    // position, so causality needs no mask. Throws ShapeError if the cache is not shaped for
    // this model (see make_cache()).
    Vector step(int token, KVCache& cache, KVTrace* trace = nullptr) const;

    // Feeds tokens at positions cache.length() … in one pass (usually the prompt into an empty
    // cache), filling the cache. Returns the logits [V] of the last one.
    Vector prefill(const std::vector<int>& tokens, KVCache& cache, KVTrace* trace = nullptr) const;

    // Greedy decoding of `steps` tokens after `prompt` (argmax, ties to the lowest id).
    // Without the cache every step re-runs forward() on the whole sequence; with it the prompt
    // goes through prefill() and each generated token but the last through step(). For a
    // prompt of P tokens and G steps: P + (P+1) + … + (P+G−1) K/V computations without the
    // cache, P + G − 1 with it (the last generated token is never fed back).
    GenerateResult generate(const std::vector<int>& prompt, std::size_t steps, bool use_cache) const;

    // max |logit difference| between forward(tokens) and the same tokens fed one by one through
    // step() from an empty cache: the lesson's "the cache changes nothing" check, < 1e-4.
    float incremental_max_abs_diff(const std::vector<int>& tokens) const;

  private:
    struct Layer {
        Matrix wq, wk, wv, wo, w1, w2;
    };

    // Tokens at positions start … start + T − 1 → logits [T, V]. With a cache, attends over
    // the cache (after appending the new K/V); without, over the new positions alone.
    Matrix run(const std::vector<int>& tokens, std::size_t start, KVCache* cache, KVTrace* trace) const;

    TinyDecoderConfig cfg_;
    Matrix embedding_;  // [V, D]
    std::vector<Layer> layers_;
    Matrix lm_head_;  // [D, V]
};

}  // namespace attn
