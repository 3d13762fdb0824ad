// The KV ledger's side of a pasted Hugging Face config.json: the course's model shape
// (course-data/models.json) made of it. Reading the file (JSON text, spellings, text_config,
// sizes, the errors' two languages) is web/model-files/hf-config.js, the reader the open-model
// loader uses too; this file decides what the ledger needs of it.
//
//   modelFromHfConfig(configJsonTextOrObject, { name, id, source, dtypeBytes })
//
// Understands GQA/MHA/MQA configs (Llama, Mistral, Qwen, DeepSeek LLM ...),
// GPT-2 style configs (n_layer / n_head / n_embd / n_positions), MLA configs
// (kv_lora_rank, qk_rope_head_dim, qk_nope_head_dim, v_head_dim: DeepSeek-V2/V3,
// GLM-5) and Qwen-style hybrids (layer_types / full_attention_interval with
// Gated DeltaNet linear-attention layers). Multimodal wrappers that nest the
// language model under "text_config" are read from there.
//
// Errors are HfConfigError (a DataError naming config.json and the field), in English and
// Chinese; every field the KV bytes need and the file lacks is named at once.
/** @import { CourseModel } from '../../web/course-data.js' */
/** @import { HfField, HfReader } from '../../web/model-files/hf-config.js' */
import { kvHeadsKind } from '../../web/kv-heads.js';
import { CONFIG_TEXT } from './strings.js';
import {
  HfConfigError,
  parseHfConfig,
  languageModelConfig,
  hfReader,
  bilingualErrors,
  missingError,
  invalidError,
} from '../../web/model-files/hf-config.js';

export { HfConfigError };

/** @typedef {{ en: string, zh: string }} Note a note on the pasted model, in both languages */
/** @typedef {NonNullable<CourseModel['attention']>} Attention */
/**
 * The fields the KV bytes need, as found (MLA: rope, and nope or v; else head_dim if given).
 * @typedef {{ isMla: boolean, layers: HfField, heads: HfField, context: HfField,
 *   hidden: HfField, headDim?: HfField, rope?: HfField, nope?: HfField, v?: HfField }} LedgerFields
 */

/** The ledger sizes KV bytes: a size it lacks is "needed for KV bytes". */
const KV_BYTES = CONFIG_TEXT.kvBytes;

/** Bytes per element of a torch_dtype (without "torch."), lower case. */
const DTYPE_BYTES = /** @type {Record<string, number>} */ ({
  float32: 4,
  fp32: 4,
  float: 4,
  float16: 2,
  fp16: 2,
  half: 2,
  bfloat16: 2,
  bf16: 2,
  float8_e4m3fn: 1,
  float8_e5m2: 1,
  fp8: 1,
  int8: 1,
});

/** The linear-attention state's dtype (mamba_ssm_dtype) in the course's spelling. */
const STATE_DTYPE = /** @type {Record<string, 'fp32' | 'bf16' | 'fp16'>} */ ({
  float32: 'fp32',
  fp32: 'fp32',
  float: 'fp32',
  bfloat16: 'bf16',
  bf16: 'bf16',
  float16: 'fp16',
  fp16: 'fp16',
  half: 'fp16',
});
/** Bytes per number of the linear-attention state, by its dtype (the ledger shows the factor). */
export const STATE_DTYPE_BYTES = { fp32: 4, bf16: 2, fp16: 2 };

const LEARNED_POSITION_TYPES = new Set(['gpt2', 'gpt_bigcode', 'gpt_neo', 'opt', 'biogpt']);
const ALIBI_TYPES = new Set(['bloom', 'mpt']);

/** @param {unknown} s */
function slugify(s) {
  const slug = String(s)
    .toLowerCase()
    .replace(/^.*\//, '') // "org/Model-Name" -> "model-name"
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '');
  return slug || 'custom-model';
}

/** @param {Record<string, any>} cfg */
function rotaryFactor(cfg) {
  const candidates = [
    cfg.partial_rotary_factor,
    cfg.rope_parameters && cfg.rope_parameters.partial_rotary_factor,
  ];
  for (const f of candidates) if (typeof f === 'number') return f;
  return undefined;
}

/** @param {Record<string, any>} cfg */
function ropeTheta(cfg) {
  if (typeof cfg.rope_theta === 'number') return cfg.rope_theta;
  const p = cfg.rope_parameters;
  if (p && typeof p.rope_theta === 'number') return p.rope_theta;
  return undefined;
}

