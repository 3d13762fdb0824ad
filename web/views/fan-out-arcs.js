// The fan-out arc diagram drawn under a weights heatmap: the tokens on a line, and from the
// selected query one arc to every key it attends to, as thick (and as opaque) as the weight the
// heatmap's row gives that key, the largest labelled with their value. It shows that distance is
// free: one attention step reaches a far key as directly as the adjacent one, and the far key can
// get the thicker arc; the caption names the numbers of the current row.
// The weights are the very row the heatmap shows (an engine result, or a page's inline data):
// this file only picks, orders and scales them. Used by <attn-heatmap> and <attn-lab>; a widget
// spreads FAN_OUT_STRINGS into its own string tables and FAN_OUT_CSS into its css.
// Layout: a row when every token fits across the width, else a column (a phone with a long
// prompt); the query tokens are buttons (one tab stop, arrow keys / Home / End move).
import { h, svg, pct, gridMove } from '../dom.js';
import { CATEGORY } from '../color.js';
import { toggleButtons } from './toggle-group.js';

/** Stroke widths in px of an arc of weight 0 (never drawn: omitted) … 1. */
export const ARC_MIN_WIDTH = 0.75;
export const ARC_MAX_WIDTH = 12;
/** How many of the heaviest arcs carry their value as a label. */
export const LABELLED_ARCS = 3;

/**
 * An arc's stroke width and opacity: affine in the weight, so strictly increasing with it.
 * @param {number} w a weight in [0, 1]
 */
export function arcStroke(w) {
  return {
    width: ARC_MIN_WIDTH + (ARC_MAX_WIDTH - ARC_MIN_WIDTH) * w,
    opacity: 0.3 + 0.7 * w,
  };
}

/**
 * One arc: the key it goes to, the weight, |query − key|, its stroke, whether it is labelled.
 * @typedef {{
 *   key: number, weight: number, distance: number, width: number, opacity: number,
 *   labelled: boolean,
 * }} Arc
 */

/**
 * The arcs of query `query` in a T × T weights matrix (row-major): one per key j ≤ query (every
 * key when not causal) whose weight is above 0 — a key of weight exactly 0 (masked, or underflowed
 * to 0) gets no arc. Ordered by key; the LABELLED_ARCS heaviest are labelled.
 * @param {ArrayLike<number>} weights T × T, row-major
 * @param {number} T
 * @param {number} query
 * @param {{ causal?: boolean }} [options]
 * @returns {Arc[]}
 */
export function fanOutArcs(weights, T, query, { causal = true } = {}) {
  const last = causal ? query : T - 1;
  /** @type {Arc[]} */
  const arcs = [];
  for (let j = 0; j <= last; j++) {
    const w = weights[query * T + j];
    if (w > 0)
      arcs.push({
        key: j,
        weight: w,
        distance: Math.abs(query - j),
        ...arcStroke(w),
        labelled: false,
      });
  }
  [...arcs]
    .sort((a, b) => b.weight - a.weight || a.key - b.key)
    .slice(0, LABELLED_ARCS)
    .forEach((a) => (a.labelled = true));
  return arcs;
}

/**
 * What the caption says about distance for one query's arcs:
 *   kind 'short'    the query has no key two or more positions back;
 *   kind 'far'      a content key ≥ 2 back (not the first token) outweighs the adjacent key;
 *   kind 'sink'     only the first token (position 0) outweighs the adjacent key;
 *   kind 'adjacent' the adjacent key gets more than any key further back.
 * adjacent: {key, weight} of query − 1; far: the heaviest key ≥ 2 back (the first token only
 * when it is the heaviest or the only one); content: the heaviest key in 1 … query − 2.
 * @param {Arc[]} arcs from fanOutArcs (causal)
 * @param {number} query
 */
