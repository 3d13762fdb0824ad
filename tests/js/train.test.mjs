// <attn-train> without a browser: the trainer's WASM module (build-wasm/attn-trainer.js, what
// the worker runs) against the native trainer (`attn-train browser`), byte for byte; the same
// seed twice gives the same bytes; bad choices are named errors; the heap does not grow with
// steps; a snapshot as the worker reads it, equal to the page's engine's reading; and the
// widget's logic and hand-over storage.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nativeBrowserWeights, noNativeTrainer } from '../helpers/native-trainer.mjs';
import {
  DEFAULT_CHOICES,
  snapshotEvery,
  choicesFrom,
  parseTrainMessage,
  strongestPreviousHead,
  meanSinkShare,
  chartScale,
  curvePoints,
  seedProblem,
  strongestSinkHead,
  tokensPerSecond,
  uniformPreviousShare,
  uniformFirstShare,
  validBelowTraining,
  SAMPLE_PROMPT,
  SNAPSHOT_SENTENCE,
  TRAIN_TEXT_FILES,
  TrainRuns,
  runRow,
  trainedModel,
  snapshotChoice,
} from '../../widgets/train/logic.js';
import { TRAINED_MODEL_KEY, readTrainedModel, saveTrainedModel } from '../../web/trained-model.js';
import { encodeBase64 } from '../../web/base64.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
const TEXTS = TRAIN_TEXT_FILES.map((f) =>
  readFileSync(join('/usr/share/games/fortunes', f), 'utf8'),
);
let trainer;
let engine;
before(async () => {
  trainer = await require(join(root, 'build-wasm', 'attn-trainer.js'))();
  engine = await require(join(root, 'dist', 'attn-engine.js'))();
});

/** The float32 weights after `steps` steps of a WASM run with these choices. */
function wasmWeights(choices) {
  trainer.trainStart(choices, TEXTS);
  let done = false;
  while (!done) done = trainer.trainStep(4).done;
  return Buffer.from(trainer.trainWeights());
}

for (const c of [
  { steps: 12, seed: 7, kvHeads: 2 },
  { steps: 6, seed: 11, kvHeads: 1, hybrid: true },
  { steps: 5, seed: 3, kvHeads: 8, layers: 4 },
])
  test(
    `the browser's trainer = the native trainer, byte for byte: ${JSON.stringify(c)}`,
    { skip: noNativeTrainer },
    () => {
      const wasm = wasmWeights(c);
      const native = nativeBrowserWeights(c);
      assert.equal(wasm.length, native.length);
      assert.ok(wasm.equals(native), 'WASM and native weights differ');
    },
  );

test('the same seed gives the same bytes; another seed other bytes', () => {
  const a = wasmWeights({ steps: 6, seed: 4 });
  const b = wasmWeights({ steps: 6, seed: 4 });
  const c = wasmWeights({ steps: 6, seed: 5 });
  assert.ok(a.equals(b));
  assert.ok(!a.equals(c));
});

test('what a run is: the model, its text, the unigram baseline; the loss falls below it', () => {
  const info = trainer.trainStart({ ...DEFAULT_CHOICES, steps: 60 }, TEXTS);
  assert.deepEqual(info.config.layerTypes, ['full', 'full']);
  assert.equal(info.config.nKvHeads, 2);
  assert.equal(info.tokensPerStep, info.batch * info.config.context);
  assert.ok(info.fortuneChars > 30000 && info.storyChars > 30000, JSON.stringify(info));
  assert.ok(info.unigramLoss > 3 && info.unigramLoss < 6, `${info.unigramLoss}`);
  const first = trainer.trainValidLoss();
  let r;
  do r = trainer.trainStep(10);
  while (!r.done);
  assert.deepEqual(r.step, [51, 52, 53, 54, 55, 56, 57, 58, 59, 60]);
  const last = trainer.trainValidLoss();
  assert.ok(first > info.unigramLoss, `untrained ${first} vs unigram ${info.unigramLoss}`);
  assert.ok(last < info.unigramLoss, `after 60 steps ${last} vs unigram ${info.unigramLoss}`);
  // Past the end: a named error, the run kept.
  assert.deepEqual(trainer.trainStep(1).step, []);
  assert.ok(trainer.trainStep(1).done);
});

