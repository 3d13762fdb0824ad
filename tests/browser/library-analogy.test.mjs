// <attn-library-analogy> on lesson 1's page, from file://: "tired" starts with "it" reading the
// animal; the radio (keyboard) switches to "too wide" and the same pronoun reads the street; the
// arrow keys move along the shelf and the formula follows; both languages; 360 / 1280 px
// screenshots; no sideways scroll; axe finds nothing serious; no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser,
  openPage,
  seriousViolations,
  screenshot,
  assertSelfCheck,
  assertFitsWidth,
  formulaText,
} from '../helpers/harness.mjs';

const TAG = 'attn-library-analogy';
const PAGE = '01-cosine-vs-projection.html';
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, PAGE, {
    viewport: { width: 1280, height: 900 },
  }));
});
after(async () => {
  await browser?.close();
});

const role = (r) => page.locator(`${TAG} [data-role="${r}"]`);
const pressedBook = () =>
  page.evaluate(
    (t) =>
      document.querySelector(t).shadowRoot.querySelector('button.book[aria-pressed="true"]').dataset
        .token,
    TAG,
  );
const percentOf = async (token) =>
  Number(
    (await page.locator(`${TAG} button.book[data-token="${token}"] .w`).textContent()).replace(
      '%',
      '',
    ),
  );

test('“tired”: it reads the animal most; self-check ✓', async () => {
  assert.equal(await pressedBook(), 'animal');
  assert.ok((await percentOf('animal')) > 50);
  assert.ok((await percentOf('street')) < 5);
  assert.match(
    await role('formula').evaluate(formulaText),
    /^animal[:：] ?q·k \/ √4 = .* = \d+\.\d\d[;；] ?softmax → 读 \d+\.\d%$/,
  );
  await assertSelfCheck(page, TAG, 4);
  await screenshot(page, TAG, `${TAG}-1280px.png`);
});

test('keyboard: the radio switches to “too wide” and the same pronoun reads the street', async () => {
  await role('sentence-tired').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await role('sentence-wide').isChecked(), true);
  assert.ok((await percentOf('street')) > 50);
  assert.ok((await percentOf('animal')) < 5);
  assert.match(await role('closer').textContent(), /animal 的内容余弦 0\.\d+/);
  const [tired, wide] = await page.locator(`${TAG} [data-role="compare"] li`).allTextContents();
  assert.match(tired, /tired.*animal/);
  assert.match(wide, /too wide.*street/);
});

test('arrow keys move along the shelf; the formula and contents follow', async () => {
  await page.locator(`${TAG} button.book[data-token="animal"]`).click();
  assert.equal(await pressedBook(), 'animal');
  await page.keyboard.press('ArrowRight');
  assert.equal(await pressedBook(), "didn't");
  assert.match(await role('formula').evaluate(formulaText), /^didn't[:：]/);
  assert.match(await role('contents').textContent(), /didn't/);
  await page.keyboard.press('End');
  assert.equal(await pressedBook(), 'too wide');
  await page.keyboard.press('Home');
  assert.equal(await pressedBook(), 'The');
  const focused = await page.evaluate(
    (t) => document.querySelector(t).shadowRoot.activeElement?.dataset.token,
    TAG,
  );
  assert.equal(focused, 'The', 'focus follows the cursor');
});

test('lang="en" switches the text and keeps the numbers; axe; no errors', async () => {
  const before = await percentOf('street');
  await page.click('[data-attn-lang-toggle]');
  const text = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, TAG);
  assert.match(text, /Q, K, V in a library/);
  assert.match(text, /Hand-constructed teaching vectors/);
  assert.doesNotMatch(text, /图书馆/);
  assert.equal(await percentOf('street'), before);
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(errors, []);
});

for (const lang of ['zh-CN', 'en']) {
  test(`360 px wide (${lang}): fits, no sideways scroll, axe clean`, async () => {
    const { page: p, errors: errs } = await openPage(browser, browser.fileUrl, PAGE, {
      viewport: { width: 360, height: 780 },
    });
    if (lang === 'en') await p.click('[data-attn-lang-toggle]');
    await assertFitsWidth(p, TAG, 360);
    await screenshot(p, TAG, `${TAG}-360px-${lang}.png`);
    assert.deepEqual(await seriousViolations(p), []);
    assert.deepEqual(errs, []);
    await p.close();
  });
}
