// The reachable SIMD rate of this build on this machine: 8 independent chains of
// acc = acc·a + b on 4-lane vectors (mul_add, a multiply and an add, as every kernel here does;
// baseline WASM SIMD has no fused multiply-add), long enough that loads, stores and loop
// overhead vanish. The best of 5 runs of ~0.1 s, in GFLOP/s (8 FLOP per mul_add).
#pragma once
#include <algorithm>
#include <chrono>

#include "attn/kernels/simd.hpp"

namespace attn::bench {

constexpr const char* kPeakNote =
    "8 independent chains of 4-lane mul + add (2 FLOP per lane), best of 5 runs; the rate a kernel of "
    "these instructions can reach";

// Not inlined: the loop must run as a compiled function (V8 tiers WASM up per function call).
[[gnu::noinline]] inline void mul_add_chains(float* state, float a_, float b_, long iters) {
    using namespace attn::simd;
    const f32x4 a = splat(a_), b = splat(b_);
    f32x4 acc[8];
    for (int i = 0; i < 8; ++i) acc[i] = load(state + 4 * i);
    for (long it = 0; it < iters; ++it)
        for (int i = 0; i < 8; ++i) acc[i] = mul_add(acc[i], a, b);
    for (int i = 0; i < 8; ++i) store(state + 4 * i, acc[i]);
}

inline double simd_peak_gflops() {
    float state[32];
    for (int i = 0; i < 32; ++i) state[i] = static_cast<float>(i);
    constexpr long kIters = 50000, kCalls = 100;
    double best = 0.0;
    for (int run = 0; run < 5; ++run) {
        const auto start = std::chrono::steady_clock::now();
        for (long c = 0; c < kCalls; ++c) mul_add_chains(state, 0.999f, 0.001f, kIters);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        best = std::max(best, kCalls * kIters * 8.0 * 8.0 / s * 1e-9);
    }
    volatile float sink = state[0];  // keeps the chains live
    (void)sink;
    return best;
}

}  // namespace attn::bench
