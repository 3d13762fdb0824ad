// Shared set-up for the browser tests: Debian's Chromium driven by playwright-core, the built
// pages opened from file:// and over http (with the strict CSP header), console errors
// collected, axe-core, screenshots for review in test-results/screenshots/.
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { serve } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS } from '../../scripts/chromium-args.mjs';
import { waitForWidgets as waitForAllWidgets } from '../../scripts/wait-for-widgets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = join(root, 'dist');
export const shots = join(root, 'test-results', 'screenshots');
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * How long a test waits for work to finish (a page and its engine loading, a worker starting, a
 * run ending): generous, so that a slow or busy machine makes a test slower, never red. Also the
 * default timeout of every Playwright action and wait in the browsers opened here.
 */
export const WAIT_MS = 60000;

/** The phone profile of the student walkthrough: 360 × 780 CSS px, DPR 2, a touch screen. */
export const PHONE = {
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/**
 * {context, server, httpUrl, close} — one browser for a test file; `phone`: every page in the
 * PHONE profile (a coarse pointer: matchMedia('(pointer: coarse)') matches). With `clock`, its
 * pages run on Playwright's fake clock (Date, performance.now, timers, requestAnimationFrame):
 * time flows as usual until a test holds it (holdClock), so a moment a timer would end (a time
 * limit, the next step of an animation) lasts as long as the test needs on any machine. The clock
 * belongs to the whole browser: open such a browser only for the tests that hold time.
 */
export async function openBrowser({ clock = false, phone = false } = {}) {
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('dist/ is not built: run npm run build');
  const profile = mkdtempSync(join(tmpdir(), 'attn-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    ...(phone ? PHONE : { viewport: { width: 900, height: 900 } }),
  });
  context.setDefaultTimeout(WAIT_MS);
  if (clock) await context.clock.install();
  const { server, url } = await serve(0);
  mkdirSync(shots, { recursive: true });
  return {
    context,
    httpUrl: url,
    fileUrl: pathToFileURL(dist).href + '/',
    async close() {
      await context.close();
      server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `page` (e.g. "04-causal-mask.html") under base and waits until every widget has drawn.
 * Returns {page, errors}: errors collects console errors, page errors and CSP violations.
 * Pages open in the teacher view (`?teacher`: every prediction gate open, the self-check panels
 * shown), so a test can use every widget at once; `student` opens what a student first sees.
 */
export async function openPage(browser, base, name, { viewport, student = false } = {}) {
  const page = await browser.context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfailed', (r) => {
    if (!r.url().startsWith('data:')) errors.push(`request failed: ${r.url()}`);
  });
  // Course pages remember the student's language (localStorage) from page to page; a test
  // opens its page in Chinese unless it names a language, so no test depends on the one before.
  const withLang = /[?&]lang=/.test(name)
    ? name
    : `${name}${name.includes('?') ? '&' : '?'}lang=zh-CN`;
  const url = student || /[?&]teacher=/.test(name) ? withLang : `${withLang}&teacher=1`;
  await page.goto(base + url);
  await page.evaluate(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP: ${e.violatedDirective}`),
    ),
  );
  await waitForWidgets(page);
  return { page, errors };
}

/**
 * Resolves when every attn-* element on the page has finished its first draw.
 * @param {import('playwright-core').Page} page
 */
export function waitForWidgets(page) {
  return waitForAllWidgets(page, WAIT_MS);
}

/**
 * Stops the page's fake clock (a browser opened with `clock`): no timer, interval or animation
 * frame of the page fires until the test calls page.clock.runFor(ms) or page.clock.resume().
 * Work outside the page's timers goes on (workers, messages, input). Playwright pauses at a
 * time not in the page's past, so the clock first jumps 1 s ahead (timers due by then fire once).
 */
export async function holdClock(page) {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** selfCheck() of the first `tag` on the page. */
export function selfCheck(page, tag) {
  return page.evaluate((t) => document.querySelector(t).selfCheck(), tag);
}

/** The first `tag`'s selfCheck() has exactly `count` rows and every one is ✓ (failures named). */
export async function assertSelfCheck(page, tag, count) {
  const checks = await selfCheck(page, tag);
  assert.equal(checks.length, count);
  assert.ok(
    checks.every((c) => c.ok),
    JSON.stringify(checks.filter((c) => !c.ok)),
  );
}

/** axe-core violations of impact serious or critical, as "id: help (n nodes)". */
export async function seriousViolations(page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(document, { resultTypes: ['violations'] }),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.length} nodes: ${v.nodes
          .slice(0, 2)
          .map((n) => n.target.join(' '))
          .join(', ')})`,
    );
}

/**
 * Runs `act` (an interaction) and measures the time until the next frame is painted after the
 * widget updated: interaction-to-paint, printed as a figure (never asserted: machines are noisy).
 */
export async function timeToPaint(page, label, act) {
  await page.evaluate(() => {
    window.__t0 = performance.now();
  });
  await act();
  const ms = await page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => r(performance.now() - window.__t0)),
        ),
      ),
  );
  console.log(`# interaction-to-paint ${label}: ${ms.toFixed(1)} ms`);
  return ms;
}

export async function screenshot(page, tag, file) {
  await page
    .locator(tag)
    .first()
    .screenshot({ path: join(shots, file) });
}

/** Asserts that the first `tag` ends inside `width` px and the page does not scroll sideways. */
export async function assertFitsWidth(page, tag, width = 360) {
  const right = await page.evaluate(
    (t) => document.querySelector(t).getBoundingClientRect().right,
    tag,
  );
  assert.ok(right <= width, `${tag} right edge ${right}`);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 1, `page scrolls sideways by ${overflow}px`);
}

/**
 * The text of an element as a reader hears it: each MathML formula (web/mathml.js, span.math)
 * by its plain-text form (its aria-label) instead of the run-together text of its tokens. Runs
 * in the page: pass it to page.evaluate / locator.evaluate as a function of the element.
 * @param {Element} e
 */
export function formulaText(e) {
  if (e.matches('.math')) return e.getAttribute('aria-label');
  const copy = /** @type {Element} */ (e.cloneNode(true));
  for (const m of copy.querySelectorAll('.math')) m.replaceWith(m.getAttribute('aria-label'));
  return copy.textContent;
}

/** Text content of the widget's shadow root (for "changes what it should" checks). */
export function shadowText(page, tag) {
  return page.evaluate((t) => document.querySelector(t).shadowRoot.textContent, tag);
}
