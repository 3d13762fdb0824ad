// Pins course-data/models.json to the numbers the course text states
// (C3 "② 生成时" and "数字口径"). Plain arithmetic on purpose, independent of the engine
// (whose ledger computes the same bytes for the widgets): this test makes sure the data it
// reads is right. Then every data file against its JSON Schema (ajv, a devDependency).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { kvHeadsKind } from '../../web/kv-heads.js';

const dataUrl = (f) => new URL(`../../course-data/${f}`, import.meta.url);
const doc = JSON.parse(readFileSync(dataUrl('models.json'), 'utf8'));
const models = doc.models;

const KiB = 1024;
const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

function get(id) {
  const m = models.find((x) => x.id === id);
  assert.ok(m, `models.json has "${id}"`);
  return m;
}

// Per-token KV-cache bytes. `kvHeads` overrides nKvHeads (MHA / MQA what-ifs).
function kvBytesPerToken(m, { kvHeads } = {}) {
  if (m.reportedKvBytesPerToken !== undefined) return m.reportedKvBytesPerToken;
  const layers = m.fullAttentionLayers ?? m.layers;
  const a = m.attention;
  if (a.kind === 'mla') return layers * (a.kvLoraRank + a.ropeDim) * m.dtypeBytes;
  return layers * 2 * (kvHeads ?? a.nKvHeads) * a.headDim * m.dtypeBytes;
}

const pct = (now, before) => ((now / before - 1) * 100).toFixed(1);

test('anchor is Qwen3.8-27B with the course shape', () => {
  const anchors = models.filter((m) => m.anchor === true);
  assert.equal(anchors.length, 1, 'exactly one anchor');
  const q = anchors[0];
  assert.equal(q.id, 'qwen3.8-27b');
  assert.equal(q.name, 'Qwen3.8-27B');
  assert.equal(q.layers, 64);
  assert.equal(q.fullAttentionLayers, 16);
  assert.equal(q.linearAttention.layers, 48);
  assert.equal(q.hiddenSize, 5120);
  assert.deepEqual(q.attention, {
    kind: 'gqa',
    nHeads: 24,
    nKvHeads: 4,
    headDim: 256,
    rotaryDim: 64,
    outputGate: true,
    qkNorm: true,
  });
  assert.equal(q.contextLength, 262144);
  assert.equal(q.dtypeBytes, 2);
});

test('anchor as MHA: 384 KiB per token, 96 GiB at 262,144', () => {
  const q = get('qwen3.8-27b');
  const perTok = kvBytesPerToken(q, { kvHeads: q.attention.nHeads });
  assert.equal(q.attention.nHeads, 24);
  assert.equal(perTok, 16 * 2 * 24 * 256 * 2);
  assert.equal(perTok, 384 * KiB);
  assert.equal(perTok * q.contextLength, 96 * GiB);
});

test('anchor as MQA: 16 KiB per token, 4 GiB at 262,144', () => {
  const q = get('qwen3.8-27b');
  const perTok = kvBytesPerToken(q, { kvHeads: 1 });
  assert.equal(perTok, 16 * KiB);
  assert.equal(perTok * q.contextLength, 4 * GiB);
});

test('anchor as stored (GQA, 4 KV heads): 64 KiB per token, 16 GiB at 262,144', () => {
  const q = get('qwen3.8-27b');
  assert.equal(q.attention.nHeads / q.attention.nKvHeads, 6, '6 query heads per group');
  const perTok = kvBytesPerToken(q);
  assert.equal(perTok, 64 * KiB);
  assert.equal(perTok * q.contextLength, 16 * GiB);
});

test('anchor linear-attention state: 144 MiB FP32, independent of length', () => {
  const la = get('qwen3.8-27b').linearAttention;
  assert.equal(la.stateDtype, 'fp32');
  assert.equal(la.stateBytesTotal, 144 * MiB);
  assert.equal(
    la.layers * la.numValueHeads * la.keyHeadDim * la.valueHeadDim * 4,
    la.stateBytesTotal,
  );
});

test('DeepSeek LLM 67B: 389,120 B/token (GQA-8), 3,112,960 B as MHA, 380 GiB at 1,048,576', () => {
  const m = get('deepseek-llm-67b');
  assert.equal(m.layers, 95);
  assert.equal(m.attention.nHeads, 64);
  assert.equal(m.attention.nKvHeads, 8);
  assert.equal(m.attention.headDim, 128);
  assert.equal(kvBytesPerToken(m), 389120);
  assert.equal(kvBytesPerToken(m, { kvHeads: 64 }), 3112960);
  assert.equal(kvBytesPerToken(m) * 1048576, 380 * GiB);
});

