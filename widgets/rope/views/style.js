// The CSS of <attn-rope>'s own drawings (sliders, planes, tables, strip), after the shared sheet.
export const CSS = `
.sliders { display: grid; gap: 4px; }
.sliders label { display: grid; grid-template-columns: 1fr auto; gap: 0 8px; align-items: center; }
.sliders label > span:first-child { grid-column: 1 / -1; }
.sliders input[type="range"] { min-width: 0; width: 100%; }
output { min-width: 2ch; }
.panels { display: flex; flex-wrap: wrap; gap: 10px; }
.panel { margin: 0; flex: 1 1 130px; min-width: 120px; max-width: 190px; }
.panel svg { width: 100%; height: auto; display: block; border: 1px solid var(--_border); border-radius: 6px; background: var(--_surface-1-fcfcfc); }
.panel figcaption { font-size: 0.85em; text-align: center; }
.score { font-size: 1.05em; }
.score strong { font-variant-numeric: tabular-nums; }
.delta { display: inline-block; padding: 2px 8px; border-radius: 4px; background: var(--_accent-soft-eef5fb); border: 1px solid #0072B2; font-weight: 600; }
table.inv td, table.inv th { text-align: center; }
table.inv td:nth-child(-n+3), table.inv th { white-space: nowrap; }
table.inv tr.same td { background: var(--_ok-bg-eef8f4); }
table.inv tr.other td { background: var(--_warn-bg-fdf0e6); }
table.grid { border-collapse: separate; border-spacing: 2px; }
table.grid th { font-size: 0.8em; padding: 1px 3px; border: 0; text-align: center; white-space: nowrap; }
table.grid td { min-width: 38px; height: 30px; padding: 1px 3px; text-align: center; font-size: 0.8em; border: 0; border-radius: 3px; }
table.grid td.diag { box-shadow: inset 0 0 0 2px #D55E00; }
table.grid td.here { box-shadow: inset 0 0 0 4px #D55E00; font-weight: 700; }
@media (max-width: 420px) { table.grid td { min-width: 30px; padding: 1px; font-size: 0.72em; } table.grid { border-spacing: 1px; } }
.note { margin: 8px 0; }
.strip svg, .freq svg { width: 100%; max-width: 520px; height: auto; display: block; }
.legend { display: flex; flex-wrap: wrap; gap: 10px; font-size: 0.85em; align-items: center; }
.swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
table.toy td, table.toy th { text-align: center; }
td.kept { background: var(--_ok-bg-eef8f4); }
td.turned { background: var(--_accent-soft-eef5fb); }
`;
