// <attn-train>'s logic without the DOM: the worker's message protocol, what a run's choices
// are, when it snapshots, what a snapshot shows (asked of the page's engine), the runs kept side
// by side and the hand-over of a trained model to the lab. Node runs this file as it is
// (tests/js/train.test.mjs).
/** @import { HeadPattern, Tensor } from '../../web/attn-engine.js' */
import { SNAPSHOT_SENTENCE, SAMPLE_PROMPT } from './strings.js';
import { meanLoss } from '../../web/trained-model.js';
/** @import { TrainedModel } from '../../web/trained-model.js' */
/** @import { Curve } from './views/loss-curve.js' */

export { SNAPSHOT_SENTENCE, SAMPLE_PROMPT };
// The chance levels the snapshot's shares are read against (the lab shows them too).
export { uniformPreviousShare, uniformFirstShare } from '../../web/uniform-share.js';

/**
 * What a student chooses for a run (the engine checks every field: ConfigError names it).
 * @typedef {{ steps: number, seed: number, layers: number, kvHeads: number, hybrid: boolean }}
 *   TrainChoices
 */
/**
 * trainStart's answer: the model and its text.
 * @typedef {{
 *   config: { vocab: number, nLayers: number, nHeads: number, nKvHeads: number, dModel: number,
 *     context: number, layerTypes: ('full' | 'linear')[] },
 *   steps: number, batch: number, seed: number, parameters: number, trainTokens: number,
 *   validTokens: number, fortuneChars: number, storyChars: number, unigramLoss: number,
 *   tokensPerStep: number,
 * }} TrainInfo
 */
/**
 * The trainer module (build-wasm/attn-trainer.js) as the worker uses it
 * (cpp/bindings/train_js.cpp).
 * @typedef {{
 *   trainStart: (options: TrainChoices, texts: string[]) => TrainInfo,
 *   trainStep: (n: number) => { step: number[], loss: number[], lr: number[],
 *     gradNorm: number[], done: boolean },
 *   trainValidLoss: () => number,
 *   trainWeights: (options?: { dtype?: 'f32' | 'f16' }) => Uint8Array,
 *   trainSnapshot: (options: { text: string, prompt: string, steps: number }) => SnapshotView,
 *   heapBytesInUse: () => number,
 * }} TrainerModule
 */
/**
 * One snapshot as the worker's trainer reads it (trainSnapshot, cpp/bindings/train_js.cpp): the
 * pass over SNAPSHOT_SENTENCE with attention, each full layer's head patterns (null for a linear
 * layer), the greedy sample of SAMPLE_PROMPT and the ledger's BF16 KV bytes per token.
 * @typedef {{
 *   run: {
 *     labels: string[],
 *     attention: ({ type: 'full', weights: Tensor } | { type: 'linear', stateNorms: Tensor })[],
 *     sinkShare: number[][],
 *   },
 *   patterns: (HeadPattern[] | null)[], sample: string, kvBytesPerToken: number,
 * }} SnapshotView
 */
/**
 * Page → worker.
 * @typedef {{ type: 'start', options: TrainChoices } | { type: 'pause' } | { type: 'resume' }
 *   | { type: 'weights', id: number, dtype: 'f32' | 'f16' }} TrainIn
 */
/**
 * Worker → page.
 * @typedef {{ type: 'started', info: TrainInfo, heapBytes: number }
 *   | { type: 'progress', step: number, loss: number, lr: number, gradNorm: number, ms: number,
 *       heapBytes: number }
 *   | { type: 'snapshot', step: number, validLoss: number, view: SnapshotView }
 *   | { type: 'paused' } | { type: 'done' }
 *   | { type: 'weights', id: number, bytes: Uint8Array }
 *   | { type: 'error', name: string, message: string }} TrainOut
 */

/** A run's choices before the student changes any: the seed's 2-layer kv_heads model. */
export const DEFAULT_CHOICES = Object.freeze({
  steps: 200,
  seed: 1,
  layers: 2,
  kvHeads: 2,
  hybrid: false,
});
/** The kv_heads ablation's rows (the query heads are 8). */
export const KV_HEAD_CHOICES = [8, 4, 2, 1];
export const LAYER_CHOICES = [2, 4];

/**
 * The fortunes-zh files the trainer reads, in the order trainStart takes their texts
 * (browser_corpus_options() in cpp/train/corpus.cpp): the build bundles them, the tests read them.
 */