// ---------------------------------------------------------------- main

/**
 * @param {string|object} input  config.json text, or the parsed object
 * @param {{name?: string, id?: string, source?: string, dtypeBytes?: number}} [options]
 * @returns {CourseModel} a model in the models.json shape
 */
export function modelFromHfConfig(input, options = {}) {
  const read = hfReader(languageModelConfig(parseHfConfig(input)), bilingualErrors(KV_BYTES));
  const cfg = read.cfg;
  /** @type {Note[]} */
  const notes = [];
  const f = requiredFields(read);
  const layers = read.positive(f.layers.key, f.layers.value);
  const nHeads = read.positive(f.heads.key, f.heads.value);
  const contextLength = read.positive(f.context.key, f.context.value);
  const hiddenSize = read.positive(f.hidden.key, f.hidden.value);
  const dtypeBytes = dtypeBytesOf(read, options, notes);
  const { fullAttentionLayers, linearLayers } = layerLayout(read, layers, notes);
  const attention = f.isMla
    ? mlaAttention(read, f, nHeads)
    : kvHeadsAttention(read, f, nHeads, hiddenSize);
  const positionEmbedding = positionEncoding(cfg, attention);
  const linearAttention = linearLayers > 0 ? linearAttentionState(read, linearLayers) : undefined;

  const modelType = String(cfg.model_type || '');
  const name =
    options.name ||
    (typeof cfg._name_or_path === 'string' && cfg._name_or_path) ||
    modelType ||
    'Custom model';
  /** @type {CourseModel} */
  const model = {
    id: options.id || slugify(name),
    name,
    source: options.source || `${name} config.json`,
    layers,
  };
  if (fullAttentionLayers !== layers) model.fullAttentionLayers = fullAttentionLayers;
  model.hiddenSize = hiddenSize;
  model.attention = attention;
  if (linearAttention) model.linearAttention = linearAttention;
  model.contextLength = contextLength;
  model.dtypeBytes = dtypeBytes;
  if (positionEmbedding !== 'rope') model.positionEmbedding = positionEmbedding;
  const theta = ropeTheta(cfg);
  if (positionEmbedding === 'rope' && theta !== undefined) model.ropeTheta = theta;
  if (
    attention.kind !== 'mla' &&
    typeof cfg.sliding_window === 'number' &&
    cfg.use_sliding_window !== false &&
    !Array.isArray(cfg.layer_types)
  ) {
    model.slidingWindow = read.positive('sliding_window', cfg.sliding_window);
  }
  // notes in English, like models.json's; notesZh the same in Chinese (the widget shows one).
  if (notes.length) {
    model.notes = notes.map((n) => n.en).join(' ');
    model.notesZh = notes.map((n) => n.zh).join('');
  }
  return model;
}

/**
 * The fields the ledger needs, each as {key (the spelling found), value}; every missing one is
 * reported at once (the KV ones, then a hybrid's linear-attention sizes).
 * @param {HfReader} read
 * @returns {LedgerFields}
 */
function requiredFields(read) {
  const cfg = read.cfg;
  const isMla = cfg.kv_lora_rank !== undefined && cfg.kv_lora_rank !== null;
  /** @type {string[]} */
  const kvMissing = [];
  /** @param {string} key */
  const need = (key) => {
    const got = read.find(key);
    if (!got) kvMissing.push(key);
    return got;
  };
  const layers = need('num_hidden_layers');
  const heads = need('num_attention_heads');
  const context = need('max_position_embeddings');
  const hidden = read.find('hidden_size');
  let headDim, rope, nope, v;
  if (isMla) {
    rope = need('qk_rope_head_dim');
    nope = read.find('qk_nope_head_dim');
    v = read.find('v_head_dim');
    if (!nope && !v) kvMissing.push('qk_nope_head_dim');
  } else {
    headDim = read.find('head_dim'); // absent: hidden_size / num_attention_heads
  }
  if (!hidden) kvMissing.push('hidden_size');

  let linearGuess = false;
  if (Array.isArray(cfg.layer_types)) linearGuess = cfg.layer_types.includes('linear_attention');
  else if (typeof cfg.full_attention_interval === 'number')
    linearGuess = cfg.full_attention_interval > 1;
  const stateMissing = linearGuess
    ? ['linear_num_value_heads', 'linear_key_head_dim', 'linear_value_head_dim'].filter(
        (k) => typeof cfg[k] !== 'number',
      )
    : [];
  if (kvMissing.length || stateMissing.length) {
    throw missingError([
      { ...KV_BYTES, keys: kvMissing },
      {
        ...CONFIG_TEXT.linearState,
        keys: stateMissing,
      },
    ]);
  }
  // Every required one is there now (a missing one was thrown above).
  const got = (/** @type {HfField | undefined} */ f) => /** @type {HfField} */ (f);
  return {
    isMla,
    layers: got(layers),
    heads: got(heads),
    context: got(context),
    hidden: got(hidden),
    headDim,
    rope,
    nope,
    v,
  };
}

