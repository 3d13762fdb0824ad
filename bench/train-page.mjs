// npm run bench:train — <attn-train>'s budgets, measured in Chromium from file:// on the phone
// profile (360 × 780, touch), one run each at 1× and 4× CPU throttling (CDP; the training
// worker is not slowed by it), the load average printed with them:
//   - the default run (200 steps, 2 layers, 2 KV heads, seed 1): Start to done, and when it
//     shows what the page promises: the validation loss below the unigram baseline, and the
//     most previous-character head above its uniform-attention level (the page promises no more
//     for a run this short: docs/train-page.md);
//   - while it trains, a tap on a control (the head slider, tapped at alternate ends) to the
//     next frame painted: median and p95 over the taps (the budget: a median within 100 ms at
//     4×);
//   - the trainer's WASM heap at the end, and the snapshot's numbers at the last step.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from '../scripts/chromium-args.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const page = pathToFileURL(join(root, 'dist', 'train.html')).href;
if (!existsSync(join(root, 'dist', 'train.html'))) throw new Error('run npm run build first');
const TAPS = 24;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
});
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(
  `bench:train — Chromium ${browser.version()}, ${cpus().length} cores, phone profile ` +
    `(360 × 780, touch), load average before: ${load()}`,
);

/** @param {number[]} xs @param {number} q */
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** One default run at CPU throttling `rate`, with taps on the head slider while it trains. */
async function run(rate) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const p = await context.newPage();
  await p.goto(`${page}?lang=en`);
  await p.waitForFunction(() => document.querySelector('attn-train')?.rt, null, { timeout: 60000 });
  if (rate > 1) {
    const cdp = await context.newCDPSession(p);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }
  // In the page: each tap (pointerdown's time stamp) to the frame after the slider's input
  // event painted (a rAF, then a message: it runs once that frame is drawn); each snapshot's
  // arrival time.
  await p.evaluate(() => {
    const el = /** @type {any} */ (document.querySelector('attn-train'));
    const root = el.shadowRoot;
    const w = /** @type {any} */ (window);
    w.__taps = [];
    w.__arrived = [];
    let down = 0;
    root.addEventListener('pointerdown', (e) => (down = e.timeStamp), true);
    root.addEventListener(
      'input',
      () => {
        const t0 = down;
        requestAnimationFrame(() => {
          const ch = new MessageChannel();
          ch.port1.onmessage = () => w.__taps.push(performance.now() - t0);
          ch.port2.postMessage(0);
        });
      },
      true,
    );
    setInterval(() => {
      while (w.__arrived.length < el.snapshots.length) w.__arrived.push(performance.now());
    }, 20);
  });
  const start = await p.evaluate(() => performance.now());
  await p.locator('attn-train [data-role=start]').tap();
  await p.waitForFunction(() => document.querySelector('attn-train').snapshots.length >= 2, null, {
    timeout: 600000,
  });
  const slider = p.locator('attn-train #train-head');
  await slider.scrollIntoViewIfNeeded();
  for (let i = 0; i < TAPS; i++) {
    const done = await p.evaluate(() => document.querySelector('attn-train').state === 'done');
    if (done) break;
    const box = await slider.boundingBox();
    if (!box) break;
    const x = box.x + box.width * (i % 2 ? 0.9 : 0.1);
    await p.touchscreen.tap(x, box.y + box.height / 2);
    await p.waitForTimeout(400);
  }
  await p.waitForFunction(() => document.querySelector('attn-train').state === 'done', null, {
    timeout: 600000,
  });
  const r = await p.evaluate((t0) => {
    const w = /** @type {any} */ (window);
    const el = /** @type {any} */ (document.querySelector('attn-train'));
    const T = el.snapshots[0].view.run.labels.length;
    // The levels under uniform attention, as headPatterns counts them (widgets/train/logic.js).
    let uniform = 0;
    for (let i = 2; i < T; i++) uniform += 1 / (i + 1);
    const uniformFirst = (uniform + 1 / 2) / (T - 1);
    uniform /= T - 1;
    const best = (/** @type {any} */ s) =>
      Math.max(
        ...s.view.patterns
          .flat()
          .filter(Boolean)
          .map((/** @type {any} */ q) => q.previousToken),
      );
    const sink = (/** @type {any} */ s) =>
      Math.max(
        ...s.view.patterns
          .flat()
          .filter(Boolean)
          .map((/** @type {any} */ q) => q.firstToken),
      );
    const when = (/** @type {(s: any) => boolean} */ ok) => {
      const i = el.snapshots.findIndex(ok);
      return i < 0 ? null : { step: el.snapshots[i].step, s: (w.__arrived[i] - t0) / 1000 };
    };
    const last = el.snapshots[el.snapshots.length - 1];
    return {
      seconds: (performance.now() - t0) / 1000,
      taps: w.__taps,
      belowBaseline: when((s) => s.step > 0 && s.validLoss < el.info.unigramLoss),
      aboveUniform: when((s) => s.step > 0 && best(s) > uniform),
      validLoss: last.validLoss,
      unigram: el.info.unigramLoss,
      previous: best(last),
      sink: sink(last),
      uniform,
      uniformFirst,
      heap: el.heapBytes,
      status: el.shadowRoot.querySelector('.status').textContent,
    };
  }, start);
  await context.close();
  const at = (/** @type {{ step: number, s: number } | null} */ w) =>
    w ? `step ${w.step}, ${w.s.toFixed(1)} s after Start` : 'not within the run';
  const ms = (/** @type {number} */ x) => `${x.toFixed(0)} ms`;
  console.log(
    `${rate}× CPU: 200 steps in ${r.seconds.toFixed(1)} s (Start to done, worker start included); ` +
      `tap → next frame while training: median ${ms(quantile(r.taps, 0.5))}, p95 ` +
      `${ms(quantile(r.taps, 0.95))} (${r.taps.length} taps); validation below the unigram ` +
      `baseline: ${at(r.belowBaseline)}; a head above uniform on the previous character: ` +
      `${at(r.aboveUniform)}; at the end: validation ${r.validLoss.toFixed(3)} (unigram ` +
      `${r.unigram.toFixed(3)}), most previous-character head ${(r.previous * 100).toFixed(1)} % ` +
      `(uniform ${(r.uniform * 100).toFixed(1)} %), strongest sink ${(r.sink * 100).toFixed(1)} % ` +
      `(uniform ${(r.uniformFirst * 100).toFixed(1)} %), ` +
      `worker heap ${(r.heap / 2 ** 20).toFixed(1)} MiB`,
  );
  console.log(`  ${r.status}`);
}

await run(1);
await run(4);
console.log(`load average after: ${load()}`);
await browser.close();
