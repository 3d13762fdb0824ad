// The model of the open-model decode benchmark (bench/open-model-peers.mjs): a GGUF file of
// Qwen3-0.6B's exact shapes (architecture qwen3: 28 layers, hidden 1024, 16 query heads and 8 KV
// heads of 128, FFN 3072, vocabulary 151,936, tied embeddings, RoPE θ 1e6, q/k RMSNorm) with
// random weights, written at bench time into a temporary folder (never stored), in two types:
//   Q4_K_M  q4_k for the attention and gate/up matrices, q6_k for token_embd (also the tied LM
//           head) and every ffn_down; norms f32 (the project's own mix).
//   F16     every matrix f16; norms f32.
// (The benchmark's third file is llama-quantize's Q4_K_M of the F16 one, written by llama.cpp's
// own quantiser: bench/open-model-peers.mjs; llamaQuantizeQ4KM, below, is its layout.)
// Written by the tests' own GGUF writer and quantiser (tests/model-files/gguf-writer.js,
// quantize.js, tiny-tokenizers.js), not by the engine. Drawing and quantising 0.6 B random
// numbers in JS would take minutes, so each type's matrices are filled from a pool of 64 random
// rows of 1024 columns (normal, σ 0.02), quantised by quantize.js, copied at random block-aligned
// offsets: valid blocks with small finite scales, logits finite (cpp/bench/open_model_bench.cpp's
// pool_of does the same natively). Norm weights are 1. The tokenizer is the tests' byte-level BPE
// (256 bytes, 40 merges, Qwen's 3 specials, tokenizer.ggml.pre "qwen2") padded to 151,936 tokens
// with [PADn] (token_type 5, unused), as convert_hf_to_gguf.py pads Qwen's vocabulary: llama.cpp
// and our loader both accept it. The prompt is fixed token ids (PROMPT_IDS, below).
import { writeFileSync } from 'node:fs';
import { ggufBytes } from '../tests/model-files/gguf-writer.js';
import { rowBytes } from '../tests/model-files/block-types.js';
import { quantizeMatrix } from '../tests/model-files/quantize.js';
import { mulberry32, normal } from '../tests/model-files/random.js';
import { byteLevelTokenizer } from '../tests/model-files/tiny-tokenizers.js';

/** Qwen3-0.6B's hyper-parameters (its config.json). */
export const QWEN3_06B = {
  vocab: 151936,
  dModel: 1024,
  nLayers: 28,
  nHeads: 16,
  nKvHeads: 8,
  dHead: 128,
  mlpHidden: 3072,
  context: 40960,
  ropeTheta: 1e6,
  normEps: 1e-6,
};

/** The two files: each matrix's type by its GGUF name, and general.file_type (llama_ftype). */
/** llama-quantize's use_more_bits(i_layer, n_layers) (llama.cpp, src/llama-quant.cpp). */
export const useMoreBits = (i, n) =>
  i < Math.floor(n / 8) || i >= Math.floor((7 * n) / 8) || (i - Math.floor(n / 8)) % 3 === 2;

const layerOf = (name) => Number(/^blk\.(\d+)\./.exec(name)?.[1] ?? -1);

/**
 * The files this module writes: each matrix's type by its GGUF name, and general.file_type
 * (llama_ftype).
 */
export const MODEL_TYPES = {
  Q4_K_M: {
    fileType: 15, // LLAMA_FTYPE_MOSTLY_Q4_K_M
    matrix: (name) => (/^token_embd|ffn_down/.test(name) ? 'q6_k' : 'q4_k'),
  },
  F16: { fileType: 1, matrix: () => 'f16' },
};

/**
 * The type llama-quantize's Q4_K_M gives each matrix of this architecture
 * (llama_tensor_get_type): q6_k for token_embd (no output.weight: the tied head) and for attn_v
 * and ffn_down in the layers use_more_bits picks (14 of 28), q4_k elsewhere.
 */
export const llamaQuantizeQ4KM = (name, layers) =>
  /^token_embd/.test(name) || (/attn_v|ffn_down/.test(name) && useMoreBits(layerOf(name), layers))
    ? 'q6_k'
    : 'q4_k';

/** The bytes one cached decode step reads (every matrix once) when `matrix` types the tensors. */
export function decodeBytesOf(matrix, layers = QWEN3_06B.nLayers) {
  let bytes = 0;
  for (const [name, rows, cols] of tensorShapes(layers))
    if (rows > 1) bytes += rows * rowBytes(matrix(name, layers), cols);
  return bytes;
}

/**
 * The prompt: 64 fixed token ids, the tokenisation of PROMPT_TEXT by the file's tokenizer. Ours
 * and llama.cpp native get the ids; wllama 3's completion API takes text only (its glue reads
 * "prompt" as a string), so it gets PROMPT_TEXT, and the benchmark checks that llama.cpp's own
 * tokenizer (node-llama-cpp's, the code wllama runs) and ours both map the text to exactly
 * these ids, and that wllama reports 64 prompt tokens.
 */
export const PROMPT_TEXT =
  'Attention heads look back at the tokens before them; the first token is a sink. A model reads the text one token at a tim';
