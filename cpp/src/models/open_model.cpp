// open_model.hpp: config checks, the tensor list per family, storage, and the pass that runs the
// family's layers (open_model_llama.cpp, open_model_gpt2.cpp) between the embedding and the head.
#include "attn/models/open_model.hpp"

#include <algorithm>
#include <cmath>

#include "attn/errors.hpp"
#include "attn/kernels/quant_blocks.hpp"
#include "attn/limits.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/decoder_parts.hpp"

namespace attn {
namespace {

constexpr std::pair<OpenArch, const char*> kArchs[] = {{OpenArch::Gpt2, "gpt2"},
                                                       {OpenArch::Llama, "llama"},
                                                       {OpenArch::Mistral, "mistral"},
                                                       {OpenArch::Qwen2, "qwen2"},
                                                       {OpenArch::Qwen3, "qwen3"}};

std::string shape(std::size_t rows, std::size_t cols) {
    return "[" + std::to_string(rows) + ", " + std::to_string(cols) + "]";
}

bool is_float_type(WeightType t) { return !is_block_type(t); }

}  // namespace

OpenArch parse_open_arch(const std::string& name) {
    std::string all;
    for (const auto& [arch, n] : kArchs) {
        if (name == n) return arch;
        all += (all.empty() ? "" : ", ") + std::string(n);
    }
    throw ConfigError("arch '" + name + "' is not supported (" + all + ")");
}

const char* open_arch_name(OpenArch arch) noexcept {
    for (const auto& [a, n] : kArchs)
        if (a == arch) return n;
    return "?";
}

void validate(const OpenModelConfig& c) {
    const std::pair<std::size_t, const char*> sizes[] = {
        {c.vocab, "vocab"},         {c.d_model, "dModel"}, {c.n_layers, "nLayers"},     {c.n_heads, "nHeads"},
        {c.n_kv_heads, "nKvHeads"}, {c.d_head, "dHead"},   {c.mlp_hidden, "mlpHidden"}, {c.context, "context"}};
    for (const auto& [value, field] : sizes) {
        require_positive(value, field);
        limits::require_dimension(value, field);
    }
    if (c.n_layers > limits::kMaxLayers)
        throw ConfigError("nLayers (" + std::to_string(c.n_layers) + ") is above the limit of " +
                          std::to_string(limits::kMaxLayers));
    require_head_groups(c.n_heads, c.n_kv_heads);
    limits::require_dimension(std::uint64_t(c.n_heads) * c.d_head * 2, "nHeads × dHead × 2");
    if (!std::isfinite(c.norm_eps) || !(c.norm_eps > 0.0f)) throw ConfigError("normEps must be a finite number > 0");
    if (c.arch == OpenArch::Gpt2) {
        if (c.n_kv_heads != c.n_heads)
            throw ConfigError("gpt2 has no grouped KV heads: nKvHeads (" + std::to_string(c.n_kv_heads) +
                              ") must equal nHeads (" + std::to_string(c.n_heads) + ")");
        if (c.n_heads * c.d_head != c.d_model)
            throw ConfigError("gpt2 splits dModel into heads: nHeads × dHead (" + std::to_string(c.n_heads * c.d_head) +
                              ") must equal dModel (" + std::to_string(c.d_model) + ")");
        if (c.attn_output_gate) throw ConfigError("attnOutputGate is not a gpt2 option");
        if (c.attention_bias) throw ConfigError("attentionBias is not a gpt2 option (gpt2 always has biases)");
        if (c.rope_scaling.kind != RopeScaling::Kind::None) throw ConfigError("ropeScaling is not a gpt2 option");
        if (!c.rope_freq_factors.empty()) throw ConfigError("ropeFreqFactors is not a gpt2 option");
        return;
    }
    if (c.d_head % 2 != 0)
        throw ConfigError("dHead (" + std::to_string(c.d_head) + ") must be even: RoPE turns pairs of dims");
    if (!std::isfinite(c.rope_theta) || !(c.rope_theta > 1.0f))
        throw ConfigError("ropeTheta must be a finite number > 1");
    rope_scaled_thetas(c.d_head, c.rope_theta, c.rope_scaling);  // ConfigError for bad scaling
    if (!c.rope_freq_factors.empty()) {
        if (c.rope_freq_factors.size() != c.d_head / 2)
            throw ConfigError("ropeFreqFactors has " + std::to_string(c.rope_freq_factors.size()) +
                              " entries, dHead / 2 = " + std::to_string(c.d_head / 2) + " expected");
        for (std::size_t i = 0; i < c.rope_freq_factors.size(); ++i)
            if (!std::isfinite(c.rope_freq_factors[i]) || !(c.rope_freq_factors[i] > 0.0f))
                throw ConfigError("ropeFreqFactors[" + std::to_string(i) + "] must be a finite number > 0");
    }
    if (c.sliding_window != 0 && c.sliding_window < c.context)
        throw ConfigError("slidingWindow (" + std::to_string(c.sliding_window) + ") is shorter than the context (" +
                          std::to_string(c.context) +
                          "): sliding-window attention is not supported (open the model with a context ≤ its window)");
}

std::vector<OpenTensorSpec> open_model_tensor_specs(const OpenModelConfig& c) {
    validate(c);
    const std::size_t V = c.vocab, D = c.d_model, F = c.mlp_hidden, d = c.d_head;
    std::vector<OpenTensorSpec> out;
    auto matrix = [&](const std::string& name, std::size_t o, std::size_t i) {
        out.push_back({name, o, i, false, false, true});
    };
    auto vec = [&](const std::string& name, std::size_t n, bool required = true) {
        out.push_back({name, 1, n, true, false, required});
    };
    if (c.arch == OpenArch::Gpt2) {
        out.push_back({"wte.weight", V, D, false, true, true});
        out.push_back({"wpe.weight", c.context, D, false, true, true});
        for (std::size_t l = 0; l < c.n_layers; ++l) {
            const std::string p = "h." + std::to_string(l) + ".";
            vec(p + "ln_1.weight", D);
            vec(p + "ln_1.bias", D);
            matrix(p + "attn.c_attn.weight", 3 * D, D);
            vec(p + "attn.c_attn.bias", 3 * D);
            matrix(p + "attn.c_proj.weight", D, D);
            vec(p + "attn.c_proj.bias", D);
            vec(p + "ln_2.weight", D);
            vec(p + "ln_2.bias", D);
            matrix(p + "mlp.c_fc.weight", F, D);
            vec(p + "mlp.c_fc.bias", F);
            matrix(p + "mlp.c_proj.weight", D, F);
            vec(p + "mlp.c_proj.bias", D);
        }
        vec("ln_f.weight", D);
        vec("ln_f.bias", D);
        return out;
    }
    const std::size_t H = c.n_heads, G = c.n_kv_heads;
    const std::size_t q_out = H * d * (c.attn_output_gate ? 2 : 1);
    const bool qkv_bias = c.arch == OpenArch::Qwen2 || c.attention_bias;
    out.push_back({"model.embed_tokens.weight", V, D, false, true, true});
    for (std::size_t l = 0; l < c.n_layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l) + ".";
        vec(p + "input_layernorm.weight", D);
        matrix(p + "self_attn.q_proj.weight", q_out, D);
        matrix(p + "self_attn.k_proj.weight", G * d, D);
        matrix(p + "self_attn.v_proj.weight", G * d, D);
        if (qkv_bias) {
            vec(p + "self_attn.q_proj.bias", q_out);
            vec(p + "self_attn.k_proj.bias", G * d);
            vec(p + "self_attn.v_proj.bias", G * d);
        }
        if (c.attention_bias) vec(p + "self_attn.o_proj.bias", D, false);  // HF Llama: o_proj has it too
        if (c.arch == OpenArch::Qwen3) {
            vec(p + "self_attn.q_norm.weight", d);
            vec(p + "self_attn.k_norm.weight", d);
        }
        matrix(p + "self_attn.o_proj.weight", D, H * d);
        vec(p + "post_attention_layernorm.weight", D);
        matrix(p + "mlp.gate_proj.weight", F, D);
        matrix(p + "mlp.up_proj.weight", F, D);
        matrix(p + "mlp.down_proj.weight", D, F);
    }
    vec("model.norm.weight", D);
    if (!c.tied_embeddings) out.push_back({"lm_head.weight", V, D, false, true, true});
    return out;
}

