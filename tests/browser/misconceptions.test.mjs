// <attn-misconceptions> on misconceptions.html, from file://: twelve cards with the engine's
// proofs; "test yourself" hides the corrections and a card's button (keyboard) reveals its own;
// the width card credits the original Transformer; both languages; 360 / 1280 px screenshots; no
// sideways scroll; axe finds nothing serious; no console errors.
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

const TAG = 'attn-misconceptions';
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'misconceptions.html', {
    viewport: { width: 1280, height: 900 },
  }));
});
after(async () => {
  await browser?.close();
});

const card = (id) => page.locator(`${TAG} [data-row="${id}"]`);
const fixVisible = (id) => card(id).locator('.fix').isVisible();

test('twelve cards, corrections shown, proofs from the engine, self-check ✓', async () => {
  assert.equal(await page.locator(`${TAG} .card`).count(), 12);
  assert.equal(await fixVisible('proportional'), true);
  assert.match(
    await card('proportional').locator('[data-role="proof"]').textContent(),
    /24\.5% \/ 9\.0% \/ 66\.5%/,
  );
  const width = await card('width').textContent();
  assert.match(width, /原始 Transformer/);
  assert.match(width, /512 \/ 8 = 64/);
  assert.match(width, /24 × 256 = 6144 ≠ 5120/);
  assert.doesNotMatch(width, /GPT-2/);
  await assertSelfCheck(page, TAG, 7);
  await screenshot(page, TAG, `${TAG}-1280px.png`);
});

test('test yourself: corrections hidden, a reveal button (Enter) shows one', async () => {
  await page.locator(`${TAG} [data-role="quiz"]`).click();
  assert.equal(
    await page.locator(`${TAG} [data-role="quiz"]`).getAttribute('aria-pressed'),
    'true',
  );
  assert.equal(await fixVisible('mask-deletes'), false);
  const reveal = card('mask-deletes').locator('[data-role="reveal"]');
  assert.equal(await reveal.getAttribute('aria-expanded'), 'false');
  await reveal.focus();
  await page.keyboard.press('Enter');
  assert.equal(await fixVisible('mask-deletes'), true);
  assert.equal(await reveal.getAttribute('aria-expanded'), 'true');
  assert.match(await card('mask-deletes').locator('[data-role="proof"]').textContent(), /0\.675/);
  assert.equal(await fixVisible('rope-adds'), false, 'the other cards stay hidden');
  await page.keyboard.press('Space');
  assert.equal(await fixVisible('mask-deletes'), false);
  await page.locator(`${TAG} [data-role="quiz"]`).click();
  assert.equal(await fixVisible('rope-adds'), true);
});

test('a lesson link leads to its page', async () => {
  const href = await card('groups').locator('a').first().getAttribute('href');
  assert.equal(href, '09-gqa.html');
});

test('lang="en" switches the text and keeps the numbers; axe; no errors', async () => {
  await page.click('[data-attn-lang-toggle]');
  const text = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, TAG);
  assert.match(text, /Misconceptions this chapter corrects/);
  assert.doesNotMatch(text, /本章拦截的误解/);
  assert.match(await card('width').textContent(), /original Transformer.*512 \/ 8 = 64/s);
  assert.match(await card('v2-93').textContent(), /−82\.2%.*−98\.2%/);
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(errors, []);
});

for (const lang of ['zh-CN', 'en']) {
  test(`360 px wide (${lang}): fits, no sideways scroll, axe clean`, async () => {
    const { page: p, errors: errs } = await openPage(
      browser,
      browser.fileUrl,
      'misconceptions.html',
      {
        viewport: { width: 360, height: 780 },
      },
    );
    if (lang === 'en') await p.click('[data-attn-lang-toggle]');
    await assertFitsWidth(p, TAG, 360);
    await screenshot(p, TAG, `${TAG}-360px-${lang}.png`);
    assert.deepEqual(await seriousViolations(p), []);
    assert.deepEqual(errs, []);
    await p.close();
  });
}
