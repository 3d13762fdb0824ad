// node --test tests/js/quiz.test.mjs
// <attn-quiz>: course-data/quiz.json against its schema (ajv, as the bundler compiles it) and the
// cross-field rules (widgets/quiz/logic.js checkQuiz); the final quiz's make-up over the filled
// texts (counts, kinds, calculations, bugs, transfer, true/false at most a third, the
// absolute-word cue gone, no item pointing at a widget the quiz page lacks); every number a
// question quotes or is graded against, through the real engine and the real data files (a
// changed models.json changes the answer: computed, not typed); grading of choices, numbers and
// orderings; first tries; README's sentence on the make-up.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import {
  FACTS,
  factCheck,
  checkQuiz,
  usedFacts,
  usedValues,
  computeFacts,
  computeValues,
  fill,
  placeholders,
  textsOf,
  optionIds,
  isCorrect,
  rightAnswer,
  orderAnswer,
  parseNumber,
  within,
  knownWrong,
  validAnswer,
  mayRetry,
  score,
  firstTries,
  scopeQuestions,
  makeUp,
  GQA_QUERY_HEAD,
  QuizDataError,
  quizChecks,
} from '../../widgets/quiz/logic.js';
import { FACTS as COURSE_FACTS } from '../../widgets/facts/facts.js';
import {
  EXPERIMENT,
  ANCHOR_D,
  experiment,
  experimentTexts,
} from '../../widgets/softmax-variance/logic.js';
import { checkModels } from '../../web/runtime.js';
import { runtime, readJson } from '../helpers/fixture.mjs';

const quiz = readJson('course-data/quiz.json');
const lessons = readJson('course-data/lessons.json');
const validate = new Ajv({ allErrors: false, strict: true }).compile(
  readJson('course-data/quiz.schema.json'),
);
const copy = (x) => JSON.parse(JSON.stringify(x));
const byId = (id) => quiz.questions.find((q) => q.id === id);
const final = scopeQuestions(quiz, '');
let rt, facts, values;
before(async () => {
  rt = await runtime();
  facts = computeFacts(rt, usedFacts(quiz));
  values = computeValues(rt, usedValues(quiz));
});

/** A question's texts in one language as a student reads them (placeholders filled). */
const filled = (q, lang) =>
  textsOf(q)
    .filter((_, i) => i % 2 === (lang === 'en' ? 1 : 0))
    .map((t) => fill(t, facts));

test('quiz.json passes its schema and the cross-field checks', () => {
  assert.ok(validate(quiz), JSON.stringify(validate.errors));
  assert.equal(checkQuiz(quiz, lessons, validate), quiz);
});

test('the questions follow the course order; the module quiz, B1 and the 12 misconceptions are all there', () => {
  const order = lessons.lessons.map((l) => l.slug);
  const at = quiz.questions.map((q) => order.indexOf(q.lesson ?? q.review));
  assert.deepEqual(
    at,
    [...at].sort((a, b) => a - b),
  );
  for (const id of ['why-sqrt-dk', 'why-causal-mask', 'rnn-sequential-steps'])
    assert.ok(byId(id), id);
  assert.equal(quiz.questions.filter((q) => q.source.startsWith('本章拦截的误解')).length, 12);
});

test('every question links to a page that exists in lessons.json', () => {
  const slugs = new Set(lessons.lessons.map((l) => l.slug));
  for (const q of quiz.questions) {
    assert.ok(slugs.has(q.review ?? q.lesson), `${q.id}: ${q.review ?? q.lesson}`);
    if (q.lesson) assert.ok(slugs.has(q.lesson), `${q.id}: ${q.lesson}`);
  }
  assert.equal(byId('why-causal-mask').lesson, '04-causal-mask');
  assert.equal(byId('why-sqrt-dk').lesson, '03-softmax-and-scaling');
  assert.equal(byId('kv-cache-free').lesson, '08-kv-cache');
});

// ---- the final quiz's make-up, over the texts a student reads ----------------------------------

