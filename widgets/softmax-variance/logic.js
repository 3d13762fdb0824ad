// The pure side of <attn-softmax-variance> (lesson 3): the experiment's fixed parameters, the
// slider's d steps, the course numbers asked from the engine, and display helpers (binning the
// engine's dot products for a histogram, formatting). No DOM here, so node tests import it.
// No attention math either: softmax, proportional split, the dot products, their standard
// deviations, max weights and entropies all come from the engine.
import { num, pct, powerOfTen } from '../../web/dom.js';
import { check as same, checkNamed, glossed } from '../../web/check-row.js';
/** @import { AttnEngine, SoftmaxVarianceResult } from '../../web/attn-engine.js' */
/** @import { TeachingWorldDoc, ScoreExample } from '../../web/course-data.js' */
/** @import { Runtime } from '../../web/runtime.js' */
/** @import { CheckRow } from '../../web/check-row.js' */

/**
 * The seeded experiment behind every histogram and softmax row (fixed: the checks rely on it).
 * The quiz's question why-sqrt-dk quotes the same experiment (widgets/quiz/logic.js): one set of
 * settings, so a student sees in the quiz the numbers this lesson showed.
 */
export const EXPERIMENT = Object.freeze({ nKeys: 8, nSamples: 1000, seed: 25 });

/** Head widths the slider steps through: powers of two and the 1.5× between them, 1 … 1024. */
export const D_STEPS = Object.freeze([
  1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024,
]);
/** The score gap whose weight ratio e^gap lesson 3 quotes (the anchor's √d makes it usual). */
export const E20_GAP = 20;
/** The anchor model's head width (Qwen3.8: 256 per head): where the slider starts. */
export const ANCHOR_D = 256;

/** @typedef {{ lo: number, hi: number, ticks: number[] }} Axis a histogram's fixed axis */
/**
 * Fixed histogram axes: the unscaled one is wide enough for d = 1024 (std 32, ±4σ).
 * @type {Readonly<{ unscaled: Axis, scaled: Axis }>}
 */
export const AXES = Object.freeze({
  unscaled: { lo: -128, hi: 128, ticks: [-128, -64, 0, 64, 128] },
  scaled: { lo: -4, hi: 4, ticks: [-4, -2, 0, 2, 4] },
});
export const BINS = 48;

/** The common wrong guess for the dialog scores (the chapter's misconceptions table). */
export const WRONG_GUESS = Object.freeze([0.4, 0.3, 0.3]);

// The experiment is seeded, so one engine gives the same result for a d every time: it is asked
// once per engine and d. A slider step back to a d already seen, and the self-checks at d = 256
// and 1024, then cost no engine work (at d = 1024 the call draws 2 million normals).
/** @type {WeakMap<AttnEngine, Map<number, SoftmaxVarianceResult>>} */
const experiments = new WeakMap();

/**
 * The seeded experiment at head width d, from the engine (kept per engine and d).
 * @param {AttnEngine} engine
 * @param {number} d
 */
export function experiment(engine, d) {
  let perEngine = experiments.get(engine);
  if (!perEngine) experiments.set(engine, (perEngine = new Map()));
  let r = perEngine.get(d);
  if (!r) perEngine.set(d, (r = engine.softmaxVariance({ d, ...EXPERIMENT })));
  return r;
}

/**
 * Whether experiment(engine, d) is already kept (a prefetch skips it).
 * @param {AttnEngine} engine
 * @param {number} d
 */
export function hasExperiment(engine, d) {
  return experiments.get(engine)?.has(d) ?? false;
}

/**
 * The experiment's numbers as the widget prints them (and the quiz quotes them): std(q·k) with 2
 * decimals, std(q·k/√d) with 3, the largest weight of the row unscaled and ÷√d (weightPct).
 * @param {SoftmaxVarianceResult} r
 */
export function experimentTexts(r) {
  return {
    std: num(r.stdUnscaled, 2),
    stdScaled: num(r.stdScaled, 3),
    maxUnscaled: weightPct(r.maxWeightUnscaled),
    maxScaled: weightPct(r.maxWeightScaled),
  };
}

/**
 * Counts of `values` in `bins` equal bins over [lo, hi]; values outside land in the edge bins
 * (and are counted in `below` / `above` so the chart can say so). `factor` multiplies each value
 * before binning (display only: it places the engine's q·k on the ÷√d axis).
 * @param {Iterable<number>} values
 * @param {{ lo: number, hi: number, bins?: number, factor?: number }} options
 */
