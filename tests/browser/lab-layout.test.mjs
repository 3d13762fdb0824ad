// <attn-lab>'s Run, fan-out arcs and layout in Chromium, from file://:
//   - Run (button, Enter) appends the engine's argmax after the prompt's tokens, highlighted, and
//     the heatmap shows that very pass (its rows = the prompt's tokens, the last one the row the
//     prediction comes from); "Append it and run" feeds the prediction in as the next row;
//   - the arcs follow the heatmap's selected row (click, arrow keys) and their own token buttons,
//     their stroke widths ordered as the row's weights;
//   - the layer / head bar stays in view while the heatmap scrolls by (on a wide screen; on a
//     phone it stays above the heatmap: tests/browser/student-paths.test.mjs);
//   - at 360 px the widget fits, its default heatmap and a 20-token one need no sideways
//     scroll, a long prompt's does and sits in a labelled focusable region; a linear layer's
//     state view fits too; axe finds nothing serious or critical at 360 and 1280 px in both
//     languages. Prints the widget's height at each width.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser,
  openPage,
  seriousViolations,
  assertFitsWidth,
  screenshot,
  timeToPaint,
} from '../helpers/harness.mjs';

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** What the lab shows now: chips, the prediction, heatmap rows, the arcs' query and widths. */
function state(page) {
  return page.evaluate(() => {
    const el = document.querySelector('attn-lab');
    const root = el.shadowRoot;
    const run = el.result.run;
    const [T, V] = run.logits.shape;
    const last = run.logits.data.subarray((T - 1) * V, T * V);
    let argmax = 0;
    for (let v = 1; v < V; v++) if (last[v] > last[argmax]) argmax = v;
    const layer = Number(root.querySelector('output[for="layer"]').textContent) - 1;
    const head = Number(root.querySelector('output[for="head"]').textContent) - 1;
    const w = run.attention[layer].weights.data.subarray(head * T * T, (head + 1) * T * T);
    const query = Number(root.querySelector('.fo-tokens button[aria-pressed="true"]').dataset.q);
    return {
      T,
      argmax: run.labels.length && el.lab.vocab[argmax],
      chips: [...root.querySelectorAll('.chip:not(.predicted) > span')].map((s) => s.textContent),
      predicted: root.querySelector('.chip.predicted > span').textContent,
      top1: root.querySelector('.top5 .ch').textContent,
      rows: [...root.querySelectorAll('table.heatmap tbody th')].map((th) => th.innerText), // the shown label
      caption: root.querySelector('.fo-caption').textContent,
      pass: root.querySelector('p.pass').textContent,
      query,
      row: Array.from(w.subarray(query * T, query * T + T)),
      widths: Object.fromEntries(
        [...root.querySelectorAll('.fo-diagram path')].map((p) => [
          p.dataset.key,
          Number(p.getAttribute('stroke-width')),
        ]),
      ),
    };
  });
}

/** Arcs go to exactly the keys ≤ query of weight > 0, widths affine in the weights. */
function assertArcsFollow(s) {
  const keys = s.row.map((w, j) => (j <= s.query && w > 0 ? String(j) : null)).filter(Boolean);
  assert.deepEqual(Object.keys(s.widths).sort(), keys.sort());
  // Drawn to 2 decimals: width = 0.75 + 11.25 · weight (web/views/fan-out-arcs.js arcStroke)
  // to 0.005.
  for (const j of keys)
    assert.ok(Math.abs(s.widths[j] - (0.75 + 11.25 * s.row[j])) <= 0.0051, `key ${j}`);
  for (const a of keys)
    for (const b of keys)
      if (s.row[a] > s.row[b]) assert.ok(s.widths[a] >= s.widths[b], `key ${a} vs ${b}`);
}

