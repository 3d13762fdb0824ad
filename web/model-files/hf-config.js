// The one reader of a Hugging Face config.json, for every part of the course that takes one: the
// KV ledger's "paste a config.json" (widgets/kv-ledger/ledger-model.js makes a models.json entry
// of it) and the open-model loader (model-config.js: configFromHf makes the engine's config).
// readHfConfig returns ONE normalised shape (HfShape): layers, heads, KV heads, head_dim, RoPE θ,
// dtype bytes, MLA and linear-attention sizes, sliding window, context, vocabulary, whatever the
// file's spelling (GPT-2's n_layer is num_hidden_layers) and with a vision-language wrapper's
// text_config laid over; both consumers map from that shape and read no raw field of their own.
// It knows what the file is made of: JSON text (the first error located the same way in every
// browser), the positive integers a size must be, each family's defaults (cited below) and the
// names of the fields in Chinese. The words of a consumer's errors stay with it: the reader is
// given how to word a bad size (HfErrors), so the ledger answers in English and Chinese and the
// loader in its OpenModelError.
import { DataError } from '../data-error.js';

/** The Chinese name of a field, shown after it in a Chinese message. */
export const LABEL_ZH = /** @type {Record<string, string>} */ ({
  num_hidden_layers: '层数',
  num_attention_heads: '注意力头数',
  hidden_size: '隐藏维度',
  head_dim: '每头维度',
  num_key_value_heads: 'KV 头数',
  max_position_embeddings: '最大上下文长度',
  kv_lora_rank: 'MLA 潜向量维数',
  qk_rope_head_dim: 'MLA 的 RoPE 维数',
  qk_nope_head_dim: 'MLA 每头非 RoPE 维数',
  v_head_dim: 'MLA 每头 V 维数',
  layer_types: '各层类型',
  full_attention_interval: '全注意力间隔',
  partial_rotary_factor: 'RoPE 旋转比例',
  linear_num_value_heads: '线性注意力 V 头数',
  linear_key_head_dim: '线性注意力每头 K 维数',
  linear_value_head_dim: '线性注意力每头 V 维数',
  torch_dtype: '数据类型',
});

/**
 * The spellings of one quantity across model families, the usual one first (the name a message
 * reports). A consumer that prefers another order (GPT-2's own first) passes its list.
 */
export const SPELLINGS = /** @type {Record<string, string[]>} */ ({
  num_hidden_layers: ['num_hidden_layers', 'n_layer'],
  num_attention_heads: ['num_attention_heads', 'n_head'],
  hidden_size: ['hidden_size', 'n_embd'],
  max_position_embeddings: ['max_position_embeddings', 'n_positions', 'n_ctx'],
  intermediate_size: ['intermediate_size', 'n_inner'],
  torch_dtype: ['torch_dtype', 'dtype'],
});

/**
 * A config.json the course cannot use. The message is English, then Chinese (`messageEn`,
 * `messageZh` apart, for a widget's language); `code` says which kind:
 *   HF_CONFIG_JSON     bad JSON text; `position`, `line`, `column` of the first error
 *   HF_CONFIG_MISSING  `missing` = ['num_hidden_layers', ...], every absent field at once
 *   HF_CONFIG_INVALID  `field` has an unusable value
 */
export class HfConfigError extends DataError {
  /**
   * @param {'HF_CONFIG_JSON' | 'HF_CONFIG_MISSING' | 'HF_CONFIG_INVALID'} code
   * @param {string} en
   * @param {string} zh
   * @param {{ field?: string, missing?: string[], position?: number, line?: number,
   *   column?: number }} [detail]
   */
  constructor(code, en, zh, detail = {}) {
    super(`${en}\n${zh}`, { file: 'config.json', field: detail.field });
    this.code = code;
    this.messageEn = en;
    this.messageZh = zh;
    this.missing = detail.missing;
    this.position = detail.position;
    this.line = detail.line;
    this.column = detail.column;
  }
}

// ---------------------------------------------------------------- JSON text

