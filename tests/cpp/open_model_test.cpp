// The opened model (open_model.hpp): a tiny hand-built model of every family and weight type
// against a straightforward reference written here from the families' modelling code (plain loops
// in double over the decoded weights), the KV cache against the full pass, the stepping pass, and
// every named error.
#include "attn/models/open_model.hpp"
#include "attn/kernels/thread_pool.hpp"
#include "attn/models/open_model_api.hpp"

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/kernels/quant_blocks.hpp"
#include "attn/limits.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/models/weights_io.hpp"
#include "attn/ops/attention.hpp"
#include "attn/ops/decoder_parts.hpp"
#include "stored_weights.hpp"
#include "test_util.hpp"

using namespace attn;
using Catch::Contains;

namespace {

using Vec = std::vector<double>;

// A decoded tensor as the reference reads it: W[o][i] for a matrix (whatever its stored layout),
// w[i] for a vector.
struct Ref {
    std::size_t out = 0, in = 0;
    std::vector<double> w;  // [out, in]
    double at(std::size_t o, std::size_t i) const { return w[o * in + i]; }
};

struct Built {
    std::unique_ptr<OpenModel> model;
    std::map<std::string, Ref> ref;
};

// Every tensor of the config at random, matrices in `type` (1-D ones in f32; "kn" matrices in
// kn_type when given), handed to the engine and decoded for the reference.
Built build(const OpenModelConfig& cfg, WeightType type, gemm::BLayout layout = gemm::BLayout::NK,
            bool with_optional = true) {
    Built b{std::make_unique<OpenModel>(cfg), {}};
    std::uint64_t seed = 1;
    for (const OpenTensorSpec& s : open_model_tensor_specs(cfg)) {
        if (!s.required && !with_optional) continue;
        const bool vec = s.vector;
        const bool gain = vec && s.name.find("bias") == std::string::npos;
        const WeightType t = vec ? WeightType::F32 : type;
        const gemm::BLayout lay = vec || s.rows_read ? gemm::BLayout::NK : layout;
        const std::size_t rows = lay == gemm::BLayout::NK ? s.out : s.in,
                          cols = lay == gemm::BLayout::NK ? s.in : s.out;
        const float scale = gain ? 0.2f : vec ? 0.1f : s.rows_read ? 1.0f : 1.0f / std::sqrt(static_cast<float>(s.in));
        std::vector<std::uint8_t> bytes = test::random_stored(t, rows, cols, seed++, scale);
        std::vector<float> decoded(rows * cols);
        for (std::size_t r = 0; r < rows; ++r)
            dequantize(t, bytes.data() + r * row_bytes(t, cols), 0, cols, decoded.data() + r * cols);
        if (gain)
            for (float& g : decoded) g += 1.0f;  // gains near 1
        if (gain) {                              // write the shifted gains back in f32
            std::memcpy(bytes.data(), decoded.data(), decoded.size() * 4);
        }
        std::uint8_t* dst = b.model->tensor(s.name, t, rows, cols, lay);
        std::memcpy(dst, bytes.data(), bytes.size());
        Ref r{s.out, s.in, std::vector<double>(s.out * s.in)};
        for (std::size_t o = 0; o < s.out; ++o)
            for (std::size_t i = 0; i < s.in; ++i)
                r.w[o * s.in + i] = lay == gemm::BLayout::NK ? decoded[o * s.in + i] : decoded[i * s.out + o];
        b.ref[s.name] = std::move(r);
    }
    b.model->finalize();
    return b;
}

// y = W x (+ b): x [in] → [out].
Vec lin(const std::map<std::string, Ref>& ref, const std::string& w, const Vec& x, const std::string& bias = "") {
    const Ref& m = ref.at(w);
    Vec y(m.out, 0.0);
    for (std::size_t o = 0; o < m.out; ++o) {
        for (std::size_t i = 0; i < m.in; ++i) y[o] += m.at(o, i) * x[i];
        if (!bias.empty() && ref.count(bias)) y[o] += ref.at(bias).w[o];
    }
    return y;
}

Vec rms(const Vec& x, std::size_t from, std::size_t n, const std::vector<double>& g, double eps) {
    double ss = 0.0;
    for (std::size_t i = 0; i < n; ++i) ss += x[from + i] * x[from + i];
    const double inv = 1.0 / std::sqrt(ss / static_cast<double>(n) + eps);
    Vec y(n);
    for (std::size_t i = 0; i < n; ++i) y[i] = x[from + i] * inv * g[i];
    return y;
}

Vec layer_norm(const Vec& x, const std::vector<double>& g, const std::vector<double>& b, double eps) {
    double mean = 0.0, var = 0.0;
    for (double v : x) mean += v;
    mean /= static_cast<double>(x.size());
    for (double v : x) var += (v - mean) * (v - mean);
    var /= static_cast<double>(x.size());
    Vec y(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) y[i] = (x[i] - mean) / std::sqrt(var + eps) * g[i] + b[i];
    return y;
}

// θ_i of the config, with transformers' rope_scaling (_compute_default_rope_parameters,
// _compute_linear_scaling_rope_parameters, _compute_llama3_parameters).
std::vector<double> inv_freq(const OpenModelConfig& c) {
    const std::size_t d = c.d_head;
    std::vector<double> f(d / 2);
    const RopeScaling& s = c.rope_scaling;
    for (std::size_t i = 0; i < d / 2; ++i) {
        f[i] = 1.0 / std::pow(static_cast<double>(c.rope_theta), static_cast<double>(2 * i) / static_cast<double>(d));
        if (s.kind == RopeScaling::Kind::Linear) f[i] /= s.factor;
        if (s.kind != RopeScaling::Kind::Llama3) continue;
        const double wavelen = 2 * M_PI / f[i];
        const double scaled = wavelen > s.original_context / s.low_freq_factor ? f[i] / s.factor : f[i];
        const double smooth =
            (s.original_context / wavelen - s.low_freq_factor) / (s.high_freq_factor - s.low_freq_factor);
        const bool medium =
            !(wavelen < s.original_context / s.high_freq_factor) && !(wavelen > s.original_context / s.low_freq_factor);
        f[i] = medium ? (1 - smooth) * scaled / s.factor + smooth * scaled : scaled;
    }
    for (std::size_t i = 0; i < c.rope_freq_factors.size(); ++i) f[i] /= c.rope_freq_factors[i];
    return f;
}

// Rotate-half RoPE of one head in place: dim i pairs with i + d/2, angle pos · θ_i.
void rope_head(double* v, std::size_t d, double pos, const std::vector<double>& theta) {
    for (std::size_t i = 0; i < d / 2; ++i) {
        const double a = pos * theta[i];
        const double x1 = v[i], x2 = v[i + d / 2];
        v[i] = x1 * std::cos(a) - x2 * std::sin(a);
        v[i + d / 2] = x2 * std::cos(a) + x1 * std::sin(a);
    }
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// The reference forward: logits [T][V] and attention weights [L][H][T][T].
std::vector<Vec> reference(const OpenModelConfig& c, const std::map<std::string, Ref>& R,
                           const std::vector<int>& tokens,
                           std::vector<std::vector<std::vector<Vec>>>* attn_out = nullptr) {
    const std::size_t T = tokens.size(), D = c.d_model, H = c.n_heads, G = c.n_kv_heads, d = c.d_head;
    const bool gpt2 = c.arch == OpenArch::Gpt2;
    const std::vector<double> theta = gpt2 ? std::vector<double>{} : inv_freq(c);
    std::vector<Vec> x(T, Vec(D));
    const Ref& E = R.at(gpt2 ? "wte.weight" : "model.embed_tokens.weight");
    for (std::size_t t = 0; t < T; ++t)
        for (std::size_t j = 0; j < D; ++j) x[t][j] = E.at(tokens[t], j) + (gpt2 ? R.at("wpe.weight").at(t, j) : 0.0);
    if (attn_out) attn_out->assign(c.n_layers, std::vector<std::vector<Vec>>(H, std::vector<Vec>(T, Vec(T, 0.0))));
    for (std::size_t l = 0; l < c.n_layers; ++l) {
        std::vector<Vec> q(T), k(T), v(T), gate(T);
        if (gpt2) {
            const std::string p = "h." + std::to_string(l) + ".";
            for (std::size_t t = 0; t < T; ++t) {
                const Vec h = layer_norm(x[t], R.at(p + "ln_1.weight").w, R.at(p + "ln_1.bias").w, c.norm_eps);
                const Vec qkv = lin(R, p + "attn.c_attn.weight", h, p + "attn.c_attn.bias");
                q[t].assign(qkv.begin(), qkv.begin() + D);
                k[t].assign(qkv.begin() + D, qkv.begin() + 2 * D);
                v[t].assign(qkv.begin() + 2 * D, qkv.end());
            }
        } else {
            const std::string p = "model.layers." + std::to_string(l) + ".";
            for (std::size_t t = 0; t < T; ++t) {
                const Vec h = rms(x[t], 0, D, R.at(p + "input_layernorm.weight").w, c.norm_eps);
                Vec qo = lin(R, p + "self_attn.q_proj.weight", h, p + "self_attn.q_proj.bias");
                if (c.attn_output_gate) {
                    q[t].resize(H * d);
                    gate[t].resize(H * d);
                    for (std::size_t hd = 0; hd < H; ++hd)
                        for (std::size_t i = 0; i < d; ++i) {
                            q[t][hd * d + i] = qo[hd * 2 * d + i];
                            gate[t][hd * d + i] = qo[hd * 2 * d + d + i];
                        }
                } else {
                    q[t] = qo;
                }
                k[t] = lin(R, p + "self_attn.k_proj.weight", h, p + "self_attn.k_proj.bias");
                v[t] = lin(R, p + "self_attn.v_proj.weight", h, p + "self_attn.v_proj.bias");
                if (c.arch == OpenArch::Qwen3) {
                    for (std::size_t hd = 0; hd < H; ++hd) {
                        const Vec n = rms(q[t], hd * d, d, R.at(p + "self_attn.q_norm.weight").w, c.norm_eps);
                        std::copy(n.begin(), n.end(), q[t].begin() + hd * d);
                    }
                    for (std::size_t g = 0; g < G; ++g) {
                        const Vec n = rms(k[t], g * d, d, R.at(p + "self_attn.k_norm.weight").w, c.norm_eps);
                        std::copy(n.begin(), n.end(), k[t].begin() + g * d);
                    }
                }
                for (std::size_t hd = 0; hd < H; ++hd) rope_head(&q[t][hd * d], d, static_cast<double>(t), theta);
                for (std::size_t g = 0; g < G; ++g) rope_head(&k[t][g * d], d, static_cast<double>(t), theta);
            }
        }
        const std::string p = gpt2 ? "h." + std::to_string(l) + "." : "model.layers." + std::to_string(l) + ".";
        for (std::size_t t = 0; t < T; ++t) {
            Vec a(H * d, 0.0);
            for (std::size_t hd = 0; hd < H; ++hd) {
                const std::size_t g = hd / (H / G);
                Vec s(t + 1);
                double mx = -1e300;
                for (std::size_t j = 0; j <= t; ++j) {
                    double dot = 0.0;
                    for (std::size_t i = 0; i < d; ++i) dot += q[t][hd * d + i] * k[j][g * d + i];
                    s[j] = dot / std::sqrt(static_cast<double>(d));
                    mx = std::max(mx, s[j]);
                }
                double z = 0.0;
                for (double& e : s) z += (e = std::exp(e - mx));
                for (std::size_t j = 0; j <= t; ++j) {
                    s[j] /= z;
                    if (attn_out) (*attn_out)[l][hd][t][j] = s[j];
                    for (std::size_t i = 0; i < d; ++i) a[hd * d + i] += s[j] * v[j][g * d + i];
                }
            }
            if (c.attn_output_gate)
                for (std::size_t i = 0; i < H * d; ++i) a[i] *= sigmoid(gate[t][i]);
            const Vec o = gpt2 ? lin(R, p + "attn.c_proj.weight", a, p + "attn.c_proj.bias")
                               : lin(R, p + "self_attn.o_proj.weight", a, p + "self_attn.o_proj.bias");
            for (std::size_t j = 0; j < D; ++j) x[t][j] += o[j];
        }
        for (std::size_t t = 0; t < T; ++t) {
            Vec m;
            if (gpt2) {
                const Vec u = layer_norm(x[t], R.at(p + "ln_2.weight").w, R.at(p + "ln_2.bias").w, c.norm_eps);
                m = lin(R, p + "mlp.c_fc.weight", u, p + "mlp.c_fc.bias");
                for (double& e : m) e = 0.5 * e * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (e + 0.044715 * e * e * e)));
                m = lin(R, p + "mlp.c_proj.weight", m, p + "mlp.c_proj.bias");
            } else {
                const Vec u = rms(x[t], 0, D, R.at(p + "post_attention_layernorm.weight").w, c.norm_eps);
                const Vec g = lin(R, p + "mlp.gate_proj.weight", u), up = lin(R, p + "mlp.up_proj.weight", u);
                Vec h(g.size());
                for (std::size_t i = 0; i < g.size(); ++i) h[i] = g[i] / (1.0 + std::exp(-g[i])) * up[i];
                m = lin(R, p + "mlp.down_proj.weight", h);
            }
            for (std::size_t j = 0; j < D; ++j) x[t][j] += m[j];
        }
    }
    std::vector<Vec> logits(T);
    const Ref& head = gpt2 || c.tied_embeddings ? E : R.at("lm_head.weight");
    for (std::size_t t = 0; t < T; ++t) {
        const Vec f = gpt2 ? layer_norm(x[t], R.at("ln_f.weight").w, R.at("ln_f.bias").w, c.norm_eps)
                           : rms(x[t], 0, D, R.at("model.norm.weight").w, c.norm_eps);
        logits[t].assign(c.vocab, 0.0);
        for (std::size_t o = 0; o < c.vocab; ++o)
            for (std::size_t i = 0; i < D; ++i) logits[t][o] += head.at(o, i) * f[i];
    }
    return logits;
}