/**
 * Bytes per cached element: options.dtypeBytes, else torch_dtype, else BF16 (2), said in a note.
 * @param {HfReader} read
 * @param {{ dtypeBytes?: number }} options
 * @param {Note[]} notes
 */
function dtypeBytesOf(read, options, notes) {
  if (options.dtypeBytes !== undefined) return read.positive('dtypeBytes', options.dtypeBytes);
  const fDtype = read.find('torch_dtype');
  if (!fDtype) {
    notes.push(CONFIG_TEXT.noDtype);
    return 2;
  }
  const b =
    DTYPE_BYTES[
      String(fDtype.value)
        .replace(/^torch\./, '')
        .toLowerCase()
    ];
  if (!b) {
    throw invalidError(fDtype.key, fDtype.value, ...CONFIG_TEXT.unknownDtype);
  }
  if (b !== 2) notes.push(CONFIG_TEXT.dtypeNote(fDtype.value, b));
  return b;
}

/**
 * How many layers keep a KV cache and how many are linear attention, from layer_types (sliding
 * layers counted as full, an upper bound) or full_attention_interval; all full without either.
 * @param {HfReader} read
 * @param {number} layers
 * @param {Note[]} notes
 */
function layerLayout(read, layers, notes) {
  const cfg = read.cfg;
  if (Array.isArray(cfg.layer_types)) {
    /** @type {unknown[]} */
    const types = cfg.layer_types;
    if (types.length !== layers) {
      throw invalidError(
        'layer_types',
        `${types.length} entries`,
        ...CONFIG_TEXT.layerTypesCount(layers),
      );
    }
    const linearLayers = types.filter((t) => t === 'linear_attention').length;
    const sliding = types.filter((t) => t === 'sliding_attention').length;
    const other = types.filter(
      (t) => t !== 'linear_attention' && t !== 'full_attention' && t !== 'sliding_attention',
    );
    if (other.length) {
      throw invalidError('layer_types', [...new Set(other)], ...CONFIG_TEXT.layerTypesUnknown);
    }
    if (sliding) {
      notes.push(CONFIG_TEXT.slidingNote(sliding));
    }
    return { fullAttentionLayers: layers - linearLayers, linearLayers };
  }
  if (typeof cfg.full_attention_interval === 'number') {
    const interval = read.positive('full_attention_interval', cfg.full_attention_interval);
    const fullAttentionLayers = Math.floor(layers / interval);
    return { fullAttentionLayers, linearLayers: layers - fullAttentionLayers };
  }
  return { fullAttentionLayers: layers, linearLayers: 0 };
}

/**
 * MLA: the cached latent (kv_lora_rank) and decoupled RoPE dims, with the per-head sizes.
 * @param {HfReader} read
 * @param {LedgerFields} f
 * @param {number} nHeads
 * @returns {Attention}
 */
function mlaAttention(read, f, nHeads) {
  const cfg = read.cfg;
  const kvLoraRank = read.positive('kv_lora_rank', cfg.kv_lora_rank);
  const rope = /** @type {HfField} */ (f.rope); // required of MLA
  const ropeDim = read.positive(rope.key, rope.value);
  const qkNope = f.nope ? read.positive(f.nope.key, f.nope.value) : undefined;
  const vHead = f.v ? read.positive(f.v.key, f.v.value) : undefined;
  /** @type {Attention} */
  const attention = {
    kind: 'mla',
    nHeads,
    headDim: /** @type {number} */ (qkNope !== undefined ? qkNope : vHead), // one is required
    kvLoraRank,
    ropeDim,
  };
  if (qkNope !== undefined) attention.qkNopeHeadDim = qkNope;
  if (vHead !== undefined) attention.vHeadDim = vHead;
  if (typeof cfg.q_lora_rank === 'number')
    attention.qLoraRank = read.positive('q_lora_rank', cfg.q_lora_rank);
  return attention;
}

