// The DOM-free half of <attn-quiz>: the facts (numbers) the questions quote, each asked from the
// engine; the placeholder filling; the data checks a schema cannot state; grading. Node tests
// import it with the real engine and the real data files.
//
// Question texts in course-data/quiz.json hold placeholders {{fact-id}}. Each fact below names the
// course number it must print (`expected`, the chapter's text) and how the engine produces it;
// the widget fills the text from `compute` and its self-check compares the two.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Matrix } from '../../web/tensor.js' */
/** @import { ModelsDoc, CourseModel, Bilingual } from '../../web/course-data.js' */
import { pct, bytes, grouped } from '../../web/dom.js';
import { worldTensors } from '../../web/world.js';
import { rowOf as tensorRow } from '../../web/tensor.js';
import { modelById } from '../../web/models.js';
import {
  variantRows,
  variantRow,
  modelLedger,
  reductionText,
  asConfig,
} from '../kv-ledger/logic.js';
import { rnnCounts, attentionCounts } from '../rnn-vs-attention/logic.js';
import { EXPERIMENT, ANCHOR_D, experiment, experimentTexts } from '../softmax-variance/logic.js';
import { SOURCE_PATTERNS } from './strings.js';
import { FACTS as COURSE_FACTS, courseFacts } from '../facts/facts.js';
/** @import { FactContext } from '../facts/facts.js' */
const COURSE_T = 4096;

/**
 * course-data/quiz.json, as quiz.schema.json and checkQuiz have accepted it.
 * @typedef {{ id: string, text: Bilingual, why?: Bilingual }} QuizOption
 * @typedef {{ id: string, kind: 'choice', source: string, prompt: Bilingual,
 *   options: QuizOption[], answer: string, feedback: Bilingual, lesson: string }} ChoiceQuestion
 * @typedef {{ id: string, kind: 'true-false', source: string, prompt: Bilingual,
 *   options?: undefined, answer: boolean, feedback: Bilingual, lesson: string }} TrueFalseQuestion
 * @typedef {ChoiceQuestion | TrueFalseQuestion} Question
 * @typedef {{ version: 1, questions: Question[] }} QuizDoc
 * @typedef {{ lessons: { slug: string }[] }} LessonsDoc
 */
/**
 * A fact: its check's name, the text the course prints, and how the engine produces it.
 * @typedef {{ name: string, expected: string,
 *   compute: (ctx: Runtime, memo: Memo) => string }} Fact
 * @typedef {{ variance?: ReturnType<typeof experimentTexts> }} Memo one round's shared results
 */

const PLACEHOLDER = /\{\{([a-z0-9-]+)\}\}/g;

/** A quiz.json that breaks a rule: the message names the file, the field and the rule. */
export class QuizDataError extends Error {
  /**
   * @param {string} message
   * @param {string} field
   */
  constructor(message, field) {
    super(message);
    this.name = 'DataError';
    this.file = 'quiz.json';
    this.field = field;
  }
}

/**
 * A field of models.json a fact needs (the schema lets some models leave it out).
 * @template T
 * @param {T | undefined} x
 * @param {string} what
 * @returns {T}
 */
function needed(x, what) {
  if (x === undefined) throw new Error(`models.json: the anchor model has no ${what}`);
  return x;
}

/**
 * The anchor model of models.json, with its config.
 * @param {ModelsDoc} models
 */
const anchorOf = (models) => {
  const m = models.models.find((x) => x.anchor);
  if (!m) throw new Error('models.json marks no anchor model');
  return asConfig(m);
};

/**
 * rt-like context {engine, world, models} → the anchor's ledger rows at its native context.
 * @param {Runtime} ctx
 */
function anchorRows(ctx) {
  const a = anchorOf(ctx.models);
  return { model: a, rows: variantRows(ctx.engine, a, needed(a.contextLength, 'contextLength')) };
}

/**
 * @param {import('../../web/runtime.js').Runtime} ctx
 * @param {{ noMask?: boolean, maskMode?: 'neg-inf' | 'zero-after-softmax' }} [options]
 */
