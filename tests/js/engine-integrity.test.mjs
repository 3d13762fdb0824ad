// The engine's integrity on its newest surfaces (the opened model, the hybrid lab), one test per
// defect class found there: heap counts past 2 GiB, no heap view that outlives its model, lone
// UTF-16 surrogates, size arithmetic at 2^53 scale, overflowing weights, a bound on every call's
// work, and byte counts of 0 B per token. Each case failed before its fix.
import { crc32 } from 'node:zlib';
import { createRequire } from 'node:module';
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { engine as loadEngine } from '../helpers/fixture.mjs';
import { tokenizerFromJson } from '../../web/model-files/tokenizer.js';
import { expectedTensors } from '../../web/model-files/expected-tensors.js';
import { charTokenizerJson } from '../../scripts/export-lab-model.mjs';

let engine;
let labBytes;
let lab;
before(async () => {
  engine = await loadEngine();
  labBytes = new Uint8Array(
    readFileSync(new URL('../../course-data/lab-model.bin', import.meta.url)),
  );
  lab = engine.labLoad(labBytes);
});

const GiB = 2 ** 30;

/** A tiny Llama config; `over` replaces fields. */
const llama = (over = {}) => ({
  arch: 'llama',
  vocab: 11,
  dModel: 8,
  nLayers: 2,
  nHeads: 2,
  nKvHeads: 1,
  dHead: 4,
  mlpHidden: 12,
  context: 16,
  tiedEmbeddings: true,
  ...over,
});

/**
 * A finalised model of config c whose gains are 1 and whose matrices hold matrix(i) (i counts
 * the matrix's numbers); returns its id.
 */
function openFilled(c, matrix) {
  const { id } = engine.openModelCreate(c);
  for (const [name, { rows, cols }] of expectedTensors(c)) {
    engine.openModelTensor(id, name, 'f32', rows, cols);
    const values = new Float32Array(rows * cols);
    for (let i = 0; i < values.length; i++) values[i] = rows === 1 ? 1 : matrix(i);
    engine.openModelTensorWrite(id, name, 0, new Uint8Array(values.buffer));
  }
  engine.openModelFinalize(id);
  return id;
}

const small = (i) => Math.sin(i * 0.7) * 0.3;

/** The error a call throws (fails the test when it returns). */
function thrown(call) {
  try {
    call();
  } catch (e) {
    return /** @type {Error} */ (e);
  }
  assert.fail('the call should have thrown');
}

test('1. heap counts stay right past 2 GiB, and the open-model functions keep working after', () => {
  const before = engine.heapBytesInUse();
  const after = [];
  // Inputs of 4 MiB, read and written by the bindings' JS side (convert.cpp's EM_JS): with
  // 2.5 GiB held they land above 2 GiB, where a signed pointer would read the wrong place.
  const n = 1024;
  const data = Float32Array.from({ length: n * n }, (_, i) => ((i * 7) % 13) - 6);
  const a = { shape: [n, n], data };
  const rows = Array.from({ length: n }, (_, i) => [(i % 5) - 2, ((i + 1) % 5) - 2]);
  const expected = engine.matmul(a, rows);
  const scores = Float32Array.from({ length: n * n }, (_, i) => (i % 97) / 10);
  const expectedWeights = engine.softmax(scores).weights;
  // Twice: the second round's heap must end where the first one's did (the first may grow the
  // buffers that keep an error's message).
  for (let round = 0; round < 2; round++) {
    // 2.5 GiB in two f32 tables of 1.25 GiB each (never filled: the heap holds them all the same).
    const V = 2 ** 19;
    const c = llama({
      vocab: V,
      dModel: 640,
      nHeads: 2,
      nKvHeads: 1,
      dHead: 8,
      tiedEmbeddings: false,
    });
    const { id } = engine.openModelCreate(c);
    const bytes =
      engine.openModelTensor(id, 'model.embed_tokens.weight', 'f32', V, 640) +
      engine.openModelTensor(id, 'lm_head.weight', 'f32', V, 640);
    assert.equal(bytes, 2.5 * GiB);
    assert.deepEqual(engine.matmul(a, rows), expected);
    assert.deepEqual(engine.softmax(scores).weights, expectedWeights);
    const inUse = engine.heapBytesInUse();
    assert.ok(inUse >= before + bytes, `${inUse} B in use with ${bytes} B of tensors held`);
    assert.ok(inUse < 4 * GiB);
    const left = engine.openModelHeapLimit();
    assert.ok(left > 0 && left + inUse <= 4 * GiB, `${left} B left with ${inUse} B in use`);
    // Out of memory: a 12 GiB tensor, and a model whose working memory passes the heap, are
    // refused by name; nothing is lost.
    assert.throws(
      () => engine.openModelTensor(id, 'model.layers.0.mlp.gate_proj.weight', 'f32', 12, 2 ** 28),
      {
        name: 'ShapeError',
        message: /needs 12288 MiB/,
      },
    );
    assert.throws(
      () => engine.openModelCreate(llama({ nLayers: 1024, nHeads: 65536, nKvHeads: 1, dHead: 2 })),
      {
        name: 'ShapeError',
        message: /a run of this model \(without its weights\) needs/,
      },
    );
    assert.equal(engine.openModelUnload(id), true);
    after.push(engine.heapBytesInUse());
  }
  assert.equal(after[1], after[0]);
  assert.ok(after[0] - before < 1024, `${after[0] - before} B kept after the unload`);
  assert.ok(engine.openModelHeapLimit() > 3 * GiB);
  const again = engine.openModelCreate(llama());
  assert.ok(again.heapLimitBytes > 3 * GiB);
  assert.equal(engine.openModelUnload(again.id), true);
});

