// The LMS adapter's parts without a browser (web/lms/, docs/lms.md): the course outline from the
// real data, the report (completion rule, first-try score, interactions), suspend_data's format
// and its compaction under SCORM 1.2's 4,096 characters, the merge of the LMS's copy with this
// browser's, the API discovery, and a session over an API that fails in every way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readJson } from '../helpers/fixture.mjs';
import { courseOutline } from '../../web/lms/outline.js';
import { lmsReport } from '../../web/lms/report.js';
import { encodeSuspendData, decodeSuspendData, SUSPEND_LIMIT } from '../../web/lms/suspend-data.js';
import { findApi, MAX_HOPS } from '../../web/lms/find-api.js';
import { ScormSession } from '../../web/lms/scorm.js';
import { responseFor, sessionTime } from '../../web/lms/launch.js';
import { mergeProgress, answerRecord } from '../../web/progress.js';

const lessons = readJson('course-data/lessons.json');
const guides = readJson('course-data/lesson-guides.json');
const quiz = readJson('course-data/quiz.json');
const outline = courseOutline(lessons, guides, quiz);

const rec = (answer, correct, more = {}) => ({
  answer,
  correct,
  tries: 1,
  firstAnswer: answer,
  firstCorrect: correct,
  ...more,
});
const rightAnswer = (q) => String(q.answer);
const wrongAnswer = (q) =>
  q.kind === 'choice' ? q.options.find((o) => o.id !== q.answer).id : String(!q.answer);

/** A progress with every step done; the final quiz right on the first try for `right` items. */
function fullProgress(right) {
  const p = { answers: { quiz: {} }, predictions: {} };
  for (const page of outline.pages) {
    if (page.predict) p.predictions[page.slug] = { guess: '1' };
    for (const id of page.checks) {
      const q = quiz.questions.find((x) => x.id === id);
      (p.answers[page.slug] ??= {})[id] = rec(rightAnswer(q), true);
    }
  }
  outline.final.forEach(({ id }, i) => {
    const q = quiz.questions.find((x) => x.id === id);
    p.answers.quiz[id] = i < right ? rec(rightAnswer(q), true) : rec(wrongAnswer(q), false);
  });
  return p;
}

test('the outline: teaching pages as the bundle builds them, every question final while none is marked', () => {
  const bySlug = Object.fromEntries(outline.pages.map((p) => [p.slug, p]));
  assert.deepEqual(
    outline.pages.map((p) => p.slug),
    lessons.lessons.map((l) => l.slug),
  );
  assert.equal(bySlug['04-causal-mask'].predict, true);
  assert.deepEqual(
    bySlug['04-causal-mask'].checks,
    quiz.questions.filter((q) => q.lesson === '04-causal-mask').map((q) => q.id),
  );
  assert.deepEqual(bySlug.quiz.checks, [], 'the quiz page carries no page check');
  assert.equal(bySlug.summary.predict, false);
  // The questions marked `final` are the final quiz, with their kinds.
  assert.deepEqual(
    outline.final,
    quiz.questions.filter((q) => q.final === true).map(({ id, kind }) => ({ id, kind })),
  );
  assert.ok(
    outline.final.some((q) => q.kind === 'numeric') &&
      outline.final.some((q) => q.kind === 'order'),
  );
  assert.equal(outline.mastery, 0.8);
  // While none is marked, every question is.
  const unmarked = structuredClone(quiz);
  for (const q of unmarked.questions) delete q.final;
  assert.equal(courseOutline(lessons, guides, unmarked).final.length, unmarked.questions.length);
});

