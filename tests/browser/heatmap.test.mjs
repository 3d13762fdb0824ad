// <attn-heatmap>: inline data and engine-computed weights; hover and arrow keys move the
// read-out; the causal triangle is greyed; malformed inline data is an inline error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint } from './harness.mjs';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'heatmap.html'));
});
after(async () => {
  await browser?.close();
});

const readout = (n) =>
  page.evaluate(
    (i) =>
      document.querySelectorAll('attn-heatmap')[i].shadowRoot.querySelector('.hm-readout')
        .textContent,
    n,
  );

test('the inline 小猫跑得真快 map: causal triangle greyed, hover shows the cell and row sum', async () => {
  const hidden = await page.evaluate(
    () => document.querySelector('attn-heatmap').shadowRoot.querySelectorAll('td.hm-hidden').length,
  );
  assert.equal(hidden, 15); // 6·5/2 future cells
  await timeToPaint(page, 'heatmap hover', () =>
    page.locator('attn-heatmap').first().locator('td[data-i="2"][data-j="1"]').hover(),
  );
  assert.match(await readout(0), /「跑」看「猫」：55\.0%；这一行和 = 100\.0%/);
});

test('arrow keys move the read-out through the engine-computed map', async () => {
  const second = page.locator('attn-heatmap').nth(1);
  await second.locator('td[data-i="0"][data-j="0"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.match(await readout(1), /「给了」看「小明」：39\.4%/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await readout(1), /「给了」看「苹果」：56\.5%/);
  assert.deepEqual(errors, []);
});

test('malformed inline data is an inline error that names the problem', async () => {
  await page.evaluate(() => {
    const el = document.createElement('attn-heatmap');
    el.innerHTML =
      '<script type="application/json">{"labels": ["a", "b"], "weights": [[1, 0]]}</script>';
    document.querySelector('main').append(el);
    return el.ready;
  });
  const msg = await page.evaluate(() => document.querySelectorAll('attn-heatmap')[2].dataset.error);
  assert.match(msg, /"weights" must be 2×2/);
  assert.deepEqual(errors, []);
});

test('attributes changed after connect redraw; a head outside `heads` is a named inline error, not NaN%', async () => {
  const state = (el) =>
    page.evaluate((i) => {
      const h = document.querySelectorAll('attn-heatmap')[i];
      return {
        error: h.dataset.error ?? null,
        text: h.shadowRoot.querySelector('table.heatmap')?.textContent ?? '',
      };
    }, el);
  const set = (attrs) =>
    page.evaluate((a) => {
      const h = document.querySelectorAll('attn-heatmap')[1];
      for (const [k, v] of Object.entries(a)) h.setAttribute(k, v);
    }, attrs);
  const causal = await state(1);
  await set({ heads: '2', head: '1' });
  const headB = await state(1);
  assert.equal(headB.error, null);
  assert.notEqual(headB.text, causal.text);
  assert.doesNotMatch(headB.text, /NaN/);
  await set({ head: '2' });
  const bad = await state(1);
  assert.match(bad.error, /head="2" 不是 0 … 1 之间的头编号/);
  await set({ heads: '1', head: '0' });
  assert.deepEqual(await state(1), causal);
  await set({ world: 'en-the-cat' });
  assert.match((await state(1)).text, /The.*cat/);
  await set({ world: 'zh-gift' });
  assert.deepEqual(errors, []);
});
