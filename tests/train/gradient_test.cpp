// The trainer's backward pass against central finite differences, on every parameter tensor
// of a tiny model, with and without QK-norm and the output gate, and of a tiny hybrid model
// (a linear Gated DeltaNet layer under a full one, and the other way round); and the trainer's
// loss against the engine's own forward.
//
// The forward is the engine's float32 code, so the differences are taken in float with a step
// of 3e-3 on a summed loss (O(1) gradients); tolerance: |fd − analytic| ≤ 1e-2 · max(|fd|, |analytic|) + 1e-3.
// (A step of 1e-2 left one out_proj entry of the hybrid model 3.7% off, the O(step²) error of the
// difference through the linear layer's L2 norms and gates; at 3e-3 every entry agrees. A wrong
// term is off by far more.)
#include <cmath>
#include <string>
#include <vector>

#include "attn/models/lab_model.hpp"
#include "attn/random.hpp"
#include "backward.hpp"
#include "test_util.hpp"

using namespace attn;
using namespace attn::train;

namespace {

LabConfig tiny_config(bool extras) {
    LabConfig c;
    c.vocab = 7;
    c.d_model = 8;
    c.n_layers = 2;
    c.n_heads = 4;
    c.n_kv_heads = 2;
    c.d_head = 4;
    c.mlp_hidden = 12;
    c.context = 6;
    c.qk_norm = extras;
    c.output_gate = extras;
    return c;
}

// Two layers, one linear (Gated DeltaNet: 2 heads of width 4, a short conv of width 3) and one
// full, in the given order.
LabConfig tiny_hybrid_config(bool linear_first) {
    LabConfig c = tiny_config(true);
    c.layer_types = linear_first ? std::vector<LabLayerType>{LabLayerType::Linear, LabLayerType::Full}
                                 : std::vector<LabLayerType>{LabLayerType::Full, LabLayerType::Linear};
    c.linear_heads = 2;
    c.linear_head_dim = 4;
    c.conv_kernel = 3;
    return c;
}

// Fresh weights with the gains moved off 1, so their gradients are exercised too.
LabWeights jittered(const LabConfig& c) {
    LabWeights w = lab_init_weights(c, 5);
    Rng rng(9);
    for (auto& [name, m] : lab_tensors(w, c))
        if (name.find("_norm") != std::string::npos)
            for (float& x : *m) x = static_cast<float>(1.0 + 0.3 * rng.normal());
    return w;
}

const std::vector<int> kTokens = {0, 3, 5, 2, 6, 3};
const std::vector<int> kTargets = {3, 5, 2, 6, 3, 4};

bool close(double fd, double an) { return std::fabs(fd - an) <= 1e-2 * std::fmax(std::fabs(fd), std::fabs(an)) + 1e-3; }

void check_gradients(const LabConfig& c) {
    LabWeights w = jittered(c);
    LabWeights g = lab_zero_weights(c);
    loss_and_gradient(c, w, kTokens, kTargets, 1.0f, g);
    const auto params = lab_tensors(w, c);
    const auto grads = lab_tensors(g, c);
    const float eps = 3e-3f;
    auto loss = [&] { return static_cast<double>(sequence_loss(c, w, kTokens, kTargets)); };
    Rng pick(17);
    for (std::size_t i = 0; i < params.size(); ++i) {
        Matrix& p = *params[i].second;
        const Matrix& gp = *grads[i].second;
        // A few single entries (the first, the last and two drawn at random) ...
        std::vector<std::size_t> idx = {0, p.size() - 1, pick.next_u64() % p.size(), pick.next_u64() % p.size()};
        for (const std::size_t j : idx) {
            const float keep = p.data()[j];
            p.data()[j] = keep + eps;
            const double up = loss();
            p.data()[j] = keep - eps;
            const double down = loss();
            p.data()[j] = keep;
            const double fd = (up - down) / (2.0 * eps), an = gp.data()[j];
            INFO(params[i].first << "[" << j << "]: finite difference " << fd << ", backward " << an);
            CHECK(close(fd, an));
        }
        // ... and one random unit direction through the whole tensor.
        Matrix dir = pick.normal_matrix(p.shape(0), p.shape(1));
        dir /= static_cast<float>(std::sqrt(xt::sum(dir * dir)()));  // unit length: a step of eps, like the entries
        const Matrix keep = p;
        p = keep + eps * dir;
        const double up = loss();
        p = keep - eps * dir;
        const double down = loss();
        p = keep;
        double an = 0.0;
        for (std::size_t j = 0; j < p.size(); ++j) an += static_cast<double>(gp.data()[j]) * dir.data()[j];
        const double fd = (up - down) / (2.0 * eps);
        INFO(params[i].first << " along a random direction: finite difference " << fd << ", backward " << an);
        CHECK(close(fd, an));
    }
}

}  // namespace

TEST_CASE("backward matches finite differences on every tensor (QK-norm and output gate on)", "[train][grad]") {
    check_gradients(tiny_config(true));
}

TEST_CASE("backward matches finite differences on every tensor (QK-norm and output gate off)", "[train][grad]") {
    check_gradients(tiny_config(false));
}

TEST_CASE("backward matches finite differences on every tensor of a hybrid model (linear layer first)",
          "[train][grad][hybrid]") {
    check_gradients(tiny_hybrid_config(true));
}

TEST_CASE("backward matches finite differences on every tensor of a hybrid model (full layer first)",
          "[train][grad][hybrid]") {
    check_gradients(tiny_hybrid_config(false));
}

TEST_CASE("the trainer's loss is the cross-entropy of the engine's forward", "[train]") {
    const LabConfig c = GENERATE(tiny_config(true), tiny_hybrid_config(true));
    const LabWeights w = jittered(c);
    LabWeights g = lab_zero_weights(c);
    const float trainer = loss_and_gradient(c, w, kTokens, kTargets, 1.0f, g);
    const LabModel model(c, {kLabBosText, kLabUnkText, "a", "b", "c", "d", "e"}, w);
    const Matrix logits = model.forward(kTokens).logits;
    double engine = 0.0;
    for (std::size_t t = 0; t < kTokens.size(); ++t) {
        double z = 0.0;
        for (std::size_t v = 0; v < c.vocab; ++v) z += std::exp(static_cast<double>(logits(t, v)));
        engine += std::log(z) - logits(t, kTargets[t]);
    }
    CHECK(std::fabs(trainer - engine) < 1e-4 * std::fmax(1.0, std::fabs(engine)));
    // Recording activations for backward changes no logit.
    LabActivations acts;
    const Matrix with_acts = lab_forward(c, w, kTokens, 0, nullptr, nullptr, &acts);
    CHECK(attn::test::max_abs_diff(with_acts, logits) < 1e-4f);
    CHECK(acts.layers.size() == 2);
}
