// widgets/kv-ledger/ledger-model.js (config.json → a models.json entry) and the one reading of a
// config.json it maps from, web/model-files/hf-config.js's readHfConfig.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { modelFromHfConfig } from '../../widgets/kv-ledger/ledger-model.js';
import { readHfConfig } from '../../web/model-files/hf-config.js';
import * as tiny from '../model-files/tiny-models.js';

const modelsDoc = JSON.parse(
  readFileSync(new URL('../../course-data/models.json', import.meta.url), 'utf8'),
);
const byId = (id) => {
  const m = modelsDoc.models.find((x) => x.id === id);
  assert.ok(m, `models.json has ${id}`);
  return m;
};
// models.json entry minus the fields a config.json cannot supply.
// what a config.json cannot say: the course's notes, which model is the anchor, and the family
// whose rope_theta an entry without one follows
const comparable = (m) => {
  const { notes, notesZh, anchor, ropeThetaFamily, ...rest } = m;
  return rest;
};
const withoutNotes = (m) => {
  const { notes, notesZh, ...rest } = m;
  return rest;
};

// Real config.json files, as published (meta-llama/Meta-Llama-3-8B,
// deepseek-ai/DeepSeek-V2, openai-community/gpt2).
const LLAMA3_8B = `{
  "architectures": ["LlamaForCausalLM"],
  "attention_bias": false,
  "attention_dropout": 0.0,
  "bos_token_id": 128000,
  "eos_token_id": 128001,
  "hidden_act": "silu",
  "hidden_size": 4096,
  "initializer_range": 0.02,
  "intermediate_size": 14336,
  "max_position_embeddings": 8192,
  "model_type": "llama",
  "num_attention_heads": 32,
  "num_hidden_layers": 32,
  "num_key_value_heads": 8,
  "pretraining_tp": 1,
  "rms_norm_eps": 1e-05,
  "rope_scaling": null,
  "rope_theta": 500000.0,
  "tie_word_embeddings": false,
  "torch_dtype": "bfloat16",
  "transformers_version": "4.40.0.dev0",
  "use_cache": true,
  "vocab_size": 128256
}
`;

const DEEPSEEK_V2 = {
  architectures: ['DeepseekV2ForCausalLM'],
  attention_bias: false,
  attention_dropout: 0.0,
  auto_map: {
    AutoConfig: 'configuration_deepseek.DeepseekV2Config',
    AutoModel: 'modeling_deepseek.DeepseekV2Model',
    AutoModelForCausalLM: 'modeling_deepseek.DeepseekV2ForCausalLM',
  },
  aux_loss_alpha: 0.001,
  bos_token_id: 100000,
  eos_token_id: 100001,
  first_k_dense_replace: 1,
  hidden_act: 'silu',
  hidden_size: 5120,
  initializer_range: 0.02,
  intermediate_size: 12288,
  kv_lora_rank: 512,
  max_position_embeddings: 163840,
  model_type: 'deepseek_v2',
  moe_intermediate_size: 1536,
  moe_layer_freq: 1,
  n_group: 8,
  n_routed_experts: 160,
  n_shared_experts: 2,
  norm_topk_prob: false,
  num_attention_heads: 128,
  num_experts_per_tok: 6,
  num_hidden_layers: 60,
  num_key_value_heads: 128,
  pretraining_tp: 1,
  q_lora_rank: 1536,
  qk_nope_head_dim: 128,
  qk_rope_head_dim: 64,
  rms_norm_eps: 1e-6,
  rope_scaling: {
    beta_fast: 32,
    beta_slow: 1,
    factor: 40,
    mscale: 0.707,
    mscale_all_dim: 0.707,
    original_max_position_embeddings: 4096,
    type: 'yarn',
  },
  rope_theta: 10000,
  routed_scaling_factor: 16.0,
  scoring_func: 'softmax',
  seq_aux: true,
  tie_word_embeddings: false,
  topk_group: 3,
  topk_method: 'group_limited_greedy',
  torch_dtype: 'bfloat16',
  transformers_version: '4.39.3',
  use_cache: true,
  v_head_dim: 128,
  vocab_size: 102400,
};

