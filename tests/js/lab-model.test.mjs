// node --test tests/js/lab-model.test.mjs
// The lab's trained model through the real engine (dist/attn-engine.js, or ATTN_ENGINE_JS):
// load course-data/lab-model.bin once, run it, and compare with course-data/c3-attention.json,
// which the native engine exported from the same file (logits to 1e-4). The model is hybrid:
// full layers give softmax weights, linear (Gated DeltaNet) layers their state instead.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bytes = readFileSync(`${root}course-data/lab-model.bin`);
const exported = JSON.parse(readFileSync(`${root}course-data/c3-attention.json`, 'utf8'));
const hybridAblation = JSON.parse(readFileSync(`${root}course-data/hybrid-ablation.json`, 'utf8'));
const LINEAR = 'linear',
  FULL = 'full';
const TYPES = [LINEAR, LINEAR, LINEAR, FULL, LINEAR, LINEAR, LINEAR, FULL];

let engine, lab;
before(async () => {
  engine = await createRequire(import.meta.url)(
    process.env.ATTN_ENGINE_JS ?? `${root}dist/attn-engine.js`,
  )();
  lab = engine.labLoad(new Uint8Array(bytes));
});

const maxAbsDiff = (a, b) => {
  assert.equal(a.length, b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
};

test('labLoad: id, config and vocabulary of the shipped model', () => {
  assert.equal(typeof lab.id, 'number');
  assert.deepEqual(lab.config, {
    vocab: exported.model.config.vocab,
    dModel: 64,
    nLayers: 8,
    nHeads: 8,
    nKvHeads: 2,
    dHead: 16,
    mlpHidden: 128,
    context: 64,
    ropeBase: 10000,
    qkNorm: true,
    outputGate: true,
    layerTypes: TYPES,
    fullLayers: 2,
    linearLayers: 6,
    linearHeads: 5,
    linearHeadDim: 16,
    convKernel: 4,
  });
  assert.deepEqual(lab.config.layerTypes, exported.model.config.layerTypes);
  assert.equal(lab.vocab.length, lab.config.vocab);
  assert.deepEqual(lab.vocab.slice(0, 2), ['<bos>', '<unk>']);
});

test("the prompt's last logits match the native export to 1e-4, and so does the top 5", () => {
  const r = engine.labRun(lab.id, { text: exported.prompt.text });
  assert.deepEqual(r.tokens, exported.prompt.tokens);
  const [T, V] = r.logits.shape;
  assert.equal(V, lab.config.vocab);
  const last = r.logits.data.slice((T - 1) * V, T * V);
  assert.ok(maxAbsDiff(last, exported.prompt.logits) < 1e-4);
  assert.deepEqual(
    r.top5.map((e) => e.token),
    exported.prompt.top5.map((e) => e.token),
  );
  for (let k = 0; k < 5; k++)
    assert.ok(Math.abs(r.top5[k].prob - exported.prompt.top5[k].prob) < 1e-4);
  assert.equal(r.top5[0].char, lab.vocab[r.top5[0].token]);
  assert.deepEqual(r.attention, []);
  assert.deepEqual(r.sinkShare, []);
});

test('attention per full layer and head, and the sink shares, match the export', () => {
  for (const s of exported.sentences) {
    const r = engine.labRun(lab.id, { text: s.text, attention: true });
    assert.deepEqual(r.labels, s.labels);
    const T = s.tokens.length,
      H = lab.config.nHeads;
    assert.equal(r.attention.length, lab.config.nLayers);
    assert.deepEqual(
      r.attention.map((a) => a.type),
      TYPES,
    );
    for (const { layer, weights } of r.attention.filter((a) => a.type === FULL)) {
      assert.deepEqual(weights.shape, [H, T, T]);
      for (const head of s.layers[layer].heads) {
        const mine = weights.data.slice(head.head * T * T, (head.head + 1) * T * T);
        assert.ok(
          maxAbsDiff(mine, head.weights.flat()) < 1e-4,
          `${s.text} layer ${layer} head ${head.head}`,
        );
        assert.ok(Math.abs(r.sinkShare[layer][head.head] - head.sinkShare) < 1e-4);
      }
    }
  }
});

test('a linear layer has no softmax matrix: its state bytes and ‖S‖ per token per head, as the export', () => {
  const { linearHeads: Hl, linearHeadDim: d, convKernel: K } = lab.config;
  for (const s of exported.sentences) {
    const r = engine.labRun(lab.id, { text: s.text, attention: true });
    const T = s.tokens.length;
    for (const a of r.attention.filter((x) => x.type === LINEAR)) {
      assert.equal(a.weights, undefined);
      assert.deepEqual(r.sinkShare[a.layer], []);
      // S [Hl, d, d] and the conv history [K − 1, 3 · Hl · d], float32.
      assert.equal(a.recurrentStateBytes, Hl * d * d * 4);
      assert.equal(a.stateBytes, (Hl * d * d + (K - 1) * 3 * Hl * d) * 4);
      assert.deepEqual(a.stateNorms.shape, [T, Hl]);
      for (const head of s.layers[a.layer].heads)
        head.stateNorms.forEach((x, t) => {
          const mine = a.stateNorms.data[t * Hl + head.head];
          assert.ok(
            Math.abs(mine - x) <= 1e-4 * Math.max(1, x),
            `${s.text} layer ${a.layer} head ${head.head} token ${t}: ${mine} vs ${x}`,
          );
        });
    }
  }
});

test("labLedger: the model's KV bytes per token (full layers) plus its constant state", () => {
  const [hybrid] = hybridAblation.rows;
  for (const [i, tokens] of hybridAblation.requestTokens.entries()) {
    const row = engine.labLedger(lab.id, { tokens });
    assert.equal(row.fullLayers, 2);
    assert.equal(row.linearLayers, 6);
    assert.equal(row.kvBytesPerToken, 2 * 2 * 2 * 16 * 4); // L_full × 2 × G × d × 4 B
    assert.equal(row.stateBytes, exported.model.stateBytes.f32);
    assert.equal(row.bytesForContext, row.kvBytesPerToken * tokens + row.stateBytes);
    assert.equal(row.bytesForContext, hybrid.requestBytes[i].f32);
    assert.equal(row.exceedsContext, tokens > 64);
  }
  assert.equal(engine.labLedger(lab.id, { dtypeBytes: 2 }).formula, '2 × 2 × 2 × 16 × 2 B = 256 B');
  assert.equal(engine.labLedger(lab.id, {}).tokens, 64);
});

test('labGenerate: greedy with the KV cache and the state, as the native export', () => {
  const g = engine.labGenerate(lab.id, { text: exported.prompt.text, steps: 12 });
  assert.equal(g.generatedText, exported.prompt.greedy);
  assert.equal(g.text, exported.prompt.text + exported.prompt.greedy);
  assert.equal(g.generated.length, 12);
  assert.deepEqual(g.tokens.slice(0, exported.prompt.tokens.length), exported.prompt.tokens);
});

test('errors are named: unknown id, truncated or corrupt file, wrong version, past the context', () => {
  assert.throws(() => engine.labRun(12345, { text: '小明' }), {
    name: 'ValueError',
    message: /no lab model with id 12345/,
  });
  assert.throws(() => engine.labRun(lab.id + 0.5, { text: '小明' }), {
    name: 'ValueError',
    message: /not an id/,
  });
  assert.equal(engine.labUnload('1'), false);
  assert.throws(() => engine.labLoad(new Uint8Array(bytes.subarray(0, 10000))), {
    name: 'ValueError',
    message:
      /^weights file is corrupt or truncated: the CRC-32 of its 9996 bytes is 0x[0-9a-f]{8}, its last 4 bytes say 0x[0-9a-f]{8}$/,
  });
  const flipped = new Uint8Array(bytes);
  flipped[200000] ^= 1; // inside a weight
  assert.throws(() => engine.labLoad(flipped), {
    name: 'ValueError',
    message: /^weights file is corrupt or truncated/,
  });
  const v3 = new Uint8Array(bytes);
  v3[8] = 3;
  assert.throws(() => engine.labLoad(v3), {
    name: 'ValueError',
    message: 'unsupported weights version 3 (this engine reads 1)',
  });
  const old = new Uint8Array(bytes);
  old.set(new TextEncoder().encode('ATTNLAB1'));
  old[8] = 2;
  assert.throws(() => engine.labLoad(old), {
    name: 'ValueError',
    message:
      'lab weights: ATTNLAB1 is the old format without layer types; retrain with npm run train',
  });
  assert.throws(() => engine.labLoad([1, 2, 3]), { name: 'ValueError', message: /Uint8Array/ });
  assert.throws(() => engine.labRun(lab.id, { text: '小'.repeat(64) }), {
    name: 'ShapeError',
    message: /context of 64 tokens/,
  });
  assert.throws(() => engine.labRun(lab.id, {}), { name: 'ShapeError' });
  assert.throws(() => engine.labGenerate(lab.id, { text: '小明', steps: 62 }), {
    name: 'ShapeError',
  });
});

test('labUnload frees the model: loading and unloading leaves the heap where it was', () => {
  const second = engine.labLoad(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  );
  assert.notEqual(second.id, lab.id);
  assert.equal(engine.labUnload(second.id), true);
  assert.equal(engine.labUnload(second.id), false);
  const before = engine.heapBytesInUse();
  for (let i = 0; i < 5; i++) engine.labUnload(engine.labLoad(bytes).id);
  assert.ok(engine.heapBytesInUse() - before < 64 * 1024);
  assert.throws(() => engine.labRun(second.id, { text: '小明' }), { name: 'ValueError' });
});
