// The course prose's numbers at build time: every `{{fact-id}}` in course-data/lessons.json and
// lesson-guides.json is filled here from widgets/facts/facts.js, computed by the built engine
// (dist/attn-engine.js) over the same data files the pages load. Inside a `$…$` formula the value
// is written the way LaTeX needs it (4{,}096, 24.5\%), so temml draws it as one number.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkTeachingWorld, checkModels } from '../web/runtime.js';
import { courseFacts, factIds, FACT_PLACEHOLDER } from '../widgets/facts/facts.js';
import { DEFAULT_CHOICES, TRAIN_TEXT_FILES } from '../widgets/train/logic.js';

const LANGS = /** @type {const} */ (['zh-CN', 'en']);

/**
 * The context facts are computed from: the engine, the teaching world and models (validated as
 * the page runtime validates them), the lab's exports and the quiz. `files` overrides a data
 * file's path (tests give a modified copy of c3-attention.json).
 * @param {string} root the repository
 * @param {Record<string, string>} [files] data file name → path
 */
export async function factContext(root, files = {}) {
  const read = (name) =>
    JSON.parse(readFileSync(files[name] ?? join(root, 'course-data', name), 'utf8'));
  const require = createRequire(import.meta.url);
  const engine = await require(join(root, 'dist/attn-engine.js'))();
  const trainer = await require(join(root, 'build-wasm/attn-trainer.js'))();
  /** @type {any} */
  let trainInfo = null;
  return {
    engine,
    world: checkTeachingWorld(read('teaching-world.json')),
    models: checkModels(read('models.json')),
    lab: {
      // the model itself, for the facts a page's engine computes on it (the milestone's tests)
      weights: readFileSync(
        files['lab-model.bin'] ?? join(root, 'course-data/lab-model.bin'),
      ).toString('base64'),
      export: read('c3-attention.json'),
      ablation: read('kv-heads-ablation.json'),
      hybridAblation: read('hybrid-ablation.json'),
    },
    quiz: read('quiz.json'),
    lessons: read('lessons.json'),
    // The train page's default run as the browser's trainer starts it (the same module and
    // text the page bundles): its vocabulary and unigram baseline, asked for on first use.
    train: () => {
      const fortunes = process.env.ATTN_FORTUNES_DIR ?? '/usr/share/games/fortunes';
      trainInfo ??= trainer.trainStart(
        { ...DEFAULT_CHOICES },
        TRAIN_TEXT_FILES.map((f) => readFileSync(join(fortunes, f), 'utf8')),
      );
      return trainInfo;
    },
  };
}

/** Every string inside `doc` (any depth). */
function* stringsOf(doc) {
  if (typeof doc === 'string') yield doc;
  else if (Array.isArray(doc)) for (const x of doc) yield* stringsOf(x);
  else if (doc && typeof doc === 'object') for (const x of Object.values(doc)) yield* stringsOf(x);
}

/** The fact ids the documents use. */
export const usedFactIds = (...docs) =>
  new Set(docs.flatMap((d) => [...stringsOf(d)].flatMap(factIds)));

/** A value as LaTeX: thousands commas grouped, % escaped, the Unicode minus kept as a minus. */
const texValue = (v) => v.replace(/,/g, '{,}').replace(/%/g, '\\%').replace(/−/g, '-');

/**
 * Marks around a fact's value in bound text (private-use characters, which no prose holds):
 * FACT_START id FACT_MID value FACT_END. The prediction cards keep them so that the page can
 * bind the value again to the model on the page (scripts/lesson-guide.mjs turns them into
 * <span data-fact="id">, web/predict.js fills those).
 */
export const FACT_START = '\uE000';
export const FACT_MID = '\uE001';
export const FACT_END = '\uE002';

/**
 * `text` (one language) with every placeholder filled; formulas get the LaTeX form. With
 * `mark`, each value outside a formula is wrapped in the FACT_* marks.
 */
export function bindText(text, lang, facts, { mark = false } = {}) {
  const fill = (piece, inMath) =>
    piece.replace(FACT_PLACEHOLDER, (_, id) => {
      const v = facts.get(id);
      if (!v) throw new Error(`unknown fact {{${id}}}`);
      if (inMath) return texValue(v[lang]);
      return mark ? `${FACT_START}${id}${FACT_MID}${v[lang]}${FACT_END}` : v[lang];
    });
  return String(text)
    .split('$')
    .map((piece, i) => fill(piece, i % 2 === 1))
    .join('$');
}

/**
 * `doc` with every bilingual text ({ "zh-CN", "en" }) bound: a deep copy, placeholders filled
 * per language.
 */
export function bindDoc(doc, facts, opts = {}) {
  if (Array.isArray(doc)) return doc.map((x) => bindDoc(x, facts, opts));
  if (!doc || typeof doc !== 'object') return doc;
  const out = {};
  for (const [k, v] of Object.entries(doc)) out[k] = bindDoc(v, facts, opts);
  for (const lang of LANGS)
    if (typeof out[lang] === 'string') out[lang] = bindText(out[lang], lang, facts, opts);
  return out;
}

/** The facts `docs` use, computed once. */
export async function factsFor(root, docs, files) {
  const ctx = await factContext(root, files);
  return courseFacts(ctx, usedFactIds(...docs));
}
