// The pure parts of the pages' teaching: the prediction's gap and formatting, the stored
// progress (anything in storage falls back to empty), the index's progress line, the teacher
// view's switch, and the build's reading of a printed fact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gap, formatGuess } from '../../web/predict.js';
import {
  readProgress,
  editProgress,
  answersOf,
  progressText,
  PROGRESS_KEY,
} from '../../web/progress.js';
import { teacherChosen } from '../../web/teacher-view.js';
import { printedNumber, renderPredict, pointerWords } from '../../scripts/lesson-guide.mjs';
import { bindDoc } from '../../scripts/prose-facts.mjs';

/** A Storage stand-in over a Map. */
const memoryStorage = (init = {}) => {
  const m = new Map(Object.entries(init));
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => m.set(k, String(v)),
    removeItem: (k) => m.delete(k),
  };
};

test('the gap of a number guess: signed, and close within a tenth of the range', () => {
  assert.deepEqual(gap(40, 32.5, { min: 0, max: 100 }), { diff: -7.5, close: true });
  assert.deepEqual(gap(10, 32.5, { min: 0, max: 100 }), { diff: 22.5, close: false });
  assert.equal(gap(0.5, 0.995, { min: -1, max: 1 }).close, false);
});

test('a guess is written with the step’s decimals, grouped, a real minus and its unit', () => {
  assert.equal(formatGuess(40, 1, '%'), '40%');
  assert.equal(formatGuess(4095, 1, ''), '4,095');
  assert.equal(formatGuess(-0.3, 0.01, ''), '−0.30');
  assert.equal(formatGuess(7.5, 1, '', 1), '7.5');
  assert.equal(formatGuess(2, 0.1, ''), '2.0');
});

test('stored progress: garbage, other shapes and no storage read as empty; edits are kept', () => {
  const empty = { answers: {}, predictions: {} };
  assert.deepEqual(readProgress(null), empty);
  assert.deepEqual(readProgress(memoryStorage({ [PROGRESS_KEY]: '{not json' })), empty);
  assert.deepEqual(readProgress(memoryStorage({ [PROGRESS_KEY]: '[1,2]' })), empty);
  assert.deepEqual(readProgress(memoryStorage({ [PROGRESS_KEY]: '{"answers":3}' })), empty);
  const s = memoryStorage();
  editProgress(s, (p) => {
    p.predictions['04-causal-mask'] = { guess: '40' };
    p.answers['05-values'] = {
      q1: { answer: 'true', correct: true },
      q2: { answer: 'z', correct: false },
    };
  });
  const p = readProgress(s);
  assert.equal(p.predictions['04-causal-mask'].guess, '40');
  // Only answers that are options of a known question come back.
  assert.deepEqual(
    answersOf(p, '05-values', (id, a) => id === 'q1' && ['true', 'false'].includes(a)),
    { q1: { answer: 'true', correct: true } },
  );
  // A storage that throws on write: nothing breaks.
  editProgress(
    {
      getItem: () => null,
      setItem: () => {
        throw new Error('full');
      },
    },
    () => {},
  );
});

test('the index line: predicted, checks right of all, in both languages; nothing when nothing', () => {
  const p = {
    answers: {
      '05-values': { a: { answer: 'true', correct: true }, b: { answer: 'a', correct: false } },
    },
    predictions: { '05-values': { guess: '0.5' } },
  };
  assert.equal(progressText(p, '05-values', 2, 'en'), 'predicted · checks 1/2 right');
  assert.equal(progressText(p, '05-values', 2, 'zh-CN'), '已预测 · 检查题答对 1/2');
  assert.equal(progressText(p, '06-rope', 1, 'en'), '');
});

test('teacher view: ?teacher wins (0, false, off turn it off), else the stored switch', () => {
  assert.equal(teacherChosen('?teacher', null), true);
  assert.equal(teacherChosen('?teacher=1', memoryStorage({ 'attn-course-teacher': '0' })), true);
  assert.equal(teacherChosen('?teacher=off', memoryStorage({ 'attn-course-teacher': '1' })), false);
  assert.equal(teacherChosen('', memoryStorage({ 'attn-course-teacher': '1' })), true);
  assert.equal(teacherChosen('?lang=en', null), false);
});

