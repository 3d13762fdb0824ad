// <attn-dot-product>'s own CSS (after the shared sheet): the expansion and its term bars, the
// geometric drawing, the score matrix's buttons, the two score cards and the memory panel.
export const DOT_PRODUCT_CSS = `
section { border-top: 1px solid var(--_border); margin-top: 10px; padding-top: 4px; }
.expansion p { margin: 2px 0; }
.expansion .total { font-weight: 700; font-size: 1em; color: var(--_fg); }
ol.terms { list-style: none; padding: 0; margin: 6px 0; }
ol.terms li { display: grid; grid-template-columns: minmax(3.2em, max-content) minmax(60px, 1fr) minmax(9em, max-content); gap: 2px 8px; align-items: center; padding: 2px 0; }
ol.terms .formula { text-align: right; }
.bar-track { min-width: 60px; }
.zero { position: absolute; top: -3px; bottom: -3px; width: 2px; margin-left: -1px; background: var(--_fg); }
.geo { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
.geo svg { width: 100%; max-width: 300px; height: auto; flex: 0 1 300px; }
.geo .lines { flex: 1 1 220px; min-width: 0; }
table.scores td { padding: 2px; border: 0; }
table.scores button.cell { min-width: 56px; min-height: 36px; border-radius: 3px; border: 2px solid transparent; font-variant-numeric: tabular-nums; padding: 2px 4px; }
table.scores button.cell[aria-pressed="true"] { border-color: var(--_fg); box-shadow: 0 0 0 2px var(--_bg) inset; font-weight: 700; }
table.scores th { text-align: center; white-space: nowrap; }
.compare { display: grid; grid-template-columns: repeat(auto-fit, minmax(250px, 1fr)); gap: 10px; margin-top: 6px; }
.card { border: 1px solid var(--_border); border-radius: 6px; padding: 8px 10px; min-width: 0; }
.card h4 { margin: 0 0 4px; font-size: 0.95rem; }
.card .score { font-weight: 700; font-variant-numeric: tabular-nums; }
.tag { display: inline-block; font-size: 0.8em; border: 1px solid var(--_control-border); border-radius: 4px; padding: 0 4px; margin-left: 4px; }
.mem { display: grid; grid-template-columns: minmax(6em, max-content) minmax(80px, 1fr) minmax(5em, max-content); gap: 4px 8px; align-items: center; margin: 6px 0; }
.mem .val { font-weight: 700; text-align: right; font-variant-numeric: tabular-nums; }
.mem .formula { grid-column: 1 / -1; margin: 0 0 4px; }
.bar-fill.add { background: #E69F00; }
.bar-fill.dot { background: #0072B2; min-width: 2px; }
input[type="number"] { width: 9em; max-width: 100%; }
.presets button[aria-pressed="true"] { font-weight: 700; }
@media (max-width: 420px) {
  ol.terms li { grid-template-columns: minmax(2.8em, max-content) minmax(50px, 1fr); }
  ol.terms .formula { grid-column: 1 / -1; text-align: left; }
  .mem { grid-template-columns: minmax(5em, max-content) minmax(60px, 1fr) minmax(4.5em, max-content); }
}
@container (max-width: 520px) {
  table.scores { font-size: 13px; }
  table.scores td { padding: 1px; }
  table.scores button.cell { min-width: 40px; min-height: 34px; padding: 1px; }
  table.scores th { padding: 1px 3px; }
}
`;
