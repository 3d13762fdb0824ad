// <attn-walkthrough>: Next/Back and ←/→/Home/End on the step bar move one step at a time, the
// indicator and the aria-live line follow, each step's highlighted cell shows its arithmetic,
// clicking or arrowing to another cell changes it, and the last step prints the course's output.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint, formulaText } from '../helpers/harness.mjs';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'walkthrough-the-cat.html'));
});
after(async () => {
  await browser?.close();
});

const W = 'attn-walkthrough';
const role = (r) => page.locator(`${W} [data-role="${r}"]`);
const indicator = () => role('indicator').textContent();
const arith = () => role('arith').evaluate(formulaText);
const stepOf = async () => Number((await indicator()).match(/\d+/)[0]);

test('starts at step 1 of 6 with Q, K, V; Back is disabled', async () => {
  assert.match(await indicator(), /1.*6/);
  assert.equal(await role('back').isDisabled(), true);
  assert.match(await arith(), /Q\[cat\]_0 = x\[cat\]·W_q\[:, 0\] = 0\.30 ×.* = 0\.30/);
});

test('Next moves one step: raw scores, with the arithmetic of cat → The', async () => {
  await timeToPaint(page, 'walkthrough next', () => role('next').click());
  assert.equal(await stepOf(), 2);
  assert.match(await arith(), /0\.30 × 1\.00 \+ 0\.90 × 0\.20 = 0\.48/);
  assert.match(await role('announce').textContent(), /2.*6/);
});

test('clicking a cell and arrow keys inside the matrix change the highlighted cell', async () => {
  const cell = (i, j) => page.locator(`${W} button[data-cell="${i},${j}"]`);
  await timeToPaint(page, 'walkthrough cell click', () => cell(0, 0).click());
  assert.equal(await cell(0, 0).getAttribute('aria-pressed'), 'true');
  assert.match(await arith(), /Q\[The\]·K\[The\] = 1\.00 × 1\.00 \+ 0\.20 × 0\.20 = 1\.04/);
  await timeToPaint(page, 'walkthrough cell arrow', () => page.keyboard.press('ArrowDown'));
  assert.equal(await cell(1, 0).getAttribute('aria-pressed'), 'true');
  assert.match(await arith(), /= 0\.48$/);
  assert.equal(await stepOf(), 2, 'arrows inside the matrix do not change the step');
});

test('←/→/Home/End on the step bar; the last step shows out[The] and out[cat]', async () => {
  await role('next').focus();
  await timeToPaint(page, 'walkthrough ArrowRight', () => page.keyboard.press('ArrowRight'));
  assert.equal(await stepOf(), 3);
  assert.match(await arith(), /0\.48 \/ √2 = 0\.34/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepOf(), 4);
  assert.match(await arith(), /\(−∞\) = −∞/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepOf(), 5);
  assert.match(await arith(), /= 42\.6%$/);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await stepOf(), 4);
  await page.keyboard.press('End');
  assert.equal(await stepOf(), 6);
  assert.equal(await role('next').isDisabled(), true);
  assert.match(
    await role('final').textContent(),
    /out\[The\] = \[0\.54, −0\.16\].*out\[cat\] = \[0\.42, 0\.24\]/,
  );
  assert.match(await arith(), /0\.426 × 0\.54 \+ 0\.574 × 0\.33 = 0\.42/);
  await page.keyboard.press('Home');
  assert.equal(await stepOf(), 1);
});

test('the step buttons jump; English switches every label', async () => {
  await page.locator(`${W} button[data-step="5"]`).click();
  assert.equal(await stepOf(), 5);
  await page.locator('[data-attn-lang-toggle]').click();
  assert.match(await indicator(), /step 5 of 6/);
  assert.match(await page.locator(`${W} h3`).first().textContent(), /Softmax weights/);
  assert.deepEqual(errors, []);
});

test('world changed after connect: zh-gift steps through without error, the course self-check stays', async () => {
  const state = () =>
    page.evaluate(() => {
      const el = document.querySelector('attn-walkthrough');
      return {
        error: el.dataset.error ?? null,
        cells: el.shadowRoot.querySelectorAll('button[data-cell]').length,
        failing: el.selfCheck().filter((c) => !c.ok),
      };
    });
  await page.evaluate(() =>
    document.querySelector('attn-walkthrough').setAttribute('world', 'zh-gift'),
  );
  for (let k = 1; k <= 6; k++) {
    await page.locator(`${W} button[data-step="${k}"]`).click();
    const s = await state();
    assert.equal(s.error, null, `step ${k}`);
    assert.ok(s.cells > 4, `step ${k} draws the 5-token matrices`);
    assert.deepEqual(s.failing, []);
  }
  assert.equal(await role('final').isHidden(), true);
  await page.evaluate(() =>
    document.querySelector('attn-walkthrough').setAttribute('world', 'en-the-cat'),
  );
  assert.deepEqual(errors, []);
});
