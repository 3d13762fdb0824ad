// Throughput of an opened model (open_model.hpp) of Qwen3-0.6B's shapes (28 layers, D 1024, H 16,
// G 8, d 128, F 3072, V 151936, tied head) with random weights made here at bench time (never
// stored), f16 and q4_k: prefill tokens/s of a 64-token prompt and cached decode tokens/s, plus
// the GEMM over stored weights at the decode shape (m = 1) and at the prefill shape (m = 64), in
// GFLOP/s and weight GB/s. One JSON line per measurement; built natively and to WASM.
//   attn-open-model-bench [layers]   (fewer layers for a quick look; default 28)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "attn/gemm.hpp"
#include "attn/open_model.hpp"
#include "attn/random.hpp"
#include "attn/weights_io.hpp"

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

void bench(WeightType type, std::size_t layers) {
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
    const auto build_start = std::chrono::steady_clock::now();
    OpenModel model(c);
    for (const OpenTensorSpec& s : open_model_tensor_specs(c)) {
        const WeightType t = s.vector ? WeightType::F32 : type;
        std::uint8_t* dst = model.tensor(s.name, t, s.out, s.in, gemm::BLayout::NK);
        if (s.vector) {
            std::vector<float> ones(s.in, 1.0f);
            std::memcpy(dst, ones.data(), s.in * 4);
        } else {
            fill(dst, s.out * row_bytes(t, s.in), pool, block_bytes(t), rng);
        }
    }
    model.finalize();
    const double build_s = seconds_since(build_start);
    const char* name = weight_type_name(type);
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
        model.finish(p);
        prefill.push_back(seconds_since(start));
    }
    std::sort(prefill.begin(), prefill.end());
    // Cached decode: one token per pass after the prompt; the median step of 8.
    std::vector<double> decode;
    int token = 1;
    for (int s = 0; s < 8; ++s) {
        const auto start = std::chrono::steady_clock::now();
        OpenPass p = model.begin({token}, {}, &cache, cache.length());
        const OpenRunResult r = model.finish(p);
        token = static_cast<int>(std::max_element(r.logits.begin(), r.logits.end()) - r.logits.begin());
        decode.push_back(seconds_since(start));
    }
    std::sort(decode.begin(), decode.end());
    const double decode_s = decode[decode.size() / 2];
    std::printf(
        "{\"model\":\"qwen3-0.6b-shapes\",\"type\":\"%s\",\"layers\":%zu,\"prefillTokens\":64,"
        "\"prefillTokensPerSecond\":%.2f,\"decodeTokensPerSecond\":%.3f,\"decodeWeightGBps\":%.3f}\n",
        name, layers, 64.0 / prefill[1], 1.0 / decode_s, static_cast<double>(model.weight_bytes()) / decode_s * 1e-9);
    std::fflush(stdout);
}

// The GEMM over stored weights alone, B [3072, 1024] ("nk", an MLP projection), m = 1 and 64.
void bench_gemm(WeightType type) {
    Rng rng(3);
    const std::size_t n = 3072, k = 1024;
    const std::vector<std::uint8_t> pool = pool_of(type, rng);
    std::vector<std::uint8_t> b(n * row_bytes(type, k));
    fill(b.data(), b.size(), pool, block_bytes(type), rng);
    for (std::size_t m : {std::size_t(1), std::size_t(64)}) {
        const Matrix a = rng.normal_matrix(m, k);
        std::vector<float> c(m * n);
        // Warm-up first: V8 runs a WASM function in its baseline tier (Liftoff, several times
        // slower here) until the optimising compile has finished in the background. Then the
        // fastest of the calls in 0.3 s: the machine is shared, the minimum is the kernel.
        for (const auto warm = std::chrono::steady_clock::now(); seconds_since(warm) < 1.0;)
            gemm::gemm_weights(m, n, k, a.data(), k, b.data(), type, gemm::BLayout::NK, c.data(), n);
        double s = 1e30;
        for (const auto start = std::chrono::steady_clock::now(); seconds_since(start) < 0.3;) {
            const auto t0 = std::chrono::steady_clock::now();
            gemm::gemm_weights(m, n, k, a.data(), k, b.data(), type, gemm::BLayout::NK, c.data(), n);
            s = std::min(s, seconds_since(t0));
        }
        std::printf(
            "{\"gemm\":\"stored-weights\",\"type\":\"%s\",\"M\":%zu,\"N\":%zu,\"K\":%zu,\"us\":%.1f,"
            "\"gflops\":%.3f,\"weightGBps\":%.3f}\n",
            weight_type_name(type), m, n, k, s * 1e6, 2.0 * m * n * k / s * 1e-9,
            static_cast<double>(b.size()) / s * 1e-9);
        std::fflush(stdout);
    }
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t layers = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 28;
    for (WeightType t : {WeightType::F16, WeightType::Q8_0, WeightType::Q4_K, WeightType::Q6_K}) bench_gemm(t);
    for (WeightType t : {WeightType::F16, WeightType::Q4_K}) bench(t, layers);
    return 0;
}
