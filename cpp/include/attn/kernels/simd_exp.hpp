// exp(x) for x ≤ 0, the exp of softmax (scores are shifted by the row max, so x ≤ 0), as four
// lanes and as one float, giving the same bits: the scalar form runs the vector form's
// operations in the same order. So the result depends only on x, never on where x sits in a row
// (a SIMD body or a scalar tail) or on the build (native or WASM).
//
// x = k·ln2 + r with k = round(x·log2 e), |r| ≤ ln2/2; exp(r) by a degree-6 polynomial; 2^k
// built in the exponent bits. Relative error < 2e-7 against std::exp on [−87.3, 0]. Below
// −87.3 the result is 0 (the float range ends near e^−87.3 before subnormals), which also
// makes exp(−∞) exactly 0, so masked weights stay exactly 0.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

#include "attn/kernels/simd.hpp"

namespace attn::simd {

namespace exp_constants {
constexpr float lo = -87.3f;
constexpr float log2e = 1.44269504088896341f;
// Cody–Waite split of ln2: k·ln2_hi is exact for the k that occur, so r stays accurate.
constexpr float ln2_hi = 0.693359375f, ln2_lo = -2.12194440e-4f;
constexpr float p0 = 1.9875691500e-4f, p1 = 1.3981999507e-3f, p2 = 8.3334519073e-3f, p3 = 4.1665795894e-2f,
                p4 = 1.6666665459e-1f, p5 = 5.0000001201e-1f;
}  // namespace exp_constants

inline f32x4 exp_nonpositive(f32x4 x) {
    using namespace exp_constants;
    const f32x4 vlo = splat(lo);
    const f32x4 xc = max(x, vlo);
    const i32x4 ki = round_to_int(mul(xc, splat(log2e)));
    const f32x4 k = to_float(ki);
    f32x4 r = sub(xc, mul(k, splat(ln2_hi)));
    r = sub(r, mul(k, splat(ln2_lo)));
    f32x4 p = splat(p0);
    p = mul_add(p, r, splat(p1));
    p = mul_add(p, r, splat(p2));
    p = mul_add(p, r, splat(p3));
    p = mul_add(p, r, splat(p4));
    p = mul_add(p, r, splat(p5));
    p = add(mul(mul(p, r), r), add(r, splat(1.0f)));
    return zero_where_less(mul(p, pow2(ki)), x, vlo);
}

// The same operations on one float.
inline float exp_nonpositive(float x) {
    using namespace exp_constants;
    const float xc = x < lo ? lo : x;
    const float k = std::nearbyint(xc * log2e);
    float r = xc - k * ln2_hi;
    r = r - k * ln2_lo;
    float p = p0;
    p = p * r + p1;
    p = p * r + p2;
    p = p * r + p3;
    p = p * r + p4;
    p = p * r + p5;
    p = (p * r) * r + (r + 1.0f);
    const std::uint32_t bits = static_cast<std::uint32_t>(static_cast<std::int32_t>(k) + 127) << 23;
    float pow2k;
    std::memcpy(&pow2k, &bits, 4);
    return x < lo ? 0.0f : p * pow2k;
}

}  // namespace attn::simd
