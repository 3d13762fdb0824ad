// One layer's and head's attention over the prompt: the layer and head pickers (query heads
// named with the KV group they read), then the heatmap of the last tokens.
/** @import { ColorScale } from '../../../web/color.js' */
/** @import { Translate } from '../strings.js' */
import { h } from '../../../web/dom.js';
import { heatmapTable, heatmapLegend } from '../../../web/views/heatmap-table.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';

/**
 * The row of the layer and head pickers.
 * @param {Translate} t the widget's strings
 * @param {{ nLayers: number, nHeads: number, layer: number, head: number,
 *   headName: (h: number) => string,
 *   onLayer: (layer: number) => void, onHead: (head: number) => void }} o
 */
export function layerHeadPickers(t, o) {
  const layerSel = h(
    'select',
    { 'aria-label': t('layer'), onchange: () => o.onLayer(Number(layerSel.value)) },
    Array.from({ length: o.nLayers }, (_, l) =>
      h('option', { value: l, selected: l === o.layer }, String(l + 1)),
    ),
  );
  const headSel = h(
    'select',
    { 'aria-label': t('head'), onchange: () => o.onHead(Number(headSel.value)) },
    Array.from({ length: o.nHeads }, (_, hh) =>
      h('option', { value: hh, selected: hh === o.head }, o.headName(hh)),
    ),
  );
  return h('div', { class: 'row controls' }, [
    h('label', {}, [t('layer'), layerSel]),
    h('label', {}, [t('head'), headSel]),
  ]);
}

/**
 * The heatmap of one head's causal weights over the tokens shown.
 * @param {ArrayLike<number>} weights [T, T] row-major, T = labels.length
 * @param {string[]} labels the tokens shown (queries and keys)
 * @param {{ title: string, windowNote: string | null, scale: ColorScale, lang: string }} o
 *   windowNote: the line saying only the last tokens are drawn, or null when all are
 */
export function attentionMap(weights, labels, { title, windowNote, scale, lang }) {
  return h('section', {}, [
    h('h3', {}, title),
    windowNote ? h('p', { class: 'muted' }, windowNote) : null,
    heatmapLegend(scale),
    scrollRegion(
      heatmapTable({
        weights,
        rows: labels,
        cols: labels,
        causal: true,
        caption: title,
        lang,
        scale,
        fit: true,
      }),
      { label: title, lang },
    ),
  ]);
}
