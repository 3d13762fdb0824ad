// The colours and CSS of <attn-softmax-variance>'s own drawings (tables, histograms, rows).
import { CATEGORY } from '../../../web/color.js';

export const UNSCALED = '#D55E00'; // Okabe–Ito vermillion: no ÷√d (and negative shares)
export const SCALED = CATEGORY.a; //  Okabe–Ito blue: ÷√d

export const CSS = `
.section { margin: 14px 0 0; padding-top: 10px; border-top: 1px solid var(--_rule); }
h3 { font-size: 0.98rem; margin: 0 0 6px; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
figure { margin: 4px 0; flex: 1 1 300px; min-width: 0; max-width: 100%; }
figcaption { font-size: 0.88em; font-weight: 600; }
figure svg { display: block; width: 100%; height: auto; max-width: 420px; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; }
.minibar { display: block; width: 90px; height: 12px; }
td.val { white-space: nowrap; }
.cellbar { display: flex; align-items: center; gap: 6px; }
thead th { vertical-align: bottom; }
@media (max-width: 420px) {
  .minibar { width: 56px; } th, td { padding: 4px 3px; }
  .cellbar { flex-direction: column-reverse; align-items: flex-end; gap: 2px; }
}
.guess { color: var(--_muted); text-decoration: line-through; }
output { min-width: 5.5em; }
`;
