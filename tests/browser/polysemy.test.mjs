// <attn-polysemy> on lesson 5's page (05-values.html), in Chromium from file://: after the value
// mix, 花 (hua) at the end of three sentences, one input row and three outputs; the weights and
// cosines shown are the engine's (the same numbers as tests/js/polysemy.test.mjs computes in
// node); each cosine has its formula (MathML). 360 and 1280 px in both languages, axe clean.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  openBrowser,
  openPage,
  shots,
  seriousViolations,
  assertSelfCheck,
  formulaText,
} from '../helpers/harness.mjs';
import { runtime } from '../helpers/fixture.mjs';
import { polysemy } from '../../widgets/polysemy/logic.js';
import { pct, num } from '../../web/dom.js';

const TAG = 'attn-polysemy';
let browser, expected;
before(async () => {
  browser = await openBrowser();
  expected = polysemy(await runtime());
});
after(async () => {
  await browser?.close();
});

test('lesson 5 shows the demo after the value mix: three sentences, one input row, three outputs', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, '05-values.html?lang=en');
  const order = await page.evaluate(() =>
    [...document.querySelectorAll('attn-value-mix, attn-polysemy')].map((e) => e.localName),
  );
  assert.deepEqual(order, ['attn-value-mix', TAG]);
  const cards = await page.locator(`${TAG} section.card`).evaluateAll((els) =>
    els.map((c) => ({
      id: c.dataset.sense,
      weights: [...c.querySelectorAll('td.val')].map((td) => td.textContent),
      x: c.querySelector('[data-role="x"] .math')?.getAttribute('aria-label'),
      output: c.querySelector('[data-role="output"] .math')?.getAttribute('aria-label'),
    })),
  );
  assert.equal(cards.length, 3);
  cards.forEach((c, i) => {
    const s = expected.senses[i];
    assert.equal(c.id, s.id);
    assert.deepEqual(
      c.weights,
      s.weights.map((w) => pct(w)),
    );
    assert.match(c.output, new RegExp(`= \\[${s.output.map((v) => num(v, 3)).join(', ')}\\]$`));
  });
  // one input row: the same x in all three cards
  assert.equal(new Set(cards.map((c) => c.x.replace(/x_[ABC]/, 'x'))).size, 1);
  const pairs = await page
    .locator(`${TAG} [data-role="pairs"] .formula`)
    .evaluateAll(
      (els, f) => els.map((e) => new Function(`return (${f})`)()(e)),
      formulaText.toString(),
    );
  assert.equal(pairs.length, 3);
  pairs.forEach((text, i) => assert.ok(text.endsWith(`= ${num(expected.pairs[i].cos, 3)}`), text));
  assert.equal(await page.locator(`${TAG} [data-role="pairs"] math mfrac`).count(), 6);
  await assertSelfCheck(page, TAG, 4);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const lang of ['zh-CN', 'en'])
  test(`the demo at 360 and 1280 px in ${lang}: fits, axe clean, screenshots`, async () => {
    const { page, errors } = await openPage(
      browser,
      browser.fileUrl,
      `05-values.html?lang=${lang}`,
    );
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const right = await page.evaluate(
        (t) => document.querySelector(t).getBoundingClientRect().right,
        TAG,
      );
      assert.ok(right <= width, `${width}: ends at ${right}`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 1, `${width}: ${overflow} px sideways`);
      assert.deepEqual(await seriousViolations(page), [], `${width} ${lang}`);
      await page.locator(TAG).screenshot({ path: join(shots, `polysemy-${width}-${lang}.png`) });
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
