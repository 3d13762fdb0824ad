// The JavaScript API of dist/attn-engine.js (the WASM engine), written by hand.
//
// Loading:   <script src="attn-engine.js"></script> defines the global `createAttnEngine`;
//            in node, `const createAttnEngine = require('./dist/attn-engine.js')`.
//            `const engine = await createAttnEngine()`.
// Memory:    every function takes plain JS values and returns fresh plain JS objects that hold
//            copies (Float32Array), never views of the WASM heap. No Embind object is handed
//            out, so there is nothing to .delete(): the garbage collector frees results.
//            Exceptions: a model loaded with labLoad() stays in the WASM heap, under its
//            id, until labUnload(id), and one made by openModelCreate() until openModelUnload(id).
//            A tensor's bytes go in through openModelTensorWrite() (a copy), so no view of the heap
//            can outlive the model it points into.
// Errors:    every error a function throws is a JS `Error` whose `name` is one of four kinds
//            and whose message names the parameter, field or shapes; the module stays usable
//            (and its heap where it was) after any of them:
//              ShapeError   shapes that do not fit, empty inputs, sizes past the limits below
//              ValueError   NaN / Infinity in an input, a result that would overflow float32,
//                           a number that cannot be what it stands for (a token id, a byte count)
//              ConfigError  an option out of range or of the wrong type (a size that is not a
//                           whole number, 0 heads, nKvHeads not dividing nHeads, options not an
//                           object), too few or too many arguments
//              MaskError    a query row with no key it may attend to and no sink logit
// Limits:    checked in 64 bits before anything is allocated (cpp/include/attn/limits.hpp):
//              any one dimension (tokens, width, heads, vocab …)    ≤ 16,777,216 (2^24)
//              numbers in any one tensor, input or result            ≤ 67,108,864 (2^26, 256 MiB f32)
//              bytes one call allocates                              ≤ 1 GiB (the heap grows to 4 GiB;
//                                                                    openModel* weights count apart)
//              sizes and counts passed as numbers                    whole, 0 … 2^31 − 1
//              byte counts and seeds                                 whole, 0 … 2^53
//              tinyDecoder* sequences ≤ 4,096 tokens; generated steps ≤ 1,024 per call
//              layers of an opened model                             ≤ 1,024
//              work of one call                                      ≤ 2^33 multiply-adds
//            e.g. attention over T = 65,536 tokens is a ShapeError ([H, T, T] weights).
// Work:      every call whose time grows with its sizes estimates its multiply-adds before it
//            starts and throws ShapeError past 2^33 (about 1–2 s of WASM SIMD on one core),
//            naming the product: attention H·Tq·Tk·(work per score: d + dv + 96 for the output;
//            2·(d + dv) + 256 in maskMode 'zero-after-softmax'; + d + 640 more when scores,
//            weights or sinkWeight are wanted: each score's scale, mask, exp and sums, and the
//            [H, Tq, Tk] maps, cost more than its multiply-adds at small d), matmul n·k·m, a lab
//            pass (every weight per token, attention as above, 128 per linear-layer state
//            number per token: a lab file whose pass with attention over its whole context
//            passes the bound is a ConfigError at labLoad), an opened model's layer, pass or
//            generation (a weight read by fewer than 16 tokens counts 16 times). Long work goes
//            one layer per call: openModelPassStep (a long prompt in chunks through the KV
//            cache), openModelGenerateStep.
// Numbers:   inputs must be finite (softmax scores may be −Infinity: masked); every number
//            in a result is finite, or the call throws ValueError instead of returning NaN.
// Shapes:    T tokens, Tq queries, Tk keys, H query heads, G KV heads (H % G == 0),
//            d head width of q/k, dv head width of v. Heads are contiguous column blocks.

/** A matrix in: nested rows, or a flat row-major array with its shape. A Float32Array as
 *  `data` is copied once, straight into the engine (no nested-array conversion). */
export type MatrixIn = number[][] | { shape: readonly number[]; data: ArrayLike<number> };

/** A 0/1 matrix: numbers 0 and 1 or booleans, nested or flat. */
export type MaskIn =
  (number | boolean)[][] | { shape: [number, number]; data: ArrayLike<number | boolean> };

/** The parts of an attention result a caller may ask for. */
export type AttentionPart = 'scores' | 'weights' | 'sinkWeight' | 'output';

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
  /** G, default (absent) nHeads: multi-head. 1 is MQA, between is GQA. 0 is a ConfigError,
   *  as everywhere in this API (tinyDecoder* too). */
  nKvHeads?: number;
  /** Causal mask; with Tq < Tk the queries are the last Tq positions (decoding). */
  causal?: boolean;
  /** [Tq, Tk] of 0/1 or true/false (1 = may attend); combined with `causal` by AND. */
  mask?: MaskIn;
  /** Score scale, default 1/√d. Pass 1 for unscaled scores. */
  scale?: number;
  /** An extra logit in every softmax denominator: the share it takes is attended to nothing. */
  sinkLogit?: number;
  /** [Tq, H·dv] output-gate logits: output ·= sigmoid(gate). */
  gateLogits?: MatrixIn;
  /** "neg-inf" (default, right) or "zero-after-softmax" (the course's mistake: rows sum < 1). */
  maskMode?: 'neg-inf' | 'zero-after-softmax';
  /** Which parts to return, default all four. `['output']` alone takes the engine's
   *  output-only path: the [H, Tq, Tk] scores and weights are never formed (nor limited). */
  want?: AttentionPart[];
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

// ---- tiny decoder and KV cache (lesson 8) ---------------------------------------------------
// Shapes here: T tokens, V vocab, P prompt length, L layers, G KV heads, d head width.