export function histogram(values, { lo, hi, bins = BINS, factor = 1 }) {
  const counts = new Array(bins).fill(0);
  const width = (hi - lo) / bins;
  let below = 0,
    above = 0;
  for (const raw of values) {
    const v = raw * factor;
    let i = Math.floor((v - lo) / width);
    if (i < 0) {
      i = 0;
      below++;
    }
    if (i >= bins) {
      i = bins - 1;
      if (v > hi) above++;
    }
    counts[i]++;
  }
  return { counts, lo, hi, width, below, above, max: Math.max(...counts) };
}

/**
 * A score example's token labels in a language: tokens may be strings or {zh-CN, en} objects.
 * @param {ScoreExample & { tokensEn?: string[] }} example
 * @param {string} lang
 * @returns {string[]}
 */
export function exampleLabels(example, lang) {
  const en = typeof lang === 'string' && lang.startsWith('en');
  return example.tokens.map((t, i) => {
    if (typeof t === 'object' && t) return en ? t.en : t['zh-CN'];
    if (en && Array.isArray(example.tokensEn) && example.tokensEn[i]) return example.tokensEn[i];
    return t;
  });
}

/**
 * A score example of the teaching world, by id, with a message naming the file if missing.
 * @param {TeachingWorldDoc} world
 * @param {string} id
 * @returns {ScoreExample}
 */
export function scoreExample(world, id) {
  const ex = world.scoreExamples?.[id];
  if (!ex) {
    const known = Object.keys(world.scoreExamples ?? {}).join(', ') || 'none';
    throw new Error(`teaching-world.json has no scoreExamples.${id} (it has: ${known})`);
  }
  return ex;
}

/**
 * 0.245 → "24.5%", −0.444 → "−44.4%" (a real minus sign).
 * @param {number} x
 */
export function signedPct(x, digits = 1) {
  const s = `${(x * 100).toFixed(digits)}%`;
  return s.startsWith('-') ? `−${s.slice(1)}` : s;
}

/**
 * Percentages that stay readable when tiny: 0.00083 → "0.083%", 8.3e-7 → "0.000083%".
 * @param {number} x
 */
export function smallPct(x) {
  if (x === 0) return '0%';
  if (Math.abs(x) >= 0.001) return signedPct(x, 1);
  const p = x * 100;
  const digits = Math.min(20, Math.max(0, 1 - Math.floor(Math.log10(Math.abs(p)))));
  return signedPct(x, digits);
}

/**
 * A score written into a formula: −4 → "−4", 2.5 → "2.5".
 * @param {number} s
 */
export function scoreText(s) {
  const t = String(s);
  return t.startsWith('-') ? `−${t.slice(1)}` : t;
}

/**
 * 485165195 → "4.9 亿" (zh) / "4.9 × 10⁸" (en): the ratio e^20 in the chapter's words.
 * @param {number} x
 * @param {string} lang
 */
export function bigRatio(x, lang) {
  if (typeof lang === 'string' && lang.startsWith('en')) {
    const e = Math.floor(Math.log10(x));
    return powerOfTen((x / 10 ** e).toFixed(1), e);
  }
  return `${(x / 1e8).toFixed(1)} 亿`;
}

/**
 * Every course number the widget prints, asked from the engine now (independent of the UI):
 * the dialog softmax, the car's proportional split and softmax, the e^20 ratio, and the seeded
 * experiment at d = 256 and d = 1024.
 * @param {AttnEngine} engine
 * @param {TeachingWorldDoc} world
 */
export function courseNumbers(engine, world) {
  const dialog = scoreExample(world, 'dialog');
  const car = scoreExample(world, 'car');
  const lead = engine.softmax([E20_GAP, 0], {}).weights; // two keys that far apart: ratio e^gap
  return {
    dialog: {
      scores: dialog.scores,
      softmax: engine.softmax(dialog.scores, {}).weights,
      split: engine.proportionalSplit(dialog.scores),
    },
    car: {
      scores: car.scores,
      softmax: engine.softmax(car.scores, {}).weights,
      split: engine.proportionalSplit(car.scores),
    },
    e20: lead[0] / lead[1],
    uniformEntropy: engine.softmax(new Array(EXPERIMENT.nKeys).fill(0), {}).entropy, // ln K
    at256: experiment(engine, 256),
    at1024: experiment(engine, 1024),
  };
}

/**
 * A weight as a percentage that never rounds a near-one-hot weight up to "100.0%": 0.99996 →
 * "99.996%".
 * @param {number} w
 */