export const TRAIN_TEXT_FILES = ['tang300', 'song100'];

/** How many characters each snapshot's greedy sample writes. */
export const SAMPLE_STEPS = 12;

/**
 * Snapshot every this many steps: about 20 over a run, at least 10 steps apart.
 * @param {number} steps
 */
export const snapshotEvery = (steps) => Math.max(10, Math.ceil(steps / 20));

/**
 * The choices as numbers, from the form's strings; what is not a number stays NaN so that the
 * engine names the field ("steps should be a whole number …").
 * @param {{ steps: string, seed: string, layers: string, kvHeads: string, hybrid: string }} form
 * @returns {TrainChoices}
 */
export function choicesFrom(form) {
  return {
    steps: form.steps.trim() === '' ? NaN : Number(form.steps),
    seed: form.seed.trim() === '' ? NaN : Number(form.seed),
    layers: Number(form.layers),
    kvHeads: Number(form.kvHeads),
    hybrid: form.hybrid === 'hybrid',
  };
}

/**
 * A snapshot's view has the parts the page draws.
 * @param {unknown} v
 */
function isView(v) {
  const o = /** @type {Record<string, any> | null} */ (v && typeof v === 'object' ? v : null);
  return (
    !!o &&
    Array.isArray(o.run?.labels) &&
    Array.isArray(o.run?.attention) &&
    Array.isArray(o.run?.sinkShare) &&
    Array.isArray(o.patterns) &&
    o.patterns.length === o.run.attention.length &&
    typeof o.sample === 'string' &&
    Number.isFinite(o.kvBytesPerToken)
  );
}

/**
 * A worker message checked at the boundary: the page acts only on these shapes.
 * @param {unknown} m
 * @returns {TrainOut | null}
 */
export function parseTrainMessage(m) {
  if (!m || typeof m !== 'object') return null;
  const o = /** @type {Record<string, unknown>} */ (m);
  const n = (/** @type {unknown} */ x) => typeof x === 'number' && Number.isFinite(x);
  switch (o.type) {
    case 'started':
      return o.info && typeof o.info === 'object' && n(o.heapBytes)
        ? /** @type {TrainOut} */ (m)
        : null;
    case 'progress':
      return [o.step, o.loss, o.lr, o.gradNorm, o.ms, o.heapBytes].every(n)
        ? /** @type {TrainOut} */ (m)
        : null;
    case 'snapshot':
      return n(o.step) && n(o.validLoss) && isView(o.view) ? /** @type {TrainOut} */ (m) : null;
    case 'weights':
      return n(o.id) && o.bytes instanceof Uint8Array ? /** @type {TrainOut} */ (m) : null;
    case 'error':
      return typeof o.name === 'string' && typeof o.message === 'string'
        ? /** @type {TrainOut} */ (m)
        : null;
    case 'paused':
    case 'done':
      return /** @type {TrainOut} */ (m);
    default:
      return null;
  }
}

/**
 * Characters per second of training: tokensPerStep × steps ÷ seconds of the worker's steps.
 * @param {number} tokensPerStep
 * @param {number[]} stepMs
 */
export function tokensPerSecond(tokensPerStep, stepMs) {
  const recent = stepMs.slice(-20);
  const ms = recent.reduce((a, b) => a + b, 0);
  return ms > 0 ? (tokensPerStep * recent.length * 1000) / ms : 0;
}

/**
 * The head that attends most to the previous character, over every full layer.
 * @param {(HeadPattern[] | null)[]} patterns per layer, null for a linear layer
 * @returns {{ layer: number, head: number, weight: number } | null}
 */
export function strongestPreviousHead(patterns) {
  /** @type {{ layer: number, head: number, weight: number } | null} */
  let best = null;
  patterns.forEach((heads, layer) =>
    heads?.forEach((p, head) => {
      if (!best || p.previousToken > best.weight) best = { layer, head, weight: p.previousToken };
    }),
  );
  return best;
}

/**
 * The head that puts most weight on <bos> (the strongest sink), over every full layer.
 * @param {(HeadPattern[] | null)[]} patterns per layer, null for a linear layer
 * @returns {{ layer: number, head: number, weight: number } | null}
 */
