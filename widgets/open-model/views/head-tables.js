// Two tables over a model's heads: the patterns of one layer's heads (engine.headPatterns:
// previous token, first token, itself, the rest) and every layer's and head's attention-sink
// share, each cell coloured by the share.
/** @import { HeadPattern } from '../../../web/attn-engine.js' */
/** @import { ColorScale } from '../../../web/color.js' */
/** @import { Translate } from '../strings.js' */
import { h, pct } from '../../../web/dom.js';
import { weightColor, textOn } from '../../../web/color.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';
import { fitGridClass, labelCells } from '../../../web/views/narrow-tables.js';

/** The HeadPattern fields the columns show, and the keys of their headers' strings. */
const PATTERN_COLUMNS = /** @type {const} */ ([
  ['previousToken', 'prev'],
  ['firstToken', 'first'],
  ['diagonal', 'self'],
  ['other', 'other'],
]);

/**
 * One layer's heads by pattern, a row per head.
 * @param {HeadPattern[]} patterns a head each
 * @param {number} layer 0-based
 * @param {Translate} t the widget's strings
 * @param {{ headName: (h: number) => string, lang: string }} o
 */
export function patternsSection(patterns, layer, t, { headName, lang }) {
  const title = t('patternsTitle', layer + 1);
  const table = h('table', { class: 'patterns', 'aria-label': title }, [
    h(
      'thead',
      {},
      h('tr', {}, [
        h('th', { scope: 'col' }, t('head')),
        ...PATTERN_COLUMNS.map(([, name]) => h('th', { scope: 'col' }, t(name))),
      ]),
    ),
    h(
      'tbody',
      {},
      patterns.map((p, hh) =>
        h('tr', {}, [
          h('th', { scope: 'row' }, headName(hh)),
          ...PATTERN_COLUMNS.map(([k]) => h('td', {}, pct(p[k]))),
        ]),
      ),
    ),
  ]);
  labelCells(/** @type {HTMLTableElement} */ (table));
  return h('section', {}, [h('h3', {}, title), scrollRegion(table, { label: title, lang })]);
}

/**
 * Every layer's and head's share of attention on the first token, a row per layer.
 * @param {number[][]} sinks [L][H]
 * @param {number} nHeads
 * @param {Translate} t the widget's strings
 * @param {{ scale: ColorScale, lang: string }} o
 */
export function sinksSection(sinks, nHeads, t, { scale, lang }) {
  const title = t('sinksTitle');
  const table = h('table', { class: `sinks ${fitGridClass(nHeads + 1)}`, 'aria-label': title }, [
    h(
      'thead',
      {},
      h('tr', {}, [
        h('th', { scope: 'col' }, t('sinksHead')),
        ...Array.from({ length: nHeads }, (_, hh) => h('th', { scope: 'col' }, String(hh + 1))),
      ]),
    ),
    h(
      'tbody',
      {},
      sinks.map((row, l) =>
        h('tr', {}, [
          h('th', { scope: 'row' }, String(l + 1)),
          ...row.map((v) =>
            h(
              'td',
              { style: { background: weightColor(v, scale), color: textOn(v, scale) } },
              pct(v, 0),
            ),
          ),
        ]),
      ),
    ),
  ]);
  return h('section', {}, [h('h3', {}, title), scrollRegion(table, { label: title, lang })]);
}
