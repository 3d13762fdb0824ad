// <attn-open-model> on open-model.html from file://: the page at 360 and 1280 px in both
// languages without sideways scroll; every OpenModelError code (docs/open-model.md) shown
// inline, for bad files built here and picked with setInputFiles (files, a folder, a drop);
// another widget on the same page still working after an error; the pickers reachable by
// keyboard; a tiny model opened and run; and the end-to-end check: the lab model exported by
// scripts/export-lab-model.mjs (HF and GGUF), opened here, shows the lab's heatmap.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  mkdtempSync,
  mkdirSync,
  writeFileSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  openBrowser,
  openPage,
  assertFitsWidth,
  seriousViolations,
  screenshot,
  WAIT_MS,
} from '../helpers/harness.mjs';
import {
  safetensorsBytes,
  ggufBytes,
  hfTensorsOf,
  lcgWeights,
} from '../helpers/model-files-bytes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const EXPORTER = join(root, 'scripts', 'export-lab-model.mjs');
const TAG = 'attn-open-model';

// The engine build the page runs, in node: the lab's own numbers for the end-to-end check.
const nodeEngine = await createRequire(import.meta.url)('../../dist/attn-engine.js')();

let browser, tmp;
before(async () => {
  browser = await openBrowser();
  tmp = mkdtempSync(join(tmpdir(), 'attn-open-model-'));
});
after(async () => {
  await browser?.close();
});

/** open-model.html in `lang`, the widget drawn. */
async function open(lang, viewport) {
  const r = await openPage(browser, browser.fileUrl, `open-model.html?lang=${lang}`, { viewport });
  await r.page.evaluate((t) => document.querySelector(t).ready, TAG);
  return r;
}

const TINY = {
  architectures: ['Qwen3ForCausalLM'],
  model_type: 'qwen3',
  vocab_size: 8,
  hidden_size: 8,
  num_hidden_layers: 2,
  num_attention_heads: 4,
  num_key_value_heads: 2,
  head_dim: 4,
  intermediate_size: 16,
  max_position_embeddings: 32,
  rms_norm_eps: 1e-6,
  tie_word_embeddings: true,
};
const CHARS = ['<bos>', '<unk>', ' ', 'a', 'b', 'c', 'd', 'e'];
const tokenizer = (chars = CHARS) =>
  JSON.stringify({
    version: '1.0',
    added_tokens: [{ id: 0, content: '<bos>', special: true, normalized: false }],
    normalizer: null,
    pre_tokenizer: null,
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '<bos>', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
      ],
      pair: [{ Sequence: { id: 'A', type_id: 0 } }],
      special_tokens: { '<bos>': { id: '<bos>', ids: [0], tokens: ['<bos>'] } },
    },
    decoder: { type: 'Fuse' },
    model: {
      type: 'BPE',
      unk_token: '<unk>',
      vocab: Object.fromEntries(chars.map((c, i) => [c, i])),
      merges: [],
    },
  });

const tensorsOf = (cfg, edit) => hfTensorsOf(cfg, edit, 0.5);

