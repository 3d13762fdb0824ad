// node --test tests/js/lab.test.mjs
// <attn-lab>'s numbers through the REAL engine and the real files: the trained model
// (course-data/lab-model.bin, handed over as base64 exactly as dist/attn-lab-data.js does), its
// native export c3-attention.json (the browser engine must match it to 1e-4), the kv_heads and
// hybrid ablations; engine.headPatterns on the model's real heads (four parts adding up to 1);
// the linear (Gated DeltaNet) layers' state, which they show instead of a softmax matrix.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { engine as loadEngine, readJson } from '../helpers/fixture.mjs';
import { fanOutArcs, distanceFree } from '../../web/views/fan-out-arcs.js';
import {
  DEFAULT_PROMPT,
  DEFAULT_STEPS,
  TOLERANCE,
  labModel,
  clampPrompt,
  unknownChars,
  headWeights,
  runPrompt,
  prediction,
  farHead,
  ablationLedger,
  labChecks,
  isFull,
  fullLayers,
  stateNormsOf,
} from '../../widgets/lab/logic.js';
import { decodeBase64 } from '../../web/base64.js';

const bin = readFileSync(new URL('../../course-data/lab-model.bin', import.meta.url));
const data = {
  weights: bin.toString('base64'),
  export: readJson('course-data/c3-attention.json'),
  ablation: readJson('course-data/kv-heads-ablation.json'),
  hybridAblation: readJson('course-data/hybrid-ablation.json'),
};

let engine, lab;
before(async () => {
  engine = await loadEngine();
  lab = labModel(engine, data);
});

test('the data travels as base64 byte for byte, and the model loads once per engine', () => {
  assert.deepEqual(decodeBase64(data.weights), new Uint8Array(bin));
  assert.equal(labModel(engine, data), lab);
  assert.equal(lab.config.context, data.export.model.config.context);
  assert.equal(lab.vocab.length, data.export.model.config.vocab);
});

test('the self-check passes: the live engine reproduces the native export to 1e-4', () => {
  const rows = labChecks(engine, lab);
  for (const r of rows) assert.ok(r.ok, `${r.name}: expected ${r.expected}, got ${r.actual}`);
  assert.equal(rows.length, 17);
  // The same numbers checked here directly, not only through the widget's helper.
  const p = data.export.prompt;
  const r = engine.labRun(lab.id, { text: p.text, attention: true });
  const [T, V] = r.logits.shape;
  const last = r.logits.data.subarray((T - 1) * V, T * V);
  let worst = 0;
  for (let v = 0; v < V; v++) worst = Math.max(worst, Math.abs(last[v] - p.logits[v]));
  assert.ok(worst < TOLERANCE, `logits differ by ${worst}`);
  assert.deepEqual(
    r.top5.map((e) => e.token),
    p.top5.map((e) => e.token),
  );
  for (const s of data.export.sentences) {
    const run = engine.labRun(lab.id, { text: s.text, attention: true });
    for (const layer of s.layers.filter((x) => x.type === 'full'))
      for (const head of layer.heads)
        assert.ok(
          Math.abs(run.sinkShare[layer.layer][head.head] - head.sinkShare) < TOLERANCE,
          `${s.text} L${layer.layer} H${head.head}`,
        );
  }
});

test('headPatterns on the real heads: four parts in [0, 1] adding up to 1, first token = sink share', () => {
  for (const s of data.export.sentences) {
    const run = engine.labRun(lab.id, { text: s.text, attention: true });
    run.attention.filter(isFull).forEach((a) => {
      const l = a.layer;
      const ps = engine.headPatterns(a.weights);
      assert.equal(ps.length, lab.config.nHeads);
      ps.forEach((p, h) => {
        const parts = [p.previousToken, p.firstToken, p.diagonal, p.other];
        for (const x of parts) assert.ok(x >= 0 && x <= 1, `${s.text} L${l} H${h}: ${parts}`);
        assert.ok(
          Math.abs(parts.reduce((a, b) => a + b, 0) - 1) < 1e-5,
          `${s.text} L${l} H${h} sums to ${parts}`,
        );
        assert.ok(Math.abs(p.firstToken - run.sinkShare[l][h]) < 1e-6);
      });
    });
  }
});

