// <attn-milestone>'s logic through the REAL engine and files: the seed's six unit tests pass on
// the course's lab model with their figures, and each FAILS when its property is broken (one test
// per fault); a check refuses another check's fault; acceptance test 3's arithmetic and the
// project's n_embd % n_head assertion; the c3-attention.json export equals the shipped file to
// 1e-4 and passes the schema, and a broken export fails it, naming the field; a model trained by
// the course's own trainer (its WASM module, as train.html runs it) passes the same checks.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engine as loadEngine, readJson } from '../helpers/fixture.mjs';
import { labModel, DEFAULT_STEPS } from '../../widgets/lab/logic.js';
import {
  CHECKS,
  BASELINE,
  DECISIONS,
  PITFALLS,
  checkText,
  runCheck,
  runAll,
  configBytes,
} from '../../widgets/milestone/logic.js';
import {
  exportC3,
  exportChecks,
  maxNumberDiff,
  milestoneChecks,
} from '../../widgets/milestone/export.js';
import { STRINGS } from '../../widgets/milestone/strings.js';
import { TRAIN_TEXT_FILES } from '../../widgets/train/logic.js';
import { encodeBase64 } from '../../web/base64.js';
import { meanLoss } from '../../web/trained-model.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const data = {
  weights: readFileSync(join(root, 'course-data/lab-model.bin')).toString('base64'),
  export: readJson('course-data/c3-attention.json'),
  ablation: readJson('course-data/kv-heads-ablation.json'),
  hybridAblation: readJson('course-data/hybrid-ablation.json'),
};

let engine, lab;
before(async () => {
  engine = await loadEngine();
  lab = labModel(engine, data);
});

test('the six checks are the seed’s unit tests, each with a fault and the lesson of its property', () => {
  assert.deepEqual(
    CHECKS.map((c) => c.test),
    [
      'TestGQA.test_gqa_equals_mha_with_shared_kv_weights',
      'TestGQA.test_kv_heads_equal_heads_is_mha',
      'TestKVCache.test_incremental_matches_full_forward',
      'TestKVCache.test_generate_with_and_without_cache',
      'TestKVCache.test_gqa_cache_is_smaller',
      'TestModelShapes.test_attention_weights_are_causal',
    ],
  );
  for (const c of CHECKS) {
    assert.ok(c.faults.length >= 1, c.id);
    for (const lang of ['en', 'zh-CN']) {
      assert.ok(STRINGS[lang].check[c.id] && STRINGS[lang].how[c.id], `${lang} ${c.id}`);
      for (const f of c.faults) assert.ok(STRINGS[lang].fault[f], `${lang} ${f}`);
    }
  }
  // the text: the export's longest sentence, the chapter's sentence and its question
  assert.equal(checkText(lab), data.export.sentences.at(-1).text);
});

test('on the course’s model every check passes, with the figures it shows', () => {
  const results = runAll(engine, lab);
  for (const r of results) assert.ok(r.ok, `${r.id}: ${JSON.stringify(r.r).slice(0, 200)}`);
  const by = Object.fromEntries(results.map((r) => [r.id, r.r]));
  const T = engine.labRun(lab.id, { text: checkText(lab) }).tokens.length;
  for (const id of ['gqa-tied', 'mha', 'incremental']) {
    assert.ok(by[id].maxAbsDiff < 1e-4, id);
    assert.equal(by[id].tolerance, 1e-4);
  }
  assert.equal(by['gqa-tied'].compared, T * lab.config.vocab);
  assert.equal(by.incremental.compared, T * lab.config.vocab);
  assert.deepEqual([by['gqa-tied'].nHeads, by['gqa-tied'].nKvHeads], [8, 2]);
  assert.equal(by.mha.nKvHeads, by.mha.nHeads);
  // greedy: the lab's own generation (labGenerate, the cache) and the recomputing loop agree
  const g = engine.labGenerate(lab.id, { text: data.export.prompt.text, steps: DEFAULT_STEPS });
  assert.equal(by.greedy.withCacheText, g.generatedText);
  assert.equal(by.greedy.withoutCacheText, g.generatedText);
  assert.equal(by.greedy.firstDifference, -1);
  // the cache's bytes: L_full × 2 × T × G × d × 4 B, exactly halving
  const c = by['cache-bytes'];
  assert.deepEqual(c.kvHeads, [4, 2, 1]);
  assert.deepEqual(
    c.bytes,
    c.kvHeads.map((G) => c.fullLayers * 2 * T * G * lab.config.dHead * 4),
  );
  assert.equal(c.fullLayers, lab.config.layerTypes.filter((x) => x === 'full').length);
  // causal: every weight above the diagonal exactly 0, rows summing to 1
  assert.equal(by.causal.nonzeroAbove, 0);
  assert.equal(by.causal.above, by.causal.rows * ((T - 1) / 2));
  assert.ok(by.causal.maxRowSumError < 1e-5);
});

