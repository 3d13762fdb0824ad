// node --test tests/js/mla.test.mjs
// The course numbers of <attn-mla>, through the real engine and course-data/models.json, with the
// widget's own helpers (widgets/mla/logic.js): explicit = absorbed, RoPE on the latent breaks the
// absorbed path, DeepSeek-V2's 576 × 2 B per layer and 69,120 B per token, −82.2% and −98.2%.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { exactBytes } from '../../web/dom.js';
import {
  EXAMPLE,
  R_MIN,
  R_MAX,
  DR_MIN,
  DR_MAX,
  runMla,
  v2Ledger,
  courseNumbers,
} from '../../widgets/mla/logic.js';
import { reductionText } from '../../widgets/kv-ledger/logic.js';
import { runtime } from '../helpers/fixture.mjs';

let engine, models;
before(async () => {
  ({ engine, models } = await runtime());
});

test('every course number the widget checks passes', () => {
  const rows = courseNumbers(engine, models);
  assert.equal(rows.length, 8);
  for (const r of rows) assert.ok(r.ok, `${r.name}: expected ${r.expected}, got ${r.actual}`);
});

test('the seeded example: explicit and absorbed agree (< 1e-4); RoPE on the latent is off by > 0.1', () => {
  const m = runMla(engine);
  assert.deepEqual(m.explicit.shape, [EXAMPLE.T, EXAMPLE.nHeads * EXAMPLE.dValue]);
  assert.deepEqual(m.latent.shape, [EXAMPLE.T, EXAMPLE.kvLoraRank]);
  assert.deepEqual(m.kRope.shape, [EXAMPLE.T, EXAMPLE.dRope]);
  assert.ok(m.maxAbsDiff < 1e-4, `maxAbsDiff ${m.maxAbsDiff}`);
  assert.ok(m.ropeOnLatentError > 0.1, `ropeOnLatentError ${m.ropeOnLatentError}`);
  assert.equal(m.bytesPerTokenPerLayer, (8 + 4) * 2);
  assert.equal(m.explicitBytesPerTokenPerLayer, 2 * (8 + 4 + 8) * 2);
});

test('every slider setting: the absorbed path holds with decoupled RoPE and breaks without', () => {
  for (let r = R_MIN; r <= R_MAX; r++) {
    for (let dr = DR_MIN; dr <= DR_MAX; dr += 2) {
      const m = runMla(engine, { kvLoraRank: r, dRope: dr });
      assert.ok(m.maxAbsDiff < 1e-4, `r=${r} dr=${dr}: ${m.maxAbsDiff}`);
      assert.ok(m.ropeOnLatentError > 0.1, `r=${r} dr=${dr}: ${m.ropeOnLatentError}`);
      assert.equal(m.bytesPerTokenPerLayer, (r + dr) * EXAMPLE.dtypeBytes);
    }
  }
});

test('DeepSeek-V2 from models.json: (512 + 64) × 2 B = 1,152 B per layer, × 60 = 69,120 B; −82.2% vs 67B, −98.2% vs MHA', () => {
  const L = v2Ledger(engine, models);
  assert.equal(L.numbersPerLayer.bytesPerToken, 576);
  assert.equal(exactBytes(L.perLayer.bytesPerToken), '1,152 B');
  assert.equal(L.v2.formula, '60 × (512 + 64) × 2 B = 69,120 B');
  assert.equal(L.d67.formula, '95 × 2 × 8 × 128 × 2 B = 389,120 B');
  assert.equal(L.mhaSame.formula, '60 × 2 × 128 × 128 × 2 B = 3,932,160 B');
  assert.equal(reductionText(L.vs67), '−82.2%');
  assert.equal(reductionText(L.vsMha), '−98.2%');
});
