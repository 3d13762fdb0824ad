// The lesson pages of dist/: one page per lesson of course-data/lessons.json (its widgets, its
// guide from course-data/lesson-guides.json, its check questions, the course navigation) plus
// index.html, and course.css beside them. scripts/bundle.mjs calls writePages after it has
// built the scripts the pages load (attn-loader.js adds the rest).
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bothWithMath, renderGuide, renderPredict, gated } from './lesson-guide.mjs';
import { factsFor, bindDoc } from './prose-facts.mjs';
import { esc, both } from './html.mjs';
import {
  SUMMARY_SLUG,
  summaryBody,
  linkTerms,
  firstPages,
  checkReadingList,
} from './summary-page.mjs';

/**
 * Writes every lesson page, index.html and course.css into `dist`.
 * @param {{ root: string, dist: string, checked: (file: string) => any }} where `checked` reads
 *   a course-data file checked against its schema (a malformed one stops the build)
 * @returns {Promise<number>} how many lesson pages
 */
export async function writePages({ root, dist, checked }) {
  const readJson = (p) => JSON.parse(readFileSync(join(root, p), 'utf8'));
  // Numbers in the prose are `{{fact-id}}` placeholders, filled here from the engine and the data
  // (scripts/prose-facts.mjs): no number a student reads is typed by hand.
  const proseDocs = [
    checked('course-data/lessons.json'),
    readJson('course-data/lesson-guides.json'),
  ];
  const facts = await factsFor(root, proseDocs);
  const [lessons, guides] = proseDocs.map((d) => bindDoc(d, facts));
  // A prediction card keeps which fact each value is, so a page can bind it again to the model it
  // shows (the lab with a student's trained model: web/predict.js).
  for (const [slug, guide] of Object.entries(proseDocs[1]))
    if (guide.predict) guides[slug].predict = bindDoc(guide.predict, facts, { mark: true });
  const glossary = checked('course-data/glossary.json');
  const readingList = checked('course-data/reading-list.json');
  checkReadingList(readingList, lessons);
  const CSP =
    "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; connect-src 'self' data:";
  // A lesson may carry its own "csp" (the playground page: 'unsafe-eval' and worker-src blob:, so
  // student code can run in a Blob worker, which inherits the page's policy). Every other page
  // keeps the strict policy above. Pages load only attn-loader.js, which adds what their widgets
  // need (the lab page gets attn-lab-data.js, the playground page attn-playground.js).

  // Course navigation under every lesson: previous / next in course order (rel=prev/next, so
  // browsers and readers know the sequence) and "page n of N". Its labels are in both languages
  // like the rest of the chrome; web/page.js carries the chosen language along the links.
  const NAV = {
    label: { 'zh-CN': '课程导航', en: 'Course navigation' },
    prev: { 'zh-CN': '上一页', en: 'Previous' },
    next: { 'zh-CN': '下一页', en: 'Next' },
    index: { 'zh-CN': '目录', en: 'Contents' },
  };
  // The teacher view's switch (web/teacher-view.js): every widget's self-check shown, every
  // prediction gate open.
  const TEACHER_SWITCH = {
    'zh-CN': '教师视图：打开所有预测，显示每个小部件的数字自检',
    en: 'Teacher view: open every prediction, show each widget’s self-check of the numbers',
  };
  const position = (i, n) => ({ 'zh-CN': `第 ${i} 页，共 ${n} 页`, en: `Page ${i} of ${n}` });
  const navLink = (rel, target, word) =>
    target
      ? `<a rel="${rel}" href="${target.href}" class="nav-${rel}"><span class="nav-word">${both(word)}</span>` +
        `<span class="nav-title">${both(target.title)}</span></a>`
      : `<span class="nav-${rel} nav-none"></span>`;

  /** The navigation block of page `i` (1-based; 0 is the index) among `pages` lessons. */
  function lessonNav(i, pages) {
    const n = pages.length;
    const prev = i === 1 ? { href: 'index.html', title: NAV.index } : pages[i - 2];
    const next = i < n ? pages[i] : null;
    return `<nav class="lesson-nav" data-label-zh="${NAV.label['zh-CN']}" data-label-en="${NAV.label.en}" aria-label="${NAV.label['zh-CN']}">
<p class="nav-position">${both(position(i, n))}<progress max="${n}" value="${i}" aria-hidden="true"></progress></p>
<div class="nav-links">${navLink('prev', prev, NAV.prev)}${navLink('next', next, NAV.next)}</div>
</nav>`;
  }

  function page(title, body, { csp = CSP } = {}) {
    return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">
<title>${esc(title['zh-CN'])} · ${esc(title.en)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="course.css">
</head>
<body>
<header class="course-bar">
<a href="index.html" class="course-home">${both(lessons.shortTitle)}</a>
<button type="button" data-attn-lang-toggle lang="en">English</button>
</header>
<main>
${body}
</main>
<footer class="course-foot">
<label><input type="checkbox" data-attn-teacher-toggle> ${both(TEACHER_SWITCH)}</label>
</footer>
<script src="attn-loader.js"></script>
</body>
</html>
`;
  }

  const attrs = (a) =>
    Object.entries(a || {})
      .map(([k, v]) => ` ${k}="${esc(v)}"`)
      .join('');
  const pages = lessons.lessons.map((l) => ({ href: `${l.slug}.html`, title: l.title }));
  // Each page's own explanation (course-data/lesson-guides.json): the question above the widgets,
  // what to try / notice / take away below them; `$…$` in it, and in the intro, becomes MathML.
  function guided(slug, intro, widgets, opts) {
    const guide = guides[slug];
    if (!guide) throw new Error(`course-data/lesson-guides.json has no guide for "${slug}"`);
    const { question, try: tryHtml, after } = renderGuide(guide, opts);
    const introHtml = intro ? `<p class="lesson-intro">${bothWithMath(intro)}</p>\n` : '';
    // The first use of each glossary term on the page links to its definition (not on the
    // summary page, which holds the glossary itself).
    const link = (html) => (slug === SUMMARY_SLUG ? html : linkTerms(html, glossary, seen));
    const seen = { 'zh-CN': new Set(), en: new Set() };
    // Question, then the prediction (if the page has one), then what to try right above the
    // widgets, what to notice, the takeaway and the page's check questions: all that would give
    // the prediction away sits in its gate.
    const body = `${link(tryHtml)}\n${widgets}\n${link(after)}${lessonCheck(slug)}`;
    const predict = guide.predict ? `${renderPredict(slug, guide.predict)}\n` : '';
    return `${link(introHtml + question)}\n${predict}${predict ? gated(slug, body) : body}`;
  }

  // The short check at the end of a lesson page: that lesson's questions of quiz.json, in an
  // <attn-quiz lesson> (answers kept for the index's progress). Not on the quiz page itself, whose
  // <attn-quiz> is the final quiz: the questions marked "final" (its count on the index).
  const quizDoc = readJson('course-data/quiz.json');
  const checkCount = (slug) =>
    quizDoc.questions.filter((q) => (slug === 'quiz' ? q.final === true : q.lesson === slug))
      .length;
  const lessonCheck = (slug) =>
    checkCount(slug) && !['quiz', 'index'].includes(slug)
      ? `\n<section class="lesson-check"><attn-quiz lesson="${esc(slug)}"></attn-quiz></section>`
      : '';
  // The summary page's body: the takeaways, the reading list, the glossary with where each term
  // first appears (in the order of the pages, in their text outside formulas, as linkTerms links).
  const plainText = (text) => text.replace(/\$[^$]*\$/g, ' ').replace(/<[^>]+>/g, ' ');
  const pageText = (slug) => {
    const l = lessons.lessons.find((x) => x.slug === slug);
    const parts = [
      l?.intro,
      ...['question', 'try', 'notice', 'takeaway'].map((p) => guides[slug]?.[p]),
    ];
    return Object.fromEntries(
      ['zh-CN', 'en'].map((lang) => [lang, plainText(parts.map((t) => t?.[lang] ?? '').join(' '))]),
    );
  };
  const summaryHtml = summaryBody({
    lessons,
    guides,
    glossary,
    readingList,
    // The index first (its guide introduces the anchor), then the pages in course order.
    firstPage: firstPages(
      glossary,
      ['index', ...lessons.lessons.map((l) => l.slug).filter((s) => s !== SUMMARY_SLUG)],
      pageText,
    ),
  });
  for (const [index, l] of lessons.lessons.entries()) {
    // A widget's inline data rides in a JSON script element inside it (never executed).
    const inline = (w) =>
      w.data
        ? `<script type="application/json">${JSON.stringify(w.data).replace(/</g, '\\u003c')}</script>`
        : '';
    // Links to other pages under the widgets (the lab's "Open your own model").
    const seeAlso = (l.seeAlso ?? []).map((link) => {
      if (!lessons.lessons.some((x) => x.slug === link.slug))
        throw new Error(
          `course-data/lessons.json: ${l.slug} links to a missing page "${link.slug}"`,
        );
      return `\n<p class="see-also"><a href="${link.slug}.html">${both(link.text)}</a></p>`;
    });
    const widgets =
      l.widgets.map((w) => `<${w.tag}${attrs(w.attrs)}>${inline(w)}</${w.tag}>`).join('\n') +
      seeAlso.join('') +
      (l.slug === SUMMARY_SLUG ? summaryHtml : '');
    writeFileSync(
      join(dist, `${l.slug}.html`),
      page(
        l.title,
        `<h1>${both(l.title)}</h1>\n${guided(l.slug, l.intro, widgets)}\n${lessonNav(index + 1, pages)}`,
        { csp: l.csp ?? CSP },
      ),
    );
  }
  // The index lists every page with the question it answers and the student's progress there
  // (filled from localStorage by web/progress.js).
  const items = lessons.lessons
    .map(
      (l) =>
        `<li><a href="${l.slug}.html">${both(l.title)}</a>` +
        `<span class="page-question">${bothWithMath(guides[l.slug].question)}</span>` +
        `<span class="page-progress" data-progress="${l.slug}" data-questions="${checkCount(l.slug)}" hidden></span></li>`,
    )
    .join('\n');
  // The chapter guide's widgets (the data flow) stand on the index below the list of lessons: the
  // index's first screen is where the course starts.
  const guideWidgets = (lessons.indexWidgets ?? [])
    .map((w) => `<${w.tag}${attrs(w.attrs)}></${w.tag}>\n`)
    .join('');
  writeFileSync(
    join(dist, 'index.html'),
    page(
      lessons.title,
      `<h1>${both(lessons.title)}</h1>\n` +
        `${guided('index', null, `<ol class="lessons">\n${items}\n</ol>\n${guideWidgets}`, { index: true })}\n` +
        `<nav class="lesson-nav" data-label-zh="${NAV.label['zh-CN']}" data-label-en="${NAV.label.en}" aria-label="${NAV.label['zh-CN']}">` +
        `<div class="nav-links"><span class="nav-prev nav-none"></span>${navLink('next', pages[0], NAV.next)}</div></nav>`,
    ),
  );
  copyFileSync(join(root, 'web/course.css'), join(dist, 'course.css'));
  return lessons.lessons.length;
}
