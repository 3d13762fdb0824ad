// Open-model generation speed against llama.cpp on the SAME GGUF file (issues 26, 44): single
// thread, and 2 threads where the page may run them.
//
//   node bench/open-model-peers.mjs [--rounds 3] [--layers 28] [--steps 8] [--only ours,
//                                   ours-page-1t,ours-page-2t,wllama,wllama-2t,llama.cpp]
//                                   [--files Q4_K_M,Q4_K_M-llama,F16]
//   (npm run bench:decode: installs the peers, builds the WASM engine, runs this)
//
// The model: a random-weight GGUF of Qwen3-0.6B's exact shapes (bench/open-model-gguf.mjs),
// written at run time into a temporary folder (removed at the end) as Q4_K_M and as F16 by the
// project's writer, plus Q4_K_M-llama: the F16 file quantised by llama.cpp's own quantiser
// (llama_model_quantize from node-llama-cpp's bundled libllama, bench/peers/llama-quantize.c,
// compiled here with cc; its mix has q6_k in 14 of 28 attn_v / ffn_down). Each engine opens
// every file and, per file, runs the prefill of the same 64-token prompt and greedy
// cached decode: the first token comes out of the prefill, then one warm-up step, then `steps`
// measured steps (each one token through every layer with the KV cache, plus the LM head).
//   ours       the engine built to WASM (ATTN_ENGINE_JS, default build-wasm/attn-engine.js, the
//              one cmake just built, not dist/) under node, the model opened by the widget's
//              loader (web/model-files/open-model-files.js, openModelFromFiles) from a node file
//              source; generation by openModelGenerateStart / Step, the engine's one cached
//              path that holds a 64-token prompt of this size (openModelGenerate refuses the whole
//              generation: past the work bound of one call): one layer per call.
//   wllama     @wllama/wllama (llama.cpp's WASM build) in Debian's Chromium (playwright-core),
//              n_threads 1: its single-thread path (no pthread pool; the page is cross-origin
//              isolated only because its WASM memory is declared shared), no WebGPU
//              (n_gpu_layers 0). Its completion API takes text: see PROMPT_TEXT. Prefill is the
//              server's prompt_ms, a step the growth of its predicted_ms from token to token
//              (timings_per_token), both measured inside llama.cpp's loop.
//   ours-page-1t, ours-page-2t  the open-model page itself (dist/open-model.html) in the same
//              Chromium, served by scripts/serve.mjs (npm start: cross-origin isolated, so the
//              element runs its threaded engine, dist/attn-engine-threads.*), the GGUF picked by
//              its file input; timed around the element's engine calls as ours, after
//              setThreads(1) or setThreads(2) (the same bits either way).
//   wllama-2t  wllama with n_threads 2 (its pthreads build runs on the isolated page).
//   llama.cpp  node-llama-cpp 3.21.1 (its prebuilt linux-x64 CPU binary; the GPU variants are
//              never installed), threads 1, LlamaContextSequence.evaluate: prefill until the
//              first token, then one next() per step.
// The peers are installed in bench/peers/ (npm ci there, by scripts/bench.sh), never by the root
// package.json. Each engine loads its two models once, runs one untimed warm-up generation per
// model, then 3 interleaved rounds (round r runs ours, wllama, llama.cpp in turn, each on every
// files); reported: the median over rounds of the prefill and of each round's median step, and
// round by round the decode speed-ups of ours over wllama (node and the page, 1 thread), of the
// page's 2 threads over its 1, and of the page over wllama at 2 threads (the load average printed
// at every round).
// Then the tokens (untimed, "the tokens" below): ours by the decode path against ours by the f32
// path and against llama.cpp native for 16 steps, and at a first difference the f32 path's
// log-probs of the two candidates.
//
// The memory bandwidth bound: one thread reading a 1 GiB buffer sequentially, measured here in
// node at the start and at the end, two ways: a Float64Array sum in plain JS (4 accumulators)
// and a WASM SIMD sum (v128 loads, 4 f64x2 accumulators; a 2 kB module assembled below). The
// faster (best of 5 runs, both measurements) is the bound: a decode step reads every matrix of
// the file once (the tied LM head included, the embedding lookup of one row not), so
// bound tokens/s = GB/s ÷ those bytes; each engine's share is its step time against that.
//
// Prints one JSON line per measurement, then a Markdown table. It only measures: no thresholds.
import { execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  existsSync,
  createReadStream,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from '../scripts/chromium-args.mjs';
import { openModelFromFiles } from '../web/model-files/open-model-files.js';
import { nodeFileSource } from '../tests/model-files/node-file-source.js';
import {
  QWEN3_06B,
  MODEL_TYPES,
  PROMPT_IDS,
  PROMPT_TEXT,
  decodeBytesOf,
  llamaQuantizeQ4KM,
  writeQwen3Gguf,
} from './open-model-gguf.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const peers = join(here, 'peers');
const require = createRequire(import.meta.url);

// ---- options ------------------------------------------------------------------------------
// ours-page-1t / -2t: the open-model page itself in Chromium, served cross-origin isolated by
// scripts/serve.mjs (npm start), its threaded engine on 1 and on 2 threads; wllama-2t: wllama
// with n_threads 2 (its pthreads build, the same page headers).
const ENGINES = ['ours', 'ours-page-1t', 'ours-page-2t', 'wllama', 'wllama-2t', 'llama.cpp'];
// Ours (the project's writer and quantiser) and llama-quantize's (llama.cpp's quantiser on the F16
// file). Every file is written; --files picks the ones the engines open (wllama's page has failed
// to fetch the third as a Blob: "Failed to fetch", about 2 GB of files in one page).
const LLAMA_Q4_K_M = 'Q4_K_M-llama';
const FILES = ['Q4_K_M', LLAMA_Q4_K_M, 'F16'];
const opts = {
  rounds: 3,
  layers: QWEN3_06B.nLayers,
  steps: 8,
  only: ENGINES.join(','),
  files: FILES.join(','),
};
const lists = ['only', 'files'];
const usage = () => {
  console.error(
    `usage: node bench/open-model-peers.mjs [--rounds 3] [--layers 28] [--steps 8] [--only ${ENGINES.join(',')}] [--files ${FILES.join(',')}]`,
  );
  process.exit(2);
};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const key = argv[i].replace(/^--/, '');
  if (!(key in opts) || argv[i] === key || i + 1 >= argv.length) usage();
  opts[key] = lists.includes(key) ? argv[++i] : Number(argv[++i]);
  if (!lists.includes(key) && !(Number.isInteger(opts[key]) && opts[key] >= 1)) usage();
}
const only = opts.only.split(',');
if (!only.every((e) => ENGINES.includes(e))) usage();
const TYPES = FILES.filter((f) => opts.files.split(',').includes(f));
if (TYPES.length !== opts.files.split(',').length) usage();
const GENERATED = 1 + 1 + opts.steps; // the prefill's token, the warm-up step, the measured ones

