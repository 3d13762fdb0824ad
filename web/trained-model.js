// A model trained in the browser (<attn-train>) handed to the lab (<attn-lab model="trained">):
// kept in localStorage (a file:// page cannot pass a file to another page), as its ATTNLAB2
// bytes in base64 and what the lab says about it. Robust to garbage and to storage being off.
/**
 * The localStorage key of a model handed to the lab, and what it holds. The last four came later
 * (the milestone page's c3-attention.json export writes them): a model handed over before has
 * none of them. trainLoss: the mean loss of the last 50 steps (as attn-train's export);
 * seconds: the steps' time in the worker.
 * @typedef {{ weights: string, steps: number, seed: number, validLoss: number,
 *   unigramLoss: number, parameters: number, layerTypes: string[], kvHeads: number,
 *   batch?: number, validTokens?: number, trainLoss?: number, seconds?: number }} TrainedModel
 */
export const TRAINED_MODEL_KEY = 'attn-trained-model';

/** The page's localStorage, or null where reading it throws (storage off, sandboxed frame). */
export function pageStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The trained model handed to the lab, or null (absent, garbage, storage off).
 * @param {Pick<Storage, 'getItem'> | null} storage
 * @returns {TrainedModel | null}
 */
export function readTrainedModel(storage) {
  try {
    const m = JSON.parse(storage?.getItem(TRAINED_MODEL_KEY) ?? 'null');
    return m &&
      typeof m.weights === 'string' &&
      Number.isFinite(m.steps) &&
      Number.isFinite(m.validLoss)
      ? m
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `model` for the lab; false if storage refused it (off, or full).
 * @param {Pick<Storage, 'setItem'> | null} storage
 * @param {TrainedModel} model
 */
export function saveTrainedModel(storage, model) {
  try {
    storage?.setItem(TRAINED_MODEL_KEY, JSON.stringify(model));
    return !!storage;
  } catch {
    return false;
  }
}

/**
 * The mean loss of some training steps (undefined for none): what the hand-over records as
 * trainLoss, over the last 50 steps.
 * @param {{ loss: number }[]} steps
 */
export function meanLoss(steps) {
  return steps.length ? steps.reduce((a, s) => a + s.loss, 0) / steps.length : undefined;
}
