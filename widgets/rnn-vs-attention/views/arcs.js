// Attention as arcs: every token joined to every token at or before it (the causal mask), all
// computed in one step; the chosen query's arcs in colour, as thick as their weights when the
// teaching world has weights for this T.
import { svg } from '../../../web/dom.js';
import { CATEGORY } from '../../../web/color.js';

/**
 * The arcs' drawing, into `figure` (its viewBox, width and children replaced).
 * @param {SVGSVGElement} figure
 * @param {{ labels: string[], pattern: boolean[][], weights: number[][] | null, query: number,
 *   wide: boolean }} options the tokens, the engine's causal mask, the engine's weights (null:
 *   structure only), the query shown, and whether the tokens get wide spacing
 * @returns {number} the number of links drawn
 */
export function fillArcs(figure, { labels, pattern, weights, query: q, wide }) {
  const T = labels.length;
  const dx = wide ? 56 : 30;
  const pad = 24;
  const width = pad * 2 + dx * (T - 1);
  /** @param {number} i */
  const x = (i) => pad + dx * i;
  /** control-point height of an arc spanning d units @param {number} d */
  const rise = (d) => 0.45 * d + 8;
  const top = 0.75 * rise(dx * (T - 1)) + 10;
  const base = top + 8;
  const height = base + 26;
  let links = 0;
  /** @type {SVGElement[]} */
  const faint = [];
  /** @type {SVGElement[]} */
  const strong = [];
  for (let i = 0; i < T; i++) {
    for (let j = 0; j <= i; j++) {
      if (!pattern[i][j]) continue;
      links++;
      const sel = i === q;
      const wij = weights ? weights[i][j] : null;
      const stroke = sel ? CATEGORY.a : '#b3b3b3';
      const sw = sel ? (wij === null ? 2.5 : 1.2 + 8 * wij) : 1;
      const el =
        i === j
          ? svg('circle', {
              cx: x(i),
              cy: base - 7,
              r: 6,
              fill: 'none',
              stroke,
              'stroke-width': sw,
              'data-q': i,
              'data-k': j,
            })
          : svg('path', {
              d: `M ${x(i)} ${base} C ${x(i)} ${base - rise(x(i) - x(j))} ${x(j)} ${base - rise(x(i) - x(j))} ${x(j)} ${base}`,
              fill: 'none',
              stroke,
              'stroke-width': sw,
              'stroke-linecap': 'round',
              'data-q': i,
              'data-k': j,
            });
      (sel ? strong : faint).push(el);
    }
  }
  const texts = labels.map((l, i) =>
    svg(
      'text',
      { x: x(i), y: base + 19, 'text-anchor': 'middle', class: i === q ? 'sel' : null },
      l,
    ),
  );
  const dots = labels.map((_, i) =>
    svg('circle', { cx: x(i), cy: base, r: 2.5, fill: i === q ? CATEGORY.a : '#6b6b6b' }),
  );
  figure.setAttribute('viewBox', `0 0 ${width} ${height}`);
  figure.style.setProperty('max-width', `${Math.round(width * 1.25)}px`);
  figure.dataset.links = String(links);
  figure.replaceChildren(...faint, ...strong, ...dots, ...texts);
  return links;
}
