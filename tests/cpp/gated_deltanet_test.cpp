#include "attn/ops/gated_deltanet.hpp"

#include <cmath>
#include "attn/errors.hpp"
#include "attn/ops/decoder_parts.hpp"
#include "test_util.hpp"

using namespace attn;

namespace {

// One sequence's inputs: q, k [T, H·d_k], v [T, H·d_v], g, beta [T, H].
struct GdnInputs {
    Matrix q, k, v, g, beta;
};

// Seeded inputs; g in [g_min, 1] and β in [0, 1], both uniform, as the layer's exp(·) / sigmoid give.
GdnInputs random_inputs(std::size_t T, const GdnDims& dims, std::uint64_t seed, double g_min = 0.3) {
    GdnInputs in{test::randn(T, dims.n_heads * dims.d_k, seed), test::randn(T, dims.n_heads * dims.d_k, seed + 1),
                 test::randn(T, dims.n_heads * dims.d_v, seed + 2), Matrix({T, dims.n_heads}),
                 Matrix({T, dims.n_heads})};
    Rng rng(seed + 3);
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t h = 0; h < dims.n_heads; ++h) {
            in.g(t, h) = float(g_min + (1.0 - g_min) * rng.uniform());
            in.beta(t, h) = float(rng.uniform());
        }
    in.g(0, 0) = 1.0f;  // both ends of the ranges occur
    in.beta(T - 1, 0) = 1.0f;
    return in;
}

// The recurrence token by token: outputs [T, H·d_v] and the state after the last token.
GdnSequenceResult run_steps(const GdnInputs& in, const GdnState& initial) {
    GdnSequenceResult r{Matrix({in.q.shape(0), initial.dims().n_heads * initial.dims().d_v}), initial};
    for (std::size_t t = 0; t < in.q.shape(0); ++t) {
        const Vector o = gdn_step(r.state, row_vector(in.q, t), row_vector(in.k, t), row_vector(in.v, t),
                                  row_vector(in.g, t), row_vector(in.beta, t));
        for (std::size_t c = 0; c < o.size(); ++c) r.out(t, c) = o(c);
    }
    return r;
}

float max_state_diff(const GdnState& a, const GdnState& b) {
    float m = 0.0f;
    for (std::size_t i = 0; i < a.values().size(); ++i) m = std::fmax(m, std::fabs(a.values()[i] - b.values()[i]));
    return m;
}

GdnSequenceResult chunked(const GdnInputs& in, const GdnState& initial, std::size_t chunk_size) {
    return gdn_chunked(in.q, in.k, in.v, in.g, in.beta, initial, chunk_size);
}

}  // namespace

TEST_CASE("Gated DeltaNet: token-by-token steps equal the chunked sequence form", "[gdn]") {
    const GdnDims dims{2, 8, 4};
    for (std::size_t T : {1u, 2u, 5u, 64u, 65u, 130u}) {
        const GdnInputs in = random_inputs(T, dims, 100 + T);
        const GdnSequenceResult steps = run_steps(in, GdnState(dims));
        for (std::size_t chunk : {1u, 16u, 64u}) {
            INFO("T = " << T << ", chunk_size = " << chunk);
            const GdnSequenceResult c = chunked(in, GdnState(dims), chunk);
            CHECK(test::max_abs_diff(c.out, steps.out) < 1e-5f);
            CHECK(max_state_diff(c.state, steps.state) < 1e-5f);
        }
    }
}

TEST_CASE("Gated DeltaNet: chunks stay finite and exact when the decay is tiny", "[gdn]") {
    // γ, the log decay summed over a chunk, reaches about 64 · ln(1e-12) ≈ −1770: the chunk form
    // must only ever exponentiate differences γ_i − γ_j ≤ 0, never γ alone in a denominator.
    const GdnDims dims{1, 4, 3};
    const GdnInputs in = random_inputs(130, dims, 7, 1e-12);
    const GdnSequenceResult steps = run_steps(in, GdnState(dims));
    const GdnSequenceResult c = chunked(in, GdnState(dims), 64);
    CHECK(test::max_abs_diff(c.out, steps.out) < 1e-5f);
    CHECK(max_state_diff(c.state, steps.state) < 1e-5f);
}

TEST_CASE("Gated DeltaNet: a sequence split in two, the state carried, equals the whole", "[gdn]") {
    const GdnDims dims{2, 4, 4};
    const GdnInputs in = random_inputs(50, dims, 11);
    const GdnSequenceResult whole = chunked(in, GdnState(dims), 16);
    const auto part = [&](std::size_t r0, std::size_t n) {
        return GdnInputs{rows(in.q, r0, n), rows(in.k, r0, n), rows(in.v, r0, n), rows(in.g, r0, n),
                         rows(in.beta, r0, n)};
    };
    const GdnSequenceResult first = chunked(part(0, 23), GdnState(dims), 16);
    const GdnSequenceResult second = chunked(part(23, 27), first.state, 16);
    CHECK(test::max_abs_diff(second.out, rows(whole.out, 23, 27)) < 1e-5f);
    CHECK(max_state_diff(second.state, whole.state) < 1e-5f);
    CHECK(test::max_abs_diff(first.out, rows(whole.out, 0, 23)) < 1e-5f);
}

