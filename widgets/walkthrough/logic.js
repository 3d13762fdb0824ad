// The numbers behind <attn-walkthrough>, without any DOM, so node tests import them too.
// "The" and "cat" (world en-the-cat) through the attention formula, one step at a time. Every
// number is the engine's: Q/K/V (worldTensors: engine.matmul), raw and scaled scores
// (engine.scoreMatrix), the causal mask (engine.causalMask), weights and output
// (engine.attention). This file only picks numbers out and writes the arithmetic as text.
// Dimensions: T tokens, d the width of q, k and v (2 and 2 in the course's example).
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Matrix } from '../../web/tensor.js' */
/** @import { Roles } from '../../web/world.js' */
/** @import { MathNode, MathLine } from '../../web/mathml.js' */
import { worldTensors, roleIndex } from '../../web/world.js';
import { worldFacts } from '../facts/world-facts.js';
import { rowOf, at } from '../../web/tensor.js';
import { num, pct } from '../../web/dom.js';
import { line, row, sub, sup, frac, sqrt, paren, text, mi } from '../../web/mathml.js';

/** @typedef {'qkv' | 'raw' | 'scaled' | 'mask' | 'softmax' | 'output'} Step */

/** @type {Step[]} */
export const STEPS = ['qkv', 'raw', 'scaled', 'mask', 'softmax', 'output'];

/** The course's worked example: two tokens, The and cat (seed 000). */
export const EXAMPLE_WORLD = 'en-the-cat';

/**
 * What the walkthrough reads of worldTensors(rt, id).
 * @typedef {{ id: string, tokens: string[], tokensEn: string[], roles: Roles, x: Matrix,
 *   q: Matrix, k: Matrix, v: Matrix }} World
 */

/**
 * Every matrix of the walkthrough: raw and scaled scores, mask (1 = visible), masked scores,
 * weights [T, T]; output [T, d]; and the world's own Wq (the data file's rows, for the
 * arithmetic of Q).
 * @typedef {{ w: World, world: { Wq: number[][] }, T: number, d: number, raw: Matrix,
 *   scaled: Matrix, mask: Matrix, masked: Matrix, weights: Matrix, output: Matrix }} Walk
 */

/**
 * Every matrix of the walkthrough, each a {shape, data} tensor.
 * @param {Runtime} rt
 * @returns {Walk}
 */
export function walkthrough(rt, worldId = EXAMPLE_WORLD) {
  /** @type {World} */
  const w = worldTensors(rt, worldId);
  const e = rt.engine;
  const T = w.tokens.length;
  const d = w.q.shape[1];
  const raw = e.scoreMatrix(w.q, w.k, { scale: 1 });
  const scaled = e.scoreMatrix(w.q, w.k, {});
  const mask = e.causalMask(T, T);
  const att = e.attention({ q: w.q, k: w.k, v: w.v, causal: true });
  const weights = { shape: [T, T], data: att.weights.data }; // the one head's [T, T]
  const output = att.output;
  // The masked scores as the student sees them: the scaled score where the mask lets it
  // through, −∞ where it does not (this is a display of the mask, not arithmetic).
  const masked = {
    shape: [T, T],
    data: scaled.data.map((s, k) => (mask.data[k] ? s : -Infinity)),
  };
  const world = rt.world.worlds[worldId];
  return { w, world, T, d, raw, scaled, mask, masked, weights, output };
}

/**
 * A number as printed in the walkthrough: 2 decimals, a real minus sign, −∞ for masked.
 * @param {number} x
 */
export function fmt(x, digits = 2) {
  if (x === -Infinity) return '−∞';
  return num(x, digits);
}

/**
 * [a, b] → "[0.54, −0.16]"
 * @param {ArrayLike<number>} values
 */
export function vec(values, digits = 2) {
  return `[${Array.from(values, (v) => fmt(v, digits)).join(', ')}]`;
}

/**
 * A factor in a product: negatives in parentheses, "(−0.16)".
 * @param {number} x
 */
function factor(x, digits = 2) {
  return x < 0 ? paren(fmt(x, digits)) : fmt(x, digits);
}

/**
 * a₁ × b₁ + a₂ × b₂ + … of two vectors of the same length, as formula terms at the top level of
 * a row (so that the line wraps between them).
 * @param {ArrayLike<number>} a
 * @param {ArrayLike<number>} b
 */
function terms(a, b, digitsA = 2) {
  return Array.from(a).flatMap((x, k) => [
    ...(k ? ['+'] : []),
    row(factor(x, digitsA), '×', factor(b[k])),
  ]);
}

