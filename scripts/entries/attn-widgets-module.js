// The entry of dist/attn-widgets.mjs (scripts/bundle.mjs), the ES module for sites that bundle:
// as attn-widgets.js, but self-contained, the engine's WebAssembly inline (gzip + base64,
// web/engine-wasm.js), since a bundler would not know to copy a .wasm beside it; in both
// exception-handling forms (web/wasm-features.js), the legacy one for a browser without exnref.
import createModule from '../../gen/attn-engine-glue.cjs';
import gzipBase64 from '../../gen/attn-engine-wasm.json';
import legacyGzipBase64 from '../../gen/attn-engine-wasm-legacy.json';
import { engineFactory } from '../../web/engine-wasm.js';
import { defineCourse } from '../../widgets/index.js';

const createAttnEngine = engineFactory(createModule, {
  gzipBase64: async () => gzipBase64,
  legacyGzipBase64: async () => legacyGzipBase64,
});

globalThis.createAttnEngine ??= createAttnEngine;
defineCourse(createAttnEngine);

// What the module exports: the tag → class map.
export { WIDGETS } from '../../widgets/index.js';
