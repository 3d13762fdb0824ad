#include "backward.hpp"

#include <cmath>
#include <string>

#include "attn/errors.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/kernels/portable_math.hpp"
#include "attn/ops/rope.hpp"

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

float sigmoid(float x) { return sigmoid_portable(x); }

// d silu(z) / dz
float silu_grad(float z) {
    const float sg = sigmoid(z);
    return sg * (1.0f + z * (1.0f - sg));
}

// x̂ = c · x / sqrt(Σx² + eps) over n values (the delta rule's L2 norm, c = 1/√d_k for q, 1 for
// k): adds dL/dx = c · (dx̂/c·r − x · r³ · (x · dx̂/c)) with r = 1/sqrt(Σx² + eps), in double.
void l2_norm_backward(const float* x, std::size_t n, double c, const double* dxhat, float* dx) {
    double ss = 0.0, dot = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        ss += double(x[i]) * x[i];
        dot += double(x[i]) * dxhat[i];
    }
    const double r = 1.0 / std::sqrt(ss + 1e-6);
    for (std::size_t i = 0; i < n; ++i) dx[i] += static_cast<float>(c * (r * dxhat[i] - x[i] * r * r * r * dot));
}

// Backward of one linear (Gated DeltaNet) layer, lab_model.hpp: from da = dL/d(input of
// out_proj) to dh = dL/dh, the tensors' gradients added into gy. The recurrence is
// differentiated through time over the states the forward kept (S before and after each token):
//   S_t = g_t S_{t−1} + k̂_tᵀ δ_t,  δ_t = β_t (v_t − g_t u_t),  u_t = k̂_t S_{t−1},  o_t = q̂_t S_t
Matrix linear_backward(const LabConfig& cfg, const LabLayer& y, const LabLayerActivations& s, const Matrix& da,
                       LabLayer& gy) {
    const std::size_t T = s.h.shape(0), hl = cfg.linear_heads, dl = cfg.linear_head_dim, w = hl * dl;
    const std::size_t K = cfg.conv_kernel, C = 3 * w;
    // a = rmsnorm_head(o) ⊙ gated_norm ⊙ silu(z)
    Matrix dn({T, w}), dz({T, w});
    std::vector<float> ohat(dl);
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t hh = 0; hh < hl; ++hh)
            for (std::size_t j = 0; j < dl; ++j) {
                const std::size_t c = hh * dl + j;
                const float z = s.z(t, c), n = s.o(t, c) * s.inv_o[t * hl + hh] * y.gated_norm(0, j);
                dn(t, c) = da(t, c) * z * sigmoid(z);
                dz(t, c) = da(t, c) * n * silu_grad(z);
            }
    Matrix d_o = xt::zeros<float>({T, w});
    rms_norm_backward(s.o, s.inv_o, dl, y.gated_norm, dn, d_o, gy.gated_norm);

    // The recurrence, per head, backwards in time.
    Matrix dconv = xt::zeros<float>({T, C});  // dL/d(conv_out) = dL/d[q | k | v]
    Matrix dbeta({T, hl}), ddecay({T, hl});
    const double q_scale = 1.0 / std::sqrt(double(dl));
    std::vector<double> q(dl), k(dl), u(dl), delta(dl), ddelta(dl), du(dl), dq(dl), dk(dl), dS(dl * dl);
    auto normalise = [](const float* x, std::size_t n, double c, double* out) {
        double ss = 0.0;
        for (std::size_t i = 0; i < n; ++i) ss += double(x[i]) * x[i];
        const double f = c / std::sqrt(ss + 1e-6);
        for (std::size_t i = 0; i < n; ++i) out[i] = x[i] * f;
    };
    for (std::size_t hh = 0; hh < hl; ++hh) {
        std::fill(dS.begin(), dS.end(), 0.0);
        for (std::size_t t = T; t-- > 0;) {
            const float* S_prev = &s.states(t, hh * dl * dl);
            const float* S_now = &s.states(t + 1, hh * dl * dl);
            const float* qr = &s.conv_out(t, hh * dl);
            const float* kr = &s.conv_out(t, w + hh * dl);
            const float* vr = &s.conv_out(t, 2 * w + hh * dl);
            normalise(qr, dl, q_scale, q.data());
            normalise(kr, dl, 1.0, k.data());
            const double g = s.decay(t, hh), beta = s.beta(t, hh);
            // o_t = q̂ S_t
            for (std::size_t i = 0; i < dl; ++i) {
                double acc = 0.0;
                for (std::size_t j = 0; j < dl; ++j) {
                    const double dout = d_o(t, hh * dl + j);
                    acc += double(S_now[i * dl + j]) * dout;
                    dS[i * dl + j] += q[i] * dout;
                }
                dq[i] = acc;
            }
            // recompute u = k̂ S_{t−1} and δ
            for (std::size_t j = 0; j < dl; ++j) {
                double acc = 0.0;
                for (std::size_t i = 0; i < dl; ++i) acc += k[i] * S_prev[i * dl + j];
                u[j] = acc;
                delta[j] = beta * (vr[j] - g * acc);
            }
            // S_t = g S_{t−1} + k̂ᵀ δ
            double dg = 0.0, dbeta_t = 0.0;
            for (std::size_t i = 0; i < dl; ++i) {
                double acc = 0.0;
                for (std::size_t j = 0; j < dl; ++j) {
                    acc += dS[i * dl + j] * delta[j];
                    dg += dS[i * dl + j] * S_prev[i * dl + j];
                }
                dk[i] = acc;
            }
            for (std::size_t j = 0; j < dl; ++j) {
                double acc = 0.0;
                for (std::size_t i = 0; i < dl; ++i) acc += k[i] * dS[i * dl + j];
                ddelta[j] = acc;
                dconv(t, 2 * w + hh * dl + j) += static_cast<float>(beta * acc);  // dv
                dbeta_t += acc * (vr[j] - g * u[j]);
                du[j] = -beta * g * acc;
                dg -= beta * u[j] * acc;
            }
            // u = k̂ S_{t−1}; then dS_{t−1} = g dS + k̂ᵀ du
            for (std::size_t i = 0; i < dl; ++i) {
                double acc = 0.0;
                for (std::size_t j = 0; j < dl; ++j) {
                    acc += double(S_prev[i * dl + j]) * du[j];
                    dS[i * dl + j] = g * dS[i * dl + j] + k[i] * du[j];
                }
                dk[i] += acc;
            }
            dbeta(t, hh) = static_cast<float>(dbeta_t);
            ddecay(t, hh) = static_cast<float>(dg);
            l2_norm_backward(qr, dl, q_scale, dq.data(), &dconv(t, hh * dl));
            l2_norm_backward(kr, dl, 1.0, dk.data(), &dconv(t, w + hh * dl));
        }
    }

    // Gates: β = sigmoid(b); g = exp(max(−exp(A_log)·softplus(a + dt_bias), −60)).
    Matrix dba({T, 2 * hl});
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t hh = 0; hh < hl; ++hh) {
            const float beta = s.beta(t, hh);
            dba(t, 2 * hh) = dbeta(t, hh) * beta * (1.0f - beta);
            const float x = s.ba(t, 2 * hh + 1) + y.dt_bias(0, hh);
            const float A = exp_portable(y.a_log(0, hh));
            const float sp = x > 20.0f ? x : log1p_portable(exp_portable(x));
            const float log_g = -A * sp;
            float dx = 0.0f;
            if (log_g > -60.0f) {
                const float dlog_g = ddecay(t, hh) * s.decay(t, hh);
                gy.a_log(0, hh) += dlog_g * log_g;
                dx = dlog_g * (-A) * sigmoid(x);
            }
            dba(t, 2 * hh + 1) = dx;
            gy.dt_bias(0, hh) += dx;
        }

    // [q | k | v] = silu(pre), pre[t, c] = Σ_j conv1d[c, j] · mixed[t − (K−1) + j, c]
    Matrix dmixed = xt::zeros<float>({T, C});
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t c = 0; c < C; ++c) {
            float pre = 0.0f;
            for (std::size_t j = 0; j < K; ++j)
                if (t + j >= K - 1) pre += y.conv1d(c, j) * s.mixed(t + j - (K - 1), c);
            const float dpre = dconv(t, c) * silu_grad(pre);
            for (std::size_t j = 0; j < K; ++j)
                if (t + j >= K - 1) {
                    gy.conv1d(c, j) += dpre * s.mixed(t + j - (K - 1), c);
                    dmixed(t + j - (K - 1), c) += dpre * y.conv1d(c, j);
                }
        }

    // Back into the reference's per-head layout of in_proj_qkvz.
    Matrix dp({T, 4 * w});
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t hh = 0; hh < hl; ++hh) {
            float* dst = &dp(t, hh * 4 * dl);
            std::copy(&dmixed(t, hh * dl), &dmixed(t, hh * dl) + dl, dst);
            std::copy(&dmixed(t, w + hh * dl), &dmixed(t, w + hh * dl) + dl, dst + dl);
            std::copy(&dmixed(t, 2 * w + hh * dl), &dmixed(t, 2 * w + hh * dl) + dl, dst + 2 * dl);
            std::copy(&dz(t, hh * dl), &dz(t, hh * dl) + dl, dst + 3 * dl);
        }
    add_into(gy.in_proj_qkvz, matmul_at(s.h, dp));
    add_into(gy.in_proj_ba, matmul_at(s.h, dba));
    Matrix dh = matmul_bt(dp, y.in_proj_qkvz);
    add_into(dh, matmul_bt(dba, y.in_proj_ba));
    return dh;
}

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
        loss += -(row[targets[t]] - m - log_portable(sum));
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

        if (layer_type(cfg, l) == LabLayerType::Linear) {
            // x_mid = x + a·out_proj
            add_into(gy.out_proj, matmul_at(s.a, dx));
            const Matrix dh = linear_backward(cfg, y, s, matmul_bt(dx, y.out_proj), gy);
            rms_norm_backward(s.x, s.inv_attn, D, y.attn_norm, dh, dx, gy.attn_norm);  // dx is now dL/dx
            continue;
        }

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
