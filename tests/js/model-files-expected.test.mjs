// web/model-files/expected-tensors.js: the tensors each architecture needs, by HF name and shape
// (the list the engine checks too, cpp/src/models/open_model.cpp), written out here for one layer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectedTensors } from '../../web/model-files/expected-tensors.js';

const base = {
  vocab: 10,
  dModel: 8,
  nLayers: 1,
  nHeads: 4,
  nKvHeads: 2,
  dHead: 3,
  mlpHidden: 16,
  context: 12,
  ropeTheta: 10000,
  normEps: 1e-6,
  tiedEmbeddings: false,
  attentionBias: false,
  attnOutputGate: false,
};
const shapes = (c) =>
  Object.fromEntries(
    [...expectedTensors(c)].map(([n, s]) => [n, s.vector ? [s.cols] : [s.rows, s.cols]]),
  );
const L = 'model.layers.0.';

test('llama: GQA q/k/v/o, SwiGLU, untied head; attention_bias adds q/k/v biases', () => {
  const llama = {
    'model.embed_tokens.weight': [10, 8],
    [`${L}input_layernorm.weight`]: [8],
    [`${L}self_attn.q_proj.weight`]: [12, 8],
    [`${L}self_attn.k_proj.weight`]: [6, 8],
    [`${L}self_attn.v_proj.weight`]: [6, 8],
    [`${L}self_attn.o_proj.weight`]: [8, 12],
    [`${L}post_attention_layernorm.weight`]: [8],
    [`${L}mlp.gate_proj.weight`]: [16, 8],
    [`${L}mlp.up_proj.weight`]: [16, 8],
    [`${L}mlp.down_proj.weight`]: [8, 16],
    'model.norm.weight': [8],
    'lm_head.weight': [10, 8],
  };
  assert.deepEqual(shapes({ ...base, arch: 'llama' }), llama);
  assert.deepEqual(shapes({ ...base, arch: 'mistral' }), llama);
  const biased = shapes({ ...base, arch: 'llama', attentionBias: true });
  assert.deepEqual(
    [
      biased[`${L}self_attn.q_proj.bias`],
      biased[`${L}self_attn.k_proj.bias`],
      biased[`${L}self_attn.v_proj.bias`],
    ],
    [[12], [6], [6]],
  );
  const { 'lm_head.weight': _, ...tied } = llama;
  assert.deepEqual(shapes({ ...base, arch: 'llama', tiedEmbeddings: true }), tied);
});

test('qwen3: q_norm and k_norm of d; the output gate doubles q_proj', () => {
  const s = shapes({ ...base, arch: 'qwen3', attnOutputGate: true });
  assert.deepEqual(s[`${L}self_attn.q_norm.weight`], [3]);
  assert.deepEqual(s[`${L}self_attn.k_norm.weight`], [3]);
  assert.deepEqual(s[`${L}self_attn.q_proj.weight`], [24, 8]);
  assert.deepEqual(s[`${L}self_attn.o_proj.weight`], [8, 12]);
  assert.equal(s[`${L}self_attn.q_proj.bias`], undefined);
});

test('gpt2: learned positions, LayerNorm gains and biases, fused qkv, tied head', () => {
  const s = shapes({
    ...base,
    arch: 'gpt2',
    nKvHeads: 4,
    dHead: 2,
    attentionBias: true,
    tiedEmbeddings: true,
  });
  assert.deepEqual(s, {
    'wte.weight': [10, 8],
    'wpe.weight': [12, 8],
    'h.0.ln_1.weight': [8],
    'h.0.ln_1.bias': [8],
    'h.0.attn.c_attn.weight': [24, 8],
    'h.0.attn.c_attn.bias': [24],
    'h.0.attn.c_proj.weight': [8, 8],
    'h.0.attn.c_proj.bias': [8],
    'h.0.ln_2.weight': [8],
    'h.0.ln_2.bias': [8],
    'h.0.mlp.c_fc.weight': [16, 8],
    'h.0.mlp.c_fc.bias': [16],
    'h.0.mlp.c_proj.weight': [8, 16],
    'h.0.mlp.c_proj.bias': [8],
    'ln_f.weight': [8],
    'ln_f.bias': [8],
  });
  assert.ok(
    [...expectedTensors({ ...base, arch: 'gpt2' })].filter(([, e]) => e.conv1d).length === 4,
  );
});
