// <attn-milestone>'s own CSS (after the shared sheet): its sections, the source picker, the
// checks' table with its break-it switches, the export and the pitfalls.
export const MILESTONE_CSS = `
section { border-top: 1px solid var(--_border); margin-top: 12px; padding-top: 4px; }
ul.cards, ol.cards { list-style: none; padding: 0; margin: 6px 0; display: grid; gap: 8px;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); }
ol.cards.tests { counter-reset: test; }
ol.cards.tests > li { counter-increment: test; }
ol.cards.tests > li > h4::before { content: counter(test) ". "; }
.card { border: 1px solid var(--_border); border-radius: 6px; padding: 8px 10px; min-width: 0; overflow-wrap: anywhere; }
.card h4 { margin: 0 0 4px; font-size: 1rem; }
.card p { margin: 4px 0; }
dl { margin: 0; }
dt { font-weight: 600; margin-top: 4px; }
dd { margin: 0 0 0 0; }
.status { font-weight: 700; }
.status.ok, li.ok .mark { color: var(--_ok); }
.status.bad, li.bad .mark, .note.bad { color: var(--_error-fg); }
.fields { display: grid; grid-template-columns: repeat(auto-fill, minmax(9.5em, 1fr)); gap: 8px; margin: 6px 0; }
.fields .field { display: flex; flex-direction: column; justify-content: space-between; gap: 2px; margin: 0; text-align: start; }
.fields input, .fields select { margin: 0; width: 100%; box-sizing: border-box; }
dd p { margin: 2px 0; }
pre.code { padding: 8px; background: var(--_surface-1); border-radius: 6px; overflow-x: auto;
  font: 13px/1.45 var(--_font-mono, ui-monospace, monospace); margin: 4px 0; }
code { font-family: var(--_font-mono, ui-monospace, monospace); font-size: 0.9em; overflow-wrap: anywhere; }
ul.export-checks { list-style: none; padding: 0; margin: 6px 0; display: grid; gap: 4px; }
.big { font-weight: 700; }
.model-facts { margin: 4px 0; }
`;
