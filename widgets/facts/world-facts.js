// The numbers a teaching world gives the lessons, found by the roles its tokens play (the query,
// the answer, the object, the giver, the two names: teaching-world.schema.json "roles"), each
// from the engine. Widgets' self-checks compare what they show against these, the prose facts
// (facts.js) print them, and course-data/expected-numbers.json holds the values the seeds print
// for the course's own world (tests/js/expected-numbers.test.mjs). Edit the world, or load
// another with its roles set, and every one of them follows.
//
// Plain numbers: a widget formats them the way it prints its own, so a check compares the two
// texts at the precision the student reads. The engine calls here are whole-matrix ones of their
// own (engine.attention, engine.cosine), apart from the widgets' paths to the same numbers.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { AttentionResult } from '../../web/attn-engine.js' */
/** @import { Matrix } from '../../web/tensor.js' */
/** @import { Roles } from '../../web/world.js' */
/** @import { Bilingual } from '../../web/course-data.js' */
import { worldTensors, roleIndex, rolePair, COURSE_WORLD } from '../../web/world.js';
import { rowOf } from '../../web/tensor.js';

/**
 * What these facts read of worldTensors(rt, id).
 * @typedef {{ id: string, tokens: string[], tokensEn: string[], roles: Roles, source?: string,
 *   title: Bilingual, heads: number, x: Matrix, q: Matrix, k: Matrix, v: Matrix }} FactWorld
 */

/** Token indices from the highest value to the lowest (ties keep token order). */
const ranking = (/** @type {number[]} */ values) =>
  values.map((_, j) => j).sort((a, b) => values[b] - values[a] || a - b);

/** One world's facts; engine results computed on first use and kept. */
export class WorldFacts {
  #rt;
  /** @type {Map<string, AttentionResult>} */
  #results = new Map();

  /**
   * @param {Runtime} rt
   * @param {string} worldId
   */
  constructor(rt, worldId) {
    this.#rt = rt;
    this.engine = rt.engine;
    /** @type {FactWorld} */
    this.w = worldTensors(rt, worldId);
  }

