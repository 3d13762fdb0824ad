// <attn-quiz>, the final quiz page: every kind answered as a student would. Choice and true/false
// by keyboard (arrow keys, Enter, Space on Check); a number typed and checked with Enter; an
// ordering rearranged with its Up / Down buttons by keyboard, and on a phone by tap. A wrong
// answer gets one retry that explains without giving the answer away, then the answer and the
// correction (a true/false statement shows it at once); the score counts first tries, and Start
// over keeps them. English labels; axe clean and screenshots at 360 and 1280 px in both
// languages; no console errors.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  openBrowser,
  openPage,
  timeToPaint,
  dist,
  formulaText,
  seriousViolations,
  shots,
} from '../helpers/harness.mjs';
import { makeUp } from '../../widgets/quiz/make-up.js';

const W = 'attn-quiz';
const quizData = JSON.parse(
  readFileSync(new URL('../../course-data/quiz.json', import.meta.url), 'utf8'),
);
const N = makeUp(quizData).total;
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'quiz.html'));
});
after(async () => {
  await browser?.close();
});

const fs = (id) => `${W} fieldset[data-q="${id}"]`;
const question = (id, p = page) =>
  p.evaluate(
    ([tag, qid]) => {
      const f = document.querySelector(tag).shadowRoot.querySelector(`fieldset[data-q="${qid}"]`);
      const fb = f.querySelector('[data-role="feedback"]');
      return {
        state: f.dataset.state,
        checked: f.querySelector('input:checked')?.value ?? null,
        verdict: fb.querySelector('.verdict')?.textContent ?? null,
        why: fb.querySelector('[data-role="why"]')?.textContent ?? null,
        answer: fb.querySelector('[data-role="answer"]')?.textContent ?? null,
        correction: fb.querySelector('[data-role="correction"]')?.textContent ?? null,
        link: fb.querySelector('[data-role="lesson-link"]')?.getAttribute('href') ?? null,
        feedback: fb.textContent,
        live: fb.getAttribute('aria-live'),
        badges: [...f.querySelectorAll('.badge')].map((b) => b.textContent).filter(Boolean),
        order: [...f.querySelectorAll('ol.order li')].map((li) => li.dataset.item),
      };
    },
    [W, id],
  );
const scoreText = (p = page) => p.locator(`${W} [data-role="score"]`).textContent();
const active = () =>
  page.evaluate((t) => {
    const a = document.querySelector(t).shadowRoot.activeElement;
    return {
      value: a?.value ?? null,
      role: a?.dataset.role ?? null,
      move: a?.dataset.move ?? null,
    };
  }, W);

test('the final quiz: its own questions, every kind drawn as a labelled control, feedback live', async () => {
  const info = await page.evaluate((t) => {
    const root = document.querySelector(t).shadowRoot;
    return [...root.querySelectorAll('fieldset')].map((f) => ({
      kind: f.dataset.kind,
      legend: !!f.querySelector('legend')?.textContent.trim(),
      radios: f.querySelectorAll('input[type="radio"]').length,
      labelled: [...f.querySelectorAll('input')].every(
        (r) => r.closest('label') || r.getAttribute('aria-label'),
      ),
      number: f.querySelectorAll('input[data-role="number"]').length,
      moves: [...f.querySelectorAll('ol.order button')].map((b) => b.getAttribute('aria-label')),
      live: f.querySelector('[data-role="feedback"]').getAttribute('aria-live'),
    }));
  }, W);
  assert.equal(info.length, N);
  assert.ok(N >= 24);
  for (const q of info) {
    assert.ok(q.legend && q.labelled, JSON.stringify(q));
    assert.equal(q.live, 'polite');
    if (q.kind === 'choice' || q.kind === 'true-false') assert.ok(q.radios >= 2);
    if (q.kind === 'numeric') assert.equal(q.number, 1);
    if (q.kind === 'order') {
      assert.ok(q.moves.length >= 6);
      assert.ok(
        q.moves.every((l) => /^(上移|下移)：/.test(l)),
        q.moves.join(),
      );
    }
  }
  const kinds = new Set(info.map((q) => q.kind));
  assert.deepEqual([...kinds].sort(), ['choice', 'numeric', 'order', 'true-false']);
  // W4: nothing on the quiz page points at a widget above it
  const text = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, W);
  assert.doesNotMatch(text, /上面的小部件|在上面的/);
  assert.match(await scoreText(), new RegExp(`已检查 0 / ${N} 题。第一次就答对：0 题`));
  // a code snippet for the find-the-bug items
  assert.match(
    await page.locator(`${fs('bug-mask-after-softmax')} pre.code`).textContent(),
    /w = softmax\(s, dim=-1\)\n\s+w = w\.masked_fill\(mask == 0, 0\)/,
  );
});