const GPT2 = `{
  "activation_function": "gelu_new",
  "architectures": ["GPT2LMHeadModel"],
  "attn_pdrop": 0.1,
  "bos_token_id": 50256,
  "embd_pdrop": 0.1,
  "eos_token_id": 50256,
  "initializer_range": 0.02,
  "layer_norm_epsilon": 1e-05,
  "model_type": "gpt2",
  "n_ctx": 1024,
  "n_embd": 768,
  "n_head": 12,
  "n_layer": 12,
  "n_positions": 1024,
  "resid_pdrop": 0.1,
  "summary_activation": null,
  "summary_first_dropout": 0.1,
  "summary_proj_to_labels": true,
  "summary_type": "cls_index",
  "summary_use_proj": true,
  "task_specific_params": {"text-generation": {"do_sample": true, "max_length": 50}},
  "vocab_size": 50257
}`;

// mistralai/Mistral-7B-v0.1 config.json, as published.
const MISTRAL_7B = {
  architectures: ['MistralForCausalLM'],
  bos_token_id: 1,
  eos_token_id: 2,
  hidden_act: 'silu',
  hidden_size: 4096,
  initializer_range: 0.02,
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
  transformers_version: '4.34.0.dev0',
  use_cache: true,
  vocab_size: 32000,
};
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

// Qwen3.5-architecture vision-language wrapper with the anchor's text shape (trimmed).
function hybridConfig() {
  return {
    architectures: ['Qwen3_5ForConditionalGeneration'],
    model_type: 'qwen3_5',
    vision_config: { model_type: 'qwen3_5_vision', depth: 27 },
    text_config: {
      model_type: 'qwen3_5_text',
      attn_output_gate: true,
      dtype: 'bfloat16',
      full_attention_interval: 4,
      head_dim: 256,
      hidden_size: 5120,
      layer_types: Array.from({ length: 64 }, (_, i) =>
        (i + 1) % 4 === 0 ? 'full_attention' : 'linear_attention',
      ),
      linear_conv_kernel_dim: 4,
      linear_key_head_dim: 128,
      linear_num_key_heads: 16,
      linear_num_value_heads: 48,
      linear_value_head_dim: 128,
      mamba_ssm_dtype: 'float32',
      max_position_embeddings: 262144,
      num_attention_heads: 24,
      num_hidden_layers: 64,
      num_key_value_heads: 4,
      partial_rotary_factor: 0.25,
      rope_parameters: { partial_rotary_factor: 0.25, rope_theta: 10000000, rope_type: 'default' },
    },
  };
}

test('Llama 3 8B config.json (text) maps to the models.json entry', () => {
  const m = byId('llama-3-8b');
  const got = modelFromHfConfig(LLAMA3_8B, { name: m.name, id: m.id, source: m.source });
  assert.deepEqual(got, comparable(m));
  assert.equal(got.attention.kind, 'gqa');
  // Object input gives the same result as text input.
  assert.deepEqual(
    modelFromHfConfig(JSON.parse(LLAMA3_8B), { name: m.name, id: m.id, source: m.source }),
    got,
  );
});

test('DeepSeek-V2 config.json (MLA) maps to the models.json entry', () => {
  const m = byId('deepseek-v2');
  const got = modelFromHfConfig(DEEPSEEK_V2, { name: m.name, id: m.id, source: m.source });
  assert.deepEqual(got, comparable(m));
  assert.equal(got.attention.kind, 'mla');
  assert.equal(got.attention.kvLoraRank + got.attention.ropeDim, 576);
  assert.equal('nKvHeads' in got.attention, false, 'MLA does not cache per KV head');
  // Also works through JSON text.
  assert.deepEqual(
    modelFromHfConfig(JSON.stringify(DEEPSEEK_V2, null, 2), {
      name: m.name,
      id: m.id,
      source: m.source,
    }),
    got,
  );
});

