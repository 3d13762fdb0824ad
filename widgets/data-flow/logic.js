// The DOM-free half of <attn-data-flow>: the anchor model's stages from engine.modelStages, where
// each stage stands in the course (learned / this chapter / later), and the course numbers the
// widget reproduces. Every shape and parameter count is a field of the engine's result; this file
// only picks fields, formats them and compares the text.
/** @import { AttnEngine, ModelStage, StageDim } from '../../web/attn-engine.js' */
/** @typedef {ModelStage['terms'][number]} StageTerm one weight of a stage */
/** @import { ModelsDoc, CourseModel } from '../../web/course-data.js' */
import { bytes, grouped } from '../../web/dom.js';
import { line, sub } from '../../web/mathml.js';

/**
 * The anchor of course-data/models.json (the entry with "anchor": true).
 * @param {ModelsDoc} models
 */
export function anchorModel(models) {
  const m = models.models.find((x) => x.anchor);
  if (!m) throw new Error('models.json has no entry with "anchor": true');
  return m;
}

/**
 * engine.modelStages(model, tokens): [{id, input, output, terms, occurrences, paramsTotal, …}].
 * @param {AttnEngine} engine
 * @param {CourseModel} model
 * @param {number} tokens
 * @returns {ModelStage[]}
 */
export function modelStages(engine, model, tokens) {
  return engine.modelStages(model, tokens);
}

// Where each stage stands for a student of this chapter (C3): C1 and C2 taught the first two,
// C3 teaches attention, its output projection and the residual add that takes its output
// (lessons 5 and 7), the rest comes later.
const LEARNED = new Set(['tokens', 'embedding']);
const CURRENT = new Set(['attention', 'output-projection', 'residual']);

/**
 * 'learned' | 'current' | 'later'
 * @param {string} id
 * @returns {'learned' | 'current' | 'later'}
 */
export function stageStatus(id) {
  if (LEARNED.has(id)) return 'learned';
  if (CURRENT.has(id)) return 'current';
  return 'later';
}

/** The stages inside one decoder layer (the rest come before or after the stack of layers). */
export const LAYER_STAGES = new Set([
  'norm',
  'attention',
  'linear-attention',
  'output-gate',
  'output-projection',
  'residual',
  'ffn',
]);

/**
 * 5120 → "5,120"; null → null.
 * @overload
 * @param {number} n
 * @returns {string}
 */
/**
 * @overload
 * @param {number | null} n
 * @returns {string | null}
 */
/** @param {number | null} n */
export function count(n) {
  return n === null ? null : grouped(n);
}

/**
 * [{symbol: 'T', size: 5}, {symbol: 'd_model', size: 5120}] → "[5, 5120]"; unknown: its symbol.
 * @param {StageDim[]} dims
 */
export function shapeText(dims) {
  return `[${dims.map((d) => (d.size === null ? shown(d.symbol) : String(d.size))).join(', ')}]`;
}

/**
 * A symbol as the page writes it: the vocabulary's size is "vocab" (V is the value matrix in
 * this chapter); the engine's other symbols as they are.
 * @param {string} symbol
 */
function shown(symbol) {
  return symbol === 'V' ? 'vocab' : symbol;
}

/**
 * The same shape by symbols: "[T, d_model]".
 * @param {StageDim[]} dims
 */
export function symbolText(dims) {
  return `[${dims.map((d) => shown(d.symbol)).join(', ')}]`;
}

/**
 * The symbol of a side a term's stage does not know: the vocabulary, or the FFN width.
 * @type {Record<string, string>}
 */
const UNKNOWN_SIDE = { embedding: 'vocab', 'lm-head': 'vocab', ffn: 'd_ffn' };

/**
 * A weight term as text: "W_Q: 5,120 × 6,144 = 31,457,280", a gain vector "q_norm: 256",
 * or with an unknown side "E: V × 5,120" (params null). Both sides unknown: null.
 * @param {string} stageId
 * @param {StageTerm} t
 */
export function termText(stageId, t) {
  if (t.rows === null && t.cols === null) return null;
  /** @param {number | null} x */
  const side = (x) => (x === null ? (UNKNOWN_SIDE[stageId] ?? '?') : count(x));
  if (t.cols === 1) return `${t.name}: ${side(t.rows)}`;
  const product = `${side(t.rows)} × ${side(t.cols)}`;
  return t.params === null ? `${t.name}: ${product}` : `${t.name}: ${product} = ${count(t.params)}`;
}

/**
 * A term's text as the widget draws it: a matrix name such as W_Q with its subscript as MathML
 * (a line of web/mathml.js), the rest as text; gain vectors keep their config names (q_norm).
 * @param {string} text from termText
 */
export function termLine(text) {
  const m = /^W_(\w+)(: [\s\S]*)$/.exec(text);
  return m ? line(sub('W', m[1]), m[2]) : text;
}

/**
 * @param {ModelStage[]} stages
 * @param {string} id
 */
export const stageById = (stages, id) => {
  const s = stages.find((x) => x.id === id);
  if (!s) throw new Error(`modelStages has no stage "${id}"`);
  return s;
};
/**
 * @param {ModelStage} stage
 * @param {string} name
 */
export const term = (stage, name) => {
  const t = stage.terms.find((x) => x.name === name);
  if (!t) throw new Error(`stage "${stage.id}" has no weight ${name}`);
  return t;
};

/**
 * The published numbers of the anchor the widget shows, each from engine.modelStages:
 * [{name, expected, actual}] (the widget adds ok).
 * @param {AttnEngine} engine
 * @param {ModelsDoc} models
 * @param {number} tokens
 */
export function courseNumbers(engine, models, tokens) {
  const anchor = anchorModel(models);
  const stages = modelStages(engine, anchor, tokens);
  const att = stageById(stages, 'attention');
  const lin = stageById(stages, 'linear-attention');
  const out = stageById(stages, 'output-projection');
  const dModel = att.input[1].size;
  const qWidth = term(att, 'W_Q').cols;
  return [
    { name: `${anchor.name}: hidden size d_model`, expected: '5120', actual: String(dModel) },
    {
      name: `${anchor.name}: query width 24 × 256 (W_Q columns)`,
      expected: '6144',
      actual: String(qWidth),
    },
    {
      name: `${anchor.name}: query width vs hidden`,
      expected: '6144 ≠ 5120',
      actual: `${qWidth} ${qWidth === dModel ? '=' : '≠'} ${dModel}`,
    },
    {
      name: `${anchor.name}: 4 KV heads × 256 (W_K / W_V columns)`,
      expected: '1024 / 1024',
      actual: `${term(att, 'W_K').cols} / ${term(att, 'W_V').cols}`,
    },
    {
      name: `${anchor.name}: q_norm / k_norm`,
      expected: '256 / 256',
      actual: `${term(att, 'q_norm').params} / ${term(att, 'k_norm').params}`,
    },
    {
      name: `${anchor.name}: full-attention / linear layers`,
      expected: '16 / 48',
      actual: `${att.occurrences} / ${lin.occurrences}`,
    },
    {
      name: `${anchor.name}: W_O back to the hidden width`,
      // T rows, as many as the world the flow starts from has tokens (zh-gift: 5)
      expected: `[${tokens}, 6144] → [${tokens}, 5120]`,
      actual: `${shapeText(out.input)} → ${shapeText(out.output)}`,
    },
    {
      name: `${anchor.name}: linear layers' fixed state`,
      expected: '144 MiB',
      actual: bytes(lin.stateBytes),
    },
  ];
}
