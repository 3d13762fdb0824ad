// A checkpoint's own description of its shape → the engine's config (web/attn-engine.d.ts
// OpenModelConfig): from a Hugging Face config.json, or from a GGUF file's metadata. Architectures
// the engine runs: gpt2, llama (Llama 2 and 3), mistral, qwen2 (Qwen2, Qwen2.5), qwen3; any other
// is an unsupported-arch error naming what was found and listing these. config.json is read once
// by hf-config.js (readHfConfig, the KV ledger's reader too); this file maps that shape onto what
// the engine runs and words the faults as OpenModelError.
/** @import { LedgerModel } from '../attn-engine.js' */
/** @import { HfErrors } from './hf-config.js' */
import { OpenModelError } from './open-model-error.js';
import { readHfConfig, isPositiveInteger, HF_KEYS, SPELLINGS } from './hf-config.js';

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
 * @property {number} dtypeBytes bytes per cached K/V element of the model as it is deployed (the
 *   ledger uses it): config.json's dtype (2 without one); a GGUF's 2, llama.cpp's default F16 cache
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
 * A size a checkpoint file gives that is not a whole number ≥ 1: bad-header naming the file and
 * the field (config.json's reader, readHfConfig, is given this).
 * @param {string} where
 * @returns {HfErrors}
 */
const openModelErrors = (where) => ({
  notPositive: (key, value) =>
    new OpenModelError(
      'bad-header',
      `${where}: "${key}" must be a positive integer, got ${JSON.stringify(value)}`,
      { file: where, field: key },
    ),
});

/**
 * A size a checkpoint file lacks: bad-header naming the file and the field's spellings.
 * @param {string} where
 * @param {string[]} spellings
 */
const missingField = (where, spellings) =>
  new OpenModelError('bad-header', `${where} has no "${spellings.join('" or "')}"`, {
    file: where,
    field: spellings[0],
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
 * config.json (parsed) → the engine config, mapped from hf-config.js's one reading of it.
 * @param {Record<string, any>} cfg
 * @returns {ModelShape}
 */
export function configFromHf(cfg) {
  const where = 'config.json';
  if (cfg === null || typeof cfg !== 'object' || Array.isArray(cfg))
    throw new OpenModelError('bad-header', `${where} must be a JSON object ({...})`, {
      file: where,
    });
  const hf = readHfConfig(cfg, openModelErrors(where));
  // The checkpoint's own names (a vision-language wrapper's text model is not what this runs).
  const names = [...hf.architectures, hf.modelType];
  const known = names.map((n) => HF_ARCHS[n]).find(Boolean);
  if (!known) {
    const found = names.filter(Boolean).join(' / ') || '(none given)';
    throw unsupportedArch(found, where);
  }
  const arch = /** @type {EngineConfig['arch']} */ (known);
  const gpt2 = arch === 'gpt2';
  /** @type {ModelNote[]} */
  const notes = [];
  /**
   * A size the engine needs, or bad-header naming the field's spellings.
   * @param {'layers' | 'heads' | 'hiddenSize' | 'contextLength' | 'vocab' | 'intermediateSize'} q
   * @returns {number}
   */
  const need = (q) => {
    const v = hf[q];
    if (v !== undefined) return v;
    // GPT-2's own spellings first (n_embd, then hidden_size); another family's usual one alone.
    const [usual, ...others] = SPELLINGS[HF_KEYS[q]] ?? [HF_KEYS[q]];
    throw missingField(where, gpt2 ? [...others, usual] : [usual]);
  };
  const dModel = need('hiddenSize');
  const nHeads = need('heads');
  const modelContext = need('contextLength');
  const ropeTheta = hf.ropeTheta ?? 0; // 0: no RoPE (GPT-2's learned positions)
  /** @type {EngineConfig['ropeScaling']} */
  let ropeScaling;
  const scaling = hf.ropeScaling;
  // The engine applies what transformers' _compute_linear_scaling_rope_parameters and
  // _compute_llama3_parameters do (Llama 3.1 / 3.2); other kinds run as plain RoPE, said.
  if (scaling && (scaling.type === 'linear' || scaling.type === 'llama3')) {
    const factor = scaling.factor;
    if (typeof factor !== 'number' || !(factor > 0) || !Number.isFinite(factor))
      throw new OpenModelError(
        'bad-header',
        `${where}: "${scaling.key}.factor" must be a positive number, got ${JSON.stringify(factor)}`,
        { file: where, field: `${scaling.key}.factor` },
      );
    ropeScaling = { type: scaling.type, factor };
    if (scaling.type === 'llama3')
      Object.assign(ropeScaling, {
        lowFreqFactor: scaling.lowFreqFactor,
        highFreqFactor: scaling.highFreqFactor,
        originalContext: scaling.originalContext,
      });
  } else if (scaling)
    notes.push(
      note(
        'rope-scaling',
        `rope_scaling (${scaling.type}) is not applied: positions use plain RoPE with θ = ${ropeTheta}.`,
        { kind: scaling.type, theta: ropeTheta },
      ),
    );
  return consistent(
    {
      config: {
        arch,
        vocab: need('vocab'),
        dModel,
        nLayers: need('layers'),
        nHeads,
        nKvHeads: gpt2 ? nHeads : /** @type {number} */ (hf.kvHeads),
        dHead: /** @type {number} */ (hf.headDim), // a fraction is refused by consistent()
        mlpHidden: need('intermediateSize'),
        context: pageContext(modelContext, hf.slidingWindow, notes),
        ropeTheta,
        normEps: hf.normEps,
        // GPT-2's LM head is its embedding (the engine's gpt2 has no other).
        tiedEmbeddings: gpt2 || hf.tiedEmbeddings,
        // The engine gives gpt2 its biases by architecture.
        attentionBias: !gpt2 && hf.attentionBias,
        attnOutputGate: hf.outputGate,
        ...(ropeScaling ? { ropeScaling } : {}),
      },
      modelContext,
      dtypeBytes: hf.dtypeBytes,
      notes,
    },
    where,
    { heads: hf.keys.heads, kvHeads: hf.keys.kvHeads, headDim: hf.keys.headDim },
  );
}

/** GGUF general.architecture values the page runs (Mistral's converter writes "llama"). */
const GGUF_ARCHS = ['gpt2', 'llama', 'qwen2', 'qwen3'];
/** A GGUF names no dtype for K and V: llama.cpp caches them in F16 unless told otherwise. */
const GGUF_CACHE_BYTES = 2;

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
      dtypeBytes: GGUF_CACHE_BYTES,
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
 * engine.kvLedger: the KV bytes per token of the model at its own context, its K/V stored at
 * `dtypeBytes` each (ModelShape's: the checkpoint's dtype, BF16's 2 B without one).
 * @param {EngineConfig} c
 * @param {number} modelContext
 * @param {string} name
 * @param {number} dtypeBytes
 * @returns {LedgerModel & { id: string, source: string, hiddenSize: number }}
 */
export function ledgerModel(c, modelContext, name, dtypeBytes) {
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
    dtypeBytes,
  };
}
