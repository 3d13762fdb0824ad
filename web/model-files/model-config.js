// A checkpoint's own description of its shape → the engine's config (OPEN-MODEL-API "Engine
// config"): from a Hugging Face config.json, or from a GGUF file's metadata. Architectures the
// engine runs: gpt2, llama (Llama 2 and 3), mistral, qwen2 (Qwen2, Qwen2.5), qwen3; any other is
// an unsupported-arch error naming what was found and listing these. config.json is read with
// hf-config.js, the course's one reader of it (the KV ledger's too); this file picks what the
// engine runs and words the faults as OpenModelError.
/** @import { LedgerModel } from '../attn-engine.js' */
/** @import { HfErrors } from './hf-config.js' */
import { OpenModelError } from './open-model-error.js';
import { hfReader, isPositiveInteger } from './hf-config.js';

export const SUPPORTED_ARCHS = ['gpt2', 'llama', 'mistral', 'qwen2', 'qwen3'];

/**
 * The longest sequence the page runs, prompt and generated tokens together. A model's own limit
 * is often 32k or more, but the page keeps T×T attention weights of every head of a layer and a
 * KV cache of that length in the heap, and one forward pass over T tokens is O(T²) per head:
 * 512 keeps a 0.6B model's pass within seconds and a heatmap one can still read. The KV ledger
 * row still uses the model's full context.
 */
export const MAX_CONTEXT = 512;

/** HF "architectures" entries and model_type values → our arch names. */
const HF_ARCHS = /** @type {Record<string, string>} */ ({
  GPT2LMHeadModel: 'gpt2',
  LlamaForCausalLM: 'llama',
  MistralForCausalLM: 'mistral',
  Qwen2ForCausalLM: 'qwen2',
  Qwen3ForCausalLM: 'qwen3',
  gpt2: 'gpt2',
  llama: 'llama',
  mistral: 'mistral',
  qwen2: 'qwen2',
  qwen3: 'qwen3',
});

/**
 * @typedef {object} EngineConfig the engine's OpenModelConfig
 * @property {'gpt2' | 'llama' | 'mistral' | 'qwen2' | 'qwen3'} arch
 * @property {number} vocab
 * @property {number} dModel
 * @property {number} nLayers
 * @property {number} nHeads
 * @property {number} nKvHeads
 * @property {number} dHead
 * @property {number} mlpHidden
 * @property {number} context the page's limit: min(the model's, MAX_CONTEXT)
 * @property {number} ropeTheta
 * @property {number} normEps
 * @property {boolean} tiedEmbeddings
 * @property {boolean} attentionBias
 * @property {boolean} attnOutputGate
 * @property {{ type: 'linear' | 'llama3', factor: number, lowFreqFactor?: number,
 *   highFreqFactor?: number, originalContext?: number }} [ropeScaling] config.json's rope_scaling
 * @property {number[]} [ropeFreqFactors] a GGUF's rope_freqs.weight: θ_i is divided by entry i
 */

/**
 * What the loader learns besides the engine config.
 * @typedef {object} ModelShape
 * @property {EngineConfig} config
 * @property {number} modelContext the model's own context length (the ledger uses it)
 * @property {ModelNote[]} notes what the page changes or ignores
 */

/**
 * A note on the opened model: `id` for the widget's translation (its numbers in `values`),
 * `text` in English.
 * @typedef {{ id: string, text: string, values: Record<string, string | number> }} ModelNote
 */

/**
 * @param {string} id
 * @param {string} text
 * @param {Record<string, string | number>} [values]
 * @returns {ModelNote}
 */
export const note = (id, text, values = {}) => ({ id, text, values });

/**
 * @param {string} found what the files say
 * @param {string} where the file or key that says it
 */
function unsupportedArch(found, where) {
  return new OpenModelError(
    'unsupported-arch',
    `${where} says the architecture is "${found}"; this page runs ${SUPPORTED_ARCHS.join(', ')}`,
    { arch: found, supported: SUPPORTED_ARCHS },
  );
}

/**
 * A checkpoint file's faults in the loader's words: bad-header naming the file and the field
 * (config.json's reader, hfReader, is given these).
 * @param {string} where
 * @returns {HfErrors}
 */
