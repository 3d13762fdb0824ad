// The engine's openModel* functions (cpp/bindings/open_model_js.cpp) from JavaScript: a tiny
// Llama-shaped model filled through openModelTensorWrite, run whole and layer by layer,
// generated from (whole and one layer per call), unloaded; block decoding; every named error.
// The forward pass itself is checked against references in tests/cpp/open_model_test.cpp; here:
// the bridge.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { engine as loadEngine } from '../helpers/fixture.mjs';

let engine;
before(async () => {
  engine = await loadEngine();
});

const config = {
  arch: 'llama',
  vocab: 11,
  dModel: 8,
  nLayers: 2,
  nHeads: 2,
  nKvHeads: 1,
  dHead: 4,
  mlpHidden: 12,
  context: 16,
  ropeTheta: 10000,
  normEps: 1e-5,
  tiedEmbeddings: true,
};

/** Every tensor of `config` as f32 [out, in] (1-D: [1, n]) with its numbers. */
function tensors() {
  const { dModel: D, nHeads: H, nKvHeads: G, dHead: d, mlpHidden: F, vocab: V } = config;
  const out = [['model.embed_tokens.weight', V, D]];
  for (let l = 0; l < config.nLayers; l++) {
    const p = `model.layers.${l}.`;
    out.push(
      [`${p}input_layernorm.weight`, 1, D],
      [`${p}self_attn.q_proj.weight`, H * d, D],
      [`${p}self_attn.k_proj.weight`, G * d, D],
      [`${p}self_attn.v_proj.weight`, G * d, D],
      [`${p}self_attn.o_proj.weight`, D, H * d],
      [`${p}post_attention_layernorm.weight`, 1, D],
      [`${p}mlp.gate_proj.weight`, F, D],
      [`${p}mlp.up_proj.weight`, F, D],
      [`${p}mlp.down_proj.weight`, D, F],
    );
  }
  out.push(['model.norm.weight', 1, D]);
  let seed = 1;
  return out.map(([name, rows, cols]) => {
    const values = new Float32Array(rows * cols);
    for (let i = 0; i < values.length; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      values[i] =
        rows === 1 ? 1 + (seed / 2147483648 - 0.5) * 0.2 : (seed / 2147483648 - 0.5) * 0.8;
    }
    return { name, rows, cols, values };
  });
}

function load() {
  const { id, heapLimitBytes } = engine.openModelCreate(config);
  assert.ok(heapLimitBytes > 0);
  for (const t of tensors()) {
    assert.equal(
      engine.openModelTensor(id, t.name, 'f32', t.rows, t.cols, 'nk'),
      t.rows * t.cols * 4,
    );
    // Two writes at offsets, as a streaming loader writes a tensor.
    const bytes = new Uint8Array(t.values.buffer);
    const half = Math.floor(bytes.length / 2);
    engine.openModelTensorWrite(id, t.name, 0, bytes.subarray(0, half));
    engine.openModelTensorWrite(id, t.name, half, bytes.subarray(half));
  }
  return id;
}

