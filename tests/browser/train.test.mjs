// <attn-train> in Chromium from file:// (train.html): Start / Pause / Resume / Reset; a whole run
// whose downloaded weights are byte-identical to the native trainer's (`attn-train browser`,
// same seed, corpus and steps); the hand-over to the lab (lab.html?model=trained) and, as a
// GGUF, to the open-model page; bad choices as named errors in the widget; the page at 360 and
// 1280 px in both languages mid-training. The frame gaps while training are printed, not
// asserted (a busy machine makes them longer).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import {
  openBrowser,
  openPage,
  screenshot,
  assertFitsWidth,
  seriousViolations,
  WAIT_MS,
} from '../helpers/harness.mjs';
import { nativeBrowserWeights, noNativeTrainer } from '../helpers/native-trainer.mjs';

const TAG = 'attn-train';
let browser;
let tmp;
before(async () => {
  browser = await openBrowser();
  tmp = mkdtempSync(join(tmpdir(), 'attn-train-'));
});
after(async () => {
  await browser?.close();
});

/** train.html in `lang`, the widget drawn. */
async function open(lang = 'en', viewport) {
  return openPage(browser, browser.fileUrl, `train.html?lang=${lang}`, { viewport });
}

/** Sets the form (strings as typed) and presses Start. */
async function start(page, { steps, seed, layers, types, kvHeads } = {}) {
  const w = page.locator(TAG);
  if (steps !== undefined) await w.locator('#train-steps').fill(String(steps));
  if (seed !== undefined) await w.locator('#train-seed').fill(String(seed));
  if (layers !== undefined) await w.locator('#train-layers').selectOption(String(layers));
  if (types !== undefined) await w.locator('#train-types').selectOption(types);
  if (kvHeads !== undefined) await w.locator('#train-kv').selectOption(String(kvHeads));
  await w.locator('[data-role=start]').click();
}

const state = (page) =>
  page.evaluate((t) => {
    const el = document.querySelector(t);
    return {
      state: el.state,
      step: el.step,
      snapshots: el.snapshots.length,
      runs: el.runs.length,
      error: el.dataset.error ?? null,
    };
  }, TAG);

const waitFor = (page, fn, arg) => page.waitForFunction(fn, arg, { timeout: WAIT_MS * 3 });

/** Clicks a download button and returns the file's bytes. */
async function download(page, role) {
  const [d] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`${TAG} [data-role=${role}]`).click(),
  ]);
  const path = join(tmp, d.suggestedFilename());
  await d.saveAs(path);
  return { name: d.suggestedFilename(), bytes: readFileSync(path) };
}

