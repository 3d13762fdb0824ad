// Every lesson page, from file:// (no server, no network) and over http with the strict CSP:
// no console errors, every widget drawn without an inline error, selfCheck() all true and its
// panel's rows named in Chinese (each widget's strings.js CHECK_NAMES_ZH),
// axe-core finds nothing serious, a screenshot of each widget.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser, openPage, seriousViolations, screenshot, dist } from '../helpers/harness.mjs';
import { fillName } from '../../web/check-row.js';

const lessons = JSON.parse(
  readFileSync(join(dist, '..', 'course-data', 'lessons.json'), 'utf8'),
).lessons;
let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

for (const scheme of ['file', 'http']) {
  test(`index page lists every lesson (${scheme})`, async () => {
    const { page, errors } = await openPage(
      browser,
      scheme === 'file' ? browser.fileUrl : browser.httpUrl,
      'index.html',
    );
    const links = await page.locator('ol.lessons a').count();
    assert.equal(links, lessons.length);
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const lesson of lessons) {
    test(`${lesson.slug} works from ${scheme}://`, async () => {
      const base = scheme === 'file' ? browser.fileUrl : browser.httpUrl;
      const { page, errors } = await openPage(browser, base, `${lesson.slug}.html`);
      for (const w of lesson.widgets) {
        const state = await page.evaluate((tag) => {
          const el = document.querySelector(tag);
          return {
            defined: !!customElements.get(tag),
            error: el.dataset.error ?? null,
            drawn: el.shadowRoot.textContent.length,
            checks: el.selfCheck(),
            namesZh: customElements.get(tag).checkNamesZh,
            panel: [...el.shadowRoot.querySelectorAll('details.checks li')].map(
              (li) => li.textContent,
            ),
          };
        }, w.tag);
        assert.ok(state.defined, `${w.tag} is defined`);
        assert.equal(state.error, null, `${w.tag} shows no error`);
        assert.ok(state.drawn > 20, `${w.tag} drew something`);
        for (const c of state.checks)
          assert.ok(
            c.ok,
            `${w.tag} self-check "${c.name}": expected ${c.expected}, got ${c.actual}`,
          );
        // The page is Chinese: every row of the panel is named in Chinese (by the row's name
        // template where its name holds the world's tokens, filled the same: web/check-row.js).
        state.checks.forEach((c, i) => {
          const key = c.key ?? c.name;
          assert.ok(key in state.namesZh, `${w.tag}: no Chinese name for "${key}"`);
          const zh = fillName(state.namesZh[key], c.vars ?? {});
          assert.ok(state.panel[i].startsWith(`${zh}: `), state.panel[i]);
        });
        if (scheme === 'file') await screenshot(page, w.tag, `${w.tag}.png`);
      }
      assert.deepEqual(await seriousViolations(page), []);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}

test('every widget works on a 360 px wide phone screen without horizontal page scroll', async () => {
  for (const lesson of lessons) {
    const { page, errors } = await openPage(browser, browser.fileUrl, `${lesson.slug}.html`, {
      viewport: { width: 360, height: 740 },
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 1, `${lesson.slug}: page scrolls sideways by ${overflow}px at 360px`);
    for (const w of lesson.widgets) await screenshot(page, w.tag, `${w.tag}-360px.png`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