test('a model filled through openModelTensorWrite runs, step by step as whole, and generates', () => {
  const id = load();
  const counts = engine.openModelFinalize(id);
  const all = tensors();
  assert.equal(
    counts.parameters,
    all.reduce((n, t) => n + t.rows * t.cols, 0),
  );
  assert.equal(counts.weightBytes, counts.parameters * 4);
  const tokens = [0, 3, 7, 7, 2];
  const run = engine.openModelRun(id, tokens, { attention: true });
  assert.ok(run.logitsLast instanceof Float32Array);
  assert.equal(run.logitsLast.length, config.vocab);
  assert.equal(run.top5.length, 5);
  const best = run.logitsLast.indexOf(Math.max(...run.logitsLast));
  assert.equal(run.top5[0].token, best);
  for (let i = 1; i < 5; i++) assert.ok(run.top5[i].prob <= run.top5[i - 1].prob);
  assert.equal(run.attention.length, 2);
  const a = run.attention[1];
  assert.deepEqual([a.layer, a.weights.shape, a.weights.data.length], [1, [2, 5, 5], 2 * 5 * 5]);
  // Row 2 of head 0: causal (keys 3, 4 exactly 0), sums to 1.
  const row = a.weights.data.subarray(2 * 5, 3 * 5);
  assert.deepEqual([row[3], row[4]], [0, 0]);
  assert.ok(Math.abs(row[0] + row[1] + row[2] - 1) < 1e-6);
  assert.equal(run.sinkShare.length, 2);
  assert.equal(run.sinkShare[0].length, 2);
  const mean = [1, 2, 3, 4].reduce((s, i) => s + run.attention[0].weights.data[i * 5], 0) / 4;
  assert.ok(Math.abs(run.sinkShare[0][0] - mean) < 1e-6);

  const pass = engine.openModelPass(id, tokens, { layers: [0] });
  assert.deepEqual(engine.openModelPassStep(pass), {
    layer: 0,
    layers: 2,
    chunk: 0,
    chunks: 1,
    done: false,
  });
  assert.deepEqual(engine.openModelPassStep(pass), {
    layer: 1,
    layers: 2,
    chunk: 0,
    chunks: 1,
    done: true,
  });
  assert.throws(() => engine.openModelPassStep(pass), {
    name: 'ShapeError',
    message: 'the pass has run all 2 layers',
  });
  const stepped = engine.openModelPassResult(pass);
  assert.deepEqual(stepped.logitsLast, run.logitsLast);
  assert.deepEqual(
    stepped.attention.map((x) => x.layer),
    [0],
  );
  assert.deepEqual(stepped.attention[0].weights, run.attention[0].weights);
  assert.throws(() => engine.openModelPassStep(pass), { name: 'ValueError' });

  const plain = engine.openModelRun(id, tokens);
  assert.deepEqual(plain.attention, []);
  assert.deepEqual(plain.sinkShare, []);
  const g = engine.openModelGenerate(id, tokens, 3);
  assert.deepEqual(g.tokens.slice(0, 5), tokens);
  assert.equal(g.generated.length, 3);
  assert.equal(g.generated[0], best);
  // One layer per call: 2 layers then the head for each token, the same tokens.
  const gen = engine.openModelGenerateStart(id, tokens, 3);
  const steps = [];
  for (let s = engine.openModelGenerateStep(gen); ; s = engine.openModelGenerateStep(gen)) {
    steps.push(s);
    if (s.done) break;
  }
  assert.deepEqual(
    steps.map((s) => s.token),
    [null, null, g.generated[0], null, null, g.generated[1], null, null, g.generated[2]],
  );
  assert.deepEqual(steps.at(-1).generated, g.generated);
  assert.throws(() => engine.openModelGenerateStep(gen), {
    name: 'ValueError',
    message: /no generation/,
  });
  const abandoned = engine.openModelGenerateStart(id, tokens, 3);
  engine.openModelGenerateStep(abandoned);
  assert.equal(engine.openModelUnload(id), true);
  assert.throws(() => engine.openModelGenerateStep(abandoned), { name: 'ValueError' });
  assert.equal(engine.openModelUnload(id), false);
  assert.throws(() => engine.openModelRun(id, tokens), {
    name: 'ValueError',
    message: /no open model with id/,
  });
});

