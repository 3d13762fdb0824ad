#!/usr/bin/env bash
# Every test of the project, in the order that finds a broken foundation first:
# C++ native, the same native tests under ASan + UBSan, the same C++ tests in WASM under node,
# the JS API's types, node tests of the runtime and widgets against the real engine, then real
# Chromium on the built pages.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs

echo "== style (clang-format, eslint, prettier)"
bash scripts/lint.sh

echo "== C++ engine, native"
[ -f build/CMakeCache.txt ] || cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"

echo "== C++ engine, native, under ASan + UBSan (only the test targets)"
[ -f build-asan/CMakeCache.txt ] || cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Release -DATTN_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$(nproc)" --target attn-tests attn-train-tests
ctest --test-dir build-asan --output-on-failure -j"$(nproc)"

echo "== C++ engine, WASM (SIMD) under node"
[ -f build-wasm/CMakeCache.txt ] || emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build-wasm -j"$(nproc)"
ctest --test-dir build-wasm --output-on-failure -j"$(nproc)"

echo "== dist/"
bash scripts/build.sh

echo "== types: the JS API (tests/types), every web/ and widgets/ file (tsconfig.json, checkJs)"
npx tsc -p tests/types --noEmit
npx tsc -p .

echo "== node tests"
node --test --test-concurrency=1 tests/js/

echo "== browser tests (Chromium)"
node --test --test-concurrency=1 tests/browser/
