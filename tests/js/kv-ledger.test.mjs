// node --test tests/js/kv-ledger.test.mjs
// The course numbers of <attn-kv-ledger>, through the real engine (dist/attn-engine.js) and the
// real course-data/models.json, with the widget's own helpers (widgets/kv-ledger/logic.js).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { bytes, exactBytes } from '../../web/dom.js';
import { modelFromHfConfig } from '../../widgets/kv-ledger/ledger-model.js';
import { modelById } from '../../web/models.js';
import {
  variantRows,
  modelLedger,
  variantRow,
  ownRow,
  reductionText,
  variantLabel,
  courseNumbers,
  isReported,
  PRESETS,
} from '../../widgets/kv-ledger/logic.js';
import { runtime } from '../helpers/fixture.mjs';

let engine, models;
before(async () => {
  ({ engine, models } = await runtime());
});
const m = (id) => modelById(models, id);

test('every course number the widget checks passes', () => {
  const rows = courseNumbers(engine, models);
  assert.ok(rows.length >= 17);
  for (const r of rows) assert.equal(r.actual, r.expected, r.name);
});

test('the anchor, Qwen3.8-27B: MHA 384 KiB → 96 GiB, MQA 16 KiB → 4 GiB, GQA-4 64 KiB → 16 GiB at 262,144', () => {
  const rows = variantRows(engine, m('qwen3.8-27b'), 262144);
  assert.deepEqual(rows.map(variantLabel), ['MHA', 'GQA-4', 'MQA']);
  const [mha, gqa, mqa] = rows;
  assert.equal(mha.kvHeads, 24);
  assert.equal(bytes(mha.bytesPerToken), '384 KiB');
  assert.equal(bytes(mha.kvBytes), '96 GiB');
  assert.equal(mha.formula, '16 × 2 × 24 × 256 × 2 B = 393,216 B');
  assert.equal(bytes(mqa.bytesPerToken), '16 KiB');
  assert.equal(bytes(mqa.kvBytes), '4 GiB');
  assert.equal(mqa.formula, '16 × 2 × 1 × 256 × 2 B = 16,384 B');
  assert.equal(bytes(gqa.bytesPerToken), '64 KiB');
  assert.equal(bytes(gqa.kvBytes), '16 GiB');
  assert.equal(ownRow(m('qwen3.8-27b'), rows), gqa);
  // the total of one request adds the fixed state
  assert.equal(exactBytes(mha.totalBytes), '103,230,210,048 B');
  assert.equal(bytes(mha.totalBytes), '96.14 GiB');
});

test('the anchor’s 48 linear-attention layers: a fixed 144 MiB at every context', () => {
  const seen = new Set();
  for (const t of [1, ...PRESETS, 16777216]) {
    for (const r of variantRows(engine, m('qwen3.8-27b'), t)) seen.add(exactBytes(r.stateBytes));
  }
  assert.deepEqual([...seen], ['150,994,944 B']);
  assert.equal(bytes(modelLedger(engine, m('qwen3.8-27b')).linearStateBytes), '144 MiB');
  // models without linear attention carry none
  assert.equal(variantRows(engine, m('deepseek-v2'), 4096)[0].stateBytes, 0);
});

test('DeepSeek LLM 67B: 389,120 B (GQA-8), 3,112,960 B as MHA, 380 GiB at 1,048,576 tokens', () => {
  const rows = variantRows(engine, m('deepseek-llm-67b'), 1048576);
  assert.deepEqual(rows.map(variantLabel), ['MHA', 'GQA-8', 'MQA']);
  assert.equal(exactBytes(variantRow(rows, 'gqa', 8).bytesPerToken), '389,120 B');
  assert.equal(variantRow(rows, 'gqa', 8).formula, '95 × 2 × 8 × 128 × 2 B = 389,120 B');
  assert.equal(exactBytes(variantRow(rows, 'mha').bytesPerToken), '3,112,960 B');
  assert.equal(bytes(variantRow(rows, 'gqa', 8).kvBytes), '380 GiB');
  assert.equal(
    variantRow(rows, 'gqa', 8).kvBytes,
    variantRow(rows, 'gqa', 8).totalBytes,
    'no state to add',
  );
});

test('MLA: V2 69,120 B, V3 70,272 B, −82.2% vs 67B, −98.2% vs V2 as MHA; GLM-5.3 89,856 B and 87.75 GiB', () => {
  const v2 = variantRows(engine, m('deepseek-v2'), 163840);
  assert.deepEqual(v2.map(variantLabel), ['MHA', 'MQA', 'MLA']);
  const mla = variantRow(v2, 'mla');
  assert.equal(exactBytes(mla.bytesPerToken), '69,120 B');
  assert.equal(mla.formula, '60 × (512 + 64) × 2 B = 69,120 B');
  assert.equal(variantRow(v2, 'mha').formula, '60 × 2 × 128 × 128 × 2 B = 3,932,160 B');
  assert.equal(
    exactBytes(ownRow(m('deepseek-v3'), variantRows(engine, m('deepseek-v3'), 1)).bytesPerToken),
    '70,272 B',
  );
  const d67 = modelLedger(engine, m('deepseek-llm-67b')).bytesPerToken;
  assert.equal(reductionText(engine.kvReduction(d67, mla.bytesPerToken)), '−82.2%');
  assert.equal(
    reductionText(engine.kvReduction(variantRow(v2, 'mha').bytesPerToken, mla.bytesPerToken)),
    '−98.2%',
  );
  const glm = variantRow(variantRows(engine, m('glm-5.3'), 1048576), 'mla');
  assert.equal(exactBytes(glm.bytesPerToken), '89,856 B');
  assert.equal(bytes(glm.kvBytes), '87.75 GiB');
});