test('2. no heap view leaves the engine: a write for an unloaded model is a named error, the next model untouched', () => {
  const c = llama();
  const first = engine.openModelCreate(c).id;
  const created = engine.openModelTensor(first, 'model.embed_tokens.weight', 'f32', 11, 8);
  assert.equal(typeof created, 'number', 'openModelTensor hands back a byte count, not a view');
  engine.openModelUnload(first);
  const second = openFilled(c, small);
  const logits = engine.openModelRun(second, [1, 2, 3]).logitsLast;
  const spray = new Uint8Array(11 * 8 * 4).fill(0x41);
  assert.throws(() => engine.openModelTensorWrite(first, 'model.embed_tokens.weight', 0, spray), {
    name: 'ValueError',
    message: /no open model with id/,
  });
  // The open model is finalised: its tensors cannot change either.
  assert.throws(() => engine.openModelTensorWrite(second, 'model.embed_tokens.weight', 0, spray), {
    name: 'ConfigError',
    message: /finalised/,
  });
  assert.deepEqual(engine.openModelRun(second, [1, 2, 3]).logitsLast, logits);
  // A write past the tensor's bytes is refused before anything is copied.
  const third = engine.openModelCreate(c).id;
  engine.openModelTensor(third, 'model.norm.weight', 'f32', 1, 8);
  assert.throws(
    () => engine.openModelTensorWrite(third, 'model.norm.weight', 30, new Uint8Array(4)),
    {
      name: 'ShapeError',
      message: "bytes 30 … 34 pass tensor 'model.norm.weight', which holds 32 bytes",
    },
  );
  assert.throws(() => engine.openModelTensorWrite(third, 'model.norm.bias', 0, new Uint8Array(4)), {
    name: 'ConfigError',
    message: "tensor 'model.norm.bias' was not created (call openModelTensor first)",
  });
  engine.openModelUnload(third);
  engine.openModelUnload(second);
});

test('3. a lone UTF-16 surrogate is one <unk>, and the next character stays (lab and open-model tokenizers)', () => {
  const unk = lab.vocab.indexOf('<unk>');
  const a = lab.vocab.indexOf('a') >= 0 ? 'a' : lab.vocab[5];
  const run = engine.labRun(lab.id, { text: `\ud800${a}` });
  assert.deepEqual(run.labels, ['<bos>', '<unk>', a]);
  assert.deepEqual(run.tokens.slice(1), [unk, lab.vocab.indexOf(a)]);
  const mixed = engine.labRun(lab.id, { text: '小\udc00明把' });
  assert.deepEqual(mixed.labels.slice(1), ['小', '<unk>', '明', '把']);
  // A well-formed pair outside the vocabulary is still one character.
  assert.deepEqual(engine.labRun(lab.id, { text: '\u{1F600}小' }).labels.slice(1), ['<unk>', '小']);

  const tok = tokenizerFromJson(charTokenizerJson(lab.vocab));
  const ids = (s) => tok.encode(s);
  assert.deepEqual(ids(`\ud800${a}`), [unk, lab.vocab.indexOf(a)]);
  assert.deepEqual(
    ids('小\udc00明把'),
    ['小', '<unk>', '明', '把'].map((t) => lab.vocab.indexOf(t)),
  );
});

