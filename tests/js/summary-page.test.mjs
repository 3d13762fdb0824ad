// The chapter summary (scripts/summary-page.mjs): the glossary linker links the first use of
// each term per language, never inside a formula or a link, and marks it with the id the
// glossary links back to; the glossary and reading list pass their schemas and name existing
// pages; the glossary has the chapter's core terms, each linked to an anchor that exists on the
// page of its first use; the reading list has the seed's curated explainers with links, time
// tiers, the one must-watch, bbycroft's caveat, the exclusions and the connection note; the
// built summary page holds every lesson's takeaway.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import {
  linkTerms,
  checkReadingList,
  firstPages,
  useId,
  SUMMARY_SLUG,
} from '../../scripts/summary-page.mjs';

const readJson = (p) => JSON.parse(readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8'));
const built = (name) => readFileSync(new URL(`../../dist/${name}`, import.meta.url), 'utf8');
const glossary = readJson('course-data/glossary.json');
const readingList = readJson('course-data/reading-list.json');
const lessons = readJson('course-data/lessons.json');

test('glossary.json and reading-list.json pass their schemas; every entry names existing pages', () => {
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
  const two = { tiers: [{ items: [{ id: 'a', lessons: [], mustWatch: true }] }], papers: [] };
  two.tiers[0].items.push({ id: 'b', lessons: [], mustWatch: true });
  assert.throws(() => checkReadingList(two, lessons), /exactly one explainer is the must-watch/);
});

test('the glossary has the chapter’s core terms, RMSNorm and the beyond-context estimate corrected', () => {
  const ids = glossary.terms.map((t) => t.id);
  assert.equal(new Set(ids).size, ids.length, 'glossary ids are unique');
  const core = ['qkv', 'softmax', 'causal-mask', 'head-dim', 'mha', 'mqa', 'gqa', 'mla', 'rope'];
  const more = ['kv-cache', 'attention-sink', 'linear-attention', 'anchor', 'output-projection'];
  const kept = ['logits', 'nats', 'prefill', 'gguf', 'swiglu', 'bf16', 'rmsnorm', 'qk-norm'];
  for (const must of [...core, ...more, ...kept]) assert.ok(ids.includes(must), must);
  const def = (id) => glossary.terms.find((t) => t.id === id).definition;
  // RMSNorm: the division keeps the direction, the learned gain does not
  assert.match(def('rmsnorm')['zh-CN'], /只改长度、不改方向.*会改变方向/);
  assert.match(def('rmsnorm').en, /not its direction.*can change the direction/);
  // 外推 means length extrapolation in the literature, not arithmetic past a limit
  assert.ok(!ids.includes('extrapolation'));
  assert.match(def('beyond-context')['zh-CN'], /长度外推.*是另一回事/);
  // RoPE: position enters only as j − i, the content still matters
  assert.match(def('rope').en, /only as the distance j − i, while the score still depends/);
});

test('linkTerms: the first use per language only, with its id, never inside a formula or a link', () => {
  const g = {
    terms: [
      {
        id: 'kv-cache',
        term: { 'zh-CN': 'KV cache', en: 'KV cache' },
        definition: { 'zh-CN': '缓存', en: 'the cache' },
      },
      {
        id: 'mha',
        term: { 'zh-CN': 'MHA', en: 'MHA' },
        also: { 'zh-CN': ['多头注意力'] },
        definition: { 'zh-CN': '多头', en: 'heads' },
      },
    ],
  };
  const html =
    '<span lang="zh-CN">先说 KV cache，再说 KV cache；多头注意力即 MHA。</span>' +
    '<span lang="en">The <math><mi>KV cache</mi></math> and the KV cache, and a <a href="x">KV cache</a>; again the KV cache.</span>';
  const out = linkTerms(html, g);
  const links = out.match(/<a class="term"[^>]*>KV cache<\/a>/g);
  assert.equal(links.length, 2, out);
  assert.match(
    out,
    /先说 <a class="term" id="use-zh-CN-kv-cache" href="summary.html#term-kv-cache" title="缓存">KV cache<\/a>，再说 KV cache；/,
  );
  // another spelling of a term counts as its use
  assert.match(out, /<a class="term" id="use-zh-CN-mha"[^>]*>多头注意力<\/a>即 MHA。/);
  assert.match(
    out,
    /<math><mi>KV cache<\/mi><\/math> and the <a class="term" id="use-en-kv-cache"[^>]*title="the cache">KV cache<\/a>/,
  );
  assert.match(out, /<a href="x">KV cache<\/a>; again the KV cache\./);
  // where a term first appears, per language, in the order given
  const texts = (slug) =>
    ({ a: { 'zh-CN': '没有', en: 'none' }, b: { 'zh-CN': '多头注意力', en: 'MHA here' } })[slug];
  assert.deepEqual(firstPages(g, ['a', 'b'], texts).get('mha'), { 'zh-CN': 'b', en: 'b' });
  assert.deepEqual(firstPages(g, ['a', 'b'], texts).get('kv-cache'), {
    'zh-CN': undefined,
    en: undefined,
  });
});

test('every glossary entry links, in both languages, to an anchor on the page of its first use', () => {
  const html = built(`${SUMMARY_SLUG}.html`);
  for (const t of glossary.terms) {
    const entry = html.match(new RegExp(`<dt id="term-${t.id}">[\\s\\S]*?</dd>`))?.[0];
    assert.ok(entry, `${t.id} is in the glossary`);
    for (const lang of ['zh-CN', 'en']) {
      const href = entry.match(new RegExp(`<span lang="${lang}">[^<]*<a href="([^"]+)"`))?.[1];
      assert.ok(href, `${t.id} (${lang}) links to its first use`);
      const [file, hash] = href.split('#');
      assert.equal(hash, useId(lang, t.id));
      assert.match(built(file), new RegExp(`<a class="term" id="${hash}"`), `${t.id}: ${href}`);
    }
  }
});

test('every glossary entry first appears on the same page in both languages (round 6: MHA)', () => {
  const html = built(`${SUMMARY_SLUG}.html`);
  const differ = [];
  for (const t of glossary.terms) {
    const entry = html.match(new RegExp(`<dt id="term-${t.id}">[\\s\\S]*?</dd>`))?.[0] ?? '';
    const [zh, en] = ['zh-CN', 'en'].map(
      (lang) => entry.match(new RegExp(`<span lang="${lang}">[^<]*<a href="([^"#]+)`))?.[1],
    );
    if (zh !== en) differ.push(`${t.id}: zh-CN ${zh}, en ${en}`);
  }
  assert.deepEqual(differ, []);
});

test('the built summary page: every lesson’s takeaway, the reading list with links and tiers, the glossary', () => {
  const html = built(`${SUMMARY_SLUG}.html`);
  for (const l of lessons.lessons.filter((x) => x.slug !== SUMMARY_SLUG))
    assert.match(html, new RegExp(`<li><a href="${l.slug}\\.html">`), l.slug);
  for (const p of readingList.papers)
    assert.match(html, new RegExp(`id="paper-${p.id}"[^]*?href="https://arxiv\\.org/abs/`));
  for (const t of glossary.terms) assert.match(html, new RegExp(`<dt id="term-${t.id}">`));
  assert.doesNotMatch(html, /\{\{[a-z0-9-]+\}\}/, 'every fact placeholder is filled');
  // the seed's curated explainers, each an https link, in two time tiers
  const items = readingList.tiers.flatMap((t) => t.items);
  for (const id of [
    '3b1b-attention',
    'transformer-explainer',
    'llm-viz',
    'karpathy-gpt',
    'su-mla',
    'raschka-mla',
    'wudaokou-heads',
  ]) {
    const x = items.find((i) => i.id === id);
    assert.ok(x, id);
    assert.match(html, new RegExp(`<li id="read-${id}"><a class="read-title" href="https://`));
  }
  assert.deepEqual(
    items.filter((x) => x.mustWatch).map((x) => x.id),
    ['3b1b-attention'],
  );
  assert.match(items.find((x) => x.id === 'llm-viz').caveat.en, /no notion of a KV cache/);
  assert.match(items.find((x) => x.id === 'su-mla').url, /^https:\/\/kexue\.fm\//);
  assert.equal(readingList.tiers.length, 2);
  // the exclusions note and the line saying the links need a connection
  assert.match(html, /<p class="reading-excluded">[^]*我替你排除了什么[^]*What was left out/);
  assert.match(html, /<p class="reading-connection">[^]*要联网[^]*need an internet connection/);
  // English lists never use 、
  assert.doesNotMatch(html, /<span lang="en">[^<]*、/);
  // and a lesson page links its first "KV cache" to the glossary
  assert.match(
    built('08-kv-cache.html'),
    /<a class="term" id="use-zh-CN-kv-cache" href="summary\.html#term-kv-cache"/,
  );
});
