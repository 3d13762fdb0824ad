// <attn-exercise> in Chromium from file://: the attention exercise on its own page right after the
// worked example (exercise.html), GQA's on the practice page. The student's code runs in the
// worker; the attention task starts from a blank function (no ①–④) and switches to the guided
// starter by keyboard, keeping each draft; a correct attention passes all inputs; each typical bug
// gets the hint that names it (one test per bug); a syntax error shows its line and column, a
// bracket left open says the code ended early; rows are counted from 1; the solution appears only
// after two failed checks; GQA's interleaved grouping is named. 360 and 1280 px in both
// languages, axe clean.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openBrowser, openPage, shots, seriousViolations } from '../helpers/harness.mjs';
import { STRINGS, STARTERS, SOLUTIONS } from '../../widgets/exercise/strings.js';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'exercise.html?lang=en'));
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

const SOLUTION = SOLUTIONS.en.attention;
const SCORE =
  'allowed[i][j] ? q.reduce((acc, x, e) => acc + x * k[e], 0) / Math.sqrt(d) : -Infinity';
const swap = (a, b) => {
  assert.ok(SOLUTION.includes(a), a);
  return SOLUTION.replace(a, b);
};
// The solution with one typical bug each, and the hint it must get.
const BUGS = [
  ['no ÷√d', () => swap(' / Math.sqrt(d)', ''), 'no-scale'],
  ['÷d instead of ÷√d', () => swap(' / Math.sqrt(d)', ' / d'), 'divide-by-d'],
  [
    'the mask after softmax',
    () =>
      swap(SCORE, 'q.reduce((acc, x, e) => acc + x * k[e], 0) / Math.sqrt(d)').replace(
        'const w = e.map((x) => x / sum);',
        'const w = e.map((x, j) => (allowed[i][j] ? x / sum : 0));',
      ),
    'mask-after-softmax',
  ],
  ['masking with 0 instead of −∞', () => swap(': -Infinity,', ': 0,'), 'mask-with-zero'],
  [
    'an ignored mask (allowed unused)',
    () => swap('allowed[i][j] ?', 'j <= i ?'),
    'own-causal-mask',
  ],
  [
    'no mask at all',
    () => swap(SCORE, 'q.reduce((acc, x, e) => acc + x * k[e], 0) / Math.sqrt(d)'),
    'no-mask',
  ],
  [
    'summing K instead of V',
    () =>
      swap(
        'return V[0].map((_, c) => w.reduce((acc, wj, j) => acc + wj * V[j][c], 0));',
        'return K[0].map((_, c) => w.reduce((acc, wj, j) => acc + wj * K[j][c], 0));',
      ),
    'sum-k',
  ],
  [
    'softmax down the columns',
    () => `function attention(Q, K, V, allowed) {
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
}`,
    'wrong-axis',
  ],
];

test('the exercise page comes right after the worked example and starts from a blank function', async () => {
  const prev = await page.evaluate(() =>
    document.querySelector('a[rel="prev"]')?.getAttribute('href'),
  );
  assert.equal(prev.split('?')[0], 'walkthrough-the-cat.html');
  const code = await ex('attention').locator('textarea').inputValue();
  assert.equal(code, STARTERS.en.attentionBlank(1));
  assert.doesNotMatch(code, /[①②③④]/u);
  // nor does the task above it spell out the steps
  const task = await ex('attention').locator('[data-role="task"]').innerText();
  assert.equal(task, STRINGS.en.task.attentionBlank);
  assert.doesNotMatch(task, /√d|−∞|along each row/);
  assert.equal(await ex('attention').locator('input[value="blank"]').isChecked(), true);
});

