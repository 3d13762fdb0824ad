// The chapter summary page (summary.html): no widgets and no script but the loader, which still
// wires the language button; every takeaway links to its lesson; glossary anchors resolve; at
// 360 px nothing scrolls sideways; a lesson page's first glossary term links here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openBrowser, openPage } from './harness.mjs';

const lessons = JSON.parse(
  readFileSync(new URL('../../course-data/lessons.json', import.meta.url), 'utf8'),
).lessons;
let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

for (const lang of ['zh-CN', 'en'])
  test(`summary.html in ${lang} at 360 px: takeaways, papers, glossary, no sideways scroll`, async () => {
    const { page, errors } = await openPage(browser, browser.fileUrl, `summary.html?lang=${lang}`, {
      viewport: { width: 360, height: 780 },
    });
    const s = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      takeaways: [...document.querySelectorAll('ol.takeaways > li > a')].map((a) =>
        a.getAttribute('href').replace(/[?].*$/, ''),
      ),
      visibleTakeaway: document.querySelector('ol.takeaways > li').innerText,
      terms: document.querySelectorAll('dl.glossary dt[id^="term-"]').length,
      papers: document.querySelectorAll('ul.papers > li').length,
      scroll: document.documentElement.scrollWidth,
    }));
    assert.equal(s.lang, lang);
    assert.deepEqual(
      s.takeaways,
      lessons.filter((l) => l.slug !== 'summary').map((l) => `${l.slug}.html`),
    );
    assert.ok(s.terms >= 10 && s.papers >= 8);
    assert.ok(s.scroll <= 360, `scrollWidth ${s.scroll}`);
    if (lang === 'en') assert.doesNotMatch(s.visibleTakeaway, /\p{Script=Han}{2}/u);
    else assert.match(s.visibleTakeaway, /\p{Script=Han}/u);
    assert.deepEqual(errors, []);
    await page.close();
  });

test('the language button works on the summary page (it has no widget script)', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, 'summary.html');
  await page.locator('[data-attn-lang-toggle]').click();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a lesson page links the first use of a term to its definition, with the definition as a tooltip', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, '08-kv-cache.html?lang=en');
  const link = page.locator('span[lang="en"] a.term[href*="#term-kv-cache"]').first();
  assert.match(await link.getAttribute('title'), /K and V of earlier tokens/);
  await link.click();
  await page.waitForURL(/summary\.html.*#term-kv-cache/);
  assert.equal(await page.evaluate(() => document.querySelector(':target')?.id), 'term-kv-cache');
  assert.deepEqual(errors, []);
  await page.close();
});
