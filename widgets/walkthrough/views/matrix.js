// One matrix of a step as a small table in a <figure>. A live matrix (the one this step
// computes) has buttons for cells: a click or an arrow key picks the cell whose arithmetic is
// written out below; a percent matrix colours its visible cells on the widget's scale.
/** @import { Matrix } from '../../../web/tensor.js' */
/** @import { ColorScale } from '../../../web/color.js' */
import { h, pct } from '../../../web/dom.js';
import { weightColor, textOn } from '../../../web/color.js';
import { at } from '../../../web/tensor.js';
import { toggleButtons } from '../../../web/views/toggle-group.js';
import { fmt } from '../logic.js';

/**
 * @typedef {object} MatrixOptions
 * @property {string} title the caption (and the table's accessible name)
 * @property {string[]} rows the row labels
 * @property {string[]} cols the column labels
 * @property {Matrix} values [rows, cols]
 * @property {string} corner the corner header's text
 * @property {(r: string, c: string, v: string) => string} cellLabel a live cell's accessible name
 * @property {ColorScale} scale the colours of a percent matrix
 * @property {boolean} [percent] weights: printed as % and coloured
 * @property {Matrix} [masked] the mask (1 visible, 0 masked): masked cells are not coloured
 * @property {(x: number) => string} [format] the text of a value (default: fmt, or pct)
 * @property {{ cell: [number, number], onPick: (i: number, j: number) => void }} [pick] a live
 *   matrix: the selected cell, and what picking another does
 */

/**
 * @param {MatrixOptions} o
 * @returns {HTMLElement}
 */
export function matrixFigure({
  title,
  rows,
  cols,
  values,
  corner,
  cellLabel,
  scale,
  percent = false,
  masked,
  format,
  pick,
}) {
  const text = format ?? ((/** @type {number} */ v) => (percent ? pct(v) : fmt(v)));
  const head = h('tr', {}, [
    h('th', { scope: 'col', class: 'hm-corner' }, corner),
    ...cols.map((c) => h('th', { scope: 'col' }, c)),
  ]);
  /** @param {number} i @param {number} j */
  const colour = (i, j) =>
    percent && (!masked || at(masked, i, j))
      ? { background: weightColor(at(values, i, j), scale), color: textOn(at(values, i, j), scale) }
      : undefined;
  // A live matrix's cells: one pressed (the selected one), the one Tab reaches; "i,j" each.
  const cells = rows.flatMap((_, i) => cols.map((_, j) => `${i},${j}`));
  /** @param {string} cell "i,j" */
  const ij = (cell) => /** @type {[number, number]} */ (cell.split(',').map(Number));
  const buttons = pick
    ? toggleButtons({
        values: cells,
        data: 'cell',
        pressed: `${pick.cell[0]},${pick.cell[1]}`,
        roving: true,
        label: (cell) => text(at(values, ...ij(cell))),
        attrs: (cell) => {
          const [i, j] = ij(cell);
          return {
            'data-i': i,
            'data-j': j,
            class: masked && !at(masked, i, j) ? 'masked' : undefined,
            'aria-label': cellLabel(rows[i], cols[j], text(at(values, i, j))),
            style: colour(i, j),
          };
        },
        onPick: (cell) => pick.onPick(...ij(cell)),
      }).buttons
    : null;
  const body = rows.map((r, i) =>
    h('tr', {}, [
      h('th', { scope: 'row' }, r),
      ...cols.map((_, j) =>
        h(
          'td',
          {},
          buttons
            ? buttons[i * cols.length + j]
            : h('span', { style: colour(i, j) }, text(at(values, i, j))),
        ),
      ),
    ]),
  );
  const table = h('table', { role: pick ? 'grid' : undefined, 'aria-label': title }, [
    h('thead', {}, head),
    h('tbody', {}, body),
  ]);
  if (pick) {
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    table.addEventListener('keydown', (e) => {
      const mv = moves[e.key];
      if (!mv) return;
      e.preventDefault();
      e.stopPropagation();
      const [fi, fj] = pick.cell;
      /** @param {number} x @param {number} hi */
      const clamp = (x, hi) => Math.max(0, Math.min(hi - 1, x));
      pick.onPick(clamp(fi + mv[0], rows.length), clamp(fj + mv[1], cols.length));
    });
  }
  return h('figure', { class: 'mat' }, [h('figcaption', {}, title), table]);
}