/**
 * A tiny seeded pre-norm decoder (RMSNorm → GQA attention with RoPE → residual, RMSNorm → GELU
 * MLP → residual; final RMSNorm → LM head). Weights come from the engine's portable RNG, so the
 * same config gives the same numbers natively, in node and in every browser. Every key is
 * optional; the defaults are the ones listed.
 */
export interface TinyDecoderConfig {
  /** V, default 16. */
  vocab?: number;
  /** Residual width, default 16. */
  dModel?: number;
  /** L, default 2. */
  nLayers?: number;
  /** Query heads, default 4. */
  nHeads?: number;
  /** G, default 2; must divide nHeads (= nHeads MHA, 1 MQA); 0 is a ConfigError. */
  nKvHeads?: number;
  /** d (q, k and v alike), default 4. */
  dHead?: number;
  /** Dims of each head RoPE turns (even, ≤ dHead); default 0 = all. */
  rotaryDim?: number;
  /** Default 10000. */
  ropeBase?: number;
  /** MLP hidden width, default 32. */
  mlpHidden?: number;
  /** Non-negative integer (up to 2^53), default 1. */
  seed?: number;
}

/** One greedy step: which positions' K/V it computed, which it read back from the cache. */
export interface TinyDecoderStep {
  /** Position of the token this step produced (= number of tokens before it). */
  position: number;
  /** The token produced: argmax of `logits`, ties to the lowest id. */
  token: number;
  /** Positions whose K/V rows were computed in this step (once per position, not per layer). */
  computed: number[];
  /** Positions whose K/V rows were read from the cache in this step ([] without a cache). */
  reused: number[];
  /** float32 bytes the cache holds after this step: L × 2 × t × G × d × 4; 0 without a cache. */
  cacheBytes: number;
  /** [V] logits the token was picked from. */
  logits: Float32Array;
}

export interface TinyDecoderGenerateResult {
  /** [P + steps] the prompt followed by the generated tokens. */
  tokens: number[];
  /** [steps] */
  generated: number[];
  /** Σ computed.length over the steps. Prompt 2, 3 steps: 9 without the cache (2 + 3 + 4), 4 with (2 + 1 + 1). */
  kvComputed: number;
  /** Σ reused.length over the steps: 5 for prompt 2, 3 steps with the cache; 0 without. */
  kvReused: number;
  steps: TinyDecoderStep[];
}

// ---- MLA, KV ledger, softmax-variance experiment (lessons 3, 8–10) --------------------------
// Shapes here: T tokens, D dModel, H heads, dn dNope, dr dRope, r kvLoraRank, dv dValue,
// d vector width, N samples, K keys.

/**
 * Multi-head latent attention on seeded data. x [T, D] comes from the engine's portable RNG with
 * `seed`, the weights with `seed + 1` (each N(0, 1/d_in)), so the same options give the same
 * numbers natively, in node and in every browser. Every key is optional; defaults listed.
 */
export interface MlaOptions {
  /** Default 6. */
  T?: number;
  /** D, default 32. */
  dModel?: number;
  /** H, default 2. */
  nHeads?: number;
  /** dn, per-head content dims of q and k, default 8. */
  dNope?: number;
  /** dr, decoupled RoPE dims (even, > 0), one key shared by all heads; default 4. */
  dRope?: number;
  /** r, the latent each token caches, default 8. */
  kvLoraRank?: number;
  /** dv, default 8. */
  dValue?: number;
  /** Non-negative integer up to 2^53, default 1. */
  seed?: number;
  /** Default 10000. */
  ropeBase?: number;
  /** Bytes per cached number, default 2 (BF16). */
  dtypeBytes?: number;
}

export interface MlaResult {
  /** [T, H·dv] expand K = c·W_uk, V = c·W_uv, then causal attention scaled by 1/√(dn + dr). */
  explicit: Tensor;
  /** [T, H·dv] the same attention scored on the cache: W_uk folded into the query, W_uv applied
   *  after mixing the latents. K and V are never formed. */
  absorbed: Tensor;
  /** max |explicit − absorbed|: float rounding only (~1e-6). */
  maxAbsDiff: number;
  /** [H, T, T] causal weights of the explicit path (the absorbed path's agree to ~1e-6). */
  weights: Tensor;
  /** [T, r] c = x·W_dkv, what is cached besides kRope. */
  latent: Tensor;
  /** [T, dr] RoPE(x·W_kr), the shared rotated key, cached too. */
  kRope: Tensor;
  /** (r + dr) × dtypeBytes: MLA's cache per token and layer. */
  bytesPerTokenPerLayer: number;
  /** H·(dn + dr + dv) × dtypeBytes: what caching the explicit path's K and V would take. */
  explicitBytesPerTokenPerLayer: number;
  /** Without decoupled dims (RoPE over all dn content dims of q and of the expanded key), the
   *  largest |true score − absorbed score| over causal pairs, unscaled: far from 0, because the
   *  key's rotation sits between W_uk and the cache and changes with the key's position. null
   *  when dNope is odd (RoPE turns pairs). */
  ropeOnLatentError: number | null;
}

/**
 * A course-data/models.json entry (extra keys are ignored). Byte counts are read exactly up to
 * 2^53. Entries with only `reportedKvBytesPerToken` (no `attention`) are accepted by kvLedger.
 */
