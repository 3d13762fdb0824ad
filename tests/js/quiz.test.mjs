// node --test tests/js/quiz.test.mjs
// <attn-quiz>: course-data/quiz.json against its schema (ajv, as the bundler compiles it) and the
// cross-field rules (widgets/quiz/logic.js checkQuiz: answers among the options, lesson slugs in
// lessons.json, known placeholders); every number a question quotes, through the real engine and
// the real data files (24.5% / 9.0% / 66.5%, 32.5%, 384 KiB, 16 GiB, −82.2% …); grading and score.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import {
  FACTS,
  checkQuiz,
  usedFacts,
  computeFacts,
  fill,
  placeholders,
  optionIds,
  isCorrect,
  rightOption,
  score,
  sourceCounts,
  QuizDataError,
} from '../../widgets/quiz/logic.js';
import {
  EXPERIMENT,
  ANCHOR_D,
  experiment,
  experimentTexts,
} from '../../widgets/softmax-variance/logic.js';
import { runtime, readJson } from './fixture.mjs';

const quiz = readJson('course-data/quiz.json');
const lessons = readJson('course-data/lessons.json');
const validate = new Ajv({ allErrors: false, strict: true }).compile(
  readJson('course-data/quiz.schema.json'),
);
const copy = (x) => JSON.parse(JSON.stringify(x));
let rt;
before(async () => {
  rt = await runtime();
});

test('quiz.json passes its schema and the cross-field checks', () => {
  assert.ok(validate(quiz), JSON.stringify(validate.errors));
  assert.equal(checkQuiz(quiz, lessons, validate), quiz);
});

test('the questions follow the course order; the module quiz, B1 and the 12 misconceptions are all there', () => {
  const order = lessons.lessons.map((l) => l.slug);
  const at = quiz.questions.map((q) => order.indexOf(q.lesson));
  assert.deepEqual(
    at,
    [...at].sort((a, b) => a - b),
  );
  const ids = quiz.questions.map((q) => q.id);
  for (const id of ['why-sqrt-dk', 'why-causal-mask', 'rnn-sequential-steps'])
    assert.ok(ids.includes(id), id);
  assert.equal(quiz.questions.filter((q) => q.source.startsWith('本章拦截的误解')).length, 12);
});

test('every question links to a lesson page that exists in lessons.json', () => {
  const slugs = new Set(lessons.lessons.map((l) => l.slug));
  for (const q of quiz.questions) assert.ok(slugs.has(q.lesson), `${q.id}: ${q.lesson}`);
  // and the pages: causal mask → 04-causal-mask.html, √d → 03, B1 → b1
  const lessonOf = Object.fromEntries(quiz.questions.map((q) => [q.id, q.lesson]));
  assert.equal(lessonOf['why-causal-mask'], '04-causal-mask');
  assert.equal(lessonOf['why-sqrt-dk'], '03-softmax-and-scaling');
  assert.equal(lessonOf['kv-cache-free'], '08-kv-cache');
});

test('every number a question quotes comes out of the engine as the course prints it', () => {
  const ids = usedFacts(quiz);
  assert.ok(ids.length >= 20, `${ids.length} facts used`);
  const facts = computeFacts(rt, ids);
  // The quiz's own facts carry the number the course prints; the rest are the pages' prose facts
  // (widgets/facts/facts.js), tested with the prose.
  for (const id of ids.filter((x) => x in FACTS))
    assert.equal(facts[id], FACTS[id].expected, `${id} (${FACTS[id].name})`);
  // the ones the brief names
  assert.equal(facts['softmax-dialog'], '24.5% / 9.0% / 66.5%');
  assert.equal(facts['anchor-mha-per-token'], '384 KiB');
  assert.equal(facts['anchor-gqa-context'], '16 GiB');
  assert.equal(facts['rnn-steps-4096'], '4,096');
  assert.equal(facts['rnn-path-4096'], '4,095');
});

test('every fact of the table is right, used or not', () => {
  const facts = computeFacts(rt);
  for (const [id, f] of Object.entries(FACTS)) assert.equal(facts[id], f.expected, id);
});

