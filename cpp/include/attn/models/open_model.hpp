// A real pretrained checkpoint opened from disk (the page's <attn-open-model>): GPT-2, Llama,
// Mistral, Qwen2 and Qwen3, weights kept in their stored precision (weight_types.hpp) and decoded
// inside the GEMM (gemm.hpp), a full causal forward pass that can hand back every layer's
// attention, a pass that runs one layer per call (for a progress bar), and greedy generation with
// a KV cache. The engine sees token ids only; the JS side parses the files and names the tensors
// as Hugging Face does (GGUF names mapped, llama.cpp's Q/K row permutation undone).
//
// Dimension letters used in this file:
//   T tokens in a pass, V vocabulary, D d_model, L layers, H query heads, G KV heads,
//   d head width, F MLP hidden width, C context (positions the model was built for).
//
// Families, as their Hugging Face modelling code computes them (row-vector convention here:
// y = x · Wᵀ for a stored [out, in] W):
//   llama, mistral, qwen2, qwen3:
//     x = embed_tokens[tokens]
//     per layer: h = rmsnorm(x) ⊙ input_layernorm                     (x / sqrt(mean x² + eps))
//                q = h·q_projᵀ (+ bias), k, v likewise                 bias: qwen2, attentionBias
//                attnOutputGate: q_proj's output is, head by head, [q_h (d) | gate_h (d)]
//                qwen3: q, k = rmsnorm of every head ⊙ q_norm, k_norm   (one gain [d] for all heads)
//                q, k = rope(q), rope(k), rotate-half over all of d, positions 0, 1, …, with the
//                checkpoint's rope_scaling (linear, llama3) when it has one
//                a = causal GQA attention, scores / √d (query head h reads KV head h / (H/G))
//                attnOutputGate: a ⊙= sigmoid(gate)
//                x += a·o_projᵀ (+ o_proj.bias when given)
//                u = rmsnorm(x) ⊙ post_attention_layernorm
//                x += (silu(u·gate_projᵀ) ⊙ (u·up_projᵀ))·down_projᵀ
//     logits = (rmsnorm(x) ⊙ model.norm) · lm_headᵀ (embed_tokensᵀ when tiedEmbeddings)
//   gpt2:
//     x = wte[tokens] + wpe[positions]
//     per layer: h = layernorm(x; ln_1)                                 ((x − mean) / sqrt(var + eps) ⊙ w + b)
//                [q | k | v] = h·c_attn + bias; a = causal attention; x += a·attn.c_proj + bias
//                x += gelu_tanh(layernorm(x; ln_2)·mlp.c_fc + b)·mlp.c_proj + b
//     logits = layernorm(x; ln_f) · wteᵀ
//
// Tensors are handed over one at a time (tensor()), in any order, each with its stored type and
// layout; finalize() checks that every required one came. After that the model is immutable and
// runs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "attn/kernels/gemm.hpp"
#include "attn/kernels/weight_types.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/kv_cache.hpp"
#include "attn/ops/rope.hpp"
#include "attn/tensor.hpp"

