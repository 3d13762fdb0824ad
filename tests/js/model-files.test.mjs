// node --test tests/js/model-files.test.mjs
// The test side's own model files, checked before anything reads them: the safetensors and GGUF
// writers byte by byte against their specifications, LlamaModel.permute on a hand example, and
// the tiny random models of every architecture read back from both formats giving the
// reference forward the same logits (so the GGUF conversion — transposed Conv1D, permuted Q/K
// rows — undoes exactly, and what the engine is compared with later is what the files hold).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safetensorsBytes, writeShardedSafetensors } from '../model-files/safetensors-writer.js';
import { ggufBytes } from '../model-files/gguf-writer.js';
import { readSafetensors, readGguf, safetensorsF32, ggufF32 } from '../model-files/read-back.js';
import { quantizeRow } from '../model-files/quantize.js';
import { referenceForward } from '../model-files/reference-forward.js';
import * as tiny from '../model-files/tiny-models.js';

const dir = mkdtempSync(join(tmpdir(), 'attn-model-files-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('safetensors: u64 header length, JSON header padded to 8 bytes, offsets into the data', () => {
  const b = safetensorsBytes([
    { name: 'a', dtype: 'F32', shape: [2], data: Float32Array.of(1, -2) },
    { name: 'b', dtype: 'BF16', shape: [1, 3], data: Float32Array.of(1, 2, 3) },
    { name: 'c', dtype: 'F16', shape: [1], data: Float32Array.of(0.5) },
  ]);
  const n = Number(new DataView(b.buffer).getBigUint64(0, true));
  assert.equal((8 + n) % 8, 0);
  const header = JSON.parse(Buffer.from(b.subarray(8, 8 + n)).toString());
  assert.deepEqual(header.a, { dtype: 'F32', shape: [2], data_offsets: [0, 8] });
  assert.deepEqual(header.b, { dtype: 'BF16', shape: [1, 3], data_offsets: [8, 14] });
  assert.deepEqual(header.c.data_offsets, [14, 16]);
  assert.deepEqual(header.__metadata__, { format: 'pt' });
  const data = b.subarray(8 + n);
  assert.equal(data.length, 16);
  assert.deepEqual([...new Float32Array(data.slice(0, 8).buffer)], [1, -2]);
  assert.deepEqual([...data.subarray(8, 10)], [0x80, 0x3f]); // bf16 1.0
  assert.deepEqual([...data.subarray(14, 16)], [0x00, 0x38]); // f16 0.5
});

test('sharded safetensors: two shards and an index mapping every tensor to its file', () => {
  const tensors = ['x', 'y', 'z'].map((name, i) => ({
    name,
    dtype: 'F16',
    shape: [4],
    data: Float32Array.of(i, i, i, i),
  }));
  const files = writeShardedSafetensors(dir, tensors, 2);
  assert.deepEqual(files, [
    'model.safetensors.index.json',
    'model-00001-of-00002.safetensors',
    'model-00002-of-00002.safetensors',
  ]);
  const index = JSON.parse(readFileSync(join(dir, files[0]), 'utf8'));
  assert.deepEqual(index.weight_map, { x: files[1], y: files[1], z: files[2] });
  assert.equal(index.metadata.total_size, 3 * 4 * 2);
  const second = readSafetensors(new Uint8Array(readFileSync(join(dir, files[2]))));
  assert.deepEqual([...second.tensors.keys()], ['z']);
});