/**
 * MHA / GQA / MQA: head_dim (or hidden_size / heads) and the KV heads, which must divide the
 * query heads.
 * @param {HfReader} read
 * @param {LedgerFields} f
 * @param {number} nHeads
 * @param {number} hiddenSize
 * @returns {Attention}
 */
function kvHeadsAttention(read, f, nHeads, hiddenSize) {
  const cfg = read.cfg;
  let headDim;
  if (f.headDim) {
    headDim = read.positive(f.headDim.key, f.headDim.value);
  } else {
    if (hiddenSize % nHeads !== 0) {
      throw invalidError(
        f.hidden.key,
        hiddenSize,
        ...CONFIG_TEXT.hiddenNotDivisible(f.heads.key, nHeads),
      );
    }
    headDim = hiddenSize / nHeads;
  }
  let nKvHeads = nHeads;
  if (cfg.num_key_value_heads !== undefined && cfg.num_key_value_heads !== null) {
    nKvHeads = read.positive('num_key_value_heads', cfg.num_key_value_heads);
  } else if (cfg.multi_query === true) {
    nKvHeads = 1; // gpt_bigcode / falcon style
  }
  if (nHeads % nKvHeads !== 0) {
    throw invalidError(
      'num_key_value_heads',
      nKvHeads,
      ...CONFIG_TEXT.kvHeadsDivide(f.heads.key, nHeads),
    );
  }
  return { kind: kvHeadsKind(nHeads, nKvHeads), nHeads, nKvHeads, headDim };
}

/**
 * 'rope', 'learned-absolute' or 'alibi' from model_type; for non-MLA attention also sets
 * attention.rotaryDim (0 without RoPE) and attention.outputGate.
 * @param {Record<string, any>} cfg
 * @param {Attention} attention
 */
function positionEncoding(cfg, attention) {
  const modelType = String(cfg.model_type || '');
  let positionEmbedding = 'rope';
  if (LEARNED_POSITION_TYPES.has(modelType)) positionEmbedding = 'learned-absolute';
  else if (ALIBI_TYPES.has(modelType) || cfg.alibi === true) positionEmbedding = 'alibi';
  if (attention.kind !== 'mla') {
    if (positionEmbedding !== 'rope') {
      attention.rotaryDim = 0;
    } else if (typeof cfg.rotary_dim === 'number') {
      attention.rotaryDim = cfg.rotary_dim;
    } else {
      const f = rotaryFactor(cfg);
      attention.rotaryDim = f !== undefined ? Math.round(attention.headDim * f) : attention.headDim;
    }
    if (cfg.attn_output_gate === true) attention.outputGate = true;
  }
  return positionEmbedding;
}

/**
 * The Gated DeltaNet state of the linear-attention layers: a fixed size per request.
 * @param {HfReader} read
 * @param {number} linearLayers
 * @returns {NonNullable<CourseModel['linearAttention']>}
 */
function linearAttentionState(read, linearLayers) {
  const cfg = read.cfg;
  const numValueHeads = read.positive('linear_num_value_heads', cfg.linear_num_value_heads);
  const keyHeadDim = read.positive('linear_key_head_dim', cfg.linear_key_head_dim);
  const valueHeadDim = read.positive('linear_value_head_dim', cfg.linear_value_head_dim);
  const rawDtype = cfg.mamba_ssm_dtype || 'float32';
  const stateDtype =
    STATE_DTYPE[
      String(rawDtype)
        .replace(/^torch\./, '')
        .toLowerCase()
    ];
  if (!stateDtype) {
    throw invalidError('mamba_ssm_dtype', rawDtype, ...CONFIG_TEXT.stateDtype);
  }
  return {
    kind: 'gated-deltanet',
    layers: linearLayers,
    numValueHeads,
    keyHeadDim,
    valueHeadDim,
    stateBytesTotal:
      linearLayers * numValueHeads * keyHeadDim * valueHeadDim * STATE_DTYPE_BYTES[stateDtype],
    stateDtype,
  };
}
