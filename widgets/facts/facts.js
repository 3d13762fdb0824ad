// The numbers the course's prose quotes (course-data/lesson-guides.json, the intros of
// lessons.json), each computed from the engine and the data files, never typed by hand: the
// guides write `{{fact-id}}` and scripts/bundle.mjs fills it at build time from `courseFacts`.
// Retrain the lab model or edit the teaching world and the sentences change with the numbers.
//
// Each fact is computed by the same logic function the page's widget draws with, so the prose
// and the widget cannot disagree. A fact gives one string for both languages, or one per
// language where the wording of a list differs.
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { Bilingual } from '../../web/course-data.js' */
/** @import { QuizDoc } from '../quiz/logic.js' */
import { grouped, num, pct, powerOfTen } from '../../web/dom.js';
import { worldTensors, roleIndex, COURSE_WORLD } from '../../web/world.js';
import { worldFacts } from './world-facts.js';
import { mapNumbers, REPORTED } from '../evolution-map/logic.js';
import { proofNumbers } from '../misconceptions/logic.js';
import { expansion, T_PRESETS, scoreBytes, COURSE as DOT_COURSE } from '../dot-product/logic.js';
import {
  experiment,
  experimentTexts,
  scoreExample,
  D_STEPS,
  ANCHOR_D,
  WRONG_GUESS,
} from '../softmax-variance/logic.js';
import { mixRow } from '../value-mix/logic.js';
import { ropeScore, retrieved, SAME, DIFFERENT, anchorHead } from '../rope/logic.js';
import { multiHead, costs } from '../multi-head/logic.js';
import { COURSE as CACHE_COURSE } from '../kv-cache/logic.js';
import { GQA_PAPER, sharedKvExperiment } from '../gqa/logic.js';
import { runMla, EXAMPLE as MLA_EXAMPLE } from '../mla/logic.js';
import { objectRow, sigmoid, SINK } from '../sink-logit/logic.js';
import {
  walkthrough,
  courseNumbers as walkNumbers,
  STEPS as WALK_STEPS,
} from '../walkthrough/logic.js';
import { rnnCounts, attentionCounts, COURSE_T } from '../rnn-vs-attention/logic.js';
import { TIME_LIMIT_MS } from '../playground/logic.js';
import { pronounRow } from '../library-analogy/logic.js';
import { variantRows, variantRow, asConfig } from '../kv-ledger/logic.js';
import { makeUp } from '../quiz/make-up.js';
import { labModel } from '../lab/logic.js';
import { CHECKS, runCheck } from '../milestone/logic.js';
import { attentionCases } from '../exercise/logic.js';
import { DEFAULT_CHOICES } from '../train/logic.js';
import { uniformFirstShare } from '../../web/uniform-share.js';

/**
 * What facts are computed from: the page runtime's {engine, world, models}, plus the lab's
 * exports (c3-attention.json, kv-heads-ablation.json, hybrid-ablation.json) and the quiz file.
 * @typedef {Runtime & { lab: { export: any, ablation: any, hybridAblation: any, weights?: string },
 *   quiz: QuizDoc,
 *   lessons: { lessons: { slug: string, widgets: { data?: unknown }[] }[] },
 *   train?: () => import('../train/logic.js').TrainInfo }} FactContext the train page's default
 *   run as the browser's trainer starts it (build time only: scripts/prose-facts.mjs)
 * @typedef {string | Bilingual} FactValue
 * @typedef {Map<string, any>} Memo results several facts share, computed once per round
 */