for (const spec of CHECKS)
  for (const fault of spec.faults)
    test(`${spec.test} fails when its property is broken: ${fault}`, () => {
      const r = runCheck(engine, lab, spec.id, fault);
      assert.equal(r.ok, false, JSON.stringify(r.r).slice(0, 300));
      assert.equal(r.fault, fault);
      if ('maxAbsDiff' in r.r) assert.ok(r.r.maxAbsDiff > 1e-3, String(r.r.maxAbsDiff));
      if (r.id === 'greedy') assert.ok(r.r.firstDifference >= 1);
      if (r.id === 'cache-bytes') assert.equal(new Set(r.r.bytes).size, 1);
      if (fault === 'drop-mask') assert.ok(r.r.nonzeroAbove > 0);
      if (fault === 'mask-after-softmax') {
        assert.equal(r.r.nonzeroAbove, 0);
        assert.ok(r.r.maxRowSumError > 1e-3);
      }
    });

test('a check refuses another check’s fault, naming the ones it takes', () => {
  assert.throws(
    () => engine.labCheckCausal(lab.id, { text: checkText(lab), fault: 'untie-kv' }),
    (e) => e.name === 'ConfigError' && /none, drop-mask, mask-after-softmax/.test(e.message),
  );
  assert.throws(
    () => engine.labCheckGqaTied(lab.id, { text: checkText(lab), fault: 'nonsense' }),
    (e) => e.name === 'ConfigError' && /got 'nonsense'/.test(e.message),
  );
  assert.throws(
    () => engine.labCheckIncremental(lab.id, { tokens: [0, 5], fault: 'perturb-cache' }),
    (e) => e.name === 'ShapeError',
  );
});

test('acceptance test 3: KV bytes of a typed config from the ledger, and the project’s assertion', () => {
  const base = { nEmbd: 256, nHead: BASELINE.config.n_head, nKvHead: BASELINE.config.n_kv_head };
  const mha = configBytes(engine, { ...base, dtypeBytes: 2 });
  assert.equal(mha.ok, true);
  assert.equal(mha.headDim, 32);
  assert.equal(mha.ledger.bytesPerToken, 2 * 8 * 32 * 2);
  assert.equal(mha.ledger.formula, '1 × 2 × 8 × 32 × 2 B = 1,024 B');
  const gqa = configBytes(engine, { ...base, nKvHead: 2, dtypeBytes: 4 });
  assert.equal(gqa.ledger.bytesPerToken, 2 * 2 * 32 * 4);
  assert.deepEqual(configBytes(engine, { ...base, nEmbd: 250, dtypeBytes: 2 }), {
    ok: false,
    field: 'n_head',
    headDim: null,
    message: 'divide',
  });
  const bad = configBytes(engine, { ...base, nKvHead: 3, dtypeBytes: 2 });
  assert.equal(bad.field, 'n_kv_head');
  assert.match(bad.message, /num_key_value_heads \(3\) must divide num_attention_heads \(8\)/);
  assert.equal(configBytes(engine, { ...base, nHead: 0, dtypeBytes: 2 }).field, 'n_embd');
  assert.match(STRINGS['zh-CN'].bytesError.divide(250, 8), /250 不能被 8 整除/);
});

test('the decisions and pitfalls name the seed’s, the bbycroft caveat and n_embd % n_head among them', () => {
  assert.deepEqual(
    DECISIONS.map((d) => d.id),
    ['heads', 'kv-heads', 'qk-norm'],
  );
  assert.deepEqual(BASELINE.config, { n_head: 8, n_kv_head: 8, qk_norm: false });
  const ids = PITFALLS.map((p) => p.id);
  assert.ok(ids.includes('n-embd') && ids.includes('bbycroft'));
  assert.match(STRINGS.en.pitfall.bbycroft, /bbycroft/);
  assert.match(STRINGS.en.symptom.bbycroft, /no cache/);
  assert.match(STRINGS['zh-CN'].symptom.bbycroft, /没有缓存/);
  assert.match(STRINGS.en.pitfall['n-embd'], /n_embd not divisible by n_head/);
});

