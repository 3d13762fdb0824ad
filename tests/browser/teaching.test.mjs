// The course pages as a student meets them: a prediction hides the widgets until it is
// committed, the reveal sets the guess beside the engine's answer, each lesson page's check gives
// feedback, progress survives a reload and shows on the index; the self-check panels only in the
// teacher view. Screenshots at 360 and 1280 px, both languages, before and after a prediction.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, seriousViolations, shots } from '../helpers/harness.mjs';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { makeUp } from '../../widgets/quiz/make-up.js';

const FINAL = makeUp(
  JSON.parse(readFileSync(new URL('../../course-data/quiz.json', import.meta.url), 'utf8')),
).total;

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** A page as a student first sees it: nothing stored from an earlier test. */
async function fresh(name, opts = {}) {
  const { page, errors } = await openPage(browser, browser.fileUrl, name, {
    student: true,
    ...opts,
  });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForFunction(() => window.AttnCourse !== undefined);
  return { page, errors };
}

const gateState = (page) =>
  page.evaluate(() => {
    const gate = document.querySelector('[data-predict-gate]');
    return { gated: gate.classList.contains('gated'), inert: gate.inert };
  });

test('lesson 3: the prediction hides the widget, the note says why; committing reveals guess, answer and the widget', async () => {
  const { page, errors } = await fresh('03-softmax-and-scaling.html?lang=en');
  assert.deepEqual(await gateState(page), { gated: true, inert: true });
  assert.equal(await page.locator('attn-softmax-variance').isVisible(), false);
  assert.equal(await page.locator('.guide-notice').isVisible(), false);
  assert.equal(await page.locator('attn-quiz').isVisible(), false);
  assert.ok(await page.locator('.predict-gated-note').isVisible());
  assert.equal(await page.locator('.predict-reveal').isVisible(), false);
  // The answer's text is nowhere visible before the commit.
  assert.doesNotMatch(await page.locator('main').innerText(), /24\.5%/);
  // Drag by keyboard: the slider starts at 50%, twenty-four steps left → 26%.
  const slider = page.locator('.predict input[type=range]');
  await slider.focus();
  for (let i = 0; i < 24; i++) await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('.predict output').innerText(), '26%');
  await page.click('[data-predict-commit]');
  const compare = await page.locator('.predict-compare').innerText();
  assert.match(
    compare,
    /^Your prediction: 26%; the engine: 24\.5%\. Off by 1\.5 percentage points\. Close!$/,
  );
  assert.equal(await page.locator('.predict-misconception').first().isVisible(), false);
  assert.deepEqual(await gateState(page), { gated: false, inert: false });
  assert.ok(await page.locator('attn-softmax-variance').isVisible());
  assert.ok(await page.locator('.guide-notice').isVisible());
  assert.equal(await page.locator('.predict-gated-note').isVisible(), false);
  assert.equal(await slider.isDisabled(), true);
  // Kept: a reload opens revealed with the same guess.
  await page.reload();
  await page.waitForFunction(() => window.AttnCourse !== undefined);
  assert.deepEqual(await gateState(page), { gated: false, inert: false });
  assert.match(await page.locator('.predict-compare').innerText(), /Your prediction: 26%/);
  // "Predict again" closes the gate for a new guess.
  await page.click('[data-predict-again]');
  assert.deepEqual(await gateState(page), { gated: true, inert: true });
  assert.deepEqual(errors, []);
});

