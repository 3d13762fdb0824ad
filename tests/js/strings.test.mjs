// What students read, in both languages: every widget's two string tables and its self-check
// rows' Chinese names (its strings.js: STRINGS, CHECK_NAMES_ZH), the widget base's own strings,
// and the texts of lessons.json and quiz.json.
//   - a Chinese text carries no Latin-only word outside the allow-list of terms below (code such
//     as engine.attention, head_dim or print( is not prose and is skipped);
//   - an English text carries no Han characters except the teaching world's token labels;
//   - a widget's files other than strings.js hold no Chinese text of their own (only token
//     labels they look up), so nothing student-visible is written inline;
//   - Chinese text uses full-width punctuation; a pasted config.json's errors and notes come in
//     one language each (ledger-model's messageEn / messageZh, notes / notesZh).
// Strings that are functions are called with a stand-in argument that reads as 7 in any
// position, so their fixed words are checked.
//
// All imports in one place:
import '../helpers/dom-globals.mjs';
import { WIDGETS as MAIN_WIDGETS } from '../../widgets/index.js';
import { OPEN_MODEL_WIDGETS } from '../../widgets/open-model/index.js';
import { TRAIN_WIDGETS } from '../../widgets/train/index.js';
import { COMMON } from '../../web/widget-base.js';
import { MathNode, MathLine } from '../../web/mathml.js';
import { modelFromHfConfig } from '../../widgets/kv-ledger/ledger-model.js';
import { readJson } from '../helpers/fixture.mjs';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import assert from 'node:assert/strict';

// Every widget: the main bundle's and <attn-open-model> (a script of its own).
const WIDGETS = { ...MAIN_WIDGETS, ...OPEN_MODEL_WIDGETS, ...TRAIN_WIDGETS };
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const lessons = readJson('course-data/lessons.json');
const quiz = readJson('course-data/quiz.json');
const world = readJson('course-data/teaching-world.json');

/** Latin words a Chinese text may use: the course's terms, names, units and keys. */
const ALLOWED_IN_CHINESE = new Set([
  // attention terms the course keeps in English
  ...['softmax', 'token', 'RoPE', 'GQA', 'MQA', 'MHA', 'MLA', 'KV', 'QK', 'QK-Norm', 'RNN'],
  ...['query', 'key', 'embedding', 'attention', 'sink', 'logit', 'logits', 'cache', 'config'],
  ...['one-hot', 'sigmoid', 'base', 'loss', 'seed', 'prefill', 'argmax', 'bos', 'unk', 'vs'],
  ...['Gated', 'Attention', 'Transformer', 'Worker', 'Web', 'API', 'JavaScript', 'JSON'],
  ...['Content-Security-Policy', 'CSP', 'worker', 'worker-src', 'blob', 'script', 'src'],
  ...['GPT', 'FlashAttention', 'Mistral', 'RMSNorm'],
  // the milestone page's pitfall: the 3D explainer with no KV cache, by its author's handle
  ...['bbycroft', 'Visualization'],
  // the playground's two globals, named in its help; the exercise's parameter
  ...['engine', 'world', 'allowed'],
  // math: functions and the course's variable names
  ...['exp', 'cos', 'std', 'ln', 'max', 'tanh', 'nats', 'Wq', 'Wk', 'Wv', 'Wo', 'ij', 'ik', 'out'],
  ...['dr', 'dn', 'dv'],
  // names, units, keys
  ...['Xiao', 'Bahdanau', 'Vaswani', 'Ainslie', 'et', 'al', 'DeepSeek', 'LLM', 'Hugging', 'Face'],
  ...['Shazeer', 'Su', 'Henry'],
  // round 2: the recurrences of branch B1 and their paper, the FFN after attention, the heatmap's
  // papers on weight against contribution and on position learned without an encoding
  ...['LSTM', 'GRU', 'DeltaNet', 'Yang', 'FFN', 'Kobayashi', 'Haviv'],
  ...['bit', 'ms', 'MiB', 'GiB', 'KiB', 'Ctrl', 'Enter', 'Mac', 'Tab', 'Esc'],
  // <attn-open-model>: the file formats, model families and tools a student has them from
  ...['GGUF', 'safetensors', 'Llama', 'Qwen', 'Ollama', 'LM', 'Studio'],
  // <attn-train>: the WebAssembly module, the training text's package and licence, a loss's log
  ...['WASM', 'WebAssembly', 'fortunes-zh', 'GPL', 'log'],
]);

// The token labels of the teaching world (and the heatmap lesson's sentence): the only Han
// characters an English text may show, and the only ones widget code may hold.
const TOKENS = new Set([
  ...Object.values(world.worlds).flatMap((w) => w.tokens),
  ...lessons.lessons.flatMap((l) =>
    l.widgets.flatMap((w) => [w.attrs?.['title-text'], ...(w.data?.tokens ?? [])]),
  ),
]);
TOKENS.delete(undefined);
const SENTENCES = new Set(Object.values(world.worlds).map((w) => w.tokens.join('')));