test('the export from the page equals the shipped c3-attention.json to 1e-4 and passes its data self-check', () => {
  const doc = exportC3(engine, lab, data.weights, { kind: 'course' });
  const rows = exportChecks(doc, data.export);
  assert.deepEqual(
    rows.map((r) => [r.id, r.ok]),
    [
      ['schema', true],
      ['causal', true],
      ['reference', true],
    ],
  );
  // The same fields as the native export, in the same order, with the same model facts.
  assert.deepEqual(Object.keys(doc), Object.keys(data.export));
  assert.deepEqual(Object.keys(doc.model), Object.keys(data.export.model));
  assert.deepEqual(doc.model.config, data.export.model.config);
  assert.deepEqual(doc.model.kvBytesPerToken, data.export.model.kvBytesPerToken);
  assert.deepEqual(doc.model.stateBytes, data.export.model.stateBytes);
  assert.equal(doc.model.bytes, data.export.model.bytes);
  assert.equal(doc.prompt.greedy, data.export.prompt.greedy);
  assert.ok(maxNumberDiff(doc.sentences, data.export.sentences) < 1e-4);
});

test('a broken export fails its data self-check, naming the field', () => {
  const doc = exportC3(engine, lab, data.weights, { kind: 'course' });
  const noTraining = structuredClone(doc);
  delete noTraining.model.training.trainLoss;
  const schema = exportChecks(noTraining, null)[0];
  assert.equal(schema.ok, false);
  assert.match(schema.detail, /\/model\/training .*trainLoss/);
  const leaked = structuredClone(doc);
  leaked.sentences[0].layers.find((l) => l.type === 'full').heads[0].weights[0][1] = 0.25;
  const causal = exportChecks(leaked, null).find((r) => r.id === 'causal');
  assert.equal(causal.ok, false);
  const moved = structuredClone(doc);
  moved.prompt.logits[0] += 0.01;
  assert.equal(exportChecks(moved, data.export).find((r) => r.id === 'reference').ok, false);
  assert.equal(maxNumberDiff({ a: [1, 2] }, { a: [1] }), Infinity);
});

test('the teacher’s self-check: every check passes and fails under each fault; the export checks out', () => {
  const rows = milestoneChecks(engine, lab, data.weights);
  assert.equal(rows.length, CHECKS.length + 1);
  for (const r of rows) assert.ok(r.ok, `${r.name}: ${r.actual}`);
});

// ---- a model the student trains on train.html: the course's trainer, its WASM module ----------

test('a model trained by the course’s trainer (as train.html hands it over) passes the checks and exports', async () => {
  const trainer = await createRequire(import.meta.url)(
    join(root, 'build-wasm', 'attn-trainer.js'),
  )();
  const texts = TRAIN_TEXT_FILES.map((f) =>
    readFileSync(join('/usr/share/games/fortunes', f), 'utf8'),
  );
  const info = trainer.trainStart(
    { steps: 12, seed: 5, layers: 2, kvHeads: 1, hybrid: true },
    texts,
  );
  const losses = [];
  let done = false;
  while (!done) {
    const s = trainer.trainStep(4);
    losses.push(...s.loss.map((loss) => ({ loss })));
    done = s.done;
  }
  const weights = encodeBase64(trainer.trainWeights({ dtype: 'f16' }));
  const mine = labModel(engine, { ...data, weights });
  assert.equal(mine.config.nKvHeads, 1);
  for (const r of runAll(engine, mine)) assert.ok(r.ok, `${r.id} on the trained model`);
  for (const [id, fault] of [
    ['gqa-tied', 'untie-kv'],
    ['mha', 'reshape-heads'],
    ['incremental', 'perturb-cache'],
    ['cache-bytes', 'repeat-kv-before-cache'],
    ['causal', 'drop-mask'],
    ['causal', 'mask-after-softmax'],
  ])
    assert.equal(
      runCheck(engine, mine, id, fault).ok,
      false,
      `${id} ${fault} on the trained model`,
    );
  const kept = {
    weights,
    steps: 12,
    seed: 5,
    validLoss: trainer.trainValidLoss(),
    unigramLoss: info.unigramLoss,
    parameters: info.parameters,
    layerTypes: info.config.layerTypes,
    kvHeads: 1,
    batch: info.batch,
    validTokens: info.validTokens,
    trainLoss: meanLoss(losses.slice(-50)),
    seconds: 1.5,
  };
  const doc = exportC3(engine, mine, weights, { kind: 'trained', model: kept });
  assert.deepEqual(
    exportChecks(doc, null).map((r) => [r.id, r.ok]),
    [
      ['schema', true],
      ['causal', true],
    ],
  );
  assert.equal(doc.model.config.parameters, info.parameters);
  assert.equal(doc.model.training.steps, 12);
  // A model handed over before the hand-over kept the training fields: the schema names the gap.
  const { batch: _b, validTokens: _v, trainLoss: _t, seconds: _s, ...old } = kept;
  const older = exportC3(engine, mine, weights, { kind: 'trained', model: old });
  assert.match(exportChecks(older, null)[0].detail, /must have required property/);
  engine.labUnload(mine.id);
});
