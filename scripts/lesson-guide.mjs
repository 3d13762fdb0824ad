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
  const mathml = explicitAccents(
    temml
      .renderToString(tex, { throwOnError: true, annotate: true })
      .replace(/ class="([^"]*)" style="math-depth:0;"/g, ' class="$1 tml-depth-0"')
      .replace(/ style="math-depth:0;"/g, ' class="tml-depth-0"'),
  );
  if (/\sstyle="/.test(mathml))
    throw new Error(`temml wrote an inline style, which the pages' CSP blocks: $${tex}$`);
  return mathml;
}

/**
 * temml writes \tilde{q} as <mover> without accent="true" (its comment: MathML Core then drops a
 * space), and Firefox infers the accent from the operator, which it reports as deprecated on
 * every page with one. Every <mover>, <munder> and <munderover> gets the attribute written out:
 * accent (accentunder) "true" where its over (under) script is a lone <mo> (an accent mark or a
 * stretched brace: what Firefox inferred), "false" for any other script.
 * @param {string} mathml
 */
export function explicitAccents(mathml) {
  const SCRIPTED = new Set(['mover', 'munder', 'munderover']);
  /** @type {{ name: string, attrs: string, at: number, kids: any[] }[]} the open elements */
  const stack = [];
  /** @type {[number, string][]} attributes to write after a tag's name, at that offset */
  const inserts = [];
  const TAG = /<(\/?)([a-z]+)([^>]*?)(\/?)>/g;
  for (let m; (m = TAG.exec(mathml));) {
    const [whole, closing, name, attrs, selfClosing] = m;
    if (!closing) {
      const el = { name, attrs, at: m.index + 1 + name.length, kids: [] };
      stack.at(-1)?.kids.push(el);
      if (!selfClosing) stack.push(el);
      continue;
    }
    const el = stack.pop();
    if (el?.name !== name) throw new Error(`unbalanced MathML from temml at ${whole}`);
    if (!SCRIPTED.has(name) || /\saccent(under)?=/.test(el.attrs)) continue;
    const under = name === 'mover' ? undefined : el.kids[1];
    const over = name === 'mover' ? el.kids[1] : name === 'munderover' ? el.kids[2] : undefined;
    const accent = (/** @type {any} */ script) => String(script?.name === 'mo');
    inserts.push([
      el.at,
      (name === 'mover' ? '' : ` accentunder="${accent(under)}"`) +
        (name === 'munder' ? '' : ` accent="${accent(over)}"`),
    ]);
  }
  let out = mathml;
  for (const [at, text] of inserts.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, at) + text + out.slice(at);
  return out;
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
 * A guide's HTML in three pieces: `question` goes first, `try` right above the widgets (a
 * student reads what to do before meeting the thing it describes), `after` (notice, takeaway)
 * below them. `index` marks the course's index page.
 */
export function renderGuide(guide, { index = false } = {}) {
  const label = index ? INDEX_QUESTION_LABEL : GUIDE_LABELS.question;
  return {
    question: part('question', guide.question, label),
    try: part('try', guide.try),
    after:
      `<div class="guide-after">\n` +
      ['notice', 'takeaway'].map((name) => part(name, guide[name])).join('\n') +
      `\n</div>`,
  };
}

export const PREDICT_LABELS = {
  title: { 'zh-CN': '先预测', en: 'Predict first' },
  commit: { 'zh-CN': '锁定我的预测', en: 'Lock in my prediction' },
  pick: {
    'zh-CN': '先做出你的预测：拖动滑块，或选一个答案。',
    en: 'Make your prediction first: move the slider or pick an answer.',
  },
  again: { 'zh-CN': '重新预测', en: 'Predict again' },
  slider: { 'zh-CN': '你的预测', en: 'Your prediction' },
  gated: {
    'zh-CN': '先在上面锁定你的预测，小部件和讲解就会出现。',
    en: 'Lock in your prediction above and the widgets and the explanation appear.',
  },
};

/** The first number of a text as the page prints it ("32.5%", "4,095", "−0.12"). */
export function printedNumber(text) {
  const m = String(text)
    .replace(/,/g, '')
    .replace(/−/g, '-')
    .match(/-?\d+(\.\d+)?/);
  if (!m) throw new Error(`no number in "${text}"`);
  return Number(m[0]);
}

/**
 * The prediction card of page `slug` (its guide's bound "predict"), for web/predict.js. A number
 * card carries the answer's value (parsed from the printed fact, in the slider's unit) and its
 * printed texts; the build fails if the answer lies outside the slider or is not an option.
 */
export function renderPredict(slug, p) {
  const data = {
    predict: slug,
    kind: p.kind,
    'answer-zh': p.answer['zh-CN'],
    'answer-en': p.answer.en,
  };
  let input;
  if (p.kind === 'number') {
    const value = printedNumber(p.answer.en);
    if (value < p.min || value > p.max)
      throw new Error(
        `lesson-guides.json: ${slug}.predict: the answer ${value} is outside [${p.min}, ${p.max}]`,
      );
    Object.assign(data, {
      answer: value,
      min: p.min,
      max: p.max,
      step: p.step,
      unit: p.unit ?? '',
    });
    const mid = p.min + Math.round((p.max - p.min) / 2 / p.step) * p.step;
    input =
      `<label class="predict-slider"><span class="visually-hidden">${bothPlain(PREDICT_LABELS.slider)}</span>` +
      `<input type="range" min="${p.min}" max="${p.max}" step="${p.step}" value="${mid}" aria-describedby="predict-prompt-${slug}">` +
      `<output aria-live="off"></output></label>`;
  } else {
    if (!p.options.some((o) => o.id === p.answer.en) || p.answer['zh-CN'] !== p.answer.en)
      throw new Error(
        `lesson-guides.json: ${slug}.predict: the answer "${p.answer.en}" is not an option`,
      );
    const right = p.options.find((o) => o.id === p.answer.en);
    Object.assign(data, {
      answer: right.id,
      'answer-zh': right.text['zh-CN'],
      'answer-en': right.text.en,
    });
    input =
      `<fieldset class="predict-options"><legend class="visually-hidden">${bothPlain(PREDICT_LABELS.slider)}</legend>` +
      p.options
        .map(
          (o) =>
            `<label><input type="radio" name="predict-${slug}" value="${o.id}"> ${bothWithMath(o.text)}</label>`,
        )
        .join('') +
      `</fieldset>`;
  }
  const attrs = Object.entries(data)
    .map(([k, v]) => ` data-${k}="${esc(v)}"`)
    .join('');
  return (
    `<section class="predict"${attrs}>\n<h2>${bothPlain(PREDICT_LABELS.title)}</h2>\n` +
    `<p id="predict-prompt-${slug}">${bothWithMath(p.prompt)}</p>\n${input}\n` +
    `<p class="predict-pick" role="alert" hidden>${bothPlain(PREDICT_LABELS.pick)}</p>` +
    `<button type="button" data-predict-commit>${bothPlain(PREDICT_LABELS.commit)}</button>\n` +
    `<div class="predict-reveal" hidden><p class="predict-compare" role="status"></p>` +
    `<p class="predict-why">${bothWithMath(p.explain)}</p>` +
    `<button type="button" data-predict-again>${bothPlain(PREDICT_LABELS.again)}</button></div>\n</section>`
  );
}

/** What the prediction gate hides until the student commits, with the line that says so. */
export const gated = (slug, html) =>
  `<div class="predict-gate" data-predict-gate="${slug}">\n${html}\n</div>\n` +
  `<p class="predict-gated-note">${bothPlain(PREDICT_LABELS.gated)}</p>`;
