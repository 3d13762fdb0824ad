// <attn-residual>'s logic with the real engine, against an independent computation in plain JS:
// the heads' concatenation is the engine's multi-head output row, o·W_O and the residual add
// are what the matrices say, the identity concat·W_O = Σ_h head_h·W_O[h] holds, and Q = X·W_Q.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { runtime } from '../helpers/fixture.mjs';
import { residualRow, courseChecks, WORLD } from '../../widgets/residual/logic.js';

let rt;
before(async () => {
  rt = await runtime();
});

const close = (a, b, tol, what) =>
  a.forEach((x, i) => assert.ok(Math.abs(x - b[i]) <= tol, `${what}[${i}]: ${x} vs ${b[i]}`));

test('给了: o·W_O and x + o·W_O match a plain-JS product of the world’s own matrices', () => {
  const world = rt.world.worlds[WORLD];
  const row = world.tokens.indexOf('给了');
  const r = residualRow(rt, row);
  assert.equal(r.concat.length, world.Wo.length);
  const mixed = world.Wo[0].map((_, j) => r.concat.reduce((s, c, k) => s + c * world.Wo[k][j], 0));
  close(r.mixed, mixed, 1e-6, 'o·W_O');
  close(
    r.after,
    world.x[row].map((x, j) => x + mixed[j]),
    1e-6,
    'x + o·W_O',
  );
  assert.equal(r.heads.length, world.heads);
  assert.deepEqual(r.heads.flat(), r.concat);
});

test('the identity and the shared projection hold for every token (the self-check)', () => {
  const rows = courseChecks(rt);
  assert.equal(rows.length, 2);
  for (const c of rows) assert.ok(c.ok, `${c.name}: ${c.actual}`);
  const r = residualRow(rt, 0);
  assert.ok(r.identityError <= 1e-6 && r.qError === 0);
});

test('a token index outside the sentence is a RangeError naming the range', () => {
  assert.throws(() => residualRow(rt, 9), /token index 9 is not 0 … 4/);
});
