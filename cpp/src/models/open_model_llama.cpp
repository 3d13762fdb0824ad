// One decoder layer of the RoPE families (llama, mistral, qwen2, qwen3; open_model.hpp), as
// LlamaDecoderLayer / Qwen2DecoderLayer / Qwen3DecoderLayer compute it.
#include <cmath>

#include "attn/models/open_model.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/decoder_parts.hpp"
#include "attn/ops/rope.hpp"

namespace attn {
namespace {

float silu(float x) { return x / (1.0f + std::exp(-x)); }

}  // namespace

void OpenModel::llama_layer(OpenPass& pass, std::size_t l) const {
    const Layer& y = layers_[l];
    const std::size_t T = pass.x.shape(0), D = cfg_.d_model, H = cfg_.n_heads, d = cfg_.d_head;
    Matrix h = pass.x;
    rms_norm_blocks_inplace(h, D, y.norm1, nullptr, cfg_.norm_eps);
    Matrix q = apply(y.q, h, pass), k = apply(y.k, h, pass);
    const Matrix v = apply(y.v, h, pass);
    AttentionOptions opt;
    opt.n_heads = H;
    opt.n_kv_heads = cfg_.n_kv_heads;
    opt.causal = true;  // with a cache the new queries are the last T of the keys (mask.hpp)
    if (cfg_.attn_output_gate) {
        // Qwen3-Next: q_proj's output per head is [query (d) | gate (d)].
        Matrix query({T, H * d}), gate({T, H * d});
        for (std::size_t t = 0; t < T; ++t)
            for (std::size_t hd = 0; hd < H; ++hd) {
                const float* src = &q(t, hd * 2 * d);
                std::copy(src, src + d, &query(t, hd * d));
                std::copy(src + d, src + 2 * d, &gate(t, hd * d));
            }
        q = std::move(query);
        opt.gate_logits = std::move(gate);
    }
    if (y.q_norm) rms_norm_blocks_inplace(q, d, y.q_norm, nullptr, cfg_.norm_eps);
    if (y.k_norm) rms_norm_blocks_inplace(k, d, y.k_norm, nullptr, cfg_.norm_eps);
    std::vector<float> positions(T);
    for (std::size_t t = 0; t < T; ++t) positions[t] = static_cast<float>(pass.start + t);
    q = rope(q, {H, 0, cfg_.rope_theta, rope_thetas_}, positions);
    k = rope(k, {cfg_.n_kv_heads, 0, cfg_.rope_theta, rope_thetas_}, positions);
    const Matrix a = attend(pass, l, q, k, v, opt);
    add_inplace(pass.x, apply(y.o, a, pass));
    Matrix u = pass.x;
    rms_norm_blocks_inplace(u, D, y.norm2, nullptr, cfg_.norm_eps);
    Matrix m = apply(y.gate, u, pass);
    const Matrix up = apply(y.up, u, pass);
    for (std::size_t i = 0; i < m.size(); ++i) m.data()[i] = silu(m.data()[i]) * up.data()[i];
    add_inplace(pass.x, apply(y.down, m, pass));
}

}  // namespace attn