OpenModelConfig config(OpenArch arch, std::size_t D, std::size_t H, std::size_t G, std::size_t d, std::size_t F) {
    OpenModelConfig c;
    c.arch = arch;
    c.vocab = 40;
    c.d_model = D;
    c.n_layers = 2;
    c.n_heads = H;
    c.n_kv_heads = G;
    c.d_head = d;
    c.mlp_hidden = F;
    c.context = 16;
    c.rope_theta = 10000.0f;
    c.norm_eps = arch == OpenArch::Gpt2 ? 1e-5f : 1e-6f;
    return c;
}

const std::vector<int> kTokens = {3, 17, 0, 39, 5, 5, 21};

// The engine's full pass against the reference: every position's logits and every layer's
// attention weights.
void check_against_reference(const OpenModelConfig& c, WeightType type, gemm::BLayout layout = gemm::BLayout::NK) {
    INFO(open_arch_name(c.arch) << " " << weight_type_name(type));
    const Built b = build(c, type, layout);
    std::vector<std::vector<std::vector<Vec>>> want_attn;
    const auto want = reference(c, b.ref, kTokens, &want_attn);
    OpenRunOptions opt;
    opt.attention = true;
    opt.all_logits = true;
    const OpenRunResult r = b.model->run(kTokens, opt);
    double err = 0.0;
    for (std::size_t t = 0; t < kTokens.size(); ++t)
        for (std::size_t o = 0; o < c.vocab; ++o) err = std::max(err, std::fabs(r.logits(t, o) - want[t][o]));
    CHECK(err < 1e-3);
    REQUIRE(r.attention.size() == c.n_layers);
    double attn_err = 0.0;
    for (std::size_t l = 0; l < c.n_layers; ++l)
        for (std::size_t h = 0; h < c.n_heads; ++h)
            for (std::size_t i = 0; i < kTokens.size(); ++i)
                for (std::size_t j = 0; j < kTokens.size(); ++j)
                    attn_err = std::max(attn_err, std::fabs(r.attention[l].weights(h, i, j) - want_attn[l][h][i][j]));
    CHECK(attn_err < 1e-4);
    REQUIRE(r.sink_share.size() == c.n_layers);
    double share = 0.0;
    for (std::size_t i = 1; i < kTokens.size(); ++i) share += want_attn[1][0][i][0];
    CHECK(std::fabs(r.sink_share[1][0] - share / static_cast<double>(kTokens.size() - 1)) < 1e-5);
}

}  // namespace