test("keyboard, right answer: into the √d_k question, ArrowDown to d, Enter → right, correction with the engine's numbers, link to lesson 3", async () => {
  await page.locator(`${fs('why-sqrt-dk')} input[value="c"]`).focus();
  await page.keyboard.press('ArrowDown');
  assert.equal((await active()).value, 'd');
  await timeToPaint(page, 'quiz check (Enter on an option)', () => page.keyboard.press('Enter'));
  const q = await question('why-sqrt-dk');
  assert.equal(q.state, 'right');
  assert.match(q.verdict, /答对了/);
  assert.match(q.correction, /标准差 15\.72，除以 √256 = 16 之后 0\.983/);
  assert.match(q.correction, /同一行 8 个键里最大的权重从 99\.999% 降到 35\.0%/);
  assert.equal(q.link, '03-softmax-and-scaling.html');
  const lesson = await openPage(browser, browser.fileUrl, q.link);
  const lines = async (sel) => {
    const all = lesson.page.locator(`attn-softmax-variance ${sel}`);
    const texts = [];
    for (let i = 0; i < (await all.count()); i++)
      texts.push(await all.nth(i).evaluate(formulaText));
    return texts;
  };
  const std = await lines('[data-formula="std"]');
  await lesson.page.close();
  assert.match(std[0], /std\(q·k\) = 15\.72 ≈ √d = √256/);
  assert.ok(existsSync(join(dist, q.link)), 'the linked page exists');
  assert.equal(q.why, null);
  assert.match(await scoreText(), new RegExp(`已检查 1 / ${N} 题。第一次就答对：1 题`));
});

test('a wrong choice gets one retry: why it is wrong, no answer; the second wrong try shows the answer', async () => {
  await page.locator(`${fs('why-causal-mask')} input[value="b"]`).check();
  await page.locator(`${fs('why-causal-mask')} [data-role="check"]`).click();
  let q = await question('why-causal-mask');
  assert.equal(q.state, 'retry');
  assert.match(q.verdict, /还不对。再试一次/);
  assert.match(q.why, /省计算不是掩码的目的，它防的是偷看后文/);
  assert.equal(q.answer, null, 'the answer stays hidden');
  assert.equal(q.correction, null);
  assert.deepEqual(q.badges, ['✗ 你的选择'], 'only the wrong choice is marked');
  // the retry, by keyboard: a different wrong option, Enter
  await page.locator(`${fs('why-causal-mask')} input[value="b"]`).focus();
  await page.keyboard.press('ArrowDown'); // b → c
  assert.equal(
    (await question('why-causal-mask')).verdict,
    null,
    'a new choice clears the verdict',
  );
  await page.keyboard.press('Enter');
  q = await question('why-causal-mask');
  assert.equal(q.state, 'wrong');
  assert.match(q.answer, /正确答案：a\)/);
  assert.match(q.correction, /有 32\.5% 的注意力直接落在它要预测的答案「小王」上/);
  assert.equal(q.link, '04-causal-mask.html');
  assert.deepEqual(q.badges, ['✓ 正确答案', '✗ 你的选择']);
  // right at last: right now, but not at the first try
  await page.locator(`${fs('why-causal-mask')} input[value="a"]`).check();
  await page.locator(`${fs('why-causal-mask')} [data-role="check"]`).click();
  q = await question('why-causal-mask');
  assert.equal(q.state, 'right');
  assert.match(q.verdict, /这次对了（第一次没对/);
  assert.match(
    await scoreText(),
    new RegExp(`已检查 2 / ${N} 题。第一次就答对：1 题（试过 2 题）`),
  );
});