test('the final quiz: at least 24 items, 12 not a page’s check, 8 calculations, 3 bugs, 3 transfers, every kind', () => {
  const m = makeUp(quiz);
  assert.equal(m.total, final.length);
  assert.ok(m.total >= 24, `${m.total} items`);
  assert.ok(m.own >= 12, `${m.own} items are not a page’s check`);
  assert.ok(m.calculation >= 8, `${m.calculation} need a calculation`);
  assert.ok(m.bug >= 3, `${m.bug} find the bug`);
  assert.ok(m.transfer >= 3, `${m.transfer} transfer`);
  for (const kind of ['choice', 'true-false', 'numeric', 'order'])
    assert.ok(m.kinds[kind] > 0, `${kind} items`);
  assert.equal(m.own + m.checks, m.total);
  // the header's parts of the new items add up to their count (each new item has one tag or none)
  assert.equal(m.calculation + m.bug + m.transfer + m.recall, m.own);
  assert.ok(m.recall > 0, 'an untagged new item is counted as recall');
  // a question that is neither a check nor final would be shown nowhere
  for (const q of quiz.questions) assert.ok(q.lesson || q.final, q.id);
});

test('true/false is at most a third of the final quiz', () => {
  const tf = final.filter((q) => q.kind === 'true-false').length;
  assert.ok(tf * 3 <= final.length, `${tf} of ${final.length}`);
});

// The review found every true/false statement with an absolute word false: a cue a test-wise
// student reads without knowing attention. Such statements are now true as often as false, in
// each language, in the whole file and in the final quiz.
const ABSOLUTE = {
  'zh-CN': /唯一|只|必须|每个|每一|所有|任何|一定|永远|绝不/,
  en: /\b(only|just|must|every|all|always|never|any|none)\b/i,
};
test('true/false statements with 唯一 / 只 / 必须 / every / only / must are true about as often as false', () => {
  for (const [where, set] of [
    ['quiz.json', quiz.questions],
    ['the final quiz', final],
  ])
    for (const lang of ['zh-CN', 'en']) {
      const absolute = set.filter(
        (q) => q.kind === 'true-false' && ABSOLUTE[lang].test(fill(q.prompt[lang], facts)),
      );
      const trues = absolute.filter((q) => q.answer === true).length;
      const falses = absolute.length - trues;
      assert.ok(absolute.length >= 4, `${where} ${lang}: ${absolute.length} such statements`);
      assert.ok(Math.abs(trues - falses) <= 1, `${where} ${lang}: ${trues} true, ${falses} false`);
    }
});

test('no final-quiz item points at a widget: the quiz page has none but the quiz (W4)', () => {
  const WIDGET =
    /(上面|下面)的?小部件|上图|下图|widget (above|below)|(above|below) (the|this) widget/i;
  for (const q of final)
    for (const lang of ['zh-CN', 'en'])
      for (const t of filled(q, lang)) assert.doesNotMatch(t, WIDGET, `${q.id} ${lang}: ${t}`);
  // the two that do read a widget stay on the page that has it
  for (const id of ['read-no-mask', 'read-mqa-sharing']) {
    assert.notEqual(byId(id).final, true, id);
    assert.match(byId(id).prompt.en, /widget above/);
  }
});

test('the calculations the issue names are there, each tagged and graded against a computed value', () => {
  const calc = (id) => {
    const q = byId(id);
    assert.ok(q?.final && q.tags?.includes('calculation'), id);
    return q;
  };
  for (const id of [
    'kv-bytes-llama3-8b', // seed 004's acceptance test 3: KV bytes for a given config
    'kv-request-llama3-70b',
    'std-when-d-doubles',
    'softmax-by-hand',
    'gqa-which-kv-head',
    'mla-bytes-v2',
    'kv-rows-without-cache',
  ])
    assert.equal(calc(id).kind, 'numeric', id);
  assert.equal(calc('mask-row-by-position').kind, 'choice');
  assert.equal(calc('kv-order-per-token').kind, 'order');
  for (const q of final.filter((x) => x.tags?.includes('find-the-bug'))) {
    assert.equal(q.kind, 'choice', q.id);
    assert.match(q.code, /def attention/, q.id);
  }
  const bugs = final.filter((q) => q.tags?.includes('find-the-bug')).map((q) => q.code);
  assert.ok(
    bugs.some((c) => /softmax[^\n]*\n[^\n]*masked_fill\(mask == 0, 0\)/.test(c)),
    'mask after softmax',
  );
  assert.ok(
    bugs.some((c) => !/sqrt/.test(c)),
    'no ÷√d',
  );
  assert.ok(
    bugs.some((c) => /dim=0/.test(c)),
    'softmax over the wrong axis',
  );
  const transfer = final.filter((q) => q.tags?.includes('transfer')).map((q) => q.id);
  for (const id of ['transfer-rotate-v', 'transfer-sink-first-token'])
    assert.ok(transfer.includes(id));
});