test('lesson 3: the proportional guess is named as the misconception, never "close" (M3)', async () => {
  for (const [lang, re, named] of [
    [
      'en',
      /Off by 8\.5 percentage points\. That is the very misconception this lesson is about\.$/,
      /^A common misconception: “33\.3%: the weights are split evenly \(33\.3% each\) or in proportion to the scores \(33\.3% for the first key\)”\. In fact: Both ignore what softmax does with the differences/,
    ],
    [
      'zh-CN',
      /差了 8\.5 个百分点。这正是这一课要纠正的误解。$/,
      // no space after the labels in Chinese (round 6's readers)
      /^常见的误解：「33\.3%：权重平分（每个 33\.3%），或者按分数的比例来分（第一个键 33\.3%）」。其实：这两种分法都没管/,
    ],
  ]) {
    const { page, errors } = await fresh(`03-softmax-and-scaling.html?lang=${lang}`);
    await page.locator('.predict input[type=range]').fill('33');
    await page.click('[data-predict-commit]');
    const compare = await page.locator('.predict-compare').innerText();
    assert.match(compare, re, compare);
    assert.doesNotMatch(compare, /Close|很接近/);
    const note = page.locator('.predict-misconception:visible');
    assert.equal(await note.count(), 1);
    assert.match(await note.innerText(), named);
    // the gut guess is named too; a plain wrong guess names nothing
    await page.click('[data-predict-again]');
    await page.locator('.predict input[type=range]').fill('40');
    await page.click('[data-predict-commit]');
    assert.match(await page.locator('.predict-misconception:visible').innerText(), /40%/);
    // a guess beside a misconception but not on it is not named as it (round 6: 34 is not 33.3)
    await page.click('[data-predict-again]');
    await page.locator('.predict input[type=range]').fill('34');
    await page.click('[data-predict-commit]');
    assert.equal(await page.locator('.predict-misconception:visible').count(), 0);
    await page.click('[data-predict-again]');
    await page.locator('.predict input[type=range]').fill('70');
    await page.click('[data-predict-commit]');
    assert.equal(await page.locator('.predict-misconception:visible').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('lesson 2: 3.0 against 2.01 is not "close" (relative error, not a tenth of the slider)', async () => {
  const { page, errors } = await fresh('02-dot-product.html?lang=en');
  await page.locator('.predict input[type=range]').fill('3');
  await page.click('[data-predict-commit]');
  assert.match(
    await page.locator('.predict-compare').innerText(),
    /Off by 0\.99\. It is smaller than you guessed\.$/,
  );
  assert.deepEqual(errors, []);
});

test('B1: the slider starts far from the answer; a guess of 1 is named as the misconception, then corrected', async () => {
  const { page, errors } = await fresh('b1-rnn-vs-attention.html?lang=en');
  const slider = page.locator('.predict input[type=range]');
  assert.equal(await slider.inputValue(), '0');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.click('[data-predict-commit]');
  assert.match(
    await page.locator('.predict-compare').innerText(),
    /That is the very misconception this lesson is about\.$/,
  );
  // round 6: the myth is quoted after the label and the true fact comes after "In fact" (R2-A10's
  // template, which reached choice predictions only)
  assert.match(
    await page.locator('.predict-misconception:visible').innerText(),
    /^A common misconception: “1: the first token’s information reaches the last in one update”\. In fact: 1 is attention’s path: the last token reads the first in one step/,
  );
  // a 2 is not quoted as "1: …" (round 6: a guess is named only on the misconception's value)
  await page.click('[data-predict-again]');
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await slider.inputValue(), '2');
  await page.click('[data-predict-commit]');
  assert.equal(await page.locator('.predict-misconception:visible').count(), 0);
  assert.doesNotMatch(await page.locator('.predict-compare').innerText(), /misconception/);
  assert.deepEqual(errors, []);
});

test('lesson 6: a choice prediction asks for a choice first, then says right or not, in Chinese', async () => {
  const { page, errors } = await fresh('06-rope.html');
  await page.click('[data-predict-commit]');
  assert.ok(await page.locator('.predict-pick').isVisible());
  assert.deepEqual(await gateState(page), { gated: true, inert: true });
  await page.check('.predict input[value="a"]');
  await page.click('[data-predict-commit]');
  const compare = await page.locator('.predict-compare').innerText();
  assert.match(compare, /^你的预测：变大.*；引擎算出：不变.*这正是这一课要纠正的误解。$/);
  assert.match(
    await page.locator('.predict-misconception:visible').innerText(),
    /每个旋转角都变大了，但点积只看两者之差/,
  );
  assert.match(await page.locator('.predict-why').innerText(), /1\.7651/);
  assert.deepEqual(await gateState(page), { gated: false, inert: false });
  assert.deepEqual(errors, []);
});

test('every lesson page with a prediction gates its widgets and reveals them on commit', async () => {
  const pages = [
    'b1-rnn-vs-attention',
    '01-cosine-vs-projection',
    '02-dot-product',
    '03-softmax-and-scaling',
    '04-causal-mask',
    '05-values',
    'walkthrough-the-cat',
    '06-rope',
    '07-multi-head',
    'b4-attention-sink',
    '08-kv-cache',
    '09-gqa',
    '10-mla',
    'heatmap',
    'lab',
  ];
  for (const slug of pages) {
    const { page, errors } = await fresh(`${slug}.html?lang=en`);
    assert.deepEqual(await gateState(page), { gated: true, inert: true }, slug);
    // Committing before choosing asks for a choice; the slider's start is nobody's guess.
    await page.click('[data-predict-commit]');
    assert.ok(await page.locator('.predict-pick').isVisible(), slug);
    if ((await page.locator('.predict').getAttribute('data-kind')) === 'choice')
      await page.locator('.predict input[type=radio]').first().check();
    else {
      await page.locator('.predict input[type=range]').focus();
      await page.keyboard.press('ArrowRight');
    }
    await page.click('[data-predict-commit]');
    assert.match(
      await page.locator('.predict-compare').innerText(),
      /Your prediction: .+; the engine: .+\./,
      slug,
    );
    assert.deepEqual(await gateState(page), { gated: false, inert: false }, slug);
    assert.deepEqual(errors, [], slug);
    await page.close();
  }
});

test('a lesson check gives feedback, survives a reload, and the index shows the progress', async () => {
  const { page, errors } = await fresh('05-values.html?lang=en&teacher=0');
  await page.evaluate(() => {
    // The gate is not what this test is about: open it as a committed prediction would.
    localStorage.setItem(
      'attn-course-progress',
      JSON.stringify({ answers: {}, predictions: { '05-values': { guess: '0.5' } } }),
    );
  });
  await page.reload();
  await page.waitForFunction(() => window.AttnCourse !== undefined);
  const quiz = page.locator('attn-quiz[lesson="05-values"]');
  await quiz.evaluate((el) => el.ready);
  const questions = quiz.locator('fieldset[data-q]');
  assert.equal(await questions.count(), 2);
  // One right (true), one wrong (a): the wrong one may be tried again, its answer still hidden.
  await quiz.locator('fieldset[data-q="output-is-v-mix"] input[value="true"]').check();
  await quiz.locator('fieldset[data-q="output-is-v-mix"] [data-role="check"]').click();
  await quiz.locator('fieldset[data-q="why-not-take-k"] input[value="a"]').check();
  await quiz.locator('fieldset[data-q="why-not-take-k"] [data-role="check"]').click();
  const stateOf = (id) => quiz.locator(`fieldset[data-q="${id}"]`).getAttribute('data-state');
  assert.equal(await stateOf('output-is-v-mix'), 'right');
  assert.equal(await stateOf('why-not-take-k'), 'retry');
  assert.match(
    await quiz.locator('fieldset[data-q="why-not-take-k"] [data-role="why"]').innerText(),
    /K and V can be just as long/,
  );
  assert.equal(
    await quiz.locator('fieldset[data-q="why-not-take-k"] [data-role="answer"]').count(),
    0,
    'no answer before the retry',
  );
  // The retry, right: right now, but the first try stays wrong.
  await quiz.locator('fieldset[data-q="why-not-take-k"] input[value="d"]').check();
  await quiz.locator('fieldset[data-q="why-not-take-k"] [data-role="check"]').click();
  assert.equal(await stateOf('why-not-take-k'), 'right');
  assert.match(
    await quiz.locator('fieldset[data-q="why-not-take-k"] .verdict').innerText(),
    /Right this time \(not at the first try/,
  );
  // On its own page the check does not link back to the page.
  assert.equal(await quiz.locator('[data-role="lesson-link"]').count(), 0);
  await page.reload();
  await page.waitForFunction(() => window.AttnCourse !== undefined);
  await page.locator('attn-quiz').evaluate((el) => el.ready);
  assert.equal(await stateOf('output-is-v-mix'), 'right');
  assert.equal(await stateOf('why-not-take-k'), 'right');
  assert.match(
    await quiz.locator('[data-role="score"]').innerText(),
    /Checked 2 of 2\. Right at the first try: 1 \(of 2 tried\)\./,
  );
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('attn-course-progress')).answers['05-values'],
  );
  assert.deepEqual(stored['why-not-take-k'], {
    answer: 'd',
    correct: true,
    tries: 2,
    firstAnswer: 'a',
    firstCorrect: false,
  });
  // The index: this page's line says predicted and 1 of 2; another page says nothing.
  await page.goto(`${browser.fileUrl}index.html?lang=en`);
  const mark = page.locator('[data-progress="05-values"]');
  // the first try counts: 1 of 2, though both are right now
  assert.equal(await mark.innerText(), 'predicted · checks 1/2 right at the first try');
  assert.equal(await page.locator('[data-progress="06-rope"]').isVisible(), false);
  // Each page's question stands under its title.
  assert.match(
    await page
      .locator('ol.lessons li', { has: page.locator('a[href^="05-values.html"]') })
      .innerText(),
    /why not simply take back the keys\?/i,
  );
  for (const [lang, width] of [
    ['en', 1280],
    ['en', 360],
    ['zh-CN', 1280],
    ['zh-CN', 360],
  ]) {
    await page.goto(`${browser.fileUrl}index.html?lang=${lang}`);
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({
      path: join(shots, `index-progress-${width}-${lang}.png`),
      fullPage: true,
    });
  }
  assert.deepEqual(errors, []);
});

test('teacher view: self-check panels hidden from students, shown with ?teacher and the switch, which is kept', async () => {
  const { page, errors } = await fresh('07-multi-head.html?lang=en');
  const panel = page.locator('attn-multi-head').locator('details.checks');
  assert.equal(await panel.isVisible(), false);
  assert.equal(await page.locator('attn-multi-head').getAttribute('teacher'), null);
  // The switch: gates open, panels show, and the next page opens in the teacher view too.
  await page.check('[data-attn-teacher-toggle]');
  assert.ok(await panel.isVisible());
  assert.deepEqual(await gateState(page), { gated: false, inert: false });
  await page.goto(`${browser.fileUrl}08-kv-cache.html?lang=en`);
  await page.waitForFunction(() => window.AttnCourse !== undefined);
  assert.ok(await page.locator('[data-attn-teacher-toggle]').isChecked());
  assert.deepEqual(await gateState(page), { gated: false, inert: false });
  await page.uncheck('[data-attn-teacher-toggle]');
  assert.deepEqual(await gateState(page), { gated: true, inert: true });
  // ?teacher=1 for one visit, not stored.
  await page.goto(`${browser.fileUrl}07-multi-head.html?lang=en&teacher=1`);
  await page.waitForFunction(() => window.AttnCourse !== undefined);
  await page.locator('attn-multi-head').evaluate((el) => el.ready);
  assert.ok(await page.locator('attn-multi-head').locator('details.checks').isVisible());
  assert.equal(await page.evaluate(() => localStorage.getItem('attn-course-teacher')), '0');
  assert.deepEqual(errors, []);
});

test('the final quiz shows no answer before one is checked, and no self-check to a student', async () => {
  const { page, errors } = await fresh('quiz.html?lang=en');
  const quiz = page.locator('attn-quiz');
  assert.equal(await quiz.locator('.is-right, .is-wrong').count(), 0);
  assert.equal(await quiz.locator('[data-role="answer"], [data-role="correction"]').count(), 0);
  assert.equal(await quiz.locator('details.checks').isVisible(), false);
  assert.equal(await quiz.locator('fieldset[data-q]').count(), FINAL);
  assert.deepEqual(errors, []);
});

test('axe: a lesson page before and after its prediction, and the index with progress, in both languages', async () => {
  for (const lang of ['zh-CN', 'en']) {
    const { page } = await fresh(`09-gqa.html?lang=${lang}`);
    assert.deepEqual(await seriousViolations(page), [], `${lang} before`);
    await page.locator('.predict input[type=radio]').nth(2).check();
    await page.click('[data-predict-commit]');
    assert.deepEqual(await seriousViolations(page), [], `${lang} after`);
    await page.goto(`${browser.fileUrl}index.html?lang=${lang}`);
    await page.waitForFunction(() => window.AttnCourse !== undefined);
    assert.ok(await page.locator('[data-progress="09-gqa"]').isVisible());
    assert.deepEqual(await seriousViolations(page), [], `${lang} index`);
    await page.close();
  }
});

test('screenshots: a lesson page before and after its prediction, 360 and 1280 px, both languages', async () => {
  for (const lang of ['zh-CN', 'en'])
    for (const width of [360, 1280]) {
      const { page } = await fresh(`03-softmax-and-scaling.html?lang=${lang}`, {
        viewport: { width, height: 900 },
      });
      await page.screenshot({
        path: join(shots, `predict-03-before-${width}-${lang}.png`),
        fullPage: true,
      });
      await page.locator('.predict input[type=range]').fill('40');
      await page.click('[data-predict-commit]');
      await page.locator('.predict').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `predict-03-after-${width}-${lang}.png`) });
      const width_ = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width_ <= width, `${lang} ${width}: the page is ${width_} px wide`);
      await page.close();
    }
});

