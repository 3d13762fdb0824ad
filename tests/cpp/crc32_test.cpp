// CRC-32 against the published check value and zlib's numbers, so a file's checksum can be
// checked with any zlib-based tool.
#include <cstdint>
#include <string>

#include "attn/crc32.hpp"
#include "test_util.hpp"

using attn::crc32;

namespace {
std::uint32_t crc_of(const std::string& s) { return crc32(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()); }
}  // namespace

TEST_CASE("CRC-32: the IEEE check value, nothing, and single bytes as zlib gives them", "[crc32]") {
    CHECK(crc_of("123456789") == 0xCBF43926u);
    CHECK(crc_of("") == 0u);
    CHECK(crc_of("a") == 0xE8B7BE43u);                                            // zlib.crc32(b"a")
    CHECK(crc_of("The quick brown fox jumps over the lazy dog") == 0x414FA339u);  // zlib
    CHECK(crc_of(std::string(1, '\0')) == 0xD202EF8Du);
}