test('Run appends the engine’s argmax, highlighted, after the tokens of the pass the heatmap shows', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, 'lab.html?lang=en');
  const lab = (sel, opts) => page.locator(`attn-lab ${sel}`, opts);
  let s = await state(page);
  assert.equal(s.predicted, '小');
  assert.equal(s.predicted, s.argmax);
  assert.equal(s.predicted, s.top1);
  assert.deepEqual(s.rows, ['<bos>', ...'小明把苹果给了']);
  assert.deepEqual(s.chips, s.rows);
  assert.equal(s.query, s.T - 1); // the arcs start on the prediction's row
  assert.match(s.pass, /The prediction 小 comes out of the last row \(query 了, position 7\)/);
  assertArcsFollow(s);
  // A new prompt by the Run button.
  await lab('input#prompt').fill('谁把苹果给了小王？是');
  await timeToPaint(page, 'lab Run button', () => lab('button.run').click());
  s = await state(page);
  assert.deepEqual(s.rows, ['<bos>', ...'谁把苹果给了小王？是']);
  assert.deepEqual(s.chips, s.rows);
  assert.equal(s.predicted, s.argmax);
  assert.equal(s.predicted, s.top1);
  assert.equal(await lab('.chip.predicted').getAttribute('aria-label'), await predictedLabel());
  // Append it and run: the prediction becomes the new last row and the next query.
  const before = s;
  await lab('button', { hasText: 'Append it and run' }).click();
  s = await state(page);
  assert.deepEqual(s.rows, [...before.rows, before.predicted]);
  assert.equal(await lab('input#prompt').inputValue(), `谁把苹果给了小王？是${before.predicted}`);
  assert.equal(s.query, s.T - 1);
  assert.equal(s.predicted, s.argmax);
  assertArcsFollow(s);
  await screenshot(page, 'attn-lab', 'attn-lab-run-en.png');
  assert.deepEqual(errors, []);
  await page.close();

  function predictedLabel() {
    return page.evaluate(() => {
      const el = document.querySelector('attn-lab');
      const t = el.result.run.top5[0];
      return `predicted next character ${t.char}, probability ${(t.prob * 100).toFixed(1)}%`;
    });
  }
});

test('selecting a query in the heatmap (click, arrows) or on the arcs’ tokens redraws the arcs from that row', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, 'lab.html');
  const lab = (sel) => page.locator(`attn-lab ${sel}`);
  const first = await state(page);
  await lab('td[data-i="4"][data-j="2"]').click();
  let s = await state(page);
  assert.equal(s.query, 4);
  assert.notDeepEqual(s.widths, first.widths);
  assert.match(s.caption, /「苹」（位置 4）/);
  assertArcsFollow(s);
  await page.keyboard.press('ArrowDown');
  assert.equal((await state(page)).query, 5);
  // The arcs' own token buttons: one tab stop, arrows and Home / End move the query.
  await lab('.fo-tokens button[aria-pressed="true"]').focus();
  await page.keyboard.press('ArrowLeft');
  s = await state(page);
  assert.equal(s.query, 4);
  await page.keyboard.press('End');
  assert.equal((await state(page)).query, first.T - 1);
  await page.keyboard.press('Home');
  s = await state(page);
  assert.equal(s.query, 0);
  assert.deepEqual(Object.keys(s.widths), ['0']); // <bos> only sees itself
  assert.equal(
    await page.evaluate(
      () => document.querySelector('attn-lab').shadowRoot.activeElement.dataset.q,
    ),
    '0',
  );
  // Another head keeps the query and redraws from that head's row.
  await lab('.fo-tokens button[data-q="6"]').click();
  const h1 = await state(page);
  await lab('input#head').focus();
  await page.keyboard.press('ArrowRight');
  const h2 = await state(page);
  assert.equal(h2.query, 6);
  assert.notDeepEqual(h2.row, h1.row);
  assertArcsFollow(h2);
  // Layer 1 head 1's prediction row: the neighbour wins, so the lab points to a head where a far
  // key beats it; that head's caption says distance is free.
  await lab('input#head').focus();
  await page.keyboard.press('Home');
  await lab('.fo-tokens button[data-q="3"]').click(); // another query: the pointer still goes to row 7
  assert.match((await state(page)).caption, /「把」（位置 3）/);
  const far = lab('button.far-head');
  const [, l, hd] = (await far.textContent()).match(/第 (\d+) 层头 (\d+)/);
  await far.click();
  assert.equal(await lab('output[for="layer"]').textContent(), l);
  assert.equal(await lab('output[for="head"]').textContent(), hd);
  s = await state(page);
  assert.equal(s.query, s.T - 1);
  assert.match(s.caption, /^「了」（位置 7）给往回 \d+ 个的/);
  assert.equal(await lab('button.far-head').count(), 0); // this head already shows it
  assert.deepEqual(errors, []);
  await page.close();
});

