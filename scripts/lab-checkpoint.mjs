// The lab model as a Qwen3 checkpoint, in memory: the mapping of scripts/export-lab-model.mjs
// (npm run export-hf, which writes the files; its header explains the mapping) without a file
// system, so the build (the course model of the open-model page) and <attn-train>'s download
// give the very bytes export-hf writes. No node API here (the browser runs it).
import { ggufBytes } from '../tests/model-files/gguf-writer.js';
import { quantizeRow } from '../tests/model-files/quantize.js';
import { ggufName } from '../tests/model-files/gguf-names.js';
import { transpose } from '../tests/model-files/matrix.js';
const RMS_EPS = 1e-6;

/**
 * The lab model (engine.labLoad result + engine.labTensors) as HF tensors:
 * Map name → { rows, cols, data } in torch orientation, and the engine's open-model config.
 */
export function labToHf(lab, labTensors) {
  const c = lab.config;
  const linear0 = (c.layerTypes ?? []).indexOf('linear');
  if (linear0 >= 0)
    throw new Error(
      `lab model layer ${linear0} is linear (Gated DeltaNet): the Qwen3 layout has full-attention ` +
        'layers only; export course-data/lab-model-full.bin',
    );
  const t = new Map(labTensors.map((x) => [x.name, x]));
  const get = (name) => {
    const x = t.get(name);
    if (!x) throw new Error(`lab model has no tensor ${name}`);
    return { rows: x.shape[0], cols: x.shape[1], data: x.data };
  };
  const out = new Map();
  const put = (name, rows, cols, data) => out.set(name, { rows, cols, data });
  const linear = (hf, lab) => {
    const w = get(lab);
    put(hf, w.cols, w.rows, transpose(w.data, w.rows, w.cols));
  };
  const vector = (hf, lab) => {
    const w = get(lab);
    put(hf, 1, w.cols, w.data);
  };
  const e = get('embedding');
  put('model.embed_tokens.weight', e.rows, e.cols, e.data);
  const { dModel: D, nHeads: H, dHead: d } = c;
  for (let l = 0; l < c.nLayers; l++) {
    const p = `model.layers.${l}`,
      q = `layers.${l}`;
    vector(`${p}.input_layernorm.weight`, `${q}.attn_norm`);
    const wq = get(`${q}.wq`);
    const qT = transpose(wq.data, D, H * d);
    if (c.outputGate) {
      const gT = transpose(get(`${q}.w_gate`).data, D, H * d);
      const both = new Float32Array(2 * H * d * D);
      for (let h = 0; h < H; h++) {
        both.set(qT.subarray(h * d * D, (h + 1) * d * D), 2 * h * d * D);
        both.set(gT.subarray(h * d * D, (h + 1) * d * D), (2 * h + 1) * d * D);
      }
      put(`${p}.self_attn.q_proj.weight`, 2 * H * d, D, both);
    } else put(`${p}.self_attn.q_proj.weight`, H * d, D, qT);
    linear(`${p}.self_attn.k_proj.weight`, `${q}.wk`);
    linear(`${p}.self_attn.v_proj.weight`, `${q}.wv`);
    if (c.qkNorm) {
      vector(`${p}.self_attn.q_norm.weight`, `${q}.q_norm`);
      vector(`${p}.self_attn.k_norm.weight`, `${q}.k_norm`);
    }
    linear(`${p}.self_attn.o_proj.weight`, `${q}.wo`);
    vector(`${p}.post_attention_layernorm.weight`, `${q}.mlp_norm`);
    linear(`${p}.mlp.gate_proj.weight`, `${q}.w1`);
    linear(`${p}.mlp.up_proj.weight`, `${q}.w3`);
    linear(`${p}.mlp.down_proj.weight`, `${q}.w2`);
  }
  vector('model.norm.weight', 'final_norm');
  if (!c.qkNorm) throw new Error('the lab model has no QK-norm: it is not a Qwen3');
  const config = {
    arch: 'qwen3',
    vocab: c.vocab,
    dModel: D,
    nLayers: c.nLayers,
    nHeads: H,
    nKvHeads: c.nKvHeads,
    dHead: d,
    mlpHidden: c.mlpHidden,
    context: c.context,
    ropeTheta: c.ropeBase,
    normEps: RMS_EPS,
    tiedEmbeddings: true,
    attentionBias: false,
    attnOutputGate: c.outputGate,
  };
  return { config, tensors: out };
}

/** config.json as transformers writes a Qwen3ForCausalLM's (plus the output gate's key). */
export function hfConfigJson(config) {
  return {
    architectures: ['Qwen3ForCausalLM'],
    attention_bias: false,
    attention_dropout: 0.0,
    attn_output_gate: config.attnOutputGate,
    bos_token_id: 0,
    head_dim: config.dHead,
    hidden_act: 'silu',
    hidden_size: config.dModel,
    initializer_range: 0.02,
    intermediate_size: config.mlpHidden,
    max_position_embeddings: config.context,
    max_window_layers: config.nLayers,
    model_type: 'qwen3',
    num_attention_heads: config.nHeads,
    num_hidden_layers: config.nLayers,
    num_key_value_heads: config.nKvHeads,
    rms_norm_eps: config.normEps,
    rope_scaling: null,
    rope_theta: config.ropeTheta,
    sliding_window: null,
    tie_word_embeddings: true,
    torch_dtype: 'float16',
    transformers_version: '4.51.0',
    use_cache: true,
    use_sliding_window: false,
    vocab_size: config.vocab,
  };
}