export interface LedgerModel {
  name?: string;
  layers?: number;
  /** Layers that keep a KV cache; default `layers`. */
  fullAttentionLayers?: number;
  attention?: {
    kind: 'mha' | 'gqa' | 'mqa' | 'mla';
    nHeads: number;
    /** G; required for mha/gqa/mqa (mha: = nHeads, mqa: 1), unused by mla. */
    nKvHeads?: number;
    /** The width of a cached K head (and of V without vHeadDim). */
    headDim: number;
    /** The width of a cached V head when it differs from headDim (an mla model re-cast to
     *  mha/gqa/mqa caches V heads this wide). */
    vHeadDim?: number;
    /** mla only. */
    kvLoraRank?: number;
    /** mla only: the decoupled RoPE dims cached next to the latent. */
    ropeDim?: number;
    /** modelStages: q_norm / k_norm of headDim each. */
    qkNorm?: boolean;
    /** modelStages: attn_output_gate. */
    outputGate?: boolean;
  };
  /** Linear-attention layers: a fixed-size state per request instead of a KV cache;
   *  fullAttentionLayers + linearAttention.layers ≤ layers (ConfigError otherwise). */
  linearAttention?: { layers?: number; stateBytesTotal?: number };
  /** Default 2 (BF16). */
  dtypeBytes?: number;
  /** The model's context limit (max_position_embeddings), and the tokens of one request for
   *  kvLedger, which computes bytesForContext only when present. kvLedgerVariants flags a longer
   *  request (exceedsContext). */
  contextLength?: number;
  /** Every layer attends to the last slidingWindow tokens only: a rolling buffer, so the cache
   *  holds min(T, slidingWindow) tokens per layer. */
  slidingWindow?: number;
  /** An official figure, passed through, never computed. */
  reportedKvBytesPerToken?: number;
}

/** One axis of an activation in modelStages: its symbol ("T", "d_model", "H·d_head", "V") and
 *  its size, null when the config does not give it (the anchor has no vocabSize). */
export interface StageDim {
  symbol: string;
  size: number | null;
}

/** One stage of a model's data flow (cpp/include/attn/course/model_shapes.hpp): "tokens", "embedding",
 *  "norm", "attention", "linear-attention", "output-gate", "output-projection", "residual",
 *  "ffn", "final-norm", "lm-head", "softmax". Parameter counts are null when a size is unknown. */
export interface ModelStage {
  id: string;
  /** Empty for "tokens" (its input is text). */
  input: StageDim[];
  output: StageDim[];
  /** Weights of one occurrence: "W_Q" rows × cols (cols 1 for a gain vector). */
  terms: { name: string; rows: number | null; cols: number | null; params: number | null }[];
  /** How often the stage occurs in the model (the anchor: 16 attention layers, 2 norms per layer). */
  occurrences: number;
  paramsPerOccurrence: number | null;
  paramsTotal: number | null;
  /** Fixed-size state kept across tokens, bytes (linear-attention only; else 0). */
  stateBytes: number;
}

export interface LedgerResult {
  /** fullAttentionLayers × 2 × G × headDim × dtypeBytes, or × (kvLoraRank + ropeDim) × dtypeBytes
   *  for mla. null for a reported-only entry. Exact integers. */
  bytesPerToken: number | null;
  /** bytesPerToken × min(contextLength, slidingWindow) + linearStateBytes; null without
   *  contextLength (or reported-only). */
  bytesForContext: number | null;
  /** linearAttention.stateBytesTotal, the same at every context length (0 without). */
  linearStateBytes: number;
  /** e.g. "16 × 2 × 4 × 256 × 2 B = 65,536 B" or "60 × (512 + 64) × 2 B = 69,120 B"; null for
   *  a reported-only entry. */
  formula: string | null;
  reportedBytesPerToken: number | null;
}

export interface LedgerRow {
  kind: 'mha' | 'gqa' | 'mqa' | 'mla';
  /** G (H for mha, 1 for mqa); null for mla, which caches no per-head K/V. */
  kvHeads: number | null;
  bytesPerToken: number;
  /** bytesPerToken × cachedTokens + the model's linear-attention state. */
  bytesForContext: number;
  /** Tokens each KV layer holds: min(contextLength, slidingWindow). */
  cachedTokens: number;
  /** The requested context is longer than model.contextLength (the bytes are computed anyway). */
  exceedsContext: boolean;
}

export interface SoftmaxVarianceOptions {
  /** Width of q and k, default 64. */
  d?: number;
  /** K, keys in the one softmax row, default 10. */
  nKeys?: number;
  /** N ≥ 2, q·k samples, default 1000. */
  nSamples?: number;
  /** Non-negative integer up to 2^53, default 42. */
  seed?: number;
}

export interface SoftmaxVarianceResult {
  /** [N] q·k for q, k ~ N(0,1)^d, a fresh pair each: the histogram. Bit-identical natively and in WASM. */
  dots: Float32Array;
  /** Sample standard deviation of dots, ≈ √d. */
  stdUnscaled: number;
  /** The same of dots / √d, ≈ 1. */
  stdScaled: number;
  /** [K] softmax(q·k_j) for one q against K keys. */
  weightsUnscaled: Float32Array;
  /** [K] softmax(q·k_j / √d), same q and keys. */
  weightsScaled: Float32Array;
  maxWeightUnscaled: number;
  maxWeightScaled: number;
  /** Nats; ln K means uniform, 0 means one key takes everything. */
  entropyUnscaled: number;
  entropyScaled: number;
}

/** The lab model's shape (cpp/include/attn/models/lab_model.hpp): a char-level pre-norm decoder, its
 *  layers full (RMSNorm → Q/K/V → QK-norm → RoPE → causal GQA → output gate → Wo) or linear
 *  (a Gated DeltaNet block: short conv, gated delta rule with a fixed state S, gated RMSNorm,
 *  out_proj), each followed by a SwiGLU MLP; LM head tied to the embedding. */
