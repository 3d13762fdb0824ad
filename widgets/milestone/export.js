// The c3-attention.json export of the project milestone (seed 004, acceptance test 2) without
// any DOM: the file made by the engine from the model in the page, with the fields and rounding
// of the native export (cpp/train/export.cpp), and its data self-check against
// course-data/c3-attention.schema.json (compiled ahead into generated/ by scripts/generate.mjs)
// and, for the course's own model, the shipped file. Also the teacher's self-check of the whole
// milestone widget. <attn-milestone> and tests/js/milestone.test.mjs use it.
/**
 * @import { AttnEngine, MilestoneFault } from '../../web/attn-engine.js'
 * @import { CheckId, CheckResult } from './logic.js'
 * @import { LabModel, LabExport } from '../lab/logic.js'
 * @import { CheckRow } from '../../web/check-row.js'
 * @import { TrainedModel } from '../../web/trained-model.js'
 */
import { decodeBase64 } from '../../web/base64.js';
import { isFull, DEFAULT_STEPS, TOLERANCE } from '../lab/logic.js';
import { CHECKS, runCheck } from './logic.js';
import { validateC3Attention } from './generated/c3-attention-validator.js';

/** Significant digits of the export's weights, shares and state norms (the native export's). */
export const EXPORT_DIGITS = 5;

/** x to `digits` significant digits, as the native export writes it (cpp/train/export.cpp). */
const rounded = (/** @type {number} */ x, digits = 7) => Number(x.toPrecision(digits));
/** @param {ArrayLike<number>} xs @param {number} digits */
const roundedArray = (xs, digits) => Array.from(xs, (x) => rounded(x, digits));

/**
 * Where the model's training numbers come from: the shipped file's (the course's model), or what
 * <attn-train> kept with a model it handed over (web/trained-model.js).
 * @typedef {{ kind: 'course' } | { kind: 'trained', model: TrainedModel }} ModelSource
 */

/**
 * c3-attention.json for the model in the page, every number from the engine (labRun, labGenerate,
 * labLedger, labTensors), rounded as the native export rounds (weights and shares to 5
 * significant digits, probabilities 6, logits 8): the model's config and bytes, each of the
 * export's sentences through every layer, the mean sink share, the prompt's top 5, greedy text and
 * logits. The training numbers are the shipped file's for the course's model and what
 * <attn-train> kept for a student's (a field it did not keep is left out: the schema check then
 * names it).
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 * @param {string} weights the model's weights file, base64 (its byte count goes in model.bytes)
 * @param {ModelSource} source
 */