let dirs = 0;
/** A folder of files {name: bytes | text}; returns its path. */
function folder(files) {
  const dir = join(tmp, `m${dirs++}`);
  mkdirSync(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}
/**
 * A Hugging Face checkpoint folder: TINY's tensors (`edit`ed) under `config` (which may claim
 * something else); `over` replaces or (undefined) removes files.
 */
function hfFolder({ config = TINY, edit, over = {} } = {}) {
  const files = {
    'config.json': JSON.stringify(config),
    'tokenizer.json': tokenizer(),
    'model.safetensors': safetensorsBytes(tensorsOf(TINY, edit)),
    ...over,
  };
  for (const k of Object.keys(files)) if (files[k] === undefined) delete files[k];
  return folder(files);
}

/** Picks `dir` with the folder input, or `paths` with the files input; waits for the outcome. */
async function pick(page, { dir, paths }) {
  const input = dir
    ? page.locator(`${TAG} input[webkitdirectory]`)
    : page.locator(`${TAG} input[type=file]:not([webkitdirectory])`);
  await input.setInputFiles(dir ?? paths);
  return settle(page);
}

/** Waits until a load (and its first run) is over: {error, loaded, name}. */
async function settle(page) {
  await page.waitForFunction(
    (t) => {
      const el = document.querySelector(t);
      return !el.busy && el.progress === null && (el.dataset.error || el.result);
    },
    TAG,
    { timeout: WAIT_MS },
  );
  return page.evaluate((t) => {
    const el = document.querySelector(t);
    return { error: el.dataset.error ?? null, loaded: !!el.model, name: el.model?.name ?? null };
  }, TAG);
}

for (const lang of ['zh-CN', 'en'])
  for (const width of [360, 1280])
    test(`the page fits ${width} px in ${lang}, no error, no serious axe violation`, async () => {
      const { page, errors } = await open(lang, { width, height: 900 });
      await assertFitsWidth(page, TAG, width);
      const text = await page.evaluate(
        (t) => document.querySelector(t).shadowRoot.textContent,
        TAG,
      );
      assert.match(text, lang === 'en' ? /Pick a folder…/ : /选择文件夹…/);
      assert.equal(
        await page.evaluate((t) => document.querySelector(t).dataset.error ?? null, TAG),
        null,
      );
      assert.deepEqual(await seriousViolations(page), []);
      await screenshot(page, TAG, `open-model-${lang}-${width}.png`);
      assert.deepEqual(errors, []);
      await page.close();
    });

test('the page loads the loader and attn-open-model.js (its own, whole engine), nothing else', async () => {
  const page = await browser.context.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(r.url().split('/').pop().split('?')[0]));
  await page.goto(`${browser.fileUrl}open-model.html?lang=en`);
  await page.waitForFunction((t) => document.querySelector(t)?.rt, TAG);
  assert.deepEqual(
    requested.filter((f) => f.endsWith('.js')),
    ['attn-loader.js', 'attn-open-model.js'],
  );
  // The whole engine, with the open-model bindings the course pages' engine leaves out; the
  // page's handle is the element's runtime.
  const state = await page.evaluate(async (t) => {
    const el = document.querySelector(t);
    return {
      openModel: typeof el.rt.engine.openModelCreate,
      handle: (await window.AttnCourse.getRuntime()).engine === el.rt.engine,
      widgets: Object.keys(window.AttnCourse.widgets),
    };
  }, TAG);
  assert.deepEqual(state, { openModel: 'function', handle: true, widgets: [TAG] });
  await page.close();
});

test('the lab page links to the open-model page (and to training it yourself)', async () => {
  const { page } = await openPage(browser, browser.fileUrl, 'lab.html?lang=en');
  const links = await page
    .locator('p.see-also a')
    .evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]));
  assert.ok(
    links.some(
      ([href, text]) => /^open-model\.html/.test(href) && /Open your own model/.test(text),
    ),
    JSON.stringify(links),
  );
  assert.ok(
    links.some(([href, text]) => /^train\.html/.test(href) && /Train it yourself/.test(text)),
    JSON.stringify(links),
  );
  await page.close();
});