namespace attn {

enum class OpenArch { Gpt2, Llama, Mistral, Qwen2, Qwen3 };

// "gpt2" | "llama" | "mistral" | "qwen2" | "qwen3" and back. ConfigError "arch 'phi3' is not
// supported (gpt2, llama, mistral, qwen2, qwen3)".
OpenArch parse_open_arch(const std::string& name);
const char* open_arch_name(OpenArch arch) noexcept;

struct OpenModelConfig {
    OpenArch arch = OpenArch::Llama;
    std::size_t vocab = 0, d_model = 0, n_layers = 0, n_heads = 0, n_kv_heads = 0, d_head = 0, mlp_hidden = 0,
                context = 0;
    float rope_theta = 10000.0f;
    float norm_eps = 1e-5f;
    bool tied_embeddings = false;
    bool attention_bias = false;     // llama, mistral, qwen3: q/k/v biases (qwen2 always has them)
    bool attn_output_gate = false;   // Qwen3-Next's gate, interleaved with q head by head
    std::size_t sliding_window = 0;  // mistral: 0 = none; a window shorter than context is refused
    RopeScaling rope_scaling;        // RoPE families: none, linear or llama3 (Llama 3.1 / 3.2)
    // GGUF's rope_freqs.weight (llama.cpp's freq_factors, [d/2]): θ_i is divided by factor i.
    // How llama.cpp files carry Llama 3's scaling; empty for none. Applied after rope_scaling.
    std::vector<float> rope_freq_factors;
};

// Throws ConfigError naming the field as JS spells it ("nKvHeads"): a size of 0, nHeads not a
// multiple of nKvHeads, an odd dHead (RoPE families), gpt2 with nKvHeads ≠ nHeads or
// nHeads·dHead ≠ dModel, gpt2 with an output gate, attention bias, rope scaling or frequency
// factors, ropeFreqFactors not dHead / 2 finite numbers > 0, ropeTheta not > 1,
// normEps not > 0, a sliding window shorter than the context, a size past limits::kMaxDimension.
void validate(const OpenModelConfig& cfg);

// One tensor the config needs: its Hugging Face name and shape as [out, in] (a matrix, stored
// [out, in] for "nk" or [in, out] for "kn") or [1, n] (a vector: gains, biases).
struct OpenTensorSpec {
    std::string name;
    std::size_t out, in;  // a vector: out = 1, in = n
    bool vector;          // a 1-D tensor: any float type, converted to f32 by finalize()
    bool rows_read;       // an embedding table read row by row: "nk" only
    bool required;        // false: used when given (llama's o_proj.bias)
};
std::vector<OpenTensorSpec> open_model_tensor_specs(const OpenModelConfig& cfg);

// A tensor as the caller describes it before its bytes are read.
struct OpenTensorInfo {
    std::string name;
    WeightType type;
    std::size_t rows, cols;
};

// Tokens whose working memory bytes_needed() counts: a run of this many (or the context, if
// shorter) with every layer's attention kept.
constexpr std::size_t kOpenPlannedTokens = 256;

// Bytes the model would take in the engine: every tensor as stored (rows × row_bytes), the f32
// copies of the 1-D tensors, and the working memory of a run of min(C, kOpenPlannedTokens)
// tokens (the KV cache in f32, the activations, two attention maps being computed plus every
// layer's kept one, the last logits). Validates cfg; ShapeError when a tensor's rows are not
// whole blocks.
std::uint64_t open_model_bytes_needed(const OpenModelConfig& cfg, const std::vector<OpenTensorInfo>& tensors);

struct OpenRunOptions {
    bool attention = false;           // keep attention weights
    std::vector<std::size_t> layers;  // which layers' weights to keep (empty: all); sink share is for all
    bool all_logits = false;          // logits for every position (else the last row only)
    // Passes of at most 4 tokens multiply by the stored weights through gemm.hpp's decode path
    // (activations quantised to 13 bits for the block types; not the f32 GEMM's bits). Generation
    // sets it unless asked to be exact.
    bool decode_kernels = false;
    // A pass runs its tokens in chunks through the KV cache (chunked prefill) when one layer over
    // all of them would pass limits::kMaxCallWork: each chunk as many tokens as fit the bound.
    // chunk_tokens > 0 caps a chunk at that many tokens (a smaller step; tests compare chunked
    // passes with one pass on small models this way).
    std::size_t chunk_tokens = 0;
};

struct OpenLayerAttention {
    std::size_t layer;
    Tensor3 weights;  // [H, T, Tk]
};

struct OpenRunResult {
    Matrix logits;                               // [T, V] with all_logits, else [1, V]: the last position
    std::vector<OpenLayerAttention> attention;   // the kept layers, in layer order
    std::vector<std::vector<float>> sink_share;  // [L][H] (attention, T ≥ 2), else empty
};

class OpenModel;

// A forward pass in progress: the residual stream of the chunk being run after `layer` layers.
// Made by OpenModel::begin(), advanced by step(), ended by finish(). A pass of more tokens than
// one layer can take within limits::kMaxCallWork runs them in chunks, one after another through
// the KV cache (its own when the caller gave none): each step() is one layer of one chunk, and the
// result is the one pass's (the same logits within float rounding: the GEMM sees fewer rows at
// a time and attention reads the keys from the cache; tests/js/engine-open-model.test.mjs).
struct OpenPass {
    std::vector<int> tokens;              // every token of the pass
    std::size_t first = 0;                // position of tokens[0]
    std::vector<std::size_t> chunk_ends;  // where each chunk ends in tokens (the last: tokens.size())
    std::size_t chunk = 0;                // the chunk being run
    std::size_t start = 0;                // position of x's first row (its chunk's first token)
    OpenRunOptions options;
    KVCache* cache = nullptr;            // appended to when given (or own_cache)
    std::unique_ptr<KVCache> own_cache;  // a chunked pass's cache when the caller gave none
    Matrix x;                            // [tokens of the chunk, D]
    Matrix done_rows;                    // all_logits: the finished chunks' final rows
    std::size_t layer = 0;               // layers done on this chunk
    std::size_t n_layers = 0;
    OpenRunResult result;                        // attention: kept layers' [H, T, first + T] maps
    std::vector<std::vector<double>> sink_sums;  // attention: [L][H] Σ over rows 1 … T − 1 of w(h, i, 0)
    bool done() const { return chunk + 1 >= chunk_ends.size() && layer >= n_layers; }
    std::size_t steps_done() const { return chunk * n_layers + layer; }
    std::size_t steps() const { return chunk_ends.size() * n_layers; }
};

struct OpenGeneration {
    std::vector<int> tokens;     // prompt followed by the generated tokens
    std::vector<int> generated;  // [steps]
};

// Greedy generation run one layer per call (the page's: a call stays within the work bound of
// limits.hpp whatever the model, and the page draws between calls). Made by
// OpenModel::start_generation(), advanced by generation_step(); not copyable (the pass points
// into the cache).
struct OpenGenerator {
    std::unique_ptr<KVCache> cache;
    OpenPass pass;
    OpenGeneration out;
    std::size_t steps = 0;
    bool done() const { return out.generated.size() >= steps; }
};

class OpenModel {
  public:
    // Validates cfg (ConfigError as validate()).
    explicit OpenModel(const OpenModelConfig& cfg);
    OpenModel(const OpenModel&) = delete;
    OpenModel& operator=(const OpenModel&) = delete;

