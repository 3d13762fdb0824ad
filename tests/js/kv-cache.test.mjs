// node --test tests/js/kv-cache.test.mjs
// The course numbers of <attn-kv-cache>, through the real engine (dist/attn-engine.js), with the
// widget's own helpers (widgets/kv-cache/logic.js): 9 vs 4 K/V computations for P = 2, G = 3 and
// 5 recomputed, the per-step computed/reused trace, identical tokens, linear cache bytes.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  DECODER,
  FLOAT32_BYTES,
  COURSE,
  P_MIN,
  P_MAX,
  G_MIN,
  G_MAX,
  generate,
  stepperState,
  sameTokens,
  termsText,
  incrementalDiff,
  courseNumbers,
} from '../../widgets/kv-cache/logic.js';
import { engine as loadEngine } from '../helpers/fixture.mjs';

let engine;
before(async () => {
  engine = await loadEngine();
});

test('every course number the widget checks passes', () => {
  const rows = courseNumbers(engine);
  assert.ok(rows.length >= 7);
  for (const r of rows) assert.ok(r.ok, `${r.name}: expected ${r.expected}, got ${r.actual}`);
});

test('P = 2, G = 3: 9 without the cache (2 + 3 + 4), 4 with (2 + 1 + 1), 5 recomputed', () => {
  const { P, G } = COURSE;
  const a = generate(engine, P, G, false),
    b = generate(engine, P, G, true);
  assert.equal(a.kvComputed, 9);
  assert.equal(termsText(a), '2 + 3 + 4');
  assert.equal(b.kvComputed, 4);
  assert.equal(termsText(b), '2 + 1 + 1');
  assert.equal(b.kvReused, 5);
  assert.equal(a.kvReused, 0);
  assert.equal(a.kvComputed - b.kvComputed, b.kvReused);
});

test('the per-step trace: without the cache every position is recomputed; with it only the newest', () => {
  const a = generate(engine, 2, 3, false),
    b = generate(engine, 2, 3, true);
  assert.deepEqual(
    a.steps.map((s) => s.computed),
    [
      [0, 1],
      [0, 1, 2],
      [0, 1, 2, 3],
    ],
  );
  assert.deepEqual(
    a.steps.map((s) => s.reused),
    [[], [], []],
  );
  assert.deepEqual(
    b.steps.map((s) => s.computed),
    [[0, 1], [2], [3]],
  );
  assert.deepEqual(
    b.steps.map((s) => s.reused),
    [[], [0, 1], [0, 1, 2]],
  );
  assert.deepEqual(
    b.steps.map((s) => s.position),
    [2, 3, 4],
  );
});

test('the general sums: P + (P+1) + … + (P+G−1) without, P + (G−1) with, for every P and G of the sliders', () => {
  for (let P = P_MIN; P <= P_MAX; P++) {
    for (let G = G_MIN; G <= G_MAX; G++) {
      const a = generate(engine, P, G, false),
        b = generate(engine, P, G, true);
      assert.equal(a.kvComputed, G * P + (G * (G - 1)) / 2, `P=${P} G=${G} without`);
      assert.equal(b.kvComputed, P + G - 1, `P=${P} G=${G} with`);
      assert.ok(sameTokens(a.tokens, b.tokens), `P=${P} G=${G}: ${a.tokens} vs ${b.tokens}`);
      assert.equal(a.tokens.length, P + G);
    }
  }
});

test('running counts at step s are the engine run stopped after s steps', () => {
  const { full, upTo } = stepperState(engine, 2, 3, 2);
  assert.equal(upTo.without.kvComputed, 5); // 2 + 3
  assert.equal(upTo.with.kvComputed, 3); // 2 + 1
  assert.deepEqual(upTo.with.tokens, full.with.tokens.slice(0, 4));
  const last = stepperState(engine, 2, 3, 3);
  assert.equal(last.upTo, last.full); // the last step is the whole run
});

test('cache bytes grow linearly: L × 2 × t × G × d × 4 B per step, 0 without the cache', () => {
  const b = generate(engine, 3, 5, true);
  // the test's own check
  const perPosition = DECODER.nLayers * 2 * DECODER.nKvHeads * DECODER.dHead * FLOAT32_BYTES;
  assert.deepEqual(
    b.steps.map((s) => s.cacheBytes),
    b.steps.map((s) => s.position * perPosition),
  );
  assert.deepEqual(
    generate(engine, 3, 5, false).steps.map((s) => s.cacheBytes),
    [0, 0, 0, 0, 0],
  );
});

test('incremental decoding through the cache matches the full pass (< 1e-4)', () => {
  const b = generate(engine, 6, 8, true);
  assert.ok(incrementalDiff(engine, b.tokens) < 1e-4);
});
