// The npm package: `npm pack --dry-run` lists exactly the files a site embedding the widgets
// needs (the scripts, the engine and its types, the licences), every path package.json
// "exports" names is among them, and nothing of the sources, tests or build folders is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WIDGET_ELEMENTS } from '../../widgets/registry.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

/** Every file path an "exports" entry points at (conditions flattened). */
function exportedPaths(exp) {
  if (typeof exp === 'string') return [exp.replace(/^\.\//, '')];
  return Object.values(exp).flatMap(exportedPaths);
}

const packed = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], {
    cwd: root,
    encoding: 'utf8',
  }),
)[0]
  .files.map((f) => f.path)
  .sort();

test('npm pack ships exactly the embedding files', () => {
  assert.deepEqual(
    packed,
    [
      'LICENSE',
      'README.md',
      'dist/THIRD-PARTY-NOTICES.txt',
      'dist/attn-core.js',
      'dist/attn-course-model.js',
      'dist/attn-engine-legacy.wasm',
      'dist/attn-engine-wasm-legacy.js',
      'dist/attn-engine-wasm.js',
      'dist/attn-engine.d.ts',
      'dist/attn-engine.js',
      'dist/attn-engine.wasm',
      'dist/attn-lab-data.js',
      'dist/attn-loader.js',
      'dist/attn-open-model-wasm-legacy.js',
      'dist/attn-open-model.js',
      'dist/attn-playground.js',
      'dist/attn-quiz-final.js',
      'dist/attn-train-worker-legacy.js',
      'dist/attn-train.js',
      'dist/attn-widgets.d.mts',
      'dist/custom-elements.json',
      'dist/attn-widgets.js',
      'dist/attn-widgets.mjs',
      'dist/package.json',
      'licenses/Apache-2.0.txt',
      'licenses/GPL-3.0.txt',
      'licenses/README.md',
      'licenses/dlmalloc.txt',
      'licenses/emscripten.txt',
      'licenses/libunwind.txt',
      'licenses/llvm-runtimes.txt',
      'licenses/musl.txt',
      'package.json',
      // one script per course widget (web/loader.js adds the ones a page's tags name)
      ...Object.values(WIDGET_ELEMENTS).map(([folder]) => `dist/widgets/${folder}.js`),
    ].sort(),
  );
});

test('every path package.json exports is in the package', () => {
  const paths = exportedPaths(pkg.exports);
  assert.ok(paths.includes('dist/attn-widgets.mjs') && paths.includes('dist/attn-widgets.js'));
  for (const p of paths)
    if (p.endsWith('/*'))
      assert.ok(
        packed.some((f) => f.startsWith(p.slice(0, -1))),
        p,
      );
    else assert.ok(packed.includes(p), `${p} (exported) is packed`);
});

test('nothing of the sources, tests or build folders is packed', () => {
  for (const p of packed)
    assert.doesNotMatch(p, /^(tests|cpp|build[^/]*|node_modules|gen|widgets|web|scripts)\//, p);
});
