// The one reader of a Hugging Face config.json, for every part of the course that takes one: the
// KV ledger's "paste a config.json" (widgets/kv-ledger/hf-config.js makes a models.json entry
// of it) and the open-model loader (model-config.js: configFromHf makes the engine's config).
// It knows what the file is made of: JSON text (the first error located the same way in every
// browser), the spellings of one quantity (GPT-2's n_layer is num_hidden_layers), a
// vision-language wrapper's text_config, the positive integers a size must be, and the names of
// the fields in Chinese. What a consumer makes of the fields, and the words of its errors, stay
// with the consumer: a reader is given its errors (HfErrors), so the ledger answers in English
// and Chinese and the loader in its OpenModelError.
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
 * How a consumer words the two faults every reader finds.
 * @typedef {object} HfErrors
 * @property {(spellings: string[]) => Error} missing none of these spellings is in the file
 * @property {(key: string, value: unknown) => Error} notPositive the field is not an integer ≥ 1
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
export function findField(cfg, spellings) {
  for (const k of spellings) {
    if (cfg[k] !== undefined && cfg[k] !== null) return { key: k, value: cfg[k] };
  }
  return undefined;
}

/**
 * A reader of one config: fields found by their spellings, sizes checked, faults in the words
 * `errors` gives.
 * @param {Record<string, any>} cfg the parsed config (see parseHfConfig, languageModelConfig)
 * @param {HfErrors} errors
 */
export function hfReader(cfg, errors) {
  return {
    cfg,
    /**
     * A quantity by its usual name (every spelling of SPELLINGS tried), or by these spellings.
     * @param {string} key
     * @param {string[]} [spellings]
     */
    find: (key, spellings = SPELLINGS[key] ?? [key]) => findField(cfg, spellings),
    /**
     * A size found under `key` (whatever spelling found it): a positive integer, or the error.
     * @param {string} key
     * @param {unknown} value
     * @returns {number}
     */
    positive(key, value) {
      if (!isPositiveInteger(value)) throw errors.notPositive(key, value);
      return value;
    },
    /**
     * The size under the first of these spellings the config gives: missing or not a positive
     * integer is the error.
     * @param {string[]} spellings
     * @returns {number}
     */
    size(spellings) {
      const f = findField(cfg, spellings);
      if (!f) throw errors.missing(spellings);
      return this.positive(f.key, f.value);
    },
  };
}
/** @typedef {ReturnType<typeof hfReader>} HfReader */

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

/**
 * HfConfigError's words for a reader: a missing size needed for `purpose`, a size that is not a
 * positive integer.
 * @param {{ purposeEn: string, purposeZh: string }} purpose
 * @returns {HfErrors}
 */
export function bilingualErrors(purpose) {
  return {
    missing: (spellings) => missingError([{ ...purpose, keys: [spellings[0]] }]),
    notPositive: (key, value) =>
      invalidError(key, value, 'must be a positive integer', '必须是正整数'),
  };
}