test('GPT-2 config.json (n_layer/n_head/n_embd/n_positions) maps to the models.json entry', () => {
  const m = byId('gpt2');
  const got = modelFromHfConfig(GPT2, { name: m.name, id: m.id, source: m.source });
  assert.deepEqual(withoutNotes(got), comparable(m));
  assert.equal(got.attention.kind, 'mha');
  assert.equal(got.attention.headDim, 64, 'head_dim absent => n_embd / n_head');
  assert.equal(got.attention.nKvHeads, 12, 'no num_key_value_heads => MHA');
  assert.equal(got.positionEmbedding, 'learned-absolute');
  assert.match(got.notes, /torch_dtype/, 'the BF16 assumption is stated');
});

test('name, id and source default from the config when not given', () => {
  const got = modelFromHfConfig({
    ...JSON.parse(LLAMA3_8B),
    _name_or_path: 'meta-llama/Meta-Llama-3-8B',
  });
  assert.equal(got.name, 'meta-llama/Meta-Llama-3-8B');
  assert.equal(got.id, 'meta-llama-3-8b');
  assert.equal(got.source, 'meta-llama/Meta-Llama-3-8B config.json');
  assert.equal(modelFromHfConfig(LLAMA3_8B, { name: 'My Llama' }).id, 'my-llama');
});

test('missing field: error names it in English and Chinese', () => {
  const cfg = JSON.parse(LLAMA3_8B);
  delete cfg.num_hidden_layers;
  assert.throws(
    () => modelFromHfConfig(cfg, { name: 'x' }),
    (err) => {
      assert.equal(err.code, 'HF_CONFIG_MISSING');
      assert.deepEqual(err.missing, ['num_hidden_layers']);
      assert.match(err.messageEn, /config\.json is missing "num_hidden_layers"/);
      assert.match(err.messageEn, /needed for KV bytes/);
      assert.doesNotMatch(err.messageEn, /\p{Script=Han}/u, 'no Chinese in the English message');
      assert.match(err.messageZh, /config\.json 缺少 "num_hidden_layers"（层数）/);
      return true;
    },
  );
});

test('several missing fields are reported together', () => {
  assert.throws(
    () => modelFromHfConfig({ model_type: 'llama', hidden_size: 4096 }),
    (err) => {
      assert.deepEqual(err.missing, [
        'num_hidden_layers',
        'num_attention_heads',
        'max_position_embeddings',
      ]);
      for (const zh of ['层数', '注意力头数', '最大上下文长度'])
        assert.ok(err.message.includes(zh), zh);
      return true;
    },
  );
});

test('MLA config without qk_rope_head_dim names it', () => {
  const cfg = { ...DEEPSEEK_V2 };
  delete cfg.qk_rope_head_dim;
  assert.throws(
    () => modelFromHfConfig(cfg),
    (err) => {
      assert.deepEqual(err.missing, ['qk_rope_head_dim']);
      assert.match(err.message, /RoPE 维数/);
      return true;
    },
  );
});

test('bad JSON text: error names line, column and position', () => {
  const broken = LLAMA3_8B.replace('"hidden_size": 4096,', '"hidden_size": 4096');
  const expectedPos = broken.indexOf('"initializer_range"');
  const before = broken.slice(0, expectedPos);
  const expectedLine = before.split('\n').length;
  const expectedColumn = expectedPos - before.lastIndexOf('\n');
  assert.throws(
    () => modelFromHfConfig(broken),
    (err) => {
      assert.equal(err.code, 'HF_CONFIG_JSON');
      assert.equal(err.position, expectedPos);
      assert.equal(err.line, expectedLine);
      assert.equal(err.column, expectedColumn);
      assert.ok(
        err.message.includes(
          `line ${expectedLine}, column ${expectedColumn} (position ${expectedPos})`,
        ),
        err.message,
      );
      assert.ok(err.message.includes(`第 ${expectedLine} 行第 ${expectedColumn} 列`), err.message);
      return true;
    },
  );
  const truncated = '{"num_hidden_layers": 32,';
  assert.throws(
    () => modelFromHfConfig(truncated),
    (err) => {
      assert.equal(err.code, 'HF_CONFIG_JSON');
      assert.equal(err.position, truncated.length);
      assert.match(err.message, /end of text/);
      return true;
    },
  );
  assert.throws(() => modelFromHfConfig(''), { code: 'HF_CONFIG_JSON' });
  assert.throws(() => modelFromHfConfig('[1, 2]'), { code: 'HF_CONFIG_INVALID' });
});

