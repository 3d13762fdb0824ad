// The lab weights file: a round trip in f32 (exact) and f16 (half precision), IEEE half
// conversion on the edge cases, and a clear typed error for every way a file can be wrong.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <vector>

#include "attn/crc32.hpp"
#include "attn/errors.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/models/weights_io.hpp"
#include "test_util.hpp"

using namespace attn;
using attn::test::max_abs_diff;

namespace {

LabModel tiny_model() {
    LabConfig c;
    c.vocab = 5;
    c.d_model = 8;
    c.n_layers = 2;
    c.n_heads = 2;
    c.n_kv_heads = 1;
    c.d_head = 4;
    c.mlp_hidden = 12;
    c.context = 8;
    return LabModel(c, {kLabBosText, kLabUnkText, "小", "明", "。"}, lab_init_weights(c, 11));
}

// The same shape with its first layer linear (Gated DeltaNet, 2 heads of width 4, conv width 3).
LabModel tiny_hybrid_model() {
    LabConfig c = tiny_model().config();
    c.layer_types = {LabLayerType::Linear, LabLayerType::Full};
    c.linear_heads = 2;
    c.linear_head_dim = 4;
    c.conv_kernel = 3;
    return LabModel(c, {kLabBosText, kLabUnkText, "小", "明", "。"}, lab_init_weights(c, 12));
}

// Offset of the first value of a named tensor in a file from save_lab_weights.
std::size_t value_offset(const std::vector<std::uint8_t>& file, const std::string& name) {
    const auto at = std::search(file.begin(), file.end(), name.begin(), name.end());
    REQUIRE(at != file.end());
    return static_cast<std::size_t>(at - file.begin()) + name.size() + 8;
}

void put_u32(std::vector<std::uint8_t>& file, std::size_t at, std::uint32_t x) {
    for (int i = 0; i < 4; ++i) file[at + i] = static_cast<std::uint8_t>(x >> (8 * i));
}

// The first `body` bytes of a file (its checksum excluded) with a checksum that matches them:
// what a writer with that bug would produce, so the parser's own errors behind the checksum can
// be tested.
std::vector<std::uint8_t> sealed(std::vector<std::uint8_t> file, std::size_t body) {
    file.resize(body);
    const std::uint32_t c = crc32(file.data(), file.size());
    file.resize(body + 4);
    put_u32(file, body, c);
    return file;
}
// The same file, its bytes changed after writing, with the checksum made to match again.
std::vector<std::uint8_t> resealed(const std::vector<std::uint8_t>& file) { return sealed(file, file.size() - 4); }

}  // namespace

TEST_CASE("weights file: f32 round trip is exact, f16 is half precision at half the size", "[weights]") {
    const LabModel model = tiny_model();
    const std::vector<int> tokens{0, 2, 3, 4, 2};
    const auto f32 = save_lab_weights(model, WeightsDtype::F32);
    const auto f16 = save_lab_weights(model, WeightsDtype::F16);
    CHECK(std::memcmp(f32.data(), "ATTNLAB2", 8) == 0);
    CHECK(f32[8] == 1);  // the version
    std::size_t params = 0;
    for (const auto& s : lab_tensor_specs(model.config())) params += s.rows * s.cols;
    CHECK(f32.size() - f16.size() == 2 * params);

    const LabModel a = load_lab_weights(f32.data(), f32.size());
    CHECK(a.vocab() == model.vocab());
    CHECK(a.config().n_kv_heads == 1);
    CHECK(a.config().qk_norm);
    CHECK(max_abs_diff(a.forward(tokens).logits, model.forward(tokens).logits) == 0.0f);
    CHECK(save_lab_weights(a, WeightsDtype::F32) == f32);

    const LabModel b = load_lab_weights(f16.data(), f16.size());
    const auto wb = lab_tensors(b.weights(), b.config());
    const auto wm = lab_tensors(model.weights(), model.config());
    for (std::size_t i = 0; i < wb.size(); ++i)
        for (std::size_t j = 0; j < wb[i].second->size(); ++j) {
            const float x = wm[i].second->data()[j], y = wb[i].second->data()[j];
            CHECK(std::fabs(x - y) <= std::fabs(x) * 0x1p-11f + 0x1p-25f);
        }
    // Written again, the rounded weights give the same bytes.
    CHECK(save_lab_weights(b, WeightsDtype::F16) == f16);
}

