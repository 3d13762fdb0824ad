// web/model-files/gguf.js on GGUF files built in the test: metadata of every value type, tensor
// infos, alignment and data offset, and every corrupt or unsupported header, each named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readGgufHeader } from '../../web/model-files/gguf.js';
import { memFile, ggufBytes, GGUF } from '../helpers/model-files-bytes.mjs';

const code = (c, re) => (e) => e.name === 'OpenModelError' && e.code === c && re.test(e.message);

test('metadata of every value type, arrays included, reads back', async () => {
  const md = {
    'general.architecture': 'llama',
    u8: { type: GGUF.U8, value: 200 },
    i8: { type: GGUF.I8, value: -5 },
    u16: { type: GGUF.U16, value: 60000 },
    i16: { type: GGUF.I16, value: -3000 },
    u32: { type: GGUF.U32, value: 4000000000 },
    i32: { type: GGUF.I32, value: -7 },
    f32: { type: GGUF.F32, value: 0.5 },
    bool: { type: GGUF.BOOL, value: true },
    u64: { type: GGUF.U64, value: 2 ** 40 },
    i64: { type: GGUF.I64, value: -(2 ** 40) },
    f64: { type: GGUF.F64, value: 1e-6 },
    strings: { type: GGUF.ARRAY, value: [GGUF.STRING, ['a', 'ü', '']] },
    floats: { type: GGUF.ARRAY, value: [GGUF.F32, [0.25, -1]] },
    nested: {
      type: GGUF.ARRAY,
      value: [
        GGUF.ARRAY,
        [
          [GGUF.I32, [1, 2]],
          [GGUF.I32, []],
        ],
      ],
    },
  };
  const h = await readGgufHeader(memFile('m.gguf', ggufBytes(md, [])));
  assert.equal(h.version, 3);
  assert.deepEqual(h.metadata, {
    'general.architecture': 'llama',
    u8: 200,
    i8: -5,
    u16: 60000,
    i16: -3000,
    u32: 4000000000,
    i32: -7,
    f32: 0.5,
    bool: true,
    u64: 2 ** 40,
    i64: -(2 ** 40),
    f64: 1e-6,
    strings: ['a', 'ü', ''],
    floats: [0.25, -1],
    nested: [[1, 2], []],
  });
});

test('tensor infos: ne[0] is the row, types mapped, offsets past the aligned header', async () => {
  const f32 = new Uint8Array(new Float32Array([1, 2, 3, 4, 5, 6, 7, 8]).buffer);
  for (const alignment of [undefined, 64]) {
    const md = alignment ? { 'general.alignment': alignment } : {};
    const bytes = ggufBytes(md, [
      { name: 'token_embd.weight', ne: [4, 2], type: 0, data: f32 },
      { name: 'blk.0.attn_q.weight', ne: [256, 3], type: 12 },
      { name: 'blk.0.ffn_down.weight', ne: [256, 2], type: 14 },
      { name: 'blk.0.attn_k.weight', ne: [64, 2], type: 8 },
      { name: 'blk.0.attn_v.weight', ne: [32, 1], type: 2 },
      { name: 'output_norm.weight', ne: [4], type: 1 },
      { name: 'x', ne: [2], type: 30 },
    ]);
    const h = await readGgufHeader(memFile('m.gguf', bytes));
    const a = alignment ?? 32;
    assert.equal(h.dataOffset % a, 0);
    assert.deepEqual(
      h.tensors.map(({ name, type, shape, bytes }) => [name, type, shape, bytes]),
      [
        ['token_embd.weight', 'f32', [2, 4], 32],
        ['blk.0.attn_q.weight', 'q4_k', [3, 256], 3 * 144],
        ['blk.0.ffn_down.weight', 'q6_k', [2, 256], 2 * 210],
        ['blk.0.attn_k.weight', 'q8_0', [2, 64], 2 * 2 * 34],
        ['blk.0.attn_v.weight', 'q4_0', [1, 32], 18],
        ['output_norm.weight', 'f16', [4], 8],
        ['x', 'bf16', [2], 4],
      ],
    );
    assert.equal(h.tensors[0].offset, h.dataOffset);
    for (const t of h.tensors) assert.equal((t.offset - h.dataOffset) % a, 0, t.name);
    const e = h.tensors[0];
    const back = await memFile('m.gguf', bytes).slice(e.offset, e.offset + e.bytes);
    assert.deepEqual([...new Float32Array(back.buffer)], [1, 2, 3, 4, 5, 6, 7, 8]);
  }
});

