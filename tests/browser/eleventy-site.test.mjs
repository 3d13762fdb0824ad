// A teacher's own course site: tests/site/ (three Markdown pages with widget tags in them, one
// layout with a single <script src="attn-loader.js"> and the site's strict CSP in a <meta>, a
// site.css that themes the widgets),
// built by Eleventy into a temp folder, opened from file:// and served with that CSP as a header:
// every widget defined, drawn without an inline error, selfCheck() all ok, no console error,
// no CSP violation, no failed request; the site's colours, font and ::part() rule show inside.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Eleventy from '@11ty/eleventy';
import { openBrowser, openPage } from '../helpers/harness.mjs';
import { serve, CSP } from '../../scripts/serve.mjs';

const site = join(dirname(fileURLToPath(import.meta.url)), '..', 'site');
const PAGES = ['index.html', 'mask.html', 'kv.html'];
let browser, out, server, httpUrl;

before(async () => {
  out = mkdtempSync(join(tmpdir(), 'attn-eleventy-'));
  const eleventy = new Eleventy(site, out, {
    configPath: join(site, 'eleventy.config.mjs'),
    quietMode: true,
  });
  await eleventy.write();
  browser = await openBrowser();
  ({ server, url: httpUrl } = await serve(0, '127.0.0.1', out));
});
after(async () => {
  await browser?.close();
  server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

test('Eleventy built every page with one script tag and the strict CSP', () => {
  assert.deepEqual(readdirSync(out).sort(), [
    'attn-core.js',
    // the engine in the legacy exception-handling form, for a browser without exnref
    'attn-engine-legacy.wasm',
    'attn-engine-wasm-legacy.js',
    'attn-engine-wasm.js',
    'attn-engine.wasm',
    'attn-loader.js',
    'index.html',
    'kv.html',
    'mask.html',
    'site.css',
    'widgets',
  ]);
  for (const name of PAGES) {
    const html = readFileSync(join(out, name), 'utf8');
    assert.deepEqual(html.match(/<script\b[^>]*>/g), ['<script src="attn-loader.js">'], name);
    assert.ok(html.includes(`content="${CSP}"`), `${name} carries the strict CSP`);
    // Markdown kept the widget tags as HTML blocks, not as escaped text or inside a <p>: an
    // opening tag alone on its line starts an HTML block (CommonMark), one with its closing
    // tag on the same line would be wrapped in a paragraph.
    assert.match(html, /\n<attn-[a-z-]+[^>]*>\n<\/attn-[a-z-]+>\n/, name);
    assert.doesNotMatch(html, /<p><attn-/, name);
  }
});

for (const scheme of ['file', 'http']) {
  for (const name of PAGES) {
    test(`the Eleventy page ${name} works from ${scheme}://`, async () => {
      const base = scheme === 'file' ? pathToFileURL(out).href + '/' : httpUrl;
      if (scheme === 'http') {
        const response = await fetch(httpUrl + name);
        assert.equal(response.headers.get('content-security-policy'), CSP, 'the CSP header');
      }
      const { page, errors } = await openPage(browser, base, name);
      const widgets = await page.evaluate(() =>
        [...document.querySelectorAll('*')]
          .filter((e) => e.localName.startsWith('attn-'))
          .map((el) => ({
            tag: el.localName,
            defined: !!customElements.get(el.localName),
            error: el.dataset.error ?? null,
            drawn: el.shadowRoot?.textContent.length ?? 0,
            checks: el.selfCheck(),
          })),
      );
      assert.ok(widgets.length > 0, `${name} has widgets`);
      // Over http the engine's WebAssembly is fetched as a file (compiled while it streams in);
      // from disk, where nothing can be fetched, it comes as a script.
      const loaded = await page.evaluate(() => ({
        fetched: performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()),
        scripts: [...document.scripts].map((e) => e.src.split('/').pop()),
      }));
      const seen = JSON.stringify(loaded);
      assert.equal(loaded.fetched.includes('attn-engine.wasm'), scheme === 'http', seen);
      assert.equal(loaded.scripts.includes('attn-engine-wasm.js'), scheme === 'file', seen);
      for (const w of widgets) {
        assert.ok(w.defined, `${w.tag} is defined`);
        assert.equal(w.error, null, `${w.tag} shows no error`);
        assert.ok(w.drawn > 20, `${w.tag} drew something`);
        assert.ok(w.checks.length > 0, `${w.tag} has self-checks`);
        for (const c of w.checks)
          assert.ok(
            c.ok,
            `${w.tag} self-check "${c.name}": expected ${c.expected}, got ${c.actual}`,
          );
      }
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
}

test("the site's theme reaches inside the mask grid: accent, font and ::part(title)", async () => {
  const { page, errors } = await openPage(browser, pathToFileURL(out).href + '/', 'mask.html');
  const look = await page.evaluate(() => {
    const root = document.querySelector('attn-mask-grid').shadowRoot;
    const title = getComputedStyle(root.querySelector('h2'));
    return {
      pressed: getComputedStyle(root.querySelector('button[aria-pressed="true"]')).backgroundColor,
      font: title.fontFamily,
      spacing: title.letterSpacing,
    };
  });
  assert.equal(look.pressed, 'rgb(122, 31, 92)'); // #7a1f5c
  assert.match(look.font, /^Georgia/);
  assert.notEqual(look.spacing, 'normal');
  assert.deepEqual(errors, []);
  await page.close();
});
