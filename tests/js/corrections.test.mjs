// The corrections of docs/corrections.md stay corrected, and no TeX source reaches a student:
// every built page (dist/*.html, each language's text and tooltips), every widget's string
// table in both languages, the quiz, the glossary and the reading list are searched for the
// wrong quotes (tests/corrections/quotes.mjs) and for TeX (h_{t−1}, \frac, e^20, W_O, q_i).
// The self-check names (CHECK_NAMES_ZH, shown in the teacher view) name test cases with their
// inputs, as code does (cos(K_小明, K_小王)), and are not searched. The widgets as drawn are
// searched by tests/browser/page-text.test.mjs.
import '../helpers/dom-globals.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { WIDGETS as MAIN_WIDGETS } from '../../widgets/index.js';
import { OPEN_MODEL_WIDGETS } from '../../widgets/open-model/index.js';
import { TRAIN_WIDGETS } from '../../widgets/train/index.js';
import { MathNode, MathLine } from '../../web/mathml.js';
import { WRONG_QUOTES, TEX, htmlTextIn } from '../corrections/quotes.mjs';

const WIDGETS = { ...MAIN_WIDGETS, ...OPEN_MODEL_WIDGETS, ...TRAIN_WIDGETS };
const dist = new URL('../../dist/', import.meta.url);
const readJson = (p) => JSON.parse(readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8'));
const pages = readdirSync(dist).filter((f) => f.endsWith('.html'));
const LANGS = /** @type {const} */ (['zh-CN', 'en']);

/** Where a pattern matched, with some context. */
const hit = (re, text) => {
  const m = re.exec(text);
  return m ? `“…${text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 30)}…”` : null;
};

// A function of a string table called with stand-ins that read as 7 anywhere (as strings.test).
const stand = new Proxy(function () {}, {
  get: (_, k) => (k === Symbol.toPrimitive ? () => 7 : k === 'length' ? 2 : stand),
  apply: () => stand,
});
/** A table entry's texts: its prose only; the formulas of a line are drawn as MathML. */
function texts(v) {
  if (typeof v === 'string') return [v];
  if (v instanceof MathNode) return [];
  if (v instanceof MathLine) return v.parts.flatMap(texts);
  if (typeof v === 'function') {
    const out = v(stand, stand, stand, stand, stand, stand, stand);
    return typeof out === 'object' ? texts(out) : [String(out)];
  }
  if (v && typeof v === 'object') return Object.values(v).flatMap(texts);
  return [];
}

/** Every string a widget, the quiz, the glossary or the reading list shows, in `lang`. */
function stringTables(lang) {
  const out = [];
  for (const [tag, cls] of Object.entries(WIDGETS))
    for (const [key, v] of Object.entries(cls.strings[lang] ?? {}))
      for (const t of texts(v)) out.push([`<${tag}> ${key}`, t]);
  const walk = (where, x) => {
    if (x && typeof x === 'object' && lang in x && typeof x[lang] === 'string')
      out.push([where, x[lang]]);
    else if (Array.isArray(x)) x.forEach((y, i) => walk(`${where}[${i}]`, y));
    else if (x && typeof x === 'object')
      for (const [k, y] of Object.entries(x)) if (k !== 'also') walk(`${where}.${k}`, y);
  };
  walk('quiz.json', readJson('course-data/quiz.json').questions);
  walk('glossary.json', readJson('course-data/glossary.json').terms);
  walk('reading-list.json', readJson('course-data/reading-list.json'));
  return out;
}

test('the TeX pattern catches TeX and lets names and Unicode through', () => {
  for (const bad of ['h_{t−1}', 'W_O', 'q_i k_i', '√d_k', 'e^20', 'T^2', '\\frac', 'K_小明', 'θ_p'])
    assert.match(bad, TEX, bad);
  for (const ok of ['d_model', 'head_dim', 'q_norm', 'k_rope', 'vocab_size', 'hₜ₋₁', 'W₁q', 'dₖ'])
    assert.doesNotMatch(ok, TEX, ok);
  const html =
    '<body><p><span lang="zh-CN">中文 <span class="formula">x</span> 还是中文</span>' +
    '<span lang="en">English</span> <a title="提示">both</a></p></body>';
  assert.equal(htmlTextIn(html, 'en').replace(/\s+/g, ' ').trim(), 'English 提示 both');
  assert.equal(htmlTextIn(html, 'zh-CN').replace(/\s+/g, ' ').trim(), '中文 x 还是中文 提示 both');
});

for (const lang of LANGS)
  test(`every built page in ${lang}: no corrected quote came back, no TeX source`, () => {
    assert.ok(pages.length > 20, 'dist/ is built');
    const bad = [];
    for (const page of pages) {
      const text = htmlTextIn(readFileSync(new URL(page, dist), 'utf8'), lang);
      for (const [id, l, re] of WRONG_QUOTES) {
        const where = l === lang && hit(re, text);
        if (where) bad.push(`${page} ${id}: ${where}`);
      }
      const tex = hit(TEX, text);
      if (tex) bad.push(`${page} TeX: ${tex}`);
    }
    assert.deepEqual(bad, []);
  });

for (const lang of LANGS)
  test(`every string table in ${lang} (widgets, quiz, glossary, reading list): no corrected quote, no TeX`, () => {
    const bad = [];
    const all = stringTables(lang);
    assert.ok(all.length > 500);
    for (const [where, text] of all) {
      for (const [id, l, re] of WRONG_QUOTES) {
        const at = l === lang && hit(re, text);
        if (at) bad.push(`${where} ${id}: ${at}`);
      }
      const tex = hit(TEX, text);
      if (tex) bad.push(`${where} TeX: ${tex}`);
    }
    assert.deepEqual(bad, []);
  });

test('the fixes that add a sentence are on their pages, in both languages', () => {
  const page = (name, lang) => htmlTextIn(readFileSync(new URL(name, dist), 'utf8'), lang);
  // the walkthrough says its Q = K = x is lesson 1's self-match
  assert.match(page('walkthrough-the-cat.html', 'zh-CN'), /Q = K = x[^]*自我匹配/);
  assert.match(page('walkthrough-the-cat.html', 'en'), /Q = K = x[^]*self-match/);
  // the heatmap page points forward to lesson 6 where distance enters the score
  for (const lang of LANGS) assert.match(page('heatmap.html', lang), /RoPE[^]*(第 6 课|lesson 6)/);
  assert.match(readFileSync(new URL('heatmap.html', dist), 'utf8'), /<a href="06-rope\.html">/);
  // W1: the gut-feel guess and the proportional split named apart
  assert.match(page('03-softmax-and-scaling.html', 'zh-CN'), /凭感觉猜的 40%[^]*按比例分的 33%/);
  assert.match(page('03-softmax-and-scaling.html', 'en'), /gut-feel 40%[^]*proportional 33%/);
  // W_O and the residual "delta" where the output first appears (lesson 5)
  assert.match(page('05-values.html', 'zh-CN'), /增量[^]*残差流/);
  assert.match(page('05-values.html', 'en'), /as a change[^]*residual stream/);
  // M5: MLA's cache as GQA with 2.25 groups
  assert.match(page('10-mla.html', 'en'), /GQA with 2\.25 groups/);
  // the anchor explained where it is first used (the index)
  assert.match(page('index.html', 'zh-CN'), /锚点模型 Qwen3\.8-27B 的每一步：课程拿这一个真实模型/);
  assert.match(
    page('index.html', 'en'),
    /anchor model, Qwen3\.8-27B: the one real model the course measures/,
  );
});
