// <attn-dot-product>: the query and key pickers (native radios, arrow keys) change the term-by-term
// expansion and the geometry; the QKᵀ grid selects a pair by click and by arrow keys; the length
// T (number input, slider by keyboard, presets) changes the bytes; lang="en" switches the labels.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint, formulaText } from '../helpers/harness.mjs';

const TAG = 'attn-dot-product';
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, '02-dot-product.html'));
});
after(async () => {
  await browser?.close();
});

const radio = (role, i) => page.locator(`${TAG} input[data-role="${role}"][data-i="${i}"]`);
const text = (role) => page.locator(`${TAG} [data-role="${role}"]`).first().evaluate(formulaText);
const cell = (i, j) => page.locator(`${TAG} button.cell[data-i="${i}"][data-j="${j}"]`);
const bytes = async () => [await text('mem-additive'), await text('mem-dot')];

test('default pair 给了 → 苹果: the expansion, its total, and the geometry agree', async () => {
  assert.equal(await radio('query', 3).isChecked(), true);
  assert.equal(await radio('key', 2).isChecked(), true);
  const exp = await text('expansion');
  assert.match(exp, /q\[给了\] · k\[苹果\]:\s+q·k = q₁k₁ \+ q₂k₂ \+ q₃k₃ \+ q₄k₄/);
  const total = exp.match(/= (−?\d+\.\d\d)$/)[1];
  assert.ok(
    (await text('geometry')).endsWith(`= ${total}`),
    'the geometric reading gives the same q·k',
  );
  assert.equal(await text('dot-score'), total);
  assert.equal(await cell(3, 2).getAttribute('aria-pressed'), 'true');
  assert.equal(await cell(3, 2).locator('.fit-wide').innerText(), total);
  assert.match(
    await text('rank'),
    /^「给了」这一行从高到低：苹果 [\d.]+ > 小王 [\d.−]+ > 小明 [\d.−]+ > 把 [\d.−]+ > 给了 [\d.−]+$/,
  );
});

test('keyboard: arrow keys on the pickers change the pair and the expansion', async () => {
  const before = await text('expansion');
  const addBefore = await text('additive-score');
  await radio('key', 2).focus();
  await timeToPaint(page, 'dot-product key by keyboard', () => page.keyboard.press('ArrowRight'));
  assert.equal(await radio('key', 3).isChecked(), true);
  const after = await text('expansion');
  assert.match(after, /q\[给了\] · k\[给了\]/);
  assert.notEqual(after, before);
  assert.notEqual(await text('additive-score'), addBefore, 'the additive score follows the pair');
  await radio('query', 3).focus();
  await timeToPaint(page, 'dot-product query by keyboard', () => page.keyboard.press('ArrowLeft'));
  assert.equal(await radio('query', 2).isChecked(), true);
  assert.match(await text('expansion'), /q\[苹果\] · k\[给了\]/);
  assert.equal(await cell(2, 3).getAttribute('aria-pressed'), 'true');
});

test('the QKᵀ grid: click picks a pair, arrow keys move it', async () => {
  await timeToPaint(page, 'dot-product grid click', () => cell(3, 2).click());
  assert.equal(await radio('query', 3).isChecked(), true);
  assert.equal(await radio('key', 2).isChecked(), true);
  await page.keyboard.press('ArrowRight');
  assert.equal(await cell(3, 3).getAttribute('aria-pressed'), 'true');
  const focused = await page.evaluate(
    (t) => ({ ...document.querySelector(t).shadowRoot.activeElement.dataset }),
    TAG,
  );
  assert.deepEqual(focused, { i: '3', j: '3' });
  await page.keyboard.press('ArrowLeft');
  assert.match(await text('expansion'), /q\[给了\] · k\[苹果\]/);
});

test('length T: the slider (keyboard), the number input and the presets change the bytes', async () => {
  assert.deepEqual(await bytes(), ['8.0 GiB', '32 MiB']);
  assert.match(
    await text('mem-additive-formula'),
    /4,096 × 4,096 × 256 × 2 B = 8,589,934,592 B = 8\.0 GiB$/,
  );
  const slider = page.locator(`${TAG} input[data-role="t-slider"]`);
  await slider.focus();
  await timeToPaint(page, 'dot-product T slider by keyboard', () =>
    page.keyboard.press('ArrowRight'),
  );
  assert.equal(await page.locator(`${TAG} input[data-role="t"]`).inputValue(), '8192');
  assert.deepEqual(await bytes(), ['32 GiB', '128 MiB']);
  await timeToPaint(page, 'dot-product T typed', () =>
    page.locator(`${TAG} input[data-role="t"]`).fill('512'),
  );
  assert.deepEqual(await bytes(), ['128 MiB', '512 KiB']);
  assert.equal(await slider.inputValue(), '9');
  await page.locator(`${TAG} button[data-t="32768"]`).click();
  assert.deepEqual(await bytes(), ['512 GiB', '2.0 GiB']);
  assert.equal(
    await page.locator(`${TAG} button[data-t="32768"]`).getAttribute('aria-pressed'),
    'true',
  );
  await page.locator(`${TAG} button[data-t="4096"]`).click();
  assert.deepEqual(await bytes(), ['8.0 GiB', '32 MiB']);
});

test('lang="en" switches the labels and keeps the state; no console errors', async () => {
  await page.locator('[data-attn-lang-toggle]').click();
  assert.equal(await page.locator(TAG).getAttribute('lang'), 'en');
  assert.match(await text('expansion'), /^q\[gave\] · k\[apple\]:/);
  const all = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, TAG);
  assert.match(all, /Query token/);
  assert.doesNotMatch(all.replace(/Self-check[^]*$/, ''), /查询|逐项展开|加性/);
  await page.locator('[data-attn-lang-toggle]').click();
  const checks = await page.evaluate((t) => document.querySelector(t).selfCheck(), TAG);
  assert.ok(checks.length >= 6 && checks.every((c) => c.ok), JSON.stringify(checks));
  assert.deepEqual(errors, []);
});

test('the memory note credits the engine for the byte counts (engine.scoreMemory)', async () => {
  const text = await page.evaluate(
    () => document.querySelector('attn-dot-product').shadowRoot.textContent,
  );
  assert.match(text, /engine\.scoreMemory/);
  assert.doesNotMatch(text, /引擎里没有对应函数|the engine has no function/);
});