test('4. size arithmetic at 2^53 scale: named errors or exact counts, never a wrapped one', () => {
  const c = llama();
  assert.throws(
    () =>
      engine.openModelBytesNeeded(c, [{ name: 'x', type: 'f32', rows: 2 ** 24, cols: 2 ** 30 }]),
    { name: 'ValueError', message: /^7205759403\d+ B is above 2\^53/ },
  );
  for (const [rows, cols] of [
    [2 ** 53, 8],
    [8, 2 ** 53],
    [2 ** 31, 2 ** 31],
  ])
    assert.equal(
      thrown(() => engine.openModelBytesNeeded(c, [{ name: 'x', type: 'f32', rows, cols }])).name,
      'ConfigError',
    );
  // A row of 2^31 − 1 f32 columns is 2^33 bytes (it wrapped in 32 bits), and its f32 copy.
  const base = engine.openModelBytesNeeded(c, []);
  const row = engine.openModelBytesNeeded(c, [
    { name: 'x', type: 'f32', rows: 1, cols: 2 ** 31 - 1 },
  ]);
  assert.equal(row - base, (2 ** 31 - 1) * 4 * 2);
  // Past 2^32 and many tensors: exact.
  const many = Array.from({ length: 64 }, (_, i) => ({
    name: `t${i}`,
    type: 'q4_k',
    rows: 2 ** 20,
    cols: 2 ** 16,
  }));
  assert.equal(engine.openModelBytesNeeded(c, many) - base, 64 * 2 ** 20 * (2 ** 16 / 256) * 144);
  const id = engine.openModelCreate(c).id;
  assert.throws(
    () => engine.openModelTensor(id, 'model.embed_tokens.weight', 'f32', 2 ** 31 - 1, 2 ** 31 - 1),
    {
      name: 'ShapeError',
    },
  );
  engine.openModelUnload(id);
  // Byte counts that pass 2^32 come back exact.
  const mla = engine.mla({ dtypeBytes: 2 ** 31 - 1 });
  const r = engine.mla({});
  assert.equal(mla.bytesPerTokenPerLayer, (r.bytesPerTokenPerLayer / 2) * (2 ** 31 - 1));
  assert.equal(
    mla.explicitBytesPerTokenPerLayer,
    (r.explicitBytesPerTokenPerLayer / 2) * (2 ** 31 - 1),
  );
  assert.equal(
    thrown(() => engine.labLedger(lab.id, { dtypeBytes: 2 ** 53 + 2 })).name,
    'ConfigError',
  );
  assert.equal(thrown(() => engine.mla({ dtypeBytes: 2 ** 53 })).name, 'ConfigError');
});

test('5. weights that overflow float give a ValueError naming the layer, not zeros', () => {
  const id = openFilled(llama(), () => 1e30);
  assert.throws(() => engine.openModelRun(id, [1, 2, 3]), {
    name: 'ValueError',
    message: /^layer 0: /,
  });
  const pass = engine.openModelPass(id, [1, 2]);
  assert.throws(() => engine.openModelPassStep(pass), {
    name: 'ValueError',
    message: /^layer 0: /,
  });
  assert.throws(() => engine.openModelGenerate(id, [1], 2), {
    name: 'ValueError',
    message: /^layer 0: /,
  });
  engine.openModelUnload(id);
  // Large but finite weights whose sums stay in range still run.
  const ok = openFilled(llama(), (i) => (i % 2 ? 1e3 : -1e3));
  assert.equal(engine.openModelRun(ok, [1, 2, 3]).logitsLast.every(Number.isFinite), true);
  engine.openModelUnload(ok);
});

