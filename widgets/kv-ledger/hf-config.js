// Map a Hugging Face config.json to the course's model shape (course-data/models.json).
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
// Chinese.
/** @import { CourseModel } from '../../web/course-data.js' */
import { DataError } from '../../web/data-error.js';
import { kvHeadsKind } from '../../web/kv-heads.js';

const LABEL_ZH = {
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
};

// Alternative spellings accepted for the same quantity (first one is the name we report).
const ALIASES = {
  num_hidden_layers: ['num_hidden_layers', 'n_layer'],
  num_attention_heads: ['num_attention_heads', 'n_head'],
  hidden_size: ['hidden_size', 'n_embd'],
  max_position_embeddings: ['max_position_embeddings', 'n_positions', 'n_ctx'],
  torch_dtype: ['torch_dtype', 'dtype'],
};

const DTYPE_BYTES = {
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
};

const STATE_DTYPE = {
  float32: 'fp32',
  fp32: 'fp32',
  float: 'fp32',
  bfloat16: 'bf16',
  bf16: 'bf16',
  float16: 'fp16',
  fp16: 'fp16',
  half: 'fp16',
};
const STATE_DTYPE_BYTES = { fp32: 4, bf16: 2, fp16: 2 };

const LEARNED_POSITION_TYPES = new Set(['gpt2', 'gpt_bigcode', 'gpt_neo', 'opt', 'biogpt']);
const ALIBI_TYPES = new Set(['bloom', 'mpt']);

/**
 * A config.json the ledger cannot size. The message is English, then Chinese (`messageEn`,
 * `messageZh` apart, for the widget's language); `code` says which kind:
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

/** @param {string} text */
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

// ---------------------------------------------------------------- helpers

function pick(cfg, key) {
  for (const k of ALIASES[key] || [key]) {
    if (cfg[k] !== undefined && cfg[k] !== null) return { key: k, value: cfg[k] };
  }
  return undefined;
}

function describeField(key) {
  const alts = (ALIASES[key] || [key]).slice(1);
  const orEn = alts.length ? ` (or ${alts.map((a) => `"${a}"`).join(' / ')})` : '';
  return {
    en: `"${key}"${orEn}`,
    zh: `"${key}"${LABEL_ZH[key] ? `（${LABEL_ZH[key]}）` : ''}`,
  };
}

function missingError(groups) {
  // groups: [{ purposeEn, purposeZh, keys: [...] }]
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

function invalidError(field, value, en, zh) {
  const shown = JSON.stringify(value);
  const label = LABEL_ZH[field] ? `（${LABEL_ZH[field]}）` : '';
  return new HfConfigError(
    'HF_CONFIG_INVALID',
    `config.json field "${field}" ${en}, got ${shown}`,
    `config.json 的字段 "${field}"${label}${zh}，实际是 ${shown}`,
    { field },
  );
}

function posInt(field, value) {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw invalidError(field, value, 'must be a positive integer', '必须是正整数');
  }
  return value;
}

function slugify(s) {
  const slug = String(s)
    .toLowerCase()
    .replace(/^.*\//, '') // "org/Model-Name" -> "model-name"
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '');
  return slug || 'custom-model';
}

function rotaryFactor(cfg) {
  const candidates = [
    cfg.partial_rotary_factor,
    cfg.rope_parameters && cfg.rope_parameters.partial_rotary_factor,
  ];
  for (const f of candidates) if (typeof f === 'number') return f;
  return undefined;
}

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
  const cfg = configObject(input);
  const notes = [];
  const f = requiredFields(cfg);
  const layers = posInt(f.layers.key, f.layers.value);
  const nHeads = posInt(f.heads.key, f.heads.value);
  const contextLength = posInt(f.context.key, f.context.value);
  const hiddenSize = posInt(f.hidden.key, f.hidden.value);
  const dtypeBytes = dtypeBytesOf(cfg, options, notes);
  const { fullAttentionLayers, linearLayers } = layerLayout(cfg, layers, notes);
  const attention = f.isMla
    ? mlaAttention(cfg, f, nHeads)
    : kvHeadsAttention(cfg, f, nHeads, hiddenSize);
  const positionEmbedding = positionEncoding(cfg, attention);
  const linearAttention = linearLayers > 0 ? linearAttentionState(cfg, linearLayers) : undefined;

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
    model.slidingWindow = posInt('sliding_window', cfg.sliding_window);
  }
  // notes in English, like models.json's; notesZh the same in Chinese (the widget shows one).
  if (notes.length) {
    model.notes = notes.map((n) => n.en).join(' ');
    model.notesZh = notes.map((n) => n.zh).join('');
  }
  return model;
}

/**
 * The config as one flat object: parsed if text; a vision-language wrapper's text_config (the
 * language model's fields) laid over the top level.
 * @param {string|object} input
 * @returns {Record<string, any>}
 */
