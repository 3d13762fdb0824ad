// The GGUF format, versions 2 and 3 (ggml's docs/gguf.md; llama.cpp's gguf-py reader): little-
// endian throughout,
//   "GGUF" · u32 version · u64 tensor_count · u64 kv_count
//   kv_count × (string key · u32 value_type · value)         metadata, the tokenizer included
//   tensor_count × (string name · u32 n_dims · u64 ne[n_dims] · u32 ggml_type · u64 offset)
//   padding to general.alignment (default 32), then the tensor data, offsets relative to it.
// A string is u64 length · UTF-8 bytes; an array is u32 item_type · u64 n · n items. ne[0] is the
// innermost (contiguous) dimension: a matrix [out, in] has ne = [in, out].
// Only the header is read here (it can be tens of MiB: a 150k-token vocabulary and its merges),
// in growing slices of the file; tensors are read later.
/** @import { ModelFile } from './file-source.js' */
/** @import { WeightType } from './weight-types.js' */
/** @import { TensorEntry } from './safetensors.js' */
import { OpenModelError } from './open-model-error.js';
import { WEIGHT_TYPES } from './weight-types.js';

/** ggml type ids the engine stores → our types (ggml.h enum ggml_type). */
const SUPPORTED = /** @type {Record<number, WeightType>} */ ({
  0: 'f32',
  1: 'f16',
  2: 'q4_0',
  3: 'q4_1',
  6: 'q5_0',
  7: 'q5_1',
  8: 'q8_0',
  12: 'q4_k',
  14: 'q6_k',
  30: 'bf16',
});
/** The names of the other ggml types, for the error that names them (ggml.h's enum, as
 * @huggingface/tasks' GGMLQuantizationType lists it too). */
const GGML_TYPE_NAMES = /** @type {Record<number, string>} */ ({
  9: 'Q8_1',
  10: 'Q2_K',
  11: 'Q3_K',
  13: 'Q5_K',
  15: 'Q8_K',
  16: 'IQ2_XXS',
  17: 'IQ2_XS',
  18: 'IQ3_XXS',
  19: 'IQ1_S',
  20: 'IQ4_NL',
  21: 'IQ3_S',
  22: 'IQ2_S',
  23: 'IQ4_XS',
  24: 'I8',
  25: 'I16',
  26: 'I32',
  27: 'I64',
  28: 'F64',
  29: 'IQ1_M',
  34: 'TQ1_0',
  35: 'TQ2_0',
  39: 'MXFP4',
  40: 'NVFP4',
  41: 'Q1_0',
  42: 'Q2_0',
});

// Metadata value types (gguf.md: enum gguf_metadata_value_type).
const T_U8 = 0,
  T_I8 = 1,
  T_U16 = 2,
  T_I16 = 3,
  T_U32 = 4,
  T_I32 = 5,
  T_F32 = 6,
  T_BOOL = 7,
  T_STRING = 8,
  T_ARRAY = 9,
  T_U64 = 10,
  T_I64 = 11,
  T_F64 = 12;

/** Thrown inside the parser when the bytes read so far end before what it needs. */
class NeedMore extends Error {}

/** A cursor over the bytes of the file's start read so far. */
class Cursor {
  /**
   * @param {Uint8Array} bytes
   * @param {number} fileSize a length past it is corruption, not a reason to read more
   */
  constructor(bytes, fileSize) {
    this.bytes = bytes;
    this.fileSize = fileSize;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = 0;
    this.text = new TextDecoder('utf-8', { fatal: false });
  }
  /** @param {number} n */
  need(n) {
    if (this.pos + n > this.bytes.byteLength) throw new NeedMore();
  }
  u8() {
    this.need(1);
    return this.view.getUint8(this.pos++);
  }
  u32() {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }
  /** A u64 as a JS number (every size and count in a real file is far below 2^53). */
  u64() {
    this.need(8);
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`a count of ${v}`);
    return Number(v);
  }
  /** @param {number} type */
  scalar(type) {
    const v = this.view;
    /** @type {[number, (p: number) => number | bigint | boolean]} */
    const [n, read] = /** @type {any} */ ({
      [T_U8]: [1, (/** @type {number} */ p) => v.getUint8(p)],
      [T_I8]: [1, (/** @type {number} */ p) => v.getInt8(p)],
      [T_U16]: [2, (/** @type {number} */ p) => v.getUint16(p, true)],
      [T_I16]: [2, (/** @type {number} */ p) => v.getInt16(p, true)],
      [T_U32]: [4, (/** @type {number} */ p) => v.getUint32(p, true)],
      [T_I32]: [4, (/** @type {number} */ p) => v.getInt32(p, true)],
      [T_F32]: [4, (/** @type {number} */ p) => v.getFloat32(p, true)],
      [T_BOOL]: [1, (/** @type {number} */ p) => v.getUint8(p) !== 0],
      [T_U64]: [8, (/** @type {number} */ p) => Number(v.getBigUint64(p, true))],
      [T_I64]: [8, (/** @type {number} */ p) => Number(v.getBigInt64(p, true))],
      [T_F64]: [8, (/** @type {number} */ p) => v.getFloat64(p, true)],
    })[type] ?? [0, null];
    if (!read) throw new RangeError(`metadata value type ${type}`);
    this.need(n);
    const out = read(this.pos);
    this.pos += n;
    return out;
  }
  string() {
    const n = this.u64();
    if (n > this.fileSize) throw new RangeError(`a string of ${n} bytes`);
    this.need(n);
    const s = this.text.decode(this.bytes.subarray(this.pos, this.pos + n));
    this.pos += n;
    return s;
  }
  /** @param {number} type @returns {any} */
  value(type) {
    if (type === T_STRING) return this.string();
    if (type !== T_ARRAY) return this.scalar(type);
    const itemType = this.u32();
    const n = this.u64();
    if (n > this.fileSize) throw new RangeError(`an array of ${n} items`);
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.value(itemType);
    return out;
  }
}

