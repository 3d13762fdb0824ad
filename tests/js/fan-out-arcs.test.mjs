// node --test tests/js/fan-out-arcs.test.mjs
// web/views/fan-out-arcs.js's logic on REAL engine rows (the zh-gift world's causal weights, the
// lab model's heads): which keys get an arc (j ≤ query, weight > 0), stroke widths strictly rising
// with the weight, the heaviest labelled, what the caption says about distance, and the layout
// (row when the tokens fit across, column when not).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runtime, readJson } from '../helpers/fixture.mjs';
import { worldTensors } from '../../web/world.js';
import { labModel, headWeights, isFull } from '../../widgets/lab/logic.js';
import {
  fanOutArcs,
  arcStroke,
  distanceFree,
  arcLayout,
  labelWidth,
  ARC_MIN_WIDTH,
  ARC_MAX_WIDTH,
  LABELLED_ARCS,
  FAN_OUT_STRINGS,
} from '../../web/views/fan-out-arcs.js';

let rt, gift, lab;
before(async () => {
  rt = await runtime();
  const w = worldTensors(rt, 'zh-gift');
  const r = rt.engine.attention({ q: w.q, k: w.k, v: w.v, nHeads: 1, causal: true });
  gift = { T: w.tokens.length, weights: r.weights.data };
  const bin = readFileSync(new URL('../../course-data/lab-model.bin', import.meta.url));
  lab = labModel(rt.engine, {
    weights: bin.toString('base64'),
    export: readJson('course-data/c3-attention.json'),
    ablation: readJson('course-data/kv-heads-ablation.json'),
    hybridAblation: readJson('course-data/hybrid-ablation.json'),
  });
});

/** Every (query, arcs) of one head's T × T weights. */
const everyRow = (weights, T) =>
  Array.from({ length: T }, (_, q) => ({ q, arcs: fanOutArcs(weights, T, q) }));

test('arcs go to exactly the keys j ≤ query of non-zero weight, with the row’s own numbers', () => {
  const { T, weights } = gift;
  for (const { q, arcs } of everyRow(weights, T)) {
    const expected = [];
    for (let j = 0; j <= q; j++) if (weights[q * T + j] > 0) expected.push(j);
    assert.deepEqual(
      arcs.map((a) => a.key),
      expected,
      `query ${q}`,
    );
    for (const a of arcs) {
      assert.equal(a.weight, weights[q * T + a.key]); // the engine's float, not a recomputation
      assert.equal(a.distance, q - a.key);
    }
  }
  // Query 0 can only attend to itself; the last query of zh-gift reaches all 5 keys.
  assert.deepEqual(
    fanOutArcs(weights, T, 0).map((a) => a.key),
    [0],
  );
  assert.equal(fanOutArcs(weights, T, T - 1).length, T);
  // Without the causal mask every key with weight > 0 is a candidate.
  const full = rt.engine.attention({ ...worldQkv(), nHeads: 1, causal: false }).weights.data;
  assert.equal(fanOutArcs(full, T, 0, { causal: false }).length, T);
});

function worldQkv() {
  const w = worldTensors(rt, 'zh-gift');
  return { q: w.q, k: w.k, v: w.v };
}

test('a key of weight exactly 0 gets no arc (a lab head underflows some to 0)', () => {
  const T = 4;
  const row = new Float32Array(T * T);
  row.set([0.5, 0, 0.25, 0.25], 3 * T);
  assert.deepEqual(
    fanOutArcs(row, T, 3).map((a) => a.key),
    [0, 2, 3],
  );
});

test('stroke widths and opacities rise strictly with the weight, the heaviest are labelled', () => {
  assert.equal(arcStroke(0).width, ARC_MIN_WIDTH);
  assert.equal(arcStroke(1).width, ARC_MAX_WIDTH);
  const run = rt.engine.labRun(lab.id, {
    text: '小明把苹果给了小王。谁把苹果给了小王？',
    attention: true,
  });
  const T = run.tokens.length;
  let pairs = 0;
  for (const { weights } of run.attention.filter(isFull))
    for (let head = 0; head < lab.config.nHeads; head++) {
      const w = headWeights(weights, head);
      for (const { q, arcs } of everyRow(w, T)) {
        for (const a of arcs)
          for (const b of arcs)
            if (a.weight > b.weight) {
              assert.ok(a.width > b.width && a.opacity > b.opacity, `q ${q}: ${a.key} vs ${b.key}`);
              pairs++;
            }
        const labelled = arcs.filter((a) => a.labelled);
        assert.equal(labelled.length, Math.min(LABELLED_ARCS, arcs.length));
        const lightestLabelled = Math.min(...labelled.map((a) => a.weight));
        for (const a of arcs.filter((x) => !x.labelled)) assert.ok(a.weight <= lightestLabelled);
      }
    }
  assert.ok(pairs > 10000, `${pairs} ordered pairs compared`);
});

