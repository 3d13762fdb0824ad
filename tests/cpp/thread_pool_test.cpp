// The kernels' thread pool (thread_pool.hpp): every piece runs once, and the stored-weights
// products (the decode path and gemm_weights) give the same bits on 1, 2, 3 and 4 threads. In
// the WASM build without threads the counts all clamp to 1 (the threaded WASM build is tested
// under node by tests/js/engine-threads.test.mjs).

#include <algorithm>
#include <atomic>
#include <cstring>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/kernels/gemm.hpp"
#include "attn/kernels/thread_pool.hpp"
#include "attn/ops/attention.hpp"
#include "stored_weights.hpp"
#include "test_util.hpp"

using namespace attn;

namespace {

// Restores one thread when a test ends, whatever it set.
struct OneThreadAfter {
    ~OneThreadAfter() { threads::set_count(1); }
};

const std::size_t kCounts[] = {1, 2, 3, 4};

bool same_bits(const std::vector<float>& x, const std::vector<float>& y) {
    return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(float)) == 0;
}

// compute() (→ std::vector<float>) on 1, 2, 3 and 4 threads: the same bits each time.
template <class F>
void require_same_bits_on_every_count(F compute) {
    std::vector<float> first;
    for (std::size_t n : kCounts) {
        threads::set_count(n);
        const std::vector<float> got = compute();
        if (n == kCounts[0])
            first = got;
        else
            REQUIRE(same_bits(got, first));
    }
}

}  // namespace

TEST_CASE("thread pool: the count clamps to [1, available()], and every piece runs exactly once", "[threads]") {
    OneThreadAfter restore;
    CHECK(threads::count() == 1);
    CHECK(threads::set_count(0) == 1);
    CHECK(threads::set_count(1000) == threads::available());
    for (std::size_t n : kCounts) {
        const std::size_t got = threads::set_count(n);
        CHECK(got == std::min(n, threads::available()));
        for (std::size_t pieces : {0u, 1u, 2u, 7u, 1000u}) {
            std::vector<std::atomic<int>> runs(pieces);
            for (int round = 0; round < 20; ++round)
                threads::parallel_for(pieces, [&](std::size_t i) { runs[i].fetch_add(1); });
            for (std::size_t i = 0; i < pieces; ++i) REQUIRE(runs[i].load() == 20);
        }
        // Ranges: start at multiples of the alignment, cover [0, n) once.
        for (std::size_t total : {1u, 5u, 64u, 999u}) {
            std::vector<int> seen(total, 0);
            std::atomic<bool> aligned{true};
            threads::parallel_ranges(total, 8, [&](std::size_t j0, std::size_t j1) {
                if (j0 % 8 != 0 || j1 <= j0) aligned = false;
                for (std::size_t j = j0; j < j1; ++j) ++seen[j];
            });
            CHECK(aligned.load());
            for (int s : seen) REQUIRE(s == 1);
        }
    }
}

TEST_CASE("thread pool: the decode path and gemm_weights give the same bits on 1 … 4 threads", "[threads]") {
    OneThreadAfter restore;
    const WeightType types[] = {WeightType::F32,  WeightType::F16,  WeightType::BF16, WeightType::Q8_0,
                                WeightType::Q4_0, WeightType::Q4_1, WeightType::Q5_0, WeightType::Q5_1,
                                WeightType::Q4_K, WeightType::Q6_K};
    for (WeightType type : types) {
        const std::size_t k = is_block_type(type) ? 256 : 40;
        for (std::size_t n : {1u, 9u, 67u, 301u}) {
            const auto b = attn::test::random_stored(type, n, k, 11 * n + k);
            for (std::size_t m : {1u, 2u, 4u, 5u, 9u}) {
                INFO(weight_type_name(type) << ": m " << m << ", n " << n << ", k " << k);
                const Matrix a = attn::test::randn(m, k, 5 * m + n);
                require_same_bits_on_every_count([&] {
                    std::vector<float> c(m * n, -7.0f);
                    gemm::gemm_weights_decode(m, n, k, a.data(), k, b.data(), type, gemm::BLayout::NK, c.data(), n);
                    return c;
                });
            }
        }
    }
    // The KN layout (GPT-2's Conv1D, float types only): columns cut inside each stored row.
    for (WeightType type : {WeightType::F32, WeightType::F16, WeightType::BF16}) {
        const std::size_t k = 37, n = 203, m = 6;
        const auto b = attn::test::random_stored(type, k, n, 91);
        const Matrix a = attn::test::randn(m, k, 92);
        require_same_bits_on_every_count([&] {
            std::vector<float> c(m * n, -7.0f);
            gemm::gemm_weights(m, n, k, a.data(), k, b.data(), type, gemm::BLayout::KN, c.data(), n);
            return c;
        });
    }
}

TEST_CASE("thread pool: a piece that throws — every piece runs, the lowest one's exception reaches the caller",
          "[threads]") {
    OneThreadAfter restore;
    for (std::size_t n : kCounts) {
        threads::set_count(n);
        std::vector<std::atomic<int>> runs(40);
        try {
            threads::parallel_for(40, [&](std::size_t i) {
                runs[i].fetch_add(1);
                if (i == 13 || i == 29) throw ShapeError("piece " + std::to_string(i));
            });
            FAIL("no exception");
        } catch (const ShapeError& e) {
            CHECK(std::string(e.what()) == "piece 13");
        }
        for (const auto& r : runs) REQUIRE(r.load() == 1);
    }
}

TEST_CASE("thread pool: attention's heads (by KV group) give the same bits on 1 … 4 threads", "[threads]") {
    OneThreadAfter restore;
    AttentionOptions opt;
    opt.n_heads = 8;
    opt.n_kv_heads = 2;
    opt.causal = true;
    const Matrix q = attn::test::randn(3, 8 * 16, 1), k = attn::test::randn(37, 2 * 16, 2),
                 v = attn::test::randn(37, 2 * 16, 3);
    require_same_bits_on_every_count([&] {
        const Matrix out = attention_output(q, k, v, opt);
        return std::vector<float>(out.begin(), out.end());
    });
    // A row with no visible key: the same error (its first head) on every count.
    Mask none = xt::zeros<std::uint8_t>({std::size_t(3), std::size_t(37)});
    for (std::size_t j = 0; j < 37; ++j) none(0, j) = none(2, j) = 1;
    opt.mask = none;
    for (std::size_t n : kCounts) {
        threads::set_count(n);
        CHECK_THROWS_WITH(attention_output(q, k, v, opt), Catch::Matchers::Contains("query row 1 of head 0"));
    }
}
