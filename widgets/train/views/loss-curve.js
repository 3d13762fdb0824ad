// The loss curves: this run's training loss at every step (a line), its validation loss at every
// snapshot (dots) and the unigram baseline (dashed), with the runs before it ("Train again") in
// grey beside it, in an SVG that scales to its box. Made once and changed in place while the run
// trains: a frame moves the line's points and adds the new dots, nothing else (the whole chart is
// drawn again only when its scale changes: a new run, or a loss above the top).
import { h, svg, num } from '../../../web/dom.js';
import { chartScale, curvePoints } from '../logic.js';

const H = 220;
const PAD = { left: 44, right: 10, top: 10, bottom: 28 };

/**
 * A run's curve as drawn: its training losses, validation losses and steps.
 * @typedef {{ train: { step: number, loss: number }[], valid: { step: number, loss: number }[],
 *   steps: number }} Curve
 */

export class LossChart {
  /** @type {SVGSVGElement} */
  #svg;
  /** @type {SVGElement} */
  #line;
  /** @type {SVGElement} */
  #dots;
  /** @type {SVGElement} */
  #axes;
  /** @type {SVGElement} */
  #previous;
  /** @type {HTMLElement} */
  #previousKey;
  #W;
  /** the scale drawn: steps 0 … x1, losses 0 … y1 */
  #scale = { x1: 1, y1: 1 };
  #baseline = 0;
  #dotsDrawn = 0;
  /** @type {(key: string, ...args: any[]) => any} */
  #t;
  /** @type {Curve[]} */
  #before = [];

  /**
   * @param {{ t: (key: string, ...args: any[]) => any, narrow?: boolean }} o `narrow` (a phone):
   *   a narrower drawing, so its labels keep a readable size when it is scaled to the screen
   */
  constructor({ t, narrow = false }) {
    this.#t = t;
    this.#W = narrow ? 360 : 600;
    this.#axes = svg('g', {});
    this.#previous = svg('g', { class: 'previous' });
    this.#line = svg('polyline', { points: '', class: 'train' });
    this.#dots = svg('g', {});
    this.#svg = /** @type {SVGSVGElement} */ (
      svg(
        'svg',
        {
          viewBox: `0 0 ${this.#W} ${H}`,
          role: 'img',
          'aria-label': t('curveTitle'),
          class: 'loss-curve',
        },
        [this.#axes, this.#previous, this.#line, this.#dots],
      )
    );
    const key = (/** @type {string} */ cls, /** @type {string} */ label) =>
      h('span', { class: `key ${cls}` }, label);
    this.#previousKey = key('before', t('previousRuns'));
    this.#previousKey.hidden = true;
    this.el = h('figure', { class: 'curve-figure' }, [
      this.#svg,
      h('figcaption', {}, [
        key('train', t('trainLoss')),
        key('valid', t('validLoss')),
        key('baseline', t('unigram')),
        this.#previousKey,
      ]),
    ]);
  }

  /** @param {number} s */
  #x(s) {
    return PAD.left + (s / this.#scale.x1) * (this.#W - PAD.left - PAD.right);
  }

  /** @param {number} l */
  #y(l) {
    return PAD.top + ((this.#scale.y1 - l) / this.#scale.y1) * (H - PAD.top - PAD.bottom);
  }

  /** @param {{ step: number, loss: number }[]} points */
  #pointsText(points) {
    return curvePoints(
      points,
      (p) => this.#x(p.step),
      (p) => this.#y(p.loss),
    )
      .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
      .join(' ');
  }

  /**
   * Draws the scale (axes, baseline), the runs before and this run's points so far again.
   * @param {Curve} now
   */
  #drawAll(now) {
    const W = this.#W;
    const ticks = [0, this.#scale.y1 / 2, this.#scale.y1];
    this.#axes.replaceChildren(
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
          { x: PAD.left - 4, y: this.#y(v) + 4, 'text-anchor': 'end', class: 'tick' },
          num(v, 1),
        ),
      ),
      svg('text', { x: PAD.left, y: H - 8, class: 'tick' }, '0'),
      svg(
        'text',
        { x: W - PAD.right, y: H - 8, 'text-anchor': 'end', class: 'tick' },
        `${this.#scale.x1} ${this.#t('stepAxis')}`,
      ),
      svg('line', {
        x1: PAD.left,
        x2: W - PAD.right,
        y1: this.#y(this.#baseline),
        y2: this.#y(this.#baseline),
        class: 'baseline',
      }),
    );
    this.#previous.replaceChildren(
      ...this.#before.flatMap((c) => [
        svg('polyline', { points: this.#pointsText(c.train), class: 'before' }),
        ...c.valid.map((p) =>
          svg('circle', { cx: this.#x(p.step), cy: this.#y(p.loss), r: 3, class: 'before' }),
        ),
      ]),
    );
    this.#previousKey.hidden = this.#before.length === 0;
    this.#dots.replaceChildren();
    this.#dotsDrawn = 0;
    this.#line.setAttribute('points', '');
    this.update(now);
  }

  /**
   * A new run: its steps and baseline, and the runs before it (drawn grey beside it).
   * @param {{ steps: number, baseline: number, before: Curve[] }} run
   */
  start({ steps, baseline, before }) {
    this.#before = before;
    this.#baseline = baseline;
    this.#scale = chartScale([...before, { train: [], valid: [], steps }], baseline);
    this.#drawAll({ train: [], valid: [], steps });
  }

  /**
   * This run's points so far: the line moves, the new dots are added.
   * @param {Curve} now
   */
  update(now) {
    const scale = chartScale([...this.#before, now], this.#baseline);
    if (scale.x1 !== this.#scale.x1 || scale.y1 !== this.#scale.y1) {
      this.#scale = scale;
      this.#drawAll(now);
      return;
    }
    this.#line.setAttribute('points', this.#pointsText(now.train));
    for (const p of now.valid.slice(this.#dotsDrawn))
      this.#dots.append(
        svg('circle', { cx: this.#x(p.step), cy: this.#y(p.loss), r: 4, class: 'valid' }),
      );
    this.#dotsDrawn = now.valid.length;
  }
}
