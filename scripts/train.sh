#!/usr/bin/env bash
# Trains the course lab's model from zero and writes what the lab ships:
#   course-data/lab-model.bin          the weights (f16, ATTNLAB1 format, cpp/include/attn/weights_io.hpp)
#   course-data/c3-attention.json      its attention on the chapter's sentences, sink shares, top-5
#   course-data/kv-heads-ablation.json validation loss vs KV bytes per token for 8 / 4 / 2 / 1 KV heads
# The text is prepared at train time from Debian's fortunes-zh package plus generated sentences
# (cpp/train/corpus.hpp); nothing of it is written out. Same seed, same bytes.
#
# Builds only attn-train, natively, in build/ (shared with scripts/test.sh, configured the same
# way if missing; BUILD_DIR overrides). MAIN_STEPS and ABLATION_STEPS override the budgets.
set -euo pipefail
cd "$(dirname "$0")/.."

build=${BUILD_DIR:-build}
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" --target attn-train

start=$(date +%s)
echo "== main model (2 layers, d_model 64, 8 heads / 2 KV heads)"
"$build/attn-train" model --steps "${MAIN_STEPS:-1500}" \
  --out course-data/lab-model.bin --export course-data/c3-attention.json
echo "== kv_heads_ablation (8 / 4 / 2 / 1 KV heads)"
"$build/attn-train" ablation --steps "${ABLATION_STEPS:-250}" --out course-data/kv-heads-ablation.json
echo "train: done in $(( $(date +%s) - start )) s"
