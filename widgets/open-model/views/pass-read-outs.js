// Everything the last pass read out, in order: the prompt's tokens (and a line when the model
// mostly does not know them), the top 5, the generation, the layer and head pickers, the chosen
// head's heatmap, the layer's head patterns and every head's sink share.
/** @import { OpenModelRunResult, HeadPattern } from '../../../web/attn-engine.js' */
/** @import { OpenedModel } from '../../../web/model-files/open-model-files.js' */
/** @import { ColorScale } from '../../../web/color.js' */
/** @import { Translate } from '../strings.js' */
import { h } from '../../../web/dom.js';
import { HEATMAP_TOKENS, headSlice, kvGroupOf, lastWindow, mostlyUnknown } from '../logic.js';
import { shownTokens, tokenChips, topFive, generationText } from './read-outs.js';
import { layerHeadPickers, attentionMap } from './attention-map.js';
import { patternsSection, sinksSection } from './head-tables.js';

/**
 * @param {Translate} t
 * @param {OpenedModel} m
 * @param {OpenModelRunResult} r the last pass
 * @param {number[]} ids the ids it ran
 * @param {{ generation: { tokens: number[], generated: number[] } | null, layer: number,
 *   head: number, readable: () => string,
 *   patterns: (layer: OpenModelRunResult['attention'][number]) => HeadPattern[],
 *   scale: ColorScale, lang: string, onLayer: (layer: number) => void,
 *   onHead: (head: number) => void }} o the generation, the layer and head chosen, a prompt
 *   the model reads, the heads' patterns of a layer, and what a pick does
 * @returns {HTMLElement[]}
 */
export function passReadOuts(t, m, r, ids, o) {
  const c = m.config;
  const labels = shownTokens(m.tokenizer.tokens(ids));
  const top = shownTokens(m.tokenizer.tokens(r.top5.map((x) => x.token)));
  const unknown = mostlyUnknown(m, ids);
  const out = [
    tokenChips(t('tokensTitle', ids.length), labels, ids),
    ...(unknown
      ? [
          h(
            'p',
            { class: 'stale', role: 'status' },
            t('mostlyUnknown', unknown.unknown, unknown.of, o.readable()),
          ),
        ]
      : []),
    topFive(t('top5'), top, r.top5),
  ];
  if (o.generation) out.push(generationText(t('generated'), m, o.generation));
  // Query heads are named with the KV group they read.
  const headName = (/** @type {number} */ hh) =>
    t('headLabel', hh + 1, kvGroupOf(hh, c.nHeads, c.nKvHeads) + 1);
  out.push(
    layerHeadPickers(t, {
      nLayers: c.nLayers,
      nHeads: c.nHeads,
      layer: o.layer,
      head: o.head,
      headName,
      onLayer: o.onLayer,
      onHead: o.onHead,
    }),
  );
  const layer = r.attention.find((a) => a.layer === o.layer);
  if (layer) {
    const T = layer.weights.shape[1];
    const w = lastWindow(headSlice(layer, o.head), T, HEATMAP_TOKENS);
    const title = t('heatmapTitle', o.layer + 1, headName(o.head));
    out.push(
      attentionMap(w.weights, labels.slice(w.from), {
        title,
        windowNote: w.from ? t('window', HEATMAP_TOKENS, T) : null,
        scale: o.scale,
        lang: o.lang,
      }),
    );
    if (T >= 2)
      out.push(patternsSection(o.patterns(layer), o.layer, t, { headName, lang: o.lang }));
  }
  if (r.sinkShare?.length)
    out.push(sinksSection(r.sinkShare, c.nHeads, t, { scale: o.scale, lang: o.lang }));
  return out;
}
