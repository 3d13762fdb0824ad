// The theme (web/theme.js) and the heatmap scales (web/color.js): text on every step of every
// scale, and each text colour of the theme on the backgrounds it is drawn on, in the light and
// the dark theme alike, reach WCAG AA's 4.5:1; the scales stay monotonic in lightness (so they
// read in greyscale and for colour-blind readers); docs/theming-and-events.md's theming table
// lists every token.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { THEME, THEME_CSS, SHADES } from '../../web/theme.js';
import {
  SCALES,
  DEFAULT_SCALE,
  scaleNamed,
  weightRgb,
  weightColor,
  textOn,
  contrast,
  luminance,
} from '../../web/color.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** '#1b1b1b' or '#fff' → [r, g, b] */
function rgb(hex) {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return /** @type {[number, number, number]} */ (
    [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16))
  );
}

const STEPS = Array.from({ length: 101 }, (_, i) => i / 100);

for (const name of Object.keys(SCALES)) {
  const scale = scaleNamed(name);
  test(`${name}: the cell text reaches 4.5:1 on every step`, () => {
    for (const v of STEPS) {
      const ratio = contrast(rgb(textOn(v, scale)), weightRgb(v, scale));
      assert.ok(
        ratio >= 4.5,
        `${name} at ${v}: ${weightColor(v, scale)} with ${textOn(v, scale)} is ${ratio.toFixed(2)}`,
      );
    }
  });

  test(`${name}: lightness rises with the weight`, () => {
    const L = STEPS.map((v) => luminance(weightRgb(v, scale)));
    for (let i = 1; i < L.length; i++) assert.ok(L[i] >= L[i - 1], `${name} at ${STEPS[i]}`);
    assert.ok(L[100] / L[0] > 10, `${name} spans dark to light`);
  });
}

test('scaleNamed finds a scale by its --attn-scale name; unknown and empty names mean the default', () => {
  assert.equal(weightColor(0, scaleNamed('viridis')), 'rgb(68, 1, 84)');
  assert.equal(scaleNamed(' viridis ').name, 'viridis');
  assert.equal(scaleNamed('no-such-scale').name, DEFAULT_SCALE);
  assert.equal(weightColor(0, scaleNamed('no-such-scale')), 'rgb(0, 34, 78)');
  assert.equal(scaleNamed('').name, DEFAULT_SCALE);
  assert.equal(scaleNamed('constructor').name, DEFAULT_SCALE);
  assert.equal(weightColor(1, scaleNamed(undefined)), 'rgb(253, 231, 55)');
});

// [text token, background token]: the pairs the widgets draw text with (web/styles.js and the
// widgets' own css).
const PAIRS = [
  ['fg', 'bg'],
  ['fg', 'surface'],
  ['fg', 'surface-1'],
  ['fg', 'accent-soft'],
  ['fg', 'warn-bg'],
  ['fg-2', 'bg'],
  ['fg-2', 'surface-3'],
  ['fg-2', 'accent-soft'],
  ['muted', 'bg'],
  ['muted', 'surface-1'],
  ['accent', 'bg'],
  ['accent', 'accent-soft'],
  ['on-accent', 'accent'],
  ['error', 'bg'],
  ['error-fg', 'error-bg'],
  ['ok', 'bg'],
  ['ok', 'ok-bg'],
  ['warn-fg', 'warn-bg'],
];

for (const [column, theme] of [
  [0, 'light'],
  [1, 'dark'],
]) {
  test(`${theme} theme: every text colour reaches 4.5:1 on its backgrounds`, () => {
    for (const [fg, bg] of PAIRS) {
      const ratio = contrast(rgb(THEME[fg][column]), rgb(THEME[bg][column]));
      assert.ok(ratio >= 4.5, `${theme}: --attn-${fg} on --attn-${bg} is ${ratio.toFixed(2)}`);
    }
  });
}

test('the dark theme is dark and the light one light', () => {
  assert.ok(luminance(rgb(THEME.bg[1])) < 0.05);
  assert.ok(luminance(rgb(THEME.bg[0])) > 0.9);
});

test("each token reads the site's --attn-<name> first, in every theme", () => {
  for (const name of Object.keys(THEME))
    assert.equal(THEME_CSS.split(`--_${name}: var(--attn-${name},`).length - 1, 4, name);
});

test("docs/theming-and-events.md's theming table lists every token with its light default", () => {
  const readme = readFileSync(join(root, 'docs/theming-and-events.md'), 'utf8');
  for (const [name, [light]] of Object.entries(THEME))
    assert.ok(
      readme.includes(`| \`--attn-${name}\` | \`${light}\``),
      `docs/theming-and-events.md lists --attn-${name} (${light})`,
    );
  assert.ok(readme.includes('`--attn-scale`'));
});

test("the base class's JSDoc lists every token as a @cssprop (for the manifest)", () => {
  const base = readFileSync(join(root, 'web/widget-base.js'), 'utf8');
  for (const name of Object.keys(THEME))
    assert.ok(
      base.includes(`@cssprop [--attn-${name}=`),
      `widget-base.js documents --attn-${name}`,
    );
});

test('every private colour a widget or web/ file uses is one the theme declares', () => {
  // Every JS file of web/ and widgets/ (a widget's CSS may sit in its element, a styles.js or
  // a view).
  const files = ['web', 'widgets'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js') && !f.startsWith('generated/'))
      .map((f) => `${dir}/${f}`),
  );
  const declared = new Set([...THEME_CSS.matchAll(/(--_[a-z0-9-]+):/g)].map((m) => m[1]));
  let uses = 0;
  for (const f of files)
    for (const [, name] of readFileSync(join(root, f), 'utf8').matchAll(
      /var\((--_[a-z0-9-]+)\)/g,
    )) {
      uses++;
      assert.ok(declared.has(name), `${f} uses ${name}, which web/theme.js does not declare`);
    }
  assert.ok(uses > 200, `${uses} uses`);
});

test('the light theme keeps the colours the widgets had: every shade is its own light value', () => {
  for (const [name, hexes] of Object.entries(SHADES))
    for (const hex of hexes) {
      assert.ok(THEME_CSS.includes(`--_${name}-${hex}: var(--attn-${name}, #${hex});`), hex);
      assert.ok(THEME_CSS.includes(`--_${name}-${hex}: var(--attn-${name}, ${THEME[name][1]});`));
    }
});