TEST_CASE("open model: llama (GQA) matches the reference in f32, f16 and every 32-block type", "[open_model]") {
    const OpenModelConfig c = config(OpenArch::Llama, 64, 4, 2, 16, 96);
    for (WeightType t : {WeightType::F32, WeightType::F16, WeightType::Q8_0, WeightType::Q5_0, WeightType::Q5_1,
                         WeightType::Q4_0, WeightType::Q4_1})
        check_against_reference(c, t);
}

TEST_CASE("open model: llama with attention bias (o_proj's too), and mistral, untied heads", "[open_model]") {
    OpenModelConfig c = config(OpenArch::Llama, 64, 4, 1, 16, 64);
    c.attention_bias = true;
    check_against_reference(c, WeightType::BF16);
    OpenModelConfig m = config(OpenArch::Mistral, 64, 8, 2, 8, 64);
    m.sliding_window = 4096;  // longer than the context: ignored
    check_against_reference(m, WeightType::Q8_0);
}

TEST_CASE("open model: llama with rope_scaling (llama3, linear) and GGUF's frequency factors", "[open_model]") {
    // theta 500000, original context 64, high / low frequency factors 8 / 1: the wavelengths
    // 2π/θ_i (6.3, 32, 167, … at d = 16) fall in all three bands: below 64/8 kept, between 8
    // and 64 blended, above 64 divided by the factor.
    OpenModelConfig c = config(OpenArch::Llama, 64, 4, 2, 16, 64);
    c.rope_theta = 500000.0f;
    c.rope_scaling = {RopeScaling::Kind::Llama3, 32.0, 1.0, 8.0, 64.0};
    const auto theta = rope_scaled_thetas(16, c.rope_theta, c.rope_scaling);
    const auto plain = rope_scaled_thetas(16, c.rope_theta, {});
    CHECK(theta[0] == plain[0]);         // high frequency: kept
    CHECK(theta[7] == plain[7] / 32.0);  // low frequency: divided by the factor
    CHECK(theta[2] < plain[2]);          // wavelength 2π·500000^(1/4) ≈ 167 > 8: divided
    check_against_reference(c, WeightType::F16);
    c.rope_scaling = {RopeScaling::Kind::Linear, 4.0, 1.0, 4.0, 8192.0};
    check_against_reference(c, WeightType::F16);
    // llama.cpp's form of the same thing: per-frequency divisors (GGUF's rope_freqs.weight).
    c.rope_scaling = {};
    c.rope_freq_factors = {1.0f, 1.5f, 4.0f, 8.0f, 32.0f, 32.0f, 32.0f, 32.0f};
    check_against_reference(c, WeightType::F16);
    auto bad = c;
    bad.rope_freq_factors = {1.0f, 2.0f};
    CHECK_THROWS_WITH(validate(bad), "ropeFreqFactors has 2 entries, dHead / 2 = 8 expected");
    bad.rope_freq_factors.assign(8, 0.0f);
    CHECK_THROWS_WITH(validate(bad), "ropeFreqFactors[0] must be a finite number > 0");
    bad.rope_freq_factors.clear();
    bad.rope_scaling = {RopeScaling::Kind::Llama3, 8.0, 4.0, 1.0, 8192.0};
    CHECK_THROWS_WITH(validate(bad), "ropeScaling: lowFreqFactor must be > 0 and below highFreqFactor");
    bad.rope_scaling = {RopeScaling::Kind::Linear, 0.5, 1.0, 4.0, 8192.0};
    CHECK_THROWS_WITH(validate(bad), "ropeScaling.factor must be a finite number ≥ 1");
}

