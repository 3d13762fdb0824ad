// <attn-exercise>'s checker with the real engine: a correct attention passes every input; each
// classic wrong one (no ÷√d, ÷d, the mask after softmax, masking with 0, a causal mask of its own
// with `allowed` unused, no mask at all, K summed instead of V, softmax down the columns) fails
// and is named, one test per bug; rows are counted from 1; the GQA grouping is read off the
// engine and the interleaved mistake is named; the harness the worker runs calls the student's
// function and reports what it returned; a syntax error comes with its line and column.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { runtime } from '../helpers/fixture.mjs';
import {
  attentionCases,
  expectedOutput,
  compare,
  diagnose,
  engineGrouping,
  checkGrouping,
  harness,
  GQA_CONFIGS,
  TOLERANCE,
  MISTAKES,
  mistakeOutputs,
} from '../../widgets/exercise/logic.js';
import { STRINGS, SOLUTIONS, STARTERS } from '../../widgets/exercise/strings.js';
import { createRunner, syntaxPosition } from '../../widgets/playground/logic.js';

let rt;
before(async () => {
  rt = await runtime();
});

// A student's attention, with a switch for each classic mistake: scale 'sqrt' | 'none' | 'd';
// mask 'neg-inf' | 'after' (after softmax) | 'zero' (masked scores 0) | 'own-causal' (j > i,
// allowed unused) | 'none'; sum 'V' | 'K'; axis 'rows' | 'columns'.
function studentAttention({ scale = 'sqrt', mask = 'neg-inf', sum = 'V', axis = 'rows' } = {}) {
  return (Q, K, V, allowed) => {
    const T = Q.length,
      d = Q[0].length;
    const by = { sqrt: Math.sqrt(d), none: 1, d }[scale];
    const S = Q.map((q, i) =>
      K.map((k, j) => {
        const dot = q.reduce((a, x, e) => a + x * k[e], 0) / by;
        if (mask === 'none' || mask === 'after') return dot;
        if (mask === 'own-causal') return j > i ? -Infinity : dot;
        if (mask === 'zero') return allowed[i][j] ? dot : 0;
        return allowed[i][j] ? dot : -Infinity;
      }),
    );
    const softmax = (xs) => {
      const top = Math.max(...xs);
      const e = xs.map((x) => Math.exp(x - top));
      const sum = e.reduce((a, b) => a + b, 0);
      return e.map((x) => x / sum);
    };
    let W;
    if (axis === 'rows') W = S.map(softmax);
    else {
      W = S.map((r) => r.map(() => 0));
      for (let j = 0; j < T; j++) {
        const col = softmax(S.map((r) => r[j]));
        col.forEach((w, i) => (W[i][j] = Number.isFinite(S[i][j]) ? w : 0));
      }
    }
    if (mask === 'after') W = W.map((r, i) => r.map((w, j) => (allowed[i][j] ? w : 0)));
    const rows = sum === 'K' ? K : V;
    return W.map((w) => rows[0].map((_, c) => w.reduce((a, wj, j) => a + wj * rows[j][c], 0)));
  };
}

/** The first input `fn` gets wrong, and what the checker names there. */
function firstWrong(fn) {
  const first = attentionCases(rt).find(
    (c) => !compare(fn(c.Q, c.K, c.V, c.allowed), expectedOutput(rt.engine, c)).ok,
  );
  return (
    first && {
      name: first.name,
      mistake: diagnose(rt.engine, first, fn(first.Q, first.K, first.V, first.allowed)),
    }
  );
}

test('the inputs: two teaching sentences, a window mask, no mask; sizes differ', () => {
  const cases = attentionCases(rt);
  assert.deepEqual(
    cases.map((c) => c.name),
    ['en-the-cat', 'zh-gift', 'window', 'no-mask'],
  );
  assert.equal(new Set(cases.map((c) => `${c.Q.length}×${c.Q[0].length}`)).size, 4);
  const w = cases[2].allowed;
  assert.deepEqual(w[3], [false, false, true, true, false]);
});

test('a correct attention passes every input within the tolerance', () => {
  const mine = studentAttention();
  for (const c of attentionCases(rt)) {
    const v = compare(mine(c.Q, c.K, c.V, c.allowed), expectedOutput(rt.engine, c));
    assert.ok(v.ok, `${c.name}: ${JSON.stringify(v)}`);
    assert.ok(v.maxDiff < TOLERANCE);
  }
});

