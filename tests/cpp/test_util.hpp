// Shared helpers for the Catch2 tests: seeded random matrices, element-wise comparison and a
// small lab vocabulary.
#pragma once
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "attn/models/lab_model.hpp"
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

// A lab vocabulary of n entries: <bos>, <unk>, then single characters of the course's sentences.
inline std::vector<std::string> small_vocab(std::size_t n) {
    std::vector<std::string> v{kLabBosText, kLabUnkText};
    const std::vector<std::string> chars = utf8_chars("小明把苹果给了王书笔花。，的是");
    for (std::size_t i = 0; v.size() < n; ++i) v.push_back(chars[i]);
    return v;
}

}  // namespace attn::test
