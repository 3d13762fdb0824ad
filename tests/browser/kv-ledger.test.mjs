// <attn-kv-ledger>: switching the model changes the ledger rows; changing the context (presets,
// number input, slider by keyboard) changes the per-request bytes but never the anchor's fixed
// 144 MiB linear-attention state; pasting a Llama-style config.json adds a row; pasting one
// without num_hidden_layers shows an inline error naming it while the rest keeps working.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, openPage, timeToPaint } from '../helpers/harness.mjs';

let browser, page, errors;
before(async () => {
  browser = await openBrowser();
  ({ page, errors } = await openPage(browser, browser.fileUrl, '08-kv-cache.html'));
});
after(async () => {
  await browser?.close();
});

const W = 'attn-kv-ledger';
const sel = (css) => page.locator(`${W} ${css}`);
// What the chart and the cards say, read from the shadow DOM.
const state = () =>
  page.evaluate((tag) => {
    const root = document.querySelector(tag).shadowRoot;
    const text = (el) => el?.textContent.trim() ?? null;
    return {
      kinds: [...root.querySelectorAll('.variants .card')].map((c) => c.dataset.kind),
      bars: Object.fromEntries(
        [...root.querySelectorAll('.chart .bar-row')].map((r) => [
          r.dataset.kind,
          {
            val: text(r.querySelector('.val')),
            width: r.querySelector('.bar-fill').getBoundingClientRect().width,
          },
        ]),
      ),
      compareRows: [...root.querySelectorAll('table.models tbody tr')].map((r) => r.dataset.model),
      options: [...root.querySelectorAll('select option')].map((o) => o.value),
      selected: root.querySelector('select').value,
      pasteError: root.querySelector('.paste-error').hidden
        ? null
        : text(root.querySelector('.paste-error')),
      widgetError: document.querySelector(tag).dataset.error ?? null,
      text: root.textContent,
    };
  }, W);

test('the anchor at 262,144 tokens: 96 GiB / 16 GiB / 4 GiB and the fixed 144 MiB', async () => {
  const s = await state();
  assert.deepEqual(s.kinds, ['mha', 'gqa', 'mqa', 'state']);
  assert.equal(s.bars.mha.val, '103,079,215,104 B = 96 GiB');
  assert.equal(s.bars.gqa.val, '17,179,869,184 B = 16 GiB');
  assert.equal(s.bars.mqa.val, '4,294,967,296 B = 4 GiB');
  assert.equal(s.bars.state.val, '150,994,944 B = 144 MiB');
  assert.match(s.text, /16 × 2 × 24 × 256 × 2 B = 393,216 B/);
  assert.match(s.text, /890 B/);
});

test('lesson 8 shows its own models first, the other 8 of 11 behind one disclosure', async () => {
  const rows = await page.evaluate((t) => {
    const root = document.querySelector(t).shadowRoot;
    const ids = (sel, folded) =>
      [...root.querySelectorAll(sel)]
        .filter((r) => !!r.closest('details') === folded)
        .map((r) => r.dataset.model);
    const more = root.querySelector('details.more');
    return {
      first: ids('table.models tbody tr', false),
      folded: ids('details.more table.models tbody tr', true),
      open: more.open,
      summary: more.querySelector('summary').textContent,
    };
  }, W);
  assert.deepEqual(rows.first.sort(), ['gpt2', 'llama-3-8b', 'qwen3.8-27b']);
  assert.equal(rows.folded.length, 8);
  assert.equal(rows.open, false);
  assert.equal(rows.summary, '全部 11 个模型：再显示其余 8 个');
});