test('bad choices are named errors; the module stays usable', () => {
  const cases = [
    [{ steps: 0 }, /steps must be 1 … 20000, got 0/],
    [{ steps: 20001 }, /steps must be 1 … 20000, got 20001/],
    [{ steps: NaN }, /steps should be/],
    [{ steps: -3 }, /steps should be/],
    [{ batch: 0 }, /batch must be 1 … 64/],
    [{ kvHeads: 3 }, /kvHeads must divide the 8 query heads/],
    [{ kvHeads: 0 }, /kvHeads must divide/],
    [{ layers: 9 }, /layers must be 1 … 8, got 9/],
    [{ seed: 1.5 }, /seed should be/],
  ];
  for (const [bad, message] of cases)
    assert.throws(
      () => trainer.trainStart({ ...DEFAULT_CHOICES, ...bad }, TEXTS),
      (e) => e.name === 'ConfigError' && message.test(e.message),
      JSON.stringify(bad),
    );
  assert.throws(
    () => trainer.trainStart(DEFAULT_CHOICES, ['only one']),
    (e) => e.name === 'ConfigError' && /texts should be the 2 fortune files/.test(e.message),
  );
  assert.throws(
    () => trainer.trainStart(DEFAULT_CHOICES, [1, 2]),
    (e) => e.name === 'ConfigError' && /texts\[0\] should be a string/.test(e.message),
  );
  assert.throws(
    () => trainer.trainWeights({ dtype: 'f64' }),
    (e) => e.name === 'ConfigError' && /dtype should be 'f32' or 'f16'/.test(e.message),
  );
  trainer.trainStart({ ...DEFAULT_CHOICES, steps: 2 }, TEXTS);
  assert.deepEqual(trainer.trainStep(5).step, [1, 2]);
});

test('training does not grow the heap: the same bytes in use after 5 and after 25 steps', () => {
  trainer.trainStart({ ...DEFAULT_CHOICES, steps: 40 }, TEXTS);
  trainer.trainStep(5);
  trainer.trainValidLoss();
  trainer.trainWeights({ dtype: 'f16' });
  const at5 = trainer.heapBytesInUse();
  trainer.trainStep(20);
  trainer.trainValidLoss();
  trainer.trainWeights({ dtype: 'f16' });
  assert.equal(trainer.heapBytesInUse(), at5);
  console.log(`# trainer heap in use during a 2-layer run: ${(at5 / 2 ** 20).toFixed(1)} MiB`);
});

test('a snapshot read in the worker: attention, patterns, a sample, the ledger; the engine agrees', () => {
  trainer.trainStart({ ...DEFAULT_CHOICES, steps: 20, kvHeads: 4, hybrid: true }, TEXTS);
  trainer.trainStep(20);
  const view = trainer.trainSnapshot({ text: SNAPSHOT_SENTENCE, prompt: SAMPLE_PROMPT, steps: 12 });
  assert.deepEqual(
    view.run.attention.map((l) => l.type),
    ['linear', 'full'],
  );
  assert.equal(view.run.labels[0], '<bos>');
  assert.equal(view.run.labels.length, Array.from(SNAPSHOT_SENTENCE).length + 1);
  assert.equal(view.patterns[0], null);
  assert.equal(view.patterns[1].length, 8);
  for (const p of view.patterns[1])
    assert.ok(Math.abs(p.previousToken + p.firstToken + p.diagonal + p.other - 1) < 1e-5);
  assert.ok(view.sample.startsWith(SAMPLE_PROMPT));
  assert.equal(Array.from(view.sample).length, Array.from(SAMPLE_PROMPT).length + 12);
  // 1 full layer × K and V × 4 KV heads × 16 wide × 2 bytes (BF16).
  assert.equal(view.kvBytesPerToken, 1 * 2 * 4 * 16 * 2);
  // The page's engine, given the same weights (f32), computes the very same pass and patterns.
  const lab = engine.labLoad(trainer.trainWeights());
  try {
    const run = engine.labRun(lab.id, { text: SNAPSHOT_SENTENCE, attention: true });
    assert.deepEqual(run.labels, view.run.labels);
    assert.deepEqual(run.attention[1].weights.data, view.run.attention[1].weights.data);
    assert.deepEqual(run.attention[0].stateNorms.data, view.run.attention[0].stateNorms.data);
    assert.deepEqual(engine.headPatterns(run.attention[1].weights), view.patterns[1]);
    assert.deepEqual(run.sinkShare, view.run.sinkShare);
    const gen = engine.labGenerate(lab.id, { text: SAMPLE_PROMPT, steps: 12 });
    assert.equal(gen.text, view.sample);
    assert.equal(engine.labLedger(lab.id, { dtypeBytes: 2 }).kvBytesPerToken, view.kvBytesPerToken);
  } finally {
    engine.labUnload(lab.id);
  }
  const best = strongestPreviousHead(view.patterns);
  assert.equal(best.layer, 1);
  assert.equal(best.weight, Math.max(...view.patterns[1].map((p) => p.previousToken)));
  const sink = meanSinkShare(view.run);
  assert.ok(sink > 0 && sink < 1);
});

