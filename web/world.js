// A teaching world as the engine sees it: tokens and the projected Q, K, V, computed by the
// engine (q = x · Wq, row-vector convention) once per world and shared by every widget.
/** @import { Runtime } from './runtime.js' */
import { rowsOf } from './tensor.js';

const cache = new WeakMap();

/**
 * {id, tokens, tokensEn, heads, dModel, x, q, k, v} for world `id` of the runtime's teaching
 * world, each matrix as number[][]. Throws a DataError-like Error naming the world if missing.
 * @param {Runtime} rt
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
  const e = rt.engine;
  const t = {
    id,
    tokens: w.tokens,
    tokensEn: w.tokensEn,
    heads: w.heads,
    dModel: w.dModel,
    title: w.title,
    x: w.x,
    q: rowsOf(e.matmul(w.x, w.Wq)),
    k: rowsOf(e.matmul(w.x, w.Wk)),
    v: w.V ?? rowsOf(e.matmul(w.x, w.Wv)),
  };
  perDoc.set(id, t);
  return t;
}

/** The token labels in the widget's language ("en", "en-US", … as the widget's strings do). */
export function tokenLabels(t, lang) {
  return lang.startsWith('en') ? t.tokensEn : t.tokens;
}