test('the caption’s case: a far key beating the adjacent one is found in the real model', () => {
  const T = 5;
  const at = (row) => {
    const w = new Float32Array(T * T);
    w.set(row, 4 * T);
    return distanceFree(fanOutArcs(w, T, 4), 4);
  };
  assert.equal(at([0.1, 0.5, 0.1, 0.2, 0.1]).kind, 'far');
  assert.deepEqual(at([0.1, 0.5, 0.1, 0.2, 0.1]).far, { key: 1, weight: 0.5 });
  assert.equal(at([0.6, 0.05, 0.05, 0.2, 0.1]).kind, 'sink');
  const adj = at([0.1, 0.2, 0.05, 0.6, 0.05]);
  assert.equal(adj.kind, 'adjacent');
  assert.deepEqual(adj.far, { key: 1, weight: Math.fround(0.2) });
  assert.deepEqual(adj.adjacent, { key: 3, weight: Math.fround(0.6) });
  assert.equal(distanceFree(fanOutArcs(new Float32Array([1, 0, 0.5, 0.5]), 2, 1), 1).kind, 'short');
  // The lab model's default prompt: some head has a content key ≥ 2 back outweighing the
  // neighbour of the prediction's row — the thing the caption shows.
  const run = rt.engine.labRun(lab.id, { text: '小明把苹果给了', attention: true });
  const n = run.tokens.length;
  const kinds = run.attention
    .filter(isFull)
    .flatMap(({ weights }) =>
      Array.from({ length: lab.config.nHeads }, (_, h) =>
        distanceFree(fanOutArcs(headWeights(weights, h), n, n - 1), n - 1),
      ),
    );
  const far = kinds.filter((k) => k.kind === 'far');
  assert.ok(far.length >= 1, kinds.map((k) => k.kind).join(' '));
  for (const k of far) assert.ok(k.far.weight > k.adjacent.weight && k.far.key <= n - 3);
});

test('layout: a row when every token gets 30 px, a column on a phone with a long prompt', () => {
  const eight = ['<bos>', ...'小明把苹果给了'];
  assert.deepEqual(arcLayout(eight, 310), { dir: 'row', step: 38 });
  assert.deepEqual(arcLayout(eight, 1000), { dir: 'row', step: 64 });
  const long = ['<bos>', ...'小明把苹果给了小王。谁把苹果给了小王？是小明。小明把苹果给了'];
  const col = arcLayout(long, 310);
  assert.equal(col.dir, 'column');
  assert.ok(col.step >= labelWidth('<bos>') && col.step <= 310 / 3);
  assert.ok(labelWidth('苹果') > labelWidth('了') && labelWidth('<bos>') > labelWidth('ab'));
});

test('the caption strings exist in both languages with the same keys', () => {
  assert.deepEqual(
    Object.keys(FAN_OUT_STRINGS.en).sort(),
    Object.keys(FAN_OUT_STRINGS['zh-CN']).sort(),
  );
  assert.match(
    FAN_OUT_STRINGS.en.arcsFar('了', 7, '把', 3, '40.0%', '给', '10.0%'),
    /4 positions back/,
  );
  assert.match(
    FAN_OUT_STRINGS['zh-CN'].arcsFar('了', 7, '把', 3, '40.0%', '给', '10.0%'),
    /往回 4 个/,
  );
});

test('the list of arcs says back, ahead or itself: an unmasked row reaches keys after the query', () => {
  // the "it" row of the heatmap page's unmasked sentence: it at 7, was at 8, tired at 9
  assert.equal(FAN_OUT_STRINGS.en.arcsKey('was', 8, -1, '9.0%'), 'was (position 8, 1 ahead): 9.0%');
  assert.equal(
    FAN_OUT_STRINGS.en.arcsKey('animal', 1, 6, '56.0%'),
    'animal (position 1, 6 back): 56.0%',
  );
  assert.equal(FAN_OUT_STRINGS.en.arcsKey('it', 7, 0, '3.0%'), 'it (position 7, itself): 3.0%');
  assert.equal(
    FAN_OUT_STRINGS['zh-CN'].arcsKey('was', 8, -1, '9.0%'),
    '「was」（位置 8，往后 1 个）：9.0%',
  );
  assert.equal(
    FAN_OUT_STRINGS['zh-CN'].arcsKey('了', 7, 0, '9.0%'),
    '「了」（位置 7，它自己）：9.0%',
  );
  // and the captions point to position encoding (RoPE, lesson 6) for distance, never "no distance"
  const far = FAN_OUT_STRINGS.en.arcsFar('了', 7, '把', 3, '40.0%', '给', '10.0%');
  assert.match(
    far,
    /through position encoding \(RoPE, lesson 6\) or through what earlier layers wrote into q and k/,
  );
  assert.doesNotMatch(far, /no distance|every earlier token/);
});
