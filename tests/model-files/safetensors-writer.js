// Writes safetensors files as the format's specification (huggingface/safetensors, README
// "Format") defines them: 8 bytes little-endian u64 N, then N bytes of JSON header
// {name: {dtype, shape, data_offsets: [begin, end]}, "__metadata__": {...}} padded with spaces so
// that the data starts 8-byte aligned, then the tensors' bytes back to back (offsets relative to
// the end of the header). Dtypes F32, F16, BF16 (the HF checkpoints the widget opens). Sharded
// models as transformers' save_pretrained writes them: model-0000k-of-0000n.safetensors plus
// model.safetensors.index.json {metadata: {total_size}, weight_map: {name: file}}. The encoding
// of values is tests/model-files/quantize.js's (f16/bf16 round to nearest even); nothing comes
// from the engine or from web/.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { quantizeRow } from './quantize.js';

const DTYPE_TYPE = { F32: 'f32', F16: 'f16', BF16: 'bf16' };

/**
 * tensors: [{ name, dtype: 'F32'|'F16'|'BF16', shape: number[], data: Float32Array }] → the file.
 * The values are rounded to dtype here.
 */
export function safetensorsBytes(tensors, metadata = { format: 'pt' }) {
  const header = { __metadata__: metadata };
  const blobs = [];
  let offset = 0;
  for (const t of tensors) {
    const type = DTYPE_TYPE[t.dtype];
    if (!type) throw new Error(`safetensors writer: unsupported dtype ${t.dtype} for ${t.name}`);
    const n = t.shape.reduce((a, b) => a * b, 1);
    if (n !== t.data.length)
      throw new Error(`${t.name}: shape ${t.shape} but ${t.data.length} values`);
    const blob = quantizeRow(type, t.data);
    header[t.name] = {
      dtype: t.dtype,
      shape: t.shape,
      data_offsets: [offset, offset + blob.length],
    };
    blobs.push(blob);
    offset += blob.length;
  }
  let json = JSON.stringify(header);
  json += ' '.repeat((8 - ((8 + Buffer.byteLength(json)) % 8)) % 8);
  const head = Buffer.from(json, 'utf8');
  const out = new Uint8Array(8 + head.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(head.length), true);
  out.set(head, 8);
  let at = 8 + head.length;
  for (const b of blobs) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

/** One file, model.safetensors by default. Returns its path. */
export function writeSafetensors(dir, tensors, file = 'model.safetensors') {
  const path = join(dir, file);
  writeFileSync(path, safetensorsBytes(tensors));
  return path;
}

/**
 * The tensors split over `shards` files in order (about equal counts) and the index that maps
 * every name to its file. Returns the file names, index first.
 */
export function writeShardedSafetensors(dir, tensors, shards = 2) {
  const per = Math.ceil(tensors.length / shards);
  const weightMap = {};
  const files = [];
  let totalSize = 0;
  for (let k = 0; k < shards; k++) {
    const file = `model-${String(k + 1).padStart(5, '0')}-of-${String(shards).padStart(5, '0')}.safetensors`;
    const part = tensors.slice(k * per, (k + 1) * per);
    for (const t of part) {
      weightMap[t.name] = file;
      totalSize += t.data.length * (t.dtype === 'F32' ? 4 : 2);
    }
    writeSafetensors(dir, part, file);
    files.push(file);
  }
  const index = { metadata: { total_size: totalSize }, weight_map: weightMap };
  writeFileSync(join(dir, 'model.safetensors.index.json'), JSON.stringify(index, null, 2) + '\n');
  return ['model.safetensors.index.json', ...files];
}