test('changing the context changes per-request bytes but not the 144 MiB state', async () => {
  const before = await state();
  await timeToPaint(page, 'kv-ledger preset 1,048,576', () =>
    sel('button[data-tokens="1048576"]').click(),
  );
  const at1m = await state();
  assert.equal(await sel('button[data-tokens="1048576"]').getAttribute('aria-pressed'), 'true');
  assert.equal(at1m.bars.mha.val, '412,316,860,416 B = 384 GiB');
  assert.equal(at1m.bars.state.val, before.bars.state.val);
  assert.equal(at1m.bars.state.width, before.bars.state.width, 'the state bar keeps its length');
  assert.ok(at1m.bars.mha.width > before.bars.mha.width);

  // keyboard on the slider: one step left halves the context
  await sel('input[type="range"]').focus();
  await timeToPaint(page, 'kv-ledger slider ArrowLeft', () => page.keyboard.press('ArrowLeft'));
  assert.equal(await sel('input[type="number"]').inputValue(), '524288');
  const half = await state();
  assert.equal(half.bars.mha.val, '206,158,430,208 B = 192 GiB');
  assert.equal(half.bars.state.val, '150,994,944 B = 144 MiB');

  // typing a length
  await timeToPaint(page, 'kv-ledger type 4096', () => sel('input[type="number"]').fill('4096'));
  const at4k = await state();
  assert.equal(at4k.bars.gqa.val, '268,435,456 B = 256 MiB');
  assert.equal(at4k.bars.state.val, '150,994,944 B = 144 MiB');
  assert.equal(at4k.bars.state.width, before.bars.state.width);

  // a bad length is an inline message; the ledger keeps the last good one
  await sel('input[type="number"]').fill('0');
  assert.equal(await sel('p.error[role="alert"]').first().isVisible(), true);
  assert.equal((await state()).bars.gqa.val, '268,435,456 B = 256 MiB');
  await sel('button[data-tokens="262144"]').click();
  assert.equal(await sel('p.error[role="alert"]').first().isVisible(), false);
});

test('switching the model changes the rows', async () => {
  await timeToPaint(page, 'kv-ledger select model', () =>
    sel('select').selectOption('deepseek-v2'),
  );
  let s = await state();
  assert.deepEqual(s.kinds, ['mha', 'mqa', 'mla']);
  assert.equal(s.bars.state, undefined, 'no linear-attention state for V2');
  assert.match(s.text, /60 × \(512 \+ 64\) × 2 B = 69,120 B/);
  await sel('select').selectOption('deepseek-llm-67b');
  await sel('button[data-tokens="1048576"]').click();
  s = await state();
  assert.deepEqual(s.kinds, ['mha', 'gqa', 'mqa']);
  assert.equal(s.bars.gqa.val, '408,021,893,120 B = 380 GiB');
  // keyboard: the select answers the arrow keys
  await sel('select').focus();
  await page.keyboard.press('ArrowDown');
  assert.equal((await state()).selected, 'deepseek-v2');
  await sel('select').selectOption('qwen3.8-27b');
  await sel('button[data-tokens="262144"]').click();
});

test('a context past the model’s limit is flagged; a sliding window caps the cache', async () => {
  const note = (name) =>
    page.evaluate(
      ([tag, n]) => {
        const el = document.querySelector(tag).shadowRoot.querySelector(`[data-note="${n}"]`);
        return el.hidden ? null : el.textContent;
      },
      [W, name],
    );
  assert.equal(await note('over-limit'), null, 'the anchor takes 262,144 tokens');
  await sel('select').selectOption('deepseek-llm-67b');
  assert.match(
    await note('over-limit'),
    /262,144 token 超过了 DeepSeek LLM 67B 的上下文上限 4,096 token/,
  );
  await sel('button[data-tokens="4096"]').click();
  assert.equal(await note('over-limit'), null);
  await sel('select').selectOption('mistral-7b-v0.1');
  await sel('button[data-tokens="32768"]').click();
  const s = await state();
  assert.equal(s.bars.gqa.val, '536,870,912 B = 512 MiB');
  assert.match(await note('window'), /每层最多存 4,096 个 token/);
  assert.equal(await note('over-limit'), null);
  assert.match(s.text, /131,072 B × 4,096 = 536,870,912 B/);
  await sel('select').selectOption('qwen3.8-27b');
  await sel('button[data-tokens="262144"]').click();
});

