// The ledger's own CSS (after the shared sheet): controls, the log bar chart, the variant cards,
// the models' table and the paste box.
import { CATEGORY } from '../../web/color.js';

export const CSS = `
h3 { font-size: 0.98rem; margin: 0 0 2px; }
fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
legend { padding: 0; font-weight: 600; }
.controls { display: grid; gap: 6px; }
input[type="number"] { width: 10.5em; max-width: 100%; }
select { max-width: 100%; }
.chart { margin: 10px 0 6px; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 8px; align-items: center; }
.bar-row { display: contents; }
.bar-row .lab { font-weight: 600; font-size: 0.9em; }
.bar-row .val { grid-column: 2; font-size: 0.85em; font-variant-numeric: tabular-nums; margin-bottom: 4px; }
.bar-row.state .bar-fill { background: ${CATEGORY.b}; background-image: repeating-linear-gradient(135deg, rgba(0,0,0,0.18) 0 3px, transparent 3px 7px); }
.bar-row.own .lab::after { content: " ★"; }
.axis { position: relative; height: 1.3em; font-size: 0.75em; color: var(--_fg-2-444); }
.axis span { position: absolute; top: 0; transform: translateX(-50%); white-space: nowrap; }
.axis span:first-child { transform: none; }
.axis-row { display: contents; }
.tick { position: absolute; top: -2px; bottom: -2px; width: 1px; background: var(--_control-border-9a9a9a); }
.variants { display: grid; gap: 8px; margin: 8px 0; }
.card { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 6px 8px; }
.card.own { border-color: var(--_accent); border-width: 2px; }
.card.state { border-color: ${CATEGORY.b}; border-style: dashed; border-width: 2px; }
.badge { display: inline-block; font-size: 0.78em; font-weight: 600; padding: 0 6px; border-radius: 9px; background: var(--_accent-soft); color: var(--_accent); margin-left: 4px; }
.badge.reported { background: var(--_warn-bg); color: var(--_warn-fg); }
.badge.pasted { background: var(--_ok-bg-e3f4ee); color: var(--_ok-00563a); }
.warn { border-left: 4px solid var(--_warn-border); background: var(--_warn-bg-fff5e0); color: var(--_warn-fg-4d3300); padding: 6px 10px; }
.big { font-weight: 600; font-variant-numeric: tabular-nums; }
textarea { font: 0.85em/1.4 ui-monospace, "DejaVu Sans Mono", monospace; width: 100%; min-height: 8em; box-sizing: border-box; }
textarea:focus-visible, summary:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.paste summary, .more summary { cursor: pointer; font-weight: 600; min-height: 24px; }
details.more { margin: 6px 0; }
.paste { margin-top: 10px; border-top: 1px solid var(--_rule); padding-top: 6px; }
td .formula, td .muted { display: block; text-align: left; }
table.models { width: 100%; }
table.models td { text-align: left; }
th .sub { display: block; font-weight: 400; font-size: 0.85em; color: var(--_fg-2-444); }
.nw { white-space: nowrap; }
td:first-child { text-align: left; }
.compare li { margin: 4px 0; }
`;