export interface LabConfig {
  /** V, the two special tokens included. */
  vocab: number;
  dModel: number;
  nLayers: number;
  /** H query heads. */
  nHeads: number;
  /** G KV heads; H / G query heads share each. */
  nKvHeads: number;
  /** d, the width of one head of q, k and v. */
  dHead: number;
  /** F, the SwiGLU hidden width. */
  mlpHidden: number;
  /** Longest sequence, <bos> included, the model runs on (it was trained on windows this long). */
  context: number;
  ropeBase: number;
  qkNorm: boolean;
  outputGate: boolean;
  /** [L]: 'full' (softmax attention, a KV cache) or 'linear' (Gated DeltaNet, a fixed state). */
  layerTypes: ('full' | 'linear')[];
  /** How many of each. */
  fullLayers: number;
  linearLayers: number;
  /** Hl heads of a linear layer, each of width linearHeadDim for keys and values. */
  linearHeads: number;
  linearHeadDim: number;
  /** K, the width of a linear layer's short causal convolution. */
  convKernel: number;
}

/** A full layer of labRun: its softmax weights. */
export interface LabFullLayer {
  layer: number;
  type: 'full';
  /** [H, T, T] (row i: query position i over keys; j > i exactly 0). */
  weights: Tensor;
}

/** A linear (Gated DeltaNet) layer of labRun: no softmax matrix; what it keeps instead. */
export interface LabLinearLayer {
  layer: number;
  type: 'linear';
  /** float32 bytes this layer keeps at any length: S [Hl, dl, dl] plus the conv's last K − 1 inputs. */
  stateBytes: number;
  /** The S part alone: Hl × dl × dl × 4. */
  recurrentStateBytes: number;
  /** [T, Hl]: ‖S_h‖ (Frobenius) after each token — how much the state holds as the prompt grows. */
  stateNorms: Tensor;
}

/** labLedger: the model's own KV-ledger row. */
export interface LabLedgerResult {
  fullLayers: number;
  linearLayers: number;
  /** fullLayers × 2 × G × dHead × dtypeBytes: only the full layers cache K/V. */
  kvBytesPerToken: number;
  /** float32 bytes of every linear layer's state, the same at every length. */
  stateBytes: number;
  /** Its S part alone. */
  recurrentStateBytes: number;
  tokens: number;
  /** kvBytesPerToken × tokens + stateBytes. */
  bytesForContext: number;
  /** tokens > config.context (the bytes are computed anyway). */
  exceedsContext: boolean;
  /** e.g. "2 × 2 × 2 × 16 × 4 B = 512 B". */
  formula: string;
}

export interface LabLoadResult {
  /** Pass to labRun / labGenerate / labUnload. */
  id: number;
  config: LabConfig;
  /** [V]: vocab[0] = "<bos>", vocab[1] = "<unk>", then one character each. */
  vocab: string[];
}

/** What to run: token ids as they are, or text, encoded as <bos> + one id per character
 *  (<unk> for a character outside the vocabulary). `tokens` wins when both are given. */
export type LabInput = { tokens: number[]; text?: string } | { text: string; tokens?: undefined };

export interface LabRunResult {
  /** [T] the ids that ran (<bos> first for text). */
  tokens: number[];
  /** [T] vocab[token] of each: the axis labels of the attention maps. */
  labels: string[];
  /** [T, V] */
  logits: Tensor;
  /** The 5 most likely next tokens after the last position, softmax of its logits, most likely
   *  first (ties to the lower id). */
  top5: { token: number; char: string; prob: number }[];
  /** [L] per layer: a full layer's weights, or a linear layer's state (it has no softmax
   *  matrix). Empty unless `attention: true`. */
  attention: (LabFullLayer | LabLinearLayer)[];
  /** [L][H] share of attention on position 0 (<bos>), averaged over query positions 1 … T−1:
   *  the attention-sink statistic; [] for a linear layer. Empty unless `attention: true` and T ≥ 2. */
  sinkShare: number[][];
}

export interface LabGenerateResult {
  /** Prompt followed by the generated ids (<bos> first for text). */
  tokens: number[];
  /** [steps] the generated ids. */
  generated: number[];
  /** The whole sequence as text, without the leading <bos>. */
  text: string;
  /** Only the generated part. */
  generatedText: string;
}

/** Where one head's attention goes, averaged over query rows 1 … T − 1 (cpp/include/attn/ops/head_patterns.hpp).
 *  Each row's weight is split, first match wins: key 0, then key i − 1, then key i, then the rest;
 *  the four add up to 1 for softmax weights. */
export interface HeadPattern {
  /** Mean weight on j = i − 1 (j ≥ 1): a previous-token head. */
  previousToken: number;
  /** Mean weight on j = 0 (<bos>): the attention sink; equals labRun's sinkShare. */
  firstToken: number;
  /** Mean weight on j = i: the query itself. */
  diagonal: number;
  /** Everything else: "content" look-ups. */
  other: number;
}

/** What openModelCreate takes: a real checkpoint's shapes, from its config.json or GGUF
 *  metadata (web/model-files/). Sizes are whole numbers ≥ 1. */
export interface OpenModelConfig {
  arch: 'gpt2' | 'llama' | 'mistral' | 'qwen2' | 'qwen3';
  vocab: number;
  dModel: number;
  nLayers: number;
  nHeads: number;
  /** Default nHeads. */
  nKvHeads?: number;
  /** Default dModel / nHeads. */
  dHead?: number;
  mlpHidden: number;
  /** Positions the model runs (GPT-2: wpe's rows). */
  context: number;
  /** Default 10000. */
  ropeTheta?: number;
  /** Default 1e-5 for gpt2, 1e-6 otherwise. */
  normEps?: number;
  /** LM head = embedding. Default true for gpt2 (always tied), false otherwise. */
  tiedEmbeddings?: boolean;
  /** llama / mistral / qwen3: q/k/v biases (and o_proj.bias when given). qwen2 always has them. */
  attentionBias?: boolean;
  /** Qwen3-Next's output gate: q_proj's rows per head are [query (d); gate (d)]. */
  attnOutputGate?: boolean;
  /** mistral: a window shorter than context is a ConfigError (not supported). */
  slidingWindow?: number;
  /** RoPE families: config.json's rope_scaling (Llama 3.1 / 3.2 have type 'llama3'). Any other
   *  type is a ConfigError. Defaults: factor 1, lowFreqFactor 1, highFreqFactor 4,
   *  originalContext 8192 (original_max_position_embeddings). */
  ropeScaling?: {
    type: 'linear' | 'llama3';
    factor?: number;
    lowFreqFactor?: number;
    highFreqFactor?: number;
    originalContext?: number;
  };
  /** RoPE families: GGUF's rope_freqs.weight ([dHead / 2], how llama.cpp files carry Llama 3's
   *  scaling): θ_i is divided by entry i. Applied after ropeScaling. */
  ropeFreqFactors?: ArrayLike<number>;
}

