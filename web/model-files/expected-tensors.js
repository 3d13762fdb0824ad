// The tensors an engine config needs and the shape of each (the engine's own list is in
// cpp/src/models/open_model.cpp), so that a missing or mis-shaped tensor is reported, by name,
// before the first byte of weights is read; the engine checks the same again as each tensor
// arrives.
/** @import { EngineConfig } from './model-config.js' */

/**
 * One expected tensor: its shape [rows, cols] as stored [out, in] ("nk"), and whether the
 * transposed [in, out] ("kn": GPT-2's Conv1D) is the other accepted layout. 1-D tensors are
 * [1, n] (vector: true), the safetensors/GGUF shape being [n].
 * prefixRows: the file may hold more rows, of which the first `rows` are taken (wpe).
 * @typedef {{ rows: number, cols: number, vector?: boolean, conv1d?: boolean,
 *   prefixRows?: boolean }} ExpectedShape
 */

/**
 * Every tensor `c` needs, by HF name, in the order a checkpoint usually stores them.
 * @param {EngineConfig} c
 * @returns {Map<string, ExpectedShape>}
 */
export function expectedTensors(c) {
  /** @type {Map<string, ExpectedShape>} */
  const m = new Map();
  const mat = (/** @type {string} */ n, /** @type {number} */ rows, /** @type {number} */ cols) =>
    m.set(n, { rows, cols });
  const vec = (/** @type {string} */ n, /** @type {number} */ len) =>
    m.set(n, { rows: 1, cols: len, vector: true });
  const D = c.dModel;
  if (c.arch === 'gpt2') {
    mat('wte.weight', c.vocab, D);
    // Learned positions: the file may hold more rows (GPT-2: 1,024); the page runs the first
    // `context` of them.
    m.set('wpe.weight', { rows: c.context, cols: D, prefixRows: true });
    for (let l = 0; l < c.nLayers; l++) {
      const p = `h.${l}.`;
      const conv = (
        /** @type {string} */ n,
        /** @type {number} */ out,
        /** @type {number} */ inn,
      ) => m.set(p + n, { rows: out, cols: inn, conv1d: true });
      vec(`${p}ln_1.weight`, D);
      vec(`${p}ln_1.bias`, D);
      conv('attn.c_attn.weight', 3 * D, D);
      vec(`${p}attn.c_attn.bias`, 3 * D);
      conv('attn.c_proj.weight', D, D);
      vec(`${p}attn.c_proj.bias`, D);
      vec(`${p}ln_2.weight`, D);
      vec(`${p}ln_2.bias`, D);
      conv('mlp.c_fc.weight', c.mlpHidden, D);
      vec(`${p}mlp.c_fc.bias`, c.mlpHidden);
      conv('mlp.c_proj.weight', D, c.mlpHidden);
      vec(`${p}mlp.c_proj.bias`, D);
    }
    vec('ln_f.weight', D);
    vec('ln_f.bias', D);
    return m;
  }
  const qRows = c.nHeads * c.dHead * (c.attnOutputGate ? 2 : 1);
  const kvRows = c.nKvHeads * c.dHead;
  mat('model.embed_tokens.weight', c.vocab, D);
  for (let l = 0; l < c.nLayers; l++) {
    const p = `model.layers.${l}.`;
    vec(`${p}input_layernorm.weight`, D);
    mat(`${p}self_attn.q_proj.weight`, qRows, D);
    mat(`${p}self_attn.k_proj.weight`, kvRows, D);
    mat(`${p}self_attn.v_proj.weight`, kvRows, D);
    if (c.attentionBias) {
      vec(`${p}self_attn.q_proj.bias`, qRows);
      vec(`${p}self_attn.k_proj.bias`, kvRows);
      vec(`${p}self_attn.v_proj.bias`, kvRows);
    }
    if (c.arch === 'qwen3') {
      vec(`${p}self_attn.q_norm.weight`, c.dHead);
      vec(`${p}self_attn.k_norm.weight`, c.dHead);
    }
    mat(`${p}self_attn.o_proj.weight`, D, c.nHeads * c.dHead);
    vec(`${p}post_attention_layernorm.weight`, D);
    mat(`${p}mlp.gate_proj.weight`, c.mlpHidden, D);
    mat(`${p}mlp.up_proj.weight`, c.mlpHidden, D);
    mat(`${p}mlp.down_proj.weight`, D, c.mlpHidden);
  }
  vec('model.norm.weight', D);
  if (!c.tiedEmbeddings) mat('lm_head.weight', c.vocab, D);
  return m;
}
