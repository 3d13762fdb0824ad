// The entry of <attn-train>'s Web Worker (scripts/bundle.mjs bundles it into the string of
// dist/attn-train.js): the trainer's WASM module (its glue, build-wasm/attn-trainer.js, with the
// module gzip-compressed, web/engine-wasm.js) and the training text (the fortunes-zh files
// tang300 and song100, GPL-3.0+, read at build time into gen/train-texts.json).
import createModule from '../../gen/attn-trainer-glue.cjs';
import gzipBase64 from '../../gen/attn-trainer-wasm.json';
import texts from '../../gen/train-texts.json';
import { engineFactory } from '../../web/engine-wasm.js';
import { startTrainWorker } from '../../widgets/train/worker.js';

startTrainWorker(engineFactory(createModule, { gzipBase64: async () => gzipBase64 }), texts);
