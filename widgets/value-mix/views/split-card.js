// One card of the name split (K or V): the two names' rows and their mix as small bars, the
// cosine of the mix with the first name, a meter of how far it moved, and the two names' cosine.
/** @import { SplitPart } from '../logic.js' */
import { h, num } from '../../../web/dom.js';
import { bar } from '../../../web/views/bar.js';
import { formula } from '../../../web/mathml.js';

/** @typedef {(key: string, ...args: any[]) => any} Text the widget's t() */

/**
 * The card's children.
 * @param {SplitPart} part
 * @param {{ L: string, title: string, la: string, lb: string, share: number, t: Text }} o
 *   L the letter (K or V), la and lb the two names' labels, share the slider's weight on lb
 */
export function splitCard(part, { L, title, la, lb, share, t }) {
  let largest = 1e-9;
  for (const r of [part.a, part.b, part.mix])
    for (const x of r) largest = Math.max(largest, Math.abs(x));
  /** @param {Float32Array} r */
  const cells = (r) =>
    Array.from(r, (x) => {
      const len = (Math.abs(x) / largest) * 0.5; // of the track: half each side of 0
      return h('td', {}, [
        bar({
          trackClass: 'mini',
          share: len,
          left: x < 0 ? 0.5 - len : 0.5,
          neg: x < 0,
          digits: null,
          attrs: { 'aria-hidden': 'true' },
          marksAfter: [h('div', { class: 'zero', style: { left: '50%' } })],
        }).el,
        h('span', { class: 'cell-num' }, num(x, 2)),
      ]);
    });
  const change = Math.max(0, 1 - part.cosToA); // float rounding can put cos a hair above 1
  return [
    h('h4', {}, title),
    h(
      'table',
      { class: 'strip' },
      h('tbody', {}, [
        h('tr', {}, [h('th', { scope: 'row' }, `${L}[${la}]`), ...cells(part.a)]),
        h('tr', { class: 'mix' }, [
          h('th', { scope: 'row' }, `${L}[${t('mixName')}]`),
          ...cells(part.mix),
        ]),
        h('tr', {}, [h('th', { scope: 'row' }, `${L}[${lb}]`), ...cells(part.b)]),
      ]),
    ),
    h(
      'p',
      { class: 'formula' },
      formula(t('mixFormula', L, la, lb, num(1 - share, 2), num(share, 2))),
    ),
    h('p', { class: 'big', 'data-role': `cos-${L}` }, t('cosToA', L, la, num(part.cosToA, 3))),
    h('div', { class: 'meter' }, [
      h('span', { class: 'muted' }, t('meter')),
      bar({ share: Math.min(2, Math.max(0, change)) / 2, attrs: { 'aria-hidden': 'true' } }).el,
      h('span', { class: 'formula' }, num(change, 3)),
    ]),
    h('p', { class: 'formula' }, formula(t('cosAB', L, la, lb, num(part.cosAB, 3)))),
  ];
}
