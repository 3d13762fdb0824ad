// <attn-quiz>: answering by keyboard (Tab into a radio group, arrow keys, Enter or the Check
// button) gives the right verdict, the correction with the engine's numbers, and a link to a
// lesson page that exists; a wrong choice says why; changing the answer clears the verdict; the
// score counts checked answers; Start over clears everything; English labels; no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser, openPage, timeToPaint, dist, formulaText } from './harness.mjs';

const W = 'attn-quiz';
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'quiz.html'));
});
after(async () => {
  await browser?.close();
});

const fs = (id) => `${W} fieldset[data-q="${id}"]`;
const question = (id) =>
  page.evaluate(
    ([tag, qid]) => {
      const f = document.querySelector(tag).shadowRoot.querySelector(`fieldset[data-q="${qid}"]`);
      const fb = f.querySelector('[data-role="feedback"]');
      return {
        state: f.dataset.state,
        checked: f.querySelector('input:checked')?.value ?? null,
        verdict: fb.querySelector('.verdict')?.textContent ?? null,
        why: fb.querySelector('[data-role="why"]')?.textContent ?? null,
        correction: fb.querySelector('[data-role="correction"]')?.textContent ?? null,
        link: fb.querySelector('[data-role="lesson-link"]')?.getAttribute('href') ?? null,
        feedback: fb.textContent,
        live: fb.getAttribute('aria-live'),
        badges: [...f.querySelectorAll('.badge')].map((b) => b.textContent).filter(Boolean),
      };
    },
    [W, id],
  );
const scoreText = () => page.locator(`${W} [data-role="score"]`).textContent();
const focusedValue = () =>
  page.evaluate((t) => document.querySelector(t).shadowRoot.activeElement?.value ?? null, W);

test('every question is a radio group in a fieldset with a legend; feedback is a live region', async () => {
  const info = await page.evaluate((t) => {
    const root = document.querySelector(t).shadowRoot;
    return [...root.querySelectorAll('fieldset')].map((f) => ({
      legend: !!f.querySelector('legend')?.textContent.trim(),
      radios: f.querySelectorAll('input[type="radio"]').length,
      names: new Set([...f.querySelectorAll('input[type="radio"]')].map((r) => r.name)).size,
      labelled: [...f.querySelectorAll('input[type="radio"]')].every((r) => r.closest('label')),
      live: f.querySelector('[data-role="feedback"]').getAttribute('aria-live'),
    }));
  }, W);
  assert.equal(info.length, 24);
  for (const q of info) {
    assert.ok(q.legend && q.radios >= 2 && q.names === 1 && q.labelled);
    assert.equal(q.live, 'polite');
  }
  assert.match(await scoreText(), /已检查 0 \/ 24 题，答对 0 题/);
});

test("keyboard, right answer: into the √d_k question, ArrowDown to d, Enter → right, correction with the engine's numbers, link to lesson 3", async () => {
  await page.locator(`${fs('why-sqrt-dk')} input[value="c"]`).focus();
  await page.keyboard.press('ArrowDown');
  assert.equal(await focusedValue(), 'd');
  await timeToPaint(page, 'quiz check (Enter on an option)', () => page.keyboard.press('Enter'));
  const q = await question('why-sqrt-dk');
  assert.equal(q.state, 'right');
  assert.equal(q.checked, 'd');
  assert.match(q.verdict, /答对了/);
  assert.match(q.correction, /标准差 15\.72，除以 √256 = 16 之后 0\.983/);
  assert.match(q.correction, /同一行 8 个键里最大的权重从 99\.999% 降到 35\.0%/);
  assert.equal(q.link, '03-softmax-and-scaling.html');
  // The linked lesson's widget, at its starting d = 256, shows the same experiment's numbers.
  const lesson = await openPage(browser, browser.fileUrl, q.link);
  // Each formula line as a reader hears it (its MathML by the plain text of its aria-label).
  const lines = async (sel) => {
    const all = lesson.page.locator(`attn-softmax-variance ${sel}`);
    const texts = [];
    for (let i = 0; i < (await all.count()); i++)
      texts.push(await all.nth(i).evaluate(formulaText));
    return texts;
  };
  const shown = {
    std: await lines('[data-formula="std"]'),
    scaled: await lines('[data-formula="std-scaled"]'),
    max: await lines('[data-formula="max"]'),
  };
  await lesson.page.close();
  assert.match(shown.std[0], /std\(q·k\) = 15\.72 ≈ √d = √256/);
  assert.match(shown.scaled[0], /= 0\.983 ≈ 1/);
  assert.match(shown.max[0], /= 99\.999%$/);
  assert.match(shown.max[1], /= 35\.0%$/);
  assert.ok(existsSync(join(dist, q.link)), 'the linked page exists');
  assert.equal(q.why, null);
  assert.doesNotMatch(q.feedback, /null|undefined/);
  assert.match(await scoreText(), /已检查 1 \/ 24 题，答对 1 题/);
});