TEST_CASE("open model: qwen2 (q/k/v bias) and qwen3 (QK-norm, tied) in bf16, q4_k and q6_k", "[open_model]") {
    OpenModelConfig q2 = config(OpenArch::Qwen2, 64, 4, 2, 16, 96);
    q2.tied_embeddings = true;
    check_against_reference(q2, WeightType::BF16);
    OpenModelConfig q3 = config(OpenArch::Qwen3, 256, 4, 2, 64, 256);
    q3.tied_embeddings = true;
    for (WeightType t : {WeightType::Q4_K, WeightType::Q6_K}) check_against_reference(q3, t);
}

TEST_CASE("open model: qwen3 with Qwen3-Next's output gate interleaved in q_proj", "[open_model]") {
    OpenModelConfig c = config(OpenArch::Qwen3, 64, 4, 2, 16, 64);
    c.attn_output_gate = true;
    check_against_reference(c, WeightType::F32);
    check_against_reference(c, WeightType::F16);
}

TEST_CASE("open model: gpt2 with Conv1D weights [in, out] and with [out, in]", "[open_model]") {
    const OpenModelConfig c = config(OpenArch::Gpt2, 64, 4, 4, 16, 128);
    check_against_reference(c, WeightType::F32, gemm::BLayout::KN);
    check_against_reference(c, WeightType::F16, gemm::BLayout::KN);
    check_against_reference(c, WeightType::Q8_0, gemm::BLayout::NK);
}

TEST_CASE("open model: the KV cache gives the full pass's logits; generate is greedy over them", "[open_model]") {
    for (OpenArch arch : {OpenArch::Qwen3, OpenArch::Gpt2}) {
        OpenModelConfig c = config(arch, 64, 4, arch == OpenArch::Gpt2 ? 4 : 2, 16, 64);
        const Built b = build(c, WeightType::Q8_0);
        OpenRunOptions all;
        all.all_logits = true;
        const OpenRunResult full = b.model->run(kTokens, all);
        KVCache cache = b.model->make_cache();
        // The first three tokens in one pass, then one at a time.
        OpenPass first = b.model->begin({kTokens.begin(), kTokens.begin() + 3}, all, &cache, 0);
        const OpenRunResult head = b.model->finish(first);
        double err = 0.0;
        for (std::size_t t = 0; t < 3; ++t)
            for (std::size_t o = 0; o < c.vocab; ++o)
                err = std::max(err, double(std::fabs(head.logits(t, o) - full.logits(t, o))));
        for (std::size_t t = 3; t < kTokens.size(); ++t) {
            OpenPass p = b.model->begin({kTokens[t]}, {}, &cache, t);
            const OpenRunResult r = b.model->finish(p);
            for (std::size_t o = 0; o < c.vocab; ++o)
                err = std::max(err, double(std::fabs(r.logits(0, o) - full.logits(t, o))));
        }
        CHECK(err < 1e-4);
        // generate: each token is the argmax of a full pass over everything before it.
        const OpenGeneration g = b.model->generate({1, 2, 3}, 4);
        REQUIRE(g.generated.size() == 4);
        for (std::size_t s = 0; s < 4; ++s) {
            const std::vector<int> prefix(g.tokens.begin(), g.tokens.begin() + 3 + s);
            const OpenRunResult r = b.model->run(prefix);
            CHECK(g.generated[s] == argmax(row_vector(r.logits, 0)));
        }
    }
}

