// Course navigation: every page links to its neighbours in course order (rel=prev / rel=next)
// and says "page n of N"; the language chosen on one page (button, ?lang=) is the language of
// the next one, from file:// and over http; the header stays one line on a 360 px phone in
// both languages. Screenshots of the header and the navigation at 360 px and 1280 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser, openPage, seriousViolations, shots, dist } from '../helpers/harness.mjs';

const course = JSON.parse(readFileSync(join(dist, '..', 'course-data', 'lessons.json'), 'utf8'));
const lessons = course.lessons;
const href = (i) => `${lessons[i].slug}.html`;

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

const navOf = (page) =>
  page.evaluate(() => ({
    prev: document.querySelector('a[rel="prev"]')?.getAttribute('href') ?? null,
    next: document.querySelector('a[rel="next"]')?.getAttribute('href') ?? null,
    position: document.querySelector('.nav-position')?.innerText.trim() ?? null,
    label: document.querySelector('nav.lesson-nav')?.getAttribute('aria-label') ?? null,
  }));

test('every page has previous / next in course order and "page n of N"', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, 'index.html');
  const first = await navOf(page);
  assert.equal(first.prev, null, 'the index has no previous page');
  assert.equal(first.next, href(0));
  await page.close();
  for (const [i, l] of lessons.entries()) {
    const { page, errors: e } = await openPage(browser, browser.fileUrl, href(i));
    const nav = await navOf(page);
    assert.equal(nav.prev, i === 0 ? 'index.html' : href(i - 1), `${l.slug}: previous`);
    assert.equal(nav.next, i === lessons.length - 1 ? null : href(i + 1), `${l.slug}: next`);
    assert.equal(nav.position, `第 ${i + 1} 页，共 ${lessons.length} 页`, `${l.slug}: position`);
    assert.equal(nav.label, '课程导航');
    assert.deepEqual(e, []);
    await page.close();
  }
  assert.deepEqual(errors, []);
});

for (const scheme of ['file', 'http']) {
  test(`the language follows the student from page to page (${scheme})`, async () => {
    const base = scheme === 'file' ? browser.fileUrl : browser.httpUrl;
    // A fresh origin state: nothing stored yet, so the course opens in Chinese.
    const { page, errors } = await openPage(browser, base, href(3));
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.waitForFunction(() => window.AttnCourse !== undefined);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    await page.locator('[data-attn-lang-toggle]').click();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    const nav = await navOf(page);
    assert.equal(nav.next, `${href(4)}?lang=en`, 'course links carry the language');
    assert.equal(nav.label, 'Course navigation');
    assert.equal(nav.position, `Page 4 of ${lessons.length}`);
    // Following "next" opens the next lesson in English, its widgets drawn in English.
    await page.locator('a[rel="next"]').click();
    await page.waitForFunction(() => window.AttnCourse !== undefined);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('*')]
        .filter((e) => e.localName.startsWith('attn-'))
        .every((e) => e.getAttribute('lang') === 'en'),
    );
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.equal(await page.locator('[data-attn-lang-toggle]').innerText(), '中文');
    // Storage alone carries it too: the same page without ?lang= stays English.
    await page.goto(base + href(5));
    await page.waitForFunction(() => window.AttnCourse !== undefined);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    // ?lang= wins over storage, and the choice made there is remembered.
    await page.goto(base + `${href(6)}?lang=zh-CN`);
    await page.waitForFunction(() => window.AttnCourse !== undefined);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    await page.locator('[data-attn-lang-toggle]').click();
    await page.locator('[data-attn-lang-toggle]').click();
    await page.goto(base + href(7));
    await page.waitForFunction(() => window.AttnCourse !== undefined);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
    await page.evaluate(() => localStorage.clear());
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('?lang=en opens a page in English: its widgets draw in English', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, '04-causal-mask.html?lang=en');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  const text = await page.evaluate(
    () => document.querySelector('attn-mask-grid').shadowRoot.textContent,
  );
  assert.match(text, /causal|mask/i);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const lang of ['zh-CN', 'en']) {
  for (const width of [360, 1280]) {
    test(`header and navigation fit at ${width} px (${lang})`, async () => {
      const q = lang === 'en' ? '?lang=en' : '?lang=zh-CN';
      const { page, errors } = await openPage(browser, browser.fileUrl, `${href(3)}${q}`, {
        viewport: { width, height: 800 },
      });
      const box = await page.evaluate(() => {
        const bar = document.querySelector('.course-bar').getBoundingClientRect();
        const button = document.querySelector('[data-attn-lang-toggle]').getBoundingClientRect();
        const nav = document.querySelector('nav.lesson-nav').getBoundingClientRect();
        return { bar: bar.height, button: button.height, nav: nav.width, page: innerWidth };
      });
      assert.ok(box.button < 48, `the language button is one line (${box.button} px)`);
      assert.ok(box.bar < 64, `the header is one line (${box.bar} px)`);
      assert.ok(box.nav <= box.page, `navigation ${box.nav} px fits in ${box.page} px`);
      await page
        .locator('.course-bar')
        .screenshot({ path: join(shots, `course-bar-${width}px-${lang}.png`) });
      await page
        .locator('nav.lesson-nav')
        .screenshot({ path: join(shots, `lesson-nav-${width}px-${lang}.png`) });
      assert.deepEqual(await seriousViolations(page), []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}
