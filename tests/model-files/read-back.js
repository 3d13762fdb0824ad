// Minimal readers of the two formats the writers produce, for the tests' round trips only: they
// check the writers' bytes against the specifications (safetensors' README and
// ggml's docs/gguf.md) independently of the loader web/model-files/, which parses the same
// files for the page. Whole files in memory, no validation beyond what a round trip needs.
import { BLOCK_TYPES } from './block-types.js';
import { dequantizeMatrix } from './dequantize.js';

/** { header, tensors: Map name → { dtype, shape, bytes } } of a safetensors file. */
export function readSafetensors(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = Number(dv.getBigUint64(0, true));
  const header = JSON.parse(Buffer.from(bytes.subarray(8, 8 + n)).toString('utf8'));
  const tensors = new Map();
  for (const [name, t] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    const [a, b] = t.data_offsets;
    tensors.set(name, {
      dtype: t.dtype,
      shape: t.shape,
      bytes: bytes.subarray(8 + n + a, 8 + n + b),
    });
  }
  return { header, headerLength: n, tensors };
}

const TYPE_OF_GGML = Object.fromEntries(Object.entries(BLOCK_TYPES).map(([k, v]) => [v.ggml, k]));

/** { version, metadata: Map key → value, tensors: Map name → { type, dims, offset, bytes } }. */
export function readGguf(bytes) {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const u32 = () => ((at += 4), dv.getUint32(at - 4, true));
  const u64 = () => ((at += 8), Number(dv.getBigUint64(at - 8, true)));
  const str = () => {
    const n = u64();
    at += n;
    return Buffer.from(bytes.subarray(at - n, at)).toString('utf8');
  };
  const value = (type) => {
    switch (type) {
      case 0:
        return ((at += 1), dv.getUint8(at - 1));
      case 1:
        return ((at += 1), dv.getInt8(at - 1));
      case 2:
        return ((at += 2), dv.getUint16(at - 2, true));
      case 3:
        return ((at += 2), dv.getInt16(at - 2, true));
      case 4:
        return u32();
      case 5:
        return ((at += 4), dv.getInt32(at - 4, true));
      case 6:
        return ((at += 4), dv.getFloat32(at - 4, true));
      case 7:
        return ((at += 1), dv.getUint8(at - 1) === 1);
      case 8:
        return str();
      case 9: {
        const elem = u32(),
          n = u64();
        return Array.from({ length: n }, () => value(elem));
      }
      case 10:
        return u64();
      case 11:
        return ((at += 8), Number(dv.getBigInt64(at - 8, true)));
      case 12:
        return ((at += 8), dv.getFloat64(at - 8, true));
      default:
        throw new Error(`gguf: unknown value type ${type} at byte ${at}`);
    }
  };
  const magic = Buffer.from(bytes.subarray(0, 4)).toString('latin1');
  if (magic !== 'GGUF') throw new Error(`not GGUF: ${magic}`);
  at = 4;
  const version = u32();
  const nTensors = u64(),
    nKv = u64();
  const metadata = new Map();
  for (let i = 0; i < nKv; i++) {
    const key = str();
    metadata.set(key, value(u32()));
  }
  const infos = [];
  for (let i = 0; i < nTensors; i++) {
    const name = str();
    const nDims = u32();
    const dims = Array.from({ length: nDims }, u64);
    infos.push({ name, dims, type: TYPE_OF_GGML[u32()], offset: u64() });
  }
  const alignment = metadata.get('general.alignment') ?? 32;
  const dataStart = Math.ceil(at / alignment) * alignment;
  const tensors = new Map();
  for (const t of infos) {
    const info = BLOCK_TYPES[t.type];
    const n = t.dims.reduce((a, b) => a * b, 1);
    const start = dataStart + t.offset;
    tensors.set(t.name, {
      ...t,
      bytes: bytes.subarray(start, start + (n / info.block) * info.bytes),
    });
  }
  return { version, metadata, tensors, dataStart };
}

const SAFETENSORS_TYPE = { F32: 'f32', F16: 'f16', BF16: 'bf16' };

/** Every tensor of a readSafetensors result as f32: Map name → { rows, cols, data }. */
export function safetensorsF32(read) {
  const out = new Map();
  for (const [name, t] of read.tensors) {
    // Rows × cols with every leading dimension folded into rows (a 1-D tensor is one row).
    const cols = t.shape.at(-1) ?? 1;
    const rows = t.shape.slice(0, -1).reduce((a, b) => a * b, 1);
    out.set(name, {
      rows,
      cols,
      data: dequantizeMatrix(SAFETENSORS_TYPE[t.dtype], t.bytes, rows, cols),
    });
  }
  return out;
}

/** Every tensor of a readGguf result as f32, by GGUF name: Map → { rows, cols, data, type }. */
export function ggufF32(read) {
  const out = new Map();
  for (const [name, t] of read.tensors) {
    const [cols, rows = 1] = t.dims;
    out.set(name, {
      rows,
      cols,
      type: t.type,
      data: dequantizeMatrix(t.type, t.bytes, rows, cols),
    });
  }
  return out;
}