test('GGUF v3: header, typed metadata, tensor infos fastest dim first, 32-byte aligned data', () => {
  const w = Float32Array.from({ length: 2 * 32 }, (_, i) => i / 10);
  const b = ggufBytes({
    metadata: [
      ['general.architecture', 'string', 'llama'],
      ['llama.block_count', 'u32', 2],
      ['llama.rope.freq_base', 'f32', 10000],
      ['tokenizer.ggml.add_bos_token', 'bool', true],
      ['tokenizer.ggml.tokens', 'array:string', ['a', 'bc', '▁']],
      ['tokenizer.ggml.scores', 'array:f32', [0, -1.5, -2]],
      ['tokenizer.ggml.token_type', 'array:i32', [3, 1, 1]],
    ],
    tensors: [
      { name: 'norm', type: 'f32', dims: [3], bytes: quantizeRow('f32', Float32Array.of(1, 2, 3)) },
      { name: 'w', type: 'q8_0', dims: [32, 2], bytes: quantizeRow('q8_0', w) },
    ],
  });
  const dv = new DataView(b.buffer);
  assert.equal(Buffer.from(b.subarray(0, 4)).toString('latin1'), 'GGUF');
  assert.equal(dv.getUint32(4, true), 3);
  assert.equal(dv.getBigUint64(8, true), 2n); // tensors
  assert.equal(dv.getBigUint64(16, true), 7n); // metadata pairs
  // First key: u64 length 20, "general.architecture", u32 type 8 (string), u64 5, "llama".
  assert.equal(dv.getBigUint64(24, true), 20n);
  assert.equal(Buffer.from(b.subarray(32, 52)).toString(), 'general.architecture');
  assert.equal(dv.getUint32(52, true), 8);
  assert.equal(dv.getBigUint64(56, true), 5n);
  const g = readGguf(b);
  assert.equal(g.metadata.get('llama.block_count'), 2);
  assert.equal(g.metadata.get('tokenizer.ggml.add_bos_token'), true);
  assert.deepEqual(g.metadata.get('tokenizer.ggml.tokens'), ['a', 'bc', '▁']);
  assert.deepEqual(g.metadata.get('tokenizer.ggml.scores'), [0, -1.5, -2]);
  assert.deepEqual(g.metadata.get('tokenizer.ggml.token_type'), [3, 1, 1]);
  assert.deepEqual(g.tensors.get('w').dims, [32, 2]); // ne0 = cols
  assert.equal(g.tensors.get('w').type, 'q8_0');
  assert.equal(g.dataStart % 32, 0);
  assert.equal(g.tensors.get('w').offset, 32); // 12 bytes of norm, padded to 32
  assert.deepEqual([...g.tensors.get('w').bytes], [...quantizeRow('q8_0', w)]);
  assert.ok(
    b.subarray(g.dataStart + 12, g.dataStart + 32).every((x) => x === 0),
    'zero padding',
  );
});

test("LlamaModel.permute interleaves each head's halves; unpermute undoes it", () => {
  // 2 heads of d = 4, one column: head rows [0 1 2 3] → [0 2 1 3] (pairs (i, i + d/2) adjacent).
  const rows = Float32Array.of(0, 1, 2, 3, 10, 11, 12, 13);
  assert.deepEqual([...tiny.permuteRows(rows, 2, 1)], [0, 2, 1, 3, 10, 12, 11, 13]);
  const wide = Float32Array.from({ length: 8 * 3 }, (_, i) => i);
  assert.deepEqual([...tiny.unpermuteRows(tiny.permuteRows(wide, 2, 3), 2, 3)], [...wide]);
  assert.deepEqual([...tiny.permuteRows(wide, 1, 3).subarray(3, 6)], [12, 13, 14]); // row 1 ← row 4
});

const TOKENS = [3, 17, 101, 256, 7, 42, 199, 5];