test('filling leaves no placeholder behind, in either language', () => {
  const facts = computeFacts(rt, usedFacts(quiz));
  for (const q of quiz.questions) {
    for (const lang of ['zh-CN', 'en']) {
      const texts = [
        q.prompt[lang],
        q.feedback[lang],
        ...(q.options ?? []).flatMap((o) => [o.text[lang], o.why?.[lang]].filter(Boolean)),
      ];
      for (const t of texts) {
        const out = fill(t, facts);
        assert.doesNotMatch(out, /\{\{|\}\}/, `${q.id} ${lang}: ${out}`);
      }
    }
  }
  const sm = quiz.questions.find((q) => q.id === 'softmax-dialog');
  assert.equal(
    fill(sm.options.find((o) => o.id === sm.answer).text.en, facts),
    '24.5% / 9.0% / 66.5%',
  );
  assert.match(fill(sm.prompt['zh-CN'], facts), /8, 7, 9/);
});

test('exactly one right option per question; every wrong option explains itself', () => {
  for (const q of quiz.questions) {
    const right = optionIds(q).filter((id) => isCorrect(q, id));
    assert.deepEqual(right, [rightOption(q)], q.id);
    if (q.kind === 'choice') {
      for (const o of q.options)
        if (o.id !== q.answer) assert.ok(o.why, `${q.id}: wrong option ${o.id} explains itself`);
    }
  }
});

// A quiz passed by pattern is no check: "always false", "always b" or "the longest option" must
// not win it.
test('the quiz is fair: true and false balanced, right options spread over the positions, never given away by length', () => {
  const tf = quiz.questions.filter((q) => q.kind === 'true-false');
  const trues = tf.filter((q) => q.answer === true).length;
  assert.ok(Math.abs(trues - (tf.length - trues)) <= 1, `${trues} true of ${tf.length}`);
  const choice = quiz.questions.filter((q) => q.kind === 'choice');
  /** @type {Record<string, number>} */
  const at = {};
  for (const q of choice) at[q.answer] = (at[q.answer] ?? 0) + 1;
  const counts = ['a', 'b', 'c', 'd'].map((id) => at[id] ?? 0);
  assert.ok(Math.max(...counts) - Math.min(...counts) <= 1, `right options at a–d: ${counts}`);
  const facts = computeFacts(rt, usedFacts(quiz));
  for (const lang of ['zh-CN', 'en']) {
    let longest = 0;
    for (const q of choice) {
      const len = (o) => [...fill(o.text[lang], facts)].length;
      const right = len(q.options.find((o) => o.id === q.answer));
      const others = Math.max(...q.options.filter((o) => o.id !== q.answer).map(len));
      assert.ok(
        right <= 1.25 * others,
        `${q.id} ${lang}: right ${right} chars, others ≤ ${others}`,
      );
      if (right > others) longest++;
    }
    assert.ok(
      longest <= choice.length / 3,
      `${lang}: the right option is the longest ${longest} times`,
    );
  }
});

// Every lesson page ends with a short check (its questions of quiz.json in <attn-quiz lesson>).
test('every lesson page has 1 to 3 check questions', () => {
  const pages = [
    'b1-rnn-vs-attention',
    '01-cosine-vs-projection',
    '02-dot-product',
    '03-softmax-and-scaling',
    '04-causal-mask',
    '05-values',
    'walkthrough-the-cat',
    'heatmap',
    '06-rope',
    '07-multi-head',
    'b4-attention-sink',
    '08-kv-cache',
    '09-gqa',
    '10-mla',
    'lab',
  ];
  for (const slug of pages) {
    const n = quiz.questions.filter((q) => q.lesson === slug).length;
    assert.ok(n >= 1 && n <= 3, `${slug}: ${n} questions`);
  }
});

test('score counts only checked answers', () => {
  const [q1, q2, q3] = quiz.questions;
  assert.deepEqual(score(quiz, {}), { answered: 0, correct: 0, total: quiz.questions.length });
  const wrongOf = (q) => optionIds(q).find((id) => !isCorrect(q, id));
  assert.deepEqual(
    score(quiz, { [q1.id]: rightOption(q1), [q2.id]: wrongOf(q2), [q3.id]: rightOption(q3) }),
    { answered: 3, correct: 2, total: quiz.questions.length },
  );
});

