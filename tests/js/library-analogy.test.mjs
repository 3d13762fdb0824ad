// node --test tests/js/library-analogy.test.mjs
// <attn-library-analogy>'s it-rows through the real engine on the hand-made worlds
// en-animal-tired / en-animal-wide of course-data/teaching-world.json (validated by its schema
// and the runtime's checks in fixture.mjs), with the widget's helpers.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { pronounRow, courseNumbers, SENTENCES } from '../../widgets/library-analogy/logic.js';
import { runtime } from '../helpers/fixture.mjs';

let rt;
before(async () => {
  rt = await runtime();
});

test('every self-check passes', () => {
  for (const r of courseNumbers(rt)) {
    if (r.ok !== undefined) assert.ok(r.ok, r.name);
    else assert.equal(r.actual, r.expected, r.name);
  }
});

test('the two worlds are labelled hand-made and differ only in "it" and the last word', () => {
  const [a, b] = SENTENCES.map((id) => rt.world.worlds[id]);
  assert.match(a.note.en, /Hand-constructed teaching vectors, not weights any model learned/);
  assert.match(a.note['zh-CN'], /手工构造的教学向量/);
  const differ = a.tokens
    .map((t, i) => (JSON.stringify(a.x[i]) === JSON.stringify(b.x[i]) ? null : t))
    .filter(Boolean);
  assert.deepEqual(differ, ['it', 'tired']);
  assert.deepEqual(a.tokens.slice(0, -1), b.tokens.slice(0, -1));
});

test('the same pronoun reads the animal in one sentence and the street in the other', () => {
  const tired = pronounRow(rt, 'en-animal-tired');
  const wide = pronounRow(rt, 'en-animal-wide');
  const at = (r, t) => r.weights[r.w.tokens.indexOf(t)];
  assert.ok(at(tired, 'animal') > 0.5 && at(tired, 'street') < 0.05);
  assert.ok(at(wide, 'street') > 0.5 && at(wide, 'animal') < 0.05);
  assert.ok(tired.nounCos[0] > tired.nounCos[1], 'tired: closer to animal');
  assert.ok(wide.nounCos[1] > wide.nounCos[0], 'wide: closer to street');
});

test('the weights are softmax(q·k/√4) and the output is Σ w v (engine against engine)', () => {
  const r = pronounRow(rt, 'en-animal-tired');
  const scores = r.keys.map((k) => rt.engine.dot(r.query, k) / 2);
  scores.forEach((s, j) => assert.ok(Math.abs(s - r.scores[j]) < 1e-5, `score ${j}`));
  const w = rt.engine.softmax(scores, {}).weights;
  w.forEach((x, j) => assert.ok(Math.abs(x - r.weights[j]) < 1e-6, `weight ${j}`));
  for (let d = 0; d < 4; d++) {
    const mix = r.values.reduce((s, v, j) => s + r.weights[j] * v[d], 0);
    assert.ok(Math.abs(mix - r.output[d]) < 1e-5, `output ${d}`);
  }
});

test('a world that names no nouns for its query to refer to is a named error', () => {
  assert.throws(() => pronounRow(rt, 'zh-gift'), {
    name: 'DataError',
    message: /teaching-world\.json: \/worlds\/zh-gift\/roles has no "candidates"/,
  });
});
