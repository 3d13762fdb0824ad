// <attn-train>'s own CSS (after the shared sheet): the heatmap's, the form, the loss curve, the
// snapshot's controls and tables.
import { HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { NARROW_TABLES_CSS } from '../../web/views/narrow-tables.js';

export const TRAIN_CSS = `${HEATMAP_CSS}
section { margin-top: 14px; }
.fields { display: flex; flex-wrap: wrap; gap: 8px 16px; }
.field { display: flex; flex-direction: column; gap: 2px; min-width: 8em; }
.field input, .field select { min-height: 36px; max-width: 100%; }
.field input:disabled, .field select:disabled { opacity: 0.6; }
.buttons { display: flex; flex-wrap: wrap; gap: 8px; margin: 10px 0; }
.buttons button { min-height: 40px; padding: 4px 14px; }
button.primary { background: var(--_accent); border-color: var(--_accent); color: var(--_on-accent); font-weight: 600; }
.status { font-variant-numeric: tabular-nums; }
/* What changes while a run trains is laid out and painted on its own: the lines keep their
   height (two lines of text) and the chart and the snapshot are contained, so a step's draw
   does not move or repaint the rest of the page. */
.status, .summary { min-height: 3.2em; contain: layout paint; }
.curve-figure, .snapshot { contain: layout paint; }
.curve-figure { margin: 6px 0; }
svg.loss-curve { width: 100%; height: auto; max-height: 260px; display: block; }
svg.loss-curve .axis { stroke: var(--_muted); stroke-width: 1; }
svg.loss-curve .tick { fill: var(--_muted); font-size: 13px; }
svg.loss-curve .train { fill: none; stroke: #0072B2; stroke-width: 1.5; }
svg.loss-curve .valid { fill: #D55E00; }
svg.loss-curve .baseline { stroke: var(--_fg); stroke-dasharray: 6 4; stroke-width: 1.2; }
svg.loss-curve polyline.before { fill: none; stroke: var(--_muted); stroke-width: 1.2; stroke-dasharray: 2 2; }
svg.loss-curve circle.before { fill: var(--_muted); }
figcaption { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 0.9em; }
.key::before { content: ""; display: inline-block; width: 18px; height: 0; margin-right: 5px; vertical-align: middle; border-top: 2px solid #0072B2; }
.key.valid::before { width: 8px; height: 8px; border: 0; border-radius: 50%; background: #D55E00; }
.key.baseline::before { border-top: 2px dashed var(--_fg); }
.key.before::before { border-top: 2px dotted var(--_muted); }
.note { padding: 6px 8px; border-left: 4px solid var(--_accent); background: var(--_accent-soft); }
.controls .row { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; margin: 4px 0; }
.controls input[type="range"] { flex: 1 1 160px; min-height: 32px; }
.controls output { font-variant-numeric: tabular-nums; }
table.patterns td, table.runs-table td.n { text-align: right; font-variant-numeric: tabular-nums; padding: 2px 8px; }
table.patterns tr.chosen th, table.runs-table tr.best td { font-weight: 700; }
table.heatmap td.hm-cell { min-width: 34px; height: 30px; font-size: 0.8em; }
.fact { margin: 6px 0; }
.stale { color: var(--_warn-fg); }
${NARROW_TABLES_CSS}`;