const openModelErrors = (where) => ({
  missing: (keys) =>
    new OpenModelError('bad-header', `${where} has no "${keys.join('" or "')}"`, {
      file: where,
      field: keys[0],
    }),
  notPositive: (key, value) =>
    new OpenModelError(
      'bad-header',
      `${where}: "${key}" must be a positive integer, got ${JSON.stringify(value)}`,
      { file: where, field: key },
    ),
});

/**
 * A size of a GGUF's metadata: a positive integer, or bad-header naming the file and the key.
 * @param {string} where the file the number came from
 * @param {string} key
 * @param {any} value
 * @returns {number}
 */
function positive(where, key, value) {
  if (!isPositiveInteger(value)) throw openModelErrors(where).notPositive(key, value);
  return value;
}

/**
 * The page's context and the notes on it.
 * @param {number} modelContext
 * @param {number | null} slidingWindow Mistral's window, or null
 * @param {ModelNote[]} notes
 */
function pageContext(modelContext, slidingWindow, notes) {
  let context = Math.min(modelContext, MAX_CONTEXT);
  if (context < modelContext)
    notes.push(
      note(
        'context-cap',
        `The page runs at most ${MAX_CONTEXT} tokens (the model's context is ${modelContext}).`,
        { max: MAX_CONTEXT, model: modelContext },
      ),
    );
  // Within the window a sliding-window model is an ordinary causal one.
  if (slidingWindow !== null && slidingWindow < context) {
    context = slidingWindow;
    notes.push(
      note(
        'sliding-window',
        `Sequences are capped at the sliding window (${slidingWindow} tokens).`,
        {
          window: slidingWindow,
        },
      ),
    );
  }
  return context;
}

/**
 * The shape rules a config must meet for the engine, named by the fields they come from.
 * @param {ModelShape} shape
 * @param {string} where the file
 * @param {{ heads: string, kvHeads: string, headDim: string }} keys the field names there
 * @returns {ModelShape}
 */
function consistent(shape, where, keys) {
  const c = shape.config;
  const bad = (/** @type {string} */ field, /** @type {string} */ what) =>
    new OpenModelError('bad-header', `${where}: ${what}`, { file: where, field });
  if (!Number.isInteger(c.dHead))
    throw bad(
      keys.headDim,
      `${c.dModel} / ${c.nHeads} heads is not a whole head width (${keys.headDim} is not given)`,
    );
  if (c.nHeads % c.nKvHeads !== 0)
    throw bad(
      keys.kvHeads,
      `"${keys.kvHeads}" (${c.nKvHeads}) must divide "${keys.heads}" (${c.nHeads})`,
    );
  if (c.arch !== 'gpt2' && c.dHead % 2 !== 0)
    throw bad(keys.headDim, `the head width ${c.dHead} is odd: RoPE rotates pairs`);
  return shape;
}

/**
 * config.json (parsed) → the engine config.
 * @param {Record<string, any>} cfg
 * @returns {ModelShape}
 */
