// <attn-playground>'s pure parts, with the REAL engine and the real teaching world: the starter
// code run through the same runner the Web Worker uses prints out[cat] = [0.42, 0.24] and shows
// the cat row 42.6% / 57.4%; errors keep their names (ShapeError) and the student's line; the
// page's message parser drops what does not fit the protocol; the CSP reader finds what a
// policy forbids; the playground page (and only it) carries the relaxed policy.
import { test, before, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  formatNumber,
  formatValue,
  round,
  toRows,
  matricesOf,
  labelsFor,
  errorInfo,
  createRunner,
  evalProbe,
  parseWorkerMessage,
  cspProblems,
  starterCode,
  MAX_LINES,
  MAX_SHOWS,
  MAX_CELLS,
} from '../../widgets/playground/logic.js';
import { CSP as STRICT, pageCsp } from '../../scripts/serve.mjs';
import { scriptsFor } from '../../web/loader.js';
import { WIDGET_ELEMENTS } from '../../widgets/registry.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const readJson = (p) => JSON.parse(readFileSync(join(root, p), 'utf8'));
const world = readJson('course-data/teaching-world.json');
let engine;
before(async () => {
  engine = await createRequire(import.meta.url)('../../dist/attn-engine.js')();
});

// The runner installs print/console.log as globals (as in the worker); put node's back.
const saved = { ...console };
afterEach(() => Object.assign(console, saved));

/** Runs code as the worker would; returns the messages posted. */
async function runCode(code, id = 1) {
  const posted = [];
  await createRunner({ engine, world, post: (m) => posted.push(m) })(id, code);
  return posted;
}
const printed = (msgs) => msgs.filter((m) => m.type === 'print').map((m) => m.text);

test('print formats numbers to at most 4 decimals (float32 noise hidden), arrays and tensors', () => {
  assert.equal(formatNumber(0.41952189803123474), '0.4195');
  assert.equal(formatNumber(Math.fround(0.42)), '0.42');
  assert.equal(formatNumber(3), '3');
  assert.equal(formatNumber(-0), '0');
  assert.equal(formatNumber(-0.00001234), '-1.234e-5');
  assert.equal(formatNumber(-Infinity), '-Infinity');
  assert.equal(formatValue('out =', 0), 'out =');
  assert.equal(formatValue(['a', 1.5, null]), '["a", 1.5, null]');
  assert.equal(formatValue(new Float32Array([0.5, -0.25])), '[0.5, -0.25]');
  assert.equal(
    formatValue({ shape: [2, 2], data: new Float32Array([1, 0, 0.4263, 0.5737]) }),
    'Tensor[2, 2] [[1, 0], [0.4263, 0.5737]]',
  );
  assert.equal(formatValue({ a: 1, 'b c': [true] }), '{a: 1, "b c": [true]}');
  assert.match(formatValue(Array.from({ length: 60 }, (_, i) => i)), /, … 10 more\]$/);
  const cyclic = { a: 1 };
  cyclic.self = cyclic;
  assert.match(formatValue(cyclic), /\{…\}/);
  assert.equal(formatValue(new RangeError('r')), 'RangeError: r');
});

test('round and toRows pick numbers out of engine tensors', () => {
  const r = engine.attention({
    q: [
      [1, 0.2],
      [0.3, 0.9],
    ],
    k: [
      [1, 0.2],
      [0.3, 0.9],
    ],
    v: [
      [0.54, -0.16],
      [0.33, 0.54],
    ],
    causal: true,
  });
  assert.deepEqual(round(toRows(r.output)[1], 2), [0.42, 0.24]);
  assert.deepEqual(round(r.weights, 3), [
    [
      [1, 0],
      [0.426, 0.574],
    ],
  ]);
  assert.equal(round(0.41952, 1), 0.4);
  assert.throws(() => round('x'), TypeError);
  assert.throws(() => toRows([[1]]), /toRows\(\) takes a tensor/);
});

