// One snapshot of a run: a scrubber over all snapshots and the layer and head sliders (made once),
// and the chosen layer's attention on the snapshot sentence (a full layer: the head's heatmap and
// every head's pattern; a linear layer: each head's ‖S‖ at the sentence's end), with the facts
// read from it (the most previous-character head, the sink, a greedy sample), changed in place.
/** @import { ColorScale } from '../../../web/color.js' */
/** @import { Snapshot } from '../logic.js' */
import { h, num, pct, redraw } from '../../../web/dom.js';
import {
  heatmapTable,
  heatmapLegend,
  updateHeatmapTable,
} from '../../../web/views/heatmap-table.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';
import { sliderRow } from '../../../web/views/slider.js';
import {
  SAMPLE_PROMPT,
  snapshotChoice,
  meanSinkShare,
  strongestPreviousHead,
  strongestSinkHead,
  uniformFirstShare,
  uniformPreviousShare,
} from '../logic.js';

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
   * @param {(v: number) => void} onInput
   */
  const slider = (id, label, onInput) => {
    const { el: row, input, out } = sliderRow({ id, label, min: 0, max: 0, value: 0, onInput });
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
 * The chosen layer of one snapshot, drawn in a box made once: a full layer's head as a heatmap
 * and every head's pattern, or a linear layer's ‖S‖ per head; then the facts read from the
 * snapshot. A new snapshot or another head of the same shape changes the drawn cells in place
 * (updateHeatmapTable): while the model trains, a tap on a slider lays out only what changed.
 * @param {{ t: (key: string, ...args: any[]) => any }} o
 */
export function snapshotBody({ t }) {
  const el = h('div', {});
  /** @type {{ table: HTMLTableElement, region: HTMLElement, key: string } | null} */
  let heat = null;
  const patterns = h('div', {});
  const facts = h('div', {});
  return {
    el,
    /**
     * @param {{ lang: string, scale: ColorScale, snapshot: Snapshot, layer: number,
     *   head: number, facts: string[] }} o
     */
    draw(o) {
      const s = o.snapshot;
      const run = s.view.run;
      const layer = run.attention[o.layer];
      redraw(
        facts,
        o.facts.map((f) => h('p', { class: 'fact' }, f)),
      );
      if (layer.type !== 'full') {
        heat = null;
        const norms = layer.stateNorms;
        const [T, Hl] = norms.shape; // [T, Hl]: ‖S_h‖ after each token
        el.replaceChildren(
          h('p', { class: 'muted' }, t('linearLayer', o.layer + 1)),
          h(
            'ul',
            { class: 'norms' },
            Array.from({ length: Hl }, (_, i) =>
              h('li', {}, t('stateNorm', i + 1, num(norms.data[(T - 1) * Hl + i], 3))),
            ),
          ),
          facts,
        );
        return;
      }
      const [, T] = layer.weights.shape;
      const weights = layer.weights.data.subarray(o.head * T * T, (o.head + 1) * T * T);
      const name = `${t('layer')} ${o.layer + 1} · ${t('head')} ${o.head + 1}`;
      const table = { weights, rows: run.labels, cols: run.labels, causal: true, scale: o.scale };
      const key = `${o.lang} ${o.scale.name} ${run.labels.join(' ')}`;
      const kept = heat?.key === key && updateHeatmapTable(heat.table, { ...table, caption: name });
      if (!heat || !kept) {
        const made = /** @type {HTMLTableElement} */ (
          heatmapTable({ ...table, caption: name, lang: o.lang, fit: true })
        );
        heat = { table: made, region: scrollRegion([made], { label: name, lang: o.lang }), key };
        el.replaceChildren(
          heat.region,
          heatmapLegend(o.scale),
          h('h4', {}, t('patternTitle')),
          patterns,
          facts,
        );
      }
      heat.region.querySelector('[role=region]')?.setAttribute('aria-label', name);
      const rows = s.view.patterns[o.layer] ?? [];
      // The table is made once per head count; a snapshot or a head changes its cells' text.
      let body = patterns.querySelector('tbody');
      if (!body || body.rows.length !== rows.length) {
        body = h(
          'tbody',
          {},
          rows.map((_, i) =>
            h('tr', {}, [
              h('th', { scope: 'row' }, `${t('head')} ${i + 1}`),
              ...PATTERN_PARTS.map(() => h('td', { class: 'n' })),
            ]),
          ),
        );
        patterns.replaceChildren(
          h('table', { class: 'patterns' }, [
            h('thead', {}, [
              h(
                'tr',
                {},
                /** @type {string[]} */ (t('patternCols')).map((c) => h('th', { scope: 'col' }, c)),
              ),
            ]),
            body,
          ]),
        );
      }
      rows.forEach((p, i) => {
        const tr = /** @type {HTMLTableSectionElement} */ (body).rows[i];
        tr.classList.toggle('chosen', i === o.head);
        PATTERN_PARTS.forEach((k, c) => {
          const cell = tr.cells[c + 1];
          const text = pct(p[k], 0);
          if (cell.textContent !== text) cell.textContent = text;
        });
      });
    },
  };
}

/** The parts of a head's pattern the table shows, in its columns' order. */
const PATTERN_PARTS = /** @type {const} */ (['previousToken', 'firstToken', 'diagonal', 'other']);

/**
 * The scrubber and sliders on the snapshot, layer and head chosen, and (unless `body` is false)
 * that layer of the snapshot; returns the layer and head shown (a choice out of range moves).
 * @param {ReturnType<typeof snapshotControls>} controls
 * @param {ReturnType<typeof snapshotBody>} view
 * @param {{ t: (key: string, ...args: any[]) => any, lang: string, scale: ColorScale,
 *   snapshots: Snapshot[], shown: number, layer: number, head: number, body: boolean }} o
 */
export function showSnapshot(controls, view, o) {
  const { index, snap, layer, head, heads, layers } = snapshotChoice(
    o.snapshots,
    o.shown,
    o.layer,
    o.head,
  );
  controls.set({
    count: o.snapshots.length,
    index,
    stepText: o.t('snapshotAt', snap.step, num(snap.validLoss, 3)),
    layers,
    layer,
    heads,
    head,
  });
  if (o.body)
    view.draw({
      lang: o.lang,
      scale: o.scale,
      snapshot: snap,
      layer,
      head,
      facts: snapshotFacts(o.t, snap),
    });
  return { layer, head };
}

/**
 * The facts read from one snapshot: its most previous-character head and its sink (each against
 * a uniform head's share), and its greedy sample.
 * @param {(key: string, ...args: any[]) => any} t
 * @param {Snapshot} snap
 * @returns {string[]}
 */
export function snapshotFacts(t, snap) {
  const run = snap.view.run;
  const T = run.labels.length;
  const prev = strongestPreviousHead(snap.view.patterns);
  const sink = strongestSinkHead(snap.view.patterns);
  return [
    prev
      ? t(
          'prevHead',
          prev.layer + 1,
          prev.head + 1,
          pct(prev.weight, 1),
          pct(uniformPreviousShare(T), 1),
        )
      : '',
    sink
      ? t(
          'sink',
          pct(meanSinkShare(run), 1),
          sink.layer + 1,
          sink.head + 1,
          pct(sink.weight, 1),
          pct(uniformFirstShare(T), 1),
        )
      : '',
    t('sample', SAMPLE_PROMPT, snap.view.sample),
  ].filter(Boolean);
}
