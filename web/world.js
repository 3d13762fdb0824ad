// A teaching world as the engine sees it: tokens and the projected Q, K, V, computed by the
// engine (q = x · Wq, row-vector convention) once per world and shared by every widget; and the
// roles its tokens play in the lessons (the query, the answer, the two names…), which widgets ask
// for instead of a token's text, so another sentence is another course.
/** @import { Runtime } from './runtime.js' */
import { tensorFrom } from './tensor.js';
import { DataError } from './data-error.js';
import { sourceOf } from './runtime.js';
import { glossed } from './check-row.js';

/** The world the course's lessons are written around: every widget's `world` by default. */
export const COURSE_WORLD = 'zh-gift';

const cache = new WeakMap();

/**
 * {id, tokens, tokensEn, heads, dModel, roles, source, x, q, k, v, wq, wo} for world `id` of the
 * runtime's teaching world, each matrix a {shape, data: Float32Array} tensor (web/tensor.js).
 * Throws an Error naming the world if it is missing.
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
    roles: /** @type {Roles} */ (w.roles ?? {}),
    // the file the world came from, for the errors that name a role it lacks
    source: sourceOf(doc),
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

/**
 * The parts a world's tokens play (teaching-world.schema.json "roles", which says what each is):
 * one token's position each, two for the names and the candidates.
 * @typedef {{ query?: number, key?: number, answer?: number, object?: number, giver?: number,
 *   marker?: number, referent?: number, names?: [number, number],
 *   candidates?: [number, number] }} Roles
 * @typedef {'names' | 'candidates'} PairRole a role two tokens play
 * @typedef {Exclude<keyof Roles, PairRole>} Role a role one token plays
 * @typedef {{ id: string, tokens: string[], tokensEn?: string[], roles: Roles, source?: string }}
 *   RoleWorld what the
 *   role functions read of worldTensors(rt, id)
 */

/**
 * The DataError of a world that lacks `role`, naming the file, the world and what needs it.
 * @param {RoleWorld} w
 * @param {string} role
 */
function missingRole(w, role) {
  const file = w.source ?? 'teaching-world.json';
  const field = `/worlds/${w.id}/roles`;
  return new DataError(
    `${file}: ${field} has no "${role}" (which token plays it: see teaching-world.schema.json)`,
    { file, field: `${field}/${role}` },
  );
}

/**
 * Whether world `w` gives every role of `roles`.
 * @param {RoleWorld} w
 * @param {(Role | PairRole)[]} roles
 */
export function hasRoles(w, roles) {
  return roles.every((r) => w.roles[r] !== undefined);
}

/**
 * The position of the token that plays `role` in world `w` (roleIndex(w, 'query') → 3 in
 * zh-gift, the token 给了). Throws a DataError naming the world when it has no such role.
 * @param {RoleWorld} w
 * @param {Role} role
 * @returns {number}
 */
export function roleIndex(w, role) {
  const i = w.roles[role];
  if (i === undefined) throw missingRole(w, role);
  return i;
}

/**
 * The positions of the two tokens that play a pair role (rolePair(w, 'names') → [0, 4] in
 * zh-gift, 小明 and 小王).
 * @param {RoleWorld} w
 * @param {PairRole} role
 * @returns {[number, number]}
 */
export function rolePair(w, role) {
  const p = w.roles[role];
  if (!p) throw missingRole(w, role);
  return [p[0], p[1]];
}

/**
 * Every role of world `w` by the token that plays it, in the world's own tokens (the language
 * self-check names are written in): {query: '给了', answer: '小王', 'names.0': '小明', …}. The
 * values a self-check name template fills in (web/check-row.js fillName). Each also comes glossed
 * under `role:en` ('query:en': '给了 (gave)'), which the English self-check panel fills in
 * instead: an English page glosses every Chinese token it shows.
 * @param {RoleWorld} w
 * @returns {Record<string, string>}
 */
export function roleTokens(w) {
  /** @type {Record<string, string>} */
  const out = {};
  /** @param {string} key @param {number} i */
  const put = (key, i) => {
    out[key] = w.tokens[i];
    out[`${key}:en`] = glossed(w.tokens[i], w.tokensEn?.[i]);
  };
  for (const [role, pos] of Object.entries(w.roles)) {
    if (Array.isArray(pos)) pos.forEach((i, k) => put(`${role}.${k}`, i));
    else put(role, /** @type {number} */ (pos));
  }
  return out;
}