// [what, how to make the files, the code's English title, a regex of the detail, needs engine]
const ERRORS = [
  [
    'missing config.json',
    () => ({ dir: hfFolder({ over: { 'config.json': undefined } }) }),
    'A file is missing',
    /config\.json is missing: pick a \.gguf file, or the folder/,
  ],
  [
    'missing shard',
    () => ({
      dir: hfFolder({
        over: {
          'model.safetensors': undefined,
          'model.safetensors.index.json': JSON.stringify({
            weight_map: { 'model.embed_tokens.weight': 'model-00001-of-00002.safetensors' },
          }),
        },
      }),
    }),
    'A file is missing',
    /model-00001-of-00002\.safetensors is missing: model\.safetensors\.index\.json puts tensors in it/,
  ],
  [
    'truncated safetensors header',
    () => ({
      dir: hfFolder({
        over: { 'model.safetensors': safetensorsBytes(tensorsOf(TINY)).slice(0, 64) },
      }),
    }),
    'A file header is truncated or corrupt',
    /model\.safetensors: the header says it is \d+ bytes long, but the file has only 56 bytes/,
  ],
  [
    'corrupt GGUF magic',
    () => ({
      paths: [join(folder({ 'model.gguf': ggufBytes({}, [], { magic: 'GGJT' }) }), 'model.gguf')],
    }),
    'A file header is truncated or corrupt',
    /model\.gguf: is not a GGUF file: it starts with "GGJT", not "GGUF"/,
  ],
  [
    'unsupported dtype',
    () => ({
      dir: hfFolder({
        edit: (t) =>
          t.name.endsWith('.1.mlp.down_proj.weight') ? { ...t, dtype: 'F64', data: undefined } : t,
      }),
    }),
    'Unsupported dtype or quantisation',
    /tensor "model\.layers\.1\.mlp\.down_proj\.weight" is F64; the engine reads F32, F16 and BF16/,
  ],
  [
    'unsupported quant type',
    () => ({
      paths: [
        join(
          folder({
            'q5.gguf': ggufBytes({ 'general.architecture': 'qwen3' }, [
              { name: 'token_embd.weight', ne: [256, 8], type: 13 },
            ]),
          }),
          'q5.gguf',
        ),
      ],
    }),
    'Unsupported dtype or quantisation',
    /tensor "token_embd\.weight" is Q5_K; the engine runs F32, F16, BF16, Q8_0, Q4_0, Q4_1, Q5_0, Q5_1, Q4_K and Q6_K/,
  ],
  [
    'unsupported architecture',
    () => ({
      dir: hfFolder({
        config: { ...TINY, architectures: ['Phi3ForCausalLM'], model_type: 'phi3' },
      }),
    }),
    'Unsupported architecture',
    /config\.json says the architecture is "Phi3ForCausalLM \/ phi3"; this page runs gpt2, llama, mistral, qwen2, qwen3/,
  ],
  [
    'vocab mismatch',
    () => ({ dir: hfFolder({ over: { 'tokenizer.json': tokenizer([...CHARS, 'f', 'g']) } }) }),
    'The tokenizer does not match the vocabulary',
    /the tokenizer has ids up to 9, but the embedding has only 8 rows/,
  ],
  [
    'missing tensor',
    () => ({
      dir: hfFolder({
        edit: (t) => (t.name === 'model.layers.1.self_attn.q_norm.weight' ? null : t),
      }),
    }),
    'A tensor is missing',
    /tensor "model\.layers\.1\.self_attn\.q_norm\.weight" is missing: a qwen3 model with this config needs it/,
  ],
  [
    'wrong shape',
    () => ({
      dir: hfFolder({
        edit: (t) =>
          t.name === 'model.layers.0.self_attn.v_proj.weight'
            ? { ...t, shape: [16, 8], data: lcgWeights(128, 3, 0.5) }
            : t,
      }),
    }),
    'A tensor has the wrong shape',
    /tensor "model\.layers\.0\.self_attn\.v_proj\.weight" is \[16, 8\], expected \[8, 8\]/,
  ],
  [
    'too large for the heap',
    () => ({
      dir: hfFolder({
        config: {
          ...TINY,
          vocab_size: 1_000_000,
          hidden_size: 8192,
          num_hidden_layers: 80,
          num_attention_heads: 64,
          num_key_value_heads: 8,
          head_dim: 128,
          intermediate_size: 28672,
        },
      }),
    }),
    "The model is too large for the engine's heap",
    /needs [\d.]+ [KMGT]iB in the engine's heap, more than its [\d.]+ [KMGT]iB/,
  ],
];

for (const [what, files, title, detail] of ERRORS)
  test(`${what}: shown inline by its code, in English`, async () => {
    const { page, errors } = await open('en');
    const r = await pick(page, files());
    assert.equal(r.loaded, false);
    assert.ok(r.error?.startsWith(`${title}. Details: `), r.error);
    assert.match(r.error, detail);
    const box = await page.locator(`${TAG} .error`).textContent();
    assert.match(box, detail);
    assert.deepEqual(errors, []);
    await page.close();
  });

test('an error in Chinese: the code in Chinese, the detail naming the file', async () => {
  const { page } = await open('zh-CN');
  const r = await pick(page, { dir: hfFolder({ over: { 'tokenizer.json': undefined } }) });
  assert.match(r.error, /^缺少文件。详情（英文，含文件名和张量名）：tokenizer\.json is missing/);
  // Under the pickers, titled by its code; the language button re-titles it.
  assert.equal(await page.locator(`${TAG} .drop + .error strong`).textContent(), '缺少文件');
  await page.click('[data-attn-lang-toggle]');
  await page.waitForFunction(
    (t) => document.querySelector(t).dataset.error.startsWith('A file is missing. Details: '),
    TAG,
  );
  await page.close();
});

