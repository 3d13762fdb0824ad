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
// Errors are bilingual (English, then Chinese) and carry fields for the UI:
//   err.code = 'HF_CONFIG_JSON'    bad JSON text; err.position / err.line / err.column
//   err.code = 'HF_CONFIG_MISSING' err.missing = ['num_hidden_layers', ...]
//   err.code = 'HF_CONFIG_INVALID' a field has an unusable value; err.field

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

function bilingualError(code, en, zh, extra) {
  const err = new Error(`${en}\n${zh}`);
  err.code = code;
  err.messageEn = en;
  err.messageZh = zh;
  if (extra) Object.assign(err, extra);
  return err;
}

// ---------------------------------------------------------------- JSON text

// Offset of the first JSON syntax error in s, or -1 if s is valid JSON.
// JSON.parse's own message differs between engines (and some give no position),
// so we locate the error ourselves to report the same line/column everywhere.
function jsonErrorOffset(s) {
  const n = s.length;
  let i = 0;
  const fail = () => {
    throw { jsonAt: i };
  };
  const isDigit = (c) => c >= '0' && c <= '9';
  const ws = () => {
    while (i < n && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n' || s[i] === '\r')) i++;
  };
  function string() {
    i++; // opening quote
    while (i < n) {
      const c = s[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c === '\\') {
        i++;
        const e = s[i];
        if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i++;
          continue;
        }
        if (e === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/^[0-9a-fA-F]$/.test(s[i + k] || '')) {
              i += k;
              fail();
            }
          }
          i += 5;
          continue;
        }
        fail();
      }
      if (c < ' ') fail();
      i++;
    }
    fail();
  }
  function number() {
    if (s[i] === '-') i++;
    if (s[i] === '0') i++;
    else if (s[i] >= '1' && s[i] <= '9') {
      while (isDigit(s[i])) i++;
    } else fail();
    if (s[i] === '.') {
      i++;
      if (!isDigit(s[i])) fail();
      while (isDigit(s[i])) i++;
    }
    if (s[i] === 'e' || s[i] === 'E') {
      i++;
      if (s[i] === '+' || s[i] === '-') i++;
      if (!isDigit(s[i])) fail();
      while (isDigit(s[i])) i++;
    }
  }
  function value() {
    ws();
    if (i >= n) fail();
    const c = s[i];
    if (c === '{') {
      i++;
      ws();
      if (s[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (s[i] !== '"') fail();
        string();
        ws();
        if (s[i] !== ':') fail();
        i++;
        value();
        ws();
        if (s[i] === ',') {
          i++;
          continue;
        }
        if (s[i] === '}') {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (s[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        ws();
        if (s[i] === ',') {
          i++;
          continue;
        }
        if (s[i] === ']') {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '"') {
      string();
      return;
    }
    if (c === '-' || isDigit(c)) {
      number();
      return;
    }
    for (const lit of ['true', 'false', 'null']) {
      if (s.startsWith(lit, i)) {
        i += lit.length;
        return;
      }
    }
    fail();
  }
  try {
    value();
    ws();
    if (i < n) fail();
    return -1;
  } catch (e) {
    if (e && typeof e.jsonAt === 'number') return Math.min(e.jsonAt, n);
    throw e;
  }
}

function parseConfigText(text) {
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(s);
  } catch {
    let pos = jsonErrorOffset(s);
    if (pos < 0) pos = 0; // JSON.parse and our scanner disagree: should not happen
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < pos; k++) {
      if (s[k] === '\n') {
        line++;
        lineStart = k + 1;
      }
    }
    const column = pos - lineStart + 1;
    const before = JSON.stringify(s.slice(Math.max(0, pos - 20), pos));
    const after = pos >= s.length ? '(end of text)' : JSON.stringify(s.slice(pos, pos + 10));
    const afterZh = pos >= s.length ? '（文本末尾）' : after;
    throw bilingualError(
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
  return bilingualError('HF_CONFIG_MISSING', en, zh, { missing });
}

function invalidError(field, value, en, zh) {
  const shown = JSON.stringify(value);
  const label = LABEL_ZH[field] ? `（${LABEL_ZH[field]}）` : '';
  return bilingualError(
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
 * @returns {object} a model in the models.json shape
 */
export function modelFromHfConfig(input, options = {}) {
  let root;
  if (typeof input === 'string') {
    root = parseConfigText(input);
  } else {
    root = input;
  }
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw bilingualError(
      'HF_CONFIG_INVALID',
      `config.json must be a JSON object ({...}), got ${Array.isArray(root) ? 'an array' : JSON.stringify(root)}`,
      `config.json 必须是一个 JSON 对象（{...}），实际是 ${Array.isArray(root) ? '数组' : JSON.stringify(root)}`,
    );
  }
  // Vision-language wrappers keep the language model's fields in text_config.
  const tc = root.text_config && typeof root.text_config === 'object' ? root.text_config : null;
  const cfg = tc ? { ...root, ...tc } : root;
  const notes = [];

  const isMla = cfg.kv_lora_rank !== undefined && cfg.kv_lora_rank !== null;

  // --- gather required fields, report all that are missing at once
  const kvMissing = [];
  const need = (key) => {
    const got = pick(cfg, key);
    if (!got) kvMissing.push(key);
    return got;
  };
  const fLayers = need('num_hidden_layers');
  const fHeads = need('num_attention_heads');
  const fContext = need('max_position_embeddings');
  const fHidden = pick(cfg, 'hidden_size');
  let fHeadDim;
  let fRope;
  let fNope;
  let fV;
  if (isMla) {
    fRope = need('qk_rope_head_dim');
    fNope = pick(cfg, 'qk_nope_head_dim');
    fV = pick(cfg, 'v_head_dim');
    if (!fNope && !fV) kvMissing.push('qk_nope_head_dim');
  } else {
    fHeadDim = pick(cfg, 'head_dim'); // absent: hidden_size / num_attention_heads
  }
  if (!fHidden) kvMissing.push('hidden_size');

  // --- hybrid layer layout (needs layers; checked after the missing report)
  const hasLayerTypes = Array.isArray(cfg.layer_types);
  const hasInterval = typeof cfg.full_attention_interval === 'number';

  const stateMissing = [];
  let linearGuess = false;
  if (hasLayerTypes) linearGuess = cfg.layer_types.includes('linear_attention');
  else if (hasInterval) linearGuess = cfg.full_attention_interval > 1;
  if (linearGuess) {
    for (const k of ['linear_num_value_heads', 'linear_key_head_dim', 'linear_value_head_dim']) {
      if (typeof cfg[k] !== 'number') stateMissing.push(k);
    }
  }

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

  const layers = posInt(fLayers.key, fLayers.value);
  const nHeads = posInt(fHeads.key, fHeads.value);
  const contextLength = posInt(fContext.key, fContext.value);
  const hiddenSize = posInt(fHidden.key, fHidden.value);

  // --- dtype
  let dtypeBytes;
  if (options.dtypeBytes !== undefined) {
    dtypeBytes = posInt('dtypeBytes', options.dtypeBytes);
  } else {
    const fDtype = pick(cfg, 'torch_dtype');
    if (fDtype) {
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
      dtypeBytes = b;
      if (b !== 2)
        notes.push({
          en: `torch_dtype ${fDtype.value}: ${b} B per cached element.`,
          zh: `torch_dtype 为 ${fDtype.value}：每个缓存元素 ${b} 字节。`,
        });
    } else {
      dtypeBytes = 2;
      notes.push({
        en: 'config.json has no torch_dtype: assumed BF16, 2 B per element (the course convention).',
        zh: 'config.json 没有给 torch_dtype：按课程口径 BF16，每元素 2 字节。',
      });
    }
  }

  // --- layer layout
  let fullAttentionLayers = layers;
  let linearLayers = 0;
  if (hasLayerTypes) {
    const types = cfg.layer_types;
    if (types.length !== layers) {
      throw invalidError(
        'layer_types',
        `${types.length} entries`,
        `must have one entry per layer (num_hidden_layers = ${layers})`,
        `必须每层一项（层数 = ${layers}）`,
      );
    }
    linearLayers = types.filter((t) => t === 'linear_attention').length;
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
    fullAttentionLayers = layers - linearLayers;
    if (sliding) {
      notes.push({
        en: `${sliding} sliding_attention layers counted as full attention (an upper bound).`,
        zh: `${sliding} 个滑动窗口层按全注意力计（上界）。`,
      });
    }
  } else if (hasInterval) {
    const interval = posInt('full_attention_interval', cfg.full_attention_interval);
    fullAttentionLayers = Math.floor(layers / interval);
    linearLayers = layers - fullAttentionLayers;
  }

  // --- attention
  let attention;
  if (isMla) {
    const kvLoraRank = posInt('kv_lora_rank', cfg.kv_lora_rank);
    const ropeDim = posInt(fRope.key, fRope.value);
    const qkNope = fNope ? posInt(fNope.key, fNope.value) : undefined;
    const vHead = fV ? posInt(fV.key, fV.value) : undefined;
    attention = {
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
  } else {
    let headDim;
    if (fHeadDim) {
      headDim = posInt(fHeadDim.key, fHeadDim.value);
    } else {
      if (hiddenSize % nHeads !== 0) {
        throw invalidError(
          fHidden.key,
          hiddenSize,
          `is not divisible by ${fHeads.key} = ${nHeads}, and there is no "head_dim"`,
          `不能被 ${fHeads.key} = ${nHeads} 整除，又没有 "head_dim"`,
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
        `must divide ${fHeads.key} = ${nHeads} (each KV head serves a whole group of query heads)`,
        `必须整除 ${fHeads.key} = ${nHeads}（每个 KV 头服务整数个 Q 头）`,
      );
    }
    const kind = nKvHeads === nHeads ? 'mha' : nKvHeads === 1 ? 'mqa' : 'gqa';
    attention = { kind, nHeads, nKvHeads, headDim };
  }

  // --- position encoding
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

  // --- linear-attention state
  let linearAttention;
  if (linearLayers > 0) {
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
    linearAttention = {
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

  // --- identity
  const name =
    options.name ||
    (typeof cfg._name_or_path === 'string' && cfg._name_or_path) ||
    modelType ||
    'Custom model';
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
    !hasLayerTypes
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
