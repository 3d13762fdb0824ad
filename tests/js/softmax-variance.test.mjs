// <attn-softmax-variance>'s course numbers through the real engine and the real data files:
// softmax of the dialog scores 8/7/9 is 24.5% / 9.0% / 66.5%, the proportional split of the car
// scores 10/3/−4 gives 汽车 −44.4%, e^20 ≈ 4.9 亿, and the seeded experiment: std(q·k) ≈ √d,
// ≈ 1 after ÷√d, and without ÷√d a d = 1024 softmax row collapses onto one key.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  EXPERIMENT,
  D_STEPS,
  AXES,
  BINS,
  WRONG_GUESS,
  experiment,
  histogram,
  exampleLabels,
  scoreExample,
  signedPct,
  smallPct,
  bigRatio,
  courseNumbers,
} from '../../widgets/softmax-variance/logic.js';
import { runtime } from '../helpers/fixture.mjs';

let engine, world;
before(async () => {
  ({ engine, world } = await runtime());
});

const pct1 = (x) => `${(x * 100).toFixed(1)}%`;
const sum = (a) => Array.from(a).reduce((x, y) => x + y, 0);

test('dialog scores 8, 7, 9: softmax 24.5% / 9.0% / 66.5%, not the guessed 40% / 30% / 30%', () => {
  const n = courseNumbers(engine, world);
  assert.deepEqual(n.dialog.scores, [8, 7, 9]);
  assert.equal(Array.from(n.dialog.softmax, pct1).join(' / '), '24.5% / 9.0% / 66.5%');
  assert.ok(Math.abs(sum(n.dialog.softmax) - 1) < 1e-6);
  assert.notEqual(
    Array.from(n.dialog.softmax, (w) => `${Math.round(w * 100)}%`).join(' / '),
    WRONG_GUESS.map((w) => `${w * 100}%`).join(' / '),
  );
  // the proportional split the widget shows beside it
  assert.equal(Array.from(n.dialog.split, pct1).join(' / '), '33.3% / 29.2% / 37.5%');
  assert.equal(exampleLabels(scoreExample(world, 'dialog'), 'zh-CN').length, 3);
});

test('car scores 10, 3, −4: the proportional split gives 汽车 −44.4%; softmax stays positive', () => {
  const n = courseNumbers(engine, world);
  const labels = exampleLabels(scoreExample(world, 'car'), 'zh-CN');
  assert.deepEqual(n.car.scores, [10, 3, -4]);
  assert.equal(labels[2], '汽车');
  assert.deepEqual(
    Array.from(n.car.split, (x) => signedPct(x)),
    ['111.1%', '33.3%', '−44.4%'],
  );
  assert.ok(n.car.softmax.every((w) => w > 0 && w < 1));
  assert.ok(Math.abs(sum(n.car.softmax) - 1) < 1e-6);
  console.log(`# car softmax: ${Array.from(n.car.softmax, smallPct).join(' / ')}`);
});

test('e^20 from softmax([20, 0]) is ≈ 4.9 亿 (4.85e8)', () => {
  const n = courseNumbers(engine, world);
  assert.equal(bigRatio(n.e20, 'zh-CN'), '4.9 亿');
  assert.equal(bigRatio(n.e20, 'en'), '4.9 × 10⁸');
  assert.ok(Math.abs(n.e20 / Math.exp(20) - 1) < 1e-3, `${n.e20}`);
  assert.ok(Math.abs(n.uniformEntropy - Math.log(EXPERIMENT.nKeys)) < 1e-5);
});

test('seeded experiment at d = 256: std(q·k) within 10% of 16, scaled within 10% of 1', () => {
  const r = experiment(engine, 256);
  console.log(
    `# d = 256: std unscaled ${r.stdUnscaled.toFixed(3)}, scaled ${r.stdScaled.toFixed(4)} (nSamples ${EXPERIMENT.nSamples}, seed ${EXPERIMENT.seed})`,
  );
  assert.equal(r.dots.length, EXPERIMENT.nSamples);
  assert.ok(Math.abs(r.stdUnscaled - 16) <= 1.6, `${r.stdUnscaled}`);
  assert.ok(Math.abs(r.stdScaled - 1) <= 0.1, `${r.stdScaled}`);
  assert.equal(r.weightsUnscaled.length, EXPERIMENT.nKeys);
});

