// The native trainer as the tests run it: `attn-train browser` (cpp/train/main.cpp) with the
// choices of an in-browser run, its weights file read back. Builds build/attn-train first if
// this checkout has not (scripts/test.sh's C++ stage builds it with everything else).
// A machine without the native C++ toolchain (a JavaScript-only contributor's: CONTRIBUTING.md)
// skips the comparisons that need it, saying why; `npm test` sets ATTN_NATIVE_REQUIRED=1 and
// never skips them.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const build = join(root, 'build');

const onPath = (cmd) => spawnSync(cmd, ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Why this machine cannot build the native trainer (the project's native toolchain: cmake, a
 * C++ compiler and the header libraries CMakeLists.txt takes from /usr/include), or false.
 * @type {string | false}
 */
export const noNativeTrainer =
  process.env.ATTN_NATIVE_REQUIRED !== '1' &&
  (['cmake', 'c++'].filter((c) => !onPath(c)).map((c) => `no ${c} here`)[0] ??
    (existsSync('/usr/include/xtensor') ? false : 'no xtensor headers here (libxtensor-dev)'));

function nativeTrainer() {
  const exe = join(build, 'attn-train');
  if (!existsSync(join(build, 'CMakeCache.txt')))
    execFileSync('cmake', ['-S', root, '-B', build, '-DCMAKE_BUILD_TYPE=Release'], {
      stdio: 'ignore',
    });
  execFileSync('cmake', ['--build', build, '--target', 'attn-train', '-j2'], { stdio: 'ignore' });
  return exe;
}

/**
 * The ATTNLAB2 float32 bytes `attn-train browser` writes for these choices (the defaults are
 * <attn-train>'s).
 * @param {{ steps: number, seed: number, layers?: number, kvHeads?: number, hybrid?: boolean }} c
 */
export function nativeBrowserWeights({ steps, seed, layers = 2, kvHeads = 2, hybrid = false }) {
  const dir = mkdtempSync(join(tmpdir(), 'attn-native-train-'));
  const out = join(dir, 'model.bin');
  try {
    execFileSync(
      nativeTrainer(),
      [
        'browser',
        '--steps',
        steps,
        '--seed',
        seed,
        '--layers',
        layers,
        '--kv-heads',
        kvHeads,
        '--hybrid',
        hybrid ? 1 : 0,
        '--out',
        out,
      ].map(String),
      { stdio: 'ignore' },
    );
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