test('the build reads a printed fact’s first number and refuses an answer outside the slider or not an option', () => {
  assert.equal(printedNumber('32.5%'), 32.5);
  assert.equal(printedNumber('4,095'), 4095);
  assert.equal(printedNumber('−0.12'), -0.12);
  assert.equal(printedNumber('24.5% / 9.0% / 66.5%'), 24.5);
  assert.throws(() => printedNumber('none'), /no number/);
  const text = (t) => ({ 'zh-CN': t, en: t });
  const number = {
    prompt: text('How much, do you think?'),
    kind: 'number',
    answer: text('32.5%'),
    min: 0,
    max: 30,
    step: 1,
    unit: '%',
    explain: text('Because it is so.'),
  };
  assert.throws(
    () => renderPredict('x', number),
    /x\.predict: the answer 32\.5 is outside \[0, 30\]/,
  );
  const html = renderPredict('x', { ...number, max: 100 });
  assert.match(html, /data-answer="32.5"/);
  assert.match(html, /<input type="range" min="0" max="100" step="1" value="50"/);
  const choice = {
    prompt: text('Which one, do you think?'),
    kind: 'choice',
    answer: text('c'),
    options: [
      { id: 'a', text: text('this') },
      { id: 'b', text: text('that') },
    ],
    explain: text('Because it is so.'),
  };
  assert.throws(() => renderPredict('y', choice), /y\.predict: the answer "c" is not an option/);
  assert.match(
    renderPredict('y', { ...choice, answer: text('b') }),
    /data-answer-zh="that" data-answer-en="that" data-answer="b"/,
  );
});

test('a card bound with the fact marks says which fact its answer is and wraps each fact of its text', () => {
  const facts = new Map([
    ['top-share', { 'zh-CN': '64.3%', en: '64.3%' }],
    ['top-char', { 'zh-CN': '小', en: '小' }],
  ]);
  const text = (t) => ({ 'zh-CN': t, en: t });
  const card = {
    prompt: text('How sure is it, do you think?'),
    kind: 'number',
    answer: text('{{top-share}}'),
    min: 0,
    max: 100,
    step: 1,
    unit: '%',
    explain: text('Its first choice is “{{top-char}}” at {{top-share}}.'),
  };
  const html = renderPredict('lab', bindDoc(card, facts, { mark: true }));
  assert.match(
    html,
    /data-answer-zh="64.3%" data-answer-en="64.3%" data-answer-fact="top-share" data-answer="64.3"/,
  );
  assert.match(
    html,
    /Its first choice is “<span data-fact="top-char">小<\/span>” at <span data-fact="top-share">64.3%<\/span>\./,
  );
  assert.doesNotMatch(html, /[\uE000-\uE002]/, 'no mark left');
  // An answer that is more than one fact is not bound.
  const two = { ...card, answer: text('{{top-share}} ({{top-char}})') };
  assert.doesNotMatch(
    renderPredict('lab', bindDoc(two, facts, { mark: true })),
    /data-answer-fact/,
  );
});

test('pointer words: a touch screen reads tap where a mouse reads click, in text and never in tags', () => {
  assert.equal(
    pointerWords('Click a cell; clicking <a title="click">twice</a>'),
    '<span class="if-mouse">Click</span><span class="if-touch">Tap</span> a cell; ' +
      '<span class="if-mouse">clicking</span><span class="if-touch">tapping</span> <a title="click">twice</a>',
  );
  assert.equal(
    pointerWords('one clicked, two clicks'),
    'one <span class="if-mouse">clicked</span><span class="if-touch">tapped</span>, two <span class="if-mouse">clicks</span><span class="if-touch">taps</span>',
  );
  assert.equal(pointerWords('clickbait stays'), 'clickbait stays');
});
