// The widgets' theme: one table of colour and font tokens, each with its light value (the look
// the widgets had before they were themable), its dark value (prefers-color-scheme: dark) and
// its forced-colors value (system colours). A site restyles a widget by setting the public
// custom property `--attn-<name>` on the element or any ancestor; inside the shadow root every
// rule reads the private `--_<name>`, which is the site's value when set and the theme's
// otherwise. That indirection is why a site's value wins in light and dark mode alike.
// `theme="light"` / `theme="dark"` on an element pins one theme whatever the system says (for a
// site that is light or dark only).

/**
 * name → [light, dark, forced colors, what it colours]. README's theming table lists the same.
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

/** The heatmap scales a site may choose with `--attn-scale` (web/color.js has their stops). */
export const SCALE_PROPERTY = '--attn-scale';

/** @param {number} column 0 light, 1 dark, 2 forced colors */
function declarations(column) {
  return Object.entries(THEME)
    .map(([name, values]) => `--_${name}: var(--attn-${name}, ${values[column]});`)
    .join(' ');
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
/** @type {Record<string, string>} a light grey as written in the SVG → its token */
const SVG_INK = {
  '#1b1b1b': 'fg',
  '#3d3d3d': 'fg-2',
  '#6b6b6b': 'control-border',
  '#eee': 'surface',
  '#c8c8c8': 'border',
  '#d6d6d6': 'border',
  '#e0e0e0': 'rule',
  '#e3e3e3': 'rule',
  '#e6e6e6': 'rule',
};
export const SVG_INK_CSS = ['fill', 'stroke']
  .flatMap((p) =>
    Object.entries(SVG_INK).map(
      ([hex, token]) => `svg [${p}="${hex}" i] { ${p}: var(--_${token}); }`,
    ),
  )
  .join('\n');