test('a header larger than the first read (a big vocabulary) is read whole', async () => {
  const tokens = Array.from({ length: 200000 }, (_, i) => `token-${i}-${'x'.repeat(20)}`);
  const bytes = ggufBytes(
    { 'tokenizer.ggml.tokens': { type: GGUF.ARRAY, value: [GGUF.STRING, tokens] } },
    [{ name: 'w', ne: [4], type: 0 }],
  );
  assert.ok(bytes.length > 4 << 20, 'the header passes the 4 MiB first read');
  const h = await readGgufHeader(memFile('big.gguf', bytes));
  assert.equal(h.metadata['tokenizer.ggml.tokens'].length, 200000);
  assert.equal(h.metadata['tokenizer.ggml.tokens'][199999], tokens[199999]);
  assert.equal(h.tensors[0].name, 'w');
});

test('a wrong magic, an unknown version and a truncated header are bad-header naming the file', async () => {
  await assert.rejects(
    readGgufHeader(memFile('model.gguf', ggufBytes({}, [], { magic: 'GGML' }))),
    code('bad-header', /^model\.gguf: is not a GGUF file: it starts with "GGML", not "GGUF"/),
  );
  await assert.rejects(
    readGgufHeader(memFile('model.gguf', ggufBytes({}, [], { version: 1 }))),
    code('bad-header', /model\.gguf: is GGUF version 1; this page reads versions 2 and 3/),
  );
  const whole = ggufBytes({ 'general.architecture': 'llama', 'general.name': 'x'.repeat(100) }, []);
  await assert.rejects(
    readGgufHeader(memFile('model.gguf', whole.slice(0, 60))),
    code(
      'bad-header',
      /model\.gguf: is truncated: the file ends \(at 60 bytes\) inside its header/,
    ),
  );
  assert.equal(
    (await readGgufHeader(memFile('v2.gguf', ggufBytes({}, [], { version: 2 })))).version,
    2,
  );
});

test('corrupt counts and value types are bad-header, not a hang or a crash', async () => {
  const b = ggufBytes({ k: 1 }, []);
  const huge = b.slice();
  new DataView(huge.buffer).setBigUint64(16, 10n ** 15n, true); // kv_count
  await assert.rejects(
    readGgufHeader(memFile('m.gguf', huge)),
    code('bad-header', /is corrupt: it claims 0 tensors and 1000000000000000 metadata keys/),
  );
  const badType = b.slice();
  // key "k": u64 length (8) + 1 byte at 24, then the value type
  new DataView(badType.buffer).setUint32(33, 99, true);
  await assert.rejects(
    readGgufHeader(memFile('m.gguf', badType)),
    code('bad-header', /is corrupt \(metadata value type 99 in the header\)/),
  );
});

test('a string length past the end of the file is corruption, found without reading the whole file', async () => {
  const b = ggufBytes({ key: 'value' }, [{ name: 'w', ne: [1 << 20], type: 0 }]);
  new DataView(b.buffer).setBigUint64(24, 10n ** 9n, true); // the key's length
  let read = 0;
  const f = memFile('big.gguf', b);
  const counting = { ...f, slice: (a, e) => ((read += e - a), f.slice(a, e)) };
  await assert.rejects(
    readGgufHeader(counting),
    code('bad-header', /is corrupt \(a string of 1000000000 bytes in the header\)/),
  );
  assert.ok(read <= 4 << 20, `read ${read} bytes`);
});

test('tensor data past the end of the file is bad-header (truncated), naming the tensor', async () => {
  const bytes = ggufBytes({}, [{ name: 'blk.0.ffn_up.weight', ne: [256, 4], type: 12 }]);
  await assert.rejects(
    readGgufHeader(memFile('m.gguf', bytes.slice(0, bytes.length - 1))),
    code(
      'bad-header',
      /tensor "blk\.0\.ffn_up\.weight" \(576 bytes at data offset 0\) ends past the end of the file/,
    ),
  );
});

test('a quant type the engine does not run is unsupported-dtype naming type and tensor', async () => {
  for (const [id, name] of [
    [13, 'Q5_K'],
    [10, 'Q2_K'],
    [23, 'IQ4_XS'],
    [77, 'ggml type 77'],
  ]) {
    const bytes = ggufBytes({}, [
      { name: 'token_embd.weight', ne: [4, 2], type: 0 },
      { name: 'blk.3.ffn_down.weight', ne: [256, 2], type: id, data: new Uint8Array(0) },
    ]);
    await assert.rejects(
      readGgufHeader(memFile('m.gguf', bytes)),
      (e) =>
        code(
          'unsupported-dtype',
          new RegExp(
            `tensor "blk\\.3\\.ffn_down\\.weight" is ${name}; the engine runs F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K and Q6_K`,
          ),
        )(e) && e.detail.dtype === name,
      name,
    );
  }
});