test('numeric answers come from the engine: each equals an independent engine call', () => {
  const { engine, models } = rt;
  const model = (id) => models.models.find((m) => m.id === id);
  const ans = (id) => values[byId(id).answer.fact];
  assert.equal(
    ans('kv-bytes-llama3-8b'),
    engine.kvLedger(model('llama-3-8b')).bytesPerToken / 1024,
  );
  assert.equal(ans('kv-bytes-llama3-8b'), 128);
  const r70 = engine.kvLedgerVariants(model('llama-3-70b'), 8192).find((r) => r.kind === 'gqa');
  assert.equal(ans('kv-request-llama3-70b'), r70.bytesForContext / 2 ** 30);
  assert.equal(ans('mla-bytes-v2'), engine.kvLedger(model('deepseek-v2')).bytesPerToken);
  assert.equal(ans('mla-bytes-v2'), 69120);
  assert.equal(
    ans('std-when-d-doubles'),
    engine.softmaxVariance({ d: ANCHOR_D, ...EXPERIMENT }).stdUnscaled,
  );
  // √2 × the std at d/2 is within the tolerance; twice it is a known wrong answer
  const half = engine.softmaxVariance({ d: ANCHOR_D / 2, ...EXPERIMENT }).stdUnscaled;
  const std = byId('std-when-d-doubles');
  assert.ok(isCorrect(std, String(Math.SQRT2 * half), values));
  assert.ok(knownWrong(std, 2 * half, values));
  assert.equal(ans('gqa-which-kv-head'), Math.floor(GQA_QUERY_HEAD / (24 / 4)));
  assert.equal(ans('kv-rows-without-cache'), 6 + 7 + 8 + 9 + 10 + 11 + 12 + 13);
  // the 苹果 row: softmax of the three scores the question prints
  const scores = facts['apple-scores'].split(', ').map(Number);
  const w = engine.softmax(scores).weights;
  assert.ok(within(100 * w[1], ans('softmax-by-hand'), byId('softmax-by-hand').tolerance));
  // the mask row: the engine's causal mask, row 4 of 6
  const mask = engine.causalMask(6, 6);
  assert.equal(facts['mask-row'], Array.from(mask.data.subarray(18, 24)).join(' '));
  assert.equal(rightAnswer(byId('mask-row-by-position')), 'd');
  assert.equal(fill(byId('mask-row-by-position').options[3].text.en, facts), '1 1 1 1 0 0');
});

test('a changed models.json changes the answers: they are computed, not typed', () => {
  const changed = copy(readJson('course-data/models.json'));
  const llama = changed.models.find((m) => m.id === 'llama-3-8b');
  llama.attention.nKvHeads = 4;
  llama.layers = 16;
  const ctx = { ...rt, models: checkModels(changed) };
  const v = computeValues(ctx, ['llama3-8b-kib']);
  assert.equal(v['llama3-8b-kib'], 32);
  assert.match(computeFacts(ctx, ['llama3-8b-formula'])['llama3-8b-formula'], /^16 × 2 × 4 × 128/);
  assert.equal(isCorrect(byId('kv-bytes-llama3-8b'), '128', v), false);
  assert.equal(isCorrect(byId('kv-bytes-llama3-8b'), '32', v), true);
});

test('the order items are ordered by the engine’s bytes, and never start in the right order', () => {
  const kv = byId('kv-order-per-token');
  const right = orderAnswer(kv, values);
  const bytes = right.map((id) => values[kv.items.find((it) => it.id === id).value]);
  assert.deepEqual(
    bytes,
    [...bytes].sort((a, b) => b - a),
  );
  assert.deepEqual(right, ['b', 'd', 'c', 'a']); // DeepSeek-V2, the anchor, Qwen2.5-7B, GPT-2
  for (const q of quiz.questions.filter((x) => x.kind === 'order')) {
    assert.notEqual(orderAnswer(q, values).join(), q.items.map((it) => it.id).join(), q.id);
    assert.ok(isCorrect(q, orderAnswer(q, values).join(','), values));
    assert.ok(!isCorrect(q, q.items.map((it) => it.id).join(','), values));
  }
  assert.deepEqual(orderAnswer(byId('order-attention-steps'), values), ['c', 'e', 'a', 'b', 'd']);
});

