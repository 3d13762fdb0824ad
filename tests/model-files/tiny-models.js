// Seeded random tiny models of every architecture the widget opens (gpt2, llama, mistral, qwen2,
// qwen3), and their files as real checkpoints are laid out:
// - HF: config.json with the keys transformers writes for that family (GPT2Config,
//   LlamaConfig, MistralConfig, Qwen2Config, Qwen3Config), tokenizer.json (+ a small
//   tokenizer_config.json), model.safetensors in F32, F16 or BF16 (or two shards and
//   model.safetensors.index.json); GPT-2's names carry save_pretrained's "transformer." prefix
//   and its Conv1D weights are [in, out].
// - GGUF: what llama.cpp's convert_hf_to_gguf.py writes (GPT2Model, LlamaModel — Mistral is
//   "llama" there —, Qwen2Model, Qwen3Model): general.architecture and the {arch}.* keys,
//   tokenizer.ggml.*, Llama/Mistral's q_proj/k_proj rows PERMUTED by LlamaModel.permute
//   (rotate-half pairs interleaved), GPT-2's Conv1D weights transposed to [out, in]; 1-D
//   tensors F32, matrices in the file's type; "q4_k" is a Q4_K_M-like mix (attn_v and ffn_down
//   Q6_K, as llama-quantize's Q4_K_M keeps some tensors at 6 bits).
// Sizes fit the k-quants (every row a multiple of 256): D 256, F 512 (GPT-2 4·D), 2 layers,
// H 4, G 2 (Mistral 1: MQA), d 64 (Qwen3 128, so H·d ≠ D), V ≈ 300 (Qwen's embedding padded
// past the tokenizer, as Qwen's are). Weights from tests/model-files/random.js, so a seed gives
// the same model everywhere. Nothing comes from the engine or web/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32, normal } from './random.js';
import { byteLevelTokenizer, sentencePieceTokenizer } from './tiny-tokenizers.js';
import { writeSafetensors, writeShardedSafetensors } from './safetensors-writer.js';
import { ggufBytes } from './gguf-writer.js';
import { ggufName } from './gguf-names.js';
import { quantizeMatrix } from './quantize.js';
import { isBlockType } from './block-types.js';
import { transpose } from './matrix.js';

export const ARCHS = ['gpt2', 'llama', 'mistral', 'qwen2', 'qwen3'];
export const HF_DTYPES = ['f32', 'f16', 'bf16'];
export const GGUF_TYPES = ['f32', 'f16', 'bf16', 'q8_0', 'q4_0', 'q4_k', 'q6_k'];

const SHAPES = {
  gpt2: { dModel: 256, nHeads: 4, nKvHeads: 4, dHead: 64, mlpHidden: 1024 },
  llama: { dModel: 256, nHeads: 4, nKvHeads: 2, dHead: 64, mlpHidden: 512 },
  mistral: { dModel: 256, nHeads: 4, nKvHeads: 1, dHead: 64, mlpHidden: 512 },
  qwen2: { dModel: 256, nHeads: 4, nKvHeads: 2, dHead: 64, mlpHidden: 512 },
  qwen3: { dModel: 256, nHeads: 4, nKvHeads: 2, dHead: 128, mlpHidden: 512 },
};

function tokenizerFor(arch) {
  if (arch === 'gpt2') return byteLevelTokenizer({ specials: ['<|endoftext|>'] });
  if (arch === 'llama')
    return byteLevelTokenizer({
      pre: 'llama-bpe',
      specials: ['<|begin_of_text|>', '<|end_of_text|>'],
      bos: '<|begin_of_text|>',
    });
  if (arch === 'mistral') return sentencePieceTokenizer();
  return byteLevelTokenizer({
    pre: 'qwen2',
    specials: ['<|endoftext|>', '<|im_start|>', '<|im_end|>'],
  });
}

/**
 * A random model: { arch, config (the engine's open-model config), hfConfig (config.json),
 * weights: Map HF name → { rows, cols, data } (HF orientation; GPT-2's Conv1D [in, out], no
 * "transformer." prefix), tokenizer, bosId, eosId }. attentionBias (llama only): q/k/v biases,
 * config.json's attention_bias.
 */
