// <attn-polysemy>'s numbers through the real engine and the teaching world: 花 (hua) ends three
// sentences with one and the same input row, and attention gives it three different outputs;
// the cosines are the engine's and fit their formula; each output is its weights times V.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { runtime } from '../helpers/fixture.mjs';
import {
  SENSE_WORLDS,
  sharedToken,
  polysemy,
  polysemyChecks,
  pairMath,
} from '../../widgets/polysemy/logic.js';
import { STRINGS } from '../../widgets/polysemy/strings.js';

let rt;
before(async () => {
  rt = await runtime();
});

test('three sentences of the teaching world end with one token, 花, whose row x is the same', () => {
  assert.equal(sharedToken(rt), '花');
  const worlds = SENSE_WORLDS.map((id) => rt.world.worlds[id]);
  const rows = worlds.map((w) => JSON.stringify(w.x.at(-1)));
  assert.equal(new Set(rows).size, 1);
  // the same projections as the chapter's sentence
  for (const w of worlds)
    for (const m of ['Wq', 'Wk', 'Wv']) assert.deepEqual(w[m], rt.world.worlds['zh-gift'][m], m);
  // the contexts differ
  assert.equal(new Set(worlds.map((w) => w.tokens.slice(0, -1).join(''))).size, 3);
  assert.match(worlds[0].note.en, /hand-constructed/i);
});

test('the same input, three outputs: inputs at cosine 1, outputs far apart (every cosine < 0.5)', () => {
  const p = polysemy(rt);
  for (const row of p.inputCos) for (const c of row) assert.ok(Math.abs(c - 1) < 1e-6, String(c));
  assert.equal(p.pairs.length, 3);
  for (const q of p.pairs) {
    assert.ok(q.cos < 0.5, `${q.a}-${q.b}: ${q.cos}`);
    // cos = a·b / √(a·a × b·b), every term from the engine
    assert.ok(Math.abs(q.cos - q.dot / Math.sqrt(q.aa * q.bb)) < 1e-5);
  }
  for (const s of p.senses) {
    assert.equal(s.weights.length, s.tokens.length);
    assert.ok(Math.abs(s.weights.reduce((a, b) => a + b, 0) - 1) < 1e-5);
    assert.ok(
      s.weights.every((w) => w > 0),
      'the last token sees every word',
    );
  }
});

test('each output is the engine’s attention row, and its weights times V', () => {
  for (const r of polysemyChecks(rt)) assert.ok(r.ok, `${r.name}: ${r.actual}`);
});

test('a world that does not end with the shared token is named', () => {
  const world = structuredClone(rt.world);
  world.worlds['zh-hua-eyes'].tokens = [...world.worlds['zh-hua-eyes'].tokens.slice(0, -1), '草'];
  assert.throws(() => sharedToken({ ...rt, world }), /zh-hua-eyes should end with the token 花/);
});

test('the formula line reads as the cosine of two outputs with its numbers', () => {
  const p = polysemy(rt);
  const text = String(pairMath(p.pairs[0], 'A', 'B'));
  assert.match(text, /^cos\(o_A, o_B\) = o_A·o_B \/ \(\|o_A\| \|o_B\|\) = /);
  assert.ok(text.endsWith(p.pairs[0].cos.toFixed(3).replace('-', '−')), text);
  assert.match(STRINGS.en.title('花'), /花 \(hua\)/);
});
