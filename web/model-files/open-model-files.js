// Opens a checkpoint the student picked: finds the format, reads the headers, builds the engine
// config and the tokenizer, checks everything it can (architecture, heap size, every tensor's
// name and shape, vocabulary) BEFORE reading a byte of weights, then streams the tensors into
// the engine a slice at a time and finalises the model.
//   Hugging Face: config.json + model.safetensors (or the shards of model.safetensors.index.json)
//                 + tokenizer.json (+ tokenizer_config.json, if picked)
//   GGUF:         one .gguf file, the tokenizer inside
/** @import { AttnEngine } from '../attn-engine.js' */
/** @import { ModelFile } from './file-source.js' */
/** @import { TensorEntry } from './safetensors.js' */
/** @import { EngineConfig, ModelShape } from './model-config.js' */
/** @import { ModelTokenizer } from './tokenizer.js' */
import { OpenModelError } from './open-model-error.js';
import { readSafetensorsHeader, shardsOf } from './safetensors.js';
import { readGgufHeader } from './gguf.js';
import { configFromHf, configFromGguf, ledgerModel, note } from './model-config.js';
import { hfNameOfGguf, hfNameOfSafetensors, permutedHeads, unpermuteRows } from './tensor-names.js';
import { expectedTensors } from './expected-tensors.js';
import { tokenizerFromJson, tokenizerJsonFromGguf } from './tokenizer.js';
import { rowBytes } from './weight-types.js';
import { bytes as binaryBytes } from '../dom.js';

/** Bytes read from a file per slice: small enough for a smooth progress bar. */
export const SLICE_BYTES = 4 << 20;

/**
 * One tensor as the engine will be given it.
 * @typedef {object} PlannedTensor
 * @property {string} name the HF name
 * @property {TensorEntry} entry where its bytes are
 * @property {import('./weight-types.js').WeightType} type
 * @property {number} rows as stored
 * @property {number} cols as stored
 * @property {'nk' | 'kn'} layout
 * @property {number} bytes what is read (wpe: only the rows the page runs)
 * @property {number} permuteHeads > 0: undo llama.cpp's Q/K row order in this many heads
 */

/**
 * @typedef {object} OpenProgress
 * @property {'header' | 'tensors' | 'finalize' | 'done'} phase
 * @property {number} bytesRead
 * @property {number} bytesTotal
 * @property {number} tensorsLoaded
 * @property {number} tensorsTotal
 */

/**
 * @typedef {object} OpenedModel
 * @property {number} id the engine's model id (openModelRun, openModelUnload, …)
 * @property {EngineConfig} config
 * @property {'safetensors' | 'gguf'} format
 * @property {string} arch
 * @property {string} name
 * @property {Record<string, { tensors: number, bytes: number }>} dtypeSummary by weight type
 * @property {ModelTokenizer} tokenizer
 * @property {number | null} bosId
 * @property {Record<string, any>} ledgerRow engine.kvLedger of the model's own config, with it
 * @property {import('./model-config.js').ModelNote[]} notes what the page changes or ignores
 * @property {number} parameters
 * @property {number} weightBytes
 * @property {number} maxPassTokens the most tokens one layer of a pass takes within the engine's
 *   work bound per call; a longer prompt runs in chunks of about this many
 */

/** @param {ModelFile} f */
async function readText(f) {
  return new TextDecoder().decode(await f.slice(0, f.size));
}

/** @param {ModelFile} f */
async function readJsonFile(f) {
  const text = await readText(f);
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    throw new OpenModelError(
      'bad-header',
      `${f.name} is not valid JSON (${/** @type {Error} */ (e).message})`,
      { file: f.name },
    );
  }
}

/**
 * The largest file that starts with "GGUF": Ollama keeps its models as blobs named by their
 * hash (models/blobs/sha256-…), without the extension; the largest is the model (a vision
 * projector is a smaller GGUF beside it).
 * @param {ModelFile[]} files
 * @returns {Promise<ModelFile | undefined>}
 */
