// base64 ⇄ bytes: binary data where only text goes — the engine's WebAssembly, the lab's weights
// and the course's GGUF in the scripts a page opened from disk carries, a trained model in
// localStorage. atob and btoa are in browsers, workers and node ≥ 16.

/**
 * @param {string} s base64
 * @returns {Uint8Array<ArrayBuffer>}
 */
export function decodeBase64(s) {
  // The native decoder where there is one (Chromium 140, Firefox 133, Safari 18.2), several times
  // the loop's speed on the lab's weights (docs/benchmarks.md, "Figures behind the code").
  const native = /** @type {any} */ (Uint8Array).fromBase64;
  if (typeof native === 'function') return native.call(Uint8Array, s);
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * bytes → base64 (chunks: String.fromCharCode takes a bounded argument count).
 * @param {Uint8Array} bytes
 * @returns {string}
 */
export function encodeBase64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
