// The entry of <attn-train>'s Web Worker (scripts/bundle.mjs bundles it into the string of
// dist/attn-train.js): the trainer's WASM module (its glue, build-wasm/attn-trainer.js, with the
// module gzip-compressed, web/engine-wasm.js) and the training text (the fortunes-zh files
// tang300 and song100, GPL-3.0+, read at build time into gen/train-texts.json). The module is in
// one exception-handling form (web/wasm-features.js): scripts/bundle.mjs builds this entry
// twice, with the standard form (attn-train.js) and with the legacy one
// (attn-train-worker-legacy.js, for a browser without exnref).
import createModule from '../../gen/attn-trainer-glue.cjs';
import wasm from '../../gen/attn-trainer-wasm.json';
import texts from '../../gen/train-texts.json';
import { engineFactory } from '../../web/engine-wasm.js';
import { startTrainWorker } from '../../widgets/train/worker.js';

const gzipBase64 = async () => wasm.gzipBase64;
startTrainWorker(
  engineFactory(
    createModule,
    wasm.form === 'legacy' ? { legacyGzipBase64: gzipBase64 } : { gzipBase64 },
  ),
  texts,
);
