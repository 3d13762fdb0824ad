// node --test tests/js/misconceptions.test.mjs
// <attn-misconceptions>' proof numbers through the real engine and course data
// (widgets/misconceptions/logic.js); every card links to a lesson page that exists.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  proofNumbers,
  courseNumbers,
  ROWS,
  ORIGINAL_TRANSFORMER,
} from '../../widgets/misconceptions/logic.js';
import { runtime, readJson } from '../helpers/fixture.mjs';

let rt;
before(async () => {
  rt = await runtime();
});

test('every number the table checks matches the chapter guide', () => {
  const rows = courseNumbers(rt);
  assert.equal(rows.length, 7);
  for (const r of rows) assert.equal(r.actual, r.expected, r.name);
});

test('twelve misconceptions, each linked to lesson pages that exist', () => {
  assert.equal(ROWS.length, 12);
  const slugs = new Set(readJson('course-data/lessons.json').lessons.map((l) => l.slug));
  for (const r of ROWS) {
    assert.ok(r.lessons.length > 0, r.id);
    for (const s of r.lessons) assert.ok(slugs.has(s), `${r.id} → ${s}`);
  }
});

test('the proofs come from the engine: zeroing after softmax leaves the 给了 row at 0.675', () => {
  const n = proofNumbers(rt);
  assert.equal(n.zeroedRowSum, '0.675');
  assert.equal(n.ropeSame, '1.765 / 1.765 / 1.765'); // q at i, k at j < i: (3, 2), (10, 9), (1, 0)
  assert.equal(n.cacheFormula, '16 × 2 × 4 × 256 × 2 B = 65,536 B');
  assert.equal(n.qkvShapes, '5 × 4 / 5 × 4 / 5 × 4');
  // the experiment's standard deviations: about √256 = 16 before ÷√d, about 1 after
  assert.ok(Math.abs(Number(n.stdUnscaled) - 16) < 1.5, n.stdUnscaled);
  assert.ok(Math.abs(Number(n.stdScaled) - 1) < 0.1, n.stdScaled);
});

test('the width correction goes back to the original Transformer: 512 / 8 = 64', () => {
  assert.deepEqual({ ...ORIGINAL_TRANSFORMER }, { dModel: 512, heads: 8, dK: 64 });
  assert.equal(proofNumbers(rt).originalWidth, '512 / 8 = 64');
});

test('the numbers follow the data: another dialogue example, another softmax', () => {
  const world = structuredClone(rt.world);
  world.scoreExamples.dialog.scores = [1, 1, 1];
  assert.equal(proofNumbers({ ...rt, world }).dialogSoftmax, '33.3% / 33.3% / 33.3%');
});
