// Times the GEMM (gemm.hpp) on the lab model's projection shapes and on [32 × 1024] · [1024 ×
// 3072], with f32 and f16-stored B, against its scalar twin, and prints one JSON line per case
// for scripts/bench.sh. Built natively and to WASM from this one source.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "attn/kernels/gemm.hpp"
#include "attn/kernels/kernels.hpp"
#include "attn/models/weights_io.hpp"
#include "attn/random.hpp"

namespace {

constexpr double kMinSeconds = 0.2;
constexpr int kRuns = 3;

struct Case {
    const char* name;
    std::size_t m, n, k;
    attn::gemm::BLayout layout;
};

template <class F>
double median_seconds_per_call(F&& call) {
    long reps = 1;
    double elapsed = 0.0;
    auto time = [&](long r) {
        const auto start = std::chrono::steady_clock::now();
        for (long i = 0; i < r; ++i) call();
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    while ((elapsed = time(reps)) < kMinSeconds)
        reps = std::max(reps + 1, static_cast<long>(reps * 1.5 * kMinSeconds / std::max(elapsed, 1e-9)));
    std::vector<double> runs{elapsed / reps};
    while (static_cast<int>(runs.size()) < kRuns) runs.push_back(time(reps) / reps);
    std::sort(runs.begin(), runs.end());
    return runs[runs.size() / 2];
}

void run_case(const Case& c, attn::Rng& rng) {
    const std::size_t ldb = c.layout == attn::gemm::BLayout::KN ? c.n : c.k;
    const attn::Matrix a = rng.normal_matrix(c.m, c.k), b = rng.normal_matrix(c.k, c.n);
    std::vector<std::uint16_t> b16(b.size());
    for (std::size_t i = 0; i < b.size(); ++i) b16[i] = attn::float_to_half(b.data()[i]);
    std::vector<float> out(c.m * c.n);
    const double flops = 2.0 * static_cast<double>(c.m) * c.n * c.k;
    auto report = [&](const char* kernel, double s) {
        std::printf("{\"gemm\":\"%s\",\"kernel\":\"%s\",\"M\":%zu,\"N\":%zu,\"K\":%zu,\"us\":%.3f,\"gflops\":%.3f}\n",
                    c.name, kernel, c.m, c.n, c.k, s * 1e6, flops / s * 1e-9);
        std::fflush(stdout);
    };
    using attn::gemm::gemm_f16;
    using attn::gemm::gemm_f32;
    using attn::gemm::gemm_scalar;
    report("f32", median_seconds_per_call(
                      [&] { gemm_f32(c.m, c.n, c.k, a.data(), c.k, b.data(), ldb, c.layout, out.data(), c.n); }));
    report("f16", median_seconds_per_call(
                      [&] { gemm_f16(c.m, c.n, c.k, a.data(), c.k, b16.data(), ldb, c.layout, out.data(), c.n); }));
    report("scalar", median_seconds_per_call(
                         [&] { gemm_scalar(c.m, c.n, c.k, a.data(), c.k, b.data(), ldb, c.layout, out.data(), c.n); }));
}

}  // namespace

int main() {
    std::printf("{\"engine\":\"%s\",\"kernel_path\":\"%s\"}\n",
#ifdef __EMSCRIPTEN__
                "wasm",
#else
                "native",
#endif
                attn::kernels::active_path());
    using attn::gemm::BLayout;
    // The lab model at its context of 64 (d_model 64, 8 × 16 query columns, 2 × 16 KV columns,
    // SwiGLU 128, vocabulary 512 through the tied embedding, B stored [N, K]).
    const Case cases[] = {
        {"lab q / gate  64x64 . 64x128", 64, 128, 64, BLayout::KN},
        {"lab k / v     64x64 . 64x32", 64, 32, 64, BLayout::KN},
        {"lab o / w2    64x128 . 128x64", 64, 64, 128, BLayout::KN},
        {"lab LM head   64x64 . (512x64)T", 64, 512, 64, BLayout::NK},
        {"32x1024 . 1024x3072", 32, 3072, 1024, BLayout::KN},
    };
    attn::Rng rng(7);
    for (const Case& c : cases) run_case(c, rng);
    return 0;
}