export function configFromHf(cfg) {
  const where = 'config.json';
  const read = hfReader(cfg, openModelErrors(where));
  const names = [...(Array.isArray(cfg.architectures) ? cfg.architectures : []), cfg.model_type];
  const known = names.map((n) => HF_ARCHS[String(n)]).find(Boolean);
  if (!known) {
    const found = names.filter((n) => n !== undefined && n !== null).join(' / ') || '(none given)';
    throw unsupportedArch(found, where);
  }
  const arch = /** @type {EngineConfig['arch']} */ (known);
  /** @type {ModelNote[]} */
  const notes = [];
  // Each size under the spellings this family uses, in its own order (GPT-2's first).
  const need = (/** @type {string[]} */ keys) => read.size(keys);
  if (arch === 'gpt2') {
    const dModel = need(['n_embd', 'hidden_size']);
    const nHeads = need(['n_head', 'num_attention_heads']);
    const modelContext = need(['n_positions', 'n_ctx', 'max_position_embeddings']);
    return consistent(
      {
        config: {
          arch,
          vocab: need(['vocab_size']),
          dModel,
          nLayers: need(['n_layer', 'num_hidden_layers']),
          nHeads,
          nKvHeads: nHeads,
          dHead: dModel / nHeads,
          mlpHidden: cfg.n_inner ? read.positive('n_inner', cfg.n_inner) : 4 * dModel,
          context: pageContext(modelContext, null, notes),
          ropeTheta: 0,
          normEps: cfg.layer_norm_epsilon ?? 1e-5,
          tiedEmbeddings: true,
          attentionBias: false, // the engine gives gpt2 its biases by architecture
          attnOutputGate: false,
        },
        modelContext,
        notes,
      },
      where,
      { heads: 'n_head', kvHeads: 'n_head', headDim: 'n_embd' },
    );
  }
  const dModel = need(['hidden_size']);
  const nHeads = need(['num_attention_heads']);
  const modelContext = need(['max_position_embeddings']);
  const ropeTheta = cfg.rope_theta ?? cfg.rope_parameters?.rope_theta ?? 10000;
  const scaling = cfg.rope_scaling ?? null;
  const scalingType = scaling ? (scaling.rope_type ?? scaling.type ?? 'default') : 'default';
  /** @type {EngineConfig['ropeScaling']} */
  let ropeScaling;
  // The engine applies what transformers' _compute_linear_scaling_rope_parameters and
  // _compute_llama3_parameters do (Llama 3.1 / 3.2); other kinds run as plain RoPE, said.
  if (scalingType === 'linear' || scalingType === 'llama3') {
    ropeScaling = {
      type: scalingType,
      factor: read.positive('rope_scaling.factor', scaling.factor),
    };
    if (scalingType === 'llama3')
      Object.assign(ropeScaling, {
        lowFreqFactor: scaling.low_freq_factor ?? 1,
        highFreqFactor: scaling.high_freq_factor ?? 4,
        originalContext: scaling.original_max_position_embeddings ?? 8192,
      });
  } else if (scalingType !== 'default')
    notes.push(
      note(
        'rope-scaling',
        `rope_scaling (${scalingType}) is not applied: positions use plain RoPE with θ = ${ropeTheta}.`,
        { kind: String(scalingType), theta: ropeTheta },
      ),
    );
  const window =
    arch === 'mistral' || cfg.use_sliding_window
      ? typeof cfg.sliding_window === 'number'
        ? cfg.sliding_window
        : null
      : null;
  return consistent(
    {
      config: {
        arch,
        vocab: need(['vocab_size']),
        dModel,
        nLayers: need(['num_hidden_layers']),
        nHeads,
        nKvHeads: cfg.num_key_value_heads
          ? read.positive('num_key_value_heads', cfg.num_key_value_heads)
          : nHeads,
        dHead: cfg.head_dim ? read.positive('head_dim', cfg.head_dim) : dModel / nHeads,
        mlpHidden: need(['intermediate_size']),
        context: pageContext(modelContext, window, notes),
        ropeTheta,
        normEps: cfg.rms_norm_eps ?? 1e-6,
        // transformers' LlamaConfig, MistralConfig, Qwen2Config and Qwen3Config default to False.
        tiedEmbeddings: cfg.tie_word_embeddings === true,
        attentionBias: arch === 'qwen2' || (arch === 'llama' && cfg.attention_bias === true),
        attnOutputGate: cfg.attn_output_gate === true,
        ...(ropeScaling ? { ropeScaling } : {}),
      },
      modelContext,
      notes,
    },
    where,
    { heads: 'num_attention_heads', kvHeads: 'num_key_value_heads', headDim: 'head_dim' },
  );
}

/** GGUF general.architecture values the page runs (Mistral's converter writes "llama"). */
const GGUF_ARCHS = ['gpt2', 'llama', 'qwen2', 'qwen3'];

/**
 * A GGUF file's metadata (and its tensor list, for what only the tensors tell) → the engine
 * config. The vocabulary size is the embedding's row count.
 * @param {Record<string, any>} md
 * @param {{ name: string, shape: number[] }[]} tensors as in the file
 * @param {string} fileName
 * @returns {ModelShape}
 */
