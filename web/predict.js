// Predict, then reveal: a lesson page asks the student to commit to a guess (a slider or a
// choice) before it shows the widgets that answer it. scripts/bundle.mjs writes the card from
// course-data/lesson-guides.json ("predict"), with the answer computed at build time from the
// engine (a {{fact}}), and wraps what would give the answer away (the widgets, what to notice,
// the takeaway) in a gate. Here the card comes alive: until the student locks in a guess the gate
// is closed (hidden and inert); the reveal shows their guess beside the engine's answer with one
// sentence on the gap. A number is "close" by its relative error (a tenth of the answer unless
// the card says otherwise), never by a share of the slider's range; a guess that is the
// misconception the lesson exists for (the card names it: the proportional split of lesson 3)
// is named as that misconception and never praised. The guess is kept (web/progress.js), so a
// reload opens revealed, and the teacher view opens every gate. Without script nothing is
// gated: the page reads as before.
// A card whose answer is one fact (data-answer-fact) can be bound again to the model the page
// shows: a widget fires `attn-facts` with that model's values (the lab with a student's trained
// model), and the answer and every <span data-fact> of the card take them (bindFacts); until
// they come, a card marked data-answer-pending reveals "computing" instead of a verdict.
import { storageOf, readProgress, editProgress } from './progress.js';
import { bothLanguages, grouped, h } from './dom.js';

const CARD = '[data-predict]';
const GATE = '[data-predict-gate]';

/** The texts this file writes, in both languages (the card's own text is in the page). */
export const PREDICT_STRINGS = {
  'zh-CN': {
    /** @param {string} g @param {string} a */
    compare: (g, a) => `你的预测：${g}；引擎算出：${a}。`,
    /** @param {string} d */
    off: (d) => `差了 ${d}。`,
    /** @param {string} d */
    offPoints: (d) => `差了 ${d} 个百分点。`,
    close: '很接近！',
    misconception: '这正是这一课要纠正的误解。',
    higher: '实际比你猜的大。',
    lower: '实际比你猜的小。',
    right: '猜对了！',
    wrong: '和你想的不一样。',
    pending: (/** @type {string} */ g) => `你的预测：${g}；引擎正在为这一页上的模型算答案……`,
    elsewhere: '这个预测问的是课程的模型，这一页上的模型算不出它：下面的答案是课程模型的。',
  },
  en: {
    /** @param {string} g @param {string} a */
    compare: (g, a) => `Your prediction: ${g}; the engine: ${a}.`,
    /** @param {string} d */
    off: (d) => `Off by ${d}.`,
    /** @param {string} d */
    offPoints: (d) => `Off by ${d} percentage points.`,
    close: 'Close!',
    misconception: 'That is the very misconception this lesson is about.',
    higher: 'It is larger than you guessed.',
    lower: 'It is smaller than you guessed.',
    right: 'You got it!',
    wrong: 'Not what you expected.',
    pending: (/** @type {string} */ g) =>
      `Your prediction: ${g}; the engine is computing the answer for the model on this page…`,
    elsewhere:
      'This prediction is about the course’s model, and the model on this page does not give its answer: the answer below is the course model’s.',
  },
};

/** A card's closeness when it names none: within a tenth of the answer. */
export const CLOSE_RELATIVE = 0.1;

/**
 * How a number guess compares with the answer: the signed gap (answer − guess) and whether it is
 * close, by relative error: within `relative` × |answer| (for an answer of 0, within half a
 * step). The slider's range plays no part: a guess 100% off is never close, however wide the
 * slider.
 * @param {number} guess
 * @param {number} answer
 * @param {{ relative?: number, step?: number }} [options]
 */
export function judge(guess, answer, { relative = CLOSE_RELATIVE, step = 0 } = {}) {
  const diff = answer - guess;
  const allowed = answer === 0 ? step / 2 : relative * Math.abs(answer);
  return { diff, close: Math.abs(diff) <= allowed * (1 + 1e-9) };
}