test('seeded experiment at d = 1024: unscaled max weight > 90%, scaled < 90%', () => {
  const r = experiment(engine, 1024);
  console.log(
    `# d = 1024: max weight unscaled ${pct1(r.maxWeightUnscaled)} (H ${r.entropyUnscaled.toFixed(4)} nats), scaled ${pct1(r.maxWeightScaled)} (H ${r.entropyScaled.toFixed(3)} nats)`,
  );
  assert.ok(r.maxWeightUnscaled > 0.9);
  assert.ok(r.maxWeightScaled < 0.9);
  assert.ok(r.entropyScaled > r.entropyUnscaled);
});

test('every slider step: std(q·k) tracks √d within 10%, scaled std stays within 10% of 1', () => {
  const rows = [];
  for (const d of D_STEPS) {
    const r = experiment(engine, d);
    rows.push(
      `${d}: ${r.stdUnscaled.toFixed(2)}/${r.stdScaled.toFixed(3)} max ${pct1(r.maxWeightUnscaled)}|${pct1(r.maxWeightScaled)}`,
    );
    assert.ok(Math.abs(r.stdUnscaled / Math.sqrt(d) - 1) <= 0.1, `d ${d}: ${r.stdUnscaled}`);
    assert.ok(Math.abs(r.stdScaled - 1) <= 0.1, `d ${d}: ${r.stdScaled}`);
    assert.ok(
      Math.abs(sum(r.weightsUnscaled) - 1) < 1e-5 && Math.abs(sum(r.weightsScaled) - 1) < 1e-5,
    );
  }
  console.log(`# d: std unscaled/scaled, max weight unscaled|scaled\n# ${rows.join('\n# ')}`);
});

test('same seed, same numbers (so experiment() may keep one result per d)', () => {
  const a = engine.softmaxVariance({ d: 64, ...EXPERIMENT }),
    b = engine.softmaxVariance({ d: 64, ...EXPERIMENT });
  assert.equal(experiment(engine, 64), experiment(engine, 64), 'asked once per engine and d');
  assert.deepEqual(Array.from(experiment(engine, 64).dots), Array.from(a.dots));
  assert.deepEqual(Array.from(a.dots), Array.from(b.dots));
  assert.equal(a.stdUnscaled, b.stdUnscaled);
  assert.deepEqual(Array.from(a.weightsUnscaled), Array.from(b.weightsUnscaled));
});

test('histogram bins every sample (edge bins take the overflow) on the fixed axes', () => {
  const r = experiment(engine, 1024);
  const u = histogram(r.dots, { ...AXES.unscaled, bins: BINS });
  const s = histogram(r.dots, { ...AXES.scaled, bins: BINS, factor: 1 / 32 });
  assert.equal(sum(u.counts), EXPERIMENT.nSamples);
  assert.equal(sum(s.counts), EXPERIMENT.nSamples);
  assert.ok(u.below + u.above < EXPERIMENT.nSamples * 0.01, `${u.below + u.above} outside ±128`);
  const h = histogram([-5, -1, 0, 0.5, 1, 5], { lo: -1, hi: 1, bins: 4 });
  assert.deepEqual(h.counts, [2, 0, 1, 3]);
  assert.equal(h.below, 1);
  assert.equal(h.above, 1);
});

test('labels: plain token lists, tokensEn, and bilingual objects; missing example is named', () => {
  assert.deepEqual(exampleLabels({ tokens: ['我', '汽车'], tokensEn: ['I', 'car'] }, 'en'), [
    'I',
    'car',
  ]);
  assert.deepEqual(exampleLabels({ tokens: ['我', '汽车'] }, 'en'), ['我', '汽车']);
  assert.deepEqual(exampleLabels({ tokens: [{ 'zh-CN': '汽车', en: 'car' }] }, 'en'), ['car']);
  assert.deepEqual(exampleLabels({ tokens: [{ 'zh-CN': '汽车', en: 'car' }] }, 'zh-CN'), ['汽车']);
  assert.throws(
    () => scoreExample({ scoreExamples: { car: {} } }, 'dialog'),
    /scoreExamples\.dialog .*car/,
  );
  assert.equal(smallPct(8.3e-7), '0.000083%');
  assert.equal(smallPct(0.000912), '0.091%');
  assert.equal(signedPct(-0.4444), '−44.4%');
});