// ---- every item teaches why a wrong answer is wrong --------------------------------------------

test('exactly one right option; every wrong option, known wrong number and order item explains itself', () => {
  for (const q of quiz.questions) {
    if (q.kind === 'choice' || q.kind === 'true-false') {
      const right = optionIds(q).filter((id) => isCorrect(q, id));
      assert.deepEqual(right, [rightAnswer(q)], q.id);
    }
    if (q.kind === 'choice')
      for (const o of q.options)
        if (o.id !== q.answer) assert.ok(o.why, `${q.id}: wrong option ${o.id} explains itself`);
    if (q.kind === 'numeric') {
      assert.ok(q.wrong?.length >= 1, `${q.id}: names at least one common wrong answer`);
      for (const w of q.wrong) {
        assert.ok(w.why, q.id);
        // a known wrong number is really wrong, and not within another's tolerance
        assert.equal(
          within(values[w.value], values[q.answer.fact], q.tolerance),
          false,
          `${q.id} ${w.value}`,
        );
      }
    }
    if (q.kind === 'order') for (const it of q.items) assert.ok(it.why, `${q.id} ${it.id}`);
    assert.ok(q.feedback['zh-CN'].length > 20 && q.feedback.en.length > 40, q.id);
  }
});

test('every number a question quotes comes out of the engine as the course prints it', () => {
  const ids = usedFacts(quiz);
  assert.ok(ids.length >= 60, `${ids.length} facts used`);
  for (const id of ids.filter((x) => x in FACTS))
    assert.equal(facts[id], factCheck(id, rt, facts[id]).expected, `${id} (${FACTS[id].name})`);
  assert.equal(facts['softmax-dialog'], '24.5% / 9.0% / 66.5%');
  assert.equal(facts['anchor-mha-per-token'], '384 KiB');
  assert.equal(facts['anchor-gqa-context'], '16 GiB');
  assert.equal(facts['llama3-8b-formula'], '32 × 2 × 8 × 128 × 2 B = 131,072 B');
  assert.equal(facts['v2-formula'], '60 × (512 + 64) × 2 B = 69,120 B');
});

test('every fact of the table is right and used by some question', () => {
  const all = computeFacts(rt);
  for (const id of Object.keys(FACTS))
    assert.equal(all[id], factCheck(id, rt, all[id]).expected, id);
  // The course's world's numbers, whose expected texts its facts give: as the course prints them.
  assert.deepEqual(
    Object.fromEntries(
      Object.keys(FACTS)
        .filter((id) => typeof FACTS[id].expected === 'function')
        .map((id) => [id, all[id]]),
    ),
    {
      'leak-gave': '32.5%',
      'zero-after-sum-gave': '67.5%',
      'k-cos-names': '0.995',
      'apple-scores': '0.04, 0.36, 0.00',
      'sink-middle-pct': '41.1',
      'sink-middle-split-pct': '89.0',
      'sink-middle-even-pct': '33.3',
      'mask-zero-leak': '17.2%',
      'axis-first-row': '3.7%',
    },
  );
  assert.equal(
    factCheck('leak-gave', rt, all['leak-gave']).name,
    'no mask: 给了 → 小王 (engine.attention, zh-gift)',
  );
  const used = new Set(usedFacts(quiz));
  assert.deepEqual(
    Object.keys(FACTS).filter((id) => !used.has(id)),
    [],
    'quiz facts no question uses: delete them',
  );
  for (const id of used) assert.ok(id in FACTS || id in COURSE_FACTS, id);
});

test('filling leaves no placeholder behind, in either language', () => {
  for (const q of quiz.questions)
    for (const lang of ['zh-CN', 'en'])
      for (const t of filled(q, lang)) assert.doesNotMatch(t, /\{\{|\}\}/, `${q.id} ${lang}: ${t}`);
  const sm = byId('softmax-dialog');
  assert.equal(
    fill(sm.options.find((o) => o.id === sm.answer).text.en, facts),
    '24.5% / 9.0% / 66.5%',
  );
  assert.match(fill(sm.prompt['zh-CN'], facts), /8, 7, 9/);
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
    const n = scopeQuestions(quiz, slug).length;
    assert.ok(n >= 1 && n <= 3, `${slug}: ${n} questions`);
  }
});

// ---- grading ------------------------------------------------------------------------------------