// ---- helpers ------------------------------------------------------------------------------
const emit = (o) => console.log(JSON.stringify(o));
const log = (s) => console.error(`open-model-peers: ${s}`);
const loadAvg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const round2 = (x) => Math.round(x * 100) / 100;
const round4 = (x) => Math.round(x * 1e4) / 1e4;

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/** The decode steps after the warm-up one, their median, and the prefill, rounded for JSON. */
function result(prefillMs, stepsMs, tokens) {
  const measured = stepsMs.slice(1);
  return {
    prefillMs: round2(prefillMs),
    decodeMs: round2(median(measured)),
    warmupStepMs: round2(stepsMs[0]),
    stepsMs: measured.map(round2),
    tokens,
  };
}

// ---- memory bandwidth ---------------------------------------------------------------------
const GIB = 2 ** 30;

/** Σ a[i] in plain JS, 4 independent accumulators (one chain would be add-latency bound). */
function sumF64(a) {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0;
  for (let i = 0; i < a.length; i += 4) {
    s0 += a[i];
    s1 += a[i + 1];
    s2 += a[i + 2];
    s3 += a[i + 3];
  }
  return s0 + s1 + s2 + s3;
}

/**
 * A WASM module with a memory of 1 GiB + 1 page and sum(bytes) → f64: Σ over the first `bytes`
 * bytes as f64x2, 64 bytes (4 v128 loads into 4 accumulators) per iteration.
 */
function simdSumModule() {
  const leb = (n) => {
    const out = [];
    do {
      let b = n & 0x7f;
      n >>>= 7;
      if (n) b |= 0x80;
      out.push(b);
    } while (n);
    return out;
  };
  const section = (id, bytes) => [id, ...leb(bytes.length), ...bytes];
  const name = (s) => [s.length, ...Buffer.from(s)];
  const get = (i) => [0x20, i],
    set = (i) => [0x21, i];
  const load = (offset) => [0xfd, 0x00, 4, ...leb(offset)]; // v128.load align=16
  const add = [0xfd, 0xf0, 0x01]; // f64x2.add
  const body = [
    ...[2, 1, 0x7f, 4, 0x7b], // locals: i32 i; v128 acc0..acc3 (locals 2..5)
    ...[0x03, 0x40], // loop
    ...[0, 16, 32, 48].flatMap((o, k) => [
      ...get(2 + k),
      ...get(1),
      ...load(o),
      ...add,
      ...set(2 + k),
    ]),
    ...get(1),
    ...[0x41, 0xc0, 0x00, 0x6a, 0x22, 1], // i += 64: i32.const 64 (signed LEB), add, tee
    ...get(0),
    ...[0x49, 0x0d, 0], // i32.lt_u, br_if 0
    0x0b, // end loop
    ...[...get(2), ...get(3), ...add, ...get(4), ...add, ...get(5), ...add],
    ...[0x22, 2, 0xfd, 0x21, 0, ...get(2), 0xfd, 0x21, 1, 0xa0], // lane 0 + lane 1
    0x0b,
  ];
  const bytes = new Uint8Array([
    ...[0, 0x61, 0x73, 0x6d, 1, 0, 0, 0],
    ...section(1, [1, 0x60, 1, 0x7f, 1, 0x7c]), // type: (i32) → f64
    ...section(3, [1, 0]),
    ...section(5, [1, 0, ...leb(GIB / 65536 + 1)]), // memory
    ...section(7, [2, ...name('mem'), 2, 0, ...name('sum'), 0, 0]),
    ...section(10, [1, ...leb(body.length), ...body]),
  ]);
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;
}

