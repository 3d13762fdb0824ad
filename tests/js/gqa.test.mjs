// node --test tests/js/gqa.test.mjs
// The course numbers of <attn-gqa>, through the real engine and the real data files, with the
// widget's own helpers (widgets/gqa/logic.js): the anchor's cache for every KV-head count and
// GQA = MHA with copied K/V on the zh-gift world.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { bytes } from '../../web/dom.js';
import { modelById } from '../../web/models.js';
import {
  ANCHOR_ID,
  GQA_PAPER,
  kvHeadChoices,
  kindLabel,
  ledgerFor,
  groupOf,
  linearStateBytes,
  sharedKvExperiment,
  courseNumbers,
} from '../../widgets/gqa/logic.js';
import { rowOf } from '../../web/tensor.js';
import { runtime } from '../helpers/fixture.mjs';

let rt, models;
before(async () => {
  rt = await runtime();
  models = rt.models;
});

test('every course number the widget checks passes', () => {
  const rows = courseNumbers(rt);
  assert.ok(rows.length >= 8);
  for (const r of rows) assert.ok(r.ok, `${r.name}: expected ${r.expected}, got ${r.actual}`);
});

test('the selector offers the divisors of 24; the anchor uses 4', () => {
  const anchor = modelById(models, ANCHOR_ID);
  assert.equal(anchor.attention.nHeads, 24);
  assert.equal(anchor.attention.nKvHeads, 4);
  assert.deepEqual(kvHeadChoices(24), [24, 12, 8, 6, 4, 3, 2, 1]);
  assert.deepEqual(
    kvHeadChoices(24).map((g) => kindLabel(24, g)),
    ['MHA', 'GQA-12', 'GQA-8', 'GQA-6', 'GQA-4', 'GQA-3', 'GQA-2', 'MQA'],
  );
});

test('the anchor: 384 KiB → 96 GiB (MHA), 64 KiB → 16 GiB (GQA-4), 16 KiB → 4 GiB (MQA) at 262,144 tokens', () => {
  const anchor = modelById(models, ANCHOR_ID);
  const text = (g) => {
    const l = ledgerFor(rt.engine, anchor, g);
    return `${bytes(l.bytesPerToken)} → ${bytes(l.bytesForContext)}`;
  };
  assert.equal(text(24), '384 KiB → 96 GiB');
  assert.equal(text(4), '64 KiB → 16 GiB');
  assert.equal(text(1), '16 KiB → 4 GiB');
  assert.equal(text(8), '128 KiB → 32 GiB');
  assert.equal(ledgerFor(rt.engine, anchor, 4).formula, '16 × 2 × 4 × 256 × 2 B = 65,536 B');
  // the linear-attention state is not KV cache and is left out of the numbers above
  assert.equal(bytes(linearStateBytes(rt.engine, anchor)), '144 MiB');
});

test("halving the KV heads halves the cache (the lesson's 4 → 2 → 1)", () => {
  const anchor = modelById(models, ANCHOR_ID);
  const b = (g) => ledgerFor(rt.engine, anchor, g).bytesPerToken;
  assert.equal(b(4), 2 * b(2));
  assert.equal(b(2), 2 * b(1));
});

test('groups: query head q reads KV head ⌊q / (H/G)⌋, every group the same size', () => {
  for (const g of kvHeadChoices(24)) {
    const sizes = new Array(g).fill(0);
    for (let q = 0; q < 24; q++) sizes[groupOf(q, 24, g)]++;
    assert.ok(
      sizes.every((s) => s === 24 / g),
      `G=${g}: ${sizes}`,
    );
  }
});

test('zh-gift: GQA with 1 KV head = MHA with that KV head copied to both heads (< 1e-6)', () => {
  const e = sharedKvExperiment(rt);
  assert.equal(e.nHeads, 2);
  assert.deepEqual(e.gqa.shape, [5, 4]);
  assert.ok(e.maxAbsDiff < 1e-6, `maxAbsDiff ${e.maxAbsDiff}`);
  assert.deepEqual([...rowOf(e.k2, 0)], [...rowOf(e.k1, 0), ...rowOf(e.k1, 0)]);
  // and it is not trivially equal: the MHA with head B's own K/V gives a different output
  const w = e.world;
  const own = rt.engine.attention({ q: w.q, k: w.k, v: w.v, nHeads: 2, nKvHeads: 2, causal: true });
  const differs = Array.from(own.output.data).some((x, i) => Math.abs(x - e.gqa.data[i]) > 1e-3);
  assert.ok(differs);
});

test('the paper numbers are quoted, as printed in GQA Table 1 (T5-XXL)', () => {
  assert.deepEqual(
    GQA_PAPER.map((r) => `${r.label} ${r.average} ${r.time}`),
    ['MHA 47.2 1.51', 'GQA-8 47.1 0.28', 'MQA 46.6 0.24'],
  );
});