TEST_CASE("IEEE half: rounding to nearest even, subnormals, overflow, NaN", "[weights]") {
    CHECK(float_to_half(1.0f) == 0x3C00);
    CHECK(float_to_half(-2.0f) == 0xC000);
    CHECK(float_to_half(65504.0f) == 0x7BFF);
    CHECK(float_to_half(65519.0f) == 0x7BFF);
    CHECK(float_to_half(65520.0f) == 0x7C00);  // the tie rounds to even: ∞
    CHECK(float_to_half(1e9f) == 0x7C00);
    CHECK(float_to_half(0x1p-24f) == 0x0001);  // smallest subnormal
    CHECK(float_to_half(0x1p-25f) == 0x0000);  // half of it: a tie, to even
    CHECK(float_to_half(0x1.8p-25f) == 0x0001);
    CHECK(float_to_half(1.0f + 0x1p-11f) == 0x3C00);      // tie, to even (down)
    CHECK(float_to_half(1.0f + 3 * 0x1p-11f) == 0x3C02);  // tie, to even (up)
    CHECK(float_to_half(0x1.ffep-15f) == 0x0400);         // subnormal rounding up to the smallest normal
    CHECK((float_to_half(std::numeric_limits<float>::quiet_NaN()) & 0x7C00) == 0x7C00);
    for (std::uint32_t h = 0; h < 0x7C00; ++h) {  // every finite positive half survives the round trip
        const auto back = float_to_half(half_to_float(static_cast<std::uint16_t>(h)));
        if (back != h) FAIL("half " << h << " came back as " << back);
    }
    CHECK(half_to_float(0x8001) == -0x1p-24f);
    CHECK(std::isinf(half_to_float(0x7C00)));
}

TEST_CASE("weights file: a wrong magic, version or dtype is named", "[weights][errors]") {
    const auto good = save_lab_weights(tiny_model(), WeightsDtype::F16);
    auto bad = good;
    bad[0] = 'X';
    CHECK_THROWS_AS(load_lab_weights(bad.data(), bad.size()), ValueError);
    CHECK_THROWS_WITH(load_lab_weights(bad.data(), bad.size()),
                      "not a lab weights file: magic is 'XTTNLAB2', expected 'ATTNLAB2'");
    bad = good;
    put_u32(bad, 8, 3);
    CHECK_THROWS_AS(load_lab_weights(bad.data(), bad.size()), ValueError);
    CHECK_THROWS_WITH(load_lab_weights(bad.data(), bad.size()), "unsupported weights version 3 (this engine reads 1)");
    bad = good;
    // the dtype after version, 10 config u32, rope_base, 3 linear-layer u32 and 2 layer types
    put_u32(bad, 8 + 4 + 10 * 4 + 4 + 3 * 4 + 2 * 4, 7);
    CHECK_THROWS_WITH(load_lab_weights(resealed(bad).data(), bad.size()), "unknown weights dtype 7 (0 = f32, 1 = f16)");
    bad = good;
    put_u32(bad, 8 + 4 + 4 * 4, 3);  // n_kv_heads = 3 does not divide n_heads = 2
    CHECK_THROWS_AS(load_lab_weights(resealed(bad).data(), bad.size()), ConfigError);
}

TEST_CASE("weights file: ATTNLAB1, the format before layer types, is named as old", "[weights][errors]") {
    // An ATTNLAB1 file (its version 2, with a checksum): magic and version as it had them.
    auto old = save_lab_weights(tiny_model(), WeightsDtype::F16);
    std::memcpy(old.data(), "ATTNLAB1", 8);
    put_u32(old, 8, 2);
    const auto message = "lab weights: ATTNLAB1 is the old format without layer types; retrain with npm run train";
    CHECK_THROWS_AS(load_lab_weights(old.data(), old.size()), ValueError);
    CHECK_THROWS_WITH(load_lab_weights(old.data(), old.size()), message);
    old = resealed(old);
    CHECK_THROWS_WITH(load_lab_weights(old.data(), old.size()), message);
    put_u32(old, 8, 1);  // its version 1, without the checksum
    old.resize(old.size() - 4);
    CHECK_THROWS_WITH(load_lab_weights(old.data(), old.size()), message);
}