std::uint64_t open_model_bytes_needed(const OpenModelConfig& c, const std::vector<OpenTensorInfo>& tensors) {
    validate(c);
    // Every size here can come from a file's header: the sums and products are checked in 64
    // bits (row_bytes too), so a count is exact or a ShapeError, never wrapped.
    std::uint64_t total = 0;
    for (const OpenTensorInfo& t : tensors) {
        const std::uint64_t bytes = limits::checked_mul(t.rows, row_bytes(t.type, t.cols, t.name), "a tensor's bytes");
        total = limits::checked_add(total, bytes, "the tensors' bytes");
        if (t.rows == 1)  // the f32 copy of a 1-D tensor
            total = limits::checked_add(total, std::uint64_t(t.cols) * sizeof(float), "the tensors' bytes");
    }
    // validate() bounds L by kMaxLayers and every width by kMaxDimension, T is at most 256: each
    // product below stays under 2^61.
    const std::uint64_t T = std::min(c.context, kOpenPlannedTokens), L = c.n_layers, H = c.n_heads;
    const std::uint64_t qw = H * c.d_head * 2, kvw = std::uint64_t(c.n_kv_heads) * c.d_head;
    const std::uint64_t cache = L * T * kvw * 2;
    const std::uint64_t activations = T * (4 * std::uint64_t(c.d_model) + 2 * qw + 4 * kvw + 3 * c.mlp_hidden);
    const std::uint64_t maps = (L + 2) * H * T * T;
    return limits::checked_add(total, (cache + activations + maps + 2 * std::uint64_t(c.vocab)) * sizeof(float),
                               "the model's bytes");
}