TEST_CASE("open model: the stepping pass runs one layer per step and ends as run()", "[open_model]") {
    const OpenModelConfig c = config(OpenArch::Llama, 64, 4, 2, 16, 64);
    const Built b = build(c, WeightType::F16);
    OpenRunOptions opt;
    opt.attention = true;
    opt.layers = {1};
    OpenPass p = b.model->begin(kTokens, opt);
    CHECK(p.layer == 0);
    b.model->step(p);
    CHECK(p.layer == 1);
    CHECK_FALSE(p.done());
    b.model->step(p);
    CHECK(p.done());
    CHECK_THROWS_WITH(b.model->step(p), "the pass has run all 2 layers");
    const OpenRunResult stepped = b.model->finish(p);
    const OpenRunResult whole = b.model->run(kTokens, opt);
    REQUIRE(stepped.attention.size() == 1);
    CHECK(stepped.attention[0].layer == 1);
    CHECK(stepped.sink_share.size() == 2);
    CHECK(stepped.logits == whole.logits);
    CHECK(stepped.logits.shape(0) == 1);
}

// Issue 43: the open-model page cut a long prompt to the tokens one layer takes within the work
// bound; a pass now runs them in chunks through the KV cache. A chunked pass is the one pass:
// the same tokens, logits within the 1e-4 the KV cache is held to above (the GEMM and attention
// see fewer rows at a time), every kept layer's weights and the sink shares likewise.
TEST_CASE("open model: a pass in chunks through the KV cache gives the one pass's result", "[open_model]") {
    for (OpenArch arch : {OpenArch::Llama, OpenArch::Gpt2}) {
        OpenModelConfig c = config(arch, 64, 4, arch == OpenArch::Gpt2 ? 4 : 2, 16, 64);
        c.context = 64;
        const Built b = build(c, WeightType::F16);
        std::vector<int> tokens(41);
        for (std::size_t t = 0; t < tokens.size(); ++t) tokens[t] = static_cast<int>((t * 7 + 3) % c.vocab);
        OpenRunOptions one;
        one.attention = true;
        one.all_logits = true;
        const OpenRunResult whole = b.model->run(tokens, one);
        for (const std::size_t cap : {std::size_t(1), std::size_t(5), std::size_t(16), std::size_t(40)}) {
            OpenRunOptions chunked = one;
            chunked.chunk_tokens = cap;
            OpenPass p = b.model->begin(tokens, chunked);
            CHECK(p.chunk_ends.size() == (tokens.size() + cap - 1) / cap);
            std::size_t steps = 0;
            while (!p.done()) {
                b.model->step(p);
                ++steps;
                CHECK(p.x.shape(0) <= cap);
            }
            CHECK(steps == p.chunk_ends.size() * c.n_layers);
            const OpenRunResult r = b.model->finish(p);
            REQUIRE(r.logits.shape(0) == tokens.size());
            double scale = 0.0, err = 0.0;
            for (std::size_t i = 0; i < whole.logits.size(); ++i) {
                scale = std::max(scale, double(std::fabs(whole.logits.data()[i])));
                err = std::max(err, double(std::fabs(r.logits.data()[i] - whole.logits.data()[i])));
            }
            CHECK(err <= 1e-4 * std::max(1.0, scale));
            REQUIRE(r.attention.size() == whole.attention.size());
            for (std::size_t l = 0; l < r.attention.size(); ++l) {
                CHECK(r.attention[l].layer == whole.attention[l].layer);
                REQUIRE(r.attention[l].weights.shape() == whole.attention[l].weights.shape());
                double werr = 0.0;
                for (std::size_t i = 0; i < r.attention[l].weights.size(); ++i)
                    werr = std::max(werr, double(std::fabs(r.attention[l].weights.data()[i] -
                                                           whole.attention[l].weights.data()[i])));
                CHECK(werr <= 1e-5);
            }
            REQUIRE(r.sink_share.size() == c.n_layers);
            for (std::size_t l = 0; l < c.n_layers; ++l)
                for (std::size_t h = 0; h < c.n_heads; ++h)
                    CHECK(std::fabs(r.sink_share[l][h] - whole.sink_share[l][h]) <= 1e-5);
        }
        // Generation from a prompt in chunks: the tokens of the one-pass prompt.
        OpenRunOptions plain;
        plain.chunk_tokens = 6;
        const OpenRunResult last = b.model->run(tokens, plain);
        CHECK(argmax(row_vector(last.logits, 0)) == argmax(row_vector(whole.logits, tokens.size() - 1)));
    }
}

TEST_CASE("open model: the generator makes generate()'s tokens, one layer (or the head) per step", "[open_model]") {
    const OpenModelConfig c = config(OpenArch::Qwen3, 64, 4, 2, 16, 64);
    const Built b = build(c, WeightType::Q4_0);
    const OpenGeneration whole = b.model->generate({1, 2, 3}, 3);
    OpenGenerator g = b.model->start_generation({1, 2, 3}, 3);
    std::vector<int> seen;
    while (!g.done()) seen.push_back(b.model->generation_step(g));
    // Two layers then the head, for each of the three tokens.
    CHECK(seen == std::vector<int>{-1, -1, whole.generated[0], -1, -1, whole.generated[1], -1, -1, whole.generated[2]});
    CHECK(g.out.tokens == whole.tokens);
    CHECK_THROWS_WITH(b.model->generation_step(g), "the generation has made all its 3 tokens");
}

