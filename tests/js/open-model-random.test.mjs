// node --test --test-concurrency=1 tests/js/open-model-random.test.mjs
// Every supported architecture × weight type, in both file formats, through the widget's code
// path: tiny seeded random models (tests/model-files/tiny-models.js) written to a temp dir as
// an HF checkpoint (f32, f16, bf16; once sharded) and as a GGUF (f32, f16, bf16, q8_0, q4_0,
// q4_k, q6_k), opened by openModelFromFiles (web/model-files/open-model-files.js) into the
// real engine from a node file source that reads in slices, then run: the last
// position's logits and every layer's attention equal the plain-JS reference forward
// (tests/model-files/reference-forward.js) on the weights the file holds (dequantised and, for
// GGUF, un-permuted / un-transposed by the tests' own readers) to 1e-3. Greedy generation with
// the KV cache equals the reference's argmax loop. The tokenizers of both formats of a model
// agree. Skipped, naming what is missing, until the three branches of issue 13 are merged.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tiny from '../model-files/tiny-models.js';
import { CORPUS } from '../model-files/tiny-tokenizers.js';
import { readSafetensors, readGguf, safetensorsF32, ggufF32 } from '../model-files/read-back.js';
import { referenceForward } from '../model-files/reference-forward.js';
import { nodeFileSource, folderSources } from '../model-files/node-file-source.js';
import * as it from '../model-files/integration.js';

const TOKENS = [3, 17, 101, 256, 7, 42, 199, 5, 64, 12];
const TOLERANCE = 1e-3;
let engine, loader, dir;
const models = new Map();
const model = (arch) => models.get(arch) ?? models.set(arch, tiny.tinyModel(arch)).get(arch);

before(async () => {
  engine = await it.engine();
  loader = await it.openModelFiles();
  dir = mkdtempSync(join(tmpdir(), 'attn-open-model-'));
});
after(() => dir && rmSync(dir, { recursive: true, force: true }));

/** Writes the model's files; → { sources, weights (what the files hold, HF names), cleanup }. */
function writeFiles(arch, format, type, { shards = 1, hubGpt2 = false, m = model(arch) } = {}) {
  const where = join(
    dir,
    `${arch}-${format}-${type}${shards > 1 ? '-sharded' : ''}${hubGpt2 ? '-hub' : ''}`,
  );
  if (format === 'hf') {
    tiny.writeHfModel(where, m, type, { shards, hubGpt2 });
    const byName = new Map();
    for (const src of folderSources(where).filter((f) => f.name.endsWith('.safetensors'))) {
      const st = readSafetensors(new Uint8Array(readFileSync(join(where, src.name))));
      for (const [k, v] of safetensorsF32(st)) byName.set(k, v);
    }
    return {
      sources: folderSources(where),
      weights: tiny.hfWeightsFromSafetensors(byName),
      cleanup: () => rmSync(where, { recursive: true, force: true }),
    };
  }
  mkdirSync(where, { recursive: true });
  const path = tiny.writeGgufModel(join(where, `tiny-${arch}-${type}.gguf`), m, type);
  const g = readGguf(new Uint8Array(readFileSync(path)));
  return {
    sources: [nodeFileSource(path)],
    weights: tiny.hfWeightsFromGguf(m, ggufF32(g)),
    cleanup: () => rmSync(where, { recursive: true, force: true }),
  };
}

/** Opens the files, checks the config it built, runs `fn(opened, files)`, unloads. */
async function withOpened(arch, format, type, fn, opts) {
  const files = writeFiles(arch, format, type, opts);
  let opened;
  try {
    let progress = 0;
    opened = await loader.openModelFromFiles(engine, files.sources, {
      onProgress: () => progress++,
    });
    const c = (opts?.m ?? model(arch)).config;
    assert.equal(opened.arch, format === 'gguf' ? tiny.ggufArch(arch) : arch);
    for (const k of ['vocab', 'dModel', 'nLayers', 'nHeads', 'nKvHeads', 'dHead', 'mlpHidden'])
      assert.equal(opened.config[k], c[k], `config.${k}`);
    assert.equal(Boolean(opened.config.tiedEmbeddings), c.tiedEmbeddings, 'tiedEmbeddings');
    assert.ok(Math.abs(opened.config.normEps - c.normEps) < 1e-9 * Math.max(1, c.normEps) + 1e-12);
    if (arch !== 'gpt2') assert.ok(Math.abs(opened.config.ropeTheta / c.ropeTheta - 1) < 1e-6);
    assert.ok(progress > 0, 'onProgress called');
    await fn(opened, files);
  } finally {
    if (opened) engine.openModelUnload(opened.id);
    files.cleanup();
  }
}