export function tinyModel(arch, seed = 1, { attentionBias = false } = {}) {
  if (!SHAPES[arch]) throw new Error(`no tiny model for ${arch}`);
  const rng = mulberry32(seed * 7919 + ARCHS.indexOf(arch));
  const tokenizer = tokenizerFor(arch);
  const s = SHAPES[arch];
  const { dModel: D, nHeads: H, nKvHeads: G, dHead: d, mlpHidden: F } = s;
  const qwen = arch.startsWith('qwen');
  // Qwen pads its embedding past the tokenizer (151936 rows for 151669 tokens): so do we.
  const vocab = qwen ? Math.ceil(tokenizer.tokens.length / 16) * 16 + 16 : tokenizer.tokens.length;
  const L = 2,
    context = 64;
  const config = {
    arch,
    vocab,
    dModel: D,
    nLayers: L,
    nHeads: H,
    nKvHeads: G,
    dHead: d,
    mlpHidden: F,
    context,
    ropeTheta: { gpt2: 10000, llama: 500000, mistral: 10000, qwen2: 1e6, qwen3: 1e6 }[arch],
    normEps: { gpt2: 1e-5, llama: 1e-5, mistral: 1e-5, qwen2: 1e-6, qwen3: 1e-6 }[arch],
    tiedEmbeddings: arch === 'gpt2' || qwen,
    attentionBias: arch === 'llama' && attentionBias,
    attnOutputGate: false,
  };
  const weights = new Map();
  const matrix = (name, rows, cols, sigma) =>
    weights.set(name, {
      rows,
      cols,
      data: Float32Array.from({ length: rows * cols }, () => normal(rng) * sigma),
    });
  const vector = (name, n, mean, sigma) =>
    weights.set(name, {
      rows: 1,
      cols: n,
      data: Float32Array.from({ length: n }, () => mean + normal(rng) * sigma),
    });
  const eSigma = 1.5 / Math.sqrt(D);
  if (arch === 'gpt2') {
    matrix('wte.weight', vocab, D, eSigma);
    matrix('wpe.weight', context, D, eSigma);
    for (let l = 0; l < L; l++) {
      const p = `h.${l}`;
      vector(`${p}.ln_1.weight`, D, 1, 0.2);
      vector(`${p}.ln_1.bias`, D, 0, 0.1);
      matrix(`${p}.attn.c_attn.weight`, D, 3 * D, 1 / Math.sqrt(D)); // Conv1D [in, out]
      vector(`${p}.attn.c_attn.bias`, 3 * D, 0, 0.1);
      matrix(`${p}.attn.c_proj.weight`, D, D, 1 / Math.sqrt(D));
      vector(`${p}.attn.c_proj.bias`, D, 0, 0.1);
      vector(`${p}.ln_2.weight`, D, 1, 0.2);
      vector(`${p}.ln_2.bias`, D, 0, 0.1);
      matrix(`${p}.mlp.c_fc.weight`, D, F, 1 / Math.sqrt(D));
      vector(`${p}.mlp.c_fc.bias`, F, 0, 0.1);
      matrix(`${p}.mlp.c_proj.weight`, F, D, 1 / Math.sqrt(F));
      vector(`${p}.mlp.c_proj.bias`, D, 0, 0.1);
    }
    vector('ln_f.weight', D, 1, 0.2);
    vector('ln_f.bias', D, 0, 0.1);
  } else {
    matrix('model.embed_tokens.weight', vocab, D, eSigma);
    for (let l = 0; l < L; l++) {
      const p = `model.layers.${l}`;
      vector(`${p}.input_layernorm.weight`, D, 1, 0.2);
      matrix(`${p}.self_attn.q_proj.weight`, H * d, D, 1 / Math.sqrt(D)); // Linear [out, in]
      matrix(`${p}.self_attn.k_proj.weight`, G * d, D, 1 / Math.sqrt(D));
      matrix(`${p}.self_attn.v_proj.weight`, G * d, D, 1 / Math.sqrt(D));
      if (arch === 'qwen2' || config.attentionBias) {
        vector(`${p}.self_attn.q_proj.bias`, H * d, 0, 0.3);
        vector(`${p}.self_attn.k_proj.bias`, G * d, 0, 0.3);
        vector(`${p}.self_attn.v_proj.bias`, G * d, 0, 0.3);
      }
      if (arch === 'qwen3') {
        vector(`${p}.self_attn.q_norm.weight`, d, 1, 0.2);
        vector(`${p}.self_attn.k_norm.weight`, d, 1, 0.2);
      }
      matrix(`${p}.self_attn.o_proj.weight`, D, H * d, 1 / Math.sqrt(H * d));
      vector(`${p}.post_attention_layernorm.weight`, D, 1, 0.2);
      matrix(`${p}.mlp.gate_proj.weight`, F, D, 1 / Math.sqrt(D));
      matrix(`${p}.mlp.up_proj.weight`, F, D, 1 / Math.sqrt(D));
      matrix(`${p}.mlp.down_proj.weight`, D, F, 1 / Math.sqrt(F));
    }
    vector('model.norm.weight', D, 1, 0.2);
    if (!config.tiedEmbeddings) matrix('lm_head.weight', vocab, D, eSigma);
  }
  const sp = tokenizer.specials;
  const [bosId, eosId] = {
    gpt2: [sp['<|endoftext|>'], sp['<|endoftext|>']],
    llama: [sp['<|begin_of_text|>'], sp['<|end_of_text|>']],
    mistral: [1, 2],
    qwen2: [sp['<|endoftext|>'], sp['<|im_end|>']],
    qwen3: [sp['<|endoftext|>'], sp['<|im_end|>']],
  }[arch];
  return {
    arch,
    config,
    hfConfig: hfConfigJson(config, bosId, eosId),
    weights,
    tokenizer,
    bosId,
    eosId,
  };
}