TEST_CASE("weights file: a hybrid model keeps its layer types and linear-layer tensors", "[weights][hybrid]") {
    const LabModel model = tiny_hybrid_model();
    const auto file = save_lab_weights(model, WeightsDtype::F32);
    const LabModel back = load_lab_weights(file.data(), file.size());
    CHECK(back.config().layer_types == model.config().layer_types);
    CHECK(back.config().linear_heads == 2);
    CHECK(back.config().linear_head_dim == 4);
    CHECK(back.config().conv_kernel == 3);
    CHECK(max_abs_diff(back.weights().layers[0].in_proj_qkvz, model.weights().layers[0].in_proj_qkvz) == 0.0f);
    CHECK(max_abs_diff(back.weights().layers[0].a_log, model.weights().layers[0].a_log) == 0.0f);
    CHECK(max_abs_diff(back.forward({0, 2, 3, 4}).logits, model.forward({0, 2, 3, 4}).logits) == 0.0f);
    // An all-full model is written with its types too: every one 0.
    const auto full = save_lab_weights(tiny_model(), WeightsDtype::F32);
    CHECK(load_lab_weights(full.data(), full.size()).config().layer_types ==
          std::vector<LabLayerType>{LabLayerType::Full, LabLayerType::Full});
    // A layer type that is neither, behind a good checksum, is named.
    auto bad = file;
    put_u32(bad, 8 + 4 + 10 * 4 + 4 + 3 * 4 + 4, 2);  // layer 1's type
    CHECK_THROWS_WITH(load_lab_weights(resealed(bad).data(), bad.size()),
                      "layer 1 has type 2, expected 0 (full) or 1 (linear)");
    bad = file;
    put_u32(bad, 8 + 4 + 10 * 4 + 4 + 3 * 4 + 4, 1);  // both linear: no full layer
    CHECK_THROWS_AS(load_lab_weights(resealed(bad).data(), bad.size()), ConfigError);
}

TEST_CASE("weights file: a flipped byte anywhere is a named error", "[weights][errors]") {
    for (const WeightsDtype dtype : {WeightsDtype::F16, WeightsDtype::F32}) {
        const auto good = save_lab_weights(tiny_model(), dtype);
        REQUIRE(crc32(good.data(), good.size() - 4) ==
                (std::uint32_t(good[good.size() - 4]) | std::uint32_t(good[good.size() - 3]) << 8 |
                 std::uint32_t(good[good.size() - 2]) << 16 | std::uint32_t(good[good.size() - 1]) << 24));
        // Every byte, one bit and all eight bits: magic and version have their own messages,
        // everything from the config to the checksum itself is caught by the checksum.
        for (std::size_t at = 0; at < good.size(); ++at)
            for (const std::uint8_t flip : {std::uint8_t{0x01}, std::uint8_t{0x80}, std::uint8_t{0xFF}}) {
                auto bad = good;
                bad[at] ^= flip;
                try {
                    load_lab_weights(bad.data(), bad.size());
                    FAIL("byte " << at << " ^ " << int(flip) << " loaded");
                } catch (const ValueError& e) {
                    const std::string m = e.what();
                    if (at >= 12 && m.rfind("weights file is corrupt or truncated: the CRC-32 of its ", 0) != 0)
                        FAIL("byte " << at << ": " << m);
                }
            }
    }
    // The message gives both numbers, so a reader can check them with any CRC-32 tool.
    auto bad = save_lab_weights(tiny_model(), WeightsDtype::F16);
    bad[100] ^= 0x10;
    CHECK_THROWS_WITH(
        load_lab_weights(bad.data(), bad.size()),
        Catch::Matches("weights file is corrupt or truncated: the CRC-32 of its " + std::to_string(bad.size() - 4) +
                       " bytes is 0x[0-9a-f]{8}, its last 4 bytes say 0x[0-9a-f]{8}"));
}

TEST_CASE("weights file: truncation is named, by the checksum or by the tensor it cuts", "[weights][errors]") {
    const auto good = save_lab_weights(tiny_model(), WeightsDtype::F16);
    for (std::size_t n = 12; n < good.size(); n += 37)
        CHECK_THROWS_WITH(load_lab_weights(good.data(), n), Catch::StartsWith("weights file "));
    for (std::size_t n = 0; n < good.size(); n += 7) CHECK_THROWS_AS(load_lab_weights(good.data(), n), ValueError);
    CHECK_THROWS_WITH(load_lab_weights(good.data(), 5),
                      "weights file truncated: expected 8 bytes for the magic, got 5");
    CHECK_THROWS_WITH(load_lab_weights(good.data(), 14),
                      "weights file truncated: expected 4 bytes for the checksum, got 2");
    CHECK_THROWS_WITH(load_lab_weights(good.data(), good.size() - 1),
                      Catch::StartsWith("weights file is corrupt or truncated"));

    // Behind a matching checksum, the parser still names the tensor and the byte counts.
    const std::size_t at = value_offset(good, "layers.1.wq");
    const std::size_t need = 8 * 8 * 2;  // [D, H·d] = [8, 8] halves
    auto cut = sealed(good, at + 100);
    CHECK_THROWS_AS(load_lab_weights(cut.data(), cut.size()), ValueError);
    CHECK_THROWS_WITH(
        load_lab_weights(cut.data(), cut.size()),
        "weights file truncated: expected " + std::to_string(need) + " bytes for tensor 'layers.1.wq', got 100");
    cut = sealed(good, 84);
    CHECK_THROWS_WITH(load_lab_weights(cut.data(), cut.size()), Catch::Contains("for vocabulary entry"));
    cut = sealed(good, good.size() - 5);
    CHECK_THROWS_WITH(load_lab_weights(cut.data(), cut.size()), Catch::Contains("bytes for tensor 'final_norm', got"));
}