test('an old progress record (no tries) reads as its one try: the page restores it, the index counts it', async () => {
  const { page, errors } = await fresh('08-kv-cache.html?lang=en&teacher=0');
  await page.evaluate(() =>
    localStorage.setItem(
      'attn-course-progress',
      JSON.stringify({
        answers: {
          '08-kv-cache': {
            'kv-cache-free': { answer: 'c', correct: true },
            'kv-cache-identical': { answer: 'false', correct: false },
          },
          quiz: { 'why-sqrt-dk': { answer: 'd', correct: true } },
        },
        predictions: { '08-kv-cache': { guess: '9' } },
      }),
    ),
  );
  await page.reload();
  await page.waitForFunction(() => window.AttnCourse !== undefined);
  const quiz = page.locator('attn-quiz[lesson="08-kv-cache"]');
  await quiz.evaluate((el) => el.ready);
  assert.equal(
    await quiz.locator('fieldset[data-q="kv-cache-free"]').getAttribute('data-state'),
    'right',
  );
  // a wrong true/false from the old code: its answer shows (no retry for a statement)
  assert.equal(
    await quiz.locator('fieldset[data-q="kv-cache-identical"]').getAttribute('data-state'),
    'wrong',
  );
  await page.goto(`${browser.fileUrl}index.html?lang=en`);
  await page.waitForFunction(() => window.AttnCourse !== undefined);
  assert.equal(
    await page.locator('[data-progress="08-kv-cache"]').innerText(),
    'predicted · checks 1/2 right at the first try',
  );
  assert.match(
    await page.locator('[data-progress="quiz"]').innerText(),
    new RegExp(`^checks 1/${FINAL} right at the first try$`),
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('the redesigned predictions at 360 and 1280 px in both languages: fit, axe clean, screenshots', async () => {
  // lesson 4 (does attention know order?), lesson 7 (one 100% per head), the heatmap page's new
  // one, the lab's (a bet over several people), each with the misconception chosen where it has one
  const cases = [
    ['04-causal-mask', (p) => p.locator('.predict input[value="a"]').check()],
    ['07-multi-head', (p) => p.locator('.predict input[value="b"]').check()],
    ['heatmap', (p) => p.locator('.predict input[value="a"]').check()],
    ['lab', (p) => p.locator('.predict input[type=range]').fill('100')],
  ];
  for (const [slug, choose] of cases)
    for (const lang of ['zh-CN', 'en'])
      for (const width of [360, 1280]) {
        const { page, errors } = await fresh(`${slug}.html?lang=${lang}`, {
          viewport: { width, height: 900 },
        });
        await choose(page);
        await page.click('[data-predict-commit]');
        const reveal = page.locator('.predict-reveal');
        assert.ok(await reveal.isVisible(), `${slug} ${lang} ${width}`);
        if (slug !== '07-multi-head')
          assert.equal(
            await page.locator('.predict-misconception:visible').count(),
            1,
            `${slug} ${lang}: the misconception is named`,
          );
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scroll <= width, `${slug} ${lang} ${width}: ${scroll} px wide`);
        assert.deepEqual(await seriousViolations(page), [], `${slug} ${lang} ${width}`);
        await page
          .locator('.predict')
          .screenshot({ path: join(shots, `predict-${slug}-${width}-${lang}.png`) });
        assert.deepEqual(errors, [], `${slug} ${lang} ${width}`);
        await page.close();
      }
});