const TORCH_DTYPE = { f32: 'float32', f16: 'float16', bf16: 'bfloat16' };

/** config.json with the keys and values transformers writes for the family. */
function hfConfigJson(c, bosId, eosId) {
  if (c.arch === 'gpt2')
    return {
      activation_function: 'gelu_new',
      architectures: ['GPT2LMHeadModel'],
      attn_pdrop: 0.1,
      bos_token_id: bosId,
      embd_pdrop: 0.1,
      eos_token_id: eosId,
      initializer_range: 0.02,
      layer_norm_epsilon: c.normEps,
      model_type: 'gpt2',
      n_ctx: c.context,
      n_embd: c.dModel,
      n_head: c.nHeads,
      n_inner: null,
      n_layer: c.nLayers,
      n_positions: c.context,
      reorder_and_upcast_attn: false,
      resid_pdrop: 0.1,
      scale_attn_by_inverse_layer_idx: false,
      scale_attn_weights: true,
      summary_activation: null,
      summary_first_dropout: 0.1,
      summary_proj_to_labels: true,
      summary_type: 'cls_index',
      summary_use_proj: true,
      transformers_version: '4.51.0',
      use_cache: true,
      vocab_size: c.vocab,
    };
  const common = {
    attention_dropout: 0.0,
    bos_token_id: bosId,
    eos_token_id: eosId,
    hidden_act: 'silu',
    hidden_size: c.dModel,
    initializer_range: 0.02,
    intermediate_size: c.mlpHidden,
    max_position_embeddings: c.context,
    num_attention_heads: c.nHeads,
    num_hidden_layers: c.nLayers,
    num_key_value_heads: c.nKvHeads,
    rms_norm_eps: c.normEps,
    rope_theta: c.ropeTheta,
    tie_word_embeddings: c.tiedEmbeddings,
    transformers_version: '4.51.0',
    use_cache: true,
    vocab_size: c.vocab,
  };
  if (c.arch === 'llama')
    return {
      architectures: ['LlamaForCausalLM'],
      attention_bias: c.attentionBias,
      head_dim: c.dHead,
      mlp_bias: false,
      model_type: 'llama',
      pretraining_tp: 1,
      rope_scaling: null,
      ...common,
    };
  if (c.arch === 'mistral')
    return {
      architectures: ['MistralForCausalLM'],
      head_dim: c.dHead,
      model_type: 'mistral',
      sliding_window: 4096, // > context: never applies
      ...common,
    };
  if (c.arch === 'qwen2')
    return {
      architectures: ['Qwen2ForCausalLM'],
      max_window_layers: c.nLayers,
      model_type: 'qwen2',
      sliding_window: c.context,
      use_sliding_window: false,
      ...common,
    };
  return {
    architectures: ['Qwen3ForCausalLM'],
    attention_bias: false,
    head_dim: c.dHead,
    max_window_layers: c.nLayers,
    model_type: 'qwen3',
    rope_scaling: null,
    sliding_window: null,
    use_sliding_window: false,
    ...common,
  };
}

/**
 * Writes the HF layout of `model` into `dir` (created): config.json (torch_dtype of `dtype`),
 * tokenizer.json, tokenizer_config.json, and model.safetensors — or, with `shards`, that many
 * shards and model.safetensors.index.json. GPT-2 with `hubGpt2`: the names without
 * "transformer." and with the causal-mask buffers h.N.attn.bias [1, 1, n_ctx, n_ctx], as the
 * hub's original gpt2 checkpoint has them (llama.cpp's converter skips them). Returns dir.
 */
