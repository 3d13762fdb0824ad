// The prebuilt engine (prebuilt/, scripts/prebuilt.mjs) stands for the sources as they are: its
// key names cpp/ and CMakeLists.txt as they are now, its files unpack to the bytes the key names,
// and a changed source makes it refused, not used. (That the prebuilt files are what the sources
// build is checked where Emscripten is: `npm test` builds from source and runs
// `node scripts/prebuilt.mjs verify`.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ENGINE_FILES,
  readKey,
  sourcesHash,
  staleReason,
  unpack,
} from '../../scripts/prebuilt.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const REFRESH = 'refresh it: `npm run build` with Emscripten, then commit prebuilt/';

test('prebuilt/KEY names cpp/ and CMakeLists.txt as they are now', () => {
  const key = readKey();
  assert.ok(key, 'prebuilt/KEY exists');
  assert.equal(
    key.sources,
    sourcesHash(),
    `the sources changed since prebuilt/ was built: ${REFRESH}`,
  );
  assert.match(key.toolchain, /emscripten 3\.1\.6/, 'built by the project toolchain');
  assert.equal(staleReason(), null);
});

test('each prebuilt file unpacks to the bytes prebuilt/KEY names', () => {
  const key = readKey();
  assert.deepEqual(Object.keys(key.files).sort(), [...ENGINE_FILES].sort());
  for (const f of ENGINE_FILES) {
    const bytes = unpack(f);
    assert.equal(bytes.length, key.files[f].size, f);
    assert.equal(sha256(bytes), key.files[f].sha256, f);
    if (f.endsWith('.wasm')) assert.equal(bytes.toString('latin1', 0, 4), '\0asm', f);
    else if (f.endsWith('.worker.js')) assert.match(bytes.toString('latin1'), /importScripts/, f);
    // An Emscripten module's glue (with its WebAssembly inline but for the threaded engine's).
    else
      assert.match(
        bytes.toString('latin1', 0, 4096),
        /createAttn(Engine|EngineThreads|Trainer)\b/,
        f,
      );
  }
});

test('a changed source, a CMakeLists.txt change or a missing file makes the prebuilt refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'attn-prebuilt-'));
  try {
    for (const p of ['cpp', 'CMakeLists.txt', 'prebuilt'])
      cpSync(join(root, p), join(dir, p), { recursive: true });
    assert.equal(staleReason(dir), null, 'a copy of the repository is as fresh as it');

    // Line ends do not count (a Windows checkout), content does.
    const file = join(dir, 'cpp/src/ops/softmax.cpp');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/\n/g, '\r\n'));
    assert.equal(staleReason(dir), null, 'CRLF line ends give the same key');
    writeFileSync(file, `${text}// one more line\n`);
    assert.match(staleReason(dir), /cpp\/ or CMakeLists\.txt changed/);
    writeFileSync(file, text);

    const bench = join(dir, 'cpp/bench/attention_bench.cpp');
    writeFileSync(bench, `${readFileSync(bench, 'utf8')}// a benchmark no module links\n`);
    assert.equal(staleReason(dir), null, 'cpp/bench/ is not an input of the modules');

    writeFileSync(join(dir, 'cpp/src/new_kernel.cpp'), '// a new file the GLOB picks up\n');
    assert.match(staleReason(dir), /changed/, 'a new source file counts');
    rmSync(join(dir, 'cpp/src/new_kernel.cpp'));

    const cmake = join(dir, 'CMakeLists.txt');
    const flags = readFileSync(cmake, 'utf8');
    writeFileSync(cmake, flags.replace('-O3', '-O2'));
    assert.match(staleReason(dir), /changed/);
    writeFileSync(cmake, flags);

    assert.equal(staleReason(dir), null);
    rmSync(join(dir, 'prebuilt/attn-trainer.js.br'));
    assert.match(staleReason(dir), /attn-trainer\.js\.br is missing/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const build = join(root, 'build-wasm');
test(
  'without a CMake build in build-wasm/, the engine these tests run is prebuilt/ itself',
  { skip: existsSync(join(build, 'CMakeCache.txt')) && 'build-wasm/ is built from source here' },
  () => {
    const key = readKey();
    for (const f of ENGINE_FILES)
      assert.equal(sha256(readFileSync(join(build, f))), key.files[f].sha256, `build-wasm/${f}`);
  },
);
