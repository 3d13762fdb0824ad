#include "attn/ops/gated_deltanet.hpp"
#include "attn/kernels/portable_math.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "attn/errors.hpp"

namespace attn {

// The references' l2norm: x · rsqrt(Σx² + eps), eps = 1e-6 (so a zero vector stays zero).
static constexpr double kL2Eps = 1e-6;

GdnState::GdnState(const GdnDims& dims) : dims_(dims) {
    require_positive(dims.n_heads, "GdnState: n_heads");
    require_positive(dims.d_k, "GdnState: d_k");
    require_positive(dims.d_v, "GdnState: d_v");
    s_.assign(dims.n_heads * dims.d_k * dims.d_v, 0.0f);
}

std::size_t GdnState::bytes_for(const GdnDims& dims) noexcept {
    return dims.n_heads * dims.d_k * dims.d_v * sizeof(float);
}

// One head's q or k, L2-normalised and multiplied by `scale`, in double.
static void normalise_head(const float* x, std::size_t d, double scale, double* out) {
    double ss = 0.0;
    for (std::size_t i = 0; i < d; ++i) ss += double(x[i]) * double(x[i]);
    const double f = scale / std::sqrt(ss + kL2Eps);
    for (std::size_t i = 0; i < d; ++i) out[i] = double(x[i]) * f;
}

static std::string number(float x) {
    std::string s = std::to_string(x);
    while (s.size() > 1 && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
}

// g in (0, 1], β in [0, 1]; `where` is the element as the message shows it ("g_t[1]", "g[3, 1]").
static void require_decay(float g, const std::string& where) {
    if (!(g > 0.0f && g <= 1.0f)) throw ValueError(where + " = " + number(g) + " is outside (0, 1]");
}
static void require_write_strength(float beta, const std::string& where) {
    if (!(beta >= 0.0f && beta <= 1.0f)) throw ValueError(where + " = " + number(beta) + " is outside [0, 1]");
}

static void require_length(const Vector& x, std::size_t n, const char* name, const char* what) {
    if (x.size() != n)
        throw ShapeError(std::string("gdn_step: ") + name + " has " + std::to_string(x.size()) + " values, expected " +
                         what + " = " + std::to_string(n));
}

Vector gdn_step(GdnState& state, const Vector& q_t, const Vector& k_t, const Vector& v_t, const Vector& g_t,
                const Vector& beta_t) {
    const GdnDims& dims = state.dims();
    const std::size_t H = dims.n_heads, dk = dims.d_k, dv = dims.d_v;
    require_length(q_t, H * dk, "q_t", "H·d_k");
    require_length(k_t, H * dk, "k_t", "H·d_k");
    require_length(v_t, H * dv, "v_t", "H·d_v");
    require_length(g_t, H, "g_t", "H");
    require_length(beta_t, H, "beta_t", "H");
    require_finite(q_t, "q_t");
    require_finite(k_t, "k_t");
    require_finite(v_t, "v_t");
    require_finite(g_t, "g_t");
    require_finite(beta_t, "beta_t");
    // The message is built only for a value that fails (this runs once per token).
    for (std::size_t h = 0; h < H; ++h) {
        if (!(g_t(h) > 0.0f && g_t(h) <= 1.0f)) require_decay(g_t(h), "g_t[" + std::to_string(h) + "]");
        if (!(beta_t(h) >= 0.0f && beta_t(h) <= 1.0f))
            require_write_strength(beta_t(h), "beta_t[" + std::to_string(h) + "]");
    }

    Vector out = xt::zeros<float>({H * dv});
    std::vector<double> q(dk), k(dk), delta(dv), acc(dv);
    for (std::size_t h = 0; h < H; ++h) {
        normalise_head(&q_t(h * dk), dk, 1.0 / std::sqrt(double(dk)), q.data());
        normalise_head(&k_t(h * dk), dk, 1.0, k.data());
        const float g = g_t(h);
        // The references' order: decay S, read what it stores for k (k S), write β (v − k S) along k.
        // S is walked row by row (i outer): each sum over i still adds in the order i = 0, 1, …,
        // so the bits are those of the column-wise loops, without a stride of d_v per step.
        std::fill(acc.begin(), acc.end(), 0.0);
        for (std::size_t i = 0; i < dk; ++i)
            for (std::size_t j = 0; j < dv; ++j) {
                state.at(h, i, j) *= g;
                acc[j] += k[i] * double(state.at(h, i, j));
            }
        for (std::size_t j = 0; j < dv; ++j) delta[j] = double(beta_t(h)) * (double(v_t(h * dv + j)) - acc[j]);
        std::fill(acc.begin(), acc.end(), 0.0);
        for (std::size_t i = 0; i < dk; ++i)
            for (std::size_t j = 0; j < dv; ++j) {
                state.at(h, i, j) = float(double(state.at(h, i, j)) + k[i] * delta[j]);
                acc[j] += q[i] * double(state.at(h, i, j));
            }
        for (std::size_t j = 0; j < dv; ++j) out(h * dv + j) = float(acc[j]);
    }
    return out;
}

static void require_sequence(const Matrix& m, std::size_t T, std::size_t cols, const char* name, const char* what) {
    if (m.shape(0) != T || m.shape(1) != cols)
        throw ShapeError("gdn_chunked: " + shape_str(name, m.shape(0), m.shape(1)) + " should be [" +
                         std::to_string(T) + ", " + std::to_string(cols) + "] (T, " + what + ")");
}

// One head, one chunk of C tokens starting at t0, in the references' chunk form. S [d_k, d_v]
// (double) is read and replaced by the state after the chunk. With γ_i = Σ_{m≤i} log g_m inside
// the chunk (every exp below is of γ_i − γ_j ≤ 0 or γ_i ≤ 0, so nothing overflows):
//   A[i][j] = −β_i (k_i·k_j) e^{γ_i−γ_j} for j < i     (strictly lower triangular)
//   Tm = (I − A)⁻¹, by forward substitution            (the UT transform)
//   U = Tm (β v),  W = Tm (β e^{γ} k)                 (the WY representation)
//   v_new = U − W S                                      [C, d_v]: what each token really writes
//   o_i = e^{γ_i} q_i S + Σ_{j≤i} (q_i·k_j) e^{γ_i−γ_j} v_new_j
//   S ← e^{γ_{C−1}} S + Σ_j e^{γ_{C−1}−γ_j} k_jᵀ v_new_j
static void chunk_head(const Matrix& q_in, const Matrix& k_in, const Matrix& v_in, const Matrix& g_in,
                       const Matrix& beta_in, std::size_t h, std::size_t t0, std::size_t C, const GdnDims& dims,
                       std::vector<double>& S, Matrix& out) {
    const std::size_t dk = dims.d_k, dv = dims.d_v;
    std::vector<double> q(C * dk), k(C * dk), v(C * dv), beta(C), gamma(C);
    double cum = 0.0;
    for (std::size_t i = 0; i < C; ++i) {
        normalise_head(&q_in(t0 + i, h * dk), dk, 1.0 / std::sqrt(double(dk)), &q[i * dk]);
        normalise_head(&k_in(t0 + i, h * dk), dk, 1.0, &k[i * dk]);
        for (std::size_t j = 0; j < dv; ++j) v[i * dv + j] = v_in(t0 + i, h * dv + j);
        beta[i] = beta_in(t0 + i, h);
        cum += log_portable(double(g_in(t0 + i, h)));
        gamma[i] = cum;
    }
    auto dot = [](const double* a, const double* b, std::size_t n) {
        double s = 0.0;
        for (std::size_t i = 0; i < n; ++i) s += a[i] * b[i];
        return s;
    };

    // A, then rows turned into Tm − I in place: row i of (I − A)⁻¹ − I is
    // A[i] + Σ_{m<i} A[i][m] · (row m, already transformed).
    std::vector<double> A(C * C, 0.0);
    for (std::size_t i = 0; i < C; ++i)
        for (std::size_t j = 0; j < i; ++j)
            A[i * C + j] = -beta[i] * dot(&k[i * dk], &k[j * dk], dk) * exp_portable(gamma[i] - gamma[j]);
    std::vector<double> row(C);
    for (std::size_t i = 1; i < C; ++i) {
        for (std::size_t j = 0; j < i; ++j) row[j] = A[i * C + j];
        for (std::size_t j = 0; j < i; ++j) {
            double s = row[j];
            for (std::size_t m = j + 1; m < i; ++m) s += row[m] * A[m * C + j];
            A[i * C + j] = s;
        }
    }
    for (std::size_t i = 0; i < C; ++i) A[i * C + i] = 1.0;  // A is now Tm

    // v_new = Tm (β v) − Tm (β e^γ k) S.
    std::vector<double> v_new(C * dv, 0.0), w(dk);
    for (std::size_t i = 0; i < C; ++i) {
        std::fill(w.begin(), w.end(), 0.0);
        for (std::size_t j = 0; j <= i; ++j) {
            const double t = A[i * C + j] * beta[j];
            const double te = t * exp_portable(gamma[j]);
            for (std::size_t c = 0; c < dv; ++c) v_new[i * dv + c] += t * v[j * dv + c];
            for (std::size_t c = 0; c < dk; ++c) w[c] += te * k[j * dk + c];
        }
        for (std::size_t c = 0; c < dk; ++c)
            for (std::size_t d = 0; d < dv; ++d) v_new[i * dv + d] -= w[c] * S[c * dv + d];
    }

    // Outputs: the decayed state read by q_i, plus the chunk's own writes up to i.
    std::vector<double> o(dv);
    for (std::size_t i = 0; i < C; ++i) {
        std::fill(o.begin(), o.end(), 0.0);
        const double decay = exp_portable(gamma[i]);
        for (std::size_t c = 0; c < dk; ++c)
            for (std::size_t d = 0; d < dv; ++d) o[d] += decay * q[i * dk + c] * S[c * dv + d];
        for (std::size_t j = 0; j <= i; ++j) {
            const double a = dot(&q[i * dk], &k[j * dk], dk) * exp_portable(gamma[i] - gamma[j]);
            for (std::size_t d = 0; d < dv; ++d) o[d] += a * v_new[j * dv + d];
        }
        for (std::size_t d = 0; d < dv; ++d) out(t0 + i, h * dv + d) = float(o[d]);
    }

    // The state after the chunk.
    const double last = gamma[C - 1];
    const double total_decay = exp_portable(last);
    for (double& s : S) s *= total_decay;
    for (std::size_t j = 0; j < C; ++j) {
        const double f = exp_portable(last - gamma[j]);
        for (std::size_t c = 0; c < dk; ++c)
            for (std::size_t d = 0; d < dv; ++d) S[c * dv + d] += f * k[j * dk + c] * v_new[j * dv + d];
    }
}

GdnSequenceResult gdn_chunked(const Matrix& q, const Matrix& k, const Matrix& v, const Matrix& g, const Matrix& beta,
                              const GdnState& initial, std::size_t chunk_size) {
    require_positive(chunk_size, "gdn_chunked: chunk_size");
    const GdnDims& dims = initial.dims();
    const std::size_t H = dims.n_heads, dk = dims.d_k, dv = dims.d_v;
    const std::size_t T = q.shape(0);
    if (T == 0) throw ShapeError("gdn_chunked: q has no tokens (T = 0)");
    require_sequence(q, T, H * dk, "q", "H·d_k");
    require_sequence(k, T, H * dk, "k", "H·d_k");
    require_sequence(v, T, H * dv, "v", "H·d_v");
    require_sequence(g, T, H, "g", "H");
    require_sequence(beta, T, H, "beta", "H");
    require_finite(q, "q");
    require_finite(k, "k");
    require_finite(v, "v");
    require_finite(g, "g");
    require_finite(beta, "beta");
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t h = 0; h < H; ++h) {
            if (g(t, h) > 0.0f && g(t, h) <= 1.0f && beta(t, h) >= 0.0f && beta(t, h) <= 1.0f) continue;
            const std::string where = "[" + std::to_string(t) + ", " + std::to_string(h) + "]";
            require_decay(g(t, h), "g" + where);
            require_write_strength(beta(t, h), "beta" + where);
        }

    GdnSequenceResult result{Matrix({T, H * dv}), initial};
    std::vector<double> S(dk * dv);
    for (std::size_t h = 0; h < H; ++h) {
        for (std::size_t c = 0; c < dk; ++c)
            for (std::size_t d = 0; d < dv; ++d) S[c * dv + d] = initial.at(h, c, d);
        for (std::size_t t0 = 0; t0 < T; t0 += chunk_size)
            chunk_head(q, k, v, g, beta, h, t0, std::min(chunk_size, T - t0), dims, S, result.out);
        for (std::size_t c = 0; c < dk; ++c)
            for (std::size_t d = 0; d < dv; ++d) result.state.at(h, c, d) = float(S[c * dv + d]);
    }
    return result;
}

}  // namespace attn