/**
 * Does a guess land on a misconception's value: is it the value as the slider can show it,
 * within half a step (a 33 on an integer slider is the proportional 33.3; a 2 is not 1, nor a
 * 95% 100%). A guess near the value but not on it gets the ordinary verdict.
 * @param {number} guess
 * @param {number} value
 * @param {number} step
 */
export function matches(guess, value, step) {
  return Math.abs(guess - value) <= (step / 2) * (1 + 1e-9);
}

/**
 * A slider value as the card writes it: the step's decimals (or `atLeast`), thousands grouped,
 * its unit.
 * @param {number} x
 * @param {number} step
 * @param {string} unit
 */
export function formatGuess(x, step, unit, atLeast = 0) {
  const decimals = Math.max(atLeast, -Math.floor(Math.log10(step) + 1e-9));
  const text = grouped(x, decimals);
  return `${text.replace('-', '−')}${unit}`;
}

/**
 * The card's guess as chosen now: the slider's value, or the checked option's id ('' if none).
 * @param {HTMLElement} card
 */
function currentGuess(card) {
  // A slider counts once the student has moved it: its starting point is nobody's guess.
  if (card.dataset.kind === 'number')
    return card.dataset.moved === 'true'
      ? /** @type {HTMLInputElement} */ (card.querySelector('input[type=range]')).value
      : '';
  return /** @type {HTMLInputElement | null} */ (card.querySelector('input:checked'))?.value ?? '';
}

/**
 * The misconception a guess is, if the card names one for it: the hidden paragraph whose
 * data-match is the guess (a choice's option id, or a value a number guess lands on).
 * @param {HTMLElement} card
 * @param {string} guess
 * @returns {HTMLElement | null}
 */
export function misconceptionOf(card, guess) {
  const all = /** @type {NodeListOf<HTMLElement>} */ (
    card.querySelectorAll('.predict-misconception')
  );
  for (const p of all) {
    const m = String(p.dataset.match);
    if (card.dataset.kind === 'number') {
      if (matches(Number(guess), Number(m), Number(card.dataset.step))) return p;
    } else if (m === guess) return p;
  }
  return null;
}

/**
 * The sentences of the reveal, in one language: the guess beside the answer, the gap, and a
 * verdict: right or close, larger or smaller, or the misconception named (never "close").
 * @param {HTMLElement} card
 * @param {string} guess
 * @param {'zh-CN' | 'en'} lang
 */
export function revealText(card, guess, lang) {
  const S = PREDICT_STRINGS[lang];
  const d = card.dataset;
  const answerText = String(lang === 'en' ? d.answerEn : d.answerZh);
  // Sentences follow each other with a space in English, directly in Chinese.
  const between = lang === 'en' ? ' ' : '';
  if (d.answerPending === 'true')
    return S.pending(
      d.kind === 'number'
        ? formatGuess(Number(guess), Number(d.step), d.unit ?? '')
        : (card
            .querySelector(`input[value="${guess}"]`)
            ?.closest('label')
            ?.querySelector(`span[lang="${lang}"]`)?.textContent ?? guess),
    );
  const named = misconceptionOf(card, guess) !== null;
  if (d.kind === 'number') {
    const step = Number(d.step);
    const unit = d.unit ?? '';
    const { diff, close } = judge(Number(guess), Number(d.answer), {
      relative: d.close === undefined ? CLOSE_RELATIVE : Number(d.close),
      step,
    });
    const verdict = named ? S.misconception : close ? S.close : diff > 0 ? S.higher : S.lower;
    // The gap to the answer's precision; between two percentages it is in percentage points.
    const digits = (String(d.answer).split('.')[1] ?? '').length;
    const gapText = formatGuess(Math.abs(diff), step, unit === '%' ? '' : unit, digits);
    const off = unit === '%' ? S.offPoints(gapText) : S.off(gapText);
    return [S.compare(formatGuess(Number(guess), step, unit), answerText), off, verdict].join(
      between,
    );
  }
  const label = card.querySelector(`input[value="${guess}"]`)?.closest('label');
  const chosen = label?.querySelector(`span[lang="${lang}"]`)?.textContent ?? guess;
  const verdict = guess === d.answer ? S.right : named ? S.misconception : S.wrong;
  return [S.compare(chosen, answerText), verdict].join(between);
}

