// The lab's pure helpers (no DOM), shared by <attn-lab> and its node test: where the data comes
// from (dist/attn-lab-data.js sets globalThis.AttnLabData = {weights: base64, export, ablation,
// hybridAblation}),
// loading the trained model into the engine once, one run of a prompt, and the self-check rows
// that compare the live engine with the native export. Every number is an engine result or a
// field of the data files; this file picks, compares and formats.
/**
 * @import { AttnEngine, LabRunResult, LabGenerateResult } from '../../web/attn-engine.js'
 * @import { LabConfig, LabLoadResult, HeadPattern } from '../../web/attn-engine.js'
 * @import { LabFullLayer, LabLinearLayer } from '../../web/attn-engine.js'
 * @import { Tensor, LedgerResult } from '../../web/attn-engine.js'
 * @import { CheckRow } from '../../web/check-row.js'
 */
import { pct, exactBytes } from '../../web/dom.js';
import { fanOutArcs, distanceFree } from '../../web/views/fan-out-arcs.js';
import { check } from '../../web/check-row.js';
import { decodeBase64 } from '../../web/base64.js';

/**
 * The lab's data files, the fields the lab reads (course-data/*.schema.json has them all).
 * @typedef {{ token: number, char: string, prob: number }} TopToken one of labRun's top 5
 * @typedef {{ head: number, kvHead: number, sinkShare: number, weights: number[][] }}
 *   ExportFullHead
 * @typedef {{ head: number, stateNorms: number[] }} ExportLinearHead
 * @typedef {{ layer: number, type: 'full', heads: ExportFullHead[] }
 *   | { layer: number, type: 'linear', heads: ExportLinearHead[] }} ExportLayer
 * @typedef {{ text: string, tokens: number[], labels: string[], layers: ExportLayer[] }}
 *   ExportSentence
 * @typedef {{
 *   model: {
 *     config: { layerTypes: string[], parameters: number },
 *     training: { validLoss: number, unigramLoss: number },
 *   },
 *   sentences: ExportSentence[],
 *   prompt: { text: string, tokens: number[], top5: TopToken[], greedy: string, logits: number[] },
 * }} LabExport c3-attention.json: the native export the live engine must reproduce
 * @typedef {{ steps: number, seed: number }} AblationTraining
 * @typedef {{
 *   nKvHeads: number, nHeads: number, nLayers: number, kind: 'mha' | 'gqa' | 'mqa',
 *   kvBytesPerTokenBf16: number, formulaBf16: string, parameters: number,
 *   trainLoss: number, validLoss: number,
 * }} AblationRow one model of the kv_heads ablation
 * @typedef {{ training: AblationTraining, unigramLoss: number, rows: AblationRow[] }}
 *   KvHeadsAblation kv-heads-ablation.json
 * @typedef {{
 *   name: 'hybrid' | 'all-full', parameters: number, trainLoss: number, validLoss: number,
 *   layerTypes: string[], fullLayers: number, linearLayers: number,
 *   kvBytesPerTokenF32: number, kvBytesPerTokenBf16: number, stateBytes: { f32: number },
 *   requestBytes: { tokens: number, f32: number, bf16: number }[],
 * }} HybridRow one model of the hybrid ablation
 * @typedef {{
 *   training: AblationTraining, unigramLoss: number, requestTokens: number[], rows: HybridRow[],
 * }} HybridAblation hybrid-ablation.json
 * @typedef {{
 *   weights: string, export: LabExport, ablation: KvHeadsAblation, hybridAblation: HybridAblation,
 * }} LabData globalThis.AttnLabData, as attn-lab-data.js sets it (weights: the model, base64)
 * @typedef {LabLoadResult & {
 *   export: LabExport, ablation: KvHeadsAblation, hybridAblation: HybridAblation,
 * }} LabModel the loaded model with its data files
 */

/**
 * What runPrompt returns: one prompt's pass and what the open panels need of it.
 * @typedef {{
 *   run: LabRunResult, patterns: (HeadPattern[] | null)[] | null,
 *   generation: LabGenerateResult | null, steps: number, room: number,
 *   computed: { patterns: boolean, generation: boolean },
 *   ms: { run: number, patterns: number, generate: number },
 * }} PromptResult
 */

/** The script a page must load for the lab, after attn-widgets.js. */
export const DATA_SCRIPT = 'attn-lab-data.js';
/**
 * The export's prompt and the course's greedy continuation length (c3-attention.json
 * prompt.greedy).
 */
