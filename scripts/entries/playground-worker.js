// The entry of the playground's Web Worker (scripts/bundle.mjs bundles it into the string of
// dist/attn-playground.js): the worker of widgets/playground/worker.js over its own engine, its
// WebAssembly inline (gzip + base64, web/engine-wasm.js: a Blob worker has no file to fetch).
import createModule from '../../gen/attn-engine-glue.cjs';
import gzipBase64 from '../../gen/attn-engine-wasm.json';
import { engineFactory } from '../../web/engine-wasm.js';
import { startPlaygroundWorker } from '../../widgets/playground/worker.js';

startPlaygroundWorker(engineFactory(createModule, { gzipBase64: async () => gzipBase64 }));
