// dist/attn-loader.js from file:// under the course's strict CSP: a page without attn-* tags
// loads nothing else; a mask-grid page loads the engine's WebAssembly script, attn-core.js and
// dist/widgets/mask-grid.js only (no other widget, no lab data, no playground);
// the course's lab page gets attn-lab-data.js; a widget inserted later by script brings the
// widgets in then, and draws; a page that already has attn-widgets.js does not get it twice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openBrowser, dist, waitForWidgets } from '../helpers/harness.mjs';
import { CSP } from '../../scripts/serve.mjs';

const html = (body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}"><link rel="icon" href="data:,">
<title>loader</title></head><body>${body}</body></html>`;

let browser, dir, base;
before(async () => {
  browser = await openBrowser();
  dir = mkdtempSync(join(tmpdir(), 'attn-loader-'));
  mkdirSync(join(dir, 'widgets'));
  for (const f of [
    'attn-loader.js',
    'attn-widgets.js',
    'attn-core.js',
    'attn-engine-wasm.js',
    'widgets/mask-grid.js',
    'widgets/heatmap.js',
    'attn-lab-data.js',
    'attn-playground.js',
  ])
    copyFileSync(join(dist, f), join(dir, f));
  const pages = {
    'empty.html': '<main><p>No widgets here.</p></main><script src="attn-loader.js"></script>',
    'mask.html':
      '<main><attn-mask-grid lang="en"></attn-mask-grid></main><script src="attn-loader.js"></script>',
    'head.html':
      '<script src="attn-loader.js"></script><main><attn-mask-grid lang="en"></attn-mask-grid></main>',
    'both.html':
      '<main><attn-mask-grid lang="en"></attn-mask-grid></main><script src="attn-widgets.js">' +
      '</script><script src="attn-loader.js"></script>',
  };
  for (const [name, body] of Object.entries(pages)) writeFileSync(join(dir, name), html(body));
  base = pathToFileURL(dir).href + '/';
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A requested URL's file name, with its folder when that is widgets/. */
const file = (/** @type {string} */ u) => (u.startsWith('widgets/') ? u : u.split('/').pop());

/** Opens url; returns {page, requested: file names in request order, errors}. */
async function open(url) {
  const page = await browser.context.newPage();
  const requested = [];
  const errors = [];
  page.on('request', (r) => {
    if (!r.url().startsWith('data:')) requested.push(r.url().split('/').slice(-2).join('/'));
  });
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, requested, errors };
}

test('a page without attn-* tags loads nothing but the loader', async () => {
  const { page, requested, errors } = await open(`${base}empty.html`);
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
  assert.deepEqual(requested.map(file), ['empty.html', 'attn-loader.js']);
  assert.equal(await page.evaluate(() => document.scripts.length), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const name of ['mask.html', 'head.html']) {
  test(`${name}: the mask grid gets attn-widgets.js only, and draws`, async () => {
    const { page, requested, errors } = await open(`${base}${name}`);
    await waitForWidgets(page);
    await page.waitForLoadState('load');
    assert.deepEqual(requested.map(file), [
      name,
      'attn-loader.js',
      'attn-engine-wasm.js',
      'attn-core.js',
      'widgets/mask-grid.js',
    ]);
    const checks = await page.evaluate(() => document.querySelector('attn-mask-grid').selfCheck());
    assert.ok(checks.length > 0 && checks.every((c) => c.ok));
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('the course lab page gets the lab data, no playground', async () => {
  const { page, requested, errors } = await open(`${browser.fileUrl}lab.html?lang=en`);
  await waitForWidgets(page);
  const scripts = requested.map(file).filter((f) => f.endsWith('.js'));
  assert.deepEqual(scripts, [
    'attn-loader.js',
    'attn-engine-wasm.js',
    'attn-core.js',
    'widgets/lab.js',
    'attn-lab-data.js',
    'widgets/quiz.js',
  ]);
  assert.equal(
    await page.evaluate(() => document.querySelector('attn-lab').dataset.error),
    undefined,
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('a widget inserted later by script brings the widgets in then, and draws', async () => {
  const { page, requested, errors } = await open(`${base}empty.html`);
  await page.waitForLoadState('load');
  assert.ok(!requested.map(file).includes('attn-core.js'));
  await page.evaluate(() => {
    const el = document.createElement('attn-heatmap');
    el.setAttribute('lang', 'en');
    el.setAttribute('causal', '');
    document.querySelector('main').append(el);
  });
  await waitForWidgets(page);
  assert.deepEqual(requested.map(file), [
    'empty.html',
    'attn-loader.js',
    'attn-engine-wasm.js',
    'attn-core.js',
    'widgets/heatmap.js',
  ]);
  const cells = await page.evaluate(
    () => document.querySelector('attn-heatmap').shadowRoot.querySelectorAll('td.hm-cell').length,
  );
  assert.equal(cells, 25);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a page that already has attn-widgets.js gets neither it again nor attn-core.js', async () => {
  const { page, requested, errors } = await open(`${base}both.html`);
  await waitForWidgets(page);
  await page.waitForLoadState('load');
  // The engine's WebAssembly script comes once, whether attn-widgets.js (when its first widget
  // asks for the engine) or the loader adds it.
  assert.deepEqual(requested.map(file).sort(), [
    'attn-engine-wasm.js',
    'attn-loader.js',
    'attn-widgets.js',
    'both.html',
  ]);
  assert.deepEqual(errors, []);
  await page.close();
});
