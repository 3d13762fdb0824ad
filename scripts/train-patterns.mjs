// node scripts/train-patterns.mjs STEPS SEED LAYERS KV_HEADS HYBRID(0|1) EVERY [BATCH]
// What <attn-train>'s snapshots would show over one run, without a browser: the trainer's WASM
// module (build-wasm/attn-trainer.js, the worker's code, byte-identical to `attn-train browser`)
// on the page's text, and every EVERY steps the page's snapshot read in the worker
// (trainSnapshot): the validation loss, the most previous-character head and the strongest sink
// head (headPatterns' previousToken and firstToken, with their levels under uniform attention),
// the mean sink share and the greedy sample. The figures of docs/train-page.md come from it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SNAPSHOT_SENTENCE,
  SAMPLE_PROMPT,
  SAMPLE_STEPS,
  TRAIN_TEXT_FILES,
  strongestPreviousHead,
  strongestSinkHead,
  uniformPreviousShare,
  uniformFirstShare,
} from '../widgets/train/logic.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const [steps, seed, layers, kvHeads, hybrid, every, batch = 16] = process.argv.slice(2).map(Number);
if (![steps, seed, layers, kvHeads, hybrid, every].every(Number.isFinite))
  throw new Error(
    'usage: node scripts/train-patterns.mjs STEPS SEED LAYERS KV_HEADS HYBRID EVERY [BATCH]',
  );
const texts = TRAIN_TEXT_FILES.map((f) =>
  readFileSync(join('/usr/share/games/fortunes', f), 'utf8'),
);
const trainer = await createRequire(import.meta.url)(join(root, 'build-wasm', 'attn-trainer.js'))();
const info = trainer.trainStart({ steps, seed, layers, kvHeads, hybrid: !!hybrid, batch }, texts);
const pc = (x) => `${(x * 100).toFixed(1)} %`;
const T = Array.from(SNAPSHOT_SENTENCE).length + 1;
console.log(
  `${steps} steps, seed ${seed}, ${layers} layers${hybrid ? ' hybrid' : ''}, ${kvHeads} KV heads, ` +
    `batch ${batch}; unigram ${info.unigramLoss.toFixed(3)}; uniform attention: previous ` +
    `${pc(uniformPreviousShare(T))}, <bos> ${pc(uniformFirstShare(T))}`,
);
const t0 = performance.now();
for (let done = false; !done;) {
  const r = trainer.trainStep(1);
  done = r.done;
  const step = r.step[0];
  if (step % every !== 0 && !done) continue;
  const v = trainer.trainSnapshot({
    text: SNAPSHOT_SENTENCE,
    prompt: SAMPLE_PROMPT,
    steps: SAMPLE_STEPS,
  });
  const prev = strongestPreviousHead(v.patterns);
  const sink = strongestSinkHead(v.patterns);
  const all = v.patterns.flat().filter(Boolean);
  const mean = all.reduce((a, p) => a + p.firstToken, 0) / all.length;
  console.log(
    `step ${step} (${((performance.now() - t0) / 1000).toFixed(1)} s): validation ` +
      `${trainer.trainValidLoss().toFixed(3)}; previous L${prev.layer + 1}H${prev.head + 1} ` +
      `${pc(prev.weight)}; sink L${sink.layer + 1}H${sink.head + 1} ${pc(sink.weight)}, mean ` +
      `${pc(mean)}; sample ${v.sample.replace(/\n/g, '↵')}`,
  );
}