export const PROMPT_IDS = [
  65, 116, 116, 262, 116, 105, 260, 32, 257, 272, 32, 108, 111, 263, 268, 291, 264, 258, 270, 115,
  268, 101, 102, 111, 267, 258, 109, 59, 258, 32, 102, 105, 114, 115, 116, 270, 32, 105, 115, 259,
  269, 105, 110, 107, 46, 32, 65, 283, 111, 294, 108, 32, 267, 272, 258, 256, 277, 284, 270, 264,
  259, 256, 105, 109,
];

/** Every tensor, in the order convert_hf_to_gguf.py writes them: [name, rows, cols]. */
export function tensorShapes(layers, s = QWEN3_06B) {
  const D = s.dModel,
    Q = s.nHeads * s.dHead,
    KV = s.nKvHeads * s.dHead,
    F = s.mlpHidden;
  const list = [['token_embd.weight', s.vocab, D]];
  for (let l = 0; l < layers; l++) {
    const p = `blk.${l}`;
    list.push(
      [`${p}.attn_norm.weight`, 1, D],
      [`${p}.attn_q.weight`, Q, D],
      [`${p}.attn_k.weight`, KV, D],
      [`${p}.attn_v.weight`, KV, D],
      [`${p}.attn_output.weight`, D, Q],
      [`${p}.attn_q_norm.weight`, 1, s.dHead],
      [`${p}.attn_k_norm.weight`, 1, s.dHead],
      [`${p}.ffn_norm.weight`, 1, D],
      [`${p}.ffn_gate.weight`, F, D],
      [`${p}.ffn_up.weight`, F, D],
      [`${p}.ffn_down.weight`, D, F],
    );
  }
  list.push(['output_norm.weight', 1, D]);
  return list;
}

/** A pool of 64 quantised random rows of 1024 columns of `type`. */
function poolOf(type, rng) {
  const rows = 64,
    cols = 1024;
  const data = Float32Array.from({ length: rows * cols }, () => normal(rng) * 0.02);
  return quantizeMatrix(type, data, rows, cols);
}

/** `n` bytes copied from the pool at random offsets that are multiples of `unit` (one block). */
function filled(n, pool, unit, rng) {
  const out = new Uint8Array(n);
  const units = pool.length / unit;
  for (let at = 0; at < n;) {
    const from = Math.floor(rng() * units) * unit;
    const len = Math.min(n - at, pool.length - from);
    out.set(pool.subarray(from, from + len), at);
    at += len;
  }
  return out;
}

/**
 * Writes the model in `typeName` (a MODEL_TYPES key) with `layers` layers to `path`. Returns
 * { path, fileBytes, weightBytes (every tensor), decodeBytes (every matrix once: the weights one
 * cached decode step reads, the tied LM head included, the embedding lookup of one row not),
 * byType: { type: bytes } }.
 */
export function writeQwen3Gguf(path, typeName, { layers = QWEN3_06B.nLayers, seed = 7 } = {}) {
  const s = QWEN3_06B;
  const kind = MODEL_TYPES[typeName];
  if (!kind) throw new Error(`unknown model type ${typeName}`);
  const rng = mulberry32(seed);
  const pools = new Map();
  const ones = (n) => new Uint8Array(Float32Array.from({ length: n }, () => 1).buffer);
  const tensors = [];
  let decodeBytes = 0;
  const byType = {};
  for (const [name, rows, cols] of tensorShapes(layers)) {
    const type = rows === 1 ? 'f32' : kind.matrix(name);
    let bytes;
    if (rows === 1) bytes = ones(cols);
    else {
      if (!pools.has(type)) pools.set(type, poolOf(type, rng));
      const unit = rowBytes(type, 256); // a whole number of blocks of every type used here
      bytes = filled(rows * rowBytes(type, cols), pools.get(type), unit, rng);
      decodeBytes += bytes.length;
    }
    byType[type] = (byType[type] ?? 0) + bytes.length;
    tensors.push({ name, type, dims: rows === 1 ? [cols] : [cols, rows], bytes });
  }
  const tok = byteLevelTokenizer({
    pre: 'qwen2',
    specials: ['<|endoftext|>', '<|im_start|>', '<|im_end|>'],
  });
  const a = 'qwen3';
  const metadata = [
    ['general.architecture', 'string', a],
    ['general.name', 'string', `random Qwen3-0.6B shapes ${typeName}`],
    ['general.file_type', 'u32', kind.fileType],
    [`${a}.context_length`, 'u32', s.context],
    [`${a}.embedding_length`, 'u32', s.dModel],
    [`${a}.block_count`, 'u32', layers],
    [`${a}.feed_forward_length`, 'u32', s.mlpHidden],
    [`${a}.attention.head_count`, 'u32', s.nHeads],
    [`${a}.attention.head_count_kv`, 'u32', s.nKvHeads],
    [`${a}.rope.freq_base`, 'f32', s.ropeTheta],
    [`${a}.attention.layer_norm_rms_epsilon`, 'f32', s.normEps],
    [`${a}.attention.key_length`, 'u32', s.dHead],
    [`${a}.attention.value_length`, 'u32', s.dHead],
    ...tok.gguf(s.vocab, {
      bosId: tok.specials['<|endoftext|>'],
      eosId: tok.specials['<|im_end|>'],
    }),
  ];
  const file = ggufBytes({ metadata, tensors });
  writeFileSync(path, file);
  const weightBytes = Object.values(byType).reduce((x, y) => x + y, 0);
  return { path, fileBytes: file.length, weightBytes, decodeBytes, byType };
}
