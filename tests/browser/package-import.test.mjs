// A site that bundles: its own script `import`s the package by name ("exports" "." → the ES
// module dist/attn-widgets.mjs), esbuild bundles it into one classic script, and the page,
// opened from file:// under the strict CSP, gets every tag of widgets/index.js registered and a
// widget that draws with its self-checks ok.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { openBrowser, openPage } from '../helpers/harness.mjs';
import { CSP } from '../../scripts/serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const tags = [
  ...readFileSync(join(root, 'widgets/index.js'), 'utf8').matchAll(/^\s+'(attn-[a-z-]+)':/gm),
].map((m) => m[1]);
let browser, out, bundledInputs;

before(async () => {
  out = mkdtempSync(join(tmpdir(), 'attn-import-'));
  const r = await build({
    stdin: {
      contents: `import { WIDGETS } from '${pkg.name}';\ndocument.documentElement.dataset.widgets = Object.keys(WIDGETS).join(' ');\n`,
      resolveDir: root,
    },
    bundle: true,
    format: 'iife',
    outfile: join(out, 'site.js'),
    external: ['fs', 'path', 'crypto'],
    logLevel: 'error',
    metafile: true,
  });
  bundledInputs = Object.keys(r.metafile.inputs);
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta http-equiv="Content-Security-Policy" content="${CSP}"><title>bundled</title>` +
      `<link rel="icon" href="data:,"></head><body>\n` +
      `<attn-mask-grid world="zh-gift"></attn-mask-grid>\n<script src="site.js"></script></body></html>\n`,
  );
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

test('the package name resolves to the ES module in dist/', () => {
  assert.deepEqual(bundledInputs, ['dist/attn-widgets.mjs', '<stdin>']);
});

test('importing the ES module registers every tag and the widgets draw', async () => {
  assert.ok(tags.length >= 18, `widgets/index.js lists the tags (${tags.length})`);
  const { page, errors } = await openPage(browser, pathToFileURL(out).href + '/', 'index.html');
  const state = await page.evaluate(
    (all) => ({
      undefinedTags: all.filter((t) => !customElements.get(t)),
      exported: document.documentElement.dataset.widgets.split(' '),
      checks: document.querySelector('attn-mask-grid').selfCheck(),
    }),
    tags,
  );
  assert.deepEqual(state.undefinedTags, []);
  assert.deepEqual(state.exported, tags);
  assert.ok(state.checks.length > 0);
  for (const c of state.checks)
    assert.ok(c.ok, `${c.name}: expected ${c.expected}, got ${c.actual}`);
  assert.deepEqual(errors, []);
  await page.close();
});
