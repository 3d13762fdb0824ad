// The attention sink, folded: every full layer's heads as a grid of buttons (rows = layers,
// columns = heads) coloured by the share of attention each head parks on <bos>; a cell (click,
// or arrow keys across the grid) shows that head in the heatmap. Under it the chosen head's
// statistic with its terms: column 0 of rows 1 … T−1, and the share uniform attention would
// give <bos> on this sentence, the level a head must clearly pass to be called a sink.
/** @import { LabConfig, LabRunResult } from '../../../web/attn-engine.js' */
/** @import { ColorScale } from '../../../web/color.js' */
/** @import { Translate } from './panel.js' */
import { h, pct, num, gridMove } from '../../../web/dom.js';
import { weightColor, textOn } from '../../../web/color.js';
import { formula } from '../../../web/mathml.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';
import { toggleButtons } from '../../../web/views/toggle-group.js';
import { fitGridClass } from '../../../web/views/narrow-tables.js';
import { headWeights, isFull, fullLayers } from '../logic.js';
import { panel } from './panel.js';
import { uniformFirstShare } from '../../../web/uniform-share.js';

/**
 * The sink panel. onPick(layer, head): a cell was chosen.
 * @param {{
 *   t: Translate, lang: string, config: LabConfig,
 *   onPick: (layer: number, head: number) => void,
 * }} options
 */
export function sinkSection({ t, lang, config: c, onPick }) {
  const region = scrollRegion([], { label: t('sinkTitle'), lang });
  const box = region.box;
  const sinkFormula = h('p', { class: 'formula' });
  const uniform = h('p', { class: 'muted', 'data-role': 'sink-uniform' });
  /** The head the last draw pressed, where the arrow keys start from. */
  let at = { layer: 0, head: 0 };
  const pressed = () =>
    /** @type {HTMLElement | null} */ (box.querySelector('button[aria-pressed="true"]'));
  box.addEventListener('keydown', (e) => {
    const full = fullLayers(c); // the table's rows
    const row = Math.max(0, full.indexOf(at.layer));
    const to = gridMove(e.key, [row, at.head], full.length, c.nHeads);
    if (!to || !(e.target instanceof Element) || !e.target.classList.contains('sink')) return;
    e.preventDefault();
    onPick(full[to[0]], to[1]);
    pressed()?.focus();
  });
  const el = panel(t('sinkTitle'), [
    h('p', { class: 'muted' }, t('sinkHelp')),
    uniform,
    region,
    sinkFormula,
  ]);
  return {
    el,
    /**
     * Every full layer's sink shares, the chosen head's pressed, and its statistic.
     * @param {LabRunResult} run
     * @param {{ layer: number, head: number, scale: ColorScale }} now
     */
    draw(run, { layer: L, head: H, scale }) {
      at = { layer: L, head: H };
      const T = run.tokens.length;
      if (T < 2) {
        box.replaceChildren(h('p', { class: 'muted' }, t('needTwo')));
        sinkFormula.textContent = '';
        uniform.textContent = '';
        return;
      }
      uniform.textContent = t('sinkUniform', T, pct(uniformFirstShare(T)));
      const root = /** @type {Document | ShadowRoot} */ (box.getRootNode());
      const hadFocus = root.activeElement?.classList.contains('sink');
      const head = h('tr', {}, [
        h('th', { scope: 'col' }, ''),
        ...Array.from({ length: c.nHeads }, (_, hd) => h('th', { scope: 'col' }, `H${hd + 1}`)),
      ]);
      // One pressed head in the whole table (the arrow keys move it: the listener above).
      const cells = fullLayers(c).flatMap((l) => run.sinkShare[l].map((s, hd) => ({ l, hd, s })));
      const chosen = cells.findIndex((x) => x.l === L && x.hd === H);
      const { buttons } = toggleButtons({
        values: cells.map((_, k) => k),
        pressed: chosen < 0 ? null : chosen,
        roving: true,
        label: (k) => pct(cells[k].s, 0),
        attrs: (k) => {
          const { l, hd, s } = cells[k];
          return {
            class: 'sink',
            'data-l': l,
            'data-h': hd,
            'aria-label': t('sinkCell', l + 1, hd + 1, pct(s, 0)),
            style: { background: weightColor(s, scale), color: textOn(s, scale) },
          };
        },
        onPick: (k) => onPick(cells[k].l, cells[k].hd),
      });
      const body = fullLayers(c).map((l) =>
        h('tr', {}, [
          h('th', { scope: 'row' }, `L${l + 1}`),
          ...buttons.filter((_, k) => cells[k].l === l).map((b) => h('td', {}, b)),
        ]),
      );
      box.replaceChildren(
        h('table', { class: `sinks ${fitGridClass(c.nHeads + 1)}`, 'aria-label': t('sinkTitle') }, [
          h('thead', {}, head),
          h('tbody', {}, body),
        ]),
      );
      if (hadFocus) pressed()?.focus();
      // The chosen head's statistic with its terms (up to 8 of them shown).
      const layer = run.attention[L];
      if (!isFull(layer)) {
        sinkFormula.textContent = t('sinkLinear', L + 1);
        return;
      }
      const w = headWeights(layer.weights, H);
      const col = Array.from({ length: T - 1 }, (_, i) => num(w[(i + 1) * T], 2));
      const terms = col.length <= 8 ? col : [...col.slice(0, 3), '…', col[col.length - 1]];
      sinkFormula.replaceChildren(
        ...formula(t('sinkFormula', L + 1, H + 1, T, terms, pct(run.sinkShare[L][H]))),
      );
    },
  };
}
