// The heads compared by pattern, folded: each full-layer head's attention (engine.headPatterns,
// averaged over positions 1 … T−1) in four parts (the previous token, the first token <bos>,
// itself, the rest) as a stacked bar and four percentages, sortable by any part; a head's button
// shows it in the heatmap. Under it how many heads are mostly one pattern and how many a mix.
/** @import { HeadPattern } from '../../../web/attn-engine.js' */
/** @import { Translate } from './panel.js' */
import { h, pct } from '../../../web/dom.js';
import { CATEGORY } from '../../../web/color.js';
import { formula } from '../../../web/mathml.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';
import { toggleButtons } from '../../../web/views/toggle-group.js';
import { labelCells } from '../../../web/views/narrow-tables.js';
import { panel, computedOnOpen } from './panel.js';

/** @typedef {'previousToken' | 'firstToken' | 'diagonal' | 'other'} PartKey */
/** @typedef {'order' | PartKey} SortKey 'order': by layer, then head */

/**
 * The four parts, in the bar's order: colour, and the keys j of row i that each counts.
 * @type {{ key: PartKey, colour: string, keys: string }[]}
 */
const PARTS = [
  { key: 'previousToken', colour: CATEGORY.a, keys: 'j = i−1' },
  { key: 'firstToken', colour: CATEGORY.b, keys: 'j = 0' },
  { key: 'diagonal', colour: CATEGORY.c, keys: 'j = i' },
  { key: 'other', colour: '#c9c9c9', keys: '' },
];

/**
 * The pattern panel. onSort(key): the sort changed; onPick(layer, head): a head's button;
 * onOpen: the panel opened (its content is computed only while it is open).
 * @param {{
 *   t: Translate, lang: string, sortKey: SortKey, onSort: (key: SortKey) => void,
 *   onPick: (layer: number, head: number) => void, onOpen: () => void,
 * }} options
 */
export function patternSection({ t, lang, sortKey, onSort, onPick, onOpen }) {
  /** @type {Record<SortKey, string>} */
  const sortBy = t('sortBy');
  const sortSelect = h(
    'select',
    { id: 'sort', onchange: () => onSort(/** @type {SortKey} */ (sortSelect.value)) },
    Object.entries(sortBy).map(([k, label]) =>
      h('option', { value: k, selected: k === sortKey }, label),
    ),
  );
  const region = scrollRegion([], { label: t('patTitle'), lang });
  const mixes = h('p', {});
  /** @type {Record<PartKey, string>} */
  const parts = t('parts');
  const el = computedOnOpen(
    panel(t('patTitle'), [
      h('p', { class: 'muted' }, t('patHelp')),
      h(
        'div',
        { class: 'legend', 'aria-hidden': 'true' },
        PARTS.map((p) =>
          h('span', {}, [
            h('span', { class: 'swatch', style: { background: p.colour } }),
            parts[p.key],
            p.keys ? ` ${p.keys}` : '',
          ]),
        ),
      ),
      h('div', { class: 'row' }, [h('label', { for: 'sort' }, t('sort')), sortSelect]),
      region,
      mixes,
      h('p', { class: 'formula' }, formula(t('patFormula'))),
    ]),
    onOpen,
  );
  return {
    el,
    /**
     * The table of every full layer's heads (null: fewer than 2 tokens, nothing to average).
     * @param {(HeadPattern[] | null)[] | null} patterns [L][H], null for a linear layer
     * @param {{ sortKey: SortKey, layer: number, head: number }} now the chosen head is pressed
     */
    draw(patterns, { sortKey, layer, head }) {
      if (!patterns) {
        region.box.replaceChildren(h('p', { class: 'muted' }, t('needTwo')));
        mixes.textContent = '';
        return;
      }
      let rows = patterns.flatMap((ps, l) => (ps ?? []).map((p, hd) => ({ l, hd, p })));
      if (sortKey !== 'order') rows = [...rows].sort((a, b) => b.p[sortKey] - a.p[sortKey]);
      /** @param {HeadPattern} p */
      const largest = (p) =>
        PARTS.reduce((best, x) => (p[x.key] > p[best] ? x.key : best), PARTS[0].key);
      const top = h('tr', {}, [
        h('th', { scope: 'col' }, t('headCol')),
        h('th', { scope: 'col' }, t('barCol')),
        ...PARTS.map((x) =>
          h('th', { scope: 'col', class: 'num' }, [
            parts[x.key],
            x.keys ? h('small', { class: 'formula' }, x.keys) : '',
          ]),
        ),
      ]);
      const chosen = rows.findIndex(({ l, hd }) => l === layer && hd === head);
      const { buttons } = toggleButtons({
        values: rows.map((_, k) => k),
        pressed: chosen < 0 ? null : chosen,
        label: (k) => t('headName', rows[k].l + 1, rows[k].hd + 1),
        attrs: (k) => ({ 'aria-label': t('showHead', rows[k].l + 1, rows[k].hd + 1) }),
        onPick: (k) => onPick(rows[k].l, rows[k].hd),
      });
      const body = rows.map(({ p }, k) => {
        const most = largest(p);
        return h('tr', {}, [
          h('th', { scope: 'row' }, buttons[k]),
          h('td', {}, stack(p)),
          ...PARTS.map((x) => h('td', { class: x.key === most ? 'top' : '' }, pct(p[x.key]))),
        ]);
      });
      region.box.replaceChildren(
        labelCells(
          /** @type {HTMLTableElement} */ (
            h('table', { class: 'patterns', 'aria-label': t('patTitle') }, [
              h('thead', {}, top),
              h('tbody', {}, body),
            ])
          ),
        ),
      );
      const clean = rows.filter(({ p }) => PARTS.some((x) => p[x.key] > 0.5)).length;
      mixes.textContent = `${t('mixes', clean, rows.length)}${clean * 2 < rows.length ? ` ${t('mostMixed')}` : ''}`;
    },
    /** Folded: emptied rather than left showing an earlier prompt's heads. */
    clear() {
      region.box.replaceChildren();
      mixes.textContent = '';
    },
  };
}

/**
 * One head's four parts as a stacked bar (its numbers are the row's cells).
 * @param {HeadPattern} p
 */
function stack(p) {
  return h(
    'span',
    { class: 'stack', 'aria-hidden': 'true' },
    PARTS.map((x) =>
      h('span', {
        style: { width: `${(Math.max(0, p[x.key]) * 100).toFixed(2)}%`, background: x.colour },
      }),
    ),
  );
}
