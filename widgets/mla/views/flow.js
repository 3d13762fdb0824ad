// The data flow of the seeded example: x → the latent c and the shared RoPE key k_rope → the
// cache, with the last token's cached numbers as a strip of cells and the bytes per token and
// layer against caching the expanded K and V.
/** @import { MlaResult } from '../../../web/attn-engine.js' */
/** @import { MlaExample } from '../logic.js' */
import { h, exactBytes, num } from '../../../web/dom.js';
import { rowOf } from '../../../web/tensor.js';

/**
 * The flow's nodes, top to bottom.
 * @param {MlaResult} m engine.mla's result
 * @param {MlaExample} c the example's settings at the sliders' r and dr
 * @param {(key: string, ...args: any[]) => string} t the widget's strings
 * @returns {HTMLElement[]}
 */
export function cacheFlow(m, c, t) {
  const T = m.latent.shape[0];
  const latent = rowOf(m.latent, T - 1),
    kRope = rowOf(m.kRope, T - 1);
  const strip = h(
    'div',
    { class: 'strip', role: 'img', 'aria-label': t('stripLabel', latent.length, kRope.length) },
    [
      ...Array.from(latent, (v, i) =>
        h('span', { class: 'cell lat', title: `c${i + 1} = ${num(v, 3)}` }),
      ),
      ...Array.from(kRope, (v, i) =>
        h('span', { class: 'cell rope', title: `k_rope${i + 1} = ${num(v, 3)}` }),
      ),
    ],
  );
  const bytes = exactBytes(m.bytesPerTokenPerLayer);
  const explicit = exactBytes(m.explicitBytesPerTokenPerLayer);
  return [
    h('div', { class: 'node' }, t('x', T, c.dModel)),
    h('div', { class: 'split' }, [
      h('div', { class: 'node' }, ['↓ ', t('toLatent', c.kvLoraRank)]),
      h('div', { class: 'node' }, ['↓ ', t('toRope', c.dRope)]),
    ]),
    h('div', { class: 'arrow', 'aria-hidden': 'true' }, '↓ ↓'),
    h('div', { class: 'node cache' }, [
      h('strong', {}, t('cache')),
      ' ',
      h('span', { class: 'big cache-bytes' }, bytes),
      strip,
      h('div', { class: 'key' }, [
        h('span', {}, [h('span', { class: 'cell lat' }), t('keyLatent', c.kvLoraRank)]),
        h('span', {}, [h('span', { class: 'cell rope' }), t('keyRope', c.dRope)]),
      ]),
      h('div', { class: 'formula' }, t('cacheLine', c.kvLoraRank, c.dRope, c.dtypeBytes, bytes)),
      h(
        'div',
        { class: 'formula' },
        t('explicitCache', c.nHeads, c.dNope, c.dRope, c.dValue, c.dtypeBytes, explicit),
      ),
    ]),
    h('div', { class: 'arrow', 'aria-hidden': 'true' }, '↓ ↓'),
  ];
}
