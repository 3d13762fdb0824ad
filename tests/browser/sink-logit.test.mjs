// <attn-sink-logit>: the sink slider (keyboard) raises the sink's share and shrinks |o|; the
// "off" checkbox brings back 30% / 41% / 29%; the gate slider changes the output but not the
// weights; lang="en" switches every label and keeps the numbers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint, formulaText } from '../helpers/harness.mjs';

const TAG = 'attn-sink-logit';
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'b4-attention-sink.html'));
});
after(async () => {
  await browser?.close();
});

const el = (role) => page.locator(`${TAG} [data-role="${role}"]`);
const text = (role) => el(role).evaluate(formulaText);
const percents = (s) => [...s.matchAll(/(\d+(?:\.\d+)?)%/g)].map((m) => Number(m[1]));
const firstNumber = (s) => Number(s.match(/=\s*(\d+\.\d+)/)[1]);

test('starts with the sink off: the three keys take 100%, no sink share', async () => {
  assert.equal(await el('sink-on').isChecked(), false);
  assert.deepEqual(percents(await text('sink-share')), [100]);
});

test('the sink slider, moved with the keyboard, raises the sink share and shrinks |o|', async () => {
  const slider = el('sink');
  await slider.focus();
  const norm0 = firstNumber(await text('sink-norm'));
  await timeToPaint(page, 'sink-logit sink slider (ArrowRight)', () =>
    page.keyboard.press('ArrowRight'),
  );
  assert.equal(await el('sink-on').isChecked(), true, 'moving the slider turns the sink on');
  assert.equal(await slider.inputValue(), '0.1');
  const [share1, three1] = percents(await text('sink-share'));
  assert.ok(share1 > 0 && Math.abs(share1 + three1 - 100) < 0.15, `${share1} + ${three1}`);
  for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
  assert.equal(await slider.inputValue(), '2.1');
  const [share2] = percents(await text('sink-share'));
  assert.ok(share2 > share1, `sink share rises: ${share1} → ${share2}`);
  const norm2 = firstNumber(await text('sink-norm'));
  assert.ok(norm2 < norm0, `|o| shrinks: ${norm0} → ${norm2}`);
  await page.keyboard.press('End');
  const [share3, three3] = percents(await text('sink-share'));
  assert.ok(share3 > 99 && three3 < 1, `sink +8: ${share3}% / ${three3}%`);
  assert.equal(
    await page.evaluate(
      (t) =>
        document.activeElement.localName === t &&
        document.activeElement.shadowRoot.activeElement.dataset.role,
      TAG,
    ),
    'sink',
    'focus stays on the slider',
  );
});

test('unchecking the sink brings back the plain split', async () => {
  await timeToPaint(page, 'sink-logit sink off', () => el('sink-on').click());
  assert.deepEqual(percents(await text('sink-share')), [100]);
  const bar = await page.locator(`${TAG} .stack`).first().getAttribute('aria-label');
  assert.deepEqual(percents(bar).map(Math.round), [30, 41, 29]);
});

test('the gate slider scales the output and leaves the weights alone', async () => {
  const weights0 = await text('gate-weights');
  const norm0 = firstNumber(await text('gate-norm'));
  assert.match(await text('gate-g'), /= 0\.500$/);
  assert.deepEqual(percents(weights0).slice(0, 3).map(Math.round), [30, 41, 29]);
  await el('gate').focus();
  await timeToPaint(page, 'sink-logit gate slider (ArrowLeft)', () =>
    page.keyboard.press('ArrowLeft'),
  );
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowLeft');
  assert.equal(await el('gate').inputValue(), '-1');
  const norm1 = firstNumber(await text('gate-norm'));
  assert.ok(norm1 < norm0, `|o_gated| falls: ${norm0} → ${norm1}`);
  assert.equal(await text('gate-weights'), weights0, 'weights unchanged');
  await page.keyboard.press('End');
  assert.ok(firstNumber(await text('gate-norm')) > norm0);
  assert.equal(await text('gate-weights'), weights0, 'weights unchanged');
});

test('lang="en" switches the labels and keeps the numbers', async () => {
  const zh = await text('gate-weights');
  await page.evaluate((t) => document.querySelector(t).setAttribute('lang', 'en'), TAG);
  const shadow = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, TAG);
  assert.match(shadow, /Exit one: a sink logit in the denominator/);
  assert.match(shadow, /apple/);
  assert.doesNotMatch(shadow, /出口一/);
  assert.deepEqual(percents(await text('gate-weights')), percents(zh));
  const checks = await page.evaluate((t) => document.querySelector(t).selfCheck(), TAG);
  assert.ok(
    checks.length >= 7 && checks.every((c) => c.ok),
    JSON.stringify(checks.filter((c) => !c.ok)),
  );
  assert.deepEqual(errors, []);
});

test('world changed after connect: a world without the lesson tokens is a named error, zh-gift comes back', async () => {
  const set = (w) =>
    page.evaluate(
      ([tag, wd]) => {
        const e = document.querySelector(tag);
        e.setAttribute('world', wd);
        return e.dataset.error ?? null;
      },
      [TAG, w],
    );
  // The lesson asks the world for its roles (which token is the object…); the-cat names none.
  assert.match(await set('en-the-cat'), /\/worlds\/en-the-cat\/roles has no "object"/);
  assert.equal(await set('zh-gift'), null);
  assert.deepEqual(errors, []);
});