async function ggufByMagic(files) {
  let best;
  for (const f of files) {
    if (f.size < 4 || (best && f.size <= best.size)) continue;
    const magic = await f.slice(0, 4);
    if (String.fromCharCode(...magic) === 'GGUF') best = f;
  }
  return best;
}

/**
 * The tokenizer `make` builds; the library's complaint about a malformed tokenizer.json (or a
 * GGUF vocabulary it cannot use) as a bad-header naming the file.
 * @param {string} file
 * @param {() => ModelTokenizer} make
 */
function tokenizerOf(file, make) {
  try {
    return make();
  } catch (e) {
    throw new OpenModelError(
      'bad-header',
      `${file}: the tokenizer cannot be built (${/** @type {Error} */ (e).message})`,
      { file },
    );
  }
}

/**
 * The headers of whichever format was picked: config, tokenizer, tensor entries (HF names).
 * @param {ModelFile[]} files
 */
async function readFormat(files) {
  /** @type {Map<string, ModelFile>} */
  const byName = new Map();
  for (const f of files) if (!byName.has(f.name)) byName.set(f.name, f);
  const gguf =
    files.find((f) => f.name.toLowerCase().endsWith('.gguf')) ??
    (byName.has('config.json') ? undefined : await ggufByMagic(files));
  if (gguf) {
    const header = await readGgufHeader(gguf);
    const shape = configFromGguf(header.metadata, header.tensors, gguf.name);
    const { json, addBos } = tokenizerJsonFromGguf(header.metadata, gguf.name);
    /** @type {[string, TensorEntry][]} */
    const named = [];
    for (const t of header.tensors) {
      const n = hfNameOfGguf(shape.config.arch, t.name);
      if (n) named.push([n, t]);
    }
    if (files.filter((f) => f.name.toLowerCase().endsWith('.gguf')).length > 1)
      shape.notes.push(
        note('several-gguf', `Several .gguf files were picked: ${gguf.name} is opened.`, {
          file: gguf.name,
        }),
      );
    const name = String(header.metadata['general.name'] ?? gguf.name.replace(/\.gguf$/i, ''));
    return {
      format: /** @type {const} */ ('gguf'),
      shape,
      named,
      ropeFreqs: header.tensors.find((t) => t.name === 'rope_freqs.weight'),
      tokenizer: () => tokenizerOf(gguf.name, () => tokenizerFromJson(json, {}, { addBos })),
      name,
    };
  }
  const configFile = byName.get('config.json');
  if (!configFile) {
    const bin = files.find((f) => /\.(bin|pt|pth|ckpt)$/i.test(f.name));
    throw new OpenModelError(
      'missing-file',
      files.length
        ? `config.json is missing: pick a .gguf file, or the folder of a Hugging Face checkpoint (config.json, model.safetensors, tokenizer.json)${bin ? `; ${bin.name} (PyTorch pickle) is not read, only safetensors` : ''}`
        : 'no file was picked',
      { file: 'config.json' },
    );
  }
  const cfg = await readJsonFile(configFile);
  const shape = configFromHf(cfg);
  const tokenizerFile = byName.get('tokenizer.json');
  if (!tokenizerFile)
    throw new OpenModelError(
      'missing-file',
      'tokenizer.json is missing: the page needs it to turn the prompt into tokens',
      { file: 'tokenizer.json' },
    );
  const index = byName.get('model.safetensors.index.json');
  const single = byName.get('model.safetensors');
  const shards = index
    ? await shardsOf(index, byName)
    : single
      ? [single]
      : files.filter((f) => f.name.endsWith('.safetensors'));
  if (!shards.length)
    throw new OpenModelError(
      'missing-file',
      'model.safetensors is missing (or model.safetensors.index.json and its shards)',
      { file: 'model.safetensors' },
    );
  /** @type {[string, TensorEntry][]} */
  const named = [];
  for (const shard of shards)
    for (const t of await readSafetensorsHeader(shard)) {
      const n = hfNameOfSafetensors(shape.config.arch, t.name, shape.config.tiedEmbeddings);
      if (n) named.push([n, t]);
    }
  const tokenizerJson = await readJsonFile(tokenizerFile);
  const tcFile = byName.get('tokenizer_config.json');
  const tokenizerConfig = tcFile ? await readJsonFile(tcFile) : {};
  // The folder's name (a picked folder's files carry their path; a test's files may not).
  const path = configFile.path ?? configFile.name;
  const folder = path.includes('/') ? path.split('/').at(-2) : '';
  const name = String(cfg._name_or_path || folder || cfg.model_type || 'model');
  return {
    format: /** @type {const} */ ('safetensors'),
    shape,
    named,
    tokenizer: () =>
      tokenizerOf(tokenizerFile.name, () => tokenizerFromJson(tokenizerJson, tokenizerConfig)),
    name,
  };
}