/** A list joined the way each language writes it. */
const list = (/** @type {string[]} */ xs) => ({ 'zh-CN': xs.join('、'), en: xs.join(', ') });
/** Items that read as "a and b" / "a, b and c" in English. */
const andList = (/** @type {string[]} */ xs) => ({
  'zh-CN': xs.join('、'),
  en: xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`,
});
/** Group an integer by thousands (4,096), the way every page writes counts. */

/**
 * @template T
 * @param {Memo} memo
 * @param {string} key
 * @param {() => T} make
 * @returns {T}
 */
function once(memo, key, make) {
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key);
}

const evo = (/** @type {FactContext} */ c, /** @type {Memo} */ m) =>
  once(m, 'evo', () => mapNumbers(c));
const proofs = (/** @type {FactContext} */ c, /** @type {Memo} */ m) =>
  once(m, 'proofs', () => proofNumbers(c));
// The course's world and its facts: its tokens are found by their roles (web/world.js).
const gift = (/** @type {FactContext} */ c, /** @type {Memo} */ m) =>
  once(m, 'gift', () => worldTensors(c, COURSE_WORLD));
const world = (/** @type {FactContext} */ c) => worldFacts(c, COURSE_WORLD);
const gave = (/** @type {FactContext} */ c, /** @type {Memo} */ m) =>
  once(m, 'gave', () => {
    const w = gift(c, m);
    return mixRow(c.engine, w, roleIndex(w, 'query'), true);
  });
const dot = (/** @type {FactContext} */ c, /** @type {Memo} */ m) =>
  once(m, 'dot', () => {
    const w = gift(c, m);
    return expansion(c.engine, w, roleIndex(w, 'query'), roleIndex(w, 'key'));
  });
const variance = (/** @type {FactContext} */ c, /** @type {Memo} */ m, /** @type {number} */ d) =>
  once(m, `variance-${d}`, () => experimentTexts(experiment(c.engine, d)));
const walk = (/** @type {FactContext} */ c, /** @type {Memo} */ m) =>
  once(m, 'walk', () => walkNumbers(walkthrough(c)));
const mla = (/** @type {FactContext} */ c, /** @type {Memo} */ m) =>
  once(m, 'mla', () => runMla(c.engine));
const apple = (
  /** @type {FactContext} */ c,
  /** @type {Memo} */ m,
  /** @type {object} */ opts = {},
) => once(m, `apple-${JSON.stringify(opts)}`, () => objectRow(c, opts));
const anchor = (/** @type {FactContext} */ c) => {
  const a = c.models.models.find((x) => x.anchor);
  if (!a) throw new Error('models.json marks no anchor model');
  return a;
};
const modelOf = (/** @type {FactContext} */ c, /** @type {string} */ id) => {
  const x = c.models.models.find((y) => y.id === id);
  if (!x) throw new Error(`models.json has no model "${id}"`);
  return x;
};
/** The lab's hybrid ablation rows by name. */
const hybridRow = (/** @type {FactContext} */ c, /** @type {string} */ name) => {
  const r = c.lab.hybridAblation.rows.find((/** @type {{name: string}} */ x) => x.name === name);
  if (!r) throw new Error(`hybrid-ablation.json has no row "${name}"`);
  return r;
};
/** The sink shares of the lab model's full layers, averaged over the export's sentences. */
const sinkRanges = (/** @type {FactContext} */ c) =>
  c.lab.export.meanSinkShare
    .map((/** @type {number[]} */ shares, /** @type {number} */ layer) => ({ layer, shares }))
    .filter((/** @type {{shares: number[]}} */ x) => x.shares.length > 0);
/** Every full-layer head's sink share, averaged over the export's sentences. */
const allSinkShares = (/** @type {FactContext} */ c) =>
  sinkRanges(c).flatMap((/** @type {{ shares: number[] }} */ x) => x.shares);
/**
 * The sink share uniform attention gives <bos> over the export's sentences, averaged as the
 * export averages the heads' shares (each sentence counts once).
 */
const uniformSink = (/** @type {FactContext} */ c) => {
  const s = /** @type {{ tokens: unknown[] }[]} */ (c.lab.export.sentences);
  return s.reduce((a, x) => a + uniformFirstShare(x.tokens.length), 0) / s.length;
};
/** The train page's default run (its vocabulary, its unigram baseline). */
const trainRun = (/** @type {FactContext} */ c) => {
  if (!c.train) throw new Error('the facts context has no trainer (train)');
  return c.train();
};
const range = (/** @type {number[]} */ xs) => `${pct(Math.min(...xs))}–${pct(Math.max(...xs))}`;
/** Bytes with thousands grouping and the unit, as the ledger prints exact counts. */
const exactB = (/** @type {number} */ b) => `${grouped(b)} B`;

/** @type {Record<string, (c: FactContext, m: Memo) => FactValue>} */
export const FACTS = {
  // ---- the chapter's sentence ----
  'gift-tokens': (c, m) => String(gift(c, m).tokens.length),
  'gift-dim': (c, m) => String(gift(c, m).dModel),
  'gift-pairs': (c, m) => String(gift(c, m).tokens.length ** 2),

  // ---- lesson 1 ----
  'cos-self': (c) => num(world(c).selfCosine, 3),
  'k-cos-names': (c) => num(world(c).namesCosine.k, 3),
  'v-cos-names': (c) => num(world(c).namesCosine.v, 3),

  // ---- lesson 2 ----
  'dot-gave-apple': (c, m) => num(dot(c, m).total, 2),
  'dot-terms': (c, m) => list(dot(c, m).terms.map((x) => num(x, 3).replace('-', '−'))),
  'dot-q-norm': (c, m) => num(dot(c, m).qNorm, 2),
  'dot-k-norm': (c, m) => num(dot(c, m).kNorm, 2),
  'dot-cos': (c, m) => num(dot(c, m).cos, 3),
  // |q| |k|: the dot product if the two pointed the same way (the guess that forgets cos θ)
  'dot-norm-product': (c, m) => num(dot(c, m).qNorm * dot(c, m).kNorm, 2),
  // to 0.1°, so that cos of the printed angle agrees with dot-cos to its three digits
  'dot-angle': (c, m) => `${num(dot(c, m).theta, 1)}°`,
  // map(grouped) would pass each index as grouped's digits (4,096.0, 32,768.00)
  'dot-t-presets': () => list(T_PRESETS.map((t) => grouped(t))),
  'course-t': () => grouped(DOT_COURSE.T),
  'additive-da': () => String(DOT_COURSE.dA),
  'additive-bytes': (c, m) => evo(c, m).additiveBytes,
  'dot-bytes': (c, m) => evo(c, m).dotBytes,
  'additive-ratio': (c) => {
    const b = scoreBytes(c.engine, DOT_COURSE.T);
    return grouped(Math.round(b.additive / b.dot));
  },

  // ---- lesson 3 ----
  'car-split': (c, m) => evo(c, m).carSplit,
  'dialog-scores': (c) => list(scoreExample(c.world, 'dialog').scores.map(String)),
  'softmax-dialog': (c) => {
    const w = c.engine.softmax(scoreExample(c.world, 'dialog').scores, {}).weights;
    return Array.from(w, (x) => pct(x)).join(' / ');
  },
  'dialog-first-score': (c) => String(scoreExample(c.world, 'dialog').scores[0]),
  'dialog-split': (c) =>
    Array.from(c.engine.proportionalSplit(scoreExample(c.world, 'dialog').scores), (x) =>
      pct(x),
    ).join(' / '),
  'dialog-split-first': (c) =>
    pct(c.engine.proportionalSplit(scoreExample(c.world, 'dialog').scores)[0]),
  // the share of each key in an even split (for the dialog's three scores, the proportional
  // split's first share is the same number: a 33% guess may mean either)
  'dialog-even-first': (c) => pct(1 / scoreExample(c.world, 'dialog').scores.length),
  'dialog-wrong-first': () => pct(WRONG_GUESS[0], 0),
  'dialog-first-weight': (c) =>
    pct(c.engine.softmax(scoreExample(c.world, 'dialog').scores, {}).weights[0]),
  'dialog-scores-tex': (c) => scoreExample(c.world, 'dialog').scores.join(', '),
  'dialog-max-score': (c) => String(Math.max(...scoreExample(c.world, 'dialog').scores)),
  'dialog-min-score': (c) => String(Math.min(...scoreExample(c.world, 'dialog').scores)),
  'dialog-uniform': (c) => {
    const n = scoreExample(c.world, 'dialog').scores.length;
    return Array.from({ length: n }, () => pct(1 / n)).join(' / ');
  },
  'e-value': () => num(Math.E, 1),
  'dialog-wrong-guess': () => WRONG_GUESS.map((x) => pct(x, 0)).join(' / '),
  // the proportional split s_j / Σs, which the gut-feel guess above is not
  'dialog-proportional': (c) =>
    Array.from(c.engine.proportionalSplit(scoreExample(c.world, 'dialog').scores), (x) =>
      pct(x, 0),
    ).join(' / '),
  'anchor-d': () => String(ANCHOR_D),
  'sqrt-anchor-d': () => String(Math.sqrt(ANCHOR_D)),
  'd-min': () => String(D_STEPS[D_STEPS.indexOf(4)]),
  'd-max': () => String(D_STEPS[D_STEPS.length - 1]),
  'std-256': (c, m) => variance(c, m, ANCHOR_D).std,
  'std-256-scaled': (c, m) => variance(c, m, ANCHOR_D).stdScaled,
  'max-256': (c, m) => variance(c, m, ANCHOR_D).maxUnscaled,
  'max-256-scaled': (c, m) => variance(c, m, ANCHOR_D).maxScaled,
  'max-1024': (c, m) => variance(c, m, D_STEPS[D_STEPS.length - 1]).maxUnscaled,
  'max-1024-scaled': (c, m) => variance(c, m, D_STEPS[D_STEPS.length - 1]).maxScaled,

  // ---- lesson 4 / 5 / 7 ----
  'leak-gave': (c) => pct(world(c).queryOnAnswerNoMask),
  'gave-apple': (c) => pct(world(c).queryOnObject),
  'gave-ming': (c) => pct(world(c).queryOnGiver),
  'gave-output': (c, m) =>
    `[${gave(c, m)
      .output.map((x) => num(x, 3))
      .join(', ')}]`,
  'head-a': (c) => pct(world(c).headAQueryOnGiver),
  'head-b': (c) => pct(world(c).headBQueryOnObject),
  'mh-params': (c) => String(costs(multiHead(c)).single.params),
  'mh-macs': (c) => String(costs(multiHead(c)).single.total),
  'mh-softmax-single': (c) => String(costs(multiHead(c)).single.softmaxes),
  'mh-softmax-split': (c) => String(costs(multiHead(c)).split.softmaxes),
  'anchor-width': (c, m) => proofs(c, m).anchorWidth,

  // ---- lesson 6 ----
  // a negative gap with the real minus sign, as every page prints one
  'rope-same-gap': () => String(SAME[0][1] - SAME[0][0]).replace('-', '−'),
  'rope-diff-gap': () => String(DIFFERENT[1] - DIFFERENT[0]).replace('-', '−'),
  'rope-same-score': (c) => num(ropeScore(c, SAME[0][0], SAME[0][1]).score, 4),
  'rope-diff-score': (c) => num(ropeScore(c, DIFFERENT[0], DIFFERENT[1]).score, 4),
  'rope-query-pos': () => String(SAME[0][0]),
  'rope-key-pos': () => String(SAME[0][1]),
  'rope-key-pos-moved': () => String(DIFFERENT[1]),
  'rope-retrieved': (c) =>
    `[${Array.from(retrieved(c, 0).plain, (x) => num(x, 2).replace('-', '−')).join(', ')}]`,
  'anchor-rotary-dims': (c) => String(anchorHead(c).rotaryDim),
  'anchor-head-dim': (c) => String(anchorHead(c).headDim),

  // ---- lessons 8–10 and the evolution map ----
  'cache-p': () => String(CACHE_COURSE.P),
  'cache-g': () => String(CACHE_COURSE.G),
  'cache-without': (c, m) => evo(c, m).kvWithout,
  'cache-with': (c, m) => evo(c, m).kvWith,
  'cache-recomputed': (c, m) => evo(c, m).kvRecomputed,
  'cache-terms-without': () =>
    Array.from({ length: CACHE_COURSE.G }, (_, s) => String(CACHE_COURSE.P + s)).join(' + '),
  'anchor-heads': (c, m) => evo(c, m).anchorHeads,
  'anchor-kv-heads': (c, m) => evo(c, m).kvHeads,
  'anchor-group-size': (c, m) => evo(c, m).groupSize,
  'anchor-full-layers': (c, m) => evo(c, m).fullLayers,
  'anchor-layers': (c, m) => evo(c, m).layers,
  'anchor-context': (c) => grouped(anchor(c).contextLength ?? NaN),
  'anchor-gqa-token': (c, m) => evo(c, m).gqaToken,
  'anchor-kv-formula': (c) => String(c.engine.kvLedger(anchor(c)).formula),
  'anchor-gqa-context': (c, m) => evo(c, m).gqaContext,
  'anchor-mha-token': (c, m) => evo(c, m).mhaToken,
  'anchor-mha-context': (c, m) => evo(c, m).mhaContext,
  'anchor-mqa-token': (c, m) => evo(c, m).mqaToken,
  'anchor-mqa-context': (c, m) => evo(c, m).mqaContext,
  'gqa-copy-heads': (c) => String(gift(c, new Map()).heads),
  'gqa-copy-diff': (c) => {
    const e = sharedKvExperiment(c);
    return e.maxAbsDiff === 0 ? '0' : e.maxAbsDiff.toExponential(1);
  },
  't5-mha': () => GQA_PAPER[0].average,
  't5-gqa8': () => GQA_PAPER[1].average,
  't5-time-gqa8': () => `${GQA_PAPER[1].time} s`,
  't5-time-mqa': () => `${GQA_PAPER[2].time} s`,
  'mla-r': () => String(MLA_EXAMPLE.kvLoraRank),
  'mla-dr': () => String(MLA_EXAMPLE.dRope),
  'mla-bytes-per-element': () => String(MLA_EXAMPLE.dtypeBytes),
  'mla-cached-bytes': (c, m) => String(mla(c, m).bytesPerTokenPerLayer),
  'mla-expanded-bytes': (c, m) => String(mla(c, m).explicitBytesPerTokenPerLayer),
  'mla-path-diff': (c, m) => {
    const [mant, exp] = mla(c, m).maxAbsDiff.toExponential(1).split('e');
    return powerOfTen(mant, Number(exp));
  },
  'v2-layers': (c) => String(modelOf(c, 'deepseek-v2').layers),
  'v2-latent': (c, m) => evo(c, m).mlaLatent,
  'v2-rope': (c, m) => evo(c, m).mlaRopeDims,
  'v2-token': (c, m) => evo(c, m).v2Token,
  'v2-mqa-token': (c) => {
    const v2 = modelOf(c, 'deepseek-v2');
    const rows = variantRows(c.engine, asConfig(v2), v2.contextLength ?? 4096);
    return exactB(Number(variantRow(rows, 'mqa').bytesPerToken));
  },
  't5-mqa': () => GQA_PAPER[2].average,
  'v2-cached-numbers': (c, m) => evo(c, m).mlaWidth,
  // MLA's cache in units of one shared K/V head (MQA = GQA with one group): DeepSeek-V2's own
  // comparison, "equal to GQA with only 2.25 groups"
  'v2-gqa-groups': (c) => {
    const v2 = modelOf(c, 'deepseek-v2');
    const rows = variantRows(c.engine, asConfig(v2), v2.contextLength ?? 4096);
    const groups =
      Number(variantRow(rows, 'mla').bytesPerToken) / Number(variantRow(rows, 'mqa').bytesPerToken);
    return num(groups, 2);
  },
  'v2-vs-67': (c, m) => evo(c, m).v2vs67.replace('−', ''),
  'v2-reported': () => REPORTED.v2Reduction.value,
  'v2-kv-bits': () => REPORTED.v2Reduction.kvBits,

  // ---- branches ----
  'rnn-steps': () => grouped(rnnCounts(COURSE_T).sequentialSteps),
  'rnn-path': () => grouped(rnnCounts(COURSE_T).pathLength),
  'attn-pairs': (c) => grouped(attentionCounts(c.engine, COURSE_T).pairs),
  'attn-path': (c) => String(attentionCounts(c.engine, COURSE_T).pathLength),
  'sink-scores': (c) => list(world(c).objectRow.scores.map((x) => num(x, 2))),
  'sink-weights': (c) =>
    world(c)
      .objectRow.weights.map((x) => pct(x, 0))
      .join(' / '),
  'sink-logit-demo': () => `+${SINK.max}`,
  'sink-keys-total': (c, m) => {
    const r = apple(c, m, { sinkLogit: SINK.max });
    return pct(
      r.weights.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0),
      2,
    );
  },
  'gate-half': (c) => num(sigmoid(c.engine, 0), 3),
  'gate-o-norm': (c, m) => num(apple(c, m).norm, 3),
  'gate-o-half': (c, m) => num(apple(c, m, { gateLogit: 0 }).norm, 3),

  // ---- the heatmap page: the hand-written map (lessons.json) and the engine's ----
  'kitten-fast-cat': (c) => pct(kitten(c).at('快', '猫'), 0),
  'kitten-fast-really': (c) => pct(kitten(c).at('快', '真'), 0),
  'kitten-fast-little': (c) => pct(kitten(c).at('快', '小'), 1),
  'kitten-cat-distance': (c) => String(kitten(c).distance('快', '猫')),
  'gift-wang-gave': (c) => pct(world(c).answerOnQuery, 0),

  // what "it" refers to in each sentence: its weight on that noun (the world's referent role)
  'it-tired-animal': (c) => {
    const r = pronounRow(c, 'en-animal-tired');
    return pct(r.weights[roleIndex(r.w, 'referent')]);
  },
  'it-wide-street': (c) => {
    const r = pronounRow(c, 'en-animal-wide');
    return pct(r.weights[roleIndex(r.w, 'referent')]);
  },

  // ---- the worked example, the playground ----
  'walk-steps': () => String(WALK_STEPS.length),
  'cat-raw': (c, m) => list(walk(c, m).catRaw.split(' / ')),
  'cat-weights': (c, m) => walk(c, m).catWeights,
  'cat-output': (c, m) => walk(c, m).outCat,
  // An even split of the cat row over the keys it sees (itself and The): the guess that
  // ignores the scores.
  'cat-even-split': (c) => pct(1 / worldTensors(c, 'en-the-cat').tokens.length, 0),
  'the-output': (c, m) => walk(c, m).outThe,
  'cat-d': (c) => String(worldTensors(c, 'en-the-cat').dModel),
  'playground-time-limit': () => String(TIME_LIMIT_MS / 1000),

  // ---- the lab (from its exports; its self-check proves the engine reproduces them) ----
  'lab-top1-char': (c) => c.lab.export.prompt.top5[0].char,
  'lab-top1-share': (c) => pct(c.lab.export.prompt.top5[0].prob),
  // The rest of the model's five likeliest next characters, with their probabilities.
  'lab-top5-rest': (c) => {
    const rest = c.lab.export.prompt.top5.slice(1);
    return {
      'zh-CN': rest
        .map((/** @type {{char: string, prob: number}} */ x) => `「${x.char}」${pct(x.prob)}`)
        .join('、'),
      en: andList(
        rest.map((/** @type {{char: string, prob: number}} */ x) => `“${x.char}” ${pct(x.prob)}`),
      ).en,
    };
  },
  'lab-prompt': (c) => c.lab.export.prompt.text,
  'lab-layers': (c) => String(c.lab.export.model.config.nLayers),
  'lab-context': (c) => String(c.lab.export.model.config.context),
  'lab-full-layers': (c) =>
    andList(sinkRanges(c).map((/** @type {{layer: number}} */ x) => String(x.layer + 1))),
  'lab-linear-layers': (c) =>
    String(
      c.lab.export.model.config.layerTypes.filter((/** @type {string} */ t) => t === 'linear')
        .length,
    ),
  'lab-heads': (c) => String(c.lab.export.model.config.nHeads),
  'lab-kv-heads': (c) => String(c.lab.export.model.config.nKvHeads),
  'lab-sentences': (c) => String(c.lab.export.sentences.length),
  'lab-sink-first': (c) => range(sinkRanges(c)[0].shares),
  'lab-sink-last': (c) => range(sinkRanges(c)[sinkRanges(c).length - 1].shares),
  'lab-sink-first-layer': (c) => String(sinkRanges(c)[0].layer + 1),
  'lab-sink-last-layer': (c) => String(sinkRanges(c)[sinkRanges(c).length - 1].layer + 1),
  'lab-sink-all': (c) => range(allSinkShares(c)),
  'lab-sink-uniform': (c) => pct(uniformSink(c)),
  'lab-train-steps': (c) => grouped(c.lab.export.model.training.steps),

  // ---- the train page (the browser's trainer, its default run) ----
  'train-default-steps': () => grouped(DEFAULT_CHOICES.steps),
  'train-vocab': (c) => String(trainRun(c).config.vocab),
  'train-uniform-loss': (c) => num(Math.log(trainRun(c).config.vocab), 2),
  'hyb-valid-hybrid': (c) => num(hybridRow(c, 'hybrid').validLoss, 4),
  'hyb-valid-full': (c) => num(hybridRow(c, 'all-full').validLoss, 4),
  'hyb-steps': (c) => String(c.lab.hybridAblation.training.steps),
  'hyb-seeds': (c) => String(c.lab.hybridAblation.seeds),
  'hyb-request-tokens': (c) => grouped(c.lab.hybridAblation.requestTokens.at(-1)),
  'hyb-request-hybrid': (c) => mib(hybridRow(c, 'hybrid').requestBytes.at(-1).bf16),
  'hyb-request-full': (c) => mib(hybridRow(c, 'all-full').requestBytes.at(-1).bf16),
  'kvab-heads-list': (c) =>
    c.lab.ablation.rows
      .map((/** @type {{nKvHeads: number}} */ r) => String(r.nKvHeads))
      .join(' / '),
  'kvab-layers': (c) => String(c.lab.ablation.rows[0].nLayers),
  'hyb-direction': (c) =>
    hybridRow(c, 'hybrid').validLoss > hybridRow(c, 'all-full').validLoss
      ? { 'zh-CN': '更高', en: 'higher' }
      : { 'zh-CN': '更低', en: 'lower' },
  'kvab-bytes-mha': (c) => exactB(c.lab.ablation.rows[0].kvBytesPerTokenBf16),
  'kvab-bytes-mqa': (c) => exactB(c.lab.ablation.rows.at(-1).kvBytesPerTokenBf16),
  'kvab-heads-mha': (c) => String(c.lab.ablation.rows[0].nKvHeads),
  'kvab-heads-mqa': (c) => String(c.lab.ablation.rows.at(-1).nKvHeads),
  'kvab-loss-mha': (c) => num(c.lab.ablation.rows[0].validLoss, 4),
  'kvab-loss-mqa': (c) => num(c.lab.ablation.rows.at(-1).validLoss, 4),

  // ---- the exercise page, the project milestone (tests run on the lab's model) ----
  'ex-cases': (c) => String(attentionCases(c).length),
  'ms-tests': () => String(CHECKS.length),
  'ms-tests-passed': (c, m) => String(CHECKS.filter((s) => milestone(c, m, s.id).ok).length),
  'ms-incremental-diff': (c, m) => {
    const r = milestone(c, m, 'incremental');
    return r.id === 'incremental' ? small(r.r.maxAbsDiff) : '';
  },
  'ms-tolerance': (c, m) => {
    const r = milestone(c, m, 'incremental');
    return r.id === 'incremental' ? small(r.r.tolerance).replace(/^1\.0 × /, '') : '';
  },
  'ms-kv-heads': (c, m) => {
    const r = milestone(c, m, 'cache-bytes');
    return r.id === 'cache-bytes' ? r.r.kvHeads.join(' → ') : '';
  },
  'ms-cache-bytes': (c, m) => {
    const r = milestone(c, m, 'cache-bytes');
    return r.id === 'cache-bytes' ? r.r.bytes.map(exactB).join(' → ') : '';
  },

  // ---- the quiz page ----
  'quiz-count': (c) => String(makeUp(c.quiz).total),
  'quiz-own-count': (c) => String(makeUp(c.quiz).own),
  'quiz-calc-count': (c) => String(makeUp(c.quiz).calculation),
};

/**
 * The heatmap page's hand-written map (its inline data in lessons.json): weight of a row's
 * label on a column's label, and their distance.
 * @param {FactContext} c
 */
function kitten(c) {
  const page = c.lessons.lessons.find((l) => l.slug === 'heatmap');
  const data = /** @type {{ labels: string[], weights: number[][] } | undefined} */ (
    page?.widgets.find((w) => w.data)?.data
  );
  if (!data) throw new Error('lessons.json: the heatmap page has no hand-written map');
  const ix = (/** @type {string} */ t) => {
    const i = data.labels.indexOf(t);
    if (i < 0) throw new Error(`lessons.json: the heatmap page's map has no label ${t}`);
    return i;
  };
  return {
    at: (/** @type {string} */ row, /** @type {string} */ col) => data.weights[ix(row)][ix(col)],
    distance: (/** @type {string} */ row, /** @type {string} */ col) => ix(row) - ix(col),
  };
}

