// Theming from a site's side, on three representative pages (mask grid, heatmap, KV ledger):
// under prefers-color-scheme: dark each widget's background is dark, its text contrasts by
// 4.5:1 or more and axe finds nothing serious (colour contrast included); under forced-colors
// every heatmap cell still shows its number and nothing errs; screenshots of both go to
// test-results/screenshots/theme-*.png. A site's rules really reach inside: --attn-accent
// recolours the pressed buttons, ::part(controls) styles the rows of controls, --attn-scale
// switches the heatmap scale, theme="light" pins the light theme on a dark system.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser, openPage, seriousViolations, screenshot, dist } from '../helpers/harness.mjs';

const PAGES = [
  ['04-causal-mask.html', 'attn-mask-grid'],
  ['heatmap.html', 'attn-heatmap'],
  ['08-kv-cache.html', 'attn-kv-ledger'],
];

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** The WCAG contrast ratio of two computed `rgb(…)` colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)
      .slice(0, 3)
      .map((x) => {
        const v = Number(x) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

for (const [name, tag] of PAGES) {
  test(`${name} in dark mode: dark widget, readable text, no serious axe finding`, async () => {
    const { page, errors } = await openPage(browser, browser.fileUrl, `${name}?lang=en`);
    await page.emulateMedia({ colorScheme: 'dark' });
    const look = await page.evaluate((t) => {
      const el = document.querySelector(t);
      const s = getComputedStyle(el);
      return {
        bg: s.backgroundColor,
        fg: s.color,
        title: getComputedStyle(el.shadowRoot.querySelector('h2')).color,
        page: getComputedStyle(document.body).backgroundColor,
      };
    }, tag);
    const lightness = (c) => Math.max(...c.match(/\d+/g).slice(0, 3).map(Number));
    assert.ok(lightness(look.bg) < 60, `${tag} background ${look.bg} is dark`);
    assert.ok(lightness(look.page) < 60, `page background ${look.page} is dark`);
    for (const fg of [look.fg, look.title])
      assert.ok(contrast(fg, look.bg) >= 4.5, `${fg} on ${look.bg}: ${contrast(fg, look.bg)}`);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshot(page, tag, `theme-${tag}-dark.png`);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('forced colours: every heatmap cell keeps its number and a border, no errors', async () => {
  for (const [name, tag] of PAGES) {
    const { page, errors } = await openPage(browser, browser.fileUrl, `${name}?lang=en`);
    await page.emulateMedia({ forcedColors: 'active' });
    const cells = await page.evaluate(
      (t) =>
        [
          ...document
            .querySelector(t)
            .shadowRoot.querySelectorAll('td.hm-cell:not(.hm-hidden), button.cell'),
        ].map((c) => [
          // the number as shown (a cell also holds its name for screen readers, web/dom.js)
          (c.querySelector('.fit-wide') ?? c).textContent,
          getComputedStyle(c).borderTopStyle,
        ]),
      tag,
    );
    // The lesson's 6×6 map (causal: 21 cells shown) and the mask grid's 5×5 buttons.
    const expected = { 'attn-heatmap': 21, 'attn-mask-grid': 25 }[tag];
    if (expected) {
      assert.equal(cells.length, expected, tag);
      for (const [text, border] of cells) {
        assert.match(text, /^\d+(\.\d)?%$/, tag);
        assert.equal(border, 'solid', tag);
      }
    }
    await screenshot(page, tag, `theme-${tag}-forced-colors.png`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("a site's --attn-accent, ::part(controls) and --attn-scale reach inside the widget", async () => {
  const { page, errors } = await openPage(browser, browser.fileUrl, '04-causal-mask.html?lang=en');
  const before = await page.evaluate(() => {
    const root = document.querySelector('attn-mask-grid').shadowRoot;
    return getComputedStyle(root.querySelector('button[aria-pressed="true"]')).backgroundColor;
  });
  assert.equal(before, 'rgb(11, 61, 145)'); // the default accent, #0b3d91
  // A site stylesheet (constructable: the page's CSP allows no inline <style>).
  const styled = await page.evaluate(async () => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`attn-mask-grid { --attn-accent: rgb(200, 0, 0); --attn-scale: viridis; }
      attn-mask-grid::part(controls) { outline: 3px dashed rgb(0, 128, 0); }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const el = document.querySelector('attn-mask-grid');
    const root = el.shadowRoot;
    // The scale is read at each draw: toggle a cell off and on again.
    const cell = root.querySelector('button.cell[data-i="0"][data-j="0"]');
    cell.click();
    root.querySelector('button.cell[data-i="0"][data-j="0"]').click();
    const controls = root.querySelector('[part~="controls"]');
    return {
      pressed: getComputedStyle(root.querySelector('button[aria-pressed="true"]')).backgroundColor,
      outline:
        getComputedStyle(controls).outlineStyle + ' ' + getComputedStyle(controls).outlineColor,
      full: root.querySelector('button.cell[data-i="0"][data-j="0"]').style.background,
      heading: getComputedStyle(root.querySelector('h2')).outlineStyle,
    };
  });
  assert.equal(styled.pressed, 'rgb(200, 0, 0)');
  assert.equal(styled.outline, 'dashed rgb(0, 128, 0)');
  assert.equal(styled.heading, 'none', 'only the controls part is outlined');
  assert.equal(styled.full, 'rgb(253, 231, 37)', 'the 100% cell is viridis yellow');
  assert.deepEqual(errors, []);
  await page.close();
});

test('theme="light" keeps the light theme on a dark system; theme="dark" the other way', async () => {
  const { page } = await openPage(browser, browser.fileUrl, 'heatmap.html?lang=en');
  await page.emulateMedia({ colorScheme: 'dark' });
  const bg = await page.evaluate(() => {
    const [a, b] = document.querySelectorAll('attn-heatmap');
    const dark = getComputedStyle(a).backgroundColor;
    a.setAttribute('theme', 'light');
    const pinned = getComputedStyle(a).backgroundColor;
    b.setAttribute('theme', 'dark');
    return { dark, pinned };
  });
  assert.equal(bg.dark, 'rgb(28, 28, 30)');
  assert.equal(bg.pinned, 'rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(
    await page.evaluate(
      () => getComputedStyle(document.querySelectorAll('attn-heatmap')[1]).backgroundColor,
    ),
    'rgb(28, 28, 30)',
  );
  await page.close();
});

// Parts that exist only once the student has acted: the open-model widget draws its figure and
// notes after a model is opened (open-model.test.mjs checks the figure; notes need a model whose
// config the page changes).
const PARTS_AFTER_LOAD = new Map([['attn-open-model', ['figure', 'note']]]);

test('every part a widget documents is on the first course page that has it', async () => {
  const manifest = JSON.parse(readFileSync(join(dist, 'custom-elements.json'), 'utf8'));
  const parts = new Map(
    manifest.modules
      .flatMap((m) => m.declarations ?? [])
      .filter((d) => d.tagName)
      .map((d) => [d.tagName, (d.cssParts ?? []).map((p) => p.name)]),
  );
  const pages = readdirSync(dist).filter((f) => f.endsWith('.html'));
  for (const [tag, documented] of parts) {
    const name = pages.find((f) => readFileSync(join(dist, f), 'utf8').includes(`<${tag}`));
    assert.ok(name, `a course page has <${tag}>`);
    const { page } = await openPage(browser, browser.fileUrl, name);
    const present = await page.evaluate(
      (t) =>
        [...document.querySelector(t).shadowRoot.querySelectorAll('[part]')].flatMap((e) => [
          ...e.part,
        ]),
      tag,
    );
    for (const p of documented)
      if (!PARTS_AFTER_LOAD.get(tag)?.includes(p))
        assert.ok(present.includes(p), `${tag} (${name}) has part ${p}`);
    await page.close();
  }
});
