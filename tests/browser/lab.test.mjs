// <attn-lab> from file://: the page loads the engine, attn-core.js, its widget scripts and
// attn-lab-data.js, the self-check
// (live engine vs the native export) passes, a typed prompt Run (Enter or the button) changes the
// top 5 and the heatmap and appends the highlighted prediction, the layer and head sliders move
// by keyboard (a linear layer shows its state instead of a heatmap), the folded sink grid
// selects a head, generation writes text; prints the engine
// time of a 32-token rerun and interaction-to-paint; no console errors.
// Over http with the data script emptied, the widget names the script to add.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openBrowser, openPage, timeToPaint, selfCheck, WAIT_MS } from '../helpers/harness.mjs';

const exported = JSON.parse(
  readFileSync(new URL('../../course-data/c3-attention.json', import.meta.url), 'utf8'),
);
const TOP5 = exported.prompt.top5.map((e) => e.char).join('');

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, 'lab.html'));
});
after(async () => {
  await browser?.close();
});

const lab = (sel, opts) => page.locator(`attn-lab ${sel}`, opts);
const top5 = () =>
  page.evaluate(() =>
    [...document.querySelector('attn-lab').shadowRoot.querySelectorAll('.top5 .ch')]
      .map((e) => e.textContent)
      .join(''),
  );
const top5Probs = () =>
  page.evaluate(() =>
    [...document.querySelector('attn-lab').shadowRoot.querySelectorAll('.top5 .p')]
      .map((e) => e.textContent)
      .join(' '),
  );
const heat = () =>
  page.evaluate(() =>
    [...document.querySelector('attn-lab').shadowRoot.querySelectorAll('table.heatmap td')]
      .map((e) => e.textContent)
      .join('|'),
  );
const timing = () => page.evaluate(() => document.querySelector('attn-lab').timing);

test('the page loads both scripts and the self-check passes', async () => {
  const scripts = await page.evaluate(() =>
    [...document.scripts].map((s) => s.getAttribute('src').split('/').pop()),
  );
  assert.deepEqual(scripts, [
    'attn-loader.js',
    'attn-engine-wasm.js',
    'attn-core.js',
    'lab.js',
    'attn-lab-data.js',
    'quiz.js',
  ]);
  assert.equal(await page.evaluate(() => typeof window.AttnLabData.weights), 'string');
  const checks = await selfCheck(page, 'attn-lab');
  assert.equal(checks.length, 17);
  for (const c of checks) assert.ok(c.ok, `${c.name}: expected ${c.expected}, got ${c.actual}`);
  assert.match(await lab('details.checks summary').textContent(), /17\/17/);
  assert.equal(await top5(), TOP5);
  // The generation is computed when its panel opens (folded, it costs nothing), then left folded.
  assert.equal(await lab('.gen mark').count(), 0);
  const genSummary = lab('details.panel summary', { hasText: /KV cache/ });
  await genSummary.click();
  assert.equal(await lab('.gen mark').textContent(), exported.prompt.greedy);
  await genSummary.click();
});

test('a typed prompt, Run with Enter, changes the top 5 and the heatmap; <unk> is marked', async () => {
  const before5 = await top5(),
    beforeProbs = await top5Probs(),
    beforeHeat = await heat();
  await lab('input#prompt').fill('小王把书');
  // Typing alone runs nothing: the note says so until Run.
  assert.equal(await top5(), before5);
  assert.match(await lab('.stale').textContent(), /运行|Run/);
  await timeToPaint(page, 'lab Run (Enter)', () => lab('input#prompt').press('Enter'));
  assert.equal(await lab('.stale').textContent(), '');
  assert.notEqual(await top5(), before5);
  assert.notEqual(await heat(), beforeHeat);
  assert.equal(await lab('.chip:not(.predicted)').count(), 5);
  // One more character: the top 5 (at least its probabilities) moves again.
  const mid5 = `${await top5()} ${await top5Probs()}`;
  await lab('input#prompt').press('End');
  await lab('input#prompt').pressSequentially('给');
  await lab('input#prompt').press('Enter');
  assert.equal(await lab('.chip:not(.predicted)').count(), 6);
  assert.notEqual(`${await top5()} ${await top5Probs()}`, mid5);
  assert.notEqual(await top5Probs(), beforeProbs);
  await lab('input#prompt').fill('小王把猫🐱给了');
  await lab('button.run').click();
  assert.ok((await lab('.chip.unk').count()) >= 1);
  assert.match(await lab('[role="status"]').textContent(), /<unk>/);
  await page.locator('attn-lab button', { hasText: /恢复默认句子|Default sentence/ }).click();
  assert.equal(await top5(), TOP5);
});