test('headPatterns by hand: one head that always looks one back, and named errors', () => {
  const T = 5;
  const data = new Float32Array(T * T);
  data[0] = 1;
  for (let i = 1; i < T; i++) data[i * T + i - 1] = 1;
  const [p] = engine.headPatterns({ shape: [1, T, T], data });
  // Row 1's previous key is <bos>, counted as first token: 1 of the 4 rows.
  assert.deepEqual([p.previousToken, p.firstToken, p.diagonal, p.other], [0.75, 0.25, 0, 0]);
  assert.throws(() => engine.headPatterns({ shape: [1, 2, 3], data: new Float32Array(6) }), {
    name: 'ShapeError',
    message: /\[1, 2, 3\]/,
  });
  assert.throws(() => engine.headPatterns({ shape: [1, 1, 1], data: [1] }), {
    name: 'ShapeError',
    message: /T ≥ 2/,
  });
  assert.throws(() => engine.headPatterns({ shape: [2, 2, 2], data: [1, 0, 1] }), {
    name: 'ShapeError',
    message: /needs 8/,
  });
  assert.throws(() => engine.headPatterns({ shape: [1, 2, 2], data: [1, 0, NaN, 0] }), {
    name: 'ValueError',
    message: /weights\[0, 1, 0\] is NaN/,
  });
});

test('the default prompt: top 5, greedy continuation, attention of every full layer', () => {
  const r = runPrompt(engine, lab, DEFAULT_PROMPT, DEFAULT_STEPS);
  assert.equal(r.run.tokens.length, 8);
  assert.equal(r.run.top5[0].char, data.export.prompt.top5[0].char);
  assert.equal(r.generation.generatedText, data.export.prompt.greedy);
  assert.equal(r.steps, DEFAULT_STEPS);
  assert.equal(r.patterns.length, lab.config.nLayers);
  assert.deepEqual(fullLayers(lab.config), [3, 7]);
  // Patterns on the full layers only: a linear layer has no softmax weights to split.
  assert.deepEqual(
    r.patterns.map((p) => (p ? p.length : null)),
    lab.config.layerTypes.map((t) => (t === 'full' ? lab.config.nHeads : null)),
  );
  assert.deepEqual(r.run.attention[3].weights.shape, [8, 8, 8]);
  const w = headWeights(r.run.attention[3].weights, 3);
  assert.equal(w.length, 64);
  assert.equal(w[0], 1); // <bos> can only look at itself
});

test('the patterns and the generation are computed only when asked for (their panels open)', () => {
  const none = runPrompt(engine, lab, DEFAULT_PROMPT, DEFAULT_STEPS, {
    patterns: false,
    generation: false,
  });
  assert.deepEqual(none.computed, { patterns: false, generation: false });
  assert.equal(none.patterns, null);
  assert.equal(none.generation, null);
  assert.equal(none.steps, DEFAULT_STEPS); // what the panel will generate once open
  const both = runPrompt(engine, lab, DEFAULT_PROMPT, DEFAULT_STEPS);
  assert.deepEqual(both.computed, { patterns: true, generation: true });
  assert.deepEqual(none.run.top5, both.run.top5);
  assert.equal(both.generation.generatedText, data.export.prompt.greedy);
  const gen = runPrompt(engine, lab, DEFAULT_PROMPT, DEFAULT_STEPS, { patterns: false });
  assert.equal(gen.patterns, null);
  assert.equal(gen.generation.generatedText, data.export.prompt.greedy);
});

test('a linear layer shows its state: ‖S‖ per head after each token, growing from the first token', () => {
  const r = runPrompt(engine, lab, DEFAULT_PROMPT, 0).run;
  const T = r.tokens.length;
  const layer = r.attention[0];
  assert.equal(layer.type, 'linear');
  assert.equal(isFull(layer), false);
  assert.deepEqual(layer.stateNorms.shape, [T, lab.config.linearHeads]);
  for (let h = 0; h < lab.config.linearHeads; h++) {
    const norms = stateNormsOf(layer, h);
    assert.equal(norms.length, T);
    assert.ok(
      norms.every((x) => x > 0),
      `head ${h}: ${norms}`,
    );
  }
  // The same layer on a longer prompt: the first T rows are the same numbers (causal), and the
  // state's bytes do not change.
  const longer = engine.labRun(lab.id, { text: `${DEFAULT_PROMPT}小王。`, attention: true });
  const L0 = longer.attention[0];
  assert.equal(L0.stateBytes, layer.stateBytes);
  for (let h = 0; h < lab.config.linearHeads; h++)
    stateNormsOf(layer, h).forEach((x, t) =>
      assert.ok(Math.abs(stateNormsOf(L0, h)[t] - x) < 1e-5),
    );
});

test('prompts: characters outside the vocabulary become <unk>, length and steps stay inside the context', () => {
  const odd = lab.vocab.includes('猫') ? '小明的🐱' : '小明的猫';
  const r = runPrompt(engine, lab, odd, 4);
  assert.ok(r.run.labels.includes('<unk>'));
  assert.deepEqual(
    unknownChars(lab, `${odd}${odd}`),
    Array.from(odd).filter((c) => !lab.vocab.includes(c)),
  );
  const C = lab.config.context;
  assert.equal(Array.from(clampPrompt('小'.repeat(100), C)).length, C - 1);
  assert.equal(clampPrompt('小明', C), '小明');
  const full = runPrompt(engine, lab, clampPrompt('小'.repeat(100), C), 12);
  assert.equal(full.run.tokens.length, C);
  assert.equal(full.generation, null);
  const near = runPrompt(engine, lab, '小'.repeat(C - 4), 12);
  assert.equal(near.steps, 3); // only 3 positions left
  const empty = runPrompt(engine, lab, '', 4);
  assert.equal(empty.run.tokens.length, 1);
  assert.equal(empty.patterns, null);
});

