// The trainer: same seed, same bytes; loss goes down; the schedule; the corpus; and the shipped
// model (course-data/lab-model.bin) against the unigram baseline and its own export.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "attn/models/lab_model.hpp"
#include "attn/models/weights_io.hpp"
#include "attn/ops/decoder_parts.hpp"
#include "corpus.hpp"
#include "export.hpp"
#include "test_util.hpp"
#include "trainer.hpp"

using namespace attn;
using namespace attn::train;

namespace {

// Generated stories as ids over their own small vocabulary.
struct ToyText {
    std::vector<std::string> vocab{kLabBosText, kLabUnkText};
    std::vector<int> ids;
};

ToyText toy_text(std::size_t stories) {
    ToyText t;
    Rng rng(3);
    std::map<std::string, int> index;
    for (const std::string& s : gift_stories(rng, stories))
        for (const std::string& ch : utf8_chars(s)) {
            auto it = index.find(ch);
            if (it == index.end()) {
                it = index.emplace(ch, static_cast<int>(t.vocab.size())).first;
                t.vocab.push_back(ch);
            }
            t.ids.push_back(it->second);
        }
    return t;
}

LabConfig toy_config(std::size_t vocab) {
    LabConfig c;
    c.vocab = vocab;
    c.d_model = 16;
    c.n_layers = 1;
    c.n_heads = 4;
    c.n_kv_heads = 2;
    c.d_head = 4;
    c.mlp_hidden = 24;
    c.context = 16;
    return c;
}

// Two layers, a linear (Gated DeltaNet) one under a full one.
LabConfig toy_hybrid_config(std::size_t vocab) {
    LabConfig c = toy_config(vocab);
    c.n_layers = 2;
    c.layer_types = {LabLayerType::Linear, LabLayerType::Full};
    c.linear_heads = 2;
    c.linear_head_dim = 4;
    return c;
}

std::vector<std::uint8_t> trained_bytes(const ToyText& t, std::uint64_t seed, bool hybrid) {
    const LabConfig c = hybrid ? toy_hybrid_config(t.vocab.size()) : toy_config(t.vocab.size());
    TrainOptions opt;
    opt.steps = 5;
    opt.batch = 4;
    opt.threads = 2;
    opt.seed = seed;
    return save_lab_weights(LabModel(c, t.vocab, train_model(c, t.ids, opt)), WeightsDtype::F32);
}

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The numbers of the JSON array that follows `key` in text.
std::vector<double> json_numbers_after(const std::string& text, const std::string& key) {
    std::size_t at = text.find(key);
    REQUIRE(at != std::string::npos);
    at = text.find('[', at);
    const std::size_t end = text.find(']', at);
    std::vector<double> out;
    std::istringstream in(text.substr(at + 1, end - at - 1));
    std::string item;
    while (std::getline(in, item, ',')) out.push_back(std::strtod(item.c_str(), nullptr));
    return out;
}

}  // namespace

TEST_CASE("training is reproducible: the same seed gives the same bytes", "[train]") {
    const bool hybrid = GENERATE(false, true);
    INFO((hybrid ? "hybrid" : "all full"));
    const ToyText t = toy_text(60);
    const auto a = trained_bytes(t, 7, hybrid), b = trained_bytes(t, 7, hybrid);
    CHECK(a == b);
    CHECK(a != trained_bytes(t, 8, hybrid));
}

TEST_CASE("training lowers the loss on generated sentences", "[train]") {
    const ToyText t = toy_text(300);
    const LabConfig c = toy_config(t.vocab.size());
    TrainOptions opt;
    opt.steps = 60;
    opt.batch = 8;
    opt.lr = 1e-2f;
    opt.warmup = 5;
    std::vector<float> losses;
    const LabWeights w = train_model(c, t.ids, opt, [&](const StepLog& s) { losses.push_back(s.loss); });
    REQUIRE(losses.size() == 60);
    CHECK(losses.front() > std::log(static_cast<float>(t.vocab.size())) - 0.5f);
    const Windows held = text_windows(t.ids, c.context, 20);
    CHECK(mean_loss(c, w, held) < losses.front() - 1.0);
}

