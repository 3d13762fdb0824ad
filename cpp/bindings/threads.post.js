// Linked into attn-engine-threads.js only (CMakeLists.txt), after arity.post.js.
//
// The kernels' threads never outnumber the workers the module started with (Module.attnWorkers,
// its PTHREAD_POOL_SIZE): a thread without a ready worker gets one only once the page's thread
// returns to its event loop, and the page's thread waits for the pool's threads (a join, a
// piece of a product) without returning: it would wait forever. So threadsAvailable() is
// attnWorkers + 1 here, and setThreads clamps to it.
//
// Emscripten's pthreads keep their Web Workers (node: worker_threads) for the module's life,
// which keeps a node process running and a page's workers holding memory: terminateWorkers()
// stops the kernels' threads (setThreads(1) joins them) and ends every worker. The engine is
// unusable afterwards.
/* global Module, PThread, addOnPostRun */
addOnPostRun(() => {
  const threads = (Module['attnWorkers'] | 0) + 1;
  const setThreads = Module['setThreads'];
  Module['threadsAvailable'] = () => threads;
  Module['setThreads'] = (n) => setThreads(typeof n === 'number' && n > threads ? threads : n);
  Module['terminateWorkers'] = () => {
    setThreads(1);
    PThread.terminateAllThreads();
  };
});