TEST_CASE("open model: the same logits and tokens on 1, 2 and 3 threads (prompt pass and decode)",
          "[open_model][threads]") {
    const OpenModelConfig c = config(OpenArch::Qwen3, 256, 4, 2, 64, 256);
    for (WeightType type : {WeightType::Q4_K, WeightType::F16}) {
        INFO(weight_type_name(type));
        const Built b = build(c, type);
        OpenRunOptions all;
        all.all_logits = true;
        OpenRunOptions decode;
        decode.decode_kernels = true;
        decode.all_logits = true;
        std::vector<float> first_full, first_decode;
        std::vector<int> first_tokens;
        for (std::size_t n : {1u, 2u, 3u}) {
            threads::set_count(n);
            const OpenRunResult full = b.model->run(kTokens, all);              // 7 tokens: gemm_weights
            const OpenRunResult short_pass = b.model->run({3, 17, 0}, decode);  // 3 tokens: the decode path
            const OpenGeneration g = b.model->generate({1, 2, 3}, 5);
            const std::vector<float> f(full.logits.begin(), full.logits.end());
            const std::vector<float> d(short_pass.logits.begin(), short_pass.logits.end());
            if (n == 1) {
                first_full = f;
                first_decode = d;
                first_tokens = g.tokens;
                continue;
            }
            CHECK(std::memcmp(f.data(), first_full.data(), f.size() * sizeof(float)) == 0);
            CHECK(std::memcmp(d.data(), first_decode.data(), d.size() * sizeof(float)) == 0);
            CHECK(g.tokens == first_tokens);
        }
        threads::set_count(1);
    }
}

TEST_CASE("open model: work past the bound is refused before it starts, naming the product", "[open_model]") {
    OpenModelConfig c = config(OpenArch::Llama, 64, 4, 2, 16, 64);
    c.context = 1 << 20;
    const Built b = build(c, WeightType::F16);
    // A weight read by fewer than kWeightReadTokens tokens counts that many times.
    // Every score counts as attention() counts it (attention_score_work: 16 + 16 + 96 here).
    const std::uint64_t per_score = attention_score_work(16, 16, MaskMode::NegInfBeforeSoftmax, false);
    CHECK(per_score == 128);
    CHECK(b.model->layer_work(1, 0) == b.model->layer_work(limits::kWeightReadTokens, 0) -
                                           4 * per_score * (limits::kWeightReadTokens * limits::kWeightReadTokens - 1));
    CHECK(b.model->layer_work(2, 3, true) - b.model->layer_work(2, 3, false) ==
          4 * 2 * 5 * (attention_score_work(16, 16, MaskMode::NegInfBeforeSoftmax, true) - per_score));
    CHECK(b.model->head_work(1) == limits::kWeightReadTokens * c.vocab * c.d_model);
    // 200,000 tokens are more than one layer takes within the bound: the pass runs them in
    // chunks through the KV cache, each chunk's layer within the bound.
    const std::vector<int> many(200000, 1);
    const std::vector<std::size_t> ends = b.model->chunk_ends(many.size(), 0, false, 0);
    REQUIRE(ends.size() > 1);
    CHECK(ends.back() == many.size());
    for (std::size_t e = 0; e < ends.size(); ++e) {
        const std::size_t from = e ? ends[e - 1] : 0;
        CHECK(b.model->layer_work(ends[e] - from, from) <= limits::kMaxCallWork);
        if (e + 1 < ends.size()) CHECK(b.model->layer_work(ends[e] - from + 1, from) > limits::kMaxCallWork);
    }
    // One layer over 4,000 tokens fits (attention 4 · 128 · 4000² ≈ 8.2e9), two do not: the
    // pass starts, and finish() refuses to run both at once (step() runs one per call).
    const std::vector<int> some(4000, 1);
    OpenPass p = b.model->begin(some, {});
    CHECK(p.chunk_ends.size() == 1);
    CHECK_THROWS_WITH(b.model->finish(p), Contains("the remaining 2 layers and the head over 4000 tokens is"));
    CHECK(p.layer == 0);
    CHECK_THROWS_WITH(b.model->generate({1}, 300000), Contains("a generation of 300000 tokens after a prompt of 1"));
    OpenModelConfig deep = c;
    deep.n_layers = limits::kMaxLayers + 1;
    CHECK_THROWS_WITH(validate(deep), "nLayers (1025) is above the limit of 1024");
}

TEST_CASE("open model: an overflowing intermediate is a ValueError naming the layer", "[open_model]") {
    const OpenModelConfig c = config(OpenArch::Llama, 64, 4, 2, 16, 64);
    const Built b = build(c, WeightType::F32);
    OpenPass p = b.model->begin(kTokens, {});
    p.x.fill(1e30f);  // Σx² overflows float in the first RMSNorm
    CHECK_THROWS_WITH(b.model->step(p), Contains("layer 0: RMSNorm of row 0: the sum of squares is not finite"));
    OpenPass q = b.model->begin(kTokens, {});
    q.x.fill(std::numeric_limits<float>::quiet_NaN());
    CHECK_THROWS_AS(b.model->step(q), ValueError);
}

TEST_CASE("open model: config errors name the field", "[open_model]") {
    OpenModelConfig c = config(OpenArch::Llama, 64, 4, 2, 16, 64);
    CHECK_THROWS_WITH(parse_open_arch("phi3"), "arch 'phi3' is not supported (gpt2, llama, mistral, qwen2, qwen3)");
    auto bad = c;
    bad.n_kv_heads = 3;
    CHECK_THROWS_WITH(validate(bad), "n_heads (4) must be a multiple of n_kv_heads (3)");
    bad = c;
    bad.vocab = 0;
    CHECK_THROWS_WITH(validate(bad), "vocab must be at least 1");
    bad = c;
    bad.d_head = 15;
    CHECK_THROWS_WITH(validate(bad), "dHead (15) must be even: RoPE turns pairs of dims");
    bad = c;
    bad.rope_theta = 1.0f;
    CHECK_THROWS_AS(validate(bad), ConfigError);
    bad = c;
    bad.norm_eps = 0.0f;
    CHECK_THROWS_WITH(validate(bad), "normEps must be a finite number > 0");
    bad = c;
    bad.arch = OpenArch::Mistral;
    bad.sliding_window = 8;
    CHECK_THROWS_AS(validate(bad), ConfigError);
    auto g = config(OpenArch::Gpt2, 64, 4, 4, 8, 64);
    CHECK_THROWS_WITH(validate(g), "gpt2 splits dModel into heads: nHeads × dHead (32) must equal dModel (64)");
    g.d_head = 16;
    g.n_kv_heads = 2;
    CHECK_THROWS_WITH(validate(g), "gpt2 has no grouped KV heads: nKvHeads (2) must equal nHeads (4)");
}