test('show(): an attention result, a [T, T] or [H, T, T] tensor, or rows; sizes and labels checked', () => {
  const r = engine.attention({
    q: [
      [1, 0, 0, 1],
      [0, 1, 1, 0],
    ],
    k: [
      [1, 0, 0, 1],
      [0, 1, 1, 0],
    ],
    v: [
      [1, 2],
      [3, 4],
    ],
    nHeads: 2,
    causal: true,
  });
  const heads = matricesOf(r);
  assert.deepEqual(
    heads.map((m) => m.title),
    ['head 0', 'head 1'],
  );
  assert.equal(heads[1].rows[0][0], 1);
  assert.deepEqual(
    matricesOf([
      [1, 0],
      [0.5, 0.5],
    ]),
    [
      {
        title: null,
        rows: [
          [1, 0],
          [0.5, 0.5],
        ],
      },
    ],
  );
  assert.deepEqual(matricesOf({ shape: [1, 2], data: [0.25, 0.75] }), [
    { title: null, rows: [[0.25, 0.75]] },
  ]);
  assert.throws(() => matricesOf([1, 2]), /show\(\) needs a weights matrix/);
  assert.throws(() => matricesOf([[1, 2], [3]]), TypeError);
  assert.throws(
    () => matricesOf({ shape: [65, 65], data: new Float32Array(65 * 65) }),
    /too large/,
  );
  assert.throws(() => matricesOf([['a']]), /every entry must be a number/);
  assert.deepEqual(labelsFor(undefined, 3, 'row'), ['0', '1', '2']);
  assert.throws(() => labelsFor(['a'], 2, 'row'), /1 row labels for 2 rows/);
});

test('the starter example, run as the worker runs it, prints out[The] and out[cat] = [0.42, 0.24] and shows 42.6% / 57.4%', async () => {
  // The first token under the causal mask sees only itself: its output is its own V row.
  const theRow = `out[The] = ${formatValue(round(world.worlds['en-the-cat'].V[0], 2))}`;
  for (const lang of ['en', 'zh-CN']) {
    const msgs = await runCode(starterCode(lang, 'en-the-cat', world), 7);
    assert.deepEqual(printed(msgs), [theRow, 'out[cat] = [0.42, 0.24]']);
    const show = msgs.find((m) => m.type === 'show');
    assert.deepEqual(show.rowLabels, ['The', 'cat']);
    assert.deepEqual(
      show.matrices[0].rows[1].map((x) => `${(x * 100).toFixed(1)}%`),
      ['42.6%', '57.4%'],
    );
    assert.equal(msgs.at(-1).type, 'done');
    assert.ok(msgs.every((m) => m.id === 7));
    // What the page accepts is what was sent.
    assert.deepEqual(parseWorkerMessage(show), show);
  }
});

test("starter code: comments in the cell's language; zh-gift makes V with the engine and prints the 小王 row", async () => {
  const zh = starterCode('zh-CN', 'zh-gift', world),
    en = starterCode('en', 'zh-gift', world);
  assert.match(zh, /行向量约定/);
  assert.doesNotMatch(en, /[\u4e00-\u9fff]/, 'no Chinese in the English starter');
  assert.match(en, /\(row vectors\)/);
  assert.match(zh, /engine\.matmul\(x, w\.Wv\)/);
  assert.match(starterCode('en', 'en-the-cat', world), /const v = w\.V;/);
  assert.throws(() => starterCode('en', 'nope', world), /no world "nope"/);
  const w = world.worlds['zh-gift'];
  const direct = engine.attention({
    q: engine.matmul(w.x, w.Wq),
    k: engine.matmul(w.x, w.Wk),
    v: engine.matmul(w.x, w.Wv),
    causal: true,
  });
  const rows = toRows(direct.output);
  assert.deepEqual(printed(await runCode(zh)), [
    `out[小明] = ${formatValue(round(rows[0], 2))}`,
    `out[小王] = ${formatValue(round(rows.at(-1), 2))}`,
  ]);
});

test('the change the page suggests shows in the printed output: causal: false changes out[The], not out[cat]', async () => {
  const code = starterCode('en', 'en-the-cat', world);
  assert.match(code, /causal: true/);
  const before = printed(await runCode(code));
  const after = printed(await runCode(code.replace('causal: true', 'causal: false')));
  assert.notEqual(after[0], before[0], 'the first row sees the later token now');
  assert.equal(after[1], before[1], 'the last row saw every token already');
});

