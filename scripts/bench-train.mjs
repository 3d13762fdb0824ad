// npm run bench:train — <attn-train>'s budgets, measured in Chromium from file:// (one run, the
// load average printed with it): a 2-layer model's first 200 steps (the page's defaults), the
// longest gap between the page's animation frames meanwhile (the worker does the work), the
// trainer's WASM heap at the start and the end, and the most previous-character head at the
// last snapshot (which head, its weight). Also a hybrid run of the same length.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from './chromium-args.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const page = pathToFileURL(join(root, 'dist', 'train.html')).href;
if (!existsSync(join(root, 'dist', 'train.html'))) throw new Error('run npm run build first');

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
  `bench:train — Chromium ${browser.version()}, ${cpus().length} cores, load average before: ${load()}`,
);

/** One run of `steps` with `types` ('full' | 'hybrid'); what the budgets ask. */
async function run(types, steps = 200) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const p = await context.newPage();
  await p.goto(`${page}?lang=en`);
  await p.waitForFunction(() => document.querySelector('attn-train')?.rt, null, { timeout: 60000 });
  await p.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => {
      window.__frames.push(t - last);
      last = t;
      if (!window.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await p.locator('#train-steps').fill(String(steps));
  await p.locator('#train-types').selectOption(types);
  const t0 = await p.evaluate(() => performance.now());
  await p.locator('[data-role=start]').click();
  await p.waitForFunction(() => document.querySelector('attn-train').state === 'done', null, {
    timeout: 600000,
  });
  const r = await p.evaluate((start) => {
    window.__stop = true;
    const el = document.querySelector('attn-train');
    const frames = window.__frames.slice(1).sort((a, b) => a - b);
    const last = el.snapshots[el.snapshots.length - 1];
    let best = { layer: -1, head: -1, weight: 0 };
    last.view.patterns.forEach((heads, layer) =>
      heads?.forEach((q, head) => {
        if (q.previousToken > best.weight) best = { layer, head, weight: q.previousToken };
      }),
    );
    return {
      seconds: (performance.now() - start) / 1000,
      frames: frames.length,
      p95: frames[Math.floor(frames.length * 0.95)],
      worst: frames[frames.length - 1],
      over50: frames.filter((f) => f > 50).length,
      validLoss: last.validLoss,
      unigram: el.info.unigramLoss,
      best,
      uniform: (() => {
        const T = last.view.run.labels.length;
        let u = 0;
        for (let i = 1; i < T; i++) u += 1 / (i + 1);
        return u / (T - 1);
      })(),
      text: el.shadowRoot.querySelector('.status').textContent,
    };
  }, t0);
  await context.close();
  console.log(
    `${types}, ${steps} steps: ${r.seconds.toFixed(1)} s (Start to done, worker start included); ` +
      `frames ${r.frames}, p95 gap ${r.p95.toFixed(0)} ms, longest ${r.worst.toFixed(0)} ms, ` +
      `${r.over50} over 50 ms; validation ${r.validLoss.toFixed(3)} (unigram ${r.unigram.toFixed(3)}); ` +
      `most previous-character head: layer ${r.best.layer + 1}, head ${r.best.head + 1}, ` +
      `${(r.best.weight * 100).toFixed(1)} % on the previous character ` +
      `(uniform attention: ${(r.uniform * 100).toFixed(1)} %)`,
  );
  console.log(`  ${r.text}`);
}

await run('full');
await run('hybrid');
console.log(`load average after: ${load()}`);
await browser.close();
