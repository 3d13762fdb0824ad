#!/usr/bin/env bash
# Builds what the course serves into dist/: the engine (WASM inlined in one JS file; the whole
# engine for node and the open-model page, the course engine for the other pages, the trainer;
# and the threaded engine, three files, for the open-model page served cross-origin isolated),
# then scripts/bundle.mjs: the widget bundle, the playground and lab scripts, and the lesson pages.
# With Emscripten (emcc) the engine is built from cpp/ and prebuilt/ is refreshed from it when it
# differs (commit it with the C++ change); without, the engine is prebuilt/'s, used only while
# its key matches cpp/ and CMakeLists.txt (scripts/prebuilt.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # emcc's JS optimizer needs Debian's acorn

if command -v emcc >/dev/null; then
  if [ ! -f build-wasm/CMakeCache.txt ]; then
    emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  cmake --build build-wasm -j"$(nproc)" --target attn-engine attn-course-engine attn-trainer attn-engine-threads
  node scripts/prebuilt.mjs refresh
else
  echo "build: no emcc here, so the engine is prebuilt/'s"
fi
node scripts/prebuilt.mjs engine   # build-wasm/ ready, dist/attn-engine.js copied from it
node scripts/bundle.mjs
# dist/custom-elements.json, from the elements' JSDoc (the config says what is kept).
npx --no-install cem analyze --config scripts/custom-elements-manifest.config.mjs --quiet
