// The prebuilt engine: the three Emscripten outputs the bundle reads from build-wasm/
// (attn-engine.js, attn-course-engine.js, attn-trainer.js), kept brotli-compressed in prebuilt/
// with prebuilt/KEY, which says what they were built from: a hash of cpp/ (but cpp/bench/) and
// CMakeLists.txt, the toolchain, and each file's size and hash. A contributor who changes only
// JavaScript needs no Emscripten: `npm run test:js`, `test:browser` and `build` unpack these
// (CONTRIBUTING.md).
//
//   node scripts/prebuilt.mjs engine   make build-wasm/ and dist/attn-engine.js ready for the
//                                      bundle: a CMake build in build-wasm/ is used as it is;
//                                      otherwise prebuilt/ is unpacked there, and only if its
//                                      key matches cpp/ and CMakeLists.txt as they are now
//   node scripts/prebuilt.mjs refresh  after a build from source (scripts/build.sh): write
//                                      prebuilt/ from build-wasm/ where it differs
//   node scripts/prebuilt.mjs verify   CI (scripts/test.sh): prebuilt/ was built from these
//                                      sources, else fail saying how to refresh it; a different
//                                      toolchain or bytes are reported, not failed
//   node scripts/prebuilt.mjs key      print the key of the sources as they are now
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = join(root, 'build-wasm');
const prebuiltDir = join(root, 'prebuilt');

