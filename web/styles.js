import { SCROLL_REGION_CSS } from './views/scroll-region.js';
import { TABLE_LABELS_CSS } from './views/table-labels.js';

// The one stylesheet every widget adopts (a constructable CSSStyleSheet: allowed under a strict
// style-src CSP, unlike <style> elements or style attributes). Host pages cannot restyle the
// inside of a widget by accident; they theme it through the --attn-* custom properties
// (web/theme.js) and the ::part() names the base class puts on the main regions.
import { THEME_CSS, SVG_INK_CSS } from './theme.js';

export const WIDGET_CSS = `${THEME_CSS}
:host { display: block; font: 15px/1.5 var(--_font);
  color: var(--_fg); background: var(--_bg); border: 1px solid var(--_border);
  border-radius: 8px; padding: 12px 14px; margin: 16px 0; max-width: 760px; box-sizing: border-box; }
:host([hidden]) { display: none; }
/* The widget's body is the container its tables size themselves against (@container below):
   a widget in a narrow column compacts like one on a phone. */
.body { container-type: inline-size; }
* { box-sizing: border-box; }
h2 { font-size: 1.05rem; margin: 0 0 8px; }
h3 { font-size: 1rem; margin: 14px 0 4px; }
p { margin: 6px 0; }
.row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 6px 0; }
button, select, input { font: inherit; min-height: 36px; }
button { padding: 4px 12px; border: 1px solid var(--_control-border); border-radius: 6px; background: var(--_surface); color: var(--_fg); cursor: pointer; }
button[aria-pressed="true"] { background: var(--_accent); color: var(--_on-accent); border-color: var(--_accent); }
button:disabled { opacity: 0.45; cursor: default; }
button:focus-visible, select:focus-visible, input:focus-visible, [tabindex]:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
label { display: inline-flex; gap: 6px; align-items: center; }
input[type="range"] { min-width: 160px; flex: 1 1 160px; }
output { font-weight: 600; font-variant-numeric: tabular-nums; }
/* A radio group drawn as a row of toggle buttons: <fieldset class="picker"><legend>…</legend>
   <div class="opts"><label class="on"><input type="radio">…</label>…</div></fieldset>. */
fieldset.picker { border: 0; padding: 0; margin: 6px 0; min-width: 0; }
fieldset.picker legend { padding: 0; margin-bottom: 4px; font-weight: 600; }
.picker .opts { display: flex; flex-wrap: wrap; gap: 6px; }
.picker label { border: 1px solid var(--_control-border); border-radius: 6px; padding: 4px 10px; min-height: 36px; cursor: pointer; background: var(--_surface); }
.picker label.on { background: var(--_accent); color: var(--_on-accent); border-color: var(--_accent); }
.picker input { margin: 0; width: 16px; height: 16px; min-height: 0; accent-color: var(--_focus); }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 4px 6px; text-align: right; border-bottom: 1px solid var(--_rule); }
th { font-weight: 600; text-align: left; }
.formula { font-family: var(--_font-mono); font-size: 0.85em; color: var(--_fg-2); overflow-wrap: anywhere; }
/* Formulas (web/mathml.js): one <math> per "= …" step inside span.math, so that a long line
   wraps between steps on a phone; a step wider than the line scrolls inside itself. */
.math math { font-size: 1.2em; math-style: normal; vertical-align: middle; }
.muted { color: var(--_muted); font-size: 0.9em; }
.note { border-left: 4px solid #E69F00; background: var(--_warn-bg-fff8e6); padding: 6px 10px; margin: 10px 0 0; }
.error { border: 1px solid var(--_error); background: var(--_error-bg); color: var(--_error-fg); padding: 8px 10px; border-radius: 6px; margin: 8px 0; }
.error strong { display: block; }
/* The self-check panel is for teachers and tests: shown with the teacher attribute only. */
:host(:not([teacher])) .checks { display: none; }
.checks { margin-top: 10px; font-size: 0.85em; border-top: 1px dashed var(--_border-c8c8c8); padding-top: 6px; }
.checks summary { cursor: pointer; }
.checks li.ok::marker { content: "✓ "; color: var(--_ok); }
.checks li.fail::marker { content: "✗ "; color: var(--_error); }
.checks li.fail { color: var(--_error); }
/* A number written twice (web/dom.js fitText): the precise form, and a shorter one shown
   instead in a narrow widget. Only one is displayed, so only one is read. */
.fit-narrow { display: none; }
/* A block shown only in a wide / only in a narrow widget (a table turned for a phone). */
.narrow-only { display: none; }
@container (max-width: 520px) { .wide-only { display: none; } .narrow-only { display: revert; } }
.gloss { display: none; }
@container (max-width: 520px) { .fit-wide { display: none; } .fit-narrow { display: inline; } .gloss { display: block; } }
/* Text only a screen reader reads (a header cell's name where the cell shows none). */
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
${SCROLL_REGION_CSS}
${TABLE_LABELS_CSS}
.bar-track { background: var(--_surface-eee); height: 14px; border-radius: 3px; flex: 1 1 120px; min-width: 80px; position: relative; }
.bar-fill { position: absolute; left: 0; top: 0; bottom: 0; background: #0072B2; border-radius: 3px; }
.bar-fill.neg { background: #D55E00; }
svg text { font-family: inherit; }
${SVG_INK_CSS}
/* Forced colours: the browser paints every box in system colours, so a state that was only a fill
   (pressed, chosen) keeps Highlight; bars keep a solid fill (heatmap cells: web/views/heatmap-table.js). */
@media (forced-colors: active) {
  button[aria-pressed="true"], .picker label.on { forced-color-adjust: none; background: Highlight; color: HighlightText; border-color: Highlight; }
  .bar-fill { background: CanvasText; forced-color-adjust: none; }
}
@media (max-width: 420px) { :host { padding: 10px 8px; font-size: 14px; } input[type="range"] { min-width: 120px; } }
`;

/** @type {CSSStyleSheet | undefined} */
let sheet;
/** The shared sheet, built once per page. */
export function widgetSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(WIDGET_CSS);
  }
  return sheet;
}

/** @type {Map<string, CSSStyleSheet>} */
const extra = new Map();
/**
 * A widget's own extra stylesheet (its `static css`), built once per page per text.
 * @param {string} css
 * @returns {CSSStyleSheet}
 */
export function sheetFor(css) {
  if (!extra.has(css)) {
    const s = new CSSStyleSheet();
    s.replaceSync(css);
    extra.set(css, s);
  }
  return /** @type {CSSStyleSheet} */ (extra.get(css));
}
