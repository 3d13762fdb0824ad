// node --test tests/js/evolution-map.test.mjs
// <attn-evolution-map>'s numbers through the real engine and course data, with the lesson
// widgets' helpers it reuses (widgets/evolution-map/logic.js); its links point at real pages.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  mapNumbers,
  courseNumbers,
  PARTS,
  STEP_LESSONS,
  REPORTED,
} from '../../widgets/evolution-map/logic.js';
import { runtime, readJson } from '../helpers/fixture.mjs';

let rt;
before(async () => {
  rt = await runtime();
});

test('every number the map checks matches the chapter guide', () => {
  const rows = courseNumbers(rt);
  assert.equal(rows.length, 26); // round 6 added MLA's per-layer reduction against 67B
  for (const r of rows) assert.equal(r.actual, r.expected, r.name);
});

test('the teacher view shows each language its own values: 亿 only in Chinese, tokens glossed in English (R2-A17)', () => {
  const rows = courseNumbers(rt);
  const e20 = rows.find((r) => r.name === 'e²⁰');
  assert.deepEqual([e20?.expected, e20?.actual], ['4.9 × 10⁸', '4.9 × 10⁸']);
  assert.deepEqual(e20?.zh, { expected: '4.9 亿', actual: '4.9 亿' });
  for (const r of rows) assert.doesNotMatch(`${r.en?.actual ?? r.actual}`, /亿|、/, r.name);
  const last = rows.find((r) => r.name === 'raw cosine: the three last');
  assert.equal(last?.en?.actual, '小明 (Xiaoming) / 苹果 (apple) / 小王 (Xiaowang)');
  const cos = rows.find((r) => r.key === 'cos(K[{names.0}], K[{names.1}])');
  assert.equal(cos?.vars?.['names.0:en'], '小明 (Xiaoming)');
});

test('the thirteen steps, in the guide’s order, each linking to lessons that exist', () => {
  const steps = PARTS.flatMap((p) => p.steps);
  assert.deepEqual(steps, [
    'rnn',
    'additive',
    'self-attention',
    'scaling',
    'mask',
    'rope',
    'multi-head',
    'sink',
    'kv-cache',
    'mqa',
    'gqa',
    'mla',
    'linear',
  ]);
  const slugs = new Set(readJson('course-data/lessons.json').lessons.map((l) => l.slug));
  for (const id of steps) {
    for (const slug of STEP_LESSONS[id]) assert.ok(slugs.has(slug), `${id} → ${slug}`);
  }
  assert.deepEqual(STEP_LESSONS.linear, [], 'linear attention belongs to C11, not this course');
});

test('the numbers follow the data: another world for the car example changes the split', () => {
  const world = structuredClone(rt.world);
  world.scoreExamples.car.scores = [10, 3, -3];
  const n = mapNumbers({ ...rt, world });
  assert.equal(n.carSplit, '−30.0%');
  assert.equal(mapNumbers(rt).carSplit, '−44.4%');
});

test('reported figures carry a source and are not computed', () => {
  assert.match(REPORTED.t5xxl.source, /GQA/);
  assert.equal(REPORTED.v2Reduction.value, '−93.3%');
  const n = mapNumbers(rt);
  assert.equal(n.v41Reported, '890 B');
  assert.match(n.v41Source, /DeepSeek-V4\.1/);
});

test('the causal-mask card’s counts add up: n tasks take n passes over n(n+1)/2 positions', () => {
  const n = mapNumbers(rt);
  const tasks = Number(n.prefixQuestions);
  assert.equal(Number(n.prefixForwards), tasks);
  assert.equal(Number(n.prefixPositions), (tasks * (tasks + 1)) / 2);
  // the five-token sentence holds four next-token tasks whose answer is in it
  assert.equal(tasks, 4);
  assert.equal(n.d67ContextLimit, '4,096', 'the 67B card says the model reads only 4,096 tokens');
});