test('a 32-token prompt reruns fast (figure printed, not asserted)', () => {
  const text = Array.from('小明把苹果给了小王。谁把苹果给了小王？是小明。'.repeat(2))
    .slice(0, 31)
    .join(''); // + <bos> = 32
  runPrompt(engine, lab, text, DEFAULT_STEPS); // warm-up
  const n = 20;
  let run = 0,
    all = 0;
  for (let i = 0; i < n; i++) {
    const r = runPrompt(engine, lab, text, DEFAULT_STEPS);
    assert.equal(r.run.tokens.length, 32);
    run += r.ms.run;
    all += r.ms.run + r.ms.patterns + r.ms.generate;
  }
  console.log(
    `# node: 32-token prompt, labRun with attention ${(run / n).toFixed(2)} ms, + headPatterns + labGenerate(12) ${(all / n).toFixed(2)} ms`,
  );
});

test("the ablation: the engine ledger gives each row's KV bytes and formula", () => {
  for (const row of data.ablation.rows) {
    const l = ablationLedger(engine, lab, row);
    assert.equal(l.bytesPerToken, row.kvBytesPerTokenBf16);
    assert.equal(l.formula, row.formulaBf16);
  }
});

test('Run: the appended token is the argmax of the last logits row of the pass the heatmap shows', () => {
  let appended = 0;
  for (const text of [DEFAULT_PROMPT, '谁把苹果给了小王？是', '床前明月光，疑是地上']) {
    const r = runPrompt(engine, lab, text, 1);
    const { run } = r;
    const [T, V] = run.logits.shape;
    assert.equal(T, Array.from(text).length + 1); // <bos> + one token per character
    // The argmax by hand over the engine's logits (ties to the lower id, as the engine's top 5).
    const last = run.logits.data.subarray((T - 1) * V, T * V);
    let best = 0;
    for (let v = 1; v < V; v++) if (last[v] > last[best]) best = v;
    const next = prediction(run);
    assert.equal(next.token, best, text);
    assert.equal(next.char, lab.vocab[best]);
    assert.equal(next.prob, run.top5[0].prob);
    // Greedy generation's first step (KV cache) picks the same token.
    assert.deepEqual(r.generation.generated, [next.token]);
    // The displayed pass covers it: every layer's weights are [H, T, T] over exactly these
    // tokens, and the prediction's query row is row T − 1.
    for (const a of run.attention)
      if (isFull(a)) assert.deepEqual(a.weights.shape, [lab.config.nHeads, T, T]);
      else assert.deepEqual(a.stateNorms.shape, [T, lab.config.linearHeads]);
    assert.equal(run.labels.length, T);
    // Appending it and running again adds it as the query of the new last row (a predicted
    // <unk> is not text: the widget's Append button is disabled for it).
    if (next.token < 2) {
      assert.equal(next.char, '<unk>');
      continue;
    }
    appended++;
    const again = runPrompt(engine, lab, text + next.char, 0).run;
    assert.equal(again.tokens.length, T + 1);
    assert.equal(again.labels[T], next.char);
    assert.equal(again.tokens[T], next.token);
  }
  assert.ok(appended >= 2);
});

test('farHead: the first head whose prediction row gives a far content key more than the neighbour', () => {
  const run = engine.labRun(lab.id, { text: DEFAULT_PROMPT, attention: true });
  const T = run.tokens.length;
  const kind = (l, h) =>
    distanceFree(fanOutArcs(headWeights(run.attention[l].weights, h), T, T - 1), T - 1).kind;
  const to = farHead(run, lab.config.nHeads, T - 1);
  assert.ok(to);
  assert.equal(kind(to.layer, to.head), 'far');
  assert.equal(lab.config.layerTypes[to.layer], 'full');
  // Every head of a full layer before it, layer by layer, is not 'far'.
  for (const l of fullLayers(lab.config).filter((x) => x <= to.layer))
    for (let h = 0; h < (l < to.layer ? lab.config.nHeads : to.head); h++)
      assert.notEqual(kind(l, h), 'far', `L${l} H${h}`);
  // A single <bos> has no row two back: no head to point at.
  const empty = engine.labRun(lab.id, { text: '', attention: true });
  assert.equal(farHead(empty, lab.config.nHeads, 0), null);
});