TEST_CASE("Gated DeltaNet: the state's byte count does not grow with T", "[gdn]") {
    const GdnDims dims{3, 8, 6};
    const GdnSequenceResult one = run_steps(random_inputs(1, dims, 1), GdnState(dims));
    const GdnSequenceResult many = run_steps(random_inputs(10000, dims, 2), GdnState(dims));
    CHECK(one.state.bytes() == 3u * 8u * 6u * 4u);
    CHECK(many.state.bytes() == one.state.bytes());
    CHECK(many.state.values().size() == one.state.values().size());
    CHECK(GdnState::bytes_for(dims) == 3u * 8u * 6u * 4u);
    const GdnSequenceResult many_chunked = chunked(random_inputs(10000, dims, 2), GdnState(dims), 64);
    CHECK(many_chunked.state.bytes() == one.state.bytes());
}

TEST_CASE("Gated DeltaNet: a 2-token case worked out by hand", "[gdn]") {
    // H = 1, d_k = d_v = 2, S_0 = 0; q is scaled by 1/√2 after normalising.
    // Token 1: q = (1, 0), k = (1, 0), v = (1, 2), g = 0.5, β = 0.5.
    //   S_1 = 0.5 · S_0 + 0.5 · (1, 0)ᵀ ((1, 2) − 0) = [[0.5, 1], [0, 0]]
    //   o_1 = (1, 0)/√2 · S_1 = (0.5, 1)/√2 = (0.353553, 0.707107)
    // Token 2: q = (0, 2) → (0, 1), k = (3, 4) → (0.6, 0.8), v = (2, 0), g = 0.5, β = 1.
    //   g S_1 = [[0.25, 0.5], [0, 0]];  k (g S_1) = 0.6 · (0.25, 0.5) = (0.15, 0.3)
    //   v − k g S_1 = (1.85, −0.3);  kᵀ · that = [[1.11, −0.18], [1.48, −0.24]]
    //   S_2 = [[0.25 + 1.11, 0.5 − 0.18], [1.48, −0.24]] = [[1.36, 0.32], [1.48, −0.24]]
    //   o_2 = (0, 1)/√2 · S_2 = (1.48, −0.24)/√2 = (1.046518, −0.169706)
    // (β = 1 overwrites: k S_2 = (0.6·1.36 + 0.8·1.48, 0.6·0.32 − 0.8·0.24) = (2, 0) = v.)
    const GdnDims dims{1, 2, 2};
    GdnInputs in{Matrix({2, 2}), Matrix({2, 2}), Matrix({2, 2}), Matrix({2, 1}), Matrix({2, 1})};
    in.q = {{1, 0}, {0, 2}};
    in.k = {{1, 0}, {3, 4}};
    in.v = {{1, 2}, {2, 0}};
    in.g = {{0.5f}, {0.5f}};
    in.beta = {{0.5f}, {1.0f}};
    const Matrix expected_out = {{0.353553f, 0.707107f}, {1.046518f, -0.169706f}};
    const float expected_state[4] = {1.36f, 0.32f, 1.48f, -0.24f};

    const GdnSequenceResult steps = run_steps(in, GdnState(dims));
    CHECK(test::max_abs_diff(steps.out, expected_out) < 1e-5f);
    for (std::size_t c = 0; c < 4; ++c) CHECK(steps.state.values()[c] == Approx(expected_state[c]).margin(1e-5));
    for (std::size_t chunk : {1u, 2u}) {
        const GdnSequenceResult c = chunked(in, GdnState(dims), chunk);
        CHECK(test::max_abs_diff(c.out, expected_out) < 1e-5f);
        CHECK(max_state_diff(c.state, steps.state) < 1e-5f);
    }
}

