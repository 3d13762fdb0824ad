// The matrices each step shows: the step's inputs as plain tables, and the one it computes live
// (its cells pick the cell whose arithmetic is written out).
/** @import { Walk, Step } from '../logic.js' */
/** @import { ColorScale } from '../../../web/color.js' */
import { matrixFigure } from './matrix.js';

/** @typedef {(key: string, ...args: any[]) => any} Text the widget's t() */

/**
 * The <figure>s of step `key`.
 * @param {Walk} m
 * @param {Step} key
 * @param {{ labels: string[], t: Text, scale: ColorScale, cell: [number, number],
 *   onPick: (i: number, j: number) => void }} o cell: the live matrix's selected cell
 */
export function stepMatrices(m, key, { labels, t, scale, cell, onPick }) {
  const dims = Array.from({ length: m.d }, (_, k) => t('dim', k));
  /** @param {string} r @param {string} c @param {string} v */
  const cellLabel = (r, c, v) => t('cell', r, c, v);
  const common = { scale, cellLabel };
  // A token × dimension matrix, or a token × token one.
  const byDim = { rows: labels, cols: dims, corner: t('cornerVec'), ...common };
  const byToken = { rows: labels, cols: labels, corner: t('corner'), ...common };
  const pick = { cell, onPick };
  switch (key) {
    case 'qkv':
      return [
        matrixFigure({ title: t('matX'), values: m.w.x, ...byDim }),
        matrixFigure({ title: t('matQ'), values: m.w.q, pick, ...byDim }),
        matrixFigure({ title: t('matK'), values: m.w.k, ...byDim }),
        matrixFigure({ title: t('matV'), values: m.w.v, ...byDim }),
      ];
    case 'raw':
      return [matrixFigure({ title: t('matRaw'), values: m.raw, pick, ...byToken })];
    case 'scaled':
      return [
        matrixFigure({ title: t('matRaw'), values: m.raw, ...byToken }),
        matrixFigure({ title: t('matScaled'), values: m.scaled, pick, ...byToken }),
      ];
    case 'mask': {
      // The mask as the scores receive it: + 0 where visible, + −∞ where not.
      const added = { shape: m.mask.shape, data: m.mask.data.map((on) => (on ? 0 : -Infinity)) };
      return [
        matrixFigure({
          title: t('matMask'),
          values: added,
          format: (v) => (v === 0 ? '0' : '−∞'),
          ...byToken,
        }),
        matrixFigure({
          title: t('matMasked'),
          values: m.masked,
          masked: m.mask,
          pick,
          ...byToken,
        }),
      ];
    }
    case 'softmax':
      return [
        matrixFigure({ title: t('matMasked'), values: m.masked, ...byToken }),
        matrixFigure({
          title: t('matWeights'),
          values: m.weights,
          percent: true,
          masked: m.mask,
          pick,
          ...byToken,
        }),
      ];
    case 'output':
      return [
        matrixFigure({ title: t('matWeights'), values: m.weights, percent: true, ...byToken }),
        matrixFigure({ title: t('matV'), values: m.w.v, ...byDim }),
        matrixFigure({ title: t('matOut'), values: m.output, pick, ...byDim }),
      ];
    default:
      return [];
  }
}