/**
 * Every tensor of the model, matched against what the config needs: missing, unexpected and
 * mis-shaped tensors are errors here, before any weight is read.
 * @param {EngineConfig} config
 * @param {[string, TensorEntry][]} named
 * @param {string} format
 * @returns {PlannedTensor[]}
 */
export function planTensors(config, named, format) {
  const expected = expectedTensors(config);
  const found = new Map(named);
  const where = (/** @type {TensorEntry} */ e) => e.file.name;
  for (const [name, e] of named)
    if (!expected.has(name))
      throw new OpenModelError(
        'unsupported-arch',
        `${where(e)}: tensor "${name}" is not part of a ${config.arch} model as this page runs it`,
        { file: where(e), tensor: name, arch: config.arch },
      );
  /** @type {PlannedTensor[]} */
  const plan = [];
  for (const [name, want] of expected) {
    const e = found.get(name);
    if (!e)
      throw new OpenModelError(
        'missing-tensor',
        `tensor "${name}" is missing: a ${config.arch} model with this config needs it`,
        { tensor: name, arch: config.arch },
      );
    const s = e.shape;
    const shown = `[${s.join(', ')}]`;
    const wrong = (/** @type {string} */ expect) =>
      new OpenModelError(
        'wrong-shape',
        `${where(e)}: tensor "${name}" is ${shown}, expected ${expect}`,
        { file: where(e), tensor: name, shape: s, expected: expect },
      );
    // llama.cpp permutes a q/k bias like the rows it adds to (elements, not rows, here).
    const heads = format === 'gguf' ? permutedHeads(config.arch, name, config) : 0;
    if (want.vector) {
      if (s.length !== 1 || s[0] !== want.cols) throw wrong(`[${want.cols}]`);
      plan.push(planned(name, e, 1, want.cols, 'nk', e.bytes, heads));
      continue;
    }
    if (s.length !== 2) throw wrong(`[${want.rows}, ${want.cols}]`);
    if (want.prefixRows) {
      // Learned positions: the page runs config.context of the file's rows (the first ones).
      if (s[1] !== want.cols || s[0] < config.context)
        throw wrong(`[≥ ${config.context}, ${want.cols}]`);
      const bytes = /** @type {number} */ (rowBytes(e.type, s[1])) * config.context;
      plan.push(planned(name, e, config.context, s[1], 'nk', bytes, 0));
      continue;
    }
    // GPT-2's Conv1D in an HF checkpoint is [in, out]; GGUF stores every matrix [out, in].
    const kn = want.conv1d && format === 'safetensors';
    const [rows, cols] = kn ? [want.cols, want.rows] : [want.rows, want.cols];
    if (s[0] !== rows || s[1] !== cols) throw wrong(`[${rows}, ${cols}]`);
    plan.push(planned(name, e, rows, cols, kn ? 'kn' : 'nk', e.bytes, heads));
  }
  return plan;
}

/**
 * @param {string} name
 * @param {TensorEntry} entry
 * @param {number} rows
 * @param {number} cols
 * @param {'nk' | 'kn'} layout
 * @param {number} bytes
 * @param {number} permuteHeads
 * @returns {PlannedTensor}
 */
function planned(name, entry, rows, cols, layout, bytes, permuteHeads) {
  return { name, entry, type: entry.type, rows, cols, layout, bytes, permuteHeads };
}

