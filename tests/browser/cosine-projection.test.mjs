// <attn-cosine-projection>: the mode toggle reorders the bars (给了 first by raw cosine, 苹果
// first by q·k), the query picker works by keyboard (native radios: arrow keys), each bar
// carries its formula, the K/V note shows 0.995, and lang="en" switches every label.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint, formulaText } from '../helpers/harness.mjs';

const TAG = 'attn-cosine-projection';
let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, '01-cosine-vs-projection.html'));
});
after(async () => {
  await browser?.close();
});

const bars = () =>
  page.evaluate(
    (t) =>
      [...document.querySelector(t).shadowRoot.querySelectorAll('ol.bars:not(.kv ol) > li')]
        .filter((li) => !li.closest('.kv'))
        .map((li) => ({
          token: li.dataset.token,
          label: li.querySelector('.tok').firstChild.textContent,
          value: li.querySelector('.val').textContent,
          formula: li.querySelector('.formula .math').getAttribute('aria-label'),
          neg: !!li.querySelector('.bar-fill.neg'),
        })),
    TAG,
  );
const modeButton = (m) => page.locator(`${TAG} button[data-mode="${m}"]`);
const radio = (i) => page.locator(`${TAG} input[type="radio"][data-i="${i}"]`);

test('default: query 给了, raw cosine, itself first at 1.000 then 把', async () => {
  assert.equal(await radio(3).isChecked(), true);
  assert.equal(await modeButton('cosine').getAttribute('aria-pressed'), 'true');
  const b = await bars();
  assert.equal(b.length, 5);
  assert.deepEqual([b[0].token, b[0].value], ['给了', '1.000']);
  assert.equal(b[1].token, '把');
  assert.deepEqual(new Set(b.slice(2).map((x) => x.token)), new Set(['小明', '苹果', '小王']));
  assert.match(b[2].formula, /^cos = x_给了·x_\S+ \/ \(\|x_给了\| \|x_\S+\|\) = .* = −?\d\.\d{3}$/);
  assert.ok(b[2].formula.endsWith(b[2].value));
});

test('the toggle reorders the bars: projected q·k puts 苹果 first and 给了 last', async () => {
  await timeToPaint(page, 'cosine-projection mode toggle', () => modeButton('dot').click());
  assert.equal(await modeButton('dot').getAttribute('aria-pressed'), 'true');
  assert.equal(await modeButton('cosine').getAttribute('aria-pressed'), 'false');
  const b = await bars();
  assert.deepEqual(
    b.map((x) => x.token),
    ['苹果', '小王', '小明', '把', '给了'],
  );
  assert.match(b[0].formula, /^q_给了·k_苹果 = \[.*\]·\[.*\] = /);
  assert.ok(b[0].formula.endsWith(b[0].value));
  await modeButton('scaled').click();
  const s = await bars();
  assert.deepEqual(
    s.map((x) => x.token),
    ['苹果', '小王', '小明', '把', '给了'],
  );
  assert.match(s[0].formula, /^q_给了·k_苹果 \/ √4 = \d+\.\d\d \/ √4 = /);
  await modeButton('cosine').click();
  assert.equal((await bars())[0].token, '给了');
});

test('keyboard: Tab to the radios, arrow keys change the query and the bars', async () => {
  await radio(3).focus();
  const before = await bars();
  await timeToPaint(page, 'cosine-projection query by keyboard', () =>
    page.keyboard.press('ArrowLeft'),
  );
  assert.equal(await radio(2).isChecked(), true);
  const after = await bars();
  assert.equal(after[0].token, '苹果', 'by raw cosine the new query 苹果 is first (itself)');
  assert.notDeepEqual(
    after.map((x) => x.value),
    before.map((x) => x.value),
  );
  // the mode buttons are native buttons: Space presses them
  await modeButton('dot').focus();
  await page.keyboard.press('Space');
  assert.equal(await modeButton('dot').getAttribute('aria-pressed'), 'true');
  await radio(2).focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await radio(3).isChecked(), true);
  assert.equal((await bars())[0].token, '苹果');
  await modeButton('cosine').click();
});

test('K/V note: cos(K_小明, K_小王) = 0.995, V clearly lower', async () => {
  const kv = await page.evaluate(
    (t) =>
      [...document.querySelector(t).shadowRoot.querySelectorAll('.kv li')].map((li) => [
        li.dataset.pair,
        li.querySelector('.val').textContent,
        [...li.querySelectorAll('.formula .math')].at(-1).getAttribute('aria-label'),
      ]),
    TAG,
  );
  assert.equal(kv[0][0], 'K');
  assert.equal(kv[0][1], '0.995');
  assert.match(kv[0][2], /cos\(K_小明, K_小王\) = .* = 0\.995$/);
  assert.equal(kv[1][0], 'V');
  assert.ok(Number(kv[1][1].replace('−', '-')) < 0.3, `V cosine ${kv[1][1]}`);
});

test('lang="en" shows English labels and keeps the state', async () => {
  await modeButton('dot').click();
  await timeToPaint(page, 'cosine-projection language switch', () =>
    page.locator('[data-attn-lang-toggle]').click(),
  );
  assert.equal(await page.locator(TAG).getAttribute('lang'), 'en');
  assert.equal(await modeButton('dot').evaluate(formulaText), 'projected score q_i·k_j');
  assert.equal(await modeButton('dot').getAttribute('aria-pressed'), 'true');
  const b = await bars();
  assert.equal(b[0].label, 'apple');
  assert.match(b[0].formula, /^q_gave·k_apple = /);
  const text = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, TAG);
  assert.match(text, /Query token/);
  assert.doesNotMatch(text.replace(/Self-check[^]*$/, ''), /查询|比较方式|原始余弦/);
  await page.locator('[data-attn-lang-toggle]').click();
  assert.equal(await modeButton('dot').evaluate(formulaText), '投影后打分 q_i·k_j');
});

test('a query attribute change re-reads the query', async () => {
  await page.evaluate((t) => document.querySelector(t).setAttribute('query', '0'), TAG);
  assert.equal(await radio(0).isChecked(), true);
  await page.evaluate((t) => document.querySelector(t).setAttribute('query', '3'), TAG);
  assert.equal(await radio(3).isChecked(), true);
  assert.deepEqual(errors, []);
});