TEST_CASE("learning rate: linear warm-up, cosine down to the floor", "[train]") {
    TrainOptions opt;
    opt.steps = 100;
    opt.warmup = 10;
    opt.lr = 1e-3f;
    opt.min_lr_ratio = 0.1f;
    CHECK(learning_rate(opt, 5) == Approx(5e-4));
    CHECK(learning_rate(opt, 10) == Approx(1e-3));
    CHECK(learning_rate(opt, 55) == Approx(1e-3 * (0.1 + 0.9 * 0.5)));
    CHECK(learning_rate(opt, 100) == Approx(1e-4));
}

TEST_CASE("corpus: fortunes lose their markup, stories are seeded and never self-gifts", "[train][corpus]") {
    const auto docs = fortune_documents("\x1b[32m《静夜思》\x1b[m\n  床前明月光，  \n%\n\n第二条\n%\n");
    REQUIRE(docs.size() == 2);
    CHECK(docs[0] == "《静夜思》\n床前明月光，");
    CHECK(docs[1] == "第二条");
    Rng a(1), b(1);
    const auto sa = gift_stories(a, 50);
    CHECK(sa == gift_stories(b, 50));
    for (const std::string& s : sa) {
        const std::size_t give = s.find("把");
        const std::size_t to = s.find("给了");
        REQUIRE(give != std::string::npos);
        const std::string giver = s.substr(0, give);
        const std::string rest = s.substr(to + std::string("给了").size());
        CHECK(rest.rfind(giver, 0) != 0);
    }
}

TEST_CASE("the shipped model beats the unigram baseline on the validation split by 1.5 nats/char", "[train][shipped]") {
    // The corpus is rebuilt exactly as attn-train built it (default options), so its vocabulary
    // must be the shipped one and its validation split the one the model never saw.
    const Corpus corpus = build_corpus(CorpusOptions{});
    const std::string bin = read_text(ATTN_SOURCE_DIR "/course-data/lab-model.bin");
    const LabModel model = load_lab_weights(reinterpret_cast<const std::uint8_t*>(bin.data()), bin.size());
    REQUIRE(model.vocab() == corpus.vocab);
    const Windows valid = text_windows(corpus.valid, model.config().context, 48);  // 3,072 characters
    const double loss = mean_loss(model.config(), model.weights(), valid);
    const double unigram = unigram_loss(corpus.train_counts, valid);
    INFO("validation loss " << loss << ", unigram " << unigram << " nats/char");
    CHECK(loss < unigram - 1.5);
}

TEST_CASE("the shipped model file is exactly what the writer writes from its weights", "[train][shipped]") {
    // So rewriting the file in a new format version kept every weight: loading it and writing
    // the loaded model again gives the same bytes (f16 values round-trip exactly).
    const std::string bin = read_text(ATTN_SOURCE_DIR "/course-data/lab-model.bin");
    const auto* data = reinterpret_cast<const std::uint8_t*>(bin.data());
    const LabModel model = load_lab_weights(data, bin.size());
    const std::vector<std::uint8_t> again = save_lab_weights(model, WeightsDtype::F16);
    CHECK(again == std::vector<std::uint8_t>(data, data + bin.size()));
}

TEST_CASE("c3-attention.json matches the shipped model: prompt logits to 1e-4", "[train][shipped]") {
    const std::string bin = read_text(ATTN_SOURCE_DIR "/course-data/lab-model.bin");
    const LabModel model = load_lab_weights(reinterpret_cast<const std::uint8_t*>(bin.data()), bin.size());
    const std::string json = read_text(ATTN_SOURCE_DIR "/course-data/c3-attention.json");
    const std::vector<double> logits = json_numbers_after(json, "\"logits\":");
    const std::vector<int> prompt = model.encode(kChapterPrompt);
    const Vector last = row_vector(model.forward(prompt).logits, prompt.size() - 1);
    REQUIRE(logits.size() == last.size());
    double diff = 0.0;
    for (std::size_t i = 0; i < last.size(); ++i) diff = std::fmax(diff, std::fabs(logits[i] - last(i)));
    CHECK(diff < 1e-4);
    CHECK(json_numbers_after(json, "\"tokens\":").size() == utf8_chars(kChapterSentences[0]).size() + 1);
}
