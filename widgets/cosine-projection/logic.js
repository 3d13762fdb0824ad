// The numbers behind <attn-cosine-projection>, without any DOM: every value is asked of the
// engine (cosineMatrix, scoreMatrix, dot, cosine); this file only picks values out, ranks them
// and formats them. The widget and tests/js/cosine-projection.test.mjs both use it.
// w is worldTensors(rt, id): {tokens, x, q, k, v}, each matrix an engine tensor {shape, data}.
/** @import { AttnEngine } from '../../web/attn-engine.js' */
/** @import { Matrix } from '../../web/tensor.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Roles } from '../../web/world.js' */
import { num } from '../../web/dom.js';
import { worldTensors, hasRoles, roleIndex, rolePair, roleTokens } from '../../web/world.js';
import { checkNamed, glossed } from '../../web/check-row.js';
import { worldFacts } from '../facts/world-facts.js';
import { rowOf } from '../../web/tensor.js';
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

/**
 * A world as worldTensors gives it (the parts this widget reads).
 * @typedef {{ id: string, tokens: string[], tokensEn: string[], roles: Roles, x: Matrix,
 *   q: Matrix, k: Matrix, v: Matrix }} World
 */
/** @typedef {'cosine' | 'dot' | 'scaled'} Mode */
/**
 * Two vectors, their dot products and their cosine, all from the engine.
 * @typedef {{ cos: number, dot: number, aa: number, bb: number, a: Float32Array,
 *   b: Float32Array }} Pair
 */

/** @type {Mode[]} The three ways to compare the query token with every token. */
export const MODES = ['cosine', 'dot', 'scaled'];

/**
 * Row i of m as a one-row tensor (a view, no copy), for the engine's matrix calls.
 * @param {Matrix} m
 * @param {number} i
 * @returns {Matrix}
 */
const oneRow = (m, i) => ({ shape: [1, m.shape[1]], data: rowOf(m, i) });

/**
 * Row `query` of the chosen comparison, one engine call, in token order:
 *   cosine  cos(x_query, x_j)            engine.cosineMatrix
 *   dot     q_query · k_j                engine.scoreMatrix, scale 1
 *   scaled  q_query · k_j / √d           engine.scoreMatrix, default scale 1/√d
 * @param {AttnEngine} engine
 * @param {World} w
 * @param {number} query
 * @param {Mode} mode
 * @returns {number[]}
 */
export function scoreRow(engine, w, query, mode) {
  const n = w.tokens.length;
  const m =
    mode === 'cosine'
      ? engine.cosineMatrix(oneRow(w.x, query), w.x)
      : engine.scoreMatrix(oneRow(w.q, query), w.k, mode === 'dot' ? { scale: 1 } : undefined);
  return Array.from(m.data.subarray(0, n));
}

/**
 * Token indices from the highest value to the lowest (ties keep token order).
 * @param {number[]} values
 */
export function ranking(values) {
  return values.map((v, j) => j).sort((a, b) => values[b] - values[a] || a - b);
}

/**
 * Printed precision of each mode: cosines to 3 decimals (the course prints 1.000, 0.995).
 * @type {Record<Mode, number>}
 */
export const DIGITS = { cosine: 3, dot: 2, scaled: 2 };

/**
 * The formula behind one number, with the engine's numbers substituted, as MathML (String() of
 * it: "cos = x_给了·x_苹果 / (|x_给了| |x_苹果|) = 0.12 / √(1.00 × 2.00) = 0.085"). `lab` gives
 * a token's label. |a| |b| is written √((a·a)(b·b)) so every number in it is an engine dot product.
 * @param {AttnEngine} engine
 * @param {World} w
 * @param {Mode} mode
 * @param {number} query
 * @param {number} j
 * @param {number} value
 * @param {(i: number) => string} lab
 */