// One test per typical bug: the first input it gets wrong, and the hint named there.
const BUGS = [
  ['no ÷√d at all', { scale: 'none' }, 'en-the-cat', 'no-scale'],
  ['÷d instead of ÷√d', { scale: 'd' }, 'en-the-cat', 'divide-by-d'],
  ['the mask after softmax', { mask: 'after' }, 'en-the-cat', 'mask-after-softmax'],
  ['masking with 0 instead of −∞', { mask: 'zero' }, 'en-the-cat', 'mask-with-zero'],
  // A causal mask written by hand gets both causal sentences right: the window names it.
  [
    'an ignored mask (allowed unused, a causal mask of its own)',
    { mask: 'own-causal' },
    'window',
    'own-causal-mask',
  ],
  ['no mask at all', { mask: 'none' }, 'en-the-cat', 'no-mask'],
  ['summing K instead of V', { sum: 'K' }, 'en-the-cat', 'sum-k'],
  ['softmax down the columns', { axis: 'columns' }, 'en-the-cat', 'wrong-axis'],
];
for (const [what, options, input, mistake] of BUGS)
  test(`a typical bug, ${what}: first wrong on “${input}”, named ${mistake}`, () => {
    assert.deepEqual(firstWrong(studentAttention(options)), { name: input, mistake });
    for (const lang of ['en', 'zh-CN']) assert.ok(STRINGS[lang].hint[mistake].length > 30, lang);
  });

test('every mistake the hints name is one test of BUGS, and each differs from the right answer on some input', () => {
  assert.deepEqual(new Set(BUGS.map((b) => b[3])), new Set(MISTAKES));
  for (const m of MISTAKES)
    assert.ok(
      attentionCases(rt).some(
        (c) => !compare(mistakeOutputs(rt.engine, c)[m], expectedOutput(rt.engine, c)).ok,
      ),
      m,
    );
});

test('K summed instead of V has K’s width where V is narrower, and is still named', () => {
  const window = attentionCases(rt)[2]; // Q, K [5, 3], V [5, 2]
  const fn = studentAttention({ sum: 'K' });
  const got = fn(window.Q, window.K, window.V, window.allowed);
  assert.deepEqual(compare(got, expectedOutput(rt.engine, window)), {
    ok: false,
    shape: 'row 1: 3',
  });
  assert.equal(diagnose(rt.engine, window, got), 'sum-k');
});

test('other wrong answers: a wrong shape is a shape, anything else is no named mistake', () => {
  const c = attentionCases(rt)[1];
  const want = expectedOutput(rt.engine, c);
  assert.deepEqual(compare(want.slice(1), want), { ok: false, shape: '4 rows' });
  assert.deepEqual(compare('x', want), { ok: false, shape: 'string' });
  // Rows are counted from 1: the fifth row is "row 5", the first "row 1".
  assert.equal(compare([...want.slice(0, 4), [0]], want).shape, 'row 5: 1');
  const off = want.map((r) => r.map((x) => x + 0.5));
  const v = compare(off, want);
  assert.equal(v.ok, false);
  assert.equal(v.row, 1);
  assert.equal(diagnose(rt.engine, c, off), null);
  assert.match(STRINGS['zh-CN'].hint.other('x', v.row, '0.5'), /第 1 行（从 1 数起）/);
  assert.match(STRINGS.en.hint.other('x', v.row, '0.5'), /row 1 \(counting from 1\)/);
});

