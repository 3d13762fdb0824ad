// The entry of the playground's Web Worker (scripts/bundle.mjs bundles it into the string of
// dist/attn-playground.js): the worker of widgets/playground/worker.js over its own engine,
// instantiated from the module the page compiled (posted with the worker's init message,
// web/engine-wasm.js), so this script carries the engine's glue but not its WebAssembly.
import createModule from '../../gen/attn-engine-glue.cjs';
import { engineFactory } from '../../web/engine-wasm.js';
import { startPlaygroundWorker } from '../../widgets/playground/worker.js';

startPlaygroundWorker((overrides, wasm) =>
  engineFactory(createModule, {
    module: wasm instanceof WebAssembly.Module ? wasm : undefined,
  })(overrides),
);