export function formulaFor(engine, w, mode, query, j, value, lab) {
  const qi = lab(query),
    kj = lab(j);
  const q = rowOf(w.q, query),
    k = rowOf(w.k, j);
  if (mode === 'cosine') {
    const a = rowOf(w.x, query),
      b = rowOf(w.x, j);
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
    return row(qk, '=', vectorMath(q), breakBefore('·'), vectorMath(k), '=', number(value));
  const d = w.q.shape[1];
  return row(frac(qk, sqrt(d)), '=', frac(number(engine.dot(q, k)), sqrt(d)), '=', number(value));
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

/**
 * [0.10, −0.20, 0.30] as MathML.
 * @param {ArrayLike<number>} values
 */
export function vectorMath(values, digits = 2) {
  return vector(Array.from(values, (v) => num(v, digits)));
}

/**
 * Where a bar for v sits on a track from lo (≤ 0) to hi (≥ 0): fractions of the track.
 * @param {number} v
 * @param {number} lo
 * @param {number} hi
 */
export function barSpan(v, lo, hi) {
  const span = hi - lo || 1;
  const zero = -lo / span;
  const len = Math.abs(v) / span;
  return { zero, left: v < 0 ? zero - len : zero, width: len };
}

/**
 * The track of a set of values: always includes 0.
 * @param {number[]} values
 */
export function trackRange(values) {
  return { lo: Math.min(0, ...values), hi: Math.max(0, ...values) };
}

/**
 * The K-versus-V point for the world's two names (its "names" role, zh-gift: 小明 and 小王):
 * their keys are nearly parallel, their values are not. null when the world names no two names.
 * @param {AttnEngine} engine
 * @param {World} w
 * @returns {{ a: number, b: number, k: Pair, v: Pair } | null}
 */
export function keyValuePair(engine, w) {
  if (!hasRoles(w, ['names'])) return null;
  const [a, b] = rolePair(w, 'names');
  /** @param {Matrix} m @returns {Pair} */
  const part = (m) => {
    const ra = rowOf(m, a),
      rb = rowOf(m, b);
    return {
      cos: engine.cosine(ra, rb),
      dot: engine.dot(ra, rb),
      aa: engine.dot(ra, ra),
      bb: engine.dot(rb, rb),
      a: ra,
      b: rb,
    };
  };
  return { a, b, k: part(w.k), v: part(w.v) };
}

/**
 * The K/V formula: "cos(K_a, K_b) = K_a·K_b / (|K_a| |K_b|) = 3.21 / √(4.10 × 2.53) = 0.995".
 * @param {string} letter
 * @param {Pair} p
 * @param {string} la
 * @param {string} lb
 */
export function pairFormula(letter, p, la, lb) {
  const a = sub(letter, la),
    b = sub(letter, lb);
  return cosineMath(row('cos', paren(a, ',', b)), a, b, p, p.cos);
}

/** The roles lesson 1's numbers need; a world without them has no course checks. */
export const ROLES = /** @type {const} */ (['query', 'names']);

/**
 * The course's lesson-1 numbers for world `worldId` through the widget's path (one engine matrix
 * call per comparison), whatever the widget currently shows, against the world's facts (cosines
 * pair by pair, the scores of its attention). Compares the printed text.
 * @param {Runtime} rt
 * @param {string} worldId
 * @returns {CheckRow[]}
 */
export function courseChecks(rt, worldId) {
  const engine = rt.engine;
  /** @type {World} */
  const w = worldTensors(rt, worldId);
  const f = worldFacts(rt, worldId);
  const query = roleIndex(w, 'query');
  const cos = scoreRow(engine, w, query, 'cosine');
  const cosRank = ranking(cos);
  const dot = scoreRow(engine, w, query, 'dot');
  const dotRank = ranking(dot);
  /** @param {number[]} idx @param {boolean} [en] glossed, as an English panel shows them */
  const names = (idx, en = false) =>
    idx.map((j) => (en ? glossed(w.tokens[j], w.tokensEn?.[j]) : w.tokens[j]));
  /** @param {number[]} rank the three lowest, in token order @param {boolean} [en] */
  const lowest = (rank, en = false) =>
    names(
      rank.slice(-3).sort((a, b) => a - b),
      en,
    ).join(' / ');
  /**
   * A row naming tokens, with the glossed values an English panel shows.
   * @param {string} name
   * @param {(en: boolean) => string} expected
   * @param {(en: boolean) => string} actual
   */
  const tokenRow = (name, expected, actual) => ({
    ...checkNamed(name, vars, expected(false), actual(false)),
    en: { expected: expected(true), actual: actual(true) },
  });
  const kv = keyValuePair(engine, w);
  if (!kv) throw new Error(`teaching-world.json: world "${worldId}" names no two names`);
  const cosV = num(kv.v.cos, 3);
  const vars = roleTokens(w);
  const raw = f.rawCosineRanking;
  /** @param {number[]} rank @param {boolean} en */
  const order = (rank, en) => names(rank, en).join(' > ');
  const scaledRank = ranking(scoreRow(engine, w, query, 'scaled'));
  return [
    tokenRow(
      'raw cosine row {query}: first',
      (en) => `${names([raw[0]], en)[0]} ${num(f.rawCosines[raw[0]], 3)}`,
      (en) => `${names([cosRank[0]], en)[0]} ${num(cos[cosRank[0]], 3)}`,
    ),
    tokenRow(
      'raw cosine row {query}: second',
      (en) => names([raw[1]], en)[0],
      (en) => names([cosRank[1]], en)[0],
    ),
    tokenRow(
      'raw cosine row {query}: three lowest',
      (en) => lowest(raw, en),
      (en) => lowest(cosRank, en),
    ),
    tokenRow(
      'projected q[{query}]·k_j ranking',
      (en) => order(f.projectedRanking, en),
      (en) => order(dotRank, en),
    ),
    tokenRow(
      'scaled q[{query}]·k_j/√d ranking (same order)',
      (en) => order(f.projectedRanking, en),
      (en) => order(scaledRank, en),
    ),
    checkNamed('cos(K[{names.0}], K[{names.1}])', vars, num(f.namesCosine.k, 3), num(kv.k.cos, 3)),
    checkNamed(
      'cos(V[{names.0}], V[{names.1}]) clearly lower',
      vars,
      '< 0.3',
      cosV,
      kv.v.cos < 0.3,
    ),
  ];
}
