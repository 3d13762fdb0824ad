// <attn-dot-product>'s numbers through the REAL engine and the real teaching world: q·k term by
// term (each term and the total from the engine), |q||k|cos θ, the 给了 row of QKᵀ, the additive
// score from engine.additiveScore, and the course's memory figures (8.0 GiB vs 32 MiB) from
// engine.scoreMemory.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { worldTensors } from '../../web/world.js';
import { rowOf, at } from '../../web/tensor.js';
import { runtime } from '../helpers/fixture.mjs';
import {
  ADDITIVE,
  COURSE,
  T_PRESETS,
  sub,
  short,
  expansion,
  expansionLines,
  geometryLines,
  scoreMatrix,
  ranking,
  additive,
  clampT,
  scoreBytes,
  courseBytes,
  memoryFormulas,
  courseChecks,
} from '../../widgets/dot-product/logic.js';

let engine, w, rt;
before(async () => {
  rt = await runtime();
  engine = rt.engine;
  w = worldTensors(rt, 'zh-gift');
});

const GAVE = 3,
  APPLE = 2;

test("the world is the lesson sentence: 给了 is token 3, 苹果 token 2 (the widget's default pair)", () => {
  assert.deepEqual(w.tokens, ['小明', '把', '苹果', '给了', '小王']);
});

test('q·k term by term: every term is the float32 q_m k_m, and the terms add up to engine.dot (±1e-6)', () => {
  let worst = 0;
  for (let i = 0; i < 5; i++) {
    for (let j = 0; j < 5; j++) {
      const e = expansion(engine, w, i, j);
      assert.equal(e.terms.length, 4);
      // Exactly the float32 product, as one engine.dot per term gave before (one call now).
      e.terms.forEach((t, m) => assert.equal(t, Math.fround(e.q[m] * e.k[m])));
      worst = Math.max(worst, Math.abs(e.terms.reduce((a, b) => a + b, 0) - e.total));
      assert.equal(e.total, engine.dot(rowOf(w.q, i), rowOf(w.k, j)));
    }
  }
  console.log(`# largest |Σ terms − engine.dot| over the 25 pairs: ${worst.toExponential(2)}`);
  assert.ok(worst <= 1e-6);
});

test('the expansion reads q·k = q₁k₁ + … = (a×b) + … = t₁ + … = total', () => {
  const e = expansion(engine, w, GAVE, APPLE);
  const [l1, l2, l3] = expansionLines(e);
  assert.equal(l1, 'q·k = q₁k₁ + q₂k₂ + q₃k₃ + q₄k₄');
  assert.match(l2, /^= \(−?[\d.]+×\(?−?[\d.]+\)?\)( \+ \(−?[\d.]+×\(?−?[\d.]+\)?\)){3}$/);
  assert.ok(l3.endsWith(`= ${e.total.toFixed(2).replace('-', '−')}`));
  console.log(`# ${l1}\n# ${l2}\n# ${l3}`);
  assert.equal(sub(12), '₁₂');
  assert.equal(short(0.8999999761581421), '0.9');
  assert.equal(short(-1.25), '−1.25');
  assert.equal(short(-0.0001), '0');
});

test('geometry: |q| |k| cos θ reproduces q·k, cos θ is engine.cosine', () => {
  for (let i = 0; i < 5; i++) {
    for (let j = 0; j < 5; j++) {
      const e = expansion(engine, w, i, j);
      assert.equal(e.cos, engine.cosine(rowOf(w.q, i), rowOf(w.k, j)));
      assert.ok(Math.abs(e.qNorm * e.kNorm * e.cos - e.total) < 1e-4);
    }
  }
  const g = geometryLines(expansion(engine, w, GAVE, APPLE));
  assert.match(
    String(g.main),
    /^q·k = \|q\| \|k\| cos θ = \d+\.\d\d × \d+\.\d\d × −?\d\.\d{3} = −?\d+\.\d\d$/,
  );
  console.log(`# ${g.main}; ${g.angle}`);
});