function gaveRow(ctx, { noMask = false, maskMode } = {}) {
  /** @type {{ tokens: string[], q: Matrix, k: Matrix, v: Matrix }} */
  const w = worldTensors(ctx, 'zh-gift');
  const n = w.tokens.length;
  const r = ctx.engine.attention({
    q: w.q,
    k: w.k,
    v: w.v,
    causal: !noMask,
    ...(maskMode ? { maskMode } : {}),
  });
  const gave = w.tokens.indexOf('给了');
  if (gave < 0) throw new Error('teaching-world.json: zh-gift has no token 给了');
  return { row: Array.from(r.weights.data.subarray(gave * n, (gave + 1) * n)), tokens: w.tokens };
}

/** @param {Runtime} ctx */
function dialog(ctx) {
  const ex = ctx.world.scoreExamples?.dialog;
  if (!ex) throw new Error('teaching-world.json has no scoreExamples.dialog');
  return ex.scores;
}

/**
 * Lesson 3's seeded √d experiment at the anchor's d_k, by the widget's own call and settings and
 * printed by its own formatter, asked once per round of facts (memo is fresh for every round).
 */
/**
 * @param {Runtime} ctx
 * @param {Memo} memo
 */
const variance = (ctx, memo) =>
  (memo.variance ??= experimentTexts(experiment(ctx.engine, ANCHOR_D)));

/** @param {ArrayLike<number>} ws */
const joinPct = (ws, digits = 1) => Array.from(ws, (x) => pct(x, digits)).join(' / ');

/**
 * Every fact a question may quote: id → {name, expected, compute(ctx, memo) → text}. `expected` is
 * the number as the course prints it (or, for the seeded experiment, as the engine's fixed seed
 * gives it); ctx is the runtime {engine, world, models}; memo ({} per round) shares one engine
 * result between facts.
 * @type {Record<string, Fact>}
 */
