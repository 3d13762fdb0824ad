// HF tensor names → GGUF tensor names as llama.cpp's converter writes them (gguf-py
// gguf/tensor_mapping.py, MODEL_TENSOR names in gguf/constants.py), the inverse of the mapping the
// open-model contract asks the loader to apply: token_embd, blk.N.attn_q/k/v, attn_output,
// attn_norm, ffn_norm, attn_q_norm/attn_k_norm, ffn_gate/up/down, output_norm, output; and
// GPT-2's token_embd, position_embd, blk.N.attn_qkv, attn_output, attn_norm, ffn_norm, ffn_up,
// ffn_down, output_norm (weights and biases alike). Used by the test-model writers and the lab
// exporter; written from the converter's names, not from web/model-files/.

const LLAMA_LAYER = {
  input_layernorm: 'attn_norm',
  'self_attn.q_proj': 'attn_q',
  'self_attn.k_proj': 'attn_k',
  'self_attn.v_proj': 'attn_v',
  'self_attn.o_proj': 'attn_output',
  'self_attn.q_norm': 'attn_q_norm',
  'self_attn.k_norm': 'attn_k_norm',
  post_attention_layernorm: 'ffn_norm',
  'mlp.gate_proj': 'ffn_gate',
  'mlp.up_proj': 'ffn_up',
  'mlp.down_proj': 'ffn_down',
};
const LLAMA_TOP = {
  'model.embed_tokens': 'token_embd',
  'model.norm': 'output_norm',
  lm_head: 'output',
};
const GPT2_LAYER = {
  ln_1: 'attn_norm',
  'attn.c_attn': 'attn_qkv',
  'attn.c_proj': 'attn_output',
  ln_2: 'ffn_norm',
  'mlp.c_fc': 'ffn_up',
  'mlp.c_proj': 'ffn_down',
};
const GPT2_TOP = { wte: 'token_embd', wpe: 'position_embd', ln_f: 'output_norm' };

/** The GGUF name of HF tensor `hf` (GPT-2 names without the "transformer." prefix). */
export function ggufName(arch, hf) {
  const m = /^(.+)\.(weight|bias)$/.exec(hf);
  if (!m) throw new Error(`no GGUF name for ${hf}`);
  const [, base, kind] = m;
  const [top, layerRe, layer] =
    arch === 'gpt2'
      ? [GPT2_TOP, /^h\.(\d+)\.(.+)$/, GPT2_LAYER]
      : [LLAMA_TOP, /^model\.layers\.(\d+)\.(.+)$/, LLAMA_LAYER];
  if (top[base]) return `${top[base]}.${kind}`;
  const l = layerRe.exec(base);
  if (l && layer[l[2]]) return `blk.${l[1]}.${layer[l[2]]}.${kind}`;
  throw new Error(`no GGUF name for ${hf} (${arch})`);
}