export function weightPct(w) {
  let digits = 1;
  while (w < 1 && (w * 100).toFixed(digits) === `100.${'0'.repeat(digits)}` && digits < 8) digits++;
  return signedPct(w, digits);
}

/**
 * A column label for a weight, at most 6 characters: "≈100%", "24.5%", "≈0%".
 * @param {number} w
 */
export function columnPct(w) {
  if (w >= 0.9995) return '≈100%';
  if (w < 0.0005) return '≈0%';
  return signedPct(w, 1);
}

/**
 * Small non-negative quantities (entropies in nats) with 2 significant digits below 0.01.
 * @param {number} x
 */
export function smallNum(x) {
  if (x !== 0 && Math.abs(x) < 0.001) {
    const [m, e] = x.toExponential(1).split('e');
    return powerOfTen(m, Number(e));
  }
  if (x !== 0 && Math.abs(x) < 0.01) return x.toPrecision(2);
  return x.toFixed(2);
}

// The score examples' engine results, kept per engine and world for the self-checks and the
// widget's first two sections (the experiment's own results are kept per engine and d above).
/** @type {WeakMap<AttnEngine, WeakMap<TeachingWorldDoc, ReturnType<typeof courseNumbers>>>} */
const numbersCache = new WeakMap();

/**
 * courseNumbers for the runtime's engine and world, asked once.
 * @param {Runtime} rt
 * @returns {ReturnType<typeof courseNumbers>}
 */
export function cachedCourseNumbers(rt) {
  let perEngine = numbersCache.get(rt.engine);
  if (!perEngine) numbersCache.set(rt.engine, (perEngine = new WeakMap()));
  let n = perEngine.get(rt.world);
  if (!n) perEngine.set(rt.world, (n = courseNumbers(rt.engine, rt.world)));
  return n;
}

/**
 * A self-check row: v within ±10% of target.
 * @param {string} name
 * @param {number} v
 * @param {number} target
 * @returns {CheckRow}
 */
function within(name, v, target) {
  const ok = Math.abs(v - target) <= 0.1 * target;
  return {
    name,
    expected: `${num(target * 0.9, 2)} … ${num(target * 1.1, 2)}`,
    actual: num(v, 3),
    ok,
  };
}

/**
 * The rows of <attn-softmax-variance>'s self-check: lesson 3's numbers, from the engine.
 * @param {Runtime} rt
 * @returns {CheckRow[]}
 */
export function courseCheckRows(rt) {
  const n = cachedCourseNumbers(rt);
  const car = scoreExample(rt.world, 'car');
  const last = car.scores.length - 1;
  const carLabel = exampleLabels(car, 'zh-CN')[last];
  const car1 = { car: carLabel, 'car:en': glossed(carLabel, exampleLabels(car, 'en')[last]) };
  return [
    same(
      'softmax([8, 7, 9])',
      '24.5% / 9.0% / 66.5%',
      Array.from(n.dialog.softmax, (w) => pct(w)).join(' / '),
    ),
    checkNamed(
      'proportional split [10, 3, −4]: {car}',
      car1,
      '−44.4%',
      signedPct(n.car.split[last]),
    ),
    // e²⁰ as each language writes it: 4.9 亿 in Chinese, 4.9 × 10⁸ in English
    {
      ...same('e²⁰ = w₀/w₁ of softmax([20, 0])', '4.9 × 10⁸', bigRatio(n.e20, 'en')),
      ok: bigRatio(n.e20, 'en') === '4.9 × 10⁸' && bigRatio(n.e20, 'zh-CN') === '4.9 亿',
      zh: { expected: '4.9 亿', actual: bigRatio(n.e20, 'zh-CN') },
    },
    within('d = 256: std(q·k) ≈ √256 = 16 (±10%)', n.at256.stdUnscaled, 16),
    within('d = 256: std(q·k/√d) ≈ 1 (±10%)', n.at256.stdScaled, 1),
    {
      name: 'd = 1024: max weight unscaled > 90%',
      expected: '> 90.0%',
      actual: pct(n.at1024.maxWeightUnscaled),
      ok: n.at1024.maxWeightUnscaled > 0.9,
    },
    {
      name: 'd = 1024: max weight scaled < 90%',
      expected: '< 90.0%',
      actual: pct(n.at1024.maxWeightScaled),
      ok: n.at1024.maxWeightScaled < 0.9,
    },
  ];
}
