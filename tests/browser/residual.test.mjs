// <attn-residual> on lesson 7 in both languages: the picked token's row is highlighted in
// Q = X·W_Q, its path ends in x + o·W_O, arrow keys move between tokens, and a token the
// sentence lacks is an inline error naming it while the page's other widgets keep working.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage } from '../helpers/harness.mjs';

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

const state = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('attn-residual').shadowRoot;
    return {
      pressed: root.querySelector('button[aria-pressed="true"]')?.dataset.row,
      on: root.querySelector('table.mat tr.on th')?.textContent,
      // a formula's MathML read by its accessible name (W_O is a subscript, not text)
      formulas: [...root.querySelectorAll('p.formula')].map((p) => {
        const copy = p.cloneNode(true);
        for (const m of copy.querySelectorAll('.math')) m.replaceWith(m.getAttribute('aria-label'));
        return copy.textContent;
      }),
      checks: root.querySelector('details.checks summary')?.textContent ?? '',
    };
  });

for (const lang of ['zh-CN', 'en'])
  test(`lesson 7 (${lang}): the path of 给了, then of the next token by the arrow key`, async () => {
    const { page, errors } = await openPage(
      browser,
      browser.fileUrl,
      `07-multi-head.html?lang=${lang}`,
      {
        viewport: { width: 360, height: 780 },
      },
    );
    const s = await state(page);
    assert.equal(s.pressed, '3');
    assert.equal(s.on, lang === 'en' ? 'gave' : '给了');
    assert.match(s.formulas.at(-1), /^x \+ o·W_O = \[.*\] \+ \[.*\] = \[.*\]$/);
    assert.match(s.checks, lang === 'en' ? /2\/2 passed/ : /2\/2 通过/);
    await page.locator('attn-residual button[data-row="3"]').focus();
    await page.keyboard.press('ArrowRight');
    const next = await state(page);
    assert.equal(next.pressed, '4');
    assert.notEqual(next.formulas.at(-1), s.formulas.at(-1));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
    assert.deepEqual(errors, []);
    await page.close();
  });

test('a token the sentence lacks is an inline error; the multi-head widget still works', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, '07-multi-head.html');
  await page.evaluate(() => {
    const el = document.createElement('attn-residual');
    el.setAttribute('token', '香蕉');
    document.querySelector('main').append(el);
    return el.ready;
  });
  const err = await page.evaluate(
    () => [...document.querySelectorAll('attn-residual')].at(-1).dataset.error,
  );
  assert.match(err, /token="香蕉" is not a token of 小明 把 苹果 给了 小王/);
  assert.equal(
    await page.evaluate(() => document.querySelector('attn-multi-head').dataset.error ?? null),
    null,
  );
  assert.deepEqual(errors, []);
  await page.close();
});