for (const arch of tiny.ARCHS) {
  test(`${arch}: HF f32 and GGUF f32 read back give the reference the same logits`, () => {
    const model = tiny.tinyModel(arch);
    const hfDir = tiny.writeHfModel(join(dir, `${arch}-hf`), model, 'f32');
    const cfg = JSON.parse(readFileSync(join(hfDir, 'config.json'), 'utf8'));
    assert.equal(cfg.model_type, arch);
    assert.equal(cfg.torch_dtype, 'float32');
    const st = readSafetensors(new Uint8Array(readFileSync(join(hfDir, 'model.safetensors'))));
    if (arch === 'gpt2') assert.ok(st.tensors.has('transformer.h.0.attn.c_attn.weight'));
    const fromHf = tiny.hfWeightsFromSafetensors(safetensorsF32(st));
    const g = readGguf(tiny.ggufModelBytes(model, 'f32'));
    assert.equal(g.metadata.get('general.architecture'), tiny.ggufArch(arch));
    const fromGguf = tiny.hfWeightsFromGguf(model, ggufF32(g));
    const a = referenceForward(model.config, fromHf, TOKENS);
    const b = referenceForward(model.config, fromGguf, TOKENS);
    assert.equal(a.logits.length, TOKENS.length * model.config.vocab);
    let d = 0;
    for (let i = 0; i < a.logits.length; i++) d = Math.max(d, Math.abs(a.logits[i] - b.logits[i]));
    assert.ok(d < 1e-9, `${arch}: HF and GGUF differ by ${d}`);
    // The model is not degenerate: logits spread, attention not uniform, rows sum to 1, causal.
    const std = Math.sqrt(a.logits.reduce((s, x) => s + x * x, 0) / a.logits.length);
    assert.ok(std > 0.3 && std < 20, `logit scale ${std}`);
    const T = TOKENS.length,
      w = a.attention[1];
    for (let h = 0; h < model.config.nHeads; h++)
      for (let i = 0; i < T; i++) {
        const row = w.subarray((h * T + i) * T, (h * T + i + 1) * T);
        assert.ok(Math.abs(row.reduce((s, x) => s + x, 0) - 1) < 1e-6);
        assert.ok(row.subarray(i + 1).every((x) => x === 0));
      }
    assert.ok(
      Math.max(...w.subarray((0 * T + T - 1) * T, T * T)) > 1.5 / T,
      'attention not uniform',
    );
  });
}

test('the GGUF conversion matters: llama read back WITHOUT un-permuting gives other logits', () => {
  const model = tiny.tinyModel('llama');
  const byGguf = ggufF32(readGguf(tiny.ggufModelBytes(model, 'f32')));
  const right = tiny.hfWeightsFromGguf(model, byGguf);
  const wrong = new Map(right);
  for (const l of [0, 1]) {
    const name = `model.layers.${l}.self_attn.q_proj.weight`;
    wrong.set(name, { ...right.get(name), data: byGguf.get(`blk.${l}.attn_q.weight`).data });
  }
  const a = referenceForward(model.config, right, TOKENS).logits;
  const b = referenceForward(model.config, wrong, TOKENS).logits;
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  assert.ok(d > 1e-2, `permuted Q rows changed the logits by only ${d}`);
});

test('quantised GGUF files: matrices in the type (Q4_K_M mix: v and down in Q6_K), norms F32', () => {
  const model = tiny.tinyModel('qwen3');
  const g = readGguf(tiny.ggufModelBytes(model, 'q4_k'));
  const type = (n) => g.tensors.get(n).type;
  assert.equal(type('token_embd.weight'), 'q4_k');
  assert.equal(type('blk.0.attn_q.weight'), 'q4_k');
  assert.equal(type('blk.0.attn_v.weight'), 'q6_k');
  assert.equal(type('blk.1.ffn_down.weight'), 'q6_k');
  assert.equal(type('blk.0.attn_q_norm.weight'), 'f32');
  assert.equal(g.metadata.get('general.file_type'), 15);
  assert.equal(g.metadata.get('qwen3.attention.key_length'), 128);
  // Qwen's embedding is padded past the tokenizer; the GGUF token list is padded to match.
  const tokens = g.metadata.get('tokenizer.ggml.tokens');
  assert.equal(tokens.length, model.config.vocab);
  assert.ok(model.tokenizer.tokens.length < model.config.vocab);
  assert.equal(tokens.at(-1), `[PAD${model.config.vocab - 1}]`);
});