test('6. every call whose time grows with its sizes is bounded before it starts', () => {
  const work = /multiply-adds, more than the limit of 8589934592 per call/;
  const deep = thrown(() => engine.openModelCreate(llama({ nLayers: 2 ** 20 })));
  assert.equal(deep.name, 'ConfigError');
  assert.match(deep.message, /nLayers \(1048576\) is above the limit of 1024/);
  const long = openFilled(llama({ context: 131072 }), small);
  const tokens = Array.from({ length: 100000 }, (_, i) => i % 11);
  assert.throws(() => engine.openModelRun(long, tokens), { name: 'ShapeError', message: work });
  // A pass of them one layer of one chunk per call is admitted (chunked prefill, below).
  assert.equal(typeof engine.openModelPass(long, tokens, { attention: false }), 'number');
  assert.throws(() => engine.openModelGenerate(long, [1], 100000), {
    name: 'ShapeError',
    message: /a generation of 100000 tokens after a prompt of 1 \(.*\) is \d+ multiply-adds/,
  });
  assert.throws(() => engine.openModelGenerate(long, [1], 1e6), {
    name: 'ShapeError',
    message: /context/,
  });
  // The most tokens one layer takes within the bound is one pass; one more runs in two chunks
  // through the KV cache (issue 43: the page cut the prompt here), each step within the bound.
  const { maxPassTokens } = engine.openModelFinalize(long);
  assert.ok(maxPassTokens > 1000 && maxPassTokens < 100000, `${maxPassTokens}`);
  // (The passes stay until the unload frees them.)
  const one = engine.openModelPass(long, tokens.slice(0, maxPassTokens), { attention: false });
  const two = engine.openModelPass(long, tokens.slice(0, maxPassTokens + 1), { attention: false });
  assert.deepEqual(engine.openModelPassStep(two), {
    layer: 0,
    layers: 2,
    chunk: 0,
    chunks: 2,
    done: false,
  });
  assert.throws(() => engine.openModelPassResult(one, { attention: false }), {
    name: 'ShapeError',
    message: work,
  });
  // The same generation one layer per call is accepted: each call is within the bound.
  const gen = engine.openModelGenerateStart(long, [1], 100000);
  assert.equal(engine.openModelGenerateStep(gen).token, null);
  assert.equal(engine.openModelGenerateStop(gen), true);
  assert.equal(engine.openModelGenerateStop(gen), false);
  engine.openModelUnload(long);

  const T = 65536;
  const q = { shape: [T, 64], data: new Float32Array(T * 64) };
  assert.throws(() => engine.attention({ q, k: q, v: q, nHeads: 1, want: ['output'] }), {
    name: 'ShapeError',
    message:
      /attention H × Tq × Tk × \(work per score: d \+ dv \+ 96\) = 1 × 65536 × 65536 × 224 is \d+ multiply-adds/,
  });
  const m = { shape: [4096, 4096], data: new Float32Array(4096 * 4096) };
  assert.throws(() => engine.matmul(m, m), { name: 'ShapeError', message: work });

  // A valid lab file with one Gated DeltaNet head of width 4096: refused at load, by name.
  const crafted = new Uint8Array(labBytes);
  const view = new DataView(crafted.buffer);
  view.setUint32(56, 1, true); // linear_heads
  view.setUint32(60, 4096, true); // linear_head_dim
  view.setUint32(crafted.length - 4, crc32(crafted.subarray(0, crafted.length - 4)), true);
  const err = thrown(() => engine.labLoad(crafted));
  assert.equal(err.name, 'ConfigError');
  assert.match(err.message, /a pass over the whole context of \d+ tokens is \d+ multiply-adds/);
  // The shipped model, at its whole context, stays inside.
  const context = lab.config.context;
  const full = engine.labRun(lab.id, {
    tokens: Array.from({ length: context }, () => 2),
    attention: true,
  });
  assert.equal(full.tokens.length, context);
});

test('7. the MLA cache of 0 bytes per number is refused, as scoreMemory refuses it', () => {
  assert.throws(() => engine.mla({ dtypeBytes: 0 }), {
    name: 'ValueError',
    message: 'MLA cache bytes: dtype_bytes must be > 0',
  });
  assert.throws(() => engine.scoreMemory({ T: 4, dA: 2, dtypeBytes: 0 }), { name: 'ValueError' });
});