/**
 * Copies a tensor's stored bytes into `view` (what goes to the engine), undoing llama.cpp's Q/K
 * permutation on the way when the plan says so: a matrix moves whole rows (whole blocks, for a
 * quantised one), a bias (one row of H·d) its elements the same way.
 * @param {Uint8Array} view
 * @param {Uint8Array} bytes
 * @param {Pick<PlannedTensor, 'rows' | 'cols' | 'bytes' | 'permuteHeads'>} t
 */
export function fillTensor(view, bytes, t) {
  if (!t.permuteHeads) {
    view.set(bytes);
    return;
  }
  const units = t.rows > 1 ? t.rows : t.cols;
  const ub = t.bytes / units;
  const to = unpermuteRows(units, t.permuteHeads);
  for (let g = 0; g < units; g++) view.set(bytes.subarray(g * ub, (g + 1) * ub), to[g] * ub);
}

/**
 * Bytes and tensors per weight type (what the widget shows as "Q4_K 64% · Q6_K 21% · …").
 * @param {PlannedTensor[]} plan
 */
function summary(plan) {
  /** @type {Record<string, { tensors: number, bytes: number }>} */
  const out = {};
  for (const t of plan) {
    out[t.type] ??= { tensors: 0, bytes: 0 };
    out[t.type].tensors++;
    out[t.type].bytes += t.bytes;
  }
  return out;
}

/**
 * An engine error while a tensor goes in or the model is finalised, as an OpenModelError by
 * what its message says (the engine names the tensor and shapes; the code lets the widget
 * translate).
 * @param {unknown} e
 */