const llama = JSON.stringify(
  {
    architectures: ['LlamaForCausalLM'],
    model_type: 'llama',
    _name_or_path: 'meta-llama/Llama-2-7b-hf',
    hidden_size: 4096,
    intermediate_size: 11008,
    num_attention_heads: 32,
    num_hidden_layers: 32,
    num_key_value_heads: 32,
    max_position_embeddings: 4096,
    rms_norm_eps: 1e-5,
    torch_dtype: 'float16',
    vocab_size: 32000,
  },
  null,
  2,
);

test('pasting a Llama-style config.json adds a row', async () => {
  await sel('details.paste summary').click();
  await sel('textarea').fill(llama);
  await timeToPaint(page, 'kv-ledger paste config', () => sel('details.paste button').click());
  const s = await state();
  assert.equal(s.pasteError, null);
  const id = s.options.find((o) => o.startsWith('pasted-'));
  assert.ok(id, `a pasted option in ${s.options}`);
  assert.equal(s.selected, id);
  assert.ok(s.compareRows.includes(id));
  assert.deepEqual(s.kinds, ['mha', 'mqa']);
  assert.match(s.text, /32 × 2 × 32 × 128 × 2 B = 524,288 B/);
});

test('a config without num_hidden_layers is an inline error naming it; the rest keeps working', async () => {
  const broken = JSON.parse(llama);
  delete broken.num_hidden_layers;
  await sel('textarea').fill(JSON.stringify(broken));
  await sel('details.paste button').click();
  let s = await state();
  assert.match(s.pasteError ?? '', /num_hidden_layers/);
  assert.equal(s.widgetError, null, 'the widget itself shows no error');
  await sel('select').selectOption('glm-5.3');
  await sel('button[data-tokens="1048576"]').click();
  s = await state();
  assert.equal(s.bars.mla.val, '94,220,845,056 B = 87.75 GiB');
  assert.match(s.pasteError ?? '', /num_hidden_layers/, 'the message stays until the next paste');
  assert.deepEqual(errors, []);
});

test('the model attribute: another model, and a reported-only one as an inline error', async () => {
  await page.evaluate((tag) => document.querySelector(tag).setAttribute('model', 'deepseek-v3'), W);
  let s = await state();
  assert.equal(s.selected, 'deepseek-v3');
  assert.match(s.text, /61 × \(512 \+ 64\) × 2 B = 70,272 B/);
  await page.evaluate(
    (tag) => document.querySelector(tag).setAttribute('model', 'deepseek-v4.1-flash'),
    W,
  );
  s = await state();
  assert.match(s.widgetError ?? '', /DeepSeek-V4.1-Flash: .*(reported|官方报告)/);
  await sel('select').selectOption('qwen3.8-27b');
  s = await state();
  assert.equal(s.widgetError, null);
  assert.deepEqual(s.kinds.slice(0, 3), ['mha', 'gqa', 'mqa']);
});

test('English', async () => {
  await page.locator('[data-attn-lang-toggle]').click();
  const s = await state();
  assert.match(s.text, /officially reported, not computed/);
  assert.match(s.text, /6 bits/);
  assert.deepEqual(errors, []);
});

test('lessons 9 and 10 open inside their model’s own context: no extrapolation warning', async () => {
  for (const [name, tokens] of [
    ['09-gqa.html', '4096'],
    ['10-mla.html', '163840'],
  ]) {
    const { page: p, errors: errs } = await openPage(browser, browser.fileUrl, name);
    const shown = await p.evaluate((tag) => {
      const root = document.querySelector(tag).shadowRoot;
      const over = root.querySelector('[data-note="over-limit"]');
      return {
        context: root.querySelector('input[type="number"]')?.value,
        over: over && !over.hidden ? over.textContent : null,
      };
    }, W);
    assert.equal(shown.context, tokens, name);
    assert.equal(shown.over, null, name);
    assert.deepEqual(errs, []);
    await p.close();
  }
});