test('a wrong true/false shows the answer at once (only the other answer is left)', async () => {
  await page.locator(`${fs('gqa-groups')} input[value="true"]`).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab'); // to Check
  assert.equal((await active()).role, 'check');
  await page.keyboard.press('Space');
  const q = await question('gqa-groups');
  assert.equal(q.state, 'wrong');
  assert.match(q.answer, /这句话是错的/);
  assert.match(q.correction, /组数就是 KV 头数/);
});

test('a number by keyboard: a known wrong number says what it is, the retry is right', async () => {
  const box = page.locator(`${fs('kv-bytes-llama3-8b')} input[data-role="number"]`);
  assert.equal(await box.getAttribute('aria-label'), '你的答案 (KiB)');
  await box.focus();
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  let q = await question('kv-bytes-llama3-8b');
  assert.equal(q.state, 'chosen', 'not graded');
  assert.match(q.feedback, /请填一个数/);
  await box.fill('');
  await page.keyboard.type('512');
  await page.keyboard.press('Enter');
  q = await question('kv-bytes-llama3-8b');
  assert.equal(q.state, 'retry');
  assert.match(q.why, /这是给 32 个 Q 头各存一份（MHA）的数/);
  assert.equal(q.answer, null);
  await box.fill('');
  await page.keyboard.type('128 KiB');
  await timeToPaint(page, 'quiz check (Enter in a number)', () => page.keyboard.press('Enter'));
  q = await question('kv-bytes-llama3-8b');
  assert.equal(q.state, 'right');
  assert.match(q.correction, /32 × 2 × 8 × 128 × 2 B = 131,072 B = 128 KiB/);
  assert.equal(q.link, '08-kv-cache.html');
  // a number too far with no known meaning: larger or smaller, then the answer with its tolerance
  const mla = page.locator(`${fs('mla-bytes-v2')} input[data-role="number"]`);
  await mla.fill('1000');
  await mla.press('Enter');
  q = await question('mla-bytes-v2');
  assert.match(q.why, /你的数偏小了/);
  await mla.fill('61,440');
  await mla.press('Enter');
  q = await question('mla-bytes-v2');
  assert.equal(q.state, 'wrong');
  assert.match(q.why, /漏了 RoPE 键/);
  assert.match(q.answer, /正确答案：69,120 B（与它相差 ±0\.1% 以内都算对）/);
});

test('an ordering by keyboard: Up / Down move an item and keep the focus; the retry says how many are in place', async () => {
  const id = 'order-attention-steps';
  assert.deepEqual((await question(id)).order, ['a', 'b', 'c', 'd', 'e']);
  // c (the scores) to the top: focus its Up button, press Enter twice
  await page.locator(`${fs(id)} li[data-item="c"] button[data-move="up"]`).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  assert.deepEqual((await question(id)).order, ['c', 'a', 'b', 'd', 'e']);
  // at the top its Up is disabled: the focus moved to its Down button
  assert.equal((await active()).move, 'down');
  assert.match(
    await page.locator(`${fs(id)} p[role="status"]`).textContent(),
    /打分：S = QKᵀ \/ √d 现在排第 1（共 5 项）/,
  );
  await page.locator(`${fs(id)} [data-role="check"]`).click();
  let q = await question(id);
  assert.equal(q.state, 'retry');
  assert.match(q.why, /5 项里有 1 项放对了位置/);
  assert.equal(q.answer, null);
  // e (the mask) up three places, by Space: c, e, a, b, d
  await page.locator(`${fs(id)} li[data-item="e"] button[data-move="up"]`).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Space');
  assert.deepEqual((await question(id)).order, ['c', 'e', 'a', 'b', 'd']);
  await page.locator(`${fs(id)} [data-role="check"]`).click();
  q = await question(id);
  assert.equal(q.state, 'right');
  assert.match(q.correction, /未来置为 −∞ → 每行 softmax/);
});