/** GB/s of `read` over `bytes`: one warm-up, then the best and the median of 5; checks the sum. */
function rate(read, bytes, expected) {
  if (read() !== expected) throw new Error(`bandwidth: the sum is not ${expected}`);
  const gbps = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    read();
    gbps.push(bytes / ((performance.now() - t0) / 1000) / 1e9);
  }
  return { best: round2(Math.max(...gbps)), median: round2(median(gbps)) };
}

function bandwidth(when) {
  const a = new Float64Array(GIB / 8).fill(1); // every page written: reads come from DRAM
  const js = rate(() => sumF64(a), GIB, GIB / 8);
  const wasm = simdSumModule();
  new Float64Array(wasm.mem.buffer, 0, GIB / 8).fill(1);
  const simd = rate(() => wasm.sum(GIB), GIB, GIB / 8);
  const out = { bandwidth: when, bytes: GIB, jsFloat64ArrayGBps: js, wasmSimdGBps: simd };
  emit(out);
  return out;
}

// ---- the model files ----------------------------------------------------------------------
/**
 * llama.cpp's quantiser as a program: bench/peers/llama-quantize.c compiled with cc against the
 * headers of the llama.cpp release node-llama-cpp bundles (its git bundle) and linked to its
 * prebuilt libllama. Returns the program's path.
 */
function buildLlamaQuantize(dir) {
  const nlc = join(peers, 'node_modules/node-llama-cpp/llama');
  const src = join(dir, 'llama.cpp');
  execFileSync('git', ['clone', '--quiet', '--no-checkout', join(nlc, 'gitRelease.bundle'), src]);
  const inc = join(dir, 'include');
  mkdirSync(inc);
  for (const h of ['include/llama.h', 'ggml/include/ggml.h', 'ggml/include/ggml-cpu.h'].concat(
    ['ggml-backend.h', 'ggml-alloc.h', 'ggml-opt.h', 'gguf.h'].map((f) => `ggml/include/${f}`),
  ))
    writeFileSync(
      join(inc, h.split('/').pop()),
      execFileSync('git', ['-C', src, 'show', `HEAD:${h}`], { maxBuffer: 1 << 26 }),
    );
  const bins = join(peers, 'node_modules/@node-llama-cpp/linux-x64/bins/linux-x64');
  const lib = readdirSync(bins).find((f) => /^libllama\..*so$/.test(f));
  if (!lib) throw new Error(`no libllama in ${bins}`);
  const exe = join(dir, 'llama-quantize');
  execFileSync(
    'cc',
    ['-O1', '-I', inc, join(peers, 'llama-quantize.c'), '-L', bins, `-l:${lib}`].concat([
      `-Wl,-rpath,${bins}`,
      '-o',
      exe,
    ]),
  );
  return exe;
}

function writeModels(dir) {
  const files = {};
  const note = (type, f, t0) =>
    emit({
      model: 'qwen3-0.6b-shapes',
      type,
      layers: opts.layers,
      fileBytes: f.fileBytes,
      weightBytes: f.weightBytes,
      decodeBytes: f.decodeBytes,
      byType: f.byType,
      writeSeconds: round2((performance.now() - t0) / 1000),
    });
  for (const type of Object.keys(MODEL_TYPES)) {
    const t0 = performance.now();
    files[type] = writeQwen3Gguf(join(dir, `qwen3-0.6b-shapes-${type}.gguf`), type, {
      layers: opts.layers,
    });
    note(type, files[type], t0);
  }
  // llama-quantize's Q4_K_M of the F16 file, by llama.cpp's own code (one thread).
  const t0 = performance.now();
  const path = join(dir, `qwen3-0.6b-shapes-${LLAMA_Q4_K_M}.gguf`);
  execFileSync(buildLlamaQuantize(dir), [files.F16.path, path], { stdio: 'ignore' });
  files[LLAMA_Q4_K_M] = {
    path,
    fileBytes: statSync(path).size,
    decodeBytes: decodeBytesOf(llamaQuantizeQ4KM, opts.layers),
    quantizer: 'llama.cpp (llama_model_quantize, node-llama-cpp bundled libllama)',
  };
  note(LLAMA_Q4_K_M, files[LLAMA_Q4_K_M], t0);
  return files;
}

function samePrompt(engine, ids) {
  const same = ids.length === PROMPT_IDS.length && ids.every((t, i) => t === PROMPT_IDS[i]);
  if (!same)
    throw new Error(
      `${engine}'s tokenizer maps the prompt text to [${ids}], not the benchmark's ids [${PROMPT_IDS}]`,
    );
}

