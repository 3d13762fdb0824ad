// The code editor's look (a monospace textarea and its label), shared by <attn-playground> and
// <attn-exercise>: lines kept whole on a wide screen, wrapped on a phone.
export const CODE_EDITOR_CSS = `
textarea.code { display: block; width: 100%; min-height: 12em; resize: vertical; padding: 8px;
  font: 13px/1.5 ui-monospace, "DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace; tab-size: 2;
  white-space: pre; overflow-wrap: normal; overflow-x: auto; border: 1px solid var(--_control-border); border-radius: 6px;
  background: var(--_surface-1-fbfbfb); color: var(--_fg); }
textarea.code:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
label.code-label { display: block; font-weight: 600; margin: 8px 0 4px; }
/* A phone: long lines wrap (nothing to scroll sideways to, and a syntax error's line is seen). */
@container (max-width: 520px) { textarea.code { white-space: pre-wrap; overflow-wrap: anywhere; overflow-x: hidden; } }
`;
