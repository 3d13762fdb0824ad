// The page runtime: creates the engine once per page (from the factory it is given), parses and
// validates a page's own course data once, and hands every widget the same {engine, world,
// models}.
// Nothing here computes attention.
//
// Data comes from the bundle (course-data/*.json, embedded and checked at build time, so
// file:// pages need no fetch). A page may replace either file with a
// <script type="application/json" data-attn="teaching-world"> (or "models") element: that is
// how a teacher brings their own world, and how the tests feed a malformed one.
import teachingWorldData from '../course-data/teaching-world.json' with { type: 'json' };
import modelsData from '../course-data/models.json' with { type: 'json' };
import { validateTeachingWorld, validateModels } from './generated/validators.js';
import { DataError } from './data-error.js';

/**
 * @import { AttnEngine } from './attn-engine.js'
 * @import { TeachingWorldDoc, ModelsDoc } from './course-data.js'
 */

/**
 * What every widget is handed: the page's one engine and its validated course data (`world` and
 * `models` are getters: parsed and validated on first use, throwing a DataError if malformed).
 * @typedef {object} Runtime
 * @property {AttnEngine} engine
 * @property {TeachingWorldDoc} world
 * @property {ModelsDoc} models
 */

// A data file that does not match its schema throws a DataError naming the file and field.
export { DataError };

/** @param {string} kind the data-attn name: teaching-world or models */
function pageOverride(kind) {
  if (typeof document === 'undefined') return undefined;
  const el = document.querySelector(`script[type="application/json"][data-attn="${kind}"]`);
  if (!el) return undefined;
  try {
    return JSON.parse(el.textContent);
  } catch (e) {
    throw new DataError(
      `${kind}.json (inline on this page) is not valid JSON: ${/** @type {Error} */ (e).message}`,
      {
        file: `${kind}.json`,
      },
    );
  }
}

// ajv's errors → one sentence: "teaching-world.json: /worlds/zh-gift/x/2 must be array (type)".
/**
 * @param {string} file
 * @param {import('ajv').ErrorObject[] | null | undefined} errors (set: validation failed)
 */
function schemaError(file, errors) {
  const e = /** @type {import('ajv').ErrorObject[]} */ (errors)[0];
  const field = e.instancePath || '(top level)';
  const detail = e.params && e.params.missingProperty ? ` "${e.params.missingProperty}"` : '';
  return new DataError(`${file}: ${field} ${e.message}${detail}`, { file, field });
}

// Where each validated document came from, for errors found after validation (web/world.js).
const sources = new WeakMap();

/**
 * The file a document passed to checkTeachingWorld came from, as its errors name it.
 * @param {object} doc
 * @returns {string}
 */
export function sourceOf(doc) {
  return sources.get(doc) ?? 'teaching-world.json';
}

/**
 * Validates a parsed teaching world against its schema and the shape rules a schema cannot state.
 */
/**
 * @param {any} doc parsed JSON
 * @returns {TeachingWorldDoc}
 */