export function distanceFree(arcs, query) {
  const weightOf = (/** @type {number} */ j) => arcs.find((a) => a.key === j)?.weight ?? 0;
  if (query < 2) return { kind: 'short', adjacent: null, far: null, content: null };
  const adjacent = { key: query - 1, weight: weightOf(query - 1) };
  const back = arcs.filter((a) => a.key <= query - 2);
  const heaviest = (/** @type {Arc[]} */ list) =>
    list.reduce(
      (best, a) => (!best || a.weight > best.weight ? a : best),
      /** @type {Arc | null} */ (null),
    );
  const contentArc = heaviest(back.filter((a) => a.key >= 1));
  const content = contentArc && { key: contentArc.key, weight: contentArc.weight };
  const first = { key: 0, weight: weightOf(0) };
  if (content && content.weight > adjacent.weight)
    return { kind: 'far', adjacent, far: content, content };
  if (first.weight > adjacent.weight) return { kind: 'sink', adjacent, far: first, content };
  const far = content && content.weight >= first.weight ? content : first;
  return { kind: 'adjacent', adjacent, far, content };
}

/**
 * An estimate of a token label's width in px at the diagram's font size (15 px): a CJK
 * character is about 1 em, anything else about 0.6 em; plus the button's padding.
 * @param {string} label
 */
export function labelWidth(label) {
  let w = 0;
  for (const ch of label) w += /** @type {number} */ (ch.codePointAt(0)) >= 0x2e80 ? 15 : 9;
  return w + 12;
}

/** Smallest and largest distance between two tokens on the line, and the column's row height. */
const STEP_MIN = 30,
  STEP_MAX = 64,
  ROW_HEIGHT = 30;

/**
 * Where the tokens go in `width` px: {dir: 'row', step} when every token gets at least STEP_MIN
 * px across (step = px per token; a label wider than its step is drawn smaller), else
 * {dir: 'column', step: width of the token column, rowHeight}.
 * @param {string[]} labels
 * @param {number} width
 */
export function arcLayout(labels, width) {
  const fair = Math.floor(width / labels.length);
  if (fair >= STEP_MIN) return { dir: 'row', step: Math.min(STEP_MAX, fair) };
  const widest = Math.max(STEP_MIN, ...labels.map(labelWidth));
  return { dir: 'column', step: Math.min(widest, Math.floor(width / 3)), rowHeight: ROW_HEIGHT };
}

/** @typedef {string | ((...args: any[]) => string)} StringEntry */
/**
 * Both languages' strings of the diagram; a widget spreads them into its own tables.
 * @type {{ 'zh-CN': Record<string, StringEntry>, en: Record<string, StringEntry> }}
 */