test('row 给了 of QKᵀ (engine.scoreMatrix, unscaled): 苹果 > 小王 > 小明 > 把 > 给了', () => {
  const S = scoreMatrix(engine, w);
  assert.deepEqual(S.shape, [5, 5]);
  assert.deepEqual(
    ranking(rowOf(S, GAVE)).map((j) => w.tokens[j]),
    ['苹果', '小王', '小明', '把', '给了'],
  );
  for (let i = 0; i < 5; i++)
    for (let j = 0; j < 5; j++)
      assert.ok(Math.abs(at(S, i, j) - engine.dot(rowOf(w.q, i), rowOf(w.k, j))) < 1e-5);
});

test("additive score: the engine's v · tanh(q W1 + k W2) with the illustrative constants (d_a = 4)", () => {
  assert.equal(ADDITIVE.dA, 4);
  assert.equal(ADDITIVE.W1.length, 4);
  assert.equal(ADDITIVE.W1[0].length, ADDITIVE.dA);
  assert.equal(ADDITIVE.v.length, ADDITIVE.dA);
  const e = expansion(engine, w, GAVE, APPLE);
  const a = additive(engine, e.q, e.k);
  assert.equal(a.qW1.length, 4);
  assert.ok(Number.isFinite(a.score));
  assert.ok(
    Math.abs(a.score) <= ADDITIVE.v.reduce((s, x) => s + Math.abs(x), 0),
    'tanh bounds the score by Σ|v|',
  );
  // a different pair gives a different score
  assert.notEqual(additive(engine, rowOf(w.q, GAVE), rowOf(w.k, 0)).score, a.score);
  console.log(`# additive score (给了, 苹果) = ${a.score.toFixed(3)}; q·k = ${e.total.toFixed(2)}`);
});

test('memory: 8.0 GiB vs 32 MiB at T = 4,096, d_a = 256, BF16 (per head, per layer)', () => {
  const b = scoreBytes(engine, COURSE.T, COURSE.dA, COURSE.bytesPer);
  assert.equal(b.additive, 8 * 2 ** 30);
  assert.equal(b.dot, 32 * 2 ** 20);
  assert.equal(courseBytes(b.additive), '8.0 GiB');
  assert.equal(courseBytes(b.dot), '32 MiB');
  const f = memoryFormulas(engine, 4096);
  assert.equal(
    f.additive,
    'T × T × dₐ × 2 B = 4,096 × 4,096 × 256 × 2 B = 8,589,934,592 B = 8.0 GiB',
  );
  assert.equal(f.dot, 'T × T × 2 B = 4,096 × 4,096 × 2 B = 33,554,432 B = 32 MiB');
  assert.deepEqual(
    T_PRESETS.map((t) => courseBytes(scoreBytes(engine, t).additive)),
    ['128 MiB', '8.0 GiB', '512 GiB'],
  );
  assert.deepEqual(
    T_PRESETS.map((t) => courseBytes(scoreBytes(engine, t).dot)),
    ['512 KiB', '32 MiB', '2.0 GiB'],
  );
  assert.equal(courseBytes(scoreBytes(engine, 1000).dot), '≈ 1.9 MiB'); // 2,000,000 B
  assert.equal(clampT('0'), 1);
  assert.equal(clampT('9999999'), 1048576);
  assert.equal(clampT('abc'), 4096);
  assert.ok(Number.isSafeInteger(scoreBytes(engine, 1048576).additive));
});

test('the self-check rows all pass', () => {
  const rows = courseChecks(rt, 'zh-gift');
  assert.equal(rows.length, 6);
  for (const r of rows) assert.ok(r.ok, `${r.name}: expected ${r.expected}, got ${r.actual}`);
  assert.equal(rows[4].name, 'q[给了]·k[苹果]: Σ terms = engine.dot (±1e-6)');
  assert.equal(rows[5].expected, '苹果 > 小王 > 小明 > 把 > 给了');
});