test('malformed quiz data is rejected with a message naming the field', () => {
  const bad = (mutate, pattern) => {
    const d = copy(quiz);
    mutate(d);
    assert.throws(
      () => checkQuiz(d, lessons, validate),
      (e) => e instanceof QuizDataError && e.name === 'DataError' && pattern.test(e.message),
      pattern,
    );
  };
  bad((d) => {
    d.questions[0].answer = 'z';
  }, /\/questions\/0\/answer "z" is not one of the options \(a, b, c\)/);
  bad((d) => {
    d.questions[1].lesson = 'no-such-lesson';
  }, /\/questions\/1\/lesson "no-such-lesson" is not a lesson of lessons.json/);
  bad((d) => {
    d.questions[3].feedback.en += ' {{no-such-fact}}';
  }, /unknown placeholder \{\{no-such-fact\}\}/);
  bad((d) => {
    d.questions[4].id = d.questions[0].id;
  }, /\/questions\/4\/id "rnn-sequential-steps" is used by an earlier question/);
  bad((d) => {
    delete d.questions[2].feedback;
  }, /quiz.json: \/questions\/2 (must match exactly one schema|must have required property|.*feedback)/);
  bad((d) => {
    d.questions[3].answer = 'no';
  }, /quiz.json: \/questions\/3/);
  bad((d) => {
    d.version = 2;
  }, /quiz.json: \/version must be equal to constant/);
});

test('placeholders() finds {{id}} and leaves h_{t−1} alone', () => {
  assert.deepEqual(placeholders('h_{t−1} and {{a-b}} then {{c}}'), ['a-b', 'c']);
});

test('the schema compiles: web/generated/validators.js exports validateQuiz, which the widget uses', async () => {
  const { validateQuiz } = await import('../../web/generated/validators.js');
  assert.equal(typeof validateQuiz, 'function', 'run node scripts/bundle.mjs first');
  assert.ok(validateQuiz(quiz));
  const d = copy(quiz);
  d.questions[0].kind = 'essay';
  assert.equal(validateQuiz(d), false);
  assert.throws(() => checkQuiz(d, lessons, validateQuiz), /quiz.json: \/questions\/0/);
});

test('why-sqrt-dk quotes lesson 3’s experiment: the widget’s call, settings and printed numbers', () => {
  // What the softmax-variance widget prints at the anchor's d = 256 (its std line, its two
  // "max weight" lines), by the widget's own call.
  const shown = experimentTexts(experiment(rt.engine, ANCHOR_D));
  const facts = computeFacts(rt, [
    'variance-seed',
    'variance-keys',
    'std-256',
    'std-256-scaled',
    'max-256',
    'max-256-scaled',
  ]);
  assert.deepEqual(facts, {
    'variance-seed': String(EXPERIMENT.seed),
    'variance-keys': String(EXPERIMENT.nKeys),
    'std-256': shown.std,
    'std-256-scaled': shown.stdScaled,
    'max-256': shown.maxUnscaled,
    'max-256-scaled': shown.maxScaled,
  });
  // and these are the course's numbers: one key takes nearly the whole row without ÷√d
  assert.deepEqual(Object.values(facts), ['25', '8', '15.72', '0.983', '99.999%', '35.0%']);
  const q = quiz.questions.find((x) => x.id === 'why-sqrt-dk');
  for (const id of Object.keys(facts)) assert.ok(q.feedback['zh-CN'].includes(`{{${id}}}`), id);
  assert.doesNotMatch(q.feedback['zh-CN'], /\b10 个键/);
});

test('the quiz header’s counts add up: 2 module questions + 1 from B1 + 12 misconceptions + the lessons’ checks', () => {
  assert.deepEqual(sourceCounts(quiz), {
    module: 2,
    map: 1,
    misconception: 12,
    lesson: 9,
    total: 24,
  });
});
