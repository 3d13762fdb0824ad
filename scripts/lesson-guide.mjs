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

/**
 * Words that name a mouse or a keyboard, and what a touch screen says instead: the page shows
 * one or the other by the pointer (web/course.css, `pointer: coarse`), so a phone is told "tap".
 */
const POINTER_WORDS = [
  [/hover over, or move with the arrow keys to,/g, () => 'tap'],
  [/悬停或用方向键移到/g, () => '点'],
  [
    /\b([Cc])lick(s|ed|ing)?\b/g,
    (/** @type {string} */ c, /** @type {string | undefined} */ end) =>
      `${c === 'C' ? 'T' : 't'}ap${{ s: 's', ed: 'ped', ing: 'ping' }[end ?? ''] ?? ''}`,
  ],
];

/** HTML whose text (not its tags) has each pointer word as both forms, one shown by the pointer. */
export function pointerWords(html) {
  return String(html)
    .split(/(<[^>]*>)/)
    .map((piece) =>
      piece.startsWith('<')
        ? piece
        : POINTER_WORDS.reduce(
            (text, [pattern, touch]) =>
              text.replace(
                pattern,
                (m, ...groups) =>
                  `<span class="if-mouse">${m}</span><span class="if-touch">${touch(...groups)}</span>`,
              ),
            piece,
          ),
    )
    .join('');
}

export const bothWithMath = (t) =>
  `<span lang="zh-CN">${pointerWords(textWithMath(t['zh-CN']))}</span><span lang="en">${pointerWords(textWithMath(t.en))}</span>`;
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
  misconception: { 'zh-CN': '常见的误解：', en: 'A common misconception:' },
  inFact: { 'zh-CN': '其实：', en: 'In fact:' },
};

/** A card's closeness when it names none: within a tenth of the answer (web/predict.js). */
const CLOSE_RELATIVE = 0.1;
/** As web/predict.js matches() has it: a guess lands on a value within half a slider step. */
const matchWindow = (step) => step / 2;

/** The first number of a text as the page prints it ("32.5%", "4,095", "−0.12"). */
export function printedNumber(text) {
  const m = String(text)
    .replace(/,/g, '')
    .replace(/−/g, '-')
    .match(/-?\d+(\.\d+)?/);
  if (!m) throw new Error(`no number in "${text}"`);
  return Number(m[0]);
}

// The marks scripts/prose-facts.mjs puts around a fact's value in a prediction card's text:
// \uE000 id \uE001 value \uE002.
const MARKED_FACT = /\uE000([a-z0-9-]+)\uE001([^\uE002]*)\uE002/g;

/** Text without the fact marks: the values alone. */
export const unmarked = (text) => String(text).replace(MARKED_FACT, '$2');

/** The id of the fact that is the whole of `text` (an answer bound to one fact), or null. */
const wholeFact = (text) =>
  /^\uE000([a-z0-9-]+)\uE001[^\uE002]*\uE002$/.exec(String(text))?.[1] ?? null;

/** HTML with each marked fact as <span data-fact="id">value</span> (web/predict.js refills it). */
const factSpans = (html) => html.replace(MARKED_FACT, '<span data-fact="$1">$2</span>');

/**
 * The prediction card of page `slug` (its guide's bound "predict"), for web/predict.js. A number
 * card carries the answer's value (parsed from the printed fact, in the slider's unit), its
 * printed texts, how close counts as close (`close.relative`, by relative error) and where the
 * slider starts; a misconception the card names (a number's value with its `myth`, or an
 * option) is a hidden paragraph the reveal shows when the guess lands on it ("A common
 * misconception: “myth”. In fact: …"), and an option's `why` likewise. The build fails if the
 * answer lies outside the slider or is not an option, if the slider starts close to the answer,
 * if a misconception is close to the answer (it would be praised) or has no myth to quote.
 * Bound with the fact marks (bindDoc's `mark`), the card also says which fact its answer is
 * (data-answer-fact) and wraps every fact of its text in <span data-fact>: a page showing
 * another model binds them to that model's values (web/predict.js bindFacts).
 */