export const DEFAULT_PROMPT = '小明把苹果给了';
export const DEFAULT_STEPS = 12;
export const MAX_STEPS = 24;
/** Logits, weights and sink shares must match the native export this closely. */
export const TOLERANCE = 1e-4;

/**
 * globalThis.AttnLabData, or null when the page did not load attn-lab-data.js (yet).
 * @returns {LabData | null}
 */
export function labData() {
  const d = /** @type {{ AttnLabData?: Partial<LabData> }} */ (globalThis).AttnLabData;
  return d && typeof d.weights === 'string' && d.export && d.ablation && d.hybridAblation
    ? /** @type {LabData} */ (d)
    : null;
}

/**
 * Resolves once attn-lab-data.js has run, or the page has loaded without it: the script comes
 * after the widgets' scripts, so the lab and the milestone build again then.
 * @returns {Promise<void>}
 */
export function labDataArrived() {
  return new Promise((resolve) => {
    const done = () => {
      if (!labData() && document.readyState !== 'complete') return;
      window.removeEventListener('attn-lab-data', done);
      window.removeEventListener('load', done);
      resolve();
    };
    window.addEventListener('attn-lab-data', done);
    window.addEventListener('load', done);
  });
}

/** @type {WeakMap<AttnEngine, Map<string, LabModel>>} */
const loaded = new WeakMap();
/**
 * {id, config, vocab, export, ablation, hybridAblation}: the model parsed by engine.labLoad once
 * per engine and kept for the page's lifetime (the page never unloads it: one model, ~1.8 MB of
 * heap as float32).
 * @param {AttnEngine} engine
 * @param {LabData} data
 * @returns {LabModel}
 */
export function labModel(engine, data) {
  let perEngine = loaded.get(engine);
  if (!perEngine) loaded.set(engine, (perEngine = new Map()));
  let model = perEngine.get(data.weights);
  if (!model) {
    const r = engine.labLoad(decodeBase64(data.weights));
    model = {
      ...r,
      export: data.export,
      ablation: data.ablation,
      hybridAblation: data.hybridAblation,
    };
    perEngine.set(data.weights, model);
  }
  return model;
}

/**
 * The first context − 1 characters (the model adds <bos>; a character is a code point).
 * @param {string} text
 * @param {number} context
 */
export function clampPrompt(text, context) {
  const chars = Array.from(text);
  return chars.length > context - 1 ? chars.slice(0, context - 1).join('') : text;
}

/**
 * Characters of text outside the model's vocabulary (shown as <unk>), in order, once each.
 * @param {{ vocab: string[] }} lab
 * @param {string} text
 */
export function unknownChars(lab, text) {
  const known = new Set(lab.vocab);
  return [...new Set(Array.from(text).filter((c) => !known.has(c)))];
}

/**
 * One head of weights [H, T, T]: head `head`, all T × T row-major (a view, not a copy).
 * @param {Tensor} weights
 * @param {number} head
 */
export function headWeights(weights, head) {
  const [, T] = weights.shape;
  return weights.data.subarray(head * T * T, (head + 1) * T * T);
}

/**
 * Is this layer of labRun's attention a full (softmax) layer? A linear layer has no weights.
 * @param {LabFullLayer | LabLinearLayer} layer
 * @returns {layer is LabFullLayer}
 */
export const isFull = (layer) => layer.type === 'full';

/**
 * The indices of the full layers, in order.
 * @param {{ layerTypes: LabConfig['layerTypes'] }} config
 */
export function fullLayers(config) {
  return config.layerTypes.flatMap((t, l) => (t === 'full' ? [l] : []));
}

/**
 * Head h's ‖S‖ after each token, from a linear layer's stateNorms [T, Hl].
 * @param {LabLinearLayer} layer
 * @param {number} head
 * @returns {number[]}
 */
export function stateNormsOf(layer, head) {
  const [T, Hl] = layer.stateNorms.shape;
  return Array.from({ length: T }, (_, t) => layer.stateNorms.data[t * Hl + head]);
}

/**
 * What the widget draws for one prompt, with the time each engine call took:
 * {run (labRun with attention), patterns [L][H] (engine.headPatterns per full layer, null for a
 *  linear layer; null altogether for T < 2 or when not asked for),
 *  generation (labGenerate, null when steps is 0 or not asked for), steps, room,
 *  computed: {patterns, generation} (what was asked for), ms: {run, patterns, generate}}.
 * The page asks for the patterns and the generation only while their panels are open: each is
 * as much engine work as the Run itself, and a folded panel shows neither.
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 * @param {string} text
 * @param {number} steps
 * @param {{ patterns?: boolean, generation?: boolean }} [want]
 * @returns {PromptResult}
 */
