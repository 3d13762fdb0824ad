// dist/THIRD-PARTY-NOTICES.txt against what the built scripts really contain (the esbuild
// metafiles the build kept in gen/), and the licence comment at the top of every dist/*.js.
import { WIDGET_ELEMENTS } from '../../widgets/registry.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (p) => readFileSync(join(root, p), 'utf8');
const notices = read('dist/THIRD-PARTY-NOTICES.txt');
const metafiles = JSON.parse(read('gen/bundle-metafiles.json'));

// Package names from the metafiles' inputs, found here independently of scripts/notices.mjs.
function bundledNpmPackages() {
  const names = new Set();
  for (const m of metafiles)
    for (const input of Object.keys(m.inputs)) {
      const hit = input.match(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/);
      if (hit) names.add(hit[1]);
    }
  return [...names];
}

test('every npm package in a bundle is listed in THIRD-PARTY-NOTICES.txt with its licence text', () => {
  const names = bundledNpmPackages();
  assert.ok(names.includes('ajv'), 'the schema validators bundle ajv runtime code');
  for (const name of names) {
    const dir = join(root, 'node_modules', name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    assert.ok(
      notices.includes(`npm package ${name} ${pkg.version} — License: ${pkg.license}`),
      `${name} is not listed`,
    );
    const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
    assert.ok(file, `${name} has no licence file`);
    assert.ok(notices.includes(readFileSync(join(dir, file), 'utf8').trim()), `${name}: text`);
  }
});

test('no package is listed that the bundles do not contain', () => {
  const listed = [...notices.matchAll(/^npm package (\S+) /gm)].map((m) => m[1]);
  assert.deepEqual(listed.sort(), bundledNpmPackages().sort());
});

test('the engine’s Emscripten, libc++/libc++abi and C library notices and the GPL are present', () => {
  for (const s of [
    'Engine: Emscripten runtime and Embind',
    'Copyright (c) 2010-2014 Emscripten authors',
    'Engine: libc++, libc++abi, compiler-rt (LLVM)',
    'LLVM Exceptions to the Apache 2.0 License',
    'Apache License\n                           Version 2.0, January 2004',
    'Engine: libunwind (LLVM)',
    'Engine: musl libc',
    'Rich Felker',
    'Engine: dlmalloc',
    'GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007',
  ])
    assert.ok(notices.includes(s), s);
});

test('every built script starts with a comment naming the project, its licence and the notices', () => {
  const widgetScripts = readdirSync(join(root, 'dist/widgets')).map((f) => `widgets/${f}`);
  const scripts = readdirSync(join(root, 'dist'))
    .filter((f) => /\.m?js$/.test(f))
    .concat(widgetScripts);
  assert.equal(widgetScripts.length, Object.keys(WIDGET_ELEMENTS).length);
  assert.deepEqual(scripts.filter((f) => !f.startsWith('widgets/')).sort(), [
    'attn-core.js',
    'attn-course-model.js',
    'attn-engine-threads.js',
    'attn-engine-threads.worker.js',
    'attn-engine-wasm-legacy.js',
    'attn-engine-wasm.js',
    'attn-engine.js',
    'attn-lab-data.js',
    'attn-loader.js',
    'attn-open-model-wasm-legacy.js',
    'attn-open-model.js',
    'attn-playground.js',
    'attn-quiz-final.js',
    'attn-train-worker-legacy.js',
    'attn-train.js',
    'attn-widgets.js',
    'attn-widgets.mjs',
  ]);
  for (const f of scripts) {
    const first = read(`dist/${f}`).split('\n')[0];
    assert.match(first, /^\/\*! .* part of attention-course-widgets\. Licence: /, f);
    assert.match(first, /THIRD-PARTY-NOTICES\.txt/, f);
    assert.match(
      first,
      // The two scripts that carry the lab's trained weights are GPL (its training text's), and
      // the one that carries that text itself.
      [
        'attn-lab-data.js',
        'attn-course-model.js',
        'attn-train.js',
        'attn-train-worker-legacy.js',
      ].includes(f)
        ? /Licence: GPL-3\.0-or-later/
        : /Licence: MIT /,
      f,
    );
  }
});

test('package.json states both licences as one SPDX expression', () => {
  assert.equal(JSON.parse(read('package.json')).license, 'MIT AND GPL-3.0-or-later');
  assert.match(read('LICENSE'), /^MIT License/);
  assert.match(read('course-data/LICENSE-lab-model'), /GPL-3\.0-or-later/);
});