export function checkTeachingWorld(doc, file = 'teaching-world.json') {
  if (!validateTeachingWorld(doc)) throw schemaError(file, validateTeachingWorld.errors);
  for (const [id, w] of Object.entries(doc.worlds)) {
    /** @type {(field: string, msg: string) => DataError} */
    const at = (field, msg) =>
      new DataError(`${file}: /worlds/${id}/${field} ${msg}`, {
        file,
        field: `/worlds/${id}/${field}`,
      });
    const n = w.tokens.length;
    if (w.tokensEn.length !== n)
      throw at('tokensEn', `has ${w.tokensEn.length} entries, tokens has ${n}`);
    if (w.x.length !== n) throw at('x', `has ${w.x.length} rows, expected one per token (${n})`);
    w.x.forEach((/** @type {number[]} */ row, /** @type {number} */ i) => {
      if (row.length !== w.dModel)
        throw at(`x/${i}`, `has ${row.length} numbers, expected dModel = ${w.dModel}`);
    });
    for (const name of ['Wq', 'Wk', 'Wv']) {
      if (!w[name]) continue;
      if (w[name].length !== w.dModel)
        throw at(name, `has ${w[name].length} rows, expected dModel = ${w.dModel}`);
      w[name].forEach((/** @type {number[]} */ row, /** @type {number} */ i) => {
        if (row.length !== w[name][0].length)
          throw at(`${name}/${i}`, `has ${row.length} numbers, row 0 has ${w[name][0].length}`);
      });
    }
    if (w.V && w.V.length !== n)
      throw at('V', `has ${w.V.length} rows, expected one per token (${n})`);
    // W_O takes the concatenated heads (the value width) back to the token's width, dModel.
    const valueWidth = w.V ? w.V[0].length : w.Wv[0].length;
    if (w.Wo && w.Wo.length !== valueWidth)
      throw at('Wo', `has ${w.Wo.length} rows, expected the value width ${valueWidth}`);
    w.Wo?.forEach((/** @type {number[]} */ row, /** @type {number} */ i) => {
      if (row.length !== w.dModel)
        throw at(`Wo/${i}`, `has ${row.length} numbers, expected dModel = ${w.dModel}`);
    });
    // A role names a token by its position: it must be one of this world's tokens.
    for (const [role, pos] of Object.entries(w.roles ?? {}))
      (Array.isArray(pos) ? pos : [pos]).forEach((/** @type {number} */ i, k) => {
        const where = Array.isArray(pos) ? `roles/${role}/${k}` : `roles/${role}`;
        if (i >= n) throw at(where, `is ${i}, but the world has ${n} tokens (0 … ${n - 1})`);
      });
    const width = w.Wq[0].length;
    if (width % w.heads !== 0)
      throw at('heads', `(${w.heads}) must divide the projection width ${width}`);
    // The engine computes in float32: past its range a number becomes ±∞ there, and the error
    // would come back from deep inside ("q[0, 0] is infinite") naming neither file nor field.
    for (const name of ['x', 'Wq', 'Wk', 'Wv', 'V', 'Wo'])
      w[name]?.forEach((/** @type {number[]} */ row, /** @type {number} */ i) =>
        row.forEach((v, j) => {
          if (!Number.isFinite(Math.fround(v)))
            throw at(
              `${name}/${i}/${j}`,
              `is ${v}, beyond float32 (±3.4e38), which the engine computes in`,
            );
        }),
      );
  }
  sources.set(doc, file);
  return doc;
}

/**
 * @param {any} doc parsed JSON
 * @returns {ModelsDoc}
 */
export function checkModels(doc, file = 'models.json') {
  if (!validateModels(doc)) throw schemaError(file, validateModels.errors);
  return doc;
}

/**
 * dist/attn-engine.js's export: makes an engine (Emscripten module overrides optional).
 * @typedef {(overrides?: object) => Promise<AttnEngine>} EngineFactory
 */

/**
 * load() on the first call, its value (or its error, thrown again) on every call after.
 * @template T
 * @param {() => T} load
 * @returns {() => T}
 */
function lazy(load) {
  let done = false;
  /** @type {T | undefined} */
  let value;
  /** @type {unknown} */
  let error;
  return () => {
    if (!done) {
      try {
        value = load();
      } catch (e) {
        error = e;
      }
      done = true;
    }
    if (error) throw error;
    return /** @type {T} */ (value);
  };
}

/**
 * The runtime of a page, over the engine `createEngine` makes: a function that creates it on its
 * first call and hands the same promise to every later call. `engine`, and the getters `world`
 * and `models`, each parsed and validated on first use. A malformed file makes its getter throw
 * a DataError (every time, same message), so the widgets that need it show the error inline
 * while widgets that do not need it keep working. The engine factory is passed in (the bundle's
 * entry passes dist/attn-engine.js's; a test may pass its own): no source file imports build
 * output.
 * @param {EngineFactory} createEngine
 * @returns {() => Promise<Runtime>}
 */
export function courseRuntime(createEngine) {
  /** @type {Promise<Runtime> | undefined} */
  let runtimePromise;
  return () => {
    runtimePromise ??= createEngine().then((engine) => {
      const world = lazy(() => {
        const inline = pageOverride('teaching-world');
        // The bundled files were checked when the bundle was built (scripts/bundle.mjs stops
        // on a malformed one), so a page does not check them again: their schema and shape
        // checks were a measured part of every page's first draw (docs/benchmarks.md, "Figures
        // behind the code").
        return inline
          ? checkTeachingWorld(inline, 'teaching-world.json (inline on this page)')
          : /** @type {TeachingWorldDoc} */ (/** @type {unknown} */ (teachingWorldData));
      });
      const models = lazy(() => {
        const inline = pageOverride('models');
        return inline
          ? checkModels(inline, 'models.json (inline on this page)')
          : /** @type {ModelsDoc} */ (/** @type {unknown} */ (modelsData));
      });
      return {
        engine,
        get world() {
          return world();
        },
        get models() {
          return models();
        },
      };
    });
    return runtimePromise;
  };
}