/** The threaded engine: three files (CMakeLists.txt: its glue, module and pthreads' worker). */
export const THREADED_ENGINE_FILES = [
  'attn-engine-threads.js',
  'attn-engine-threads.wasm',
  'attn-engine-threads.worker.js',
];
/** What the bundle reads from build-wasm/ (bundle.mjs); the first is dist/attn-engine.js. */
export const ENGINE_FILES = [
  'attn-engine.js',
  'attn-course-engine.js',
  'attn-trainer.js',
  ...THREADED_ENGINE_FILES,
];
/** The Debian packages whose versions make the toolchain (Emscripten 3.1.6 on the system clang). */
const TOOLCHAIN_PACKAGES = [
  'emscripten',
  'binaryen',
  'clang-14',
  'lld-14',
  'llvm-14',
  'node-acorn',
  'libxtensor-dev',
  'libxsimd-dev',
  'xtl-dev',
];
const REFRESH =
  'run `npm run build` with Emscripten (`npm run setup` installs it) and commit prebuilt/';

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir` (from `base`), sorted; dot files are an editor's, not the build's. */
function filesUnder(base, dir) {
  return readdirSync(join(base, dir), { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.'))
    .flatMap((e) => (e.isDirectory() ? filesUnder(base, `${dir}/${e.name}`) : [`${dir}/${e.name}`]))
    .sort();
}

/**
 * The hash of what the engine is built from: every file under cpp/ but the C++ benchmarks
 * (cpp/bench/, which no module links), and CMakeLists.txt, by path and content (line ends as
 * LF, so a Windows checkout gives the same key).
 */
export function sourcesHash(base = root) {
  const h = createHash('sha256');
  const sources = filesUnder(base, 'cpp').filter((p) => !p.startsWith('cpp/bench/'));
  for (const path of [...sources, 'CMakeLists.txt']) {
    const text = readFileSync(join(base, path)).toString('latin1').replace(/\r\n/g, '\n');
    h.update(`${path}\0${text.length}\0`).update(text, 'latin1');
  }
  return h.digest('hex');
}

/** The toolchain on this machine, or null without emcc. */
export function toolchain() {
  const emcc = spawnSync('emcc', ['--version'], { encoding: 'utf8' });
  if (emcc.status !== 0) return null;
  const dpkg = spawnSync(
    'dpkg-query',
    ['-W', '-f=${Package} ${Version}\\n', ...TOOLCHAIN_PACKAGES],
    { encoding: 'utf8' },
  );
  if (dpkg.status === 0) return dpkg.stdout.trim().split('\n').join('; ');
  return emcc.stdout.split('\n')[0].trim(); // not Debian: emcc's own version line
}

/**
 * prebuilt/KEY as an object: `sources`, `toolchain`, and per engine file its size and sha256.
 * @typedef {{ size: number, sha256: string }} FileKey
 * @returns {{ sources: string, toolchain: string, files: Record<string, FileKey> } | null}
 */
export function readKey(base = root) {
  const file = join(base, 'prebuilt', 'KEY');
  if (!existsSync(file)) return null;
  const key = { sources: '', toolchain: '', files: {} };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [field, ...rest] = line.split(' ');
    if (field === 'sources') key.sources = rest[0];
    else if (field === 'toolchain') key.toolchain = rest.join(' ');
    else if (field === 'file') key.files[rest[0]] = { size: Number(rest[1]), sha256: rest[2] };
  }
  return key;
}

function writeKey(sources, tools, files) {
  const lines = [
    '# The prebuilt engine in this folder and what it was built from (scripts/prebuilt.mjs).',
    '# sources: sha256 of cpp/ (not cpp/bench/) and CMakeLists.txt; file: name, bytes, sha256.',
    `sources ${sources}`,
    `toolchain ${tools}`,
    ...Object.entries(files).map(([f, { size, sha256: h }]) => `file ${f} ${size} ${h}`),
  ];
  writeFileSync(join(prebuiltDir, 'KEY'), `${lines.join('\n')}\n`);
}

const compressed = (f, base = root) => join(base, 'prebuilt', `${f}.br`);
/** An engine file as prebuilt/ holds it, uncompressed. */
export const unpack = (f, base = root) => brotliDecompressSync(readFileSync(compressed(f, base)));

/** Why prebuilt/ cannot stand for the sources as they are now, or null if it can. */
export function staleReason(base = root) {
  const key = readKey(base);
  if (!key) return 'prebuilt/KEY is missing';
  if (key.sources !== sourcesHash(base))
    return 'cpp/ or CMakeLists.txt changed since prebuilt/ was built (prebuilt/KEY)';
  for (const f of ENGINE_FILES) {
    if (!key.files[f]) return `prebuilt/KEY does not list ${f}`;
    if (!existsSync(compressed(f, base))) return `prebuilt/${f}.br is missing`;
  }
  return null;
}

/** The engine for the bundle: build-wasm/'s own build, or prebuilt/ unpacked into build-wasm/. */
function engine() {
  if (existsSync(join(buildDir, 'CMakeCache.txt'))) {
    const missing = ENGINE_FILES.filter((f) => !existsSync(join(buildDir, f)));
    if (missing.length) {
      console.error(
        `build-wasm/ is a CMake build without ${missing.join(', ')}: run npm run build`,
      );
      process.exit(1);
    }
  } else {
    const why = staleReason();
    if (why) {
      console.error(`prebuilt engine not used: ${why}.\nTo rebuild the engine, ${REFRESH}.`);
      process.exit(1);
    }
    const key = readKey();
    mkdirSync(buildDir, { recursive: true });
    // Emscripten's output is CommonJS under a "type": "module" package.json (as CMake writes).
    writeFileSync(join(buildDir, 'package.json'), '{"type": "commonjs"}\n');
    for (const f of ENGINE_FILES) {
      const bytes = unpack(f);
      if (sha256(bytes) !== key.files[f].sha256) {
        console.error(`prebuilt/${f}.br does not unpack to the file prebuilt/KEY names`);
        process.exit(1);
      }
      const out = join(buildDir, f);
      if (!existsSync(out) || sha256(readFileSync(out)) !== key.files[f].sha256)
        writeFileSync(out, bytes);
    }
  }
  mkdirSync(join(root, 'dist'), { recursive: true });
  copyFileSync(join(buildDir, 'attn-engine.js'), join(root, 'dist', 'attn-engine.js'));
}

/** The engine files as build-wasm/ holds them now, by size and hash. */
function built() {
  return Object.fromEntries(
    ENGINE_FILES.map((f) => {
      const bytes = readFileSync(join(buildDir, f));
      return [f, { size: bytes.length, sha256: sha256(bytes) }];
    }),
  );
}

/**
 * Exits with the reason if an engine file in build-wasm/ does not instantiate in node: a build
 * whose JS and wasm disagree (e.g. the import names, CMakeLists.txt's linker launcher says how)
 * must never become prebuilt/ or reach the tests as a crash deep inside a page.
 */
function checkInstantiates() {
  // The threaded engine reads its module from the file next to it (node has no fetch of paths
  // in Emscripten 3.1.6's glue) and keeps its workers until told: two threads, then ended.
  const create =
    'const f = require(process.argv[1]); const threads = process.argv[1].endsWith("-threads.js");' +
    '(f.default || f)(threads ? { attnWorkers: 1, wasmBinary: require("fs").readFileSync(' +
    'process.argv[1].replace(/\\.js$/, ".wasm")) } : {}).then((m) => {' +
    'if (threads && (m.setThreads(2) !== 2 || m.threadCount() !== 2)) throw new Error("no threads");' +
    'if (threads) m.terminateWorkers(); process.exit(0); })' +
    '.catch((e) => { console.error(String(e).slice(0, 400)); process.exit(1); });';
  for (const f of ENGINE_FILES.filter((f) => f.endsWith('.js') && !f.endsWith('.worker.js'))) {
    const r = spawnSync(process.execPath, ['-e', create, join(buildDir, f)], { encoding: 'utf8' });
    if (r.status !== 0) {
      const why = (r.stderr || '').trim().split('\n').pop();
      console.error(
        `build-wasm/${f} does not instantiate in node: ${why}\n` +
          'Rebuild it with `npm run build` (see the linker launcher in CMakeLists.txt).',
      );
      process.exit(1);
    }
  }
}

/** Differences between build-wasm/ (with this machine's toolchain) and prebuilt/KEY. */
function differences() {
  const key = readKey();
  const tools = toolchain();
  const files = built();
  const diffs = [];
  if (!key) return { diffs: ['no prebuilt/KEY'], files, tools };
  if (key.sources !== sourcesHash()) diffs.push('the sources (cpp/, CMakeLists.txt)');
  if (tools && key.toolchain !== tools) diffs.push(`the toolchain (was: ${key.toolchain})`);
  for (const f of ENGINE_FILES) {
    if (key.files[f]?.sha256 !== files[f].sha256) diffs.push(`build-wasm/${f}`);
    else if (!existsSync(compressed(f)) || sha256(unpack(f)) !== files[f].sha256)
      diffs.push(`prebuilt/${f}.br`);
  }
  return { diffs, files, tools };
}

function refresh() {
  checkInstantiates();
  const { diffs, files, tools } = differences();
  if (!tools) {
    console.error('prebuilt refresh: no emcc here, so build-wasm/ was not built from source');
    process.exit(1);
  }
  if (!diffs.length) return;
  mkdirSync(prebuiltDir, { recursive: true });
  const key = readKey();
  for (const f of ENGINE_FILES) {
    if (key?.files[f]?.sha256 === files[f].sha256 && existsSync(compressed(f))) continue;
    const bytes = readFileSync(join(buildDir, f));
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(compressed(f), br);
  }
  writeKey(sourcesHash(), tools, files);
  console.log(`prebuilt/ refreshed (it differed: ${diffs.join('; ')}): commit it with your change`);
}

function verify() {
  checkInstantiates();
  const { diffs, tools } = differences();
  if (!tools) {
    console.error('prebuilt verify needs emcc: it compares prebuilt/ with a build from source');
    process.exit(1);
  }
  // Stale sources fail: a JS-only contributor would test against an engine that is not cpp/'s.
  // Another toolchain (a later Debian point release on the CI machine) or other bytes from the
  // same sources are reported, not failed: the prebuilt engine is still the sources' engine, and
  // a build from source (this one) is what the tests after this step run.
  const stale = diffs.filter((d) => d === 'no prebuilt/KEY' || d.startsWith('the sources'));
  if (stale.length) {
    console.error(
      `prebuilt/ was not built from these sources (${stale.join('; ')}).\n` +
        `A JS-only contributor would test against a stale engine: ${REFRESH}.`,
    );
    process.exit(1);
  }
  if (diffs.length)
    console.warn(
      `prebuilt/ has this build's sources but differs from this build (${diffs.join('; ')}); ` +
        `the tests below run this build. To keep it byte for byte: ${REFRESH}.`,
    );
  else console.log('prebuilt/ is what the sources build (prebuilt/KEY)');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  if (command === 'engine') engine();
  else if (command === 'refresh') refresh();
  else if (command === 'verify') verify();
  else if (command === 'key') console.log(`sources ${sourcesHash()}\ntoolchain ${toolchain()}`);
  else {
    console.error('usage: node scripts/prebuilt.mjs engine|refresh|verify|key');
    process.exit(2);
  }
}
