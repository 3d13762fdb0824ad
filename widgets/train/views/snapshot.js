// One snapshot of a run: a scrubber over all snapshots, the layer and head pickers, and the
// chosen layer's attention on the snapshot sentence (a full layer: the head's heatmap and every
// head's pattern; a linear layer: each head's ‖S‖ at the sentence's end), with the facts read
// from it (the most previous-character head, the sink, a greedy sample).
/** @import { ColorScale } from '../../../web/color.js' */
/** @import { Snapshot } from '../element.js' */
import { h, num, pct } from '../../../web/dom.js';
import { heatmapTable, heatmapLegend } from '../../../web/views/heatmap-table.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';

/**
 * @param {{ t: (key: string, ...args: any[]) => any, lang: string, scale: ColorScale,
 *   snapshots: number[], index: number, snapshot: Snapshot, layer: number, head: number,
 *   facts: string[], onIndex: (i: number) => void, onLayer: (l: number) => void,
 *   onHead: (h: number) => void }} o
 */
export function snapshotView(o) {
  const { t, snapshot: s } = o;
  const run = s.view.run;
  /**
   * @param {string} id
   * @param {string} label
   * @param {number} max
   * @param {number} value
   * @param {(v: number) => void} set
   * @param {string} shown
   */
  const slider = (id, label, max, value, set, shown) => {
    const input = /** @type {HTMLInputElement} */ (
      h('input', {
        type: 'range',
        id,
        min: 0,
        max,
        step: 1,
        value,
        oninput: () => set(Number(input.value)),
      })
    );
    return h('div', { class: 'row' }, [
      h('label', { for: id }, label),
      input,
      h('output', { for: id }, shown),
    ]);
  };
  const layer = run.attention[o.layer];
  const nHeads = layer.type === 'full' ? layer.weights.shape[0] : 0;
  const head = Math.min(o.head, Math.max(0, nHeads - 1));
  const controls = h('div', { class: 'controls' }, [
    slider(
      'train-snapshot',
      t('snapshot'),
      o.snapshots.length - 1,
      o.index,
      o.onIndex,
      t('snapshotAt', s.step, num(s.validLoss, 3)),
    ),
    slider(
      'train-layer',
      t('layer'),
      run.attention.length - 1,
      o.layer,
      o.onLayer,
      `${o.layer + 1} / ${run.attention.length}`,
    ),
    ...(nHeads
      ? [slider('train-head', t('head'), nHeads - 1, head, o.onHead, `${head + 1} / ${nHeads}`)]
      : []),
  ]);
  /** @type {HTMLElement[]} */
  let body;
  if (layer.type === 'full') {
    const [, T] = layer.weights.shape;
    const weights = layer.weights.data.subarray(head * T * T, (head + 1) * T * T);
    const patterns = s.view.patterns[o.layer] ?? [];
    body = [
      scrollRegion(
        [
          heatmapTable({
            weights,
            rows: run.labels,
            cols: run.labels,
            causal: true,
            caption: `${t('layer')} ${o.layer + 1} · ${t('head')} ${head + 1}`,
            lang: o.lang,
            scale: o.scale,
          }),
        ],
        { label: `${t('layer')} ${o.layer + 1} · ${t('head')} ${head + 1}`, lang: o.lang },
      ),
      heatmapLegend(o.scale),
      h('h4', {}, t('patternTitle')),
      h('div', { class: 'scroll' }, [
        h('table', { class: 'patterns' }, [
          h('thead', {}, [
            h(
              'tr',
              {},
              /** @type {string[]} */ (t('patternCols')).map((c) => h('th', { scope: 'col' }, c)),
            ),
          ]),
          h(
            'tbody',
            {},
            patterns.map((p, i) =>
              h('tr', { class: i === head ? 'chosen' : '' }, [
                h('th', { scope: 'row' }, `${t('head')} ${i + 1}`),
                ...[p.previousToken, p.firstToken, p.diagonal, p.other].map((v) =>
                  h('td', { class: 'n' }, pct(v, 0)),
                ),
              ]),
            ),
          ),
        ]),
      ]),
    ];
  } else {
    const norms = layer.stateNorms;
    const [T, Hl] = norms.shape; // [T, Hl]: ‖S_h‖ after each token
    body = [
      h('p', { class: 'muted' }, t('linearLayer', o.layer + 1)),
      h(
        'ul',
        { class: 'norms' },
        Array.from({ length: Hl }, (_, i) =>
          h('li', {}, t('stateNorm', i + 1, num(norms.data[(T - 1) * Hl + i], 3))),
        ),
      ),
    ];
  }
  return h('div', {}, [controls, ...body, ...o.facts.map((f) => h('p', { class: 'fact' }, f))]);
}