export function strongestSinkHead(patterns) {
  /** @type {{ layer: number, head: number, weight: number } | null} */
  let best = null;
  patterns.forEach((heads, layer) =>
    heads?.forEach((p, head) => {
      if (!best || p.firstToken > best.weight) best = { layer, head, weight: p.firstToken };
    }),
  );
  return best;
}

/**
 * The mean share of <bos> over every full layer and head: the attention sink forming.
 * @param {SnapshotView['run']} run
 */
export function meanSinkShare(run) {
  const rows = run.sinkShare.filter((r) => r.length > 0);
  const all = rows.flat();
  return all.length ? all.reduce((a, b) => a + b, 0) / all.length : 0;
}

/**
 * The loss chart's scale: steps 0 … x1 (the longest run drawn), losses 0 … y1 (the highest loss
 * or the baseline, up to the next whole nat, so that it stays put while a run's loss falls).
 * @param {{ train: { loss: number }[], valid: { loss: number }[], steps: number }[]} curves
 * @param {number} baseline
 */
export function chartScale(curves, baseline) {
  let hi = baseline;
  for (const c of curves) for (const p of [...c.train, ...c.valid]) hi = Math.max(hi, p.loss);
  return { x1: Math.max(1, ...curves.map((c) => c.steps)), y1: Math.max(1, Math.ceil(hi)) };
}

/**
 * The points of a curve as drawn: one per pixel column (the last step that falls in it, and the
 * first point), so that drawing a run of 20,000 steps costs what one of 600 does.
 * @template P
 * @param {P[]} points
 * @param {(p: P) => number} x
 * @param {(p: P) => number} y
 * @returns {[number, number][]}
 */
export function curvePoints(points, x, y) {
  /** @type {[number, number][]} */
  const out = [];
  for (const p of points) {
    const px = x(p);
    const last = out[out.length - 1];
    if (out.length > 1 && Math.round(last[0]) === Math.round(px)) out[out.length - 1] = [px, y(p)];
    else out.push([px, y(p)]);
  }
  return out;
}

/**
 * Is the last validation loss below the training loss now (the mean of the last 10 steps'
 * batch losses)? The page then says why (its validation sample is easier than an average batch).
 * @param {{ step: number, loss: number }[]} train
 * @param {{ step: number, loss: number }[]} valid
 */
export function validBelowTraining(train, valid) {
  const last = valid[valid.length - 1];
  const recent = train.slice(-10);
  if (!last || last.step === 0 || !recent.length) return false;
  return last.loss < recent.reduce((a, p) => a + p.loss, 0) / recent.length;
}

/**
 * Why a seed typed as `text` cannot be used as it is: a whole number above 2^53 − 1 is rounded by
 * JavaScript's numbers before it reaches the trainer (9007199254740993 becomes …992), so it is
 * refused instead of training with another seed than the one shown. null: usable (or not a
 * whole number at all: the engine names that).
 * @param {string} text
 * @returns {{ max: number } | null}
 */
export function seedProblem(text) {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  return BigInt(t) > BigInt(Number.MAX_SAFE_INTEGER) ? { max: Number.MAX_SAFE_INTEGER } : null;
}

/**
 * A run kept for the side-by-side table.
 * @typedef {{ n: number, layers: number, hybrid: boolean, kvHeads: number, steps: number,
 *   validLoss: number, kvBytesPerToken: number }} RunRow
 */

/**
 * Run `n`'s row for the side-by-side table, from its last snapshot; null for a run that did not
 * train past step 0 (nothing to compare).
 * @param {number} n
 * @param {TrainInfo} info
 * @param {{ step: number, validLoss: number, view: { kvBytesPerToken: number } }} last
 * @returns {RunRow | null}
 */
export function runRow(n, info, last) {
  if (last.step === 0) return null;
  const c = info.config;
  return {
    n,
    layers: c.nLayers,
    hybrid: c.layerTypes.includes('linear'),
    kvHeads: c.nKvHeads,
    steps: last.step,
    validLoss: last.validLoss,
    kvBytesPerToken: last.view.kvBytesPerToken,
  };
}

/**
 * The model handed to the lab (web/trained-model.js): its weights, what the run was, and what the
 * milestone page's c3-attention.json export also records (attn-train's fields).
 * @param {TrainInfo} info
 * @param {{ weights: string, step: number, validLoss: number,
 *   train: { step: number, loss: number }[], stepMs: number[] }} run
 * @returns {TrainedModel}
 */
