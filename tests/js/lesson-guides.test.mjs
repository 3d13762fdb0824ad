// course-data/lesson-guides.json, the text around each page's widgets: its schema, one guide with
// all four parts in both languages for every page of lessons.json and the index, every `$…$`
// formula converted by temml, and each language written in that language (scripts/lesson-guide.mjs
// renders it; tests/browser/lesson-guides.test.mjs looks at the built pages).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import {
  GUIDE_PARTS,
  formulaToMathML,
  renderGuide,
  textWithMath,
} from '../../scripts/lesson-guide.mjs';

const read = (f) =>
  JSON.parse(readFileSync(new URL(`../../course-data/${f}`, import.meta.url), 'utf8'));
const guides = read('lesson-guides.json');
const lessons = read('lessons.json').lessons;
const pages = ['index', ...lessons.map((l) => l.slug)];
const LANGS = ['zh-CN', 'en'];

/** Every text of every guide as {where, lang, text}. */
const texts = Object.entries(guides).flatMap(([slug, guide]) =>
  GUIDE_PARTS.flatMap((part) =>
    LANGS.map((lang) => ({ where: `${slug}.${part}.${lang}`, lang, text: guide[part]?.[lang] })),
  ),
);
/** The prose of a text: its `$…$` formulas cut out. */
// The text a student reads, without formulas and without {{fact}} placeholders (numbers).
const prose = (text) =>
  text
    .replace(/\{\{[a-z0-9-]+\}\}/g, ' ')
    .split('$')
    .filter((_, i) => i % 2 === 0)
    .join(' ');

test('lesson-guides.json matches its schema', () => {
  const ajv = new Ajv({ allErrors: true, strict: true });
  const validate = ajv.compile(read('lesson-guides.schema.json'));
  assert.ok(validate(guides), ajv.errorsText(validate.errors));
});

test('the schema rejects a guide that lacks a part or a language', () => {
  const validate = new Ajv({ strict: true }).compile(read('lesson-guides.schema.json'));
  const { takeaway: _, ...noTakeaway } = guides.index;
  assert.equal(validate({ ...guides, index: noTakeaway }), false);
  const noEnglish = { ...guides.index, try: { 'zh-CN': guides.index.try['zh-CN'] } };
  assert.equal(validate({ ...guides, index: noEnglish }), false);
});

test('every page of lessons.json and the index has a guide, and no guide is for a missing page', () => {
  assert.deepEqual(Object.keys(guides).sort(), [...pages].sort());
  for (const { where, text } of texts)
    assert.ok(typeof text === 'string' && text.trim().length >= 8, `${where} is written`);
});

test('every $…$ in the guides and in the intros converts to MathML without a temml error', () => {
  const intros = lessons.flatMap((l) =>
    LANGS.map((lang) => ({ where: `${l.slug}.intro.${lang}`, text: l.intro[lang] })),
  );
  let formulas = 0;
  for (const { where, text } of [...texts, ...intros]) {
    const pieces = text.split('$');
    assert.equal(pieces.length % 2, 1, `${where}: every $ is paired`);
    for (let i = 1; i < pieces.length; i += 2) {
      assert.doesNotThrow(() => formulaToMathML(pieces[i]), `${where}: $${pieces[i]}$`);
      formulas++;
    }
    const html = textWithMath(text);
    assert.equal((html.match(/<math/g) ?? []).length, (pieces.length - 1) / 2, where);
    // Outside the <annotation> that keeps the LaTeX for assistive tools, no $ and no \command.
    const visible = html.replace(/<annotation[^>]*>.*?<\/annotation>/gs, '');
    assert.doesNotMatch(visible, /\$|\\[a-zA-Z]/, `${where}: no raw LaTeX left`);
    assert.doesNotMatch(html, /\sstyle=/, `${where}: no inline style (the CSP blocks them)`);
  }
  assert.ok(formulas >= 30, `the guides carry formulas (${formulas})`);
});

test('temml errors are reported, not printed into the page', () => {
  assert.throws(() => formulaToMathML('\\frac{a'), /ParseError/);
  assert.throws(() => textWithMath('an unpaired $x'), /unpaired \$/);
  assert.throws(() => formulaToMathML('a\\!b'), /inline style/);
  assert.match(formulaToMathML('\\tilde{q}'), /class="[^"]*tml-depth-0"/);
});