export function renderPredict(slug, marked) {
  const where = `lesson-guides.json: ${slug}.predict`;
  const answerFact = wholeFact(marked.answer.en);
  const p = JSON.parse(unmarked(JSON.stringify(marked)));
  const data = {
    predict: slug,
    kind: p.kind,
    'answer-zh': p.answer['zh-CN'],
    'answer-en': p.answer.en,
    ...(answerFact && wholeFact(marked.answer['zh-CN']) === answerFact
      ? { 'answer-fact': answerFact }
      : {}),
  };
  let input;
  let notes = '';
  const note = (cls, match, text) =>
    `<p class="${cls}" data-match="${esc(match)}" hidden>${bothWithMath(text)}</p>`;
  // A misconception's note states the misconception (quoted) before its correction, for a choice
  // and a slider alike: the label right before the correction read as if the fact were the myth.
  // Each language's sentence is written whole: English puts a space after each label and after
  // the quote, Chinese none (「常见的误解：「…」。其实：…」).
  const misconceptionNote = (match, myth, why) => {
    const L = PREDICT_LABELS;
    const inLang = (lang, quote, gap) =>
      `<span lang="${lang}"><strong>${esc(L.misconception[lang])}</strong>${gap}` +
      `${pointerWords(textWithMath(quote))}${gap}` +
      `<strong>${esc(L.inFact[lang])}</strong>${gap}${pointerWords(textWithMath(why[lang]))}</span>`;
    return (
      `<p class="predict-misconception" data-match="${esc(match)}" hidden>` +
      inLang('zh-CN', `「${myth['zh-CN']}」。`, '') +
      inLang('en', `“${myth.en}”.`, ' ') +
      `</p>`
    );
  };
  if (p.kind === 'number') {
    const value = printedNumber(p.answer.en);
    if (value < p.min || value > p.max)
      throw new Error(`${where}: the answer ${value} is outside [${p.min}, ${p.max}]`);
    const relative = p.close?.relative ?? CLOSE_RELATIVE;
    const closeTo = (x, slack = 0) => Math.abs(x - value) <= relative * Math.abs(value) + slack;
    const start = p.start ?? p.min + Math.round((p.max - p.min) / 2 / p.step) * p.step;
    if (start < p.min || start > p.max)
      throw new Error(`${where}: the slider starts at ${start}, outside [${p.min}, ${p.max}]`);
    // A slider that starts on the answer hands it over: start far enough to need a real guess.
    if (closeTo(start, p.step))
      throw new Error(`${where}: the slider starts at ${start}, close to the answer ${value}`);
    Object.assign(data, {
      answer: value,
      min: p.min,
      max: p.max,
      step: p.step,
      unit: p.unit ?? '',
      close: relative,
    });
    for (const m of p.misconceptions ?? []) {
      const at = printedNumber(m.value.en);
      if (closeTo(at, matchWindow(p.step)))
        throw new Error(
          `${where}: the misconception ${at} is close to the answer ${value}: a guess there would be called close`,
        );
      if (!m.myth) throw new Error(`${where}: the misconception ${at} has no myth to quote`);
      notes += misconceptionNote(at, m.myth, m.text);
    }
    input =
      `<label class="predict-slider"><span class="visually-hidden">${bothPlain(PREDICT_LABELS.slider)}</span>` +
      `<input type="range" min="${p.min}" max="${p.max}" step="${p.step}" value="${start}" aria-describedby="predict-prompt-${slug}">` +
      `<output aria-live="off"></output></label>`;
  } else {
    if (!p.options.some((o) => o.id === p.answer.en) || p.answer['zh-CN'] !== p.answer.en)
      throw new Error(`${where}: the answer "${p.answer.en}" is not an option`);
    const right = p.options.find((o) => o.id === p.answer.en);
    if (right.misconception || right.why)
      throw new Error(`${where}: the right option "${right.id}" has a why or a misconception`);
    Object.assign(data, {
      answer: right.id,
      'answer-zh': right.text['zh-CN'],
      'answer-en': right.text.en,
    });
    // A misconception option's myth is the option itself.
    for (const o of p.options)
      if (o.why)
        notes += o.misconception
          ? misconceptionNote(o.id, o.text, o.why)
          : note('predict-option-why', o.id, o.why);
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
    `<p id="predict-prompt-${slug}">${factSpans(bothWithMath(marked.prompt))}</p>\n${input}\n` +
    `<p class="predict-pick" role="alert" hidden>${bothPlain(PREDICT_LABELS.pick)}</p>` +
    `<button type="button" data-predict-commit>${bothPlain(PREDICT_LABELS.commit)}</button>\n` +
    `<div class="predict-reveal" hidden><p class="predict-compare" role="status"></p>${notes}` +
    `<p class="predict-why">${factSpans(bothWithMath(marked.explain))}</p>` +
    `<button type="button" data-predict-again>${bothPlain(PREDICT_LABELS.again)}</button></div>\n</section>`
  );
}

/** What the prediction gate hides until the student commits, with the line that says so. */
export const gated = (slug, html) =>
  `<div class="predict-gate" data-predict-gate="${slug}">\n${html}\n</div>\n` +
  `<p class="predict-gated-note">${bothPlain(PREDICT_LABELS.gated)}</p>`;