test('an ordering by value: its answer comes from the engine’s ledger; the answer shown says why', async () => {
  const id = 'kv-order-per-token';
  await page.locator(`${fs(id)} [data-role="check"]`).click();
  await page.locator(`${fs(id)} [data-role="check"]`).click(); // the same order again: 2 tries
  const q = await question(id);
  assert.equal(q.state, 'wrong');
  assert.match(q.answer, /DeepSeek-V2：60 层.*60 × \(512 \+ 64\) × 2 B = 69,120 B/);
  assert.match(q.answer, /锚点：16 × 2 × 4 × 256 × 2 B = 65,536 B/);
  assert.ok(q.badges.includes('✗ 位置不对'));
});

test('every question links to a built page once its answer shows', async () => {
  const n = await page.evaluate(
    (t) => document.querySelector(t).shadowRoot.querySelectorAll('fieldset').length,
    W,
  );
  for (let i = 0; i < n; i++)
    await page.evaluate(
      ([t, i]) => {
        const f = document.querySelector(t).shadowRoot.querySelectorAll('fieldset')[i];
        if (f.dataset.state === 'right' || f.dataset.state === 'wrong') return;
        const number = f.querySelector('input[data-role="number"]');
        if (number) {
          number.value = '1';
          number.dispatchEvent(new Event('input'));
        } else f.querySelector('input[type="radio"]')?.click();
        // twice: a wrong answer's retry used, the answer shows
        f.querySelector('[data-role="check"]').click();
        if (f.dataset.state === 'retry') f.querySelector('[data-role="check"]').click();
      },
      [W, i],
    );
  const links = await page.evaluate(
    (t) =>
      [...document.querySelector(t).shadowRoot.querySelectorAll('[data-role="lesson-link"]')].map(
        (a) => a.getAttribute('href'),
      ),
    W,
  );
  assert.equal(links.length, n);
  for (const l of links) assert.ok(existsSync(join(dist, l)), l);
  assert.match(await scoreText(), new RegExp(`已检查 ${N} / ${N} 题`));
});

test('Start over clears the answers on the page; the first tries stay counted', async () => {
  const before_ = (await scoreText()).match(/第一次就答对：(\d+) 题/)[1];
  await timeToPaint(page, 'quiz start over', () =>
    page.locator(`${W} [data-role="reset"]`).click(),
  );
  const s = await scoreText();
  assert.match(s, new RegExp(`已检查 0 / ${N} 题。第一次就答对：${before_} 题（试过 ${N} 题）`));
  const q = await question('why-sqrt-dk');
  assert.equal(q.checked, null);
  assert.equal(q.verdict, null);
  assert.equal((await active()).value, 'a', 'focus goes to the first option');
  assert.equal(
    await page.locator(`${fs('kv-bytes-llama3-8b')} input[data-role="number"]`).inputValue(),
    '',
  );
  // stored: a reload brings back what was checked, with the same first tries
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('attn-course-progress')),
  );
  const rec = stored.answers.quiz['why-causal-mask'];
  assert.deepEqual(
    { tries: rec.tries, firstAnswer: rec.firstAnswer, firstCorrect: rec.firstCorrect },
    { tries: 3, firstAnswer: 'b', firstCorrect: false },
  );
  assert.equal(rec.correct, true);
});

test('lang="en": English questions, labels and feedback, numbers unchanged', async () => {
  await page.evaluate((t) => document.querySelector(t).setAttribute('lang', 'en'), W);
  await page.locator(`${fs('softmax-dialog')} input[value="c"]`).check();
  await page.keyboard.press('Enter');
  const q = await question('softmax-dialog');
  assert.equal(q.state, 'right');
  assert.match(q.correction, /Softmax really gives 24\.5% \/ 9\.0% \/ 66\.5%/);
  assert.match(q.feedback, /Review: Lesson 3/);
  const box = page.locator(`${fs('gqa-which-kv-head')} input[data-role="number"]`);
  await box.fill('1');
  await box.press('Enter');
  assert.match(
    (await question('gqa-which-kv-head')).why,
    /That is h mod the KV heads: the query heads dealt out in turn/,
  );
  assert.match(
    await page
      .locator(`${fs('order-attention-steps')} button[data-move="down"]`)
      .first()
      .getAttribute('aria-label'),
    /^Move down: /,
  );
  assert.match(await scoreText(), new RegExp(`^Checked 2 of ${N}\\. Right at the first try: `));
  await page.evaluate((t) => document.querySelector(t).setAttribute('lang', 'zh-CN'), W);
  assert.deepEqual(errors, []);
});