test('4b. every entry point that takes a size, at 2^31 … 2^64: a named error or an exact count', () => {
  const KINDS = new Set(['ShapeError', 'ValueError', 'ConfigError', 'MaskError']);
  const HUGE = [2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 2 ** 64];
  const c = llama();
  const id = engine.openModelCreate(c).id;
  engine.openModelTensor(id, 'model.norm.weight', 'f32', 1, 8);
  const done = openFilled(c, small);
  /** Each call with one size set to n; `exact(result, n)` when it returns (a count to check). */
  const calls = {
    'scoreMemory T': (n) => engine.scoreMemory({ T: n, dA: 2 }),
    'scoreMemory dA': (n) => engine.scoreMemory({ T: 2, dA: n }),
    'scoreMemory dtypeBytes': (n) => engine.scoreMemory({ T: 2, dA: 2, dtypeBytes: n }),
    'causalMask tq': (n) => engine.causalMask(n, 4),
    'causalMask tk': (n) => engine.causalMask(4, n),
    ropeFrequencies: (n) => engine.ropeFrequencies(n),
    'tinyDecoderGenerate steps': (n) => engine.tinyDecoderGenerate({ prompt: [1], steps: n }),
    'mla T': (n) => engine.mla({ T: n }),
    'mla dModel': (n) => engine.mla({ dModel: n }),
    'mla kvLoraRank': (n) => engine.mla({ kvLoraRank: n }),
    'mla dtypeBytes': (n) => engine.mla({ dtypeBytes: n }),
    kvReduction: (n) => engine.kvReduction(n, 1),
    'softmaxVariance d': (n) => engine.softmaxVariance({ d: n }),
    'softmaxVariance nSamples': (n) => engine.softmaxVariance({ nSamples: n }),
    'labGenerate steps': (n) => engine.labGenerate(lab.id, { text: '小', steps: n }),
    'labLedger tokens': (n) => engine.labLedger(lab.id, { tokens: n }),
    'labLedger dtypeBytes': (n) => engine.labLedger(lab.id, { dtypeBytes: n }),
    'openModelCreate vocab': (n) => engine.openModelCreate(llama({ vocab: n })),
    'openModelCreate context': (n) => engine.openModelCreate(llama({ context: n })),
    'openModelCreate nLayers': (n) => engine.openModelCreate(llama({ nLayers: n })),
    'openModelBytesNeeded rows': (n) =>
      engine.openModelBytesNeeded(c, [{ name: 'x', type: 'f32', rows: n, cols: 8 }]),
    'openModelTensor rows': (n) =>
      engine.openModelTensor(id, 'model.embed_tokens.weight', 'f32', n, 8),
    'openModelTensorWrite offset': (n) =>
      engine.openModelTensorWrite(id, 'model.norm.weight', n, new Uint8Array(4)),
    'openModelGenerate steps': (n) => engine.openModelGenerate(done, [1], n),
    'openModelGenerateStart steps': (n) => engine.openModelGenerateStart(done, [1], n),
    'openModelDequantizeRow cols': (n) =>
      engine.openModelDequantizeRow('f32', new Uint8Array(8), n),
  };
  // Results that are counts: each must be the exact product, not a wrapped one.
  const exact = {
    'scoreMemory T': (r, n) => assert.equal(r.dotBytes, n * n * 2),
    'scoreMemory dA': (r, n) => assert.equal(r.additiveBytes, 2 * 2 * n * 2),
    'scoreMemory dtypeBytes': (r, n) => assert.equal(r.dotBytes, 4 * n),
    // K and V of every full layer's KV heads per token, each number dtypeBytes.
    'labLedger dtypeBytes': (r, n) =>
      assert.equal(
        r.kvBytesPerToken,
        lab.config.fullLayers * 2 * lab.config.nKvHeads * lab.config.dHead * n,
      ),
    'openModelBytesNeeded rows': (r, n) =>
      assert.equal(r - engine.openModelBytesNeeded(c, []), n * 8 * 4),
    'labLedger tokens': (r, n) =>
      assert.equal(r.bytesForContext, r.kvBytesPerToken * n + r.stateBytes),
    'mla dtypeBytes': (r, n) => assert.equal(r.bytesPerTokenPerLayer % n, 0),
    kvReduction: (r) => assert.ok(Number.isFinite(r)),
  };
  for (const [what, call] of Object.entries(calls))
    for (const n of HUGE) {
      let result;
      try {
        result = call(n);
      } catch (e) {
        assert.ok(KINDS.has(e.name), `${what} = ${n}: ${e.name}: ${e.message}`);
        continue;
      }
      assert.ok(exact[what], `${what} = ${n} returned ${JSON.stringify(result)?.slice(0, 80)}`);
      exact[what](result, n);
    }
  engine.openModelUnload(id);
  engine.openModelUnload(done);
});