test("errors keep their name, message and the student's line: ShapeError, TypeError, SyntaxError, a thrown string", async () => {
  const shape = (
    await runCode('const a = 1;\nengine.attention({ q: [[1, 2, 3]], k: [[1, 0]], v: [[1, 1]] });')
  ).at(-1);
  assert.equal(shape.type, 'error');
  assert.equal(shape.name, 'ShapeError');
  assert.match(shape.message, /k \[1, 2\] should have/);
  assert.equal(shape.line, 2);
  const type = (await runCode('\n\nnull.x')).at(-1);
  assert.deepEqual([type.name, type.line], ['TypeError', 3]);
  const syntax = (await runCode('let = ;')).at(-1);
  assert.equal(syntax.name, 'SyntaxError');
  // V8 names no position for code made by new Function: the runner finds it (syntaxPosition).
  const late = (await runCode('const a = 1;\nconst b = [1, 2;\nprint(b)')).at(-1);
  assert.deepEqual([late.name, late.line, late.column], ['SyntaxError', 2, 16]);
  const str = (await runCode('throw "nope"')).at(-1);
  assert.deepEqual([str.name, str.message], ['Uncaught', 'nope']);
  const masked = (await runCode('engine.softmax([-Infinity, -Infinity])')).at(-1);
  assert.equal(masked.name, 'MaskError');
  // Output printed before the error is kept.
  const msgs = await runCode('print("before");\nthrow new RangeError("boom")');
  assert.deepEqual(printed(msgs), ['before']);
  assert.deepEqual(
    errorInfo({
      name: 'X',
      message: 'm',
      stack: 'X: m\n    at eval (eval at run (blob:null/1:1:1), <anonymous>:5:3)',
    }),
    { name: 'X', message: 'm', line: 3, column: 3 },
  );
  assert.equal(
    errorInfo(new Error('x')).line,
    null,
    "an error from outside the student's code has no line",
  );
});

test('console.log is captured, await works, and output is capped', async () => {
  assert.deepEqual(
    printed(await runCode('console.log("a", [1, 2]); await null; console.info({ b: 2 })')),
    ['a [1, 2]', '{b: 2}'],
  );
  const many = printed(await runCode('for (let i = 0; i < 1000; i++) print(i)'));
  assert.equal(many.length, MAX_LINES + 1);
  assert.match(many.at(-1), /more than 200 lines/);
  const shows = await runCode('for (let i = 0; i < 20; i++) show([[1]])');
  assert.equal(shows.filter((m) => m.type === 'show').length, MAX_SHOWS);
  assert.match(printed(shows)[0], /only the first 8 maps/);
  const badShow = (await runCode('show([[1, 0]], ["a", "b"])')).at(-1);
  assert.deepEqual([badShow.type, badShow.name], ['error', 'RangeError']);
});

test('the page keeps only messages that fit the protocol', () => {
  assert.deepEqual(parseWorkerMessage({ type: 'ready', extra: 1 }), { type: 'ready' });
  assert.deepEqual(parseWorkerMessage({ type: 'done', id: 3, ms: 1.5 }), {
    type: 'done',
    id: 3,
    ms: 1.5,
  });
  assert.deepEqual(
    parseWorkerMessage({ type: 'error', id: 1, name: 'ShapeError', message: 'm', line: 0 }),
    { type: 'error', id: 1, name: 'ShapeError', message: 'm', line: null, column: null },
  );
  assert.deepEqual(
    parseWorkerMessage({ type: 'fatal', reason: 'eval', name: 'EvalError', message: 'no' }),
    { type: 'fatal', reason: 'eval', name: 'EvalError', message: 'no' },
  );
  for (const bad of [
    null,
    'ready',
    {},
    { type: 'print', id: '1', text: 'x' },
    { type: 'print', id: 1, text: 5 },
    { type: 'fatal', reason: 'other' },
    { type: 'nope' },
    { type: 'done' },
    {
      type: 'show',
      id: 1,
      matrices: [{ title: null, rows: [[1, 2]] }],
      rowLabels: ['a'],
      colLabels: ['a'],
    },
    {
      type: 'show',
      id: 1,
      matrices: [{ title: null, rows: [['x']] }],
      rowLabels: ['a'],
      colLabels: ['a'],
    },
    { type: 'show', id: 1, matrices: [], rowLabels: ['a'], colLabels: ['a'] },
    {
      type: 'show',
      id: 1,
      matrices: [{ title: null, rows: [[1]] }],
      rowLabels: [1],
      colLabels: ['a'],
    },
    {
      type: 'show',
      id: 1,
      matrices: [{ rows: Array(65).fill(Array(65).fill(0)) }],
      rowLabels: Array(65).fill('a'),
      colLabels: Array(65).fill('a'),
    },
  ]) {
    assert.equal(parseWorkerMessage(bad), null, JSON.stringify(bad)?.slice(0, 80));
  }
  assert.ok(65 * 65 > MAX_CELLS);
  const long = parseWorkerMessage({ type: 'print', id: 1, text: 'x'.repeat(10000) });
  assert.ok(long.text.length <= 4001);
});

