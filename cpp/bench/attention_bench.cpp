// Times the engine's attention forward (attn::attention_output, the output-only path) on the
// course's shapes and prints one JSON line per case, for scripts/bench.sh to tabulate.
//
// Dimension letters: T sequence length (Tq = Tk, causal), H query heads, G KV heads, d head width
// of q, k and v.
//
// Built natively and to WASM from this one source; steady_clock works in both (under node it
// reads performance.now()).
//
// Also printed per case: the machine's reachable SIMD rate of this build (simd_peak.hpp) measured
// just before the case, and the peak
// heap the output-only path allocates beyond its inputs at T = 2048, counted by the global
// operator new below (xtensor's storage and std::vector go through it).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <vector>

#include "attn/kernels/kernels.hpp"
#include "attn/ops/attention.hpp"
#include "attn/random.hpp"
#include "simd_peak.hpp"

namespace {

// Live and peak bytes from operator new, each block carrying its size in front.
std::size_t g_live = 0, g_peak = 0;
constexpr std::size_t kHeader = 16;  // keeps the block 16-byte aligned

}  // namespace

void* operator new(std::size_t n) {
    void* p = std::malloc(n + kHeader);
    if (!p) throw std::bad_alloc();
    *static_cast<std::size_t*>(p) = n;
    g_live += n;
    g_peak = std::max(g_peak, g_live);
    return static_cast<char*>(p) + kHeader;
}
void operator delete(void* p) noexcept {
    if (!p) return;
    char* block = static_cast<char*>(p) - kHeader;
    g_live -= *reinterpret_cast<std::size_t*>(block);
    std::free(block);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }

namespace {

constexpr std::size_t kHeads = 8, kHeadDim = 64;
constexpr double kMinSeconds = 0.3;  // each measured run lasts at least this long
constexpr int kRuns = 5;             // the median of this many runs is reported
constexpr int kRunsSlow = 3;         // fewer when one call alone fills a run
constexpr std::uint64_t kSeed = 20241130;

struct Case {
    const char* name;
    std::size_t t, kv_heads;
};

// Only the visible half of the causal square: query i sees i + 1 keys, and each key costs
// 2·d FLOPs for q·k and 2·d for adding its weighted v row. Softmax (max, exp, sum, scale) is not
// counted, so GFLOP/s understates the work done, the same way for every runner.
double causal_flops(std::size_t t) {
    return static_cast<double>(kHeads) * (static_cast<double>(t) * (t + 1) / 2) * (2.0 * kHeadDim + 2.0 * kHeadDim);
}

void run_case(const Case& c, attn::Rng& rng) {
    // q [T, H·d], k and v [T, G·d]
    const attn::Matrix q = rng.normal_matrix(c.t, kHeads * kHeadDim);
    const attn::Matrix k = rng.normal_matrix(c.t, c.kv_heads * kHeadDim);
    const attn::Matrix v = rng.normal_matrix(c.t, c.kv_heads * kHeadDim);
    attn::AttentionOptions opt;
    opt.n_heads = kHeads;
    opt.n_kv_heads = c.kv_heads;
    opt.causal = true;

    auto time_calls = [&](long reps) {
        const auto start = std::chrono::steady_clock::now();
        for (long i = 0; i < reps; ++i) attn::attention_output(q, k, v, opt);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };

    // The reachable rate right now, next to this case's timing: on a shared machine the load
    // changes from minute to minute, and a share of a peak measured elsewhere would mislead.
    const double peak = attn::bench::simd_peak_gflops();

    // The first call is also the first calibration run; the sum of its whole output lets runners
    // be checked for doing the same computation.
    const auto start = std::chrono::steady_clock::now();
    const attn::Matrix first = attn::attention_output(q, k, v, opt);
    double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    double checksum = 0.0;
    for (float x : first) checksum += x;

    // Grow the repetition count until one run lasts kMinSeconds; that run is the first
    // measurement. A single call that already does (T = 2048) is timed alone, and fewer times.
    long reps = 1;
    while (elapsed < kMinSeconds) {
        const double grow = std::min(100.0, 1.2 * kMinSeconds / std::max(elapsed, 1e-9));
        reps = std::max(reps + 1, static_cast<long>(std::ceil(static_cast<double>(reps) * grow)));
        elapsed = time_calls(reps);
    }
    const int runs = reps == 1 ? kRunsSlow : kRuns;

    // The output-only path's own allocations, beyond the inputs: one more call, counted.
    const std::size_t live_before = g_live;
    g_peak = g_live;
    attn::attention_output(q, k, v, opt);
    const std::size_t heap_peak = g_peak - live_before;

    std::vector<double> per_call{elapsed / static_cast<double>(reps)};
    while (static_cast<int>(per_call.size()) < runs) per_call.push_back(time_calls(reps) / static_cast<double>(reps));
    std::sort(per_call.begin(), per_call.end());
    const double median = per_call[per_call.size() / 2];
    std::printf(
        "{\"case\":\"%s\",\"T\":%zu,\"H\":%zu,\"kv_heads\":%zu,\"d\":%zu,\"reps\":%ld,\"runs\":%d,"
        "\"us\":%.3f,\"gflops\":%.4f,\"checksum\":%.9g,\"heap_peak_bytes\":%zu,\"peak_gflops\":%.3f}\n",
        c.name, c.t, kHeads, c.kv_heads, kHeadDim, reps, runs, median * 1e6, causal_flops(c.t) / median * 1e-9,
        checksum, heap_peak, peak);
    std::fflush(stdout);
}

}  // namespace

int main() {
#ifdef __EMSCRIPTEN__
    const char* engine = "wasm";
#else
    const char* engine = "native";
#endif
    std::printf(
        "{\"engine\":\"%s\",\"kernel_path\":\"%s\",\"flops\":\"causal visible half only: per head "
        "sum over i of (i+1) keys x (2d for q.k + 2d for the weighted v sum); softmax not counted\"}\n",
        engine, attn::kernels::active_path());
    const Case cases[] = {
        {"causal T=5", 5, kHeads},       {"causal T=64", 64, kHeads},      {"causal T=512", 512, kHeads},
        {"causal T=2048", 2048, kHeads}, {"causal GQA 8:2 T=512", 512, 2},
    };
    std::printf("{\"peak\":\"%s\"}\n", attn::bench::kPeakNote);
    attn::Rng rng(kSeed);
    for (const Case& c : cases) run_case(c, rng);
    return 0;
}
