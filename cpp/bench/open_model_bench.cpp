// Throughput of an opened model (open_model.hpp) of Qwen3-0.6B's shapes (28 layers, D 1024, H 16,
// G 8, d 128, F 3072, V 151936, tied head) with random weights made here at bench time (never
// stored), f16 and Q4_K_M in two mixes (ours: q6_k for the embedding, which is the tied LM head,
// and every ffn_down; llama-quantize's: q6_k for the embedding and for attn_v / ffn_down of 14 of
// the 28 layers; q4_k elsewhere): prefill tokens/s of a 64-token prompt and cached decode
// tokens/s, by gemm.hpp's decode path (what generation runs) and by the f32 GEMM (exact), plus
// the GEMM over stored weights at the decode shape (m = 1, both paths) and at the prefill shape
// (m = 64), in GFLOP/s and weight GB/s. One JSON line per measurement; built natively and to WASM.
//   attn-open-model-bench [layers]   (fewer layers for a quick look; default 28)
//   attn-open-model-bench 28 parts [q4_k|q6_k|f16]   a decode step's parts (bench_parts, below)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "attn/kernels/gemm.hpp"
#include "attn/kernels/thread_pool.hpp"
#include "attn/models/open_model.hpp"
#include "attn/models/weights_io.hpp"
#include "attn/ops/attention.hpp"
#include "attn/random.hpp"

using namespace attn;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A pool of valid random stored rows of `type` (finite scales), copied over every tensor from a
// random offset: drawing 0.6 B random numbers would take longer than the benchmark.
std::vector<std::uint8_t> pool_of(WeightType type, Rng& rng) {
    const std::size_t cols = 1024, rows = 64;
    std::vector<std::uint8_t> pool(rows * row_bytes(type, cols));
    if (type == WeightType::F16) {
        for (std::size_t i = 0; i < pool.size(); i += 2) {
            const std::uint16_t h = float_to_half(static_cast<float>(rng.normal()) * 0.03f);
            std::memcpy(&pool[i], &h, 2);
        }
        return pool;
    }
    for (auto& b : pool) b = static_cast<std::uint8_t>(rng.next_u64());
    const std::uint16_t d = float_to_half(0.0002f), dmin = float_to_half(0.001f);
    for (std::size_t at = 0; at < pool.size(); at += block_bytes(type)) {
        if (type == WeightType::Q6_K) {
            std::memcpy(&pool[at + 208], &d, 2);
        } else {
            std::memcpy(&pool[at], &d, 2);  // q8_0, q4_0: d; q4_k: d, then dmin
            if (type == WeightType::Q4_K) std::memcpy(&pool[at + 2], &dmin, 2);
        }
    }
    return pool;
}

void fill(std::uint8_t* dst, std::size_t n, const std::vector<std::uint8_t>& pool, std::size_t unit, Rng& rng) {
    for (std::size_t at = 0; at < n;) {
        const std::size_t from = rng.next_u64() % (pool.size() / unit) * unit;
        const std::size_t len = std::min(n - at, pool.size() - from);
        std::memcpy(dst + at, pool.data() + from, len);
        at += len;
    }
}

// The Q4_K_M mixes: q4_k, with q6_k for the embedding (the tied LM head) and
//   Ours       every ffn_down;
//   Quantize   attn_v and ffn_down of the layers llama-quantize's use_more_bits picks (i < n/8,
//              i ≥ 7n/8, or (i − n/8) mod 3 = 2: 14 of 28), as its Q4_K_M writes them.
enum class Mix { None, Ours, Quantize };

bool more_bits(std::size_t i, std::size_t n) {
    return i < n / 8 || i >= 7 * n / 8 || (i >= n / 8 && (i - n / 8) % 3 == 2);
}

// The type of a matrix in the mix; vectors are f32.
WeightType type_in(Mix mix, WeightType base, const std::string& name, std::size_t layers) {
    if (mix == Mix::None) return base;
    if (name == "model.embed_tokens.weight") return WeightType::Q6_K;
    const bool down = name.find("mlp.down_proj") != std::string::npos,
               v = name.find("self_attn.v_proj") != std::string::npos;
    if (mix == Mix::Ours) return down ? WeightType::Q6_K : base;
    if (!down && !v) return base;
    const std::size_t layer = std::strtoul(name.c_str() + std::strlen("model.layers."), nullptr, 10);
    return more_bits(layer, layers) ? WeightType::Q6_K : base;
}