  /**
   * engine.attention over the whole world, one head unless said: kept per options.
   * @param {'causal' | 'full' | 'heads' | 'zero-after'} kind
   */
  #attention(kind) {
    let r = this.#results.get(kind);
    if (!r) {
      const { q, k, v, heads } = this.w;
      r = this.#rt.engine.attention({
        q,
        k,
        v,
        causal: kind !== 'full',
        ...(kind === 'heads' ? { nHeads: heads } : {}),
        ...(kind === 'zero-after' ? { maskMode: /** @type {const} */ ('zero-after-softmax') } : {}),
      });
      this.#results.set(kind, r);
    }
    return r;
  }

  /**
   * The weight row `i` puts on key `j` (head `head` of the world's split where `kind` is heads).
   * @param {'causal' | 'full' | 'heads' | 'zero-after'} kind
   * @param {number} i
   * @param {number} j
   */
  weight(kind, i, j, head = 0) {
    const n = this.w.tokens.length;
    return this.#attention(kind).weights.data[head * n * n + i * n + j];
  }

  /**
   * Row i's output under the causal mask, one head.
   * @param {number} i
   */
  output(i) {
    return Array.from(rowOf(this.#attention('causal').output, i));
  }

  /**
   * q_i · k_j, unscaled (engine.dot).
   * @param {number} i
   * @param {number} j
   */
  rawScore(i, j) {
    return this.#rt.engine.dot(rowOf(this.w.q, i), rowOf(this.w.k, j));
  }

  get query() {
    return roleIndex(this.w, 'query');
  }

  /** cos(x_query, x_query): the raw embedding most like the query is the query itself. */
  get selfCosine() {
    const x = rowOf(this.w.x, this.query);
    return this.#rt.engine.cosine(x, x);
  }

  /** cos(x_query, x_j) for every token j: the raw embeddings compared, before any projection. */
  get rawCosines() {
    const { x, tokens } = this.w;
    const xq = rowOf(x, this.query);
    return tokens.map((_, j) => this.#rt.engine.cosine(xq, rowOf(x, j)));
  }

  /** Every token by the cosine of its raw embedding with the query's, highest first. */
  get rawCosineRanking() {
    return ranking(this.rawCosines);
  }

  /** Every token by the query's scaled score q·k/√d, highest first (no mask). */
  get projectedRanking() {
    const n = this.w.tokens.length;
    const s = this.#attention('full').scores.data.subarray(this.query * n, (this.query + 1) * n);
    return ranking(Array.from(s));
  }

  /** cos of the two names' keys and of their values. */
  get namesCosine() {
    const [a, b] = rolePair(this.w, 'names');
    const { k, v } = this.w;
    const cos = (/** @type {Matrix} */ m) => this.#rt.engine.cosine(rowOf(m, a), rowOf(m, b));
    return { k: cos(k), v: cos(v) };
  }

  /** Without a mask, the query's weight on the answer it must predict (the leak). */
  get queryOnAnswerNoMask() {
    return this.weight('full', this.query, roleIndex(this.w, 'answer'));
  }

  /** Causal, one head: the query's weight on the object. */
  get queryOnObject() {
    return this.weight('causal', this.query, roleIndex(this.w, 'object'));
  }

  /** Causal, one head: the query's weight on the giver. */
  get queryOnGiver() {
    return this.weight('causal', this.query, roleIndex(this.w, 'giver'));
  }

  /** Causal, the world's heads: head A's (the first) weight of the query on the giver. */
  get headAQueryOnGiver() {
    return this.weight('heads', this.query, roleIndex(this.w, 'giver'), 0);
  }

  /** Causal, the world's heads: head B's (the second) weight of the query on the object. */
  get headBQueryOnObject() {
    return this.weight('heads', this.query, roleIndex(this.w, 'object'), 1);
  }

  /** Causal, one head: the answer's weight on the query (it reads back the word before it). */
  get answerOnQuery() {
    return this.weight('causal', roleIndex(this.w, 'answer'), this.query);
  }

  /**
   * The object's row, causal, one head: the keys it sees (0 … object), its scaled scores and
   * its weights on them.
   */
  get objectRow() {
    const o = roleIndex(this.w, 'object');
    const n = this.w.tokens.length;
    const r = this.#attention('causal');
    const keys = Array.from({ length: o + 1 }, (_, j) => j);
    return {
      row: o,
      keys,
      scores: keys.map((j) => r.scores.data[o * n + j]),
      weights: keys.map((j) => r.weights.data[o * n + j]),
    };
  }

  /**
   * The query's row with its future keys given a score of 0 instead of −∞ (a bug): the weight the
   * answer then takes. Asked as the visible scores' softmax with a sink logit of ln m standing
   * for the m future keys' e⁰ each (engine.softmax), one m-th of that sink for the answer.
   */
  get futureZeroedOnAnswer() {
    const q = this.query;
    const a = roleIndex(this.w, 'answer');
    const n = this.w.tokens.length;
    const m = n - 1 - q;
    const visible = Array.from(this.#attention('full').scores.data.subarray(q * n, q * n + q + 1));
    const r = this.#rt.engine.softmax(visible, m > 0 ? { sinkLogit: Math.log(m) } : {});
    return a > q ? r.sinkWeight / m : r.weights[a];
  }

  /**
   * Softmax taken down the columns of the causal scores instead of along the rows (a bug): the
   * first token's share of column 0. The column is k₀ against every q (engine.scoreMatrix, the
   * transposed product), its softmax the engine's.
   */
  get columnSoftmaxFirst() {
    const column = this.#rt.engine.scoreMatrix(oneRow(this.w.k, 0), this.w.q).data;
    return this.#rt.engine.softmax(column).weights[0];
  }

  /** The query's row with the mask applied after softmax (the mistake): what its weights sum to. */
  get zeroAfterQuerySum() {
    let s = 0;
    for (let j = 0; j < this.w.tokens.length; j++) s += this.weight('zero-after', this.query, j);
    return s;
  }
}

/**
 * Row `i` of m as a one-row tensor (a view), for the engine's matrix calls.
 * @param {Matrix} m
 * @param {number} i
 * @returns {Matrix}
 */
const oneRow = (m, i) => ({ shape: [1, m.shape[1]], data: rowOf(m, i) });

const cache = new WeakMap();

/**
 * The facts of world `worldId` of the runtime's teaching world (default the course's own): one
 * object per document, world and engine, so its engine results are computed once per page.
 * @param {Runtime} rt
 * @param {string} [worldId]
 * @returns {WorldFacts}
 */
export function worldFacts(rt, worldId = COURSE_WORLD) {
  let perDoc = cache.get(rt.world);
  if (!perDoc) cache.set(rt.world, (perDoc = new Map()));
  let f = perDoc.get(worldId);
  if (!f || f.engine !== rt.engine) perDoc.set(worldId, (f = new WorldFacts(rt, worldId)));
  return f;
}
