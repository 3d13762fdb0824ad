// node --test tests/js/open-model-lab-export.test.mjs
// The end-to-end check of issue 13 without any downloaded model: the lab's all-full-attention
// model (course-data/lab-model-full.bin; the hybrid's linear layers have no Qwen3 layout) exported
// by scripts/export-lab-model.mjs (npm run export-hf) as a Qwen3 HF checkpoint and as a GGUF, into
// a temp dir. First the files themselves: read back with the tests' own readers and run through
// the plain-JS reference forward (tests/model-files/reference-forward.js), they give labRun's
// logits and attention to 1e-4 — the mapping lab → Qwen3 (+ Qwen3-Next's output gate) is right.
// Then the widget's path: openModelFromFiles (web/model-files/) into the engine's open
// model gives labRun's logits and attention to 1e-4, and the tokenizer reproduces
// LabModel::encode (the loader adds <bos>).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportLabModel, labModelGguf, GGUF_NAME } from '../../scripts/export-lab-model.mjs';
import { readSafetensors, readGguf, safetensorsF32, ggufF32 } from '../model-files/read-back.js';
import { referenceForward } from '../model-files/reference-forward.js';
import { ggufName } from '../model-files/gguf-names.js';
import { nodeFileSource, folderSources } from '../model-files/node-file-source.js';
import * as it from '../model-files/integration.js';

const TEXTS = ['小明给了小红一本书。', '妈妈把钥匙给了谁？', 'hello 𝄞 world'];
let engine, lab, dir, exported;