const char* mix_name(Mix mix, WeightType type) {
    return mix == Mix::Ours ? "q4_k_m" : mix == Mix::Quantize ? "q4_k_m-llama-quantize" : weight_type_name(type);
}

void bench(WeightType type, Mix mix, std::size_t layers) {
    const bool mixed = mix != Mix::None;
    OpenModelConfig c;
    c.arch = OpenArch::Qwen3;
    c.vocab = 151936;
    c.d_model = 1024;
    c.n_layers = layers;
    c.n_heads = 16;
    c.n_kv_heads = 8;
    c.d_head = 128;
    c.mlp_hidden = 3072;
    c.context = 4096;
    c.rope_theta = 1000000.0f;
    c.tied_embeddings = true;
    Rng rng(7);
    const std::vector<std::uint8_t> pool = pool_of(type, rng);
    const std::vector<std::uint8_t> pool6 = pool_of(WeightType::Q6_K, rng);
    const auto build_start = std::chrono::steady_clock::now();
    OpenModel model(c);
    for (const OpenTensorSpec& s : open_model_tensor_specs(c)) {
        const WeightType t = s.vector ? WeightType::F32 : type_in(mix, type, s.name, layers);
        const bool six = mixed && t == WeightType::Q6_K;
        std::uint8_t* dst = model.tensor(s.name, t, s.out, s.in, gemm::BLayout::NK);
        if (s.vector) {
            std::vector<float> ones(s.in, 1.0f);
            std::memcpy(dst, ones.data(), s.in * 4);
        } else {
            fill(dst, s.out * row_bytes(t, s.in), six ? pool6 : pool, block_bytes(t), rng);
        }
    }
    model.finalize();
    const double build_s = seconds_since(build_start);
    const char* name = mix_name(mix, type);
    std::printf(
        "{\"model\":\"qwen3-0.6b-shapes\",\"type\":\"%s\",\"layers\":%zu,\"parameters\":%llu,"
        "\"weightBytes\":%llu,\"buildSeconds\":%.2f}\n",
        name, layers, static_cast<unsigned long long>(model.parameters()),
        static_cast<unsigned long long>(model.weight_bytes()), build_s);
    std::fflush(stdout);

    std::vector<int> prompt(64);
    for (std::size_t i = 0; i < prompt.size(); ++i) prompt[i] = static_cast<int>(rng.next_u64() % c.vocab);
    // Prefill: the 64-token prompt through the KV cache (what generation does first), median of 3.
    std::vector<double> prefill;
    KVCache cache = model.make_cache();
    for (int r = 0; r < 3; ++r) {
        cache.clear();
        const auto start = std::chrono::steady_clock::now();
        OpenPass p = model.begin(prompt, {}, &cache, 0);
        while (!p.done()) model.step(p);  // one layer per call: a call's work is bounded (limits.hpp)
        model.finish(p);
        prefill.push_back(seconds_since(start));
    }
    std::sort(prefill.begin(), prefill.end());
    // Cached decode: one token per pass after the prompt, the median step of 8; by the decode path
    // (generation's) and by the f32 GEMM, continuing the same cache.
    double decode_s[2];
    std::vector<int> tokens[2];
    for (int exact = 0; exact < 2; ++exact) {
        OpenRunOptions options;
        options.decode_kernels = exact == 0;
        std::vector<double> steps;
        int token = 1;
        for (int s = 0; s < 9; ++s) {
            const auto start = std::chrono::steady_clock::now();
            OpenPass p = model.begin({token}, options, &cache, cache.length());
            while (!p.done()) model.step(p);
            const OpenRunResult r = model.finish(p);
            token = static_cast<int>(std::max_element(r.logits.begin(), r.logits.end()) - r.logits.begin());
            if (s > 0) steps.push_back(seconds_since(start));  // the first step warms up
        }
        std::sort(steps.begin(), steps.end());
        decode_s[exact] = steps[steps.size() / 2];
    }
    std::printf(
        "{\"model\":\"qwen3-0.6b-shapes\",\"type\":\"%s\",\"layers\":%zu,\"prefillTokens\":64,"
        "\"prefillMs\":%.1f,\"prefillTokensPerSecond\":%.2f,\"decodeMs\":%.2f,\"decodeTokensPerSecond\":%.3f,"
        "\"decodeWeightGBps\":%.3f,\"exactDecodeMs\":%.2f}\n",
        name, layers, prefill[1] * 1e3, 64.0 / prefill[1], decode_s[0] * 1e3, 1.0 / decode_s[0],
        static_cast<double>(model.weight_bytes()) / decode_s[0] * 1e-9, decode_s[1] * 1e3);
    std::fflush(stdout);
}

