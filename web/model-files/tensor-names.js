// Tensor names as the engine knows them (Hugging Face's, as expected-tensors.js lists them): a
// GGUF name mapped onto its HF twin, an HF GPT-2 name without its "transformer."
// prefix, and the buffers some checkpoints carry that are not weights (skipped). Also the one
// reordering a GGUF needs: llama.cpp's converter permutes the rows of Q and K of llama/mistral
// models (RoPE pairs interleaved), which is undone here, row by row, as they are copied.

/** GGUF per-layer suffix → HF per-layer suffix, by family. */
const LLAMA_LAYER = /** @type {Record<string, string>} */ ({
  'attn_norm.weight': 'input_layernorm.weight',
  'attn_q.weight': 'self_attn.q_proj.weight',
  'attn_k.weight': 'self_attn.k_proj.weight',
  'attn_v.weight': 'self_attn.v_proj.weight',
  'attn_q.bias': 'self_attn.q_proj.bias',
  'attn_k.bias': 'self_attn.k_proj.bias',
  'attn_v.bias': 'self_attn.v_proj.bias',
  'attn_output.weight': 'self_attn.o_proj.weight',
  'attn_q_norm.weight': 'self_attn.q_norm.weight',
  'attn_k_norm.weight': 'self_attn.k_norm.weight',
  'ffn_norm.weight': 'post_attention_layernorm.weight',
  'ffn_gate.weight': 'mlp.gate_proj.weight',
  'ffn_up.weight': 'mlp.up_proj.weight',
  'ffn_down.weight': 'mlp.down_proj.weight',
});
const GPT2_LAYER = /** @type {Record<string, string>} */ ({
  'attn_norm.weight': 'ln_1.weight',
  'attn_norm.bias': 'ln_1.bias',
  'attn_qkv.weight': 'attn.c_attn.weight',
  'attn_qkv.bias': 'attn.c_attn.bias',
  'attn_output.weight': 'attn.c_proj.weight',
  'attn_output.bias': 'attn.c_proj.bias',
  'ffn_norm.weight': 'ln_2.weight',
  'ffn_norm.bias': 'ln_2.bias',
  'ffn_up.weight': 'mlp.c_fc.weight',
  'ffn_up.bias': 'mlp.c_fc.bias',
  'ffn_down.weight': 'mlp.c_proj.weight',
  'ffn_down.bias': 'mlp.c_proj.bias',
});
const LLAMA_GLOBAL = /** @type {Record<string, string>} */ ({
  'token_embd.weight': 'model.embed_tokens.weight',
  'output_norm.weight': 'model.norm.weight',
  'output.weight': 'lm_head.weight',
});
const GPT2_GLOBAL = /** @type {Record<string, string>} */ ({
  'token_embd.weight': 'wte.weight',
  'position_embd.weight': 'wpe.weight',
  'output_norm.weight': 'ln_f.weight',
  'output_norm.bias': 'ln_f.bias',
});

/**
 * The HF name of a GGUF tensor, or null for one the engine does not take (rope_freqs, a tied
 * GPT-2 output.weight); an unknown name is kept as it is, for the engine to name it.
 * @param {string} arch our arch name
 * @param {string} name
 * @returns {string | null}
 */
export function hfNameOfGguf(arch, name) {
  const gpt2 = arch === 'gpt2';
  if (name === 'rope_freqs.weight' || (gpt2 && name === 'output.weight')) return null;
  const global = (gpt2 ? GPT2_GLOBAL : LLAMA_GLOBAL)[name];
  if (global) return global;
  const m = /^blk\.(\d+)\.(.+)$/.exec(name);
  const layer = m && (gpt2 ? GPT2_LAYER : LLAMA_LAYER)[m[2]];
  if (!m || !layer) return name;
  return gpt2 ? `h.${m[1]}.${layer}` : `model.layers.${m[1]}.${layer}`;
}

/**
 * The name the engine gets for a tensor of an HF checkpoint, or null for what is not a weight:
 * GPT-2's causal-mask buffers (attn.bias, attn.masked_bias), RoPE's inv_freq, and an lm_head
 * stored although tied (the engine uses the embedding).
 * @param {string} arch
 * @param {string} name
 * @param {boolean} tied
 * @returns {string | null}
 */
export function hfNameOfSafetensors(arch, name, tied) {
  if (name.endsWith('rotary_emb.inv_freq')) return null;
  if (arch === 'gpt2') {
    const n = name.replace(/^transformer\./, '');
    if (/^h\.\d+\.attn\.(masked_)?bias$/.test(n) || n === 'lm_head.weight') return null;
    return n;
  }
  if (tied && name === 'lm_head.weight') return null;
  return name;
}

/**
 * Does this GGUF tensor carry llama.cpp's Q/K row permutation? (llama/mistral q and k weights,
 * and their biases, if any; qwen2/qwen3/gpt2 are converted without it.) Returns the number of
 * heads the rows are grouped in (H for q, G for k), or 0.
 * @param {string} arch
 * @param {string} hfName
 * @param {{ nHeads: number, nKvHeads: number }} c
 */
export function permutedHeads(arch, hfName, c) {
  if (arch !== 'llama' && arch !== 'mistral') return 0;
  if (/\.self_attn\.q_proj\.(weight|bias)$/.test(hfName)) return c.nHeads;
  if (/\.self_attn\.k_proj\.(weight|bias)$/.test(hfName)) return c.nKvHeads;
  return 0;
}

/**
 * The HF row of each GGUF row of a permuted q/k tensor: llama.cpp's converter wrote, within each
 * head of d rows, HF row half·d/2 + i at GGUF row 2i + half (convert_hf_to_gguf.py `permute`:
 * reshape(n_head, 2, d/2, …).swapaxes(1, 2)). out[g] = the HF row GGUF row g goes to.
 * @param {number} rows all rows of the tensor (heads × d)
 * @param {number} heads
 * @returns {Int32Array}
 */
export function unpermuteRows(rows, heads) {
  const d = rows / heads;
  if (!Number.isInteger(d) || d % 2 !== 0)
    throw new RangeError(`${rows} rows do not split into ${heads} heads of an even width`);
  const out = new Int32Array(rows);
  const half = d / 2;
  for (let g = 0; g < rows; g++) {
    const h = Math.floor(g / d);
    const j = g % d;
    out[g] = h * d + (j & 1) * half + (j >> 1);
  }
  return out;
}
