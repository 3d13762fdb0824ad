// CRC-32 (IEEE 802.3: reflected polynomial 0xEDB88320, initial value and final XOR 0xFFFFFFFF),
// the checksum zlib, PNG and gzip use, so a file's value can be checked with any of their tools
// (e.g. python3 -c 'import zlib; print(hex(zlib.crc32(data)))'). It finds every flipped bit and
// every burst of up to 32 flipped bits; that is what the lab weights file needs from it.
#pragma once
#include <cstddef>
#include <cstdint>

namespace attn {

// crc32("123456789") == 0xCBF43926; crc32 of nothing is 0.
std::uint32_t crc32(const std::uint8_t* data, std::size_t size);

}  // namespace attn