export const FAN_OUT_STRINGS = {
  'zh-CN': {
    arcsTitle: '扇出图：选中的查询看向哪些键',
    arcsQuery: '选查询',
    arcsQueryButton: (q, i) => `查询「${q}」（位置 ${i}）`,
    arcsDesc: (q, i, n) =>
      `从「${q}」（位置 ${i}）出发的 ${n} 条弧，每条连到一个它看的键，越粗权重越大；点下面的 token（或用方向键）换查询。`,
    arcsKey: (k, j, d, w) =>
      `「${k}」（位置 ${j}，${d === 0 ? '它自己' : d > 0 ? `往回 ${d} 个` : `往后 ${-d} 个`}）：${w}`,
    arcsFar: (q, i, far, fj, fw, adj, aw) =>
      `「${q}」（位置 ${i}）给往回 ${i - fj} 个的「${far}」（位置 ${fj}）${fw}，比给紧挨着的「${adj}」的 ${aw} 还多。一步注意力直接够到它能看见的每一个 token（路径长度 1），够远处不比够邻居贵；距离不是分数公式里单独的一项：它要通过位置编码（RoPE，第 6 课），或通过前面各层写进 q、k 的东西进入分数。`,
    arcsSink: (q, i, fd, fw, adj, aw) =>
      `「${q}」（位置 ${i}）把 ${fw} 放在开头的 <bos> 上，比给紧挨着的「${adj}」的 ${aw} 还多。这不是从远处取信息：<bos> 没有内容可取，它是 attention sink，这个头在「这次不取」（岔路 B4）。要看远处的内容键，换一个查询或头。`,
    arcsAdjacent: (q, i, adj, aw, far, fd, fw) =>
      `「${q}」（位置 ${i}）这一行，紧挨着的「${adj}」拿得最多（${aw}）；往回 ${fd} 个的「${far}」也直接连上了，拿到 ${fw}。够到它不比够到邻居贵（一步，路径长度 1）；距离不是分数公式里单独的一项：它要通过位置编码（RoPE，第 6 课），或通过前面各层写进 q、k 的东西进入分数。换一个查询或头，也许能看到远处的弧更粗。`,
    arcsShort: (q, i, n) =>
      `「${q}」（位置 ${i}）前面只有 ${n} 个键可看；选一个更靠后的查询，看长弧。`,
  },
  en: {
    arcsTitle: 'Fan-out: which keys the selected query attends to',
    arcsQuery: 'Pick the query',
    arcsQueryButton: (q, i) => `query ${q} (position ${i})`,
    arcsDesc: (q, i, n) =>
      `${n} arcs from ${q} (position ${i}), one to each key it attends to, thicker for more weight; pick another query with the tokens below (or the arrow keys).`,
    arcsKey: (k, j, d, w) =>
      `${k} (position ${j}, ${d === 0 ? 'itself' : d > 0 ? `${d} back` : `${-d} ahead`}): ${w}`,
    arcsFar: (q, i, far, fj, fw, adj, aw) =>
      `${q} (position ${i}) gives ${fw} to ${far} (position ${fj}), ${i - fj} positions back — more than the ${aw} it gives its neighbour ${adj}. One attention step reaches every token it may see directly (a path of length 1), the far ones as cheaply as the near; distance is not a term of the score formula itself: it gets in through position encoding (RoPE, lesson 6) or through what earlier layers wrote into q and k.`,
    arcsSink: (q, i, fd, fw, adj, aw) =>
      `${q} (position ${i}) puts ${fw} on the leading <bos>, more than the ${aw} it gives its neighbour ${adj}. That is not information fetched from far: <bos> has no content to give; it is the attention sink, the head taking nothing this time (branch B4). For a far content key, pick another query or head.`,
    arcsAdjacent: (q, i, adj, aw, far, fd, fw) =>
      `In the row of ${q} (position ${i}) the neighbour ${adj} gets the most (${aw}); ${far}, ${fd} positions back, is reached just as directly and gets ${fw}. Reaching it costs no more than reaching the neighbour (one step, a path of length 1); distance is not a term of the score formula itself: it gets in through position encoding (RoPE, lesson 6) or through what earlier layers wrote into q and k. Another query or head may show a far arc thicker than the near one.`,
    arcsShort: (q, i, n) =>
      `${q} (position ${i}) has only ${n} key(s) to look at; pick a later query to see long arcs.`,
  },
};

/** CSS of the diagram (add to a widget's static css). */
export const FAN_OUT_CSS = `
.fo { margin: 10px 0 4px; }
.fo-title { font-weight: 600; margin: 4px 0; }
.fo-diagram { position: relative; }
.fo-diagram.fo-column { display: grid; grid-template-columns: max-content 1fr; }
.fo-diagram svg { display: block; overflow: visible; }
.fo-tokens { display: flex; }
.fo-column .fo-tokens { flex-direction: column; }
.fo-tokens button { min-height: 30px; min-width: 0; padding: 0 2px; border-radius: 4px; border: 1px solid transparent; background: transparent; white-space: nowrap; font-size: 0.9em; }
.fo-tokens button.fo-key { border-color: var(--_control-border-b5b5b5); background: var(--_surface-1); }
.fo-tokens button.fo-small { font-size: 0.7em; }
.fo-tokens button[aria-pressed="true"] { background: var(--_accent); border-color: var(--_accent); color: var(--_on-accent); font-weight: 700; }
.fo-caption { min-height: 3em; }
.sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0; }
`;

/**
 * An arc's SVG stroke attributes: its width and opacity carry the weight.
 * @param {Arc} a
 */