// Issue 43: the open-model page cut a long prompt to maxPassTokens; a pass of more tokens than one
// layer takes within the work bound now runs them in chunks through the KV cache, one layer of
// one chunk per openModelPassStep. chunkTokens caps a chunk, so a tiny model shows it: the
// result is the one pass's within the 1e-4 the KV cache is held to (docs/open-model.md), the
// kept weights and sink shares likewise, and a generation from the chunked prompt makes the
// same tokens.
test('a long pass runs in chunks through the KV cache and gives the result of one pass', () => {
  const id = load();
  engine.openModelFinalize(id);
  const tokens = [1, 4, 9, 5, 3, 10, 2, 7, 7, 0, 6, 8, 1, 3];
  const whole = engine.openModelRun(id, tokens, { attention: true });
  for (const chunkTokens of [1, 3, 5]) {
    const pass = engine.openModelPass(id, tokens, { chunkTokens });
    const chunks = Math.ceil(tokens.length / chunkTokens);
    const seen = [];
    for (;;) {
      const s = engine.openModelPassStep(pass);
      assert.equal(s.chunks, chunks);
      seen.push([s.chunk, s.layer]);
      if (s.done) break;
    }
    assert.deepEqual(
      seen,
      Array.from({ length: chunks * 2 }, (_, i) => [Math.floor(i / 2), i % 2]),
    );
    const r = engine.openModelPassResult(pass);
    const scale = Math.max(...whole.logitsLast.map(Math.abs));
    whole.logitsLast.forEach((x, i) =>
      assert.ok(
        Math.abs(r.logitsLast[i] - x) <= 1e-4 * scale,
        `logit ${i}, chunks of ${chunkTokens}`,
      ),
    );
    assert.deepEqual(
      r.top5.map((x) => x.token),
      whole.top5.map((x) => x.token),
    );
    assert.deepEqual(
      r.attention.map((a) => [a.layer, a.weights.shape, a.weights.data.length]),
      whole.attention.map((a) => [a.layer, a.weights.shape, a.weights.data.length]),
    );
    r.attention.forEach((a, l) =>
      a.weights.data.forEach((w, i) =>
        assert.ok(Math.abs(w - whole.attention[l].weights.data[i]) <= 1e-5),
      ),
    );
    r.sinkShare.forEach((row, l) =>
      row.forEach((x, h) => assert.ok(Math.abs(x - whole.sinkShare[l][h]) <= 1e-5)),
    );
  }
  // Generation prefills the prompt the same way when it is long; here the whole generation is
  // compared with the one from a prompt short enough for one pass, on the f32 path.
  const gen = engine.openModelGenerate(id, tokens, 2, { exact: true });
  const pass = engine.openModelPass(id, [...tokens, gen.generated[0]], {
    attention: false,
    chunkTokens: 4,
  });
  while (!engine.openModelPassStep(pass).done);
  assert.equal(engine.openModelPassResult(pass).top5[0].token, gen.generated[1]);
  assert.throws(() => engine.openModelPass(id, tokens, { chunkTokens: 0 }), {
    name: 'ConfigError',
    message: /chunkTokens must be at least 1/,
  });
  engine.openModelUnload(id);
});

test('openModelDequantizeRow decodes a hand-made q8_0 block and f16 halves', () => {
  const block = new Uint8Array(34);
  block[1] = 0x38; // d = 0.5 (f16 0x3800, little-endian)
  block.set([0x80, 0xff, 0, 1, 0x7f], 2); // −128, −1, 0, 1, 127
  const x = engine.openModelDequantizeRow('q8_0', block, 32);
  assert.deepEqual([...x.subarray(0, 5)], [-64, -0.5, 0, 0.5, 63.5]);
  assert.deepEqual(
    [...engine.openModelDequantizeRow('f16', new Uint8Array([0, 0x3c, 0, 0xc0]), 2)],
    [1, -2],
  );
  assert.throws(() => engine.openModelDequantizeRow('q4_k', block, 32), {
    name: 'ShapeError',
    message: 'the row has 32 columns: q4_k rows are whole blocks of 256',
  });
  assert.throws(() => engine.openModelDequantizeRow('q5_k', block, 32), {
    name: 'ConfigError',
    message:
      "type 'q5_k' is not a supported weight type (f32, f16, bf16, q8_0, q5_0, q5_1, q4_0, q4_1, q4_k, q6_k)",
  });
});

test('the heap reaches 4 GiB, and bytesNeeded counts tensors and working memory', () => {
  assert.ok(engine.openModelHeapLimit() > 3 * 2 ** 30, `heap limit ${engine.openModelHeapLimit()}`);
  const info = tensors().map((t) => ({ name: t.name, type: 'f32', rows: t.rows, cols: t.cols }));
  const stored = info.reduce((n, t) => n + t.rows * t.cols * 4, 0);
  const need = engine.openModelBytesNeeded(config, info);
  assert.ok(need > stored && need < stored + 2 ** 20, `${need} vs ${stored}`);
  const q = [{ name: 'model.embed_tokens.weight', type: 'q4_k', rows: 151936, cols: 1024 }];
  const qNeed = engine.openModelBytesNeeded({ ...config, vocab: 151936, dModel: 1024 }, q);
  assert.ok(qNeed > (151936 * 1024 * 144) / 256);
});

