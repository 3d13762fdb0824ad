// <attn-mla>: the RoPE toggle switches between "the absorbed path works" and "it breaks" with the
// engine's ropeOnLatentError; the r and dr sliders (keyboard) rerun engine.mla and change the
// cached bytes; DeepSeek-V2's numbers are shown; no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint } from '../helpers/harness.mjs';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, '10-mla.html'));
});
after(async () => {
  await browser?.close();
});

const W = 'attn-mla';
const sel = (css) => page.locator(`${W} ${css}`);
const state = () =>
  page.evaluate((tag) => {
    const root = document.querySelector(tag).shadowRoot;
    const v = root.querySelector('.verdict');
    return {
      verdict: v.className,
      mode: v.dataset.mode,
      value: v.querySelector('.value')?.textContent ?? '',
      pressed: [...root.querySelectorAll('.modes button')].map(
        (b) => `${b.dataset.mode}:${b.getAttribute('aria-pressed')}`,
      ),
      cacheBytes: root.querySelector('.cache-bytes').textContent,
      cells: {
        lat: root.querySelectorAll('.strip .cell.lat').length,
        rope: root.querySelectorAll('.strip .cell.rope').length,
      },
      outDiff: root.querySelector('.out-diff').textContent,
      explicitRow: [...root.querySelectorAll('table.out tr.explicit td')].map(
        (td) => td.textContent,
      ),
      absorbedRow: [...root.querySelectorAll('table.out tr.absorbed td')].map(
        (td) => td.textContent,
      ),
      perLayer: root.querySelector('.per-layer').textContent,
      perToken: root.querySelector('.per-token').textContent,
      vs67: root.querySelector('.vs67').textContent,
      vsMha: root.querySelector('.vsmha').textContent,
      error: document.querySelector(tag).dataset.error ?? null,
    };
  }, W);

test('decoupled by default: the two paths agree; DeepSeek-V2 per layer and per token', async () => {
  const s = await state();
  assert.equal(s.verdict, 'verdict works');
  assert.deepEqual(s.explicitRow, s.absorbedRow);
  assert.equal(s.explicitRow.length, 16);
  assert.equal(s.cacheBytes, '24 B');
  assert.deepEqual(s.cells, { lat: 8, rope: 4 });
  assert.match(s.perLayer, /\(512 \+ 64\) = 576 .*× 2 B = 1,152 B/);
  assert.match(s.perToken, /60 × \(512 \+ 64\) × 2 B = 69,120 B/);
  assert.match(s.vs67, /−82\.2%$/);
  assert.match(s.vsMha, /−98\.2%$/);
  assert.equal(s.error, null);
});

test('the toggle "RoPE on the expanded key" shows the absorbed path\'s error (> 0.1)', async () => {
  await timeToPaint(page, 'mla rope toggle', () =>
    sel('.modes button[data-mode="on-latent"]').click(),
  );
  let s = await state();
  assert.equal(s.verdict, 'verdict breaks');
  assert.deepEqual(s.pressed, ['decoupled:false', 'on-latent:true']);
  const err = Number(s.value.match(/(\d+\.\d\d)/)[1]);
  assert.ok(err > 0.1, s.value);
  await sel('.modes button[data-mode="decoupled"]').focus();
  await page.keyboard.press('Enter');
  s = await state();
  assert.equal(s.verdict, 'verdict works');
});

test('the r slider (arrow key) reruns the engine: 9 + 4 numbers cached, 26 B', async () => {
  await sel('#mla-r').focus();
  await timeToPaint(page, 'mla r slider', () => page.keyboard.press('ArrowRight'));
  let s = await state();
  assert.equal(s.cacheBytes, '26 B');
  assert.deepEqual(s.cells, { lat: 9, rope: 4 });
  assert.deepEqual(s.explicitRow, s.absorbedRow);
  await sel('#mla-dr').focus();
  await page.keyboard.press('ArrowRight');
  s = await state();
  assert.equal(s.cacheBytes, '30 B'); // (9 + 6) × 2 B
  assert.deepEqual(s.cells, { lat: 9, rope: 6 });
  const d = Number(s.outDiff.match(/= ([0-9.e+-]+)/)[1]);
  assert.ok(d < 1e-4, s.outDiff);
  await sel('.modes button[data-mode="on-latent"]').click();
  s = await state();
  assert.equal(s.verdict, 'verdict breaks');
  assert.deepEqual(errors, []);
});