// The GEMM over stored weights alone, B [3072, 1024] ("nk", an MLP projection), m = 1 and 64.
void bench_gemm(WeightType type) {
    Rng rng(3);
    const std::size_t n = 3072, k = 1024;
    const std::vector<std::uint8_t> pool = pool_of(type, rng);
    std::vector<std::uint8_t> b(n * row_bytes(type, k));
    fill(b.data(), b.size(), pool, block_bytes(type), rng);
    // The f32 GEMM at m = 1 and 64, and the decode path at m = 1.
    const std::pair<std::size_t, bool> runs[] = {{1, false}, {1, true}, {64, false}};
    for (const auto& [m, decode_path] : runs) {
        const Matrix a = rng.normal_matrix(m, k);
        std::vector<float> c(m * n);
        const auto product = decode_path ? gemm::gemm_weights_decode : gemm::gemm_weights;
        // Warm-up first: V8 runs a WASM function in its baseline tier (Liftoff, several times
        // slower here) until the optimising compile has finished in the background. Then the
        // fastest of the calls in 0.3 s: the machine is shared, the minimum is the kernel.
        for (const auto warm = std::chrono::steady_clock::now(); seconds_since(warm) < 1.0;)
            product(m, n, k, a.data(), k, b.data(), type, gemm::BLayout::NK, c.data(), n);
        double s = 1e30;
        for (const auto start = std::chrono::steady_clock::now(); seconds_since(start) < 0.3;) {
            const auto t0 = std::chrono::steady_clock::now();
            product(m, n, k, a.data(), k, b.data(), type, gemm::BLayout::NK, c.data(), n);
            s = std::min(s, seconds_since(t0));
        }
        std::printf(
            "{\"gemm\":\"%s\",\"type\":\"%s\",\"M\":%zu,\"N\":%zu,\"K\":%zu,\"us\":%.1f,"
            "\"gflops\":%.3f,\"weightGBps\":%.3f,\"nsPerWeight\":%.3f}\n",
            decode_path ? "decode-path" : "stored-weights", weight_type_name(type), m, n, k, s * 1e6,
            2.0 * m * n * k / s * 1e-9, static_cast<double>(b.size()) / s * 1e-9, s * 1e9 / (double(n) * k));
        std::fflush(stdout);
    }
}