export const FACTS = {
  'dialog-scores': {
    name: 'dialog example scores (teaching-world.json)',
    expected: '8, 7, 9',
    compute: (ctx) => dialog(ctx).join(', '),
  },
  'softmax-dialog': {
    name: 'softmax of the dialog scores (engine.softmax)',
    expected: '24.5% / 9.0% / 66.5%',
    compute: (ctx) => joinPct(ctx.engine.softmax(dialog(ctx)).weights),
  },
  'split-dialog': {
    name: 'proportional split of the dialog scores (engine.proportionalSplit)',
    expected: '33.3% / 29.2% / 37.5%',
    compute: (ctx) => joinPct(ctx.engine.proportionalSplit(dialog(ctx))),
  },
  'leak-gave': {
    name: 'no mask: 给了 → 小王 (engine.attention, zh-gift)',
    expected: '32.5%',
    compute: (ctx) => {
      const { row, tokens } = gaveRow(ctx, { noMask: true });
      return pct(row[tokens.indexOf('小王')]);
    },
  },
  'zero-after-sum-gave': {
    name: 'zero after softmax: 给了 row sum (engine.attention maskMode zero-after-softmax)',
    expected: '67.5%',
    compute: (ctx) =>
      pct(gaveRow(ctx, { maskMode: 'zero-after-softmax' }).row.reduce((a, b) => a + b, 0)),
  },
  'k-cos-names': {
    name: 'cosine of K 小明 and K 小王 (engine.cosine)',
    expected: '0.995',
    compute: (ctx) => {
      /** @type {{ tokens: string[], k: Matrix }} */
      const w = worldTensors(ctx, 'zh-gift');
      return ctx.engine
        .cosine(tensorRow(w.k, w.tokens.indexOf('小明')), tensorRow(w.k, w.tokens.indexOf('小王')))
        .toFixed(3);
    },
  },
  'variance-seed': {
    name: 'lesson 3 experiment: seed (softmax-variance/logic.js EXPERIMENT)',
    expected: '25',
    compute: () => String(EXPERIMENT.seed),
  },
  'variance-keys': {
    name: 'lesson 3 experiment: keys in one softmax row',
    expected: '8',
    compute: () => String(EXPERIMENT.nKeys),
  },
  'std-256': {
    name: 'lesson 3 experiment d = 256: std of q·k (engine.softmaxVariance)',
    expected: '15.72',
    compute: (ctx, memo) => variance(ctx, memo).std,
  },
  'std-256-scaled': {
    name: 'lesson 3 experiment d = 256: std of q·k / √d',
    expected: '0.983',
    compute: (ctx, memo) => variance(ctx, memo).stdScaled,
  },
  'max-256': {
    name: 'lesson 3 experiment d = 256: largest weight of the row, unscaled',
    expected: '99.999%',
    compute: (ctx, memo) => variance(ctx, memo).maxUnscaled,
  },
  'max-256-scaled': {
    name: 'lesson 3 experiment d = 256: largest weight of the row, ÷√d',
    expected: '35.0%',
    compute: (ctx, memo) => variance(ctx, memo).maxScaled,
  },
  'rnn-steps-4096': {
    name: 'T = 4,096: RNN steps per layer that cannot run in parallel',
    expected: '4,096',
    compute: () => grouped(rnnCounts(COURSE_T).sequentialSteps),
  },
  'rnn-path-4096': {
    name: 'T = 4,096: updates from token 1 to token T',
    expected: '4,095',
    compute: () => grouped(rnnCounts(COURSE_T).pathLength),
  },
  'attn-path-4096': {
    name: 'T = 4,096: attention path length token 1 → token T (engine.causalMask)',
    expected: '1',
    compute: (ctx) => String(attentionCounts(ctx.engine, COURSE_T).pathLength),
  },
  'anchor-formula': {
    name: 'anchor KV bytes per token (engine.kvLedger formula)',
    expected: '16 × 2 × 4 × 256 × 2 B = 65,536 B',
    compute: (ctx) => String(modelLedger(ctx.engine, anchorOf(ctx.models)).formula),
  },
  'anchor-layers': {
    name: 'anchor layers (models.json layers)',
    expected: '64',
    compute: (ctx) => String(anchorOf(ctx.models).layers),
  },
  'anchor-full-layers': {
    name: 'anchor full-attention layers, the ones that keep KV (models.json fullAttentionLayers)',
    expected: '16',
    compute: (ctx) => String(anchorOf(ctx.models).fullAttentionLayers),
  },
  'anchor-gqa-per-token': {
    name: 'anchor (GQA-4) KV per token',
    expected: '64 KiB',
    compute: (ctx) => {
      const { model, rows } = anchorRows(ctx);
      return bytes(variantRow(rows, 'gqa', model.attention.nKvHeads).bytesPerToken);
    },
  },
  'anchor-gqa-context': {
    name: 'anchor (GQA-4) KV for one request at its native context',
    expected: '16 GiB',
    compute: (ctx) => {
      const { model, rows } = anchorRows(ctx);
      return bytes(variantRow(rows, 'gqa', model.attention.nKvHeads).kvBytes);
    },
  },
  'anchor-mha-per-token': {
    name: 'anchor as MHA, KV per token',
    expected: '384 KiB',
    compute: (ctx) => bytes(variantRow(anchorRows(ctx).rows, 'mha').bytesPerToken),
  },
  'anchor-context': {
    name: 'anchor native context (models.json)',
    expected: '262,144',
    compute: (ctx) => grouped(needed(anchorOf(ctx.models).contextLength, 'contextLength')),
  },
  'anchor-heads-width': {
    name: 'anchor heads × head_dim vs hidden_size (models.json)',
    expected: '24 × 256 = 6144 ≠ 5120',
    compute: (ctx) => {
      const m = anchorOf(ctx.models);
      const product = m.attention.nHeads * m.attention.headDim;
      return `${m.attention.nHeads} × ${m.attention.headDim} = ${product} ${product === m.hiddenSize ? '=' : '≠'} ${m.hiddenSize}`;
    },
  },
  'anchor-q-heads': {
    name: 'anchor query heads (models.json)',
    expected: '24',
    compute: (ctx) => String(anchorOf(ctx.models).attention.nHeads),
  },
  'anchor-kv-heads': {
    name: 'anchor KV heads = groups (models.json)',
    expected: '4',
    compute: (ctx) => String(anchorOf(ctx.models).attention.nKvHeads),
  },
  'anchor-q-per-group': {
    name: 'anchor query heads per group (models.json)',
    expected: '6',
    compute: (ctx) => {
      const a = anchorOf(ctx.models).attention;
      return String(a.nHeads / needed(a.nKvHeads, 'attention.nKvHeads'));
    },
  },
  'v2-formula': {
    name: 'DeepSeek-V2 (MLA) KV per token (engine.kvLedger formula)',
    expected: '60 × (512 + 64) × 2 B = 69,120 B',
    compute: (ctx) => String(modelLedger(ctx.engine, modelById(ctx.models, 'deepseek-v2')).formula),
  },
  'v2-vs-67b': {
    name: 'DeepSeek-V2 vs DeepSeek LLM 67B, BF16 (engine.kvLedgerVariants)',
    expected: '−82.2%',
    compute: (ctx) => {
      const v2 = variantRows(ctx.engine, asConfig(modelById(ctx.models, 'deepseek-v2')), 1);
      const d67 = asConfig(modelById(ctx.models, 'deepseek-llm-67b'));
      const d67rows = variantRows(ctx.engine, d67, 1);
      return reductionText(
        ctx.engine.kvReduction(
          variantRow(d67rows, 'gqa', d67.attention.nKvHeads).bytesPerToken,
          variantRow(v2, 'mla').bytesPerToken,
        ),
      );
    },
  },
  'v2-vs-mha': {
    name: 'DeepSeek-V2 vs the same model built with MHA (engine.kvLedgerVariants)',
    expected: '−98.2%',
    compute: (ctx) => {
      const v2 = variantRows(ctx.engine, asConfig(modelById(ctx.models, 'deepseek-v2')), 1);
      return reductionText(
        ctx.engine.kvReduction(
          variantRow(v2, 'mha').bytesPerToken,
          variantRow(v2, 'mla').bytesPerToken,
        ),
      );
    },
  },
};