test('a number is read as students type it; a unit may follow; anything else is not a number', () => {
  assert.equal(parseNumber('128'), 128);
  assert.equal(parseNumber(' 131,072 '), 131072);
  assert.equal(parseNumber('41.3'), 41.3);
  assert.equal(parseNumber('.5'), 0.5);
  assert.equal(parseNumber('−2'), -2);
  assert.equal(parseNumber('１２８'), 128); // full-width digits from a Chinese IME
  assert.equal(parseNumber('41.3%', ['%']), 41.3);
  assert.equal(parseNumber('128 kib', ['KiB']), 128);
  assert.equal(parseNumber('128 GiB', ['KiB']), null);
  assert.equal(parseNumber('1,5'), null); // a decimal comma is ambiguous
  assert.equal(parseNumber('abc'), null);
  assert.equal(parseNumber(''), null);
  assert.equal(parseNumber('12e3'), null);
});

test('tolerances: relative and absolute; a known wrong number is recognised', () => {
  assert.ok(within(101, 100, { relative: 0.01 }));
  assert.ok(!within(101.5, 100, { relative: 0.01 }));
  assert.ok(within(2, 2, { absolute: 0 }));
  assert.ok(!within(3, 2, { absolute: 0 }));
  const q = byId('gqa-which-kv-head');
  assert.ok(isCorrect(q, '2', values));
  assert.equal(knownWrong(q, 1, values)?.value, 'gqa-kv-head-dealt');
  assert.equal(knownWrong(q, 3, values)?.value, 'gqa-kv-head-by-groups');
  assert.equal(knownWrong(q, 2, values), null);
  const mla = byId('mla-bytes-v2');
  assert.ok(isCorrect(mla, '69120', values));
  assert.equal(knownWrong(mla, 61440, values)?.value, 'v2-no-rope-bytes');
  const kib = byId('kv-bytes-llama3-8b');
  assert.equal(knownWrong(kib, 512, values)?.value, 'llama3-8b-mha-kib');
  assert.equal(knownWrong(kib, 4, values)?.value, 'llama3-8b-per-layer-kib');
});

test('stored answers are validated per kind', () => {
  assert.ok(validAnswer(byId('kv-bytes-llama3-8b'), '128'));
  assert.ok(!validAnswer(byId('kv-bytes-llama3-8b'), 'lots'));
  assert.ok(validAnswer(byId('order-attention-steps'), 'e,d,c,b,a'));
  assert.ok(!validAnswer(byId('order-attention-steps'), 'a,b,c'));
  assert.ok(!validAnswer(byId('order-attention-steps'), 'a,b,c,d,z'));
  assert.ok(validAnswer(byId('why-sqrt-dk'), 'd'));
  assert.ok(!validAnswer(byId('why-sqrt-dk'), 'true'));
});

test('one retry before the answer shows, except for a true/false statement', () => {
  assert.equal(mayRetry(byId('why-sqrt-dk'), 1), true);
  assert.equal(mayRetry(byId('why-sqrt-dk'), 2), false);
  assert.equal(mayRetry(byId('kv-bytes-llama3-8b'), 1), true);
  assert.equal(mayRetry(byId('order-attention-steps'), 1), true);
  assert.equal(mayRetry(byId('gqa-groups'), 1), false);
});

test('score counts checked answers; first tries count the first check only', () => {
  const [q1, q2, q3] = quiz.questions;
  const wrongOf = (q) => optionIds(q).find((id) => !isCorrect(q, id));
  assert.deepEqual(score(quiz, {}), { answered: 0, correct: 0, total: quiz.questions.length });
  assert.deepEqual(
    score(quiz, { [q1.id]: rightAnswer(q1), [q2.id]: wrongOf(q2), [q3.id]: rightAnswer(q3) }),
    { answered: 3, correct: 2, total: quiz.questions.length },
  );
  // q1 right after a wrong first try: right now, not at the first try
  const records = {
    [q1.id]: { firstCorrect: false },
    [q3.id]: { firstCorrect: true },
  };
  assert.deepEqual(firstTries(quiz, records), {
    tried: 2,
    right: 1,
    total: quiz.questions.length,
  });
});

// ---- malformed data ------------------------------------------------------------------------