/**
 * The lab's model loaded into the context's engine (the facts that run it: the milestone's tests).
 * @param {FactContext} c
 * @param {Memo} m
 */
function courseLab(c, m) {
  return once(m, 'lab-model', () => {
    const { weights, export: ex, ablation, hybridAblation } = c.lab;
    if (!weights) throw new Error('the facts context has no lab model (lab.weights)');
    return labModel(c.engine, { weights, export: ex, ablation, hybridAblation });
  });
}
/**
 * A milestone test on the course's model, without a fault.
 * @param {FactContext} c
 * @param {Memo} m
 * @param {import('../milestone/logic.js').CheckId} id
 */
const milestone = (c, m, id) =>
  once(m, `milestone-${id}`, () => runCheck(c.engine, courseLab(c, m), id));
/** A small difference as prose writes it: 2.4 × 10⁻⁷ (0 as 0). */
const small = (/** @type {number} */ x) => {
  if (x === 0) return '0';
  const [mant, exp] = x.toExponential(1).split('e');
  return powerOfTen(mant, Number(exp));
};

/** Bytes in MiB with one decimal, as the lab's ablation table prints a request. */
const mib = (/** @type {number} */ b) => `${num(b / 2 ** 20, 1)} MiB`;

/**
 * Every fact in `ids`, computed once each: id → its text in both languages.
 * @param {FactContext} ctx
 * @param {Iterable<string>} [ids]
 * @returns {Map<string, Bilingual>}
 */
export function courseFacts(ctx, ids = Object.keys(FACTS)) {
  /** @type {Memo} */
  const memo = new Map();
  const out = new Map();
  for (const id of ids) {
    const f = FACTS[id];
    if (!f) throw new Error(`unknown fact {{${id}}} (known: ${Object.keys(FACTS).join(', ')})`);
    const v = f(ctx, memo);
    out.set(id, typeof v === 'string' ? { 'zh-CN': v, en: v } : v);
  }
  return out;
}

/** `{{fact-id}}` in course prose. */
export const FACT_PLACEHOLDER = /\{\{([a-z0-9-]+)\}\}/g;

/** The fact ids `text` uses. */
export const factIds = (/** @type {string} */ text) =>
  [...String(text).matchAll(FACT_PLACEHOLDER)].map((x) => x[1]);
