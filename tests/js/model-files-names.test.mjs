// web/model-files/tensor-names.js: GGUF → HF names for both families, the HF buffers that are
// not weights, and the undoing of llama.cpp's Q/K row permutation (checked against the
// converter's own permute, written here from convert_hf_to_gguf.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  hfNameOfGguf,
  hfNameOfSafetensors,
  permutedHeads,
  unpermuteRows,
} from '../../web/model-files/tensor-names.js';

test('llama/qwen GGUF names map onto HF names', () => {
  const pairs = {
    'token_embd.weight': 'model.embed_tokens.weight',
    'output_norm.weight': 'model.norm.weight',
    'output.weight': 'lm_head.weight',
    'blk.0.attn_norm.weight': 'model.layers.0.input_layernorm.weight',
    'blk.11.attn_q.weight': 'model.layers.11.self_attn.q_proj.weight',
    'blk.1.attn_k.weight': 'model.layers.1.self_attn.k_proj.weight',
    'blk.1.attn_v.bias': 'model.layers.1.self_attn.v_proj.bias',
    'blk.2.attn_output.weight': 'model.layers.2.self_attn.o_proj.weight',
    'blk.2.attn_q_norm.weight': 'model.layers.2.self_attn.q_norm.weight',
    'blk.2.attn_k_norm.weight': 'model.layers.2.self_attn.k_norm.weight',
    'blk.3.ffn_norm.weight': 'model.layers.3.post_attention_layernorm.weight',
    'blk.3.ffn_gate.weight': 'model.layers.3.mlp.gate_proj.weight',
    'blk.3.ffn_up.weight': 'model.layers.3.mlp.up_proj.weight',
    'blk.3.ffn_down.weight': 'model.layers.3.mlp.down_proj.weight',
  };
  for (const arch of ['llama', 'qwen2', 'qwen3'])
    for (const [g, h] of Object.entries(pairs))
      assert.equal(hfNameOfGguf(arch, g), h, `${arch} ${g}`);
  assert.equal(hfNameOfGguf('llama', 'rope_freqs.weight'), null);
  assert.equal(hfNameOfGguf('llama', 'blk.0.something_new.weight'), 'blk.0.something_new.weight');
});

test('GPT-2 GGUF names map onto HF GPT-2 names (no transformer. prefix)', () => {
  const pairs = {
    'token_embd.weight': 'wte.weight',
    'position_embd.weight': 'wpe.weight',
    'output_norm.weight': 'ln_f.weight',
    'output_norm.bias': 'ln_f.bias',
    'blk.4.attn_norm.weight': 'h.4.ln_1.weight',
    'blk.4.attn_norm.bias': 'h.4.ln_1.bias',
    'blk.4.attn_qkv.weight': 'h.4.attn.c_attn.weight',
    'blk.4.attn_qkv.bias': 'h.4.attn.c_attn.bias',
    'blk.4.attn_output.weight': 'h.4.attn.c_proj.weight',
    'blk.4.ffn_norm.bias': 'h.4.ln_2.bias',
    'blk.4.ffn_up.weight': 'h.4.mlp.c_fc.weight',
    'blk.4.ffn_down.bias': 'h.4.mlp.c_proj.bias',
  };
  for (const [g, h] of Object.entries(pairs)) assert.equal(hfNameOfGguf('gpt2', g), h, g);
  assert.equal(hfNameOfGguf('gpt2', 'output.weight'), null, 'the head is tied to wte');
});

test('HF buffers that are not weights are skipped; transformer. is stripped for GPT-2', () => {
  assert.equal(
    hfNameOfSafetensors('gpt2', 'transformer.h.0.attn.c_attn.weight', true),
    'h.0.attn.c_attn.weight',
  );
  assert.equal(hfNameOfSafetensors('gpt2', 'h.0.attn.bias', true), null);
  assert.equal(hfNameOfSafetensors('gpt2', 'transformer.h.3.attn.masked_bias', true), null);
  assert.equal(hfNameOfSafetensors('gpt2', 'lm_head.weight', true), null);
  assert.equal(
    hfNameOfSafetensors('llama', 'model.layers.0.self_attn.rotary_emb.inv_freq', false),
    null,
  );
  assert.equal(hfNameOfSafetensors('qwen3', 'lm_head.weight', true), null);
  assert.equal(hfNameOfSafetensors('qwen3', 'lm_head.weight', false), 'lm_head.weight');
});

// convert_hf_to_gguf.py, LlamaModel.permute:
//   weights.reshape(n_head, 2, rows // n_head // 2, *rest).swapaxes(1, 2).reshape(weights.shape)
// as a row order: GGUF row g holds HF row permute[g].
function converterPermute(rows, nHead) {
  const half = rows / nHead / 2;
  const out = [];
  for (let h = 0; h < nHead; h++)
    for (let i = 0; i < half; i++)
      for (let two = 0; two < 2; two++) out.push(h * 2 * half + two * half + i);
  return out;
}

test("unpermuteRows undoes the converter's Q/K permutation, head by head", () => {
  for (const [rows, heads] of [
    [8, 1],
    [16, 2],
    [4 * 64, 4],
    [2 * 128, 2],
  ]) {
    const perm = converterPermute(rows, heads);
    const back = unpermuteRows(rows, heads);
    // GGUF row g holds HF row perm[g]; unpermute sends it back there.
    assert.deepEqual([...back], perm, `${rows}/${heads}`);
    assert.equal(new Set(back).size, rows, 'a permutation');
  }
  // d = 4, one head: GGUF rows [r0, r2, r1, r3] → HF rows 0, 2, 1, 3
  assert.deepEqual([...unpermuteRows(4, 1)], [0, 2, 1, 3]);
  assert.throws(() => unpermuteRows(6, 2), RangeError);
});

test('only llama/mistral q and k carry the permutation (H heads for q, G for k)', () => {
  const c = { nHeads: 8, nKvHeads: 2 };
  assert.equal(permutedHeads('llama', 'model.layers.0.self_attn.q_proj.weight', c), 8);
  assert.equal(permutedHeads('llama', 'model.layers.0.self_attn.k_proj.weight', c), 2);
  assert.equal(permutedHeads('llama', 'model.layers.0.self_attn.k_proj.bias', c), 2);
  assert.equal(permutedHeads('llama', 'model.layers.0.self_attn.v_proj.weight', c), 0);
  for (const arch of ['qwen2', 'qwen3', 'gpt2'])
    assert.equal(permutedHeads(arch, 'model.layers.0.self_attn.q_proj.weight', c), 0, arch);
});
