#include "backward.hpp"

#include <cmath>
#include <string>

#include "attn/errors.hpp"
#include "attn/kernels.hpp"
#include "attn/rope.hpp"

namespace attn::train {
namespace {

// Adds a into acc (same shape).
void add_into(Matrix& acc, const Matrix& a) { kernels::axpy(1.0f, a.data(), acc.data(), acc.size()); }

// y = x̂ ⊙ gain per block of b columns, x̂ = x · inv (inv per row and block, as the forward
// recorded it). Adds dL/dx into dx and dL/dgain into dgain.
//   dx̂ = dy ⊙ gain,   dx = inv · (dx̂ − x̂ · mean(dx̂ ⊙ x̂)) over the block
void rms_norm_backward(const Matrix& x, const std::vector<float>& inv, std::size_t b, const Matrix& gain,
                       const Matrix& dy, Matrix& dx, Matrix& dgain) {
    const std::size_t n = x.shape(1);
    std::vector<float> xhat(b), dxhat(b);
    std::size_t k = 0;
    for (std::size_t i = 0; i < x.shape(0); ++i)
        for (std::size_t c = 0; c < n; c += b, ++k) {
            float mean = 0.0f;
            for (std::size_t j = 0; j < b; ++j) {
                xhat[j] = x(i, c + j) * inv[k];
                dxhat[j] = dy(i, c + j) * gain(0, j);
                dgain(0, j) += dy(i, c + j) * xhat[j];
                mean += dxhat[j] * xhat[j];
            }
            mean /= static_cast<float>(b);
            for (std::size_t j = 0; j < b; ++j) dx(i, c + j) += inv[k] * (dxhat[j] - xhat[j] * mean);
        }
}

float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }

void check_targets(const std::vector<int>& targets, std::size_t T, std::size_t V) {
    if (targets.size() != T)
        throw ValueError(std::to_string(targets.size()) + " targets for " + std::to_string(T) + " positions");
    for (std::size_t t = 0; t < T; ++t)
        if (targets[t] < 0 || static_cast<std::size_t>(targets[t]) >= V)
            throw ValueError("target " + std::to_string(targets[t]) + " at position " + std::to_string(t) +
                             " is outside the vocabulary [0, " + std::to_string(V) + ")");
}

}  // namespace

float cross_entropy(const Matrix& logits, const std::vector<int>& targets, float scale, Matrix* dlogits) {
    const std::size_t T = logits.shape(0), V = logits.shape(1);
    check_targets(targets, T, V);
    if (dlogits) *dlogits = Matrix({T, V});
    double loss = 0.0;
    std::vector<float> p(V);
    for (std::size_t t = 0; t < T; ++t) {
        const float* row = &logits(t, 0);
        const float m = kernels::max(row, V);
        std::copy(row, row + V, p.begin());
        const float sum = kernels::exp_shift_sum(p.data(), V, m);
        loss += -(row[targets[t]] - m - std::log(sum));
        if (dlogits) {
            for (std::size_t v = 0; v < V; ++v) (*dlogits)(t, v) = scale * p[v] / sum;
            (*dlogits)(t, targets[t]) -= scale;
        }
    }
    return static_cast<float>(loss);
}

float sequence_loss(const LabConfig& cfg, const LabWeights& w, const std::vector<int>& tokens,
                    const std::vector<int>& targets) {
    return cross_entropy(lab_forward(cfg, w, tokens, 0, nullptr, nullptr, nullptr), targets, 0.0f, nullptr);
}

