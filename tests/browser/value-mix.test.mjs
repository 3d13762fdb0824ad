// <attn-value-mix>: the query picker (radios, arrow keys) and the causal toggle change the mix;
// the stacked contributions end where the engine's output is; the 小明 ↔ 小王 slider (keyboard)
// barely moves the retrieved K and moves the retrieved V a lot; lang="en" switches the labels.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint } from '../helpers/harness.mjs';

const TAG = 'attn-value-mix';
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, '05-values.html'));
});
after(async () => {
  await browser?.close();
});

const radio = (i) => page.locator(`${TAG} input[data-role="query"][data-i="${i}"]`);
const weights = () =>
  page.evaluate(
    (t) =>
      Object.fromEntries(
        [...document.querySelector(t).shadowRoot.querySelectorAll('table.mix tbody tr')].map(
          (tr) => [
            // the label as a wide screen shows it (web/views/table-labels.js writes a short one
            // too)
            (tr.querySelector('th .fit-wide') ?? tr.querySelector('th')).textContent,
            tr.querySelector('[data-role="weight"]')?.textContent ?? null,
          ],
        ),
      ),
    TAG,
  );
const output = () => page.locator(`${TAG} [data-role="output"]`).textContent();
const cosText = (L) => page.locator(`${TAG} [data-role="cos-${L}"]`).textContent();
const cosOf = async (L) => Number((await cosText(L)).match(/= (−?[\d.]+)$/)[1].replace('−', '-'));

test('default: row 给了 with the causal mask: 苹果 56.5%, 小明 39.4%, 小王 masked', async () => {
  assert.equal(await radio(3).isChecked(), true);
  assert.equal(
    await page.locator(`${TAG} button[data-role="causal"]`).getAttribute('aria-pressed'),
    'true',
  );
  const wts = await weights();
  assert.equal(wts['苹果'], '56.5%');
  assert.equal(wts['小明'], '39.4%');
  assert.equal(wts['小王'], null);
  assert.match(await output(), /^\[−?\d+\.\d{3}(, −?\d+\.\d{3}){3}\]$/);
});

test('the stacked bars: one segment per visible token, the total tick at the engine output', async () => {
  const geo = await page.evaluate(
    (t) =>
      [...document.querySelector(t).shadowRoot.querySelectorAll('ol.dims li')].map((li) => {
        const track = li.querySelector('.stack').getBoundingClientRect();
        const segs = [...li.querySelectorAll('.seg')].map((s) => s.getBoundingClientRect());
        const right = Math.max(...segs.map((s) => s.right)),
          left = Math.min(...segs.map((s) => s.left));
        const zero = li.querySelector('.zero').getBoundingClientRect();
        const tick = li.querySelector('.total').getBoundingClientRect();
        const z = zero.left + zero.width / 2,
          x = tick.left + tick.width / 2;
        return { n: segs.length, width: track.width, pos: right - z, neg: z - left, tick: x - z };
      }),
    TAG,
  );
  assert.equal(geo.length, 4);
  for (const g of geo) {
    assert.equal(g.n, 4);
    // the tick sits at (positive stack) − (negative stack) from zero, to a pixel or two
    assert.ok(
      Math.abs(g.tick - (Math.max(0, g.pos) - Math.max(0, g.neg))) < 2.5,
      JSON.stringify(g),
    );
  }
});

test('the causal toggle and the query picker (keyboard) change the mix', async () => {
  const before = await output();
  await timeToPaint(page, 'value-mix causal toggle', () =>
    page.locator(`${TAG} button[data-role="causal"]`).click(),
  );
  assert.equal((await weights())['小王'], '32.5%');
  assert.notEqual(await output(), before);
  await page.locator(`${TAG} button[data-role="causal"]`).click();
  assert.equal(await output(), before);
  await radio(3).focus();
  await timeToPaint(page, 'value-mix query by keyboard', () => page.keyboard.press('ArrowLeft'));
  assert.equal(await radio(2).isChecked(), true);
  const wts = await weights();
  assert.equal(wts['给了'], null, 'row 苹果 cannot see 给了 under the causal mask');
  assert.notEqual(await output(), before);
  assert.match(await page.locator(`${TAG} [data-role="row-k"]`).textContent(), /^「苹果」这一行/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await output(), before);
});

test('a toggle changes the drawing in place: unchanged cells are the same nodes, changed text is rewritten', async () => {
  // redraw() (web/dom.js): what an interaction does not change is not rebuilt (nor laid out).
  const mark = () =>
    page.evaluate((t) => {
      const root = document.querySelector(t).shadowRoot;
      const cells = [...root.querySelectorAll('table.mix tbody tr td')];
      // the nodes themselves (an attribute would be redrawn away)
      window.__seen = new Set([
        ...cells,
        root.querySelector('[data-role="k-card"]').firstElementChild,
      ]);
      return cells.length;
    }, TAG);
  const seen = () =>
    page.evaluate((t) => {
      const root = document.querySelector(t).shadowRoot;
      return {
        cells: [...root.querySelectorAll('table.mix tbody tr td')].filter((c) =>
          window.__seen.has(c),
        ).length,
        card: window.__seen.has(root.querySelector('[data-role="k-card"]').firstElementChild),
      };
    }, TAG);
  const n = await mark();
  await page.locator(`${TAG} button[data-role="causal"]`).click();
  assert.equal((await weights())['小王'], '32.5%');
  const after = await seen();
  // the row of 小王 was masked (one cell) and now shows its weight: the others stay
  assert.ok(after.cells >= n - 3, `${after.cells} of ${n} cells kept`);
  assert.equal(after.card, true, 'the K card does not depend on the mask: kept');
  await page.locator(`${TAG} button[data-role="causal"]`).click();
  assert.equal((await weights())['小王'], null);
});

test('moving the attention from 小明 to 小王: retrieved K barely changes, retrieved V changes a lot', async () => {
  assert.equal(await cosOf('K'), 1);
  assert.equal(await cosOf('V'), 1);
  const slider = page.locator(`${TAG} input[data-role="share"]`);
  await slider.focus();
  await timeToPaint(page, 'value-mix share slider by keyboard', () => page.keyboard.press('End'));
  assert.equal(await slider.inputValue(), '100');
  assert.match(await cosText('K'), /cos\(K\[取回\], K\[小明\]\) = 0\.995$/);
  const v = await cosOf('V');
  assert.ok(v < 0.5, `V cosine ${v}`);
  await page.keyboard.press('PageDown');
  await page.keyboard.press('ArrowLeft');
  assert.ok(Number(await slider.inputValue()) < 100);
  assert.ok((await cosOf('K')) > 0.99);
  await slider.fill('50');
  assert.ok((await cosOf('K')) > 0.99);
  assert.ok((await cosOf('V')) < (await cosOf('K')));
});

test('lang="en" switches the labels; self-check passes; no console errors', async () => {
  await page.locator('[data-attn-lang-toggle]').click();
  assert.equal(await page.locator(TAG).getAttribute('lang'), 'en');
  const all = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, TAG);
  assert.match(all, /What gave takes back/);
  assert.doesNotMatch(all.replace(/Self-check[^]*$/, ''), /取回|查询|因果/);
  await page.locator('[data-attn-lang-toggle]').click();
  const checks = await page.evaluate((t) => document.querySelector(t).selfCheck(), TAG);
  assert.equal(checks.length, 7);
  assert.ok(
    checks.every((c) => c.ok),
    JSON.stringify(checks),
  );
  assert.deepEqual(errors, []);
});
