// <attn-rope>'s course numbers through the REAL engine and the real data files: after RoPE the
// score q_rot·k_rot depends only on j − i; V is not rotated (what a row retrieves does not move
// with the sentence); rotaryDim 2 of 4 leaves dims 2–3 bit for bit; the anchor turns 64 of 256.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  vectors,
  ropeScore,
  scoreGrid,
  pairs,
  retrieved,
  anchorHead,
  anchorFrequencies,
  partialToy,
  courseChecks,
  rotate,
  TOY_BASE,
  recordedBases,
} from '../../widgets/rope/logic.js';
import { STRINGS } from '../../widgets/rope/strings.js';
import { runtime } from '../helpers/fixture.mjs';

let rt;
before(async () => {
  rt = await runtime();
});

test('q of 给了 and k of 苹果, 4 dims = 2 rotating pairs', () => {
  const v = vectors(rt);
  assert.equal(v.w.tokens[v.qi], '给了');
  assert.equal(v.w.tokens[v.ki], '苹果');
  assert.equal(v.q.length, 4);
  assert.deepEqual(pairs(4), [
    [0, 2],
    [1, 3],
  ]);
  assert.equal(rt.engine.ropeFrequencies(4, TOY_BASE).length, 2);
});

test('score at (3, 2) equals (10, 9) and (1, 0) to 1e-4; (3, 1) differs', () => {
  const s = [
    [3, 5],
    [10, 12],
    [0, 2],
  ].map(([i, j]) => ropeScore(rt, i, j).score);
  assert.ok(Math.abs(s[0] - s[1]) <= 1e-4 && Math.abs(s[0] - s[2]) <= 1e-4, `scores ${s}`);
  const d = ropeScore(rt, 3, 6).score;
  assert.ok(Math.abs(d - s[0]) > 1e-4, `(3, 1) ${d} vs (3, 2) ${s[0]}`);
  // the score is the engine's dot of the engine's rotations
  const v = vectors(rt);
  assert.equal(s[0], rt.engine.dot(rotate(rt.engine, v.q, 3), rotate(rt.engine, v.k, 5)));
  // rotation keeps the length of q
  const r = rotate(rt.engine, v.q, 7);
  assert.ok(Math.abs(rt.engine.dot(r, r) - rt.engine.dot(v.q, v.q)) < 1e-5);
});

test('every diagonal of the 8×8 score grid is one number (to 1e-4)', () => {
  const g = scoreGrid(rt, 8);
  for (let i = 0; i < 8; i++)
    for (let j = 0; j < 8; j++) {
      const base = j >= i ? g[0][j - i] : g[i - j][0];
      assert.ok(Math.abs(g[i][j] - base) <= 1e-4, `(${i}, ${j}) ${g[i][j]} vs ${base}`);
    }
  assert.ok(Math.abs(g[3][5] - ropeScore(rt, 3, 5).score) <= 1e-5);
});

test('V not rotated: the 给了 row retrieves the same wherever the sentence sits; a rotated V would not', () => {
  const a = retrieved(rt, 0),
    b = retrieved(rt, 7),
    c = retrieved(rt, 11);
  const maxDiff = (x, y) => Math.max(...x.map((t, k) => Math.abs(t - y[k])));
  assert.ok(maxDiff(a.plain, b.plain) <= 1e-5 && maxDiff(a.plain, c.plain) <= 1e-5);
  assert.ok(maxDiff(a.rotatedV, b.rotatedV) > 1e-3);
});

test('rotaryDim 2 of 4: dims 2–3 identical, dims 0–1 turned', () => {
  for (const pos of [1, 5, 12]) {
    const t = partialToy(rt, pos);
    assert.equal(t.after[2], t.before[2]);
    assert.equal(t.after[3], t.before[3]);
    assert.ok(t.after[0] !== t.before[0] || t.after[1] !== t.before[1]);
  }
});

test('anchor Qwen3.8-27B: 64 of 256 dims rotate, 32 pairs from fast to slow', () => {
  const head = anchorHead(rt);
  assert.equal(head.rotaryDim, 64);
  assert.equal(head.headDim, 256);
  const f = anchorFrequencies(rt, head);
  assert.equal(f.length, 32);
  assert.equal(f[0], 1);
  for (let p = 1; p < f.length; p++) assert.ok(f[p] < f[p - 1]);
});

test('courseChecks (what selfCheck prints) all pass', () => {
  const c = courseChecks(rt);
  assert.ok(c.spread <= 1e-4 && c.diffGap > 1e-4 && c.plainShift <= 1e-5 && c.rotatedShift > 1e-3);
  assert.ok(c.toyUntouched && c.toyRotated);
  assert.equal(c.nPairs, 32);
});

test('a model without RoPE or without an attention config is a named error, not a crash further on', () => {
  assert.throws(() => anchorHead(rt, 'gpt2'), /model "gpt2" has no RoPE/);
  assert.throws(
    () => anchorHead(rt, 'deepseek-v4.1-flash'),
    /model "deepseek-v4.1-flash" has no attention config/,
  );
  assert.equal(anchorHead(rt, 'llama-3-8b').rotaryDim, 128);
});

test('the assumed-base note names a family only for a model whose models.json entry names one (round 6)', () => {
  const note = (/** @type {'zh-CN' | 'en'} */ lang, /** @type {string} */ id) => {
    const head = anchorHead(rt, id);
    assert.equal(head.baseFromConfig, false, id);
    return STRINGS[lang].baseNote(TOY_BASE, recordedBases(rt), head.family);
  };
  // the anchor: its family from models.json's ropeThetaFamily, the base in one form
  assert.match(note('en', 'qwen3.8-27b'), /the family it follows \(Qwen3\.5-27B, Qwen3\.6-27B\)/);
  assert.match(note('zh-CN', 'qwen3.8-27b'), /它沿袭的这一族模型（Qwen3\.5-27B、Qwen3\.6-27B）/);
  for (const lang of /** @type {const} */ (['zh-CN', 'en'])) {
    assert.doesNotMatch(note(lang, 'qwen3.8-27b'), /base = 10000/);
    // GLM-5.3 records no rope_theta either and names no family: no family sentence
    const glm = note(lang, 'glm-5.3');
    assert.doesNotMatch(glm, /Qwen3\.5|family|这一族/);
    assert.match(glm, /10,000/);
  }
});