export function trainedModel(info, { weights, step, validLoss, train, stepMs }) {
  return {
    weights,
    steps: step,
    seed: info.seed,
    validLoss,
    unigramLoss: info.unigramLoss,
    parameters: info.parameters,
    layerTypes: info.config.layerTypes,
    kvHeads: info.config.nKvHeads,
    batch: info.batch,
    validTokens: info.validTokens,
    trainLoss: meanLoss(train.slice(-50)),
    seconds: stepMs.reduce((a, b) => a + b, 0) / 1000,
  };
}

/**
 * Which snapshot, layer and head the scrubber and sliders show: snapshot `shown` (−1: the
 * newest), layer `layer` (the first full layer where it is out of range) and head `head` (at most
 * the layer's last; 0 on a linear layer, which has no heads to pick).
 * @param {Snapshot[]} snapshots at least one
 * @param {number} shown
 * @param {number} layer
 * @param {number} head
 */
export function snapshotChoice(snapshots, shown, layer, head) {
  const index = shown < 0 ? snapshots.length - 1 : shown;
  const snap = snapshots[index];
  const layers = snap.view.run.attention;
  const full = layers.flatMap((l, i) => (l.type === 'full' ? [i] : []));
  const l = layer < 0 || layer >= layers.length ? (full[0] ?? 0) : layer;
  const chosen = layers[l];
  const heads = chosen.type === 'full' ? chosen.weights.shape[0] : 0;
  return {
    index,
    snap,
    layer: l,
    head: Math.min(head, Math.max(0, heads - 1)),
    heads,
    layers: layers.length,
  };
}

/**
 * A snapshot kept: its step, validation loss and what the worker's trainer read of the weights.
 * @typedef {{ step: number, validLoss: number, view: SnapshotView }} Snapshot
 */

/**
 * What the page keeps of its runs: the one training now (what it trains, its steps' losses and
 * times, its snapshots) and those before it ("Train again" keeps their rows and their curves).
 */
export class TrainRuns {
  /** @type {TrainInfo | null} what this run trains (trainStart's answer), null before Start */
  info = null;
  /** @type {{ step: number, loss: number }[]} */
  train = [];
  /** @type {number[]} each step's time in the worker (ms) */
  stepMs = [];
  /** @type {Snapshot[]} */
  snapshots = [];
  /** @type {RunRow[]} the finished runs, side by side */
  rows = [];
  /** @type {Curve[]} the curves of the runs before this one */
  before = [];
  /** runs started so far (this one's number) */
  count = 0;
  /** the worker's WASM heap in bytes at the last step */
  heapBytes = 0;

  /** Steps done so far in this run. */
  get step() {
    return this.train.length ? this.train[this.train.length - 1].step : 0;
  }

  /**
   * A new run has started in the worker.
   * @param {TrainInfo} info
   * @param {number} heapBytes
   */
  started(info, heapBytes) {
    this.info = info;
    this.heapBytes = heapBytes;
    this.count++;
  }

  /** @param {{ step: number, loss: number, ms: number, heapBytes: number }} m a step done */
  progress(m) {
    this.train.push({ step: m.step, loss: m.loss });
    this.stepMs.push(m.ms);
    this.heapBytes = m.heapBytes;
  }

  /** This run's curve as the chart draws it. @returns {Curve} */
  curve() {
    return {
      train: this.train,
      valid: this.snapshots.map((s) => ({ step: s.step, loss: s.validLoss })),
      steps: this.info?.steps ?? 1,
    };
  }

  /** Keeps this run's row (once, and once it trained past step 0). */
  keep() {
    const last = this.snapshots[this.snapshots.length - 1];
    if (!this.info || !last) return;
    if (this.rows.some((r) => r.n === this.count)) return;
    const row = runRow(this.count, this.info, last);
    if (row) this.rows.push(row);
  }

  /** The run ends: its row and its curve are kept, and the next starts clear. */
  end() {
    this.keep();
    if (this.info && this.train.length) this.before = [...this.before, this.curve()];
    this.clear();
  }

  /** Forgets this run (its start failed: nothing to keep). */
  clear() {
    this.info = null;
    this.train = [];
    this.stepMs = [];
    this.snapshots = [];
  }
}
