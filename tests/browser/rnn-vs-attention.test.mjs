// <attn-rnn-vs-attention>: Step / Back / Reset / Play (click and keyboard) move the highlighted RNN
// step along the chain; the counts read 4,096 / 4,095 / 1 at T = 4,096 and follow the number
// field; the T slider (keyboard) redraws the arcs (1 + … + T of them) and drops the weights past
// 5 tokens; the query buttons (arrow keys) pick the row whose engine weights sum to 1; English
// labels; no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint, holdClock } from '../helpers/harness.mjs';

const W = 'attn-rnn-vs-attention';
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'b1-rnn-vs-attention.html'));
});
after(async () => {
  await browser?.close();
});

const sel = (role, p = page) => p.locator(`${W} [data-role="${role}"]`);
const state = (p = page) =>
  p.evaluate((tag) => {
    const root = document.querySelector(tag).shadowRoot;
    const units = [...root.querySelectorAll('.chain .unit')];
    const big = (row, col) =>
      root.querySelectorAll(`.counts tr[data-row="${row}"] td .big`)[col]?.textContent;
    return {
      current: units.filter((u) => u.classList.contains('current')).map((u) => Number(u.dataset.t)),
      done: units.filter((u) => u.classList.contains('done')).map((u) => Number(u.dataset.t)),
      waiting: units.filter((u) => u.classList.contains('waiting')).map((u) => Number(u.dataset.t)),
      status: root.querySelector('[data-role="status"]').textContent,
      reach: root.querySelector('[data-role="rnn-reach"]').textContent,
      links: Number(root.querySelector('[data-role="arcs"]').dataset.links),
      query: root.querySelector('.queries button[aria-pressed="true"]')?.dataset.q,
      weights: [...root.querySelectorAll('[data-role="weights-table"] td.w')].map(
        (td) => td.textContent,
      ),
      rowSum: root.querySelector('[data-role="row-sum"]')?.textContent ?? null,
      noWeights: !!root.querySelector('[data-role="no-weights"]'),
      counts: {
        rnnSteps: big('steps', 0),
        attnSteps: big('steps', 1),
        rnnPath: big('path', 0),
        attnPath: big('path', 1),
        keys: big('reads', 1),
        pairs: big('pairs', 1),
      },
      playPressed: root.querySelector('[data-role="play"]').getAttribute('aria-pressed'),
      back: root.querySelector('[data-role="back"]').disabled,
      step: root.querySelector('[data-role="step"]').disabled,
      error: document.querySelector(tag).dataset.error ?? null,
    };
  }, W);

test('starts at step 1 of T = 5 with the counts at T = 4,096: 4,096 / 4,095 against 1 / 1', async () => {
  const s = await state();
  assert.deepEqual(s.current, [1]);
  assert.deepEqual(s.waiting, [2, 3, 4, 5]);
  assert.equal(s.links, 15);
  assert.deepEqual(s.counts, {
    rnnSteps: '4,096',
    attnSteps: '1',
    rnnPath: '4,095',
    attnPath: '1',
    keys: '4,096',
    pairs: '8,390,656',
  });
  assert.ok(s.back, 'Back is disabled at step 1');
  assert.equal(s.error, null);
  const checks = await page.evaluate((t) => document.querySelector(t).selfCheck(), W);
  assert.ok(
    checks.length >= 6 && checks.every((c) => c.ok),
    JSON.stringify(checks.filter((c) => !c.ok)),
  );
});

test('Step (click) moves the highlight to h₂; the query follows the step', async () => {
  await timeToPaint(page, 'rnn-vs-attention step click', () => sel('step').click());
  const s = await state();
  assert.deepEqual(s.current, [2]);
  assert.deepEqual(s.done, [1]);
  assert.match(s.status, /第 2 \/ 5 步/);
  assert.match(s.reach, /1 次更新/);
  assert.equal(s.query, '1');
  assert.equal(s.weights.length, 2, 'query 2 reads 2 keys');
});

test('keyboard: Enter on Step, ArrowRight, End, ArrowLeft, Home', async () => {
  await sel('step').focus();
  await page.keyboard.press('Enter');
  assert.deepEqual((await state()).current, [3]);
  await timeToPaint(page, 'rnn-vs-attention ArrowRight', () => page.keyboard.press('ArrowRight'));
  let s = await state();
  assert.deepEqual(s.current, [4]);
  assert.deepEqual(s.done, [1, 2, 3]);
  assert.match(s.reach, /3 次更新/);
  assert.deepEqual(s.weights, ['39.4%', '2.2%', '56.5%', '1.9%'], 'the 给了 row from the engine');
  assert.match(s.rowSum, /= 1\.000$/);
  await page.keyboard.press('End');
  s = await state();
  assert.deepEqual(s.current, [5]);
  assert.ok(s.step, 'Step is disabled at the last step');
  const focused = await page.evaluate(
    (t) => document.querySelector(t).shadowRoot.activeElement?.dataset.role,
    W,
  );
  assert.equal(focused, 'back', 'focus moves off the disabled Step button');
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual((await state()).current, [4]);
  await page.keyboard.press('Home');
  assert.deepEqual((await state()).current, [1]);
});

