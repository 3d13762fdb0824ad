// Tables that fit a phone without cutting a column, two ways (CSS: NARROW_TABLES_CSS, for a
// widget's static css; it applies only in a narrow widget, ≤ 520 px):
//   a grid of numbers over heads or layers (class "fit-grid"): the columns share the widget's
//     width; past DENSE_GRID columns a cell shows its colour only (its number stays in its name);
//   a table of records (class "stack-narrow", then labelCells): each row becomes a block of
//     "column: value" lines, the column names written in by labelCells, the ARIA roles kept so
//     that it still reads as a table.
/** Columns past which a fitted grid on a phone shows colours without numbers. */
export const DENSE_GRID = 10;

/**
 * Each body cell gets its column's name (data-label, shown before it in a narrow widget), and
 * every part its table role, which a block layout would otherwise drop.
 * @param {HTMLTableElement} table
 * @returns {HTMLTableElement}
 */
export function labelCells(table) {
  table.classList.add('stack-narrow');
  table.setAttribute('role', 'table');
  const names = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
  for (const part of table.querySelectorAll('thead, tbody')) part.setAttribute('role', 'rowgroup');
  for (const tr of table.querySelectorAll('tr')) tr.setAttribute('role', 'row');
  for (const th of table.querySelectorAll('thead th')) th.setAttribute('role', 'columnheader');
  for (const tr of table.querySelectorAll('tbody tr'))
    [...tr.children].forEach((cell, k) => {
      cell.setAttribute('role', cell.localName === 'th' ? 'rowheader' : 'cell');
      if (cell.localName === 'td' && names[k]) cell.setAttribute('data-label', names[k]);
    });
  return table;
}

/**
 * The classes of a grid of `columns` columns (a row label and a cell per head): "fit-grid", and
 * "dense" past DENSE_GRID.
 * @param {number} columns
 */
export const fitGridClass = (columns) => `fit-grid${columns > DENSE_GRID ? ' dense' : ''}`;

/** The visually hidden header row of a stacked table: still there for a screen reader. */
const HIDDEN =
  'position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);';

export const NARROW_TABLES_CSS = `
@container (max-width: 520px) {
  table.fit-grid { table-layout: fixed; width: 100%; }
  table.fit-grid th:first-child { width: 2.8em; }
  table.fit-grid td, table.fit-grid th { min-width: 0; padding: 1px 0; overflow: hidden; font-size: 0.75em; }
  table.fit-grid td button { min-width: 0; width: 100%; padding: 2px 0; font-size: 1em; }
  table.fit-grid.dense td, table.fit-grid.dense td button { font-size: 0; min-height: 22px; }
  table.stack-narrow, table.stack-narrow tbody, table.stack-narrow tr, table.stack-narrow td,
  table.stack-narrow tbody th { display: block; width: auto; }
  table.stack-narrow thead { ${HIDDEN} }
  table.stack-narrow tr { border-top: 1px solid var(--_rule); padding: 4px 0; }
  table.stack-narrow tbody th { text-align: left; white-space: normal; }
  table.stack-narrow td { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; white-space: normal; text-align: right; padding: 1px 0; }
  table.stack-narrow td::before { content: attr(data-label); font-weight: 600; text-align: left; color: var(--_fg-2); }
}
`;
