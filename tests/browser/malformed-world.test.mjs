// A page whose teaching world is malformed: the widgets that need the world show an inline
// error naming the file and field; widgets that do not need it keep working; nothing throws.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, copyFileSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openBrowser, openPage, dist } from '../helpers/harness.mjs';

let browser, dir;
before(async () => {
  browser = await openBrowser();
  dir = mkdtempSync(join(tmpdir(), 'attn-malformed-'));
  for (const f of ['attn-widgets.js', 'attn-engine-wasm.js'])
    copyFileSync(join(dist, f), join(dir, f));
  const world = JSON.parse(
    readFileSync(join(dist, '..', 'course-data', 'teaching-world.json'), 'utf8'),
  );
  world.worlds['zh-gift'].x[2] = [1, 'two', 3, 4];
  const models = readFileSync(join(dist, '..', 'course-data', 'models.json'), 'utf8');
  writeFileSync(
    join(dir, 'bad.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bad world</title></head><body><main>
<script type="application/json" data-attn="teaching-world">${JSON.stringify(world)}</script>
<attn-mask-grid world="zh-gift" lang="en"></attn-mask-grid>
<attn-kv-ledger lang="en"></attn-kv-ledger>
<attn-mask-grid world="no-such-world" lang="en" id="unknown"></attn-mask-grid>
</main><script src="attn-widgets.js"></script></body></html>`,
  );
  writeFileSync(
    join(dir, 'not-json.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bad json</title></head><body><main>
<script type="application/json" data-attn="teaching-world">{"version": 1, "worlds": </script>
<attn-mask-grid world="zh-gift" lang="en"></attn-mask-grid>
</main><script src="attn-widgets.js"></script></body></html>`,
  );
  const huge = JSON.parse(
    readFileSync(join(dist, '..', 'course-data', 'teaching-world.json'), 'utf8'),
  );
  huge.worlds['zh-gift'].x[0][0] = 1e308;
  writeFileSync(
    join(dir, 'huge.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>huge world</title></head><body><main>
<script type="application/json" data-attn="teaching-world">${JSON.stringify(huge)}</script>
<attn-mask-grid world="zh-gift" lang="en"></attn-mask-grid>
</main><script src="attn-widgets.js"></script></body></html>`,
  );
  void models;
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a malformed teaching world: inline error naming file and field, other widgets unaffected', async () => {
  const { page, errors } = await openPage(browser, pathToFileURL(dir).href + '/', 'bad.html');
  const msg = await page.evaluate(() => document.querySelector('attn-mask-grid').dataset.error);
  assert.match(msg, /teaching-world\.json/);
  assert.match(msg, /\/worlds\/zh-gift\/x\/2\/1/);
  assert.match(msg, /number/);
  const visible = await page.evaluate(
    () => !document.querySelector('attn-mask-grid').shadowRoot.querySelector('.error').hidden,
  );
  assert.ok(visible, 'the error is shown in the widget');
  if (await page.evaluate(() => !!customElements.get('attn-kv-ledger'))) {
    const ledger = await page.evaluate(() => ({
      error: document.querySelector('attn-kv-ledger').dataset.error ?? null,
    }));
    assert.equal(ledger.error, null, 'kv-ledger does not need the world and keeps working');
  }
  assert.deepEqual(errors, [], 'no exception escapes to the page');
  await page.close();
});

test('a world that is not JSON at all names the file and the parse error', async () => {
  const { page, errors } = await openPage(browser, pathToFileURL(dir).href + '/', 'not-json.html');
  const msg = await page.evaluate(() => document.querySelector('attn-mask-grid').dataset.error);
  assert.match(msg, /teaching-world\.json .*not valid JSON/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a number beyond float32 in an inline world names the inline script and the field', async () => {
  const { page, errors } = await openPage(browser, pathToFileURL(dir).href + '/', 'huge.html');
  const msg = await page.evaluate(() => document.querySelector('attn-mask-grid').dataset.error);
  assert.match(
    msg,
    /^teaching-world\.json \(inline on this page\): \/worlds\/zh-gift\/x\/0\/0 is 1e\+308/,
  );
  assert.deepEqual(errors, []);
  await page.close();
});
