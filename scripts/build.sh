#!/usr/bin/env bash
# Builds what the course serves into dist/: the engine (WASM inlined in one JS file; the whole
# engine for node and the open-model page, the course engine for the other pages), then
# scripts/bundle.mjs: the widget bundle, the playground and lab scripts, and the lesson pages.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # emcc's JS optimizer needs Debian's acorn

if [ ! -f build-wasm/CMakeCache.txt ]; then
  emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build build-wasm -j"$(nproc)" --target attn-engine attn-course-engine attn-trainer
mkdir -p dist
cp build-wasm/attn-engine.js dist/attn-engine.js
node scripts/bundle.mjs
# dist/custom-elements.json, from the elements' JSDoc (the config says what is kept).
npx --no-install cem analyze --config scripts/custom-elements-manifest.config.mjs --quiet
