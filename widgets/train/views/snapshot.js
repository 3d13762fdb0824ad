// One snapshot of a run: a scrubber over all snapshots and the layer and head sliders (made once),
// and the chosen layer's attention on the snapshot sentence (a full layer: the head's heatmap and
// every head's pattern; a linear layer: each head's ‖S‖ at the sentence's end), with the facts
// read from it (the most previous-character head, the sink, a greedy sample).
/** @import { ColorScale } from '../../../web/color.js' */
/** @import { Snapshot } from '../element.js' */
import { h, num, pct } from '../../../web/dom.js';
import { heatmapTable, heatmapLegend } from '../../../web/views/heatmap-table.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';

/**
 * The scrubber and the layer and head sliders, made once so a new snapshot never takes the
 * slider from under the student's finger (or keyboard focus); set() moves them.
 * @param {{ t: (key: string, ...args: any[]) => any, onIndex: (i: number) => void,
 *   onLayer: (l: number) => void, onHead: (h: number) => void }} o
 */
export function snapshotControls({ t, onIndex, onLayer, onHead }) {
  /**
   * @param {string} id
   * @param {string} label
   * @param {(v: number) => void} set
   */
  const slider = (id, label, set) => {
    const input = /** @type {HTMLInputElement} */ (
      h('input', {
        type: 'range',
        id,
        min: 0,
        max: 0,
        step: 1,
        value: 0,
        oninput: () => set(Number(input.value)),
      })
    );
    const out = h('output', { for: id });
    const row = h('div', { class: 'row' }, [h('label', { for: id }, label), input, out]);
    return { row, input, out };
  };
  const snap = slider('train-snapshot', t('snapshot'), onIndex);
  const layer = slider('train-layer', t('layer'), onLayer);
  const head = slider('train-head', t('head'), onHead);
  return {
    el: h('div', { class: 'controls' }, [snap.row, layer.row, head.row]),
    /**
     * @param {{ count: number, index: number, stepText: string, layers: number, layer: number,
     *   heads: number, head: number }} v heads 0 on a linear layer (its slider hides)
     */
    set(v) {
      snap.input.max = String(v.count - 1);
      snap.input.value = String(v.index);
      snap.out.textContent = v.stepText;
      layer.input.max = String(v.layers - 1);
      layer.input.value = String(v.layer);
      layer.out.textContent = `${v.layer + 1} / ${v.layers}`;
      head.row.hidden = v.heads === 0;
      head.input.max = String(Math.max(0, v.heads - 1));
      head.input.value = String(v.head);
      head.out.textContent = `${v.head + 1} / ${v.heads}`;
    },
  };
}

/**
 * The chosen layer of one snapshot: a full layer's head as a heatmap and every head's pattern, or
 * a linear layer's ‖S‖ per head; then the facts read from the snapshot.
 * @param {{ t: (key: string, ...args: any[]) => any, lang: string, scale: ColorScale,
 *   snapshot: Snapshot, layer: number, head: number, facts: string[] }} o
 */
export function snapshotBody(o) {
  const { t, snapshot: s } = o;
  const run = s.view.run;
  const layer = run.attention[o.layer];
  const head = o.head;
  /** @type {HTMLElement[]} */
  let body;
  if (layer.type === 'full') {
    const [, T] = layer.weights.shape;
    const weights = layer.weights.data.subarray(head * T * T, (head + 1) * T * T);
    const patterns = s.view.patterns[o.layer] ?? [];
    const name = `${t('layer')} ${o.layer + 1} · ${t('head')} ${head + 1}`;
    body = [
      scrollRegion(
        [
          heatmapTable({
            weights,
            rows: run.labels,
            cols: run.labels,
            causal: true,
            caption: name,
            lang: o.lang,
            scale: o.scale,
          }),
        ],
        { label: name, lang: o.lang },
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
  return h('div', {}, [...body, ...o.facts.map((f) => h('p', { class: 'fact' }, f))]);
}
