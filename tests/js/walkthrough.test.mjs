// <attn-walkthrough>'s course numbers through the REAL engine and the real teaching world:
// "The" and "cat" (world en-the-cat) step by step, ending at out[The] = [0.54, −0.16] and
// out[cat] = [0.42, 0.24]; the arithmetic strings substitute the engine's numbers.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  STEPS,
  walkthrough,
  cellArithmetic,
  courseNumbers,
} from '../../widgets/walkthrough/logic.js';
import { runtime } from '../helpers/fixture.mjs';
import { at, rowOf } from '../../web/tensor.js';

let rt, m;
before(async () => {
  rt = await runtime();
  m = walkthrough(rt);
});
const lab = (i) => m.w.tokensEn[i];
const f2 = (row) => row.map((x) => x.toFixed(2));
// A {shape, data} tensor's rows as plain arrays, to compare with the course's printed matrices.
const rows = (t) => Array.from({ length: t.shape[0] }, (_, i) => Array.from(rowOf(t, i)));

test('step 1: x, Q = K = x and V as the course prints them', () => {
  assert.deepEqual(m.w.tokensEn, ['The', 'cat']);
  assert.deepEqual(rows(m.w.x).map(f2), [
    ['1.00', '0.20'],
    ['0.30', '0.90'],
  ]);
  assert.deepEqual(rows(m.w.q).map(f2), rows(m.w.x).map(f2));
  assert.deepEqual(rows(m.w.k).map(f2), rows(m.w.x).map(f2));
  assert.deepEqual(rows(m.w.v).map(f2), [
    ['0.54', '-0.16'],
    ['0.33', '0.54'],
  ]);
});

test('step 2: raw scores; cat row is 0.48 and 0.90, with the arithmetic spelled out', () => {
  assert.deepEqual(rows(m.raw).map(f2), [
    ['1.04', '0.48'],
    ['0.48', '0.90'],
  ]);
  assert.equal(
    String(cellArithmetic('raw', 1, 0, m, lab)),
    'Q[cat]·K[The] = 0.30 × 1.00 + 0.90 × 0.20 = 0.48',
  );
  assert.equal(courseNumbers(m).catRaw, '0.48 / 0.90');
});

test('step 3: scaled by 1/√2 equals the raw score over √2', () => {
  for (let i = 0; i < 2; i++)
    for (let j = 0; j < 2; j++)
      assert.ok(Math.abs(at(m.scaled, i, j) - at(m.raw, i, j) / Math.SQRT2) < 1e-6);
  assert.equal(String(cellArithmetic('scaled', 1, 0, m, lab)), '0.48 / √2 = 0.34');
});

test('step 4: the causal mask hides only the upper triangle', () => {
  assert.deepEqual(rows(m.mask), [
    [1, 0],
    [1, 1],
  ]);
  assert.equal(at(m.masked, 0, 1), -Infinity);
  assert.match(String(cellArithmetic('mask', 0, 1, m, lab)), /\+ \(−∞\) = −∞$/);
});

test('step 5: softmax weights; cat row 42.6% / 57.4%, The row 100% / 0%', () => {
  assert.equal(courseNumbers(m).catWeights, '42.6% / 57.4%');
  assert.equal(at(m.weights, 0, 0), 1);
  assert.equal(at(m.weights, 0, 1), 0);
  assert.ok(Math.abs(at(m.weights, 1, 0) + at(m.weights, 1, 1) - 1) < 1e-6);
  assert.equal(
    String(cellArithmetic('softmax', 1, 0, m, lab)),
    'w = e^0.34 / (e^0.34 + e^0.64) = 42.6%',
  );
});

test('step 6: out[The] = [0.54, −0.16], out[cat] = [0.42, 0.24]', () => {
  const n = courseNumbers(m);
  assert.equal(n.outThe, '[0.54, −0.16]');
  assert.equal(n.outCat, '[0.42, 0.24]');
  assert.equal(
    String(cellArithmetic('output', 1, 0, m, lab)),
    'out[cat]_0 = 0.426 × 0.54 + 0.574 × 0.33 = 0.42',
  );
  // out = weights · V, checked against the engine's own matmul
  const wv = rt.engine.matmul(m.weights, m.w.v).data;
  m.output.data.forEach((x, k) => assert.ok(Math.abs(x - wv[k]) < 1e-6));
});

test('every step has arithmetic for every cell', () => {
  for (const s of STEPS)
    for (let i = 0; i < 2; i++)
      for (let j = 0; j < 2; j++)
        assert.ok(String(cellArithmetic(s, i, j, m, lab)).length > 5, `${s} ${i},${j}`);
});

test('another world walks through every step; only the course numbers need a query and its key, and say so', () => {
  const gift = walkthrough(rt, 'zh-gift');
  for (const step of STEPS)
    assert.ok(String(cellArithmetic(step, 3, 1, gift, (i) => gift.w.tokens[i])).length > 10, step);
  // zh-gift names its query and key (给了, 苹果): its numbers are that pair's
  assert.equal(courseNumbers(gift).catRaw.split(' / ').length, 2);
  const it = walkthrough(rt, 'en-animal-tired');
  assert.throws(() => courseNumbers(it), {
    name: 'DataError',
    message: /\/worlds\/en-animal-tired\/roles has no "key"/,
  });
});
