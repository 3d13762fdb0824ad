// The numbers behind <attn-cosine-projection>, without any DOM: every value is asked of the
// engine (cosineMatrix, scoreMatrix, dot, cosine); this file only picks values out, ranks them
// and formats them. The widget and tests/js/cosine-projection.test.mjs both use it.
// w is worldTensors(rt, id): {tokens, x, q, k, v} with matrices as number[][].
/** @import { AttnEngine } from '../../web/attn-engine.js' */
import { num } from '../../web/dom.js';
import {
  row,
  sub,
  frac,
  sqrt,
  paren,
  norm,
  times,
  number,
  vector,
  breakBefore,
} from '../../web/mathml.js';
/** @import { MathNode } from '../../web/mathml.js' */

/** The three ways to compare the query token with every token. */
export const MODES = ['cosine', 'dot', 'scaled'];

/**
 * Row `query` of the chosen comparison, one engine call, in token order:
 *   cosine  cos(x_query, x_j)            engine.cosineMatrix
 *   dot     q_query · k_j                engine.scoreMatrix, scale 1
 *   scaled  q_query · k_j / √d           engine.scoreMatrix, default scale 1/√d
 * @param {AttnEngine} engine
 */
export function scoreRow(engine, w, query, mode) {
  const n = w.tokens.length;
  const m =
    mode === 'cosine'
      ? engine.cosineMatrix([w.x[query]], w.x)
      : engine.scoreMatrix([w.q[query]], w.k, mode === 'dot' ? { scale: 1 } : undefined);
  return Array.from(m.data.subarray(0, n));
}

/** Token indices from the highest value to the lowest (ties keep token order). */
export function ranking(values) {
  return values.map((v, j) => j).sort((a, b) => values[b] - values[a] || a - b);
}

/** Printed precision of each mode: cosines to 3 decimals (the course prints 1.000, 0.995). */
export const DIGITS = { cosine: 3, dot: 2, scaled: 2 };

/**
 * The formula behind one number, with the engine's numbers substituted, as MathML (String() of
 * it: "cos = x_给了·x_苹果 / (|x_给了| |x_苹果|) = 0.12 / √(1.00 × 2.00) = 0.085"). `lab` gives
 * a token's label. |a| |b| is written √((a·a)(b·b)) so every number in it is an engine dot product.
 * @param {AttnEngine} engine
 */
export function formulaFor(engine, w, mode, query, j, value, lab) {
  const qi = lab(query),
    kj = lab(j);
  if (mode === 'cosine') {
    const a = w.x[query],
      b = w.x[j];
    return cosineMath(
      row('cos'),
      sub('x', qi),
      sub('x', kj),
      { dot: engine.dot(a, b), aa: engine.dot(a, a), bb: engine.dot(b, b) },
      value,
    );
  }
  const qk = row(sub('q', qi), '·', sub('k', kj));
  if (mode === 'dot')
    return row(
      qk,
      '=',
      vectorMath(w.q[query]),
      breakBefore('·'),
      vectorMath(w.k[j]),
      '=',
      number(value),
    );
  const d = w.q[query].length;
  return row(
    frac(qk, sqrt(d)),
    '=',
    frac(number(engine.dot(w.q[query], w.k[j])), sqrt(d)),
    '=',
    number(value),
  );
}

/**
 * name = a·b / (|a| |b|) = dot / √(aa × bb) = cos, the numbers the engine's dot products.
 * @param {MathNode} name @param {MathNode} a @param {MathNode} b
 * @param {{dot: number, aa: number, bb: number}} p @param {number} cos
 */
function cosineMath(name, a, b, p, cos) {
  return row(
    name,
    '=',
    frac(row(a, '·', b), row(norm(a), times(), norm(b))),
    '=',
    frac(number(p.dot), sqrt(number(p.aa), '×', number(p.bb))),
    '=',
    number(cos, 3),
  );
}

/** [0.10, −0.20, 0.30] as MathML. */
export function vectorMath(values, digits = 2) {
  return vector(values.map((v) => num(v, digits)));
}

/** Where a bar for v sits on a track from lo (≤ 0) to hi (≥ 0): fractions of the track. */
export function barSpan(v, lo, hi) {
  const span = hi - lo || 1;
  const zero = -lo / span;
  const len = Math.abs(v) / span;
  return { zero, left: v < 0 ? zero - len : zero, width: len };
}

/** The track of a set of values: always includes 0. */
export function trackRange(values) {
  return { lo: Math.min(0, ...values), hi: Math.max(0, ...values) };
}

/**
 * The K-versus-V point for two names of the world (zh-gift: 小明 and 小王): their keys are
 * nearly parallel, their values are not. null when the world has no such pair.
 * @param {AttnEngine} engine
 */
export function keyValuePair(engine, w, names = ['小明', '小王']) {
  const a = w.tokens.indexOf(names[0]),
    b = w.tokens.indexOf(names[1]);
  if (a < 0 || b < 0) return null;
  const part = (m) => ({
    cos: engine.cosine(m[a], m[b]),
    dot: engine.dot(m[a], m[b]),
    aa: engine.dot(m[a], m[a]),
    bb: engine.dot(m[b], m[b]),
    a: m[a],
    b: m[b],
  });
  return { a, b, k: part(w.k), v: part(w.v) };
}

/** The K/V formula: "cos(K_a, K_b) = K_a·K_b / (|K_a| |K_b|) = 3.21 / √(4.10 × 2.53) = 0.995". */
export function pairFormula(letter, p, la, lb) {
  const a = sub(letter, la),
    b = sub(letter, lb);
  return cosineMath(row('cos', paren(a, ',', b)), a, b, p, p.cos);
}

const checkRow = (name, expected, actual, ok = expected === actual) => ({
  name,
  expected,
  actual,
  ok,
});

/**
 * The course's lesson-1 numbers for the zh-gift world, through the engine, whatever the widget
 * currently shows. Compares the printed text.
 * @param {AttnEngine} engine
 */
export function courseChecks(engine, w) {
  const ix = (t) => w.tokens.indexOf(t);
  const gave = ix('给了');
  const cos = scoreRow(engine, w, gave, 'cosine');
  const cosRank = ranking(cos);
  const dot = scoreRow(engine, w, gave, 'dot');
  const dotRank = ranking(dot);
  const names = (idx) => idx.map((j) => w.tokens[j]);
  const lowest = names(cosRank.slice(-3).sort((a, b) => a - b)).join(' / ');
  const kv = keyValuePair(engine, w);
  const cosV = num(kv.v.cos, 3);
  return [
    checkRow(
      'raw cosine row 给了: first',
      '给了 1.000',
      `${w.tokens[cosRank[0]]} ${num(cos[cosRank[0]], 3)}`,
    ),
    checkRow('raw cosine row 给了: second', '把', w.tokens[cosRank[1]]),
    checkRow('raw cosine row 给了: three lowest', '小明 / 苹果 / 小王', lowest),
    checkRow(
      'projected q_给了·k_j ranking',
      '苹果 > 小王 > 小明 > 把 > 给了',
      names(dotRank).join(' > '),
    ),
    checkRow(
      'scaled q_给了·k_j/√d ranking (same order)',
      '苹果 > 小王 > 小明 > 把 > 给了',
      names(ranking(scoreRow(engine, w, gave, 'scaled'))).join(' > '),
    ),
    checkRow('cos(K_小明, K_小王)', '0.995', num(kv.k.cos, 3)),
    checkRow('cos(V_小明, V_小王) clearly lower', '< 0.3', cosV, kv.v.cos < 0.3),
  ];
}