TEST_CASE("open model: tensor and finalize errors name the tensor and the shapes", "[open_model]") {
    OpenModelConfig c = config(OpenArch::Qwen3, 64, 4, 2, 16, 64);
    OpenModel m(c);
    const auto nk = gemm::BLayout::NK;
    CHECK_THROWS_WITH(m.tensor("model.layers.0.mlp.experts.weight", WeightType::F32, 1, 1, nk),
                      "unexpected tensor 'model.layers.0.mlp.experts.weight' for a qwen3 model");
    CHECK_THROWS_WITH(m.tensor("model.layers.1.self_attn.k_proj.weight", WeightType::F16, 64, 64, nk),
                      "model.layers.1.self_attn.k_proj.weight is [64, 64], expected [32, 64]");
    CHECK_THROWS_WITH(
        m.tensor("model.layers.0.self_attn.q_proj.weight", WeightType::Q8_0, 64, 64, gemm::BLayout::KN),
        "model.layers.0.self_attn.q_proj.weight is q8_0 stored [in, out] (\"kn\"): block types are stored "
        "[out, in] (\"nk\")");
    CHECK_THROWS_WITH(m.tensor("model.norm.weight", WeightType::Q8_0, 1, 64, nk),
                      "model.norm.weight is q8_0: 1-D tensors must be f32, f16 or bf16");
    CHECK_THROWS_WITH(m.tensor("model.norm.weight", WeightType::F32, 64, 1, nk),
                      "model.norm.weight is [64, 1], expected [1, 64]");
    CHECK_THROWS_AS(m.tensor("model.embed_tokens.weight", WeightType::F32, 64, 40, gemm::BLayout::KN), ConfigError);
    CHECK_THROWS_WITH(m.tensor("model.layers.0.mlp.down_proj.weight", WeightType::Q4_K, 64, 64, nk),
                      "model.layers.0.mlp.down_proj.weight has 64 columns: q4_k rows are whole blocks of 256");
    REQUIRE(m.tensor("model.norm.weight", WeightType::F32, 1, 64, nk) != nullptr);
    CHECK_THROWS_WITH(m.tensor("model.norm.weight", WeightType::F32, 1, 64, nk),
                      "tensor 'model.norm.weight' was given twice");
    CHECK_THROWS_WITH(m.finalize(), "missing tensor 'model.embed_tokens.weight'");
    CHECK_THROWS_WITH(m.run({1}), "the model is not finalised: call openModelFinalize after the last tensor");
    CHECK_THROWS_WITH(open_model_tensor_specs(OpenModelConfig{}), "vocab must be at least 1");
}

TEST_CASE("open model: run errors, counts and the bytes it needs", "[open_model]") {
    OpenModelConfig c = config(OpenArch::Llama, 64, 4, 2, 16, 64);
    const Built b = build(c, WeightType::Q8_0, gemm::BLayout::NK, false);
    CHECK_THROWS_WITH(b.model->run({1, 40}), "token 40 at position 1 is outside the vocabulary [0, 40)");
    CHECK_THROWS_WITH(b.model->run(std::vector<int>(17, 1)), "positions 0 … 16 pass the model's context of 16 tokens");
    CHECK_THROWS_AS(b.model->run({}), ShapeError);
    OpenRunOptions opt;
    opt.layers = {2};
    CHECK_THROWS_WITH(b.model->run({1}, opt), "layer 2 is outside the model's layers [0, 2)");
    CHECK_THROWS_AS(b.model->generate({1}, 16), ShapeError);
    CHECK_THROWS_AS(b.model->tensor("model.norm.weight", WeightType::F32, 1, 64, gemm::BLayout::NK), ConfigError);
    // Parameters: embed + head 2·40·64, per layer q, k, v, o (64·64 + 2·32·64 + 64·64), MLP 3·64·64, two gains.
    const std::uint64_t per_layer = 64 * 64 * 2 + 2 * 32 * 64 + 3 * 64 * 64 + 2 * 64;
    CHECK(b.model->parameters() == 2 * 40 * 64 + 2 * per_layer + 64);
    std::vector<OpenTensorInfo> infos;
    std::uint64_t stored = 0;
    for (const OpenTensorSpec& s : open_model_tensor_specs(c)) {
        const WeightType t = s.vector ? WeightType::F32 : WeightType::Q8_0;
        infos.push_back({s.name, t, s.out, s.in});
        stored += s.out * row_bytes(t, s.in);
    }
    CHECK(b.model->weight_bytes() == stored);
    const std::uint64_t need = open_model_bytes_needed(c, infos);
    CHECK(need > stored);
    CHECK(need < stored + 4 * 1024 * 1024);
}