test('an accent is said outright (Firefox: inferring it from the operator is deprecated)', () => {
  // Issue 43: the MLA page's \tilde{q}_h was a bare <mover>.
  assert.match(formulaToMathML('\\tilde{q}_h'), /<mover accent="true"><mi>q<\/mi><mo/);
  const brace = formulaToMathML('\\overbrace{x}^{a} + \\sum_{i}^{n} x_i');
  assert.match(brace, /<mover accent="false"><mover accent="true"><mi>x<\/mi>/);
  for (const html of [...texts.map((t) => textWithMath(t.text)), brace])
    assert.doesNotMatch(html, /<(mover|munder|munderover)>/);
});

test('the rendered guide: the question first, what to try right above the widgets, notice and takeaway after', () => {
  const { question, try: tryHtml, after } = renderGuide(guides['04-causal-mask']);
  assert.match(question, /class="guide-part guide-question"/);
  assert.doesNotMatch(question, /guide-try|guide-notice|guide-takeaway/);
  assert.match(tryHtml, /class="guide-part guide-try"/);
  assert.doesNotMatch(tryHtml, /guide-question|guide-notice|guide-takeaway/);
  const order = ['guide-notice', 'guide-takeaway'].map((c) => after.indexOf(c));
  assert.ok(order[0] > 0 && order[1] > order[0], 'notice, then takeaway');
  assert.doesNotMatch(after, /guide-try/);
  for (const html of [question, tryHtml, after]) {
    assert.match(html, /<span lang="zh-CN">/);
    assert.match(html, /<span lang="en">/);
  }
  assert.match(after, /<math/);
  assert.match(renderGuide(guides.index, { index: true }).question, /本章的问题/);
});

// Latin words a Chinese teacher writes as they are: symbols, the chapter's terms, model and
// paper names, units, and the few code words of the playground. Single letters are variables.
const LATIN_IN_CHINESE = new Set(
  (
    'QK softmax RoPE KV GQA GQA-8 MQA MLA MHA token embedding cache sink logit attention query ' +
    'loss config one-hot bos Transformer Gated Attention Qwen3.8-27B DeepSeek DeepSeek-V2 RNN ' +
    'T5-XXL BF16 bit B KiB MiB GiB tanh log dr Web Worker The cat out print causal true false ' +
    'engine.attention ' +
    // the open-model page: the formats and models a student has on disk
    'GGUF Hugging Face Qwen3-0.6B Llama GPT-2 QK-Norm B4 B1 ' +
    // the heatmap page's English sentence about "it"
    'it animal street tired too wide ' +
    // the anchor's family, and the glossary's terms where the guides first use them
    'Qwen prefill logits nats ln RMSNorm SwiGLU float32 ' +
    // the papers the lab and train pages cite for the attention sink
    'StreamingLLM ' +
    // the exercise's parameter; the milestone's file and greedy decoding
    'allowed c3-attention.json argmax ' +
    // branch B1: the recurrences of then and now, and the paper on training the linear ones
    'LSTM GRU DeltaNet Yang ' +
    // the heatmap's takeaway: the paper on weight against contribution
    'Kobayashi ' +
    // the heatmap: position learned without an encoding
    'Haviv ' +
    // lesson 1: cross-attention's example, the original Transformer's decoder (round 6)
    'Vaswani'
  ).split(' '),
);

test('the Chinese parts use Chinese, with Latin only for the allowed terms', () => {
  for (const { where, lang, text } of texts) {
    if (lang !== 'zh-CN') continue;
    const p = prose(text);
    for (const [word] of p.matchAll(/[A-Za-z][A-Za-z0-9.-]*[A-Za-z0-9]|[A-Za-z]/g))
      assert.ok(
        word.length === 1 || LATIN_IN_CHINESE.has(word),
        `${where}: "${word}" is not an allowed term`,
      );
    // Full-width punctuation next to Chinese; 配对数 (number of pairs), never the ambiguous 对数.
    assert.doesNotMatch(p, /\p{Script=Han}[,;:?!()]|[,;:?!()]\p{Script=Han}/u, where);
    assert.doesNotMatch(p, /(?<!配)对数/u, `${where}: say 配对数 for a number of pairs`);
    assert.match(p, /\p{Script=Han}/u, `${where} is Chinese`);
  }
});

test('the English parts have no Han characters except quoted token labels', () => {
  for (const { where, lang, text } of texts) {
    if (lang !== 'en') continue;
    // A token label is allowed in curly quotes (“小明把苹果给了”) or followed by its gloss: 快 (fast).
    const p = prose(text)
      .replace(/“[^”]*”/g, '')
      .replace(/\p{Script=Han}+ \([A-Za-z][^)]*\)/gu, '');
    assert.doesNotMatch(p, /\p{Script=Han}/u, `${where}: Han outside a quoted token label`);
    assert.doesNotMatch(
      p,
      /[，。；：？！（）「」]/u,
      `${where}: full-width punctuation in English`,
    );
  }
});
