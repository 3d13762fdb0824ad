// The widgets' budgets, measured in the built pages (dist/, opened from file:// as a student
// opens them) in Debian's Chromium: for each widget's main interaction
//   handler     performance.now() around the dispatched event: every widget's listener runs
//               synchronously and draws synchronously (AttnWidget.update → render), so this is
//               the whole engine call + DOM update          budget: median ≤ 8 ms
//   next frame  from the dispatch to the second requestAnimationFrame after it, i.e. until the
//               frame showing the change has been produced   budget: p95 ≤ 33 ms, ≤ 100 ms at 4×
//               CPU throttling (CDP Emulation.setCPUThrottlingRate)
// over REPS repetitions after WARMUP, each started from a quiet moment between frames and
// alternating between two states so that every repetition changes what is drawn; and
//   first drawn from navigation start to the first attn-update event of the page (a widget's
//               first draw), median of LOADS loads           budget: ≤ 500 ms unthrottled
// and per page, as a student's first visit (a fresh browser context per load, so nothing is
// cached; median of LOADS loads):
//   cold first drawn   unthrottled (budget ≤ 500 ms) and at 4× (budget ≤ 1,200 ms)
//   script bytes       the scripts the page holds at its first draw, as the files' sizes
//                      (file:// reports no transfer sizes)   budget: ≤ 700 KiB, the lab ≤ 1,400
// Prints two Markdown tables (✓ / ✗ per budget), the load average at start and end, node and
// Chromium versions. It only measures: nothing is asserted, it exits 0 (npm run bench:pages).
// BENCH_COLD=0 skips the cold loads.
import { chromium } from 'playwright-core';
import { existsSync, statSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from '../scripts/chromium-args.mjs';
import { waitForWidgets } from '../scripts/wait-for-widgets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.BENCH_DIST || join(root, 'dist');
const REPS = 24;
const WARMUP = 4;
const LOADS = 3;
const THROTTLE = 4;
const BUDGET = { handler: 8, frame: 33, frameThrottled: 100, firstDrawn: 500 };
const COLD_BUDGET = { drawn: 500, drawnThrottled: 1200, kib: 700, labKib: 1400 };

/**
 * One main interaction per widget: the control a student uses most on it (the one its lesson is
 * about). steps alternate: {sel, nth?} and an action: click, input (set value, fire input),
 * change (set value, fire change), key (keydown on the element), enter (mouseenter).
 */
const INTERACTIONS = [
  // the index page's pipeline: picking a stage is all it does
  {
    page: 'index.html',
    tag: 'attn-data-flow',
    what: 'stage button click',
    steps: [
      { act: 'click', sel: 'button[data-stage="embedding"]' },
      { act: 'click', sel: 'button[data-stage="attention"]' },
    ],
  },
  // the lesson's point: the same ranking with raw cosine vs projected q·k
  {
    page: '01-cosine-vs-projection.html',
    tag: 'attn-cosine-projection',
    what: 'comparison mode toggle',
    steps: [
      { act: 'click', sel: 'button[data-mode="dot"]' },
      { act: 'click', sel: 'button[data-mode="cosine"]' },
    ],
  },
  // picking which "book" (key) the query reads
  {
    page: '01-cosine-vs-projection.html',
    tag: 'attn-library-analogy',
    what: 'book (key) click',
    steps: [
      { act: 'click', sel: 'button.book', nth: 1 },
      { act: 'click', sel: 'button.book', nth: 2 },
    ],
  },
  // choosing the (query, key) pair in the score grid redraws the term-by-term q·k
  {
    page: '02-dot-product.html',
    tag: 'attn-dot-product',
    what: 'score grid cell click',
    steps: [
      { act: 'click', sel: 'button.cell[data-i="3"][data-j="2"]' },
      { act: 'click', sel: 'button.cell[data-i="2"][data-j="3"]' },
    ],
  },
  // the head-width slider is the experiment (a seeded run of the engine per step)
  {
    page: '03-softmax-and-scaling.html',
    tag: 'attn-softmax-variance',
    what: 'head width d slider step',
    steps: [
      { act: 'input', sel: 'input[type="range"]', value: '4' },
      { act: 'input', sel: 'input[type="range"]', value: '5' },
    ],
  },
  // toggling one cell of the mask reruns the masked softmax
  {
    page: '04-causal-mask.html',
    tag: 'attn-mask-grid',
    what: 'mask cell click',
    steps: [{ act: 'click', sel: 'button.cell[data-i="3"][data-j="4"]' }],
  },
  // the causal switch changes which V rows are mixed
  {
    page: '05-values.html',
    tag: 'attn-value-mix',
    what: 'causal toggle',
    steps: [{ act: 'click', sel: 'button[data-role="causal"]' }],
  },
  // moving both positions together shows the score depends only on the distance
  {
    page: '06-rope.html',
    tag: 'attn-rope',
    what: 'both positions +1 / −1',
    steps: [
      { act: 'click', sel: '[data-role="both-up"]' },
      { act: 'click', sel: '[data-role="both-down"]' },
    ],
  },
  // the query token picker drives both the single-head and the two-head rows
  {
    page: '07-multi-head.html',
    tag: 'attn-multi-head',
    what: 'query select',
    steps: [
      { act: 'change', sel: 'select[data-role="query"]', value: '4' },
      { act: 'change', sel: 'select[data-role="query"]', value: '3' },
    ],
  },
  // the generation stepper
  {
    page: '08-kv-cache.html',
    tag: 'attn-kv-cache',
    what: 'generation step / back',
    steps: [
      { act: 'click', sel: 'button.step-btn' },
      { act: 'click', sel: 'button.back' },
    ],
  },
  // context-length presets: every model's ledger recomputed
  {
    page: '08-kv-cache.html',
    tag: 'attn-kv-ledger',
    what: 'context preset button',
    steps: [
      { act: 'click', sel: 'button[data-tokens="1048576"]' },
      { act: 'click', sel: 'button[data-tokens="4096"]' },
    ],
  },
  // the number of KV heads: MHA → GQA → MQA
  {
    page: '09-gqa.html',
    tag: 'attn-gqa',
    what: 'KV heads choice',
    steps: [
      { act: 'click', sel: 'label[data-g="24"] input' },
      { act: 'click', sel: 'label[data-g="12"] input' },
    ],
  },
  // where RoPE goes (decoupled vs on the latent) is the lesson's question
  {
    page: '10-mla.html',
    tag: 'attn-mla',
    what: 'RoPE mode toggle',
    steps: [
      { act: 'click', sel: 'button[data-mode="on-latent"]' },
      { act: 'click', sel: 'button[data-mode="decoupled"]' },
    ],
  },
  // stepping the RNN's chain
  {
    page: 'b1-rnn-vs-attention.html',
    tag: 'attn-rnn-vs-attention',
    what: 'RNN step / back',
    steps: [
      { act: 'click', sel: '[data-role="step"]' },
      { act: 'click', sel: '[data-role="back"]' },
    ],
  },
  // the sink logit slider (engine softmax with a sink per step)
  {
    page: 'b4-attention-sink.html',
    tag: 'attn-sink-logit',
    what: 'sink logit slider step',
    steps: [
      { act: 'input', sel: '[data-role="sink"]', value: '1' },
      { act: 'input', sel: '[data-role="sink"]', value: '1.1' },
    ],
  },
  // reading one cell of a heatmap (hover; focus does the same)
  {
    page: 'heatmap.html',
    tag: 'attn-heatmap',
    what: 'cell hover read-out',
    steps: [
      { act: 'enter', sel: 'td[data-i="2"][data-j="1"]' },
      { act: 'enter', sel: 'td[data-i="3"][data-j="2"]' },
    ],
  },
  // the worked example's Next / Back
  {
    page: 'walkthrough-the-cat.html',
    tag: 'attn-walkthrough',
    what: 'step Next / Back',
    steps: [
      { act: 'click', sel: '[data-role="next"]' },
      { act: 'click', sel: '[data-role="back"]' },
    ],
  },
  // a prompt run (typed, then Enter): the trained model's forward, top 5, generation, every head
  {
    page: 'lab.html',
    tag: 'attn-lab',
    what: 'prompt typed + Enter (Run)',
    steps: [
      { act: 'submit', sel: 'input#prompt', value: '小王把书给了' },
      { act: 'submit', sel: 'input#prompt', value: '小明把苹果给了' },
    ],
  },
  // opening a step of the map (a <details> summary)
  {
    page: 'evolution.html',
    tag: 'attn-evolution-map',
    what: 'step open / close',
    steps: [{ act: 'click', sel: 'details.step > summary', nth: 1 }],
  },
  // revealing one misconception's proof
  {
    page: 'misconceptions.html',
    tag: 'attn-misconceptions',
    what: 'reveal a proof',
    steps: [{ act: 'click', sel: '[data-role="reveal"]' }],
  },
  // choosing an answer of the first question
  {
    page: 'quiz.html',
    tag: 'attn-quiz',
    what: 'answer option choice',
    steps: [
      { act: 'click', sel: 'input[type="radio"]', nth: 0 },
      { act: 'click', sel: 'input[type="radio"]', nth: 1 },
    ],
  },
  // <attn-playground> is left out: its main interaction (Run) answers from a Web Worker, so the
  // frame after the click does not show the result; tests/browser/playground.test.mjs times it.
];

/** Runs in the page: REPS timed repetitions of one interaction. */
async function measureInPage({ tag, steps, reps, warmup }) {
  const host = document.querySelector(tag);
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  // A message posted from a rAF callback is delivered after that frame's style, layout and
  // paint: the moment the change is on screen (as far as the page can tell).
  const afterPaint = () =>
    new Promise((r) =>
      requestAnimationFrame(() => {
        const c = new MessageChannel();
        c.port1.onmessage = () => r();
        c.port2.postMessage(0);
      }),
    );
  const quiet = async () => {
    await frame();
    await new Promise((r) => setTimeout(r, 0));
  };
  let updates = 0;
  host.addEventListener('attn-update', () => updates++);
  const handler = [],
    next = [],
    second = [];
  for (let i = 0; i < reps + warmup; i++) {
    const step = steps[i % steps.length];
    const el = host.shadowRoot.querySelectorAll(step.sel)[step.nth ?? 0];
    if (!el) throw new Error(`${tag}: no ${step.sel} [${step.nth ?? 0}]`);
    await quiet();
    const t0 = performance.now();
    if (step.act === 'click') el.click();
    else if (step.act === 'input' || step.act === 'change') {
      el.value = step.value;
      el.dispatchEvent(new Event(step.act, { bubbles: true }));
    } else if (step.act === 'submit') {
      // a prompt typed, then Enter: the lab runs its model on Run / Enter, not on each key
      el.value = step.value;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    } else if (step.act === 'key')
      el.dispatchEvent(new KeyboardEvent('keydown', { key: step.key, bubbles: true }));
    else if (step.act === 'enter') el.dispatchEvent(new MouseEvent('mouseenter'));
    const t1 = performance.now();
    await afterPaint();
    const t2 = performance.now();
    await frame();
    const t3 = performance.now();
    if (i >= warmup) {
      handler.push(t1 - t0);
      next.push(t2 - t0);
      second.push(t3 - t0);
    }
  }
  return { handler, next, second, updates };
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => {
  const s = sorted(xs);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p95 = (xs) => sorted(xs)[Math.ceil(0.95 * xs.length) - 1];
const ms = (x) => (x === undefined ? '—' : x < 10 ? x.toFixed(2) : x.toFixed(1));
const mark = (x, budget) => (x === undefined ? '' : x <= budget ? ' ✓' : ' ✗');

/** A fresh page at `rate`× CPU throttling, navigated to `name`, after its widgets drew. */
async function openAt(context, name, rate) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await page.addInitScript(() => {
    document.addEventListener('attn-update', () => {
      if (window.__attnFirstUpdate !== undefined) return;
      window.__attnFirstUpdate = performance.now();
      window.__attnFirstScripts = [...document.scripts].map((e) => e.src).filter(Boolean);
    });
  });
  await page.goto(pathToFileURL(join(dist, name)).href);
  await waitForWidgets(page, 60000);
  await page.waitForFunction(() => window.__attnFirstUpdate !== undefined, null, {
    timeout: 60000,
  });
  return page;
}

async function main() {
  if (!existsSync(join(dist, 'index.html'))) {
    console.log('bench:pages: dist/ is not built (npm run build)');
    return;
  }
  const loadStart = loadavg();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });

  // BENCH_ONLY=attn-lab,attn-gqa measures only those widgets (for finding out why one is slow).
  const only = process.env.BENCH_ONLY?.split(',');
  const interactions = INTERACTIONS.filter((x) => !only || only.includes(x.tag));
  const pages = [...new Set(interactions.map((x) => x.page))];
  /** @type {Record<string, number>} median ms from navigation to the first attn-update */
  const firstDrawn = {};
  for (const name of pages) {
    const times = [];
    for (let i = 0; i < LOADS; i++) {
      const page = await openAt(context, name, 1);
      times.push(await page.evaluate(() => window.__attnFirstUpdate));
      await page.close();
    }
    firstDrawn[name] = median(times);
  }

  const cold = process.env.BENCH_COLD === '0' ? [] : await coldLoads(browser, pages);

  const rows = [];
  for (const x of interactions) {
    const result = {};
    for (const rate of [1, THROTTLE]) {
      const page = await openAt(context, x.page, rate);
      try {
        result[rate] = await page.evaluate(measureInPage, {
          tag: x.tag,
          steps: x.steps,
          reps: REPS,
          warmup: WARMUP,
        });
      } catch (e) {
        result[rate] = { error: e.message.split('\n')[0] };
      }
      await page.close();
    }
    rows.push({ ...x, result });
    process.stderr.write(`bench:pages: ${x.tag} done\n`);
  }
  const version = browser.version();
  await browser.close();
  const loadEnd = loadavg();

  const fmtLoad = (l) => l.map((v) => v.toFixed(2)).join(' ');
  console.log(
    `bench:pages: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}; node ${process.version}, Chromium ${version}; ` +
      `load average ${fmtLoad(loadStart)} at start, ${fmtLoad(loadEnd)} at end; ` +
      `${REPS} repetitions after ${WARMUP} warm-up, first drawn the median of ${LOADS} loads\n`,
  );
  console.log(
    `| widget | page | main interaction | handler median ≤ ${BUDGET.handler} ms | next frame p95 ≤ ${BUDGET.frame} ms | ` +
      `next frame p95 at ${THROTTLE}× ≤ ${BUDGET.frameThrottled} ms | first drawn ≤ ${BUDGET.firstDrawn} ms | ` +
      `next frame median | handler median at ${THROTTLE}× | next frame median at ${THROTTLE}× |`,
  );
  console.log('| --- | --- | --- | --: | --: | --: | --: | --: | --: | --: |');
  for (const r of rows) {
    const a = r.result[1],
      b = r.result[THROTTLE];
    const err = a.error || b.error;
    if (err) {
      console.log(`| \`<${r.tag}>\` | ${r.page} | ${r.what} | ${err} | | | | | | |`);
      continue;
    }
    // every repetition must have redrawn the widget, or the row measured nothing
    const drew =
      a.updates >= REPS && b.updates >= REPS ? '' : ` (${a.updates} attn-update: no redraw)`;
    const h = median(a.handler),
      f = p95(a.next),
      ft = p95(b.next),
      ht = median(b.handler),
      fd = firstDrawn[r.page];
    console.log(
      `| \`<${r.tag}>\` | ${r.page} | ${r.what}${drew} | ${ms(h)}${mark(h, BUDGET.handler)} | ` +
        `${ms(f)}${mark(f, BUDGET.frame)} | ${ms(ft)}${mark(ft, BUDGET.frameThrottled)} | ` +
        `${ms(fd)}${mark(fd, BUDGET.firstDrawn)} | ${ms(median(a.next))} | ${ms(ht)} | ${ms(median(b.next))} |`,
    );
  }
  if (!cold.length) return;
  console.log(
    `\nA first visit per page (a fresh browser context per load, median of ${LOADS}):\n\n` +
      `| page | cold first drawn ≤ ${COLD_BUDGET.drawn} ms | cold first drawn at ${THROTTLE}× ≤ ` +
      `${COLD_BUDGET.drawnThrottled} ms | scripts at the first draw ≤ ${COLD_BUDGET.kib} KiB ` +
      `(lab ≤ ${COLD_BUDGET.labKib}) | the scripts |`,
  );
  console.log('| --- | --: | --: | --: | --- |');
  for (const c of cold) {
    const limit = c.page === 'lab.html' ? COLD_BUDGET.labKib : COLD_BUDGET.kib;
    console.log(
      `| ${c.page} | ${ms(c.drawn)}${mark(c.drawn, COLD_BUDGET.drawn)} | ` +
        `${ms(c.drawnThrottled)}${mark(c.drawnThrottled, COLD_BUDGET.drawnThrottled)} | ` +
        `${Math.round(c.kib)}${mark(c.kib, limit)} | ${c.scripts.join(', ')} |`,
    );
  }
}

