// Every page whose widgets read the teaching world, with another sentence in the course world's
// place (tests/helpers/edited-world.mjs: six tokens, other words, vectors and role positions,
// given as the page's own inline world): each widget draws without an error, every self-check
// passes with that sentence's numbers, and nothing throws. The same world's checks in node:
// tests/js/edited-world.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  symlinkSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openBrowser, openPage, dist } from '../helpers/harness.mjs';
import { editedWorldDoc } from '../helpers/edited-world.mjs';

/** The widgets that read the teaching world (the others are left out of this test's pages). */
const READS_WORLD = new Set([
  'attn-rnn-vs-attention',
  'attn-data-flow',
  'attn-library-analogy',
  'attn-cosine-projection',
  'attn-dot-product',
  'attn-softmax-variance',
  'attn-mask-grid',
  'attn-value-mix',
  'attn-walkthrough',
  'attn-heatmap',
  'attn-rope',
  'attn-multi-head',
  'attn-residual',
  'attn-sink-logit',
  'attn-gqa',
  'attn-evolution-map',
  'attn-playground',
  'attn-exercise',
  'attn-misconceptions',
  'attn-quiz',
]);

const lessons = JSON.parse(readFileSync(join(dist, '..', 'course-data', 'lessons.json'), 'utf8'))
  .lessons.filter((l) => l.widgets.some((w) => READS_WORLD.has(w.tag)))
  .map((l) => l.slug);

let browser, dir;
before(async () => {
  browser = await openBrowser();
  dir = mkdtempSync(join(tmpdir(), 'attn-edited-pages-'));
  const world = editedWorldDoc(
    JSON.parse(readFileSync(join(dist, '..', 'course-data', 'teaching-world.json'), 'utf8')),
  );
  // JSON inside <script>: no "</" may close the element early.
  const inline = `<script type="application/json" data-attn="teaching-world">${JSON.stringify(
    world,
  ).replace(/<\//g, '<\\/')}</script>`;
  for (const f of readdirSync(dist)) {
    if (f.endsWith('.html'))
      writeFileSync(
        join(dir, f),
        readFileSync(join(dist, f), 'utf8').replace('<body>', `<body>${inline}`),
      );
    else symlinkSync(join(dist, f), join(dir, f));
  }
});
after(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the pages are the ones whose widgets read the world', () => {
  assert.ok(lessons.length >= 15, `${lessons.length} pages`);
  assert.ok(lessons.includes('04-causal-mask') && lessons.includes('quiz'));
});

for (const slug of lessons) {
  test(`${slug}: every widget draws and passes its self-check on the edited world`, async () => {
    const { page, errors } = await openPage(browser, pathToFileURL(dir).href + '/', `${slug}.html`);
    const widgets = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .filter((e) => e.localName.startsWith('attn-'))
        .map((e) => ({
          tag: e.localName,
          error: /** @type {HTMLElement} */ (e).dataset.error ?? null,
          checks: /** @type {any} */ (e).selfCheck(),
        })),
    );
    assert.ok(widgets.length > 0);
    for (const w of widgets) {
      assert.equal(w.error, null, `${w.tag} shows no error`);
      for (const c of w.checks)
        assert.ok(
          c.ok && !c.pending,
          `${w.tag} "${c.name}": expected ${c.expected}, got ${c.actual}`,
        );
    }
    // the page read the edited sentence, not the bundled one
    const names = widgets.flatMap((w) => w.checks.map((c) => c.name)).join('\n');
    if (slug === '04-causal-mask') assert.match(names, /no mask: 递给了 → 小李/);
    if (slug === '07-multi-head') assert.match(names, /递给了 row, head A → 小红/);
    assert.deepEqual(errors, []);
    await page.close();
  });
}