// ---- ours ---------------------------------------------------------------------------------
async function ours(files) {
  const path = resolve(process.env.ATTN_ENGINE_JS || join(root, 'build-wasm', 'attn-engine.js'));
  const engine = await require(path)();
  const info = { engine: 'ours', path, built: statSync(path).mtime.toISOString() };
  const models = {};
  for (const type of TYPES) {
    const t0 = performance.now();
    const m = await openModelFromFiles(engine, [nodeFileSource(files[type].path)]);
    models[type] = m;
    samePrompt('our loader', m.tokenizer.encode(PROMPT_TEXT));
    emit({
      ...info,
      type,
      loadSeconds: round2((performance.now() - t0) / 1000),
      weightBytes: m.weightBytes,
      dtypeSummary: m.dtypeSummary,
    });
  }
  /** Greedy tokens: the prefill's and then n − 1 cached steps (decode path, or f32 if exact). */
  const tokens = (type, n, exact) => {
    const gen = engine.openModelGenerateStart(models[type].id, PROMPT_IDS, n, { exact });
    for (;;) {
      const s = engine.openModelGenerateStep(gen);
      if (s.done) return s.generated;
    }
  };
  /** The f32 path's last-row logits after `ids` (one pass, no cache, every layer). */
  const f32Logits = (type, ids) => {
    const pass = engine.openModelPass(models[type].id, ids, { attention: false });
    while (!engine.openModelPassStep(pass).done);
    return engine.openModelPassResult(pass, { attention: false }).logitsLast;
  };
  return {
    label: 'ours WASM SIMD (node)',
    tokens,
    f32Logits,
    async run(type) {
      const stepsMs = [];
      let t = performance.now();
      const t0 = t;
      let prefill = 0;
      const gen = engine.openModelGenerateStart(models[type].id, PROMPT_IDS, GENERATED);
      for (;;) {
        const s = engine.openModelGenerateStep(gen);
        if (s.token !== null) {
          const now = performance.now();
          if (prefill) stepsMs.push(now - t);
          else prefill = now - t0;
          t = now;
        }
        if (s.done) return result(prefill, stepsMs, s.generated);
      }
    },
    async close() {
      for (const m of Object.values(models)) engine.openModelUnload(m.id);
    },
  };
}

// ---- ours in Chromium: the open-model page itself -------------------------------------------
// open-model.html from dist/ served by scripts/serve.mjs (cross-origin isolated, as npm start
// serves it), one page per file (the element holds one model), the GGUF picked by its file input;
// generation timed around the element's own engine calls (openModelGenerateStart / Step), on
// `threads` threads of its threaded engine (setThreads before each run: the same bits on any
// count, tests/js/engine-threads.test.mjs).
let oursPageShared;
function oursPage(files) {
  oursPageShared ??= (async () => {
    const { chromium } = await import('playwright-core');
    const { serve } = await import('../scripts/serve.mjs');
    const { server, url } = await serve(0);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await browser.close();
      server.close();
    };
    try {
      const pages = {};
      for (const type of TYPES) {
        const page = await browser.newPage();
        page.on('pageerror', (e) => log(`open-model page error: ${e.message}`));
        await page.goto(`${url}open-model.html?lang=en`);
        await page.waitForFunction(() => document.querySelector('attn-open-model')?.rt);
        const t0 = performance.now();
        await page
          .locator('attn-open-model input[type=file]:not([webkitdirectory])')
          .setInputFiles(files[type].path);
        await page.waitForFunction(
          () => {
            const el = document.querySelector('attn-open-model');
            return (!el.busy && el.progress === null && el.result) || el.dataset.error;
          },
          null,
          { timeout: 600000 },
        );
        const info = await page.evaluate(() => {
          const el = document.querySelector('attn-open-model');
          return {
            error: el.dataset.error ?? null,
            threads: el.threads,
            isolated: crossOriginIsolated,
          };
        });
        if (info.error) throw new Error(`open-model page: ${info.error}`);
        emit({
          engine: 'ours-page',
          chromium: browser.version(),
          type,
          loadSeconds: round2((performance.now() - t0) / 1000),
          ...info,
        });
        pages[type] = page;
      }
      return {
        close,
        /** One timed generation on `threads` threads (at most what the page started). */
        async run(type, threads) {
          const r = await pages[type].evaluate(
            ([prompt, n, t]) => {
              const el = document.querySelector('attn-open-model');
              const engine = el.rt.engine;
              const got = engine.setThreads(t);
              const stepsMs = [];
              const t0 = performance.now();
              let last = t0;
              let prefill = 0;
              const gen = engine.openModelGenerateStart(el.model.id, prompt, n);
              for (;;) {
                const s = engine.openModelGenerateStep(gen);
                if (s.token !== null) {
                  const now = performance.now();
                  if (prefill) stepsMs.push(now - last);
                  else prefill = now - t0;
                  last = now;
                }
                if (s.done) return { got, prefill, stepsMs, tokens: s.generated };
              }
            },
            [PROMPT_IDS, GENERATED, threads],
          );
          if (r.got !== threads) throw new Error(`the page runs ${r.got} threads, not ${threads}`);
          return result(r.prefill, r.stepsMs, r.tokens);
        },
      };
    } catch (e) {
      await close();
      throw e;
    }
  })();
  return oursPageShared;
}

/** The page's engine as one bench engine: `threads` threads. */
async function oursPageEngine(files, threads) {
  const shared = await oursPage(files);
  return {
    label: `ours, the open-model page in Chromium (${threads === 1 ? '1 thread' : `${threads} threads`})`,
    run: (type) => shared.run(type, threads),
    close: shared.close,
  };
}

