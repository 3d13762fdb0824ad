// config.json → a models.json entry: the KV ledger's "paste a config.json" turns a Hugging Face
// config into the course's model shape (course-data/models.json), which the ledger then sizes.
// Reading the file (JSON text, spellings, text_config, sizes, each family's defaults) is
// web/model-files/hf-config.js's readHfConfig, the reader the open-model loader uses too; this
// file maps its normalised shape (HfShape) onto an entry and decides what the ledger needs of it.
//
//   modelFromHfConfig(configJsonTextOrObject, { name, id, source, dtypeBytes })
//
// Understands GQA/MHA/MQA configs (Llama, Mistral, Qwen, DeepSeek LLM ...), GPT-2 style configs
// (n_layer / n_head / n_embd / n_positions), MLA configs (kv_lora_rank, qk_rope_head_dim,
// qk_nope_head_dim, v_head_dim: DeepSeek-V2/V3, GLM-5) and Qwen-style hybrids (layer_types /
// full_attention_interval with Gated DeltaNet linear-attention layers). Multimodal wrappers that
// nest the language model under "text_config" are read from there.
//
// Errors are HfConfigError (a DataError naming config.json and the field), in English and
// Chinese; every field the KV bytes need and the file lacks is named at once.
/** @import { CourseModel } from '../../web/course-data.js' */
/** @import { HfShape } from '../../web/model-files/hf-config.js' */
import { kvHeadsKind } from '../../web/kv-heads.js';
import { CONFIG_TEXT } from './strings.js';
import {
  HfConfigError,
  HF_KEYS,
  readHfConfig,
  BILINGUAL_ERRORS,
  missingError,
  invalidError,
} from '../../web/model-files/hf-config.js';

export { HfConfigError };

/** @typedef {{ en: string, zh: string }} Note a note on the pasted model, in both languages */
/** @typedef {NonNullable<CourseModel['attention']>} Attention */

/** The ledger sizes KV bytes: a size it lacks is "needed for KV bytes". */
const KV_BYTES = CONFIG_TEXT.kvBytes;

/** Bytes per number of the linear-attention state, by its dtype (the ledger shows the factor). */
export const STATE_DTYPE_BYTES = { fp32: 4, bf16: 2, fp16: 2 };

/** @param {unknown} s */
function slugify(s) {
  const slug = String(s)
    .toLowerCase()
    .replace(/^.*\//, '') // "org/Model-Name" -> "model-name"
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '');
  return slug || 'custom-model';
}

/**
 * @param {string|object} input  config.json text, or the parsed object
 * @param {{name?: string, id?: string, source?: string, dtypeBytes?: number}} [options]
 * @returns {CourseModel} a model in the models.json shape
 */
export function modelFromHfConfig(input, options = {}) {
  const shape = readHfConfig(input, BILINGUAL_ERRORS);
  requireFields(shape);
  /** @type {Note[]} */
  const notes = [];
  // Every size requireFields asked for is there now.
  const layers = /** @type {number} */ (shape.layers);
  const dtypeBytes = dtypeBytesOf(shape, options, notes);
  const { fullAttentionLayers, linearLayers } = layerLayout(shape, layers, notes);
  const attention = shape.mla ? mlaAttention(shape) : kvHeadsAttention(shape);
  if (!shape.mla) {
    attention.rotaryDim = shape.rotaryDim;
    if (shape.outputGate) attention.outputGate = true;
  }
  const linearAttention = linearLayers > 0 ? linearAttentionState(shape, linearLayers) : undefined;

  const name = options.name || shape.nameOrPath || shape.textModelType || 'Custom model';
  /** @type {CourseModel} */
  const model = {
    id: options.id || slugify(name),
    name,
    source: options.source || `${name} config.json`,
    layers,
  };
  if (fullAttentionLayers !== layers) model.fullAttentionLayers = fullAttentionLayers;
  model.hiddenSize = shape.hiddenSize;
  model.attention = attention;
  if (linearAttention) model.linearAttention = linearAttention;
  model.contextLength = shape.contextLength;
  model.dtypeBytes = dtypeBytes;
  if (shape.positionEmbedding !== 'rope') model.positionEmbedding = shape.positionEmbedding;
  if (shape.ropeTheta !== null) model.ropeTheta = shape.ropeTheta;
  // A window on some layers only is counted as full attention (layerLayout's note).
  if (!shape.mla && !shape.layerTypes && shape.slidingWindow !== null)
    model.slidingWindow = shape.slidingWindow;
  // notes in English, like models.json's; notesZh the same in Chinese (the widget shows one).
  if (notes.length) {
    model.notes = notes.map((n) => n.en).join(' ');
    model.notesZh = notes.map((n) => n.zh).join('');
  }
  return model;
}

/**
 * Every field the ledger needs and the file lacks, reported at once (the KV ones, then a
 * hybrid's linear-attention sizes).
 * @param {HfShape} shape
 */
