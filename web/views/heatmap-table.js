// A weights heatmap as an HTML table (screen readers read it as a table; it reflows on a phone):
// row labels are queries, column labels keys, each cell coloured by weight with its percentage,
// the causal upper triangle greyed, and a read-out line that follows the hovered or focused
// cell. Used by <attn-heatmap> and by any widget that shows a weights matrix; where the student
// presses cells (mask-grid's mask, dot-product's score matrix) they are toggle buttons.
import { h, pct } from '../dom.js';
import { weightColor, textOn } from '../color.js';
/** @import { ColorScale } from '../color.js' */
/** @import { Child } from '../dom.js' */
import { labelHeader, longColumnsClass, cornerText } from './table-labels.js';

/**
 * A cell picked by a click, and by the widget's keys: a toggle button (aria-pressed) in a grid
 * cell, as mask-grid's mask and dot-product's score matrix have them. pressed(i, j): the button's
 * state; cursor: the one cell Tab reaches (the widget moves it with the arrow keys); shade(i, j,
 * w): the value its colour stands for, null for a cell drawn without colour; content(i, j, w): its
 * text; onPick(i, j): what a press does.
 * @typedef {{ pressed: (i: number, j: number) => boolean, cursor: [number, number],
 *   shade: (i: number, j: number, w: number) => number | null,
 *   content: (i: number, j: number, w: number) => Child | Child[],
 *   onPick: (i: number, j: number) => void }} HeatmapPick
 */
/**
 * What heatmapTable and heatmapParts take.
 * weights: number[] (row-major, rows × cols) or number[][]; rows/cols: labels;
 * causal: grey cells with j > i; digits: percentage decimals;
 * onFocus(i, j): called when a cell is hovered or focused (for the read-out);
 * caption: accessible name; cellLabel(i, j, w, hidden): a cell's own accessible name;
 * corner: the corner header's text (what rows and columns are), by default "Q↓ K→" in `lang`;
 * fit: in a narrow widget (a phone) the table takes the box's width and its columns share it, so
 * no column is cut: past DENSE_COLUMNS columns the cells show their colour only (the number stays
 * in the cell's name, and in a read-out where the widget has one), and past the width of 10 px
 * columns (a long prompt) it scrolls in its region;
 * pick: the cells are buttons a student presses (HeatmapPick) in place of read-only cells;
 * extra: a column after the weights (a row's sum): its header and each row's cell.
 * @typedef {{
 *   weights: ArrayLike<number> | number[][], rows: string[], cols: string[], causal?: boolean,
 *   digits?: number, onFocus?: (i: number, j: number) => void, caption: string,
 *   cellLabel?: (i: number, j: number, w: number, hidden: boolean) => string, corner?: string,
 *   lang?: string, scale: ColorScale, fit?: boolean, pick?: HeatmapPick,
 *   extra?: { head: HTMLTableCellElement, cell: (i: number) => HTMLTableCellElement },
 * }} HeatmapOptions
 */

/**
 * The head and body of a heatmap, for a widget that keeps its own table (mask-grid).
 * @param {Omit<HeatmapOptions, 'caption' | 'fit'>} options
 * @returns {[HTMLTableSectionElement, HTMLTableSectionElement]}
 */