test('DeepSeek-V4.1-Flash: 890 B/token is a reported figure, never computed', () => {
  const v41 = m('deepseek-v4.1-flash');
  assert.ok(isReported(v41));
  const led = modelLedger(engine, v41);
  assert.equal(led.reportedBytesPerToken, 890);
  assert.equal(led.bytesPerToken, null);
  assert.equal(led.formula, null);
  assert.throws(() => variantRows(engine, v41, 4096), /reported/);
});

test('a pasted Llama-style config.json gets its rows; one without num_hidden_layers names the field', () => {
  const cfg = {
    architectures: ['LlamaForCausalLM'],
    model_type: 'llama',
    _name_or_path: 'meta-llama/Llama-2-7b-hf',
    hidden_size: 4096,
    num_attention_heads: 32,
    num_hidden_layers: 32,
    num_key_value_heads: 32,
    max_position_embeddings: 4096,
    torch_dtype: 'float16',
  };
  const model = modelFromHfConfig(JSON.stringify(cfg));
  const rows = variantRows(engine, model, 4096);
  assert.deepEqual(rows.map(variantLabel), ['MHA', 'MQA']);
  assert.equal(rows[0].formula, '32 × 2 × 32 × 128 × 2 B = 524,288 B');
  assert.equal(bytes(rows[0].kvBytes), '2 GiB');
  const { num_hidden_layers, ...broken } = cfg;
  assert.throws(
    () => modelFromHfConfig(JSON.stringify(broken)),
    (e) =>
      e.code === 'HF_CONFIG_MISSING' &&
      e.missing.includes('num_hidden_layers') &&
      /num_hidden_layers/.test(e.messageEn) &&
      /num_hidden_layers/.test(e.messageZh),
  );
  // a shape the engine rejects: its message names the config field
  assert.throws(
    () => modelLedger(engine, { ...model, attention: { ...model.attention, nKvHeads: 5 } }),
    /num_key_value_heads \(5\) must divide num_attention_heads \(32\)/,
  );
});

test('sliding window: Mistral 7B keeps 4,096 tokens per layer, 512 MiB at 32,768 tokens (not 4 GiB)', () => {
  const mistral = m('mistral-7b-v0.1');
  assert.equal(mistral.slidingWindow, 4096);
  const own = ownRow(mistral, variantRows(engine, mistral, 32768));
  assert.equal(bytes(own.bytesPerToken), '128 KiB');
  assert.equal(own.cachedTokens, 4096);
  assert.equal(bytes(own.kvBytes), '512 MiB');
  assert.equal(own.exceedsContext, false);
  const short = ownRow(mistral, variantRows(engine, mistral, 1000));
  assert.equal(short.cachedTokens, 1000);
  assert.equal(short.kvBytes, 1000 * 131072);
});

test('a context past the model’s limit is flagged by the engine: DeepSeek LLM 67B (4,096), V2 (163,840)', () => {
  for (const [id, limit] of [
    ['deepseek-llm-67b', 4096],
    ['deepseek-v2', 163840],
  ]) {
    const model = m(id);
    assert.equal(model.contextLength, limit);
    assert.equal(ownRow(model, variantRows(engine, model, limit)).exceedsContext, false, id);
    assert.equal(ownRow(model, variantRows(engine, model, limit + 1)).exceedsContext, true, id);
  }
  // every model at the widget's default context: only those with a shorter limit are flagged
  for (const model of models.models.filter((x) => !isReported(x))) {
    const rows = variantRows(engine, model, 262144);
    assert.ok(
      rows.every((r) => r.exceedsContext === model.contextLength < 262144),
      model.id,
    );
  }
});

test('GLM-5.3 built with MHA caches q/k heads of 192 + 64 = 256 and v heads of 256: 5,111,808 B per token', () => {
  const glm = m('glm-5.3');
  const mha = variantRow(variantRows(engine, glm, 1), 'mha');
  assert.equal(exactBytes(mha.bytesPerToken), '5,111,808 B');
  assert.equal(mha.formula, '78 × 2 × 64 × 256 × 2 B = 5,111,808 B');
  // DeepSeek-V2 keeps the report's d_h = 128 for both: −98.2% against MHA
  const v2 = variantRows(engine, m('deepseek-v2'), 1);
  assert.equal(
    reductionText(
      engine.kvReduction(variantRow(v2, 'mha').bytesPerToken, variantRow(v2, 'mla').bytesPerToken),
    ),
    '−98.2%',
  );
});
