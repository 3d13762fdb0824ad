// <attn-heatmap>: inline data and engine-computed weights; hover and arrow keys move the
// read-out; the causal triangle is greyed; malformed inline data is an inline error; clicking or
// arrowing to a cell redraws the fan-out arcs from its row (widths following that row), whose
// token buttons select a query by keyboard; both maps fit 360 px, axe clean.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  openBrowser,
  openPage,
  timeToPaint,
  assertFitsWidth,
  seriousViolations,
} from '../helpers/harness.mjs';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'heatmap.html'));
});
after(async () => {
  await browser?.close();
});

const readout = (n) =>
  page.evaluate(
    (i) =>
      document.querySelectorAll('attn-heatmap')[i].shadowRoot.querySelector('.hm-readout')
        .textContent,
    n,
  );

test('the inline 小猫跑得真快 map: causal triangle greyed, hover shows the cell and row sum', async () => {
  const hidden = await page.evaluate(
    () => document.querySelector('attn-heatmap').shadowRoot.querySelectorAll('td.hm-hidden').length,
  );
  assert.equal(hidden, 15); // 6·5/2 future cells
  await timeToPaint(page, 'heatmap hover', () =>
    page.locator('attn-heatmap').first().locator('td[data-i="2"][data-j="1"]').hover(),
  );
  assert.match(await readout(0), /「跑」看「猫」：55\.0%；这一行和 = 100\.0%/);
});

