// engine.attention's JS path without copies it does not need (issue 10): Float32Array-backed
// {shape, data} inputs go straight into the engine, and `want` returns only the parts asked
// for — `['output']` alone through the engine's output-only path, which never forms the
// [H, Tq, Tk] scores and weights.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { engine as loadEngine } from '../helpers/fixture.mjs';

let engine;
before(async () => {
  engine = await loadEngine();
});

/** A seeded [rows, cols] matrix, flat. */
function flat(rows, cols, seed) {
  let s = seed;
  const data = new Float32Array(rows * cols);
  for (let i = 0; i < data.length; i++) {
    s = (s * 1103515245 + 12345) % 2147483648;
    data[i] = s / 2147483648 - 0.5;
  }
  return { shape: [rows, cols], data };
}
const nested = ({ shape: [rows, cols], data }) =>
  Array.from({ length: rows }, (_, i) => Array.from(data.subarray(i * cols, (i + 1) * cols)));

const T = 7;
const gqa = { nHeads: 4, nKvHeads: 2, causal: true };
const q = flat(T, 4 * 3, 1);
const k = flat(T, 2 * 3, 2);
const v = flat(T, 2 * 3, 3);

test('Float32Array {shape, data} and nested arrays give the same attention, bit for bit', () => {
  const fromFlat = engine.attention({ q, k, v, ...gqa });
  const fromNested = engine.attention({ q: nested(q), k: nested(k), v: nested(v), ...gqa });
  for (const part of ['scores', 'weights', 'sinkWeight', 'output'])
    assert.deepEqual(fromFlat[part], fromNested[part], part);
});

test("want: ['output'] is the output-only path: the same output, nothing else", () => {
  const full = engine.attention({ q, k, v, ...gqa });
  const only = engine.attention({ q, k, v, ...gqa, want: ['output'] });
  assert.deepEqual(Object.keys(only), ['output']);
  assert.deepEqual(only.output, full.output);
  // Output-only never forms [H, Tq, Tk]: 4 heads × 4100 × 4100 weights (past 2^26 numbers) are
  // past the work bound with their maps (739 per score at d = 1, issue 43), so the full call is
  // refused before allocating while output-only (98 per score) runs.
  const long = {
    q: flat(4100, 4, 4),
    k: flat(4100, 1, 5),
    v: flat(4100, 1, 6),
    nHeads: 4,
    nKvHeads: 1,
    causal: true,
  };
  assert.throws(() => engine.attention(long), {
    name: 'ShapeError',
    message:
      /attention H × Tq × Tk × \(work per score: d \+ dv \+ 96 \+ d \+ 640\) = 4 × 4100 × 4100/,
  });
  assert.deepEqual(engine.attention({ ...long, want: ['output'] }).output.shape, [4100, 4]);
});

test('want returns just the parts asked for, in the usual key order', () => {
  const full = engine.attention({ q, k, v, ...gqa });
  const two = engine.attention({ q, k, v, ...gqa, want: ['weights', 'output'] });
  assert.deepEqual(Object.keys(two), ['weights', 'output']);
  assert.deepEqual(two.weights, full.weights);
  assert.deepEqual(two.output, full.output);
  const scores = engine.attention({ q, k, v, ...gqa, want: ['scores'] });
  assert.deepEqual(Object.keys(scores), ['scores']);
  assert.deepEqual(scores.scores, full.scores);
  assert.deepEqual(Object.keys(full), ['scores', 'weights', 'sinkWeight', 'output']);
});