    const OpenModelConfig& config() const { return cfg_; }

    // Allocates tensor `name` (rows × row_bytes(type, cols) bytes, one allocation) and returns
    // its bytes for the caller to fill. layout is how a matrix is stored (gemm::BLayout::NK =
    // [out, in], KN = [in, out]); vectors are [1, n] and ignore it.
    // Throws ConfigError "unexpected tensor 'x' for a qwen3 model", "tensor 'x' was given twice",
    // "… is q4_k stored [in, out] ("kn"): block types are stored [out, in] ("nk")", "… is q8_0:
    // 1-D tensors must be f32, f16 or bf16", "the model is finalised"; ShapeError "<name> is
    // [256, 1024], expected [512, 1024]" (or rows not whole blocks).
    std::uint8_t* tensor(const std::string& name, WeightType type, std::size_t rows, std::size_t cols,
                         gemm::BLayout layout);

    // Bytes offset … offset + n − 1 of tensor `name`, made by tensor(), for the caller to write
    // now (the JS side: one call per slice, so no view of the heap outlives the call). ConfigError
    // "tensor 'x' was not created" or "the model is finalised"; ShapeError when the range passes
    // the tensor's bytes.
    std::uint8_t* tensor_bytes(const std::string& name, std::uint64_t offset, std::uint64_t n);

    // Checks every required tensor came (ShapeError "missing tensor 'model.norm.weight'"),
    // converts the 1-D ones to f32. Returns nothing; parameters() and weight_bytes() then count.
    void finalize();
    bool finalized() const { return finalized_; }
    std::uint64_t parameters() const;    // elements of every tensor given
    std::uint64_t weight_bytes() const;  // their stored bytes (1-D tensors as stored)

    // A pass over tokens at positions start … start + T − 1. With a cache (make_cache()), K/V
    // are appended and attention reads the whole cache; start must be cache->length().
    // Throws ConfigError (not finalised), ShapeError (no tokens, past the context, a layer index
    // out of range, a cache of another shape or length), ValueError (a token outside [0, V)).
    // ShapeError also when one layer's work over a single token passes limits::kMaxCallWork;
    // more tokens than one layer takes within it run in chunks (OpenPass).
    OpenPass begin(const std::vector<int>& tokens, const OpenRunOptions& options, KVCache* cache = nullptr,
                   std::size_t start = 0) const;
    // Runs layer pass.layer of the current chunk, after the last one starting the next chunk
    // (ShapeError when done). ValueError "layer 3: …" when the layer meets or produces a value
    // that is not finite (an overflow: RMSNorm's Σx², a product, a sum).
    void step(OpenPass& pass) const;
    // Runs the remaining layers and chunks, then the final norm and LM head. ShapeError first
    // when their work passes limits::kMaxCallWork (step() them one per call instead).
    OpenRunResult finish(OpenPass& pass) const;

    // begin + finish: a full causal pass from position 0, no cache.
    OpenRunResult run(const std::vector<int>& tokens, const OpenRunOptions& options = {}) const;

    KVCache make_cache() const;