float loss_and_gradient(const LabConfig& cfg, const LabWeights& w, const std::vector<int>& tokens,
                        const std::vector<int>& targets, float scale, LabWeights& grad) {
    LabActivations acts;
    const Matrix logits = lab_forward(cfg, w, tokens, 0, nullptr, nullptr, &acts);
    Matrix dlogits;
    const float loss = cross_entropy(logits, targets, scale, &dlogits);

    const std::size_t T = tokens.size(), D = cfg.d_model, d = cfg.d_head, H = cfg.n_heads, G = cfg.n_kv_heads;
    const std::size_t group = H / G;
    const float att_scale = 1.0f / std::sqrt(static_cast<float>(d));
    std::vector<float> back_positions(T);  // RoPE is a rotation: its transpose turns by −angle
    for (std::size_t t = 0; t < T; ++t) back_positions[t] = -static_cast<float>(t);
    const RopeConfig q_rope{H, 0, cfg.rope_base}, k_rope{G, 0, cfg.rope_base};

    // logits = h_final · Eᵀ (tied head)
    add_into(grad.embedding, matmul_at(dlogits, acts.h_final));
    const Matrix dh_final = matmul(dlogits, w.embedding);
    Matrix dx = xt::zeros<float>({T, D});
    rms_norm_backward(acts.x_final, acts.inv_final, D, w.final_norm, dh_final, dx, grad.final_norm);

    for (std::size_t l = cfg.n_layers; l-- > 0;) {
        const LabLayerActivations& s = acts.layers[l];
        const LabLayer& y = w.layers[l];
        LabLayer& gy = grad.layers[l];

        // x_out = x_mid + (silu(g1) ⊙ g3)·W2,   g1 = u·W1, g3 = u·W3
        add_into(gy.w2, matmul_at(s.m, dx));
        const Matrix dm = matmul_bt(dx, y.w2);
        Matrix dg1(dm.shape()), dg3(dm.shape());
        for (std::size_t i = 0; i < dm.size(); ++i) {
            const float z = s.g1.data()[i], sg = sigmoid(z);
            dg3.data()[i] = dm.data()[i] * z * sg;
            dg1.data()[i] = dm.data()[i] * s.g3.data()[i] * sg * (1.0f + z * (1.0f - sg));
        }
        add_into(gy.w1, matmul_at(s.u, dg1));
        add_into(gy.w3, matmul_at(s.u, dg3));
        Matrix du = matmul_bt(dg1, y.w1);
        add_into(du, matmul_bt(dg3, y.w3));
        rms_norm_backward(s.x_mid, s.inv_mlp, D, y.mlp_norm, du, dx, gy.mlp_norm);  // dx is now dL/dx_mid

        // x_mid = x + a·Wo
        add_into(gy.wo, matmul_at(s.a, dx));
        const Matrix da = matmul_bt(dx, y.wo);
        Matrix dh = xt::zeros<float>({T, D});
        Matrix dq = xt::zeros<float>({T, H * d}), dk = xt::zeros<float>({T, G * d}), dv = xt::zeros<float>({T, G * d});
        Matrix dz;
        if (cfg.output_gate) dz = Matrix({T, H * d});
        std::vector<float> o(d), dout(d), dp(T);
        for (std::size_t h = 0; h < H; ++h) {
            const std::size_t kv = h / group;
            for (std::size_t i = 0; i < T; ++i) {
                // a = o ⊙ sigmoid(z) with o = Σ_j P_ij v_j the ungated output, recomputed here.
                std::fill(o.begin(), o.end(), 0.0f);
                for (std::size_t j = 0; j <= i; ++j) kernels::axpy(s.weights(h, i, j), &s.v(j, kv * d), o.data(), d);
                for (std::size_t c = 0; c < d; ++c) {
                    const float g_ = da(i, h * d + c);
                    if (cfg.output_gate) {
                        const float sg = sigmoid(s.gate(i, h * d + c));
                        dout[c] = g_ * sg;
                        dz(i, h * d + c) = g_ * o[c] * sg * (1.0f - sg);
                    } else {
                        dout[c] = g_;
                    }
                }
                // o = P·v, P = softmax(scale · q·kᵀ) over j ≤ i
                float row_dot = 0.0f;
                for (std::size_t j = 0; j <= i; ++j) {
                    dp[j] = kernels::dot(dout.data(), &s.v(j, kv * d), d);
                    row_dot += s.weights(h, i, j) * dp[j];
                    kernels::axpy(s.weights(h, i, j), dout.data(), &dv(j, kv * d), d);
                }
                for (std::size_t j = 0; j <= i; ++j) {
                    const float ds = att_scale * s.weights(h, i, j) * (dp[j] - row_dot);
                    kernels::axpy(ds, &s.k(j, kv * d), &dq(i, h * d), d);
                    kernels::axpy(ds, &s.q(i, h * d), &dk(j, kv * d), d);
                }
            }
        }
        if (cfg.output_gate) {
            add_into(gy.w_gate, matmul_at(s.h, dz));
            add_into(dh, matmul_bt(dz, y.w_gate));
        }
        dq = rope(dq, q_rope, back_positions);
        dk = rope(dk, k_rope, back_positions);
        if (cfg.qk_norm) {
            Matrix dq_lin = xt::zeros<float>({T, H * d}), dk_lin = xt::zeros<float>({T, G * d});
            rms_norm_backward(s.q_lin, s.inv_q, d, y.q_norm, dq, dq_lin, gy.q_norm);
            rms_norm_backward(s.k_lin, s.inv_k, d, y.k_norm, dk, dk_lin, gy.k_norm);
            dq = std::move(dq_lin);
            dk = std::move(dk_lin);
        }
        add_into(gy.wq, matmul_at(s.h, dq));
        add_into(gy.wk, matmul_at(s.h, dk));
        add_into(gy.wv, matmul_at(s.h, dv));
        add_into(dh, matmul_bt(dq, y.wq));
        add_into(dh, matmul_bt(dk, y.wk));
        add_into(dh, matmul_bt(dv, y.wv));
        rms_norm_backward(s.x, s.inv_attn, D, y.attn_norm, dh, dx, gy.attn_norm);  // dx is now dL/dx
    }
    for (std::size_t t = 0; t < T; ++t) kernels::axpy(1.0f, &dx(t, 0), &grad.embedding(tokens[t], 0), D);
    return loss;
}

}  // namespace attn::train
