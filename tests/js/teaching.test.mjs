// The pure parts of the pages' teaching: the teacher view's switch, a prediction card bound to
// the facts of the model a page shows, the pointer words (the predictions' judging is
// tests/js/predict.test.mjs, the stored progress tests/js/progress.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { teacherChosen } from '../../web/teacher-view.js';
import { renderPredict, pointerWords } from '../../scripts/lesson-guide.mjs';
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

test('teacher view: ?teacher wins (0, false, off turn it off), else the stored switch', () => {
  assert.equal(teacherChosen('?teacher', null), true);
  assert.equal(teacherChosen('?teacher=1', memoryStorage({ 'attn-course-teacher': '0' })), true);
  assert.equal(teacherChosen('?teacher=off', memoryStorage({ 'attn-course-teacher': '1' })), false);
  assert.equal(teacherChosen('', memoryStorage({ 'attn-course-teacher': '1' })), true);
  assert.equal(teacherChosen('?lang=en', null), false);
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
