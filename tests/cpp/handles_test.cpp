// Handles: ids from 1, never reused; lookups that miss name the id and what is loaded; an
// opened model's passes and generations end with it. Small random models (lab_model.hpp's
// initialiser; an opened llama of random f32 tensors).
#include "attn/models/handles.hpp"

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/models/open_model.hpp"
#include "stored_weights.hpp"
#include "test_util.hpp"

using namespace attn;

namespace {

LabModel small_lab_model() {
    LabConfig c;
    c.vocab = 4;
    c.d_model = 8;
    c.n_layers = 1;
    c.n_heads = 2;
    c.n_kv_heads = 1;
    c.d_head = 4;
    c.mlp_hidden = 8;
    c.context = 8;
    return LabModel(c, {kLabBosText, kLabUnkText, "a", "b"}, lab_init_weights(c, 1));
}

std::unique_ptr<OpenModel> small_open_model() {
    OpenModelConfig c;
    c.arch = OpenArch::Llama;
    c.vocab = 12;
    c.d_model = 16;
    c.n_layers = 2;
    c.n_heads = 2;
    c.n_kv_heads = 1;
    c.d_head = 8;
    c.mlp_hidden = 16;
    c.context = 16;
    auto m = std::make_unique<OpenModel>(c);
    std::uint64_t seed = 1;
    for (const OpenTensorSpec& s : open_model_tensor_specs(c)) {
        if (!s.required) continue;
        const std::vector<std::uint8_t> bytes = test::random_stored(WeightType::F32, s.out, s.in, seed++, 0.3f);
        std::memcpy(m->tensor(s.name, WeightType::F32, s.out, s.in, gemm::BLayout::NK), bytes.data(), bytes.size());
    }
    m->finalize();
    return m;
}

}  // namespace

TEST_CASE("lab model handles: ids from 1, never reused; a miss names the id and what is loaded", "[handles]") {
    LabModelHandles h;
    CHECK_THROWS_AS(h.get(1), ValueError);
    CHECK_THROWS_WITH(h.get(1), "no lab model with id 1 (loaded: none); call labLoad first");
    const int a = h.add(small_lab_model()), b = h.add(small_lab_model());
    CHECK(a == 1);
    CHECK(b == 2);
    CHECK(h.get(a).config().vocab == 4);
    CHECK_THROWS_WITH(h.get(-1), "no lab model with id (not an id) (loaded: 1, 2); call labLoad first");
    CHECK(h.unload(a));
    CHECK_FALSE(h.unload(a));
    CHECK_THROWS_WITH(h.get(a), "no lab model with id 1 (loaded: 2); call labLoad first");
    CHECK(h.add(small_lab_model()) == 3);  // 1 is not handed out again
}

TEST_CASE("open model handles: passes step to the end and are forgotten once finished", "[handles]") {
    OpenModelHandles h;
    CHECK_THROWS_WITH(h.model(1), "no open model with id 1 (loaded: none); call openModelCreate first");
    const int id = h.add_model(small_open_model());
    CHECK(id == 1);
    const std::vector<int> tokens = {1, 2, 3};
    OpenRunOptions opt;
    opt.attention = true;
    const int pass = h.add_pass(id, h.model(id).begin(tokens, opt));
    CHECK(pass == 2);  // one id sequence for models, passes and generations
    CHECK(h.pass(pass).options.attention);
    const OpenPassProgress p0 = h.step_pass(pass);
    CHECK(p0.layer == 0);
    CHECK(p0.layers == 2);
    CHECK_FALSE(p0.done);
    CHECK(h.step_pass(pass).done);
    const OpenRunResult stepped = h.finish_pass(pass);
    CHECK(stepped.logits == h.model(id).run(tokens, opt).logits);
    CHECK_THROWS_WITH(h.pass(pass),
                      "no pass with id 2 (finished, its model unloaded, or never started with openModelPass)");
}

TEST_CASE("open model handles: generations step token by token; unloading ends what the model started", "[handles]") {
    OpenModelHandles h;
    const int id = h.add_model(small_open_model());
    const OpenGeneration whole = h.model(id).generate({1, 2}, 2);
    const int gen = h.add_generation(id, h.model(id).start_generation({1, 2}, 2));
    std::vector<int> tokens;
    OpenGenerationStep s{};
    do {
        s = h.step_generation(gen);
        if (s.token >= 0) tokens.push_back(s.token);
    } while (!s.done);
    CHECK(tokens == whole.generated);
    CHECK(s.generated == whole.generated);
    const std::string gone =
        "no generation with id 2 (finished, stopped, its model unloaded, or never started with "
        "openModelGenerateStart)";
    CHECK_THROWS_WITH(h.step_generation(gen), gone);  // forgotten once done

    const int stopped = h.add_generation(id, h.model(id).start_generation({1}, 2));
    CHECK(h.stop_generation(stopped));
    CHECK_FALSE(h.stop_generation(stopped));

    const int pass = h.add_pass(id, h.model(id).begin({1, 2}, {}));
    const int running = h.add_generation(id, h.model(id).start_generation({1}, 2));
    CHECK(h.unload(id));
    CHECK_FALSE(h.unload(id));
    CHECK_THROWS_AS(h.pass(pass), ValueError);
    CHECK_THROWS_AS(h.step_generation(running), ValueError);
    CHECK_THROWS_WITH(h.model(id), "no open model with id 1 (loaded: none); call openModelCreate first");
}
