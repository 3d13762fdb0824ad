// web/model-files/model-config.js: published config.json files and GGUF metadata → the engine
// config (web/attn-engine.d.ts OpenModelConfig), the page's context cap, unsupported
// architectures named, the KV ledger row of the model's own config (from the real engine's
// kvLedger), and the same reading of config.json as the KV ledger's (hf-config.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  configFromHf,
  configFromGguf,
  ledgerModel,
  MAX_CONTEXT,
  SUPPORTED_ARCHS,
} from '../../web/model-files/model-config.js';
import { modelFromHfConfig } from '../../widgets/kv-ledger/ledger-model.js';
import * as tiny from '../model-files/tiny-models.js';
import { engine } from '../helpers/fixture.mjs';

// Qwen/Qwen3-0.6B config.json, as published.
const QWEN3_06B = {
  architectures: ['Qwen3ForCausalLM'],
  attention_bias: false,
  bos_token_id: 151643,
  eos_token_id: 151645,
  head_dim: 128,
  hidden_act: 'silu',
  hidden_size: 1024,
  intermediate_size: 3072,
  max_position_embeddings: 40960,
  max_window_layers: 28,
  model_type: 'qwen3',
  num_attention_heads: 16,
  num_hidden_layers: 28,
  num_key_value_heads: 8,
  rms_norm_eps: 1e-6,
  rope_scaling: null,
  rope_theta: 1000000,
  sliding_window: null,
  tie_word_embeddings: true,
  torch_dtype: 'bfloat16',
  use_sliding_window: false,
  vocab_size: 151936,
};

// openai-community/gpt2 config.json, as published.
const GPT2 = {
  activation_function: 'gelu_new',
  architectures: ['GPT2LMHeadModel'],
  layer_norm_epsilon: 1e-5,
  model_type: 'gpt2',
  n_ctx: 1024,
  n_embd: 768,
  n_head: 12,
  n_inner: null,
  n_layer: 12,
  n_positions: 1024,
  vocab_size: 50257,
};

// mistralai/Mistral-7B-v0.1 config.json, as published (the keys this reads).
const MISTRAL_7B = {
  architectures: ['MistralForCausalLM'],
  hidden_size: 4096,
  intermediate_size: 14336,
  max_position_embeddings: 32768,
  model_type: 'mistral',
  num_attention_heads: 32,
  num_hidden_layers: 32,
  num_key_value_heads: 8,
  rms_norm_eps: 1e-5,
  rope_theta: 10000.0,
  sliding_window: 4096,
  tie_word_embeddings: false,
  torch_dtype: 'bfloat16',
  vocab_size: 32000,
};

test('Qwen3-0.6B: GQA 16/8, head_dim 128 (not hidden/heads), tied, context capped for the page', () => {
  const { config, modelContext, notes } = configFromHf(QWEN3_06B);
  assert.deepEqual(config, {
    arch: 'qwen3',
    vocab: 151936,
    dModel: 1024,
    nLayers: 28,
    nHeads: 16,
    nKvHeads: 8,
    dHead: 128,
    mlpHidden: 3072,
    context: MAX_CONTEXT,
    ropeTheta: 1000000,
    normEps: 1e-6,
    tiedEmbeddings: true,
    attentionBias: false,
    attnOutputGate: false,
  });
  assert.equal(modelContext, 40960);
  assert.deepEqual(notes, [
    {
      id: 'context-cap',
      text: `The page runs at most ${MAX_CONTEXT} tokens (the model's context is 40960).`,
      values: { max: MAX_CONTEXT, model: 40960 },
    },
  ]);
});

test('GPT-2 (openai-community/gpt2): MHA, learned positions, GELU family, tied, biases', () => {
  const { config } = configFromHf(GPT2);
  assert.deepEqual(config, {
    arch: 'gpt2',
    vocab: 50257,
    dModel: 768,
    nLayers: 12,
    nHeads: 12,
    nKvHeads: 12,
    dHead: 64,
    mlpHidden: 3072,
    context: MAX_CONTEXT,
    ropeTheta: 0,
    normEps: 1e-5,
    tiedEmbeddings: true,
    attentionBias: false,
    attnOutputGate: false,
  });
});

