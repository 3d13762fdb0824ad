// <attn-quiz>'s own CSS (after the shared sheet): the questions as fieldsets, the options, the
// number box, the ordering's list, the badges and the feedback.
import { CATEGORY } from '../../web/color.js';

export const QUIZ_CSS = `
ol.questions { list-style: none; padding: 0; margin: 8px 0; display: grid; grid-template-columns: minmax(0, 1fr); gap: 12px; }
fieldset { border: 1px solid var(--_border); border-radius: 6px; padding: 6px 10px 10px; margin: 0; min-width: 0; }
fieldset.right { border-left: 5px solid var(--_ok); }
fieldset.wrong, fieldset.retry { border-left: 5px solid var(--_error); }
legend { font-weight: 600; padding: 0 4px; }
legend .n { color: var(--_muted); font-weight: 600; margin-right: 4px; }
pre.code { margin: 0; padding: 8px 10px; width: max-content; min-width: 100%; box-sizing: border-box; border-radius: 6px; background: var(--_surface-1-f6f6f6); border: 1px solid var(--_border); font-family: var(--_font-mono, ui-monospace, monospace); font-size: 0.86em; line-height: 1.45; white-space: pre; }
.options { display: grid; gap: 4px; margin: 6px 0; }
.options label { display: flex; align-items: flex-start; gap: 8px; padding: 4px 6px; border-radius: 4px; border: 1px solid transparent; cursor: pointer; }
.options label:hover { background: var(--_accent-soft-f3f6fb); }
.options input { margin-top: 0.25em; min-height: 0; width: 1.1em; height: 1.1em; flex: none; }
.options input:focus-visible { outline: 3px solid ${CATEGORY.b}; outline-offset: 2px; }
.options label.is-right, .order li.is-right { border-color: var(--_ok); background: var(--_ok-bg); }
.options label.is-wrong, .order li.is-wrong { border-color: var(--_error); background: var(--_error-bg); }
.number { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 6px 0; }
.number input { width: 12em; max-width: 100%; padding: 4px 8px; border: 1px solid var(--_control-border); border-radius: 6px; background: var(--_bg); color: var(--_fg); }
.number .unit { font-weight: 600; }
ol.order { list-style: none; padding: 0; margin: 6px 0; display: grid; gap: 4px; counter-reset: place; }
ol.order li { counter-increment: place; display: flex; align-items: center; gap: 6px; padding: 4px 6px; border: 1px solid var(--_border); border-radius: 4px; }
ol.order li::before { content: counter(place); font-weight: 700; color: var(--_muted); min-width: 1.2em; text-align: right; flex: none; }
ol.order .text { flex: 1 1 auto; min-width: 0; }
ol.order .moves { display: flex; gap: 4px; flex: none; }
ol.order button { min-width: 40px; min-height: 40px; padding: 0 6px; }
.badge { font-size: 0.82em; font-weight: 700; margin-left: 6px; white-space: nowrap; }
.badge.right { color: var(--_ok); }
.badge.wrong { color: var(--_error); }
.feedback:empty { display: none; }
.feedback { margin-top: 6px; padding: 6px 10px; border-radius: 6px; background: var(--_surface-1-f6f6f6); }
.feedback .verdict { font-weight: 700; display: block; }
.feedback.right .verdict { color: var(--_ok); }
.feedback.wrong .verdict, .feedback.retry .verdict { color: var(--_error); }
.feedback p { margin: 4px 0; }
.feedback ol { margin: 4px 0; padding-left: 1.6em; }
.feedback a { color: var(--_accent); font-weight: 600; }
.summary { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; border-top: 1px solid var(--_border); padding-top: 8px; }
.summary .score { font-weight: 700; }
`;
