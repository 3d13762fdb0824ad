// Which form of WebAssembly's exception handling this browser runs. The engine is C++ that
// throws (compiled with -fwasm-exceptions), and Emscripten 3.1.6 emits the legacy instructions
// (try / catch / delegate), which browsers are retiring (Firefox ESR 153 warns on every page
// that instantiates them); scripts/bundle.mjs ships each module also translated to the standard
// form (try_table / exnref, binaryen's wasm-opt --translate-to-exnref), and the engine's loader
// (web/engine-wasm.js) and the page loader (web/loader.js) pick the standard form wherever this
// says the browser has it, the legacy one elsewhere (node 20, older browsers).

/**
 * The smallest module that uses the standard form: a function whose try_table catches into an
 * exnref block (`block (result exnref) try_table (catch_all_ref 0) end unreachable end drop`).
 */
export const EXNREF_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0, 10, 15, 1, 13, 0, 2, 105, 31, 64, 1,
  3, 0, 11, 0, 11, 26, 11,
]);

/** @type {boolean | undefined} */
let exnref;

/** Whether this engine validates try_table and exnref (asked once). */
export function exnrefSupported() {
  exnref ??= typeof WebAssembly === 'object' && WebAssembly.validate(EXNREF_PROBE);
  return exnref;
}
