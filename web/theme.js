// The widgets' theme: one table of colour and font tokens, each with its light value (the look
// the widgets had before they were themable), its dark value (prefers-color-scheme: dark) and
// its forced-colors value (system colours). A site restyles a widget by setting the public
// custom property `--attn-<name>` on the element or any ancestor; inside the shadow root every
// rule reads the private `--_<name>`, which is the site's value when set and the theme's
// otherwise. That indirection is why a site's value wins in light and dark mode alike.
// `theme="light"` / `theme="dark"` on an element pins one theme whatever the system says (for a
// site that is light or dark only).

/**
 * name → [light, dark, forced colors, what it colours]. docs/theming-and-events.md's theming
 * table lists the same.
 * @type {Record<string, [string, string, string, string]>}
 */
export const THEME = {
  fg: ['#1b1b1b', '#e8e8e8', 'CanvasText', 'text'],
  'fg-2': ['#3d3d3d', '#cfcfcf', 'CanvasText', 'secondary text: formulas, axis labels'],
  muted: ['#555', '#b4b4b4', 'CanvasText', 'help lines and notes'],
  bg: ['#fff', '#1c1c1e', 'Canvas', 'the widget background'],
  surface: ['#f4f4f4', '#2c2c2e', 'ButtonFace', 'buttons, bar tracks, panels'],
  'surface-1': ['#fafafa', '#232325', 'Canvas', 'faint panels (code, cards)'],
  'surface-3': ['#e6e6e6', '#3a3a3c', 'Canvas', 'masked and empty cells'],
  border: ['#d0d0d0', '#4a4a4e', 'CanvasText', 'the widget frame and card borders'],
  rule: ['#e3e3e3', '#3a3a3c', 'CanvasText', 'table rules and grid lines'],
  'control-border': ['#6b6b6b', '#9a9a9a', 'ButtonText', 'control borders and axes'],
  accent: ['#0b3d91', '#8ab4f8', 'Highlight', 'pressed buttons, links, selection'],
  'on-accent': ['#fff', '#0d1b33', 'HighlightText', 'text on the accent'],
  'accent-soft': ['#e8eefb', '#1f2d4a', 'Canvas', 'a light wash of the accent (badges, rows)'],
  focus: ['#E69F00', '#E69F00', 'Highlight', 'the focus ring'],
  error: ['#b00020', '#ff8a80', 'CanvasText', 'error borders and marks'],
  'error-fg': ['#7a0015', '#ffb4ab', 'CanvasText', 'error text'],
  'error-bg': ['#fdecee', '#3b1d20', 'Canvas', 'error panels'],
  ok: ['#006d2c', '#7bd88f', 'CanvasText', 'right answers, passed checks'],
  'ok-bg': ['#eef8f0', '#1b3323', 'Canvas', 'right-answer panels'],
  'warn-fg': ['#6b4200', '#ffcc80', 'CanvasText', 'warning and "reported" text'],
  'warn-bg': ['#fff1d6', '#3a2c12', 'Canvas', 'warning and note panels'],
  'warn-border': ['#8a5a00', '#c8901e', 'CanvasText', 'warning borders'],
  font: [
    'system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif',
    'system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif',
    'system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif',
    'the text font',
  ],
  'font-mono': [
    'ui-monospace, "DejaVu Sans Mono", monospace',
    'ui-monospace, "DejaVu Sans Mono", monospace',
    'ui-monospace, "DejaVu Sans Mono", monospace',
    'formulas and code',
  ],
};

/**
 * The other greys and tints the widgets were drawn with, kept exact in the light theme: each is a
 * shade of one token's role, `--_<token>-<hex>`, that follows the site's `--attn-<token>` when set
 * and takes the token's dark and forced-colors values (one colour per role is enough there).
 * @type {Record<string, string[]>} token → the light shades of it in use
 */
export const SHADES = {
  'fg-2': ['333', '444'],
  muted: ['5a5a5a'],
  surface: ['f3f3f3', 'f1f1f1', 'f0f0f0', 'eee', 'ececec'],
  'surface-1': ['fbfbfb', 'fcfcfc', 'f7f7f7', 'f6f6f6'],
  'surface-3': ['e4e4e4'],
  rule: ['e0e0e0'],
  border: ['d7d7d7', 'd9d9d9', 'd6d6d6', 'c8c8c8', 'c9c9c9'],
  'control-border': ['8a8a8a', '9a9a9a', 'b5b5b5', 'b3b3b3'],
  'accent-soft': ['eef5fb', 'eef2fb', 'f3f6fc', 'f4f6fb', 'f3f6fb', 'dfe8f6'],
  ok: ['00563a'],
  'ok-bg': ['eaf6ee', 'e3f4ee', 'eef8f4'],
  'warn-fg': ['4d3300'],
  'warn-border': ['8a5f00', 'b35c00'],
  'warn-bg': ['fff8e8', 'fff8e6', 'fff5e0', 'fdf0e6'],
};

/** The heatmap scales a site may choose with `--attn-scale` (web/color.js has their stops). */
export const SCALE_PROPERTY = '--attn-scale';

/** @param {number} column 0 light, 1 dark, 2 forced colors */
function declarations(column) {
  const tokens = Object.entries(THEME).map(
    ([name, values]) => `--_${name}: var(--attn-${name}, ${values[column]});`,
  );
  const shades = Object.entries(SHADES).flatMap(([name, hexes]) =>
    hexes.map(
      (hex) =>
        `--_${name}-${hex}: var(--attn-${name}, ${column === 0 ? `#${hex}` : THEME[name][column]});`,
    ),
  );
  return [...tokens, ...shades].join(' ');
}

// Forced colors: the browser already swaps most colours for system ones; the tokens matter where
// a rule opts out (forced-color-adjust: none keeps a pressed button's Highlight) and for SVG.
export const THEME_CSS = `
:host { color-scheme: light; ${declarations(0)} }
@media (prefers-color-scheme: dark) { :host(:not([theme="light"])) { color-scheme: dark; ${declarations(1)} } }
:host([theme="dark"]) { color-scheme: dark; ${declarations(1)} }
@media (forced-colors: active) { :host, :host([theme]) { ${declarations(2)} } }
`;

// SVG drawn by the widgets carries the light theme's greys as presentation attributes
// (fill="#1b1b1b"); these rules, which outrank presentation attributes, give them the theme's
// token instead. Attributes rather than var() in the attribute because not every browser reads
// var() in an SVG presentation attribute.
/** @type {Record<string, string>} a light grey as written in the SVG → its token or shade */
const SVG_INK = {
  '#1b1b1b': 'fg',
  '#fff': 'bg', // the halo stroked under a label drawn over lines
  '#3d3d3d': 'fg-2',
  '#6b6b6b': 'control-border',
  '#eee': 'surface-eee',
  '#c8c8c8': 'border-c8c8c8',
  '#d6d6d6': 'border-d6d6d6',
  '#e0e0e0': 'rule-e0e0e0',
  '#e3e3e3': 'rule',
  '#e6e6e6': 'surface-3',
};
export const SVG_INK_CSS = ['fill', 'stroke']
  .flatMap((p) =>
    Object.entries(SVG_INK).map(
      ([hex, token]) => `svg [${p}="${hex}" i] { ${p}: var(--_${token}); }`,
    ),
  )
  .join('\n');
