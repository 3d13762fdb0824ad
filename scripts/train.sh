#!/usr/bin/env bash
# Trains the course lab's model from zero and writes what the lab ships:
#   course-data/lab-model.bin          the hybrid model's weights (f16, ATTNLAB2 format, cpp/include/attn/models/weights_io.hpp)
#   course-data/c3-attention.json      its attention (full layers) and state norms (linear layers) on the
#                                      chapter's sentences, sink shares, top-5
#   course-data/kv-heads-ablation.json validation loss vs KV bytes per token for 8 / 4 / 2 / 1 KV heads
#   course-data/hybrid-ablation.json   hybrid vs all-full attention: validation loss, KV and state bytes
#   course-data/lab-model-full.bin     the all-full model of that ablation (ATTNLAB2, every layer full)
# The text is prepared at train time from Debian's fortunes-zh package plus generated sentences
# (cpp/train/corpus.hpp); nothing of it is written out. Same seed, same bytes.
#
# Builds only attn-train, natively, in build/ (shared with scripts/test.sh, configured the same
# way if missing; BUILD_DIR overrides). MAIN_STEPS, ABLATION_STEPS and HYBRID_STEPS override the
# budgets (together about 15 minutes on 2 busy cores, see README).
set -euo pipefail
cd "$(dirname "$0")/.."

build=${BUILD_DIR:-build}
[ -f "$build/CMakeCache.txt" ] || cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j"$(nproc)" --target attn-train

start=$(date +%s)
echo "== main model (8 layers: 6 Gated DeltaNet + full attention at 3 and 7, d_model 64)"
"$build/attn-train" model --steps "${MAIN_STEPS:-800}" \
  --out course-data/lab-model.bin --export course-data/c3-attention.json
echo "== kv_heads_ablation (2 full layers, 8 / 4 / 2 / 1 KV heads)"
"$build/attn-train" ablation --steps "${ABLATION_STEPS:-250}" --out course-data/kv-heads-ablation.json
echo "== hybrid_ablation (the main model's layers: hybrid vs all full attention)"
"$build/attn-train" hybrid-ablation --steps "${HYBRID_STEPS:-300}" \
  --out course-data/hybrid-ablation.json --full-model course-data/lab-model-full.bin
echo "train: done in $(( $(date +%s) - start )) s"
