// <attn-multi-head>: the three weight rows of the chosen query (给了 by default: one head
// 56.5% / 39.4%, head A 89.5% 小明, head B 77.0% 苹果); the query select and the head buttons
// (mouse and keyboard) change what they should; the cost table shows equal counts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint } from '../helpers/harness.mjs';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, '07-multi-head.html'));
});
after(async () => {
  await browser?.close();
});

const M = 'attn-multi-head';
// A cell as a wide screen shows it (a narrow one shows the rounder form: web/dom.js fitText).
const row = (view) =>
  page
    .locator(`${M} table.rows tr[data-view="${view}"] td`)
    .evaluateAll((tds) =>
      tds.map((td) => td.querySelector('.fit-wide')?.textContent ?? td.textContent),
    );

test('给了 row: one head 39.4% / 56.5%, head A 89.5% on 小明, head B 77.0% on 苹果', async () => {
  const [single, a, b] = [await row('single'), await row('A'), await row('B')];
  assert.equal(single[0], '39.4%');
  assert.equal(single[2], '56.5%');
  assert.equal(a[0], '89.5%');
  assert.equal(b[2], '77.0%');
  assert.equal(single[4], '', 'the future (小王) is masked');
  assert.match(
    await page.locator(`${M} [data-role="finding"]`).textContent(),
    /89\.5%.*77\.0%|56\.5%.*39\.4%.*89\.5%.*77\.0%/,
  );
});

test('choosing another query row redraws the three rows', async () => {
  await timeToPaint(page, 'multi-head select', () =>
    page.locator(`${M} [data-role="query"]`).selectOption('4'),
  );
  const single = await row('single');
  assert.notEqual(single[4], '', '小王 sees itself');
  await page.locator(`${M} [data-role="query"]`).focus();
  await timeToPaint(page, 'multi-head select keyboard', () => page.keyboard.press('ArrowUp'));
  assert.equal(await page.locator(`${M} [data-role="query"]`).inputValue(), '3');
  assert.equal((await row('A'))[0], '89.5%');
});

test('head buttons switch the heatmap (click and keyboard)', async () => {
  const cell = (i, j) =>
    page.locator(`${M} [data-role="heatmap"] td[data-i="${i}"][data-j="${j}"]`);
  assert.equal(await cell(3, 0).textContent(), '89.5%'); // head A is shown first
  await timeToPaint(page, 'multi-head head B', () =>
    page.locator(`${M} button[data-view="B"]`).click(),
  );
  assert.equal(
    await page.locator(`${M} button[data-view="B"]`).getAttribute('aria-pressed'),
    'true',
  );
  assert.equal(await cell(3, 2).textContent(), '77.0%');
  await page.locator(`${M} button[data-view="single"]`).focus();
  await timeToPaint(page, 'multi-head head keyboard', () => page.keyboard.press('Space'));
  assert.equal(await cell(3, 2).textContent(), '56.5%');
  assert.equal(await cell(3, 4).textContent(), '', 'future greyed');
});

test('the cost table: equal parameters and multiply-adds; the anchor note', async () => {
  const total = await page.locator(`${M} [data-cost="total"] p.formula`).allTextContents();
  assert.match(total[0], /240 \+ 100 \+ 100 = 440$/);
  assert.match(total[1], /240 \+ 100 \+ 100 = 440$/);
  assert.match(
    await page.locator(`${M} [data-cost="qk"] [data-layout="split"]`).textContent(),
    /2 · 5 · 5 · 2 = 100$/,
  );
  assert.match(
    await page.locator(`${M} [data-role="anchor"]`).textContent(),
    /24 .* 256 .* 6144 ≠ .*5120/,
  );
  assert.deepEqual(errors, []);
});

test('world and model changed after connect: named errors for what the lesson cannot show, the anchor self-check stays', async () => {
  const set = (a) =>
    page.evaluate((attrs) => {
      const el = document.querySelector('attn-multi-head');
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      return {
        error: el.dataset.error ?? null,
        anchor: el.shadowRoot.querySelector('[data-role="anchor"]')?.textContent ?? '',
        failing: el.selfCheck().filter((c) => !c.ok),
      };
    }, a);
  // a world that does not say which of its tokens is the object (or the giver) the lesson reads
  assert.match(
    (await set({ world: 'en-the-cat' })).error,
    /\/worlds\/en-the-cat\/roles has no "object"/,
  );
  const v2 = await set({ world: 'zh-gift', model: 'deepseek-v2' });
  assert.equal(v2.error, null);
  assert.match(v2.anchor, /128 .* 128 .* 16384/);
  assert.deepEqual(v2.failing, []);
  assert.match((await set({ model: 'deepseek-v4.1-flash' })).error, /has no attention config/);
  const back = await set({ model: 'qwen3.8-27b' });
  assert.equal(back.error, null);
  assert.deepEqual(errors, []);
});
