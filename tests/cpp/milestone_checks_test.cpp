// The project milestone's six checks (milestone_checks.hpp): each passes on a correct model, small
// random ones (GQA, MHA, hybrid) and the shipped lab model, and each fails when the fault that
// breaks its property is switched on. A check that could not fail would test nothing.
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "attn/course/milestone_checks.hpp"
#include "attn/errors.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/models/weights_io.hpp"
#include "attn/ops/attention.hpp"
#include "test_util.hpp"

using namespace attn;
using attn::test::small_vocab;

namespace {

// Two full layers, 8 query heads on 2 KV heads of width 8, QK-norm and output gate.
LabConfig gqa_config() {
    LabConfig c;
    c.vocab = 16;
    c.d_model = 24;
    c.n_layers = 2;
    c.n_heads = 8;
    c.n_kv_heads = 2;
    c.d_head = 8;
    c.mlp_hidden = 32;
    c.context = 24;
    return c;
}

LabConfig hybrid_config() {
    LabConfig c = gqa_config();
    c.n_layers = 3;
    c.layer_types = {LabLayerType::Linear, LabLayerType::Full, LabLayerType::Linear};
    c.linear_heads = 3;
    c.linear_head_dim = 4;
    return c;
}

LabModel random_model(const LabConfig& c, std::uint64_t seed = 5) {
    return LabModel(c, small_vocab(c.vocab), lab_init_weights(c, seed));
}

const std::vector<int> kTokens = {0, 2, 3, 4, 5, 6, 7, 8, 9, 2, 3};

LabModel shipped_model() {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/course-data/lab-model.bin", std::ios::binary);
    const std::vector<std::uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(!file.empty());
    return load_lab_weights(file.data(), file.size());
}

// Every check on `model`: all pass without a fault, and each fails with the fault made for it.
// The greedy check compares argmaxes only: a broken cache that moves no argmax passes it (the
// small random hybrid below, whose logits are nearly flat); the logits check catches that one.
void all_checks_pass_and_each_fault_fails(const LabModel& model, const std::vector<int>& tokens,
                                          bool greedy_fault_shows = true) {
    const std::vector<int> prompt(tokens.begin(), tokens.begin() + 4);
    const std::size_t steps = 8;

    const MilestoneDiff gqa = check_gqa_equals_tied_mha(model, tokens);
    CHECK(gqa.ok);
    CHECK(gqa.max_abs_diff < 1e-4);
    CHECK(gqa.compared == tokens.size() * model.config().vocab);
    const MilestoneDiff untied = check_gqa_equals_tied_mha(model, tokens, MilestoneFault::UntieKv);
    CHECK_FALSE(untied.ok);
    CHECK(untied.max_abs_diff > 1e-3);

    const MilestoneDiff mha = check_kv_heads_equal_heads_is_mha(model, tokens);
    CHECK(mha.ok);
    CHECK(mha.n_kv_heads == model.config().n_heads);
    CHECK_FALSE(check_kv_heads_equal_heads_is_mha(model, tokens, MilestoneFault::ReshapeHeads).ok);

    const MilestoneDiff inc = check_incremental_matches_full(model, tokens);
    CHECK(inc.ok);
    CHECK(inc.compared == tokens.size() * model.config().vocab);
    const MilestoneDiff perturbed = check_incremental_matches_full(model, tokens, MilestoneFault::PerturbCache);
    CHECK_FALSE(perturbed.ok);
    CHECK(perturbed.max_abs_diff > 1e-3);

    const MilestoneGreedy greedy = check_greedy_with_and_without_cache(model, prompt, steps);
    CHECK(greedy.ok);
    CHECK(greedy.first_difference == -1);
    CHECK(greedy.with_cache == greedy.without_cache);
    CHECK(greedy.with_cache.size() == steps);
    // The model's own generate() picks the same tokens as the check's cached loop.
    const LabGeneration g = model.generate(prompt, steps);
    CHECK(g.generated == greedy.with_cache);
    const MilestoneGreedy broken =
        check_greedy_with_and_without_cache(model, prompt, steps, MilestoneFault::PerturbCache);
    CHECK(broken.without_cache == greedy.without_cache);  // the fault touches the cached path only
    CHECK(broken.with_cache[0] == greedy.with_cache[0]);  // step 0 comes from the prompt's pass
    if (greedy_fault_shows) {
        CHECK_FALSE(broken.ok);
        CHECK(broken.first_difference >= 1);
    }

    const MilestoneCacheBytes bytes = check_cache_bytes_halve(model, tokens);
    CHECK(bytes.ok);
    REQUIRE(bytes.kv_heads == std::vector<std::size_t>{4, 2, 1});
    // L_full × 2 (K and V) × T × G × d × 4 B
    for (std::size_t i = 0; i < 3; ++i)
        CHECK(bytes.bytes[i] == bytes.full_layers * 2 * tokens.size() * bytes.kv_heads[i] * model.config().d_head * 4);
    const MilestoneCacheBytes repeated = check_cache_bytes_halve(model, tokens, MilestoneFault::RepeatKvBeforeCache);
    CHECK_FALSE(repeated.ok);
    CHECK(repeated.bytes[0] == repeated.bytes[2]);

    const MilestoneCausal causal = check_causal_weights(model, tokens);
    CHECK(causal.ok);
    CHECK(causal.nonzero_above == 0);
    CHECK(causal.max_row_sum_error < 1e-5);
    CHECK(causal.rows == full_layer_count(model.config()) * model.config().n_heads * tokens.size());
    CHECK(causal.above == causal.rows * (tokens.size() - 1) / 2);
    const MilestoneCausal unmasked = check_causal_weights(model, tokens, MilestoneFault::DropMask);
    CHECK_FALSE(unmasked.ok);
    CHECK(unmasked.nonzero_above > 0);
    CHECK(unmasked.max_row_sum_error < 1e-5);  // rows still sum to 1: only the zeros are gone
    const MilestoneCausal after = check_causal_weights(model, tokens, MilestoneFault::MaskAfterSoftmax);
    CHECK_FALSE(after.ok);
    CHECK(after.nonzero_above == 0);  // the future is zero, but the rows no longer sum to 1
    CHECK(after.max_row_sum_error > 1e-3);
}

}  // namespace