test('the widget logic: snapshot spacing, the form, the message boundary, the curve, the rate', () => {
  assert.equal(snapshotEvery(200), 10);
  assert.equal(snapshotEvery(30), 10);
  assert.equal(snapshotEvery(1000), 50);
  assert.deepEqual(
    choicesFrom({ steps: '300', seed: '9', layers: '4', kvHeads: '1', hybrid: 'hybrid' }),
    { steps: 300, seed: 9, layers: 4, kvHeads: 1, hybrid: true },
  );
  const empty = choicesFrom({ steps: ' ', seed: '', layers: '2', kvHeads: '2', hybrid: 'full' });
  assert.ok(Number.isNaN(empty.steps) && Number.isNaN(empty.seed) && !empty.hybrid);
  for (const junk of [
    null,
    3,
    {},
    { type: 'progress', step: '1' },
    { type: 'snapshot', step: 1, validLoss: 2, view: { run: {} } },
    { type: 'nope' },
  ])
    assert.equal(parseTrainMessage(junk), null, JSON.stringify(junk));
  const view = {
    run: { labels: [], attention: [], sinkShare: [] },
    patterns: [],
    sample: '',
    kvBytesPerToken: 0,
  };
  const ok = { type: 'snapshot', step: 1, validLoss: 2, view };
  assert.equal(parseTrainMessage(ok), ok);
  // The chart's scale: the longest run, the highest loss up to a whole nat; it stays put while
  // the loss falls.
  const curve = (losses, steps) => ({
    train: losses.map((loss, i) => ({ step: i + 1, loss })),
    valid: [],
    steps,
  });
  assert.deepEqual(chartScale([curve([6.3, 3], 100), curve([2], 400)], 4.1), { x1: 400, y1: 7 });
  assert.deepEqual(chartScale([curve([6.3, 3, 1.5], 100)], 4.1), { x1: 100, y1: 7 });
  // One point per pixel column: 20,000 steps across 600 px draw about 600 points.
  const many = Array.from({ length: 20000 }, (_, i) => ({ step: i, loss: 1 }));
  const drawn = curvePoints(
    many,
    (p) => (p.step / 20000) * 600,
    () => 0,
  );
  assert.ok(drawn.length <= 602 && drawn.length >= 599, `${drawn.length}`);
  assert.deepEqual(drawn[0], [0, 0]);
  assert.equal(tokensPerSecond(1024, [100, 100]), 10240);
  assert.equal(tokensPerSecond(1024, []), 0);
  assert.equal(uniformPreviousShare(1), 0);
  // A seed that JavaScript's numbers would round is refused; one they keep is not.
  assert.deepEqual(seedProblem('9007199254740993'), { max: Number.MAX_SAFE_INTEGER });
  assert.deepEqual(seedProblem(' 18446744073709551615 '), { max: Number.MAX_SAFE_INTEGER });
  assert.equal(seedProblem('9007199254740991'), null);
  assert.equal(seedProblem('1'), null);
  assert.equal(seedProblem('-3'), null, 'not a whole number: the engine names it');
  // Validation below training: against the mean of the last 10 steps, never at step 0.
  const steps = (l) => l.map((loss, i) => ({ step: i + 1, loss }));
  assert.equal(validBelowTraining(steps([3, 2, 2]), [{ step: 3, loss: 1.9 }]), true);
  assert.equal(validBelowTraining(steps([3, 2, 2]), [{ step: 3, loss: 2.5 }]), false);
  assert.equal(validBelowTraining([], [{ step: 0, loss: 6 }]), false);
  assert.equal(validBelowTraining(steps([6]), [{ step: 0, loss: 5 }]), false);
});

test('chance levels: uniform causal attention read by the engine’s headPatterns', () => {
  for (const T of [2, 3, 7, 18]) {
    const data = new Float32Array(T * T);
    for (let i = 0; i < T; i++) for (let j = 0; j <= i; j++) data[i * T + j] = 1 / (i + 1);
    const [p] = engine.headPatterns({ shape: [1, T, T], data });
    assert.ok(Math.abs(p.previousToken - uniformPreviousShare(T)) < 1e-6, `previous, T = ${T}`);
    assert.ok(Math.abs(p.firstToken - uniformFirstShare(T)) < 1e-6, `first, T = ${T}`);
  }
  const patterns = [
    null,
    [
      { previousToken: 0.2, firstToken: 0.1, diagonal: 0.3, other: 0.4 },
      { previousToken: 0.1, firstToken: 0.6, diagonal: 0.1, other: 0.2 },
    ],
  ];
  assert.deepEqual(strongestSinkHead(patterns), { layer: 1, head: 1, weight: 0.6 });
});

