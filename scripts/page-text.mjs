// Writes the text a reader meets on every built page, in both languages, to
// test-results/page-text/<page>.<lang>.txt: the light DOM and every widget's shadow DOM in
// document order, hidden text included (screen-reader lists, gated widgets, the prediction's
// reveal and the check's feedback as the page holds them), each MathML formula by its spoken
// form, and aria-label / title / alt attributes in [brackets]. For reading a page without a
// browser (reviews of what the pages say) and for comparing every page's text before and after
// a change that must not change it: `node scripts/page-text.mjs [out-dir] [page.html …]`.
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from './chromium-args.mjs';
import { waitForWidgets } from './wait-for-widgets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const [outArg, ...pageArgs] = process.argv.slice(2);
const out = outArg ?? join(root, 'test-results', 'page-text');
const pages = pageArgs.length
  ? pageArgs
  : readdirSync(dist)
      .filter((f) => f.endsWith('.html'))
      .sort();

/**
 * Runs in the page: the text of the document in `lang`, through shadow roots and slots. Page
 * prose carries both languages side by side (`<span lang>`), the page shows one: the other is
 * left out.
 */
function pageText(lang) {
  const BLOCK =
    /^(p|div|li|ul|ol|h[1-6]|section|article|header|footer|nav|table|tr|caption|figure|figcaption|details|summary|label|fieldset|legend|pre|blockquote|dt|dd|dl|form|main|aside|button|option|select|textarea)$/;
  const parts = [];
  const attrs = (el) =>
    ['aria-label', 'title', 'alt', 'placeholder']
      .map((a) => el.getAttribute(a))
      .filter((v) => v && v.trim())
      .map((v) => ` [${v.trim()}] `)
      .join('');
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      parts.push(node.textContent.replace(/\s+/g, ' '));
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE)
      return;
    const el = /** @type {Element} */ (node);
    const name = el.localName ?? '';
    if (name === 'script' || name === 'style' || name === 'template') return;
    const own = el.getAttribute?.('lang');
    if (own && el !== document.body && own.slice(0, 2) !== lang.slice(0, 2)) return;
    if (name === 'span' && el.classList?.contains('math')) {
      parts.push(` ${el.getAttribute('aria-label') ?? ''} `);
      return;
    }
    if (name === 'math') {
      parts.push(` ${el.getAttribute('alttext') ?? el.textContent} `);
      return;
    }
    const block = BLOCK.test(name) || name.startsWith('attn-');
    if (block) parts.push('\n');
    if (node.nodeType === Node.ELEMENT_NODE) parts.push(attrs(el));
    if (name === 'input' && /** @type {HTMLInputElement} */ (el).value)
      parts.push(` ‹${/** @type {HTMLInputElement} */ (el).value}› `);
    if (name === 'textarea') parts.push(/** @type {HTMLTextAreaElement} */ (el).value);
    if (name === 'slot') {
      for (const n of /** @type {HTMLSlotElement} */ (el).assignedNodes({ flatten: true })) walk(n);
    } else if (el.shadowRoot) {
      for (const n of el.shadowRoot.childNodes) walk(n);
    } else {
      for (const n of el.childNodes) walk(n);
    }
    if (block) parts.push('\n');
  };
  walk(document.body);
  return parts
    .join('')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

mkdirSync(out, { recursive: true });
const profile = mkdtempSync(join(tmpdir(), 'attn-page-text-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
  viewport: { width: 1280, height: 900 },
});
try {
  for (const file of pages) {
    for (const lang of ['zh-CN', 'en']) {
      const page = await context.newPage();
      // The teacher view opens every prediction gate, so the widgets' text is there to read.
      await page.goto(`${pathToFileURL(join(dist, file)).href}?lang=${lang}&teacher=1`);
      await waitForWidgets(page, 120000);
      const text = await page.evaluate(pageText, lang);
      writeFileSync(join(out, `${file.replace(/\.html$/, '')}.${lang}.txt`), `${text}\n`);
      await page.close();
    }
    console.log(`page-text: ${file}`);
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