test('the starter switch (keyboard) shows the steps, and each starter keeps its draft', async () => {
  const editor = ex('attention').locator('textarea');
  await editor.fill('// my blank draft');
  await ex('attention').locator('input[value="blank"]').focus();
  await page.keyboard.press('ArrowUp'); // radio group: to the guided starter
  await page.waitForFunction(
    () => document.querySelector('attn-exercise').starterMode === 'guided',
  );
  const guided = await editor.inputValue();
  assert.equal(guided, STARTERS.en.attention(1));
  assert.match(guided, /①[\s\S]*②[\s\S]*③[\s\S]*④/u);
  assert.match(await ex('attention').locator('[data-role="task"]').innerText(), /q·k \/ √d, −∞/);
  await ex('attention').locator('input[value="guided"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => document.querySelector('attn-exercise').starterMode === 'blank');
  assert.equal(await editor.inputValue(), '// my blank draft');
});

test('the blank starter runs but is wrong; the solution is hidden until two failed checks', async () => {
  assert.equal(await ex('attention').locator('[data-role="solution"]').isVisible(), false);
  const s = await checkCode('attention', STARTERS.en.attentionBlank(1));
  assert.equal(s.right, 0);
  assert.equal(await ex('attention').locator('[data-role="solution"]').isVisible(), false);
});

for (const [what, code, mistake] of BUGS)
  test(`a typical bug, ${what}: the hint names it`, async () => {
    const s = await checkCode('attention', code());
    assert.ok(s.right < s.total, `${s.right}/${s.total}`);
    assert.equal(s.hint, STRINGS.en.hint[mistake]);
    assert.equal(
      await ex('attention').locator('[data-role="hint"]').innerText(),
      `${STRINGS.en.hintTitle}\n${STRINGS.en.hint[mistake]}`,
    );
  });

test('after two failed checks one solution may be read', async () => {
  await ex('attention').locator('[data-role="solution"]').click();
  assert.match(await ex('attention').locator('pre.solution').innerText(), /Math\.sqrt\(d\)/);
});

test('rows are counted from 1 in what the student reads', async () => {
  const off = SOLUTION.replace(
    'return Q.map((q, i) => {',
    'return Q.map((q, i) => { if (i === 0) return V[0].map(() => 7);',
  );
  const s = await checkCode('attention', off);
  assert.match(s.hint, /row 1 \(counting from 1\) is the first that differs/);
  const short = SOLUTION.replace(
    'return Q.map((q, i) => {',
    'return Q.map((q, i) => { if (i === 1) return [0];',
  );
  const t = await checkCode('attention', short);
  assert.match(t.lines[0].text, /wrong shape: row 2: 1$/);
});

test('a syntax error shows its line and column; a bracket left open says the code ended early', async () => {
  let s = await checkCode(
    'attention',
    'function attention(Q, K, V, allowed) {\n  return Q.map((q) => ;\n}',
  );
  assert.match(s.error, /^Your code failed \(line 2, column 23\): SyntaxError: /);
  assert.equal(await ex('attention').locator('[data-role="error"]').innerText(), s.error);
  s = await checkCode('attention', 'function attention(Q, K, V, allowed) {\n  return [];');
  assert.equal(s.error, STRINGS.en.runErrorAtEnd('2'));
  // A runtime error keeps its line (and column) too.
  s = await checkCode('attention', 'function attention(Q, K, V, allowed) {\n  return null.x;\n}');
  assert.match(s.error, /^Your code failed \(line 2, column \d+\): TypeError/);
});

test('a correct attention passes every input, checked against the engine; 360 and 1280 px, both languages, axe', async () => {
  const s = await checkCode('attention', SOLUTION);
  assert.deepEqual([s.right, s.total, s.hint, s.error], [4, 4, null, null]);
  assert.match(
    await ex('attention').locator('[data-role="summary"]').innerText(),
    /All 4 inputs right!/,
  );
  for (const lang of ['en', 'zh-CN']) {
    if (lang === 'zh-CN') {
      await page.locator('[data-attn-lang-toggle]').click();
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
      const z = await checkCode('attention', BUGS[3][1]());
      assert.equal(z.hint, STRINGS['zh-CN'].hint['mask-with-zero']);
      const y = await checkCode(
        'attention',
        'function attention(Q, K, V, allowed) {\n  return Q.map((q) => ;\n}',
      );
      assert.match(y.error, /^你的代码出错了（第 2 行第 23 列）：SyntaxError/);
    }
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: join(shots, `exercise-page-${width}-${lang}.png`),
        fullPage: true,
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 1, `${width} ${lang}: ${overflow} px too wide`);
      assert.deepEqual(await seriousViolations(page), [], `${width} ${lang}`);
    }
  }
  assert.deepEqual(errors, []);
});

test('GQA on the practice page: h % nKvHeads gets the interleaving hint; floor(h / group) passes, in Chinese too', async () => {
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'playground.html?lang=en'));
  assert.equal(await page.locator('attn-exercise[task="attention"]').count(), 0);
  let s = await checkCode(
    'gqa',
    'function kvHeadFor(h, nHeads, nKvHeads) {\n  return h % nKvHeads;\n}',
  );
  assert.equal(s.hint, STRINGS.en.hint.interleaved);
  s = await checkCode('gqa', SOLUTIONS.en.gqa);
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
