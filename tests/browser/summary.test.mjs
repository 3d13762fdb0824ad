// The chapter summary page (summary.html): no widgets and no script but the loader, which still
// wires the language button; every takeaway links to its lesson; the reading list (tiers, the
// must-watch, the exclusions, the connection note) and the glossary are there and axe-clean at
// 360 and 1280 px in both languages, nothing scrolls sideways; a lesson page's first glossary
// term links here, and a glossary entry links back to the term's first use on its page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser, openPage, seriousViolations, shots } from '../helpers/harness.mjs';

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

for (const lang of ['zh-CN', 'en'])
  for (const width of [360, 1280])
    test(`summary.html in ${lang} at ${width} px: the reading list and the glossary, axe-clean`, async () => {
      const { page, errors } = await openPage(
        browser,
        browser.fileUrl,
        `summary.html?lang=${lang}`,
        {
          viewport: { width, height: 900 },
        },
      );
      const s = await page.evaluate(() => ({
        tiers: document.querySelectorAll('section.reading-tier').length,
        explainers: [...document.querySelectorAll('ul.explainers > li a.read-title')].map((a) => ({
          href: a.getAttribute('href'),
          name: a.innerText.trim(),
        })),
        must: [...document.querySelectorAll('.must-watch')].map((m) => m.closest('li')?.id),
        connection: document.querySelector('.reading-connection')?.innerText ?? '',
        excluded: document.querySelector('.reading-excluded')?.innerText ?? '',
        firstLinks: [...document.querySelectorAll('dl.glossary .term-first a')]
          .filter((a) => a.offsetParent !== null)
          .map((a) => a.getAttribute('href')),
        terms: document.querySelectorAll('dl.glossary dt').length,
        scroll: document.documentElement.scrollWidth,
      }));
      assert.equal(s.tiers, 3, 'two tiers of explainers and the papers');
      assert.ok(s.explainers.length >= 7);
      for (const x of s.explainers) {
        assert.match(x.href, /^https:\/\//);
        assert.ok(x.name.length > 3, 'every link has a visible name');
      }
      assert.deepEqual(s.must, ['read-3b1b-attention']);
      assert.match(s.connection, lang === 'en' ? /internet connection/ : /联网/);
      assert.match(s.excluded, lang === 'en' ? /What was left out/ : /我替你排除了什么/);
      assert.equal(s.firstLinks.length, s.terms, 'every entry links to its first use');
      for (const href of s.firstLinks)
        assert.match(href, new RegExp(`\\.html(\\?lang=en)?#use-${lang}-`));
      assert.ok(s.scroll <= width, `scrollWidth ${s.scroll}`);
      assert.deepEqual(await seriousViolations(page), []);
      await page.screenshot({
        path: join(shots, `summary-${lang}-${width}px.png`),
        fullPage: true,
      });
      assert.deepEqual(errors, []);
      await page.close();
    });

test('a glossary entry takes you to the term’s first use on its page, in the page’s language', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, 'summary.html?lang=en');
  await page.locator('#term-residual-stream + dd span[lang="en"] a').click();
  await page.waitForURL(/05-values\.html\?lang=en#use-en-residual-stream/);
  const target = await page.evaluate(() => {
    const t = document.querySelector(':target');
    return { id: t?.id, cls: t?.className, text: t?.textContent };
  });
  assert.deepEqual(target, { id: 'use-en-residual-stream', cls: 'term', text: 'residual stream' });
  assert.deepEqual(errors, []);
  await page.close();
});