test('every openModel error is named and says what is wrong', () => {
  assert.throws(() => engine.openModelCreate({ ...config, arch: 'phi3' }), {
    name: 'ConfigError',
    message: "arch 'phi3' is not supported (gpt2, llama, mistral, qwen2, qwen3)",
  });
  const { vocab, ...noVocab } = config;
  assert.ok(vocab);
  assert.throws(() => engine.openModelCreate(noVocab), {
    name: 'ConfigError',
    message: 'config.vocab is missing',
  });
  assert.throws(() => engine.openModelCreate({ ...config, nKvHeads: 3 }), { name: 'ConfigError' });
  assert.throws(
    () => engine.openModelCreate({ ...config, ropeScaling: { type: 'yarn', factor: 4 } }),
    {
      name: 'ConfigError',
      message: "ropeScaling.type 'yarn' is not supported (linear, llama3)",
    },
  );
  const scaled = engine.openModelCreate({
    ...config,
    ropeScaling: {
      type: 'llama3',
      factor: 32,
      lowFreqFactor: 1,
      highFreqFactor: 4,
      originalContext: 8192,
    },
  });
  assert.equal(engine.openModelUnload(scaled.id), true);
  const factors = engine.openModelCreate({ ...config, ropeFreqFactors: new Float32Array([1, 8]) });
  assert.equal(engine.openModelUnload(factors.id), true);
  assert.throws(() => engine.openModelCreate({ ...config, ropeFreqFactors: [1, 2, 4] }), {
    name: 'ConfigError',
    message: 'ropeFreqFactors has 3 entries, dHead / 2 = 2 expected',
  });
  const { id } = engine.openModelCreate(config);
  assert.throws(
    () => engine.openModelTensor(id, 'model.layers.0.self_attn.k_proj.weight', 'f32', 8, 8, 'nk'),
    {
      name: 'ShapeError',
      message: 'model.layers.0.self_attn.k_proj.weight is [8, 8], expected [4, 8]',
    },
  );
  assert.throws(() => engine.openModelTensor(id, 'transformer.wte.weight', 'f32', 11, 8), {
    name: 'ConfigError',
    message: "unexpected tensor 'transformer.wte.weight' for a llama model",
  });
  assert.throws(() => engine.openModelTensor(id, 'model.norm.weight', 'f32', 1, 8, 'nm'), {
    name: 'ConfigError',
    message: "layout should be 'nk' ([out, in]) or 'kn' ([in, out])",
  });
  assert.throws(() => engine.openModelTensor(id, 'model.embed_tokens.weight', 'f32', 2 ** 30, 8), {
    name: 'ShapeError',
    message:
      /^tensor 'model.embed_tokens.weight' needs 32768 MiB \(34359738368 bytes\), the engine's heap has \d+ MiB/,
  });
  engine.openModelTensor(id, 'model.norm.weight', 'f32', 1, 8);
  assert.throws(() => engine.openModelTensor(id, 'model.norm.weight', 'f32', 1, 8), {
    name: 'ConfigError',
    message: "tensor 'model.norm.weight' was given twice",
  });
  assert.throws(() => engine.openModelFinalize(id), {
    name: 'ShapeError',
    message: "missing tensor 'model.embed_tokens.weight'",
  });
  assert.throws(() => engine.openModelRun(id, [1]), {
    name: 'ConfigError',
    message: /not finalised/,
  });
  assert.equal(engine.openModelUnload(id), true);
});