test('tiny models are seeded: the same seed gives the same bytes, another seed others', () => {
  const a = tiny.ggufModelBytes(tiny.tinyModel('mistral', 3), 'q8_0');
  const b = tiny.ggufModelBytes(tiny.tinyModel('mistral', 3), 'q8_0');
  const c = tiny.ggufModelBytes(tiny.tinyModel('mistral', 4), 'q8_0');
  assert.ok(Buffer.from(a).equals(Buffer.from(b)));
  assert.ok(!Buffer.from(a).equals(Buffer.from(c)));
});

test('nodeFileSource reads the slices asked for, clamped to the file, with name and path', async () => {
  const { nodeFileSource, folderSources } = await import('../model-files/node-file-source.js');
  const sub = join(dir, 'src');
  tiny.writeHfModel(sub, tiny.tinyModel('qwen2'), 'f16');
  const whole = new Uint8Array(readFileSync(join(sub, 'model.safetensors')));
  const f = nodeFileSource(join(sub, 'model.safetensors'));
  assert.equal(f.name, 'model.safetensors');
  assert.equal(f.size, whole.length);
  assert.deepEqual([...(await f.slice(5, 21))], [...whole.subarray(5, 21)]);
  assert.equal((await f.slice(f.size - 3, f.size + 100)).length, 3);
  assert.equal((await f.slice(f.size + 1, f.size + 9)).length, 0);
  const names = folderSources(sub).map((s) => s.path);
  assert.deepEqual(names, [
    'src/config.json',
    'src/model.safetensors',
    'src/tokenizer.json',
    'src/tokenizer_config.json',
  ]);
});

test('llama with attention_bias: q/k biases permuted in GGUF like the weights, undone on read', () => {
  const model = tiny.tinyModel('llama', 2, { attentionBias: true });
  assert.equal(model.hfConfig.attention_bias, true);
  assert.ok(model.weights.has('model.layers.1.self_attn.k_proj.bias'));
  const hf = tiny.writeHfModel(join(dir, 'llama-bias'), model, 'f32');
  const st = readSafetensors(new Uint8Array(readFileSync(join(hf, 'model.safetensors'))));
  const g = readGguf(tiny.ggufModelBytes(model, 'f32'));
  const q = model.weights.get('model.layers.0.self_attn.q_proj.bias').data;
  const inFile = ggufF32(g).get('blk.0.attn_q.bias').data;
  assert.deepEqual([...inFile], [...tiny.permuteRows(q, model.config.nHeads, 1)]);
  const a = referenceForward(
    model.config,
    tiny.hfWeightsFromSafetensors(safetensorsF32(st)),
    TOKENS,
  );
  const b = referenceForward(model.config, tiny.hfWeightsFromGguf(model, ggufF32(g)), TOKENS);
  let d = 0;
  for (let i = 0; i < a.logits.length; i++) d = Math.max(d, Math.abs(a.logits[i] - b.logits[i]));
  assert.ok(d < 1e-9, `differ by ${d}`);
});

test("GPT-2 as the hub ships it: no 'transformer.' prefix, causal-mask buffers h.N.attn.bias", () => {
  const model = tiny.tinyModel('gpt2');
  const hf = tiny.writeHfModel(join(dir, 'gpt2-hub'), model, 'f32', { hubGpt2: true });
  const st = readSafetensors(new Uint8Array(readFileSync(join(hf, 'model.safetensors'))));
  const n = model.config.context;
  assert.deepEqual(st.tensors.get('h.1.attn.bias').shape, [1, 1, n, n]);
  assert.ok(st.tensors.has('h.0.attn.c_attn.weight') && !st.tensors.has('transformer.wte.weight'));
  const w = tiny.hfWeightsFromSafetensors(safetensorsF32(st));
  assert.ok(!w.has('h.0.attn.bias'));
  assert.equal(w.size, model.weights.size);
});
