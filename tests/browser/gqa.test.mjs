// <attn-gqa>: the KV-head selector (click and arrow keys) changes the grouping of the 24 query
// heads and the engine's bytes; the paper table highlights the matching reported row; the
// GQA = copied-KV MHA check shows a tiny difference; no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint } from '../helpers/harness.mjs';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, '09-gqa.html'));
});
after(async () => {
  await browser?.close();
});

const W = 'attn-gqa';
const state = () =>
  page.evaluate((tag) => {
    const root = document.querySelector(tag).shadowRoot;
    return {
      checked: root.querySelector('input[type="radio"]:checked')?.value,
      groups: [...root.querySelectorAll('.group')].map((g) => g.querySelectorAll('.head.q').length),
      kvLabels: [...root.querySelectorAll('.group .kvhead')].map((k) => k.textContent),
      perToken: root.querySelector('[data-value="per-token"]').textContent,
      perContext: root.querySelector('[data-value="per-context"]').textContent,
      summary: root.querySelector('.summary').textContent,
      paperCurrent: root.querySelector('table.paper tr.current')?.dataset.row ?? null,
      allCurrent: root.querySelector('table.all tr.current')?.dataset.g,
      eq: root.querySelector('.eq-diff').textContent,
      error: document.querySelector(tag).dataset.error ?? null,
    };
  }, W);

test('starts at the anchor: 4 KV heads, 4 groups of 6, 64 KiB per token, 16 GiB at 262,144', async () => {
  const s = await state();
  assert.equal(s.checked, '4');
  assert.deepEqual(s.groups, [6, 6, 6, 6]);
  assert.deepEqual(s.kvLabels, ['KV1', 'KV2', 'KV3', 'KV4']);
  assert.equal(s.perToken, '64 KiB');
  assert.equal(s.perContext, '16 GiB');
  assert.match(s.summary, /= 4$/);
  assert.equal(s.error, null);
});

test("clicking 24 (MHA): 24 groups of one, 384 KiB and 96 GiB, the paper's MHA row", async () => {
  await timeToPaint(page, 'gqa select click', () =>
    page.locator(`${W} label[data-g="24"]`).click(),
  );
  const s = await state();
  assert.equal(s.checked, '24');
  assert.equal(s.groups.length, 24);
  assert.ok(s.groups.every((n) => n === 1));
  assert.equal(s.perToken, '384 KiB');
  assert.equal(s.perContext, '96 GiB');
  assert.equal(s.paperCurrent, 'mha');
  assert.equal(s.allCurrent, '24');
});

test("arrow keys move along the choices: 24 → 12 → 8 (the paper's GQA-8 row)", async () => {
  await page.locator(`${W} input[value="24"]`).focus();
  await timeToPaint(page, 'gqa select keyboard', () => page.keyboard.press('ArrowRight'));
  let s = await state();
  assert.equal(s.checked, '12');
  assert.deepEqual(s.groups, new Array(12).fill(2));
  await page.keyboard.press('ArrowRight');
  s = await state();
  assert.equal(s.checked, '8');
  assert.equal(s.perToken, '128 KiB');
  assert.equal(s.perContext, '32 GiB');
  assert.equal(s.paperCurrent, 'gqa-8');
});

test('1 (MQA): one group of all 24 query heads, 16 KiB and 4 GiB', async () => {
  await page.locator(`${W} label[data-g="1"]`).click();
  const s = await state();
  assert.deepEqual(s.groups, [24]);
  assert.equal(s.perToken, '16 KiB');
  assert.equal(s.perContext, '4 GiB');
  assert.equal(s.paperCurrent, 'mqa');
});

test('GQA = MHA with copied K/V: the difference is float-rounding small', async () => {
  const s = await state();
  const d = Number(s.eq.match(/= ([0-9.e+-]+)/)[1]);
  assert.ok(d < 1e-6, s.eq);
  assert.deepEqual(errors, []);
});

test('kv-heads changed after connect selects that grouping', async () => {
  await page.evaluate((tag) => document.querySelector(tag).setAttribute('kv-heads', '8'), W);
  let s = await state();
  assert.equal(s.checked, '8');
  assert.deepEqual(s.groups, Array(8).fill(3));
  await page.evaluate((tag) => document.querySelector(tag).setAttribute('kv-heads', '4'), W);
  s = await state();
  assert.equal(s.checked, '4');
  assert.equal(s.error, null);
  assert.deepEqual(errors, []);
});