OpenModel::OpenModel(const OpenModelConfig& cfg) : cfg_(cfg), specs_(open_model_tensor_specs(cfg)) {
    if (cfg_.arch == OpenArch::Gpt2) return;
    rope_thetas_ = rope_scaled_thetas(cfg_.d_head, cfg_.rope_theta, cfg_.rope_scaling);
    for (std::size_t i = 0; i < cfg_.rope_freq_factors.size(); ++i)
        rope_thetas_[i] /= static_cast<double>(cfg_.rope_freq_factors[i]);
}

std::uint8_t* OpenModel::tensor(const std::string& name, WeightType type, std::size_t rows, std::size_t cols,
                                gemm::BLayout layout) {
    if (finalized_) throw ConfigError("the model is finalised: its tensors cannot change ('" + name + "')");
    const OpenTensorSpec* spec = nullptr;
    for (const OpenTensorSpec& s : specs_)
        if (s.name == name) spec = &s;
    if (!spec) throw ConfigError("unexpected tensor '" + name + "' for a " + open_arch_name(cfg_.arch) + " model");
    if (tensors_.count(name)) throw ConfigError("tensor '" + name + "' was given twice");
    if (spec->vector) {
        if (!is_float_type(type))
            throw ConfigError(name + " is " + weight_type_name(type) + ": 1-D tensors must be f32, f16 or bf16");
        if (rows != 1 || cols != spec->in)
            throw ShapeError(name + " is " + shape(rows, cols) + ", expected " + shape(1, spec->in));
        layout = gemm::BLayout::NK;
    } else {
        if (layout == gemm::BLayout::KN && (is_block_type(type) || spec->rows_read))
            throw ConfigError(name + " is " + weight_type_name(type) + " stored [in, out] (\"kn\"): " +
                              (spec->rows_read ? "an embedding table is" : "block types are") +
                              " stored [out, in] (\"nk\")");
        const std::size_t want_rows = layout == gemm::BLayout::NK ? spec->out : spec->in;
        const std::size_t want_cols = layout == gemm::BLayout::NK ? spec->in : spec->out;
        if (rows != want_rows || cols != want_cols)
            throw ShapeError(name + " is " + shape(rows, cols) + ", expected " + shape(want_rows, want_cols));
    }
    const std::uint64_t n_bytes = std::uint64_t(rows) * row_bytes(type, cols, name);
    if (n_bytes > std::uint64_t(SIZE_MAX) / 2)
        throw ShapeError(name + " takes " + std::to_string(n_bytes) + " bytes, more than one allocation can hold");
    Stored& s = tensors_[name];
    s.type = type;
    s.rows = rows;
    s.cols = cols;
    s.layout = layout;
    s.n_bytes = static_cast<std::size_t>(n_bytes);
    try {
        s.bytes.reset(new std::uint8_t[s.n_bytes]);
    } catch (...) {
        tensors_.erase(name);
        throw;
    }
    return s.bytes.get();
}

