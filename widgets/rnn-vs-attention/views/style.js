// The CSS of <attn-rnn-vs-attention>'s own drawings (stepper, chain, arcs, tables), after the
// shared sheet.
import { CATEGORY } from '../../../web/color.js';

export const CSS = `
h3 { font-size: 0.98rem; margin: 12px 0 4px; }
.controls label { display: grid; grid-template-columns: 1fr auto; gap: 0 8px; align-items: center; max-width: 420px; }
.controls input[type="range"] { grid-column: 1 / -1; width: 100%; min-width: 0; }
.stepper { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
.status { font-weight: 600; margin: 4px 0; }
.panels { display: grid; gap: 10px; grid-template-columns: repeat(auto-fit, minmax(270px, 1fr)); }
.panel { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 6px 8px; min-width: 0; }
.panel h3 { margin-top: 2px; }
.chain { display: flex; flex-wrap: wrap; gap: 6px 0; align-items: flex-start; margin: 6px 0; }
.unit { display: grid; grid-template-columns: auto auto; grid-template-rows: 2.3em auto auto; justify-items: center; align-items: center; }
.unit .in { grid-row: 1; grid-column: 1; padding: 0 1px; color: var(--_control-border); font-size: 1.05em; }
.unit .hbox { grid-row: 1; grid-column: 2; }
.unit .up { grid-row: 2; grid-column: 2; color: var(--_control-border); line-height: 1; }
.unit .tok { grid-row: 3; grid-column: 2; font-size: 0.82em; white-space: nowrap; }
.hbox { min-width: 2.4em; height: 2.2em; padding: 0 3px; border-radius: 4px; border: 1px solid var(--_control-border); display: grid;
  place-items: center; font-size: 0.85em; font-variant-numeric: tabular-nums; background: var(--_bg); color: var(--_fg); }
.hbox.done { background: ${CATEGORY.a}; border-color: ${CATEGORY.a}; color: #fff; }
.hbox.current { background: ${CATEGORY.b}; border: 2px solid var(--_fg); color: #000; font-weight: 700; }
.hbox.waiting { border-style: dashed; color: var(--_muted-5a5a5a); }
.hbox.initial { background: var(--_surface-ececec); }
.unit.current .in, .unit.current .up { color: var(--_fg); font-weight: 700; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 0.82em; align-items: center; margin: 4px 0; }
.legend .hbox { min-width: 1.6em; height: 1.4em; display: inline-grid; vertical-align: middle; margin-right: 4px; }
.arcs { display: block; width: 100%; height: auto; margin: 4px 0; }
.arcs text { font-size: 14px; fill: var(--_fg); }
.arcs text.sel { font-weight: 700; }
.queries { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
.queries button { min-width: 2.6em; padding: 2px 8px; }
.weights { width: 100%; }
.weights td.w { text-align: center; font-variant-numeric: tabular-nums; border-radius: 3px; }
.gloss { font-size: 0.82em; color: var(--_fg-2-444); }
.note { padding: 2px 8px; background: var(--_warn-bg-fff8e8); margin: 6px 0; }
.counts { width: 100%; }
.counts th, .counts td { vertical-align: top; text-align: left; }
.counts td .big { font-weight: 700; font-size: 1.05em; font-variant-numeric: tabular-nums; }
.counts td .formula { display: block; }
.count-input { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; }
.count-input input { width: 9em; }
@media (max-width: 420px) {
  .hbox { min-width: 2.1em; font-size: 0.78em; }
  .counts thead tr, .counts tbody tr { display: grid; grid-template-columns: 1fr 1fr; }
  .counts thead td { display: none; }
  .counts tbody th { grid-column: 1 / -1; border-bottom: none; padding-bottom: 0; }
  .counts th, .counts td { padding: 3px 4px; }
}
`;
