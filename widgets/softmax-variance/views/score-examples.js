// Sections ① and ② of the lesson: the teaching world's two score examples as tables (score,
// proportional share, softmax weight, each with a mini bar) and the formulas behind one row.
// ① the car scores, whose proportional split goes negative; ② the dialog scores beside the
// common wrong guess. The numbers are the engine's (logic.js courseNumbers).
/** @import { AttnWidget } from '../../../web/widget-base.js' */
/** @import { MathChild } from '../../../web/mathml.js' */
import { row, sup, paren, formula } from '../../../web/mathml.js';
import { scrollRegion } from '../../../web/views/scroll-region.js';
import { h, svg, pct, num } from '../../../web/dom.js';
import { signedPct, smallPct, scoreText, WRONG_GUESS } from '../logic.js';
import { UNSCALED, SCALED } from './style.js';

/**
 * An example's scores and the engine's two ways of turning them into shares.
 * @typedef {{ labels: string[], scores: number[], split: ArrayLike<number>,
 *   softmax: ArrayLike<number> }} Example
 */

/**
 * e^s of a score; a negative exponent reads e^(−4) in the plain text.
 * @param {number} s
 */
const expMath = (s) => sup('e', scoreText(s));
/**
 * a + b + c of formula terms.
 * @param {MathChild[]} terms
 */
const plus = (terms) => row(...terms.flatMap((x, k) => (k ? ['+', x] : [x])));
/**
 * s₁ + s₂ + (−s₃): the scores summed, a negative one in brackets.
 * @param {number[]} scores
 */
const sumText = (scores) => plus(scores.map((s) => (s < 0 ? paren(scoreText(s)) : scoreText(s))));
/**
 * e^s₁ + e^s₂ + …
 * @param {number[]} scores
 */
const expSumText = (scores) => plus(scores.map(expMath));

/**
 * A mini bar for a share in [lo, hi] with a zero line; negative shares in vermillion.
 * @param {number} v
 * @param {number} lo
 * @param {number} hi
 */
function miniBar(v, lo, hi) {
  const W = 90,
    H = 12;
  /** @param {number} t */
  const x = (t) => ((t - lo) / (hi - lo)) * W;
  const a = Math.min(x(0), x(v)),
    b = Math.max(x(0), x(v));
  return svg(
    'svg',
    { class: 'minibar', viewBox: `0 0 ${W} ${H}`, 'aria-hidden': 'true', focusable: 'false' },
    [
      svg('rect', { x: 0, y: 0, width: W, height: H, fill: '#eee', rx: 2 }),
      svg('rect', {
        x: a,
        y: 1,
        width: Math.max(b - a, 0.5),
        height: H - 2,
        fill: v < 0 ? UNSCALED : SCALED,
      }),
      svg('line', { x1: x(0), x2: x(0), y1: 0, y2: H, stroke: '#1b1b1b', 'stroke-width': 1 }),
    ],
  );
}

/**
 * @param {number} v
 * @param {string} text
 * @param {number} lo
 * @param {number} hi
 */
const valueCell = (v, text, lo, hi) =>
  h('td', { class: 'val' }, h('span', { class: 'cellbar' }, [miniBar(v, lo, hi), text]));

/**
 * The example as a table: token, score, (the wrong guess,) share, softmax weight.
 * @param {Example} example
 * @param {{ guess?: readonly number[] | null, label: string, lang: string,
 *   t: AttnWidget['t'] }} options label names the table
 */