std::uint8_t* OpenModel::tensor_bytes(const std::string& name, std::uint64_t offset, std::uint64_t n) {
    if (finalized_) throw ConfigError("the model is finalised: its tensors cannot change ('" + name + "')");
    const auto it = tensors_.find(name);
    if (it == tensors_.end()) throw ConfigError("tensor '" + name + "' was not created (call openModelTensor first)");
    const std::uint64_t size = it->second.n_bytes;
    if (offset > size || n > size - offset)
        throw ShapeError("bytes " + std::to_string(offset) + " … " + std::to_string(offset + n) + " pass tensor '" +
                         name + "', which holds " + std::to_string(size) + " bytes");
    return it->second.bytes.get() + offset;
}

const OpenModel::Stored* OpenModel::find(const std::string& name) const {
    const auto it = tensors_.find(name);
    return it == tensors_.end() ? nullptr : &it->second;
}

const OpenModel::Stored& OpenModel::get(const std::string& name) const { return *find(name); }

OpenModel::Linear OpenModel::linear(const std::string& weight, const std::string& bias) const {
    const Stored* b = bias.empty() ? nullptr : find(bias);
    return {find(weight), b ? b->f32.data() : nullptr};
}

void OpenModel::finalize() {
    if (finalized_) return;
    for (const OpenTensorSpec& s : specs_)
        if (s.required && !tensors_.count(s.name)) throw ShapeError("missing tensor '" + s.name + "'");
    for (auto& [name, s] : tensors_)
        if (s.rows == 1 && s.layout == gemm::BLayout::NK && s.f32.empty()) {
            bool vector = false;
            for (const OpenTensorSpec& spec : specs_) vector = vector || (spec.name == name && spec.vector);
            if (!vector) continue;
            s.f32.resize(s.cols);
            dequantize(s.type, s.bytes.get(), 0, s.cols, s.f32.data());
        }
    auto gain = [&](const std::string& name) {
        const Stored* s = find(name);
        return s ? s->f32.data() : nullptr;
    };
    layers_.assign(cfg_.n_layers, {});
    for (std::size_t l = 0; l < cfg_.n_layers; ++l) {
        Layer& y = layers_[l];
        if (cfg_.arch == OpenArch::Gpt2) {
            const std::string p = "h." + std::to_string(l) + ".";
            y.norm1 = gain(p + "ln_1.weight");
            y.norm1_bias = gain(p + "ln_1.bias");
            y.norm2 = gain(p + "ln_2.weight");
            y.norm2_bias = gain(p + "ln_2.bias");
            y.q = linear(p + "attn.c_attn.weight", p + "attn.c_attn.bias");
            y.o = linear(p + "attn.c_proj.weight", p + "attn.c_proj.bias");
            y.up = linear(p + "mlp.c_fc.weight", p + "mlp.c_fc.bias");
            y.down = linear(p + "mlp.c_proj.weight", p + "mlp.c_proj.bias");
            continue;
        }
        const std::string p = "model.layers." + std::to_string(l) + ".";
        y.norm1 = gain(p + "input_layernorm.weight");
        y.norm2 = gain(p + "post_attention_layernorm.weight");
        y.q_norm = gain(p + "self_attn.q_norm.weight");
        y.k_norm = gain(p + "self_attn.k_norm.weight");
        y.q = linear(p + "self_attn.q_proj.weight", p + "self_attn.q_proj.bias");
        y.k = linear(p + "self_attn.k_proj.weight", p + "self_attn.k_proj.bias");
        y.v = linear(p + "self_attn.v_proj.weight", p + "self_attn.v_proj.bias");
        y.o = linear(p + "self_attn.o_proj.weight", p + "self_attn.o_proj.bias");
        y.gate = linear(p + "mlp.gate_proj.weight", "");
        y.up = linear(p + "mlp.up_proj.weight", "");
        y.down = linear(p + "mlp.down_proj.weight", "");
    }
    if (cfg_.arch == OpenArch::Gpt2) {
        embed_ = find("wte.weight");
        wpe_ = find("wpe.weight");
        head_ = embed_;
        final_norm_ = gain("ln_f.weight");
        final_norm_bias_ = gain("ln_f.bias");
    } else {
        embed_ = find("model.embed_tokens.weight");
        head_ = cfg_.tied_embeddings ? embed_ : find("lm_head.weight");
        final_norm_ = gain("model.norm.weight");
    }
    finalized_ = true;
}

