// thread_pool.hpp. The workers spin a little before they sleep: a decode step calls the pool
// ~200 times in a few tens of milliseconds, and waking a sleeping Web Worker (Atomics.notify)
// costs more than a small product. The caller never sleeps: in a browser it is the page's main
// thread, which may not block (it spins until the last piece is done, which on a busy machine
// means it runs most pieces itself).
#include "attn/kernels/thread_pool.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define ATTN_NO_THREADS 1
#endif

namespace attn::threads {
namespace {

// One parallel_for call, on its caller's stack.
struct Job {
    const std::function<void(std::size_t)>* piece;
    std::size_t pieces;
    std::atomic<std::size_t> next{0};
    std::atomic<std::size_t> done{0};
    // The exception of the lowest piece that threw (rethrown by parallel_for to its caller).
    std::mutex error_mutex;
    std::size_t error_piece = SIZE_MAX;
    std::exception_ptr error;
};

// Pieces of `job` claimed one at a time until none are left. A piece that throws is recorded,
// never let out of a worker (which would end the program).
void work_on(Job& job) {
    for (std::size_t i; (i = job.next.fetch_add(1)) < job.pieces;) {
        try {
            (*job.piece)(i);
        } catch (...) {
            std::lock_guard<std::mutex> lock(job.error_mutex);
            if (i < job.error_piece) {
                job.error_piece = i;
                job.error = std::current_exception();
            }
        }
        job.done.fetch_add(1);
    }
}

#ifndef ATTN_NO_THREADS
constexpr std::size_t kMaxThreads = 16;

// A job is open while its generation number is odd. A worker that saw generation g open enters
// (active + 1) and then checks g is still current before touching the job; the caller closes g
// (g + 1) and then waits for active == 0 before its job leaves scope. With sequentially
// consistent atomics either the worker's entry is seen by that wait or the worker sees g closed.
class Pool {
  public:
    ~Pool() { resize(1); }

    std::size_t count() const { return workers_.size() + 1; }

    void resize(std::size_t n) {
        if (n == count()) return;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
        }
        wake_.notify_all();
        for (std::thread& w : workers_) w.join();
        workers_.clear();
        stop_ = false;
        for (std::size_t i = 1; i < n; ++i) workers_.emplace_back([this] { run(); });
    }

    void parallel_for(Job& job) {
        job_.store(&job);
        generation_.fetch_add(1);  // open
        if (sleepers_.load() > 0) {
            std::lock_guard<std::mutex> lock(mutex_);
            wake_.notify_all();
        }
        work_on(job);
        while (job.done.load() < job.pieces) {}
        generation_.fetch_add(1);  // closed
        while (active_.load() > 0) {}
    }

  private:
    void run() {
        std::uint64_t seen = generation_.load();
        for (;;) {
            std::uint64_t g = generation_.load();
            for (int spin = 0; g == seen && spin < (1 << 20); ++spin) g = generation_.load();
            if (g == seen) {
                std::unique_lock<std::mutex> lock(mutex_);
                ++sleepers_;
                wake_.wait(lock, [&] { return stop_ || generation_.load() != seen; });
                --sleepers_;
                if (stop_) return;
                continue;
            }
            seen = g;
            if (stop_) return;
            if (g % 2 == 0) continue;  // a job that closed before this worker saw it open
            active_.fetch_add(1);
            if (generation_.load() == g) work_on(*job_.load());
            active_.fetch_sub(1);
        }
    }

    std::vector<std::thread> workers_;
    std::atomic<std::uint64_t> generation_{0};
    std::atomic<Job*> job_{nullptr};
    std::atomic<int> active_{0};
    std::atomic<int> sleepers_{0};
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::condition_variable wake_;
};

Pool& pool() {
    static Pool p;
    return p;
}
#endif

}  // namespace

std::size_t available() {
#ifdef ATTN_NO_THREADS
    return 1;
#else
    return kMaxThreads;
#endif
}

std::size_t set_count(std::size_t n) {
#ifdef ATTN_NO_THREADS
    (void)n;
    return 1;
#else
    pool().resize(std::clamp<std::size_t>(n, 1, available()));
    return pool().count();
#endif
}

std::size_t count() {
#ifdef ATTN_NO_THREADS
    return 1;
#else
    return pool().count();
#endif
}

void parallel_for(std::size_t pieces, const std::function<void(std::size_t)>& piece) {
    if (pieces == 0) return;
    Job job;
    job.piece = &piece;
    job.pieces = pieces;
#ifndef ATTN_NO_THREADS
    if (pieces > 1 && count() > 1)
        pool().parallel_for(job);
    else
#endif
        work_on(job);
    if (job.error) std::rethrow_exception(job.error);
}

void parallel_ranges(std::size_t n, std::size_t align, const std::function<void(std::size_t, std::size_t)>& range) {
    align = std::max<std::size_t>(align, 1);
    const std::size_t threads_n = count();
    if (threads_n == 1 || n <= align) {
        if (n > 0) range(0, n);
        return;
    }
    // Guided: each thread claims half its share of what is left (at least 16 rows, whole
    // alignment groups), so the ranges shrink toward the end and the last one a thread is still
    // computing, which the others wait for, is short.
    const std::size_t least = (std::max<std::size_t>(16, align) + align - 1) / align * align;
    std::atomic<std::size_t> next{0};
    parallel_for(threads_n, [&](std::size_t) {
        for (std::size_t start = next.load();;) {
            if (start >= n) return;
            const std::size_t want = std::max(least, (n - start) / (2 * threads_n) / align * align);
            const std::size_t end = std::min(n, start + want);
            if (!next.compare_exchange_weak(start, end)) continue;
            range(start, end);
            start = next.load();
        }
    });
}

}  // namespace attn::threads