function arcSvgStroke(a) {
  return {
    stroke: CATEGORY.a,
    'stroke-width': a.width.toFixed(2),
    'stroke-opacity': a.opacity.toFixed(2),
    fill: 'none',
    'stroke-linecap': 'round',
  };
}

/**
 * The diagram as a live DOM element: `el` to append once, `show({...})` after every draw of the
 * heatmap, `select(query)` when the heatmap selects a query. It redraws itself when its width
 * changes enough to change the layout.
 */
export class FanOutArcs {
  /**
   * @param {{
   *   t: (key: string, ...args: any[]) => any, onSelect?: (query: number) => void,
   * }} options
   *   t: the widget's string lookup (with FAN_OUT_STRINGS spread in); onSelect: told when the
   *   student picks a query with the diagram's own token buttons.
   */
  constructor({ t, onSelect }) {
    this.t = t;
    this.onSelect = onSelect;
    this.diagram = h('div', { class: 'fo-diagram' });
    this.list = h('ul', { class: 'sr-only' });
    this.caption = h('p', { class: 'fo-caption', 'aria-live': 'polite' });
    this.el = h('div', { class: 'fo' }, [
      h('p', { class: 'fo-title' }, t('arcsTitle')),
      this.diagram,
      this.list,
      this.caption,
    ]);
    /** @type {{ weights: ArrayLike<number>, labels: string[], causal: boolean } | null} */
    this.data = null;
    this.query = 0;
    this.layoutKey = '';
    // The width as the ResizeObserver last reported it: reading clientWidth inside draw() would
    // force a layout in the middle of the widget's redraw (docs/benchmarks.md, "Figures behind
    // the code").
    this.width = 0;
    if (typeof ResizeObserver !== 'undefined')
      new ResizeObserver(([entry]) => {
        this.width = entry.contentRect.width;
        if (this.data && this.layoutOf().key !== this.layoutKey) this.draw();
      }).observe(this.el);
  }

  /**
   * New weights (T × T row-major, the heatmap's), their labels and the selected query.
   * @param {{ weights: ArrayLike<number>, labels: string[], causal?: boolean, query: number }} d
   */
  show({ weights, labels, causal = true, query }) {
    this.data = { weights, labels, causal };
    this.query = Math.max(0, Math.min(labels.length - 1, query));
    this.draw();
  }

  /** @param {number} query */
  select(query) {
    if (!this.data || query === this.query) return;
    this.query = query;
    this.draw();
  }

  /** The layout for the current width (320 px when not laid out yet). */
  layoutOf() {
    const width = this.width || 320;
    const layout = arcLayout(
      /** @type {NonNullable<typeof this.data>} */ (this.data).labels,
      width,
    );
    return { ...layout, width, key: `${layout.dir} ${layout.step}` };
  }

  draw() {
    if (!this.data) return;
    const { weights, labels, causal } = this.data;
    const T = labels.length,
      q = this.query;
    const arcs = fanOutArcs(weights, T, q, { causal });
    const layout = this.layoutOf();
    this.layoutKey = layout.key;
    const active = /** @type {Document | ShadowRoot} */ (this.el.getRootNode()).activeElement;
    const hadFocus = !!active && this.diagram.contains(active);
    this.diagram.className = `fo-diagram fo-${layout.dir}`;
    const picture =
      layout.dir === 'row' ? this.rowSvg(arcs, T, layout.step) : this.columnSvg(arcs, T, layout);
    this.diagram.replaceChildren(
      ...(layout.dir === 'row'
        ? [picture, this.tokenButtons(arcs, layout)]
        : [this.tokenButtons(arcs, layout), picture]),
    );
    if (hadFocus)
      /** @type {HTMLElement | null} */ (
        this.diagram.querySelector('button[aria-pressed="true"]')
      )?.focus();
    this.list.replaceChildren(
      ...arcs.map((a) =>
        // signed: a key after the query (an unmasked row) is ahead, not back
        h('li', {}, this.t('arcsKey', labels[a.key], a.key, this.query - a.key, pct(a.weight))),
      ),
    );
    this.caption.textContent = this.captionText(arcs);
  }

