// The entry of the playground's Web Worker (scripts/bundle.mjs bundles it into the string of
// dist/attn-playground.js): the worker of widgets/playground/worker.js over its own engine.
import createAttnEngine from '../../dist/attn-engine.js';
import { startPlaygroundWorker } from '../../widgets/playground/worker.js';

startPlaygroundWorker(createAttnEngine);
