// <attn-data-flow> on the index page, from file://: attention selected at start with the engine's
// shapes; a click and the keyboard (↑↓, Enter) move the selection; the sizes the config lacks are
// said to be missing; lang="en" switches the text and keeps the numbers; 360 px and 1280 px
// screenshots; no horizontal overflow at 360 px; axe finds nothing serious; no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser,
  openPage,
  seriousViolations,
  screenshot,
  selfCheck,
  assertSelfCheck,
  timeToPaint,
} from '../helpers/harness.mjs';

const TAG = 'attn-data-flow';
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'index.html', {
    viewport: { width: 1280, height: 900 },
  }));
});
after(async () => {
  await browser?.close();
});

const role = (r) => page.locator(`${TAG} [data-role="${r}"]`);
const stageButton = (id) => page.locator(`${TAG} button[data-stage="${id}"]`);
const pressed = () =>
  page.evaluate(
    (t) =>
      [...document.querySelector(t).shadowRoot.querySelectorAll('button[aria-pressed="true"]')].map(
        (b) => b.dataset.stage,
      ),
    TAG,
  );

test('starts on attention: 24 × 256 = 6144 ≠ 5120, from the engine', async () => {
  assert.deepEqual(await pressed(), ['attention']);
  assert.equal(
    await role('shape').textContent(),
    '[T, d_model] = [5, 5120] → [T, H·d_head] = [5, 6144]',
  );
  assert.match(
    await role('width-note').textContent(),
    /24 个 Q 头 × 256 维 = 6144，不等于模型宽度 5120/,
  );
  assert.equal(await role('params').textContent(), '41,943,552 × 16 处 = 671,096,832');
  await assertSelfCheck(page, TAG, 8);
  await screenshot(page, TAG, `${TAG}-1280px.png`);
});

test('a click on the embedding says the vocabulary is not in the config', async () => {
  await timeToPaint(page, 'data-flow click embedding', () => stageButton('embedding').click());
  assert.deepEqual(await pressed(), ['embedding']);
  assert.equal(await role('shape').textContent(), '[T] = [5] → [T, d_model] = [5, 5120]');
  assert.match(await role('params').textContent(), /vocab_size/);
  assert.doesNotMatch(await role('params').textContent(), /\d{3},\d{3}/);
});

test('keyboard: ArrowDown from attention selects linear attention (state 144 MiB), Home the tokenizer', async () => {
  await stageButton('attention').focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await pressed(), ['attention']);
  await timeToPaint(page, 'data-flow ArrowDown', () => page.keyboard.press('ArrowDown'));
  assert.deepEqual(await pressed(), ['linear-attention']);
  assert.match(await role('state').textContent(), /144 MiB/);
  assert.match(await role('params').textContent(), /C11/);
  const focused = await page.evaluate(
    (t) => document.querySelector(t).shadowRoot.activeElement?.dataset.stage,
    TAG,
  );
  assert.equal(focused, 'linear-attention', 'focus follows the selection');
  await page.keyboard.press('Home');
  assert.deepEqual(await pressed(), ['tokens']);
  await page.keyboard.press('End');
  assert.deepEqual(await pressed(), ['softmax']);
  await stageButton('ffn').focus();
  await page.keyboard.press('Space');
  assert.deepEqual(await pressed(), ['ffn']);
  assert.match(await role('params').textContent(), /intermediate_size/);
});

test('the stages are marked learned / this chapter / not yet', async () => {
  const classes = await page.evaluate(
    (t) =>
      Object.fromEntries(
        [...document.querySelector(t).shadowRoot.querySelectorAll('button.stage')].map((b) => [
          b.dataset.stage,
          b.className,
        ]),
      ),
    TAG,
  );
  assert.equal(classes.embedding, 'stage learned');
  assert.equal(classes.attention, 'stage current');
  assert.equal(classes.ffn, 'stage later');
});

test('lang="en" switches the text and keeps the numbers; axe; no errors', async () => {
  await page.click('[data-attn-lang-toggle]');
  await stageButton('attention').click();
  const text = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, TAG);
  assert.match(text, /The cumulative data flow: Qwen3\.8-27B/);
  assert.doesNotMatch(text, /累计数据流/);
  assert.match(
    await role('width-note').textContent(),
    /24 query heads × 256 dims = 6144, not the model width 5120/,
  );
  assert.equal(await role('params').textContent(), '41,943,552 × 16 = 671,096,832');
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(errors, []);
});

for (const lang of ['zh-CN', 'en']) {
  test(`360 px wide (${lang}): the widget fits, no sideways scroll, axe clean`, async () => {
    const { page: p, errors: errs } = await openPage(browser, browser.fileUrl, 'index.html', {
      viewport: { width: 360, height: 780 },
    });
    if (lang === 'en') await p.click('[data-attn-lang-toggle]');
    const widths = await p.evaluate((t) => {
      const el = document.querySelector(t);
      return {
        el: el.getBoundingClientRect().right,
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    }, TAG);
    assert.ok(widths.el <= 360, `widget right edge ${widths.el}`);
    assert.ok(widths.page <= 1, `page scrolls sideways by ${widths.page}px`);
    await screenshot(p, TAG, `${TAG}-360px-${lang}.png`);
    assert.deepEqual(await seriousViolations(p), []);
    assert.deepEqual(errs, []);
    await p.close();
  });
}

test('on the chapter’s first lesson page too', async () => {
  const { page: p, errors: errs } = await openPage(
    browser,
    browser.fileUrl,
    '01-cosine-vs-projection.html',
  );
  assert.equal(await p.locator(TAG).count(), 1);
  const checks = await selfCheck(p, TAG);
  assert.ok(checks.length === 8 && checks.every((c) => c.ok));
  assert.deepEqual(errs, []);
  await p.close();
});