  /** @param {Arc[]} arcs */
  captionText(arcs) {
    const { labels } = /** @type {NonNullable<typeof this.data>} */ (this.data);
    const q = this.query;
    const d = distanceFree(arcs, q);
    if (d.kind === 'short' || !d.adjacent || !d.far)
      return this.t('arcsShort', labels[q], q, q + 1);
    const adj = labels[d.adjacent.key],
      aw = pct(d.adjacent.weight);
    const far = d.far;
    if (d.kind === 'far')
      return this.t('arcsFar', labels[q], q, labels[far.key], far.key, pct(far.weight), adj, aw);
    if (d.kind === 'sink') return this.t('arcsSink', labels[q], q, q, pct(far.weight), adj, aw);
    return this.t(
      'arcsAdjacent',
      labels[q],
      q,
      adj,
      aw,
      labels[far.key],
      q - far.key,
      pct(far.weight),
    );
  }

  /**
   * The query picker: one button per token, the selected query pressed, the keys it attends
   * to outlined; one tab stop, arrows / Home / End move.
   * @param {Arc[]} arcs
   * @param {{ dir: string, step: number, rowHeight?: number }} layout
   */
  tokenButtons(arcs, layout) {
    const { labels } = /** @type {NonNullable<typeof this.data>} */ (this.data);
    const keys = new Set(arcs.map((a) => a.key));
    const size =
      layout.dir === 'row'
        ? { width: `${layout.step}px` }
        : { width: `${layout.step}px`, height: `${layout.rowHeight}px` };
    const bar = h(
      'div',
      {
        class: 'fo-tokens',
        role: 'toolbar',
        'aria-label': this.t('arcsQuery'),
        'aria-orientation': layout.dir === 'row' ? 'horizontal' : 'vertical',
      },
      toggleButtons({
        values: labels.map((_, i) => i),
        data: 'q',
        pressed: this.query,
        roving: true,
        label: (i) => labels[i],
        attrs: (i) => ({
          class: [
            keys.has(i) && i !== this.query ? 'fo-key' : '',
            labelWidth(labels[i]) > layout.step ? 'fo-small' : '',
          ].join(' '),
          'aria-label': this.t('arcsQueryButton', labels[i], i),
          style: size,
        }),
        onPick: (i) => this.pick(i),
      }).buttons,
    );
    bar.addEventListener('keydown', (e) => {
      const to = gridMove(
        e.key === 'ArrowUp' ? 'ArrowLeft' : e.key === 'ArrowDown' ? 'ArrowRight' : e.key,
        [0, this.query],
        1,
        labels.length,
      );
      if (!to) return;
      e.preventDefault();
      this.pick(to[1]);
    });
    return bar;
  }

  /** @param {number} i */
  pick(i) {
    this.select(i);
    /** @type {HTMLElement | null} */ (
      this.diagram.querySelector('button[aria-pressed="true"]')
    )?.focus();
    this.onSelect?.(i);
  }

  /** The svg's accessible name and description. */
  svgLabel(/** @type {Arc[]} */ arcs) {
    const { labels } = /** @type {NonNullable<typeof this.data>} */ (this.data);
    return [
      svg('title', {}, this.t('arcsTitle')),
      svg('desc', {}, this.t('arcsDesc', labels[this.query], this.query, arcs.length)),
    ];
  }