function configObject(input) {
  const root = typeof input === 'string' ? parseConfigText(input) : input;
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new HfConfigError(
      'HF_CONFIG_INVALID',
      `config.json must be a JSON object ({...}), got ${Array.isArray(root) ? 'an array' : JSON.stringify(root)}`,
      `config.json 必须是一个 JSON 对象（{...}），实际是 ${Array.isArray(root) ? '数组' : JSON.stringify(root)}`,
    );
  }
  /** @type {Record<string, any>} */
  const obj = root;
  const tc = obj.text_config && typeof obj.text_config === 'object' ? obj.text_config : null;
  return tc ? { ...obj, ...tc } : obj;
}

/**
 * The fields the ledger needs, each as {key (the spelling found), value}; every missing one is
 * reported at once (the KV ones, then a hybrid's linear-attention sizes).
 * @param {Record<string, any>} cfg
 */
function requiredFields(cfg) {
  const isMla = cfg.kv_lora_rank !== undefined && cfg.kv_lora_rank !== null;
  /** @type {string[]} */
  const kvMissing = [];
  /** @param {string} key */
  const need = (key) => {
    const got = pick(cfg, key);
    if (!got) kvMissing.push(key);
    return got;
  };
  const layers = need('num_hidden_layers');
  const heads = need('num_attention_heads');
  const context = need('max_position_embeddings');
  const hidden = pick(cfg, 'hidden_size');
  let headDim, rope, nope, v;
  if (isMla) {
    rope = need('qk_rope_head_dim');
    nope = pick(cfg, 'qk_nope_head_dim');
    v = pick(cfg, 'v_head_dim');
    if (!nope && !v) kvMissing.push('qk_nope_head_dim');
  } else {
    headDim = pick(cfg, 'head_dim'); // absent: hidden_size / num_attention_heads
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
      { purposeEn: 'KV bytes', purposeZh: ' KV 缓存字节数', keys: kvMissing },
      {
        purposeEn: 'the linear-attention state size',
        purposeZh: '线性注意力状态大小',
        keys: stateMissing,
      },
    ]);
  }
  return { isMla, layers, heads, context, hidden, headDim, rope, nope, v };
}

/**
 * Bytes per cached element: options.dtypeBytes, else torch_dtype, else BF16 (2), said in a note.
 * @param {Record<string, any>} cfg
 * @param {{ dtypeBytes?: number }} options
 * @param {{en: string, zh: string}[]} notes
 */
function dtypeBytesOf(cfg, options, notes) {
  if (options.dtypeBytes !== undefined) return posInt('dtypeBytes', options.dtypeBytes);
  const fDtype = pick(cfg, 'torch_dtype');
  if (!fDtype) {
    notes.push({
      en: 'config.json has no torch_dtype: assumed BF16, 2 B per element (the course convention).',
      zh: 'config.json 没有给 torch_dtype：按课程口径 BF16，每元素 2 字节。',
    });
    return 2;
  }
  const b =
    DTYPE_BYTES[
      String(fDtype.value)
        .replace(/^torch\./, '')
        .toLowerCase()
    ];
  if (!b) {
    throw invalidError(
      fDtype.key,
      fDtype.value,
      'is not a dtype we know (float32, float16, bfloat16, float8_*)',
      '不是已知的数据类型（float32、float16、bfloat16、float8_*）',
    );
  }
  if (b !== 2)
    notes.push({
      en: `torch_dtype ${fDtype.value}: ${b} B per cached element.`,
      zh: `torch_dtype 为 ${fDtype.value}：每个缓存元素 ${b} 字节。`,
    });
  return b;
}

/**
 * How many layers keep a KV cache and how many are linear attention, from layer_types (sliding
 * layers counted as full, an upper bound) or full_attention_interval; all full without either.
 * @param {Record<string, any>} cfg
 * @param {number} layers
 * @param {{en: string, zh: string}[]} notes
 */
function layerLayout(cfg, layers, notes) {
  if (Array.isArray(cfg.layer_types)) {
    /** @type {unknown[]} */
    const types = cfg.layer_types;
    if (types.length !== layers) {
      throw invalidError(
        'layer_types',
        `${types.length} entries`,
        `must have one entry per layer (num_hidden_layers = ${layers})`,
        `必须每层一项（层数 = ${layers}）`,
      );
    }
    const linearLayers = types.filter((t) => t === 'linear_attention').length;
    const sliding = types.filter((t) => t === 'sliding_attention').length;
    const other = types.filter(
      (t) => t !== 'linear_attention' && t !== 'full_attention' && t !== 'sliding_attention',
    );
    if (other.length) {
      throw invalidError(
        'layer_types',
        [...new Set(other)],
        'has layer types we cannot size (expected full_attention, linear_attention, sliding_attention)',
        '含有无法计算大小的层类型（应为 full_attention、linear_attention、sliding_attention）',
      );
    }
    if (sliding) {
      notes.push({
        en: `${sliding} sliding_attention layers counted as full attention (an upper bound).`,
        zh: `${sliding} 个滑动窗口层按全注意力计（上界）。`,
      });
    }
    return { fullAttentionLayers: layers - linearLayers, linearLayers };
  }
  if (typeof cfg.full_attention_interval === 'number') {
    const interval = posInt('full_attention_interval', cfg.full_attention_interval);
    const fullAttentionLayers = Math.floor(layers / interval);
    return { fullAttentionLayers, linearLayers: layers - fullAttentionLayers };
  }
  return { fullAttentionLayers: layers, linearLayers: 0 };
}

