// The lines that follow a run as it trains: the status (step, characters per second, paused or
// finished), the model (parameters, layer kinds, KV heads, the corpus), the curve's summary, and
// the note on why validation loss may lie below training loss, where it does.
/** @import { TrainInfo } from '../logic.js' */
/** @import { TrainState } from './choices.js' */
import { grouped, num } from '../../../web/dom.js';
import { tokensPerSecond, validBelowTraining } from '../logic.js';

/** @typedef {{ step: number, loss: number }} LossPoint */

/**
 * The four lines' texts for `info`'s run (before a run: the status alone); `below` is null where
 * validation is not below training.
 * @param {{ t: (key: string, ...args: any[]) => any, info: TrainInfo | null, state: TrainState,
 *   step: number, stepMs: number[], train: LossPoint[], valid: LossPoint[] }} o
 */
export function runStatus({ t, info, state, step, stepMs, train, valid }) {
  if (!info)
    return {
      status: t(state === 'starting' ? 'starting' : 'idle'),
      model: '',
      summary: '',
      below: null,
    };
  const tps = tokensPerSecond(info.tokensPerStep, stepMs);
  const tail =
    state === 'paused' ? ` · ${t('paused')}` : state === 'done' ? ` · ${t('finished')}` : '';
  const c = info.config;
  const last = train[train.length - 1];
  const lastValid = valid[valid.length - 1];
  return {
    status: t('status', step, info.steps, tps) + tail,
    model:
      t(
        'model',
        info.parameters,
        c.layerTypes.map((k) => t('layerKinds')[k]).join(' · '),
        c.nKvHeads,
      ) +
      ' ' +
      t('corpus', info.fortuneChars, info.storyChars, info.trainTokens),
    summary: t(
      'curveSummary',
      step,
      last ? num(last.loss, 3) : '—',
      lastValid ? num(lastValid.loss, 3) : '—',
      num(info.unigramLoss, 3),
      grouped(info.validTokens),
    ),
    // Validation below training is a question a student asks: where it shows, say why.
    below: validBelowTraining(train, valid)
      ? t('validBelow', grouped(info.validTokens), info.batch, info.config.context)
      : null,
  };
}

/** The status and the curve are drawn at most this often while a run trains (ms). */
export const PROGRESS_MS = 250;

/**
 * `draw` at a frame at most every PROGRESS_MS, however often the returned function is called:
 * one draw however fast steps come, and frames left free between them for what a student taps.
 * @param {() => void} draw
 * @returns {() => void}
 */
export function everyFewFrames(draw) {
  let pending = false;
  let drewAt = 0;
  return () => {
    if (pending) return;
    pending = true;
    const wait = Math.max(0, PROGRESS_MS - (performance.now() - drewAt));
    setTimeout(
      () =>
        requestAnimationFrame(() => {
          pending = false;
          drewAt = performance.now();
          draw();
        }),
      wait,
    );
  };
}
