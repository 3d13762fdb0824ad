// The threads the weight kernels may split their work over (gemm.hpp's stored-weights products:
// the decode path and gemm_weights). One process-wide pool: the calling thread plus count() − 1
// workers, started by set_count and kept until the count changes.
//
// What may differ with the thread count is only who computes a piece, never what it computes:
// the kernels cut their output only at multiples of their own row or panel groups, so each output
// element is computed by the same code in the same order whichever piece holds it. Results are
// therefore bit-identical for every count (tests/cpp/thread_pool_test.cpp, and in the browser's
// threaded build tests/js/engine-threads.test.mjs).
//
// Where threads exist: natively, and in the WebAssembly build linked with -pthread (Emscripten's
// pthreads: Web Workers over one SharedArrayBuffer, which a browser gives only to a page that is
// cross-origin isolated). In the WebAssembly build without -pthread (every course page, and any
// page opened from disk) available() is 1 and the kernels run on the caller's thread alone.
#pragma once
#include <cstddef>
#include <functional>

namespace attn::threads {

// The most threads set_count accepts: 16, or 1 in a WebAssembly build without threads. How many
// to use is the caller's choice (a page: navigator.hardwareConcurrency; more threads than cores
// give the same bits, only slower).
std::size_t available();

// Sets how many threads the kernels use (the caller's included), clamped to [1, available()];
// returns the count now in use. The default is 1.
std::size_t set_count(std::size_t n);
std::size_t count();

// Runs piece(i) for every i in [0, pieces) on count() threads, the caller's among them, and
// returns when all have run. Which thread runs which piece is not fixed (a busy or descheduled
// worker takes fewer). If pieces throw, every piece still runs and the exception of the lowest
// piece that threw is rethrown here (as one thread running them in order would stop at it). A
// piece must not call parallel_for itself.
void parallel_for(std::size_t pieces, const std::function<void(std::size_t)>& piece);

// [0, n) cut into ranges, each starting at a multiple of `align`, the threads claiming them as
// they go (large first, then smaller; where the cuts fall depends on timing, so a kernel may
// only use this where a cut changes no result bit); on one thread a single call range(0, n).
void parallel_ranges(std::size_t n, std::size_t align, const std::function<void(std::size_t, std::size_t)>& range);

}  // namespace attn::threads
