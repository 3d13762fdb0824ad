// The numbers behind <attn-polysemy>, without any DOM: one token, 花 (hua), at the end of three
// sentences of the teaching world (flower, to spend, blurry). Its input row x is the same in all
// three, as an embedding table gives one row per token whatever the sentence; the attention
// output of that row is the weighted sum of the V rows it can see, so it differs with the
// context. Every number is the engine's: one engine.attention call per sentence (the row's
// weights and output), engine.cosine for the cosines, engine.dot for the dot products and the
// squared lengths. The widget and tests/js/polysemy.test.mjs both use it.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttnEngine } from '../../web/attn-engine.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
import { worldTensors } from '../../web/world.js';
import { rowOf } from '../../web/tensor.js';
import { num } from '../../web/dom.js';
import { row, sub, frac, sqrt, norm, times, number, paren } from '../../web/mathml.js';

/** The three sentences, one sense of 花 each: flower, to spend, blurry (eyes). */
export const SENSE_WORLDS = ['zh-hua-flower', 'zh-hua-money', 'zh-hua-eyes'];

/**
 * One sentence: its tokens, the shared token's row, that row's weights over the keys it sees
 * (causal: all of them, it is last), its input x and its attention output.
 * @typedef {{ id: string, tokens: string[], tokensEn: string[],
 *   title: { 'zh-CN': string, en: string },
 *   row: number, weights: number[], x: number[], output: number[] }} SenseRow
 * @typedef {{ a: number, b: number, dot: number, aa: number, bb: number, cos: number }} Pair
 *   two outputs compared: o_a · o_b, o_a · o_a, o_b · o_b and the cosine
 * @typedef {{ token: string, senses: SenseRow[], inputCos: number[][], pairs: Pair[] }} Polysemy
 */

/**
 * The shared token: the last token of the first sentence, which every sentence ends with.
 * @param {Runtime} rt
 */
export function sharedToken(rt) {
  const tokens = SENSE_WORLDS.map((id) => worldTensors(rt, id).tokens);
  const token = tokens[0][tokens[0].length - 1];
  for (const [i, t] of tokens.entries())
    if (t[t.length - 1] !== token)
      throw new Error(
        `teaching-world.json: /worlds/${SENSE_WORLDS[i]} should end with the token ${token}`,
      );
  return token;
}

/**
 * Every number the widget shows.
 * @param {Runtime} rt
 * @returns {Polysemy}
 */
export function polysemy(rt) {
  const token = sharedToken(rt);
  const senses = SENSE_WORLDS.map((id) => {
    const w = worldTensors(rt, id);
    const T = w.tokens.length;
    const row = T - 1;
    const r = rt.engine.attention({
      q: w.q,
      k: w.k,
      v: w.v,
      causal: true,
      want: ['weights', 'output'],
    });
    return {
      id,
      tokens: w.tokens,
      tokensEn: w.tokensEn,
      title: w.title,
      row,
      weights: Array.from(r.weights.data.subarray(row * T, (row + 1) * T)),
      x: Array.from(rowOf(w.x, row)),
      output: Array.from(rowOf(r.output, row)),
    };
  });
  const e = rt.engine;
  const inputCos = senses.map((a) => senses.map((b) => e.cosine(a.x, b.x)));
  /** @type {Pair[]} */
  const pairs = [];
  for (let a = 0; a < senses.length; a++)
    for (let b = a + 1; b < senses.length; b++) {
      const oa = senses[a].output,
        ob = senses[b].output;
      pairs.push({
        a,
        b,
        dot: e.dot(oa, ob),
        aa: e.dot(oa, oa),
        bb: e.dot(ob, ob),
        cos: e.cosine(oa, ob),
      });
    }
  return { token, senses, inputCos, pairs };
}

/**
 * cos(o_A, o_B) = o_A·o_B / (|o_A| |o_B|) = dot / √(aa × bb) = cos, the engine's numbers.
 * @param {Pair} p
 * @param {string} la the first sentence's letter
 * @param {string} lb
 */
export function pairMath(p, la, lb) {
  const a = sub('o', la),
    b = sub('o', lb);
  return row(
    'cos',
    paren(a, ',', b),
    '=',
    frac(row(a, '·', b), row(norm(a), times(), norm(b))),
    '=',
    frac(number(p.dot, 3), sqrt(number(p.aa, 3), '×', number(p.bb, 3))),
    '=',
    number(p.cos, 3),
  );
}

/**
 * The teacher's self-check: the inputs are one row (cosine 1 between every two), every weight
 * row sums to 1, each output is the weights times the V rows (engine.matmul against the
 * attention call), and no two outputs are parallel.
 * @param {Runtime} rt
 * @returns {CheckRow[]}
 */
export function polysemyChecks(rt) {
  const p = polysemy(rt);
  const e = /** @type {AttnEngine} */ (rt.engine);
  const sums = p.senses.map((s) => s.weights.reduce((a, b) => a + b, 0));
  let mixDiff = 0;
  for (const s of p.senses) {
    const w = worldTensors(rt, s.id);
    const mixed = e.matmul([s.weights], w.v).data;
    s.output.forEach((x, i) => (mixDiff = Math.max(mixDiff, Math.abs(x - mixed[i]))));
  }
  const ones = p.inputCos.flat().every((c) => Math.abs(c - 1) < 1e-6);
  const apart = p.pairs.every((q) => q.cos < 0.99);
  return [
    {
      name: 'the shared token’s input row x is the same in the three sentences (cos = 1.000)',
      expected: 'true',
      actual: String(ones),
      ok: ones,
    },
    {
      name: 'each weight row sums to 1',
      expected: '1.000 1.000 1.000',
      actual: sums.map((x) => num(x, 3)).join(' '),
      ok: sums.every((x) => Math.abs(x - 1) < 1e-5),
    },
    {
      name: 'each output = its weights · V (engine.matmul), max |Δ|',
      expected: '< 1.0e-6',
      actual: mixDiff === 0 ? '0' : mixDiff.toExponential(1),
      ok: mixDiff < 1e-6,
    },
    {
      name: 'no two outputs are parallel (every cosine < 0.99)',
      expected: 'true',
      actual: String(apart),
      ok: apart,
    },
  ];
}