/** One tensor as the files describe it, before its bytes are read. */
export interface OpenTensorInfo {
  name: string;
  type: OpenWeightType;
  rows: number;
  cols: number;
}

/** Stored weight types: ggml's block layouts for the quantised ones (q5_0 / q5_1 are what
 *  llama.cpp's K-quant files store for matrices whose rows are not whole 256-blocks). */
export type OpenWeightType =
  'f32' | 'f16' | 'bf16' | 'q8_0' | 'q5_0' | 'q5_1' | 'q4_0' | 'q4_1' | 'q4_k' | 'q6_k';

export interface OpenModelRunResult {
  /** [V] logits after the last position. */
  logitsLast: Float32Array;
  /** The 5 most likely next tokens (softmax of logitsLast), most likely first, ties to the lower id. */
  top5: { token: number; prob: number }[];
  /** The kept layers (all, or `layers`), in layer order: weights [H, T, T] (query i over keys
   *  j; j > i exactly 0). Empty without `attention`. */
  attention: { layer: number; weights: Tensor }[];
  /** [L][H] share of attention on position 0 averaged over query rows 1 … T−1 (every layer,
   *  whatever `layers` keeps). Empty without `attention` or when T < 2. */
  sinkShare: number[][];
}

/** What a milestone check may break on purpose (cpp/include/attn/course/milestone_checks.hpp): each
 *  check accepts 'none' and its own faults, and ConfigError names them for any other. */
export type MilestoneFault =
  | 'none'
  | 'untie-kv'
  | 'reshape-heads'
  | 'perturb-cache'
  | 'repeat-kv-before-cache'
  | 'drop-mask'
  | 'mask-after-softmax';

/** A milestone check that compares two sides number by number. */
export interface MilestoneDiffResult {
  /** maxAbsDiff < tolerance. */
  ok: boolean;
  /** The largest |Δ| over every number compared. */
  maxAbsDiff: number;
  /** 1e-4, the seed's tolerance. */
  tolerance: number;
  /** The model's query heads, and the KV heads of what was checked. */
  nHeads: number;
  nKvHeads: number;
  /** How many numbers were compared. */
  compared: number;
}

export interface MilestoneGreedyResult {
  /** withCache and withoutCache are the same tokens. */
  ok: boolean;
  /** [steps] greedy ids with the cache (prompt in one pass, then one token per step). */
  withCache: number[];
  /** [steps] greedy ids recomputing the whole sequence at every step. */
  withoutCache: number[];
  withCacheText: string;
  withoutCacheText: string;
  /** The first step (from 0) where they differ, or −1. */
  firstDifference: number;
}

export interface MilestoneCacheBytesResult {
  /** Each entry of bytes is exactly half the one before. */
  ok: boolean;
  /** The KV-head counts compared, largest first: 4, 2, 1 (those dividing nHeads). */
  kvHeads: number[];
  /** float32 bytes the full layers' cache holds after `tokens` tokens, one per kvHeads entry. */
  bytes: number[];
  tokens: number;
  fullLayers: number;
  dHead: number;
}

export interface MilestoneCausalResult {
  /** nonzeroAbove is 0 and every row sums to 1 within tolerance. */
  ok: boolean;
  /** Weights above the diagonal (j > i) that are not exactly 0, over every full layer and head. */
  nonzeroAbove: number;
  /** Weights above the diagonal checked. */
  above: number;
  /** The largest |weight| above the diagonal. */
  maxAbove: number;
  /** The largest |Σ_j w_ij − 1| over every row. */
  maxRowSumError: number;
  rows: number;
  /** 1e-5. */
  tolerance: number;
}

