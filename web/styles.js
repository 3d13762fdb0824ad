// The one stylesheet every widget adopts (a constructable CSSStyleSheet: allowed under a strict
// style-src CSP, unlike <style> elements or style attributes). Host pages cannot restyle the
// inside of a widget by accident; they can set --attn-* custom properties on the element.
export const WIDGET_CSS = `
:host { display: block; font: 15px/1.5 system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif;
  color: var(--attn-fg, #1b1b1b); background: var(--attn-bg, #fff); border: 1px solid #d0d0d0;
  border-radius: 8px; padding: 12px 14px; margin: 16px 0; max-width: 760px; box-sizing: border-box; }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
h2 { font-size: 1.05rem; margin: 0 0 8px; }
h3 { font-size: 1rem; margin: 14px 0 4px; }
p { margin: 6px 0; }
.row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 6px 0; }
button, select, input { font: inherit; min-height: 36px; }
button { padding: 4px 12px; border: 1px solid #6b6b6b; border-radius: 6px; background: #f4f4f4; color: #1b1b1b; cursor: pointer; }
button[aria-pressed="true"] { background: #0b3d91; color: #fff; border-color: #0b3d91; }
button:disabled { opacity: 0.45; cursor: default; }
button:focus-visible, select:focus-visible, input:focus-visible, [tabindex]:focus-visible { outline: 3px solid #E69F00; outline-offset: 2px; }
label { display: inline-flex; gap: 6px; align-items: center; }
input[type="range"] { min-width: 160px; flex: 1 1 160px; }
output { font-weight: 600; font-variant-numeric: tabular-nums; }
/* A radio group drawn as a row of toggle buttons: <fieldset class="picker"><legend>…</legend>
   <div class="opts"><label class="on"><input type="radio">…</label>…</div></fieldset>. */
fieldset.picker { border: 0; padding: 0; margin: 6px 0; min-width: 0; }
fieldset.picker legend { padding: 0; margin-bottom: 4px; font-weight: 600; }
.picker .opts { display: flex; flex-wrap: wrap; gap: 6px; }
.picker label { border: 1px solid #6b6b6b; border-radius: 6px; padding: 4px 10px; min-height: 36px; cursor: pointer; background: #f4f4f4; }
.picker label.on { background: #0b3d91; color: #fff; border-color: #0b3d91; }
.picker input { margin: 0; width: 16px; height: 16px; min-height: 0; accent-color: #E69F00; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 4px 6px; text-align: right; border-bottom: 1px solid #e3e3e3; }
th { font-weight: 600; text-align: left; }
.formula { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.85em; color: #3d3d3d; overflow-wrap: anywhere; }
/* Formulas (web/mathml.js): one <math> per "= …" step inside span.math, so that a long line
   wraps between steps on a phone; a step wider than the line scrolls inside itself. */
.math math { font-size: 1.2em; math-style: normal; vertical-align: middle; }
.muted { color: #555; font-size: 0.9em; }
.note { border-left: 4px solid #E69F00; background: #fff8e6; padding: 6px 10px; margin: 10px 0 0; }
.error { border: 1px solid #b00020; background: #fdecee; color: #7a0015; padding: 8px 10px; border-radius: 6px; margin: 8px 0; }
.error strong { display: block; }
.checks { margin-top: 10px; font-size: 0.85em; border-top: 1px dashed #c8c8c8; padding-top: 6px; }
.checks summary { cursor: pointer; }
.checks li.ok::marker { content: "✓ "; color: #006d2c; }
.checks li.fail::marker { content: "✗ "; color: #b00020; }
.checks li.fail { color: #b00020; }
.scroll { overflow-x: auto; max-width: 100%; }
.bar-track { background: #eee; height: 14px; border-radius: 3px; flex: 1 1 120px; min-width: 80px; position: relative; }
.bar-fill { position: absolute; left: 0; top: 0; bottom: 0; background: #0072B2; border-radius: 3px; }
.bar-fill.neg { background: #D55E00; }
svg text { font-family: inherit; }
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
