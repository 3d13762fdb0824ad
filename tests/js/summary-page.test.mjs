// The chapter summary (scripts/summary-page.mjs): the glossary linker links the first use of
// each term per language, never inside a formula or a link; the glossary and reading list pass
// their schemas and name existing pages; the built summary page holds every lesson's takeaway.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { linkTerms, checkReadingList, SUMMARY_SLUG } from '../../scripts/summary-page.mjs';

const readJson = (p) => JSON.parse(readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8'));
const glossary = readJson('course-data/glossary.json');
const readingList = readJson('course-data/reading-list.json');
const lessons = readJson('course-data/lessons.json');

test('glossary.json and reading-list.json pass their schemas; the papers name existing pages', () => {
  const ajv = new Ajv({ strict: true });
  for (const f of ['glossary', 'reading-list']) {
    const validate = ajv.compile(readJson(`course-data/${f}.schema.json`));
    assert.ok(validate(readJson(`course-data/${f}.json`)), JSON.stringify(validate.errors));
  }
  checkReadingList(readingList, lessons);
  assert.throws(
    () => checkReadingList({ papers: [{ id: 'x', lessons: ['nope'] }] }, lessons),
    /x names a missing lesson "nope"/,
  );
  const ids = glossary.terms.map((t) => t.id);
  assert.equal(new Set(ids).size, ids.length, 'glossary ids are unique');
  for (const must of ['logits', 'nats', 'prefill', 'gguf', 'swiglu', 'bf16', 'rmsnorm', 'qk-norm'])
    assert.ok(ids.includes(must), must);
});

test('linkTerms: the first use per language only, never inside a formula or an existing link', () => {
  const g = {
    terms: [
      {
        id: 'kv-cache',
        term: { 'zh-CN': 'KV cache', en: 'KV cache' },
        definition: { 'zh-CN': '缓存', en: 'the cache' },
      },
    ],
  };
  const html =
    '<span lang="zh-CN">先说 KV cache，再说 KV cache。</span>' +
    '<span lang="en">The <math><mi>KV cache</mi></math> and the KV cache, and a <a href="x">KV cache</a>; again the KV cache.</span>';
  const out = linkTerms(html, g);
  const links = out.match(/<a class="term"[^>]*>KV cache<\/a>/g);
  assert.equal(links.length, 2, out);
  assert.match(
    out,
    /先说 <a class="term" href="summary.html#term-kv-cache" title="缓存">KV cache<\/a>，再说 KV cache。/,
  );
  assert.match(
    out,
    /<math><mi>KV cache<\/mi><\/math> and the <a class="term"[^>]*title="the cache">KV cache<\/a>/,
  );
  assert.match(out, /<a href="x">KV cache<\/a>; again the KV cache\./);
});

test('the built summary page: every lesson’s takeaway linked to its page, the papers, the glossary', () => {
  const html = readFileSync(new URL(`../../dist/${SUMMARY_SLUG}.html`, import.meta.url), 'utf8');
  for (const l of lessons.lessons.filter((x) => x.slug !== SUMMARY_SLUG))
    assert.match(html, new RegExp(`<li><a href="${l.slug}\\.html">`), l.slug);
  for (const p of readingList.papers) assert.match(html, new RegExp(`id="paper-${p.id}"`));
  for (const t of glossary.terms) assert.match(html, new RegExp(`<dt id="term-${t.id}">`));
  assert.doesNotMatch(html, /\{\{[a-z0-9-]+\}\}/, 'every fact placeholder is filled');
  // and a lesson page links its first "KV cache" to the glossary
  const kv = readFileSync(new URL('../../dist/08-kv-cache.html', import.meta.url), 'utf8');
  assert.match(kv, /<a class="term" href="summary\.html#term-kv-cache"/);
});