/**
 * Shows the reveal of `card` for `guess` (the controls locked on it), or hides it (guess null).
 * @param {HTMLElement} card
 * @param {string | null} guess
 */
function showReveal(card, guess) {
  const reveal = /** @type {HTMLElement} */ (card.querySelector('.predict-reveal'));
  const compare = /** @type {HTMLElement} */ (card.querySelector('.predict-compare'));
  const inputs = /** @type {NodeListOf<HTMLInputElement>} */ (card.querySelectorAll('input'));
  const commit = /** @type {HTMLButtonElement} */ (card.querySelector('[data-predict-commit]'));
  card.dataset.state = guess === null ? 'open' : 'revealed';
  if (guess === null) delete card.dataset.guess;
  else card.dataset.guess = guess;
  reveal.hidden = guess === null;
  commit.hidden = guess !== null;
  for (const input of inputs) input.disabled = guess !== null;
  if (guess === null) return;
  if (card.dataset.kind === 'number') inputs[0].value = guess;
  else for (const input of inputs) input.checked = input.value === guess;
  showValue(card);
  compare.replaceChildren(
    ...bothLanguages(revealText(card, guess, 'zh-CN'), revealText(card, guess, 'en')),
  );
  // What this guess is: the misconception it lands on, or why the option chosen is not it.
  const named = misconceptionOf(card, guess);
  for (const p of /** @type {NodeListOf<HTMLElement>} */ (
    card.querySelectorAll('.predict-misconception, .predict-option-why')
  ))
    p.hidden =
      p !== named && !(p.classList.contains('predict-option-why') && p.dataset.match === guess);
}

/**
 * Gives a card another answer (a page whose widget computes it from a model the student chose,
 * such as the lab with a model trained on train.html): the value and the texts it prints in
 * each language; a revealed card is judged again.
 * @param {HTMLElement} card
 * @param {{ value: number | string, zh: string, en: string }} answer
 */
export function setAnswer(card, { value, zh, en }) {
  card.dataset.answer = String(value);
  card.dataset.answerZh = zh;
  card.dataset.answerEn = en;
  const guess = card.dataset.state === 'revealed' ? currentGuessOrStored(card) : null;
  if (guess !== null) showReveal(card, guess);
}

/**
 * A revealed card's guess: its slider's value or its checked option.
 * @param {HTMLElement} card
 */
function currentGuessOrStored(card) {
  if (card.dataset.kind === 'number')
    return /** @type {HTMLInputElement} */ (card.querySelector('input[type=range]')).value;
  return (
    /** @type {HTMLInputElement | null} */ (card.querySelector('input:checked'))?.value ?? null
  );
}

/** The slider's value written beside it. @param {HTMLElement} card */
function showValue(card) {
  const output = card.querySelector('output');
  const input = /** @type {HTMLInputElement | null} */ (card.querySelector('input[type=range]'));
  if (!output || !input) return;
  output.textContent = formatGuess(
    Number(input.value),
    Number(card.dataset.step),
    card.dataset.unit ?? '',
  );
}

/**
 * A fact's value for the model a page shows, in both languages; `value` is what a number card
 * compares with (in the slider's unit) or a choice card's option id.
 * @typedef {{ value?: number | string, 'zh-CN': string, en: string }} BoundFact
 */

/**
 * Binds the cards of the page to `facts` (the model on the page): a card whose answer is one of
 * them takes its value and texts, every <span data-fact> of a card its text in its language, and
 * a revealed card says its verdict again. What `facts` lacks keeps the build's value; a card
 * waiting for an answer `facts` lacks says that its answer is not this model's.
 * @param {Document} doc
 * @param {Record<string, BoundFact>} facts
 */
