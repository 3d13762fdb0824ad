// The entry of <attn-train>'s Web Worker (scripts/bundle.mjs bundles it into the string of
// dist/attn-train.js): the trainer's WASM module and the training text (the fortunes-zh files
// tang300 and song100, GPL-3.0+, read at build time into gen/train-texts.json).
import createAttnTrainer from '../../build-wasm/attn-trainer.js';
import texts from '../../gen/train-texts.json';
import { startTrainWorker } from '../../widgets/train/worker.js';

startTrainWorker(createAttnTrainer, texts);
