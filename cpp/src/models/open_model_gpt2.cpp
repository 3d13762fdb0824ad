// One GPT-2 block (open_model.hpp), as GPT2Block computes it: LayerNorm with bias, fused
// c_attn, causal multi-head attention, GELU (tanh approximation, "gelu_new"), biases everywhere.
#include <cmath>

#include "attn/models/open_model.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/decoder_parts.hpp"

namespace attn {
namespace {

// 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))), transformers' NewGELUActivation.
float gelu_tanh(float x) {
    const float k = 0.7978845608028654f;  // √(2/π)
    return 0.5f * x * (1.0f + std::tanh(k * (x + 0.044715f * x * x * x)));
}

}  // namespace

void OpenModel::gpt2_layer(OpenPass& pass, std::size_t l) const {
    const Layer& y = layers_[l];
    const std::size_t T = pass.x.shape(0), D = cfg_.d_model;
    Matrix h = pass.x;
    layer_norm_rows(h, y.norm1, y.norm1_bias, cfg_.norm_eps);
    const Matrix qkv = apply(y.q, h, pass);  // [T, 3D]: q | k | v
    Matrix q({T, D}), k({T, D}), v({T, D});
    for (std::size_t t = 0; t < T; ++t) {
        std::copy(&qkv(t, 0), &qkv(t, 0) + D, &q(t, 0));
        std::copy(&qkv(t, D), &qkv(t, D) + D, &k(t, 0));
        std::copy(&qkv(t, 2 * D), &qkv(t, 2 * D) + D, &v(t, 0));
    }
    AttentionOptions opt;
    opt.n_heads = cfg_.n_heads;
    opt.causal = true;
    const Matrix a = attend(pass, l, q, k, v, opt);
    add_inplace(pass.x, apply(y.o, a, pass));
    Matrix u = pass.x;
    layer_norm_rows(u, y.norm2, y.norm2_bias, cfg_.norm_eps);
    Matrix m = apply(y.up, u, pass);
    for (std::size_t i = 0; i < m.size(); ++i) m.data()[i] = gelu_tanh(m.data()[i]);
    add_inplace(pass.x, apply(y.down, m, pass));
}

}  // namespace attn
