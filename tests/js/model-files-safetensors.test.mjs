// web/model-files/safetensors.js on safetensors files built in the test: the header's tensors,
// and every way a header can be wrong, each a named OpenModelError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readSafetensorsHeader, shardsOf } from '../../web/model-files/safetensors.js';
import { memFile, safetensorsBytes } from '../helpers/model-files-bytes.mjs';

const code = (c, re) => (e) => e.name === 'OpenModelError' && e.code === c && re.test(e.message);

test('the header gives each tensor its type, shape and absolute offset', async () => {
  const f32 = new Uint8Array(new Float32Array([1, 2, 3, 4, 5, 6]).buffer);
  const bytes = safetensorsBytes([
    { name: 'a', dtype: 'F32', shape: [2, 3], data: f32 },
    { name: 'b', dtype: 'BF16', shape: [4] },
    { name: 'c', dtype: 'F16', shape: [2, 2] },
  ]);
  const file = memFile('model.safetensors', bytes);
  const t = await readSafetensorsHeader(file);
  assert.deepEqual(
    t.map(({ name, type, shape, bytes }) => ({ name, type, shape, bytes })),
    [
      { name: 'a', type: 'f32', shape: [2, 3], bytes: 24 },
      { name: 'b', type: 'bf16', shape: [4], bytes: 8 },
      { name: 'c', type: 'f16', shape: [2, 2], bytes: 8 },
    ],
  );
  const a = await file.slice(t[0].offset, t[0].offset + t[0].bytes);
  assert.deepEqual([...new Float32Array(a.buffer)], [1, 2, 3, 4, 5, 6]);
  assert.equal(t[2].offset, t[1].offset + 8);
});

test('__metadata__ is not a tensor', async () => {
  const header = JSON.stringify({
    __metadata__: { format: 'pt' },
    w: { dtype: 'F32', shape: [1], data_offsets: [0, 4] },
  });
  const f = memFile(
    'm.safetensors',
    safetensorsBytes([{ name: 'w', dtype: 'F32', shape: [1] }], { header }),
  );
  assert.deepEqual(
    (await readSafetensorsHeader(f)).map((t) => t.name),
    ['w'],
  );
});

test('a truncated header (length word past the end of the file) is bad-header naming the file', async () => {
  const bytes = safetensorsBytes([{ name: 'w', dtype: 'F32', shape: [4] }], { truncateTo: 20 });
  await assert.rejects(
    readSafetensorsHeader(memFile('model.safetensors', bytes)),
    code(
      'bad-header',
      /^model\.safetensors: the header says it is \d+ bytes long, but the file has only 12/,
    ),
  );
  await assert.rejects(
    readSafetensorsHeader(memFile('tiny.safetensors', new Uint8Array(5))),
    code('bad-header', /tiny\.safetensors: is 5 bytes, shorter than the 8-byte header length/),
  );
});

test('a header that is not JSON, or lacks fields, is bad-header', async () => {
  const notJson = safetensorsBytes([], { header: '{"w": {"dtype": "F32",' });
  await assert.rejects(
    readSafetensorsHeader(memFile('m.safetensors', notJson)),
    code('bad-header', /the header is not valid JSON/),
  );
  const noShape = safetensorsBytes([], { header: '{"w": {"dtype": "F32"}}' });
  await assert.rejects(
    readSafetensorsHeader(memFile('m.safetensors', noShape)),
    code('bad-header', /tensor "w" lacks dtype, shape or data_offsets/),
  );
});

test('offsets that disagree with the shape, or run past the file, are bad-header naming the tensor', async () => {
  const span = JSON.stringify({ w: { dtype: 'F32', shape: [2, 2], data_offsets: [0, 12] } });
  await assert.rejects(
    readSafetensorsHeader(memFile('m.safetensors', safetensorsBytes([], { header: span }))),
    code(
      'bad-header',
      /tensor "w" is F32 \[2, 2\] \(16 bytes\) but its data_offsets span 12 bytes/,
    ),
  );
  const whole = safetensorsBytes([{ name: 'w', dtype: 'F32', shape: [64] }]);
  await assert.rejects(
    readSafetensorsHeader(memFile('m.safetensors', whole.slice(0, whole.length - 4))),
    code(
      'bad-header',
      /tensor "w" ends at byte 256 of the data, past the end of the file \(252 bytes of data\): the file is truncated/,
    ),
  );
});

test('a dtype the engine does not read is unsupported-dtype naming tensor and dtype', async () => {
  const bytes = safetensorsBytes([
    { name: 'ok', dtype: 'F16', shape: [2] },
    { name: 'model.layers.0.mlp.up_proj.weight', dtype: 'I8', shape: [2, 2] },
  ]);
  await assert.rejects(
    readSafetensorsHeader(memFile('model.safetensors', bytes)),
    (e) =>
      code(
        'unsupported-dtype',
        /tensor "model\.layers\.0\.mlp\.up_proj\.weight" is I8; the engine reads F32, F16 and BF16/,
      )(e) && e.detail.dtype === 'I8',
  );
});

test('a sharded checkpoint: the index names its shards; a missing one is missing-file naming it', async () => {
  const index = memFile(
    'model.safetensors.index.json',
    JSON.stringify({
      metadata: { total_size: 8 },
      weight_map: { a: 'model-00001-of-00002.safetensors', b: 'model-00002-of-00002.safetensors' },
    }),
  );
  const s1 = memFile(
    'model-00001-of-00002.safetensors',
    safetensorsBytes([{ name: 'a', dtype: 'F32', shape: [1] }]),
  );
  const s2 = memFile(
    'model-00002-of-00002.safetensors',
    safetensorsBytes([{ name: 'b', dtype: 'F32', shape: [1] }]),
  );
  const byName = (files) => new Map(files.map((f) => [f.name, f]));
  assert.deepEqual(
    (await shardsOf(index, byName([s1, s2]))).map((f) => f.name),
    [s1.name, s2.name],
  );
  await assert.rejects(
    shardsOf(index, byName([s1])),
    (e) =>
      code(
        'missing-file',
        /^model-00002-of-00002\.safetensors is missing: model\.safetensors\.index\.json puts tensors in it/,
      )(e) && e.detail.file === 'model-00002-of-00002.safetensors',
  );
  await assert.rejects(
    shardsOf(memFile('model.safetensors.index.json', '{"metadata": {}}'), byName([])),
    code('bad-header', /has no "weight_map"/),
  );
});