test('keyboard, wrong answer: Tab to the next question, pick True, Tab to Check, Space → wrong; the mask question: why, the right answer and 32.5%', async () => {
  await page.keyboard.press('Tab'); // from the radio group to its Check button
  await page.keyboard.press('Tab'); // its feedback: the link to lesson 3
  assert.equal(
    await page.evaluate((t) => document.querySelector(t).shadowRoot.activeElement?.dataset.role, W),
    'lesson-link',
  );
  await page.keyboard.press('Tab'); // into the next question's radio group
  assert.equal(await focusedValue(), 'true');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab'); // Check
  assert.equal(
    await page.evaluate((t) => document.querySelector(t).shadowRoot.activeElement?.dataset.role, W),
    'check',
  );
  await timeToPaint(page, 'quiz check (Check button, keyboard)', () =>
    page.keyboard.press('Space'),
  );
  let q = await question('sqrt-d-just-a-trick');
  assert.equal(q.state, 'wrong');
  assert.match(q.verdict, /不对/);
  assert.match(q.feedback, /这句话是错的/);
  await page.locator(`${fs('why-causal-mask')} input[value="b"]`).check();
  await page.locator(`${fs('why-causal-mask')} [data-role="check"]`).click();
  q = await question('why-causal-mask');
  assert.equal(q.state, 'wrong');
  assert.match(q.why, /省计算不是掩码的目的，它防的是偷看后文/);
  assert.match(q.feedback, /正确答案：a\)/);
  assert.match(q.correction, /有 32\.5% 的注意力直接落在它要预测的答案「小王」上/);
  assert.equal(q.link, '04-causal-mask.html');
  assert.deepEqual(q.badges, ['✓ 正确答案', '✗ 你的选择']);
  assert.doesNotMatch(q.feedback, /null|undefined/); // options b (chosen) and a (right)
  assert.match(await scoreText(), /已检查 3 \/ 24 题，答对 1 题/);
});

test('changing the answer clears the verdict until the next check; then it is right', async () => {
  await page.locator(`${fs('why-causal-mask')} input[value="b"]`).focus();
  await page.keyboard.press('ArrowUp'); // b → a, selects a
  let q = await question('why-causal-mask');
  assert.equal(q.checked, 'a');
  assert.equal(q.verdict, null, 'the old verdict is gone');
  assert.match(await scoreText(), /已检查 2 \/ 24 题/);
  await page.keyboard.press('Enter');
  q = await question('why-causal-mask');
  assert.equal(q.state, 'right');
  assert.match(await scoreText(), /已检查 3 \/ 24 题，答对 2 题/);
});

test('Check without a choice asks for one', async () => {
  await page.locator(`${fs('qkv-new-tokens')} [data-role="check"]`).click();
  const q = await question('qkv-new-tokens');
  assert.match(q.feedback, /先选一个答案/);
  assert.equal(q.state, 'open');
});

test('true/false: "True" is right for a true statement, with the correction and the link; a wrong choice says why', async () => {
  await page.locator(`${fs('kv-cache-free')} input[value="b"]`).check();
  await page.locator(`${fs('kv-cache-free')} [data-role="check"]`).click();
  let q = await question('kv-cache-free');
  assert.equal(q.state, 'wrong');
  assert.match(q.why, /线性/);
  assert.match(q.correction, /16 × 2 × 4 × 256 × 2 B = 65,536 B = 64 KiB/);
  assert.match(q.correction, /262,144 上下文一条请求 16 GiB/);
  assert.match(q.correction, /每 token 384 KiB/);
  assert.equal(q.link, '08-kv-cache.html');

  await page.locator(`${fs('mask-deletes-future')} input[value="true"]`).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  q = await question('mask-deletes-future');
  assert.equal(q.state, 'right');
  assert.match(q.correction, /只剩 67\.5%/);
  assert.equal(q.link, '04-causal-mask.html');

  await page.locator(`${fs('softmax-dialog')} input[value="b"]`).check();
  await page.locator(`${fs('softmax-dialog')} [data-role="check"]`).click();
  q = await question('softmax-dialog');
  assert.equal(q.state, 'wrong');
  assert.match(q.why, /按比例分/);
  assert.match(q.correction, /24\.5% \/ 9\.0% \/ 66\.5%/);
});

test('every lesson link of the quiz points at a built page', async () => {
  const n = await page.evaluate(
    (t) => document.querySelector(t).shadowRoot.querySelectorAll('fieldset').length,
    W,
  );
  // check every question wrongly or rightly, then collect the links
  for (let i = 0; i < n; i++) {
    await page.evaluate(
      ([t, i]) => {
        const f = document.querySelector(t).shadowRoot.querySelectorAll('fieldset')[i];
        f.querySelector('input').click();
        f.querySelector('[data-role="check"]').click();
      },
      [W, i],
    );
  }
  const links = await page.evaluate(
    (t) =>
      [...document.querySelector(t).shadowRoot.querySelectorAll('[data-role="lesson-link"]')].map(
        (a) => a.getAttribute('href'),
      ),
    W,
  );
  assert.equal(links.length, n);
  for (const l of links) assert.ok(existsSync(join(dist, l)), l);
  assert.match(await scoreText(), /已检查 24 \/ 24 题/);
});

test('Start over clears choices, verdicts and the score', async () => {
  await timeToPaint(page, 'quiz start over', () =>
    page.locator(`${W} [data-role="reset"]`).click(),
  );
  assert.match(await scoreText(), /已检查 0 \/ 24 题，答对 0 题/);
  const q = await question('why-sqrt-dk');
  assert.equal(q.checked, null);
  assert.equal(q.verdict, null);
  assert.equal(await focusedValue(), 'a', 'focus goes to the first option');
});

test('lang="en": English questions and feedback, numbers unchanged', async () => {
  await page.evaluate((t) => document.querySelector(t).setAttribute('lang', 'en'), W);
  await page.locator(`${fs('softmax-dialog')} input[value="c"]`).check();
  await page.keyboard.press('Enter');
  const q = await question('softmax-dialog');
  assert.equal(q.state, 'right');
  assert.match(q.verdict, /Right/);
  assert.match(q.correction, /Softmax really gives 24\.5% \/ 9\.0% \/ 66\.5%/);
  assert.match(q.feedback, /Review: Lesson 3/);
  assert.match(await scoreText(), /Checked 1 of 24, 1 right/);
  await page.evaluate((t) => document.querySelector(t).setAttribute('lang', 'zh-CN'), W);
  assert.deepEqual(errors, []);
});
