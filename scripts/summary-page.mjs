// The chapter summary page (summary.html) and the glossary links, at build time: every lesson's
// takeaway (from lesson-guides.json, already bound to the engine's numbers) linked to its page,
// the reading list (course-data/reading-list.json: the curated explainers in time tiers, what was
// left out, the papers) and the glossary (course-data/glossary.json). `linkTerms` turns the first
// occurrence of each glossary term on a page, per language, into a link to its definition (a
// title tooltip on hover; a tap follows the link on a phone) with an id, `use-<lang>-<term>`, the
// glossary links back to from the page where the term first appears; never inside a formula, a
// tag or an existing link.
import { bothWithMath } from './lesson-guide.mjs';
import { esc, both } from './html.mjs';

const LANGS = ['zh-CN', 'en'];

export const SUMMARY_SLUG = 'summary';

const HEADINGS = {
  takeaways: { 'zh-CN': '每一课带走的一句', en: 'What each lesson leaves you with' },
  reading: {
    'zh-CN': '深入这一章：按你愿意花的时间选',
    en: 'Going further: pick by the time you have',
  },
  mustWatch: { 'zh-CN': '本章唯一必看', en: 'the one must-watch' },
  glossary: { 'zh-CN': '术语表', en: 'Glossary' },
  usedIn: { 'zh-CN': '对应：', en: 'Goes with: ' },
  firstOn: { 'zh-CN': '第一次出现：', en: 'First appears on: ' },
};
// A list of links joined the way each language writes a list.
const LIST_SEPARATOR = `<span lang="zh-CN">、</span><span lang="en">, </span>`;

/**
 * Checks the cross-file rules a schema cannot state: every lesson slug an entry names exists,
 * and exactly one explainer is the must-watch.
 */
export function checkReadingList(readingList, lessons) {
  const slugs = new Set(lessons.lessons.map((l) => l.slug));
  const entries = [
    ...(readingList.tiers ?? []).flatMap((t) => t.items),
    ...(readingList.papers ?? []),
  ];
  for (const p of entries)
    for (const s of p.lessons)
      if (!slugs.has(s))
        throw new Error(`course-data/reading-list.json: ${p.id} names a missing lesson "${s}"`);
  if (readingList.tiers) {
    const must = readingList.tiers.flatMap((t) => t.items).filter((x) => x.mustWatch);
    if (must.length !== 1)
      throw new Error(
        `course-data/reading-list.json: exactly one explainer is the must-watch (found ${must.length})`,
      );
  }
}

/** Every spelling of a term in `lang`: the term itself, then its other spellings. */
const spellings = (t, lang) => [t.term[lang], ...(t.also?.[lang] ?? [])];

/**
 * Where each glossary term first appears, in course order, per language:
 * term id → {'zh-CN': slug, en: slug} (a language's slug undefined when no page uses the term).
 * `texts` maps a slug to the page's prose (both languages).
 */
export function firstPages(glossary, order, texts) {
  const out = new Map();
  for (const t of glossary.terms)
    out.set(
      t.id,
      Object.fromEntries(
        LANGS.map((lang) => [
          lang,
          order.find((slug) => termPattern(spellings(t, lang)).test(texts(slug)[lang])),
        ]),
      ),
    );
  return out;
}

/**
 * Spellings of a term as one regular expression, the longest first: whole words for Latin
 * spellings, as written for Chinese ones.
 */
function termPattern(forms) {
  const one = (term) => {
    const quoted = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return /^[\w -]+$/.test(term) ? `(?<![\\w-])${quoted}(?![\\w-])` : quoted;
  };
  return new RegExp(
    [...forms]
      .sort((a, b) => b.length - a.length)
      .map(one)
      .join('|'),
  );
}

/** The id of a term's first link on a page, in one language (the glossary links to it). */
export const useId = (lang, id) => `use-${lang}-${id}`;

/**
 * `html` (a page's guide and intro, both languages in `<span lang>`) with the first occurrence
 * of each glossary term per language linked to summary.html#term-<id>, carrying the id
 * use-<lang>-<id>. `seen` (per language) carries across the calls for one page.
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
      const m = termPattern(spellings(t, lang).map(esc)).exec(rest);
      if (m && (!best || m.index < best.m.index)) best = { t, m };
    }
    if (!best) return out + rest;
    const { t, m } = best;
    seen.add(t.id);
    out +=
      rest.slice(0, m.index) +
      `<a class="term" id="${useId(lang, t.id)}" href="${SUMMARY_SLUG}.html#term-${t.id}" title="${esc(t.definition[lang])}">${m[0]}</a>`;
    rest = rest.slice(m.index + m[0].length);
  }
}

/** Links to lesson pages, in both languages, joined as each language lists. */
const lessonLinks = (slugs, title) =>
  slugs.map((s) => `<a href="${s}.html">${both(title(s))}</a>`).join(LIST_SEPARATOR);