function requireFields(shape) {
  /** @type {string[]} */
  const kvMissing = /** @type {const} */ (['layers', 'heads', 'contextLength'])
    .filter((q) => shape[q] === undefined)
    .map((q) => HF_KEYS[q]);
  if (shape.mla) {
    if (shape.mla.qkRopeHeadDim === undefined) kvMissing.push(HF_KEYS.qkRopeHeadDim);
    if (shape.mla.qkNopeHeadDim === undefined && shape.mla.vHeadDim === undefined)
      kvMissing.push(HF_KEYS.qkNopeHeadDim);
  }
  if (shape.hiddenSize === undefined) kvMissing.push(HF_KEYS.hiddenSize);
  const linear = shape.linear;
  const stateMissing = linear
    ? [
        linear.valueHeads === undefined && HF_KEYS.linearValueHeads,
        linear.keyHeadDim === undefined && HF_KEYS.linearKeyHeadDim,
        linear.valueHeadDim === undefined && HF_KEYS.linearValueHeadDim,
      ].filter((k) => typeof k === 'string')
    : [];
  if (kvMissing.length || stateMissing.length)
    throw missingError([
      { ...KV_BYTES, keys: kvMissing },
      { ...CONFIG_TEXT.linearState, keys: stateMissing },
    ]);
}

/**
 * Bytes per cached element: options.dtypeBytes, else the config's dtype, else BF16 (2), said in
 * a note.
 * @param {HfShape} shape
 * @param {{ dtypeBytes?: number }} options
 * @param {Note[]} notes
 */
function dtypeBytesOf(shape, options, notes) {
  if (options.dtypeBytes !== undefined) {
    const b = options.dtypeBytes;
    if (!Number.isInteger(b) || b < 1) throw BILINGUAL_ERRORS.notPositive('dtypeBytes', b);
    return b;
  }
  const d = shape.dtype;
  if (!d) {
    notes.push(CONFIG_TEXT.noDtype);
    return shape.dtypeBytes;
  }
  if (d.bytes === undefined) throw invalidError(d.key, d.value, ...CONFIG_TEXT.unknownDtype);
  if (d.bytes !== 2) notes.push(CONFIG_TEXT.dtypeNote(d.value, d.bytes));
  return d.bytes;
}

/**
 * How many layers keep a KV cache and how many are linear attention (sliding layers counted as
 * full, an upper bound); all full without layer types.
 * @param {HfShape} shape
 * @param {number} layers
 * @param {Note[]} notes
 */
function layerLayout(shape, layers, notes) {
  const types = shape.layerTypes;
  if (!types) return { fullAttentionLayers: layers, linearLayers: 0 };
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
  if (sliding) notes.push(CONFIG_TEXT.slidingNote(sliding));
  return { fullAttentionLayers: layers - linearLayers, linearLayers };
}

/**
 * MLA: the cached latent (kv_lora_rank) and decoupled RoPE dims, with the per-head sizes.
 * @param {HfShape} shape
 * @returns {Attention}
 */
function mlaAttention(shape) {
  const mla = /** @type {NonNullable<HfShape['mla']>} */ (shape.mla);
  const qkNope = mla.qkNopeHeadDim;
  const vHead = mla.vHeadDim;
  /** @type {Attention} */
  const attention = {
    kind: 'mla',
    nHeads: /** @type {number} */ (shape.heads),
    headDim: /** @type {number} */ (qkNope ?? vHead), // one is required
    kvLoraRank: mla.kvLoraRank,
    ropeDim: /** @type {number} */ (mla.qkRopeHeadDim), // required of MLA
  };
  if (qkNope !== undefined) attention.qkNopeHeadDim = qkNope;
  if (vHead !== undefined) attention.vHeadDim = vHead;
  if (mla.qLoraRank !== undefined) attention.qLoraRank = mla.qLoraRank;
  return attention;
}

/**
 * MHA / GQA / MQA: the head width (a whole one) and the KV heads, which must divide the query
 * heads.
 * @param {HfShape} shape
 * @returns {Attention}
 */
function kvHeadsAttention(shape) {
  const nHeads = /** @type {number} */ (shape.heads);
  const headDim = /** @type {number} */ (shape.headDim);
  if (!Number.isInteger(headDim)) {
    throw invalidError(
      shape.keys.hiddenSize,
      shape.hiddenSize,
      ...CONFIG_TEXT.hiddenNotDivisible(shape.keys.heads, nHeads),
    );
  }
  const nKvHeads = /** @type {number} */ (shape.kvHeads);
  if (nHeads % nKvHeads !== 0) {
    throw invalidError(
      HF_KEYS.kvHeads,
      nKvHeads,
      ...CONFIG_TEXT.kvHeadsDivide(shape.keys.heads, nHeads),
    );
  }
  return { kind: kvHeadsKind(nHeads, nKvHeads), nHeads, nKvHeads, headDim };
}

/**
 * The Gated DeltaNet state of the linear-attention layers: a fixed size per request.
 * @param {HfShape} shape
 * @param {number} linearLayers
 * @returns {NonNullable<CourseModel['linearAttention']>}
 */
function linearAttentionState(shape, linearLayers) {
  const linear = /** @type {NonNullable<HfShape['linear']>} */ (shape.linear);
  // requireFields asked for these three.
  const numValueHeads = /** @type {number} */ (linear.valueHeads);
  const keyHeadDim = /** @type {number} */ (linear.keyHeadDim);
  const valueHeadDim = /** @type {number} */ (linear.valueHeadDim);
  const stateDtype = linear.stateDtype;
  if (!stateDtype) {
    throw invalidError('mamba_ssm_dtype', linear.stateDtypeGiven, ...CONFIG_TEXT.stateDtype);
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
