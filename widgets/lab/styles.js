// <attn-lab>'s own CSS (after the shared sheet): the heatmap's and the fan-out diagram's, then
// the lab's panels, prompt chips, top 5, sink grid, pattern bars, ablation tables and charts.
import { HEATMAP_CSS } from '../../web/views/heatmap-table.js';
import { FAN_OUT_CSS } from '../../web/views/fan-out-arcs.js';
import { NARROW_TABLES_CSS } from '../../web/views/narrow-tables.js';

export const LAB_CSS = `${HEATMAP_CSS}${FAN_OUT_CSS}
section { margin-top: 14px; }
details.panel { margin-top: 10px; border-top: 1px solid var(--_rule); padding-top: 4px; }
details.panel > summary { cursor: pointer; padding: 6px 0; }
details.panel > summary h3 { display: inline; margin: 0; }
.controls { position: sticky; top: 0; z-index: 2; background: var(--_bg); padding: 4px 0; border-bottom: 1px solid var(--_rule); }
/* On a phone the bar would cover the heatmap's column labels as the page scrolls under it: there
   the sliders stay in place above the heatmap (which fits the screen: web/views/heatmap-table.js). */
@container (max-width: 520px) { .controls { position: static; } }
.controls .row { margin: 2px 0; }
.controls .pair { display: flex; flex-wrap: wrap; gap: 0 16px; }
.controls .pair .row { flex: 1 1 260px; }
.chip.predicted { border: 2px solid transparent; background: linear-gradient(var(--_warn-bg-fff8e6), var(--_warn-bg-fff8e6)) padding-box, linear-gradient(90deg, #E69F00, #CC79A7, #0072B2, #009E73, #E69F00) border-box; background-size: 100% 100%, 300% 100%; font-weight: 700; animation: shimmer 1.6s linear 2; }
.chip.predicted small { color: var(--_warn-fg); }
@keyframes shimmer { from { background-position: 0 0, 0 0; } to { background-position: 0 0, 150% 0; } }
@media (prefers-reduced-motion: reduce) { .chip.predicted { animation: none; } }
.stale { color: var(--_warn-fg); }
button.run { background: var(--_accent); border-color: var(--_accent); color: var(--_on-accent); font-weight: 600; }
.facts { margin: 4px 0 8px; }
input[type="text"] { flex: 1 1 220px; min-width: 0; max-width: 100%; padding: 4px 8px; border: 1px solid var(--_control-border); border-radius: 6px; }
.chips { display: flex; flex-wrap: wrap; gap: 3px; margin: 6px 0; }
.chip { display: inline-grid; justify-items: center; min-width: 1.9em; padding: 1px 4px; border: 1px solid var(--_control-border-b5b5b5); border-radius: 4px; background: var(--_surface-1); }
.chip small { font-size: 0.7em; color: var(--_muted); }
.chip.special { background: var(--_accent-soft-eef2fb); border-color: var(--_accent); }
.chip.unk { background: var(--_error-bg); border-color: var(--_error); color: var(--_error-fg); }
.top5 { display: grid; grid-template-columns: max-content minmax(60px, 1fr) max-content max-content; gap: 2px 8px; align-items: center; margin: 6px 0; }
.top5 .ch { font-weight: 700; min-width: 2em; text-align: center; }
.top5 .p { font-variant-numeric: tabular-nums; font-weight: 600; text-align: right; }
.gen { font-size: 1.1em; padding: 6px 8px; border: 1px solid var(--_border); border-radius: 6px; background: var(--_surface-1); overflow-wrap: anywhere; }
.gen mark { background: var(--_warn-bg); color: var(--_warn-fg); border-bottom: 2px solid #E69F00; }
table.heatmap td.hm-cell { min-width: 36px; height: 30px; font-size: 0.8em; }
table.sinks td { padding: 2px; border: 0; }
table.sinks th { text-align: center; }
button.sink { min-width: 40px; min-height: 36px; padding: 2px 4px; border: 2px solid transparent; border-radius: 4px; font-variant-numeric: tabular-nums; font-size: 0.85em; }
button.sink[aria-pressed="true"] { border-color: var(--_fg); box-shadow: inset 0 0 0 2px var(--_bg); font-weight: 700; }
table.patterns td, table.patterns th { white-space: nowrap; }
table.patterns button { min-height: 30px; padding: 1px 8px; }
table.patterns td.top { font-weight: 700; }
table.patterns th.num { text-align: right; vertical-align: bottom; }
table.patterns th small { display: block; font-weight: 400; }
table.ablation td, table.ablation th { white-space: nowrap; vertical-align: top; }
table.ablation td .formula { display: block; }
.stack { display: flex; width: 120px; height: 16px; border: 1px solid var(--_control-border); border-radius: 3px; overflow: hidden; }
.stack span { display: block; height: 100%; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 0.85em; margin: 4px 0; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; border: 1px solid var(--_control-border); }
svg.chart { width: 100%; max-width: 340px; height: auto; display: block; }
.linear-note { padding: 6px 8px; border-left: 4px solid var(--_accent); background: var(--_accent-soft); }
table.state-norms td, table.state-norms th { white-space: nowrap; font-variant-numeric: tabular-nums; padding: 1px 5px; text-align: right; }
@media (max-width: 420px) {
  table.heatmap { border-spacing: 1px; }
  table.heatmap th { padding: 1px 2px; font-size: 0.85em; }
  table.heatmap td.hm-cell { min-width: 29px; width: 29px; height: 26px; padding: 0; font-size: 0.68em; }
}
table.ablation tr.shipped th, table.ablation tr.shipped td { background: var(--_accent-soft); }
table.ablation.hybrid th.shipped, table.ablation.hybrid td.shipped { background: var(--_accent-soft); }
table.ablation.hybrid th { white-space: normal; }
table.ablation.hybrid td.num { text-align: right; font-variant-numeric: tabular-nums; }
${NARROW_TABLES_CSS}`;
