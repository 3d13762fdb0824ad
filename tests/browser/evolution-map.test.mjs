// <attn-evolution-map> on its own page (evolution.html), from file://: the first step open, the
// others opened by keyboard (Enter on a summary) or "open all"; engine numbers and "reported"
// badges in place; a lesson link leads to its page; both languages; 360 / 1280 px screenshots;
// no sideways scroll; axe finds nothing serious; no console errors. The index links to the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser,
  openPage,
  seriousViolations,
  screenshot,
  assertSelfCheck,
  assertFitsWidth,
} from '../helpers/harness.mjs';

const TAG = 'attn-evolution-map';
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'evolution.html', {
    viewport: { width: 1280, height: 900 },
  }));
});
after(async () => {
  await browser?.close();
});

const step = (id) => page.locator(`${TAG} details[data-step="${id}"]`);
const isOpen = (id) => step(id).evaluate((d) => d.open);

test('the first step is open, the rest closed; self-check all ✓', async () => {
  assert.equal(await isOpen('rnn'), true);
  assert.equal(await isOpen('additive'), false);
  assert.match(await step('rnn').locator('[data-role="stuck"]').textContent(), /4,095/);
  await assertSelfCheck(page, TAG, 26); // round 6: MLA's per-layer row
  await screenshot(page, TAG, `${TAG}-1280px.png`);
});

test('keyboard: Enter on a summary opens the step with the engine’s numbers', async () => {
  await step('additive').locator('summary').focus();
  await page.keyboard.press('Enter');
  assert.equal(await isOpen('additive'), true);
  const stuck = await step('additive').locator('[data-role="stuck"]').textContent();
  assert.match(stuck, /8\.0 GiB/);
  assert.match(stuck, /32 MiB/);
  await page.keyboard.press('Space');
  assert.equal(await isOpen('additive'), false);
});

test('open all shows every step; reported figures carry the badge', async () => {
  await page.locator(`${TAG} [data-role="open-all"]`).click();
  for (const id of ['mask', 'gqa', 'mla', 'linear']) assert.equal(await isOpen(id), true, id);
  assert.match(await step('mask').textContent(), /56\.5%.*39\.4%/);
  const gqa = step('gqa').locator('[data-role="solved"]');
  assert.match(await gqa.textContent(), /64 KiB.*16 GiB.*47\.1/);
  assert.equal(await gqa.locator('.reported').count(), 1);
  assert.equal(await step('mla').locator('.reported').count(), 1);
  assert.equal(await step('kv-cache').locator('.reported').count(), 0);
});

test('a lesson link leads to its page', async () => {
  const href = await step('mask').locator('a').first().getAttribute('href');
  assert.equal(href, '04-causal-mask.html');
  const { page: p, errors: errs } = await openPage(browser, browser.fileUrl, href);
  assert.equal(await p.locator('attn-mask-grid').count(), 1);
  assert.deepEqual(errs, []);
  await p.close();
});

test('lang="en" switches the text and keeps the numbers; axe; no errors', async () => {
  await page.click('[data-attn-lang-toggle]');
  const text = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, TAG);
  assert.match(text, /How attention evolved/);
  assert.doesNotMatch(text, /演进地图/);
  await page.locator(`${TAG} [data-role="open-all"]`).click();
  assert.match(await step('mla').textContent(), /69,120 B.*−82\.2%/);
  assert.match(await step('mla').locator('.reported').textContent(), /reported/);
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(errors, []);
});

for (const lang of ['zh-CN', 'en']) {
  test(`360 px wide (${lang}): fits, no sideways scroll, axe clean`, async () => {
    const { page: p, errors: errs } = await openPage(browser, browser.fileUrl, 'evolution.html', {
      viewport: { width: 360, height: 780 },
    });
    if (lang === 'en') await p.click('[data-attn-lang-toggle]');
    await p.locator(`${TAG} [data-role="open-all"]`).click();
    await assertFitsWidth(p, TAG, 360);
    await screenshot(p, TAG, `${TAG}-360px-${lang}.png`);
    assert.deepEqual(await seriousViolations(p), []);
    assert.deepEqual(errs, []);
    await p.close();
  });
}

test('the index links to the evolution page', async () => {
  const { page: p } = await openPage(browser, browser.fileUrl, 'index.html');
  assert.equal(await p.locator('ol.lessons a[href="evolution.html"]').count(), 1);
  await p.close();
});
