// The project milestone page (milestone.html, <attn-milestone>) in Chromium from file://: it sits
// after the lab, train and open-model pages and before practice; the six unit tests run live on
// the course's model and show ✓ with their figures; each "break it" toggle (keyboard) turns its
// test ✗ and back; acceptance test 3's arithmetic answers as the project's assertion does; the
// export downloads a c3-attention.json equal to the one the page checked, its data self-check all
// ✓; a model trained by the course's trainer and handed over (?model=trained) runs the same tests;
// the teacher's self-check. 360 and 1280 px in both languages: no sideways scroll, axe clean,
// screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  openBrowser,
  openPage,
  shots,
  dist,
  seriousViolations,
  assertSelfCheck,
} from '../helpers/harness.mjs';
import { STRINGS } from '../../widgets/milestone/strings.js';
import { CHECKS } from '../../widgets/milestone/logic.js';
import { TRAIN_TEXT_FILES } from '../../widgets/train/logic.js';

const TAG = 'attn-milestone';
let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

const card = (page, id) => page.locator(`${TAG} li[data-check="${id}"]`);
const statusOf = (page, id) => card(page, id).locator('[data-role="status"]').innerText();
const settled = (page) => page.evaluate((t) => document.querySelector(t).settled, TAG);

test('the page sits after the lab pages and before practice, and every test passes live', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, 'milestone.html?lang=en');
  const nav = await page.evaluate(() => ({
    prev: document.querySelector('a[rel="prev"]')?.getAttribute('href').split('?')[0],
    next: document.querySelector('a[rel="next"]')?.getAttribute('href').split('?')[0],
  }));
  assert.deepEqual(nav, { prev: 'open-model.html', next: 'playground.html' });
  const results = await page.evaluate((t) => document.querySelector(t).results, TAG);
  assert.deepEqual(
    results.map((r) => [r.id, r.ok]),
    CHECKS.map((c) => [c.id, true]),
  );
  for (const c of CHECKS) assert.equal(await statusOf(page, c.id), STRINGS.en.passed, c.id);
  assert.match(
    await card(page, 'incremental').locator('[data-role="figure"]').innerText(),
    /^largest \|Δ\| = (0|\d\.\de−\d+) \(must be < 1\.0e−4\) over [\d,]+ numbers$/,
  );
  assert.match(
    await card(page, 'cache-bytes').locator('[data-role="figure"]').innerText(),
    /4 KV heads ([\d,]+) B → 2 KV heads ([\d,]+) B → 1 KV heads ([\d,]+) B$/,
  );
  assert.match(
    await card(page, 'greedy').locator('[data-role="figure"]').innerText(),
    /^all 12 steps the same: “.+”$/,
  );
  // the teacher view: each test passes and fails under each of its faults; the export checks out
  await assertSelfCheck(page, TAG, CHECKS.length + 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('each “break it” toggle (keyboard) turns its test ✗ with the figure, and back to ✓', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, 'milestone.html?lang=en');
  for (const c of CHECKS)
    for (const fault of c.faults) {
      const button = card(page, c.id).locator(`button[data-fault="${fault}"]`);
      await button.focus();
      await page.keyboard.press('Enter');
      await settled(page);
      assert.equal(await button.getAttribute('aria-pressed'), 'true');
      assert.equal(await statusOf(page, c.id), STRINGS.en.failed, `${c.id} ${fault}`);
      assert.equal(
        await card(page, c.id).locator('[data-role="broken"]').innerText(),
        STRINGS.en.brokenNow(STRINGS.en.fault[fault]),
      );
      await page.keyboard.press('Space');
      await settled(page);
      assert.equal(await statusOf(page, c.id), STRINGS.en.passed, `${c.id} restored`);
    }
  const drop = card(page, 'causal').locator('button[data-fault="drop-mask"]');
  await drop.click();
  await settled(page);
  assert.match(
    await card(page, 'causal').locator('[data-role="figure"]').innerText(),
    /of the [\d,]+ weights above the diagonal, [1-9][\d,]* are not 0/,
  );
  const detail = await page.evaluate((t) => document.querySelector(t).updateDetail(), TAG);
  assert.deepEqual(
    detail.checks.find((x) => x.id === 'causal'),
    { id: 'causal', fault: 'drop-mask', ok: false },
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('acceptance test 3: the ledger’s bytes for a typed config, and the n_embd % n_head assertion', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, 'milestone.html?lang=en');
  const bytes = () => page.locator(`${TAG} [data-role="bytes"]`).innerText();
  assert.match(
    await bytes(),
    /head_dim = n_embd \/ n_head = 32\n+per token and layer: 1 × 2 × 8 × 32 × 2 B = 1,024 B/,
  );
  await page.locator(`${TAG} #n-kv-head`).fill('2');
  assert.match(await bytes(), /1 × 2 × 2 × 32 × 2 B = 256 B/);
  await page.locator(`${TAG} #n-embd`).fill('250');
  assert.equal(await bytes(), STRINGS.en.bytesError.divide(250, 8));
  assert.equal(
    await page.locator(`${TAG} [data-role="bytes-error"]`).getAttribute('role'),
    'alert',
  );
  await page.locator(`${TAG} #n-embd`).fill('256');
  await page.locator(`${TAG} #n-kv-head`).fill('3');
  assert.match(await bytes(), /num_key_value_heads \(3\) must divide num_attention_heads \(8\)/);
  await page.locator(`${TAG} #dtype`).selectOption('4');
  await page.locator(`${TAG} #n-kv-head`).fill('1');
  assert.match(await bytes(), /1 × 2 × 1 × 32 × 4 B = 256 B/);
  assert.equal(await page.locator(TAG).getAttribute('data-error'), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the export downloads c3-attention.json, the file the page checked: schema, causal rows, = the shipped file', async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, 'milestone.html?lang=en');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`${TAG} button[data-role="export"]`).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'c3-attention.json');
  const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
  const shipped = JSON.parse(
    readFileSync(join(dist, '..', 'course-data', 'c3-attention.json'), 'utf8'),
  );
  assert.deepEqual(Object.keys(file), Object.keys(shipped));
  assert.deepEqual(file.model.config, shipped.model.config);
  assert.equal(file.prompt.greedy, shipped.prompt.greedy);
  const rows = await page
    .locator(`${TAG} [data-export-check]`)
    .evaluateAll((els) => els.map((e) => [e.dataset.exportCheck, e.className]));
  assert.deepEqual(rows, [
    ['schema', 'ok'],
    ['causal', 'ok'],
    ['reference', 'ok'],
  ]);
  assert.match(
    await page.locator(`${TAG} [data-export-check="reference"]`).innerText(),
    /^✓ every number equals the project’s native export \(within 1\.0e−4\) — largest \|Δ\| = /,
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('a model trained by the course’s trainer and handed over runs the same tests (?model=trained)', async () => {
  const trainer = await createRequire(import.meta.url)(
    join(dist, '..', 'build-wasm', 'attn-trainer.js'),
  )();
  const texts = TRAIN_TEXT_FILES.map((f) =>
    readFileSync(join('/usr/share/games/fortunes', f), 'utf8'),
  );
  const info = trainer.trainStart(
    { steps: 8, seed: 9, layers: 2, kvHeads: 4, hybrid: false },
    texts,
  );
  while (!trainer.trainStep(4).done);
  const kept = {
    weights: Buffer.from(trainer.trainWeights({ dtype: 'f16' })).toString('base64'),
    steps: 8,
    seed: 9,
    validLoss: trainer.trainValidLoss(),
    unigramLoss: info.unigramLoss,
    parameters: info.parameters,
    layerTypes: info.config.layerTypes,
    kvHeads: 4,
    batch: info.batch,
    validTokens: info.validTokens,
    trainLoss: 3.5,
    seconds: 2,
  };
  const { page, errors } = await openPage(browser, browser.fileUrl, 'index.html?lang=en');
  await page.evaluate((m) => localStorage.setItem('attn-trained-model', JSON.stringify(m)), kept);
  const m = await openPage(browser, browser.fileUrl, 'milestone.html?lang=en&model=trained');
  const info2 = await m.page.evaluate((t) => {
    const el = document.querySelector(t);
    return {
      source: el.source,
      facts: el.shadowRoot.querySelector('[data-role="model-facts"]').textContent,
      results: el.results.map((r) => [r.id, r.ok]),
      picked: el.shadowRoot.querySelector('#source-trained').checked,
    };
  }, TAG);
  assert.equal(info2.source, 'trained');
  assert.equal(info2.picked, true);
  assert.match(
    info2.facts,
    /^2 layers \(2 of them full attention\), 8 query heads sharing 4 KV heads/,
  );
  assert.deepEqual(
    info2.results,
    CHECKS.map((c) => [c.id, true]),
  );
  // Its export: no shipped file to compare with, the schema and the rows check.
  await m.page.locator(`${TAG} button[data-role="export"]`).click();
  const rows = await m.page
    .locator(`${TAG} [data-export-check]`)
    .evaluateAll((els) => els.map((e) => [e.dataset.exportCheck, e.className]));
  assert.deepEqual(rows, [
    ['schema', 'ok'],
    ['causal', 'ok'],
  ]);
  // Back to the course's model by keyboard: the radio group.
  await m.page.locator(`${TAG} #source-trained`).focus();
  await m.page.keyboard.press('ArrowUp');
  await settled(m.page);
  assert.equal(await m.page.evaluate((t) => document.querySelector(t).source, TAG), 'course');
  assert.match(
    await m.page.locator(`${TAG} [data-role="model-facts"]`).innerText(),
    /^8 layers \(2 of them full attention\)/,
  );
  await page.evaluate(() => localStorage.removeItem('attn-trained-model'));
  assert.deepEqual([...errors, ...m.errors], []);
  await m.page.close();
  await page.close();
});

for (const lang of ['zh-CN', 'en'])
  test(`milestone page at 360 and 1280 px in ${lang}: fits, axe clean, screenshots`, async () => {
    const { page, errors } = await openPage(
      browser,
      browser.fileUrl,
      `milestone.html?lang=${lang}`,
      {
        student: true,
      },
    );
    assert.equal(
      await page.evaluate(
        (t) => document.querySelector(t).shadowRoot.querySelector('h2').textContent,
        TAG,
      ),
      STRINGS[lang].title,
    );
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 1, `${width}: the page scrolls sideways by ${overflow} px`);
      const right = await page.evaluate(
        (t) => document.querySelector(t).getBoundingClientRect().right,
        TAG,
      );
      assert.ok(right <= width, `${width}: the widget ends at ${right}`);
      assert.deepEqual(await seriousViolations(page), [], `${width} ${lang}`);
      await page.locator(TAG).screenshot({ path: join(shots, `milestone-${width}-${lang}.png`) });
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