export function writeHfModel(dir, model, dtype, { shards = 1, hubGpt2 = false } = {}) {
  mkdirSync(dir, { recursive: true });
  const json = (name, o) => writeFileSync(join(dir, name), JSON.stringify(o, null, 2) + '\n');
  json('config.json', { ...model.hfConfig, torch_dtype: TORCH_DTYPE[dtype] });
  json('tokenizer.json', model.tokenizer.tokenizerJson);
  json('tokenizer_config.json', {
    bos_token: model.tokenizer.tokens[model.bosId],
    eos_token: model.tokenizer.tokens[model.eosId],
    model_max_length: model.config.context,
    tokenizer_class: 'PreTrainedTokenizerFast',
  });
  const prefix = model.arch === 'gpt2' && !hubGpt2 ? 'transformer.' : '';
  const tensors = [...model.weights].map(([name, w]) => ({
    name: prefix + name,
    dtype: dtype.toUpperCase(),
    shape: w.rows === 1 ? [w.cols] : [w.rows, w.cols],
    data: w.data,
  }));
  if (model.arch === 'gpt2' && hubGpt2) {
    const n = model.config.context;
    const mask = Float32Array.from({ length: n * n }, (_, i) =>
      i % n <= Math.floor(i / n) ? 1 : 0,
    );
    for (let l = 0; l < model.config.nLayers; l++)
      tensors.push({
        name: `h.${l}.attn.bias`,
        dtype: dtype.toUpperCase(),
        shape: [1, 1, n, n],
        data: mask,
      });
  }
  if (shards > 1) writeShardedSafetensors(dir, tensors, shards);
  else writeSafetensors(dir, tensors);
  return dir;
}

/**
 * LlamaModel.permute(w, n_head, n_head_kv) of convert_hf_to_gguf.py on the rows of a [heads·d,
 * cols] matrix: per head, rows reshaped (2, d/2) and swapped to (d/2, 2), so row h·d + 2i + j
 * of the result is row h·d + j·d/2 + i of the input.
 */
export function permuteRows(data, heads, cols) {
  const rows = data.length / cols,
    d = rows / heads;
  const out = new Float32Array(data.length);
  for (let h = 0; h < heads; h++)
    for (let i = 0; i < d / 2; i++)
      for (let j = 0; j < 2; j++)
        out.set(
          data.subarray((h * d + j * (d / 2) + i) * cols, (h * d + j * (d / 2) + i + 1) * cols),
          (h * d + 2 * i + j) * cols,
        );
  return out;
}

/** The inverse of permuteRows. */
export function unpermuteRows(data, heads, cols) {
  const rows = data.length / cols,
    d = rows / heads;
  const out = new Float32Array(data.length);
  for (let h = 0; h < heads; h++)
    for (let i = 0; i < d / 2; i++)
      for (let j = 0; j < 2; j++)
        out.set(
          data.subarray((h * d + 2 * i + j) * cols, (h * d + 2 * i + j + 1) * cols),
          (h * d + j * (d / 2) + i) * cols,
        );
  return out;
}

const GPT2_CONV1D = /\.(attn\.c_attn|attn\.c_proj|mlp\.c_fc|mlp\.c_proj)\.weight$/;
const FILE_TYPE = { f32: 0, f16: 1, q4_0: 2, q8_0: 7, q4_k: 15, q6_k: 18, bf16: 32 }; // llama_ftype

/** The GGUF arch of a model: Mistral converts as "llama". */
export const ggufArch = (arch) => (arch === 'mistral' ? 'llama' : arch);

/** The ggml type a tensor gets in a file of `type` (1-D F32; Q4_K_M's Q6_K tensors). */
function tensorType(type, hfName, rows) {
  if (rows === 1) return 'f32';
  if (!isBlockType(type)) return type;
  if (hfName === 'wpe.weight') return 'f32';
  if (type === 'q4_k' && /(v_proj|down_proj|mlp\.c_proj)\.weight$/.test(hfName)) return 'q6_k';
  return type;
}