test('invalid values are rejected with the field named', () => {
  assert.throws(
    () => modelFromHfConfig({ ...JSON.parse(LLAMA3_8B), num_key_value_heads: 5 }),
    (err) => {
      assert.equal(err.field, 'num_key_value_heads');
      assert.match(err.message, /must divide/);
      return true;
    },
  );
  assert.throws(
    () => modelFromHfConfig({ ...JSON.parse(LLAMA3_8B), num_hidden_layers: '32' }),
    (err) => {
      assert.equal(err.field, 'num_hidden_layers');
      assert.match(err.message, /正整数/);
      return true;
    },
  );
});

test('Qwen-style hybrid (text_config, layer_types) matches the anchor', () => {
  const anchor = modelsDoc.models.find((m) => m.anchor);
  const got = modelFromHfConfig(hybridConfig(), {
    name: anchor.name,
    id: anchor.id,
    source: anchor.source,
  });
  const { ropeTheta, ...rest } = got;
  assert.equal(ropeTheta, 10000000);
  // config.json has no qk_norm flag (Qwen's q_norm / k_norm are part of the architecture): the
  // course's entry states it (from the seeds), a pasted config cannot.
  const { qkNorm, ...attention } = anchor.attention;
  assert.equal(qkNorm, true);
  assert.deepEqual(rest, { ...comparable(anchor), attention });
  assert.equal(got.linearAttention.stateBytesTotal, 144 * 1024 * 1024);

  // full_attention_interval alone gives the same layout.
  const cfg = hybridConfig();
  delete cfg.text_config.layer_types;
  const viaInterval = modelFromHfConfig(cfg, {
    name: anchor.name,
    id: anchor.id,
    source: anchor.source,
  });
  assert.equal(viaInterval.fullAttentionLayers, 16);
  assert.equal(viaInterval.linearAttention.layers, 48);
});

test('hybrid config missing the linear-attention sizes names them', () => {
  const cfg = hybridConfig();
  delete cfg.text_config.linear_num_value_heads;
  delete cfg.text_config.linear_value_head_dim;
  assert.throws(
    () => modelFromHfConfig(cfg),
    (err) => {
      assert.deepEqual(err.missing, ['linear_num_value_heads', 'linear_value_head_dim']);
      assert.match(err.message, /linear-attention state/);
      assert.match(err.message, /线性注意力 V 头数/);
      return true;
    },
  );
});

test('Mistral 7B v0.1: sliding window kept; MQA and float32 recognised', () => {
  const m = byId('mistral-7b-v0.1');
  assert.deepEqual(
    modelFromHfConfig(MISTRAL_7B, { name: m.name, id: m.id, source: m.source }),
    comparable(m),
  );

  const mqa = modelFromHfConfig({
    ...MISTRAL_7B,
    num_key_value_heads: 1,
    torch_dtype: 'float32',
    sliding_window: null,
  });
  assert.equal(mqa.attention.kind, 'mqa');
  assert.equal(mqa.dtypeBytes, 4);
  assert.equal('slidingWindow' in mqa, false);
});

// ---------------------------------------------------------------- the one reading (readHfConfig)
// Both consumers (the ledger above, web/model-files/model-config.js) map from this shape; here the
// shape itself, on the 5 families the open model runs and on the fields the two used to read
// differently (each decided against the family's own transformers code, cited in hf-config.js).

const ERRORS = { notPositive: (key, value) => Object.assign(new Error(key), { key, value }) };
const read = (cfg) => readHfConfig(cfg, ERRORS);

