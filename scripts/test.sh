#!/usr/bin/env bash
# Every test of the project, in the order that finds a broken foundation first:
# C++ native, the same native tests under ASan + UBSan, the same C++ tests in WASM under node,
# the build, the types, node tests of the runtime and widgets against the real engine, then real
# Chromium on the built pages. `npm test` runs it all after scripts/setup.sh.
#
# One stage alone, for the edit–test loop (CONTRIBUTING.md; no apt or npm set-up, so fast):
#   bash scripts/test.sh cpp       native Catch2 (build/)          npm run test:cpp
#   bash scripts/test.sh types     tsc strict over web/ + widgets/ npm run typecheck
#   bash scripts/test.sh js        node tests (re-bundles dist/)   npm run test:js [-- FILES]
#   bash scripts/test.sh browser   Chromium (re-bundles dist/)     npm run test:browser [-- FILES]
# js and browser re-bundle only the JavaScript (scripts/bundle.mjs, seconds) on the engine in
# build-wasm/: a CMake build there as it is (after a C++ change, `npm run build` first), else
# prebuilt/'s, so they need no Emscripten (scripts/prebuilt.mjs; stale, it is refused).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs

stage=${1:-all}
shift || true

cpp_native() {
  echo "== C++ engine, native"
  [ -f build/CMakeCache.txt ] || cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build -j"$(nproc)"
  ctest --test-dir build --output-on-failure -j"$(nproc)"
}

types() {
  echo "== types: every web/ and widgets/ file, strict (tsconfig.json, checkJs)"
  npx tsc -p .
}

js_bundle() {
  # `|| exit`: set -e does not stop inside a function called from an && list.
  node scripts/prebuilt.mjs engine || exit 1
  node scripts/bundle.mjs || exit 1
  # The elements' manifest (scripts/build.sh makes it): made here only in a fresh checkout.
  [ -f dist/custom-elements.json ] ||
    npx --no-install cem analyze --config scripts/custom-elements-manifest.config.mjs --quiet || exit 1
}

node_tests() {
  echo "== node tests"
  node --test --test-concurrency=1 "${@:-tests/js/}"
}

browser_tests() {
  echo "== browser tests (Chromium)"
  node --test --test-concurrency=1 "${@:-tests/browser/}"
}

case "$stage" in
  cpp) cpp_native ;;
  types) types ;;
  js) js_bundle && node_tests "$@" ;;
  browser) js_bundle && browser_tests "$@" ;;
  all)
    echo "== style (clang-format, eslint, prettier)"
    bash scripts/lint.sh

    cpp_native

    echo "== C++ engine, native, under ASan + UBSan (only the test targets)"
    [ -f build-asan/CMakeCache.txt ] || cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Release -DATTN_SANITIZE=ON >/dev/null
    cmake --build build-asan -j"$(nproc)" --target attn-tests attn-train-tests
    ctest --test-dir build-asan --output-on-failure -j"$(nproc)"

    echo "== C++ engine, WASM (SIMD) under node"
    [ -f build-wasm/CMakeCache.txt ] || emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build-wasm -j"$(nproc)"
    ctest --test-dir build-wasm --output-on-failure -j"$(nproc)"

    echo "== prebuilt/: the engine a contributor without Emscripten uses is this build's"
    node scripts/prebuilt.mjs verify

    echo "== dist/"
    bash scripts/build.sh

    # The JS tests that compare with the native trainer skip only where it cannot be built
    # (tests/helpers/native-trainer.mjs); here it is built, so they never skip.
    export ATTN_NATIVE_REQUIRED=1

    types
    echo "== types: the built package's element types (tests/types)"
    npx tsc -p tests/types --noEmit

    node_tests
    browser_tests
    ;;
  *)
    echo "usage: scripts/test.sh [all|cpp|types|js|browser] [test files…]" >&2
    exit 2
    ;;
esac
