// <attn-heatmap>'s logic with the real engine: a page's inline data read and refused with what is
// wrong, one head of a world's attention (causal: nothing above the diagonal; rows sum to 1; a
// head outside the heads is no head), and the self-check failing on weights that break it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { runtime } from '../helpers/fixture.mjs';
import { worldTensors } from '../../web/world.js';
import { readInlineData, headWeights, heatmapChecks } from '../../widgets/heatmap/logic.js';

let rt, w;
before(async () => {
  rt = await runtime();
  w = worldTensors(rt, 'zh-gift');
});

test('inline data: labels and n × n finite weights; English labels default to the labels', () => {
  const ok = readInlineData('{"labels": ["小", "猫"], "weights": [[1, 0], [0.2, 0.8]]}');
  assert.deepEqual(ok, {
    data: {
      labels: ['小', '猫'],
      labelsEn: ['小', '猫'],
      weights: [
        [1, 0],
        [0.2, 0.8],
      ],
      note: undefined,
    },
  });
  const bad = (text) => readInlineData(text).problem;
  assert.match(bad('{"labels": ["a"'), /JSON|Expected|Unexpected/);
  assert.ok(readInlineData('{').cause instanceof SyntaxError);
  assert.equal(
    bad('{"labels": ["a", "b"], "weights": [[1, 0]]}'),
    '"weights" must be 2×2 finite numbers, one row per label',
  );
  assert.match(bad('{"labels": ["a"], "weights": [["x"]]}'), /1×1 finite numbers/);
  assert.match(bad('{"labels": [], "weights": []}'), /0×0/);
});

test('one head of a world from the engine: rows sum to 1, causal weights 0 above the diagonal', () => {
  const n = w.tokens.length;
  const causal = headWeights(rt.engine, w, { heads: 1, head: 0, causal: true });
  assert.equal(causal.length, n * n);
  assert.deepEqual(
    heatmapChecks(causal, n, true).map((r) => r.ok),
    [true, true],
  );
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) assert.equal(causal[i * n + j], 0);
  const full = headWeights(rt.engine, w, { heads: 1, head: 0, causal: false });
  assert.ok(full[1] > 0, 'without the mask the first row reads the second token');
  assert.equal(headWeights(rt.engine, w, { heads: 1, head: 1, causal: false }), null);
  assert.equal(headWeights(rt.engine, w, { heads: 1, head: 0.5, causal: false }), null);
  assert.throws(() => headWeights(rt.engine, w, { heads: 5, head: 0, causal: false }));
});

test('the self-check fails on rows that do not sum to 1 and on weight after the query', () => {
  const rows = heatmapChecks([0.5, 0.4, 0, 1], 2, true);
  assert.deepEqual(
    rows.map((r) => [r.name, r.ok]),
    [
      ['rows sum to 1 (±1e-6)', false],
      ['future weights exactly 0', false],
    ],
  );
  assert.equal(rows[0].actual, '1.0e-1');
  assert.equal(
    heatmapChecks([1, 0, 0.5, 0.5], 2, false).length,
    1,
    'no causal row without the mask',
  );
});