export function heatmapParts({
  weights,
  rows,
  cols,
  causal = false,
  digits = 0,
  onFocus,
  cellLabel,
  lang = 'zh-CN',
  corner = cornerText(lang),
  scale,
  pick,
  extra,
}) {
  /** @type {(i: number, j: number) => number} */
  const at = Array.isArray(weights[0])
    ? (i, j) => /** @type {number[][]} */ (weights)[i][j]
    : (i, j) => /** @type {ArrayLike<number>} */ (weights)[i * cols.length + j];
  /** @param {number} v */
  const colour = (v) => ({ background: weightColor(v, scale), color: textOn(v, scale) });
  /** @param {number} i @param {number} j */
  const readOnlyCell = (i, j) => {
    const w = at(i, j);
    const hidden = causal && j > i;
    const text = hidden ? '' : pct(w, digits);
    // The accessible name contains the visible text (WCAG label-in-name).
    const label = cellLabel
      ? cellLabel(i, j, w, hidden)
      : `${rows[i]} → ${cols[j]}: ${hidden ? '—' : text}`;
    return h(
      'td',
      {
        class: hidden ? 'hm-cell hm-hidden' : 'hm-cell',
        tabindex: i === 0 && j === 0 ? '0' : '-1',
        'data-i': i,
        'data-j': j,
        'aria-label': label,
        style: hidden ? {} : colour(w),
        onmouseenter: () => onFocus?.(i, j),
        onfocus: () => onFocus?.(i, j),
      },
      text,
    );
  };
  /** @param {HeatmapPick} p @param {number} i @param {number} j */
  const pickedCell = (p, i, j) => {
    const w = at(i, j);
    const shade = p.shade(i, j, w);
    const focused = p.cursor[0] === i && p.cursor[1] === j;
    return h(
      'td',
      { role: 'gridcell' },
      h(
        'button',
        {
          type: 'button',
          class: shade === null ? 'cell off' : 'cell',
          tabindex: focused ? '0' : '-1',
          'aria-pressed': String(p.pressed(i, j)),
          'data-i': i,
          'data-j': j,
          onclick: () => p.onPick(i, j),
          style: shade === null ? {} : colour(shade),
        },
        p.content(i, j, w),
      ),
    );
  };
  const head = h('tr', {}, [
    h('th', { scope: 'col', class: 'hm-corner' }, corner),
    ...cols.map((c) => labelHeader(c, 'col', 'hm-col')),
    extra?.head,
  ]);
  const body = rows.map((r, i) =>
    h('tr', {}, [
      labelHeader(r, 'row'),
      ...cols.map((_, j) => (pick ? pickedCell(pick, i, j) : readOnlyCell(i, j))),
      extra?.cell(i),
    ]),
  );
  return [h('thead', {}, head), h('tbody', {}, body)];
}

/**
 * A weights heatmap as a table element with its keyboard: the arrow keys move between the cells
 * (one tab stop for the whole grid).
 * @param {HeatmapOptions} options
 */
