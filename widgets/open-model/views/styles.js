// The CSS of what the views of <attn-open-model> draw (the shared heatmap's included): the drop
// zone, the progress bars, the facts, the prompt row, the chips, the top 5, the generation and
// the tables over heads.
import { HEATMAP_CSS } from '../../../web/views/heatmap-table.js';
import { NARROW_TABLES_CSS } from '../../../web/views/narrow-tables.js';

export const OPEN_MODEL_CSS = `
.course-model { margin: 10px 0; padding: 8px 10px; border: 1px dashed var(--_border); border-radius: 6px; }
.course-model p { margin: 0 0 6px; }${HEATMAP_CSS}
.drop { border: 2px dashed var(--_control-border); border-radius: 8px; padding: 14px; text-align: center; margin: 8px 0; }
.drop.over { border-color: var(--_accent); background: var(--_accent-soft); }
.pickers { display: flex; flex-wrap: wrap; gap: 8px; }
.meter { display: grid; grid-template-columns: minmax(0, 1fr); gap: 2px; margin: 6px 0; }
.meter progress { width: 100%; height: 14px; }
.facts { margin: 4px 0; padding-left: 1.2em; }
.facts li { overflow-wrap: anywhere; }
input[type="text"] { flex: 1 1 220px; min-width: 0; max-width: 100%; padding: 4px 8px; border: 1px solid var(--_control-border); border-radius: 6px; }
input[type="number"] { width: 5em; padding: 4px; border: 1px solid var(--_control-border); border-radius: 6px; }
button.run { background: var(--_accent); border-color: var(--_accent); color: var(--_on-accent); font-weight: 600; }
.chips { display: flex; flex-wrap: wrap; gap: 3px; margin: 6px 0; }
.chip { display: inline-grid; justify-items: center; min-width: 1.9em; padding: 1px 4px; border: 1px solid var(--_control-border); border-radius: 4px; background: var(--_surface-1); white-space: pre; max-width: 100%; overflow: hidden; text-overflow: ellipsis; }
.chip small { font-size: 0.7em; color: var(--_muted); }
.top5 { display: grid; grid-template-columns: max-content minmax(60px, 1fr) max-content; gap: 2px 8px; align-items: center; margin: 6px 0; }
.top5 .tok { font-weight: 700; white-space: pre; max-width: 12em; overflow: hidden; text-overflow: ellipsis; }
.gen { padding: 6px 8px; border: 1px solid var(--_border); border-radius: 6px; background: var(--_surface-1); overflow-wrap: anywhere; white-space: pre-wrap; }
.gen mark { background: var(--_warn-bg); color: var(--_warn-fg); border-bottom: 2px solid #E69F00; }
table.heatmap td.hm-cell { min-width: 36px; height: 30px; font-size: 0.8em; }
table.sinks td { min-width: 38px; text-align: center; font-size: 0.8em; border: 1px solid var(--_bg); }
table.sinks th { text-align: center; font-size: 0.85em; }
table.patterns td, table.patterns th { white-space: nowrap; }
section { margin-top: 12px; }
.nowrap { white-space: nowrap; }
label.prompt { flex: 1 1 240px; min-width: 0; }
.stale { color: var(--_warn-fg); }
${NARROW_TABLES_CSS}`;