test('hand-over storage: round trip, garbage, storage off or full', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  const bytes = new Uint8Array(70000).map((_, i) => i % 251);
  const model = {
    weights: encodeBase64(bytes),
    steps: 20,
    seed: 3,
    validLoss: 3.1,
    unigramLoss: 4.1,
    parameters: 9,
    layerTypes: ['full'],
    kvHeads: 2,
  };
  assert.equal(saveTrainedModel(storage, model), true);
  assert.deepEqual(readTrainedModel(storage), model);
  assert.deepEqual(Buffer.from(readTrainedModel(storage).weights, 'base64'), Buffer.from(bytes));
  for (const junk of ['{', '3', '{"weights": 1}', JSON.stringify({ ...model, steps: 'x' })]) {
    store.set(TRAINED_MODEL_KEY, junk);
    assert.equal(readTrainedModel(storage), null, junk);
  }
  const full = {
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
  };
  assert.equal(saveTrainedModel(full, model), false);
  assert.equal(saveTrainedModel(null, model), false);
  assert.equal(readTrainedModel(null), null);
});

test('the runs kept: a row per run past step 0, curves of the runs before, the model handed over', () => {
  const info = {
    steps: 30,
    seed: 7,
    batch: 4,
    unigramLoss: 4.2,
    parameters: 1234,
    validTokens: 900,
    config: { nLayers: 2, nKvHeads: 2, layerTypes: ['full', 'linear'] },
  };
  const tensor = (shape) => ({ shape, data: new Float32Array(shape.reduce((a, b) => a * b, 1)) });
  const view = (kv) => ({
    run: {
      labels: ['a', 'b', 'c'],
      attention: [
        { type: 'full', weights: tensor([4, 3, 3]) },
        { type: 'linear', stateNorms: tensor([3, 4]) },
      ],
      sinkShare: [],
    },
    patterns: [],
    sample: '',
    kvBytesPerToken: kv,
  });
  const runs = new TrainRuns();
  runs.started(info, 100);
  assert.equal(runs.count, 1);
  runs.snapshots.push({ step: 0, validLoss: 4.5, view: view(64) });
  runs.end(); // a run that never stepped: no row, no curve
  assert.deepEqual([runs.rows, runs.before, runs.info], [[], [], null]);
  runs.started(info, 100);
  for (const step of [1, 2, 3])
    runs.progress({ step, loss: 5 - step, ms: 10, heapBytes: 200 + step });
  runs.snapshots.push({ step: 3, validLoss: 3.5, view: view(64) });
  assert.equal(runs.step, 3);
  assert.equal(runs.heapBytes, 203);
  assert.deepEqual(runs.curve().valid, [{ step: 3, loss: 3.5 }]);
  runs.keep();
  runs.keep(); // once per run
  runs.end();
  assert.deepEqual(runs.rows, [
    { n: 2, layers: 2, hybrid: true, kvHeads: 2, steps: 3, validLoss: 3.5, kvBytesPerToken: 64 },
  ]);
  assert.equal(runs.before.length, 1);
  assert.deepEqual(
    runs.before[0].train.map((p) => p.loss),
    [4, 3, 2],
  );
  assert.deepEqual([runs.info, runs.train, runs.snapshots, runs.step], [null, [], [], 0]);
  assert.equal(runRow(1, info, { step: 0, validLoss: 1, view: view(1) }), null);

  const m = trainedModel(info, {
    weights: 'AAAA',
    step: 3,
    validLoss: 3.5,
    train: Array.from({ length: 60 }, (_, i) => ({ step: i + 1, loss: i < 10 ? 100 : 2 })),
    stepMs: [500, 1500],
  });
  assert.equal(m.trainLoss, 2, 'the mean of the last 50 steps');
  assert.equal(m.seconds, 2);
  assert.deepEqual([m.steps, m.seed, m.kvHeads, m.layerTypes], [3, 7, 2, ['full', 'linear']]);

  const snaps = [
    { step: 0, validLoss: 4, view: view(1) },
    { step: 10, validLoss: 3, view: view(1) },
  ];
  const newest = snapshotChoice(snaps, -1, -1, 9);
  assert.deepEqual(
    [newest.index, newest.layer, newest.head, newest.heads, newest.layers],
    [1, 0, 3, 4, 2],
  );
  const linear = snapshotChoice(snaps, 0, 1, 2);
  assert.deepEqual([linear.index, linear.layer, linear.head, linear.heads], [0, 1, 0, 0]);
  assert.equal(snapshotChoice(snaps, 0, 5, 0).layer, 0, 'out of range: the first full layer');
});