test('Play advances the step by itself and Pause stops it', async () => {
  // On a page of its own whose clock the test moves (harness holdClock): each 900 ms tick of
  // Play happens when the test says, so Pause lands mid-Play however slow the machine.
  const clocked = await openBrowser({ clock: true });
  try {
    const { page: p, errors: errs } = await openPage(
      clocked,
      clocked.fileUrl,
      'b1-rnn-vs-attention.html',
    );
    const at = async () => (await state(p)).current;
    await holdClock(p);
    await sel('play', p).click();
    assert.equal((await state(p)).playPressed, 'true');
    assert.deepEqual(await at(), [1]);
    await p.clock.runFor(900);
    assert.deepEqual(await at(), [2], 'one step per 900 ms');
    await p.clock.runFor(900);
    assert.deepEqual(await at(), [3]);
    await sel('play', p).click();
    assert.equal((await state(p)).playPressed, 'false');
    await p.clock.runFor(5000);
    assert.deepEqual(await at(), [3], 'paused: the step stays');
    await sel('reset', p).click();
    assert.deepEqual(await at(), [1]);
    assert.deepEqual(errs, []);
  } finally {
    await clocked.close();
  }
});

test('the T slider (keyboard): more tokens, more arcs (1 + … + T), no weights past the 5-token world', async () => {
  await sel('t').focus();
  await timeToPaint(page, 'rnn-vs-attention T slider', () => page.keyboard.press('ArrowRight'));
  let s = await state();
  assert.equal(s.links, 21);
  assert.ok(s.noWeights);
  assert.deepEqual(s.waiting, [2, 3, 4, 5, 6]);
  await page.keyboard.press('End');
  s = await state();
  assert.equal(s.links, 78);
  assert.equal(s.waiting.length, 11);
  await page.keyboard.press('Home');
  s = await state();
  assert.equal(s.links, 3);
  assert.equal(s.weights.length, 2);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  assert.equal((await state()).links, 15);
});

test('query buttons: arrow keys pick the query; each row of weights sums to 1.000', async () => {
  await page.locator(`${W} .queries button[aria-pressed="true"]`).focus();
  await page.keyboard.press('Home');
  let s = await state();
  assert.equal(s.query, '0');
  assert.deepEqual(s.weights, ['100.0%']);
  for (let q = 1; q < 5; q++) {
    await page.keyboard.press('ArrowRight');
    s = await state();
    assert.equal(s.query, String(q));
    assert.equal(s.weights.length, q + 1);
    assert.match(s.rowSum, /= 1\.000$/);
  }
  assert.equal(
    await page.evaluate((t) => document.querySelector(t).shadowRoot.activeElement?.dataset.q, W),
    '4',
    'focus follows',
  );
});

test('the count field: T = 12 gives 12 / 11, T = 4096 gives 4,096 / 4,095 again', async () => {
  await timeToPaint(page, 'rnn-vs-attention count field', () => sel('count-t').fill('12'));
  let s = await state();
  assert.deepEqual(
    [s.counts.rnnSteps, s.counts.rnnPath, s.counts.attnPath, s.counts.pairs],
    ['12', '11', '1', '78'],
  );
  await sel('count-t').fill('4096');
  s = await state();
  assert.deepEqual(
    [s.counts.rnnSteps, s.counts.rnnPath, s.counts.attnPath, s.counts.keys],
    ['4,096', '4,095', '1', '4,096'],
  );
});

test('lang="en" relabels everything and keeps the state and numbers', async () => {
  await page.evaluate((t) => document.querySelector(t).setAttribute('lang', 'en'), W);
  const s = await state();
  assert.match(s.status, /^RNN: step 1 of 5; attention: all 5 rows done in 1 step$/);
  assert.equal(s.counts.rnnPath, '4,095');
  const text = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, W);
  assert.match(text, /Bahdanau 2014/);
  assert.doesNotMatch(text, /下一步|注意力：/);
  await page.evaluate((t) => document.querySelector(t).setAttribute('lang', 'zh-CN'), W);
  assert.deepEqual(errors, []);
});

test('attributes changed after connect restart the picture and the counts; leaving the page mid-Play stops it', async () => {
  await page.evaluate((tag) => {
    const el = document.querySelector(tag);
    el.setAttribute('t', '3');
    el.setAttribute('count-t', '12');
  }, W);
  let s = await state();
  assert.equal(s.links, 6); // 1 + 2 + 3
  assert.deepEqual(s.current, [1]);
  assert.deepEqual([s.counts.rnnSteps, s.counts.rnnPath], ['12', '11']);
  await sel('play').click();
  assert.equal((await state()).playPressed, 'true');
  const after = await page.evaluate(async (tag) => {
    const el = document.querySelector(tag);
    const parent = el.parentNode,
      next = el.nextSibling;
    el.remove();
    const pressed = el.shadowRoot.querySelector('[data-role="play"]').getAttribute('aria-pressed');
    const step = el.shadowRoot.querySelector('.chain .unit.current').dataset.t;
    await new Promise((r) => setTimeout(r, 1500));
    const still = el.shadowRoot.querySelector('.chain .unit.current').dataset.t;
    parent.insertBefore(el, next);
    return { pressed, moved: still !== step };
  }, W);
  assert.deepEqual(after, { pressed: 'false', moved: false });
  await page.evaluate((tag) => {
    const el = document.querySelector(tag);
    el.setAttribute('t', '5');
    el.setAttribute('count-t', '4096');
  }, W);
  s = await state();
  assert.equal(s.links, 15);
  assert.deepEqual([s.counts.rnnSteps, s.counts.rnnPath], ['4,096', '4,095']);
  assert.deepEqual(errors, []);
});