function assertAgainstReference(arch, opened, weights, label, m = model(arch)) {
  const c = m.config;
  const ref = referenceForward(
    { ...c, arch: opened.arch === 'llama' ? 'llama' : arch },
    weights,
    TOKENS,
  );
  const r = engine.openModelRun(opened.id, TOKENS, { attention: true });
  const T = TOKENS.length,
    V = c.vocab;
  assert.equal(r.logitsLast.length, V);
  const dl = it.maxAbsDiff(r.logitsLast, ref.logits.subarray((T - 1) * V, T * V));
  assert.ok(dl < TOLERANCE, `${label}: last logits differ from the reference by ${dl}`);
  assert.equal(r.attention.length, c.nLayers);
  for (const a of r.attention) {
    assert.deepEqual(a.weights.shape, [c.nHeads, T, T]);
    const da = it.maxAbsDiff(a.weights.data, ref.attention[a.layer]);
    assert.ok(da < TOLERANCE, `${label}: layer ${a.layer} attention differs by ${da}`);
  }
  assert.equal(r.sinkShare.length, c.nLayers);
  assert.equal(r.sinkShare[0].length, c.nHeads);
  // top5[0] is the reference's argmax.
  const last = ref.logits.subarray((T - 1) * V, T * V);
  assert.equal(r.top5[0].token, last.indexOf(Math.max(...last)), `${label}: top-1`);
}

for (const arch of tiny.ARCHS) {
  for (const type of tiny.HF_DTYPES)
    test(`${arch} HF ${type}: logits and attention = reference to 1e-3`, async () => {
      await withOpened(arch, 'hf', type, (opened, files) =>
        assertAgainstReference(arch, opened, files.weights, `${arch} hf ${type}`),
      );
    });
  for (const type of tiny.GGUF_TYPES)
    test(`${arch} GGUF ${type}: logits and attention = reference to 1e-3`, async () => {
      await withOpened(arch, 'gguf', type, (opened, files) =>
        assertAgainstReference(arch, opened, files.weights, `${arch} gguf ${type}`),
      );
    });
}

test('a sharded HF checkpoint (index + 2 shards) loads like the single file', async () => {
  await withOpened(
    'qwen2',
    'hf',
    'bf16',
    (opened, files) => assertAgainstReference('qwen2', opened, files.weights, 'qwen2 sharded'),
    { shards: 2 },
  );
});

test('llama with attention_bias (GGUF q/k biases permuted like the rows) in both formats', async () => {
  const m = tiny.tinyModel('llama', 2, { attentionBias: true });
  for (const [format, type] of [
    ['hf', 'bf16'],
    ['gguf', 'q8_0'],
  ])
    await withOpened(
      'llama',
      format,
      type,
      (opened, files) => {
        assert.equal(opened.config.attentionBias, true);
        assertAgainstReference('llama', opened, files.weights, `llama+bias ${format}`, m);
      },
      { m },
    );
});

test("GPT-2 as the hub ships it (no 'transformer.' prefix, attn.bias mask buffers) loads", async () => {
  await withOpened(
    'gpt2',
    'hf',
    'f32',
    (opened, files) => assertAgainstReference('gpt2', opened, files.weights, 'gpt2 hub'),
    { hubGpt2: true },
  );
});

/** Greedy decoding by the reference: argmax of the last logits, full recompute per step. */
function referenceGreedy(cfg, weights, prompt, steps) {
  const tokens = [...prompt];
  for (let s = 0; s < steps; s++) {
    const { logits } = referenceForward(cfg, weights, tokens);
    const last = logits.subarray((tokens.length - 1) * cfg.vocab);
    let best = 0;
    for (let v = 1; v < cfg.vocab; v++) if (last[v] > last[best]) best = v;
    tokens.push(best);
  }
  return tokens.slice(prompt.length);
}