test('layer and head sliders by keyboard: heatmaps on full layers, the state on linear ones; the sink grid selects a head', async () => {
  // The lab starts on layer 4, the first full layer (layers 1–3 are linear).
  assert.equal(await lab('output[for="layer"]').textContent(), '4');
  const h0 = await heat();
  await lab('input#head').focus();
  await timeToPaint(page, 'lab head slider key', () => page.keyboard.press('ArrowRight'));
  assert.equal(await lab('output[for="head"]').textContent(), '2');
  const h1 = await heat();
  assert.notEqual(h1, h0);
  // Layer 5 is linear: no heatmap, the note that it outputs no softmax matrix, its state.
  await lab('input#layer').focus();
  await timeToPaint(page, 'lab layer slider key (to a linear layer)', () =>
    page.keyboard.press('ArrowRight'),
  );
  assert.equal(await lab('output[for="layer"]').textContent(), '5');
  assert.equal(await lab('table.heatmap').isVisible(), false);
  assert.match(await lab('.linear-note').textContent(), /不输出 softmax 注意力矩阵/);
  assert.equal(await lab('input#head').isDisabled(), true);
  const T = exported.prompt.tokens.length;
  assert.equal(await lab('table.state-norms tbody tr').count(), 5); // one row per head
  assert.equal(await lab('table.state-norms tbody tr:first-child td').count(), T);
  assert.match(await lab('.linear p', { hasText: /状态大小/ }).textContent(), /8,000 B/);
  // On to layer 8, the other full layer: a heatmap again.
  for (let k = 0; k < 3; k++) await page.keyboard.press('ArrowRight');
  assert.equal(await lab('output[for="layer"]').textContent(), '8');
  assert.equal(await lab('table.heatmap').isVisible(), true);
  assert.notEqual(await heat(), h1);
  assert.equal(
    await lab('button.sink[data-l="7"][data-h="1"]').getAttribute('aria-pressed'),
    'true',
  );
  // The sink grid has the full layers only.
  assert.equal(await lab('table.sinks tbody tr').count(), 2);
  await lab('details.panel summary', { hasText: /sink/ }).click();
  await timeToPaint(page, 'lab sink cell click', () =>
    lab('button.sink[data-l="3"][data-h="5"]').click(),
  );
  assert.equal(await lab('output[for="layer"]').textContent(), '4');
  assert.equal(await lab('output[for="head"]').textContent(), '6');
  await page.keyboard.press('ArrowDown');
  assert.equal(await lab('output[for="layer"]').textContent(), '8');
  const focused = await page.evaluate(() => ({
    ...document.querySelector('attn-lab').shadowRoot.activeElement.dataset,
  }));
  assert.deepEqual(focused, { l: '7', h: '5' });
  // The pattern table: sorting by first-token share puts the largest sink first.
  await lab('details.panel summary', { hasText: /按模式|by pattern/ }).click();
  await lab('select#sort').selectOption('firstToken');
  const firstCol = await page.evaluate(() =>
    [
      ...document.querySelector('attn-lab').shadowRoot.querySelectorAll('table.patterns tbody tr'),
    ].map((tr) => parseFloat(tr.children[3].textContent)),
  );
  assert.equal(firstCol.length, 16);
  assert.deepEqual(
    firstCol,
    [...firstCol].sort((a, b) => b - a),
  );
});

test('generation produces text and follows the steps slider', async () => {
  await lab('details.panel summary', { hasText: /KV cache/ }).click();
  const g12 = await lab('.gen mark').textContent();
  assert.equal([...g12].length, 12);
  await lab('input#steps').focus();
  await timeToPaint(page, 'lab steps slider key', () => page.keyboard.press('ArrowLeft'));
  assert.equal([...(await lab('.gen mark').textContent())].length, 11);
  await page.keyboard.press('ArrowRight');
});

test('a 32-token prompt: engine rerun time (printed, not asserted)', async () => {
  const text = [...'小明把苹果给了小王。谁把苹果给了小王？是小明。'.repeat(2)]
    .slice(0, 31)
    .join('');
  await lab('input#prompt').fill(text);
  await timeToPaint(page, 'lab 32-token prompt', () => lab('input#prompt').press('Enter'));
  const samples = [];
  for (let i = 0; i < 10; i++) {
    await lab('input#prompt').fill(i % 2 ? text : `${text.slice(0, 30)}明`);
    await lab('input#prompt').press('Enter');
    samples.push(await timing());
  }
  assert.ok(samples.every((t) => t.tokens === 32));
  const mean = (k) => samples.reduce((s, t) => s + t[k], 0) / samples.length;
  console.log(
    `# engine rerun, 32 tokens (mean of ${samples.length}): labRun with attention ${mean('run').toFixed(2)} ms, ` +
      `headPatterns ${mean('patterns').toFixed(2)} ms, labGenerate(12) ${mean('generate').toFixed(2)} ms`,
  );
  assert.equal(await lab('.chip:not(.predicted)').count(), 32);
  assert.deepEqual(errors, []);
});

test('without attn-lab-data.js the widget names the script to add', async () => {
  const p = await browser.context.newPage();
  await p.route('**/attn-lab-data.js', (r) =>
    r.fulfill({ status: 200, contentType: 'text/javascript', body: '// emptied by the test\n' }),
  );
  await p.goto(`${browser.httpUrl}lab.html`);
  await p.waitForFunction(() => document.querySelector('attn-lab')?.dataset.error, null, {
    timeout: WAIT_MS,
  });
  const msg = await p.evaluate(() => document.querySelector('attn-lab').dataset.error);
  assert.match(msg, /<script src="attn-lab-data\.js"><\/script>/);
  await p.close();
});
