// Where the engine's WebAssembly comes from, and compiling it once per page. Emscripten's glue
// (dist/attn-engine.js) carries the module inline as base64 (decoded and compiled on the main
// thread, never cached compiled; sizes: docs/benchmarks.md, "Figures behind the code"); the
// browser scripts use the glue without it (scripts/bundle.mjs takes it out) and hand the engine
// an instantiateWasm that uses:
//   over http(s)  attn-engine.wasm next to the script, compiled with compileStreaming while it
//                 downloads, and cached compiled by the browser across pages;
//   from file://  (a page opened from disk cannot fetch) the same bytes gzip-compressed, as
//                 base64 in a classic script (attn-engine-wasm.js, a quarter of the base64),
//                 inflated by the browser's own DecompressionStream;
//   and inline    a worker or the ES-module build, which carry that gzip text in their code.
// If the fetch fails (a site that copied the scripts but not the .wasm, a wrong MIME type), the
// compressed form is used instead: the page still works, only slower.
// Each module comes in two forms of WebAssembly's exception handling (web/wasm-features.js): the
// standard one (try_table, exnref) where the browser has it, and Emscripten's legacy one
// (attn-engine-legacy.wasm, attn-engine-wasm-legacy.js), fetched or added only where it lacks
// it. The two compute the same bits (tests/browser/engine-eh.test.mjs).

import { decodeBase64 } from './base64.js';
import { exnrefSupported } from './wasm-features.js';

/**
 * @typedef {object} WasmSource
 * @property {string} [url] attn-engine.wasm's address (used only when it is http or https)
 * @property {() => Promise<string>} [gzipBase64] the module gzip-compressed, as base64
 * @property {string} [legacyUrl] the legacy form's address, for a browser without exnref
 * @property {() => Promise<string>} [legacyGzipBase64] the legacy form gzip-compressed
 * @property {WebAssembly.Module} [module] the module compiled already (a worker gets the page's)
 */

/**
 * @typedef {((overrides?: object) => Promise<any>)
 *   & { wasmModule: () => Promise<WebAssembly.Module> }} EngineFactoryWithModule
 */

/** @param {string} base64 @returns {Promise<ArrayBuffer>} */
async function gunzipBase64(base64) {
  if (typeof DecompressionStream !== 'function')
    throw new Error(
      'this browser has no DecompressionStream (Chrome 80, Firefox 113, Safari 16.4 and later ' +
        'have it); the engine cannot be unpacked from file:// here, serve the pages over http',
    );
  const bytes = decodeBase64(base64);
  // A stream of the bytes themselves: WebKit fails to read a Blob's stream inside a Blob worker
  // ("NotReadableError: The I/O read operation failed").
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  }).pipeThrough(new DecompressionStream('gzip'));
  return new Response(stream).arrayBuffer();
}

/** @param {WasmSource} source @returns {Promise<WebAssembly.Module>} */
async function compile(source) {
  if (source.module instanceof WebAssembly.Module) return source.module;
  const standard = exnrefSupported();
  const url = standard ? source.url : source.legacyUrl;
  const gzipBase64 = standard ? source.gzipBase64 : source.legacyGzipBase64;
  if (url && /^https?:/.test(url) && WebAssembly.compileStreaming) {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch {
      // falls through to the compressed copy (the comment at the top says when)
    }
  }
  if (!gzipBase64)
    throw new Error(
      standard
        ? 'the engine was given no WebAssembly module'
        : "this browser lacks WebAssembly's standard exception handling (exnref), and the " +
            'engine was given no module in the legacy form',
    );
  return WebAssembly.compile(await gunzipBase64(await gzipBase64()));
}

/**
 * An engine factory over Emscripten's `createModule` (the glue without its inline module) that
 * compiles the module from `source` once, on the first engine, and instantiates it for each
 * engine the factory makes. factory.wasmModule() gives the compiled module (the playground
 * posts it to its worker: a WebAssembly.Module crosses postMessage without being copied).
 * @param {(overrides: object) => Promise<any>} createModule
 * @param {WasmSource} source
 * @returns {EngineFactoryWithModule}
 */
export function engineFactory(createModule, source) {
  /** @type {Promise<WebAssembly.Module> | undefined} */
  let compiled;
  const wasmModule = () => (compiled ??= compile(source));
  const factory = async (overrides = {}) => {
    const module = await wasmModule();
    return new Promise((resolve, reject) => {
      createModule({
        ...overrides,
        // Emscripten 3.1.6 calls this in place of its own loading; its ready promise never
        // settles if instantiation fails, so the failure is passed on from here.
        instantiateWasm(
          /** @type {WebAssembly.Imports} */ imports,
          /** @type {(i: WebAssembly.Instance) => void} */ receive,
        ) {
          WebAssembly.instantiate(module, imports).then(receive, reject);
          return {};
        },
      }).then(resolve, reject);
    });
  };
  return Object.assign(factory, { wasmModule });
}

/**
 * The gzip text from the classic script `file` next to `base` (a page's copy of
 * attn-engine-wasm.js, which sets globalThis[name]), added to the page if it is not there yet.
 * @param {string} name the global the script sets
 * @param {string} file
 * @param {string} base the folder URL the page's scripts come from
 * @returns {Promise<string>}
 */
export function scriptGlobal(name, file, base) {
  const g = /** @type {Record<string, any>} */ (globalThis);
  if (typeof g[name] === 'string') return Promise.resolve(g[name]);
  return new Promise((resolve, reject) => {
    const done = () =>
      typeof g[name] === 'string'
        ? resolve(g[name])
        : reject(new Error(`${file} did not load (it must sit next to attn-widgets.js)`));
    let s = [...document.scripts].find(
      (e) => e.src && new URL(e.src).pathname.endsWith(`/${file}`),
    );
    if (!s) {
      s = document.createElement('script');
      s.src = new URL(file, base).href;
      document.head.appendChild(s);
    }
    s.addEventListener('load', done, { once: true });
    s.addEventListener('error', done, { once: true });
  });
}

/**
 * The folder URL of the classic script running now (document.currentScript: set only while a
 * script first runs), else the page's.
 */
export function scriptBase() {
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  return new URL('.', script?.src || document.baseURI).href;
}

/**
 * The engine factory of a classic script (attn-widgets.js, attn-core.js): its WebAssembly from
 * attn-engine.wasm or attn-engine-wasm.js next to that script (the legacy form from
 * attn-engine-legacy.wasm or attn-engine-wasm-legacy.js), compiled from now on. Call it while
 * the script first runs, the only moment document.currentScript is set.
 * @param {(overrides: object) => Promise<any>} createModule
 */
export function scriptEngineFactory(createModule) {
  const base = scriptBase();
  const factory = engineFactory(createModule, {
    url: new URL('attn-engine.wasm', base).href,
    gzipBase64: () => scriptGlobal('AttnEngineWasm', 'attn-engine-wasm.js', base),
    legacyUrl: new URL('attn-engine-legacy.wasm', base).href,
    legacyGzipBase64: () =>
      scriptGlobal('AttnEngineWasmLegacy', 'attn-engine-wasm-legacy.js', base),
  });
  // Unpacking and compiling start now, while the widget scripts after this one load and run,
  // not when the first widget asks for the engine. A failure is reported to that widget.
  factory.wasmModule().catch(() => {});
  return factory;
}