test('the report: completed only when every step is done; the score from first tries', () => {
  const empty = lmsReport({ answers: {}, predictions: {} }, outline);
  assert.equal(empty.completed, false);
  assert.equal(empty.done, 0);
  assert.equal(empty.answered, 0);
  const predictions = outline.pages.filter((p) => p.predict).length;
  const checks = outline.pages.reduce((n, p) => n + p.checks.length, 0);
  assert.equal(empty.steps, predictions + checks + outline.final.length);

  const all = lmsReport(fullProgress(outline.final.length), outline);
  assert.equal(all.completed, true);
  assert.equal(all.right, outline.final.length);
  // One prediction missing: not completed.
  const p = fullProgress(3);
  delete p.predictions['06-rope'];
  const r = lmsReport(p, outline);
  assert.equal(r.completed, false);
  assert.equal(r.done, r.steps - 1);
  assert.equal(r.right, 3);
  // A second try that is right does not change the first-try score.
  const id = outline.final[5].id;
  const q = quiz.questions.find((x) => x.id === id);
  p.answers.quiz[id] = rec(rightAnswer(q), true, {
    tries: 2,
    firstAnswer: wrongAnswer(q),
    firstCorrect: false,
  });
  assert.equal(lmsReport(p, outline).right, 3);
  const i = lmsReport(p, outline).interactions.find((x) => x.id === id);
  assert.deepEqual(i, { id, kind: q.kind, response: wrongAnswer(q), correct: false });
});

test('a record written before first tries were kept reads as one try (the progress contract)', () => {
  assert.deepEqual(answerRecord({ answer: 'b', correct: false }), {
    answer: 'b',
    correct: false,
    tries: 1,
    firstAnswer: 'b',
    firstCorrect: false,
  });
  const old = { answers: { quiz: { [outline.final[0].id]: { answer: 'a', correct: true } } } };
  const r = lmsReport({ ...old, predictions: {} }, outline);
  assert.deepEqual(r.interactions, [
    { id: outline.final[0].id, kind: outline.final[0].kind, response: 'a', correct: true },
  ]);
});

test('suspend_data: versioned, compact, read back as the same progress', () => {
  const p = fullProgress(10);
  p.answers['05-values']['why-not-take-k'] = rec('b', true, {
    tries: 3,
    firstAnswer: 'a',
    firstCorrect: false,
  });
  const { text, dropped } = encodeSuspendData(p, '05-values', SUSPEND_LIMIT['1.2'], outline);
  assert.equal(dropped, 0);
  assert.ok(text.length <= 4096, `${text.length} characters`);
  const data = JSON.parse(text);
  assert.equal(data.v, 1);
  assert.equal(data.at, '05-values');
  assert.deepEqual(data.a['05-values']['why-not-take-k'], ['a', 0, 3, 'b', 1]);
  assert.deepEqual(data.a['05-values']['output-is-v-mix'], ['true', 1]);
  const back = decodeSuspendData(text);
  assert.equal(back.error, '');
  assert.equal(back.at, '05-values');
  assert.deepEqual(back.progress, p);
});

test('suspend_data over 4,096 characters loses whole records, never part of one, the quiz last', () => {
  const p = fullProgress(outline.final.length);
  // Checks of questions the course no longer has, and long guesses: far over the limit.
  for (let i = 0; i < 300; i++)
    p.answers['04-causal-mask'][`retired-question-${i}`] = rec('c', true);
  for (const page of outline.pages) p.predictions[page.slug] = { guess: '0.123456789'.repeat(20) };
  const full = encodeSuspendData(p, 'quiz', 1e9, outline).text;
  assert.ok(full.length > 10000, `${full.length}`);
  const { text, dropped } = encodeSuspendData(p, 'quiz', SUSPEND_LIMIT['1.2'], outline);
  assert.ok(text.length <= 4096, `${text.length} characters`);
  const kept = decodeSuspendData(text);
  assert.equal(kept.error, '');
  // Every record kept is whole (equal to the progress's own); kept + dropped = all.
  /** @type {Record<string, { kept: number, all: number }>} */
  const classes = { retired: {}, check: {}, prediction: {}, quiz: {} };
  const count = (cls, isKept) => {
    classes[cls].all = (classes[cls].all ?? 0) + 1;
    classes[cls].kept = (classes[cls].kept ?? 0) + (isKept ? 1 : 0);
  };
  for (const [scope, answers] of Object.entries(p.answers))
    for (const [id, a] of Object.entries(answers)) {
      const k = kept.progress.answers[scope]?.[id];
      if (k) assert.deepEqual(k, a, `${scope} ${id}`);
      count(scope === 'quiz' ? 'quiz' : id.startsWith('retired-') ? 'retired' : 'check', !!k);
    }
  for (const [slug, g] of Object.entries(p.predictions)) {
    const k = kept.progress.predictions[slug];
    if (k) assert.deepEqual(k, g, slug);
    count('prediction', !!k);
  }
  const all = Object.values(classes);
  assert.equal(
    all.reduce((n, c) => n + c.all - c.kept, 0),
    dropped,
  );
  // Least needed first: a class loses records only once every class before it lost them all;
  // here it takes the retired questions, the page checks and some predictions, not the quiz.
  const order = ['retired', 'check', 'prediction', 'quiz'];
  for (const [i, cls] of order.entries())
    if (classes[cls].kept < classes[cls].all)
      for (const before of order.slice(0, i)) assert.equal(classes[before].kept, 0, `${before}`);
  assert.equal(classes.check.kept, 0);
  assert.ok(classes.prediction.kept > 0 && classes.prediction.kept < classes.prediction.all);
  assert.equal(classes.quiz.kept, classes.quiz.all);
});

