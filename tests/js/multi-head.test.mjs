// <attn-multi-head>'s course numbers through the REAL engine and the real data files: the 给了
// row under one head (56.5% 苹果 / 39.4% 小明) and under the same projections split in two heads
// (head A 89.5% 小明, head B 77.0% 苹果); equal parameters and multiply-adds; 24 × 256 ≠ 5120.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  multiHead,
  headDot,
  cost,
  costs,
  anchorHeads,
  courseNumbers,
} from '../../widgets/multi-head/logic.js';
import { runtime } from '../helpers/fixture.mjs';
import { at, rowOf, tensorFrom } from '../../web/tensor.js';

let rt, m;
before(async () => {
  rt = await runtime();
  m = multiHead(rt);
});

test('给了 row: head A 89.5% on 小明, head B 77.0% on 苹果, one head 56.5% / 39.4%', () => {
  const c = courseNumbers(rt);
  assert.equal(c.headA, '89.5%');
  assert.equal(c.headB, '77.0%');
  assert.equal(c.single, '56.5% / 39.4%');
});

test('the heads are the column blocks: head A equals one head run on columns 0–1', () => {
  // columns a … b − 1 of a {shape, data} tensor, as a tensor
  const cols = (t, a, b) =>
    tensorFrom(Array.from({ length: t.shape[0] }, (_, i) => rowOf(t, i).subarray(a, b)));
  for (const [view, a, b] of [
    ['A', 0, 2],
    ['B', 2, 4],
  ]) {
    const r = rt.engine.attention({
      q: cols(m.w.q, a, b),
      k: cols(m.w.k, a, b),
      v: cols(m.w.v, a, b),
      causal: true,
    });
    m.views[view].weights.data.forEach((x, k) => assert.ok(Math.abs(x - r.weights.data[k]) < 1e-6));
  }
  // scaled by 1/√2 per head, 1/√4 for the single head
  const gave = m.w.tokens.indexOf('给了');
  assert.ok(
    Math.abs(at(m.views.A.scores, gave, 0) - headDot(rt, m, 'A', gave, 0) / Math.SQRT2) < 1e-5,
  );
  assert.ok(
    Math.abs(at(m.views.single.scores, gave, 0) - headDot(rt, m, 'single', gave, 0) / 2) < 1e-5,
  );
});

test('causal rows sum to 1 and the future is exactly 0, in every view', () => {
  for (const v of Object.values(m.views)) {
    for (let i = 0; i < v.weights.shape[0]; i++) {
      const row = rowOf(v.weights, i);
      assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-6);
      row.forEach((x, j) => {
        if (j > i) assert.equal(x, 0);
      });
    }
  }
});

test('same parameters and multiply-adds: 1 head of d = 4 vs 2 heads of d = 2', () => {
  const k = costs(m);
  assert.deepEqual([k.single.params, k.split.params], [48, 48]);
  assert.deepEqual([k.single.proj, k.split.proj], [240, 240]);
  assert.deepEqual([k.single.qk, k.split.qk], [100, 100]);
  assert.deepEqual([k.single.av, k.split.av], [100, 100]);
  assert.equal(k.single.total, k.split.total);
  assert.deepEqual([k.single.softmaxes, k.split.softmaxes], [5, 10]);
  // splitting never changes the count, whatever the shapes
  for (const H of [1, 2, 4, 8])
    assert.equal(
      cost({ T: 7, dModel: 16, H, d: 16 / H }).total,
      cost({ T: 7, dModel: 16, H: 1, d: 16 }).total,
    );
});

test('anchor: 24 heads × 256 = 6144 ≠ hidden 5120', () => {
  const a = anchorHeads(rt);
  assert.deepEqual([a.nHeads, a.headDim, a.product, a.hiddenSize], [24, 256, 6144, 5120]);
});

test('a world without the lesson tokens and a model without an attention config are named errors', () => {
  assert.throws(() => courseNumbers(rt, 'en-the-cat'), {
    name: 'DataError',
    message: /\/worlds\/en-the-cat\/roles has no "object"/,
  });
  assert.throws(
    () => anchorHeads(rt, 'deepseek-v4.1-flash'),
    /model "deepseek-v4.1-flash" has no attention config/,
  );
});