test('start, pause, resume and reset; the page keeps drawing frames while the worker trains', async () => {
  const { page, errors } = await open('en');
  // The longest gap between animation frames while it trains (printed: the worker does the work).
  await page.evaluate(() => {
    window.__gaps = [];
    let last = performance.now();
    const tick = (t) => {
      window.__gaps.push(t - last);
      last = t;
      if (!window.__stopFrames) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await start(page, { steps: 400, seed: 2 });
  await waitFor(page, (t) => document.querySelector(t).step >= 5, TAG);
  assert.equal((await state(page)).state, 'running');
  await page.locator(`${TAG} [data-role=pause]`).click();
  await waitFor(page, (t) => document.querySelector(t).state === 'paused', TAG);
  const paused = (await state(page)).step;
  // Paused means no step: a round trip to the worker later the count is the same.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
  assert.equal((await state(page)).step, paused);
  await page.locator(`${TAG} [data-role=pause]`).click(); // Resume
  await waitFor(page, (n) => document.querySelector('attn-train').step > n, paused);
  const frames = await page.evaluate(() => {
    window.__stopFrames = true;
    const g = window.__gaps.slice(1);
    return { n: g.length, max: Math.max(...g) };
  });
  console.log(`# frames while training: ${frames.n}, longest gap ${frames.max.toFixed(1)} ms`);
  assert.ok(frames.n > 10, 'the page kept drawing');
  await page.locator(`${TAG} [data-role=reset]`).click();
  const s = await state(page);
  assert.deepEqual(
    { state: s.state, step: s.step, snapshots: s.snapshots, error: s.error },
    { state: 'idle', step: 0, snapshots: 0, error: null },
  );
  // The form is back: a new run can start.
  assert.equal(await page.locator(`${TAG} [data-role=start]`).isEnabled(), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a whole run: snapshots, a row in the ablation, and weights byte-identical to the native trainer', async (t) => {
  const { page, errors } = await open('en');
  await start(page, { steps: 30, seed: 5, kvHeads: 1 });
  await waitFor(page, (t) => document.querySelector(t).state === 'done', TAG);
  const s = await state(page);
  assert.equal(s.step, 30);
  assert.equal(s.snapshots, 4, 'steps 0, 10, 20, 30');
  assert.equal(s.runs, 1);
  const row = await page.evaluate((t) => document.querySelector(t).runs[0], TAG);
  assert.equal(row.kvHeads, 1);
  // The ledger's BF16 K and V of 2 full layers, 1 KV head of width 16: 2 × 2 × 1 × 16 × 2 bytes.
  assert.equal(row.kvBytesPerToken, 2 * 2 * 1 * 16 * 2);
  const text = await page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, TAG);
  assert.match(text, /The most previous-character head: layer \d, head \d/);
  assert.match(text, /Greedy generation: “小明把苹果给了” → “/);
  const bin = await download(page, 'download-bin');
  if (noNativeTrainer) t.diagnostic(`weights not compared with attn-train: ${noNativeTrainer}`);
  else {
    const native = nativeBrowserWeights({ steps: 30, seed: 5, kvHeads: 1 });
    assert.equal(bin.bytes.length, native.length);
    assert.ok(bin.bytes.equals(native), 'the browser trained the very bytes attn-train writes');
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('hand-over: "Open in the lab" shows the trained model there; the GGUF opens on the open-model page', async () => {
  const { page, errors } = await open('en');
  await start(page, { steps: 20, seed: 3 });
  await waitFor(page, (t) => document.querySelector(t).state === 'done', TAG);
  const gguf = await download(page, 'download-gguf');
  assert.match(gguf.name, /\.gguf$/);
  assert.equal(gguf.bytes.subarray(0, 4).toString('latin1'), 'GGUF');
  await Promise.all([
    page.waitForURL(/lab\.html\?.*model=trained/),
    page.locator(`${TAG} [data-role=open-in-lab]`).click(),
  ]);
  await page.waitForFunction(() => document.querySelector('attn-lab')?.lab, null, {
    timeout: WAIT_MS,
  });
  await page.evaluate(() => document.querySelector('attn-lab').ready);
  const lab = await page.evaluate(() => {
    const el = document.querySelector('attn-lab');
    return {
      trained: el.updateDetail().trained,
      layers: el.lab.config.nLayers,
      about: el.shadowRoot.textContent,
      error: el.dataset.error ?? null,
    };
  });
  assert.equal(lab.error, null);
  assert.equal(lab.trained, true);
  assert.equal(lab.layers, 2);
  assert.match(lab.about, /seed 3, 20 steps of training/);
  await page.close();

  // The GGUF through the open-model page's own loader: a 2-layer model, a heatmap drawn.
  const om = await openPage(browser, browser.fileUrl, 'open-model.html?lang=en');
  const path = join(tmp, gguf.name);
  await om.page
    .locator('attn-open-model input[type=file]:not([webkitdirectory])')
    .setInputFiles(path);
  await om.page.waitForFunction(
    () => {
      const el = document.querySelector('attn-open-model');
      return (el.result && !el.busy) || el.dataset.error;
    },
    null,
    { timeout: WAIT_MS },
  );
  const opened = await om.page.evaluate(() => {
    const el = document.querySelector('attn-open-model');
    return {
      error: el.dataset.error ?? null,
      cells: el.shadowRoot.querySelectorAll('table.heatmap td').length,
    };
  });
  assert.equal(opened.error, null);
  assert.ok(opened.cells > 0);
  assert.deepEqual([...errors, ...om.errors], []);
  await om.page.close();
});

test('bad choices are named errors shown in the widget; the form stays usable', async () => {
  const { page, errors } = await open('en');
  for (const [steps, field] of [
    ['0', /steps must be 1 … 20000, got 0/],
    ['1000000', /steps must be 1 … 20000/],
    ['', /steps should be/],
  ]) {
    await start(page, { steps });
    await waitFor(page, (t) => document.querySelector(t).dataset.error, TAG);
    const s = await state(page);
    assert.match(s.error, field);
    assert.equal(s.state, 'idle');
    const shown = await page.evaluate(
      (t) => document.querySelector(t).shadowRoot.querySelector('.error').textContent,
      TAG,
    );
    assert.match(shown, /ConfigError/);
  }
  // Fixed, it trains.
  await start(page, { steps: 10 });
  await waitFor(page, (t) => document.querySelector(t).state === 'done', TAG);
  assert.equal((await state(page)).error, null);
  assert.deepEqual(errors, []);
  await page.close();
});

for (const lang of ['zh-CN', 'en'])
  for (const width of [360, 1280])
    test(`mid-training at ${width} px in ${lang}: fits, no serious axe violation`, async () => {
      const { page, errors } = await open(lang, { width, height: 900 });
      await start(page, { steps: 200, seed: 1, types: 'hybrid' });
      await waitFor(page, (t) => document.querySelector(t).snapshots.length >= 3, TAG);
      await page.locator(`${TAG} [data-role=pause]`).click();
      await waitFor(page, (t) => document.querySelector(t).state === 'paused', TAG);
      await assertFitsWidth(page, TAG, width);
      assert.deepEqual(await seriousViolations(page), []);
      await screenshot(page, TAG, `train-${lang}-${width}.png`);
      assert.deepEqual(errors, []);
      await page.close();
    });
