// <attn-sink-logit>'s course numbers through the real engine and the real data files:
// the 苹果 row's scores and weights, the sink logit taking a share, the output gate scaling the
// output but not the weights, and the anchor's attn_output_gate.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  objectRow,
  anchorGate,
  sigmoid,
  norm,
  SINK,
  GATE,
} from '../../widgets/sink-logit/logic.js';
import { runtime } from '../helpers/fixture.mjs';

let rt;
before(async () => {
  rt = await runtime();
});

const pct0 = (x) => `${(x * 100).toFixed(0)}%`;
const sum = (a) => a.reduce((x, y) => x + y, 0);

test('苹果 row: scaled scores 0.04 / 0.36 / 0.00 and weights 30% / 41% / 29%', () => {
  const r = objectRow(rt);
  assert.deepEqual(r.keys, ['小明', '把', '苹果']);
  assert.deepEqual(
    r.scores.map((s) => s.toFixed(2)),
    ['0.04', '0.36', '0.00'],
  );
  assert.deepEqual(r.weights.map(pct0), ['30%', '41%', '29%']);
  assert.equal(r.sinkWeight, 0);
  assert.ok(Math.abs(sum(r.weights) - 1) < 1e-6);
});

test('the sink share rises monotonically with the sink logit; the three keys get the rest', () => {
  let prev = -1;
  let prevNorm = Infinity;
  for (let s = SINK.min; s <= SINK.max + 1e-9; s += 1) {
    const r = objectRow(rt, { sinkLogit: s });
    assert.ok(r.sinkWeight > prev, `sink ${s}: ${r.sinkWeight} > ${prev}`);
    assert.ok(Math.abs(sum(r.weights) + r.sinkWeight - 1) < 1e-5);
    assert.ok(r.norm < prevNorm, 'the retrieved output shrinks');
    // the keys keep their ratios: the sink only adds to the denominator
    const base = objectRow(rt);
    assert.ok(Math.abs(r.weights[1] / r.weights[0] - base.weights[1] / base.weights[0]) < 1e-4);
    prev = r.sinkWeight;
    prevNorm = r.norm;
  }
});

test('sink logit +8: the sink takes > 99% and the three weights sum to < 1%', () => {
  const r = objectRow(rt, { sinkLogit: 8 });
  assert.ok(r.sinkWeight > 0.99, `sink share ${r.sinkWeight}`);
  assert.ok(sum(r.weights) < 0.01, `three weights ${sum(r.weights)}`);
  assert.ok(r.norm < objectRow(rt).norm * 0.01);
});

test('gate 0.5 halves the output norm (3 decimals) and leaves the weights unchanged', () => {
  const base = objectRow(rt);
  const g = objectRow(rt, { gateLogit: 0 });
  assert.equal(sigmoid(rt.engine, 0).toFixed(3), '0.500');
  assert.equal(g.norm.toFixed(3), (base.norm / 2).toFixed(3));
  assert.deepEqual(g.weights, base.weights);
  assert.equal(g.sinkWeight, 0);
  for (const z of [GATE.min, -1, 2.5, GATE.max]) {
    const r = objectRow(rt, { gateLogit: z });
    assert.deepEqual(r.weights, base.weights, `gate logit ${z}: weights unchanged`);
    assert.ok(
      Math.abs(r.norm / base.norm - sigmoid(rt.engine, z)) < 1e-5,
      `gate logit ${z}: |o| scaled by g`,
    );
  }
});

test('σ from the engine matches 1 / (1 + e^−z); norm is √(o·o)', () => {
  for (const z of [-6, -0.7, 0, 1.3, 6])
    assert.ok(Math.abs(sigmoid(rt.engine, z) - 1 / (1 + Math.exp(-z))) < 1e-6);
  assert.ok(Math.abs(norm(rt.engine, [3, 4]) - 5) < 1e-6);
});

test('the anchor model has its output gate on', () => {
  assert.deepEqual(anchorGate(rt), { name: 'Qwen3.8-27B', outputGate: true });
});

test('a world without 苹果 is a clear error', () => {
  assert.throws(() => objectRow(rt, { worldId: 'nope' }), /no world "nope"/);
});

test('sinkLogit: -Infinity is no sink, through the bindings; NaN and +Infinity are ValueErrors', () => {
  const e = rt.engine;
  const none = e.softmax([0.04, 0.36, 0]);
  const minusInf = e.softmax([0.04, 0.36, 0], { sinkLogit: -Infinity });
  assert.equal(minusInf.sinkWeight, 0);
  assert.deepEqual(Array.from(minusInf.weights), Array.from(none.weights));
  const q = [
    [1, 0],
    [0, 1],
  ];
  const plain = e.attention({ q, k: q, v: q, causal: true });
  const att = e.attention({ q, k: q, v: q, causal: true, sinkLogit: -Infinity });
  assert.deepEqual(Array.from(att.output.data), Array.from(plain.output.data));
  assert.deepEqual(Array.from(att.sinkWeight.data), [0, 0]);
  assert.throws(() => e.softmax([1], { sinkLogit: NaN }), {
    name: 'ValueError',
    message: 'sinkLogit should be a number (not NaN), got NaN',
  });
  assert.throws(() => e.attention({ q, k: q, v: q, sinkLogit: Infinity }), {
    name: 'ValueError',
    message: 'sink_logit is +infinite',
  });
});
