// The WASM heap as malloc sees it, in 64-bit counts that are right from 0 to 4 GiB.
//
// Why: Emscripten's mallinfo() declares its fields `int`, while dlmalloc computes them as
// wasm32's size_t; past 2 GiB they read as negative numbers (2.68 GB in use came out as
// −1,610,611,200 and, as a "free" count, as 18,446,744,073,704,208,112). A heap of at most
// 4 GiB never holds 2^32 bytes of anything, so each field read as 32 bits unsigned is exact.
#pragma once
#include <cstdint>

namespace attn::js {

// Bytes malloc has handed out and not taken back (the leak checks of the tests).
std::uint64_t heap_bytes_in_use();

// Bytes malloc can still hand out: the heap's maximum less its top, plus what it holds free
// below the top (fragmentation may make the largest single block smaller).
std::uint64_t heap_bytes_available();

}  // namespace attn::js