// Issue 43, defects 1, 2, 3 and 7.

test('8. a nested input is bounded by its shape before any entry is read', () => {
  // 65,537 rows sharing one row of 65,536: 4.3e9 numbers. The binding read every entry's type
  // first (3.9–8.5 s) and only then named the size; an entry that throws when read shows the
  // order without a clock.
  const row = new Array(65536).fill(0);
  Object.defineProperty(row, 0, {
    get() {
      throw new Error('an entry was read before the size was checked');
    },
  });
  const rows = new Array(65537).fill(row);
  const tooMany = {
    name: 'ShapeError',
    message: /would hold more than the limit of 67108864 numbers/,
  };
  assert.throws(() => engine.matmul(rows, [[1]]), tooMany);
  assert.throws(() => engine.matmul([[1]], rows), tooMany);
  assert.throws(() => engine.attention({ q: rows, k: rows, v: rows }), tooMany);
  assert.throws(() => engine.scoreMatrix(rows, rows), tooMany);
  assert.throws(() => engine.cosineMatrix(rows, rows), tooMany);
  assert.throws(() => engine.rope(rows), tooMany);
  const q = [[1, 0]];
  assert.throws(() => engine.attention({ q, k: q, v: q, mask: rows }), tooMany);
  assert.throws(() => engine.attention({ q, k: q, v: q, gateLogits: rows }), tooMany);
  // One axis past 2^24 is named the same way, before its rows are looked at.
  assert.throws(() => engine.matmul(new Array(2 ** 24 + 1).fill(row), [[1]]), {
    name: 'ShapeError',
    message: /16777217 is above the limit of 16777216 per dimension/,
  });
  // Rows within the limits are read as before.
  const small = new Array(3).fill([1, 2]);
  assert.deepEqual(engine.matmul(small, [[1], [1]]).data, Float32Array.from([3, 3, 3]));
});

test('9. attention counts every score: d = 1 at the largest T each path admits, one more refused', () => {
  // At d = dv = 1 the score's own costs (scale, mask, exp, the running sums, the final division;
  // with weights, both [H, T, T] maps formed and copied out) are most of the time: T = 65,536
  // was admitted by the count of q·k and w·v alone and ran for 20 s and more. Each path's work
  // per score (attention.hpp attention_score_work) and the largest T it admits at H = 1;
  // admitted is shown without running anything (a causal call with one key too few fails on its
  // shapes after the work check), refused by (T + 1)². One measured run at each largest T,
  // WASM SIMD, node 20, 2 cores at load 13–16 beside other helpers' builds (first call, then a
  // second; a first call runs in V8's baseline tier and grows the heap):
  //   output 1.6, 1.2 s; causal 0.38, 0.53 s; zero-after-softmax 1.5, 1.5 s;
  //   weights 2.1, 1.1 s; scores 1.1, 1.5 s; sinkWeight 0.26, 0.30 s; all four 2.1, 1.8 s;
  //   all four, zero-after-softmax (T = 3,087) 2.2, 1.6 s;
  //   with a mask the element limit comes first: [8192, 8192] ones, output, 3.7, 0.92 s (of the
  //   first, 1.1 s is the heap growing for the mask's 64 MiB, measured alone)
  const paths = [
    { want: ['output'], maskMode: 'neg-inf', per: 98, T: 9362 },
    { want: ['output'], maskMode: 'zero-after-softmax', per: 260, T: 5747 },
    { want: ['weights'], maskMode: 'neg-inf', per: 739, T: 3409 },
    { want: ['scores'], maskMode: 'neg-inf', per: 739, T: 3409 },
    { want: ['sinkWeight'], maskMode: 'neg-inf', per: 739, T: 3409 },
    { want: ['scores', 'weights', 'sinkWeight', 'output'], maskMode: 'neg-inf', per: 739, T: 3409 },
    { want: ['output', 'weights'], maskMode: 'zero-after-softmax', per: 901, T: 3087 },
  ];
  const column = (n) => ({ shape: [n, 1], data: new Float32Array(n).fill(0.5) });
  for (const { want, maskMode, per, T } of paths) {
    assert.ok(T * T * per <= 2 ** 33 && (T + 1) * (T + 1) * per > 2 ** 33);
    const o = { want, maskMode, causal: true };
    assert.throws(
      () => engine.attention({ ...o, q: column(T), k: column(T - 1), v: column(T - 1) }),
      {
        name: 'ShapeError',
        message: /causal attention needs Tq <= Tk/,
      },
    );
    const past = column(T + 1);
    assert.throws(() => engine.attention({ ...o, q: past, k: past, v: past }), {
      name: 'ShapeError',
      message: new RegExp(`× ${T + 1} × ${T + 1} × ${per} is \\d+ multiply-adds`),
    });
  }
  // The call, refused at once.
  const T = 65536;
  const q = column(T);
  assert.throws(() => engine.attention({ q, k: q, v: q, want: ['output'] }), {
    name: 'ShapeError',
    message:
      /attention H × Tq × Tk × \(work per score: d \+ dv \+ 96\) = 1 × 65536 × 65536 × 98 is \d+ multiply-adds/,
  });
  // A mask is bounded by the element limit first: the largest, [8192, 8192], is admitted.
  const ones = { shape: [8192, 8192], data: new Uint8Array(8192 * 8192).fill(1) };
  assert.throws(
    () =>
      engine.attention({
        q: column(8192),
        k: column(8191),
        v: column(8191),
        mask: ones,
        want: ['output'],
      }),
    { name: 'ShapeError', message: /mask \[8192, 8192\] should be \[Tq, Tk\] = \[8192, 8191\]/ },
  );
});

