// The trainer's JSON writers (cpp/train/export.cpp, nlohmann-json) against the files they
// shipped (course-data/c3-attention.json, kv-heads-ablation.json, written by the former
// string-building writer): fed the shipped model and the training figures recorded in those
// files, they must write the same JSON — same keys in the same order, same arrays, strings and
// numbers — so the switch of writer changes no number the course shows.
#include <cmath>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "attn/errors.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/models/weights_io.hpp"
#include "export.hpp"
#include "test_util.hpp"

using namespace attn;
using namespace attn::train;
using Json = nlohmann::ordered_json;

namespace {

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

Json read_json(const std::string& path) { return Json::parse(read_text(path)); }

// Where two documents first differ ("" when equal): key order counts, numbers compare as JSON
// numbers (10000 == 10000.0) up to one unit in their last printed digit (the export keeps 5
// significant digits for weights), everything else exactly. That unit is the kernels' to move:
// the shipped file was computed before the blocked SIMD kernels summed in another order, which
// can flip the last printed digit; a writer that changed a number would miss by far more.
std::string first_difference(const Json& a, const Json& b, const std::string& at) {
    if (a.is_number() && b.is_number()) {
        const double x = a.get<double>(), y = b.get<double>();
        const double last_digit = y == 0.0 ? 1e-12 : std::pow(10.0, std::floor(std::log10(std::abs(y))) - 4);
        // plus float32 noise of a sum of O(10) terms, for values near zero (logits of -0.007)
        return std::abs(x - y) <= 1.01 * last_digit + 2e-6 ? "" : at + ": " + a.dump() + " vs " + b.dump();
    }
    if (a.type() != b.type()) return at + ": " + a.type_name() + " vs " + b.type_name();
    if (a.is_object()) {
        if (a.size() != b.size())
            return at + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " keys";
        for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib) {
            if (ia.key() != ib.key()) return at + ": key " + ia.key() + " vs " + ib.key();
            const std::string d = first_difference(ia.value(), ib.value(), at + "." + ia.key());
            if (!d.empty()) return d;
        }
        return "";
    }
    if (a.is_array()) {
        if (a.size() != b.size())
            return at + ": " + std::to_string(a.size()) + " vs " + std::to_string(b.size()) + " items";
        for (std::size_t i = 0; i < a.size(); ++i) {
            const std::string d = first_difference(a[i], b[i], at + "[" + std::to_string(i) + "]");
            if (!d.empty()) return d;
        }
        return "";
    }
    return a == b ? "" : at + ": " + a.dump() + " vs " + b.dump();
}

}  // namespace

TEST_CASE("the c3-attention writer reproduces the shipped export from the shipped model", "[train][shipped][json]") {
    const std::string bin = read_text(ATTN_SOURCE_DIR "/course-data/lab-model.bin");
    const LabModel model = load_lab_weights(reinterpret_cast<const std::uint8_t*>(bin.data()), bin.size());
    const Json shipped = read_json(ATTN_SOURCE_DIR "/course-data/c3-attention.json");
    const Json& t = shipped["model"]["training"];
    TrainingSummary s;
    s.steps = t["steps"];
    s.batch = t["batch"];
    s.seed = t["seed"];
    s.seconds = t["seconds"];
    s.train_loss = t["trainLoss"];
    s.valid_loss = t["validLoss"];
    s.unigram_loss = t["unigramLoss"];
    s.valid_tokens = t["validTokens"];
    s.file_bytes = shipped["model"]["bytes"];
    REQUIRE(s.file_bytes == bin.size());
    const Json written = Json::parse(c3_attention_json(model, s));
    CHECK(first_difference(written, shipped, "c3-attention") == "");
}

TEST_CASE("the kv-heads ablation writer reproduces the shipped table from its figures", "[train][shipped][json]") {
    const Json shipped = read_json(ATTN_SOURCE_DIR "/course-data/kv-heads-ablation.json");
    const std::size_t vocab = read_json(ATTN_SOURCE_DIR "/course-data/c3-attention.json")["model"]["config"]["vocab"];
    TrainOptions opt;
    opt.steps = shipped["training"]["steps"];
    opt.batch = shipped["training"]["batch"];
    opt.seed = shipped["training"]["seed"];
    std::vector<AblationRow> rows;
    for (const Json& r : shipped["rows"]) {
        AblationRow row;
        row.config = kv_ablation_config(vocab);
        row.config.n_kv_heads = r["nKvHeads"];
        row.train_loss = r["trainLoss"];
        row.valid_loss = r["validLoss"];
        row.seconds = r["seconds"];
        rows.push_back(row);
    }
    REQUIRE(rows.size() == 4);
    const Json written = Json::parse(kv_heads_ablation_json(rows, opt, shipped["unigramLoss"]));
    CHECK(first_difference(written, shipped, "kv-heads-ablation") == "");
}

