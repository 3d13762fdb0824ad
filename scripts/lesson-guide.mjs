// The short explanation around each page's widgets (course-data/lesson-guides.json), rendered
// at build time: the question before the widgets; what to try, what to notice and the
// takeaway after them. Formulas are written `$…$` (LaTeX) and turned into MathML here by temml,
// so pages carry plain <math> elements: no script, no font to fetch, fine under the strict CSP,
// and screen readers read them. temml runs only in node; it never reaches a browser bundle.
import temml from 'temml';

/** The four parts of every guide, in page order. */
export const GUIDE_PARTS = ['question', 'try', 'notice', 'takeaway'];

export const GUIDE_LABELS = {
  question: { 'zh-CN': '这一课的问题', en: 'The question' },
  try: { 'zh-CN': '试一试', en: 'Try this' },
  notice: { 'zh-CN': '留意', en: 'What to notice' },
  takeaway: { 'zh-CN': '带走这一句', en: 'Takeaway' },
};
// The index page asks the chapter's question, not a lesson's.
const INDEX_QUESTION_LABEL = { 'zh-CN': '本章的问题', en: 'The chapter’s question' };

const esc = (s) =>
  String(s).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

/** One `$…$` formula as inline MathML; the LaTeX stays in an annotation. Throws on bad LaTeX. */
export function formulaToMathML(tex) {
  // The pages' CSP (style-src 'self') blocks inline styles. temml writes one for accents
  // (\tilde, \hat: keep the accent full size), which becomes a class of web/course.css; the
  // few others (\! and \text inside sub- and superscripts) are refused at build time.
  const mathml = temml
    .renderToString(tex, { throwOnError: true, annotate: true })
    .replace(/ class="([^"]*)" style="math-depth:0;"/g, ' class="$1 tml-depth-0"')
    .replace(/ style="math-depth:0;"/g, ' class="tml-depth-0"');
  if (/\sstyle="/.test(mathml))
    throw new Error(`temml wrote an inline style, which the pages' CSP blocks: $${tex}$`);
  return mathml;
}

// Punctuation that must stay on the formula's line (a lone "？" wrapped under a fraction).
const TRAILING_PUNCTUATION = /^[，。、；：？！）」』,.;:?!)]+/u;

/**
 * Text with `$…$` formulas → HTML: the prose escaped, each formula as MathML, kept on one line
 * with the punctuation right after it.
 */
export function textWithMath(text) {
  const pieces = String(text).split('$');
  if (pieces.length % 2 === 0) throw new Error(`unpaired $ in: ${text}`);
  let html = esc(pieces[0]);
  for (let i = 1; i < pieces.length; i += 2) {
    const punctuation = pieces[i + 1].match(TRAILING_PUNCTUATION)?.[0] ?? '';
    html +=
      `<span class="formula">${formulaToMathML(pieces[i])}${esc(punctuation)}</span>` +
      esc(pieces[i + 1].slice(punctuation.length));
  }
  return html;
}

export const bothWithMath = (t) =>
  `<span lang="zh-CN">${textWithMath(t['zh-CN'])}</span><span lang="en">${textWithMath(t.en)}</span>`;
const bothPlain = (t) =>
  `<span lang="zh-CN">${esc(t['zh-CN'])}</span><span lang="en">${esc(t.en)}</span>`;
const part = (name, text, label = GUIDE_LABELS[name]) =>
  `<section class="guide-part guide-${name}"><h2>${bothPlain(label)}</h2>\n<p>${bothWithMath(text)}</p></section>`;

/**
 * A guide's HTML in two pieces: `before` (the question) goes above the widgets, `after`
 * (try, notice, takeaway) below them. `index` marks the course's index page.
 */
export function renderGuide(guide, { index = false } = {}) {
  const label = index ? INDEX_QUESTION_LABEL : GUIDE_LABELS.question;
  return {
    before: part('question', guide.question, label),
    after:
      `<div class="guide-after">\n` +
      ['try', 'notice', 'takeaway'].map((name) => part(name, guide[name])).join('\n') +
      `\n</div>`,
  };
}