test('Mistral-7B-v0.1: untied, the 4096 sliding window does not bind under the page cap', () => {
  const { config } = configFromHf(MISTRAL_7B);
  assert.equal(config.arch, 'mistral');
  assert.equal(config.context, MAX_CONTEXT);
  assert.equal(config.tiedEmbeddings, false);
  assert.equal(config.dHead, 128);
  // A window shorter than the cap caps the sequence instead (within it the model is plain causal).
  const small = configFromHf({
    ...QWEN3_06B,
    architectures: ['MistralForCausalLM'],
    model_type: 'mistral',
    sliding_window: 64,
  });
  assert.equal(small.config.context, 64);
  assert.match(
    small.notes.map((n) => n.text).join(' '),
    /capped at the sliding window \(64 tokens\)/,
  );
});

test('Qwen2.5 has q/k/v biases whatever attention_bias says; Llama only when attention_bias', () => {
  const qwen2 = configFromHf({
    ...QWEN3_06B,
    architectures: ['Qwen2ForCausalLM'],
    model_type: 'qwen2',
    head_dim: undefined,
    sliding_window: 32768,
  });
  assert.equal(qwen2.config.attentionBias, true);
  assert.equal(qwen2.config.dHead, 64); // 1024 / 16 without head_dim
  assert.equal(qwen2.config.context, MAX_CONTEXT, 'use_sliding_window false: no window');
  const llama = {
    ...QWEN3_06B,
    architectures: ['LlamaForCausalLM'],
    model_type: 'llama',
    tie_word_embeddings: false,
  };
  assert.equal(configFromHf(llama).config.attentionBias, false);
  assert.equal(configFromHf({ ...llama, attention_bias: true }).config.attentionBias, true);
  assert.equal(
    configFromHf({ ...llama, tie_word_embeddings: undefined }).config.tiedEmbeddings,
    false,
  );
  // Llama 3.2's rope_scaling goes to the engine, with transformers' defaults filled in.
  const scaled = configFromHf({ ...llama, rope_scaling: { rope_type: 'llama3', factor: 32 } });
  assert.deepEqual(scaled.config.ropeScaling, {
    type: 'llama3',
    factor: 32,
    lowFreqFactor: 1,
    highFreqFactor: 4,
    originalContext: 8192,
  });
  assert.deepEqual(scaled.notes, configFromHf(llama).notes);
  const linear = configFromHf({ ...llama, rope_scaling: { type: 'linear', factor: 2 } });
  assert.deepEqual(linear.config.ropeScaling, { type: 'linear', factor: 2 });
  const yarn = configFromHf({ ...llama, rope_scaling: { rope_type: 'yarn', factor: 4 } });
  assert.equal(yarn.config.ropeScaling, undefined);
  assert.match(yarn.notes.map((n) => n.text).join(' '), /rope_scaling \(yarn\) is not applied/);
});

test('the lab export key attn_output_gate turns the output gate on', () => {
  assert.equal(configFromHf({ ...QWEN3_06B, attn_output_gate: true }).config.attnOutputGate, true);
});

test('any other architecture is unsupported-arch naming what was found and the supported ones', () => {
  const expectArch = (cfg, found) =>
    assert.throws(
      () => configFromHf(cfg),
      (e) =>
        e.code === 'unsupported-arch' &&
        e.message ===
          `config.json says the architecture is "${found}"; this page runs gpt2, llama, mistral, qwen2, qwen3` &&
        e.detail.arch === found,
    );
  expectArch(
    { architectures: ['DeepseekV2ForCausalLM'], model_type: 'deepseek_v2' },
    'DeepseekV2ForCausalLM / deepseek_v2',
  );
  expectArch({ model_type: 'phi3' }, 'phi3');
  expectArch({}, '(none given)');
  assert.deepEqual(SUPPORTED_ARCHS, ['gpt2', 'llama', 'mistral', 'qwen2', 'qwen3']);
});

