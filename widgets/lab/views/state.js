// A linear (Gated DeltaNet) layer, shown instead of a heatmap (it has no softmax matrix): what it
// keeps (its state's bytes, from the engine) and ‖S‖ of each head after each token, as a chart
// (one line per head) and a table (heads as rows, tokens as columns, in a scroll region).
/** @import { LabConfig, LabRunResult, LabLinearLayer } from '../../../web/attn-engine.js' */
/** @import { Translate } from './panel.js' */
import { h, svg, num, exactBytes } from '../../../web/dom.js';
import { CATEGORY } from '../../../web/color.js';
import { formula } from '../../../web/mathml.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';
import { chartFrame, axisLines, yTicks, xAxisTitle } from '../../../web/views/axes.js';
import { stateNormsOf } from '../logic.js';

/**
 * One colour per head of a linear layer's ‖S‖ chart (Okabe–Ito, as web/color.js's CATEGORY).
 * @param {number} hd
 */
const headColour = (hd) =>
  [CATEGORY.a, CATEGORY.b, CATEGORY.c, '#CC79A7', '#56B4E9', '#D55E00', '#000000'][hd % 7];

/**
 * The linear layer's view (hidden while a full layer is chosen).
 * @param {{ t: Translate, lang: string }} options
 */
export function stateView({ t, lang }) {
  const size = h('p', {});
  const title = h('h4', {});
  const chartBox = h('div', {});
  const region = scrollRegion([], { label: t('stateY'), lang });
  const el = h('div', { class: 'linear' }, [
    h('p', { class: 'linear-note' }, t('linearNote')),
    size,
    title,
    chartBox,
    region,
    h('p', { class: 'formula' }, formula(t('stateFormula'))),
  ]);
  return {
    el,
    /**
     * Layer `L` of the run, a linear one.
     * @param {LabConfig} c
     * @param {LabRunResult} run
     * @param {LabLinearLayer} layer
     * @param {number} L
     */
    draw(c, run, layer, L) {
      size.textContent = t(
        'stateSize',
        exactBytes(layer.stateBytes),
        c.linearHeads,
        c.linearHeadDim,
        exactBytes(layer.stateBytes - layer.recurrentStateBytes),
        c.convKernel,
      );
      title.textContent = t('stateTitle', L + 1);
      const norms = Array.from({ length: c.linearHeads }, (_, hd) => stateNormsOf(layer, hd));
      chartBox.replaceChildren(
        stateChart(norms, L, t),
        h(
          'div',
          { class: 'legend', 'aria-hidden': 'true' },
          norms.map((_, hd) =>
            h('span', {}, [
              h('span', { class: 'swatch', style: { background: headColour(hd) } }),
              `H${hd + 1}`,
            ]),
          ),
        ),
      );
      const head = h('tr', {}, [
        h('th', { scope: 'col' }, ''),
        ...run.labels.map((l, i) =>
          h('th', { scope: 'col' }, [l, h('br'), h('small', {}, String(i))]),
        ),
      ]);
      const body = norms.map((row, hd) =>
        h('tr', {}, [
          h('th', { scope: 'row' }, `H${hd + 1}`),
          ...row.map((x) => h('td', {}, num(x, 2))),
        ]),
      );
      region.box.replaceChildren(
        h('table', { class: 'state-norms', 'aria-label': t('stateTitle', L + 1) }, [
          h('thead', {}, head),
          h('tbody', {}, body),
        ]),
      );
    },
  };
}

/**
 * ‖S‖ per head against token position: one line per head, drawn from the engine's numbers.
 * @param {number[][]} norms [Hl][T]
 * @param {number} L the layer (0-based)
 * @param {Translate} t
 */
export function stateChart(norms, L, t) {
  const box = { width: 340, height: 180, left: 40, right: 12, top: 10, bottom: 36 };
  const { width: W, height: Hgt, left, right, top, bottom } = box;
  const T = norms[0].length;
  const max = Math.max(...norms.flat(), 1e-6);
  /** @param {number} i */
  const x = (i) => left + (T > 1 ? i / (T - 1) : 0.5) * (W - left - right);
  /** @param {number} v */
  const y = (v) => top + (1 - v / max) * (Hgt - top - bottom);
  const label = norms.map((r, hd) => `H${hd + 1} ${num(r[0], 2)} → ${num(r[T - 1], 2)}`).join('; ');
  return chartFrame(box, t('stateChart', L + 1, label), [
    ...axisLines(box),
    ...yTicks(box, [0, max / 2, max], { y, format: (v) => num(v, 1) }),
    ...norms.map((r, hd) =>
      svg('polyline', {
        points: r.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' '),
        fill: 'none',
        stroke: headColour(hd),
        'stroke-width': 2,
      }),
    ),
    xAxisTitle(box, `${t('stateX')} 0 … ${T - 1}`, { fromBottom: 8 }),
  ]);
}