const JSON_SPACE = /[ \t\n\r]*/y;
// Any character but '"', '\\' and the controls below U+0020, or an escape.
const JSON_STRING = /"(?:[ !#-[\]-\u{10FFFF}]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/uy;
const JSON_NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const JSON_LITERAL = /true|false|null/y;

/**
 * Offset of the first JSON token that does not fit in s, or -1 if s is valid JSON. Only for the
 * error message: JSON.parse's own wording differs between engines and some give no position, so
 * the course finds it itself to report the same line and column everywhere.
 * @param {string} s
 */
function jsonErrorOffset(s) {
  let i = 0;
  /** @param {RegExp} re a sticky pattern; on a match, step past it */
  const eat = (re) => {
    re.lastIndex = i;
    if (!re.test(s)) return false;
    i = re.lastIndex;
    return true;
  };
  /** @param {string} c */
  const char = (c) => s[i] === c && ++i > 0;
  /**
   * The items of an object or array up to `close` (the opening bracket already read).
   * @param {string} close
   * @param {() => boolean} item
   */
  const items = (close, item) => {
    eat(JSON_SPACE);
    if (char(close)) return true;
    do {
      if (!item()) return false;
      eat(JSON_SPACE);
    } while (char(','));
    return char(close);
  };
  const member = () =>
    eat(JSON_SPACE) && eat(JSON_STRING) && eat(JSON_SPACE) && char(':') && value();
  /** @returns {boolean} */
  function value() {
    eat(JSON_SPACE);
    if (char('{')) return items('}', member);
    if (char('[')) return items(']', value);
    return eat(JSON_STRING) || eat(JSON_NUMBER) || eat(JSON_LITERAL);
  }
  return value() && eat(JSON_SPACE) && i === s.length ? -1 : i;
}

/**
 * config.json text (a leading BOM allowed) → its value; bad JSON is HF_CONFIG_JSON at a line and
 * column.
 * @param {string} text
 * @returns {unknown}
 */
function parseConfigText(text) {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(s);
  } catch {
    const pos = Math.max(0, jsonErrorOffset(s)); // -1: the two disagree, which should not happen
    const head = s.slice(0, pos);
    const line = head.split('\n').length;
    const column = pos - head.lastIndexOf('\n');
    const before = JSON.stringify(s.slice(Math.max(0, pos - 20), pos));
    const after = pos >= s.length ? '(end of text)' : JSON.stringify(s.slice(pos, pos + 10));
    const afterZh = pos >= s.length ? '（文本末尾）' : after;
    throw new HfConfigError(
      'HF_CONFIG_JSON',
      `config.json is not valid JSON: error at line ${line}, column ${column} (position ${pos}): ${before} ▶ ${after}`,
      `config.json 不是合法的 JSON：第 ${line} 行第 ${column} 列（位置 ${pos}）出错：${before} ▶ ${afterZh}`,
      { position: pos, line, column },
    );
  }
}

/**
 * config.json text, or its parsed value → the object it must be (HF_CONFIG_INVALID otherwise).
 * @param {string | object} input
 * @returns {Record<string, any>}
 */
export function parseHfConfig(input) {
  const root = typeof input === 'string' ? parseConfigText(input) : input;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new HfConfigError(
      'HF_CONFIG_INVALID',
      `config.json must be a JSON object ({...}), got ${Array.isArray(root) ? 'an array' : JSON.stringify(root)}`,
      `config.json 必须是一个 JSON 对象（{...}），实际是 ${Array.isArray(root) ? '数组' : JSON.stringify(root)}`,
    );
  }
  return /** @type {Record<string, any>} */ (root);
}

/**
 * The language model's fields as one flat object: a vision-language wrapper's text_config laid
 * over the top level (the object itself when there is none).
 * @param {Record<string, any>} cfg
 * @returns {Record<string, any>}
 */
export function languageModelConfig(cfg) {
  const tc = cfg.text_config && typeof cfg.text_config === 'object' ? cfg.text_config : null;
  return tc ? { ...cfg, ...tc } : cfg;
}

// ---------------------------------------------------------------- fields