  /**
   * Tokens across, arcs above the line: half-ellipses from the query to each key, their height
   * in proportion to the distance (scaled so the longest possible one fits).
   * @param {Arc[]} arcs
   * @param {number} T
   * @param {number} step
   */
  rowSvg(arcs, T, step) {
    const x = (/** @type {number} */ i) => (i + 0.5) * step;
    const longest = Math.max(1, (T - 1) * step) / 2;
    const k = Math.min(1, 130 / longest);
    const top = 20;
    const y0 = Math.max(40, longest * k + top);
    const xq = x(this.query);
    const parts = arcs.map((a) => {
      const stroke = arcSvgStroke(a);
      if (a.key === this.query) {
        const path = `M ${xq - 5} ${y0} C ${xq - 16} ${y0 - 30}, ${xq + 16} ${y0 - 30}, ${xq + 5} ${y0}`;
        return {
          path: svg('path', { d: path, ...stroke, 'data-key': a.key }),
          at: [xq, y0 - 28],
          a,
        };
      }
      const rx = Math.abs(xq - x(a.key)) / 2;
      const ry = rx * k;
      const sweep = x(a.key) < xq ? 0 : 1;
      const path = `M ${xq} ${y0} A ${rx} ${ry} 0 0 ${sweep} ${x(a.key)} ${y0}`;
      return {
        path: svg('path', { d: path, ...stroke, 'data-key': a.key }),
        at: [(xq + x(a.key)) / 2, y0 - ry - 4],
        a,
      };
    });
    return svg(
      'svg',
      { width: T * step, height: y0 + 2, viewBox: `0 0 ${T * step} ${y0 + 2}`, role: 'img' },
      [...this.svgLabel(arcs), ...parts.map((p) => p.path), ...this.valueLabels(parts, 'middle')],
    );
  }

  /**
   * Tokens down, arcs to the right of the column: half-ellipses from the query's row to each
   * key's row, their width in proportion to the distance (scaled to the room there is).
   * @param {Arc[]} arcs
   * @param {number} T
   * @param {{ width: number, step: number, rowHeight?: number }} layout
   */
  columnSvg(arcs, T, layout) {
    const rowH = layout.rowHeight ?? ROW_HEIGHT;
    const W = Math.max(80, layout.width - layout.step - 4);
    const y = (/** @type {number} */ i) => (i + 0.5) * rowH;
    const longest = Math.max(1, (T - 1) * rowH) / 2;
    const k = Math.min(1, (W - 44) / longest);
    const yq = y(this.query);
    const parts = arcs.map((a) => {
      const stroke = arcSvgStroke(a);
      if (a.key === this.query) {
        const path = `M 2 ${yq - 5} C 30 ${yq - 16}, 30 ${yq + 16}, 2 ${yq + 5}`;
        return {
          path: svg('path', { d: path, ...stroke, 'data-key': a.key }),
          at: [30, yq + 4],
          a,
        };
      }
      const ry = Math.abs(yq - y(a.key)) / 2;
      const rx = ry * k;
      const sweep = y(a.key) < yq ? 0 : 1;
      const path = `M 2 ${yq} A ${rx} ${ry} 0 0 ${sweep} 2 ${y(a.key)}`;
      return {
        path: svg('path', { d: path, ...stroke, 'data-key': a.key }),
        at: [rx + 6, (yq + y(a.key)) / 2 + 4],
        a,
      };
    });
    return svg(
      'svg',
      { width: W, height: T * rowH, viewBox: `0 0 ${W} ${T * rowH}`, role: 'img' },
      [...this.svgLabel(arcs), ...parts.map((p) => p.path), ...this.valueLabels(parts, 'start')],
    );
  }

  /**
   * The labelled arcs' values, on a white halo so they read over other arcs; a label that would
   * sit on one already placed moves away from it (up in a row, down in a column).
   * @param {{ at: number[], a: Arc }[]} parts
   * @param {string} anchor
   */
  valueLabels(parts, anchor) {
    const dy = anchor === 'middle' ? -12 : 13;
    /** @type {number[][]} */
    const placed = [];
    return parts
      .filter((p) => p.a.labelled)
      .sort((a, b) => b.a.weight - a.a.weight)
      .map((p) => {
        const at = [...p.at];
        while (placed.some(([x, y]) => Math.abs(x - at[0]) < 32 && Math.abs(y - at[1]) < 12))
          at[1] += dy;
        placed.push(at);
        return svg(
          'text',
          {
            x: at[0].toFixed(1),
            y: at[1].toFixed(1),
            'text-anchor': anchor,
            'font-size': 11,
            'font-weight': 600,
            fill: '#1b1b1b',
            stroke: '#fff',
            'stroke-width': 3,
            'paint-order': 'stroke',
          },
          pct(p.a.weight, 0),
        );
      });
  }
}
