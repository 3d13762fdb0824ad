// The numbers behind <attn-walkthrough>, without any DOM, so node tests import them too.
// "The" and "cat" (world en-the-cat) through the attention formula, one step at a time. Every
// number is the engine's: Q/K/V (worldTensors: engine.matmul), raw and scaled scores
// (engine.scoreMatrix), the causal mask (engine.causalMask), weights and output
// (engine.attention). This file only picks numbers out and writes the arithmetic as text.
/** @import { Runtime } from '../../web/runtime.js' */
import { worldTensors } from '../../web/world.js';
import { rowsOf } from '../../web/tensor.js';
import { num, pct } from '../../web/dom.js';
import { line, row, sub, sup, frac, sqrt, paren, text, mi } from '../../web/mathml.js';

export const STEPS = ['qkv', 'raw', 'scaled', 'mask', 'softmax', 'output'];

/**
 * Every matrix of the walkthrough, each as number[][] (T = 2 tokens, d = 2).
 * @param {Runtime} rt
 */
export function walkthrough(rt, worldId = 'en-the-cat') {
  const w = worldTensors(rt, worldId);
  const e = rt.engine;
  const T = w.tokens.length;
  const d = w.q[0].length;
  const raw = rowsOf(e.scoreMatrix(w.q, w.k, { scale: 1 }));
  const scaled = rowsOf(e.scoreMatrix(w.q, w.k, {}));
  const mask = rowsOf(e.causalMask(T, T));
  const att = e.attention({ q: w.q, k: w.k, v: w.v, causal: true });
  const weights = rowsOf({ shape: [T, T], data: att.weights.data });
  const output = rowsOf(att.output);
  // The masked scores as the student sees them: the scaled score where the mask lets it
  // through, −∞ where it does not (this is a display of the mask, not arithmetic).
  const masked = scaled.map((row, i) => row.map((s, j) => (mask[i][j] ? s : -Infinity)));
  const world = rt.world.worlds[worldId];
  return { w, world, T, d, raw, scaled, mask, masked, weights, output };
}

/** A number as printed in the walkthrough: 2 decimals, a real minus sign, −∞ for masked. */
export function fmt(x, digits = 2) {
  if (x === -Infinity) return '−∞';
  return num(x, digits);
}

/** [a, b] → "[0.54, −0.16]" */
export function vec(values, digits = 2) {
  return `[${values.map((v) => fmt(v, digits)).join(', ')}]`;
}

/** A factor in a product: negatives in parentheses, "(−0.16)". */
function factor(x, digits = 2) {
  return x < 0 ? paren(fmt(x, digits)) : fmt(x, digits);
}

/**
 * a₁ × b₁ + a₂ × b₂ + … of two vectors of the same length, as formula terms at the top level of
 * a row (so that the line wraps between them).
 */
function terms(a, b, digitsA = 2) {
  return a.flatMap((x, k) => [...(k ? ['+'] : []), row(factor(x, digitsA), '×', factor(b[k]))]);
}

/** name[token]: a row of a matrix named by its token. */
const at = (name, token) => row(name, '[', text(token), ']');

/**
 * The arithmetic of one cell of one step, with the engine's numbers substituted, as MathML
 * (web/mathml.js; String() of it: "Q[cat]·K[The] = 0.30 × 1.00 + 0.90 × 0.20 = 0.48").
 * step: one of STEPS; (i, j): the cell; lab(i): a token's label; m: walkthrough(); t: strings.
 * For 'qkv' the cell is (token i, dimension j) of Q; for 'output' (token i, dimension j) of out.
 */
export function cellArithmetic(step, i, j, m, lab) {
  const { w, world } = m;
  switch (step) {
    case 'qkv': {
      const col = world.Wq.map((r) => r[j]);
      const wq = row(sub('W', 'q'), '[', ':', ',', j, ']');
      return row(
        sub(at('Q', lab(i)), j),
        '=',
        at('x', lab(i)),
        '·',
        wq,
        '=',
        ...terms(w.x[i], col),
        '=',
        fmt(w.q[i][j]),
      );
    }
    case 'raw':
      return row(
        at('Q', lab(i)),
        '·',
        at('K', lab(j)),
        '=',
        ...terms(w.q[i], w.k[j]),
        '=',
        fmt(m.raw[i][j]),
      );
    case 'scaled':
      return row(frac(fmt(m.raw[i][j]), sqrt(m.d)), '=', fmt(m.scaled[i][j]));
    case 'mask':
      return line(
        `${lab(i)} → ${lab(j)}: `,
        m.mask[i][j]
          ? row(
              'j',
              '=',
              j,
              '≤',
              'i',
              '=',
              i,
              ',',
              fmt(m.scaled[i][j]),
              '+',
              0,
              '=',
              fmt(m.masked[i][j]),
            )
          : row(
              'j',
              '=',
              j,
              '>',
              'i',
              '=',
              i,
              ',',
              fmt(m.scaled[i][j]),
              '+',
              paren('−∞'),
              '=',
              '−∞',
            ),
      );
    case 'softmax': {
      const scores = m.masked[i];
      const denominator = scores.flatMap((x, k) => [...(k ? ['+'] : []), sup('e', fmt(x))]);
      const top = sup('e', m.mask[i][j] ? fmt(scores[j]) : '−∞');
      return row('w', '=', frac(top, row(...denominator)), '=', pct(m.weights[i][j]));
    }
    case 'output':
      return row(
        sub(at(mi('out'), lab(i)), j),
        '=',
        ...terms(
          m.weights[i],
          w.v.map((v) => v[j]),
          3,
        ),
        '=',
        fmt(m.output[i][j]),
      );
    default:
      return '';
  }
}

/** The course's numbers, printed the way the course prints them: for selfCheck and the tests. */
export function courseNumbers(m) {
  const ix = (t) => {
    const i = m.w.tokensEn.indexOf(t);
    if (i < 0)
      throw new Error(`teaching-world.json: world "${m.w.id}" has no token "${t}" (tokensEn)`);
    return i;
  };
  const cat = ix('cat');
  const the = ix('The');
  return {
    outThe: vec(m.output[the]),
    outCat: vec(m.output[cat]),
    catRaw: `${fmt(m.raw[cat][the])} / ${fmt(m.raw[cat][cat])}`,
    catWeights: `${pct(m.weights[cat][the])} / ${pct(m.weights[cat][cat])}`,
  };
}