test('on a phone, by tap: a number typed and checked, an ordering rearranged; nothing wider than 360 px', async () => {
  const phone = await openBrowser({ phone: true });
  try {
    for (const lang of ['zh-CN', 'en']) {
      const { page: p, errors: e } = await openPage(phone, phone.fileUrl, `quiz.html?lang=${lang}`);
      await p.evaluate(() => localStorage.clear());
      await p.reload();
      await p.locator(W).evaluate((el) => el.ready);
      const box = p.locator(`${fs('softmax-by-hand')} input[data-role="number"]`);
      await box.tap();
      await p.keyboard.type('41');
      await p.locator(`${fs('softmax-by-hand')} [data-role="check"]`).tap();
      assert.equal((await question('softmax-by-hand', p)).state, 'right', lang);
      const id = 'kv-order-per-token';
      // b (DeepSeek-V2) to the top, then d (the anchor) up two: b, d, ... by taps
      await p.locator(`${fs(id)} li[data-item="b"] button[data-move="up"]`).tap();
      await p.locator(`${fs(id)} li[data-item="d"] button[data-move="up"]`).tap();
      await p.locator(`${fs(id)} li[data-item="d"] button[data-move="up"]`).tap();
      await p.locator(`${fs(id)} li[data-item="c"] button[data-move="up"]`).tap();
      assert.deepEqual((await question(id, p)).order, ['b', 'd', 'c', 'a'], lang);
      await p.locator(`${fs(id)} [data-role="check"]`).tap();
      assert.equal((await question(id, p)).state, 'right', lang);
      assert.ok(
        (await p.evaluate(() => document.documentElement.scrollWidth)) <= 360,
        `${lang}: the page fits 360 px`,
      );
      await p.locator(fs(id)).screenshot({ path: join(shots, `quiz-order-tap-360-${lang}.png`) });
      await p.locator(fs('softmax-by-hand')).screenshot({
        path: join(shots, `quiz-numeric-tap-360-${lang}.png`),
      });
      assert.deepEqual(e, [], lang);
      await p.close();
    }
  } finally {
    await phone.close();
  }
});

test('axe clean and screenshots at 360 and 1280 px in both languages, with feedback showing', async () => {
  for (const lang of ['zh-CN', 'en'])
    for (const width of [360, 1280]) {
      const { page: p, errors: e } = await openPage(
        browser,
        browser.fileUrl,
        `quiz.html?lang=${lang}&teacher=0`,
        { viewport: { width, height: 900 } },
      );
      await p.evaluate(() => localStorage.clear());
      await p.reload();
      await p.locator(W).evaluate((el) => el.ready);
      // one retry and one answer shown, so the feedback's colours are checked too
      await p.locator(`${fs('why-causal-mask')} input[value="b"]`).check();
      await p.locator(`${fs('why-causal-mask')} [data-role="check"]`).click();
      await p.locator(`${fs('kv-rows-without-cache')} input[data-role="number"]`).fill('13');
      await p.locator(`${fs('kv-rows-without-cache')} [data-role="check"]`).click();
      await p.locator(`${fs('kv-rows-without-cache')} [data-role="check"]`).click();
      assert.deepEqual(await seriousViolations(p), [], `${lang} ${width}`);
      assert.ok((await p.evaluate(() => document.documentElement.scrollWidth)) <= width);
      await p.screenshot({ path: join(shots, `quiz-${width}-${lang}.png`) });
      for (const id of ['kv-rows-without-cache', 'bug-no-scaling', 'order-attention-steps'])
        await p
          .locator(fs(id))
          .screenshot({ path: join(shots, `quiz-${id}-${width}-${lang}.png`) });
      assert.deepEqual(e, []);
      await p.close();
    }
});
