// No number a student reads is typed by hand (issue: prose that cannot drift from the engine).
// Page prose (course-data/lessons.json, lesson-guides.json, quiz.json) writes its numbers as
// `{{fact-id}}` placeholders, filled at build time from widgets/facts/facts.js; the widgets'
// strings.js take theirs as arguments computed by logic.js. This test scans all of it for a
// literal number outside the short allow-list below, and checks that the lab's prose follows
// its data file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync, mkdtempSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import * as acorn from 'acorn';
import { FACTS, factIds } from '../../widgets/facts/facts.js';
import { factsFor, bindDoc, usedFactIds } from '../../scripts/prose-facts.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readJson = (p) => JSON.parse(readFileSync(join(root, p), 'utf8'));

// The allow-list: what a number may be when it is not a value (docs/lesson-text.md lists it).
const ALLOWED = [
  // references to the course's own parts: lessons, pages, branches, chapters, seed modules
  /第\s*\d+(\s*[–、-]\s*\d+)*\s*课/g,
  /\b[Ll]essons?\s+\d+((\s*[–-]\s*|,\s*|\s+and\s+)\d+)*/g,
  /(岔路|Branch)\s*B\d/g,
  /Generation \d/g, // the evolution map's eras (第二代 … in Chinese)
  /\bC\d+\b/g,
  /模块\s*\d+/g,
  // citations: years, sections, tables, equations, arXiv numbers
  /\b(199\d|20[0-2]\d)\b/g,
  /§\s*\d+(\.\d+)*/g,
  /(表|Table|table)\s*\d+/g,
  /(式|Eq\.?)\s*\(\d+\)/g,
  /arXiv\s*\d{4}\.\d{4,5}/g,
  // model, format and paper names with a number in them ("Llama 3", "DeepSeek LLM 67B")
  /\b(Llama|Qwen|Mistral|GLM|DeepSeek|GPT|Gemma|Phi)([\w.-]*)(\s+(LLM\s+)?\d[\w.-]*)?/g,
  // a whole row of attention
  /100\s*%/g,
  // constants of definitions written as text: the 2 of K and V in a byte product, powers of 2,
  // a percentage as value × 100, the sum 1 + 2 + … + T = T(T+1)/2, a right angle
  /×\s*2\s*(?=[×(（])|\b2\s*(（K 和 V）|\(K and V\))/g,
  /2 的幂|powers? of 2/g,
  /×\s*100\b/g,
  /BF16[^。.;；]{0,12}?\b2\s*(B|bytes?|字节)/g, // BF16 is two bytes by definition
  /×\s*1024\b/g, // a log scale's step of one binary unit (KiB → MiB)
  /1 \+ 2 \+ …|T\(T\s*\+\s*1\)\s*\/\s*2/g,
  /90°/g,
  /round\(x, \d\)/g, // the playground's API, as code
  /\b3 · /g, // the three projections Q, K and V in a parameter or work count
];
// A number: not glued to Latin letters or a name's hyphen (BF16, GPT-2, 67B, x_1 stay names).
const NUMBER = /(?<![A-Za-z0-9_.,]|[A-Za-z]-)[−-]?\d[\d,.]*(?![A-Za-z0-9_])/g;
// 0 and 1 are definitions (sums to 1, exactly 0, one KV head); inside a formula 2 is too (the K
// and V pair, the bytes of BF16), as are the limits of a sum (i=1, T−1).
const DEFINITIONAL = new Set(['0', '1']);
const DEFINITIONAL_IN_MATH = new Set(['0', '1', '2']);

/** The literal numbers of one text (one language), with a little context each. */
export function literalNumbers(text) {
  const found = [];
  const pieces = String(text)
    .replace(/\{\{[a-z0-9-]+\}\}/g, ' ')
    .split('$');
  pieces.forEach((piece, i) => {
    const inMath = i % 2 === 1;
    let t = piece;
    for (const re of ALLOWED) t = t.replace(re, ' ');
    for (const m of t.matchAll(NUMBER)) {
      const n = m[0].replace(/[.,]+$/, '').replace(/^[−-]/, '');
      if ((inMath ? DEFINITIONAL_IN_MATH : DEFINITIONAL).has(n)) continue;
      found.push(`${m[0]} in “…${t.slice(Math.max(0, m.index - 25), m.index + 25)}…”`);
    }
  });
  return found;
}

/** Every student-facing text of a JSON document: [path, text], skipping non-prose fields. */
function* proseOf(doc, path = '', skip = new Set()) {
  if (typeof doc === 'string') {
    yield [path, doc];
    return;
  }
  if (Array.isArray(doc)) {
    for (const [i, x] of doc.entries()) yield* proseOf(x, `${path}[${i}]`, skip);
    return;
  }
  if (doc && typeof doc === 'object')
    for (const [k, v] of Object.entries(doc))
      if (!skip.has(k)) yield* proseOf(v, `${path}.${k}`, skip);
}

// Fields that are identifiers, widget settings or data, not text a student reads.
const NOT_PROSE = new Set([
  'slug',
  'number',
  'tag',
  'attrs',
  'data',
  'csp',
  'id',
  'lesson',
  'review',
  'tags',
  'answer',
  'source',
  'kind',
  'version',
  '$schema',
]);

const PROSE_FILES = [
  'course-data/lessons.json',
  'course-data/lesson-guides.json',
  'course-data/quiz.json',
];

test('the allow-list lets references through and catches values', () => {
  assert.deepEqual(literalNumbers('第 4 课、Lesson 10、岔路 B1、Vaswani 2017 §3.2.2、表 1'), []);
  assert.deepEqual(
    literalNumbers('DeepSeek LLM 67B、Llama 3、GPT-2、BF16、GQA-8、Qwen3.8-27B'),
    [],
  );
  assert.deepEqual(literalNumbers('行和为 1，恰为 0，$\\sum_{i=1}^{T-1} 2 \\times n$，100%'), []);
  assert.equal(literalNumbers('「小」（60.1%）').length, 1);
  assert.equal(literalNumbers('T = 4,096 时').length, 1);
  assert.equal(literalNumbers('$16 \\times 2$').length, 1);
  assert.equal(literalNumbers('the {{lab-top1-share}} and 3 heads').length, 1);
});

for (const file of PROSE_FILES)
  test(`${file}: no number typed by hand`, () => {
    const bad = [];
    for (const [path, text] of proseOf(readJson(file), '', NOT_PROSE))
      for (const n of literalNumbers(text)) bad.push(`${path}: ${n}`);
    assert.deepEqual(
      bad,
      [],
      `write these as {{fact-id}} bindings (widgets/facts/facts.js):\n${bad.join('\n')}`,
    );
  });

/** The string literals and template texts of a module that are values, not object keys. */
function stringsOfModule(source) {
  const ast = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const out = [];
  const walk = (node, parent) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') return;
    // The self-check names (CHECK_NAMES_ZH) name test cases for teachers, inputs included.
    if (node.type === 'VariableDeclarator' && node.id?.name === 'CHECK_NAMES_ZH') return;
    const isKey = parent?.type === 'Property' && parent.key === node && !parent.computed;
    if (node.type === 'Literal' && typeof node.value === 'string' && !isKey) out.push(node.value);
    if (node.type === 'TemplateLiteral') out.push(node.quasis.map((q) => q.value.cooked).join(' '));
    for (const [k, v] of Object.entries(node)) {
      if (k === 'type' || k === 'start' || k === 'end') continue;
      if (Array.isArray(v)) v.forEach((c) => walk(c, node));
      else if (v && typeof v.type === 'string') walk(v, node);
    }
  };
  walk(ast, null);
  return out;
}