function scoreTable({ labels, scores, split, softmax }, { guess, label, lang, t }) {
  const lo = Math.min(0, ...Array.from(split), ...Array.from(softmax)),
    hi = Math.max(1, ...Array.from(split), ...Array.from(softmax));
  const head = h('tr', {}, [
    h('th', { scope: 'col' }, t('token')),
    h('th', { scope: 'col' }, t('score')),
    guess ? h('th', { scope: 'col' }, t('guess')) : null,
    h('th', { scope: 'col' }, t('split')),
    h('th', { scope: 'col' }, t('softmax')),
  ]);
  const rows = labels.map((l, j) =>
    h('tr', {}, [
      h('th', { scope: 'row' }, l),
      h('td', {}, scoreText(scores[j])),
      guess ? h('td', { class: 'guess' }, pct(guess[j], 0)) : null,
      valueCell(split[j], signedPct(split[j]), lo, hi),
      valueCell(softmax[j], smallPct(softmax[j]), lo, hi),
    ]),
  );
  return scrollRegion(h('table', {}, [h('thead', {}, head), h('tbody', {}, rows)]), {
    label,
    lang,
  });
}

/**
 * ① The proportional-split trap: the table, and both formulas for the most negative share.
 * @param {Example} example
 * @param {{ lang: string, t: AttnWidget['t'] }} options
 */
export function splitSection(example, { lang, t }) {
  const { labels, scores, split, softmax } = example;
  // The most negative share: the trap (汽车 in the course's example).
  let worst = 0;
  Array.from(split).forEach((v, j) => {
    if (v < split[worst]) worst = j;
  });
  return h('section', { class: 'section', 'data-part': 'split' }, [
    h('h3', {}, t('splitTitle')),
    h('p', { class: 'muted' }, t('splitHelp')),
    scoreTable(example, { label: t('splitTitle'), lang, t }),
    h(
      'p',
      { class: 'formula', 'data-formula': 'split' },
      formula(
        t(
          'splitFormula',
          labels[worst],
          scoreText(scores[worst]),
          sumText(scores),
          signedPct(split[worst]),
        ),
      ),
    ),
    h(
      'p',
      { class: 'formula', 'data-formula': 'softmax' },
      formula(
        t(
          'softFormula',
          labels[worst],
          expMath(scores[worst]),
          expSumText(scores),
          smallPct(softmax[worst]),
        ),
      ),
    ),
    split[worst] < 0
      ? h('p', { 'data-note': 'negative' }, t('negNote', labels[worst], signedPct(split[worst])))
      : null,
  ]);
}

/**
 * ② Softmax of the dialog scores: the table beside the wrong guess, each weight's formula (the
 * first also as score differences), and the note on the guess.
 * @param {Example} example
 * @param {{ guess: readonly number[] | null, eRatio: number, lang: string,
 *   t: AttnWidget['t'] }} options the wrong guess (null when it does not fit the example), the
 *   engine's weight ratio for a gap of 1 (e), the page's language and the widget's strings
 */
export function dialogSection(example, { guess, eRatio, lang, t }) {
  const { labels, scores, split, softmax } = example;
  const title = t(
    'dialogTitle',
    scores.join(lang.startsWith('en') ? ', ' : '、'),
    (guess ?? WRONG_GUESS).map((x) => pct(x, 0)).join(' / '),
  );
  const formulas = labels
    .map((l, j) => {
      // exponents written as differences
      const diffs = plus(scores.map((s) => expMath(s - scores[j])));
      return [
        h(
          'p',
          { class: 'formula', 'data-formula': `softmax-${j}` },
          formula(t('softFormula', l, expMath(scores[j]), expSumText(scores), pct(softmax[j]))),
        ),
        j === 0
          ? h('p', { class: 'formula' }, formula(t('diffFormula', l, diffs, pct(softmax[j]))))
          : null,
      ];
    })
    .flat();
  return h('section', { class: 'section', 'data-part': 'dialog' }, [
    h('h3', {}, title),
    h('p', { class: 'muted' }, t('dialogHelp', num(eRatio, 1))),
    scoreTable(example, { guess, label: title, lang, t }),
    ...formulas,
    guess
      ? h(
          'p',
          {},
          t(
            'guessNote',
            guess.map((g) => pct(g, 0)).join(' / '),
            Array.from(split, (v) => pct(v, 0)).join(' / '),
          ),
        )
      : null,
  ]);
}
