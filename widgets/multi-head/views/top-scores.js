// For each view, the score behind the largest weight of the chosen query row, written out:
// s(q→k) = q·k / √d = dot / √d = s; softmax → w.
/** @import { Runtime } from '../../../web/runtime.js' */
/** @import { MultiHead } from '../logic.js' */
import { h, pct, num } from '../../../web/dom.js';
import { formula } from '../../../web/mathml.js';
import { rowOf, at } from '../../../web/tensor.js';
import { VIEWS, headDot } from '../logic.js';

/** @typedef {(key: string, ...args: any[]) => any} Text the widget's t() */

/**
 * One p.formula per view.
 * @param {Runtime} rt
 * @param {MultiHead} m
 * @param {number} qi the query row
 * @param {{ labels: string[], t: Text }} o
 */
export function topScoreFormulas(rt, m, qi, { labels, t }) {
  const short = t('viewShort');
  return VIEWS.map((v) => {
    const row = rowOf(m.views[v].weights, qi);
    let top = 0;
    row.forEach((x, j) => {
      if (j <= qi && x > row[top]) top = j;
    });
    const dot = headDot(rt, m, v, qi, top);
    return h(
      'p',
      { class: 'formula', 'data-view': v },
      formula(
        t(
          'scoreFormula',
          short[v],
          labels[qi],
          labels[top],
          m.views[v].dHead,
          num(dot),
          num(at(m.views[v].scores, qi, top)),
          pct(row[top]),
        ),
      ),
    );
  });
}