export function exportC3(engine, lab, weights, source) {
  const c = lab.config;
  const group = c.nHeads / c.nKvHeads;
  const f32 = engine.labLedger(lab.id, { dtypeBytes: 4 });
  const bf16 = engine.labLedger(lab.id, { dtypeBytes: 2 });
  const parameters = engine
    .labTensors(lab.id)
    .reduce((n, t) => n + t.shape.reduce((a, b) => a * b, 1), 0);
  /** @type {number[][]} */
  const meanSink = c.layerTypes.map((t) => (t === 'full' ? new Array(c.nHeads).fill(0) : []));
  const texts = lab.export.sentences.map((s) => s.text);
  const sentences = texts.map((text) => {
    const run = engine.labRun(lab.id, { text, attention: true });
    const T = run.tokens.length;
    const layers = run.attention.map((a, l) => {
      if (!isFull(a)) {
        const [, Hl] = a.stateNorms.shape;
        return {
          layer: l,
          type: /** @type {const} */ ('linear'),
          heads: Array.from({ length: Hl }, (_, h) => ({
            head: h,
            stateNorms: Array.from({ length: T }, (_, t) =>
              rounded(a.stateNorms.data[t * Hl + h], EXPORT_DIGITS),
            ),
          })),
        };
      }
      return {
        layer: l,
        type: /** @type {const} */ ('full'),
        heads: Array.from({ length: c.nHeads }, (_, h) => {
          const share = run.sinkShare[l][h];
          meanSink[l][h] += share / texts.length;
          return {
            head: h,
            kvHead: Math.floor(h / group),
            sinkShare: rounded(share, EXPORT_DIGITS),
            weights: Array.from({ length: T }, (_, i) =>
              roundedArray(
                a.weights.data.subarray((h * T + i) * T, (h * T + i + 1) * T),
                EXPORT_DIGITS,
              ),
            ),
          };
        }),
      };
    });
    return { text, tokens: run.tokens, labels: run.labels, layers };
  });
  const promptText = lab.export.prompt.text;
  const p = engine.labRun(lab.id, { text: promptText });
  const [T, V] = p.logits.shape;
  const greedy = engine.labGenerate(lab.id, {
    text: promptText,
    steps: Array.from(lab.export.prompt.greedy).length || DEFAULT_STEPS,
  });
  const shipped = lab.export.model.training;
  const kept = source.kind === 'trained' ? source.model : null;
  const training = kept
    ? dropUndefined({
        steps: kept.steps,
        batch: kept.batch,
        seed: kept.seed,
        seconds: kept.seconds === undefined ? undefined : rounded(kept.seconds, 3),
        trainLoss: kept.trainLoss === undefined ? undefined : rounded(kept.trainLoss, 5),
        validLoss: rounded(kept.validLoss, 5),
        unigramLoss: rounded(kept.unigramLoss, 5),
        validTokens: kept.validTokens,
      })
    : { ...shipped };
  return {
    about:
      source.kind === 'course'
        ? "Attention of the course lab's own model, computed in the browser by the course engine (WebAssembly) from lab-model.bin, on the project milestone page. The same fields and rounding as the native export of attn-train: full-attention layers show their softmax weights, linear (Gated DeltaNet) layers the Frobenius norm of each head's state S after each token (stateNorms). sinkShare: attention on <bos> (position 0) averaged over query positions >= 1. Losses in nats per character."
        : "Attention of a model trained in the browser (the course's train page), computed in the browser by the course engine (WebAssembly) from its weights, on the project milestone page. The same fields and rounding as the native export of attn-train: full-attention layers show their softmax weights, linear (Gated DeltaNet) layers the Frobenius norm of each head's state S after each token (stateNorms). sinkShare: attention on <bos> (position 0) averaged over query positions >= 1. Losses in nats per character.",
    model: {
      file: 'lab-model.bin',
      bytes: decodeBase64(weights).length,
      // Both sources are f16: the shipped file, and <attn-train>'s hand-over (weights('f16')).
      dtype: 'f16',
      config: {
        vocab: c.vocab,
        dModel: c.dModel,
        nLayers: c.nLayers,
        nHeads: c.nHeads,
        nKvHeads: c.nKvHeads,
        dHead: c.dHead,
        mlpHidden: c.mlpHidden,
        context: c.context,
        ropeBase: rounded(c.ropeBase),
        qkNorm: c.qkNorm,
        outputGate: c.outputGate,
        mlp: 'swiglu',
        tiedEmbeddings: true,
        parameters,
        layerTypes: c.layerTypes,
        linearHeads: c.linearHeads,
        linearHeadDim: c.linearHeadDim,
        convKernel: c.convKernel,
      },
      kvBytesPerToken: {
        f32: f32.kvBytesPerToken,
        bf16: bf16.kvBytesPerToken,
        formulaBf16: bf16.formula,
      },
      stateBytes: {
        f32: f32.stateBytes,
        recurrentF32: f32.recurrentStateBytes,
        convF32: f32.stateBytes - f32.recurrentStateBytes,
      },
      training,
    },
    sentences,
    meanSinkShare: meanSink.map((row) => roundedArray(row, EXPORT_DIGITS)),
    prompt: {
      text: promptText,
      tokens: p.tokens,
      top5: p.top5.map((t) => ({ token: t.token, char: t.char, prob: rounded(t.prob, 6) })),
      greedy: greedy.generatedText,
      logits: roundedArray(p.logits.data.subarray((T - 1) * V, T * V), 8),
    },
  };
}

/** @template {Record<string, unknown>} O @param {O} o */
function dropUndefined(o) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/**
 * One row of the export's data self-check: detail is the schema's first error, "<count> <worst>"
 * (weights above the diagonal that are not 0, the largest |row sum − 1|), or the largest |Δ|.
 * @typedef {{ id: 'schema' | 'causal' | 'reference', ok: boolean, detail: string }} ExportRow
 */

/**
 * The export's data self-check: the schema (course-data/c3-attention.schema.json, compiled ahead
 * by scripts/generate.mjs), every full head's rows causal and summing to 1 (the rule the schema
 * cannot state, as tests/js/models-data.test.mjs checks the shipped file), and, for the course's
 * model, every number against the shipped file (1e-4: the browser engine must reproduce the
 * native one). Rows are {name, ok, detail}: detail the first schema error, or the figure.
 * @param {any} doc what exportC3 made
 * @param {LabExport | null} reference the shipped c3-attention.json, or null for a student's model
 * @returns {ExportRow[]}
 */
