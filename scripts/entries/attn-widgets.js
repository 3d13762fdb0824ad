// The entry of dist/attn-widgets.js (scripts/bundle.mjs): every widget in one classic script,
// for a page or site that includes it by hand. The engine is Emscripten's glue
// (gen/attn-engine-glue.cjs) with its WebAssembly from attn-engine.wasm over http or
// attn-engine-wasm.js on file://, both next to this script (web/engine-wasm.js); the factory
// goes to the widgets and, for the scripts that load after this one (attn-open-model.js), onto
// globalThis.
import createModule from '../../gen/attn-engine-glue.cjs';
import { scriptEngineFactory } from '../../web/engine-wasm.js';
import { defineCourse } from '../../widgets/index.js';

const createAttnEngine = scriptEngineFactory(createModule);
globalThis.createAttnEngine ??= createAttnEngine;
defineCourse(createAttnEngine);