for (const arch of tiny.ARCHS) {
  test(`readHfConfig: the tiny ${arch}'s config.json gives the shape it was written from`, () => {
    const { config: c, hfConfig } = tiny.tinyModel(arch);
    const s = read(hfConfig);
    assert.deepEqual(
      {
        architectures: s.architectures,
        modelType: s.modelType,
        layers: s.layers,
        heads: s.heads,
        kvHeads: s.kvHeads,
        headDim: s.headDim,
        hiddenSize: s.hiddenSize,
        intermediateSize: s.intermediateSize,
        vocab: s.vocab,
        contextLength: s.contextLength,
        normEps: s.normEps,
        tiedEmbeddings: s.tiedEmbeddings,
        attentionBias: s.attentionBias,
      },
      {
        architectures: hfConfig.architectures,
        modelType: arch,
        layers: c.nLayers,
        heads: c.nHeads,
        kvHeads: c.nKvHeads,
        headDim: c.dHead,
        hiddenSize: c.dModel,
        intermediateSize: c.mlpHidden,
        vocab: c.vocab,
        contextLength: c.context,
        normEps: c.normEps,
        tiedEmbeddings: c.tiedEmbeddings,
        attentionBias: arch === 'qwen2', // Qwen2's q/k/v always carry biases
      },
    );
    assert.equal(s.ropeTheta, arch === 'gpt2' ? null : c.ropeTheta, 'GPT-2 has no RoPE');
    assert.equal(s.positionEmbedding, arch === 'gpt2' ? 'learned-absolute' : 'rope');
    assert.equal(s.rotaryDim, arch === 'gpt2' ? 0 : c.dHead);
    // Mistral's window is on whatever use_sliding_window says; Qwen2's only with it (false here).
    assert.equal(s.slidingWindow, arch === 'mistral' ? 4096 : null);
    assert.equal(s.dtype, undefined);
    assert.equal(s.dtypeBytes, 2, 'no torch_dtype: BF16, the course convention');
    assert.equal(s.mla, null);
    assert.equal(s.linear, null);
    assert.equal(s.layerTypes, null);
    assert.equal(s.ropeScaling, null);
  });
}

test('readHfConfig: published configs of the 5 families (GPT-2, Llama 3, Mistral, Qwen2.5, Qwen3)', () => {
  const pick = (s) => [s.layers, s.heads, s.kvHeads, s.headDim, s.ropeTheta, s.dtypeBytes];
  assert.deepEqual(pick(read(GPT2)), [12, 12, 12, 64, null, 2]);
  assert.deepEqual(pick(read(LLAMA3_8B)), [32, 32, 8, 128, 500000, 2]);
  assert.deepEqual(pick(read(MISTRAL_7B)), [32, 32, 8, 128, 10000, 2]);
  assert.equal(read(MISTRAL_7B).slidingWindow, 4096);
  // Qwen2.5-0.5B's sizes: 896 / 14 heads = 64 per head, 2 KV heads.
  const qwen25 = {
    architectures: ['Qwen2ForCausalLM'],
    model_type: 'qwen2',
    hidden_size: 896,
    num_attention_heads: 14,
    num_key_value_heads: 2,
    num_hidden_layers: 24,
    max_position_embeddings: 32768,
    intermediate_size: 4864,
    rope_theta: 1000000,
    sliding_window: 32768,
    use_sliding_window: false,
    max_window_layers: 21,
    tie_word_embeddings: true,
    torch_dtype: 'bfloat16',
    vocab_size: 151936,
  };
  assert.deepEqual(pick(read(qwen25)), [24, 14, 2, 64, 1000000, 2]);
  assert.equal(read(qwen25).slidingWindow, null, 'use_sliding_window false');
  assert.equal(read(qwen25).attentionBias, true);
  assert.deepEqual(pick(read(QWEN3_06B)), [28, 16, 8, 128, 1000000, 2]);
});

