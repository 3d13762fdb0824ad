// <attn-rope>: moving the query and the key together (buttons, or the sliders with the link on)
// leaves the score where it was; moving one (keyboard on a slider, or fill) changes it and j − i;
// V stays unrotated; the toy's dims 2–3 stay put; the strip marks 64 of 256 dims.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint, formulaText } from '../helpers/harness.mjs';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, '06-rope.html'));
});
after(async () => {
  await browser?.close();
});

const R = 'attn-rope';
const role = (r) => page.locator(`${R} [data-role="${r}"]`);
const score = async () => (await role('score').locator('strong').textContent()).replace('−', '-');
const delta = async () =>
  Number((await role('score').locator('.delta').textContent()).match(/-?\d+$/)[0]);
const pos = async () => [
  Number(await role('pos-i').inputValue()),
  Number(await role('pos-j').inputValue()),
];

test('starts at (i, j) = (3, 2): the key 苹果 where the sentence has it, before the query, j − i = −1', async () => {
  assert.deepEqual(await pos(), [3, 2]);
  assert.equal(await delta(), -1);
  assert.match(
    await role('score-formula').evaluate(formulaText),
    /q_rot\(3\)·k_rot\(2\) = .* = -?−?\d/,
  );
});

test('both +1 / both −1: the score stays put', async () => {
  const s0 = await score();
  await timeToPaint(page, 'rope both +1', () => role('both-up').click());
  assert.deepEqual(await pos(), [4, 3]);
  assert.equal(await score(), s0);
  await role('both-down').click();
  await role('both-down').click();
  assert.deepEqual(await pos(), [2, 1]);
  assert.equal(await score(), s0);
  await role('both-up').focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await pos(), [3, 2]);
});

test('the arrow key on one slider moves only that position: the score and j − i change', async () => {
  const s0 = await score();
  await role('pos-j').focus();
  await timeToPaint(page, 'rope slider ArrowLeft', () => page.keyboard.press('ArrowLeft'));
  assert.deepEqual(await pos(), [3, 1]);
  assert.equal(await delta(), -2);
  assert.notEqual(await score(), s0);
  await page.keyboard.press('ArrowRight');
  assert.equal(await score(), s0);
});

test('with the link on, dragging one slider moves both and the score stays', async () => {
  const s0 = await score();
  await role('link').check();
  await role('pos-i').focus();
  await timeToPaint(page, 'rope linked slider', () => page.keyboard.press('ArrowRight'));
  assert.deepEqual(await pos(), [4, 3]);
  assert.equal(await score(), s0);
  await role('pos-i').fill('10');
  assert.deepEqual(await pos(), [10, 9]);
  assert.equal(await score(), s0);
  await role('link').uncheck();
  await role('pos-i').fill('1');
  assert.deepEqual(await pos(), [1, 9]);
  assert.notEqual(await score(), s0);
  await role('pos-j').fill('0');
  assert.equal(await score(), s0, '(1, 0) scores like (3, 2)');
});

test('V is the same at every j; the rotated V is not; toy dims 2–3 unchanged; 64 of 256 rotate', async () => {
  const v0 = await role('v-plain').textContent();
  const r0 = await role('v-rot').textContent();
  await role('pos-j').fill('9');
  const v1 = await role('v-plain').textContent();
  assert.equal(v0.replace(/j = \d+/, ''), v1.replace(/j = \d+/, ''));
  assert.notEqual(
    r0.replace(/j = \d+/, ''),
    (await role('v-rot').textContent()).replace(/j = \d+/, ''),
  );
  const states = await role('toy').locator('tbody tr td:last-child').allTextContents();
  assert.equal(states[2], states[3]);
  assert.match(states[2], /原样|unchanged/);
  const rot = await page.evaluate(
    () =>
      document
        .querySelector('attn-rope')
        .shadowRoot.querySelectorAll('[data-role="strip"] rect[data-rot="1"]').length,
  );
  const all = await page.evaluate(
    () =>
      document.querySelector('attn-rope').shadowRoot.querySelectorAll('[data-role="strip"] rect')
        .length,
  );
  assert.deepEqual([rot, all], [64, 256]);
  assert.deepEqual(errors, []);
});

test('model changed after connect: another RoPE model redraws with the anchor self-check intact; no RoPE is a named error', async () => {
  const set = (model) =>
    page.evaluate((m) => {
      const el = document.querySelector('attn-rope');
      el.setAttribute('model', m);
      return {
        error: el.dataset.error ?? null,
        anchor: el.shadowRoot.querySelector('[data-role="anchor"]')?.textContent ?? '',
        failing: el.selfCheck().filter((c) => !c.ok),
      };
    }, model);
  const llama = await set('llama-3-8b');
  assert.equal(llama.error, null);
  assert.match(llama.anchor, /Llama/);
  assert.deepEqual(llama.failing, []);
  assert.match((await set('gpt2')).error, /model "gpt2" has no RoPE/);
  assert.equal((await set('qwen3.8-27b')).error, null);
  assert.deepEqual(errors, []);
});