test('arrow keys move the read-out through the engine-computed map', async () => {
  const second = page.locator('attn-heatmap').nth(1);
  await second.locator('td[data-i="0"][data-j="0"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.match(await readout(1), /「给了」看「小明」：39\.4%/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.match(await readout(1), /「给了」看「苹果」：56\.5%/);
  assert.deepEqual(errors, []);
});

test('malformed inline data is an inline error that names the problem', async () => {
  await page.evaluate(() => {
    const el = document.createElement('attn-heatmap');
    el.innerHTML =
      '<script type="application/json">{"labels": ["a", "b"], "weights": [[1, 0]]}</script>';
    document.querySelector('main').append(el);
    return el.ready;
  });
  const msg = await page.evaluate(
    () => [...document.querySelectorAll('attn-heatmap')].at(-1).dataset.error,
  );
  assert.match(msg, /"weights" must be 2×2/);
  assert.deepEqual(errors, []);
});

test('attributes changed after connect redraw; a head outside `heads` is a named inline error, not NaN%', async () => {
  const state = (el) =>
    page.evaluate((i) => {
      const h = document.querySelectorAll('attn-heatmap')[i];
      return {
        error: h.dataset.error ?? null,
        text: h.shadowRoot.querySelector('table.heatmap')?.textContent ?? '',
      };
    }, el);
  const set = (attrs) =>
    page.evaluate((a) => {
      const h = document.querySelectorAll('attn-heatmap')[1];
      for (const [k, v] of Object.entries(a)) h.setAttribute(k, v);
    }, attrs);
  const causal = await state(1);
  await set({ heads: '2', head: '1' });
  const headB = await state(1);
  assert.equal(headB.error, null);
  assert.notEqual(headB.text, causal.text);
  assert.doesNotMatch(headB.text, /NaN/);
  await set({ head: '2' });
  const bad = await state(1);
  assert.match(bad.error, /head="2" 不是 0 … 1 之间的头编号/);
  await set({ heads: '1', head: '0' });
  assert.deepEqual(await state(1), causal);
  await set({ world: 'en-the-cat' });
  assert.match((await state(1)).text, /The.*cat/);
  await set({ world: 'zh-gift' });
  assert.deepEqual(errors, []);
});

/** The n-th heatmap's arcs: selected query, stroke width per key, caption; and the row shown. */
const arcs = (n) =>
  page.evaluate((i) => {
    const root = document.querySelectorAll('attn-heatmap')[i].shadowRoot;
    const q = Number(root.querySelector('.fo-tokens button[aria-pressed="true"]').dataset.q);
    const cells = [...root.querySelectorAll(`td.hm-cell[data-i="${q}"]`)];
    return {
      query: q,
      widths: Object.fromEntries(
        [...root.querySelectorAll('.fo-diagram path')].map((p) => [
          p.dataset.key,
          Number(p.getAttribute('stroke-width')),
        ]),
      ),
      // The row as the table prints it (whole percent), the masked cells empty.
      row: cells.map((c) => (c.textContent ? parseFloat(c.textContent) : null)),
      caption: root.querySelector('.fo-caption').textContent,
      list: [...root.querySelectorAll('.fo ul.sr-only li')].map((li) => li.textContent),
    };
  }, n);

test('the fan-out arcs follow the selected row: click or arrows in the table, or their own token buttons', async () => {
  const second = page.locator('attn-heatmap').nth(1);
  let a = await arcs(1);
  assert.equal(a.query, 4); // the last row first
  assert.equal(Object.keys(a.widths).length, 5);
  await timeToPaint(page, 'heatmap select a row for the arcs', () =>
    second.locator('td[data-i="2"][data-j="0"]').click(),
  );
  a = await arcs(1);
  assert.equal(a.query, 2);
  assert.deepEqual(Object.keys(a.widths), ['0', '1', '2']); // keys ≤ query only
  // Wider where the printed weight is larger (weights differing by ≥ 2 points).
  for (const j of [0, 1, 2])
    for (const k of [0, 1, 2])
      if (a.row[j] >= a.row[k] + 2) assert.ok(a.widths[j] > a.widths[k], `${j} vs ${k}`);
  assert.equal(a.list.length, 3);
  assert.match(a.list[0], /「小明」（位置 0，往回 2 个）：\d+\.\d%/);
  await page.keyboard.press('ArrowDown');
  assert.equal((await arcs(1)).query, 3);
  // Hover alone does not move the arcs (the mouse can travel down to them).
  await second.locator('td[data-i="0"][data-j="0"]').hover();
  assert.equal((await arcs(1)).query, 3);
  // The arcs' tokens: one tab stop; arrows move the query.
  await second.locator('.fo-tokens button[aria-pressed="true"]').focus();
  await page.keyboard.press('ArrowLeft');
  a = await arcs(1);
  assert.equal(a.query, 2);
  assert.equal(await second.locator('.fo-tokens button[tabindex="0"]').getAttribute('data-q'), '2');
  // The inline 小猫跑得真快 map: 快 gives 40% to 猫 four back, 17% to its neighbour 真.
  const first = await arcs(0);
  assert.equal(first.query, 5);
  assert.match(
    first.caption,
    /^「快」（位置 5）给往回 4 个的「猫」（位置 1）40\.0%，比给紧挨着的「真」的 17\.0% 还多/,
  );
  assert.ok(first.widths[1] > first.widths[4]);
  assert.deepEqual(errors, []);
});

for (const lang of ['zh-CN', 'en'])
  test(`360 px, ${lang}: both maps and their arcs fit, axe clean`, async () => {
    const p = await openPage(browser, browser.fileUrl, `heatmap.html?lang=${lang}`, {
      viewport: { width: 360, height: 800 },
    });
    await assertFitsWidth(p.page, 'attn-heatmap', 360);
    const widest = await p.page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('attn-heatmap')].map(
          (e) => e.shadowRoot.querySelector('.fo-diagram').getBoundingClientRect().right,
        ),
      ),
    );
    assert.ok(widest <= 360, `arcs end at ${widest}px`);
    assert.deepEqual(await seriousViolations(p.page), []);
    assert.deepEqual(p.errors, []);
    await p.page.close();
  });

test('the context switch: "it" attends to animal when it was tired, to street when the street was too wide', async () => {
  const sw = page.locator('attn-heatmap[worlds]');
  const itRow = () =>
    page.evaluate(() => {
      const root = document.querySelector('attn-heatmap[worlds]').shadowRoot;
      const cells = [...root.querySelectorAll('td.hm-cell')]
        .map((td) => td.getAttribute('aria-label').match(/^it → (.+): ([\d.]+)%$/))
        .filter(Boolean)
        .map(([, key, w]) => ({ key, w: Number(w) }));
      const top = cells.reduce((a, b) => (b.w > a.w ? b : a));
      const pressed = root.querySelector('.fo-tokens button[aria-pressed="true"]');
      return { top: top.key, arcsQuery: pressed?.dataset.q };
    });
  const tired = await itRow();
  assert.equal(tired.top, 'animal');
  assert.equal(tired.arcsQuery, '7', 'the fan-out starts on the row of it');
  await sw.locator('input[type="radio"]').nth(0).focus();
  await page.keyboard.press('ArrowDown');
  const wide = await itRow();
  assert.equal(wide.top, 'street');
  assert.equal(wide.arcsQuery, '7', 'the fan-out stays on it');
  assert.deepEqual(errors, []);
});
