// <attn-exercise>'s checker with the real engine: a correct attention passes every input; the
// three classic wrong ones (no ÷√d, the mask after softmax, softmax down the columns) each fail
// and are named; the GQA grouping is read off the engine and the interleaved mistake is named;
// the harness the worker runs calls the student's function and reports what it returned.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { runtime } from './fixture.mjs';
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
} from '../../widgets/exercise/logic.js';
import { STRINGS, SOLUTIONS } from '../../widgets/exercise/strings.js';
import { createRunner } from '../../widgets/playground/logic.js';

let rt;
before(async () => {
  rt = await runtime();
});

// A student's attention, with a switch for each classic mistake.
function studentAttention({ scale = true, maskAfter = false, axis = 'rows' } = {}) {
  return (Q, K, V, allowed) => {
    const T = Q.length,
      d = Q[0].length;
    const S = Q.map((q, i) =>
      K.map((k, j) => {
        const dot = q.reduce((a, x, e) => a + x * k[e], 0) / (scale ? Math.sqrt(d) : 1);
        return allowed[i][j] || maskAfter ? dot : -Infinity;
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
    if (maskAfter) W = W.map((r, i) => r.map((w, j) => (allowed[i][j] ? w : 0)));
    return W.map((w) => V[0].map((_, c) => w.reduce((a, wj, j) => a + wj * V[j][c], 0)));
  };
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

test('each classic mistake fails on the first input it changes and is named', () => {
  const mistakes = {
    'no-scale': studentAttention({ scale: false }),
    'mask-after-softmax': studentAttention({ maskAfter: true }),
    'wrong-axis': studentAttention({ axis: 'columns' }),
  };
  for (const [name, fn] of Object.entries(mistakes)) {
    const first = attentionCases(rt).find(
      (c) => !compare(fn(c.Q, c.K, c.V, c.allowed), expectedOutput(rt.engine, c)).ok,
    );
    assert.ok(first, `${name} fails somewhere`);
    assert.equal(diagnose(rt.engine, first, fn(first.Q, first.K, first.V, first.allowed)), name);
    assert.ok(STRINGS.en.hint[name].length > 40 && STRINGS['zh-CN'].hint[name].length > 20);
  }
});

test('other wrong answers: a wrong shape is a shape, anything else is no named mistake', () => {
  const c = attentionCases(rt)[1];
  const want = expectedOutput(rt.engine, c);
  assert.deepEqual(compare(want.slice(1), want), { ok: false, shape: '4 rows' });
  assert.deepEqual(compare('x', want), { ok: false, shape: 'string' });
  assert.equal(compare([...want.slice(0, 4), [0]], want).shape, 'row 4: 1');
  const off = want.map((r) => r.map((x) => x + 0.5));
  const v = compare(off, want);
  assert.equal(v.ok, false);
  assert.equal(v.row, 0);
  assert.equal(diagnose(rt.engine, c, off), null);
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
  await run(1, harness('attention', SOLUTIONS.attention, cases));
  const report = messages.find((m) => m.type === 'report');
  assert.ok(report, JSON.stringify(messages));
  cases.forEach((c, i) =>
    assert.ok(compare(report.value[i], expectedOutput(rt.engine, c)).ok, c.name),
  );
  messages.length = 0;
  await run(2, harness('gqa', SOLUTIONS.gqa, []));
  const g = messages.find((m) => m.type === 'report');
  assert.ok(checkGrouping(rt.engine, g.value).every((r) => r.ok));
  // The starters run but are wrong; a syntax error is an error with the student's line.
  messages.length = 0;
  await run(3, harness('attention', 'function attention( {', cases));
  assert.equal(messages.at(-1).type, 'error');
});