export interface AttnEngine {
  /** Scaled dot-product attention (single head, multi-head, MQA/GQA, sink, gate). With
   *  `want`, only the parts asked for: `attention({q, k, v, want: ['output']}).output`. */
  attention(options: AttentionOptions & { want?: undefined }): AttentionResult;
  attention<P extends AttentionPart>(
    options: AttentionOptions & { want: P[] },
  ): Pick<AttentionResult, P>;
  /** a [n, k] · b [k, m] → [n, m] (row-vector convention: q = x · Wq). */
  matmul(a: MatrixIn, b: MatrixIn): Tensor;
  /** Stable softmax of one row of scores (−Infinity = masked), with an optional sink logit.
   *  A row of only −Infinity throws MaskError without a sink; an empty row is a ShapeError. */
  softmax(scores: ArrayLike<number>, options?: { sinkLogit?: number }): SoftmaxResult;
  /** s_j / Σ s: what softmax replaces (negative scores give negative shares). */
  proportionalSplit(scores: ArrayLike<number>): Float32Array;
  /** q · k for two vectors of the same length (ValueError if it overflows float32). */
  dot(a: ArrayLike<number>, b: ArrayLike<number>): number;
  /** q · k / (|q| |k|). */
  cosine(a: ArrayLike<number>, b: ArrayLike<number>): number;
  /** Q [Tq, d], K [Tk, d] → Q Kᵀ · scale [Tq, Tk]; scale (finite) defaults to 1/√d. */
  scoreMatrix(q: MatrixIn, k: MatrixIn, options?: { scale?: number }): Tensor;
  /** Pairwise cosine of the rows of A [n, d] and B [m, d] → [n, m]. */
  cosineMatrix(a: MatrixIn, b: MatrixIn): Tensor;
  /** Bahdanau's additive score v · tanh(q W1 + k W2): q [dq], k [dk], W1 [dq, da], W2 [dk, da], v [da]. */
  additiveScore(options: {
    q: ArrayLike<number>;
    k: ArrayLike<number>;
    W1: MatrixIn;
    W2: MatrixIn;
    v: ArrayLike<number>;
  }): number;
  /**
   * Bytes one head needs to hold its scores at length T: additive (naive) materialises
   * T × T × dA numbers (every pair's tanh(q W1 + k W2)), dot product T × T. `dtypeBytes` per
   * number, default 2 (BF16). T = 4,096, dA = 256: 8,589,934,592 B (8.0 GiB) against
   * 33,554,432 B (32 MiB). Exact integers; ValueError for a zero argument or a count past 2^53.
   */
  scoreMemory(options: { T: number; dA: number; dtypeBytes?: number }): {
    additiveBytes: number;
    dotBytes: number;
  };
  /** [Tq, Tk] of 0/1: query i sees keys 0 … Tk − Tq + i. Tq × Tk within the tensor limit. */
  causalMask(tq: number, tk: number): Tensor;
  /** Rotary position embedding of x [T, H·d] (apply to Q and K, never V). */
  rope(x: MatrixIn, options?: RopeOptions): Tensor;
  /** θ_i = base^(−2i/rotaryDim) for i < rotaryDim/2; base defaults to 10000. */
  ropeFrequencies(rotaryDim: number, base?: number): Float32Array;
  /**
   * Greedy generation with the tiny decoder. `steps` defaults to 3 (at most 1,024, ConfigError
   * past it), `useCache` to true. Without
   * the cache every step re-runs the whole sequence; with it the prompt is prefilled once and
   * each generated token but the last is fed alone. Throws ConfigError (the field is named),
   * ValueError ("token 16 at position 1 is outside the vocabulary [0, 16)"), ShapeError (empty prompt).
   */
  tinyDecoderGenerate(
    options: TinyDecoderConfig & { prompt: number[]; steps?: number; useCache?: boolean },
  ): TinyDecoderGenerateResult;
  /** Full forward pass without a cache: logits [T, V], row t at position t. */
  tinyDecoderForward(options: TinyDecoderConfig & { tokens: number[] }): Tensor;
  /** max |Δ logit| between the full pass and the same tokens fed one at a time through the KV cache (< 1e-4; 0 in practice). */
  tinyDecoderIncrementalCheck(options: TinyDecoderConfig & { tokens: number[] }): {
    maxAbsDiff: number;
  };
  /** MLA's explicit and absorbed paths on the same seeded data, the cache, and its bytes.
   *  ConfigError for dRope odd or 0, zero dims or heads, ropeBase ≤ 1; ShapeError for T = 0. */
  mla(options: MlaOptions): MlaResult;
  /** KV bytes of one model. ConfigError names the config field, e.g. "Qwen3.8-27B:
   *  num_key_value_heads (5) must divide num_attention_heads (24)", "MLA needs kv_lora_rank > 0";
   *  ValueError when a byte count would pass 2^53 (not exact as a JS number). */
  kvLedger(model: LedgerModel): LedgerResult;
  /** The same shape re-cast: rows mha, gqa (the model's own G, when 1 < G < H), mqa, and mla
   *  for an MLA model, in that order (not sorted: mqa can undercut mla). Without contextLength
   *  (or with `undefined`) model.contextLength is used; ConfigError when neither is given, and
   *  for a reported-only entry. */
  kvLedgerVariants(model: LedgerModel, contextLength?: number): LedgerRow[];
  /**
   * How much smaller `toBytes` is than `fromBytes`, as a fraction: 1 − toBytes / fromBytes.
   * DeepSeek LLM 67B → DeepSeek-V2 per token: kvReduction(389120, 69120) = 0.822 (−82.2%);
   * negative when toBytes is larger. Integers of bytes up to 2^53; ValueError for fromBytes = 0.
   */
  kvReduction(fromBytes: number, toBytes: number): number;
  /** The data flow of a models.json entry (MHA/GQA/MQA) for `tokens` tokens, stage by stage:
   *  shapes and parameter counts from hiddenSize, layers, fullAttentionLayers, attention.{nHeads,
   *  nKvHeads, headDim, qkNorm, outputGate}, linearAttention.stateBytesTotal and, when present,
   *  vocabSize and intermediateSize. ConfigError names the field ("hidden_size must be at least 1"). */
  modelStages(
    model: LedgerModel & { hiddenSize?: number; vocabSize?: number; intermediateSize?: number },
    tokens: number,
  ): ModelStage[];
  /** The √d experiment: dots and standard deviations from a seed. ConfigError for d = 0,
   *  nKeys = 0, nSamples < 2. */
  softmaxVariance(options: SoftmaxVarianceOptions): SoftmaxVarianceResult;
  /**
   * Parses a lab weights file (course-data/lab-model.bin, format in cpp/include/attn/models/weights_io.hpp)
   * once and keeps the model in the WASM heap until labUnload(id) — the one thing in this API
   * that needs freeing. Throws ValueError naming what is wrong: "lab weights: ATTNLAB1 is the old
   * format without layer types; retrain with npm run train", "not a lab weights file: magic is
   * …", "unsupported weights version 3 (this engine reads 1)", "weights file is corrupt or
   * truncated: the CRC-32 of its …" (any flipped byte); ConfigError / ShapeError for a bad
   * config or shape.
   */
  labLoad(bytes: Uint8Array | ArrayBuffer): LabLoadResult;
  /**
   * One full forward pass (no cache) of a loaded model. `attention` (default false) adds every
   * full layer's weights and sink shares and every linear layer's state size and ‖S‖ per token. Throws ValueError for an unknown id or a token id
   * outside [0, V) (naming its position), ShapeError for no input or T > config.context.
   */
  labRun(id: number, options: LabInput & { attention?: boolean }): LabRunResult;
  /**
   * Greedy decoding (argmax, ties to the lower id) of `steps` (default 8) tokens with the cache
   * (K/V on full layers, the state on linear ones): the prompt in one pass, then one token per
   * step. ShapeError if prompt + steps passes config.context.
   */
  labGenerate(id: number, options: LabInput & { steps?: number }): LabGenerateResult;
  /**
   * Every weight of a loaded model, f32 as it computes with them, in the order of the weights
   * file: "embedding" [V, D], per layer "layers.<l>.attn_norm" [1, D], "wq" [D, H·d], "wk",
   * "wv" [D, G·d], "q_norm", "k_norm" [1, d] (qkNorm), "w_gate" [D, H·d] (outputGate), "wo"
   * [H·d, D], "mlp_norm" [1, D], "w1", "w3" [D, F], "w2" [F, D], then "final_norm" [1, D].
   * Copies. ValueError for an unknown id.
   */
  labTensors(id: number): (Tensor & { name: string })[];
  /**
   * The model's KV-ledger row at `tokens` (default config.context): K/V of the full layers at
   * `dtypeBytes` (default 4, float32 as the engine caches; 2 for bf16) per token plus the linear
   * layers' constant float32 state.
   */
  labLedger(id: number, options: { tokens?: number; dtypeBytes?: number }): LabLedgerResult;
  /**
   * [H] per head: the previous-token / first-token / diagonal / other split of weights [H, T, T]
   * (e.g. labRun's attention[l].weights). ShapeError for Tq ≠ Tk, T < 2 or data not matching
   * the shape; ValueError naming a NaN/Inf entry ("weights[1, 2, 0] is NaN").
   */
  headPatterns(weights: Tensor): HeadPattern[];
  /** Frees a model loaded by labLoad. true if it was loaded, false otherwise (also for a second call). */
  labUnload(id: number): boolean;
  /** Bytes the heap can still hand out (its 4 GiB maximum less what is in use). */
  openModelHeapLimit(): number;
  /** Bytes a model would take: its tensors as stored, the f32 copies of the 1-D ones, and the
   *  working memory of a run of min(context, 256) tokens with attention. Compare with
   *  openModelHeapLimit() before reading any tensor. ConfigError for a bad config or type name,
   *  ShapeError when a tensor's cols are not whole blocks. */
  openModelBytesNeeded(config: OpenModelConfig, tensorsInfo: OpenTensorInfo[]): number;
  /** An empty model of this config, kept in the heap until openModelUnload(id). ConfigError
   *  naming the field ("config.vocab is missing", "arch 'phi3' is not supported (gpt2, …)",
   *  "nHeads …"); ShapeError if even its working memory does not fit the heap. */
  openModelCreate(config: OpenModelConfig): { id: number; heapLimitBytes: number };
  /**
   * Allocates one tensor (rows × its row bytes, as stored) and returns its byte count; its bytes
   * then go in with openModelTensorWrite. layout: 'nk' (default) = stored [out, in]; 'kn' =
   * [in, out] (GPT-2's Conv1D; float types only). 1-D tensors are rows = 1. Throws ConfigError
   * "unexpected tensor 'x' for a qwen3 model", "tensor 'x' was given twice", a block type stored
   * 'kn', a block type for a 1-D tensor; ShapeError "<name> is [256, 1024], expected [512, 1024]",
   * cols not whole blocks, or "tensor 'x' needs … the engine's heap has … left".
   */
  openModelTensor(
    id: number,
    name: string,
    type: OpenWeightType,
    rows: number,
    cols: number,
    layout?: 'nk' | 'kn',
  ): number;
  /** Copies `bytes` into tensor `name` at byte `offset` (a streaming loader writes a tensor in
   *  slices). ConfigError "tensor 'x' was not created", "the model is finalised", bytes not a
   *  Uint8Array; ShapeError when offset + bytes.length passes the tensor; ValueError for an id
   *  that is not an open model (an unloaded one included). */
  openModelTensorWrite(id: number, name: string, offset: number, bytes: Uint8Array): void;
  /** Checks every required tensor came (ShapeError "missing tensor 'model.norm.weight'") and
   *  makes the model runnable; its tensors are immutable afterwards. maxPassTokens: the most
   *  tokens one layer of a pass takes within the work bound (Work, above); a longer pass runs
   *  in chunks of about this many (openModelPass). */
  openModelFinalize(id: number): { parameters: number; weightBytes: number; maxPassTokens: number };
  /** A full causal pass from position 0. ValueError for a token outside [0, V), ShapeError for
   *  no tokens, more than context, a layer index out of range. decodePath: a pass of at most 4
   *  tokens runs the decode path, as generation does (see openModelGenerate). */
  openModelRun(
    id: number,
    tokens: number[],
    options?: { attention?: boolean; layers?: number[]; decodePath?: boolean },
  ): OpenModelRunResult;
  /** Starts a pass to run one layer per openModelPassStep (a progress bar between steps).
   *  attention defaults to true here. Returns the pass id. Tokens past what one layer takes
   *  within the work bound (maxPassTokens, up to the context) run in chunks, one after another
   *  through a KV cache: each step is one layer of one chunk, and the result is the one pass's
   *  (logits within 1e-4 of it: the GEMM and attention see fewer rows at a time). chunkTokens
   *  (≥ 1) caps a chunk, for smaller steps. */
  openModelPass(
    id: number,
    tokens: number[],
    options?: {
      attention?: boolean;
      layers?: number[];
      decodePath?: boolean;
      chunkTokens?: number;
    },
  ): number;
  /** Runs the next layer: `layer` is the index just run, `layers` the model's count, of chunk
   *  `chunk` (0-based) of `chunks`. ShapeError once every layer of every chunk ran. */
  openModelPassStep(passId: number): {
    layer: number;
    layers: number;
    chunk: number;
    chunks: number;
    done: boolean;
  };
  /** Runs what is left, then the head; the pass is gone afterwards. attention (default true)
   *  returns what the pass collected. */
  openModelPassResult(passId: number, options?: { attention?: boolean }): OpenModelRunResult;
  /** Greedy decoding (argmax, ties to the lower id) of `steps` tokens with the KV cache.
   *  Passes of at most 4 tokens run the decode path (docs: activations quantised to 13 bits per
   *  block for the quantised types; float types summed in 8 lanes), not
   *  openModelRun's bits; `exact: true` keeps the f32 GEMM (each token then the argmax of
   *  openModelRun over everything before it). ShapeError when the whole generation's work
   *  passes the bound (Work, above): then use openModelGenerateStart / openModelGenerateStep. */
  openModelGenerate(
    id: number,
    promptTokens: number[],
    steps: number,
    options?: { exact?: boolean },
  ): { tokens: number[]; generated: number[] };
  /** The same generation, run one layer per openModelGenerateStep call (a page draws between
   *  calls). Checks the prompt and steps as openModelGenerate; runs nothing. Returns its id. */
  openModelGenerateStart(
    id: number,
    promptTokens: number[],
    steps: number,
    options?: { exact?: boolean },
  ): number;
  /** Runs the next layer, or the head: `token` is the token this call produced (null when it
   *  ran a layer), `generated` every token so far. Once `done` the generation is gone. */
  openModelGenerateStep(generationId: number): {
    token: number | null;
    generated: number[];
    done: boolean;
  };
  /** Forgets a generation before it is done. true if it was running. */
  openModelGenerateStop(generationId: number): boolean;
  /** One stored row decoded to float32 exactly as the GEMM decodes it (ggml's dequantize_row_*). */
  openModelDequantizeRow(type: OpenWeightType, bytes: Uint8Array, cols: number): Float32Array;
  /** Frees a model, its passes and its generations. true if it was loaded. */
  openModelUnload(id: number): boolean;
  /** The most threads setThreads accepts: 16 in the threaded engine (attn-engine-threads.js,
   *  only where the page is cross-origin isolated), 1 in every other build. */
  threadsAvailable(): number;
  /** How many threads the stored-weights products (the open model's projections) run on now. */
  threadCount(): number;
  /** Sets that count, clamped to [1, threadsAvailable()], and returns it. The results are the
   *  same bits for every count. ConfigError if n is not a whole number ≥ 0. */
  setThreads(n: number): number;
  /** "wasm-simd128" or "scalar": which kernels this build runs. */
  simdPath(): string;
  /** Bytes currently allocated on the WASM heap (for leak checks). */
  heapBytesInUse(): number;
  /**
   * The project milestone's checks (seed 004's unit tests) on a loaded lab model, each on
   * `tokens` or `text` (<bos> added). `fault` breaks the check's property on purpose, and the
   * check then fails. ConfigError for a fault the check does not take; what labRun throws for
   * bad input.
   * labCheckGqaTied: the model's logits against its MHA twin whose K/V weight blocks are copied
   * per query head (fault 'untie-kv': seeded noise on query head 1's copies).
   */
  labCheckGqaTied(id: number, options: LabInput & { fault?: MilestoneFault }): MilestoneDiffResult;
  /** Every full layer's own q, k, v, K/V repeated to one head per query head: the engine's
   *  attention with nKvHeads = nHeads against an MHA written out head by head (fault
   *  'reshape-heads': the engine reads head h as columns h, h + H, …). */
  labCheckMha(id: number, options: LabInput & { fault?: MilestoneFault }): MilestoneDiffResult;
  /** The full pass's logits against the cache fed one token at a time (fault 'perturb-cache':
   *  the cached K and V of position 1 negated; needs 3 tokens or more). */
  labCheckIncremental(
    id: number,
    options: LabInput & { fault?: MilestoneFault },
  ): MilestoneDiffResult;
  /** Greedy tokens (`steps`, default 12) after the prompt with and without the cache (fault
   *  'perturb-cache' after the prompt's pass). ShapeError if prompt + steps passes the context. */
  labCheckGreedy(
    id: number,
    options: LabInput & { steps?: number; fault?: MilestoneFault },
  ): MilestoneGreedyResult;
  /** The cache's bytes with the model's K/V regrouped to 4, 2 and 1 KV heads, run over the
   *  tokens (fault 'repeat-kv-before-cache': K/V repeated to every query head, then cached). */
  labCheckCacheBytes(
    id: number,
    options: LabInput & { fault?: MilestoneFault },
  ): MilestoneCacheBytesResult;
  /** Every full layer's weights on the tokens: exactly 0 above the diagonal, rows summing to 1
   *  (faults 'drop-mask', 'mask-after-softmax'). ShapeError for fewer than 2 tokens. */
  labCheckCausal(id: number, options: LabInput & { fault?: MilestoneFault }): MilestoneCausalResult;
}

/** Creates one engine instance (the WASM module is inlined, so this works offline and on file://). */
declare function createAttnEngine(moduleOverrides?: {
  print?: (s: string) => void;
  printErr?: (s: string) => void;
}): Promise<AttnEngine>;
export default createAttnEngine;
