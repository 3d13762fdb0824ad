#include "heap.hpp"

#include <emscripten/heap.h>
#include <malloc.h>
#include <unistd.h>

namespace attn::js {

namespace {

// A mallinfo field as the size_t dlmalloc computed it (see heap.hpp).
std::uint64_t field(int value) { return static_cast<std::uint32_t>(value); }

}  // namespace

std::uint64_t heap_bytes_in_use() { return field(mallinfo().uordblks); }

std::uint64_t heap_bytes_available() {
    const std::uint64_t max = emscripten_get_heap_max();
    const std::uint64_t top = reinterpret_cast<std::uintptr_t>(sbrk(0));
    return (max > top ? max - top : 0) + field(mallinfo().fordblks);
}

}  // namespace attn::js