// A decode step's parts, one at a time, at m = 1 on the decode path: each matrix shape of a
// Qwen3-0.6B layer in each stored type, streamed over `layers` copies in distinct memory (as a
// step reads them: from DRAM, not from a cache a lone matrix would sit in), the LM head, and
// attention over a 75-key cache (a 64-token prompt plus 11 steps) in every layer. The fastest
// call of many after a warm-up (the machine is shared: the minimum is the kernel); per-mix sums
// are the reader's arithmetic (docs/benchmarks.md).
void bench_parts(std::size_t layers, const char* only) {
    Rng rng(11);
    struct Shape {
        const char* name;
        std::size_t out, in;
    };
    const Shape shapes[] = {{"q_proj", 2048, 1024},    {"k_proj|v_proj", 1024, 1024},
                            {"o_proj", 1024, 2048},    {"gate_proj|up_proj", 3072, 1024},
                            {"down_proj", 1024, 3072}, {"lm_head", 151936, 1024}};
    for (WeightType type : {WeightType::Q4_K, WeightType::Q6_K, WeightType::F16}) {
        if (only && std::strcmp(only, weight_type_name(type)) != 0) continue;
        const std::vector<std::uint8_t> pool = pool_of(type, rng);
        // Warm-up: V8 compiles the kernels in its optimising tier in the background (see bench_gemm).
        {
            std::vector<std::uint8_t> b(1024 * row_bytes(type, 1024));
            fill(b.data(), b.size(), pool, block_bytes(type), rng);
            const Matrix a = rng.normal_matrix(1, 1024);
            std::vector<float> c(1024);
            for (const auto warm = std::chrono::steady_clock::now(); seconds_since(warm) < 1.0;)
                gemm::gemm_weights_decode(1, 1024, 1024, a.data(), 1024, b.data(), type, gemm::BLayout::NK, c.data(),
                                          1024);
        }
        for (const Shape& sh : shapes) {
            const bool head = std::strcmp(sh.name, "lm_head") == 0;
            const std::size_t copies = head ? 1 : layers, rb = row_bytes(type, sh.in), bytes = sh.out * rb;
            std::vector<std::uint8_t> b(copies * bytes);
            fill(b.data(), b.size(), pool, block_bytes(type), rng);
            const Matrix a = rng.normal_matrix(1, sh.in);
            std::vector<float> c(sh.out);
            // Each call timed alone (a call is 0.1–30 ms: short enough to run between the other
            // processes' time slices now and then), 10 passes over the copies; the fastest call.
            double s = 1e30;
            for (int pass = 0; pass < (head ? 30 : 10); ++pass)
                for (std::size_t l = 0; l < copies; ++l) {
                    const auto t0 = std::chrono::steady_clock::now();
                    gemm::gemm_weights_decode(1, sh.out, sh.in, a.data(), sh.in, b.data() + l * bytes, type,
                                              gemm::BLayout::NK, c.data(), sh.out);
                    s = std::min(s, seconds_since(t0) * copies);
                }
            std::printf(
                "{\"part\":\"gemm-decode\",\"matrix\":\"%s\",\"type\":\"%s\",\"N\":%zu,\"K\":%zu,\"copies\":%zu,"
                "\"usPerMatrix\":%.1f,\"nsPerWeight\":%.4f,\"weightGBps\":%.2f}\n",
                sh.name, weight_type_name(type), sh.out, sh.in, copies, s / copies * 1e6,
                s / copies * 1e9 / (double(sh.out) * sh.in), double(bytes) * copies / s * 1e-9);
            std::fflush(stdout);
        }
    }
    if (only) return;
    // Attention of one new token over 75 cached keys (H 16, G 8, d 128), every layer.
    const std::size_t keys = 75;
    const Matrix q = rng.normal_matrix(1, 16 * 128), k = rng.normal_matrix(keys, 8 * 128),
                 v = rng.normal_matrix(keys, 8 * 128);
    AttentionOptions opt;
    opt.n_heads = 16;
    opt.n_kv_heads = 8;
    opt.causal = true;
    for (const auto warm = std::chrono::steady_clock::now(); seconds_since(warm) < 0.5;) attention_output(q, k, v, opt);
    double s = 1e30;
    for (int pass = 0; pass < 10; ++pass)
        for (std::size_t l = 0; l < layers; ++l) {
            const auto t0 = std::chrono::steady_clock::now();
            attention_output(q, k, v, opt);
            s = std::min(s, seconds_since(t0) * layers);
        }
    std::printf("{\"part\":\"attention\",\"keys\":%zu,\"layers\":%zu,\"usPerLayer\":%.1f}\n", keys, layers,
                s / layers * 1e6);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    // ATTN_THREADS=n: the stored-weights products on n threads (thread_pool.hpp; 1 by default).
    if (const char* n = std::getenv("ATTN_THREADS")) threads::set_count(std::strtoul(n, nullptr, 10));
    const std::size_t layers = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 28;
    // attn-open-model-bench [layers] parts [type]: only the decode step's parts (of one type).
    if (argc > 2 && std::strcmp(argv[2], "parts") == 0) {
        bench_parts(layers, argc > 3 ? argv[3] : nullptr);
        return 0;
    }
    for (WeightType t : {WeightType::F16, WeightType::Q8_0, WeightType::Q4_K, WeightType::Q6_K}) bench_gemm(t);
    bench(WeightType::F16, Mix::None, layers);
    bench(WeightType::Q4_K, Mix::Ours, layers);
    bench(WeightType::Q4_K, Mix::Quantize, layers);
    return 0;
}