/** The GGUF file of `model` with matrices in `type`, as bytes. */
export function ggufModelBytes(model, type, { extraTensors = [] } = {}) {
  const c = model.config;
  const a = ggufArch(model.arch);
  const meta = [
    ['general.architecture', 'string', a],
    ['general.name', 'string', `tiny random ${model.arch}`],
    ['general.file_type', 'u32', FILE_TYPE[type]],
    [`${a}.context_length`, 'u32', c.context],
    [`${a}.embedding_length`, 'u32', c.dModel],
    [`${a}.block_count`, 'u32', c.nLayers],
    [`${a}.feed_forward_length`, 'u32', c.mlpHidden],
    [`${a}.attention.head_count`, 'u32', c.nHeads],
  ];
  if (a === 'gpt2') meta.push([`${a}.attention.layer_norm_epsilon`, 'f32', c.normEps]);
  else {
    meta.push(
      [`${a}.attention.head_count_kv`, 'u32', c.nKvHeads],
      [`${a}.rope.freq_base`, 'f32', c.ropeTheta],
      [`${a}.attention.layer_norm_rms_epsilon`, 'f32', c.normEps],
    );
    if (a === 'llama')
      meta.push([`${a}.rope.dimension_count`, 'u32', c.dHead], [`${a}.vocab_size`, 'u32', c.vocab]);
    if (a === 'llama' || a === 'qwen3')
      meta.push(
        [`${a}.attention.key_length`, 'u32', c.dHead],
        [`${a}.attention.value_length`, 'u32', c.dHead],
      );
  }
  meta.push(...model.tokenizer.gguf(c.vocab, { bosId: model.bosId, eosId: model.eosId }));
  const tensors = [];
  for (const [name, w] of model.weights) {
    let { rows, cols, data } = w;
    if (model.arch === 'gpt2' && GPT2_CONV1D.test(name)) {
      data = transpose(data, rows, cols); // Conv1D [in, out] → [out, in]
      [rows, cols] = [cols, rows];
    }
    // The converter permutes q/k biases too (one element per row).
    if (a === 'llama' && /self_attn\.q_proj\.(weight|bias)$/.test(name))
      data = permuteRows(data, c.nHeads, rows === 1 ? 1 : cols);
    if (a === 'llama' && /self_attn\.k_proj\.(weight|bias)$/.test(name))
      data = permuteRows(data, c.nKvHeads, rows === 1 ? 1 : cols);
    const t = tensorType(type, name, rows);
    tensors.push({
      name: ggufName(model.arch, name),
      type: t,
      dims: rows === 1 ? [cols] : [cols, rows],
      bytes: quantizeMatrix(t, data, rows, cols),
    });
  }
  return ggufBytes({ metadata: meta, tensors: [...tensors, ...extraTensors] });
}

/**
 * Writes the GGUF of `model` in `type` to `path`; `extraTensors` ({ name, type, dims, bytes },
 * e.g. llama.cpp's rope_freqs.weight) are appended as given.
 */
export function writeGgufModel(path, model, type, options) {
  writeFileSync(path, ggufModelBytes(model, type, options));
  return path;
}

/**
 * The weights a loaded GGUF file computes with, back in HF names and orientation, from the
 * f32 tensors of the file (read-back.js ggufF32): llama's Q/K rows un-permuted, GPT-2's Conv1D
 * weights kept [out, in] with layout "nk" (the reference forward reads either).
 */
export function hfWeightsFromGguf(model, byGgufName) {
  const c = model.config;
  const out = new Map();
  for (const name of model.weights.keys()) {
    const t = byGgufName.get(ggufName(model.arch, name));
    if (!t) throw new Error(`GGUF has no ${ggufName(model.arch, name)}`);
    let data = t.data;
    const a = ggufArch(model.arch);
    if (a === 'llama' && /self_attn\.q_proj\.(weight|bias)$/.test(name))
      data = unpermuteRows(data, c.nHeads, t.rows === 1 ? 1 : t.cols);
    if (a === 'llama' && /self_attn\.k_proj\.(weight|bias)$/.test(name))
      data = unpermuteRows(data, c.nKvHeads, t.rows === 1 ? 1 : t.cols);
    const layout = model.arch === 'gpt2' && GPT2_CONV1D.test(name) ? 'nk' : undefined;
    out.set(name, { rows: t.rows, cols: t.cols, data, type: t.type, layout });
  }
  return out;
}

/**
 * HF weights from safetensors read back (read-back.js safetensorsF32): "transformer." dropped,
 * GPT-2's mask buffers (attn.bias, attn.masked_bias: not weights) left out.
 */
export function hfWeightsFromSafetensors(byName) {
  const out = new Map();
  for (const [name, t] of byName)
    if (!/\.attn\.(masked_)?bias$/.test(name)) out.set(name.replace(/^transformer\./, ''), t);
  return out;
}