before(async () => {
  engine = await it.engine();
  const bytes = new Uint8Array(readFileSync(`${it.root}course-data/lab-model-full.bin`));
  dir = mkdtempSync(join(tmpdir(), 'attn-lab-export-'));
  exported = exportLabModel(engine, bytes, dir);
  lab = engine.labLoad(bytes);
});
after(() => {
  if (lab) engine.labUnload(lab.id);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** labRun's logits [T, V] and attention per layer for `text`. */
function labReference(text) {
  const r = engine.labRun(lab.id, { text, attention: true });
  return {
    tokens: r.tokens,
    logits: r.logits.data,
    attention: r.attention.map((a) => a.weights.data),
  };
}

function assertMatchesLab(mine, ref, what) {
  const dl = it.maxAbsDiff(Float32Array.from(mine.logits), ref.logits);
  assert.ok(dl < 1e-4, `${what}: logits differ by ${dl}`);
  mine.attention.forEach((w, l) => {
    const da = it.maxAbsDiff(w, ref.attention[l]);
    assert.ok(da < 1e-4, `${what}: layer ${l} attention differs by ${da}`);
  });
}

test('the HF export: Qwen3 config.json with the output gate, F16 tensors, shapes of Qwen3', () => {
  const cfg = JSON.parse(readFileSync(join(exported.hfDir, 'config.json'), 'utf8'));
  assert.deepEqual(
    [cfg.model_type, cfg.architectures[0], cfg.attn_output_gate, cfg.tie_word_embeddings],
    ['qwen3', 'Qwen3ForCausalLM', true, true],
  );
  assert.equal(cfg.head_dim, lab.config.dHead);
  assert.equal(cfg.rms_norm_eps, 1e-6);
  const st = readSafetensors(
    new Uint8Array(readFileSync(join(exported.hfDir, 'model.safetensors'))),
  );
  assert.equal((8 + st.headerLength) % 8, 0, 'data 8-byte aligned');
  const { nHeads: H, dHead: d, dModel: D, nKvHeads: G } = lab.config;
  assert.deepEqual(st.tensors.get('model.layers.0.self_attn.q_proj.weight').shape, [2 * H * d, D]);
  assert.deepEqual(st.tensors.get('model.layers.1.self_attn.k_proj.weight').shape, [G * d, D]);
  assert.deepEqual(st.tensors.get('model.layers.1.self_attn.q_norm.weight').shape, [d]);
  assert.ok([...st.tensors.values()].every((t) => t.dtype === 'F16'));
  assert.ok(!st.tensors.has('lm_head.weight'), 'tied: no lm_head');
});

test('the HF export, read back and run by the reference forward, gives labRun to 1e-4', () => {
  const st = readSafetensors(
    new Uint8Array(readFileSync(join(exported.hfDir, 'model.safetensors'))),
  );
  const weights = safetensorsF32(st);
  for (const text of TEXTS) {
    const ref = labReference(text);
    assertMatchesLab(referenceForward(exported.config, weights, ref.tokens), ref, text);
  }
});

test('the GGUF export, read back and run by the reference forward, gives labRun to 1e-4', () => {
  const g = readGguf(new Uint8Array(readFileSync(exported.ggufPath)));
  assert.equal(g.version, 3);
  assert.equal(g.metadata.get('general.architecture'), 'qwen3');
  assert.equal(g.metadata.get('qwen3.attention.output_gate'), true);
  assert.equal(g.metadata.get('tokenizer.ggml.tokens').length, lab.config.vocab);
  assert.equal(g.dataStart % 32, 0);
  for (const t of g.tensors.values()) assert.equal(t.offset % 32, 0, t.name);
  assert.equal(g.tensors.get('blk.0.attn_q.weight').type, 'f16');
  assert.equal(g.tensors.get('blk.0.attn_norm.weight').type, 'f32');
  const byGguf = ggufF32(g);
  const weights = new Map(
    [...exported.tensors.keys()].map((n) => [n, byGguf.get(ggufName('qwen3', n))]),
  );
  for (const text of TEXTS) {
    const ref = labReference(text);
    assertMatchesLab(referenceForward(exported.config, weights, ref.tokens), ref, text);
  }
});

// ---- the widget's path (web/model-files/'s loader, the engine's open model) ------------

let loader;
before(async () => {
  loader = await it.openModelFiles();
});

const sources = {
  hf: () => folderSources(exported.hfDir),
  gguf: () => [nodeFileSource(exported.ggufPath)],
};

for (const format of ['hf', 'gguf']) {
  test(`openModelFromFiles (${format}): labRun's logits, top 5 and attention to 1e-4`, async () => {
    let progressCalls = 0;
    const m = await loader.openModelFromFiles(engine, sources[format](), {
      onProgress: () => progressCalls++,
    });
    try {
      assert.equal(m.arch, 'qwen3');
      assert.equal(m.config.attnOutputGate, true);
      assert.equal(m.bosId, 0);
      assert.ok(progressCalls > 0, 'progress reported');
      for (const text of TEXTS) {
        const ref = labReference(text);
        // The tokenizer gives the characters; the loader's bosId goes first (LabModel::encode).
        const ids = [m.bosId, ...m.tokenizer.encode(text)];
        assert.deepEqual(ids, ref.tokens, `${format}: tokens of ${text}`);
        const r = engine.openModelRun(m.id, ids, { attention: true });
        const V = lab.config.vocab,
          T = ids.length;
        const last = ref.logits.slice((T - 1) * V, T * V);
        assert.ok(it.maxAbsDiff(r.logitsLast, last) < 1e-4, `${format}: last logits of ${text}`);
        const labTop = engine.labRun(lab.id, { text }).top5;
        assert.deepEqual(
          r.top5.map((e) => e.token),
          labTop.map((e) => e.token),
        );
        for (const a of r.attention) {
          assert.deepEqual(a.weights.shape, [lab.config.nHeads, T, T]);
          const d = it.maxAbsDiff(a.weights.data, ref.attention[a.layer]);
          assert.ok(d < 1e-4, `${format}: layer ${a.layer} attention of ${text} differs by ${d}`);
        }
        assert.equal(r.attention.length, lab.config.nLayers);
      }
      assert.equal(m.tokenizer.decode(m.tokenizer.encode('小明给了')), '小明给了');
    } finally {
      engine.openModelUnload(m.id);
    }
  });
}

test('the exported model generates what the lab generates (greedy, KV cache)', async () => {
  const m = await loader.openModelFromFiles(engine, sources.gguf(), {});
  try {
    const text = '小明给了小红';
    const labGen = engine.labGenerate(lab.id, { text, steps: 6 });
    const g = engine.openModelGenerate(m.id, [m.bosId, ...m.tokenizer.encode(text)], 6);
    assert.deepEqual(g.generated, labGen.generated);
  } finally {
    engine.openModelUnload(m.id);
  }
});

test('labTensors: every weight in the file order, f32 copies, and a named error for a bad id', () => {
  const t = engine.labTensors(lab.id);
  assert.equal(t[0].name, 'embedding');
  assert.deepEqual(t[0].shape, [lab.config.vocab, lab.config.dModel]);
  assert.equal(t.at(-1).name, 'final_norm');
  assert.equal(t.length, 2 + 12 * lab.config.nLayers);
  assert.ok(
    t.every((x) => x.data instanceof Float32Array && x.data.length === x.shape[0] * x.shape[1]),
  );
  t[0].data[0] = 1e6; // a copy: the model is untouched
  assert.notEqual(engine.labTensors(lab.id)[0].data[0], 1e6);
  assert.throws(() => engine.labTensors(999), /no lab model with id 999/);
});

test('the open-model page ships the same GGUF bytes export-hf writes (dist/attn-course-model.js)', () => {
  const written = readFileSync(exported.ggufPath);
  const bytes = new Uint8Array(readFileSync(`${it.root}course-data/lab-model-full.bin`));
  assert.deepEqual(Buffer.from(labModelGguf(engine, bytes)), written);
  const script = readFileSync(`${it.root}dist/attn-course-model.js`, 'utf8');
  const shipped = JSON.parse(script.match(/AttnCourseModel=(\{.*?\});/)[1]);
  assert.equal(shipped.name, GGUF_NAME);
  assert.ok(Buffer.from(shipped.base64, 'base64').equals(written));
  assert.equal(
    shipped.prompt,
    JSON.parse(readFileSync(`${it.root}course-data/c3-attention.json`, 'utf8')).prompt.text,
  );
});
