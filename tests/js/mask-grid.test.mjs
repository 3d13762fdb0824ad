// <attn-mask-grid>'s logic with the real engine: the causal mask, the weights under an edited
// mask (−∞ before softmax: rows sum to 1, masked weights exactly 0; zero after softmax: the
// mistake's rows sum to less), and the self-check against the world's facts.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { runtime } from '../helpers/fixture.mjs';
import { worldTensors } from '../../web/world.js';
import { causalMask, maskedAttention, courseChecks } from '../../widgets/mask-grid/logic.js';

let rt, w;
before(async () => {
  rt = await runtime();
  w = worldTensors(rt, 'zh-gift');
});

const rowSums = (r, n) =>
  Array.from({ length: n }, (_, i) =>
    r.weights.data.subarray(i * n, (i + 1) * n).reduce((a, b) => a + b, 0),
  );

test('the causal mask: row i sees keys 0 … i', () => {
  assert.deepEqual(causalMask(3), [
    [true, false, false],
    [true, true, false],
    [true, true, true],
  ]);
});

test('−∞ before softmax: masked weights are 0 and rows sum to 1; zero after softmax: less', () => {
  const n = w.tokens.length;
  const mask = causalMask(n);
  mask[4][1] = false; // one more cell off: the row renormalises
  const right = maskedAttention(rt.engine, w, mask);
  const wrong = maskedAttention(rt.engine, w, mask, 'zero-after-softmax');
  for (const s of rowSums(right, n)) assert.ok(Math.abs(s - 1) < 1e-6, String(s));
  assert.equal(right.weights.data[4 * n + 1], 0);
  assert.equal(right.weights.data[0 * n + 1], 0);
  const sums = rowSums(wrong, n);
  assert.ok(Math.abs(sums[n - 1] - 1) > 1e-3 && sums[n - 1] < 1, `last row sums to ${sums[n - 1]}`);
  assert.ok(sums[0] < 1, `the first row, which sees one key of five, sums to ${sums[0]}`);
});

test('the self-check: the seed’s numbers for the course’s world, by its roles', () => {
  const rows = courseChecks(rt, 'zh-gift');
  for (const r of rows) assert.ok(r.ok, `${r.name}: expected ${r.expected}, got ${r.actual}`);
  assert.deepEqual(
    rows.map((r) => `${r.name}: ${r.actual}`),
    [
      'no mask: 给了 → 小王: 32.5%',
      'causal: 给了 → 苹果: 56.5%',
      'causal: 给了 → 小明: 39.4%',
      'causal: 苹果 → 小明 / 把 / 苹果: 30% / 41% / 29%',
      `causal rows sum to 1 (±1e-6): ${rows[4].actual}`,
    ],
  );
  assert.equal(rows[0].key, 'no mask: {query} → {answer}');
});

test('a world without the lesson’s roles (answer, object, giver) has only its row sums checked', () => {
  const rows = courseChecks(rt, 'en-the-cat');
  assert.deepEqual(
    rows.map((r) => r.name),
    ['causal rows sum to 1 (±1e-6)'],
  );
  assert.ok(rows[0].ok);
});
