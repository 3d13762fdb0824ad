// <attn-cosine-projection>'s numbers through the REAL engine and the real teaching world:
// lesson 1's raw-cosine ranking, the projected q·k ranking, and the K/V cosines of the names.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { worldTensors } from '../../web/world.js';
import { rowOf } from '../../web/tensor.js';
import { runtime } from '../helpers/fixture.mjs';
import {
  scoreRow,
  ranking,
  formulaFor,
  barSpan,
  trackRange,
  keyValuePair,
  pairFormula,
  courseChecks,
} from '../../widgets/cosine-projection/logic.js';

let engine, w, rt;
before(async () => {
  rt = await runtime();
  engine = rt.engine;
  w = worldTensors(rt, 'zh-gift');
});

const GAVE = 3;
const names = (idx) => idx.map((j) => w.tokens[j]);

test("the world is the lesson sentence and 给了 is token 3 (the widget's default query)", () => {
  assert.deepEqual(w.tokens, ['小明', '把', '苹果', '给了', '小王']);
  assert.equal(w.tokens[GAVE], '给了');
});

test('raw cosine: 给了 is most like itself (1.000), then 把; 小明/苹果/小王 are the three lowest', () => {
  const cos = scoreRow(engine, w, GAVE, 'cosine');
  const order = ranking(cos);
  assert.equal(w.tokens[order[0]], '给了');
  assert.equal(cos[GAVE].toFixed(3), '1.000');
  assert.equal(w.tokens[order[1]], '把');
  assert.deepEqual(new Set(names(order.slice(2))), new Set(['小明', '苹果', '小王']));
  // the row agrees with engine.cosine pair by pair
  cos.forEach((c, j) =>
    assert.ok(Math.abs(c - engine.cosine(rowOf(w.x, GAVE), rowOf(w.x, j))) < 1e-6),
  );
});

test('projected q_给了·k_j: 苹果 > 小王 > 小明 > 把 > 给了, scaled or not', () => {
  const expected = ['苹果', '小王', '小明', '把', '给了'];
  const raw = scoreRow(engine, w, GAVE, 'dot');
  assert.deepEqual(names(ranking(raw)), expected);
  assert.deepEqual(names(ranking(scoreRow(engine, w, GAVE, 'scaled'))), expected);
  raw.forEach((s, j) =>
    assert.ok(Math.abs(s - engine.dot(rowOf(w.q, GAVE), rowOf(w.k, j))) < 1e-5),
  );
});

test('K of 小明 and 小王: cosine 0.995; their V: clearly lower', () => {
  const kv = keyValuePair(engine, w);
  assert.equal(kv.k.cos.toFixed(3), '0.995');
  assert.ok(kv.v.cos < 0.3, `cos(V_小明, V_小王) = ${kv.v.cos}`);
  console.log(
    `# cos(K_小明, K_小王) = ${kv.k.cos.toFixed(4)}, cos(V_小明, V_小王) = ${kv.v.cos.toFixed(4)}`,
  );
  assert.match(
    String(pairFormula('K', kv.k, '小明', '小王')),
    /^cos\(K_小明, K_小王\) = .* = 0\.995$/,
  );
});

test('the self-check rows all pass', () => {
  const rows = courseChecks(rt, 'zh-gift');
  assert.equal(rows.length, 7);
  for (const r of rows) assert.ok(r.ok, `${r.name}: expected ${r.expected}, got ${r.actual}`);
  // what the panel prints for the course's world: seed 004's claims, the tokens by their roles
  assert.deepEqual(
    rows.map((r) => `${r.name}: ${r.expected}`),
    [
      'raw cosine row 给了: first: 给了 1.000',
      'raw cosine row 给了: second: 把',
      'raw cosine row 给了: three lowest: 小明 / 苹果 / 小王',
      'projected q[给了]·k_j ranking: 苹果 > 小王 > 小明 > 把 > 给了',
      'scaled q[给了]·k_j/√d ranking (same order): 苹果 > 小王 > 小明 > 把 > 给了',
      'cos(K[小明], K[小王]): 0.995',
      'cos(V[小明], V[小王]) clearly lower: < 0.3',
    ],
  );
});

test('formulas substitute the engine numbers and end in the value shown', () => {
  const lab = (j) => w.tokens[j];
  const cos = scoreRow(engine, w, GAVE, 'cosine');
  const f = String(formulaFor(engine, w, 'cosine', GAVE, 2, cos[2], lab));
  assert.match(
    f,
    /^cos = x_给了·x_苹果 \/ \(\|x_给了\| \|x_苹果\|\) = −?\d+\.\d\d \/ √\(\d+\.\d\d × \d+\.\d\d\) = −?\d\.\d{3}$/,
  );
  const s = scoreRow(engine, w, GAVE, 'scaled');
  assert.match(
    String(formulaFor(engine, w, 'scaled', GAVE, 2, s[2], lab)),
    /^q_给了·k_苹果 \/ √4 = \d+\.\d\d \/ √4 = \d+\.\d\d$/,
  );
  const d = scoreRow(engine, w, GAVE, 'dot');
  assert.ok(
    String(formulaFor(engine, w, 'dot', GAVE, 2, d[2], lab)).endsWith(`= ${d[2].toFixed(2)}`),
  );
});

test('bar geometry: zero included, negatives to the left of zero', () => {
  assert.deepEqual(trackRange([0.5, 1]), { lo: 0, hi: 1 });
  const { lo, hi } = trackRange([-1, 3]);
  assert.deepEqual(barSpan(-1, lo, hi), { zero: 0.25, left: 0, width: 0.25 });
  assert.deepEqual(barSpan(3, lo, hi), { zero: 0.25, left: 0.25, width: 0.75 });
});