/** One explainer of the reading list. */
function explainer(x, title) {
  const meta = [x.by, x.length, x.language].map(both).join(' · ');
  const must = x.mustWatch
    ? ` <strong class="must-watch">${both(HEADINGS.mustWatch)}</strong>`
    : '';
  const extra = [x.caveat, x.linkNote]
    .filter(Boolean)
    .map((t) => ` <span class="read-note">${both(t)}</span>`)
    .join('');
  return (
    `<li id="read-${x.id}"><a class="read-title" href="${esc(x.url)}" rel="noopener">${both(x.title)}</a>${must}` +
    `<br><span class="read-meta">${meta}</span><br>${both(x.why)}${extra} ` +
    `<span class="paper-used">${both(HEADINGS.usedIn)}${lessonLinks(x.lessons, title)}</span></li>`
  );
}

/** One paper of the reading list: the citation, its link, why, the lessons that use it. */
function paper(p, title) {
  return (
    `<li id="paper-${p.id}"><span class="paper-cite">${esc(p.authors)} (${p.year}). ` +
    `<a href="${esc(p.url)}" rel="noopener"><cite>${esc(p.title)}</cite></a>. ${esc(p.where)}.</span><br>` +
    `${both(p.why)} <span class="paper-used">${both(HEADINGS.usedIn)}${lessonLinks(p.lessons, title)}</span></li>`
  );
}

/** A tier's heading: its title and its time budget. */
const tierHeading = (t) =>
  `<h3><span lang="zh-CN">${esc(t.title['zh-CN'])}（${esc(t.time['zh-CN'])}）</span>` +
  `<span lang="en">${esc(t.title.en)} (${esc(t.time.en)})</span></h3>`;

/** The summary page's sections (between its guide's question and the rest of its guide). */
export function summaryBody({ lessons, guides, glossary, readingList, firstPage }) {
  const title = (slug) =>
    slug === 'index' ? lessons.title : lessons.lessons.find((l) => l.slug === slug)?.title;
  const takeaways = lessons.lessons
    .filter((l) => l.slug !== SUMMARY_SLUG && guides[l.slug])
    .map(
      (l) =>
        `<li><a href="${l.slug}.html">${both(l.title)}</a><br>${bothWithMath(guides[l.slug].takeaway)}</li>`,
    )
    .join('\n');
  const tiers = readingList.tiers
    .map(
      (t) =>
        `<section class="reading-tier" id="tier-${t.id}">${tierHeading(t)}\n<p>${both(t.intro)}</p>\n` +
        `<ul class="explainers">\n${t.items.map((x) => explainer(x, title)).join('\n')}\n</ul></section>`,
    )
    .join('\n');
  const papers =
    `<section class="reading-tier" id="tier-papers">${tierHeading(readingList.papersTier)}\n` +
    `<p>${both(readingList.papersTier.intro)}</p>\n` +
    `<ul class="papers">\n${readingList.papers.map((p) => paper(p, title)).join('\n')}\n</ul></section>`;
  const terms = glossary.terms
    .map((t) => {
      const at = firstPage.get(t.id) ?? {};
      const first = LANGS.map((lang) =>
        at[lang]
          ? `<span lang="${lang}">${esc(HEADINGS.firstOn[lang])}<a href="${at[lang]}.html#${useId(lang, t.id)}">${esc(title(at[lang])[lang])}</a></span>`
          : '',
      ).join('');
      return `<dt id="term-${t.id}">${both(t.term)}</dt><dd>${both(t.definition)} <span class="term-first">${first}</span></dd>`;
    })
    .join('\n');
  return (
    `<section class="summary-takeaways"><h2>${both(HEADINGS.takeaways)}</h2>\n<ol class="takeaways">\n${takeaways}\n</ol></section>\n` +
    `<section class="summary-reading"><h2>${both(HEADINGS.reading)}</h2>\n` +
    `<p class="reading-connection">${both(readingList.connection)}</p>\n${tiers}\n${papers}\n` +
    `<p class="reading-excluded">${both(readingList.excluded)}</p></section>\n` +
    `<section class="summary-glossary"><h2>${both(HEADINGS.glossary)}</h2>\n<dl class="glossary">\n${terms}\n</dl></section>`
  );
}