TEST_CASE("Gated DeltaNet with g = 1 and beta = 1 is the plain delta rule", "[gdn]") {
    // The delta rule (Widrow–Hoff; Schlag et al. 2021), per head with unit k̂ and q̂:
    //   S_t = (I − k̂_tᵀ k̂_t) S_{t−1} + k̂_tᵀ v_t,   o_t = (q̂_t / √d_k) S_t
    // so after each token k̂_t S_t = v_t: the state returns exactly the value just written.
    const GdnDims dims{2, 4, 3};
    const std::size_t T = 12, dk = dims.d_k, dv = dims.d_v;
    GdnInputs in = random_inputs(T, dims, 21);
    in.g.fill(1.0f);
    in.beta.fill(1.0f);
    const GdnSequenceResult c = chunked(in, GdnState(dims), 5);

    for (std::size_t h = 0; h < dims.n_heads; ++h) {
        std::vector<double> S(dk * dv, 0.0), next(dk * dv);
        for (std::size_t t = 0; t < T; ++t) {
            std::vector<double> k(dk), q(dk);
            double nk = 0, nq = 0;
            for (std::size_t i = 0; i < dk; ++i) nk += in.k(t, h * dk + i) * in.k(t, h * dk + i);
            for (std::size_t i = 0; i < dk; ++i) nq += in.q(t, h * dk + i) * in.q(t, h * dk + i);
            for (std::size_t i = 0; i < dk; ++i) k[i] = in.k(t, h * dk + i) / std::sqrt(nk);
            for (std::size_t i = 0; i < dk; ++i) q[i] = in.q(t, h * dk + i) / std::sqrt(nq) / std::sqrt(double(dk));
            for (std::size_t i = 0; i < dk; ++i)
                for (std::size_t j = 0; j < dv; ++j) {
                    double projected = 0;  // ((I − k̂ᵀk̂) S)[i][j]
                    for (std::size_t m = 0; m < dk; ++m) projected += ((i == m) - k[i] * k[m]) * S[m * dv + j];
                    next[i * dv + j] = projected + k[i] * in.v(t, h * dv + j);
                }
            S = next;
            for (std::size_t j = 0; j < dv; ++j) {
                double o = 0, read = 0;
                for (std::size_t i = 0; i < dk; ++i) o += q[i] * S[i * dv + j], read += k[i] * S[i * dv + j];
                CHECK(c.out(t, h * dv + j) == Approx(o).margin(1e-5));
                CHECK(read == Approx(in.v(t, h * dv + j)).margin(1e-9));
            }
        }
        for (std::size_t i = 0; i < dk * dv; ++i) CHECK(c.state.values()[h * dk * dv + i] == Approx(S[i]).margin(1e-5));
    }
}

TEST_CASE("Gated DeltaNet errors name the field", "[gdn]") {
    const GdnDims dims{2, 4, 3};
    const GdnInputs in = random_inputs(5, dims, 31);
    const GdnState s0(dims);
    GdnState s(dims);
    const auto call = [&](const GdnInputs& x, std::size_t chunk = 64) {
        return gdn_chunked(x.q, x.k, x.v, x.g, x.beta, s0, chunk);
    };

    GdnInputs bad = in;
    bad.k = test::randn(5, 7, 1);
    CHECK_THROWS_AS(call(bad), ShapeError);
    CHECK_THROWS_WITH(call(bad), Catch::Contains("k [5, 7] should be [5, 8] (T, H·d_k)"));
    bad = in;
    bad.v = test::randn(4, 6, 1);
    CHECK_THROWS_WITH(call(bad), Catch::Contains("v [4, 6] should be [5, 6]"));
    bad = in;
    bad.g(3, 1) = 1.5f;
    CHECK_THROWS_AS(call(bad), ValueError);
    CHECK_THROWS_WITH(call(bad), Catch::Contains("g[3, 1] = 1.5 is outside (0, 1]"));
    bad.g(3, 1) = 0.0f;
    CHECK_THROWS_WITH(call(bad), Catch::Contains("g[3, 1] = 0 is outside (0, 1]"));
    bad = in;
    bad.beta(2, 0) = -0.25f;
    CHECK_THROWS_WITH(call(bad), Catch::Contains("beta[2, 0] = -0.25 is outside [0, 1]"));
    bad = in;
    bad.q(1, 2) = std::nanf("");
    CHECK_THROWS_AS(call(bad), ValueError);
    CHECK_THROWS_WITH(call(bad), Catch::Contains("q[1, 2] is NaN"));
    CHECK_THROWS_AS(call(in, 0), ConfigError);
    CHECK_THROWS_WITH(call(in, 0), Catch::Contains("chunk_size must be at least 1"));
    bad = GdnInputs{Matrix({0, 8}), Matrix({0, 8}), Matrix({0, 6}), Matrix({0, 2}), Matrix({0, 2})};
    CHECK_THROWS_AS(call(bad), ShapeError);
    CHECK_THROWS_AS(GdnState(GdnDims{2, 0, 3}), ConfigError);

    CHECK_THROWS_AS(gdn_step(s, row_vector(in.q, 0), row_vector(in.k, 0), Vector::from_shape({5}), row_vector(in.g, 0),
                             row_vector(in.beta, 0)),
                    ShapeError);
    CHECK_THROWS_WITH(gdn_step(s, row_vector(in.q, 0), row_vector(in.k, 0), Vector::from_shape({5}),
                               row_vector(in.g, 0), row_vector(in.beta, 0)),
                      Catch::Contains("v_t has 5 values, expected H·d_v = 6"));
    Vector g = row_vector(in.g, 0);
    g(1) = 2.0f;
    CHECK_THROWS_WITH(
        gdn_step(s, row_vector(in.q, 0), row_vector(in.k, 0), row_vector(in.v, 0), g, row_vector(in.beta, 0)),
        Catch::Contains("g_t[1] = 2 is outside (0, 1]"));
    Vector k = row_vector(in.k, 0);
    k(3) = INFINITY;
    CHECK_THROWS_WITH(
        gdn_step(s, row_vector(in.q, 0), k, row_vector(in.v, 0), row_vector(in.g, 0), row_vector(in.beta, 0)),
        Catch::Contains("k_t[3] is infinite"));
    CHECK(max_state_diff(s, s0) == 0.0f);  // a rejected step leaves the state untouched
}