for (const [arch, format, type] of [
  ['gpt2', 'hf', 'f16'],
  ['qwen3', 'gguf', 'q4_k'],
  ['mistral', 'gguf', 'q6_k'],
]) {
  test(`${arch} ${format} ${type}: greedy generation with the KV cache = the reference's argmax loop`, async () => {
    await withOpened(arch, format, type, (opened, files) => {
      const g = engine.openModelGenerate(opened.id, TOKENS.slice(0, 5), 6);
      assert.deepEqual(g.tokens.slice(0, 5), TOKENS.slice(0, 5));
      const cfg = model(arch).config;
      assert.deepEqual(g.generated, referenceGreedy(cfg, files.weights, TOKENS.slice(0, 5), 6));
    });
  });
}

// The decode path (gemm.hpp: activations quantised to 13 bits per block for the block types,
// 8-lane sums for the float types) against the f32 GEMM, on every held-in model and type:
// greedy tokens identical for 8 steps, and the logits of a 4-token pass (≤ 4 tokens run the
// decode path) within a stated share of their range.
for (const arch of tiny.ARCHS)
  for (const type of tiny.GGUF_TYPES)
    test(`${arch} gguf ${type}: the decode path generates the f32 path's tokens`, async (t) => {
      await withOpened(arch, 'gguf', type, (opened) => {
        const prompt = TOKENS.slice(0, 5);
        const fast = engine.openModelGenerate(opened.id, prompt, 8);
        const exact = engine.openModelGenerate(opened.id, prompt, 8, { exact: true });
        assert.deepEqual(fast.generated, exact.generated);
        const f = engine.openModelRun(opened.id, TOKENS.slice(0, 4), {
          decodePath: true,
        }).logitsLast;
        const e = engine.openModelRun(opened.id, TOKENS.slice(0, 4)).logitsLast;
        let range = 0;
        for (const v of e) range = Math.max(range, Math.abs(v));
        const diff = it.maxAbsDiff(f, e);
        t.diagnostic(`logits max |Δ| ${diff.toExponential(2)} of max |logit| ${range.toFixed(3)}`);
        assert.ok(diff > 0 || !type.startsWith('q'), 'the decode path ran (block types differ)');
        assert.ok(diff <= (type.startsWith('q') ? 2e-3 : 1e-5) * range, `${diff} of ${range}`);
      });
    });

test('a pass layer by layer (openModelPass / PassStep / PassResult) = openModelRun', async () => {
  await withOpened('llama', 'gguf', 'q8_0', (opened) => {
    const whole = engine.openModelRun(opened.id, TOKENS, { attention: true });
    const pass = engine.openModelPass(opened.id, TOKENS);
    const layers = [];
    for (let s; !(s = engine.openModelPassStep(pass)).done;) layers.push(s.layer);
    assert.deepEqual(layers, [0, 1].slice(0, layers.length));
    const r = engine.openModelPassResult(pass, { attention: true });
    assert.ok(it.maxAbsDiff(r.logitsLast, whole.logitsLast) < 1e-6);
    assert.ok(it.maxAbsDiff(r.attention[1].weights, whole.attention[1].weights) < 1e-6);
  });
});

for (const arch of tiny.ARCHS) {
  test(`${arch}: the HF and GGUF tokenizers give the same ids and decode back to the text`, async () => {
    const text = CORPUS[0].slice(0, 40) + ' 小明';
    const ids = {};
    for (const [format, type] of [
      ['hf', 'f16'],
      ['gguf', 'q8_0'],
    ])
      await withOpened(arch, format, type, (opened) => {
        ids[format] = opened.tokenizer.encode(text);
        assert.ok(ids[format].every((id) => id >= 0 && id < model(arch).config.vocab));
        assert.equal(opened.tokenizer.decode(ids[format]), text, `${arch} ${format} round trip`);
        // Only the tokenizers that put a BOS first declare one (Llama 3's template, SentencePiece's
        // add_bos_token); GPT-2 and Qwen have none.
        const bos = ['llama', 'mistral'].includes(arch) ? model(arch).bosId : null;
        assert.equal(opened.bosId, bos, `${arch} ${format} bosId`);
        assert.equal(opened.tokenizer.tokens(ids[format]).length, ids[format].length);
      });
    assert.deepEqual(ids.gguf, ids.hf, `${arch}: GGUF and HF tokenizers disagree`);
    // The tokenizer is the model's own, not a byte or char fallback: fewer ids than bytes.
    assert.ok(ids.hf.length < new TextEncoder().encode(text).length);
  });
}