/**
 * Where the questions come from, by their `source`: {module} the attention module's own quiz
 * ("模块 … 小测验"), {map} the evolution map ("演进地图 …"), {misconception} the chapter's
 * misconceptions ("本章拦截的误解：…"), {lesson} the lessons' own checks ("本课检查：…"), and
 * {total}. The quiz's header quotes these counts.
 * @param {QuizDoc} doc
 */
export function sourceCounts(doc) {
  /** @param {RegExp} re */
  const count = (re) => doc.questions.filter((q) => re.test(q.source)).length;
  return {
    module: count(SOURCE_PATTERNS.module),
    map: count(SOURCE_PATTERNS.map),
    misconception: count(SOURCE_PATTERNS.misconception),
    lesson: count(SOURCE_PATTERNS.lesson),
    total: doc.questions.length,
  };
}

/**
 * The placeholder ids in a text, in order.
 * @param {string} text
 */
export function placeholders(text) {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/**
 * Every text of a question (prompt, options, whys, feedback) in both languages.
 * @param {Question} q
 */
function textsOf(q) {
  const out = [q.prompt, q.feedback];
  for (const o of q.options ?? []) {
    out.push(o.text);
    if (o.why) out.push(o.why);
  }
  return out.flatMap((t) => [t['zh-CN'], t.en]);
}

/**
 * The fact ids the quiz uses, each once, in order of appearance.
 * @param {QuizDoc} doc
 */
export function usedFacts(doc) {
  return [...new Set(doc.questions.flatMap((q) => textsOf(q).flatMap(placeholders)))];
}

/**
 * {id → text} for the given fact ids, each asked from the engine once.
 * @param {Runtime} ctx
 * @returns {Record<string, string>}
 */
export function computeFacts(ctx, ids = Object.keys(FACTS)) {
  /** @type {Memo} */
  const memo = {};
  const own = ids.filter((id) => id in FACTS);
  // The rest are the course's prose facts (widgets/facts/facts.js), the same numbers the lesson
  // pages quote; the quiz uses those that read the same in both languages.
  const course = courseFacts(
    /** @type {FactContext} */ (ctx),
    ids.filter((id) => !(id in FACTS)),
  );
  return Object.fromEntries([
    ...own.map((id) => [id, FACTS[id].compute(ctx, memo)]),
    ...[...course].map(([id, v]) => {
      if (v['zh-CN'] !== v.en)
        throw new Error(`fact {{${id}}} differs by language: the quiz can't use it`);
      return [id, v.en];
    }),
  ]);
}

/**
 * `text` with every {{id}} replaced by facts[id].
 * @param {string} text
 * @param {Record<string, string>} facts
 */
export function fill(text, facts) {
  return text.replace(PLACEHOLDER, (_, id) => {
    if (!(id in facts)) throw new QuizDataError(`quiz.json: unknown placeholder {{${id}}}`, id);
    return facts[id];
  });
}

/**
 * The rules quiz.schema.json cannot state, after `validate` (the compiled schema, or null to
 * skip it): unique question ids, unique option ids, the answer among the options, the lesson in
 * lessons.json, every placeholder a known fact. Returns doc; throws QuizDataError naming the field.
 * @param {unknown} data
 * @param {LessonsDoc} lessons
 * @param {((d: unknown) => boolean) & { errors?: { instancePath: string, message?: string,
 *   params?: Record<string, any> }[] | null } | null} validate
 * @returns {QuizDoc}
 */
export function checkQuiz(data, lessons, validate) {
  const doc = /** @type {QuizDoc} */ (data);
  if (validate && !validate(doc)) {
    const e = validate.errors?.[0] ?? { instancePath: '', message: 'is not valid' };
    const field = e.instancePath || '(top level)';
    const detail = e.params && e.params.missingProperty ? ` "${e.params.missingProperty}"` : '';
    throw new QuizDataError(`quiz.json: ${field} ${e.message}${detail}`, field);
  }
  const slugs = new Set(lessons.lessons.map((l) => l.slug));
  const seen = new Set();
  doc.questions.forEach((q, i) => {
    /** @param {string} f @param {string} msg */
    const at = (f, msg) =>
      new QuizDataError(`quiz.json: /questions/${i}/${f} ${msg}`, `/questions/${i}/${f}`);
    if (seen.has(q.id)) throw at('id', `"${q.id}" is used by an earlier question`);
    seen.add(q.id);
    if (!slugs.has(q.lesson)) throw at('lesson', `"${q.lesson}" is not a lesson of lessons.json`);
    if (q.kind === 'choice') {
      const ids = q.options.map((o) => o.id);
      if (new Set(ids).size !== ids.length)
        throw at('options', `repeat an option id (${ids.join(', ')})`);
      if (!ids.includes(q.answer))
        throw at('answer', `"${q.answer}" is not one of the options (${ids.join(', ')})`);
      const whyOnAnswer = q.options.find((o) => o.id === q.answer && o.why);
      if (whyOnAnswer)
        throw at(
          'options',
          `the right option "${q.answer}" has a "why" (only wrong options explain themselves)`,
        );
    }
    for (const id of textsOf(q).flatMap(placeholders)) {
      if (!(id in FACTS) && !(id in COURSE_FACTS))
        throw at(
          '',
          `uses an unknown placeholder {{${id}}} (known: ${Object.keys(FACTS).join(', ')})`,
        );
    }
  });
  return doc;
}

/**
 * The options a student chooses from: the question's own, or True / False.
 * @param {Question} q
 */
export function optionIds(q) {
  return q.kind === 'choice' ? q.options.map((o) => o.id) : ['true', 'false'];
}

/**
 * Is option id `choice` ("a", or "true"/"false") the right answer of q?
 * @param {Question} q
 * @param {string} choice
 */
export function isCorrect(q, choice) {
  return q.kind === 'choice' ? choice === q.answer : choice === String(q.answer);
}

/**
 * The id of the right option.
 * @param {Question} q
 */
export function rightOption(q) {
  return q.kind === 'choice' ? q.answer : String(q.answer);
}

/**
 * {answered, correct, total} over the checked answers {questionId → choice}.
 * @param {QuizDoc} doc
 * @param {Record<string, string>} checked
 */
export function score(doc, checked) {
  let answered = 0,
    correct = 0;
  for (const q of doc.questions) {
    if (checked[q.id] === undefined) continue;
    answered++;
    if (isCorrect(q, checked[q.id])) correct++;
  }
  return { answered, correct, total: doc.questions.length };
}
