// Attention layer by layer and head by head: the layer and head sliders in a bar that stays in
// view (sticky) above what they drive; on a full layer the chosen head's weights as a heatmap
// (the Run's very pass, one row per query) with the fan-out arcs of the selected query row under
// it, and a button to a head where a far key beats the neighbour when this one shows none; on a
// linear layer its state instead (./state.js).
/** @import { LabConfig, LabRunResult } from '../../../web/attn-engine.js' */
/** @import { ColorScale } from '../../../web/color.js' */
/** @import { Translate } from './panel.js' */
import { h, pct } from '../../../web/dom.js';
import { formula } from '../../../web/mathml.js';
import { heatmapTable, heatmapLegend } from '../../../web/views/heatmap-table.js';
import { FanOutArcs, fanOutArcs, distanceFree } from '../../../web/views/fan-out-arcs.js';
import { sliderRow } from '../../../web/views/slider.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';
import { headWeights, isFull, prediction, farHead } from '../logic.js';
import { stateView } from './state.js';

/**
 * The heatmap section, starting on `layer`, `head`, its legend in `scale`. onLayer / onHead: a
 * slider moved (0-based); onQuery: the student picked a query row (a heatmap cell, the arcs'
 * tokens); onPick(layer, head, query): show that head with that query row (the far-head button).
 * @param {{
 *   t: Translate, lang: string, config: LabConfig, layer: number, head: number,
 *   scale: ColorScale,
 *   onLayer: (layer: number) => void, onHead: (head: number) => void,
 *   onQuery: (query: number) => void,
 *   onPick: (layer: number, head: number, query: number) => void,
 * }} options
 */
export function heatmapSection(options) {
  const { t, lang, config: c, layer, head, scale, onLayer, onHead, onQuery, onPick } = options;
  /**
   * @param {'layer' | 'head'} id the input's id and its label's string key
   * @param {number} max
   * @param {number} value 0-based
   * @param {(v: number) => void} set
   */
  const slider = (id, max, value, set) =>
    sliderRow({ id, label: t(id), min: 1, max, value: value + 1, onInput: (v) => set(v - 1) });
  const layerRow = slider('layer', c.nLayers, layer, onLayer);
  const headRow = slider('head', c.nHeads, head, onHead);
  const { input: layerInput, out: layerOut } = layerRow;
  const { input: headInput, out: headOut } = headRow;
  const headOf = h('p', { class: 'muted' });
  const passCaption = h('p', { class: 'pass' });
  const heatRegion = scrollRegion([], { label: t('heatTitle'), lang });
  const heatBox = heatRegion.box;
  const arcs = new FanOutArcs({ t, onSelect: onQuery });
  // A heatmap cell focused (by click or arrow keys) selects its query row for the arcs.
  heatBox.addEventListener('focusin', (e) => {
    const cell = /** @type {HTMLElement} */ (e.target).closest?.('td.hm-cell');
    if (!(cell instanceof HTMLElement)) return;
    const query = Number(cell.dataset.i);
    onQuery(query);
    arcs.select(query);
  });
  const readout = h('p', { class: 'hm-readout formula', 'aria-live': 'polite' });
  const farBox = h('div', {});
  // The legend is drawn again when the scale the cells use changes (a site's --attn-scale).
  let legend = heatmapLegend(scale);
  let legendScale = scale.name;
  const state = stateView({ t, lang });
  const fullBox = h('div', { class: 'full' }, [
    passCaption,
    heatRegion,
    legend,
    readout,
    arcs.el,
    farBox,
    h('p', { class: 'formula' }, formula(t('heatFormula', c.dHead))),
  ]);
  // The sliders stay in view (sticky) while the heatmap and arcs they drive are on screen.
  const el = h('section', {}, [
    h('h3', {}, t('heatTitle')),
    h('div', { class: 'controls' }, [h('div', { class: 'pair' }, [layerRow.el, headRow.el])]),
    headOf,
    fullBox,
    state.el,
  ]);

  /**
   * When the prediction's row of this head shows no far key beating the neighbour, a button to
   * the first head whose row does (none when no head does, or this one already does).
   * @param {LabRunResult} run
   * @param {ArrayLike<number>} w this head's weights
   */
  function drawFarHead(run, w) {
    const T = run.tokens.length;
    const here = distanceFree(fanOutArcs(w, T, T - 1), T - 1).kind;
    const to = here === 'far' ? null : farHead(run, c.nHeads, T - 1);
    farBox.replaceChildren(
      to
        ? h(
            'button',
            { type: 'button', class: 'far-head', onclick: () => onPick(to.layer, to.head, T - 1) },
            t('farHead', to.layer + 1, to.head + 1),
          )
        : '',
    );
  }

  return {
    el,
    /**
     * The chosen layer: a full layer's heatmap of the chosen head and which KV head it reads,
     * or a linear layer's state (the head slider has nothing to pick there).
     * @param {LabRunResult} run
     * @param {{ layer: number, head: number, query: number | null, scale: ColorScale }} now
     *   query: the arcs' row, null for the prediction's (the last)
     * @returns {number | null} the query row the arcs show (unchanged on a linear layer)
     */
    draw(run, { layer: L, head: H, query, scale }) {
      const T = run.tokens.length;
      const labels = run.labels;
      layerInput.value = String(L + 1);
      headInput.value = String(H + 1);
      layerOut.textContent = String(L + 1);
      headOut.textContent = String(H + 1);
      const layer = run.attention[L];
      const full = isFull(layer);
      fullBox.hidden = !full;
      state.el.hidden = full;
      headInput.disabled = !full;
      if (!full) {
        headOf.textContent = t('linearOf', L + 1, c.linearHeads);
        state.draw(c, run, layer, L);
        return query;
      }
      const group = Math.floor(H / (c.nHeads / c.nKvHeads));
      headOf.textContent = t('headOf', L + 1, H + 1, group + 1, c.nHeads, c.nKvHeads);
      const w = headWeights(layer.weights, H);
      /** @param {number} i @param {number} j */
      const show = (i, j) => {
        readout.textContent = t(
          'readout',
          labels[i],
          i,
          labels[j],
          j,
          j > i ? t('future') : pct(w[i * T + j], 1),
        );
      };
      heatBox.replaceChildren(
        heatmapTable({
          weights: w,
          rows: labels,
          cols: labels,
          causal: true,
          onFocus: show,
          caption: t('heatCaption', L + 1, H + 1),
          // the corner header (Q↓ K→) in the page's language
          lang,
          scale,
          fit: true,
        }),
      );
      if (scale.name !== legendScale) {
        const next = heatmapLegend(scale);
        legend.replaceWith(next);
        legend = next;
        legendScale = scale.name;
      }
      show(T - 1, 0);
      passCaption.textContent = t('passCaption', T, labels[T - 1], T - 1, prediction(run).char);
      const q = query ?? T - 1;
      arcs.show({ weights: w, labels, causal: true, query: q });
      drawFarHead(run, w);
      return q;
    },
  };
}
