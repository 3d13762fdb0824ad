// node --test tests/js/rnn-vs-attention.test.mjs
// <attn-rnn-vs-attention>'s numbers through the real engine (dist/attn-engine.js) and the real
// teaching world, with the widget's own helpers (widgets/rnn-vs-attention/logic.js): the RNN's
// chain counts at T = 4,096 (4,096 sequential steps, 4,095 updates from token 1 to token T), the
// attention side from the engine's causal mask (path length 1, 4,096 keys for token T), and the
// 5-token causal weights of zh-gift summing to 1 per row.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { grouped } from '../../web/dom.js';
import {
  T_PICTURE,
  T_COUNT,
  COURSE_T,
  clampInt,
  rnnDependsOn,
  rnnCounts,
  attentionCounts,
  causalPattern,
  worldWeights,
  rowSum,
  pictureLabels,
  subscript,
} from '../../widgets/rnn-vs-attention/logic.js';
import { runtime } from '../helpers/fixture.mjs';

let rt;
before(async () => {
  rt = await runtime();
});

test('T = 4,096: 4,096 RNN steps per layer that cannot run in parallel, 4,095 updates from token 1 to token T', () => {
  assert.equal(COURSE_T, 4096);
  const r = rnnCounts(COURSE_T);
  assert.equal(grouped(r.sequentialSteps), '4,096');
  assert.equal(grouped(r.pathLength), '4,095');
});

test('the RNN chain: step t depends on step t − 1 and token t, so walking back from T takes T − 1 links to token 1', () => {
  for (const T of [1, 2, 5, 12, 4096]) {
    // walk the dependency chain from h_T back to h_1 (the step that read token 1)
    let t = T,
      links = 0;
    while (t > 1) {
      t = rnnDependsOn(t).state;
      links++;
    }
    assert.equal(links, rnnCounts(T).pathLength, `T = ${T}`);
    assert.equal(rnnDependsOn(T).token, T);
  }
});

test("attention at T = 4,096 from the engine's causal mask: 1 sequential step, path length 1, token T reads 4,096 keys", () => {
  const a = attentionCounts(rt.engine, COURSE_T);
  assert.equal(a.sequentialSteps, 1);
  assert.equal(a.pathLength, 1);
  assert.equal(a.keysOfLast, 4096);
  assert.equal(grouped(a.pairs), '8,390,656');
  const one = attentionCounts(rt.engine, 1);
  assert.equal(one.pathLength, 0);
  assert.equal(one.keysOfLast, 1);
});

test("the causal pattern of the picture is the engine's mask: query i reaches keys 0 … i", () => {
  for (let T = T_PICTURE.min; T <= T_PICTURE.max; T++) {
    const p = causalPattern(rt.engine, T);
    let pairs = 0;
    p.forEach((row, i) =>
      row.forEach((on, j) => {
        assert.equal(on, j <= i, `T=${T} (${i},${j})`);
        pairs += on;
      }),
    );
    assert.equal(
      pairs,
      attentionCounts(rt.engine, T).pairs,
      `T = ${T}: the arcs drawn = 1 + … + T`,
    );
  }
});

test("zh-gift, 5 tokens, causal: every row sums to 1 and the course's 给了 row (苹果 56.5%, 小明 39.4%)", () => {
  const w = worldWeights(rt, 5);
  assert.equal(w.length, 5);
  for (const row of w) assert.ok(Math.abs(rowSum(row) - 1) < 1e-6, `row sums to ${rowSum(row)}`);
  w.forEach((row, i) =>
    row.forEach((x, j) => {
      if (j > i) assert.equal(x, 0);
    }),
  );
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  assert.equal(pct(w[3][2]), '56.5%');
  assert.equal(pct(w[3][0]), '39.4%');
  assert.deepEqual(
    w[2].slice(0, 3).map((x) => `${(x * 100).toFixed(0)}%`),
    ['30%', '41%', '29%'],
  );
});

test('shorter prefixes keep the same causal weights (a causal row never sees later tokens); longer T has no weights', () => {
  const full = worldWeights(rt, 5);
  for (let T = 2; T < 5; T++) {
    const w = worldWeights(rt, T);
    w.forEach((row, i) =>
      row.forEach((x, j) => assert.ok(Math.abs(x - full[i][j]) < 1e-6, `T=${T} (${i},${j})`)),
    );
  }
  assert.equal(worldWeights(rt, 6), null);
});

test('labels, subscripts, clamping', () => {
  const tokens = rt.world.worlds['zh-gift'].tokens;
  assert.deepEqual(pictureLabels(tokens, 3), ['小明', '把', '苹果']);
  assert.deepEqual(pictureLabels(tokens, 6).slice(-2), ['x₅', 'x₆']);
  assert.equal(subscript(12), '₁₂');
  assert.equal(clampInt('4096', T_COUNT.min, T_COUNT.max, 7), 4096);
  assert.equal(clampInt('9999999', T_COUNT.min, T_COUNT.max, 7), T_COUNT.max);
  assert.equal(clampInt('0', T_COUNT.min, T_COUNT.max, 7), 1);
  assert.equal(clampInt('', T_COUNT.min, T_COUNT.max, 7), 7);
  assert.equal(clampInt('abc', T_COUNT.min, T_COUNT.max, 7), 7);
});
