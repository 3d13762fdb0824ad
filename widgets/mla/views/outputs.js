// The last token's output on both paths, one row per head and path (a wide widget), and the
// same numbers turned a quarter, a row per dimension (a narrow widget: 4 columns fit a phone
// where 8 do not).
/** @import { MlaResult } from '../../../web/attn-engine.js' */
import { h, num } from '../../../web/dom.js';

/**
 * The wide and the narrow table's head and body.
 * @param {MlaResult} m engine.mla's result
 * @param {number} dv the value width of a head
 * @param {(key: string, ...args: any[]) => string} t the widget's strings
 * @returns {{ wide: HTMLElement[], narrow: HTMLElement[] }}
 */
export function outputTables(m, dv, t) {
  const [T, n] = m.explicit.shape;
  const H = n / dv;
  // The last token's output: [T, H·dv] → head hd is columns hd·dv … (hd + 1)·dv − 1.
  /** @param {import('../../../web/attn-engine.js').Tensor} out @param {number} hd */
  const part = (out, hd) => out.data.subarray((T - 1) * n + hd * dv, (T - 1) * n + (hd + 1) * dv);
  /** @type {[string, Float32Array][]} a column of the narrow table: its label and numbers */
  const columns = Array.from({ length: H }, (_, hd) => [
    /** @type {[string, Float32Array]} */ ([t('rowExplicit', hd + 1), part(m.explicit, hd)]),
    /** @type {[string, Float32Array]} */ ([t('rowAbsorbed', hd + 1), part(m.absorbed, hd)]),
  ]).flat();
  const head = h('tr', {}, [
    h('th', { scope: 'col' }, t('colPath')),
    ...Array.from({ length: dv }, (_, j) => h('th', { scope: 'col' }, `${j + 1}`)),
  ]);
  // Wide: a row per head and path, the explicit row of a head above its absorbed one.
  const rows = columns.map(([label, vals], k) =>
    h('tr', { class: `${k % 2 ? 'absorbed' : 'explicit'} h${Math.floor(k / 2) + 1}` }, [
      h('th', { scope: 'row' }, label),
      ...Array.from(vals, (v) => h('td', {}, num(v, 3))),
    ]),
  );
  const narrowHead = h('tr', {}, [
    h('th', { scope: 'col' }, t('colDim')),
    ...columns.map(([label]) => h('th', { scope: 'col' }, label)),
  ]);
  const narrowRows = Array.from({ length: dv }, (_, j) =>
    h('tr', {}, [
      h('th', { scope: 'row' }, `${j + 1}`),
      ...columns.map(([, vals]) => h('td', {}, num(vals[j], 3))),
    ]),
  );
  return {
    wide: [h('thead', {}, head), h('tbody', {}, rows)],
    narrow: [h('thead', {}, narrowHead), h('tbody', {}, narrowRows)],
  };
}
