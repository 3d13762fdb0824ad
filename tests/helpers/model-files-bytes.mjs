// Tiny safetensors and GGUF files built byte by byte for the tests of web/model-files/ (the
// full writers and quantisers of real models are tests/model-files/; these only need headers
// and a few bytes of data), and the in-memory ModelFile the loader reads them through.

import { expectedTensors } from '../../web/model-files/expected-tensors.js';
import { configFromHf } from '../../web/model-files/model-config.js';

/** A ModelFile over bytes in memory (the loader's file interface, as fileSource gives it). */
export function memFile(name, bytes, path = name) {
  const data = bytes instanceof Uint8Array ? bytes : new TextEncoder().encode(bytes);
  return {
    name,
    path,
    size: data.byteLength,
    slice: async (a, b) => data.slice(a, b),
  };
}

/** Deterministic small F32 weights (a portable LCG) in [−scale/2, scale/2), as bytes. */
export function lcgWeights(n, seed, scale = 0.4) {
  const a = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    a[i] = (s / 2 ** 32 - 0.5) * scale;
  }
  return new Uint8Array(a.buffer);
}

/**
 * Every tensor an HF config.json needs (web/model-files/expected-tensors.js) as safetensors
 * entries of F32 LCG weights; `edit` may change or drop (return null) each one.
 */
export function hfTensorsOf(cfg, edit = (t) => t, scale = 0.4) {
  const { config } = configFromHf(cfg);
  return [...expectedTensors(config)]
    .map(([name, s], i) => ({
      name,
      dtype: 'F32',
      shape: s.vector ? [s.cols] : [s.rows, s.cols],
      data: lcgWeights(s.rows * s.cols, i + 1, scale),
    }))
    .map(edit)
    .filter(Boolean);
}

const DTYPE_BYTES = { F32: 4, F16: 2, BF16: 2, I8: 1, F64: 8, I64: 8 };

/**
 * A .safetensors file: tensors [{ name, dtype, shape, data? }] (data: bytes, zeros if absent).
 * `header` overrides the JSON (to corrupt it); `lengthOverride` the header length word.
 */
export function safetensorsBytes(tensors, { header, lengthOverride, truncateTo } = {}) {
  let offset = 0;
  const json = {};
  const parts = [];
  for (const t of tensors) {
    const n = t.shape.reduce((a, b) => a * b, 1) * DTYPE_BYTES[t.dtype];
    json[t.name] = { dtype: t.dtype, shape: t.shape, data_offsets: [offset, offset + n] };
    parts.push(t.data ?? new Uint8Array(n));
    offset += n;
  }
  const text = new TextEncoder().encode(header ?? JSON.stringify(json));
  const out = new Uint8Array(8 + text.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(lengthOverride ?? text.length), true);
  out.set(text, 8);
  let at = 8 + text.length;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return truncateTo === undefined ? out : out.slice(0, truncateTo);
}

// GGUF metadata value types (ggml's docs/gguf.md).
export const GGUF = {
  U8: 0,
  I8: 1,
  U16: 2,
  I16: 3,
  U32: 4,
  I32: 5,
  F32: 6,
  BOOL: 7,
  STRING: 8,
  ARRAY: 9,
  U64: 10,
  I64: 11,
  F64: 12,
};
const GGML_BLOCK = {
  0: [1, 4],
  1: [1, 2],
  30: [1, 2],
  8: [32, 34],
  2: [32, 18],
  12: [256, 144],
  14: [256, 210],
};

class Writer {
  constructor() {
    this.chunks = [];
    this.length = 0;
  }
  bytes(b) {
    this.chunks.push(b);
    this.length += b.length;
  }
  num(type, v) {
    const size = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8 }[type];
    const b = new Uint8Array(size);
    const d = new DataView(b.buffer);
    const set = {
      0: () => d.setUint8(0, v),
      1: () => d.setInt8(0, v),
      2: () => d.setUint16(0, v, true),
      3: () => d.setInt16(0, v, true),
      4: () => d.setUint32(0, v, true),
      5: () => d.setInt32(0, v, true),
      6: () => d.setFloat32(0, v, true),
      7: () => d.setUint8(0, v ? 1 : 0),
      10: () => d.setBigUint64(0, BigInt(v), true),
      11: () => d.setBigInt64(0, BigInt(v), true),
      12: () => d.setFloat64(0, v, true),
    }[type];
    set();
    this.bytes(b);
  }
  string(s) {
    const b = new TextEncoder().encode(s);
    this.num(GGUF.U64, b.length);
    this.bytes(b);
  }
  /** [type, value] or a plain value (string, boolean, integer → U32, other number → F32, arrays) */
  value(v, type = typeOf(v)) {
    if (type === GGUF.STRING) return this.string(v);
    if (type === GGUF.ARRAY) {
      const items = Array.isArray(v[1]) ? v[1] : v;
      const itemType = Array.isArray(v[1]) ? v[0] : typeOf(items[0] ?? 0);
      this.num(GGUF.U32, itemType);
      this.num(GGUF.U64, items.length);
      for (const x of items) this.value(x, itemType);
      return;
    }
    this.num(type, v);
  }
  out() {
    const o = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      o.set(c, at);
      at += c.length;
    }
    return o;
  }
}

function typeOf(v) {
  if (typeof v === 'string') return GGUF.STRING;
  if (typeof v === 'boolean') return GGUF.BOOL;
  if (Array.isArray(v)) return GGUF.ARRAY;
  return Number.isInteger(v) && v >= 0 ? GGUF.U32 : Number.isInteger(v) ? GGUF.I32 : GGUF.F32;
}

/**
 * A .gguf file. metadata: { key: value | { type, value } } (a typed array as
 * { type: GGUF.ARRAY, value: [itemType, items] }); tensors: [{ name, ne (innermost first),
 * type (ggml id), data? }]. Options: magic, version, alignment, truncateTo.
 */
export function ggufBytes(metadata, tensors, { magic = 'GGUF', version = 3, truncateTo } = {}) {
  const w = new Writer();
  w.bytes(new TextEncoder().encode(magic));
  w.num(GGUF.U32, version);
  w.num(GGUF.U64, tensors.length);
  w.num(GGUF.U64, Object.keys(metadata).length);
  for (const [k, v] of Object.entries(metadata)) {
    w.string(k);
    const typed = v !== null && typeof v === 'object' && !Array.isArray(v);
    const type = typed ? v.type : typeOf(v);
    w.num(GGUF.U32, type);
    w.value(typed ? v.value : v, type);
  }
  const alignment = metadata['general.alignment'] ?? 32;
  let offset = 0;
  const datas = [];
  for (const t of tensors) {
    w.string(t.name);
    w.num(GGUF.U32, t.ne.length);
    for (const n of t.ne) w.num(GGUF.U64, n);
    w.num(GGUF.U32, t.type);
    w.num(GGUF.U64, offset);
    const [block, bytes] = GGML_BLOCK[t.type] ?? [1, 1];
    const rows = t.ne.slice(1).reduce((a, b) => a * b, 1);
    const n = (t.ne[0] / block) * bytes * rows;
    datas.push([offset, t.data ?? new Uint8Array(n)]);
    offset = Math.ceil((offset + n) / alignment) * alignment;
  }
  const head = w.out();
  const start = Math.ceil(head.length / alignment) * alignment;
  const out = new Uint8Array(start + offset);
  out.set(head, 0);
  for (const [o, d] of datas) out.set(d, start + o);
  return truncateTo === undefined ? out : out.slice(0, truncateTo);
}
