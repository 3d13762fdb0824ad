#include "attn/limits.hpp"

#include "attn/errors.hpp"

namespace attn::limits {
namespace {

std::string dims_str(std::initializer_list<std::uint64_t> dims) {
    std::string s = "[";
    for (const std::uint64_t d : dims) s += (s.size() > 1 ? ", " : "") + std::to_string(d);
    return s + "]";
}

}  // namespace

std::uint64_t require_elements(std::initializer_list<std::uint64_t> dims, const std::string& what) {
    std::uint64_t count = 1;
    for (const std::uint64_t d : dims) {
        if (d > kMaxDimension)
            throw ShapeError(what + " " + dims_str(dims) + ": " + std::to_string(d) + " is above the limit of " +
                             std::to_string(kMaxDimension) + " per dimension");
        // Both factors are at most 2^26 and 2^24 here, so the product fits 64 bits before the check.
        count *= d;
        if (count > kMaxElements)
            throw ShapeError(what + " " + dims_str(dims) + " would hold more than the limit of " +
                             std::to_string(kMaxElements) + " numbers");
    }
    return count;
}

std::uint64_t require_numbers(std::uint64_t n, const std::string& what) {
    if (n > kMaxElements)
        throw ShapeError(what + " has " + std::to_string(n) + " numbers, more than the limit of " +
                         std::to_string(kMaxElements));
    return n;
}

void require_call_bytes(std::uint64_t bytes, const std::string& what) {
    if (bytes > kMaxCallBytes)
        throw ShapeError(what + " would allocate " + std::to_string(bytes) + " bytes, more than the limit of " +
                         std::to_string(kMaxCallBytes) + " bytes per call");
}

std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, const char* what) {
    std::uint64_t out = 0;
    if (__builtin_mul_overflow(a, b, &out))
        throw ShapeError(std::string(what) + " (" + std::to_string(a) + " × " + std::to_string(b) +
                         ") overflows 64 bits");
    return out;
}

std::uint64_t checked_add(std::uint64_t a, std::uint64_t b, const char* what) {
    std::uint64_t out = 0;
    if (__builtin_add_overflow(a, b, &out))
        throw ShapeError(std::string(what) + " (" + std::to_string(a) + " + " + std::to_string(b) +
                         ") overflows 64 bits");
    return out;
}

void throw_work(std::uint64_t work, const std::string& what) {
    throw ShapeError(what + " is " + std::to_string(work) + " multiply-adds, more than the limit of " +
                     std::to_string(kMaxCallWork) + " per call");
}

std::size_t require_dimension(std::uint64_t n, const std::string& field) {
    if (n > kMaxDimension)
        throw ShapeError(field + " (" + std::to_string(n) + ") is above the limit of " + std::to_string(kMaxDimension));
    return static_cast<std::size_t>(n);
}

void require_heap_room(std::uint64_t need, std::uint64_t left, const std::string& what) {
    if (need <= left) return;
    const auto mib = [](std::uint64_t b) { return std::to_string((b + (1 << 20) - 1) >> 20) + " MiB"; };
    throw ShapeError(what + " needs " + mib(need) + " (" + std::to_string(need) + " bytes), the engine's heap has " +
                     mib(left) + " (" + std::to_string(left) + " bytes) left");
}

}  // namespace attn::limits
