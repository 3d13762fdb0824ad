// The stepper's own CSS (after the shared sheet): the sliders, the step boxes and their legend,
// the counts, the token ids and the byte bars.
import { CATEGORY } from '../../web/color.js';

export const CSS = `
h3 { font-size: 0.98rem; margin: 10px 0 4px; }
.controls { display: grid; gap: 4px 12px; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); }
.controls label { display: grid; grid-template-columns: 1fr auto; gap: 0 8px; align-items: center; }
.controls input[type="range"] { grid-column: 1 / -1; width: 100%; min-width: 0; }
.stepper { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 8px 0; }
.stepper .status { font-weight: 600; }
.steps { display: grid; gap: 6px; margin: 6px 0; }
.step { border: 1px solid var(--_border-d7d7d7); border-radius: 6px; padding: 4px 6px; }
.step.current { border: 2px solid var(--_accent); }
.step-title { font-size: 0.85em; font-weight: 600; margin: 0 0 2px; }
.lane { display: grid; grid-template-columns: 10em minmax(0, 1fr); gap: 6px; align-items: center; margin: 2px 0; }
.lane-label { font-size: 0.82em; color: var(--_fg-2-333); }
.boxes { display: flex; flex-wrap: wrap; gap: 3px; }
/* A position chip: at least 28 × 32 px with 13 px text (11 px for its position), on a phone too. */
.box { min-width: 32px; height: 36px; padding: 0 2px; border-radius: 4px; border: 1px solid var(--_control-border); display: grid; place-items: center;
  font-size: 13px; line-height: 1.1; text-align: center; font-variant-numeric: tabular-nums; background: var(--_bg); color: var(--_fg); }
.box .pos { font-size: 11px; }
.box.computed { background: ${CATEGORY.a}; border-color: ${CATEGORY.a}; color: #fff; }
.box.reused { background-color: ${CATEGORY.b}; color: #000; border-color: var(--_warn-border-8a5f00);
  background-image: repeating-linear-gradient(135deg, rgba(255,255,255,0.45) 0 3px, transparent 3px 7px); }
.box.new { border: 2px dashed var(--_fg); font-weight: 700; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 0.85em; align-items: center; margin: 4px 0; }
.legend .box { min-width: 24px; width: 24px; height: 24px; display: inline-grid; vertical-align: middle; margin-right: 4px; }
.counts { width: 100%; }
.counts td, .counts th { vertical-align: top; }
.count-formulas p { margin: 2px 0; }
.big { font-weight: 700; font-size: 1.05em; }
.tokens { display: grid; gap: 2px; }
.tokens .lane-label { font-weight: 600; }
.ids { font-family: ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
.ids .gen { font-weight: 700; text-decoration: underline; }
.same { font-weight: 600; color: var(--_ok); }
.differ { font-weight: 600; color: var(--_error); }
.bytes { display: grid; gap: 3px; }
.bar-row { display: grid; grid-template-columns: 4.2em minmax(0, 1fr); gap: 0 8px; align-items: center; }
.bar-row .bar-track { height: 12px; }
.bar-row .val { grid-column: 2; font-size: 0.85em; }
.note { padding: 2px 8px; background: var(--_warn-bg-fff8e8); margin: 6px 0; }
@media (max-width: 420px) {
  .lane { grid-template-columns: 1fr; gap: 0; }
  .box { min-width: 28px; height: 32px; font-size: 12px; }
}
`;