test('the layer / head bar stays in view while the heatmap scrolls by', async () => {
  const { page } = await openPage(browser, browser.fileUrl, 'lab.html?lang=en', {
    viewport: { width: 1280, height: 500 },
  });
  const box = (sel) =>
    page.evaluate(
      (q) =>
        document
          .querySelector('attn-lab')
          .shadowRoot.querySelector(q)
          .getBoundingClientRect()
          .toJSON(),
      sel,
    );
  const table = await box('table.heatmap');
  // Scroll until the heatmap's middle is at the top of the window.
  await page.evaluate((y) => window.scrollBy(0, y), table.top + table.height / 2);
  const bar = await box('.controls');
  const after = await box('table.heatmap');
  assert.ok(after.top < 0, `the heatmap's top is above the window (${after.top})`);
  assert.ok(Math.abs(bar.top) <= 1, `the bar is pinned at the top (${bar.top})`);
  await page.close();
});

for (const width of [360, 1280])
  for (const lang of ['zh-CN', 'en'])
    test(`${width} px, ${lang}: fits, the default heatmap needs no sideways scroll, axe clean`, async () => {
      const { page, errors } = await openPage(browser, browser.fileUrl, `lab.html?lang=${lang}`, {
        viewport: { width, height: 800 },
      });
      await assertFitsWidth(page, 'attn-lab', width);
      const heat = () =>
        page.evaluate(() => {
          const box = document
            .querySelector('attn-lab')
            .shadowRoot.querySelector('table.heatmap').parentElement;
          return {
            overflow: box.scrollWidth - box.clientWidth,
            tabindex: box.getAttribute('tabindex'),
            role: box.getAttribute('role'),
            label: box.getAttribute('aria-label'),
          };
        });
      const fits = await heat();
      assert.ok(fits.overflow <= 1, `heatmap overflows by ${fits.overflow}px`);
      assert.equal(fits.tabindex, null); // no useless tab stop while it fits
      const height = await page.evaluate(
        () => document.querySelector('attn-lab').getBoundingClientRect().height,
      );
      console.log(`# attn-lab height at ${width} px (${lang}): ${Math.round(height)} px`);
      assert.deepEqual(await seriousViolations(page), []);
      // Every panel open: still nothing serious.
      await page.evaluate(() =>
        document
          .querySelector('attn-lab')
          .shadowRoot.querySelectorAll('details')
          .forEach((d) => (d.open = true)),
      );
      await assertFitsWidth(page, 'attn-lab', width);
      assert.deepEqual(await seriousViolations(page), []);
      if (width === 360) {
        // A 20-token prompt's heatmap still fits (its columns share the width, colours only)...
        const sentence = '小明把苹果给了小王。谁把苹果给了小王？';
        await page.locator('attn-lab input#prompt').fill(sentence);
        await page.locator('attn-lab input#prompt').press('Enter');
        const twenty = await heat();
        assert.ok(twenty.overflow <= 1, `a 20-token heatmap overflows by ${twenty.overflow}px`);
        // ... a long one overflows: a labelled region in the tab order, with its hint.
        await page.locator('attn-lab input#prompt').fill(sentence + sentence);
        await page.locator('attn-lab input#prompt').press('Enter');
        const long = await heat();
        assert.ok(long.overflow > 1);
        assert.equal(long.tabindex, '0');
        assert.equal(long.role, 'region');
        assert.ok(long.label.length > 3);
        await assertFitsWidth(page, 'attn-lab', width);
        assert.equal(
          await page.evaluate(
            () =>
              document.querySelector('attn-lab').shadowRoot.querySelector('.fo-diagram').className,
          ),
          'fo-diagram fo-column',
        );
        assert.deepEqual(await seriousViolations(page), []);
        await screenshot(page, 'attn-lab', `attn-lab-long-360px-${lang}.png`);
      }
      // A linear layer (layer 1): no heatmap, its state chart and ‖S‖ table, which scrolls in a
      // labelled region when the prompt is long; still fits, still nothing serious.
      await page.locator('attn-lab input#layer').focus();
      await page.keyboard.press('Home');
      assert.equal(await page.locator('attn-lab output[for="layer"]').textContent(), '1');
      assert.equal(await page.locator('attn-lab .linear-note').isVisible(), true);
      assert.equal(await page.locator('attn-lab table.heatmap').isVisible(), false);
      await assertFitsWidth(page, 'attn-lab', width);
      assert.deepEqual(await seriousViolations(page), []);
      await screenshot(page, 'attn-lab', `attn-lab-linear-${width}px-${lang}.png`);
      assert.deepEqual(errors, []);
      await page.close();
    });