test('bad openModel calls throw one of the four named kinds and leave the engine usable', () => {
  const KINDS = new Set(['ShapeError', 'ValueError', 'ConfigError', 'MaskError']);
  const id = load();
  engine.openModelFinalize(id);
  const before = engine.heapBytesInUse();
  const info = [{ name: 'model.norm.weight', type: 'f32', rows: 1, cols: 8 }];
  const bad = [
    () => engine.openModelCreate(undefined),
    () => engine.openModelCreate(5),
    () => engine.openModelCreate({ ...config, arch: 5 }),
    () => engine.openModelCreate({ ...config, vocab: -1 }),
    () => engine.openModelCreate({ ...config, vocab: 1.5 }),
    () => engine.openModelCreate({ ...config, dModel: 'x' }),
    () => engine.openModelCreate({ ...config, normEps: NaN }),
    () => engine.openModelCreate({ ...config, ropeScaling: 5 }),
    () => engine.openModelCreate({ ...config, ropeFreqFactors: 'x' }),
    () => engine.openModelBytesNeeded(config, 5),
    () => engine.openModelBytesNeeded(config, [5]),
    () => engine.openModelBytesNeeded(config, [{ ...info[0], name: 5, type: 'q9' }]),
    () => engine.openModelBytesNeeded(config, [{ ...info[0], type: 7 }]),
    () => engine.openModelBytesNeeded(config, [{ ...info[0], rows: -1 }]),
    () => engine.openModelTensor(id, 5, 'f32', 1, 8),
    () => engine.openModelTensor(id, 'model.norm.weight', 5, 1, 8),
    () => engine.openModelTensor(id, 'model.norm.weight', 'f32', 'x', 8),
    () => engine.openModelTensor(id, 'model.norm.weight', 'f32', 1, 8, 5),
    () => engine.openModelTensor('x', 'model.norm.weight', 'f32', 1, 8),
    () => engine.openModelTensor(id, 'model.norm.weight', 'f32', 1, 8),
    () => engine.openModelTensorWrite(id, 'model.norm.weight', 0, new Uint8Array(4)),
    () => engine.openModelTensorWrite(987654, 'model.norm.weight', 0, new Uint8Array(4)),
    () => engine.openModelTensorWrite(id, 5, 0, new Uint8Array(4)),
    () => engine.openModelTensorWrite(id, 'model.norm.weight', -1, new Uint8Array(4)),
    () => engine.openModelTensorWrite(id, 'model.norm.weight', 0, [1, 2]),
    () => engine.openModelGenerateStart(id, [1], 'x'),
    () => engine.openModelGenerateStart(id, [], 1),
    () => engine.openModelGenerateStart(987654, [1], 1),
    () => engine.openModelGenerateStep(987654),
    () => engine.openModelGenerateStop(),
    () => engine.openModelFinalize(987654),
    () => engine.openModelRun(id, 'x'),
    () => engine.openModelRun(id, [1.5]),
    () => engine.openModelRun(id, [1], 5),
    () => engine.openModelRun(id, [1], { layers: 5 }),
    () => engine.openModelRun(id, [1], { layers: [-1] }),
    () => engine.openModelRun(id, [1], { attention: 'yes' }),
    () => engine.openModelPass(987654, [1]),
    () => engine.openModelPassStep('x'),
    () => engine.openModelPassResult(987654),
    () => engine.openModelGenerate(id, [1], -1),
    () => engine.openModelGenerate(id, [1], 'x'),
    () => engine.openModelGenerate(id, [], 2),
    () => engine.openModelDequantizeRow(5, new Uint8Array(4), 1),
    () => engine.openModelDequantizeRow('f32', 5, 1),
    () => engine.openModelDequantizeRow('f32', new Uint8Array(4), -1),
    () => engine.openModelDequantizeRow('f32', new Uint8Array(2), 1),
    () => engine.openModelRun(id),
  ];
  for (const [i, call] of bad.entries()) {
    let err;
    try {
      call();
    } catch (e) {
      err = e;
    }
    assert.ok(err, `call ${i} should throw`);
    assert.ok(KINDS.has(err.name), `call ${i}: ${err.name}: ${err.message}`);
    assert.ok(err.message.length > 0);
  }
  assert.equal(engine.openModelUnload('x'), false);
  assert.equal(engine.heapBytesInUse(), before);
  assert.equal(engine.openModelRun(id, [0, 3]).logitsLast.length, config.vocab);
  assert.equal(engine.openModelUnload(id), true);
});
