#!/usr/bin/env bash
# npm run fuzz: the libFuzzer target of the lab model's weights loader (tests/fuzz/), built with
# Debian's clang, ASan and UBSan in build-fuzz/, fuzzed for FUZZ_SECONDS (default 300) from the
# seed corpus tests/fuzz/corpus/. Inputs that reach new code are kept in build-fuzz/corpus/ (so a
# second run starts where the first stopped). A crash, a sanitizer report, an exception that is
# not one of the engine's typed errors, a hang over 10 s or a leak stops the run, saves the input
# as build-fuzz/crash-* (timeout-*, leak-*, oom-*) and fails this script; replay one with
# build-fuzz/attn-fuzz-lab-weights <file>.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${FUZZ_SECONDS:-300}"

[ -f build-fuzz/CMakeCache.txt ] ||
  cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ -DATTN_FUZZ=ON -DATTN_TESTS=OFF >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target attn-fuzz-lab-weights
mkdir -p build-fuzz/corpus

echo "== fuzzing load_lab_weights for ${seconds} s"
# -max_len: the seeds are at most a few KB; 16 KB leaves room for bigger models without making
# each run slow. -rss_limit_mb: the loader allocates only what the file's bytes back, so a
# 16 KB input needing more than 2 GB is itself a finding.
build-fuzz/attn-fuzz-lab-weights -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
  -print_final_stats=1 -artifact_prefix=build-fuzz/ build-fuzz/corpus tests/fuzz/corpus