test('readHfConfig: GPT-2 spellings are found under one name, and the spelling found is kept', () => {
  const s = read(GPT2);
  assert.equal(s.hiddenSize, 768);
  assert.equal(s.contextLength, 1024);
  assert.equal(s.intermediateSize, 4 * 768, 'n_inner absent: 4 × n_embd (GPT2Config)');
  assert.equal(s.keys.heads, 'n_head');
  assert.equal(s.keys.hiddenSize, 'n_embd');
  assert.equal(s.keys.kvHeads, 'num_key_value_heads', 'absent: the usual name');
  assert.equal(s.normEps, 1e-5);
  assert.equal(s.tiedEmbeddings, true);
});

test('readHfConfig: RoPE θ is rope_theta, else rope_parameters.rope_theta, else 10000; none without RoPE', () => {
  const llama = JSON.parse(LLAMA3_8B);
  const { rope_theta, ...noTheta } = llama;
  assert.equal(rope_theta, 500000);
  assert.equal(read(noTheta).ropeTheta, 10000, "transformers' default_theta");
  assert.equal(
    read({ ...noTheta, rope_parameters: { rope_type: 'default', rope_theta: 1e6 } }).ropeTheta,
    1e6,
  );
  assert.equal(read(hybridConfig()).ropeTheta, 10000000, 'text_config.rope_parameters');
  assert.equal(read(GPT2).ropeTheta, null);
});

test('readHfConfig: RoPE scaling from rope_scaling or from transformers 5 rope_parameters alike', () => {
  const llama = JSON.parse(LLAMA3_8B);
  const v4 = read({ ...llama, rope_scaling: { rope_type: 'llama3', factor: 32 } }).ropeScaling;
  const { rope_theta, ...rest } = llama;
  const v5 = read({
    ...rest,
    rope_parameters: { rope_type: 'llama3', factor: 32, rope_theta },
  }).ropeScaling;
  assert.deepEqual(v4, {
    key: 'rope_scaling',
    type: 'llama3',
    factor: 32,
    lowFreqFactor: 1,
    highFreqFactor: 4,
    originalContext: 8192,
  });
  assert.deepEqual(v5, { ...v4, key: 'rope_parameters' });
  assert.equal(read(hybridConfig()).ropeScaling, null, "rope_type 'default' is plain RoPE");
  assert.equal(read(DEEPSEEK_V2).ropeScaling.type, 'yarn');
});

test('readHfConfig: KV heads are num_key_value_heads, else 1 for multi_query, else the query heads; 0 is refused', () => {
  const llama = JSON.parse(LLAMA3_8B);
  const { num_key_value_heads, ...noKv } = llama;
  assert.equal(num_key_value_heads, 8);
  assert.equal(read(noKv).kvHeads, 32, 'LlamaConfig: None → num_attention_heads');
  assert.equal(read({ ...noKv, num_key_value_heads: null }).kvHeads, 32);
  assert.equal(read({ ...noKv, multi_query: true }).kvHeads, 1);
  assert.throws(() => read({ ...llama, num_key_value_heads: 0 }), { key: 'num_key_value_heads' });
});

test("readHfConfig: head_dim is given, else the family's default, else hidden_size / heads (maybe a fraction)", () => {
  const { head_dim, ...qwen3NoHeadDim } = QWEN3_06B;
  assert.equal(head_dim, 128);
  // Qwen3Config's head_dim defaults to 128, not 1024 / 16 = 64.
  assert.equal(read(qwen3NoHeadDim).headDim, 128);
  const llama = { ...qwen3NoHeadDim, architectures: ['LlamaForCausalLM'], model_type: 'llama' };
  assert.equal(read(llama).headDim, 64);
  assert.equal(read({ ...llama, num_attention_heads: 24 }).headDim, 1024 / 24);
  assert.equal(read({ ...llama, model_type: 'gemma' }).headDim, 256);
  assert.throws(() => read({ ...QWEN3_06B, head_dim: 0 }), { key: 'head_dim' });
});