test('suspend_data that is not ours: empty, unreadable, or a newer version (not written over)', () => {
  assert.equal(decodeSuspendData('').error, 'empty');
  for (const junk of ['garbage{{', '[1,2]', '"text"', 'null', '{"a":1}', 'x'.repeat(10240)]) {
    const r = decodeSuspendData(junk);
    assert.equal(r.error, 'unreadable', junk.slice(0, 20));
    assert.deepEqual(r.progress, { answers: {}, predictions: {} });
  }
  const newer = decodeSuspendData('{"v":2,"at":"06-rope","p":{"06-rope":"a"},"a":{},"more":[]}');
  assert.equal(newer.error, 'newer');
  assert.deepEqual(newer.progress.predictions, { '06-rope': { guess: 'a' } });
  // Malformed records inside our format are skipped, the rest read.
  const mixed = decodeSuspendData(
    '{"v":1,"a":{"quiz":{"q1":["a",1],"q2":5,"q3":[7]}},"p":{"x":3}}',
  );
  assert.deepEqual(Object.keys(mixed.progress.answers.quiz), ['q1']);
  assert.deepEqual(mixed.progress.predictions, {});
});

test('merging the LMS copy with this browser loses neither; the LMS keeps the first try', () => {
  const local = {
    answers: {
      quiz: { a: rec('x', false, { tries: 2, answer: 'y', correct: true }), b: rec('p', true) },
    },
    predictions: { one: { guess: '1' } },
  };
  const saved = {
    answers: {
      quiz: { a: rec('z', true), c: rec('q', false) },
      '05-values': { d: rec('true', true) },
    },
    predictions: { one: { guess: '9' }, two: { guess: '2' } },
  };
  const m = mergeProgress(local, saved);
  assert.deepEqual(Object.keys(m.answers.quiz).sort(), ['a', 'b', 'c']);
  assert.deepEqual(m.answers['05-values'], saved.answers['05-values']);
  // a: this browser's two tries give the current answer; the LMS's first try stays.
  assert.deepEqual(m.answers.quiz.a, {
    answer: 'y',
    correct: true,
    tries: 2,
    firstAnswer: 'z',
    firstCorrect: true,
  });
  assert.deepEqual(m.predictions, { one: { guess: '1' }, two: { guess: '2' } });
  // Merging is idempotent.
  assert.deepEqual(mergeProgress(m, saved), m);
});

