// exp and log that give the same bits on every platform: built from +, −, ×, ÷ (IEEE-rounded
// everywhere, and -ffp-contract=off forbids fusing them), floor and frexp/ldexp (exact), in a
// fixed order. The C library's exp and log do not: glibc and Emscripten's musl round double
// exp/log/pow and float log1p differently in the last bit for some inputs (measured: 2 million
// random inputs disagree), and glibc picks FMA variants at run time. The lab model's forward
// and the trainer use these, so a model trained in the browser (WASM) has the very bytes of
// the native trainer's (tests/js/train.test.mjs).
//
// Accuracy: double exp and log within 2 ulp of the true value; the float forms are the double
// ones rounded once to float.
#pragma once

namespace attn {

// e^x; +∞ above 709.78, 0 below −745.2, NaN for NaN.
double exp_portable(double x) noexcept;
// ln x for x > 0; −∞ for 0, NaN below 0 or for NaN, +∞ for +∞.
double log_portable(double x) noexcept;

inline float exp_portable(float x) noexcept { return static_cast<float>(exp_portable(static_cast<double>(x))); }
inline float log_portable(float x) noexcept { return static_cast<float>(log_portable(static_cast<double>(x))); }
// ln(1 + x) for float x > −1 (1 + x is exact in double for every float x ≥ −1 of magnitude ≥
// 2^−29; below that ln(1 + x) = x to float precision).
inline float log1p_portable(float x) noexcept {
    const double d = static_cast<double>(x);
    return static_cast<float>(d > -0x1p-29 && d < 0x1p-29 ? d : log_portable(1.0 + d));
}
// 1 / (1 + e^−x) and x · sigmoid(x), the gates of the lab model.
inline float sigmoid_portable(float x) noexcept {
    return static_cast<float>(1.0 / (1.0 + exp_portable(-static_cast<double>(x))));
}
inline float silu_portable(float x) noexcept {
    const double d = static_cast<double>(x);
    return static_cast<float>(d / (1.0 + exp_portable(-d)));
}

}  // namespace attn
