// Colour scales for weights in [0, 1], both perceptually uniform, readable with the common
// colour-vision deficiencies and in greyscale (lightness rises monotonically): cividis-like
// (blue → yellow, the default) and viridis (purple → green → yellow). A site picks one with the
// custom property `--attn-scale: viridis` (read by the widget base before each draw and handed
// to whatever draws weights: there is no module-level "current" scale). The cells
// keep these colours in the dark theme too: text on a cell is black or white, whichever
// contrasts more, which is at least 4.58:1 on any colour (tests/js/theme.test.mjs checks both
// scales step by step).
/** @typedef {[number, [number, number, number]][]} Stops */
/** @type {Record<string, Stops>} */
export const SCALES = {
  cividis: [
    [0.0, [0, 34, 78]],
    [0.25, [65, 77, 107]],
    [0.5, [124, 123, 120]],
    [0.75, [188, 175, 111]],
    [1.0, [253, 231, 55]],
  ],
  viridis: [
    [0.0, [68, 1, 84]],
    [0.125, [71, 45, 123]],
    [0.25, [59, 82, 139]],
    [0.375, [44, 114, 142]],
    [0.5, [33, 145, 140]],
    [0.625, [40, 174, 128]],
    [0.75, [94, 201, 98]],
    [0.875, [173, 220, 48]],
    [1.0, [253, 231, 37]],
  ],
};
export const DEFAULT_SCALE = 'cividis';

/**
 * A colour scale for weights: its name and its stops (SCALES). Every function that colours a
 * weight takes one, so two widgets on a page can use two scales.
 * @typedef {{ name: string, stops: Stops }} ColorScale
 */

/**
 * The scale called `name` (as `--attn-scale` gives it: surrounding spaces ignored); an unknown
 * or empty name means the default.
 * @param {string | null | undefined} name
 * @returns {ColorScale}
 */
export function scaleNamed(name) {
  const key = String(name ?? '').trim();
  return Object.hasOwn(SCALES, key)
    ? { name: key, stops: SCALES[key] }
    : { name: DEFAULT_SCALE, stops: SCALES[DEFAULT_SCALE] };
}

/**
 * @param {number} a
 * @param {number} b
 * @param {number} t
 */
function lerp(a, b, t) {
  return Math.round(a + (b - a) * t);
}

/**
 * rgb triple for v in [0, 1] (clamped) on `scale`.
 * @param {number} v
 * @param {ColorScale} scale
 * @returns {[number, number, number]}
 */
export function weightRgb(v, scale) {
  const x = Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0));
  const stops = scale.stops;
  for (let i = 1; i < stops.length; i++) {
    const [p1, c1] = stops[i];
    const [p0, c0] = stops[i - 1];
    if (x <= p1) {
      const t = (x - p0) / (p1 - p0);
      return [lerp(c0[0], c1[0], t), lerp(c0[1], c1[1], t), lerp(c0[2], c1[2], t)];
    }
  }
  return stops[stops.length - 1][1];
}

/**
 * The CSS colour of weight v in [0, 1] on `scale`.
 * @param {number} v
 * @param {ColorScale} scale
 */
export function weightColor(v, scale) {
  const [r, g, b] = weightRgb(v, scale);
  return `rgb(${r}, ${g}, ${b})`;
}

/**
 * WCAG relative luminance of an sRGB triple (0–255).
 * @param {[number, number, number]} rgb
 */
export function luminance(rgb) {
  const lin = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

/**
 * WCAG contrast ratio of two sRGB triples (1 … 21).
 * @param {[number, number, number]} a
 * @param {[number, number, number]} b
 */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * '#000' or '#fff', whichever contrasts more with weightColor(v, scale).
 * @param {number} v
 * @param {ColorScale} scale
 */
export function textOn(v, scale) {
  const L = luminance(weightRgb(v, scale));
  return (L + 0.05) / 0.05 > 1.05 / (L + 0.05) ? '#000' : '#fff';
}

/** Two categorical colours safe for colour-blind readers (Okabe–Ito blue and orange). */
export const CATEGORY = {
  a: '#0072B2',
  b: '#E69F00',
  c: '#009E73',
  d: '#CC79A7',
  neutral: '#6b6b6b',
};
