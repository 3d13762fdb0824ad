// <attn-exercise> on the practice page, in Chromium from file://: the student's code runs in the
// worker; a correct attention passes all inputs, each classic mistake gets the hint that names it,
// an error shows its line, the solution appears only after two failed checks; GQA's interleaved
// grouping is named. Screenshots at 360 and 1280 px in both languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openBrowser, openPage, shots } from './harness.mjs';
import { STRINGS, STARTERS, SOLUTIONS } from '../../widgets/exercise/strings.js';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'playground.html?lang=en'));
});
after(async () => {
  await browser?.close();
});

const ex = (task) => page.locator(`attn-exercise[task="${task}"]`);

/** Types `code` into the exercise, checks it, and returns its state when done. */
async function checkCode(task, code) {
  await ex(task).locator('textarea').fill(code);
  await ex(task).locator('[data-role="check"]').click();
  await page.waitForFunction(
    (t) => document.querySelector(`attn-exercise[task="${t}"]`).state.state === 'done',
    task,
  );
  return ex(task).evaluate((e) => e.state);
}

const SOLUTION = SOLUTIONS.attention;
// The solution with one classic mistake each.
const NO_SCALE = SOLUTION.replace(' / Math.sqrt(d)', '');
const MASK_AFTER = SOLUTION.replace(
  'allowed[i][j] ? q.reduce((acc, x, e) => acc + x * k[e], 0) / Math.sqrt(d) : -Infinity',
  'q.reduce((acc, x, e) => acc + x * k[e], 0) / Math.sqrt(d)',
).replace(
  'const w = e.map((x) => x / sum);',
  'const w = e.map((x, j) => (allowed[i][j] ? x / sum : 0));',
);
const WRONG_AXIS = `function attention(Q, K, V, allowed) {
  const d = Q[0].length;
  const S = Q.map((q, i) => K.map((k, j) =>
    allowed[i][j] ? q.reduce((a, x, e) => a + x * k[e], 0) / Math.sqrt(d) : -Infinity));
  const W = S.map((r) => r.map(() => 0));
  for (let j = 0; j < K.length; j++) {
    const col = S.map((r) => r[j]);
    const top = Math.max(...col);
    const e = col.map((x) => Math.exp(x - top));
    const sum = e.reduce((a, b) => a + b, 0);
    e.forEach((x, i) => (W[i][j] = x / sum));
  }
  return W.map((w) => V[0].map((_, c) => w.reduce((a, wj, j) => a + wj * V[j][c], 0)));
}`;

test('the starter runs but is wrong; the solution is hidden until two failed checks', async () => {
  assert.equal(await ex('attention').locator('[data-role="solution"]').isVisible(), false);
  const s = await checkCode('attention', STARTERS.en.attention(1));
  assert.equal(s.right, 0);
  assert.equal(await ex('attention').locator('[data-role="solution"]').isVisible(), false);
});

test('no scaling: the hint names ÷√d', async () => {
  const s = await checkCode('attention', NO_SCALE);
  assert.equal(s.right < s.total, true);
  assert.equal(s.hint, STRINGS.en.hint['no-scale']);
  assert.match(await ex('attention').locator('[data-role="hint"]').innerText(), /without ÷√d/);
  // Two failed checks: one solution may now be read.
  await ex('attention').locator('[data-role="solution"]').click();
  assert.match(await ex('attention').locator('pre.solution').innerText(), /Math\.sqrt\(d\)/);
});

test('mask after softmax: the hint names it', async () => {
  const s = await checkCode('attention', MASK_AFTER);
  assert.equal(s.hint, STRINGS.en.hint['mask-after-softmax']);
});

test('softmax down the columns: the hint names the axis', async () => {
  const s = await checkCode('attention', WRONG_AXIS);
  assert.equal(s.hint, STRINGS.en.hint['wrong-axis']);
});

test('a syntax error is shown with its line; the page keeps working', async () => {
  const s = await checkCode(
    'attention',
    'function attention(Q, K, V, allowed) {\n  return Q.map((q) => ;\n}',
  );
  assert.match(s.error, /Your code failed.*SyntaxError/);
});

test('a correct attention passes every input, checked against the engine', async () => {
  const s = await checkCode('attention', SOLUTION);
  assert.deepEqual([s.right, s.total, s.hint, s.error], [4, 4, null, null]);
  assert.match(
    await ex('attention').locator('[data-role="summary"]').innerText(),
    /All 4 inputs right!/,
  );
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ex('attention').screenshot({ path: join(shots, `exercise-attention-${width}-en.png`) });
    const overflow = await ex('attention').evaluate((e) => e.scrollWidth - e.clientWidth);
    assert.ok(overflow <= 1, `${width}: ${overflow} px too wide`);
  }
});

test('GQA: h % nKvHeads gets the interleaving hint; floor(h / group) passes, in Chinese too', async () => {
  let s = await checkCode(
    'gqa',
    'function kvHeadFor(h, nHeads, nKvHeads) {\n  return h % nKvHeads;\n}',
  );
  assert.equal(s.hint, STRINGS.en.hint.interleaved);
  s = await checkCode('gqa', SOLUTIONS.gqa);
  assert.deepEqual([s.right, s.total, s.hint], [5, 5, null]);
  await page.locator('[data-attn-lang-toggle]').click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  s = await checkCode(
    'gqa',
    'function kvHeadFor(h, nHeads, nKvHeads) {\n  return h % nKvHeads;\n}',
  );
  assert.equal(s.hint, STRINGS['zh-CN'].hint.interleaved);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ex('gqa').screenshot({ path: join(shots, `exercise-gqa-${width}-zh-CN.png`) });
  }
  assert.deepEqual(errors, []);
});
