// libFuzzer target: the lab model's weights loader (attn::load_lab_weights) and a short run of
// whatever it loads. npm run fuzz (scripts/fuzz.sh) builds it with clang, ASan and UBSan.
//
// Every input is tried twice: as it is, where the checksum rejects nearly every mutation (so
// this tests what comes before it: magic, version, sizes), and with its last 4 bytes rewritten
// to the checksum of the rest, so that mutations reach the parser, the config checks and the
// model behind them. Whatever the bytes, loading and running must return or throw one of the
// engine's typed errors (attn::AttnError). Anything else is a finding: another exception
// (std::bad_alloc from a size nobody checked, std::length_error, ...), a crash, a sanitizer
// report, a hang.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <vector>

#include "attn/crc32.hpp"
#include "attn/errors.hpp"
#include "attn/models/lab_model.hpp"
#include "attn/models/weights_io.hpp"

namespace {

// What the lab page does with a model, on a few tokens: a full pass with its attention, one
// greedy step with the KV cache, the tokens decoded back to text.
void run_briefly(const attn::LabModel& model) {
    const attn::LabConfig& c = model.config();
    std::vector<int> tokens{attn::kLabBos};
    for (std::size_t i = 1; i < std::min<std::size_t>(c.context, 4); ++i)
        tokens.push_back(static_cast<int>(1 + i % (c.vocab - 1)));
    model.forward(tokens, true);
    if (tokens.size() < c.context) model.generate(tokens, 1);
    model.decode(tokens);
}

void load_and_run(const std::uint8_t* data, std::size_t size) {
    try {
        run_briefly(attn::load_lab_weights(data, size));
    } catch (const attn::AttnError&) {
        // A named error: what every bad file must get.
    } catch (const std::exception& e) {
        std::fprintf(stderr, "untyped exception from a %zu-byte weights file: %s\n", size, e.what());
        std::abort();
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    load_and_run(data, size);
    if (size > 4) {
        std::vector<std::uint8_t> sealed(data, data + size);
        const std::uint32_t crc = attn::crc32(sealed.data(), size - 4);
        for (int i = 0; i < 4; ++i) sealed[size - 4 + i] = static_cast<std::uint8_t>(crc >> (8 * i));
        if (!std::equal(sealed.begin(), sealed.end(), data)) load_and_run(sealed.data(), size);
    }
    return 0;
}