test("readHfConfig: dtype bytes from torch_dtype or transformers 5's dtype; BF16's 2 without one", () => {
  const llama = JSON.parse(LLAMA3_8B);
  assert.deepEqual(read(llama).dtype, { key: 'torch_dtype', value: 'bfloat16', bytes: 2 });
  const { torch_dtype, ...v5 } = llama;
  assert.equal(torch_dtype, 'bfloat16');
  assert.equal(read({ ...v5, dtype: 'float32' }).dtypeBytes, 4);
  assert.equal(read({ ...v5, torch_dtype: 'torch.float16' }).dtypeBytes, 2);
  assert.equal(read(v5).dtype, undefined);
  assert.equal(read(v5).dtypeBytes, 2);
  const odd = read({ ...v5, torch_dtype: 'complex64' });
  assert.equal(odd.dtype.bytes, undefined, 'a dtype the course does not know');
  assert.equal(odd.dtypeBytes, 2);
});

test("readHfConfig: sliding windows follow each family's rule", () => {
  const qwen2 = {
    model_type: 'qwen2',
    hidden_size: 64,
    num_attention_heads: 4,
    num_hidden_layers: 4,
    max_position_embeddings: 4096,
    sliding_window: 512,
  };
  assert.equal(read(qwen2).slidingWindow, null, 'Qwen2Config: use_sliding_window defaults False');
  const on = read({ ...qwen2, use_sliding_window: true, max_window_layers: 2 });
  assert.equal(on.slidingWindow, 512);
  assert.deepEqual(on.layerTypes, [
    'full_attention',
    'full_attention',
    'sliding_attention',
    'sliding_attention',
  ]);
  const none = read({ ...qwen2, use_sliding_window: true, max_window_layers: 4 });
  assert.equal(none.slidingWindow, null, 'no layer from max_window_layers on');
  const mistral = { ...qwen2, model_type: 'mistral' };
  delete mistral.sliding_window;
  assert.equal(read(mistral).slidingWindow, 4096, 'MistralConfig: 4096 when absent');
  assert.equal(read({ ...mistral, sliding_window: null }).slidingWindow, null);
  assert.equal(
    read({ ...mistral, sliding_window: 64, use_sliding_window: false }).slidingWindow,
    64,
  );
  assert.equal(read({ ...qwen2, model_type: 'llama' }).slidingWindow, null, 'Llama has none');
});

test('readHfConfig: MLA and linear-attention sizes, and a wrapper read from its text_config', () => {
  const v2 = read(DEEPSEEK_V2);
  assert.deepEqual(v2.mla, {
    kvLoraRank: 512,
    qLoraRank: 1536,
    qkRopeHeadDim: 64,
    qkNopeHeadDim: 128,
    vHeadDim: 128,
  });
  assert.equal(v2.rotaryDim, undefined, "MLA's rotated dims are qk_rope_head_dim");
  const h = read(hybridConfig());
  assert.deepEqual(h.architectures, ['Qwen3_5ForConditionalGeneration']);
  assert.equal(h.modelType, 'qwen3_5', "the checkpoint's own");
  assert.equal(h.textModelType, 'qwen3_5_text');
  assert.equal(h.layers, 64);
  assert.equal(h.layerTypes.filter((t) => t === 'linear_attention').length, 48);
  assert.deepEqual(
    { ...h.linear },
    {
      valueHeads: 48,
      keyHeads: 16,
      keyHeadDim: 128,
      valueHeadDim: 128,
      stateDtypeGiven: 'float32',
      stateDtype: 'fp32',
    },
  );
  assert.equal(h.rotaryDim, 64, 'partial_rotary_factor 0.25 of 256');
  assert.equal(h.outputGate, true);
  // Qwen3-Next's own defaults: full_attention_interval 4, partial_rotary_factor 0.25, head_dim 256.
  const next = read({
    model_type: 'qwen3_next',
    hidden_size: 2048,
    num_attention_heads: 16,
    num_key_value_heads: 2,
    num_hidden_layers: 8,
    max_position_embeddings: 4096,
  });
  assert.deepEqual(
    next.layerTypes.map((t) => t[0]),
    ['l', 'l', 'l', 'f', 'l', 'l', 'l', 'f'],
  );
  assert.equal(next.headDim, 256);
  assert.equal(next.rotaryDim, 64);
});