/**
 * llama.cpp's rope_freqs.weight for a llama3 rope_scaling, as convert_hf_to_gguf.py's
 * LlamaModel.generate_extra_tensors computes it (its own arithmetic, not the engine's): per
 * frequency of θ^(−2i/d), 1 for short wavelengths, `factor` for long ones, smooth in between.
 */
function llama3RopeFreqs(theta, d, { factor, lowFreqFactor, highFreqFactor, originalContext }) {
  const lowWavelen = originalContext / lowFreqFactor;
  const highWavelen = originalContext / highFreqFactor;
  const out = new Float32Array(d / 2);
  for (let i = 0; i < d / 2; i++) {
    const wavelen = (2 * Math.PI) / (1 / theta ** ((2 * i) / d));
    if (wavelen < highWavelen) out[i] = 1;
    else if (wavelen > lowWavelen) out[i] = factor;
    else {
      const smooth = (originalContext / wavelen - lowFreqFactor) / (highFreqFactor - lowFreqFactor);
      out[i] = 1 / ((1 - smooth) / factor + smooth);
    }
  }
  return out;
}

test("Llama 3.x RoPE scaling: config.json's rope_scaling and a GGUF's rope_freqs.weight give the same logits", async () => {
  const m = tiny.tinyModel('llama', 5);
  const c = m.config;
  // A short original context puts most frequencies in the scaled range at these few positions.
  const scaling = { factor: 8, lowFreqFactor: 1, highFreqFactor: 4, originalContext: 16 };
  const hfDir = join(dir, 'llama3-scaled-hf');
  tiny.writeHfModel(
    hfDir,
    {
      ...m,
      hfConfig: {
        ...m.hfConfig,
        rope_scaling: {
          rope_type: 'llama3',
          factor: scaling.factor,
          low_freq_factor: scaling.lowFreqFactor,
          high_freq_factor: scaling.highFreqFactor,
          original_max_position_embeddings: scaling.originalContext,
        },
      },
    },
    'f32',
  );
  const freqs = llama3RopeFreqs(c.ropeTheta, c.dHead, scaling);
  const rope = {
    name: 'rope_freqs.weight',
    type: 'f32',
    dims: [c.dHead / 2],
    bytes: new Uint8Array(freqs.buffer),
  };
  const scaled = tiny.writeGgufModel(join(dir, 'llama3-scaled.gguf'), m, 'f32', {
    extraTensors: [rope],
  });
  const plain = tiny.writeGgufModel(join(dir, 'llama3-plain.gguf'), m, 'f32');
  const run = async (sources) => {
    const o = await loader.openModelFromFiles(engine, sources);
    try {
      return {
        config: o.config,
        notes: o.notes,
        logits: engine.openModelRun(o.id, TOKENS, {}).logitsLast,
      };
    } finally {
      engine.openModelUnload(o.id);
    }
  };
  const hf = await run(folderSources(hfDir));
  const gguf = await run([nodeFileSource(scaled)]);
  const unscaled = await run([nodeFileSource(plain)]);
  assert.equal(hf.config.ropeScaling.type, 'llama3');
  assert.equal(gguf.config.ropeFreqFactors.length, c.dHead / 2);
  assert.deepEqual(gguf.notes, unscaled.notes, 'no "not applied" note: the factors are applied');
  const d = it.maxAbsDiff(hf.logits, gguf.logits);
  assert.ok(d < 1e-4, `HF rope_scaling vs GGUF rope_freqs: logits differ by ${d}`);
  const off = it.maxAbsDiff(hf.logits, unscaled.logits);
  assert.ok(off > 1e-3, `the scaling matters at these positions (plain RoPE differs by ${off})`);
});