/**
 * A char-level tokenizer.json for @huggingface/tokenizers: a BPE model with no merges (every
 * character its own token, an unknown one <unk> each — fuse_unk false, as LabModel::encode), no
 * normalizer or pre-tokenizer (spaces and newlines are tokens of the vocabulary), the Fuse
 * decoder (characters joined without spaces). <bos> and <unk> are NOT added tokens: an added
 * token would be matched inside the text, so typing "<bos>" would give id 0 where the lab's
 * encoder gives its five characters.
 */
export function charTokenizerJson(vocab) {
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [],
    normalizer: null,
    pre_tokenizer: null,
    // <bos> first, as LabModel::encode: with add_special_tokens the tokenizer gives the lab's
    // ids; the loader asks without, and prepends the bosId this template declares.
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: vocab[0], type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: vocab[0], type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
      ],
      special_tokens: { [vocab[0]]: { id: vocab[0], ids: [0], tokens: [vocab[0]] } },
    },
    decoder: { type: 'Fuse' },
    model: {
      type: 'BPE',
      dropout: null,
      unk_token: vocab[1],
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: false,
      byte_fallback: false,
      ignore_merges: false,
      vocab: Object.fromEntries(vocab.map((s, i) => [s, i])),
      merges: [],
    },
  };
}

/** The GGUF metadata of the lab model: qwen3 keys and its vocabulary as a "llama" tokenizer. */
function ggufMetadata(config, vocab) {
  const a = 'qwen3';
  // SentencePiece writes a space as ▁ (U+2581); with add_space_prefix false and no multi-character
  // pieces, encoding stays one id per character.
  if (vocab.some((s) => s.includes('\u2581')))
    throw new Error('the lab vocabulary contains ▁, which SentencePiece reserves for a space');
  return [
    ['general.architecture', 'string', a],
    ['general.name', 'string', 'attention-course lab model'],
    ['general.file_type', 'u32', 1], // MOSTLY_F16
    [`${a}.context_length`, 'u32', config.context],
    [`${a}.embedding_length`, 'u32', config.dModel],
    [`${a}.block_count`, 'u32', config.nLayers],
    [`${a}.feed_forward_length`, 'u32', config.mlpHidden],
    [`${a}.attention.head_count`, 'u32', config.nHeads],
    [`${a}.attention.head_count_kv`, 'u32', config.nKvHeads],
    [`${a}.attention.key_length`, 'u32', config.dHead],
    [`${a}.attention.value_length`, 'u32', config.dHead],
    [`${a}.rope.freq_base`, 'f32', config.ropeTheta],
    [`${a}.attention.layer_norm_rms_epsilon`, 'f32', config.normEps],
    // No llama.cpp key exists for Qwen3 with Qwen3-Next's output gate (qwen3next implies it by
    // its arch): this one is the course's, read by web/model-files/.
    [`${a}.attention.output_gate`, 'bool', config.attnOutputGate],
    ['tokenizer.ggml.model', 'string', 'llama'],
    ['tokenizer.ggml.tokens', 'array:string', vocab.map((s) => s.replaceAll(' ', '\u2581'))],
    ['tokenizer.ggml.scores', 'array:f32', vocab.map(() => 0)],
    // llama_token_type: 1 normal, 2 unknown, 3 control.
    [
      'tokenizer.ggml.token_type',
      'array:i32',
      vocab.map((_, i) => (i === 0 ? 3 : i === 1 ? 2 : 1)),
    ],
    ['tokenizer.ggml.bos_token_id', 'u32', 0],
    ['tokenizer.ggml.unknown_token_id', 'u32', 1],
    ['tokenizer.ggml.add_bos_token', 'bool', true],
    ['tokenizer.ggml.add_space_prefix', 'bool', false],
  ];
}

/** The GGUF's file name, as written by export-hf and as the open-model page names its copy. */
export const GGUF_NAME = 'lab-model-f16.gguf';

/** The GGUF bytes of the HF tensors (2-D F16, 1-D gains F32) with the lab's metadata. */
export function ggufOf(config, tensors, vocab) {
  const ggufTensors = [...tensors].map(([name, t]) => {
    const type = t.rows === 1 ? 'f32' : 'f16';
    return {
      name: ggufName('qwen3', name),
      type,
      dims: t.rows === 1 ? [t.cols] : [t.cols, t.rows],
      bytes: quantizeRow(type, t.data),
    };
  });
  return ggufBytes({ metadata: ggufMetadata(config, vocab), tensors: ggufTensors });
}

/**
 * The lab model's GGUF in memory, the same bytes export-hf writes (the build ships it with the
 * open-model page, so a student without a model on disk can open this one).
 */
export function labModelGguf(engine, labBytes) {
  const lab = engine.labLoad(labBytes);
  try {
    const { config, tensors } = labToHf(lab, engine.labTensors(lab.id));
    return ggufOf(config, tensors, lab.vocab);
  } finally {
    engine.labUnload(lab.id);
  }
}