export function exportChecks(doc, reference) {
  const valid = validateC3Attention(doc);
  const e = validateC3Attention.errors?.[0];
  /** @type {ExportRow[]} */
  const rows = [
    {
      id: 'schema',
      ok: valid,
      detail: valid ? '' : `${e?.instancePath || '/'} ${e?.message ?? ''}`.trim(),
    },
  ];
  let worst = 0,
    above = 0;
  for (const s of doc.sentences ?? [])
    for (const layer of s.layers ?? [])
      for (const head of layer.type === 'full' ? layer.heads : [])
        head.weights.forEach((/** @type {number[]} */ r, /** @type {number} */ i) => {
          worst = Math.max(worst, Math.abs(r.reduce((a, b) => a + b, 0) - 1));
          above += r.slice(i + 1).filter((w) => w !== 0).length;
        });
  // EXPORT_DIGITS significant digits per weight: a row of up to 64 rounded numbers sums to 1
  // within 1e-3.
  rows.push({
    id: 'causal',
    ok: above === 0 && worst < 1e-3,
    detail: `${above} ${worst.toExponential(1)}`,
  });
  if (reference) {
    const d = maxNumberDiff(doc.sentences, reference.sentences);
    const p = maxNumberDiff(doc.prompt, reference.prompt);
    const m = maxNumberDiff(doc.meanSinkShare, /** @type {any} */ (reference).meanSinkShare);
    const diff = Math.max(d, p, m);
    rows.push({ id: 'reference', ok: diff < TOLERANCE, detail: diff.toExponential(1) });
  }
  return rows;
}

/**
 * The largest |Δ| between the numbers of two JSON values of the same shape (Infinity where the
 * shapes or the strings differ).
 * @param {unknown} a
 * @param {unknown} b
 * @returns {number}
 */
export function maxNumberDiff(a, b) {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b);
  if (Array.isArray(a) && Array.isArray(b))
    return a.length !== b.length
      ? Infinity
      : a.reduce((m, x, i) => Math.max(m, maxNumberDiff(x, b[i])), 0);
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a),
      kb = Object.keys(b);
    if (ka.length !== kb.length) return Infinity;
    return ka.reduce(
      (m, k) => Math.max(m, maxNumberDiff(/** @type {any} */ (a)[k], /** @type {any} */ (b)[k])),
      0,
    );
  }
  return a === b ? 0 : Infinity;
}

/**
 * The teacher's self-check: every check passes on the course's model, and (with `faults`, the
 * teacher view: thirteen more runs and the export) each fails under each of its faults (a check
 * that cannot fail tests nothing) and the export passes its data self-check. `run` computes a
 * check (the widget passes its cache, so nothing runs twice).
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 * @param {string} weights
 * @param {{ faults?: boolean, run?: (id: CheckId, fault: MilestoneFault) => CheckResult }} [o]
 * @returns {CheckRow[]}
 */
export function milestoneChecks(engine, lab, weights, o = {}) {
  const { faults = true, run = (id, fault) => runCheck(engine, lab, id, fault) } = o;
  /** @type {CheckRow[]} */
  const out = [];
  for (const spec of CHECKS) {
    const clean = run(spec.id, 'none');
    if (!faults) {
      out.push({
        name: `${spec.test}: passes`,
        expected: '✓',
        actual: clean.ok ? '✓' : '✗',
        ok: clean.ok,
      });
      continue;
    }
    const broken = spec.faults.map((f) => run(spec.id, f));
    out.push({
      name: `${spec.test}: passes, and fails under ${spec.faults.join(', ')}`,
      expected: `✓ ${spec.faults.map(() => '✗').join(' ')}`,
      actual: `${clean.ok ? '✓' : '✗'} ${broken.map((b) => (b.ok ? '✓' : '✗')).join(' ')}`,
      ok: clean.ok && broken.every((b) => !b.ok),
    });
  }
  if (!faults) return out;
  const doc = exportC3(engine, lab, weights, { kind: 'course' });
  const rows = exportChecks(doc, lab.export);
  out.push({
    name: 'c3-attention.json from the page: schema, causal rows, = the shipped file to 1e-4',
    expected: rows.map(() => '✓').join(' '),
    actual: rows.map((r) => (r.ok ? '✓' : '✗')).join(' '),
    ok: rows.every((r) => r.ok),
  });
  return out;
}