std::uint64_t OpenModel::parameters() const {
    std::uint64_t n = 0;
    for (const auto& [name, s] : tensors_) n += std::uint64_t(s.rows) * s.cols;
    return n;
}

std::uint64_t OpenModel::weight_bytes() const {
    std::uint64_t n = 0;
    for (const auto& [name, s] : tensors_) n += s.n_bytes;
    return n;
}

Matrix OpenModel::apply(const Linear& f, const Matrix& x, const OpenPass& pass) const {
    const Stored& w = *f.w;
    const std::size_t T = x.shape(0), in = x.shape(1);
    const std::size_t out = w.layout == gemm::BLayout::NK ? w.rows : w.cols;
    Matrix y({T, out});
    (pass.options.decode_kernels && T <= 4 ? gemm::gemm_weights_decode : gemm::gemm_weights)(
        T, out, in, x.data(), in, w.bytes.get(), w.type, w.layout, y.data(), out);
    if (f.bias)
        for (std::size_t t = 0; t < T; ++t)
            for (std::size_t j = 0; j < out; ++j) y(t, j) += f.bias[j];
    return y;
}

void OpenModel::embed_row(const Stored& table, std::size_t row, float* out) const {
    dequantize(table.type, table.bytes.get() + row * row_bytes(table.type, table.cols), 0, table.cols, out);
}

namespace {

bool keeps_layer(const OpenRunOptions& o, std::size_t l) {
    return o.layers.empty() || std::find(o.layers.begin(), o.layers.end(), l) != o.layers.end();
}

}  // namespace

void OpenModel::start_chunk(OpenPass& pass, std::size_t c) const {
    const std::size_t D = cfg_.d_model, from = c ? pass.chunk_ends[c - 1] : 0;
    pass.chunk = c;
    pass.layer = 0;
    pass.start = pass.first + from;
    pass.x = Matrix({pass.chunk_ends[c] - from, D});
    std::vector<float> pos(D);
    for (std::size_t t = 0; t < pass.x.shape(0); ++t) {
        embed_row(*embed_, static_cast<std::size_t>(pass.tokens[from + t]), &pass.x(t, 0));
        if (wpe_) {
            embed_row(*wpe_, pass.start + t, pos.data());
            for (std::size_t j = 0; j < D; ++j) pass.x(t, j) += pos[j];
        }
    }
}

OpenPass OpenModel::begin(const std::vector<int>& tokens, const OpenRunOptions& options, KVCache* cache,
                          std::size_t start) const {
    if (!finalized_) throw ConfigError("the model is not finalised: call openModelFinalize after the last tensor");
    const std::size_t T = tokens.size();
    check_tokens(tokens, start, cfg_.vocab, "tokens");
    if (start + T > cfg_.context)
        throw ShapeError("positions " + std::to_string(start) + " … " + std::to_string(start + T - 1) +
                         " pass the model's context of " + std::to_string(cfg_.context) + " tokens");
    for (std::size_t l : options.layers)
        if (l >= cfg_.n_layers)
            throw ShapeError("layer " + std::to_string(l) + " is outside the model's layers [0, " +
                             std::to_string(cfg_.n_layers) + ")");
    if (cache) {
        check_kv_cache(*cache, cfg_.n_layers, cfg_.n_kv_heads, cfg_.d_head);
        if (cache->length() != start)
            throw ShapeError("the KV cache holds " + std::to_string(cache->length()) +
                             " positions, so new tokens start at " + std::to_string(cache->length()) + ", not " +
                             std::to_string(start));
    }
    if (options.attention) {
        const std::uint64_t per_layer =
            limits::require_elements({cfg_.n_heads, T, start + T}, "attention [n_heads, T, T]");
        limits::require_call_bytes((std::uint64_t(cfg_.n_layers) + 2) * per_layer * sizeof(float),
                                   "nLayers + 2 attention maps [nHeads, T, T]");
    }
    OpenPass pass;
    pass.chunk_ends = chunk_ends(T, start, options.attention, options.chunk_tokens);
    limits::require_elements({pass.chunk_ends[0], cfg_.mlp_hidden}, "the MLP activations [T, mlpHidden]");
    if (pass.chunk_ends.size() > 1 || cache) {
        // The cache the chunks attend through holds every position of the pass: bounded like
        // one call's tensors.
        const std::uint64_t kv_row = std::uint64_t(cfg_.n_kv_heads) * cfg_.d_head * 2 * sizeof(float);
        limits::require_call_bytes(
            limits::checked_mul(limits::checked_mul(cfg_.n_layers, start + T, "the KV cache's bytes"), kv_row,
                                "the KV cache's bytes"),
            "the KV cache over " + std::to_string(start + T) + " positions");
    }
    pass.tokens = tokens;
    pass.first = start;
    pass.options = options;
    if (pass.chunk_ends.size() > 1 && !cache) {
        pass.own_cache = std::make_unique<KVCache>(make_cache());
        cache = pass.own_cache.get();
    }
    pass.cache = cache;
    pass.n_layers = cfg_.n_layers;
    if (options.attention) pass.sink_sums.assign(cfg_.n_layers, std::vector<double>(cfg_.n_heads, 0.0));
    start_chunk(pass, 0);
    return pass;
}