test('malformed quiz data is rejected with a message naming the field', () => {
  const index = (id) => quiz.questions.findIndex((q) => q.id === id);
  const bad = (mutate, pattern) => {
    const d = copy(quiz);
    mutate(d);
    assert.throws(
      () => checkQuiz(d, lessons, validate),
      (e) => e instanceof QuizDataError && e.name === 'DataError' && pattern.test(e.message),
      pattern,
    );
  };
  const i = index('rnn-sequential-steps');
  bad(
    (d) => {
      d.questions[i].answer = 'z';
    },
    new RegExp(`/questions/${i}/answer "z" is not one of the options \\(a, b, c\\)`),
  );
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
  const n = index('kv-bytes-llama3-8b');
  bad((d) => {
    d.questions[n].answer.fact = 'llama3-8b-formula'; // a fact without a value
  }, /grades against \{\{llama3-8b-formula\}\}, which is not a fact with a value/);
  const o = index('order-attention-steps');
  bad((d) => {
    d.questions[o].answer = ['c', 'e', 'a', 'b'];
  }, /answer must list every item once/);
  bad((d) => {
    d.questions[o].answer = d.questions[o].items.map((it) => it.id);
  }, /are listed in the answer’s order/);
  bad((d) => {
    delete d.questions[n].final;
  }, /is neither a page's check \("lesson"\) nor in the final quiz/);
  bad((d) => {
    d.questions[n].review = 'nowhere';
  }, /review "nowhere" is not a lesson of lessons.json/);
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
  const shown = experimentTexts(experiment(rt.engine, ANCHOR_D));
  const f = computeFacts(rt, [
    'variance-seed',
    'variance-keys',
    'std-256',
    'std-256-scaled',
    'max-256',
    'max-256-scaled',
  ]);
  assert.deepEqual(f, {
    'variance-seed': String(EXPERIMENT.seed),
    'variance-keys': String(EXPERIMENT.nKeys),
    'std-256': shown.std,
    'std-256-scaled': shown.stdScaled,
    'max-256': shown.maxUnscaled,
    'max-256-scaled': shown.maxScaled,
  });
  assert.deepEqual(Object.values(f), ['25', '8', '15.72', '0.983', '99.999%', '35.0%']);
  const q = byId('why-sqrt-dk');
  for (const id of Object.keys(f)) assert.ok(q.feedback['zh-CN'].includes(`{{${id}}}`), id);
});

// ---- README -------------------------------------------------------------------------------------

test('README’s course section states the final quiz’s make-up as the file has it', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8').replace(
    /\s+/g,
    ' ',
  );
  const m = makeUp(quiz);
  const said = readme.match(
    /\*\*The final quiz\*\* \([^)]*\): (\d+) items, (\d+) multiple choice, (\d+) true\/false, (\d+) numeric \([^)]*\) and (\d+) orderings; (\d+) of them are not any page's check\. (\d+) need a calculation the student does \([^)]*\), (\d+) ask for the bug in a code snippet, (\d+) carry an idea to a case the lessons did not show, (\d+) ask/,
  );
  assert.ok(said, 'README has the sentence on the final quiz');
  assert.deepEqual(said.slice(1).map(Number), [
    m.total,
    m.kinds.choice,
    m.kinds['true-false'],
    m.kinds.numeric,
    m.kinds.order,
    m.own,
    m.calculation,
    m.bug,
    m.transfer,
    m.recall,
  ]);
});

test('quizChecks: every row passes on the whole quiz and on a lesson’s check; a broken link and a solved ordering fail their rows', () => {
  const doc = checkQuiz(copy(quiz), lessons, validate);
  for (const scope of [doc, { ...doc, questions: scopeQuestions(doc, doc.questions[0].lesson) }]) {
    const rows = quizChecks(rt, scope, lessons);
    assert.ok(rows.length >= 4);
    assert.deepEqual(
      rows.filter((r) => !r.ok),
      [],
    );
  }
  const broken = copy(doc);
  const order = broken.questions.find((q) => q.kind === 'order');
  order.items = orderAnswer(order, values).map((id) => order.items.find((it) => it.id === id));
  const rows = quizChecks(rt, broken, { lessons: lessons.lessons.slice(1) });
  const failed = rows.filter((r) => !r.ok).map((r) => r.name);
  assert.ok(
    failed.includes('every question links to a lesson page of lessons.json'),
    failed.join(),
  );
  assert.ok(failed.includes('the final quiz starts no ordering in its right order'), failed.join());
});
