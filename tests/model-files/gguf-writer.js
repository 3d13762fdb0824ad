// Writes GGUF version 3 files as ggml's docs/gguf.md specifies them (ggml-org/ggml): magic
// "GGUF", u32 version 3, u64 tensor count, u64 metadata count; metadata key/value pairs (key a
// u64-length string, u32 value type, the value; arrays as u32 element type, u64 count, the
// elements); tensor infos (name, u32 n_dims, u64 dims FASTEST FIRST — ne0 is the number of
// columns of a row-major [rows, cols] matrix — u32 ggml type, u64 offset into the data section);
// zero padding to general.alignment (32 unless the metadata says otherwise); then each tensor's
// bytes at its offset, every offset a multiple of the alignment. Little-endian. The tensor bytes
// come already encoded (tests/model-files/quantize.js); nothing comes from the engine or web/.
import { BLOCK_TYPES } from './block-types.js';

/** gguf_metadata_value_type ids. */
export const GGUF_VALUE = {
  u8: 0,
  i8: 1,
  u16: 2,
  i16: 3,
  u32: 4,
  i32: 5,
  f32: 6,
  bool: 7,
  string: 8,
  array: 9,
  u64: 10,
  i64: 11,
  f64: 12,
};

class ByteSink {
  constructor() {
    this.chunks = [];
    this.length = 0;
  }
  bytes(b) {
    this.chunks.push(b);
    this.length += b.length;
  }
  scalar(type, v) {
    const size = {
      u8: 1,
      i8: 1,
      bool: 1,
      u16: 2,
      i16: 2,
      u32: 4,
      i32: 4,
      f32: 4,
      u64: 8,
      i64: 8,
      f64: 8,
    }[type];
    const b = new Uint8Array(size);
    const dv = new DataView(b.buffer);
    if (type === 'u8' || type === 'bool') dv.setUint8(0, Number(v));
    else if (type === 'i8') dv.setInt8(0, v);
    else if (type === 'u16') dv.setUint16(0, v, true);
    else if (type === 'i16') dv.setInt16(0, v, true);
    else if (type === 'u32') dv.setUint32(0, v, true);
    else if (type === 'i32') dv.setInt32(0, v, true);
    else if (type === 'f32') dv.setFloat32(0, v, true);
    else if (type === 'u64') dv.setBigUint64(0, BigInt(v), true);
    else if (type === 'i64') dv.setBigInt64(0, BigInt(v), true);
    else if (type === 'f64') dv.setFloat64(0, v, true);
    else throw new Error(`gguf writer: unknown scalar type ${type}`);
    this.bytes(b);
  }
  string(s) {
    const b = new TextEncoder().encode(s);
    this.scalar('u64', b.length);
    this.bytes(b);
  }
  pad(alignment) {
    const n = (alignment - (this.length % alignment)) % alignment;
    if (n) this.bytes(new Uint8Array(n));
  }
  concat() {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

/**
 * metadata: [[key, type, value]], type a GGUF_VALUE name or 'array:<element type>' (value then
 * an array). tensors: [{ name, type: weight type ('f32', 'q4_k', …), dims: [ne0, ne1?],
 * bytes: Uint8Array }]. Returns the file's bytes.
 */
export function ggufBytes({ metadata, tensors }) {
  const s = new ByteSink();
  s.bytes(new TextEncoder().encode('GGUF'));
  s.scalar('u32', 3);
  s.scalar('u64', tensors.length);
  s.scalar('u64', metadata.length);
  let alignment = 32;
  for (const [key, type, value] of metadata) {
    s.string(key);
    if (key === 'general.alignment') alignment = value;
    if (type.startsWith('array:')) {
      const elem = type.slice(6);
      s.scalar('u32', GGUF_VALUE.array);
      s.scalar('u32', GGUF_VALUE[elem]);
      s.scalar('u64', value.length);
      for (const v of value) elem === 'string' ? s.string(v) : s.scalar(elem, v);
    } else {
      if (!(type in GGUF_VALUE)) throw new Error(`gguf writer: unknown value type ${type}`);
      s.scalar('u32', GGUF_VALUE[type]);
      type === 'string' ? s.string(value) : s.scalar(type, value);
    }
  }
  const offsets = [];
  let offset = 0;
  for (const t of tensors) {
    offset += (alignment - (offset % alignment)) % alignment;
    offsets.push(offset);
    offset += t.bytes.length;
  }
  tensors.forEach((t, i) => {
    const info = BLOCK_TYPES[t.type];
    if (!info) throw new Error(`gguf writer: unknown tensor type ${t.type} for ${t.name}`);
    const n = t.dims.reduce((a, b) => a * b, 1);
    if ((n / info.block) * info.bytes !== t.bytes.length)
      throw new Error(
        `gguf writer: ${t.name} dims ${t.dims} ${t.type} need ${(n / info.block) * info.bytes} bytes, got ${t.bytes.length}`,
      );
    s.string(t.name);
    s.scalar('u32', t.dims.length);
    for (const d of t.dims) s.scalar('u64', d);
    s.scalar('u32', info.ggml);
    s.scalar('u64', offsets[i]);
  });
  s.pad(alignment);
  const dataStart = s.length;
  tensors.forEach((t, i) => {
    s.pad(alignment); // relative and absolute alignment agree: dataStart is aligned
    if (s.length - dataStart !== offsets[i]) throw new Error('gguf writer: offset bookkeeping');
    s.bytes(t.bytes);
  });
  return s.concat();
}