test('interaction responses in each version’s format; session time in each version’s format', () => {
  assert.equal(responseFor('true-false', 'true', '1.2'), 't');
  assert.equal(responseFor('true-false', 'false', '2004'), 'false');
  assert.equal(responseFor('choice', 'c', '2004'), 'c');
  assert.equal(responseFor('numeric', '0.25', '1.2'), '0.25');
  assert.equal(responseFor('numeric', 'many', '1.2'), null);
  assert.equal(responseFor('order', 'b,a,c', '2004'), 'b[,]a[,]c');
  assert.equal(responseFor('order', '["b","a","c"]', '1.2'), 'b,a,c');
  assert.equal(sessionTime(3723450, '1.2'), '01:02:03.45');
  assert.equal(sessionTime(3723450, '2004'), 'PT1H2M3.45S');
  assert.equal(sessionTime(999, '1.2'), '00:00:01.00');
});

test('the API is found the standard way: this window, its parents, the opener, bounded', () => {
  const api = { LMSInitialize() {} };
  const chain = (n, top) => {
    let w = top;
    for (let i = 0; i < n; i++) {
      const child = { parent: w };
      w = child;
    }
    return w;
  };
  const lms = { API: api };
  lms.parent = lms;
  assert.deepEqual(findApi(chain(3, lms)), { api, version: '1.2' });
  assert.equal(findApi(chain(MAX_HOPS + 3, lms)), null, 'too far up');
  // 2004 first when both are there; the version asked for only.
  const both = { API: api, API_1484_11: { Initialize() {} } };
  both.parent = both;
  assert.equal(findApi(chain(1, both)).version, '2004');
  assert.equal(findApi(chain(1, both), '1.2').api, api);
  // The opener's chain, after this window's; a window that throws on reading is stepped over.
  const crossOrigin = new Proxy(
    {},
    {
      get(_, k) {
        if (k === 'parent') return lms;
        throw new Error('SecurityError');
      },
    },
  );
  const popup = { opener: chain(1, lms) };
  popup.parent = popup;
  assert.equal(findApi(popup).api, api);
  assert.equal(findApi({ parent: crossOrigin }).api, api);
  const alone = {};
  alone.parent = alone;
  assert.equal(findApi(alone), null);
});

test('a session over a failing API never throws: each failure is named, reads give null', () => {
  const calls = [];
  const throwing = {
    LMSInitialize: () => 'true',
    LMSGetValue: () => {
      throw new Error('boom');
    },
    LMSSetValue: (k, v) => (calls.push([k, v]), 'true'),
    LMSCommit: () => 'false',
    LMSFinish: () => 'true',
    LMSGetLastError: () => '0',
    LMSGetErrorString: () => '',
  };
  const s = new ScormSession(throwing, '1.2');
  assert.equal(s.start(), true);
  assert.equal(s.start(), true, 'initialised once');
  assert.equal(s.get('cmi.suspend_data'), null);
  assert.equal(s.problem.call, 'LMSGetValue');
  assert.match(s.problem.result, /threw Error: boom/);
  assert.equal(s.set('cmi.core.lesson_status', 'incomplete'), true);
  assert.equal(s.set('cmi.core.lesson_status', 'incomplete'), true);
  assert.equal(calls.length, 1, 'the same value is not written twice');
  assert.equal(s.commit(), false);
  assert.equal(s.problem.call, 'LMSCommit');
  s.end();
  s.end();
  assert.equal(s.state, 'ended');
  // Every call false, with an error code: refused at the start, nothing else is called.
  const no = new ScormSession(
    {
      Initialize: () => 'false',
      GetLastError: () => '101',
      GetErrorString: () => 'General Exception',
    },
    '2004',
  );
  assert.equal(no.start(), false);
  assert.deepEqual(no.problem, {
    call: 'Initialize',
    element: '',
    result: 'false',
    code: '101',
    text: 'General Exception',
  });
  assert.equal(no.get('cmi.location'), null);
  assert.equal(no.set('cmi.location', 'x'), false);
  // SCORM 2004's 403 (a value never set) is an empty value, not a failure.
  let last = '0';
  const fresh = new ScormSession(
    {
      Initialize: () => ((last = '0'), 'true'),
      GetValue: () => ((last = '403'), ''),
      GetLastError: () => last,
    },
    '2004',
  );
  fresh.start();
  assert.equal(fresh.get('cmi.suspend_data'), '');
  assert.equal(fresh.problem, null);
});