function fromEngine(e) {
  if (e instanceof OpenModelError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  /** @type {[RegExp, import('./open-model-error.js').OpenModelErrorCode][]} */
  const rules = [
    [/expected \[/, 'wrong-shape'],
    [/missing/i, 'missing-tensor'],
    [/unexpected tensor/, 'unsupported-arch'],
    [/heap|too large|exceed/i, 'too-large'],
    [/type|dtype|layout/i, 'unsupported-dtype'],
  ];
  const rule = rules.find(([re]) => re.test(msg));
  return rule ? new OpenModelError(rule[1], msg) : e;
}

/**
 * The engine's model for `config`: its refusal of a config (a ConfigError naming the field,
 * e.g. heads that do not divide) is the config's fault, a bad-header; too large, too-large.
 * @param {AttnEngine} engine
 * @param {EngineConfig} config
 * @param {string} name
 */
function created(engine, config, name) {
  try {
    return engine.openModelCreate(config).id;
  } catch (e) {
    const mapped = fromEngine(e);
    if (mapped instanceof OpenModelError && mapped.code === 'too-large') throw mapped;
    const msg = e instanceof Error ? e.message : String(e);
    throw new OpenModelError('bad-header', `${name}: the engine refuses its config (${msg})`, {
      field: msg,
    });
  }
}

/**
 * Opens the model in `files` in the engine.
 * @param {AttnEngine} engine
 * @param {ModelFile[]} files
 * @param {{ onProgress?: (p: OpenProgress) => void }} [options]
 * @returns {Promise<OpenedModel>}
 */
export async function openModelFromFiles(engine, files, { onProgress } = {}) {
  const report = (/** @type {OpenProgress} */ p) => onProgress?.(p);
  report({ phase: 'header', bytesRead: 0, bytesTotal: 0, tensorsLoaded: 0, tensorsTotal: 0 });
  const {
    format,
    shape,
    named,
    ropeFreqs,
    tokenizer: makeTokenizer,
    name,
  } = await readFormat(files);
  const { config, modelContext, dtypeBytes, notes } = /** @type {ModelShape} */ (shape);
  // llama.cpp carries Llama 3.1 / 3.2's RoPE scaling as a tensor, rope_freqs.weight [d/2] of
  // divisors of θ_i (convert_hf_to_gguf.py, LlamaModel.generate_extra_tensors): it goes to the
  // engine with the config.
  if (ropeFreqs) {
    if (ropeFreqs.type !== 'f32' || ropeFreqs.bytes !== 2 * config.dHead)
      throw new OpenModelError(
        'wrong-shape',
        `${ropeFreqs.file.name}: tensor "rope_freqs.weight" is ${ropeFreqs.type} [${ropeFreqs.shape.join(', ')}], expected f32 [${config.dHead / 2}]`,
        { file: ropeFreqs.file.name, tensor: 'rope_freqs.weight', shape: ropeFreqs.shape },
      );
    const b = await ropeFreqs.file.slice(ropeFreqs.offset, ropeFreqs.offset + ropeFreqs.bytes);
    config.ropeFreqFactors = Array.from(new Float32Array(b.slice().buffer));
  }

  const tokenizer = makeTokenizer();
  if (tokenizer.size > config.vocab)
    throw new OpenModelError(
      'vocab-mismatch',
      `the tokenizer has ids up to ${tokenizer.size - 1}, but the embedding has only ${config.vocab} rows`,
      { tokenizer: tokenizer.size, vocab: config.vocab },
    );

  // Then the heap: a config claiming a model larger than the heap is refused from its shape
  // alone, in the type its files store (the most common one where a tensor is absent).
  const expected = expectedTensors(config);
  const types = new Map(named.map(([n, e]) => [n, e.type]));
  const counts = new Map();
  for (const t of types.values()) counts.set(t, (counts.get(t) ?? 0) + 1);
  const common = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'f32';
  const infos = [...expected].map(([n, w]) => ({
    name: n,
    type: types.get(n) ?? common,
    rows: w.rows,
    cols: w.cols,
    layout: 'nk',
  }));
  const needed = engine.openModelBytesNeeded(config, infos);
  const limit = engine.openModelHeapLimit();
  if (needed > limit)
    throw new OpenModelError(
      'too-large',
      `${name} needs ${binaryBytes(needed)} in the engine's heap, more than its ${binaryBytes(limit)}`,
      { needed, limit },
    );

  const plan = planTensors(config, named, format);
  const bytesTotal = plan.reduce((a, t) => a + t.bytes, 0);
  let bytesRead = 0;
  const id = created(engine, config, name);
  try {
    for (const [i, t] of plan.entries()) {
      // A tensor in file order goes to the engine slice by slice as it is read; one whose rows
      // llama.cpp permuted is read whole, put back in order, then written.
      engine.openModelTensor(id, t.name, t.type, t.rows, t.cols, t.layout);
      const whole = t.permuteHeads ? new Uint8Array(t.bytes) : null;
      for (let at = 0; at < t.bytes; at += SLICE_BYTES) {
        const end = Math.min(t.bytes, at + SLICE_BYTES);
        const slice = await t.entry.file.slice(t.entry.offset + at, t.entry.offset + end);
        if (whole) whole.set(slice, at);
        else engine.openModelTensorWrite(id, t.name, at, slice);
        bytesRead += end - at;
        report({
          phase: 'tensors',
          bytesRead,
          bytesTotal,
          tensorsLoaded: i,
          tensorsTotal: plan.length,
        });
      }
      if (whole) {
        const ordered = new Uint8Array(t.bytes);
        fillTensor(ordered, whole, t);
        engine.openModelTensorWrite(id, t.name, 0, ordered);
      }
      report({
        phase: 'tensors',
        bytesRead,
        bytesTotal,
        tensorsLoaded: i + 1,
        tensorsTotal: plan.length,
      });
    }
    report({
      phase: 'finalize',
      bytesRead,
      bytesTotal,
      tensorsLoaded: plan.length,
      tensorsTotal: plan.length,
    });
    const { parameters, weightBytes, maxPassTokens } = engine.openModelFinalize(id);
    const model = ledgerModel(config, modelContext, name, dtypeBytes);
    const ledgerRow = { model, ...engine.kvLedger(model) };
    report({
      phase: 'done',
      bytesRead,
      bytesTotal,
      tensorsLoaded: plan.length,
      tensorsTotal: plan.length,
    });
    return {
      id,
      config,
      format,
      arch: config.arch,
      name,
      dtypeSummary: summary(plan),
      tokenizer,
      bosId: tokenizer.bosId,
      ledgerRow,
      notes,
      parameters,
      weightBytes,
      maxPassTokens,
    };
  } catch (e) {
    engine.openModelUnload(id);
    throw fromEngine(e);
  }
}