TEST_CASE("open model: the lab model mapped onto qwen3 + attnOutputGate gives the lab's logits and attention",
          "[open_model]") {
    // The export's mapping (docs/lab-model.md, scripts/export-lab-model.mjs): Wq and Wgate transposed to
    // [out, in] and interleaved head by head into q_proj, every other matrix transposed. The
    // all-full-attention lab model: the shipped hybrid's linear layers have no Qwen3 layout.
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/course-data/lab-model-full.bin", std::ios::binary);
    const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(!file.empty());
    const LabModel lab = load_lab_weights(file.data(), file.size());
    const LabConfig& lc = lab.config();
    REQUIRE(lc.qk_norm);
    REQUIRE(lc.output_gate);
    REQUIRE(full_layer_count(lc) == lc.n_layers);
    OpenModelConfig c;
    c.arch = OpenArch::Qwen3;
    c.vocab = lc.vocab;
    c.d_model = lc.d_model;
    c.n_layers = lc.n_layers;
    c.n_heads = lc.n_heads;
    c.n_kv_heads = lc.n_kv_heads;
    c.d_head = lc.d_head;
    c.mlp_hidden = lc.mlp_hidden;
    c.context = lc.context;
    c.rope_theta = lc.rope_base;
    c.norm_eps = 1e-6f;
    c.tied_embeddings = true;
    c.attn_output_gate = true;
    OpenModel m(c);
    auto put = [&](const std::string& name, const Matrix& stored) {  // stored as given, [rows, cols]
        std::uint8_t* dst = m.tensor(name, WeightType::F32, stored.shape(0), stored.shape(1), gemm::BLayout::NK);
        std::memcpy(dst, stored.data(), stored.size() * sizeof(float));
    };
    auto transposed = [](const Matrix& w) { return Matrix(xt::transpose(w)); };
    const LabWeights& w = lab.weights();
    const std::size_t H = lc.n_heads, d = lc.d_head, D = lc.d_model;
    put("model.embed_tokens.weight", w.embedding);
    for (std::size_t l = 0; l < lc.n_layers; ++l) {
        const LabLayer& y = w.layers[l];
        const std::string p = "model.layers." + std::to_string(l) + ".";
        Matrix q({2 * H * d, D});
        for (std::size_t h = 0; h < H; ++h)
            for (std::size_t i = 0; i < d; ++i)
                for (std::size_t j = 0; j < D; ++j) {
                    q(h * 2 * d + i, j) = y.wq(j, h * d + i);
                    q(h * 2 * d + d + i, j) = y.w_gate(j, h * d + i);
                }
        put(p + "input_layernorm.weight", y.attn_norm);
        put(p + "self_attn.q_proj.weight", q);
        put(p + "self_attn.k_proj.weight", transposed(y.wk));
        put(p + "self_attn.v_proj.weight", transposed(y.wv));
        put(p + "self_attn.q_norm.weight", y.q_norm);
        put(p + "self_attn.k_norm.weight", y.k_norm);
        put(p + "self_attn.o_proj.weight", transposed(y.wo));
        put(p + "post_attention_layernorm.weight", y.mlp_norm);
        put(p + "mlp.gate_proj.weight", transposed(y.w1));
        put(p + "mlp.up_proj.weight", transposed(y.w3));
        put(p + "mlp.down_proj.weight", transposed(y.w2));
    }
    put("model.norm.weight", w.final_norm);
    m.finalize();
    const std::vector<int> tokens = lab.encode("注意力就是加权平均");
    const LabForward want = lab.forward(tokens, true);
    OpenRunOptions opt;
    opt.attention = true;
    opt.all_logits = true;
    const OpenRunResult got = m.run(tokens, opt);
    CHECK(test::max_abs_diff(got.logits, want.logits) < 1e-4f);
    for (std::size_t l = 0; l < lc.n_layers; ++l)
        CHECK(test::max_abs_diff(got.attention[l].weights, want.attention[l]) < 1e-5f);
}

// open_model_api.hpp: the rules of openModel* that are not conversion.
TEST_CASE("open model api: layouts by name, the options' defaults", "[open_model][api]") {
    CHECK(weight_layout_from_name(std::nullopt) == gemm::BLayout::NK);
    CHECK(weight_layout_from_name(std::string("nk")) == gemm::BLayout::NK);
    CHECK(weight_layout_from_name(std::string("kn")) == gemm::BLayout::KN);
    CHECK_THROWS_WITH(weight_layout_from_name(std::string("")),
                      "layout should be 'nk' ([out, in]) or 'kn' ([in, out])");
    CHECK_FALSE(OpenRunOptions{}.attention);
    CHECK(open_pass_defaults().attention);
    CHECK_FALSE(open_pass_defaults().decode_kernels);
    CHECK(OpenPassResultOptions{}.attention);
    CHECK_FALSE(OpenGenerationOptions{}.exact);
}

TEST_CASE("open model api: a model and a tensor are made only if the heap has room", "[open_model][api]") {
    const OpenModelConfig c = config(OpenArch::Llama, 64, 4, 2, 16, 64);
    const std::uint64_t need = open_model_bytes_needed(c, {});
    CHECK_THROWS_WITH(create_open_model(c, need - 1), Contains("a run of this model (without its weights) needs"));
    std::unique_ptr<OpenModel> m = create_open_model(c, need);
    REQUIRE(m);
    const std::uint64_t bytes = 64 * row_bytes(WeightType::F16, 64);
    CHECK_THROWS_WITH(add_open_tensor(*m, "model.layers.0.self_attn.q_proj.weight", WeightType::F16, 64, 64,
                                      gemm::BLayout::NK, bytes - 1),
                      Contains("tensor 'model.layers.0.self_attn.q_proj.weight' needs"));
    CHECK(add_open_tensor(*m, "model.layers.0.self_attn.q_proj.weight", WeightType::F16, 64, 64, gemm::BLayout::NK,
                          bytes) == bytes);
    // The failed call allocated nothing: the tensor was made once, by the second call.
    CHECK_THROWS_WITH(add_open_tensor(*m, "model.layers.0.self_attn.q_proj.weight", WeightType::F16, 64, 64,
                                      gemm::BLayout::NK, bytes),
                      Contains("given twice"));
}

TEST_CASE("open model api: a run's view, the last logits, the top five, attention when kept", "[open_model][api]") {
    const OpenModelConfig c = config(OpenArch::Llama, 64, 4, 2, 16, 64);
    const Built b = build(c, WeightType::F32);
    OpenRunOptions opt = open_pass_defaults();
    const OpenRunResult r = b.model->run(kTokens, opt);
    const OpenRunView kept = open_run_view(r, true);
    REQUIRE(kept.logits_last.size() == c.vocab);
    CHECK(kept.logits_last[3] == r.logits(r.logits.shape(0) - 1, 3));
    REQUIRE(kept.top.size() == kTopTokens);
    CHECK(kept.top[0].token == top_next_tokens(r.logits)[0].token);
    CHECK(kept.attention.size() == 2);
    CHECK(kept.sink_share.size() == 2);
    const OpenRunView dropped = open_run_view(r, false);
    CHECK(dropped.attention.empty());
    CHECK(dropped.sink_share.empty());
    CHECK(dropped.logits_last == kept.logits_last);
}