export function runPrompt(engine, lab, text, steps, want = {}) {
  const { patterns = true, generation = true } = want;
  const now = () => (globalThis.performance ?? Date).now();
  const t0 = now();
  const run = engine.labRun(lab.id, { text, attention: true });
  const t1 = now();
  const T = run.tokens.length;
  const heads =
    patterns && T >= 2
      ? run.attention.map((a) => (isFull(a) ? engine.headPatterns(a.weights) : null))
      : null;
  const t2 = now();
  const room = lab.config.context - T;
  const n = Math.min(steps, room);
  const continued = generation && n > 0 ? engine.labGenerate(lab.id, { text, steps: n }) : null;
  const t3 = now();
  return {
    run,
    patterns: heads,
    generation: continued,
    steps: n,
    room,
    computed: { patterns, generation },
    ms: { run: t1 - t0, patterns: t2 - t1, generate: t3 - t2 },
  };
}

/**
 * The Run's prediction: the engine's most likely next token after the last position (top5[0],
 * the argmax of the last logits row, ties to the lower id) — what greedy generation's first step
 * picks too. It comes out of the last query row of the very pass run.attention holds.
 * @param {LabRunResult} run
 * @returns {TopToken}
 */
export function prediction(run) {
  return run.top5[0];
}

/**
 * The course facts (widgets/facts/facts.js ids) this model gives, as the prose prints them, for
 * a page that binds its text to the model it shows (web/predict.js bindFacts, the `attn-facts`
 * event): the default prompt's top 1 and the model's shape. `value` is what a prediction card
 * compares with (a percentage in the slider's unit).
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 * @returns {Record<string, { value?: number, 'zh-CN': string, en: string }>}
 */
export function modelFacts(engine, lab) {
  const top = prediction(engine.labRun(lab.id, { text: DEFAULT_PROMPT }));
  const share = pct(top.prob);
  /** @param {string} text @param {number} [value] */
  const both = (text, value) => ({
    ...(value === undefined ? {} : { value }),
    'zh-CN': text,
    en: text,
  });
  const c = lab.config;
  return {
    'lab-prompt': both(DEFAULT_PROMPT),
    'lab-top1-char': both(top.char),
    'lab-top1-share': both(share, Number(share.replace('%', ''))),
    'lab-layers': both(String(c.nLayers)),
    'lab-heads': both(String(c.nHeads)),
    'lab-kv-heads': both(String(c.nKvHeads)),
  };
}

/**
 * The first head (layer by layer) whose row `query` gives a content key two or more positions
 * back more weight than the adjacent key (distanceFree's 'far'), or null: where the lab points a
 * student whose current head shows no such arc.
 * @param {LabRunResult} run with attention
 * @param {number} nHeads
 * @param {number} query
 * @returns {{ layer: number, head: number } | null}
 */
export function farHead(run, nHeads, query) {
  const T = run.tokens.length;
  for (const [layer, a] of run.attention.entries()) {
    if (!isFull(a)) continue; // a linear layer has no arcs to draw
    for (let head = 0; head < nHeads; head++) {
      const arcs = fanOutArcs(headWeights(a.weights, head), T, query);
      if (distanceFree(arcs, query).kind === 'far') return { layer, head };
    }
  }
  return null;
}

/**
 * @param {ArrayLike<number>} a
 * @param {ArrayLike<number>} b
 */