// ---- llama.cpp native (node-llama-cpp) ----------------------------------------------------
const peerPackage = (name) =>
  JSON.parse(readFileSync(join(peers, 'node_modules', name, 'package.json'), 'utf8'));

async function llamaCpp(files) {
  const version = peerPackage('node-llama-cpp').version;
  const nlc = await import(pathToFileURL(join(peers, 'node_modules/node-llama-cpp/dist/index.js')));
  // The prebuilt CPU binary as installed; never a build from source, never a GPU.
  const llama = await nlc.getLlama({
    gpu: false,
    build: 'never',
    maxThreads: 1,
    logLevel: nlc.LlamaLogLevel.error,
  });
  const release = JSON.parse(
    readFileSync(join(peers, 'node_modules/node-llama-cpp/llama/llama.cpp.info.json'), 'utf8'),
  );
  const info = {
    engine: 'llama.cpp',
    nodeLlamaCpp: version,
    llamaCpp: release.tag,
    buildType: llama.buildType,
    gpu: llama.gpu,
    systemInfo: llama.systemInfo,
  };
  const models = {};
  for (const type of TYPES) {
    const t0 = performance.now();
    const model = await llama.loadModel({ modelPath: files[type].path, gpuLayers: 0 });
    const context = await model.createContext({ contextSize: 256, threads: 1, sequences: 1 });
    samePrompt('llama.cpp', model.tokenize(PROMPT_TEXT, false));
    models[type] = { model, context, sequence: context.getSequence() };
    emit({
      ...info,
      type,
      loadSeconds: round2((performance.now() - t0) / 1000),
      threads: context.currentThreads,
      contextSize: context.contextSize,
      batchSize: context.batchSize,
    });
  }
  return {
    label: `llama.cpp native (node-llama-cpp ${version}, threads 1)`,
    version,
    /** Greedy tokens: the prefill's and then n − 1 cached steps. */
    async tokens(type, n) {
      const { sequence } = models[type];
      await sequence.clearHistory();
      const out = [];
      const it = sequence.evaluate(PROMPT_IDS, { temperature: 0 });
      for (let i = 0; i < n; i++) out.push((await it.next()).value);
      await it.return();
      return out;
    },
    async run(type) {
      const { sequence } = models[type];
      await sequence.clearHistory();
      const stepsMs = [];
      const tokens = [];
      const it = sequence.evaluate(PROMPT_IDS, { temperature: 0 });
      let t = performance.now();
      for (let i = 0; i < GENERATED; i++) {
        const { value } = await it.next();
        const now = performance.now();
        stepsMs.push(now - t);
        tokens.push(value);
        t = now;
      }
      await it.return();
      return result(stepsMs[0], stepsMs.slice(1), tokens);
    },
    async close() {
      for (const { context, model } of Object.values(models)) {
        await context.dispose();
        await model.dispose();
      }
      await llama.dispose();
    },
  };
}

// ---- wllama in Chromium -------------------------------------------------------------------
// The page: one Wllama per model, loaded from a Blob of the file. A completion of GENERATED
// tokens with the prompt cache off (every round runs the whole prefill), EOS ignored, greedy,
// llama.cpp's timings with every streamed token.
const WLLAMA_PAGE = `<!doctype html><meta charset="utf-8"><title>wllama bench</title>
<script type="module">
import { Wllama } from '/wllama/esm/index.js';
const models = {};
const quiet = { ...console, debug() {}, log() {}, info() {} };
window.wllamaLoad = async (key, url, nCtx, nThreads) => {
  const blob = await (await fetch(url)).blob();
  const w = new Wllama({ default: '/wllama/esm/wasm/wllama.wasm' }, { suppressNativeLog: true, logger: quiet });
  const t0 = performance.now();
  await w.loadModel([blob], { n_ctx: nCtx, n_threads: nThreads, n_gpu_layers: 0, n_parallel: 1 });
  models[key] = w;
  return { loadMs: performance.now() - t0, multithread: w.isMultithread(), threads: w.getNumThreads(),
    crossOriginIsolated, libllama: Wllama.getLibllamaVersion() };
};
window.wllamaRun = async (key, prompt, n) => {
  const timings = [];
  await models[key].createCompletion({ prompt, max_tokens: n, temperature: 0, cache_prompt: false,
    ignore_eos: true, timings_per_token: true, stream: true,
    onData: (c) => c.timings && timings.push(c.timings) });
  return timings;
};
window.ready = true;
</script>`;

