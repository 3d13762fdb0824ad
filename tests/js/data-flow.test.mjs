// node --test tests/js/data-flow.test.mjs
// <attn-data-flow>'s numbers: the anchor's stages through the real engine (engine.modelStages)
// and the real course-data/models.json, with the widget's helpers (widgets/data-flow/logic.js).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  anchorModel,
  modelStages,
  stageStatus,
  shapeText,
  symbolText,
  termText,
  termLine,
  courseNumbers,
} from '../../widgets/data-flow/logic.js';
import { MathLine } from '../../web/mathml.js';
import { runtime } from '../helpers/fixture.mjs';

let engine, models, stages;
before(async () => {
  ({ engine, models } = await runtime());
  stages = modelStages(engine, anchorModel(models), 5);
});
const stage = (id) => stages.find((s) => s.id === id);

test('every course number the widget checks passes', () => {
  const rows = courseNumbers(engine, models, 5);
  assert.equal(rows.length, 8);
  for (const r of rows) assert.equal(r.actual, r.expected, r.name);
});

test('the anchor is Qwen3.8-27B and its flow runs from text to next-token probabilities', () => {
  assert.equal(anchorModel(models).name, 'Qwen3.8-27B');
  assert.deepEqual(
    stages.map((s) => s.id),
    [
      'tokens',
      'embedding',
      'norm',
      'attention',
      'linear-attention',
      'output-gate',
      'output-projection',
      'residual',
      'ffn',
      'final-norm',
      'lm-head',
      'softmax',
    ],
  );
  assert.equal(shapeText(stage('tokens').output), '[5]');
  assert.deepEqual(stage('tokens').input, []);
});

test('attention: [T, d_model] → [T, H·d_head], W_Q 5,120 × 6,144, 16 layers', () => {
  const a = stage('attention');
  assert.equal(`${symbolText(a.input)} → ${symbolText(a.output)}`, '[T, d_model] → [T, H·d_head]');
  assert.equal(`${shapeText(a.input)} → ${shapeText(a.output)}`, '[5, 5120] → [5, 6144]');
  assert.deepEqual(
    a.terms.map((t) => termText('attention', t)),
    [
      'W_Q: 5,120 × 6,144 = 31,457,280',
      'W_K: 5,120 × 1,024 = 5,242,880',
      'W_V: 5,120 × 1,024 = 5,242,880',
      'q_norm: 256',
      'k_norm: 256',
    ],
  );
  assert.equal(a.paramsPerOccurrence, 41943552);
  assert.equal(a.occurrences, 16);
  assert.equal(a.paramsTotal, 671096832);
});

test('what the config does not give is null, never a number', () => {
  assert.equal(stage('embedding').paramsTotal, null);
  assert.equal(termText('embedding', stage('embedding').terms[0]), 'E: vocab × 5,120');
  assert.equal(stage('lm-head').paramsTotal, null);
  assert.equal(shapeText(stage('lm-head').output), '[5, vocab]');
  assert.equal(stage('ffn').paramsTotal, null);
  assert.equal(termText('ffn', stage('ffn').terms[0]), 'W_gate: 5,120 × d_ffn');
  const lin = stage('linear-attention');
  assert.equal(lin.paramsTotal, null);
  assert.equal(termText('linear-attention', lin.terms[0]), null);
  assert.equal(lin.stateBytes, 150994944);
});

test('the time T comes in as an argument: only the T axis moves', () => {
  const at7 = modelStages(engine, anchorModel(models), 7);
  assert.equal(shapeText(at7.find((s) => s.id === 'attention').output), '[7, 6144]');
  assert.equal(at7.find((s) => s.id === 'attention').paramsTotal, 671096832);
});

test('a config error is a named ConfigError', () => {
  const bad = structuredClone(anchorModel(models));
  bad.attention.nKvHeads = 5;
  assert.throws(
    () => modelStages(engine, bad, 5),
    (e) =>
      e.name === 'ConfigError' &&
      e.message ===
        'Qwen3.8-27B: num_attention_heads (24) must be a multiple of num_key_value_heads (5)',
  );
  assert.throws(
    () => modelStages(engine, anchorModel(models), 0),
    (e) => e.name === 'ConfigError' && /tokens must be at least 1/.test(e.message),
  );
});

test('learned / this chapter / later', () => {
  assert.equal(stageStatus('embedding'), 'learned');
  assert.equal(stageStatus('attention'), 'current');
  assert.equal(stageStatus('ffn'), 'later');
  assert.equal(stageStatus('linear-attention'), 'later');
});

test('the residual add is this chapter’s (lessons 5 and 7 teach it); a matrix name’s subscript is MathML', () => {
  assert.equal(stageStatus('residual'), 'current');
  assert.equal(stageStatus('output-projection'), 'current');
  assert.equal(stageStatus('ffn'), 'later');
  const q = termLine('W_Q: 5,120 × 6,144 = 31,457,280');
  assert.ok(q instanceof MathLine);
  assert.equal(q.parts[0].tag, 'msub');
  assert.equal(String(q), 'W_Q: 5,120 × 6,144 = 31,457,280');
  assert.equal(termLine('q_norm: 256'), 'q_norm: 256', 'a config name stays text');
});
