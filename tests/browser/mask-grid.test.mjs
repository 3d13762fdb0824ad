// <attn-mask-grid>: clicking and keyboard toggling change the mask, rows renormalise in the
// engine, the zero-after-softmax view leaves rows below 1, and an all-masked row is an inline
// error that goes away when a cell is unmasked again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint } from '../helpers/harness.mjs';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, '04-causal-mask.html'));
});
after(async () => {
  await browser?.close();
});

const cell = (i, j) => page.locator(`attn-mask-grid button.cell[data-i="${i}"][data-j="${j}"]`);
const rowSums = () =>
  page.evaluate(() =>
    [...document.querySelector('attn-mask-grid').shadowRoot.querySelectorAll('tbody tr')].map(
      (tr) => Number(tr.lastElementChild.innerText),
    ),
  );

test('clicking a future cell unmasks it and the row renormalises', async () => {
  assert.equal(await cell(3, 4).locator('.fit-wide').innerText(), '0.0%');
  await timeToPaint(page, 'mask-grid click', () => cell(3, 4).click());
  assert.equal(await cell(3, 4).getAttribute('aria-pressed'), 'true');
  assert.equal(await cell(3, 4).locator('.fit-wide').innerText(), '32.5%'); // row 给了 now sees 小王: the no-mask number
  assert.ok((await rowSums()).every((s) => Math.abs(s - 1) < 1e-3));
  await cell(3, 4).click();
  assert.equal(await cell(3, 4).locator('.fit-wide').innerText(), '0.0%');
});

test('arrow keys move the focus and Space toggles', async () => {
  await cell(0, 0).focus();
  await page.keyboard.press('ArrowRight');
  const focused = await page.evaluate(
    () => document.querySelector('attn-mask-grid').shadowRoot.activeElement.dataset,
  );
  assert.deepEqual({ ...focused }, { i: '0', j: '1' });
  await timeToPaint(page, 'mask-grid keyboard', () => page.keyboard.press('Space'));
  assert.equal(await cell(0, 1).getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('Space');
  assert.equal(await cell(0, 1).getAttribute('aria-pressed'), 'false');
});

test('zero after softmax: rows sum to less than 1', async () => {
  await page
    .locator('attn-mask-grid button', { hasText: /zero after softmax|softmax 之后清零/ })
    .click();
  const sums = await rowSums();
  assert.ok(sums[0] < 1 && sums[3] < 1, `row sums ${sums}`);
  assert.equal(sums[4].toFixed(3), '1.000'); // the last row sees everything
  await page
    .locator('attn-mask-grid button', { hasText: /−∞ before softmax|softmax 之前置 −∞/ })
    .click();
  assert.ok((await rowSums()).every((s) => Math.abs(s - 1) < 1e-3));
});

test('masking a whole row is an inline MaskError; unmasking clears it', async () => {
  await cell(0, 0).click();
  const msg = await page.evaluate(() => document.querySelector('attn-mask-grid').dataset.error);
  assert.match(msg, /query row 0 .*fully masked/);
  assert.equal(await cell(1, 1).getAttribute('aria-pressed'), 'true', 'the grid stays usable');
  await cell(0, 0).click();
  assert.equal(
    await page.evaluate(() => document.querySelector('attn-mask-grid').dataset.error ?? null),
    null,
  );
  assert.deepEqual(errors, []);
});

test('world changed after connect: the grid follows it, its self-check has no NaN', async () => {
  const grid = (world) =>
    page.evaluate(async (wd) => {
      const el = document.querySelector('attn-mask-grid');
      el.setAttribute('world', wd);
      return {
        cells: el.shadowRoot.querySelectorAll('button.cell').length,
        error: el.dataset.error ?? null,
        checks: el.selfCheck(),
        panel: el.shadowRoot.querySelector('details.checks summary').textContent,
      };
    }, world);
  const cat = await grid('en-the-cat');
  assert.equal(cat.cells, 4);
  assert.equal(cat.error, null);
  assert.ok(
    cat.checks.length > 0 && cat.checks.every((c) => c.ok && !/NaN/.test(c.actual)),
    JSON.stringify(cat.checks),
  );
  assert.match(
    cat.panel,
    new RegExp(`${cat.checks.length}/${cat.checks.length}`),
    'the drawn panel follows the new world',
  );
  const gift = await grid('zh-gift');
  assert.equal(gift.cells, 25);
  assert.ok(
    gift.checks.length === 5 && gift.checks.every((c) => c.ok),
    JSON.stringify(gift.checks),
  );
  assert.match(gift.panel, /5\/5/);
  assert.deepEqual(errors, []);
});