/**
 * Each page loaded as on a first visit: a new browser context per load (an empty cache), then
 * the median time to the first draw, unthrottled and at THROTTLE×, and the scripts the page held
 * at that moment with their sizes on disk.
 * @param {import('playwright-core').Browser} browser
 * @param {string[]} pages
 */
async function coldLoads(browser, pages) {
  const out = [];
  for (const name of pages) {
    const drawn = { 1: [], [THROTTLE]: [] };
    let scripts = [];
    for (let i = 0; i < LOADS; i++)
      for (const rate of [1, THROTTLE]) {
        const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
        const page = await openAt(context, name, rate);
        const seen = await page.evaluate(() => ({
          at: window.__attnFirstUpdate,
          scripts: window.__attnFirstScripts,
        }));
        drawn[rate].push(seen.at);
        scripts = seen.scripts;
        await context.close();
      }
    const files = scripts.map((src) => fileURLToPath(src));
    const bytes = files.reduce((sum, f) => sum + statSync(f).size, 0);
    out.push({
      page: name,
      drawn: median(drawn[1]),
      drawnThrottled: median(drawn[THROTTLE]),
      kib: bytes / 1024,
      scripts: files.map((f) => `${f.split('/').pop()} ${Math.round(statSync(f).size / 1024)} KiB`),
    });
    process.stderr.write(`bench:pages: cold loads of ${name} done\n`);
  }
  return out;
}

await main();