TEST_CASE("weights file: tensors out of order, wrong shapes and trailing bytes are named", "[weights][errors]") {
    const auto good = save_lab_weights(tiny_model(), WeightsDtype::F32);
    auto bad = good;
    const std::size_t at = value_offset(bad, "layers.0.wk");
    bad[at - 8 - 2] = 'v';  // "layers.0.wk" → "layers.0.vk"
    CHECK_THROWS_WITH(load_lab_weights(resealed(bad).data(), bad.size()),
                      "tensor 3 is named 'layers.0.vk', expected 'layers.0.wk'");
    bad = good;
    put_u32(bad, at - 4, 5);
    CHECK_THROWS_AS(load_lab_weights(resealed(bad).data(), bad.size()), ShapeError);
    CHECK_THROWS_WITH(load_lab_weights(resealed(bad).data(), bad.size()),
                      "tensor 'layers.0.wk' is [8, 5], the config needs [8, 4]");
    bad = good;
    bad.insert(bad.end() - 4, 0);  // one byte before the checksum
    CHECK_THROWS_WITH(load_lab_weights(resealed(bad).data(), bad.size()),
                      "1 unexpected byte(s) between the last tensor and the checksum");
    bad = good;
    bad.push_back(0);  // one byte after it: the last 4 bytes are no longer the checksum
    CHECK_THROWS_WITH(load_lab_weights(bad.data(), bad.size()), Catch::StartsWith("weights file is corrupt"));
    bad = good;
    const float inf = std::numeric_limits<float>::infinity();
    std::memcpy(&bad[value_offset(bad, "final_norm") + 4], &inf, 4);
    CHECK_THROWS_WITH(load_lab_weights(resealed(bad).data(), bad.size()),
                      "tensor 'final_norm' holds a non-finite value at index 1");
}

TEST_CASE("weights file: the fuzzer's seed corpus is still what its names say", "[weights][fuzz]") {
    // tests/fuzz/corpus/ is written by tests/fuzz/make_corpus.cpp; after a format change this
    // fails until the seeds are written again (build-fuzz/attn-fuzz-corpus tests/fuzz/corpus).
    const std::string dir = ATTN_SOURCE_DIR "/tests/fuzz/corpus/";
    const auto read = [&](const std::string& name) {
        std::ifstream in(dir + name, std::ios::binary);
        REQUIRE(in);
        return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    };
    for (const char* name : {"valid-tiny-f16.bin", "valid-plain-f32.bin", "valid-smallest-f16.bin",
                             "valid-many-heads-f16.bin", "valid-hybrid-f16.bin"}) {
        INFO(name);
        const auto file = read(name);
        CHECK_NOTHROW(load_lab_weights(file.data(), file.size()));
    }
    const std::pair<const char*, const char*> near_valid[] = {
        {"old-format-attnlab1.bin", "lab weights: ATTNLAB1 is the old format without layer types"},
        {"flipped-byte.bin", "weights file is corrupt or truncated"},
        {"truncated-sealed.bin", "weights file truncated: expected"},
        {"byte-before-checksum.bin", "1 unexpected byte(s) between the last tensor and the checksum"},
        {"bad-config.bin", "LabConfig.n_heads (2) must be a multiple of n_kv_heads (3)"},
        {"non-finite-weight.bin", "tensor 'final_norm' holds a non-finite value"},
        {"absurd-shapes.bin", "LabConfig (at its full context): attention [n_heads, T, T]"},
    };
    for (const auto& [name, message] : near_valid) {
        INFO(name);
        const auto file = read(name);
        CHECK_THROWS_AS(load_lab_weights(file.data(), file.size()), AttnError);
        CHECK_THROWS_WITH(load_lab_weights(file.data(), file.size()), Catch::StartsWith(message));
    }
}

TEST_CASE("weights file: the dtype by name, f32 unless asked for f16", "[weights]") {
    CHECK(weights_dtype_from_name(std::nullopt) == WeightsDtype::F32);
    CHECK(weights_dtype_from_name(std::string("f32")) == WeightsDtype::F32);
    CHECK(weights_dtype_from_name(std::string("f16")) == WeightsDtype::F16);
    CHECK_THROWS_WITH(weights_dtype_from_name(std::string("bf16")), "dtype should be 'f32' or 'f16', got 'bf16'");
}