TEST_CASE("milestone checks: a GQA model passes all six and fails each under its fault", "[milestone]") {
    all_checks_pass_and_each_fault_fails(random_model(gqa_config()), kTokens);
}

TEST_CASE("milestone checks: a hybrid model (linear layers around a full one) too", "[milestone]") {
    all_checks_pass_and_each_fault_fails(random_model(hybrid_config()), kTokens, false);
}

TEST_CASE("milestone checks: an MHA model (G = H) is its own tied twin", "[milestone]") {
    LabConfig c = gqa_config();
    c.n_kv_heads = 8;
    const LabModel model = random_model(c);
    const MilestoneDiff r = check_gqa_equals_tied_mha(model, kTokens);
    CHECK(r.ok);
    CHECK(r.max_abs_diff == 0.0);  // the twin's weights are the model's own
    CHECK_FALSE(check_gqa_equals_tied_mha(model, kTokens, MilestoneFault::UntieKv).ok);
}

TEST_CASE("milestone checks: the shipped lab model passes all six and fails each under its fault", "[milestone][lab]") {
    const LabModel model = shipped_model();
    all_checks_pass_and_each_fault_fails(model, model.encode("小明把苹果给了小王。谁把苹果给了小王？"));
}

TEST_CASE("milestone checks: the tied twin is MHA with K/V blocks copied per query head", "[milestone]") {
    const LabModel model = random_model(gqa_config());
    const LabModel twin = tied_mha_twin(model);
    CHECK(twin.config().n_kv_heads == 8);
    const Matrix& wk = model.weights().layers[0].wk;  // [24, 2·8]
    const Matrix& tk = twin.weights().layers[0].wk;   // [24, 8·8]
    REQUIRE(tk.shape(1) == 64);
    for (std::size_t r = 0; r < wk.shape(0); ++r)
        for (std::size_t h = 0; h < 8; ++h)
            for (std::size_t e = 0; e < 8; ++e) CHECK(tk(r, h * 8 + e) == wk(r, (h / 4) * 8 + e));
}

TEST_CASE("milestone checks: the written-out MHA equals the engine's attention on random q, k, v", "[milestone]") {
    const Matrix q = attn::test::randn(7, 12, 1), k = attn::test::randn(7, 12, 2), v = attn::test::randn(7, 12, 3);
    AttentionOptions opt;
    opt.n_heads = 3;
    opt.causal = true;
    CHECK(attn::test::max_abs_diff(reference_causal_mha(q, k, v, 3), attention(q, k, v, opt).output) < 1e-5f);
    CHECK_THROWS_AS(reference_causal_mha(q, k, v, 5), ShapeError);
}

TEST_CASE("milestone checks: faults are named, and a check refuses another check's fault", "[milestone]") {
    for (const char* name : {"none", "untie-kv", "reshape-heads", "perturb-cache", "repeat-kv-before-cache",
                             "drop-mask", "mask-after-softmax"})
        CHECK(std::string(milestone_fault_name(parse_milestone_fault(name))) == name);
    CHECK_THROWS_AS(parse_milestone_fault("wrong"), ConfigError);
    CHECK_THROWS_WITH(parse_milestone_fault("wrong"), Catch::Contains("got 'wrong'"));
    const LabModel model = random_model(gqa_config());
    CHECK_THROWS_AS(check_causal_weights(model, kTokens, MilestoneFault::UntieKv), ConfigError);
    CHECK_THROWS_WITH(check_gqa_equals_tied_mha(model, kTokens, MilestoneFault::DropMask),
                      Catch::Contains("fault 'drop-mask' is not one of none, untie-kv"));
    CHECK_THROWS_AS(check_causal_weights(model, {0}), ShapeError);
    CHECK_THROWS_AS(check_incremental_matches_full(model, {0, 2}, MilestoneFault::PerturbCache), ShapeError);
    CHECK_THROWS_AS(check_greedy_with_and_without_cache(model, kTokens, 20), ShapeError);  // 11 + 20 > 24
    LabConfig odd = gqa_config();
    odd.n_heads = 3;
    odd.n_kv_heads = 1;
    CHECK_THROWS_AS(check_cache_bytes_halve(random_model(odd), kTokens), ConfigError);
}

TEST_CASE("milestone checks: no fault and 12 greedy steps unless asked", "[milestone]") {
    const MilestoneOptions opt;
    CHECK(opt.fault == MilestoneFault::None);
    CHECK(opt.fault == parse_milestone_fault("none"));
    CHECK(opt.greedy_steps == 12);
}
