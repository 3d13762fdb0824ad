// Colour scale for weights in [0, 1]: cividis-like (blue → yellow), designed to read the same
// for the common colour-vision deficiencies and in greyscale (lightness rises monotonically).
// Text on a cell picks black or white by the cell's luminance.
/** @type {[number, [number, number, number]][]} */
const STOPS = [
  [0.0, [0, 34, 78]],
  [0.25, [65, 77, 107]],
  [0.5, [124, 123, 120]],
  [0.75, [188, 175, 111]],
  [1.0, [253, 231, 55]],
];

function lerp(a, b, t) {
  return Math.round(a + (b - a) * t);
}

/** rgb triple for v in [0, 1] (clamped). */
export function weightRgb(v) {
  const x = Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0));
  for (let i = 1; i < STOPS.length; i++) {
    const [p1, c1] = STOPS[i];
    const [p0, c0] = STOPS[i - 1];
    if (x <= p1) {
      const t = (x - p0) / (p1 - p0);
      return [lerp(c0[0], c1[0], t), lerp(c0[1], c1[1], t), lerp(c0[2], c1[2], t)];
    }
  }
  return STOPS[STOPS.length - 1][1];
}

export function weightColor(v) {
  const [r, g, b] = weightRgb(v);
  return `rgb(${r}, ${g}, ${b})`;
}

/** '#000' or '#fff', whichever contrasts more with weightColor(v). */
export function textOn(v) {
  const lin = weightRgb(v).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const L = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
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
