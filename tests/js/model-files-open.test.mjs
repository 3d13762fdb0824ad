// web/model-files/open-model-files.js: format detection, the tensor plan (every tensor matched
// by name and shape before a byte is read), and every OpenModelError code (docs/open-model.md)
// through openModelFromFiles on files built in the test, with the real engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  openModelFromFiles,
  planTensors,
  fillTensor,
} from '../../web/model-files/open-model-files.js';
import { expectedTensors } from '../../web/model-files/expected-tensors.js';
import { configFromHf } from '../../web/model-files/model-config.js';
import { engine } from '../helpers/fixture.mjs';
import {
  memFile,
  safetensorsBytes,
  ggufBytes,
  hfTensorsOf,
} from '../helpers/model-files-bytes.mjs';

const E = await engine();

const TINY = {
  architectures: ['Qwen3ForCausalLM'],
  model_type: 'qwen3',
  vocab_size: 8,
  hidden_size: 8,
  num_hidden_layers: 1,
  num_attention_heads: 2,
  num_key_value_heads: 1,
  head_dim: 4,
  intermediate_size: 16,
  max_position_embeddings: 32,
  rms_norm_eps: 1e-6,
  rope_theta: 10000,
  tie_word_embeddings: true,
};
const CHARS = ['<bos>', '<unk>', ' ', 'a', 'b', 'c', 'd', 'e'];
const TOKENIZER = JSON.stringify({
  version: '1.0',
  added_tokens: [
    {
      id: 0,
      content: '<bos>',
      special: true,
      normalized: false,
      single_word: false,
      lstrip: false,
      rstrip: false,
    },
  ],
  normalizer: null,
  pre_tokenizer: null,
  post_processor: {
    type: 'TemplateProcessing',
    single: [{ SpecialToken: { id: '<bos>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
    pair: [{ Sequence: { id: 'A', type_id: 0 } }],
    special_tokens: { '<bos>': { id: '<bos>', ids: [0], tokens: ['<bos>'] } },
  },
  decoder: { type: 'Fuse' },
  model: {
    type: 'BPE',
    unk_token: '<unk>',
    vocab: Object.fromEntries(CHARS.map((c, i) => [c, i])),
    merges: [],
  },
});

/** TOKENIZER with `extra` pieces after the 8 the embedding has. */
function tokenizerWith(extra) {
  const t = JSON.parse(TOKENIZER);
  extra.forEach((p, i) => (t.model.vocab[p] = CHARS.length + i));
  return JSON.stringify(t);
}

const hfTensors = (cfg, edit) => hfTensorsOf(cfg, edit);

function hfFiles(cfg = TINY, { edit, tokenizer = TOKENIZER } = {}) {
  return [
    memFile('config.json', JSON.stringify(cfg), 'tiny/config.json'),
    memFile('tokenizer.json', tokenizer, 'tiny/tokenizer.json'),
    memFile('model.safetensors', safetensorsBytes(hfTensors(cfg, edit)), 'tiny/model.safetensors'),
  ];
}

const code = (c, re) => (e) => {
  assert.equal(e.name, 'OpenModelError', e.stack);
  assert.equal(e.code, c, e.message);
  assert.match(e.message, re);
  return true;
};

test('nothing picked, or no config.json, is missing-file naming what to pick', async () => {
  await assert.rejects(openModelFromFiles(E, []), code('missing-file', /^no file was picked$/));
  await assert.rejects(
    openModelFromFiles(E, [
      memFile('tokenizer.json', TOKENIZER),
      memFile('pytorch_model.bin', 'x'),
    ]),
    code(
      'missing-file',
      /^config\.json is missing: pick a \.gguf file, or the folder .*; pytorch_model\.bin \(PyTorch pickle\) is not read/,
    ),
  );
});

test('no tokenizer.json, or no weights, is missing-file naming it', async () => {
  const [config, , weightsFile] = hfFiles();
  await assert.rejects(
    openModelFromFiles(E, [config, weightsFile]),
    code('missing-file', /^tokenizer\.json is missing/),
  );
  await assert.rejects(
    openModelFromFiles(E, [config, memFile('tokenizer.json', TOKENIZER)]),
    code('missing-file', /^model\.safetensors is missing/),
  );
});

test('a config.json that is not JSON, or of another architecture, is named', async () => {
  const [, tok, w] = hfFiles();
  await assert.rejects(
    openModelFromFiles(E, [memFile('config.json', '{"model_type": '), tok, w]),
    code('bad-header', /^config\.json is not valid JSON/),
  );
  await assert.rejects(
    openModelFromFiles(E, [
      memFile(
        'config.json',
        JSON.stringify({ ...TINY, architectures: ['GemmaForCausalLM'], model_type: 'gemma' }),
      ),
      tok,
      w,
    ]),
    code(
      'unsupported-arch',
      /says the architecture is "GemmaForCausalLM \/ gemma"; this page runs gpt2, llama, mistral, qwen2, qwen3/,
    ),
  );
});

test('a truncated safetensors header and an unsupported dtype are named before the engine is asked', async () => {
  const [c, tok] = hfFiles();
  const cut = memFile('model.safetensors', safetensorsBytes(hfTensors(TINY)).slice(0, 40));
  await assert.rejects(
    openModelFromFiles(E, [c, tok, cut]),
    code('bad-header', /^model\.safetensors: the header says it is \d+ bytes long/),
  );
  const i8 = hfFiles(TINY, {
    edit: (t) =>
      t.name.endsWith('mlp.up_proj.weight') ? { ...t, dtype: 'I8', data: undefined } : t,
  });
  await assert.rejects(
    openModelFromFiles(E, i8),
    code('unsupported-dtype', /tensor "model\.layers\.0\.mlp\.up_proj\.weight" is I8/),
  );
});

test('a tokenizer.json the library cannot build is bad-header naming it', async () => {
  const [c, , w] = hfFiles();
  await assert.rejects(
    openModelFromFiles(E, [
      c,
      memFile('tokenizer.json', '{"model": {"type": "BPE", "vocab": {}}}'),
      w,
    ]),
    code('bad-header', /^tokenizer\.json: the tokenizer cannot be built \(/),
  );
});

test('a GGUF without its extension (an Ollama blob) is found by its magic, the largest one', async () => {
  const blob = (md) => ggufBytes({ 'general.architecture': 'phi3', ...md }, []);
  await assert.rejects(
    openModelFromFiles(E, [
      memFile('sha256-aaaa', 'license text'),
      memFile('sha256-bbbb', blob({ pad: 'x'.repeat(100) })),
      memFile('sha256-cccc', blob({})),
    ]),
    code(
      'unsupported-arch',
      /^sha256-bbbb \(general\.architecture\) says the architecture is "phi3"/,
    ),
  );
});

test("files without a path (as a test's fs source gives them) are read the same", async () => {
  const files = hfFiles(TINY, { tokenizer: tokenizerWith(['f', 'g']) }).map(({ path, ...f }) => f);
  await assert.rejects(openModelFromFiles(E, files), code('vocab-mismatch', /ids up to 9/));
});

test('a GGUF with a corrupt magic is bad-header', async () => {
  const bad = ggufBytes({ 'general.architecture': 'qwen3' }, [], { magic: 'GGUX' });
  await assert.rejects(
    openModelFromFiles(E, [memFile('model.gguf', bad)]),
    code('bad-header', /^model\.gguf: is not a GGUF file: it starts with "GGUX"/),
  );
});

// ---- the tensor plan, before any weight is read -------------------------------------------

const entries = (list) =>
  list.map((t) => [
    t.name,
    { ...t, type: 'f32', bytes: 0, offset: 0, file: { name: 'model.safetensors' } },
  ]);

test('plan: a missing tensor is missing-tensor naming it, a mis-shaped one wrong-shape with both shapes', () => {
  const { config } = configFromHf(TINY);
  const all = hfTensors(TINY);
  assert.equal(planTensors(config, entries(all), 'safetensors').length, all.length);
  assert.throws(
    () =>
      planTensors(
        config,
        entries(all.filter((t) => t.name !== 'model.layers.0.self_attn.k_norm.weight')),
        'safetensors',
      ),
    code(
      'missing-tensor',
      /^tensor "model\.layers\.0\.self_attn\.k_norm\.weight" is missing: a qwen3 model with this config needs it$/,
    ),
  );
  const wrong = all.map((t) => (t.name.endsWith('k_proj.weight') ? { ...t, shape: [8, 8] } : t));
  assert.throws(
    () => planTensors(config, entries(wrong), 'safetensors'),
    code(
      'wrong-shape',
      /^model\.safetensors: tensor "model\.layers\.0\.self_attn\.k_proj\.weight" is \[8, 8\], expected \[4, 8\]$/,
    ),
  );
  assert.throws(
    () =>
      planTensors(
        config,
        entries([...all, { name: 'model.layers.0.mlp.experts.0.weight', shape: [1] }]),
        'safetensors',
      ),
    code(
      'unsupported-arch',
      /tensor "model\.layers\.0\.mlp\.experts\.0\.weight" is not part of a qwen3 model/,
    ),
  );
});

test('plan: GPT-2 Conv1D weights go in as "kn", wpe only the rows the page runs', () => {
  const gpt2 = {
    architectures: ['GPT2LMHeadModel'],
    model_type: 'gpt2',
    vocab_size: 8,
    n_embd: 8,
    n_head: 2,
    n_layer: 1,
    n_positions: 1024,
  };
  const { config } = configFromHf(gpt2);
  const list = [...expectedTensors(config)].map(([name, s]) => ({
    name,
    shape: s.vector
      ? [s.cols]
      : name === 'wpe.weight'
        ? [1024, 8]
        : s.conv1d
          ? [s.cols, s.rows]
          : [s.rows, s.cols],
  }));
  const plan = planTensors(config, entries(list), 'safetensors');
  const byName = new Map(plan.map((t) => [t.name, t]));
  assert.deepEqual(
    ['rows', 'cols', 'layout'].map((k) => byName.get('h.0.attn.c_attn.weight')[k]),
    [8, 24, 'kn'],
  );
  assert.equal(byName.get('wpe.weight').rows, config.context);
  // GGUF stores every matrix [out, in]: the same tensors, Conv1D ones transposed, go in as "nk".
  const ggufList = [...expectedTensors(config)].map(([name, s]) => ({
    name,
    shape: s.vector ? [s.cols] : name === 'wpe.weight' ? [1024, 8] : [s.rows, s.cols],
  }));
  const ggufPlan = planTensors(config, entries(ggufList), 'gguf');
  assert.equal(ggufPlan.find((t) => t.name === 'h.0.attn.c_attn.weight').layout, 'nk');
});

test('plan: llama GGUF q/k are marked for un-permuting, qwen3 GGUF are not', () => {
  const llama = { ...TINY, architectures: ['LlamaForCausalLM'], model_type: 'llama' };
  const { config } = configFromHf(llama);
  const list = hfTensors(llama);
  const heads = (cfg, format) =>
    Object.fromEntries(
      planTensors(cfg, entries(list), format)
        .filter((t) => t.permuteHeads)
        .map((t) => [t.name, t.permuteHeads]),
    );
  assert.deepEqual(heads(config, 'gguf'), {
    'model.layers.0.self_attn.q_proj.weight': 2,
    'model.layers.0.self_attn.k_proj.weight': 1,
  });
  assert.deepEqual(heads(config, 'safetensors'), {});
});

test('fillTensor undoes the Q/K permutation: rows of a matrix (even quantised), elements of a bias', () => {
  // q of 2 heads of d = 4, each GGUF row g filled with the byte g (a row of 3 bytes: any block)
  const rows = Uint8Array.from({ length: 8 * 3 }, (_, i) => Math.floor(i / 3));
  const view = new Uint8Array(24);
  fillTensor(view, rows, { rows: 8, cols: 3, bytes: 24, permuteHeads: 2 });
  // HF row r holds GGUF row: within a head, [0, 2, 1, 3]
  assert.deepEqual(
    [...view].filter((_, i) => i % 3 === 0),
    [0, 2, 1, 3, 4, 6, 5, 7],
  );
  const bias = new Uint8Array(new Float32Array([0, 1, 2, 3]).buffer);
  const out = new Uint8Array(16);
  fillTensor(out, bias, { rows: 1, cols: 4, bytes: 16, permuteHeads: 1 });
  assert.deepEqual([...new Float32Array(out.buffer)], [0, 2, 1, 3]);
  const plain = new Uint8Array(4);
  fillTensor(plain, Uint8Array.of(9, 8, 7, 6), { rows: 2, cols: 2, bytes: 4, permuteHeads: 0 });
  assert.deepEqual([...plain], [9, 8, 7, 6]);
});

// ---- through the engine ----------------------------------------------------------------------

test('too large for the heap: named with both sizes, before any tensor is read', async () => {
  const huge = {
    ...TINY,
    vocab_size: 1_000_000,
    hidden_size: 8192,
    num_hidden_layers: 80,
    intermediate_size: 28672,
    num_attention_heads: 64,
    num_key_value_heads: 8,
    head_dim: 128,
  };
  let read = 0;
  const files = hfFiles().map((f) =>
    f.name === 'model.safetensors'
      ? { ...f, slice: (a, b) => ((read += b - a), f.slice(a, b)) }
      : f,
  );
  files[0] = memFile('config.json', JSON.stringify(huge));
  await assert.rejects(
    openModelFromFiles(E, files),
    code('too-large', /needs [\d.]+ [KMGT]iB in the engine's heap, more than its [\d.]+ [KMGT]iB/),
  );
  const st = files.find((f) => f.name === 'model.safetensors');
  const len = await st.slice(0, 8);
  read -= 8; // this test's own read of the length
  const headerBytes = 8 + Number(new DataView(len.buffer, len.byteOffset, 8).getBigUint64(0, true));
  assert.ok(
    read <= headerBytes,
    `only the safetensors header was read (${read} of its ${headerBytes} bytes)`,
  );
});

test('a tokenizer with more ids than the embedding has rows is vocab-mismatch', async () => {
  const big = JSON.parse(TOKENIZER);
  big.model.vocab.f = 8;
  big.model.vocab.g = 9;
  await assert.rejects(
    openModelFromFiles(E, hfFiles(TINY, { tokenizer: JSON.stringify(big) })),
    code('vocab-mismatch', /^the tokenizer has ids up to 9, but the embedding has only 8 rows$/),
  );
});

test('a tiny qwen3 opens from safetensors and runs; progress counts bytes and tensors', async () => {
  const progress = [];
  const m = await openModelFromFiles(E, hfFiles(), { onProgress: (p) => progress.push(p) });
  try {
    assert.equal(m.format, 'safetensors');
    assert.equal(m.arch, 'qwen3');
    assert.equal(m.name, 'tiny');
    assert.equal(m.bosId, 0);
    assert.deepEqual(m.tokenizer.encode('abc'), [3, 4, 5]);
    const last = progress.at(-1);
    assert.equal(last.phase, 'done');
    assert.equal(last.tensorsLoaded, last.tensorsTotal);
    assert.equal(last.bytesRead, last.bytesTotal);
    assert.equal(m.ledgerRow.bytesPerToken, 1 * 2 * 1 * 4 * 2);
    const r = E.openModelRun(m.id, [0, 3, 4], { attention: true });
    assert.equal(r.logitsLast.length, 8);
    assert.equal(r.attention.length, 1);
  } finally {
    E.openModelUnload(m.id);
  }
});