test('a drop is read like a pick (the error of a dropped config.json)', async () => {
  const { page } = await open('en');
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['{"model_type": "gemma"}'], 'config.json'));
    dt.items.add(new File(['{}'], 'tokenizer.json'));
    const zone = document.querySelector(t).shadowRoot.querySelector('.drop');
    zone.dispatchEvent(
      new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }),
    );
    zone.dispatchEvent(
      new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
    );
  }, TAG);
  const r = await settle(page);
  assert.match(
    r.error,
    /^Unsupported architecture\. Details: config\.json says the architecture is "gemma"/,
  );
  await page.close();
});

test('another widget on the page keeps working after an error', async () => {
  const { page, errors } = await open('en');
  await pick(page, {
    dir: hfFolder({ over: { 'config.json': '{"architectures": ["BertModel"]}' } }),
  });
  await page.evaluate(() => {
    const el = document.createElement('attn-mask-grid');
    el.setAttribute('lang', 'en');
    document.querySelector('main').append(el);
  });
  await page.waitForFunction(() => document.querySelector('attn-mask-grid')?.ready);
  await page.evaluate(() => document.querySelector('attn-mask-grid').ready);
  const grid = await page.evaluate(() => {
    const el = document.querySelector('attn-mask-grid');
    return { error: el.dataset.error ?? null, checks: el.selfCheck() };
  });
  assert.equal(grid.error, null);
  assert.ok(grid.checks.length > 0 && grid.checks.every((c) => c.ok), JSON.stringify(grid.checks));
  assert.match(
    await page.evaluate((t) => document.querySelector(t).dataset.error, TAG),
    /BertModel/,
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('the pickers are buttons reached by Tab that open the file chooser', async () => {
  const { page } = await open('en');
  // Listen first: Playwright intercepts file choosers only once a listener is set up.
  const chooser = page.waitForEvent('filechooser', { timeout: WAIT_MS });
  const names = [];
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      let a = document.activeElement;
      while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
      return a?.localName === 'button' ? a.textContent : null;
    });
    if (name && !names.includes(name) && /Pick/.test(name)) names.push(name);
    if (name === 'Pick a folder…') break;
  }
  assert.deepEqual(names, ['Pick files…', 'Pick a folder…'], 'both pickers, in order');
  // Back to the files picker: Enter opens its chooser, for several files.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  assert.equal((await chooser).isMultiple(), true);
  await page.close();
});

