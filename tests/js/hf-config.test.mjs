// node --test tests/js/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { modelFromHfConfig } from '../../widgets/kv-ledger/hf-config.js';

const modelsDoc = JSON.parse(
  readFileSync(new URL('../../course-data/models.json', import.meta.url), 'utf8'),
);
const byId = (id) => {
  const m = modelsDoc.models.find((x) => x.id === id);
  assert.ok(m, `models.json has ${id}`);
  return m;
};
// models.json entry minus the fields a config.json cannot supply.
const comparable = (m) => {
  const { notes, notesZh, anchor, ...rest } = m;
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
  const mistral = {
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
  const m = byId('mistral-7b-v0.1');
  assert.deepEqual(
    modelFromHfConfig(mistral, { name: m.name, id: m.id, source: m.source }),
    comparable(m),
  );

  const mqa = modelFromHfConfig({
    ...mistral,
    num_key_value_heads: 1,
    torch_dtype: 'float32',
    sliding_window: null,
  });
  assert.equal(mqa.attention.kind, 'mqa');
  assert.equal(mqa.dtypeBytes, 4);
  assert.equal('slidingWindow' in mqa, false);
});
