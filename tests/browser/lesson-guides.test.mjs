// The guide around each page's widgets (course-data/lesson-guides.json) in the built pages:
// shown in the page's language, its formulas real MathML laid out by Chromium (a fraction's
// numerator above its denominator), no raw `$` or \command in the visible text, no part wider
// than a 360 px phone, axe-core finding nothing serious in it; screenshots of a few pages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { openBrowser, openPage, dist, shots } from '../helpers/harness.mjs';

const lessons = JSON.parse(
  readFileSync(join(dist, '..', 'course-data', 'lessons.json'), 'utf8'),
).lessons;
const pages = ['index', ...lessons.map((l) => l.slug)];
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const PARTS = ['question', 'try', 'notice', 'takeaway'];
const SCREENSHOTS = new Set(['index', '03-softmax-and-scaling', '06-rope', '10-mla']);

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** What the student sees of the page's guide and intro, measured in the page. */
function guideState(width) {
  const visible = (e) => e.getClientRects().length > 0;
  const sections = [...document.querySelectorAll('.guide-part')];
  const maths = [...document.querySelectorAll('.guide-part math, .lesson-intro math')].filter(
    visible,
  );
  const fractions = [...document.querySelectorAll('.guide-part mfrac')].filter(visible);
  const text = [...document.querySelectorAll('.guide-part, .lesson-intro')]
    .map((e) => e.innerText)
    .join('\n');
  return {
    parts: sections.filter(visible).map((s) => s.className.match(/guide-(\w+)$/)[1]),
    text,
    questionFirst:
      !!document.querySelector('.guide-question') &&
      [...document.querySelectorAll('main *')].findIndex((e) =>
        e.classList.contains('guide-question'),
      ) <
        [...document.querySelectorAll('main *')].findIndex(
          (e) =>
            e.localName.startsWith('attn-') ||
            e.matches('ol.lessons') ||
            e.matches('section.summary-takeaways'),
        ),
    maths: maths.length,
    mathSized: maths.every((m) => {
      const r = m.getBoundingClientRect();
      return r.width > 4 && r.height > 4;
    }),
    // MathML layout, not text: a fraction's numerator sits above its denominator.
    fractionsStacked: fractions.every((f) => {
      const [num, den] = [...f.children].map((c) => c.getBoundingClientRect());
      return num.bottom <= den.top + 1;
    }),
    fractions: fractions.length,
    // Math at text size: a formula's font is the paragraph's.
    mathAtTextSize: maths.every(
      (m) =>
        getComputedStyle(m).fontSize ===
        getComputedStyle(m.closest('p') ?? m.parentElement).fontSize,
    ),
    tooWide: [...sections, ...maths]
      .filter(visible)
      .filter(
        (e) => e.getBoundingClientRect().right > width + 0.5 || e.scrollWidth > e.clientWidth + 1,
      )
      .map((e) => e.localName + (e.className ? `.${e.className}` : '')),
  };
}

for (const lang of ['zh-CN', 'en']) {
  for (const slug of pages) {
    test(`${slug}: the guide at 360 px in ${lang}`, async () => {
      const width = 360;
      const { page, errors } = await openPage(
        browser,
        browser.fileUrl,
        `${slug}.html?lang=${lang}`,
        {
          viewport: { width, height: 780 },
        },
      );
      const s = await page.evaluate(guideState, width);
      assert.deepEqual(s.parts, PARTS, 'all four parts shown, in order');
      assert.ok(s.questionFirst, 'the question comes before the widgets');
      assert.ok(s.maths > 0, 'the guide shows formulas as <math>');
      assert.ok(s.mathSized, 'every formula is laid out with a size');
      assert.ok(s.fractionsStacked, `every fraction is stacked (${s.fractions})`);
      assert.ok(s.mathAtTextSize, 'formulas at text size');
      assert.doesNotMatch(s.text, /\$|\\[a-zA-Z]+/, 'no raw LaTeX in the visible text');
      if (lang === 'zh-CN') assert.match(s.text, /\p{Script=Han}{4}/u, 'Chinese is shown');
      else assert.doesNotMatch(s.text, /[，。？！]/u, 'only the English text is shown');
      assert.deepEqual(s.tooWide, [], 'nothing of the guide is wider than the phone');
      await page.evaluate(axeSource);
      const serious = await page.evaluate(async () => {
        const r = await window.axe.run(
          { include: [['.guide-part'], ['.lesson-intro']] },
          { resultTypes: ['violations'] },
        );
        return r.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      });
      assert.deepEqual(serious, [], 'axe: nothing serious or critical in the guide');
      assert.deepEqual(errors, []);
      if (SCREENSHOTS.has(slug))
        for (const w of [360, 1280]) {
          await page.setViewportSize({ width: w, height: 900 });
          for (const part of ['.guide-question', '.guide-after'])
            await page
              .locator(part)
              .screenshot({ path: join(shots, `guide-${slug}${part.slice(6)}-${lang}-${w}.png`) });
        }
      await page.close();
    });
  }
}

test('the screen-reader form of a formula: MathML with its LaTeX as an annotation', async () => {
  const { page } = await openPage(browser, browser.fileUrl, '03-softmax-and-scaling.html');
  const first = await page.evaluate(() => {
    const m = document.querySelector('.guide-part math');
    const a = m.querySelector('annotation');
    return {
      semantics: !!m.querySelector('semantics'),
      encoding: a?.getAttribute('encoding'),
      tex: a?.textContent,
      annotationShown: a ? a.getClientRects().length > 0 : null,
    };
  });
  assert.ok(first.semantics);
  assert.equal(first.encoding, 'application/x-tex');
  assert.match(first.tex, /\\sqrt\{d\}/);
  assert.equal(first.annotationShown, false, 'the LaTeX itself is not drawn');
  await page.close();
});