test("10. an engine instance adds no listener to node's process", async () => {
  // Emscripten's default: one uncaughtException and one unhandledRejection listener per instance,
  // never removed; an 11th engine in one process warned MaxListenersExceededWarning.
  const require = createRequire(import.meta.url);
  const factories = [
    require('../../dist/attn-engine.js'),
    require('../../build-wasm/attn-course-engine.js'),
    require('../../build-wasm/attn-trainer.js'),
  ];
  const events = ['uncaughtException', 'unhandledRejection', 'exit'];
  const count = () => events.map((e) => process.listenerCount(e));
  const before = count();
  const warnings = [];
  const onWarning = (w) => warnings.push(w.name);
  process.on('warning', onWarning);
  for (const create of factories)
    for (let i = 0; i < 50; i++) {
      const e = await create();
      assert.equal(typeof e, 'object');
    }
  await new Promise((resolve) => setTimeout(resolve, 10));
  process.off('warning', onWarning);
  assert.deepEqual(count(), before);
  assert.deepEqual(warnings, []);
});

test('11. a lab file is bounded at load by its pass with attention: context 1,800 is refused', () => {
  // A lab file of the shipped model's shapes at context 1,800, with a valid CRC, loaded and ran
  // labRun over 1,800 tokens with attention in 1.3 s quiet, 2.5–3.9 s at load 8: the scores'
  // own costs and the two [H, T, T] maps per full layer were not counted. Now counted, the
  // largest context these shapes admit is found by loading; one measured run there, WASM SIMD,
  // node 20, 2 cores at load 14–16 beside other builds: labRun over 772 tokens with attention
  // 2.0 s (first call), 0.62 s (second); without attention 0.20 s; labGenerate of 8 tokens
  // after 764, 0.17 s.
  const crafted = (context) => {
    const b = new Uint8Array(labBytes);
    const view = new DataView(b.buffer);
    view.setUint32(40, context, true);
    view.setUint32(b.length - 4, crc32(b.subarray(0, b.length - 4)), true);
    return b;
  };
  const err = thrown(() => engine.labLoad(crafted(1800)));
  assert.equal(err.name, 'ConfigError');
  assert.match(err.message, /a pass over the whole context of 1800 tokens is \d+ multiply-adds/);
  let lo = 64;
  let hi = 1800;
  while (lo + 1 < hi) {
    const mid = (lo + hi) >> 1;
    try {
      engine.labUnload(engine.labLoad(crafted(mid)).id);
      lo = mid;
    } catch (e) {
      assert.equal(e.name, 'ConfigError');
      hi = mid;
    }
  }
  assert.equal(lo, 772);
});