/**
 * name[token]: a row of a matrix named by its token.
 * @param {string | MathNode} name
 * @param {string} token
 */
const named = (name, token) => row(name, '[', text(token), ']');

/**
 * The arithmetic of one cell of one step, with the engine's numbers substituted, as MathML
 * (web/mathml.js; String() of it: "Q[cat]·K[The] = 0.30 × 1.00 + 0.90 × 0.20 = 0.48").
 * For 'qkv' the cell is (token i, dimension j) of Q; for 'output' (token i, dimension j) of out.
 * @param {Step} step
 * @param {number} i
 * @param {number} j
 * @param {Walk} m
 * @param {(i: number) => string} lab a token's label
 * @returns {MathNode | MathLine | string}
 */
export function cellArithmetic(step, i, j, m, lab) {
  const { w, world } = m;
  switch (step) {
    case 'qkv': {
      const col = world.Wq.map((r) => r[j]);
      const wq = row(sub('W', 'q'), '[', ':', ',', j, ']');
      return row(
        sub(named('Q', lab(i)), j),
        '=',
        named('x', lab(i)),
        '·',
        wq,
        '=',
        ...terms(rowOf(w.x, i), col),
        '=',
        fmt(at(w.q, i, j)),
      );
    }
    case 'raw':
      return row(
        named('Q', lab(i)),
        '·',
        named('K', lab(j)),
        '=',
        ...terms(rowOf(w.q, i), rowOf(w.k, j)),
        '=',
        fmt(at(m.raw, i, j)),
      );
    case 'scaled':
      return row(frac(fmt(at(m.raw, i, j)), sqrt(m.d)), '=', fmt(at(m.scaled, i, j)));
    case 'mask': {
      const s = fmt(at(m.scaled, i, j));
      return line(
        `${lab(i)} → ${lab(j)}: `,
        at(m.mask, i, j)
          ? row('j', '=', j, '≤', 'i', '=', i, ',', s, '+', 0, '=', fmt(at(m.masked, i, j)))
          : row('j', '=', j, '>', 'i', '=', i, ',', s, '+', paren('−∞'), '=', '−∞'),
      );
    }
    case 'softmax': {
      const scores = rowOf(m.masked, i);
      const denominator = Array.from(scores).flatMap((x, k) => [
        ...(k ? ['+'] : []),
        sup('e', fmt(x)),
      ]);
      const top = sup('e', at(m.mask, i, j) ? fmt(scores[j]) : '−∞');
      return row('w', '=', frac(top, row(...denominator)), '=', pct(at(m.weights, i, j)));
    }
    case 'output': {
      const vCol = Array.from({ length: m.T }, (_, k) => at(w.v, k, j));
      return row(
        sub(named(mi('out'), lab(i)), j),
        '=',
        ...terms(rowOf(m.weights, i), vCol, 3),
        '=',
        fmt(at(m.output, i, j)),
      );
    }
    default:
      return '';
  }
}

/**
 * The course's numbers, printed the way the course prints them: for selfCheck and the tests.
 * The query (en-the-cat: cat) and the key it is paired with (The) are the world's roles.
 * @param {Walk} m
 */
export function courseNumbers(m) {
  const cat = roleIndex(m.w, 'query');
  const the = roleIndex(m.w, 'key');
  return {
    outThe: vec(rowOf(m.output, the)),
    outCat: vec(rowOf(m.output, cat)),
    catRaw: `${fmt(at(m.raw, cat, the))} / ${fmt(at(m.raw, cat, cat))}`,
    catWeights: `${pct(at(m.weights, cat, the))} / ${pct(at(m.weights, cat, cat))}`,
  };
}

/**
 * The same numbers from the world's facts (widgets/facts/world-facts.js: whole-matrix engine
 * calls, apart from the walkthrough's step by step), printed the same way; and the tokens the
 * self-check names quote ({query}, {key}, in English).
 * @param {Runtime} rt
 * @param {string} worldId
 */
export function expectedNumbers(rt, worldId) {
  const f = worldFacts(rt, worldId);
  const cat = roleIndex(f.w, 'query');
  const the = roleIndex(f.w, 'key');
  return {
    outThe: vec(f.output(the)),
    outCat: vec(f.output(cat)),
    catRaw: `${fmt(f.rawScore(cat, the))} / ${fmt(f.rawScore(cat, cat))}`,
    catWeights: `${pct(f.weight('causal', cat, the))} / ${pct(f.weight('causal', cat, cat))}`,
    vars: { query: f.w.tokensEn[cat], key: f.w.tokensEn[the] },
  };
}