test('widgets/*/strings.js: no number typed by hand in what a student reads', () => {
  const bad = [];
  for (const name of readdirSync(join(root, 'widgets'))) {
    const file = join(root, 'widgets', name, 'strings.js');
    if (!existsSync(file)) continue;
    for (const n of stringsOfModule(readFileSync(file, 'utf8')).flatMap(literalNumbers))
      bad.push(`widgets/${name}/strings.js: ${n}`);
  }
  assert.deepEqual(
    bad,
    [],
    `pass these in from logic.js, computed from the engine or the data:\n${bad.join('\n')}`,
  );
});

test('every placeholder names a fact, and every fact is used by some prose', () => {
  const [lessons, guides, quiz] = PROSE_FILES.map((f) => readJson(f));
  for (const id of usedFactIds(lessons, guides))
    assert.ok(id in FACTS, `{{${id}}} is not a fact of widgets/facts/facts.js`);
  // The quiz also uses facts of its own (widgets/quiz/logic.js).
  const used = usedFactIds(lessons, guides, quiz);
  const unused = Object.keys(FACTS).filter((id) => !used.has(id));
  assert.deepEqual(unused, [], 'facts no page quotes: delete them');
  assert.deepEqual(factIds('a {{x-1}} b {{y}}'), ['x-1', 'y']);
});

test('the lab prose follows c3-attention.json (a modified copy changes the sentence)', async () => {
  const guides = readJson('course-data/lesson-guides.json');
  const lab = { lab: guides.lab };
  const original = bindDoc(lab, await factsFor(root, [lab])).lab.notice;
  const changed = readJson('course-data/c3-attention.json');
  changed.prompt.top5[0] = { ...changed.prompt.top5[0], char: '王', prob: 0.5 };
  changed.meanSinkShare = changed.meanSinkShare.map((row) => row.map(() => 0.25));
  const dir = mkdtempSync(join(tmpdir(), 'prose-'));
  const file = join(dir, 'c3-attention.json');
  writeFileSync(file, JSON.stringify(changed));
  const bound = bindDoc(lab, await factsFor(root, [lab], { 'c3-attention.json': file })).lab.notice;
  for (const lang of ['zh-CN', 'en']) {
    assert.notEqual(bound[lang], original[lang]);
    assert.match(bound[lang], /「王」（50\.0%，|“王” \(50\.0%,/);
    assert.match(bound[lang], /25\.0%–25\.0%/);
    assert.doesNotMatch(bound[lang], /64\.3%/);
  }
  assert.match(original['zh-CN'], /「小」（64\.3%，/);
});

test('inside a formula a bound number is LaTeX (grouped thousands, escaped %)', async () => {
  const doc = { t: { 'zh-CN': '$x = {{attn-pairs}}$，{{attn-pairs}}', en: '{{softmax-dialog}}' } };
  const bound = bindDoc(doc, await factsFor(root, [doc])).t;
  assert.equal(bound['zh-CN'], '$x = 8{,}390{,}656$，8,390,656');
  assert.equal(bound.en, '24.5% / 9.0% / 66.5%');
});
