// The loss curve of a run: training loss at every step (a line), validation loss at every
// snapshot (dots) and the unigram baseline (dashed), in an SVG that scales to its box.
import { h, svg, num } from '../../../web/dom.js';
import { curveRange } from '../logic.js';

const H = 220;
const PAD = { left: 44, right: 10, top: 10, bottom: 28 };

/**
 * `narrow` (a phone): a narrower drawing, so its labels keep a readable size when it is scaled
 * to the screen.
 * @param {{ t: (key: string, ...args: any[]) => any, train: { step: number, loss: number }[],
 *   valid: { step: number, loss: number }[], baseline: number, steps: number, narrow?: boolean }}
 *   options
 */
export function lossCurve({ t, train, valid, baseline, steps, narrow = false }) {
  const W = narrow ? 360 : 600;
  const r = curveRange([train, valid], steps, baseline);
  const x = (/** @type {number} */ s) =>
    PAD.left + ((s - r.x0) / (r.x1 - r.x0)) * (W - PAD.left - PAD.right);
  const y = (/** @type {number} */ l) =>
    PAD.top + ((r.y1 - l) / (r.y1 - r.y0)) * (H - PAD.top - PAD.bottom);
  const ticks = [r.y0, (r.y0 + r.y1) / 2, r.y1];
  const line = train.map((p) => `${x(p.step).toFixed(1)},${y(p.loss).toFixed(1)}`).join(' ');
  const chart = svg(
    'svg',
    { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('curveTitle'), class: 'loss-curve' },
    [
      svg('line', { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom, class: 'axis' }),
      svg('line', {
        x1: PAD.left,
        x2: W - PAD.right,
        y1: H - PAD.bottom,
        y2: H - PAD.bottom,
        class: 'axis',
      }),
      ...ticks.map((v) =>
        svg(
          'text',
          { x: PAD.left - 4, y: y(v) + 4, 'text-anchor': 'end', class: 'tick' },
          num(v, 1),
        ),
      ),
      svg('text', { x: PAD.left, y: H - 8, class: 'tick' }, '0'),
      svg(
        'text',
        { x: W - PAD.right, y: H - 8, 'text-anchor': 'end', class: 'tick' },
        `${steps} ${t('stepAxis')}`,
      ),
      svg('line', {
        x1: PAD.left,
        x2: W - PAD.right,
        y1: y(baseline),
        y2: y(baseline),
        class: 'baseline',
      }),
      svg('polyline', { points: line, class: 'train' }),
      ...valid.map((p) => svg('circle', { cx: x(p.step), cy: y(p.loss), r: 4, class: 'valid' })),
    ],
  );
  const key = (/** @type {string} */ cls, /** @type {string} */ label) =>
    h('span', { class: `key ${cls}` }, label);
  return h('figure', { class: 'curve-figure' }, [
    chart,
    h('figcaption', {}, [
      key('train', t('trainLoss')),
      key('valid', t('validLoss')),
      key('baseline', t('unigram')),
    ]),
  ]);
}
