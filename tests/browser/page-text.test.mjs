// Every page as drawn, in both languages, widgets included (their shadow roots, recursively),
// in the teacher view so every prediction gate is open: no corrected quote of docs/corrections.md
// comes back (tests/corrections/quotes.mjs), no TeX source reaches the text (h_{t−1}, \frac,
// e^20, W_O, q_i: formulas are MathML), an English page shows no 「」 or 、. The self-check
// panels (details.checks) name test cases for teachers, with their inputs as code writes them,
// and are not searched; the MathML's TeX annotations are not text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { openBrowser, openPage, dist } from '../helpers/harness.mjs';
import { WRONG_QUOTES, TEX } from '../corrections/quotes.mjs';

const pages = readdirSync(dist).filter((f) => f.endsWith('.html'));
let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** The text a student reads on the page in `lang`: light DOM of that language, shadow roots. */
const readText = (page, lang) =>
  page.evaluate((lang) => {
    const out = [];
    const walk = (node) => {
      for (const n of node.childNodes) {
        if (n.nodeType === Node.TEXT_NODE) out.push(n.textContent);
        if (n.nodeType !== Node.ELEMENT_NODE) continue;
        const e = /** @type {Element} */ (n);
        if (['script', 'style', 'annotation', 'template'].includes(e.localName)) continue;
        if (e.matches('details.checks')) continue;
        const own = e.getAttribute('lang');
        if (own && own !== lang && !e.localName.startsWith('attn-')) continue;
        if (e.shadowRoot) walk(e.shadowRoot);
        walk(e);
        out.push(' ');
      }
    };
    walk(document.body);
    return out.join('').replace(/\s+/g, ' ');
  }, lang);

for (const lang of ['zh-CN', 'en'])
  test(`every page drawn in ${lang}: no corrected quote, no TeX source${lang === 'en' ? ', no 「」 or 、' : ''}`, async () => {
    const bad = [];
    for (const name of pages) {
      const { page, errors } = await openPage(browser, browser.fileUrl, `${name}?lang=${lang}`);
      const text = await readText(page, lang);
      assert.ok(text.length > 200, `${name} drew its text`);
      for (const [id, l, re] of [...WRONG_QUOTES, ['TeX', lang, TEX]]) {
        const m = l === lang ? re.exec(text) : null;
        if (m)
          bad.push(`${name} ${id}: “…${text.slice(Math.max(0, m.index - 40), m.index + 40)}…”`);
      }
      assert.deepEqual(errors, [], name);
      await page.close();
    }
    assert.deepEqual(bad, []);
  });