/** A server on 127.0.0.1 of the page, wllama's files and the models; cross-origin isolated. */
async function wllamaServer(dir) {
  const wllamaDir = join(peers, 'node_modules/@wllama/wllama');
  const mime = { '.js': 'text/javascript', '.wasm': 'application/wasm' };
  const server = createServer((req, res) => {
    const headers = {
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'same-origin',
    };
    const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    if (path === '/favicon.ico') {
      res.writeHead(204, headers);
      res.end();
      return;
    }
    if (path === '/') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
      res.end(WLLAMA_PAGE);
      return;
    }
    const file = path.startsWith('/wllama/')
      ? join(wllamaDir, path.slice('/wllama/'.length))
      : path.startsWith('/models/')
        ? join(dir, path.slice('/models/'.length))
        : null;
    if (!file || file.includes('..') || !existsSync(file)) {
      res.writeHead(404, headers);
      res.end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      'Content-Type': mime[extname(file)] ?? 'application/octet-stream',
      'Content-Length': statSync(file).size,
    });
    createReadStream(file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

async function wllama(files, dir, threads = 1) {
  const version = peerPackage('@wllama/wllama').version;
  const { chromium } = await import('playwright-core');
  const { server, url } = await wllamaServer(dir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const close = async () => {
    await browser.close();
    server.close();
  };
  try {
    const page = await browser.newPage();
    page.on('console', (m) => m.type() === 'error' && log(`wllama page: ${m.text()}`));
    page.on('pageerror', (e) => log(`wllama page error: ${e.message}`));
    await page.goto(url);
    await page.waitForFunction(() => window.ready === true);
    const chromiumVersion = browser.version();
    for (const type of TYPES) {
      const name = files[type].path.split('/').pop();
      const r = await page.evaluate(
        ([k, u, n, t]) => window.wllamaLoad(k, u, n, t),
        [type, `/models/${name}`, 256, threads],
      );
      if (r.threads !== threads)
        throw new Error(
          `wllama runs ${r.threads} threads (multithread ${r.multithread}), not ${threads}`,
        );
      emit({
        engine: threads === 1 ? 'wllama' : `wllama-${threads}t`,
        version,
        chromium: chromiumVersion,
        type,
        loadSeconds: round2(r.loadMs / 1000),
        multithread: r.multithread,
        threads: r.threads,
        crossOriginIsolated: r.crossOriginIsolated,
        libllama: r.libllama,
      });
    }
    return {
      label: `wllama ${version} (${threads === 1 ? 'single thread' : `${threads} threads`})`,
      version,
      async run(type) {
        const timings = await page.evaluate(
          ([k, p, n]) => window.wllamaRun(k, p, n),
          [type, PROMPT_TEXT, GENERATED],
        );
        const last = timings.at(-1);
        if (last.prompt_n !== PROMPT_IDS.length || last.cache_n !== 0)
          throw new Error(
            `wllama ran ${last.prompt_n} prompt tokens (${last.cache_n} cached), expected ${PROMPT_IDS.length} (0)`,
          );
        // predicted_ms: from the first generated token to the latest; one step per new token.
        const at = new Map();
        for (const t of timings) if (!at.has(t.predicted_n)) at.set(t.predicted_n, t.predicted_ms);
        const stepsMs = [];
        for (let n = 2; n <= GENERATED; n++)
          if (at.has(n) && at.has(n - 1)) stepsMs.push(at.get(n) - at.get(n - 1));
        if (stepsMs.length < GENERATED - 1)
          throw new Error(
            `wllama reported timings for ${stepsMs.length} of ${GENERATED - 1} steps`,
          );
        return result(last.prompt_ms, stepsMs, null);
      },
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

// ---- the tokens ---------------------------------------------------------------------------
// Greedy tokens of the same prompt on the same file: ours by the decode path (what generation
// runs) against ours by the f32 path (exact: true means all equal) and against llama.cpp native,
// the prefill's token and CHECK_STEPS cached steps. At a first difference, the f32 path's logits
// after the common prefix say what the two candidates were worth: a near-tie (random weights
// leave small gaps, and llama.cpp rounds activations to 8 bits) or a real error.
const CHECK_STEPS = 16;

/** Index of the first difference of two token lists, or −1. */
function firstDifference(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** log softmax(logits) at the tokens `ids`, in float64. */
function logProbs(logits, ids) {
  let max = -Infinity;
  for (const v of logits) max = Math.max(max, v);
  let sum = 0;
  for (const v of logits) sum += Math.exp(v - max);
  const lse = max + Math.log(sum);
  return ids.map((t) => logits[t] - lse);
}

async function tokenCheck(engines, type) {
  const ours = engines.ours;
  const n = CHECK_STEPS + 1;
  const decode = ours.tokens(type, n, false);
  const f32 = ours.tokens(type, n, true);
  const against = (other) => {
    const at = firstDifference(decode, other);
    if (at < 0) return { same: n, of: n };
    const logits = ours.f32Logits(type, [...PROMPT_IDS, ...decode.slice(0, at)]);
    const [a, b] = [decode[at], other[at]];
    const [la, lb] = logProbs(logits, [a, b]);
    return {
      same: at,
      of: n,
      at,
      ours: a,
      other: b,
      f32Logits: [round4(logits[a]), round4(logits[b])],
      f32LogProbs: [round4(la), round4(lb)],
    };
  };
  const out = {
    tokens: type,
    steps: CHECK_STEPS,
    decode,
    f32,
    exact: firstDifference(decode, f32) < 0,
  };
  if (!out.exact) out.vsF32 = against(f32);
  if (engines['llama.cpp']) {
    out.llamaCpp = await engines['llama.cpp'].tokens(type, n);
    out.vsLlamaCpp = against(out.llamaCpp);
  }
  emit(out);
  return out;
}

/** One line of a token check for the notes under the table. */
function tokenLine(c) {
  const diff = (d, who) =>
    d.same === d.of
      ? `${who} ${d.of}/${d.of} equal`
      : `${who} equal up to token ${d.at} (of ${d.of}), where ours picks ${d.ours} and ${who.split(' ').at(-1)} ${d.other}: their f32 log-probs ${d.f32LogProbs[0]} and ${d.f32LogProbs[1]} (f32 logits ${d.f32Logits[0]}, ${d.f32Logits[1]})`;
  const parts = [`decode path vs f32 path: exact: ${c.exact}`];
  if (!c.exact) parts.push(diff(c.vsF32, 'vs the f32 path'));
  if (c.vsLlamaCpp) parts.push(diff(c.vsLlamaCpp, 'vs llama.cpp'));
  return `- ${c.tokens}, greedy tokens over the prefill and ${c.steps} steps: ${parts.join('; ')}.`;
}

// ---- the run ------------------------------------------------------------------------------
const fmtMs = (x) =>
  x === undefined ? '—' : x >= 100 ? Math.round(x).toLocaleString('en-US') : x.toFixed(1);
const fmtRatio = (a, b) => (a === undefined || b === undefined ? '—' : `${(a / b).toFixed(2)}×`);
const fmtShare = (bound, x) => (x === undefined ? '—' : `${((100 * bound) / x).toFixed(1)}%`);

async function main() {
  const loadStart = loadAvg();
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  log(
    `${cpus().length} cores, ${cpu}, node ${process.version}; load average ${loadStart} at start`,
  );
  emit({
    machine: `${cpus().length} cores, ${cpu}`,
    node: process.version,
    loadAverageStart: loadStart,
    ...opts,
  });

  const bw = [bandwidth('start')];
  const dir = mkdtempSync(join(tmpdir(), 'attn-decode-peers-'));
  const engines = {};
  try {
    log(`writing the GGUF files (${opts.layers} layers) into ${dir}`);
    const files = writeModels(dir);
    const makers = {
      ours: () => ours(files),
      'ours-page-1t': () => oursPageEngine(files, 1),
      'ours-page-2t': () => oursPageEngine(files, 2),
      wllama: () => wllama(files, dir),
      'wllama-2t': () => wllama(files, dir, 2),
      'llama.cpp': () => llamaCpp(files),
    };
    for (const name of ENGINES.filter((e) => only.includes(e))) {
      log(`loading ${name}`);
      try {
        engines[name] = await makers[name]();
        for (const type of TYPES) await engines[name].run(type); // untimed warm-up generation
      } catch (e) {
        emit({ engine: name, error: String(e?.message ?? e) });
        delete engines[name];
      }
    }
    const runs = {};
    const roundLoads = [];
    for (let round = 1; round <= opts.rounds; round++) {
      roundLoads.push(loadAvg());
      emit({ round, loadAverage: roundLoads.at(-1) });
      for (const [name, engine] of Object.entries(engines))
        for (const type of TYPES) {
          log(`round ${round}: ${name} ${type}`);
          try {
            const r = await engine.run(type);
            emit({ engine: name, type, round, ...r });
            ((runs[name] ??= {})[type] ??= [])[round - 1] = r;
          } catch (e) {
            emit({ engine: name, type, round, error: String(e?.message ?? e) });
          }
        }
    }
    bw.push(bandwidth('end'));
    const checks = [];
    if (engines.ours)
      for (const type of TYPES) {
        log(`tokens: ${type}`);
        checks.push(await tokenCheck(engines, type));
      }
    report(engines, runs, files, bw, loadStart, roundLoads, checks);
  } finally {
    for (const e of Object.values(engines)) await e.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(engines, runs, files, bw, loadStart, roundLoads, checks) {
  const summary = {};
  for (const [name, byType] of Object.entries(runs))
    for (const [type, all] of Object.entries(byType)) {
      const list = all.filter(Boolean);
      const s = {
        prefillMs: round2(median(list.map((r) => r.prefillMs))),
        decodeMs: round2(median(list.map((r) => r.decodeMs))),
        rounds: list.length,
      };
      (summary[name] ??= {})[type] = s;
      emit({ summary: name, type, ...s });
    }
  // Decode speed-ups, round by round (each round runs every engine in turn): ours over wllama
  // (node and Chromium, one thread), the page's 2 threads over its 1, and 2 threads each.
  const PAIRS = [
    ['ours', 'wllama'],
    ['ours-page-1t', 'wllama'],
    ['ours-page-2t', 'ours-page-1t'],
    ['ours-page-2t', 'wllama-2t'],
  ];
  const perRound = {};
  for (const [fast, slow] of PAIRS)
    for (const type of TYPES) {
      const a = runs[fast]?.[type] ?? [],
        b = runs[slow]?.[type] ?? [];
      if (!a.length || !b.length) continue;
      (perRound[`${fast}/${slow}`] ??= {})[type] = roundLoads.map((_, i) =>
        a[i] && b[i] ? round2(b[i].decodeMs / a[i].decodeMs) : null,
      );
      emit({
        decodeSpeedup: `${fast} over ${slow}`,
        type,
        perRound: perRound[`${fast}/${slow}`][type],
      });
    }
  // The page's greedy tokens against ours in node (the same engine code; any thread count).
  for (const name of ['ours-page-1t', 'ours-page-2t'])
    for (const type of TYPES) {
      const a = runs[name]?.[type]?.find(Boolean)?.tokens,
        b = runs.ours?.[type]?.find(Boolean)?.tokens;
      if (a && b) emit({ tokensEqualToOursNode: name, type, equal: a.join() === b.join() });
    }
  const best = Math.max(...bw.flatMap((b) => [b.jsFloat64ArrayGBps.best, b.wasmSimdGBps.best]));
  const how = bw.some((b) => b.wasmSimdGBps.best === best)
    ? 'WASM SIMD sum'
    : 'JS Float64Array sum';
  const bound = {};
  for (const type of TYPES) {
    const ms = (files[type].decodeBytes / (best * 1e9)) * 1000;
    bound[type] = { ms, tokensPerSecond: 1000 / ms };
    emit({
      bound: type,
      GBps: best,
      measuredBy: how,
      decodeBytes: files[type].decodeBytes,
      msPerToken: round2(ms),
      tokensPerSecond: round2(1000 / ms),
    });
  }
  const loadEnd = loadAvg();
  emit({ loadAverageEnd: loadEnd });

  const get = (name, type, key) => summary[name]?.[type]?.[key];
  const labels = {
    ours: 'ours WASM SIMD (node)',
    wllama: 'wllama (single thread)',
    'llama.cpp': 'llama.cpp native (node-llama-cpp 3.21.1, threads 1)',
  };
  for (const [name, e] of Object.entries(engines)) labels[name] = e.label;
  const lines = [];
  lines.push(
    `| engine | ${TYPES.map((t) => `${t} prefill (64 tokens) | ${t} decode per token`).join(' | ')} |`,
    `| --- | ${TYPES.map(() => '--: | --:').join(' | ')} |`,
  );
  for (const name of ENGINES.filter((e) => only.includes(e)))
    lines.push(
      `| ${labels[name]} | ${TYPES.map((t) => `${fmtMs(get(name, t, 'prefillMs'))} ms | ${fmtMs(get(name, t, 'decodeMs'))} ms`).join(' | ')} |`,
    );
  for (const peer of ['wllama', 'llama.cpp'])
    lines.push(
      `| ours ÷ ${peer} (time: > 1 ours slower) | ${TYPES.map((t) => `${fmtRatio(get('ours', t, 'prefillMs'), get(peer, t, 'prefillMs'))} | ${fmtRatio(get('ours', t, 'decodeMs'), get(peer, t, 'decodeMs'))}`).join(' | ')} |`,
    );
  for (const [fast, slow] of PAIRS) {
    const byType = perRound[`${fast}/${slow}`];
    if (byType)
      lines.push(
        `| decode speed-up of ${fast} over ${slow}, round by round | ${TYPES.map((t) => `— | ${(byType[t] ?? []).map((x) => (x === null ? '—' : `${x.toFixed(2)}×`)).join(', ')}`).join(' | ')} |`,
      );
  }
  lines.push(
    `| memory bandwidth bound (${best.toFixed(1)} GB/s, ${how}) | ${TYPES.map((t) => `— | ${fmtMs(bound[t].ms)} ms (${bound[t].tokensPerSecond.toFixed(1)} tokens/s)`).join(' | ')} |`,
  );
  for (const name of ENGINES.filter((e) => only.includes(e)))
    lines.push(
      `| ${name}: share of the bound | ${TYPES.map((t) => `— | ${fmtShare(bound[t].ms, get(name, t, 'decodeMs'))}`).join(' | ')} |`,
    );
  console.log('');
  console.log(lines.join('\n'));
  console.log('');
  const mb = (t) => (files[t].decodeBytes / 1e6).toFixed(1);
  const gbps = (key) => bw.map((b) => b[key].best).join(' / ');
  console.log(
    [
      `- Median over ${opts.rounds} interleaved rounds (round r: ours, wllama, llama.cpp in turn) of the prefill and of each round's median of ${opts.steps} cached greedy decode steps, after one warm-up step and one untimed warm-up generation per model; ${opts.layers} layers; the same GGUF files for every engine.`,
      "- ours: wall clock around the engine calls in node (openModelGenerateStart / Step, one layer per call); llama.cpp native: wall clock around node-llama-cpp's evaluate() (prefill to the first token, then one token per next()); wllama: llama.cpp's own timings in Chromium (prompt_ms; the growth of predicted_ms per token), the prompt given as text that llama.cpp's tokenizer maps to the same 64 ids (checked; wllama 3 takes no token ids).",
      `- Bound: weights read per decode step (every matrix once, the tied LM head included) ${TYPES.map((t) => `${t} ${mb(t)} MB`).join(', ')}, over one thread's sequential read of 1 GiB (best of 5): WASM SIMD sum ${gbps('wasmSimdGBps')} GB/s, JS Float64Array sum ${gbps('jsFloat64ArrayGBps')} GB/s (start / end); share = bound time ÷ the engine's step.`,
      ...checks.map(tokenLine),
      `- Load average ${loadStart} at start, ${roundLoads.map((l, i) => `${l} at round ${i + 1}`).join(', ')}, ${loadEnd} at end.`,
    ].join('\n'),
  );
}

await main();
