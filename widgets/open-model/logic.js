// The logic of <attn-open-model> that is not drawing: which KV group a query head reads, how
// much attention a pass may bring back, the forward pass run a layer at a time with a yield to
// the page between layers (so a progress bar moves and the page stays responsive), greedy
// generation, the heads' patterns, and the numbers of the self-check. Every attention number
// comes from the engine.
/** @import { AttnEngine, Tensor } from '../../web/attn-engine.js' */
/** @import { OpenedModel } from '../../web/model-files/open-model-files.js' */

/** @import { OpenProgress } from '../../web/model-files/open-model-files.js' */

/** @type {Readonly<OpenProgress>} a load's progress as it starts: nothing read yet */
export const NOTHING_READ = Object.freeze({
  phase: 'header',
  bytesRead: 0,
  bytesTotal: 0,
  tensorsLoaded: 0,
  tensorsTotal: 0,
});

/** At most this many prompt tokens go into one run (the page's context minus the generated). */
export const DEFAULT_STEPS = 8;
export const MAX_STEPS = 64;
/** The heatmap shows at most this many tokens (the last ones); a longer prompt still runs whole. */
export const HEATMAP_TOKENS = 48;
/**
 * Attention floats a pass may return for all layers at once (L·H·T·T × 4 B ≤ 64 MiB); past
 * that only the layer on screen comes back, and changing the layer runs the pass again.
 */
export const ALL_LAYERS_FLOATS = 16 << 20;

/**
 * The KV group (0-based) query head `head` reads: GQA shares each KV head among H / G query
 * heads, in order (head h reads KV head ⌊h / (H/G)⌋).
 * @param {number} head
 * @param {number} nHeads H
 * @param {number} nKvHeads G
 */
export function kvGroupOf(head, nHeads, nKvHeads) {
  return Math.floor(head / (nHeads / nKvHeads));
}

/**
 * The layers whose weights a pass over `t` tokens brings back: all, or only `layer`.
 * @param {{ nLayers: number, nHeads: number }} c
 * @param {number} t
 * @param {number} layer
 * @returns {number[]}
 */
export function layersToFetch(c, t, layer) {
  const all = c.nLayers * c.nHeads * t * t <= ALL_LAYERS_FLOATS;
  return all ? Array.from({ length: c.nLayers }, (_, l) => l) : [layer];
}

/**
 * The prompt's ids as the model runs them: its BOS first when its tokenizer puts one there,
 * cut to leave room for `steps` generated tokens within the page's context. A prompt longer
 * than one layer takes within the engine's work bound per call (maxPassTokens: a large
 * model's) is prefilled in chunks through the KV cache by the engine, one layer per call.
 * @param {OpenedModel} m
 * @param {string} text
 * @param {number} steps
 */
export function promptIds(m, text, steps) {
  const ids = m.tokenizer.encode(text);
  const withBos = m.bosId === null ? ids : [m.bosId, ...ids];
  return withBos.slice(0, Math.max(1, m.config.context - steps));
}

/**
 * How many of the text's tokens the model cannot read (its tokenizer's unknown token), of how
 * many: a character-level vocabulary (the course's models) reads an English sentence as
 * <unk> after <unk>; a byte-level one (GPT-2, Qwen, Llama 3) has no unknown token.
 * @param {OpenedModel} m
 * @param {string} text
 */
export function unknownTokens(m, text) {
  const ids = m.tokenizer.encode(text);
  const unk = m.tokenizer.unkId;
  return { unknown: unk === null ? 0 : ids.filter((id) => id === unk).length, of: ids.length };
}

/**
 * How many of the ids a pass ran (its <bos> left out) are the model's unknown token, when they
 * are most of them (more than half): then the page says so and offers a prompt the model reads;
 * null otherwise.
 * @param {OpenedModel} m
 * @param {number[]} ids
 * @returns {{ unknown: number, of: number } | null}
 */
export function mostlyUnknown(m, ids) {
  const unk = m.tokenizer.unkId;
  const text = ids.filter((id) => id !== m.bosId);
  const n = unk === null ? 0 : text.filter((id) => id === unk).length;
  return n * 2 <= text.length ? null : { unknown: n, of: text.length };
}

/**
 * The prompt a model opens with: the first of `candidates` (the page language's example first)
 * that the model reads without an unknown token, else the one with the fewest: so that <unk>
 * is not the first thing a student sees of a model whose vocabulary lacks the example's
 * characters.
 * @param {OpenedModel} m
 * @param {string[]} candidates
 */
export function promptInVocabulary(m, candidates) {
  let best = candidates[0];
  let fewest = Infinity;
  for (const text of candidates) {
    const { unknown, of } = unknownTokens(m, text);
    if (unknown === 0) return text;
    const share = unknown / Math.max(1, of);
    if (share < fewest) [best, fewest] = [text, share];
  }
  return best;
}