test('the blank starter has no ①–④ steps, the guided one does; both are the same function', () => {
  for (const lang of ['en', 'zh-CN']) {
    const blank = STARTERS[lang].attentionBlank(1),
      guided = STARTERS[lang].attention(1);
    assert.doesNotMatch(blank, /[①②③④]/u, lang);
    assert.match(guided, /①[\s\S]*②[\s\S]*③[\s\S]*④/u, lang);
    assert.match(blank, /^function attention\(Q, K, V, allowed\) \{$/m, lang);
  }
});

test('each solution’s comments are in its language, its code the same in both (round 6)', () => {
  const comments = (code) => [...code.matchAll(/\/\/ (.*)$/gm)].map((m) => m[1]);
  const code = (text) => text.replace(/\/\/ .*$/gm, '//');
  for (const task of ['attention', 'gqa']) {
    const zh = SOLUTIONS['zh-CN'][task],
      en = SOLUTIONS.en[task];
    assert.equal(code(zh), code(en), task);
    assert.ok(comments(zh).length > 0, task);
    for (const c of comments(zh)) assert.match(c, /\p{Script=Han}/u, `${task}: ${c}`);
    for (const c of comments(en)) assert.doesNotMatch(c, /\p{Script=Han}/u, `${task}: ${c}`);
  }
});

test('a syntax error’s line and column: the first token the parser cannot take, or the end', () => {
  assert.equal(syntaxPosition('let a = 1;\nprint(a)'), null);
  assert.deepEqual(syntaxPosition('let a = 1;\nlet x = ;\nprint(x)'), {
    line: 2,
    column: 9,
    atEnd: false,
  });
  assert.deepEqual(syntaxPosition("print('abc' 2)"), { line: 1, column: 13, atEnd: false });
  assert.deepEqual(syntaxPosition('const a = 1;\nconst a = 2;'), {
    line: 2,
    column: 7,
    atEnd: false,
  });
  // A block comment over two lines is not an error at its first line.
  assert.deepEqual(syntaxPosition('/* a\n b */ let x = ;'), { line: 2, column: 15, atEnd: false });
  // Brackets left open: the code ends too early.
  assert.deepEqual(syntaxPosition('function f(a) {\n  return a\n'), {
    line: 3,
    column: 1,
    atEnd: true,
  });
});

test('GQA: the engine groups neighbouring heads; the interleaved table is named', () => {
  assert.deepEqual(engineGrouping(rt.engine, 8, 2), [0, 0, 0, 0, 1, 1, 1, 1]);
  assert.deepEqual(engineGrouping(rt.engine, 8, 1), [0, 0, 0, 0, 0, 0, 0, 0]);
  assert.deepEqual(engineGrouping(rt.engine, 6, 3), [0, 0, 1, 1, 2, 2]);
  const right = GQA_CONFIGS.map(([n, g]) =>
    Array.from({ length: n }, (_, h) => Math.floor(h / (n / g))),
  );
  assert.ok(checkGrouping(rt.engine, right).every((r) => r.ok));
  const interleaved = GQA_CONFIGS.map(([n, g]) => Array.from({ length: n }, (_, h) => h % g));
  const rows = checkGrouping(rt.engine, interleaved);
  const wrong = rows.find((r) => !r.ok);
  assert.equal(wrong.interleaved, true);
  assert.deepEqual([wrong.n, wrong.g], [8, 2]);
  assert.equal(checkGrouping(rt.engine, null)[0].ok, false);
});

test('the harness runs the student’s function on every input and reports it (the worker’s runner)', async () => {
  const cases = attentionCases(rt);
  const messages = [];
  const run = createRunner({
    engine: rt.engine,
    world: rt.world,
    post: (m) => messages.push(m),
  });
  // Each language's solution (the same code, its comments in that language) passes.
  for (const [i, lang] of /** @type {const} */ (['zh-CN', 'en']).entries()) {
    messages.length = 0;
    await run(10 + i, harness('attention', SOLUTIONS[lang].attention, cases));
    const report = messages.find((m) => m.type === 'report');
    assert.ok(report, JSON.stringify(messages));
    cases.forEach((c, j) =>
      assert.ok(compare(report.value[j], expectedOutput(rt.engine, c)).ok, `${lang} ${c.name}`),
    );
    messages.length = 0;
    await run(20 + i, harness('gqa', SOLUTIONS[lang].gqa, []));
    const g = messages.find((m) => m.type === 'report');
    assert.ok(
      checkGrouping(rt.engine, g.value).every((r) => r.ok),
      lang,
    );
  }
  // The starters run but are wrong; a syntax error is an error with the student's line.
  messages.length = 0;
  await run(3, harness('attention', 'function attention( {', cases));
  assert.equal(messages.at(-1).type, 'error');
  messages.length = 0;
  const typo =
    'function attention(Q, K, V, allowed) {\n  const d = Q[0].length\n  return Q.map((q) => q +);\n}';
  await run(4, harness('attention', typo, cases));
  assert.deepEqual(
    [messages.at(-1).name, messages.at(-1).line, messages.at(-1).column],
    ['SyntaxError', 3, 26],
  );
  // A bracket left open: found past the student's lines (in the harness), the widget says so.
  messages.length = 0;
  await run(5, harness('attention', 'function attention(Q, K, V, allowed) {\n  return [];', cases));
  assert.ok(messages.at(-1).line > 2, JSON.stringify(messages.at(-1)));
  const blank = STARTERS.en.attentionBlank(1);
  messages.length = 0;
  await run(6, harness('attention', blank, cases));
  assert.ok(
    messages.find((m) => m.type === 'report'),
    'the blank starter runs (and returns nothing)',
  );
});