Matrix OpenModel::attend(OpenPass& pass, std::size_t l, const Matrix& q, const Matrix& k, const Matrix& v,
                         const AttentionOptions& opt) const {
    if (pass.cache) pass.cache->append(l, k, v);
    if (!pass.options.attention)
        return pass.cache ? attention_output(q, *pass.cache, l, opt) : attention_output(q, k, v, opt);
    // The weights are kept: attention() over the cache's rows copied (a prompt's pass, not a step).
    AttentionResult r = pass.cache ? attention(q, pass.cache->k(l), pass.cache->v(l), opt) : attention(q, k, v, opt);
    // This chunk's rows of the pass's weights: their share on key 0 (the sink share, averaged at
    // finish over rows 1 … T − 1, in row order), and, for a kept layer, the rows themselves.
    const Tensor3& w = r.weights;
    const std::size_t H = w.shape(0), rows = w.shape(1), keys_n = w.shape(2), row0 = pass.start - pass.first;
    for (std::size_t h = 0; h < H; ++h)
        for (std::size_t i = row0 ? 0 : 1; i < rows; ++i) pass.sink_sums[l][h] += w(h, i, 0);
    if (keeps_layer(pass.options, l)) {
        if (pass.chunk_ends.size() == 1) {
            pass.result.attention.push_back({l, std::move(r.weights)});
        } else {
            if (pass.chunk == 0) {
                const std::size_t T = pass.tokens.size();
                pass.result.attention.push_back({l, Tensor3(xt::zeros<float>({H, T, pass.first + T}))});
            }
            Tensor3& all = std::find_if(pass.result.attention.begin(), pass.result.attention.end(),
                                        [&](const OpenLayerAttention& a) { return a.layer == l; })
                               ->weights;
            for (std::size_t h = 0; h < H; ++h)
                for (std::size_t i = 0; i < rows; ++i)
                    std::copy(&w(h, i, 0), &w(h, i, 0) + keys_n, &all(h, row0 + i, 0));
        }
    }
    return std::move(r.output);
}

std::uint64_t OpenModel::layer_work(std::size_t T, std::size_t start, bool maps) const {
    using limits::checked_add;
    using limits::checked_mul;
    const std::uint64_t D = cfg_.d_model, H = cfg_.n_heads, d = cfg_.d_head, F = cfg_.mlp_hidden;
    const std::uint64_t kv = std::uint64_t(cfg_.n_kv_heads) * d, q = H * d * (cfg_.attn_output_gate ? 2 : 1);
    // validate() bounds every width by 2^24, so each product of two fits 64 bits.
    const std::uint64_t weights =
        cfg_.arch == OpenArch::Gpt2 ? 4 * D * D + 2 * F * D : D * (q + 2 * kv + H * d + 3 * F);
    const std::uint64_t rows = std::max<std::uint64_t>(T, limits::kWeightReadTokens);
    // Every score as attention() counts it (its own bound is then never the one a layer meets).
    const std::uint64_t attention =
        checked_mul(checked_mul(H * attention_score_work(cfg_.d_head, cfg_.d_head, MaskMode::NegInfBeforeSoftmax, maps),
                                T, "attention work"),
                    start + T, "attention work");
    return checked_add(checked_mul(rows, weights, "a layer's work"), attention, "a layer's work");
}

