#!/usr/bin/env bash
# Times the causal attention forward every way we have, one runner after another, and prints one
# table: the engine's C++ natively (SIMD: SSE2 / NEON) and as WASM with SIMD and without (under
# node), engine.attention() called from JavaScript, on the whole engine (node's, the open-model
# page's) and on the module the course pages load (attn-course-engine: the same code as
# dist/attn-engine.wasm, in the legacy exception-handling form node 20 runs), ONNX Runtime Web
# and TensorFlow.js (WASM backends, 1 thread), and plain JavaScript; then the GEMM natively and
# in WASM. The benchmark binary and the pages' module are separate links of the same kernels, and
# each can lose speed on its own (binaryen's inlining at link time: issue 43), so both are in the
# table. Every JS runner gets the same inputs and is checked against a float64 reference. It
# only measures: no thresholds. `scripts/bench.sh attention` stops after the attention table.
#
# Builds only the benchmark targets, in build/ and build-wasm/ (shared with scripts/test.sh and
# configured the same way if missing) and build-wasm-scalar/ (its own: -DATTN_SIMD=OFF).
#
# Last, the open model's generation against llama.cpp, single thread, on the same GGUF files
# (bench/open-model-peers.mjs): ours (build-wasm/attn-engine.js) against wllama (llama.cpp's WASM
# build, in Chromium) and node-llama-cpp (native); one Q4_K_M file is written by llama.cpp's own
# quantiser (bench/peers/llama-quantize.c, compiled with cc). The peers live in bench/peers/ with
# their own lock file, installed here (never by npm test). `scripts/bench.sh decode [args]` (npm run
# bench:decode) runs only that part: peers, the build (scripts/build.sh: the engines and dist/, whose
# open-model page the benchmark also runs in Chromium, on 1 and 2 threads), the benchmark with args.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs   # emcc's JS optimizer needs Debian's acorn

# bench/peers/node_modules from its lock file, again only when the lock file changed. No install
# scripts (node-llama-cpp's would look for a GPU build to download or build) and no optional
# packages: node-llama-cpp's prebuilt binaries are all optional (CUDA, Vulkan, other platforms),
# and the linux-x64 CPU one it runs on is a direct dependency of bench/peers/package.json.
setup_peers() {
  local stamp=bench/peers/node_modules/.lock-stamp
  if [ ! -f "$stamp" ] || ! cmp -s bench/peers/package-lock.json "$stamp"; then
    echo "== setup: bench/peers (wllama, node-llama-cpp)"
    npm ci --prefix bench/peers --omit=optional --ignore-scripts --no-audit --no-fund --loglevel=error
    cp bench/peers/package-lock.json "$stamp"
  fi
}

configure_wasm() {
  [ -f build-wasm/CMakeCache.txt ] || emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
}

if [ "${1:-}" = decode ]; then
  shift
  echo "bench:decode: $(nproc) cores, node $(node --version), load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
  echo "== build: the engines and dist/ (the open-model page runs in Chromium too)"
  bash scripts/build.sh >/dev/null
  setup_peers
  echo "== run: open model decode vs llama.cpp, 1 and 2 threads"
  ATTN_ENGINE_JS=build-wasm/attn-engine.js node bench/open-model-peers.mjs "$@"
  exit 0
fi

cpu=$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')
machine="$(nproc) cores, ${cpu:-unknown CPU}, node $(node --version), load average $(cut -d' ' -f1-3 /proc/loadavg) at start"
echo "bench: $machine"

echo "== build: native (build/)"
[ -f build/CMakeCache.txt ] || cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target attn-bench attn-gemm-bench attn-open-model-bench

echo "== build: WASM SIMD (build-wasm/)"
configure_wasm
cmake --build build-wasm -j"$(nproc)" --target attn-bench attn-gemm-bench attn-engine attn-course-engine attn-open-model-bench

echo "== build: WASM scalar (build-wasm-scalar/)"
[ -f build-wasm-scalar/CMakeCache.txt ] ||
  emcmake cmake -S . -B build-wasm-scalar -DCMAKE_BUILD_TYPE=Release -DATTN_SIMD=OFF -DATTN_TESTS=OFF >/dev/null
cmake --build build-wasm-scalar -j"$(nproc)" --target attn-bench

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() {
  local name=$1
  shift
  echo "== run: $name"
  "$@" | tee "$out/$name.jsonl"
}
run native ./build/attn-bench
run wasm-simd node build-wasm/attn-bench.js
run wasm-scalar node build-wasm-scalar/attn-bench.js
# plain-js first: it writes the float64 reference outputs the other JS runners check against.
export ATTN_BENCH_REF_DIR="$out"
run plain-js node bench/attention-plain.mjs
# The engine just built, not a possibly stale dist/.
run engine-js env ATTN_ENGINE_JS=build-wasm/attn-engine.js node bench/attention-peers.mjs engine-js
run page-engine env ATTN_ENGINE_JS=build-wasm/attn-course-engine.js node bench/attention-peers.mjs engine-js
run onnxruntime-web node bench/attention-peers.mjs onnxruntime-web
run tfjs-wasm node bench/attention-peers.mjs tfjs-wasm
if [ "${1:-}" != attention ]; then
  run gemm-native ./build/attn-gemm-bench
  run gemm-wasm node build-wasm/attn-gemm-bench.js
fi

node bench/report.mjs --machine "$machine" --load-end "$(cut -d' ' -f1-3 /proc/loadavg)" \
  native="$out/native.jsonl" wasm-simd="$out/wasm-simd.jsonl" wasm-scalar="$out/wasm-scalar.jsonl" \
  engine-js="$out/engine-js.jsonl" page-engine="$out/page-engine.jsonl" \
  onnxruntime-web="$out/onnxruntime-web.jsonl" tfjs-wasm="$out/tfjs-wasm.jsonl" \
  plain-js="$out/plain-js.jsonl" gemm-native="$out/gemm-native.jsonl" gemm-wasm="$out/gemm-wasm.jsonl"
[ "${1:-}" != attention ] || exit 0

# An opened model of Qwen3-0.6B's shapes (random weights made at bench time, never stored), f16
# and q4_k: prefill and cached decode tokens/s, and the stored-weights GEMM; JSON lines, no table.
echo "== run: open model, Qwen3-0.6B shapes (native, then WASM SIMD)"
./build/attn-open-model-bench
node build-wasm/attn-open-model-bench.js

# The same shapes as GGUF files, against llama.cpp single thread (wllama and node-llama-cpp):
# prefill and cached decode ms, the memory bandwidth bound; JSON lines and a table.
setup_peers
echo "== run: open model decode vs llama.cpp, single thread"
ATTN_ENGINE_JS=build-wasm/attn-engine.js node bench/open-model-peers.mjs