export function bindFacts(doc, facts) {
  for (const card of /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll(CARD))) {
    const d = card.dataset;
    const answer = d.answerFact ? facts[d.answerFact] : undefined;
    if (answer) {
      if (answer.value !== undefined) d.answer = String(answer.value);
      d.answerZh = answer['zh-CN'];
      d.answerEn = answer.en;
      delete d.answerPending;
    } else if (d.answerPending === 'true') {
      delete d.answerPending;
      card.querySelector('.predict-model')?.remove(); // web/trained-page.js's "about your model"
      card
        .querySelector('h2')
        ?.after(
          h('p', { class: 'predict-elsewhere' }, [
            ...bothLanguages(PREDICT_STRINGS['zh-CN'].elsewhere, PREDICT_STRINGS.en.elsewhere),
          ]),
        );
    }
    for (const span of /** @type {NodeListOf<HTMLElement>} */ (
      card.querySelectorAll('[data-fact]')
    )) {
      const fact = facts[String(span.dataset.fact)];
      const lang = span.closest('[lang]')?.getAttribute('lang') === 'en' ? 'en' : 'zh-CN';
      if (fact && span.textContent !== fact[lang]) span.textContent = fact[lang];
    }
    if (d.state === 'revealed' && d.guess !== undefined) showReveal(card, d.guess);
  }
}

/**
 * Opens or closes the page's gates: open once the card is revealed, or in the teacher view.
 * @param {Document} doc
 */
export function applyGates(doc) {
  const teacher = doc.documentElement.classList.contains('attn-teacher');
  for (const gate of /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll(GATE))) {
    const card = doc.querySelector(`${CARD}[data-predict="${gate.dataset.predictGate}"]`);
    const closed = !teacher && card instanceof HTMLElement && card.dataset.state !== 'revealed';
    gate.classList.toggle('gated', closed);
    gate.inert = closed;
  }
}

/**
 * Wires every prediction card of the page: the stored guess revealed, else the gate closed
 * until the student locks one in.
 * @param {Document} [doc]
 * @param {{ localStorage?: Storage }} [win]
 */
export function wirePredictions(doc = document, win = globalThis) {
  const storage = storageOf(win);
  // A widget tells the page the facts of the model it shows (bindFacts).
  doc.addEventListener('attn-facts', (e) => {
    const facts = /** @type {CustomEvent<{ facts?: Record<string, BoundFact> }>} */ (e).detail
      ?.facts;
    if (facts) bindFacts(doc, facts);
  });
  for (const card of /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll(CARD))) {
    const slug = String(card.dataset.predict);
    const stored = readProgress(storage).predictions[slug]?.guess;
    const hint = /** @type {HTMLElement} */ (card.querySelector('.predict-pick'));
    showReveal(card, typeof stored === 'string' ? stored : null);
    showValue(card);
    for (const radio of card.querySelectorAll('input[type=radio]'))
      radio.addEventListener('change', () => (hint.hidden = true));
    card.querySelector('input[type=range]')?.addEventListener('input', () => {
      card.dataset.moved = 'true';
      hint.hidden = true;
      showValue(card);
    });
    const commit = /** @type {HTMLButtonElement} */ (card.querySelector('[data-predict-commit]'));
    commit.addEventListener('click', () => {
      const guess = currentGuess(card);
      hint.hidden = guess !== '';
      if (guess === '') return;
      editProgress(storage, (p) => {
        p.predictions[slug] = { guess };
      });
      showReveal(card, guess);
      applyGates(doc);
    });
    card.querySelector('[data-predict-again]')?.addEventListener('click', () => {
      editProgress(storage, (p) => {
        delete p.predictions[slug];
      });
      showReveal(card, null);
      applyGates(doc);
      /** @type {HTMLElement | null} */ (card.querySelector('input'))?.focus();
    });
  }
  applyGates(doc);
}