std::size_t OpenModel::max_pass_tokens() const {
    // layer_work grows with T: the largest T within the bound, by bisection over [0, context].
    std::size_t lo = 0, hi = cfg_.context;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo + 1) / 2;
        if (layer_work(mid, 0) <= limits::kMaxCallWork)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

std::vector<std::size_t> OpenModel::chunk_ends(std::size_t T, std::size_t start, bool maps, std::size_t cap) const {
    std::vector<std::size_t> ends;
    for (std::size_t done = 0; done < T;) {
        const std::size_t at = start + done;
        // The most tokens after `done` whose layer fits the bound (the work grows with them).
        std::size_t lo = 0, hi = cap ? std::min(T - done, cap) : T - done;
        if (layer_work(hi, at, maps) <= limits::kMaxCallWork) lo = hi;
        while (lo < hi) {
            const std::size_t mid = lo + (hi - lo + 1) / 2;
            if (layer_work(mid, at, maps) <= limits::kMaxCallWork)
                lo = mid;
            else
                hi = mid - 1;
        }
        if (lo == 0)
            limits::require_work(layer_work(1, at, maps),
                                 [&] { return "one layer over the token at position " + std::to_string(at); });
        done += lo;
        ends.push_back(done);
    }
    return ends;
}

std::uint64_t OpenModel::pass_work(const OpenPass& pass) const {
    std::uint64_t work = 0;
    for (std::size_t c = pass.chunk; c < pass.chunk_ends.size(); ++c) {
        const std::size_t from = c ? pass.chunk_ends[c - 1] : 0;
        const std::size_t layers =
            c == pass.chunk ? pass.n_layers - std::min(pass.layer, pass.n_layers) : pass.n_layers;
        work = limits::checked_add(
            work,
            limits::checked_mul(layers,
                                layer_work(pass.chunk_ends[c] - from, pass.first + from, pass.options.attention),
                                "the pass's work"),
            "the pass's work");
    }
    return work;
}

std::uint64_t OpenModel::head_work(std::size_t rows) const {
    return limits::checked_mul(std::max<std::uint64_t>(rows, limits::kWeightReadTokens),
                               std::uint64_t(cfg_.vocab) * cfg_.d_model, "the head's work");
}

namespace {

// Every value of m finite, else ValueError "<where>: … is not finite".
void require_finite_values(const Matrix& m, const std::string& where) {
    for (std::size_t i = 0; i < m.size(); ++i)
        if (!std::isfinite(m.data()[i]))
            throw ValueError(where + ": value " + std::to_string(i) + " of [" + std::to_string(m.shape(0)) + ", " +
                             std::to_string(m.shape(1)) + "] is not finite (an overflow in the weights' products)");
}

}  // namespace

void OpenModel::step(OpenPass& pass) const {
    if (pass.done())
        throw ShapeError("the pass has run all " + std::to_string(pass.n_layers) + " layers" +
                         (pass.chunk_ends.size() > 1 ? " of its " + std::to_string(pass.chunk_ends.size()) + " chunks"
                                                     : std::string()));
    if (pass.layer >= pass.n_layers) {  // the chunk is through every layer: the next one starts
        if (pass.options.all_logits) {
            Matrix rows({pass.done_rows.shape(0) + pass.x.shape(0), pass.x.shape(1)});
            std::copy(pass.done_rows.begin(), pass.done_rows.end(), rows.begin());
            std::copy(pass.x.begin(), pass.x.end(), rows.begin() + pass.done_rows.size());
            pass.done_rows = std::move(rows);
        }
        start_chunk(pass, pass.chunk + 1);
    }
    const std::string where = "layer " + std::to_string(pass.layer);
    try {
        if (cfg_.arch == OpenArch::Gpt2)
            gpt2_layer(pass, pass.layer);
        else
            llama_layer(pass, pass.layer);
    } catch (const ValueError& e) {
        throw ValueError(where + ": " + e.what());
    }
    require_finite_values(pass.x, where + "'s output");
    ++pass.layer;
}