test('MLA: DeepSeek-V2 69,120 B/token, V3 70,272 B/token (512 + 64 = 576 numbers per layer)', () => {
  const v2 = get('deepseek-v2');
  const v3 = get('deepseek-v3');
  for (const m of [v2, v3]) {
    assert.equal(m.attention.kind, 'mla');
    assert.equal(m.attention.kvLoraRank, 512);
    assert.equal(m.attention.ropeDim, 64);
    assert.equal(m.attention.nHeads, 128);
    assert.equal(m.attention.headDim, 128);
  }
  assert.equal(v2.layers, 60);
  assert.equal(v3.layers, 61);
  assert.equal(kvBytesPerToken(v2), 69120);
  assert.equal(kvBytesPerToken(v3), 70272);
});

test('DeepSeek-V2 vs 67B: -82.2%; vs its own shape as MHA: -98.2%', () => {
  const v2 = get('deepseek-v2');
  const m67 = get('deepseek-llm-67b');
  assert.equal(pct(kvBytesPerToken(v2), kvBytesPerToken(m67)), '-82.2');
  const a = v2.attention;
  const v2AsMha = 2 * a.nHeads * a.headDim * v2.layers * v2.dtypeBytes;
  assert.equal(v2AsMha, 2 * 128 * 128 * 60 * 2);
  assert.equal(pct(kvBytesPerToken(v2), v2AsMha), '-98.2');
});

test('GLM-5.3: 78 layers x 576 -> 89,856 B/token, 87.75 GiB at 1,048,576', () => {
  const g = get('glm-5.3');
  assert.equal(g.layers, 78);
  assert.equal(g.attention.kind, 'mla');
  assert.equal(g.attention.kvLoraRank + g.attention.ropeDim, 576);
  assert.equal(g.contextLength, 1048576);
  assert.equal(kvBytesPerToken(g), 89856);
  assert.equal((kvBytesPerToken(g) * g.contextLength) / GiB, 87.75);
});

test('DeepSeek-V4.1-Flash: only the reported 890 B/token, no config fields', () => {
  const d = models.find((m) => m.reportedKvBytesPerToken !== undefined);
  assert.ok(d);
  assert.match(d.name, /DeepSeek-V4\.1/);
  assert.equal(d.reportedKvBytesPerToken, 890);
  for (const k of ['layers', 'attention', 'dtypeBytes']) assert.equal(k in d, false, k);
  assert.match(d.source, /model card/);
});

test('well-known open models carry their published configs', () => {
  const expected = {
    gpt2: {
      layers: 12,
      hiddenSize: 768,
      kind: 'mha',
      nHeads: 12,
      nKvHeads: 12,
      headDim: 64,
      rotaryDim: 0,
      contextLength: 1024,
    },
    'llama-3-8b': {
      layers: 32,
      hiddenSize: 4096,
      kind: 'gqa',
      nHeads: 32,
      nKvHeads: 8,
      headDim: 128,
      rotaryDim: 128,
      contextLength: 8192,
      ropeTheta: 500000,
    },
    'llama-3-70b': {
      layers: 80,
      hiddenSize: 8192,
      kind: 'gqa',
      nHeads: 64,
      nKvHeads: 8,
      headDim: 128,
      rotaryDim: 128,
      contextLength: 8192,
      ropeTheta: 500000,
    },
    'mistral-7b-v0.1': {
      layers: 32,
      hiddenSize: 4096,
      kind: 'gqa',
      nHeads: 32,
      nKvHeads: 8,
      headDim: 128,
      rotaryDim: 128,
      contextLength: 32768,
      ropeTheta: 10000,
      slidingWindow: 4096,
    },
    'qwen2.5-7b': {
      layers: 28,
      hiddenSize: 3584,
      kind: 'gqa',
      nHeads: 28,
      nKvHeads: 4,
      headDim: 128,
      rotaryDim: 128,
      contextLength: 131072,
      ropeTheta: 1000000,
    },
  };
  for (const [id, e] of Object.entries(expected)) {
    const m = get(id);
    const got = {
      layers: m.layers,
      hiddenSize: m.hiddenSize,
      kind: m.attention.kind,
      nHeads: m.attention.nHeads,
      nKvHeads: m.attention.nKvHeads,
      headDim: m.attention.headDim,
      rotaryDim: m.attention.rotaryDim,
      contextLength: m.contextLength,
    };
    if ('ropeTheta' in e) got.ropeTheta = m.ropeTheta;
    if ('slidingWindow' in e) got.slidingWindow = m.slidingWindow;
    assert.deepEqual(got, e, id);
  }
  // Llama 3 8B: 32 x 2 x 8 x 128 x 2 = 128 KiB per token.
  assert.equal(kvBytesPerToken(get('llama-3-8b')), 128 * KiB);
});