TEST_CASE("the hybrid ablation writer reproduces the shipped table from its figures", "[train][shipped][json]") {
    const Json shipped = read_json(ATTN_SOURCE_DIR "/course-data/hybrid-ablation.json");
    const std::size_t vocab = read_json(ATTN_SOURCE_DIR "/course-data/c3-attention.json")["model"]["config"]["vocab"];
    TrainOptions opt;
    opt.steps = shipped["training"]["steps"];
    opt.batch = shipped["training"]["batch"];
    opt.seed = shipped["training"]["seed"];
    std::vector<AblationRow> rows;
    for (const LabConfig& c : {main_config(vocab), all_full_config(vocab)}) {
        const Json& r = shipped["rows"][rows.size()];
        AblationRow row;
        row.config = c;
        row.train_loss = r["trainLoss"];
        row.valid_loss = r["validLoss"];
        row.seconds = r["seconds"];
        rows.push_back(row);
    }
    REQUIRE(shipped["rows"].size() == 2);
    const Json written = Json::parse(hybrid_ablation_json(rows, opt, shipped["unigramLoss"]));
    CHECK(first_difference(written, shipped, "hybrid-ablation") == "");
    CHECK(shipped["seeds"] == 1);
}

TEST_CASE("hybrid ablation: the bytes of one request are KV per token × T plus the constant state", "[train][json]") {
    const Json table = Json::parse(
        hybrid_ablation_json({AblationRow{main_config(512)}, AblationRow{all_full_config(512)}}, TrainOptions{}, 1.0));
    const Json& hybrid = table["rows"][0];
    const Json& full = table["rows"][1];
    CHECK(hybrid["name"] == "hybrid");
    CHECK(hybrid["fullLayers"] == 2);
    CHECK(hybrid["linearLayers"] == 6);
    // 2 full layers × 2 (K, V) × 2 KV heads × 16 × 4 B; 8 layers of it for the all-full model.
    CHECK(hybrid["kvBytesPerTokenF32"] == 2 * 2 * 2 * 16 * 4);
    CHECK(full["kvBytesPerTokenF32"] == 8 * 2 * 2 * 16 * 4);
    // 6 linear layers × (S: 5 heads × 16 × 16, conv: 3 × 240 inputs) × 4 B.
    CHECK(hybrid["stateBytes"]["f32"] == 6 * (5 * 16 * 16 + 3 * 240) * 4);
    CHECK(hybrid["stateBytes"]["recurrentF32"] == 6 * 5 * 16 * 16 * 4);
    CHECK(full["stateBytes"]["f32"] == 0);
    const std::uint64_t tokens[] = {64, 4096, 262144};
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(hybrid["requestBytes"][i]["tokens"] == tokens[i]);
        CHECK(hybrid["requestBytes"][i]["f32"] == 512 * tokens[i] + 48000);
        CHECK(hybrid["requestBytes"][i]["bf16"] == 256 * tokens[i] + 48000);  // the state stays float32
        CHECK(full["requestBytes"][i]["f32"] == 2048 * tokens[i]);
    }
    // At the anchor's 262,144 tokens the hybrid holds a quarter of the all-full model's KV, plus 47 KiB.
    const double ratio = hybrid["requestBytes"][2]["f32"].get<double>() / full["requestBytes"][2]["f32"].get<double>();
    CHECK(ratio == Approx(0.25).epsilon(0.001));
    // Within 2% of each other's parameters (at the shipped vocabulary of 512).
    const double params = hybrid["parameters"].get<double>() / full["parameters"].get<double>();
    CHECK(params > 0.98);
    CHECK(params < 1.0);
}

TEST_CASE("the writers refuse a non-finite number instead of writing invalid JSON", "[train][json]") {
    TrainOptions opt;
    AblationRow row;
    row.config = main_config(8);
    row.valid_loss = std::nan("");
    CHECK_THROWS_AS(kv_heads_ablation_json({row}, opt, 1.0), ValueError);
}