/**
 * @typedef {object} GgufHeader
 * @property {number} version
 * @property {Record<string, any>} metadata every key, arrays as JS arrays
 * @property {TensorEntry[]} tensors names as in the file (blk.0.attn_q.weight), shape [rows, cols]
 * @property {number} dataOffset where the tensor data starts
 */

/**
 * Parses the header of a .gguf file, reading more of the file until it is whole.
 * @param {ModelFile} file
 * @returns {Promise<GgufHeader>}
 */
export async function readGgufHeader(file) {
  const bad = (/** @type {string} */ what) =>
    new OpenModelError('bad-header', `${file.name}: ${what}`, { file: file.name });
  let length = Math.min(file.size, 4 << 20);
  for (;;) {
    const bytes = await file.slice(0, length);
    try {
      return parse(new Cursor(bytes, file.size), file, bad);
    } catch (e) {
      if (!(e instanceof NeedMore)) {
        if (e instanceof RangeError) throw bad(`is corrupt (${e.message} in the header)`);
        throw e;
      }
      if (length >= file.size)
        throw bad(`is truncated: the file ends (at ${file.size} bytes) inside its header`);
      length = Math.min(file.size, length * 4);
    }
  }
}

/**
 * @param {Cursor} c
 * @param {ModelFile} file
 * @param {(what: string) => OpenModelError} bad
 * @returns {GgufHeader}
 */
function parse(c, file, bad) {
  c.need(4);
  const magic = String.fromCharCode(...c.bytes.subarray(0, 4));
  c.pos = 4;
  if (magic !== 'GGUF')
    throw bad(`is not a GGUF file: it starts with ${JSON.stringify(magic)}, not "GGUF"`);
  const version = c.u32();
  if (version !== 2 && version !== 3)
    throw bad(`is GGUF version ${version}; this page reads versions 2 and 3`);
  const nTensors = c.u64();
  const nKv = c.u64();
  // Every tensor info and kv pair takes at least 8 bytes: a count past that is corruption.
  if (nTensors > file.size / 8 || nKv > file.size / 8)
    throw bad(`is corrupt: it claims ${nTensors} tensors and ${nKv} metadata keys`);
  /** @type {Record<string, any>} */
  const metadata = {};
  for (let i = 0; i < nKv; i++) {
    const key = c.string();
    metadata[key] = c.value(c.u32());
  }
  const infos = [];
  for (let i = 0; i < nTensors; i++) {
    const name = c.string();
    const nDims = c.u32();
    if (nDims < 1 || nDims > 4) throw bad(`tensor "${name}" has ${nDims} dimensions`);
    const ne = [];
    for (let d = 0; d < nDims; d++) ne.push(c.u64());
    const ggmlType = c.u32();
    const offset = c.u64();
    infos.push({ name, ne, ggmlType, offset });
  }
  const alignment = metadata['general.alignment'] ?? 32;
  if (!Number.isInteger(alignment) || alignment < 1) throw bad(`general.alignment is ${alignment}`);
  const dataOffset = Math.ceil(c.pos / alignment) * alignment;
  /** @type {TensorEntry[]} */
  const tensors = infos.map(({ name, ne, ggmlType, offset }) => {
    const type = SUPPORTED[ggmlType];
    if (!type) {
      const typeName = GGML_TYPE_NAMES[ggmlType] ?? `ggml type ${ggmlType}`;
      throw new OpenModelError(
        'unsupported-dtype',
        `${file.name}: tensor "${name}" is ${typeName}; the engine runs F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K and Q6_K`,
        { file: file.name, tensor: name, dtype: typeName },
      );
    }
    // ne[0] along a row; the rest multiply into rows (higher dims of a matrix are 1).
    const cols = ne[0];
    const rows = ne.slice(1).reduce((a, b) => a * b, 1);
    const t = WEIGHT_TYPES[type];
    if (cols % t.block !== 0)
      throw bad(`tensor "${name}" is ${type} with rows of ${cols}, not whole blocks of ${t.block}`);
    const bytes = rows * (cols / t.block) * t.bytes;
    if (offset % alignment !== 0) throw bad(`tensor "${name}" starts at an unaligned offset`);
    if (dataOffset + offset + bytes > file.size)
      throw bad(
        `tensor "${name}" (${bytes} bytes at data offset ${offset}) ends past the end of the file (${file.size} bytes): the file is truncated`,
      );
    const shape = ne.length === 1 ? [cols] : [rows, cols];
    return { name, type, shape, file, offset: dataOffset + offset, bytes };
  });
  return { version, metadata, tensors, dataOffset };
}