/** @typedef {{ key: string, value: any }} HfField a field as found: the spelling, its value */

/**
 * How a consumer words a size config.json gives that is not a whole number ≥ 1.
 * @typedef {{ notPositive: (key: string, value: unknown) => Error }} HfErrors
 */

/**
 * Is this a size: an integer ≥ 1?
 * @param {unknown} value
 * @returns {value is number}
 */
export function isPositiveInteger(value) {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

/**
 * The first of these spellings the config gives (null counts as absent).
 * @param {Record<string, any>} cfg
 * @param {string[]} spellings
 * @returns {HfField | undefined}
 */
function findField(cfg, spellings) {
  for (const k of spellings) {
    if (cfg[k] !== undefined && cfg[k] !== null) return { key: k, value: cfg[k] };
  }
  return undefined;
}

// ---------------------------------------------------------------- the normalised shape
//
// Where a model family's own configuration class fills an absent field with a value that the
// generic reading (head_dim = hidden_size / heads, every layer full attention, no window) would
// not give, this reader applies the family's value, so a number the course shows is the one the
// model runs with. Where it would have no number at all (an MLA or linear-attention size), it
// reads none and the consumer asks for the field. The families' code, in huggingface/transformers
// (commit 008e5743 unless said; 001f85b3 is the __init__-style config of the same release line):
//   Llama    configuration_llama.py:86-90 head_dim None → hidden_size // heads, num_key_value_heads
//            None → heads; :95 hidden_size must be a multiple of heads (else a ValueError, as
//            here); no sliding window among its fields (:64-84). rope_theta absent → 10000:
//            LlamaConfig.__init__'s rope_theta=10000.0 at 4bdeeced (transformers 4); transformers 5
//            keeps it as RotaryEmbeddingConfigMixin.default_theta (read at
//            configuration_deepseek_v3.py:239, 001f85b3) and turns a transformers 4 file's
//            rope_scaling into rope_parameters (:234-235 there), which is read here too.
//   Qwen2    configuration_qwen2.py:74-76 use_sliding_window False, sliding_window 4096,
//            max_window_layers 28; :84 the window only when use_sliding_window; :88-94 layers
//            from max_window_layers on slide. Its num_key_value_heads defaults to 32 (:66), the
//            default head count, not to num_attention_heads: a file without it is read as MHA
//            here, as LlamaConfig does.
//   Qwen3    configuration_qwen3.py:68 head_dim 128 when absent (not hidden_size / heads);
//            :77, :87 the window as Qwen2's.
//   Mistral  configuration_mistral.py:137 (001f85b3) sliding_window 4096 when absent (null:
//            none), :147 the window whatever use_sliding_window says; :148 head_dim None →
//            hidden_size // heads; :151-152 num_key_value_heads None → heads.
//   Gemma    configuration_gemma.py:70 head_dim 256 when absent.
//   DeepSeek-V3 (MLA) configuration_deepseek_v3.py:163-167 (001f85b3) kv_lora_rank,
//            q_lora_rank, qk_rope_head_dim, v_head_dim, qk_nope_head_dim (a file without them
//            is asked for them here: the course sizes the cache from them).
//   Qwen3-Next (linear-attention hybrid) configuration_qwen3_next.py:108 head_dim 256, :129
//            partial_rotary_factor 0.25, :131-135 layer i is full attention when
//            (i + 1) % full_attention_interval == 0 (interval 4 when absent), else linear.
//   GPT-2    GPT2Config: n_inner None → 4 × n_embd; learned positions, no RoPE.

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

/** The course's spelling of a linear-attention state dtype (mamba_ssm_dtype). */
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

/** The bytes per element when config.json names no dtype: BF16, the course's convention. */
export const COURSE_DTYPE_BYTES = 2;

const LEARNED_POSITION_TYPES = new Set(['gpt2', 'gpt_bigcode', 'gpt_neo', 'opt', 'biogpt']);
const ALIBI_TYPES = new Set(['bloom', 'mpt']);
/** head_dim when absent, where the family's default is not hidden_size / heads. */
const HEAD_DIM_DEFAULT = /** @type {Record<string, number>} */ ({
  qwen3: 128,
  qwen3_next: 256,
  gemma: 256,
});
/** Families whose window applies only with use_sliding_window (default False). */
const WINDOW_NEEDS_FLAG = new Set(['qwen2', 'qwen3']);
/** Families without sliding-window attention in their code. */
const NO_WINDOW = new Set(['llama', 'gpt2']);
/** sliding_window when the field is absent (null means none). */
const WINDOW_DEFAULT = /** @type {Record<string, number>} */ ({
  mistral: 4096,
  qwen2: 4096,
  qwen3: 4096,
});
/** max_window_layers when absent, for the families that read it. */
const MAX_WINDOW_LAYERS_DEFAULT = 28;
/** full_attention_interval when neither it nor layer_types is given. */
const INTERVAL_DEFAULT = /** @type {Record<string, number>} */ ({ qwen3_next: 4 });
const PARTIAL_ROTARY_DEFAULT = /** @type {Record<string, number>} */ ({ qwen3_next: 0.25 });
/** tie_word_embeddings when absent (PretrainedConfig's True), where the family keeps it. */
const TIED_BY_DEFAULT = new Set(['gpt2', 'gemma']);
/** intermediate_size when absent: this many times hidden_size. */
const MLP_FACTOR_DEFAULT = /** @type {Record<string, number>} */ ({ gpt2: 4 });
/** Families whose q/k/v projections always carry biases (Qwen2Attention: bias=True). */
const QKV_BIAS = new Set(['qwen2']);
/** Families whose q/k/v never do, whatever attention_bias says (MistralAttention). */
const NO_QKV_BIAS = new Set(['mistral']);
const THETA_DEFAULT = 10000;

/** The usual key of each quantity of HfShape: named in a message when the file lacks it. */
export const HF_KEYS = Object.freeze({
  layers: 'num_hidden_layers',
  heads: 'num_attention_heads',
  hiddenSize: 'hidden_size',
  contextLength: 'max_position_embeddings',
  vocab: 'vocab_size',
  intermediateSize: 'intermediate_size',
  kvHeads: 'num_key_value_heads',
  headDim: 'head_dim',
  kvLoraRank: 'kv_lora_rank',
  qLoraRank: 'q_lora_rank',
  qkRopeHeadDim: 'qk_rope_head_dim',
  qkNopeHeadDim: 'qk_nope_head_dim',
  vHeadDim: 'v_head_dim',
  linearValueHeads: 'linear_num_value_heads',
  linearKeyHeads: 'linear_num_key_heads',
  linearKeyHeadDim: 'linear_key_head_dim',
  linearValueHeadDim: 'linear_value_head_dim',
  fullAttentionInterval: 'full_attention_interval',
  slidingWindow: 'sliding_window',
  dtype: 'torch_dtype',
});
/** @typedef {keyof typeof HF_KEYS} HfQuantity */

/**
 * RoPE scaling as config.json gives it (rope_scaling, or transformers 5's rope_parameters).
 * @typedef {object} HfRopeScaling
 * @property {'rope_scaling' | 'rope_parameters'} key where it was found
 * @property {string} type rope_type (or the older "type"): 'linear', 'llama3', 'yarn', …
 * @property {unknown} factor as given (the consumer checks it)
 * @property {number} [lowFreqFactor] llama3, 1 when absent (Meta's apply_scaling)
 * @property {number} [highFreqFactor] llama3, 4 when absent
 * @property {number} [originalContext] llama3: original_max_position_embeddings, 8192 when absent
 */

/**
 * MLA's sizes (present when config.json gives kv_lora_rank).
 * @typedef {{ kvLoraRank: number, qLoraRank?: number, qkRopeHeadDim?: number,
 *   qkNopeHeadDim?: number, vHeadDim?: number }} HfMla
 */

/**
 * A linear-attention hybrid's linear layers (present when some layer is linear_attention).
 * @typedef {object} HfLinear
 * @property {number} [valueHeads] linear_num_value_heads
 * @property {number} [keyHeads] linear_num_key_heads
 * @property {number} [keyHeadDim] linear_key_head_dim
 * @property {number} [valueHeadDim] linear_value_head_dim
 * @property {unknown} stateDtypeGiven mamba_ssm_dtype as given ('float32' when absent)
 * @property {'fp32' | 'bf16' | 'fp16' | undefined} stateDtype the course's spelling; undefined
 *   when it is not one of these
 */

/**
 * A config.json read once: what every reader of it in the course takes (the KV ledger's
 * widgets/kv-ledger/ledger-model.js, the open-model loader's model-config.js), each quantity
 * under one name whatever its spelling, with the family's own default where it has one (above).
 * A size the file lacks is undefined (the consumer says it is missing, in its words); a size it
 * gives that is not a whole number ≥ 1 is the `notPositive` error at once.
 * @typedef {object} HfShape
 * @property {string[]} architectures the checkpoint's own (top level)
 * @property {string} modelType the checkpoint's model_type (top level), '' when none
 * @property {string} textModelType the language model's model_type (text_config's when nested)
 * @property {string | undefined} nameOrPath _name_or_path
 * @property {number | undefined} layers num_hidden_layers, n_layer
 * @property {number | undefined} heads num_attention_heads, n_head
 * @property {number | undefined} hiddenSize hidden_size, n_embd
 * @property {number | undefined} contextLength max_position_embeddings, n_positions, n_ctx
 * @property {number | undefined} vocab vocab_size
 * @property {number | undefined} intermediateSize intermediate_size, n_inner (GPT-2: 4 × n_embd)
 * @property {number | undefined} kvHeads num_key_value_heads; absent: 1 with multi_query, else
 *   the query heads (MHA)
 * @property {number | undefined} headDim head_dim; absent: the family's default, else
 *   hidden_size / heads, which is a fraction when they do not divide (a consumer refuses it)
 * @property {'rope' | 'learned-absolute' | 'alibi'} positionEmbedding
 * @property {number | null} ropeTheta θ: rope_theta, rope_parameters.rope_theta, else 10000; null
 *   without RoPE
 * @property {number | undefined} rotaryDim dims of a head RoPE turns: rotary_dim, else head_dim ×
 *   partial_rotary_factor, else head_dim; 0 without RoPE; undefined for MLA or a fractional head
 * @property {HfRopeScaling | null} ropeScaling null for plain RoPE
 * @property {number | null} slidingWindow the window of the layers that slide, null when none does
 * @property {unknown[] | null} layerTypes per layer ('full_attention', 'sliding_attention',
 *   'linear_attention'): layer_types as given, or what full_attention_interval or a Qwen window
 *   implies; null when every layer is alike (full, or all sliding at slidingWindow)
 * @property {HfMla | null} mla
 * @property {HfLinear | null} linear
 * @property {{ key: string, value: unknown, bytes: number | undefined } | undefined} dtype
 *   torch_dtype (or transformers 5's dtype) as given, and its bytes per element (undefined for a
 *   dtype the course does not know)
 * @property {number} dtypeBytes bytes per cached element: the given dtype's (K and V are cached
 *   in the dtype the model runs in, the one its weights were saved in, which this field names),
 *   else 2 (BF16, the course's convention)
 * @property {number} normEps rms_norm_eps, layer_norm_epsilon; else 1e-5 for LayerNorm (learned
 *   positions) families, 1e-6 for RMSNorm ones
 * @property {boolean} tiedEmbeddings tie_word_embeddings, else the family's default
 * @property {boolean} attentionBias q/k/v biases: always for Qwen2, never for Mistral, else
 *   attention_bias
 * @property {boolean} outputGate attn_output_gate
 * @property {Record<HfQuantity, string>} keys the spelling each quantity was found under (its
 *   usual one, HF_KEYS, when absent): for messages
 */

/**
 * Reads a config.json once.
 * @param {string | object} input config.json text, or its parsed value
 * @param {HfErrors} errors how the consumer words a size that is not a whole number ≥ 1
 * @returns {HfShape}
 */
export function readHfConfig(input, errors) {
  const root = parseHfConfig(input);
  const cfg = languageModelConfig(root);
  const type = String(cfg.model_type ?? '');
  /** @type {Record<HfQuantity, string>} */
  const keys = { ...HF_KEYS };
  /**
   * The quantity under the first of its spellings given (null is absent), checked to be a size.
   * @param {HfQuantity} q
   * @returns {number | undefined}
   */
  const size = (q) => {
    const f = findField(cfg, SPELLINGS[HF_KEYS[q]] ?? [HF_KEYS[q]]);
    if (!f) return undefined;
    keys[q] = f.key;
    if (!isPositiveInteger(f.value)) throw errors.notPositive(f.key, f.value);
    return f.value;
  };

  const layers = size('layers');
  const heads = size('heads');
  const hiddenSize = size('hiddenSize');
  const contextLength = size('contextLength');
  const vocab = size('vocab');
  const mlpFactor = MLP_FACTOR_DEFAULT[type];
  const intermediateSize =
    size('intermediateSize') ?? (mlpFactor && hiddenSize ? mlpFactor * hiddenSize : undefined);
  const kvHeads = size('kvHeads') ?? (cfg.multi_query === true ? 1 : heads);
  const headDim =
    size('headDim') ??
    HEAD_DIM_DEFAULT[type] ??
    (hiddenSize && heads ? hiddenSize / heads : undefined);

  const positionEmbedding = LEARNED_POSITION_TYPES.has(type)
    ? 'learned-absolute'
    : ALIBI_TYPES.has(type) || cfg.alibi === true
      ? 'alibi'
      : 'rope';
  const ropeParameters =
    cfg.rope_parameters && typeof cfg.rope_parameters === 'object' ? cfg.rope_parameters : {};
  const givenTheta = [cfg.rope_theta, ropeParameters.rope_theta].find((t) => typeof t === 'number');
  const ropeTheta = positionEmbedding === 'rope' ? (givenTheta ?? THETA_DEFAULT) : null;

  const mla = cfg.kv_lora_rank === undefined || cfg.kv_lora_rank === null ? null : readMla(size);
  const rotaryDim = mla
    ? undefined
    : positionEmbedding !== 'rope'
      ? 0
      : rotaryDimOf(cfg, ropeParameters, type, headDim);

  const { layerTypes, slidingWindow, interval } = layerLayout(cfg, type, layers, size);
  // Without num_hidden_layers there are no layer types, but an interval still says some are linear.
  const hasLinear = layerTypes ? layerTypes.includes('linear_attention') : (interval ?? 1) > 1;
  const linear = hasLinear ? readLinear(cfg, size) : null;

  const dtypeField = findField(cfg, SPELLINGS.torch_dtype);
  const dtype = dtypeField && {
    ...dtypeField,
    bytes:
      DTYPE_BYTES[
        String(dtypeField.value)
          .replace(/^torch\./, '')
          .toLowerCase()
      ],
  };
  if (dtypeField) keys.dtype = dtypeField.key;

  return {
    architectures: Array.isArray(root.architectures) ? root.architectures.map(String) : [],
    modelType: String(root.model_type ?? ''),
    textModelType: type,
    nameOrPath: typeof root._name_or_path === 'string' ? root._name_or_path : undefined,
    layers,
    heads,
    hiddenSize,
    contextLength,
    vocab,
    intermediateSize,
    kvHeads,
    headDim,
    positionEmbedding,
    ropeTheta,
    rotaryDim,
    ropeScaling: ropeTheta === null ? null : ropeScalingOf(cfg, ropeParameters),
    slidingWindow,
    layerTypes,
    mla,
    linear,
    dtype,
    dtypeBytes: dtype?.bytes ?? COURSE_DTYPE_BYTES,
    normEps:
      [cfg.rms_norm_eps, cfg.layer_norm_epsilon, cfg.layer_norm_eps].find(
        (e) => typeof e === 'number',
      ) ?? (positionEmbedding === 'learned-absolute' ? 1e-5 : 1e-6),
    tiedEmbeddings:
      typeof cfg.tie_word_embeddings === 'boolean'
        ? cfg.tie_word_embeddings
        : TIED_BY_DEFAULT.has(type),
    attentionBias: QKV_BIAS.has(type) || (!NO_QKV_BIAS.has(type) && cfg.attention_bias === true),
    outputGate: cfg.attn_output_gate === true,
    keys,
  };
}

/**
 * @typedef {(q: HfQuantity) => number | undefined} SizeReader
 */

/**
 * MLA's sizes, each checked where given.
 * @param {SizeReader} size
 * @returns {HfMla}
 */
function readMla(size) {
  /** @type {HfMla} */
  const mla = { kvLoraRank: /** @type {number} */ (size('kvLoraRank')) };
  for (const q of /** @type {const} */ ([
    'qLoraRank',
    'qkRopeHeadDim',
    'qkNopeHeadDim',
    'vHeadDim',
  ])) {
    const v = size(q);
    if (v !== undefined) mla[q] = v;
  }
  return mla;
}

/**
 * A linear-attention layer's sizes, each checked where given, and its state's dtype.
 * @param {Record<string, any>} cfg
 * @param {SizeReader} size
 * @returns {HfLinear}
 */
function readLinear(cfg, size) {
  const stateDtypeGiven = cfg.mamba_ssm_dtype || 'float32';
  return {
    valueHeads: size('linearValueHeads'),
    keyHeads: size('linearKeyHeads'),
    keyHeadDim: size('linearKeyHeadDim'),
    valueHeadDim: size('linearValueHeadDim'),
    stateDtypeGiven,
    stateDtype:
      STATE_DTYPE[
        String(stateDtypeGiven)
          .replace(/^torch\./, '')
          .toLowerCase()
      ],
  };
}

/**
 * Dims of a head RoPE turns, for a RoPE model without MLA.
 * @param {Record<string, any>} cfg
 * @param {Record<string, any>} ropeParameters
 * @param {string} type
 * @param {number | undefined} headDim
 * @returns {number | undefined}
 */
function rotaryDimOf(cfg, ropeParameters, type, headDim) {
  if (typeof cfg.rotary_dim === 'number') return cfg.rotary_dim;
  if (headDim === undefined || !Number.isInteger(headDim)) return undefined;
  const factor = [cfg.partial_rotary_factor, ropeParameters.partial_rotary_factor].find(
    (f) => typeof f === 'number',
  );
  const f = factor ?? PARTIAL_ROTARY_DEFAULT[type];
  return f === undefined ? headDim : Math.round(headDim * f);
}

/**
 * RoPE scaling, from rope_scaling or (transformers 5) rope_parameters; null for plain RoPE.
 * @param {Record<string, any>} cfg
 * @param {Record<string, any>} ropeParameters
 * @returns {HfRopeScaling | null}
 */
function ropeScalingOf(cfg, ropeParameters) {
  const fromScaling = cfg.rope_scaling && typeof cfg.rope_scaling === 'object';
  const s = fromScaling ? cfg.rope_scaling : ropeParameters;
  const type = String(s.rope_type ?? s.type ?? 'default');
  if (type === 'default') return null;
  /** @type {HfRopeScaling} */
  const scaling = { key: fromScaling ? 'rope_scaling' : 'rope_parameters', type, factor: s.factor };
  if (type === 'llama3')
    Object.assign(scaling, {
      lowFreqFactor: s.low_freq_factor ?? 1,
      highFreqFactor: s.high_freq_factor ?? 4,
      originalContext: s.original_max_position_embeddings ?? 8192,
    });
  return scaling;
}

/**
 * Which layers are full, sliding or linear attention, and the window of those that slide.
 * @param {Record<string, any>} cfg
 * @param {string} type
 * @param {number | undefined} layers
 * @param {SizeReader} size
 * @returns {{ layerTypes: unknown[] | null, slidingWindow: number | null,
 *   interval: number | undefined }}
 */
function layerLayout(cfg, type, layers, size) {
  const on = NO_WINDOW.has(type)
    ? false
    : WINDOW_NEEDS_FLAG.has(type)
      ? cfg.use_sliding_window === true
      : type === 'mistral' || cfg.use_sliding_window !== false;
  const window = !on
    ? null
    : cfg.sliding_window === undefined
      ? (WINDOW_DEFAULT[type] ?? null)
      : (size('slidingWindow') ?? null);
  if (Array.isArray(cfg.layer_types)) {
    const types = /** @type {unknown[]} */ (cfg.layer_types);
    return {
      layerTypes: types,
      slidingWindow: types.includes('sliding_attention') ? window : null,
      interval: undefined,
    };
  }
  const interval = size('fullAttentionInterval') ?? INTERVAL_DEFAULT[type];
  if (layers === undefined) return { layerTypes: null, slidingWindow: window, interval };
  if (interval !== undefined && interval > 1)
    return {
      layerTypes: Array.from({ length: layers }, (_, i) =>
        (i + 1) % interval === 0 ? 'full_attention' : 'linear_attention',
      ),
      slidingWindow: null,
      interval,
    };
  if (window !== null && WINDOW_NEEDS_FLAG.has(type)) {
    const from =
      typeof cfg.max_window_layers === 'number' ? cfg.max_window_layers : MAX_WINDOW_LAYERS_DEFAULT;
    if (from >= layers) return { layerTypes: null, slidingWindow: null, interval };
    if (from > 0)
      return {
        layerTypes: Array.from({ length: layers }, (_, i) =>
          i >= from ? 'sliding_attention' : 'full_attention',
        ),
        slidingWindow: window,
        interval,
      };
  }
  return { layerTypes: null, slidingWindow: window, interval };
}
// ---------------------------------------------------------------- the errors in two languages

/**
 * '"hidden_size" (or "n_embd")' in English, '"hidden_size"（隐藏维度）' in Chinese.
 * @param {string} key
 */
function describeField(key) {
  const alts = (SPELLINGS[key] || [key]).slice(1);
  const orEn = alts.length ? ` (or ${alts.map((a) => `"${a}"`).join(' / ')})` : '';
  return {
    en: `"${key}"${orEn}`,
    zh: `"${key}"${LABEL_ZH[key] ? `（${LABEL_ZH[key]}）` : ''}`,
  };
}

/**
 * Every absent field at once, grouped by what they are needed for (empty groups left out).
 * @param {{ purposeEn: string, purposeZh: string, keys: string[] }[]} groups
 */
export function missingError(groups) {
  const parts = groups.filter((g) => g.keys.length);
  const en = parts
    .map(
      (g) =>
        `config.json is missing ${g.keys.map((k) => describeField(k).en).join(', ')} — needed for ${g.purposeEn}`,
    )
    .join('; ');
  const zh = parts
    .map(
      (g) =>
        `config.json 缺少 ${g.keys.map((k) => describeField(k).zh).join('、')}，算${g.purposeZh}需要${g.keys.length > 1 ? '它们' : '它'}`,
    )
    .join('；');
  const missing = parts.flatMap((g) => g.keys);
  return new HfConfigError('HF_CONFIG_MISSING', en, zh, { missing });
}

/**
 * `field` has an unusable value: what it must be, in English and Chinese.
 * @param {string} field
 * @param {unknown} value
 * @param {string} en
 * @param {string} zh
 */
export function invalidError(field, value, en, zh) {
  const shown = JSON.stringify(value);
  const label = LABEL_ZH[field] ? `（${LABEL_ZH[field]}）` : '';
  return new HfConfigError(
    'HF_CONFIG_INVALID',
    `config.json field "${field}" ${en}, got ${shown}`,
    `config.json 的字段 "${field}"${label}${zh}，实际是 ${shown}`,
    { field },
  );
}

/** HfConfigError's words for a size that is not a positive integer. */
export const BILINGUAL_ERRORS = /** @type {HfErrors} */ ({
  notPositive: (key, value) =>
    invalidError(key, value, 'must be a positive integer', '必须是正整数'),
});