const stand = new Proxy(function () {}, {
  get: (_, k) => (k === Symbol.toPrimitive ? () => 7 : k === 'length' ? 2 : stand),
  apply: () => stand,
});
/**
 * A table entry as text(s): strings as they are, formulas (web/mathml.js) as their plain text,
 * functions called, objects' values.
 */
function texts(v) {
  if (typeof v === 'string' || v instanceof MathNode || v instanceof MathLine) return [String(v)];
  if (typeof v === 'function') {
    const out = v(stand, stand, stand, stand, stand, stand, stand);
    return typeof out === 'object' ? texts(out) : [String(out)];
  }
  if (v && typeof v === 'object') return Object.values(v).flatMap(texts);
  return [];
}

/** Every text in language `lang`: [where, text]. */
function allTexts(lang) {
  const out = [];
  for (const [tag, cls] of Object.entries(WIDGETS))
    for (const [key, v] of Object.entries(cls.strings[lang] ?? {}))
      for (const t of texts(v)) out.push([`<${tag}> ${key}`, t]);
  for (const [key, v] of Object.entries(COMMON[lang])) out.push([`widget base ${key}`, v]);
  if (lang === 'zh-CN')
    for (const [tag, cls] of Object.entries(WIDGETS))
      for (const [en, zh] of Object.entries(cls.checkNamesZh))
        out.push([`<${tag}> self-check "${en}"`, zh]);
  // A lesson's intro may hold $…$ formulas (LaTeX, rendered to MathML by the build): not prose.
  const bilingual = (where, b) => out.push([where, b[lang].replace(/\$[^$]*\$/g, ' ')]);
  bilingual('lessons.json title', lessons.title);
  for (const l of lessons.lessons) {
    bilingual(`lessons.json ${l.slug} title`, l.title);
    bilingual(`lessons.json ${l.slug} intro`, l.intro);
  }
  for (const q of quiz.questions) {
    bilingual(`quiz.json ${q.id} prompt`, q.prompt);
    bilingual(`quiz.json ${q.id} feedback`, q.feedback);
    for (const o of q.options ?? []) {
      bilingual(`quiz.json ${q.id} ${o.id}`, o.text);
      if (o.why) bilingual(`quiz.json ${q.id} ${o.id} why`, o.why);
    }
    for (const it of q.items ?? []) {
      bilingual(`quiz.json ${q.id} item ${it.id}`, it.text);
      bilingual(`quiz.json ${q.id} item ${it.id} why`, it.why);
    }
    for (const [i, w] of (q.wrong ?? []).entries())
      bilingual(`quiz.json ${q.id} wrong ${i} why`, w.why);
  }
  return out;
}

