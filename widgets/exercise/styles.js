// <attn-exercise>'s own CSS (after the shared sheet): the playground's code editor, the check's
// per-input lines, the hint, a run's error and the solution.
import { CODE_EDITOR_CSS } from '../playground/views/code-editor-css.js';

export const EXERCISE_CSS = `${CODE_EDITOR_CSS}
textarea.code { min-height: 14em; box-sizing: border-box; }
.status { font-weight: 600; }
ul.cases { list-style: none; padding: 0; margin: 6px 0; display: grid; gap: 2px; }
ul.cases li { overflow-wrap: anywhere; }
ul.cases li.ok::before { content: "✓ "; color: var(--_ok); font-weight: 700; }
ul.cases li.wrong::before { content: "✗ "; color: var(--_error); font-weight: 700; }
.hint { border-left: 4px solid var(--_warn-border); background: var(--_warn-bg-fff5e0); padding: 6px 10px; margin: 6px 0; }
.hint strong { display: block; }
.run-error { border-left: 4px solid var(--_error); background: var(--_error-bg); color: var(--_error-fg); padding: 6px 10px; margin: 6px 0; overflow-wrap: anywhere; }
pre.solution { padding: 8px; background: var(--_surface); border-radius: 6px; overflow-x: auto;
  font: 13px/1.45 ui-monospace, "DejaVu Sans Mono", monospace; }
`;
