// The chosen query's row of weights under the three views (one head, head A, head B) as one
// small heatmap table: a row per view, a column per key; the future keys are masked.
/** @import { MultiHead } from '../logic.js' */
/** @import { ColorScale } from '../../../web/color.js' */
import { h, pct, fitText } from '../../../web/dom.js';
import { weightColor, textOn } from '../../../web/color.js';
import { at } from '../../../web/tensor.js';
import { labelHeader, longColumnsClass } from '../../../web/views/table-labels.js';
import { VIEWS, shapeOf } from '../logic.js';

/** @typedef {(key: string, ...args: any[]) => any} Text the widget's t() */

/**
 * The table of query row qi's weights, one row per view.
 * @param {MultiHead} m
 * @param {number} qi
 * @param {{ labels: string[], t: Text, scale: ColorScale }} o
 */
export function queryRowsTable(m, qi, { labels, t, scale }) {
  const names = t('viewName', shapeOf(m));
  const short = t('viewShort');
  const head = h('tr', {}, [
    h('th', { scope: 'col', class: 'hm-corner' }, t('rowsCorner')),
    ...labels.map((l) => labelHeader(l, 'col', 'hm-col')),
  ]);
  const body = VIEWS.map((v) =>
    h('tr', { 'data-view': v }, [
      h('th', { scope: 'row', title: names[v] }, short[v]),
      ...labels.map((l, j) => {
        const wv = at(m.views[v].weights, qi, j);
        const hidden = j > qi;
        return h(
          'td',
          {
            class: hidden ? 'hm-cell hm-hidden' : 'hm-cell',
            'aria-label': t('cell', short[v], l, hidden ? t('future') : pct(wv)),
            style: hidden
              ? undefined
              : { background: weightColor(wv, scale), color: textOn(wv, scale) },
          },
          hidden ? '' : fitText(pct(wv), pct(wv, 0)),
        );
      }),
    ]),
  );
  return h(
    'table',
    {
      class: `heatmap rows ${longColumnsClass(labels)}`.trim(),
      'aria-label': t('rowsCaption', labels[qi]),
    },
    [h('thead', {}, head), h('tbody', {}, body)],
  );
}