/** The Latin-only words of a text that are prose, not code or symbols. */
export function latinWords(text) {
  const words = [];
  for (const m of text.matchAll(/[A-Za-z][A-Za-z0-9_.'’-]*/g)) {
    const w = m[0].replace(/[.'’-]+$/, '');
    const next = text[m.index + m[0].length];
    const prev = text[m.index - 1];
    if (!/^[A-Za-z]+(-[A-Za-z]+)*$/.test(w) || w.length < 2) continue; // a letter, or code
    if (/[a-z][A-Z]/.test(w)) continue; // camelCase: an identifier
    if ('(=/'.includes(next ?? ' ') || './<_{\'"'.includes(prev ?? ' ')) continue; // code
    words.push(w);
  }
  return words;
}

const hanRuns = (text) => text.match(/\p{Script=Han}+/gu) ?? [];

test('the string tables and course texts exist in both languages', () => {
  for (const [tag, cls] of Object.entries(WIDGETS)) {
    const zh = Object.keys(cls.strings['zh-CN'] ?? {}),
      en = Object.keys(cls.strings.en ?? {});
    assert.ok(zh.length > 0, `<${tag}> has Chinese strings`);
    assert.deepEqual([...en].sort(), [...zh].sort(), `<${tag}>: the same keys in both tables`);
  }
  assert.ok(allTexts('zh-CN').length > 500);
});

test('no Chinese text carries a Latin-only word outside the allow-list', () => {
  const bad = allTexts('zh-CN').flatMap(([where, t]) =>
    latinWords(t)
      .filter((w) => !ALLOWED_IN_CHINESE.has(w) && !TOKENS.has(w))
      .map((w) => `${where}: "${w}" in ${t.slice(0, 80)}`),
  );
  assert.deepEqual(bad, []);
});

test('Chinese text uses full-width punctuation next to Chinese characters', () => {
  // ASCII , ; : ? ! ( ) touching a Han character; subscripts such as v_小明 are formulas and
  // calls such as show(权重, 行标签) are code.
  const halfWidth = /\p{Script=Han}[,;:?!()]|[,;:?!(]\p{Script=Han}/u;
  const bad = allTexts('zh-CN')
    .map(([where, t]) => [
      where,
      t.replace(/_\p{Script=Han}+/gu, '_x').replace(/\w+\([^)]*\)/g, 'f()'),
    ])
    .filter(([, t]) => halfWidth.test(t))
    .map(([where, t]) => `${where}: ${t.slice(0, 80)}`);
  assert.deepEqual(bad, []);
});

test('a pasted config.json answers in one language at a time, Chinese with full-width punctuation', () => {
  const errorOf = (cfg) => {
    try {
      modelFromHfConfig(cfg);
    } catch (e) {
      return e;
    }
    throw new Error('expected an error');
  };
  const llama = {
    num_hidden_layers: 32,
    num_attention_heads: 32,
    num_key_value_heads: 8,
    hidden_size: 4096,
    max_position_embeddings: 8192,
  };
  const errors = [
    errorOf('{"num_hidden_layers": 32,'),
    errorOf({ hidden_size: 4096 }),
    errorOf({ ...llama, num_key_value_heads: 5 }),
    errorOf({ ...llama, torch_dtype: 'int3' }),
  ];
  const pasted = modelFromHfConfig(llama); // no torch_dtype: a note in each language
  const zh = [...errors.map((e) => e.messageZh), pasted.notesZh];
  const en = [...errors.map((e) => e.messageEn), pasted.notes];
  for (const t of en) assert.doesNotMatch(t, /\p{Script=Han}/u, t);
  for (const t of zh) {
    assert.match(t, /\p{Script=Han}/u, t);
    assert.doesNotMatch(t, /\p{Script=Han}[,;:()]|[,;:(]\p{Script=Han}/u, t);
  }
});

test('no English text carries Han characters except token labels', () => {
  const bad = allTexts('en').flatMap(([where, t]) =>
    hanRuns(t)
      .filter((r) => !TOKENS.has(r) && !SENTENCES.has(r))
      .map((r) => `${where}: "${r}" in ${t.slice(0, 80)}`),
  );
  assert.deepEqual(bad, []);
});

test('no widget writes Chinese text outside its strings.js (only token labels it looks up)', () => {
  for (const tag of Object.keys(WIDGETS)) {
    const folder = join(root, 'widgets', tag.replace(/^attn-/, ''));
    const files = readdirSync(folder, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.js') && f !== 'strings.js');
    assert.ok(existsSync(join(folder, 'strings.js')), `<${tag}> has strings.js`);
    for (const f of files) {
      const code = readFileSync(join(folder, f), 'utf8')
        .replace(/\/\/.*$/gm, '')
        .replace(/\/\*[\s\S]*?\*\//g, '');
      // 亿: the self-check's expected text of the course's "4.9 亿" (softmax-variance)
      // and the teaching world's own sentences or a part of them (the lab's default prompt)
      const inline = hanRuns(code).filter(
        (r) => !TOKENS.has(r) && r !== '亿' && ![...SENTENCES].some((x) => x.includes(r)),
      );
      assert.deepEqual(inline, [], `widgets/${tag.replace(/^attn-/, '')}/${f}`);
    }
  }
});

test('the wording the course review corrected stays corrected', () => {
  const zh = allTexts('zh-CN'),
    en = allTexts('en');
  const none = (list, re, why) => {
    const hits = list.filter(([, t]) => re.test(t)).map(([w]) => w);
    assert.deepEqual(hits, [], why);
  };
  none(zh, /(?<!配)对数(?!坐标|刻度)/, '对数 reads as "logarithm": a number of pairs is 配对数');
  none(zh, /遮罩/, 'the course says 因果掩码');
  none(zh, /只依赖(距离|两者的距离| ?j − i)/, 'RoPE: position enters only through j − i');
  none(en, /depends only on (the distance|j − i)/, 'RoPE: position enters only through j − i');
  none(zh, /掩码不省计算/, 'the mask is not there to save work, but kernels do skip it');
  none(en, /mask saves no work/, 'the mask is not there to save work, but kernels do skip it');
  none(zh, /GPT-2 那一代/, 'heads × head width goes back to the original Transformer');
  none(en, /GPT-2(-era| generation)/, 'heads × head width goes back to the original Transformer');
  none(zh, /不存 K、V|用时再展开/, 'MLA caches a latent and a shared RoPE key; expands or absorbs');
  none(en, /keeps no K or V|caches no K or V/, 'MLA caches a latent and a shared RoPE key');
  none(en, /own shape as MHA|collapses to one-hot|All right!|attention looks in one step/, '');
  none(en, /one relation, enough|Relative to what is/, 'English fixes of the review');
  none(zh, /只差 1|zh-gift|一起移动|看到模型于是/, 'Chinese fixes of the review');
  const kvFree = quiz.questions.find((q) => q.id === 'kv-cache-free').feedback;
  for (const t of [kvFree['zh-CN'], kvFree.en]) assert.match(t, /\{\{anchor-full-layers\}\}/);
});

test('the checker itself: what it must catch', () => {
  assert.deepEqual(latinWords('运行超过 2 秒，已停止（stopped after 2 s）'), ['stopped', 'after']);
  assert.deepEqual(latinWords('调用 engine.attention(q) 和 print(x)，head_dim = 256，看 heads'), [
    'heads',
  ]);
  assert.deepEqual(latinWords('head="7"、rotaryDim、\'unsafe-eval\'、web/x.d.ts'), []);
  assert.deepEqual(hanRuns('The “zh-gift” world: 给了 (gave)'), ['给了']);
});
