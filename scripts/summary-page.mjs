// The chapter summary page (summary.html) and the glossary links, at build time: every lesson's
// takeaway (from lesson-guides.json, already bound to the engine's numbers) linked to its page,
// the papers the chapter cites (course-data/reading-list.json) and the glossary
// (course-data/glossary.json). `linkTerms` turns the first occurrence of each glossary term on a
// page, per language, into a link to its definition (a title tooltip on hover; a tap follows the
// link on a phone); never inside a formula, a tag or an existing link.
import { bothWithMath } from './lesson-guide.mjs';

const esc = (s) =>
  String(s).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );
const both = (t) =>
  `<span lang="zh-CN">${esc(t['zh-CN'])}</span><span lang="en">${esc(t.en)}</span>`;

export const SUMMARY_SLUG = 'summary';

const HEADINGS = {
  takeaways: { 'zh-CN': '每一课带走的一句', en: 'What each lesson leaves you with' },
  papers: {
    'zh-CN': '延伸阅读：本章引用的论文',
    en: 'Reading list: the papers this chapter cites',
  },
  glossary: { 'zh-CN': '术语表', en: 'Glossary' },
  usedIn: { 'zh-CN': '用在：', en: 'Used in: ' },
  firstOn: { 'zh-CN': '第一次出现：', en: 'First appears on: ' },
};

/** Checks the cross-file rules a schema cannot state: every lesson slug a paper names exists. */
export function checkReadingList(readingList, lessons) {
  const slugs = new Set(lessons.lessons.map((l) => l.slug));
  for (const p of readingList.papers)
    for (const s of p.lessons)
      if (!slugs.has(s))
        throw new Error(`course-data/reading-list.json: ${p.id} names a missing lesson "${s}"`);
}

/**
 * Where each glossary term first appears, in course order: term id → lesson slug (or undefined).
 * `texts` maps a slug to the page's prose (both languages).
 */
export function firstPages(glossary, order, texts) {
  const out = new Map();
  for (const t of glossary.terms)
    out.set(
      t.id,
      order.find((slug) =>
        ['zh-CN', 'en'].some((lang) => termPattern(t.term[lang]).test(texts(slug)[lang])),
      ),
    );
  return out;
}

/** A term as a regular expression: whole words for Latin terms, as written for Chinese ones. */
function termPattern(term) {
  const quoted = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return /^[\w -]+$/.test(term) ? new RegExp(`(?<![\\w-])${quoted}(?![\\w-])`) : new RegExp(quoted);
}

/**
 * `html` (a page's guide and intro, both languages in `<span lang>`) with the first occurrence
 * of each glossary term per language linked to summary.html#term-<id>. `seen` (per language)
 * carries across the calls for one page.
 */
export function linkTerms(html, glossary, seen = { 'zh-CN': new Set(), en: new Set() }) {
  const parts = html.split(/(<math[\s\S]*?<\/math>|<[^>]+>)/);
  const langs = [];
  let inLink = 0;
  return parts
    .map((part, i) => {
      if (i % 2 === 1) {
        if (part.startsWith('<span'))
          langs.push(part.match(/\slang="([^"]+)"/)?.[1] ?? langs.at(-1));
        else if (part === '</span>') langs.pop();
        else if (part.startsWith('<a')) inLink++;
        else if (part === '</a>') inLink--;
        return part;
      }
      const lang = langs.at(-1);
      if (!lang || inLink || !seen[lang]) return part;
      return linkRun(part, lang, glossary, seen[lang]);
    })
    .join('');
}

/** One text run of one language: each unseen term's first occurrence linked, left to right. */
function linkRun(text, lang, glossary, seen) {
  let out = '';
  let rest = text;
  for (;;) {
    let best = null;
    for (const t of glossary.terms) {
      if (seen.has(t.id)) continue;
      const m = termPattern(esc(t.term[lang])).exec(rest);
      if (m && (!best || m.index < best.m.index)) best = { t, m };
    }
    if (!best) return out + rest;
    const { t, m } = best;
    seen.add(t.id);
    out +=
      rest.slice(0, m.index) +
      `<a class="term" href="${SUMMARY_SLUG}.html#term-${t.id}" title="${esc(t.definition[lang])}">${m[0]}</a>`;
    rest = rest.slice(m.index + m[0].length);
  }
}

/** The summary page's sections (between its guide's question and the rest of its guide). */
export function summaryBody({ lessons, guides, glossary, readingList, firstPage }) {
  const title = (slug) => lessons.lessons.find((l) => l.slug === slug)?.title;
  const takeaways = lessons.lessons
    .filter((l) => l.slug !== SUMMARY_SLUG && guides[l.slug])
    .map(
      (l) =>
        `<li><a href="${l.slug}.html">${both(l.title)}</a><br>${bothWithMath(guides[l.slug].takeaway)}</li>`,
    )
    .join('\n');
  const papers = readingList.papers
    .map(
      (p) =>
        `<li id="paper-${p.id}"><span class="paper-cite">${esc(p.authors)} (${p.year}). <cite>${esc(p.title)}</cite>. ${esc(p.where)}.</span><br>` +
        `${both(p.why)} <span class="paper-used">${both(HEADINGS.usedIn)}` +
        p.lessons.map((s) => `<a href="${s}.html">${both(title(s))}</a>`).join('、') +
        `</span></li>`,
    )
    .join('\n');
  const terms = glossary.terms
    .map((t) => {
      const slug = firstPage.get(t.id);
      const first = slug
        ? ` <span class="term-first">${both(HEADINGS.firstOn)}<a href="${slug}.html">${both(title(slug))}</a></span>`
        : '';
      return `<dt id="term-${t.id}">${both(t.term)}</dt><dd>${both(t.definition)}${first}</dd>`;
    })
    .join('\n');
  return (
    `<section class="summary-takeaways"><h2>${both(HEADINGS.takeaways)}</h2>\n<ol class="takeaways">\n${takeaways}\n</ol></section>\n` +
    `<section class="summary-papers"><h2>${both(HEADINGS.papers)}</h2>\n<ul class="papers">\n${papers}\n</ul></section>\n` +
    `<section class="summary-glossary"><h2>${both(HEADINGS.glossary)}</h2>\n<dl class="glossary">\n${terms}\n</dl></section>`
  );
}
