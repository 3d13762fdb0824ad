// Shared helpers for the Catch2 tests: seeded random matrices and element-wise comparison.
#pragma once
#include <catch2/catch.hpp>
#include <cmath>

#include "attn/random.hpp"
#include "attn/tensor.hpp"

namespace attn::test {

inline Matrix randn(std::size_t rows, std::size_t cols, std::uint64_t seed) {
    Rng rng(seed);
    return rng.normal_matrix(rows, cols);
}

template <class A, class B>
float max_abs_diff(const A& a, const B& b) {
    REQUIRE(a.shape() == b.shape());
    float m = 0.0f;
    auto ia = a.begin();
    for (auto ib = b.begin(); ib != b.end(); ++ia, ++ib) m = std::fmax(m, std::fabs(*ia - *ib));
    return m;
}

}  // namespace attn::test
