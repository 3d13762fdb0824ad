// A teaching world as the engine sees it: tokens and the projected Q, K, V, computed by the
// engine (q = x · Wq, row-vector convention) once per world and shared by every widget.
/** @import { Runtime } from './runtime.js' */
import { tensorFrom } from './tensor.js';
import { DataError } from './data-error.js';
import { sourceOf } from './runtime.js';

const cache = new WeakMap();

/**
 * {id, tokens, tokensEn, heads, dModel, x, q, k, v, wq, wo} for world `id` of the runtime's
 * teaching
 * world, each matrix a {shape, data: Float32Array} tensor (web/tensor.js). Throws an Error naming
 * the world if it is missing.
 * @param {Runtime} rt
 * @param {string} id
 */
export function worldTensors(rt, id) {
  const doc = rt.world;
  let perDoc = cache.get(doc);
  if (!perDoc) cache.set(doc, (perDoc = new Map()));
  if (perDoc.has(id)) return perDoc.get(id);
  const w = doc.worlds[id];
  if (!w) {
    const known = Object.keys(doc.worlds).join(', ');
    throw new Error(`teaching-world.json has no world "${id}" (it has: ${known})`);
  }
  // x · W of finite float32 numbers can still overflow, and the engine then throws (its results
  // are finite or the call fails): name the file and the matrix in front of its message.
  const x = tensorFrom(w.x);
  /** @param {'Wq' | 'Wk' | 'Wv'} name */
  const project = (name) => {
    const file = sourceOf(doc);
    const field = `/worlds/${id}/${name}`;
    /** @param {string} why */
    const fail = (why) => new DataError(`${file}: ${field}: ${why}`, { file, field });
    try {
      return rt.engine.matmul(x, /** @type {number[][]} */ (w[name]));
    } catch (err) {
      throw fail(/** @type {Error} */ (err).message);
    }
  };
  const t = {
    id,
    tokens: w.tokens,
    tokensEn: w.tokensEn,
    heads: w.heads,
    dModel: w.dModel,
    title: w.title,
    x,
    q: project('Wq'),
    k: project('Wk'),
    v: w.V ? tensorFrom(w.V) : project('Wv'),
    // the output projection, where the world has one (zh-gift: lesson 7's residual add)
    wo: w.Wo ? tensorFrom(w.Wo) : null,
    wq: tensorFrom(w.Wq),
  };
  perDoc.set(id, t);
  return t;
}

/**
 * The token labels in the widget's language ("en", "en-US", … as the widget's strings do).
 * @param {{ tokens: string[], tokensEn: string[] }} t
 * @param {string} lang
 */
export function tokenLabels(t, lang) {
  return lang.startsWith('en') ? t.tokensEn : t.tokens;
}

/**
 * A token label without its gloss, for a narrow table header: "ba (object marker)" → "ba"
 * (the full label goes in the header's title and in every cell's accessible name).
 * @param {string} label
 */
export function shortLabel(label) {
  return label.replace(/\s*\(.*\)$/, '') || label;
}
