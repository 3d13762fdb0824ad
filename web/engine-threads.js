// The threaded engine of <attn-open-model> (CMakeLists.txt's attn-engine-threads: the whole
// engine linked with Emscripten's pthreads, Web Workers over one SharedArrayBuffer; the open
// model's products split over them, the same bits on any count: thread_pool.hpp). A browser
// gives a page SharedArrayBuffer only when the page is cross-origin isolated, i.e. served over
// http(s) with both
//   Cross-Origin-Opener-Policy: same-origin
//   Cross-Origin-Embedder-Policy: require-corp
// (npm start's server sends them; docs/embedding.md says what a host must send). Anywhere else
// (a page opened from disk, a host without those headers, a one-core machine, a failed load)
// the element keeps the single-threaded engine its own script carries, and says why.
// The three files (dist/attn-engine-threads.js, .wasm, .worker.js) are loaded by address from
// the folder of the element's script, so nothing of them weighs on a page that cannot use them.

/** At most this many threads: past it the products are too short to share (measured on 2). */
export const MAX_THREADS = 8;

/**
 * Why a page cannot run the threaded engine, or null if it can: opened from disk, not
 * cross-origin isolated, isolated but given no SharedArrayBuffer all the same (WebKitGTK 2.50
 * does that), or one core.
 * @param {{ location?: { protocol: string }, crossOriginIsolated?: boolean,
 *   SharedArrayBuffer?: unknown, navigator?: { hardwareConcurrency?: number } }} [g]
 * @returns {'file' | 'isolation' | 'shared-memory' | 'cores' | null}
 */
export function threadsUnavailable(g = /** @type {any} */ (globalThis)) {
  if (!/^https?:$/.test(g.location?.protocol ?? '')) return 'file';
  if (!g.crossOriginIsolated) return 'isolation';
  if (typeof g.SharedArrayBuffer !== 'function') return 'shared-memory';
  if (threadsFor(g.navigator?.hardwareConcurrency) < 2) return 'cores';
  return null;
}

/**
 * Threads for a machine of `cores` logical cores: all of them, at most MAX_THREADS.
 * @param {number | undefined} cores
 */
export function threadsFor(cores) {
  return Math.max(1, Math.min(MAX_THREADS, Math.floor(Number(cores) || 1)));
}

/**
 * Adds the classic script `src` to the page once; resolves when it ran.
 * @param {string} src
 * @returns {Promise<void>}
 */
function addScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => resolve();
    s.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(s);
  });
}

/**
 * A factory of threaded engines, each running `threads` threads (its own and threads − 1 workers
 * started with it), from the files in the folder `base`.
 * @param {string} base the folder URL of the element's script
 * @param {number} threads
 * @returns {() => Promise<any>}
 */
export function threadedEngineFactory(base, threads) {
  /** @type {Promise<void> | undefined} */
  let glue;
  return async () => {
    glue ??= addScript(new URL('attn-engine-threads.js', base).href);
    await glue;
    const create = /** @type {any} */ (globalThis).createAttnEngineThreads;
    const engine = await create({
      attnWorkers: threads - 1,
      locateFile: (/** @type {string} */ file) => new URL(file, base).href,
    });
    engine.setThreads(threads);
    return engine;
  };
}
