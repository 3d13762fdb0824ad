// <attn-value-mix>'s numbers through the REAL engine and the real teaching world: row 给了's
// weights (56.5% / 39.4% causal, 32.5% on 小王 without a mask), the contributions w_j v_j adding
// up to the engine's output, and K versus V for the two names (cos 0.995 vs clearly lower).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { worldTensors } from '../../web/world.js';
import { at, rowOf } from '../../web/tensor.js';
import { runtime } from '../helpers/fixture.mjs';
import {
  visibleKeys,
  mixRow,
  contributionError,
  nameSplit,
  dimFormula,
  courseChecks,
} from '../../widgets/value-mix/logic.js';

let engine, w, rt;
before(async () => {
  rt = await runtime();
  engine = rt.engine;
  w = worldTensors(rt, 'zh-gift');
});

const GAVE = 3,
  MING = 0,
  APPLE = 2,
  WANG = 4;
const pct = (x) => `${(x * 100).toFixed(1)}%`;

test('row 给了, causal: 苹果 56.5%, 小明 39.4%, future 小王 exactly 0', () => {
  const m = mixRow(engine, w, GAVE, true);
  assert.deepEqual(m.keys, [0, 1, 2, 3]);
  assert.equal(pct(m.weights[APPLE]), '56.5%');
  assert.equal(pct(m.weights[MING]), '39.4%');
  assert.equal(m.weights[WANG], 0);
  assert.equal(m.contributions.length, 4);
});

test('row 给了, no mask: 32.5% on 小王', () => {
  const m = mixRow(engine, w, GAVE, false);
  assert.equal(m.keys.length, 5);
  assert.equal(pct(m.weights[WANG]), '32.5%');
});

test('contributions w_j v_j add up to the engine output, every row, both masks (±1e-5)', () => {
  let worst = 0;
  for (let i = 0; i < 5; i++) {
    for (const c of [true, false]) {
      const m = mixRow(engine, w, i, c);
      m.keys.forEach((j, n) =>
        // Exactly the float32 product w_j · v_jd (one matmul per key gave the same before).
        m.contributions[n].forEach((x, d) =>
          assert.equal(x, Math.fround(m.weights[j] * Math.fround(at(w.v, j, d)))),
        ),
      );
      worst = Math.max(worst, contributionError(m));
    }
  }
  console.log(`# largest |Σ_j w_j v_j − output| = ${worst.toExponential(2)}`);
  assert.ok(worst <= 1e-5);
  assert.deepEqual(visibleKeys(5, 1, true), [0, 1]);
});

test("the per-dimension formula ends in the engine's output", () => {
  const m = mixRow(engine, w, GAVE, true);
  const f = String(dimFormula(m, w.v, 0));
  assert.match(
    f,
    /^out_1 = 0\.\d{3} × \(?−?\d+\.\d\d\)?( \+ 0\.\d{3} × \(?−?\d+\.\d\d\)?){3} = −?\d+\.\d{3}$/,
  );
  assert.ok(f.endsWith(m.output[0].toFixed(3).replace('-', '−')));
});

test('the same weights on K: engine.attention with v := k', () => {
  const m = mixRow(engine, w, GAVE, true);
  const direct = engine.matmul([m.weights], w.k).data;
  m.retrievedK.forEach((x, d) => assert.ok(Math.abs(x - direct[d]) < 1e-5));
});

test('K of 小明 and 小王: cosine 0.995; V clearly lower; moving the attention barely moves K, moves V a lot', () => {
  const s0 = nameSplit(engine, w, 0),
    s1 = nameSplit(engine, w, 1),
    half = nameSplit(engine, w, 0.5);
  assert.equal(s1.k.cosAB.toFixed(3), '0.995');
  assert.equal(s1.k.cosAB, engine.cosine(rowOf(w.k, MING), rowOf(w.k, WANG)));
  assert.ok(s1.v.cosAB < 0.5);
  console.log(
    `# cos(K_小明, K_小王) = ${s1.k.cosAB.toFixed(4)}, cos(V_小明, V_小王) = ${s1.v.cosAB.toFixed(4)}`,
  );
  assert.ok(Math.abs(s0.k.cosToA - 1) < 1e-6 && Math.abs(s0.v.cosToA - 1) < 1e-6);
  assert.equal(s1.k.cosToA.toFixed(3), '0.995');
  assert.ok(Math.abs(s1.v.cosToA - s1.v.cosAB) < 1e-6);
  assert.ok(half.k.cosToA > 0.99 && half.v.cosToA < half.k.cosToA);
  console.log(
    `# half-way: cos to 小明's K ${half.k.cosToA.toFixed(4)}, to 小明's V ${half.v.cosToA.toFixed(4)}`,
  );
  assert.equal(nameSplit(engine, { ...w, roles: {} }, 0.5), null, 'a world that names no names');
});

test('the self-check rows all pass', () => {
  const rows = courseChecks(rt, 'zh-gift');
  assert.equal(rows.length, 7);
  for (const r of rows) assert.ok(r.ok, `${r.name}: expected ${r.expected}, got ${r.actual}`);
  // what the panel prints for the course's world: the seed's numbers, the tokens by their roles
  assert.deepEqual(
    rows.map((r) => `${r.name}: ${r.expected}`),
    [
      'causal, row 给了: weight on 苹果: 56.5%',
      'causal, row 给了: weight on 小明: 39.4%',
      'no mask, row 给了: weight on 小王: 32.5%',
      'Σ_j w_j v_j = engine output, every row, both masks (±1e-5): ≤ 1e-5',
      'cos(K[小明], K[小王]): 0.995',
      'cos(V[小明], V[小王]) clearly lower: < 0.5',
      'all weight moved 小明 → 小王: retrieved K keeps cos 0.995 with the start: 0.995',
    ],
  );
});