/**
 * MLA: the cached latent (kv_lora_rank) and decoupled RoPE dims, with the per-head sizes.
 * @param {Record<string, any>} cfg
 * @param {ReturnType<typeof requiredFields>} f
 * @param {number} nHeads
 * @returns {NonNullable<CourseModel['attention']>}
 */
function mlaAttention(cfg, f, nHeads) {
  const kvLoraRank = posInt('kv_lora_rank', cfg.kv_lora_rank);
  const ropeDim = posInt(f.rope.key, f.rope.value);
  const qkNope = f.nope ? posInt(f.nope.key, f.nope.value) : undefined;
  const vHead = f.v ? posInt(f.v.key, f.v.value) : undefined;
  /** @type {NonNullable<CourseModel['attention']>} */
  const attention = {
    kind: 'mla',
    nHeads,
    headDim: qkNope !== undefined ? qkNope : vHead,
    kvLoraRank,
    ropeDim,
  };
  if (qkNope !== undefined) attention.qkNopeHeadDim = qkNope;
  if (vHead !== undefined) attention.vHeadDim = vHead;
  if (typeof cfg.q_lora_rank === 'number')
    attention.qLoraRank = posInt('q_lora_rank', cfg.q_lora_rank);
  return attention;
}

/**
 * MHA / GQA / MQA: head_dim (or hidden_size / heads) and the KV heads, which must divide the
 * query heads.
 * @param {Record<string, any>} cfg
 * @param {ReturnType<typeof requiredFields>} f
 * @param {number} nHeads
 * @param {number} hiddenSize
 * @returns {NonNullable<CourseModel['attention']>}
 */
function kvHeadsAttention(cfg, f, nHeads, hiddenSize) {
  let headDim;
  if (f.headDim) {
    headDim = posInt(f.headDim.key, f.headDim.value);
  } else {
    if (hiddenSize % nHeads !== 0) {
      throw invalidError(
        f.hidden.key,
        hiddenSize,
        `is not divisible by ${f.heads.key} = ${nHeads}, and there is no "head_dim"`,
        `不能被 ${f.heads.key} = ${nHeads} 整除，又没有 "head_dim"`,
      );
    }
    headDim = hiddenSize / nHeads;
  }
  let nKvHeads = nHeads;
  if (cfg.num_key_value_heads !== undefined && cfg.num_key_value_heads !== null) {
    nKvHeads = posInt('num_key_value_heads', cfg.num_key_value_heads);
  } else if (cfg.multi_query === true) {
    nKvHeads = 1; // gpt_bigcode / falcon style
  }
  if (nHeads % nKvHeads !== 0) {
    throw invalidError(
      'num_key_value_heads',
      nKvHeads,
      `must divide ${f.heads.key} = ${nHeads} (each KV head serves a whole group of query heads)`,
      `必须整除 ${f.heads.key} = ${nHeads}（每个 KV 头服务整数个 Q 头）`,
    );
  }
  return { kind: kvHeadsKind(nHeads, nKvHeads), nHeads, nKvHeads, headDim };
}

/**
 * 'rope', 'learned-absolute' or 'alibi' from model_type; for non-MLA attention also sets
 * attention.rotaryDim (0 without RoPE) and attention.outputGate.
 * @param {Record<string, any>} cfg
 * @param {NonNullable<CourseModel['attention']>} attention
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
 * @param {Record<string, any>} cfg
 * @param {number} linearLayers
 * @returns {NonNullable<CourseModel['linearAttention']>}
 */
function linearAttentionState(cfg, linearLayers) {
  const numValueHeads = posInt('linear_num_value_heads', cfg.linear_num_value_heads);
  const keyHeadDim = posInt('linear_key_head_dim', cfg.linear_key_head_dim);
  const valueHeadDim = posInt('linear_value_head_dim', cfg.linear_value_head_dim);
  const rawDtype = cfg.mamba_ssm_dtype || 'float32';
  const stateDtype =
    STATE_DTYPE[
      String(rawDtype)
        .replace(/^torch\./, '')
        .toLowerCase()
    ];
  if (!stateDtype) {
    throw invalidError(
      'mamba_ssm_dtype',
      rawDtype,
      'is not float32, bfloat16 or float16',
      '不是 float32、bfloat16 或 float16',
    );
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