OpenRunResult OpenModel::finish(OpenPass& pass) const {
    const std::size_t T = pass.tokens.size(), D = cfg_.d_model;
    const std::size_t left = pass.steps() - std::min(pass.steps_done(), pass.steps());
    limits::require_work(
        limits::checked_add(pass_work(pass), head_work(pass.options.all_logits ? T : 1), "the pass's work"), [&] {
            return "the remaining " + std::to_string(left) + " layers" +
                   (pass.chunk_ends.size() > 1 ? " (of " + std::to_string(pass.chunk_ends.size()) + " chunks)"
                                               : std::string()) +
                   " and the head over " + std::to_string(T) + " tokens";
        });
    while (!pass.done()) step(pass);
    Matrix x({pass.options.all_logits ? T : 1, D});
    if (pass.options.all_logits) {
        std::copy(pass.done_rows.begin(), pass.done_rows.end(), x.begin());
        std::copy(pass.x.begin(), pass.x.end(), x.begin() + pass.done_rows.size());
    } else {
        const std::size_t last = pass.x.shape(0) - 1;
        std::copy(&pass.x(last, 0), &pass.x(last, 0) + D, x.data());
    }
    OpenRunResult r = std::move(pass.result);
    if (pass.options.attention && T >= 2)
        for (const std::vector<double>& sums : pass.sink_sums) {
            std::vector<float> share(sums.size());
            for (std::size_t h = 0; h < sums.size(); ++h)
                share[h] = static_cast<float>(sums[h] / static_cast<double>(T - 1));
            r.sink_share.push_back(std::move(share));
        }
    try {
        if (cfg_.arch == OpenArch::Gpt2)
            layer_norm_rows(x, final_norm_, final_norm_bias_, cfg_.norm_eps);
        else
            rms_norm_blocks_inplace(x, D, final_norm_, nullptr, cfg_.norm_eps);
        r.logits = apply({head_, nullptr}, x, pass);
    } catch (const ValueError& e) {
        throw ValueError(std::string("the final norm: ") + e.what());
    }
    require_finite_values(r.logits, "the LM head's logits");
    return r;
}

OpenRunResult OpenModel::run(const std::vector<int>& tokens, const OpenRunOptions& options) const {
    OpenPass pass = begin(tokens, options);
    return finish(pass);
}

KVCache OpenModel::make_cache() const { return KVCache(cfg_.n_layers, cfg_.n_kv_heads, cfg_.d_head, cfg_.d_head); }

OpenGenerator OpenModel::start_generation(const std::vector<int>& prompt, std::size_t steps, bool exact) const {
    check_tokens(prompt, 0, cfg_.vocab, "prompt");
    if (prompt.size() + steps > cfg_.context)
        throw ShapeError("a prompt of " + std::to_string(prompt.size()) + " tokens and " + std::to_string(steps) +
                         " steps pass the model's context of " + std::to_string(cfg_.context) + " tokens");
    OpenGenerator g;
    g.cache = std::make_unique<KVCache>(make_cache());
    OpenRunOptions options;
    options.decode_kernels = !exact;
    g.pass = begin(prompt, options, g.cache.get(), 0);
    g.out = {prompt, {}};
    g.steps = steps;
    return g;
}

int OpenModel::generation_step(OpenGenerator& g) const {
    if (g.done()) throw ShapeError("the generation has made all its " + std::to_string(g.steps) + " tokens");
    if (!g.pass.done()) {
        step(g.pass);
        return -1;
    }
    const OpenRunResult r = finish(g.pass);
    const int token = argmax(row_vector(r.logits, 0));
    g.out.tokens.push_back(token);
    g.out.generated.push_back(token);
    if (!g.done()) g.pass = begin({token}, g.pass.options, g.cache.get(), g.cache->length());
    return token;
}

OpenGeneration OpenModel::generate(const std::vector<int>& prompt, std::size_t steps, bool exact) const {
    OpenGenerator g = start_generation(prompt, steps, exact);
    // The prompt's pass (in its chunks), then one pass per generated token after the first.
    const std::size_t P = prompt.size(), L = cfg_.n_layers;
    std::uint64_t work = pass_work(g.pass);
    for (std::size_t s = 1; s < steps; ++s)
        work = limits::checked_add(work, limits::checked_mul(L, layer_work(1, P + s - 1), "the generation's work"),
                                   "the generation's work");
    work = limits::checked_add(work, limits::checked_mul(steps, head_work(1), "the generation's work"),
                               "the generation's work");
    limits::require_work(work, [&] {
        return "a generation of " + std::to_string(steps) + " tokens after a prompt of " + std::to_string(P) +
               " (openModelGenerateStep runs it one layer per call)";
    });
    while (!g.done()) generation_step(g);
    return std::move(g.out);
}

}  // namespace attn