test('every model is internally consistent', () => {
  const ids = new Set();
  for (const m of models) {
    assert.ok(!ids.has(m.id), `duplicate id ${m.id}`);
    ids.add(m.id);
    assert.ok(typeof m.source === 'string' && m.source.length > 0, `${m.id}: source named`);
    if (m.reportedKvBytesPerToken !== undefined) continue;
    const a = m.attention;
    const full = m.fullAttentionLayers ?? m.layers;
    const linear = m.linearAttention ? m.linearAttention.layers : 0;
    assert.equal(full + linear, m.layers, `${m.id}: full + linear layers = layers`);
    if (a.kind === 'mla') continue;
    assert.equal(a.nHeads % a.nKvHeads, 0, `${m.id}: nKvHeads divides nHeads`);
    if (a.kind === 'mha') assert.equal(a.nKvHeads, a.nHeads, `${m.id}: mha`);
    if (a.kind === 'mqa') assert.equal(a.nKvHeads, 1, `${m.id}: mqa`);
    if (a.kind === 'gqa') assert.ok(a.nKvHeads > 1 && a.nKvHeads < a.nHeads, `${m.id}: gqa`);
    if (a.rotaryDim !== undefined)
      assert.ok(a.rotaryDim <= a.headDim, `${m.id}: rotaryDim <= headDim`);
  }
});

test('JSON files validate against their schemas', () => {
  const ajv = new Ajv({ allErrors: true, strict: true });
  const pairs = [
    ['models.schema.json', 'models.json'],
    ['teaching-world.schema.json', 'teaching-world.json'],
    ['expected-numbers.schema.json', 'expected-numbers.json'],
    ['quiz.schema.json', 'quiz.json'],
    ['lessons.schema.json', 'lessons.json'],
    ['c3-attention.schema.json', 'c3-attention.json'],
    ['kv-heads-ablation.schema.json', 'kv-heads-ablation.json'],
    ['hybrid-ablation.schema.json', 'hybrid-ablation.json'],
  ];
  for (const [schemaFile, dataFile] of pairs) {
    const schema = JSON.parse(readFileSync(dataUrl(schemaFile), 'utf8'));
    const validate = ajv.compile(schema);
    const data = JSON.parse(readFileSync(dataUrl(dataFile), 'utf8'));
    assert.ok(validate(data), `${dataFile}: ${ajv.errorsText(validate.errors)}`);
  }
});

const readData = (f) => JSON.parse(readFileSync(dataUrl(f), 'utf8'));

test('lessons.json: unique slugs, and every tag is a widget folder (widgets/<name>/element.js)', () => {
  const { lessons } = readData('lessons.json');
  const slugs = lessons.map((l) => l.slug);
  assert.equal(new Set(slugs).size, slugs.length, `duplicate slug in ${slugs}`);
  for (const l of lessons)
    for (const w of l.widgets) {
      const element = new URL(
        `../../widgets/${w.tag.slice('attn-'.length)}/element.js`,
        import.meta.url,
      );
      assert.ok(existsSync(element), `${l.slug}: <${w.tag}> has no ${element.pathname}`);
    }
});

test("c3-attention.json: every sentence's full layers have T × T causal rows, its linear layers T state norms", () => {
  const c3 = readData('c3-attention.json');
  const c = c3.model.config;
  assert.equal(c.layerTypes.length, c.nLayers);
  for (const s of c3.sentences) {
    const T = s.tokens.length;
    assert.equal(s.labels.length, T, s.text);
    assert.equal(s.layers.length, c.nLayers, s.text);
    assert.deepEqual(
      s.layers.map((l) => l.type),
      c.layerTypes,
      s.text,
    );
    for (const l of s.layers) {
      if (l.type === 'linear') {
        assert.equal(l.heads.length, c.linearHeads, `${s.text} layer ${l.layer}`);
        for (const h of l.heads) assert.equal(h.stateNorms.length, T);
        continue;
      }
      assert.equal(l.heads.length, c.nHeads, `${s.text} layer ${l.layer}`);
      for (const h of l.heads) {
        assert.equal(h.weights.length, T);
        h.weights.forEach((row, i) => {
          assert.equal(row.length, T);
          assert.ok(
            row.slice(i + 1).every((x) => x === 0),
            `${s.text} L${l.layer} H${h.head} row ${i} sees the future`,
          );
        });
      }
    }
  }
  assert.deepEqual(
    c3.meanSinkShare.map((r) => r.length),
    c.layerTypes.map((t) => (t === 'full' ? c.nHeads : 0)),
  );
  assert.equal(c3.prompt.logits.length, c.vocab);
  const probs = c3.prompt.top5.map((t) => t.prob);
  assert.deepEqual(
    probs,
    [...probs].sort((a, b) => b - a),
    'top 5 from the most likely down',
  );
});

test('kv-heads-ablation.json: each row is named by its KV heads (MHA / GQA / MQA)', () => {
  for (const r of readData('kv-heads-ablation.json').rows)
    assert.equal(r.kind, kvHeadsKind(r.nHeads, r.nKvHeads), `row with ${r.nKvHeads} KV heads`);
});