test('a tiny qwen3 opens, runs, labels heads with their KV group and passes its self-check', async () => {
  const { page, errors } = await open('en');
  const r = await pick(page, { dir: hfFolder() });
  assert.equal(r.error, null);
  assert.equal(r.loaded, true);
  const heads = await page.locator(`${TAG} select[aria-label="Head"] option`).allTextContents();
  assert.deepEqual(heads, [
    'head 1 · KV group 1',
    'head 2 · KV group 1',
    'head 3 · KV group 2',
    'head 4 · KV group 2',
  ]);
  assert.ok((await page.locator(`${TAG} table.heatmap td`).count()) > 0);
  assert.equal(await page.locator(`${TAG} table.sinks tbody tr`).count(), 2);
  const checks = await page.evaluate((t) => document.querySelector(t).selfCheck(), TAG);
  assert.equal(checks.length, 1);
  assert.ok(checks[0].ok, JSON.stringify(checks));
  await page.locator(`${TAG} button.generate`).click();
  await page.waitForFunction((t) => document.querySelector(t).generation, TAG);
  assert.ok((await page.locator(`${TAG} .gen mark`).count()) === 1);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await assertFitsWidth(page, TAG, width);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

/** Every file under dir, recursively. */
function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

test("the exported lab model opens in both formats and shows the lab's heatmap", async () => {
  const out = join(tmp, 'lab-export');
  execFileSync(process.execPath, [EXPORTER, '--out', out], { cwd: root, stdio: 'inherit' });
  const files = walk(out);
  const hfDir = dirname(files.find((f) => f.endsWith('config.json')));
  const gguf = files.find((f) => f.endsWith('.gguf'));
  assert.ok(hfDir && gguf, `the exporter wrote an HF folder and a .gguf: ${files.join(', ')}`);
  const prompt = '小明把苹果给了';
  // The lab's own numbers for the prompt: labRun over the exported weights file (the lab's
  // all-full-attention model), in the same engine build the page runs.
  const expected = (() => {
    const { id } = nodeEngine.labLoad(
      readFileSync(join(root, 'course-data', 'lab-model-full.bin')),
    );
    const r = nodeEngine.labRun(id, { text: prompt, attention: true });
    nodeEngine.labUnload(id);
    return {
      tokens: r.tokens,
      top: r.top5[0].token,
      layers: r.attention.map((a) => [...a.weights.data]),
    };
  })();
  for (const pickArgs of [{ dir: hfDir }, { paths: [gguf] }]) {
    const { page, errors } = await open('en');
    await page.evaluate(
      ([t, text]) => {
        document.querySelector(t).promptText = text;
      },
      [TAG, prompt],
    );
    const r = await pick(page, pickArgs);
    assert.equal(r.error, null, JSON.stringify(pickArgs));
    const got = await page.evaluate((t) => {
      const el = document.querySelector(t);
      return {
        tokens: el.ran,
        top: el.result.top5[0].token,
        layers: el.result.attention.map((a) => [...a.weights.data]),
        cells: [...el.shadowRoot.querySelectorAll('table.heatmap td')].map((td) => [
          Number(td.dataset.i),
          Number(td.dataset.j),
          td.textContent,
        ]),
      };
    }, TAG);
    assert.deepEqual(got.tokens, expected.tokens, 'the same ids: <bos> + one per character');
    // The figure exists only once a model is open (theme.test.mjs checks the other parts; `note`
    // appears only for a model whose config the page changes, e.g. a capped context).
    const parts = await page.evaluate((t) => {
      const root = document.querySelector(t).shadowRoot;
      return [...root.querySelectorAll('[part]')].flatMap((e) => [...e.part]);
    }, TAG);
    assert.ok(parts.includes('figure'), 'part figure once open');
    assert.equal(got.top, expected.top);
    expected.layers.forEach((w, l) =>
      w.forEach((x, k) => assert.ok(Math.abs(got.layers[l][k] - x) < 1e-4, `layer ${l} [${k}]`)),
    );
    // The heatmap on screen (layer 1, head 1) is the lab's numbers as percentages.
    const T = expected.tokens.length;
    for (const [i, j, text] of got.cells)
      assert.equal(
        text,
        j > i ? '' : `${(expected.layers[0][i * T + j] * 100).toFixed(0)}%`,
        `${i},${j}`,
      );
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("never empty: one click opens the course's own model (shipped, no file chosen) and runs the lab's prompt", async () => {
  const { page, errors } = await open('en');
  const requested = [];
  page.on('request', (r) => requested.push(r.url().split('/').pop().split('?')[0]));
  await page.locator(`${TAG} [data-role="course-model"]`).click();
  await page.waitForFunction((t) => {
    const el = document.querySelector(t);
    return (el.result && !el.busy) || el.dataset.error;
  }, TAG);
  const got = await page.evaluate((t) => {
    const el = document.querySelector(t);
    return {
      error: el.dataset.error ?? null,
      tokens: el.ran,
      top: el.result.top5[0].token,
      model: el.updateDetail().model,
      cells: el.shadowRoot.querySelectorAll('table.heatmap td').length,
    };
  }, TAG);
  assert.equal(got.error, null);
  assert.ok(requested.includes('attn-course-model.js'), 'the model script is added on the click');
  // The lab's model on the lab's sentence: the same ids and the same first choice as labRun.
  const { id } = nodeEngine.labLoad(readFileSync(join(root, 'course-data', 'lab-model-full.bin')));
  const r = nodeEngine.labRun(id, { text: '小明把苹果给了', attention: false });
  nodeEngine.labUnload(id);
  assert.deepEqual(got.tokens, r.tokens);
  assert.equal(got.top, r.top5[0].token);
  assert.equal(got.model.format, 'gguf');
  assert.ok(got.cells > 0, 'the heatmap is drawn');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, TAG, `open-model-course-model-en-${width}.png`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