function maxAbsDiff(a, b) {
  let m = a.length === b.length ? 0 : Infinity;
  for (let i = 0; i < Math.min(a.length, b.length); i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/** @param {number} x */
const tiny = (x) => (x === 0 ? '0' : x.toExponential(1));
/**
 * A self-check row: x (a difference) below tol.
 * @param {string} name
 * @param {number} x
 * @returns {CheckRow}
 */
const below = (name, x, tol = TOLERANCE) => ({
  name,
  expected: `< ${tiny(tol)}`,
  actual: tiny(x),
  ok: x < tol,
});

/**
 * The ledger's view of one kv_heads ablation row: bf16 KV bytes per token of its nLayers full
 * layers with G KV heads, the lab model's head width.
 * @param {AttnEngine} engine
 * @param {{ config: { dHead: number } }} lab
 * @param {AblationRow} row
 * @returns {LedgerResult & { bytesPerToken: number, formula: string }}
 */
export function ablationLedger(engine, lab, row) {
  const r = engine.kvLedger({
    name: `lab G=${row.nKvHeads}`,
    layers: row.nLayers,
    attention: {
      kind: row.kind,
      nHeads: row.nHeads,
      nKvHeads: row.nKvHeads,
      headDim: lab.config.dHead,
    },
    dtypeBytes: 2,
  });
  // A row with `attention` always has both (null is for a reported-only entry).
  return {
    ...r,
    bytesPerToken: /** @type {number} */ (r.bytesPerToken),
    formula: /** @type {string} */ (r.formula),
  };
}

/**
 * The self-check: the export's prompt and sentences through the live engine against
 * c3-attention.json (layer types; logits, top 5, greedy text, attention weights, sink shares and
 * the linear layers' ‖S‖ to 1e-4; head patterns adding up to 1), the kv_heads ablation file (4
 * rows, KV bytes per token halving 8 → 4 → 2 → 1, equal to the engine's ledger) and the hybrid
 * ablation's bytes (the hybrid row = this model's own ledger row).
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 * @returns {CheckRow[]}
 */
export function labChecks(engine, lab) {
  const p = lab.export.prompt;
  const r = engine.labRun(lab.id, { text: p.text, attention: true });
  return [
    check(
      'layer types (full / linear) = export',
      lab.export.model.config.layerTypes.join(' '),
      lab.config.layerTypes.join(' '),
    ),
    ...promptChecks(engine, lab, r),
    ...sentenceChecks(engine, lab),
    ...patternChecks(engine, r),
    ...ablationChecks(engine, lab),
    ...hybridChecks(engine, lab),
  ];
}

/**
 * The export's prompt: tokens, last logits, top 5 and the greedy continuation.
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 * @param {LabRunResult} r the live run of the prompt
 */
function promptChecks(engine, lab, r) {
  const p = lab.export.prompt;
  const [T, V] = r.logits.shape;
  /** @type {CheckRow[]} */
  const out = [];
  out.push(check(`tokens of “${p.text}”`, p.tokens.join(' '), r.tokens.join(' ')));
  out.push(
    below(
      `logits of “${p.text}” vs native export, max |Δ|`,
      maxAbsDiff(r.logits.data.subarray((T - 1) * V, T * V), p.logits),
    ),
  );
  out.push(
    check(
      'top-5 next tokens',
      p.top5.map((e) => e.char).join(' '),
      r.top5.map((e) => e.char).join(' '),
    ),
  );
  out.push(
    check(
      'top-5 probabilities',
      p.top5.map((e) => pct(e.prob)).join(' / '),
      r.top5.map((e) => pct(e.prob)).join(' / '),
    ),
  );
  const g = engine.labGenerate(lab.id, { text: p.text, steps: Array.from(p.greedy).length });
  out.push(
    check(
      `greedy ${Array.from(p.greedy).length} steps (KV cache + state)`,
      p.greedy,
      g.generatedText,
    ),
  );
  // The Run's appended token: the export's top 1, = the first greedy character.
  const next = prediction(r);
  out.push(
    check(
      'Run: the appended prediction = top 1 = greedy step 1',
      `${p.top5[0].char} ${pct(p.top5[0].prob)} = ${Array.from(p.greedy)[0]}`,
      `${next.char} ${pct(next.prob)} = ${Array.from(g.generatedText)[0]}`,
    ),
  );
  return out;
}

/**
 * Every sentence of the export: each head's weights and sink share, to 1e-4.
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 */
function sentenceChecks(engine, lab) {
  const ex = lab.export;
  /** @type {CheckRow[]} */
  const out = [];
  let wDiff = 0,
    sDiff = 0,
    nDiff = 0,
    heads = 0,
    linearHeads = 0;
  for (const s of ex.sentences) {
    const run = engine.labRun(lab.id, { text: s.text, attention: true });
    const n = s.tokens.length;
    for (const layer of s.layers) {
      const live = run.attention[layer.layer];
      if (layer.type === 'linear') {
        if (isFull(live)) nDiff = Infinity;
        else
          for (const head of layer.heads) {
            // 5 significant digits in the export: compare relative to the norm's size.
            const norms = stateNormsOf(live, head.head);
            nDiff = Math.max(
              nDiff,
              ...head.stateNorms.map((x, t) => Math.abs(norms[t] - x) / Math.max(1, Math.abs(x))),
            );
            linearHeads++;
          }
        continue;
      }
      if (!isFull(live)) {
        wDiff = Infinity;
        continue;
      }
      const weights = live.weights;
      for (const head of layer.heads) {
        wDiff = Math.max(wDiff, maxAbsDiff(headWeights(weights, head.head), head.weights.flat()));
        sDiff = Math.max(sDiff, Math.abs(run.sinkShare[layer.layer][head.head] - head.sinkShare));
        heads++;
      }
    }
    if (run.tokens.length !== n) wDiff = Infinity;
  }
  out.push(
    below(
      `attention weights, ${ex.sentences.length} sentences × ${heads / ex.sentences.length} heads, max |Δ|`,
      wDiff,
    ),
  );
  out.push(below(`sink share of each head (${heads}), max |Δ|`, sDiff));
  out.push(
    below(
      `linear layers: ‖S‖ after each token, ${linearHeads / ex.sentences.length} heads, max relative |Δ|`,
      nDiff,
    ),
  );
  return out;
}

/**
 * headPatterns on the prompt's heads: the four parts add up to 1 and the first-token part is the
 * sink share.
 * @param {AttnEngine} engine
 * @param {LabRunResult} r
 */
function patternChecks(engine, r) {
  /** @type {CheckRow[]} */
  const out = [];
  let sumErr = 0,
    sinkErr = 0;
  r.attention.forEach((a, l) =>
    (isFull(a) ? engine.headPatterns(a.weights) : []).forEach((hp, h) => {
      sumErr = Math.max(
        sumErr,
        Math.abs(hp.previousToken + hp.firstToken + hp.diagonal + hp.other - 1),
      );
      sinkErr = Math.max(sinkErr, Math.abs(hp.firstToken - r.sinkShare[l][h]));
    }),
  );
  out.push(below('head patterns: previous + first + self + other = 1, max |Δ|', sumErr, 1e-5));
  out.push(below('head patterns: first-token part = sink share, max |Δ|', sinkErr, 1e-6));
  return out;
}

/**
 * The KV-heads ablation file: its rows, and KV bytes per token halving, equal to the ledger.
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 */
function ablationChecks(engine, lab) {
  /** @type {CheckRow[]} */
  const out = [];
  const rows = lab.ablation.rows;
  out.push(
    check('ablation rows (KV heads)', '8 / 4 / 2 / 1', rows.map((x) => x.nKvHeads).join(' / ')),
  );
  const ledger = rows.map((x) => ablationLedger(engine, lab, x).bytesPerToken);
  const file = rows.map((x) => x.kvBytesPerTokenBf16);
  const halves = file.every((b, i) => i === 0 || file[i - 1] === 2 * b);
  out.push({
    name: 'ablation KV bytes per token (bf16) halve 8 → 4 → 2 → 1, = engine ledger',
    expected: file.map(exactBytes).join(' → '),
    actual: ledger.map(exactBytes).join(' → '),
    ok: halves && ledger.every((b, i) => b === file[i]),
  });
  return out;
}

/**
 * The hybrid ablation file: the hybrid row's bytes are this model's own ledger row (KV per token
 * of its full layers, the linear layers' state, one request at each length), and at every length
 * the hybrid holds fewer bytes than the all-full model.
 * @param {AttnEngine} engine
 * @param {LabModel} lab
 * @returns {CheckRow[]}
 */
function hybridChecks(engine, lab) {
  const [hybrid, full] = lab.hybridAblation.rows;
  const rows = lab.hybridAblation.requestTokens.map((tokens) =>
    engine.labLedger(lab.id, { tokens }),
  );
  const fileBytes = (/** @type {HybridRow} */ r) =>
    r.requestBytes.map((x) => exactBytes(x.f32)).join(' / ');
  return [
    check(
      'hybrid ablation, all in float32 (the ablation’s table counts K and V in BF16): KV bytes per token + fixed state = engine ledger',
      `${exactBytes(hybrid.kvBytesPerTokenF32)} + ${exactBytes(hybrid.stateBytes.f32)}`,
      `${exactBytes(rows[0].kvBytesPerToken)} + ${exactBytes(rows[0].stateBytes)}`,
    ),
    check(
      `hybrid ablation, all in float32: one request of ${lab.hybridAblation.requestTokens.join(' / ')} tokens = engine ledger`,
      fileBytes(hybrid),
      rows.map((r) => exactBytes(r.bytesForContext)).join(' / '),
    ),
    {
      name: 'hybrid ablation: the hybrid holds fewer bytes than all-full at every length',
      expected: 'true',
      actual: String(hybrid.requestBytes.every((x, i) => x.f32 < full.requestBytes[i].f32)),
      ok: hybrid.requestBytes.every((x, i) => x.f32 < full.requestBytes[i].f32),
    },
  ];
}