test('heads that do not divide, or a head width that is not whole or even, are bad-header naming the field', () => {
  assert.throws(() => configFromHf({ ...QWEN3_06B, num_key_value_heads: 5 }), {
    code: 'bad-header',
    message: 'config.json: "num_key_value_heads" (5) must divide "num_attention_heads" (16)',
  });
  assert.throws(
    () =>
      configFromHf({
        ...QWEN3_06B,
        architectures: ['LlamaForCausalLM'],
        model_type: 'llama',
        head_dim: undefined,
        num_attention_heads: 24,
        num_key_value_heads: 8,
      }),
    {
      code: 'bad-header',
      message: 'config.json: 1024 / 24 heads is not a whole head width (head_dim is not given)',
    },
  );
  assert.throws(() => configFromHf({ ...QWEN3_06B, head_dim: 63 }), {
    code: 'bad-header',
    message: 'config.json: the head width 63 is odd: RoPE rotates pairs',
  });
});

test('a missing or non-integer size is bad-header naming the field', () => {
  const { num_hidden_layers, ...noLayers } = QWEN3_06B;
  assert.throws(() => configFromHf(noLayers), {
    code: 'bad-header',
    message: 'config.json has no "num_hidden_layers"',
  });
  assert.throws(() => configFromHf({ ...QWEN3_06B, hidden_size: 10.5 }), {
    code: 'bad-header',
    message: 'config.json: "hidden_size" must be a positive integer, got 10.5',
  });
});

const tensors = (rows) => [
  { name: 'token_embd.weight', shape: [rows, 1024] },
  { name: 'blk.0.attn_q.weight', shape: [2048, 1024] },
];

test('GGUF metadata → the same config (qwen3 Q4_K_M as llama.cpp writes it)', () => {
  const md = {
    'general.architecture': 'qwen3',
    'qwen3.block_count': 28,
    'qwen3.context_length': 40960,
    'qwen3.embedding_length': 1024,
    'qwen3.feed_forward_length': 3072,
    'qwen3.attention.head_count': 16,
    'qwen3.attention.head_count_kv': 8,
    'qwen3.rope.freq_base': 1000000,
    'qwen3.attention.layer_norm_rms_epsilon': 1e-6,
    'qwen3.attention.key_length': 128,
    'qwen3.attention.value_length': 128,
  };
  const { config, modelContext } = configFromGguf(md, tensors(151936), 'Qwen3-0.6B-Q4_K_M.gguf');
  assert.deepEqual(config, { ...configFromHf(QWEN3_06B).config });
  assert.equal(modelContext, 40960);
  const untied = configFromGguf(
    md,
    [...tensors(151936), { name: 'output.weight', shape: [151936, 1024] }],
    'x.gguf',
  );
  assert.equal(untied.config.tiedEmbeddings, false);
});

test('GGUF: an attn_q of 2·H·d rows is the output gate; Mistral GGUFs say llama', () => {
  const md = {
    'general.architecture': 'llama',
    'llama.block_count': 2,
    'llama.context_length': 64,
    'llama.embedding_length': 1024,
    'llama.feed_forward_length': 16,
    'llama.attention.head_count': 8,
    'llama.attention.key_length': 128,
  };
  const { config } = configFromGguf(md, tensors(100), 'lab.gguf');
  assert.equal(config.arch, 'llama');
  assert.equal(config.attnOutputGate, true);
  assert.equal(config.nKvHeads, 8, 'no head_count_kv: MHA');
  assert.equal(config.ropeTheta, 10000, "llama.cpp's default base");
  assert.equal(config.context, 64);
  assert.equal(config.vocab, 100, 'the embedding rows');
});

test('GGUF: unsupported architecture and missing keys are named', () => {
  assert.throws(() => configFromGguf({ 'general.architecture': 'phi3' }, [], 'phi.gguf'), {
    code: 'unsupported-arch',
    message:
      'phi.gguf (general.architecture) says the architecture is "phi3"; this page runs gpt2, llama, mistral, qwen2, qwen3',
  });
  assert.throws(() => configFromGguf({ 'general.architecture': 'qwen2' }, tensors(10), 'q.gguf'), {
    code: 'bad-header',
    message: 'q.gguf has no "qwen2.embedding_length"',
  });
  assert.throws(() => configFromGguf({ 'general.architecture': 'qwen2' }, [], 'q.gguf'), {
    code: 'missing-tensor',
  });
});