/**
 * Where a pass is: the layer just run (1-based) of `of`, in chunk `chunk` (1-based) of `chunks`.
 * @typedef {{ layer: number, of: number, chunk: number, chunks: number }} PassStep
 */

/**
 * One full causal pass, a layer (of a chunk of the prompt) per step, yielding to the page
 * between steps.
 * @param {AttnEngine} engine
 * @param {number} id
 * @param {number[]} tokens
 * @param {number[]} layers the layers whose weights come back
 * @param {(step: PassStep) => void} onStep called after each step
 */
export async function runPass(engine, id, tokens, layers, onStep) {
  // The pass keeps the weights of `layers` only (openModelPassResult takes no `layers`).
  const pass = engine.openModelPass(id, tokens, { attention: true, layers });
  for (;;) {
    const s = engine.openModelPassStep(pass);
    onStep({ layer: s.layer + 1, of: s.layers, chunk: s.chunk + 1, chunks: s.chunks });
    if (s.done) break;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return engine.openModelPassResult(pass, { attention: true });
}

/** How long generation runs engine steps before it yields to the page (ms). */
const GENERATE_SLICE_MS = 12;

/**
 * Greedy generation with the KV cache, one layer (or the head) per engine call, so each call
 * stays within the engine's work bound whatever the model; calls run in slices of
 * GENERATE_SLICE_MS with a yield to the page between slices.
 * @param {AttnEngine} engine
 * @param {number} id
 * @param {number[]} tokens the prompt
 * @param {number} steps tokens to generate
 * @param {(generated: number[]) => void} onToken called after each generated token
 * @returns {Promise<{ tokens: number[], generated: number[] }>}
 */
export async function generateByLayers(engine, id, tokens, steps, onToken) {
  const gen = engine.openModelGenerateStart(id, tokens, steps);
  try {
    let sliceStart = performance.now();
    for (;;) {
      const step = engine.openModelGenerateStep(gen);
      if (step.token !== null) onToken(step.generated);
      if (step.done) return { tokens: [...tokens, ...step.generated], generated: step.generated };
      if (performance.now() - sliceStart > GENERATE_SLICE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        sliceStart = performance.now();
      }
    }
  } catch (e) {
    engine.openModelGenerateStop(gen);
    throw e;
  }
}

/**
 * Head `head`'s [T, T] weights out of a layer's [H, T, T].
 * @param {{ weights: Tensor }} layer
 * @param {number} head
 */
export function headSlice(layer, head) {
  const n = layer.weights.shape[1] * layer.weights.shape[2];
  return layer.weights.data.subarray(head * n, (head + 1) * n);
}

/**
 * The last `keep` rows and columns of a [T, T] matrix (what the heatmap shows of a long prompt).
 * @param {ArrayLike<number>} w
 * @param {number} t
 * @param {number} keep
 */
export function lastWindow(w, t, keep) {
  if (t <= keep) return { weights: w, from: 0, t };
  const from = t - keep;
  const out = new Float32Array(keep * keep);
  for (let i = 0; i < keep; i++)
    for (let j = 0; j < keep; j++) out[i * keep + j] = w[(from + i) * t + from + j];
  return { weights: out, from, t: keep };
}

/**
 * The self-check of an opened model: the second greedy token of the KV-cached generation (fed
 * from the cache) equals the argmax of a full pass over the prompt and the first one
 * (the engine's contract, tests/cpp/open_model_test.cpp: cached logits equal the full pass
 * to 1e-4). The generation runs exact (the
 * f32 GEMM, as the full pass): the page's own generation takes the faster decode path, whose
 * rounding could break a near tie.
 * @param {AttnEngine} engine
 * @param {number} id
 * @param {number[]} tokens
 */
export function cachedEqualsFull(engine, id, tokens) {
  // One layer per call, as the page generates (each call within the work bound), run straight.
  const id2 = engine.openModelGenerateStart(id, tokens, 2, { exact: true });
  let gen;
  do gen = engine.openModelGenerateStep(id2);
  while (!gen.done);
  const pass = engine.openModelPass(id, [...tokens, gen.generated[0]], { attention: false });
  while (!engine.openModelPassStep(pass).done);
  const full = engine.openModelPassResult(pass, { attention: false });
  return { full: full.top5[0].token, cached: gen.generated[1] };
}

/**
 * The pattern of each head of a layer (engine.headPatterns over its [H, T, T] weights).
 * @param {AttnEngine} engine
 * @param {{ weights: Tensor }} layer
 */
export function headPatternsOf(engine, layer) {
  return engine.headPatterns(layer.weights);
}
