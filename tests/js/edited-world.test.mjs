// Another sentence in the course world's place (tests/helpers/edited-world.mjs: six tokens, other
// words, vectors and role positions): every self-check of a widget that reads the teaching world
// still passes, now with that sentence's numbers, and the prose facts fill without error. Run on
// the real engine; the pages' own checks on the same world are tests/browser/edited-world.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtime, readJson } from '../helpers/fixture.mjs';
import { editedWorldDoc } from '../helpers/edited-world.mjs';
import { checkTeachingWorld } from '../../web/runtime.js';
import { pct, num } from '../../web/dom.js';
import { worldFacts } from '../../widgets/facts/world-facts.js';
import { courseFacts, FACTS as PROSE_FACTS } from '../../widgets/facts/facts.js';
import { factContext, usedFactIds, bindDoc } from '../../scripts/prose-facts.mjs';
import * as maskGrid from '../../widgets/mask-grid/logic.js';
import * as multiHead from '../../widgets/multi-head/logic.js';
import * as valueMix from '../../widgets/value-mix/logic.js';
import * as cosine from '../../widgets/cosine-projection/logic.js';
import * as dotProduct from '../../widgets/dot-product/logic.js';
import * as rnn from '../../widgets/rnn-vs-attention/logic.js';
import * as evolution from '../../widgets/evolution-map/logic.js';
import * as sink from '../../widgets/sink-logit/logic.js';
import { COUNT_WORDS } from '../../widgets/sink-logit/strings.js';
import * as rope from '../../widgets/rope/logic.js';
import * as residual from '../../widgets/residual/logic.js';
import * as gqa from '../../widgets/gqa/logic.js';
import * as misconceptions from '../../widgets/misconceptions/logic.js';
import * as walk from '../../widgets/walkthrough/logic.js';
import * as library from '../../widgets/library-analogy/logic.js';
import * as dataFlow from '../../widgets/data-flow/logic.js';
import { FACTS as QUIZ_FACTS, computeFacts, factCheck } from '../../widgets/quiz/logic.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const W = 'zh-gift';

let course, edited, dir;
before(async () => {
  course = await runtime();
  edited = {
    ...course,
    world: checkTeachingWorld(editedWorldDoc(course.world), 'teaching-world.json (edited copy)'),
  };
  dir = mkdtempSync(join(tmpdir(), 'attn-edited-world-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('the edit took: other tokens at other places, and every number the lessons print moved', () => {
  const [a, b] = [course, edited].map((rt) => worldFacts(rt, W));
  assert.deepEqual(b.w.tokens, ['今天', '小红', '把', '香蕉', '递给了', '小李']);
  assert.notDeepEqual(b.w.roles, a.w.roles);
  /** @param {import('../../widgets/facts/world-facts.js').WorldFacts} f */
  const printed = (f) => [
    pct(f.queryOnAnswerNoMask),
    pct(f.queryOnObject),
    pct(f.queryOnGiver),
    pct(f.headAQueryOnGiver),
    pct(f.headBQueryOnObject),
    num(f.namesCosine.k, 3),
    f.objectRow.weights.map((x) => pct(x, 0)).join(' / '),
    pct(f.answerOnQuery, 0),
  ];
  assert.deepEqual(printed(a), [
    '32.5%',
    '56.5%',
    '39.4%',
    '89.5%',
    '77.0%',
    '0.995',
    '30% / 41% / 29%',
    '87%',
  ]);
  printed(b).forEach((x, i) => assert.notEqual(x, printed(a)[i], `number ${i} moved`));
});

/** Every self-check row of the widgets that read the teaching world, computed on `rt`. */
function selfChecks(rt) {
  const quiz = computeFacts(rt, Object.keys(QUIZ_FACTS));
  const T = rt.world.worlds[W].tokens.length;
  return {
    'mask-grid': maskGrid.courseChecks(rt, W),
    'multi-head': multiHead.courseCheckRows(rt, W),
    'value-mix': valueMix.courseChecks(rt, W),
    'cosine-projection': cosine.courseChecks(rt, W),
    'dot-product': dotProduct.courseChecks(rt, W),
    'rnn-vs-attention': rnn.courseCheckRows(rt),
    'evolution-map': evolution.courseNumbers(rt),
    'sink-logit': sink.courseChecks(rt, W, COUNT_WORDS),
    rope: rope.courseCheckRows(rt, W),
    residual: residual.courseChecks(rt),
    gqa: gqa.courseNumbers(rt),
    misconceptions: misconceptions.courseNumbers(rt),
    'data-flow': dataFlow.courseNumbers(rt.engine, rt.models, T),
    walkthrough: [walk.courseNumbers(walk.walkthrough(rt))].map((n) => {
      const want = walk.expectedNumbers(rt, walk.EXAMPLE_WORLD);
      const keys = /** @type {const} */ (['outThe', 'outCat', 'catRaw', 'catWeights']);
      return keys.map((k) => ({ name: k, expected: want[k], actual: n[k] }));
    })[0],
    'library-analogy': library.courseNumbers(rt),
    quiz: Object.keys(QUIZ_FACTS).map((id) => factCheck(id, rt, quiz[id])),
  };
}

test('every self-check passes on the course’s world and on the edited one, with its own numbers', () => {
  const before = selfChecks(course);
  const now = selfChecks(edited);
  for (const [widget, rows] of Object.entries(now)) {
    assert.ok(rows.length > 0, `${widget} has checks`);
    for (const r of rows) {
      const ok = r.ok ?? r.expected === r.actual;
      assert.ok(ok, `${widget} "${r.name}": expected ${r.expected}, got ${r.actual}`);
      assert.doesNotMatch(r.name, /\{[\w.]+\}/, `${widget}: "${r.name}" has a hole`);
    }
    for (const r of before[widget])
      assert.ok(r.ok ?? r.expected === r.actual, `course world, ${widget} "${r.name}"`);
  }
  // The rows about the sentence name its tokens, and their expected numbers are its own.
  const leak = now['mask-grid'][0];
  assert.equal(leak.name, 'no mask: 递给了 → 小李');
  assert.equal(leak.expected, pct(worldFacts(edited, W).queryOnAnswerNoMask));
  assert.notEqual(leak.expected, before['mask-grid'][0].expected);
  assert.equal(now['sink-logit'][3].name, 'sink logit +8: the four weights sum < 1%');
  assert.equal(
    now.quiz.find((r) => r.key?.startsWith('no mask'))?.vars?.title,
    '今天小红把香蕉递给了小李',
  );
});

test('the prose facts fill the lesson pages from the edited world without error', async () => {
  const file = join(dir, 'teaching-world.json');
  writeFileSync(file, JSON.stringify(editedWorldDoc(readJson('course-data/teaching-world.json'))));
  const ctx = await factContext(root, { 'teaching-world.json': file });
  const docs = [readJson('course-data/lessons.json'), readJson('course-data/lesson-guides.json')];
  const facts = courseFacts(ctx, usedFactIds(...docs));
  for (const doc of docs) assert.doesNotMatch(JSON.stringify(bindDoc(doc, facts)), /\{\{/);
  const all = courseFacts(ctx, Object.keys(PROSE_FACTS));
  assert.equal(all.size, Object.keys(PROSE_FACTS).length);
  assert.equal(all.get('gift-tokens')?.en, '6');
  assert.equal(all.get('leak-gave')?.en, pct(worldFacts(ctx, W).queryOnAnswerNoMask));
  assert.notEqual(all.get('gave-apple')?.en, '56.5%');
});