test('CSP: what a policy forbids; the playground and exercise pages allow both, the training page a blob worker without eval, every other page neither', () => {
  const lessons = readJson('course-data/lessons.json').lessons;
  const pg = lessons.find((l) => l.slug === 'playground');
  assert.deepEqual(cspProblems([pg.csp]), []);
  assert.deepEqual(cspProblems([STRICT]), ['worker-src blob:', "'unsafe-eval'"]);
  assert.deepEqual(cspProblems([]), []);
  assert.deepEqual(cspProblems(["default-src 'self'"]), ['worker-src blob:', "'unsafe-eval'"]);
  assert.deepEqual(cspProblems(["script-src 'self' 'unsafe-eval'; worker-src blob:"]), []);
  assert.deepEqual(cspProblems(["script-src 'self' blob:; worker-src blob:"]), ["'unsafe-eval'"]);
  assert.deepEqual(cspProblems(["script-src 'self' 'unsafe-eval'; child-src blob:"]), []);
  assert.deepEqual(cspProblems(["script-src 'unsafe-eval'; worker-src *"]), ['worker-src blob:']);
  assert.deepEqual(cspProblems(['img-src data:']), []);
  // Two policies both apply: each must allow.
  assert.deepEqual(cspProblems([pg.csp, "script-src 'self'"]), [
    'worker-src blob:',
    "'unsafe-eval'",
  ]);
  // <attn-train>'s worker is a Blob too, but it evaluates no code: no 'unsafe-eval' there.
  const train = lessons.find((l) => l.slug === 'train');
  assert.deepEqual(cspProblems([train.csp]), ["'unsafe-eval'"]);
  assert.equal(train.csp, STRICT.replace('; style-src', '; worker-src blob:; style-src'));
  // The exercise page runs student code as the playground does, with the same policy.
  const ex = lessons.find((l) => l.slug === 'exercise');
  assert.equal(ex.csp, pg.csp);
  for (const l of lessons)
    if (l !== pg && l !== train && l !== ex)
      assert.equal(l.csp, undefined, `${l.slug} keeps the strict policy`);
  // A page with the cell gets the worker's script from the loader (web/loader.js).
  const widgetTags = Object.keys(WIDGET_ELEMENTS);
  assert.deepEqual(scriptsFor(['attn-playground'], { fromDisk: false, widgetTags }), [
    'attn-core.js',
    'widgets/playground.js',
    'attn-playground.js',
  ]);
});

test("serve.mjs sends each built page's own policy", () => {
  const html = (slug) => readFileSync(join(root, 'dist', `${slug}.html`), 'utf8');
  const pg = readJson('course-data/lessons.json').lessons.find((l) => l.slug === 'playground');
  assert.equal(pageCsp(html('playground')), pg.csp);
  assert.equal(pageCsp(html('04-causal-mask')), STRICT);
  assert.equal(pageCsp('<html>no meta</html>'), STRICT);
});

test('in a realm where code generation is forbidden (as under a strict CSP) the eval probe says so', () => {
  assert.deepEqual(evalProbe(), { ok: true });
  const core = pathToFileURL(join(root, 'widgets/playground/logic.js')).href;
  const out = execFileSync(process.execPath, [
    '--disallow-code-generation-from-strings',
    '--input-type=module',
    '-e',
    `import { evalProbe } from ${JSON.stringify(core)}; console.log(JSON.stringify(evalProbe()))`,
  ]);
  const probe = JSON.parse(out.toString());
  assert.equal(probe.ok, false);
  assert.equal(probe.name, 'EvalError');
});
