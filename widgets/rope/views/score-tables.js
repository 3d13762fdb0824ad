// The tables of scores over positions: the shift-invariance table (one (i, j) moved together
// and the key moved alone) and the grid of every (i, j), constant along each diagonal j − i.
/** @import { AttnWidget } from '../../../web/widget-base.js' */
/** @import { ColorScale } from '../../../web/color.js' */
import { h, num } from '../../../web/dom.js';
import { weightColor, textOn } from '../../../web/color.js';

/**
 * A row of the invariance table: the positions, the score there, and whether both moved.
 * @typedef {{ i: number, j: number, score: number, kind: 'same' | 'other' }} ShiftRow
 */

/**
 * The invariance table's rows, filled in place of `table`'s.
 * @param {HTMLTableElement} table
 * @param {ShiftRow[]} rows
 * @param {AttnWidget['t']} t the widget's strings
 */
export function fillInvarianceTable(table, rows, t) {
  table.replaceChildren(
    h(
      'thead',
      {},
      h('tr', {}, [
        h('th', { scope: 'col' }, t('colPos')),
        h('th', { scope: 'col' }, t('colDelta')),
        h('th', { scope: 'col' }, t('colScore')),
        h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, t('colWhat'))),
      ]),
    ),
    h(
      'tbody',
      {},
      rows.map((r) =>
        h('tr', { class: r.kind }, [
          h('td', {}, `(${r.i}, ${r.j})`),
          h('td', {}, String(r.j - r.i)),
          h('td', { class: 'formula' }, num(r.score, 4)),
          h('td', {}, t(r.kind === 'same' ? 'rowSame' : 'rowOther')),
        ]),
      ),
    ),
  );
}

/**
 * The grid of scores: grid[a][b] is q at position a against k at position b, coloured from the
 * lowest to the highest score; (i, j) marked, and its diagonal (same j − i) outlined.
 * @param {ArrayLike<number>[]} grid
 * @param {{ i: number, j: number, scale: ColorScale, t: AttnWidget['t'] }} options
 */
export function scoreGridTable(grid, { i, j, scale, t }) {
  const n = grid.length;
  const flat = grid.flatMap((r) => Array.from(r));
  const lo = Math.min(...flat),
    hi = Math.max(...flat);
  /** @param {number} s */
  const tone = (s) => (hi > lo ? (s - lo) / (hi - lo) : 0.5);
  const pos = Array.from({ length: n }, (_, p) => p);
  return h('table', { class: 'grid', 'aria-label': t('gridTitle', n), 'data-role': 'grid' }, [
    h(
      'thead',
      {},
      h('tr', {}, [
        h('th', { scope: 'col' }, t('gridCorner')),
        ...pos.map((p) => h('th', { scope: 'col' }, String(p))),
      ]),
    ),
    h(
      'tbody',
      {},
      pos.map((a) =>
        h('tr', {}, [
          h('th', { scope: 'row' }, String(a)),
          ...pos.map((b) => {
            const s = grid[a][b];
            const cls = a === i && b === j ? 'here' : b - a === j - i ? 'diag' : undefined;
            return h(
              'td',
              {
                class: cls,
                'aria-label': t('gridCell', a, b, num(s, 4)),
                style: { background: weightColor(tone(s), scale), color: textOn(tone(s), scale) },
              },
              num(s),
            );
          }),
        ]),
      ),
    ),
  ]);
}

/**
 * The partial-rotary toy, dim by dim: before, after, and whether it turned; filled in place of
 * `table`'s rows.
 * @param {HTMLTableElement} table
 * @param {{ before: ArrayLike<number>, after: ArrayLike<number> }} toy
 * @param {AttnWidget['t']} t the widget's strings
 */
export function fillToyTable(table, { before, after }, t) {
  table.replaceChildren(
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        [t('toyDim'), t('toyBefore'), t('toyAfter'), t('toyState')].map((c) =>
          h('th', { scope: 'col' }, c),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      Array.from(before, (b, k) => {
        const same = after[k] === b;
        return h('tr', {}, [
          h('th', { scope: 'row' }, String(k)),
          h('td', { class: 'formula' }, num(b, 4)),
          h('td', { class: `formula ${same ? 'kept' : 'turned'}` }, num(after[k], 4)),
          h('td', { class: same ? 'kept' : 'turned' }, t(same ? 'kept' : 'turned')),
        ]);
      }),
    ),
  );
}
