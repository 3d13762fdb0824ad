// The safetensors format (huggingface/safetensors): an 8-byte little-endian header length N,
// N bytes of JSON { name: { dtype, shape, data_offsets: [begin, end] }, __metadata__? }, then the
// data, offsets relative to its start (byte 8 + N). Only the header is read here; tensors are
// read later, a slice at a time. A checkpoint too big for one file is sharded: its
// model.safetensors.index.json maps each tensor to the shard file that holds it.
/** @import { ModelFile } from './file-source.js' */
/** @import { WeightType } from './weight-types.js' */
import { OpenModelError } from './open-model-error.js';

/** safetensors dtype → our weight type; every other dtype is a named unsupported-dtype. */
const DTYPES = /** @type {Record<string, WeightType>} */ ({ F32: 'f32', F16: 'f16', BF16: 'bf16' });
/** Bytes per element of the dtypes safetensors defines, to check offsets of any of them. */
const DTYPE_BYTES = /** @type {Record<string, number>} */ ({
  BOOL: 1,
  U8: 1,
  I8: 1,
  F8_E5M2: 1,
  F8_E4M3: 1,
  F8_E8M0: 1,
  I16: 2,
  U16: 2,
  F16: 2,
  BF16: 2,
  I32: 4,
  U32: 4,
  F32: 4,
  F64: 8,
  I64: 8,
  U64: 8,
});
// A header larger than this is not a model's header (the format's own limit is 100 MB).
const MAX_HEADER = 100_000_000;

/**
 * One tensor as the loader streams it: where its bytes are and what it is.
 * @typedef {object} TensorEntry
 * @property {string} name as stored in the file
 * @property {WeightType} type
 * @property {number[]} shape as stored (outermost first)
 * @property {ModelFile} file
 * @property {number} offset absolute byte offset in the file
 * @property {number} bytes
 */

/**
 * The tensors of one .safetensors file, from its header (offsets checked against the file size).
 * @param {ModelFile} file
 * @returns {Promise<TensorEntry[]>}
 */
export async function readSafetensorsHeader(file) {
  const bad = (/** @type {string} */ what) =>
    new OpenModelError('bad-header', `${file.name}: ${what}`, { file: file.name });
  if (file.size < 8) throw bad(`is ${file.size} bytes, shorter than the 8-byte header length`);
  const lenBytes = await file.slice(0, 8);
  const n = Number(new DataView(lenBytes.buffer, lenBytes.byteOffset, 8).getBigUint64(0, true));
  if (n > file.size - 8 || n > MAX_HEADER)
    throw bad(
      `the header says it is ${n} bytes long, but the file has only ${file.size - 8} bytes after the length (truncated or not a safetensors file)`,
    );
  const text = new TextDecoder().decode(await file.slice(8, 8 + n));
  /** @type {Record<string, any>} */
  let header;
  try {
    header = JSON.parse(text);
  } catch (e) {
    throw bad(`the header is not valid JSON (${/** @type {Error} */ (e).message})`);
  }
  if (!header || typeof header !== 'object' || Array.isArray(header))
    throw bad('the header is not a JSON object');
  const dataStart = 8 + n;
  const dataSize = file.size - dataStart;
  /** @type {TensorEntry[]} */
  const out = [];
  for (const [name, t] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    if (
      !t ||
      typeof t.dtype !== 'string' ||
      !Array.isArray(t.shape) ||
      !Array.isArray(t.data_offsets)
    )
      throw bad(`tensor "${name}" lacks dtype, shape or data_offsets`);
    const [begin, end] = t.data_offsets;
    const elems = t.shape.reduce((/** @type {number} */ a, /** @type {number} */ b) => a * b, 1);
    const width = DTYPE_BYTES[t.dtype];
    if (width === undefined) throw bad(`tensor "${name}" has an unknown dtype "${t.dtype}"`);
    if (!Number.isInteger(begin) || !Number.isInteger(end) || begin < 0 || end < begin)
      throw bad(`tensor "${name}" has data_offsets [${begin}, ${end}]`);
    if (end - begin !== elems * width)
      throw bad(
        `tensor "${name}" is ${t.dtype} [${t.shape.join(', ')}] (${elems * width} bytes) but its data_offsets span ${end - begin} bytes`,
      );
    if (end > dataSize)
      throw bad(
        `tensor "${name}" ends at byte ${end} of the data, past the end of the file (${dataSize} bytes of data): the file is truncated`,
      );
    const type = DTYPES[t.dtype];
    if (!type)
      throw new OpenModelError(
        'unsupported-dtype',
        `${file.name}: tensor "${name}" is ${t.dtype}; the engine reads F32, F16 and BF16 safetensors`,
        { file: file.name, tensor: name, dtype: t.dtype },
      );
    out.push({ name, type, shape: t.shape, file, offset: dataStart + begin, bytes: end - begin });
  }
  return out;
}

/**
 * The shard files a model.safetensors.index.json names, each present among `files`.
 * @param {ModelFile} indexFile
 * @param {Map<string, ModelFile>} byName the picked files by name
 * @returns {Promise<ModelFile[]>}
 */
export async function shardsOf(indexFile, byName) {
  const text = new TextDecoder().decode(await indexFile.slice(0, indexFile.size));
  /** @type {any} */
  let index;
  try {
    index = JSON.parse(text);
  } catch (e) {
    throw new OpenModelError(
      'bad-header',
      `${indexFile.name} is not valid JSON (${/** @type {Error} */ (e).message})`,
      { file: indexFile.name },
    );
  }
  if (!index || typeof index.weight_map !== 'object' || index.weight_map === null)
    throw new OpenModelError('bad-header', `${indexFile.name} has no "weight_map"`, {
      file: indexFile.name,
    });
  const names = [...new Set(Object.values(index.weight_map).map(String))];
  return names.map((n) => {
    const f = byName.get(n);
    if (!f)
      throw new OpenModelError(
        'missing-file',
        `${n} is missing: ${indexFile.name} puts tensors in it (pick every shard of the checkpoint)`,
        { file: n },
      );
    return f;
  });
}
