// <attn-kv-cache>: Step / Back / Reset (click and keyboard) change which positions' K/V boxes are
// computed or read from the cache and the running counts; the P slider (keyboard) changes the
// sums; both ways generate the same ids; no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint } from '../helpers/harness.mjs';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, '08-kv-cache.html'));
});
after(async () => {
  await browser?.close();
});

const W = 'attn-kv-cache';
const sel = (css) => page.locator(`${W} ${css}`);
// What the stepper shows, read from the shadow DOM.
const state = () =>
  page.evaluate((tag) => {
    const root = document.querySelector(tag).shadowRoot;
    const lane = (step, mode) => {
      const el = root.querySelector(`.step[data-step="${step}"] .lane.${mode}`);
      return (
        el && {
          computed: [...el.querySelectorAll('.box.computed')].map((b) => Number(b.dataset.pos)),
          reused: [...el.querySelectorAll('.box.reused')].map((b) => Number(b.dataset.pos)),
        }
      );
    };
    const steps = root.querySelectorAll('.step').length;
    const cell = (mode, cls) =>
      root.querySelector(`tr[data-mode="${mode}"] td.${cls} .big`)?.textContent;
    return {
      steps,
      current: root.querySelector('.step.current')?.dataset.step,
      without: lane(steps, 'without'),
      with: lane(steps, 'with'),
      soFar: { without: cell('without', 'so-far'), with: cell('with', 'so-far') },
      total: { without: cell('without', 'total'), with: cell('with', 'total') },
      recompute: root.querySelector('.recompute').textContent,
      same: root.querySelector('.tokens .same')?.textContent ?? null,
      stepDisabled: root.querySelector('button.step-btn').disabled,
      backDisabled: root.querySelector('button.back').disabled,
      bytes: [...root.querySelectorAll('.bytes .bar-row')].map(
        (r) => r.querySelector('.val').textContent,
      ),
      error: document.querySelector(tag).dataset.error ?? null,
    };
  }, W);

test("starts at step 1 of P = 2, G = 3: the prompt's two K/V computed both ways", async () => {
  const s = await state();
  assert.equal(s.steps, 1);
  assert.deepEqual(s.without, { computed: [0, 1], reused: [] });
  assert.deepEqual(s.with, { computed: [0, 1], reused: [] });
  assert.deepEqual(s.total, { without: '9', with: '4' });
  assert.match(s.recompute, /9 − 4 = 5/);
  assert.ok(s.same, 'the ids of both ways are identical');
  assert.ok(s.backDisabled);
  assert.equal(s.error, null);
});

test('Step (click) adds a step: without the cache all 3 positions are recomputed, with it 1 computed and 2 read', async () => {
  await timeToPaint(page, 'kv-cache step click', () => sel('button.step-btn').click());
  const s = await state();
  assert.equal(s.steps, 2);
  assert.equal(s.current, '2');
  assert.deepEqual(s.without, { computed: [0, 1, 2], reused: [] });
  assert.deepEqual(s.with, { computed: [2], reused: [0, 1] });
  assert.deepEqual(s.soFar, { without: '5', with: '3' });
  assert.equal(s.bytes[1], 't = 3：2 × 2 × 3 × 2 × 4 × 4 B = 384 B');
});

test('keyboard: Enter on Step reaches the last step (9 vs 4), ArrowLeft goes back, Reset returns to step 1', async () => {
  await sel('button.step-btn').focus();
  await timeToPaint(page, 'kv-cache step keyboard', () => page.keyboard.press('Enter'));
  let s = await state();
  assert.equal(s.steps, 3);
  assert.deepEqual(s.with, { computed: [3], reused: [0, 1, 2] });
  assert.deepEqual(s.soFar, { without: '9', with: '4' });
  assert.ok(s.stepDisabled);
  const focused = await page.evaluate(
    (tag) => document.querySelector(tag).shadowRoot.activeElement?.className,
    W,
  );
  assert.equal(focused, 'back', 'focus moves to a button that still works');
  await page.keyboard.press('ArrowLeft');
  s = await state();
  assert.equal(s.steps, 2);
  await sel('button.reset').click();
  s = await state();
  assert.equal(s.steps, 1);
});

test('the P slider (arrow key) changes the sums: P = 3, G = 3 is 3 + 4 + 5 = 12 vs 3 + 1 + 1 = 5', async () => {
  await sel('#kv-p').focus();
  await timeToPaint(page, 'kv-cache P slider', () => page.keyboard.press('ArrowRight'));
  const s = await state();
  assert.deepEqual(s.total, { without: '12', with: '5' });
  assert.deepEqual(s.without, { computed: [0, 1, 2], reused: [] });
  assert.match(s.recompute, /12 − 5 = 7/);
  assert.ok(s.same);
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual((await state()).total, { without: '9', with: '4' });
});

test('the G slider shortens the run and clamps the step', async () => {
  for (let i = 0; i < 2; i++) await sel('button.step-btn').click();
  assert.equal((await state()).steps, 3);
  await sel('#kv-g').focus();
  await page.keyboard.press('ArrowLeft');
  const s = await state();
  assert.equal(s.steps, 2);
  assert.deepEqual(s.total, { without: '5', with: '3' });
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(errors, []);
});

test('prompt and generate changed after connect restart the stepper with those lengths', async () => {
  await page.evaluate((tag) => {
    const el = document.querySelector(tag);
    el.setAttribute('prompt', '3');
    el.setAttribute('generate', '4');
  }, W);
  let s = await state();
  assert.equal(s.current, '1');
  assert.equal(s.error, null);
  assert.deepEqual(s.with.computed, [0, 1, 2]); // step 1 computes the 3 prompt positions
  await page.evaluate((tag) => {
    const el = document.querySelector(tag);
    el.setAttribute('prompt', '2');
    el.setAttribute('generate', '3');
  }, W);
  s = await state();
  assert.deepEqual(s.with.computed, [0, 1]);
  assert.deepEqual(errors, []);
});