test("the ledger row is the engine's kvLedger of the model's own config (Qwen3-0.6B: 114,688 B per token)", async () => {
  const e = await engine();
  const { config, modelContext, dtypeBytes } = configFromHf(QWEN3_06B);
  assert.equal(dtypeBytes, 2, 'torch_dtype bfloat16');
  const row = e.kvLedger(ledgerModel(config, modelContext, 'Qwen3-0.6B', dtypeBytes));
  assert.equal(row.bytesPerToken, 28 * 2 * 8 * 128 * 2);
  assert.equal(row.bytesForContext, 28 * 2 * 8 * 128 * 2 * 40960);
});

test('one reading: the loader and the KV ledger map the same config.json to the same shape and KV bytes', async () => {
  const e = await engine();
  const published = [
    ['Qwen3-0.6B', QWEN3_06B],
    ['Mistral-7B-v0.1', MISTRAL_7B],
    ['GPT-2', GPT2],
  ];
  const fromTiny = tiny.ARCHS.map((arch) => [`tiny ${arch}`, tiny.tinyModel(arch).hfConfig]);
  for (const [name, cfg] of [...published, ...fromTiny]) {
    const { config: c, modelContext, dtypeBytes } = configFromHf(cfg);
    const entry = modelFromHfConfig(cfg, { name });
    assert.deepEqual(
      [c.nLayers, c.nHeads, c.nKvHeads, c.dHead, c.dModel, modelContext, dtypeBytes],
      [
        entry.layers,
        entry.attention.nHeads,
        entry.attention.nKvHeads,
        entry.attention.headDim,
        entry.hiddenSize,
        entry.contextLength,
        entry.dtypeBytes,
      ],
      name,
    );
    assert.equal(c.ropeTheta, entry.ropeTheta ?? 0, `${name}: θ (0 without RoPE)`);
    assert.equal(
      e.kvLedger(ledgerModel(c, modelContext, name, dtypeBytes)).bytesPerToken,
      e.kvLedger(entry).bytesPerToken,
      `${name}: KV bytes per token`,
    );
  }
});

test("the opened model's KV ledger counts its own dtype: float32 4 B, none given BF16's 2 B", () => {
  assert.equal(configFromHf({ ...QWEN3_06B, torch_dtype: 'float32' }).dtypeBytes, 4);
  assert.equal(configFromHf({ ...QWEN3_06B, torch_dtype: undefined }).dtypeBytes, 2);
  assert.equal(configFromHf(GPT2).dtypeBytes, 2);
});

test("decided against the families' code: Qwen3's head_dim 128 when absent, transformers 5's rope_parameters, KV heads 0 refused", () => {
  const { head_dim, ...noHeadDim } = QWEN3_06B;
  assert.equal(head_dim, 128);
  assert.equal(configFromHf(noHeadDim).config.dHead, 128, 'Qwen3Config: head_dim = 128');
  const llama = { ...QWEN3_06B, architectures: ['LlamaForCausalLM'], model_type: 'llama' };
  const { rope_theta, rope_scaling, ...v5 } = llama;
  assert.deepEqual(
    configFromHf({ ...v5, rope_parameters: { rope_type: 'llama3', factor: 32, rope_theta } })
      .config,
    configFromHf({ ...llama, rope_scaling: { rope_type: 'llama3', factor: 32 } }).config,
  );
  assert.equal(configFromHf(v5).config.ropeTheta, 10000, 'no θ given: 10000');
  assert.throws(() => configFromHf({ ...QWEN3_06B, num_key_value_heads: 0 }), {
    code: 'bad-header',
    message: 'config.json: "num_key_value_heads" must be a positive integer, got 0',
  });
  assert.throws(() => configFromHf({ ...llama, rope_scaling: { type: 'linear', factor: 0 } }), {
    code: 'bad-header',
    message: 'config.json: "rope_scaling.factor" must be a positive number, got 0',
  });
  assert.equal(
    configFromHf({ ...llama, rope_scaling: { type: 'linear', factor: 2.5 } }).config.ropeScaling
      .factor,
    2.5,
  );
  const { n_embd, ...noEmbd } = GPT2;
  assert.equal(n_embd, 768);
  assert.throws(() => configFromHf(noEmbd), {
    code: 'bad-header',
    message: 'config.json has no "n_embd" or "hidden_size"',
  });
});