    // Greedy (argmax, ties to the lowest id) with the KV cache: the prompt in one pass, then one
    // token per step. ShapeError if prompt + steps passes the context, or if the whole
    // generation's work passes limits::kMaxCallWork (then use the generator below). The token
    // steps run gemm.hpp's decode path (OpenRunOptions::decode_kernels) unless exact, which keeps
    // the f32 GEMM (each token then the argmax of run() over everything before it).
    OpenGeneration generate(const std::vector<int>& prompt, std::size_t steps, bool exact = false) const;

    // The same generation, one layer per generation_step() call; each step's work is checked
    // against limits::kMaxCallWork before it runs. start_generation checks the prompt, steps and
    // context as generate() does (steps ≥ 1), and runs nothing.
    OpenGenerator start_generation(const std::vector<int>& prompt, std::size_t steps, bool exact = false) const;
    // Runs the next layer of the current token's pass; after the last one, the head and argmax,
    // returning the new token (and starting the next pass unless done). Returns -1 when no token
    // came out of this step. ShapeError when the generator is done.
    int generation_step(OpenGenerator& g) const;

    // Estimated multiply-adds (limits.hpp, "Work of one call") of one layer over T new tokens at
    // positions start … start + T − 1 (maps: keeping its attention weights, attention.hpp's
    // attention_score_work), and of the final head over `rows` positions.
    std::uint64_t layer_work(std::size_t T, std::size_t start, bool maps = false) const;
    std::uint64_t head_work(std::size_t rows) const;
    // The most tokens one layer of a pass from position 0 may hold within limits::kMaxCallWork
    // (≤ the context): a longer pass runs in chunks of about this many.
    std::size_t max_pass_tokens() const;
    // Where the chunks of a pass over T tokens from position `start` end (OpenPass::chunk_ends):
    // each as many tokens as one layer takes within the bound, at most `cap` (0: no cap).
    // ShapeError when not even one token fits.
    std::vector<std::size_t> chunk_ends(std::size_t T, std::size_t start, bool maps, std::size_t cap) const;
    // The work of every layer of every chunk from chunk c's layer `layer` on (a whole pass: 0, 0).
    std::uint64_t pass_work(const OpenPass& pass) const;

  private:
    struct Stored {
        WeightType type;
        std::size_t rows, cols;
        gemm::BLayout layout;
        std::unique_ptr<std::uint8_t[]> bytes;
        std::size_t n_bytes;
        std::vector<float> f32;  // 1-D tensors after finalize()
    };
    // A linear map given by a stored matrix and its optional bias: y = x · Wᵀ + b.
    struct Linear {
        const Stored* w = nullptr;
        const float* bias = nullptr;
    };
    struct Layer {
        const float *norm1 = nullptr, *norm1_bias = nullptr, *norm2 = nullptr, *norm2_bias = nullptr;
        const float *q_norm = nullptr, *k_norm = nullptr;
        Linear q, k, v, o, gate, up, down;  // gpt2: q = c_attn (fused), o = attn.c_proj, up = c_fc, down = mlp.c_proj
    };

    const Stored& get(const std::string& name) const;
    const Stored* find(const std::string& name) const;
    Linear linear(const std::string& weight, const std::string& bias) const;
    Matrix apply(const Linear& f, const Matrix& x, const OpenPass& pass) const;  // [T, in] → [T, out]
    void embed_row(const Stored& table, std::size_t row, float* out) const;
    // Makes chunk c the pass's current one: x = its tokens' embedding rows (+ learned positions).
    void start_chunk(OpenPass& pass, std::size_t c) const;

    // One layer of each family (open_model_llama.cpp, open_model_gpt2.cpp).
    void llama_layer(OpenPass& pass, std::size_t l) const;
    void gpt2_layer(OpenPass& pass, std::size_t l) const;
    // Layer l's attention of q over k, v (appended to the pass's cache first, when it has one):
    // the output, and the weights and sink share kept when the pass asked for them.
    Matrix attend(OpenPass& pass, std::size_t l, const Matrix& q, const Matrix& k, const Matrix& v,
                  const AttentionOptions& opt) const;

    OpenModelConfig cfg_;
    std::vector<OpenTensorSpec> specs_;
    std::map<std::string, Stored> tensors_;
    bool finalized_ = false;
    std::vector<Layer> layers_;
    const Stored* embed_ = nullptr;  // embed_tokens / wte
    const Stored* wpe_ = nullptr;    // gpt2
    const Stored* head_ = nullptr;   // lm_head, or embed_ when tied
    const float *final_norm_ = nullptr, *final_norm_bias_ = nullptr;
    std::vector<double> rope_thetas_;  // RoPE families: θ_i after rope_scaling
};

}  // namespace attn
