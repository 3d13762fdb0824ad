// The DOM-free half of <attn-kv-cache>: the tiny seeded decoder's settings, the engine calls the
// widget makes, and the course numbers it reproduces. Every count, token and byte is a field of
// an engine result (engine.tinyDecoderGenerate / tinyDecoderIncrementalCheck); this file only
// picks fields and formats them.
/** @import { AttnEngine, TinyDecoderGenerateResult } from '../../web/attn-engine.js' */
/** @import { CheckRow } from '../../web/check-row.js' */
import { check as row } from '../../web/check-row.js';
import { STRINGS } from './strings.js';

/**
 * The tiny decoder of the lesson, written out so the byte formula can name every factor, and
 * passed whole to every engine call below, so what the student reads is what the engine runs
 * (whatever the engine's own defaults are).
 */
export const DECODER = Object.freeze({
  vocab: 16,
  dModel: 16,
  nLayers: 2,
  nHeads: 4,
  nKvHeads: 2,
  dHead: 4,
  mlpHidden: 32,
  seed: 1,
});
/** Float32: the bytes of one cached number in the engine's tiny decoder. */
export const FLOAT32_BYTES = 4;
/** Prompt token ids (arbitrary ids of an untrained model; the first P are used). */
export const PROMPT_IDS = Object.freeze([3, 1, 4, 1, 5, 9]);
export const P_MIN = 1,
  P_MAX = 6,
  G_MIN = 1,
  G_MAX = 8;
/** The course's example: a 2-token prompt, 3 generated tokens. */
export const COURSE = Object.freeze({ P: 2, G: 3 });

/** @param {number} P */
export function prompt(P) {
  if (!Number.isInteger(P) || P < P_MIN || P > P_MAX)
    throw new RangeError(`prompt length P must be ${P_MIN}–${P_MAX}, got ${P}`);
  return PROMPT_IDS.slice(0, P);
}

/**
 * engine.tinyDecoderGenerate for the first P prompt ids and `steps` generated tokens.
 * @param {AttnEngine} engine
 * @param {number} P
 * @param {number} steps
 * @param {boolean} useCache
 * @returns {Run}
 */
export function generate(engine, P, steps, useCache) {
  return engine.tinyDecoderGenerate({ ...DECODER, prompt: prompt(P), steps, useCache });
}

/** @typedef {TinyDecoderGenerateResult} Run one generation as the engine traces it */
/** @typedef {{ without: Run, with: Run }} RunPair the same generation without and with the cache */

/**
 * Everything one view of the stepper needs, from the engine: the whole generation (G steps) with
 * and without the cache, and the same generation stopped after `s` steps (its kvComputed /
 * kvReused are the running counts at step s).
 * @param {AttnEngine} engine
 * @param {number} P
 * @param {number} G
 * @param {number} s
 * @returns {{ full: RunPair, upTo: RunPair }}
 */
export function stepperState(engine, P, G, s) {
  const full = { without: generate(engine, P, G, false), with: generate(engine, P, G, true) };
  const upTo =
    s === G ? full : { without: generate(engine, P, s, false), with: generate(engine, P, s, true) };
  return { full, upTo };
}

/** Are two token lists the same, position by position? (A comparison, not a computation.) */
/**
 * @param {number[]} a
 * @param {number[]} b
 */
export function sameTokens(a, b) {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

/** "2 + 3 + 4": the K/V rows each step computed, as the engine reports them. */
/** @param {Run} run */
export function termsText(run) {
  return run.steps.map((st) => st.computed.length).join(' + ');
}

/**
 * max |Δ logit| between the full pass and cached one-at-a-time decoding of `tokens`.
 * @param {AttnEngine} engine
 * @param {number[]} tokens
 */
export function incrementalDiff(engine, tokens) {
  return engine.tinyDecoderIncrementalCheck({ ...DECODER, tokens }).maxAbsDiff;
}

/**
 * A same-tokens row's values on a Chinese panel: the words the widget itself shows.
 * @param {boolean} same
 */
const inChinese = (same) => ({
  expected: STRINGS['zh-CN'].same,
  actual: same ? STRINGS['zh-CN'].same : STRINGS['zh-CN'].differ,
});

/**
 * The course numbers, through the engine, whatever the widget shows now:
 * [{name, expected, actual, ok}] (ok compares the printed text, or a bound).
 * @param {AttnEngine} engine
 * @returns {CheckRow[]}
 */
export function courseNumbers(engine) {
  const { P, G } = COURSE;
  const without = generate(engine, P, G, false),
    withCache = generate(engine, P, G, true);
  // Greedy decoding is deterministic, so a run of G_MAX steps contains every shorter run as its
  // prefix: comparing the G_MAX runs covers every (P, G) of the sliders.
  let allSame = true;
  for (let p = P_MIN; p <= P_MAX; p++) {
    if (
      !sameTokens(generate(engine, p, G_MAX, false).tokens, generate(engine, p, G_MAX, true).tokens)
    )
      allSame = false;
  }
  const diff = incrementalDiff(engine, withCache.tokens);
  return [
    row(
      'P = 2, G = 3: K/V computed without the cache (2 + 3 + 4)',
      '9',
      String(without.kvComputed),
    ),
    row('P = 2, G = 3: K/V computed with the cache (2 + 1 + 1)', '4', String(withCache.kvComputed)),
    row(
      'P = 2, G = 3: K/V recomputed without the cache = read from the cache',
      '5',
      String(withCache.kvReused),
    ),
    {
      ...row(
        'P = 2, G = 3: tokens with and without the cache',
        'identical',
        sameTokens(without.tokens, withCache.tokens)
          ? 'identical'
          : `differ: ${without.tokens} vs ${withCache.tokens}`,
      ),
      zh: inChinese(sameTokens(without.tokens, withCache.tokens)),
    },
    {
      ...row(
        `tokens identical with and without the cache for every P ${P_MIN}–${P_MAX}, G ${G_MIN}–${G_MAX}`,
        'identical',
        allSame ? 'identical' : 'differ',
      ),
      zh: inChinese(allSame),
    },
    row(
      'P = 2, G = 3: float32 cache bytes after each step (linear in positions)',
      '256 B / 384 B / 512 B',
      withCache.steps.map((st) => `${st.cacheBytes} B`).join(' / '),
    ),
    {
      name: 'incremental decoding with the cache vs the full pass: max |Δ logit| < 1e-4',
      expected: '< 1e-4',
      actual: diff.toExponential(1),
      ok: diff < 1e-4,
    },
  ];
}
