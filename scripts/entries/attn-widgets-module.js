// The entry of dist/attn-widgets.mjs (scripts/bundle.mjs), the ES module for sites that bundle:
// as attn-widgets.js, but self-contained, the engine's WebAssembly inline (gzip + base64,
// web/engine-wasm.js), since a bundler would not know to copy a .wasm beside it.
import createModule from '../../gen/attn-engine-glue.cjs';
import gzipBase64 from '../../gen/attn-engine-wasm.json';
import { engineFactory } from '../../web/engine-wasm.js';
import { defineCourse } from '../../widgets/index.js';

const createAttnEngine = engineFactory(createModule, { gzipBase64: async () => gzipBase64 });

globalThis.createAttnEngine ??= createAttnEngine;
defineCourse(createAttnEngine);

// What the module exports: the tag → class map.
export { WIDGETS } from '../../widgets/index.js';
