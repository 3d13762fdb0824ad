// Writes the fuzzer's seed corpus (tests/fuzz/corpus/) with the engine's own writer, so the
// seeds follow the format: build-fuzz/attn-fuzz-corpus tests/fuzz/corpus (after a format change).
// Small files on purpose: valid models of every kind the format allows (f16 and f32, QK-norm and
// output gate on and off, more query heads than KV heads, the smallest config, a hybrid model with
// a linear layer), and near-valid ones, each a step from a different error: the old ATTNLAB1
// format, a flipped byte, truncated, a byte before
// the checksum, an invalid config, a non-finite weight, a header with absurd shapes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "attn/crc32.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/models/weights_io.hpp"

using namespace attn;

namespace {

using Bytes = std::vector<std::uint8_t>;

LabConfig config(std::size_t vocab, std::size_t d_model, std::size_t n_layers, std::size_t n_heads,
                 std::size_t n_kv_heads, std::size_t d_head, std::size_t mlp_hidden, std::size_t context, bool gates) {
    LabConfig c;
    c.vocab = vocab;
    c.d_model = d_model;
    c.n_layers = n_layers;
    c.n_heads = n_heads;
    c.n_kv_heads = n_kv_heads;
    c.d_head = d_head;
    c.mlp_hidden = mlp_hidden;
    c.context = context;
    c.qk_norm = gates;
    c.output_gate = gates;
    return c;
}

Bytes model_file(const LabConfig& c, WeightsDtype dtype) {
    std::vector<std::string> vocab{kLabBosText, kLabUnkText};
    const char* const chars[] = {"小", "明", "。", "a", "b", "c"};
    for (std::size_t i = 2; i < c.vocab; ++i) vocab.push_back(chars[i - 2]);
    return save_lab_weights(LabModel(c, vocab, lab_init_weights(c, 7)), dtype);
}

void put_u32(Bytes& file, std::size_t at, std::uint32_t x) {
    for (int i = 0; i < 4; ++i) file[at + i] = static_cast<std::uint8_t>(x >> (8 * i));
}

// The first `body` bytes of file with a checksum that matches them.
Bytes sealed(Bytes file, std::size_t body) {
    file.resize(body);
    const std::uint32_t c = crc32(file.data(), body);
    file.resize(body + 4);
    put_u32(file, body, c);
    return file;
}

void write(const std::string& dir, const std::string& name, const Bytes& bytes) {
    const std::string path = dir + "/" + name;
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size() || std::fclose(f) != 0) {
        std::perror(path.c_str());
        std::exit(1);
    }
    std::printf("%s  %zu bytes\n", path.c_str(), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: attn-fuzz-corpus <directory>\n");
        return 2;
    }
    const std::string dir = argv[1];
    const LabConfig tiny = config(5, 8, 2, 2, 1, 4, 12, 8, true);
    const Bytes good = model_file(tiny, WeightsDtype::F16);
    const std::size_t body = good.size() - 4;
    constexpr std::size_t kConfigAt = 12;  // after the magic and the version

    write(dir, "valid-tiny-f16.bin", good);
    write(dir, "valid-plain-f32.bin", model_file(config(4, 4, 1, 1, 1, 2, 4, 6, false), WeightsDtype::F32));
    write(dir, "valid-smallest-f16.bin", model_file(config(3, 1, 1, 1, 1, 2, 1, 1, false), WeightsDtype::F16));
    write(dir, "valid-many-heads-f16.bin", model_file(config(3, 2, 1, 16, 2, 2, 1, 16, true), WeightsDtype::F16));

    LabConfig hybrid = tiny;
    hybrid.layer_types = {LabLayerType::Linear, LabLayerType::Full};
    hybrid.linear_heads = 2;
    hybrid.linear_head_dim = 2;
    hybrid.conv_kernel = 2;
    write(dir, "valid-hybrid-f16.bin", model_file(hybrid, WeightsDtype::F16));

    Bytes old = good;
    std::memcpy(old.data(), "ATTNLAB1", 8);
    put_u32(old, 8, 2);
    write(dir, "old-format-attnlab1.bin", sealed(old, body));
    Bytes flipped = good;
    flipped[good.size() / 2] ^= 0x04;
    write(dir, "flipped-byte.bin", flipped);
    write(dir, "truncated-sealed.bin", sealed(good, body / 2));
    Bytes extra(good.begin(), good.end() - 4);
    extra.push_back(0);
    write(dir, "byte-before-checksum.bin", sealed(extra, extra.size()));
    Bytes bad_config = good;
    put_u32(bad_config, kConfigAt + 4 * 4, 3);  // n_kv_heads 3 does not divide n_heads 2
    write(dir, "bad-config.bin", sealed(bad_config, body));
    Bytes nonfinite = good;
    const std::uint16_t half_inf = 0x7C00;
    std::memcpy(&nonfinite[body - 2], &half_inf, 2);  // the last value of final_norm
    write(dir, "non-finite-weight.bin", sealed(nonfinite, body));
    // The shapes of issue 9's D2 (vocab 3, d_model 2, 8192 heads of 2, context 16384) in the
    // header of a small model with the same vocabulary and tensor names: its wq is [2, 2].
    Bytes absurd = model_file(config(3, 2, 1, 1, 1, 2, 2, 16, true), WeightsDtype::F16);
    put_u32(absurd, kConfigAt + 3 * 4, 8192);   // n_heads
    put_u32(absurd, kConfigAt + 4 * 4, 8192);   // n_kv_heads
    put_u32(absurd, kConfigAt + 7 * 4, 16384);  // context
    write(dir, "absurd-shapes.bin", sealed(absurd, absurd.size() - 4));
    return 0;
}
