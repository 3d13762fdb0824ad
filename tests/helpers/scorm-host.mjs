// An LMS for the SCORM tests: the two packages npm run package:scorm writes, unzipped into one
// folder with a host page that plays the LMS with scorm-again (a real SCORM 1.2 / 2004 runtime),
// all served over http from the project's server (scripts/serve.mjs): an LMS runs a package in
// an iframe of its own origin, and two file:// frames would be two origins. The host page loads
// scorm-again's browser builds; a test creates the API (window.API or window.API_1484_11), loads
// the CMI data an LMS would have saved, opens the package's launch page in an iframe, and closes
// it by removing that iframe (pagehide: the package terminates).
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { unzipSync } from 'fflate';
import { serve } from '../../scripts/serve.mjs';
import { packageScorm } from '../../scripts/package-scorm.mjs';
import { waitForWidgets } from './harness.mjs';

/** The folder each version's package is unzipped into, under the host. */
export const FOLDER = { 1.2: 'scorm12', 2004: 'scorm2004' };
const RUNTIME = { 1.2: 'scorm12.min.js', 2004: 'scorm2004.min.js' };

const HOST = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; style-src 'self'; frame-src 'self'">
<title>LMS</title>
<script src="scorm12.min.js"></script>
<script src="scorm2004.min.js"></script>
</head>
<body>
<h1>LMS</h1>
</body>
</html>
`;

/**
 * Builds both packages, unzips them beside the host page, serves the folder.
 * @returns {Promise<{ url: string, site: string, files: string[], entries: Record<string,
 *   string[]>, close: () => void }>} entries: each version's zip entries
 */
export async function lmsSite() {
  const dir = mkdtempSync(join(tmpdir(), 'attn-scorm-'));
  const site = join(dir, 'site');
  const { zips, files } = await packageScorm({ out: join(dir, 'zips') });
  /** @type {Record<string, string[]>} */
  const entries = {};
  for (const [version, zip] of Object.entries(zips)) {
    const unzipped = unzipSync(readFileSync(zip));
    entries[version] = Object.keys(unzipped);
    for (const [name, bytes] of Object.entries(unzipped)) {
      const path = join(site, FOLDER[version], name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
    }
  }
  const runtimeDir = dirname(createRequire(import.meta.url).resolve('scorm-again'));
  for (const f of Object.values(RUNTIME)) copyFileSync(join(runtimeDir, f), join(site, f));
  writeFileSync(join(site, 'host.html'), HOST);
  const { server, url } = await serve(0, '127.0.0.1', site);
  return {
    url,
    site,
    files,
    entries,
    close() {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the host page in a new tab; `errors` collects the console errors, page errors and
 * failed requests of every frame.
 * @param {{ context: import('playwright-core').BrowserContext }} browser
 * @param {string} url the site's
 */
export async function openHost(browser, url) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()}: ${r.url()}`);
  });
  await page.goto(`${url}host.html`);
  return { page, errors };
}

/**
 * The LMS's side of a launch: scorm-again's runtime of `version` with `cmi` loaded (as an LMS
 * loads what it saved) as window.lms, exposed as the API unless `api` is false. Every
 * initialise, commit and terminate is logged in window.lmsLog. A fault case replaces the API
 * (or its functions) after this, before openPackage.
 * @param {import('playwright-core').Page} page the host
 * @param {'1.2' | '2004'} version
 * @param {{ cmi?: object, api?: boolean }} [options]
 */
export function prepareLms(page, version, { cmi = {}, api = true } = {}) {
  return page.evaluate(
    ({ version, cmi, api }) => {
      delete window.API;
      delete window.API_1484_11;
      window.lmsLog = [];
      const Runtime = version === '1.2' ? window.Scorm12API : window.Scorm2004API;
      const runtime = new Runtime({ logLevel: 5 });
      runtime.loadFromJSON(cmi);
      for (const call of version === '1.2'
        ? ['LMSInitialize', 'LMSFinish', 'LMSCommit']
        : ['Initialize', 'Terminate', 'Commit'])
        runtime.on(call, () => window.lmsLog.push(call));
      window.lms = runtime;
      if (api) window[version === '1.2' ? 'API' : 'API_1484_11'] = runtime;
    },
    { version, cmi, api },
  );
}

/**
 * Opens the package's launch page in an iframe of the host; returns the frame of the course's
 * pages once its first page has drawn.
 * @param {import('playwright-core').Page} page the host
 * @param {'1.2' | '2004'} version
 */
export async function openPackage(page, version) {
  await page.evaluate((folder) => {
    const frame = document.createElement('iframe');
    frame.id = 'sco';
    frame.title = 'course';
    frame.width = '1000';
    frame.height = '900';
    frame.src = `${folder}/scorm.html`;
    document.body.append(frame);
  }, FOLDER[version]);
  return courseFrame(page);
}

/** prepareLms, then openPackage. */
export async function launch(page, version, options = {}) {
  await prepareLms(page, version, options);
  return openPackage(page, version);
}

/**
 * The frame of the course's pages inside the launch page, once its page has drawn.
 * @param {import('playwright-core').Page} page the host
 */
export async function courseFrame(page) {
  let frame;
  await page.waitForFunction(() => {
    const inner = document.querySelector('#sco')?.contentDocument?.querySelector('iframe');
    return (
      inner?.contentDocument?.readyState === 'complete' &&
      inner.contentWindow.location.pathname.endsWith('.html')
    );
  });
  for (const f of page.frames()) if (f.parentFrame()?.url().endsWith('/scorm.html')) frame = f;
  if (!frame) throw new Error('no course frame in the launch page');
  await waitForWidgets(/** @type {any} */ (frame));
  return frame;
}

/**
 * Follows a link in the course frame (as a student clicks it) and waits for the page it opens.
 * @param {import('playwright-core').Frame} frame
 * @param {string} selector
 */
export async function follow(frame, selector) {
  const before = frame.url();
  await frame.locator(selector).first().click();
  await frame.waitForURL((u) => u.href !== before);
  await frame.waitForLoadState('load');
  await waitForWidgets(/** @type {any} */ (frame));
}

/** Closes the package as an LMS does (its iframe removed: pagehide, terminate). */
export async function closeLms(page) {
  await page.evaluate(() => document.getElementById('sco').remove());
}

/** The CMI data scorm-again holds now (what the LMS would store), as plain JSON. */
export function cmiOf(page) {
  return page.evaluate(() => JSON.parse(JSON.stringify(window.lms.cmi)));
}

/** Commits the page's prediction (a slider moved or the first choice); returns the guess. */
export async function predict(frame) {
  const card = frame.locator('.predict');
  let guess;
  if ((await card.getAttribute('data-kind')) === 'choice') {
    const option = card.locator('input[type=radio]').first();
    guess = await option.getAttribute('value');
    await option.check();
  } else {
    const slider = card.locator('input[type=range]');
    await slider.focus();
    await slider.press('ArrowRight');
    guess = await slider.inputValue();
  }
  await frame.click('[data-predict-commit]');
  assert.equal(await card.getAttribute('data-state'), 'revealed');
  return guess;
}
