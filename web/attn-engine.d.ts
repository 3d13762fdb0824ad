// The JavaScript API of dist/attn-engine.js (the WASM engine), written by hand.
//
// Loading:   <script src="attn-engine.js"></script> defines the global `createAttnEngine`;
//            in node, `const createAttnEngine = require('./dist/attn-engine.js')`.
//            `const engine = await createAttnEngine()`.
// Memory:    every function takes plain JS values and returns fresh plain JS objects that hold
//            copies (Float32Array), never views of the WASM heap. No Embind object is handed
//            out, so there is nothing to .delete(): the garbage collector frees results.
// Errors:    engine errors arrive as JS `Error`s whose `name` is the kind ("ShapeError",
//            "ValueError", "ConfigError", "MaskError") and whose message names the parameter
//            or shapes. The module stays usable after an error.
// Shapes:    T tokens, Tq queries, Tk keys, H query heads, G KV heads (H % G == 0),
//            d head width of q/k, dv head width of v. Heads are contiguous column blocks.

/** A matrix in: nested rows, or a flat row-major array with its shape. */
export type MatrixIn = number[][] | { shape: [number, number]; data: ArrayLike<number> };

/** A tensor out: row-major data with its shape. */
export interface Tensor {
  shape: number[];
  data: Float32Array;
}

export interface AttentionOptions {
  /** [Tq, H·d] */
  q: MatrixIn;
  /** [Tk, G·d] */
  k: MatrixIn;
  /** [Tk, G·dv] */
  v: MatrixIn;
  /** H, default 1. */
  nHeads?: number;
  /** G, default nHeads (multi-head). 1 is MQA, between is GQA. */
  nKvHeads?: number;
  /** Causal mask; with Tq < Tk the queries are the last Tq positions (decoding). */
  causal?: boolean;
  /** [Tq, Tk] of 0/1 (1 = may attend); combined with `causal` by AND. */
  mask?: MatrixIn;
  /** Score scale, default 1/√d. Pass 1 for unscaled scores. */
  scale?: number;
  /** An extra logit in every softmax denominator: the share it takes is attended to nothing. */
  sinkLogit?: number;
  /** [Tq, H·dv] output-gate logits: output ·= sigmoid(gate). */
  gateLogits?: MatrixIn;
  /** "neg-inf" (default, right) or "zero-after-softmax" (the course's mistake: rows sum < 1). */
  maskMode?: 'neg-inf' | 'zero-after-softmax';
}

export interface AttentionResult {
  /** [H, Tq, Tk] scaled scores before masking (masked positions included, for display). */
  scores: Tensor;
  /** [H, Tq, Tk] softmax weights; masked entries exactly 0. */
  weights: Tensor;
  /** [H, Tq] share taken by the sink logit (0 without one). */
  sinkWeight: Tensor;
  /** [Tq, H·dv] */
  output: Tensor;
}

export interface SoftmaxResult {
  weights: Float32Array;
  /** Share taken by the sink logit (0 without one). */
  sinkWeight: number;
  /** Entropy of the weights (and the sink's share) in nats. */
  entropy: number;
}

export interface RopeOptions {
  /** x is [T, nHeads·d]; default 1. */
  nHeads?: number;
  /** Rotate the first rotaryDim dims of each head (even, ≤ d); default all. */
  rotaryDim?: number;
  /** θ_i = base^(−2i/rotaryDim); default 10000. */
  base?: number;
  /** Position of each row; default 0, 1, …, T−1. */
  positions?: number[];
}

export interface AttnEngine {
  /** Scaled dot-product attention (single head, multi-head, MQA/GQA, sink, gate). */
  attention(options: AttentionOptions): AttentionResult;
  /** a [n, k] · b [k, m] → [n, m] (row-vector convention: q = x · Wq). */
  matmul(a: MatrixIn, b: MatrixIn): Tensor;
  /** Stable softmax of one row of scores, with an optional sink logit. A row of only −Infinity throws MaskError without a sink. */
  softmax(scores: ArrayLike<number>, options?: { sinkLogit?: number }): SoftmaxResult;
  /** s_j / Σ s: what softmax replaces (negative scores give negative shares). */
  proportionalSplit(scores: ArrayLike<number>): Float32Array;
  /** q · k for two vectors of the same length. */
  dot(a: ArrayLike<number>, b: ArrayLike<number>): number;
  /** q · k / (|q| |k|). */
  cosine(a: ArrayLike<number>, b: ArrayLike<number>): number;
  /** Q [Tq, d], K [Tk, d] → Q Kᵀ · scale [Tq, Tk]; scale defaults to 1/√d. */
  scoreMatrix(q: MatrixIn, k: MatrixIn, options?: { scale?: number }): Tensor;
  /** Pairwise cosine of the rows of A [n, d] and B [m, d] → [n, m]. */
  cosineMatrix(a: MatrixIn, b: MatrixIn): Tensor;
  /** Bahdanau's additive score v · tanh(q W1 + k W2): q [dq], k [dk], W1 [dq, da], W2 [dk, da], v [da]. */
  additiveScore(options: { q: ArrayLike<number>; k: ArrayLike<number>; W1: MatrixIn; W2: MatrixIn; v: ArrayLike<number> }): number;
  /** [Tq, Tk] of 0/1: query i sees keys 0 … Tk − Tq + i. */
  causalMask(tq: number, tk: number): Tensor;
  /** Rotary position embedding of x [T, H·d] (apply to Q and K, never V). */
  rope(x: MatrixIn, options?: RopeOptions): Tensor;
  /** θ_i for i < rotaryDim/2. */
  ropeFrequencies(rotaryDim: number, base: number): Float32Array;
  /** "wasm-simd128" or "scalar": which kernels this build runs. */
  simdPath(): string;
  /** Bytes currently allocated on the WASM heap (for leak checks). */
  heapBytesInUse(): number;
}

/** Creates one engine instance (the WASM module is inlined, so this works offline and on file://). */
declare function createAttnEngine(moduleOverrides?: { print?: (s: string) => void; printErr?: (s: string) => void }): Promise<AttnEngine>;
export default createAttnEngine;