export function heatmapTable(options) {
  const { rows, cols, caption, fit = false } = options;
  const fitClass = fit ? `hm-fit${cols.length > DENSE_COLUMNS ? ' hm-dense' : ''}` : '';
  const cls = `heatmap ${longColumnsClass(cols)} ${fitClass}`.replace(/ +/g, ' ').trim();
  const table = h(
    'table',
    {
      class: cls,
      role: 'grid',
      'aria-label': caption ?? '',
      ...(fit ? { style: { '--hm-cols': String(cols.length) } } : {}),
    },
    heatmapParts(options),
  );
  // Arrow keys move between cells (one tab stop for the whole grid).
  table.addEventListener('keydown', (e) => {
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const m = moves[e.key];
    const target = /** @type {Element} */ (e.target);
    /** @type {HTMLElement | null} */
    const cell = target.closest?.('td.hm-cell');
    if (!m || !cell) return;
    e.preventDefault();
    const i = Math.max(0, Math.min(rows.length - 1, Number(cell.dataset.i) + m[0]));
    const j = Math.max(0, Math.min(cols.length - 1, Number(cell.dataset.j) + m[1]));
    /** @type {HTMLElement | null} */
    const next = table.querySelector(`td[data-i="${i}"][data-j="${j}"]`);
    if (!next) return;
    cell.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
  return table;
}

/**
 * Columns past which a fitted table (`fit`) in a narrow widget shows colours without numbers: at
 * 360 px a cell of ten columns is about 27 px wide, the width of "100%" in the cells' font.
 */
export const DENSE_COLUMNS = 10;

/**
 * A drawn table changed in place to new weights of the same shape (a new snapshot, another head):
 * each cell's colour, number and name, nothing built or laid out again but what differs.
 * @param {HTMLTableElement} table a heatmapTable with rows × cols cells
 * @param {{ weights: ArrayLike<number>, rows: string[], cols: string[], causal?: boolean,
 *   digits?: number, scale: ColorScale, caption?: string }} o
 * @returns {boolean} false when the shape differs (draw a new table then)
 */
export function updateHeatmapTable(table, o) {
  const { weights, rows, cols, causal = false, digits = 0, scale, caption } = o;
  const cells = /** @type {NodeListOf<HTMLElement>} */ (table.querySelectorAll('td.hm-cell'));
  if (cells.length !== rows.length * cols.length) return false;
  if (caption !== undefined && table.getAttribute('aria-label') !== caption)
    table.setAttribute('aria-label', caption);
  // A dense fitted table on a phone shows colours only (font-size 0): its cells keep their
  // numbers in their names and no text, since a text changed in one cell lays out the whole
  // table again (docs/benchmarks.md, "Figures behind the code").
  const shown = cells.length > 0 && getComputedStyle(cells[0]).fontSize !== '0px';
  // The cells in document order are row-major (heatmapTable makes them so).
  for (let k = 0; k < cells.length; k++) {
    const cell = cells[k];
    const i = Math.floor(k / cols.length);
    const j = k % cols.length;
    if (causal && j > i) continue;
    const w = weights[i * cols.length + j];
    const text = pct(w, digits);
    const label = `${rows[i]} → ${cols[j]}: ${text}`;
    const visible = shown ? text : '';
    if (cell.textContent !== visible) cell.textContent = visible;
    if (cell.getAttribute('aria-label') === label) continue;
    cell.setAttribute('aria-label', label);
    cell.style.background = weightColor(w, scale);
    cell.style.color = textOn(w, scale);
  }
  return true;
}

/** CSS for heatmapTable (add to a widget's static css). */
export const HEATMAP_CSS = `
table.heatmap { border-collapse: separate; border-spacing: 2px; }
table.heatmap th { font-weight: 600; padding: 2px 4px; text-align: center; white-space: nowrap; }
table.heatmap td.hm-cell { min-width: 44px; height: 36px; text-align: center; border-radius: 3px; padding: 2px 4px; border: 0; font-variant-numeric: tabular-nums; }
table.heatmap td.hm-hidden { background: repeating-linear-gradient(135deg, var(--_surface-3-e4e4e4) 0 4px, var(--_surface-f3f3f3) 4px 8px); }
table.heatmap td.hm-cell:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
.hm-readout { min-height: 1.5em; }
/* Narrow (a phone): compact cells (the labels compact themselves: web/views/table-labels.js). */
@container (max-width: 520px) {
  table.heatmap { border-spacing: 1px; font-size: 13px; }
  table.heatmap th { padding: 1px 3px; }
  table.heatmap td.hm-cell { min-width: 34px; height: 32px; padding: 1px 2px; }
  /* fit: the columns share the box's width (the first one, the row labels, 48 px). */
  table.heatmap.hm-fit { table-layout: fixed; width: 100%; }
  table.heatmap.hm-fit th.hm-corner { width: 48px; min-width: 0; padding: 0 1px; font-size: 0.75em; white-space: normal; overflow: hidden; }
  table.heatmap.hm-fit tbody th { padding: 0 2px; font-size: 0.85em; overflow: hidden; text-overflow: ellipsis; }
  table.heatmap.hm-fit th.hm-col { padding: 0; overflow: hidden; }
  table.heatmap.hm-fit td.hm-cell { min-width: 0; width: auto; height: 28px; padding: 0; font-size: 0.72em; overflow: hidden; }
  table.heatmap.hm-fit.hm-dense td.hm-cell { height: 20px; font-size: 0; }
  /* Past about 27 columns a cell would be narrower than 10 px: the table scrolls instead. */
  table.heatmap.hm-fit.hm-dense { width: max(100%, calc(48px + var(--hm-cols) * 10px)); }
}
.hm-legend { display: flex; align-items: center; gap: 6px; font-size: 0.85em; }
.hm-legend .ramp { display: inline-flex; height: 12px; width: 140px; }
.hm-legend .ramp span { flex: 1; }
/* Forced colours replace the fills with Canvas: each cell keeps its number and gets a border (a
   hidden cell a dashed one); the legend's ramp keeps its colours, being the key to the fills. */
@media (forced-colors: active) {
  table.heatmap td.hm-cell { border: 1px solid CanvasText; }
  table.heatmap td.hm-hidden { border-style: dashed; }
  .hm-legend .ramp { forced-color-adjust: none; }
}
`;

/**
 * A legend: the colour ramp from 0% to 100%.
 * @param {ColorScale} scale the colours of the cells it explains
 */
export function heatmapLegend(scale) {
  const steps = Array.from({ length: 10 }, (_, i) =>
    h('span', { style: { background: weightColor(i / 9, scale) } }),
  );
  return h('div', { class: 'hm-legend', 'aria-hidden': 'true' }, [
    '0%',
    h('span', { class: 'ramp' }, steps),
    '100%',
  ]);
}