export function configFromGguf(md, tensors, fileName) {
  const a = md['general.architecture'];
  if (typeof a !== 'string' || !GGUF_ARCHS.includes(a))
    throw unsupportedArch(String(a ?? '(none given)'), `${fileName} (general.architecture)`);
  const arch = /** @type {EngineConfig['arch']} */ (a);
  /** @type {ModelNote[]} */
  const notes = [];
  const need = (/** @type {string} */ key) => {
    const v = md[`${a}.${key}`];
    if (v === undefined)
      throw new OpenModelError('bad-header', `${fileName} has no "${a}.${key}"`, {
        file: fileName,
        field: `${a}.${key}`,
      });
    return positive(fileName, `${a}.${key}`, v);
  };
  const has = (/** @type {string} */ name) => tensors.some((t) => t.name === name);
  const embd = tensors.find((t) => t.name === 'token_embd.weight');
  if (!embd)
    throw new OpenModelError('missing-tensor', `${fileName} has no tensor "token_embd.weight"`, {
      file: fileName,
      tensor: 'token_embd.weight',
    });
  const vocab = embd.shape[0];
  const dModel = need('embedding_length');
  const nHeads = need('attention.head_count');
  const modelContext = need('context_length');
  const headCountKv = md[`${a}.attention.head_count_kv`];
  const keyLength = md[`${a}.attention.key_length`];
  const slidingWindow = md[`${a}.attention.sliding_window`];
  return consistent(
    {
      config: {
        arch,
        vocab,
        dModel,
        nLayers: need('block_count'),
        nHeads,
        nKvHeads: headCountKv
          ? positive(fileName, `${a}.attention.head_count_kv`, headCountKv)
          : nHeads,
        dHead: keyLength
          ? positive(fileName, `${a}.attention.key_length`, keyLength)
          : dModel / nHeads,
        mlpHidden: need('feed_forward_length'),
        context: pageContext(
          modelContext,
          typeof slidingWindow === 'number' ? slidingWindow : null,
          notes,
        ),
        ropeTheta: arch === 'gpt2' ? 0 : (md[`${a}.rope.freq_base`] ?? 10000),
        normEps:
          arch === 'gpt2'
            ? (md[`${a}.attention.layer_norm_epsilon`] ?? 1e-5)
            : (md[`${a}.attention.layer_norm_rms_epsilon`] ?? 1e-6),
        tiedEmbeddings: arch === 'gpt2' || !has('output.weight'),
        attentionBias: arch === 'qwen2' || (arch === 'llama' && has('blk.0.attn_q.bias')),
        // An output gate (Qwen3-Next, the lab model) rides in attn_q: twice H·d rows, q and gate
        // interleaved head by head. GGUF has no key for it, so the shape tells.
        attnOutputGate:
          md[`${a}.attention.output_gate`] === true ||
          tensors.find((t) => t.name === 'blk.0.attn_q.weight')?.shape[0] ===
            2 * nHeads * (keyLength || dModel / nHeads),
      },
      modelContext,
      notes,
    },
    fileName,
    {
      heads: `${a}.attention.head_count`,
      kvHeads: `${a}.attention.head_count_kv`,
      headDim: `${a}.attention.key_length`,
    },
  );
}

/**
 * The course's ledger shape (web/attn-engine.d.ts LedgerModel) of an engine config, for
 * engine.kvLedger: the KV bytes per token of the model at its own context, its stored K/V in
 * BF16 (2 B) as the course counts them.
 * @param {EngineConfig} c
 * @param {number} modelContext
 * @param {string} name
 * @returns {LedgerModel & { id: string, source: string, hiddenSize: number }}
 */
export function ledgerModel(c, modelContext, name) {
  /** @type {'mha' | 'mqa' | 'gqa'} */
  const kind = c.nKvHeads === c.nHeads ? 'mha' : c.nKvHeads === 1 ? 'mqa' : 'gqa';
  return {
    id: 'opened-model',
    name,
    source: name,
    layers: c.nLayers,
    hiddenSize: c.dModel,
    attention: { kind, nHeads: c.nHeads, nKvHeads: c.nKvHeads, headDim: c.dHead },
    contextLength: modelContext,
    dtypeBytes: 2,
  };
}
