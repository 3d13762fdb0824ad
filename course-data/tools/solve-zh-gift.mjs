#!/usr/bin/env node
// solve-zh-gift.mjs — finds (and checks) the hand-made teaching numbers of the
// `zh-gift` world in course-data/teaching-world.json.
//
// Plain Node >= 20, ES module, no dependencies.
//
//   node course-data/tools/solve-zh-gift.mjs [flags]
//     (none)           solve (seeded, reproducible), print the table
//     --write          solve, then rewrite the zh-gift part of the JSON
//     --check          do not solve: check the numbers already in the JSON
//     --check --write  same, then rewrite the file from them
//   (the script owns the zh-gift world; en-the-cat and scoreExamples are
//   written only when missing, and checked either way)
//   options: --seed N (default 20260926)   --quiet (only the table)
//
// Exit status is non-zero when any constraint fails (in float64 OR in the
// float32 emulation, or when the two round differently).
//
// The world: 5 tokens 小明 / 把 / 苹果 / 给了 / 小王, a 4-dim embedding x per
// token, and Wq, Wk, Wv (4x4). Row-vector convention: q = x · Wq (rows of W are
// input dims, columns are output dims). Single head: scores = q·k / √4. Two
// heads: the SAME matrices split by output columns (head A = cols 0–1, head B =
// cols 2–3), each head scaled by 1/√2. Causal: token i sees keys 0..i.
//
// Every constraint is "the value, printed the way the course prints it,
// reads exactly like the course text" (plus orderings and a few sanity
// bounds, marked "+"). The solver, for each seeded start:
//   1. draws x on the 0.1 grid (|x| <= 1.5) until the x-only constraints (the
//      raw-cosine ordering) hold with a wide margin;
//   2. fits Wq, Wk, Wv by Levenberg–Marquardt (numeric Jacobian) on a
//      dead-zone penalty that wants every printed value in the inner 40 % of
//      its rounding interval;
//   3. progressive rounding: puts matrix entries on the 0.1 grid one by one
//      (easiest first, 0 where small), refitting the free ones each time; the
//      entries that cannot go there are put on the 0.01 grid;
//   4. discrete local search on the 0.01 grid (single and pair moves) until
//      every constraint keeps >= 35 % of its half-interval, preferring few
//      2-decimal entries; then pushes that margin up as far as it goes.
// Among the first 3 successful starts it keeps the one with the fewest
// 2-decimal entries (ties: larger margin). Runs in ~2 min on one core.
// Everything is also evaluated in float32 (Math.fround after each op, two
// operation orders), and every number a widget may print must round the same.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const JSON_PATH = path.resolve(HERE, '..', 'teaching-world.json');

const argv = process.argv.slice(2);
const WRITE = argv.includes('--write');
const CHECK = argv.includes('--check');
const QUIET = argv.includes('--quiet');
const seedArg = argv.indexOf('--seed');
const SEED = seedArg >= 0 ? Number(argv[seedArg + 1]) : 20260926;
const log = (...a) => {
  if (!QUIET) console.error(...a);
};

// ---------------------------------------------------------------- PRNG
function mulberry32(a) {
  return function () {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------------------------------------------------------------- arithmetic
// F64: plain doubles. F32: Math.fround after every operation, as the engine
// computes in float32 (Float32Array). Two float32 variants differ in how the
// 1/√d scale is applied (multiply by fround(1/√d) vs divide by fround(√d)) and
// whether softmax subtracts the row max, so the result must not hinge on it.
const id = (v) => v;
const fr = Math.fround;
const ARITH = {
  f64: { r: id, scaleMode: 'mul', maxSub: true },
  f32: { r: fr, scaleMode: 'mul', maxSub: true },
  f32div: { r: fr, scaleMode: 'div', maxSub: false },
};

function dot(a, b, A) {
  const r = A.r;
  let s = r(0);
  for (let i = 0; i < a.length; i++) s = r(s + r(a[i] * b[i]));
  return s;
}
function norm(a, A) {
  return A.r(Math.sqrt(dot(a, a, A)));
}
function cosine(a, b, A) {
  const r = A.r;
  return r(dot(a, b, A) / r(norm(a, A) * norm(b, A)));
}
function matvec(x, W, A) {
  // row vector x (n) times W (n × m)
  const r = A.r,
    m = W[0].length,
    out = new Array(m);
  for (let j = 0; j < m; j++) {
    let s = r(0);
    for (let i = 0; i < x.length; i++) s = r(s + r(x[i] * W[i][j]));
    out[j] = s;
  }
  return out;
}
function scale(v, d, A) {
  const r = A.r;
  return A.scaleMode === 'mul' ? r(v * r(1 / Math.sqrt(d))) : r(v / r(Math.sqrt(d)));
}
function softmax(s, A) {
  // s may contain -Infinity (masked)
  const r = A.r;
  const m = A.maxSub ? Math.max(...s) : 0;
  const e = s.map((v) => (v === -Infinity ? 0 : r(Math.exp(r(v - m)))));
  let z = r(0);
  for (const v of e) z = r(z + v);
  return e.map((v) => r(v / z));
}
const slice = (v, a, b) => v.slice(a, b);
function det4(M) {
  // Laplace expansion, float64
  const det3 = (m) =>
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
    m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
    m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  let d = 0;
  for (let c = 0; c < 4; c++)
    d += (c % 2 ? -1 : 1) * M[0][c] * det3(M.slice(1).map((r) => r.filter((_, j) => j !== c)));
  return d;
}

// ---------------------------------------------------------------- the world
const TOK = ['小明', '把', '苹果', '给了', '小王'];
const [MING, BA, APPLE, GAVE, WANG] = [0, 1, 2, 3, 4];
const NX = 20,
  NW = 16;

function unpack(p) {
  const x = [],
    Wq = [],
    Wk = [],
    Wv = [];
  for (let i = 0; i < 5; i++) x.push(p.slice(4 * i, 4 * i + 4));
  for (let i = 0; i < 4; i++) {
    Wq.push(p.slice(NX + 4 * i, NX + 4 * i + 4));
    Wk.push(p.slice(NX + NW + 4 * i, NX + NW + 4 * i + 4));
    Wv.push(p.slice(NX + 2 * NW + 4 * i, NX + 2 * NW + 4 * i + 4));
  }
  return { x, Wq, Wk, Wv };
}
function pack({ x, Wq, Wk, Wv }) {
  return [...x.flat(), ...Wq.flat(), ...Wk.flat(), ...Wv.flat()];
}

// All quantities the course prints, computed with arithmetic A.
function compute(p, A) {
  const r = A.r;
  const { x: x0, Wq, Wk, Wv } = unpack(p.map(r));
  const x = x0;
  const Q = x.map((row) => matvec(row, Wq, A));
  const K = x.map((row) => matvec(row, Wk, A));
  const V = x.map((row) => matvec(row, Wv, A));
  const cosX = x.map((row) => cosine(x[GAVE], row, A));
  const raw = K.map((k) => dot(Q[GAVE], k, A)); // q_给了 · k_j
  const sc = raw.map((v) => scale(v, 4, A));
  const causal = (arr, i) => arr.map((v, j) => (j <= i ? v : -Infinity));
  const wFull = softmax(sc, A);
  const wCausal = softmax(causal(sc, GAVE), A);
  const headScores = (c0) =>
    K.map((k) => scale(dot(slice(Q[GAVE], c0, c0 + 2), slice(k, c0, c0 + 2), A), 2, A));
  const sA = headScores(0),
    sB = headScores(2);
  const wA = softmax(causal(sA, GAVE), A);
  const wB = softmax(causal(sB, GAVE), A);
  const rowApple = K.slice(0, 3).map((k) => scale(dot(Q[APPLE], k, A), 4, A));
  const wApple = softmax(rowApple, A);
  return {
    Q,
    K,
    V,
    cosX,
    raw,
    sc,
    wFull,
    wCausal,
    sA,
    sB,
    wA,
    wB,
    rowApple,
    wApple,
    cosK: cosine(K[MING], K[WANG], A),
    cosV: cosine(V[MING], V[WANG], A),
    // sanity: sizes of everything a widget shows, and no projection that throws a dimension away
    projAbs: [Q, K, V].flat(2).map(Math.abs),
    rawAbs: Q.flatMap((q) => K.map((k) => Math.abs(dot(q, k, A)))),
    detAbs: [Wq, Wk, Wv].map((W) => Math.abs(det4(W))),
  };
}

// Everything a widget may print for this world: Q, K, V and the outputs to 2
// decimals, every 5×5 score (raw and scaled, single head and both heads) to 2
// decimals, every weight to 0.1 %, the raw cosines to 3 decimals. None of them
// may sit so close to a rounding tie that float32 and float64 print it differently.
function displayed(p, A) {
  const c = compute(p, A);
  const { Q, K, V } = c;
  const out = [];
  const add = (label, v, dec, mul = 1) => out.push({ label, v, dec, mul });
  const M = (label, X, dec, mul) =>
    X.forEach((row, i) => row.forEach((v, j) => add(`${label}[${i}][${j}]`, v, dec, mul)));
  M('Q', Q, 2);
  M('K', K, 2);
  M('V', V, 2);
  c.cosX.forEach((v, j) => add(`cos(x给了,x${j})`, v, 3));
  const views = [
    ['1 head', 0, 4, 4],
    ['head A', 0, 2, 2],
    ['head B', 2, 4, 2],
  ];
  for (const [name, c0, c1, dk] of views) {
    const raw = Q.map((q) => K.map((k) => dot(q.slice(c0, c1), k.slice(c0, c1), A)));
    const sc = raw.map((row) => row.map((v) => scale(v, dk, A)));
    M(`${name} raw`, raw, 2);
    M(`${name} scaled`, sc, 2);
    for (const causal of [false, true]) {
      const W = sc.map((row, i) =>
        softmax(
          row.map((v, j) => (causal && j > i ? -Infinity : v)),
          A,
        ),
      );
      M(`${name}${causal ? ' causal' : ''} weight`, W, 1, 100);
      const O = W.map((w) =>
        V[0]
          .slice(c0, c1)
          .map((_, cc) => w.reduce((acc, wj, j) => A.r(acc + A.r(wj * V[j][c0 + cc])), A.r(0))),
      );
      M(`${name}${causal ? ' causal' : ''} out`, O, 2);
    }
  }
  return out;
}
// distance to the nearest rounding tie, relative to max(1, |value|): float32
// arithmetic in another operation order moves a value by ~1e-7 of that
const tieDist = ({ v, dec, mul }) => {
  const u = v * mul * 10 ** dec;
  return Math.abs(u - Math.floor(u) - 0.5) / (mul * 10 ** dec) / Math.max(1, Math.abs(v));
};
const TIE_MIN = 1e-6;
function displayCheck(p) {
  const a = displayed(p, ARITH.f64),
    b = displayed(p, ARITH.f32),
    c2 = displayed(p, ARITH.f32div);
  const show = (e) => (e.v * e.mul).toFixed(e.dec);
  const differ = a.filter((e, k) => show(e) !== show(b[k]) || show(e) !== show(c2[k]));
  const worst = a.reduce((w, e) => (tieDist(e) < tieDist(w) ? e : w));
  return { a, differ, worst, okTie: differ.length === 0 && tieDist(worst) >= TIE_MIN };
}

// ---------------------------------------------------------------- constraints
// kind 'round': value must print as `text` with `dec` decimals (after
//   multiplying by `mul`, e.g. 100 for percent). `lo`/`hi` give the interval;
//   margin = distance to the nearer end. `nonneg` — the interval starts at 0 so
//   that JS toFixed never prints "-0.00".
// kind 'gt': a > b + gap (margin = a − b − gap); 'lt': a < bound.
function roundC(name, get, target, dec, { mul = 1, unit = '', nonneg = false } = {}) {
  const h = (0.5 * 10 ** -dec) / mul;
  const t = target / mul;
  const lo = nonneg && target === 0 ? 0 : t - h;
  const hi = t + h;
  return {
    name,
    kind: 'round',
    get,
    lo,
    hi,
    half: (hi - lo) / 2,
    centre: (lo + hi) / 2,
    mul,
    unit,
    target: target.toFixed(dec) + unit,
    show: (v) => (v * mul).toFixed(dec) + unit,
    showFine: (v) => (v * mul).toFixed(dec + 3) + unit,
  };
}
function gtC(name, getA, getB, gap, scaleN, dec = 3) {
  return {
    name,
    kind: 'gt',
    get: (c) => getA(c) - getB(c),
    gap,
    scaleN,
    target: `> ${gap}`,
    show: (v) => v.toFixed(dec),
    showFine: (v) => v.toFixed(dec + 3),
  };
}
function ltC(name, get, bound, scaleN, dec = 3) {
  return {
    name,
    kind: 'lt',
    get,
    bound,
    scaleN,
    target: `< ${bound}`,
    show: (v) => v.toFixed(dec),
    showFine: (v) => v.toFixed(dec + 3),
  };
}

const CONSTRAINTS = [
  // 1. raw cosine with 给了: itself 1.000 first, 把 second, 小明/苹果/小王 lowest
  roundC('1  cos(x给了, x给了) prints 1.000', (c) => c.cosX[GAVE], 1, 3),
  {
    ...gtC(
      '1  cos(x给了,x把) − max cos(x给了, 小明/苹果/小王)',
      (c) => c.cosX[BA],
      (c) => Math.max(c.cosX[MING], c.cosX[APPLE], c.cosX[WANG]),
      0.1,
      0.3,
    ),
    parts: (c) => [MING, APPLE, WANG].map((j) => c.cosX[BA] - c.cosX[j]),
  },
  ltC('1  cos(x给了, x把) well below 1.000', (c) => c.cosX[BA], 0.95, 0.2),
  gtC(
    '1+ cos(x给了, x把) clearly positive',
    (c) => c.cosX[BA],
    () => 0,
    0.3,
    0.2,
  ),
  // 2. projected scores q给了·k_j : 苹果 > 小王 > 小明 > 把 > 给了
  gtC(
    '2  q给了·k苹果 − q给了·k小王',
    (c) => c.raw[APPLE],
    (c) => c.raw[WANG],
    0.1,
    0.2,
    2,
  ),
  gtC(
    '2  q给了·k小王 − q给了·k小明',
    (c) => c.raw[WANG],
    (c) => c.raw[MING],
    0.1,
    0.2,
    2,
  ),
  gtC(
    '2  q给了·k小明 − q给了·k把',
    (c) => c.raw[MING],
    (c) => c.raw[BA],
    0.1,
    0.2,
    2,
  ),
  gtC(
    '2  q给了·k把 − q给了·k给了',
    (c) => c.raw[BA],
    (c) => c.raw[GAVE],
    0.1,
    0.2,
    2,
  ),
  // 3. K of the two names nearly parallel, V clearly different
  roundC('3  cos(K小明, K小王)', (c) => c.cosK, 0.995, 3),
  ltC('3  cos(V小明, V小王)', (c) => c.cosV, 0.3, 0.3),
  gtC(
    '3+ cos(V小明, V小王) not near −1 either',
    (c) => c.cosV,
    () => 0,
    -0.5,
    0.3,
  ),
  // 4. no mask, single head, row 给了
  roundC('4  no mask, 1 head, 给了→小王', (c) => c.wFull[WANG], 32.5, 1, { mul: 100, unit: '%' }),
  // 5. causal, single head, row 给了
  roundC('5  causal, 1 head, 给了→苹果', (c) => c.wCausal[APPLE], 56.5, 1, { mul: 100, unit: '%' }),
  roundC('5  causal, 1 head, 给了→小明', (c) => c.wCausal[MING], 39.4, 1, { mul: 100, unit: '%' }),
  // 6. two heads, causal, row 给了
  roundC('6  causal, head A, 给了→小明', (c) => c.wA[MING], 89.5, 1, { mul: 100, unit: '%' }),
  roundC('6  causal, head B, 给了→苹果', (c) => c.wB[APPLE], 77.0, 1, { mul: 100, unit: '%' }),
  // 7. causal, single head, row 苹果 (sees 小明, 把, 苹果)
  roundC('7  row 苹果 scaled score →小明', (c) => c.rowApple[MING], 0.04, 2),
  roundC('7  row 苹果 scaled score →把', (c) => c.rowApple[BA], 0.36, 2),
  roundC('7  row 苹果 scaled score →苹果', (c) => c.rowApple[APPLE], 0.0, 2, { nonneg: true }),
  roundC('7  row 苹果 weight →小明', (c) => c.wApple[MING], 30, 0, { mul: 100, unit: '%' }),
  roundC('7  row 苹果 weight →把', (c) => c.wApple[BA], 41, 0, { mul: 100, unit: '%' }),
  roundC('7  row 苹果 weight →苹果', (c) => c.wApple[APPLE], 29, 0, { mul: 100, unit: '%' }),
  // sanity (not from the course text): widgets show Q, K, V and the whole 5×5 matrix
  // (`parts` lets the continuous fit see every entry instead of only the max)
  {
    ...ltC('+  max |entry| of Q, K, V', (c) => Math.max(...c.projAbs), 5, 1, 2),
    parts: (c) => c.projAbs,
  },
  {
    ...ltC('+  max |q_i·k_j| over the 5×5 matrix', (c) => Math.max(...c.rawAbs), 9, 1, 2),
    parts: (c) => c.rawAbs,
  },
  {
    ...gtC(
      '+  min |det| of Wq, Wk, Wv (no dimension lost)',
      (c) => Math.min(...c.detAbs),
      () => 0,
      0.3,
      0.5,
      2,
    ),
    parts: (c) => c.detAbs,
  },
];

// margin in value units, and normalised (1 = centred / far away, <0 = fails)
function margin(C, v) {
  if (C.kind === 'round') {
    const m = Math.min(v - C.lo, C.hi - v);
    return { m, n: m / C.half };
  }
  if (C.kind === 'gt') {
    const m = v - C.gap;
    return { m, n: Math.min(1, m / C.scaleN) };
  }
  const m = C.bound - v;
  return { m, n: Math.min(1, m / C.scaleN) };
}
// strict pass: value prints as the target (round kinds use the half-open
// interval [lo, hi), which is what toFixed / Math.round agree on away from ties)
function passes(C, v) {
  if (C.kind === 'round') return v >= C.lo && v < C.hi && C.show(v) === C.target;
  if (C.kind === 'gt') return v > C.gap;
  return v < C.bound;
}

// ---------------------------------------------------------------- objectives
const MAXABS = 3;
const X_MAXABS = 2; // embeddings a bit smaller still
const limit = (i) => (i < NX ? X_MAXABS : MAXABS);
function valuesOf(p, A = ARITH.f64) {
  const c = compute(p, A);
  return CONSTRAINTS.map((C) => C.get(c));
}
// discrete objective: every constraint must reach a normalised margin >= tau
function violation(p, tau) {
  const c = compute(p, ARITH.f64);
  let V = 0,
    minN = Infinity;
  CONSTRAINTS.forEach((C) => {
    let { n } = margin(C, C.get(c));
    if (!Number.isFinite(n)) n = -10; // e.g. a zero vector makes a cosine NaN
    minN = Math.min(minN, n);
    if (n < tau) V += (tau - n) ** 2 + (n < 0 ? 1 : 0);
  });
  p.forEach((v, i) => {
    if (Math.abs(v) > limit(i) + 1e-9) V += 10;
  });
  // Q, K, V are exact 3-decimal numbers (x has 1 decimal, W up to 2): an entry
  // ending in 5 would print at 2 decimals by the luck of binary rounding
  for (const M of [c.Q, c.K, c.V])
    for (const row of M)
      for (const v of row) if (tieDist({ v, dec: 2, mul: 1 }) < TIE_MIN) V += 0.01;
  return { V, minN };
}

// ---------------------------------------------------------------- grids
const isX = (i) => i < NX;
const snap = (v, step) => Math.round(v / step) * step;
const clean = (v) => Number(v.toFixed(2)) + 0; // kills -0 and 0.30000000000000004
const dec2 = (v) => Math.abs(v * 10 - Math.round(v * 10)) > 1e-9; // needs 2 decimals
const W_IDX = Array.from({ length: 3 * NW }, (_, k) => NX + k);
function niceCost(p) {
  let c = 0;
  p.forEach((v, i) => {
    if (dec2(v)) c += 1;
    else if (!isX(i) && v !== 0) c += 0.05; // mild preference for zeros in W
  });
  return c;
}

// ---------------------------------------------------------------- phase 1: continuous
// Residuals for Levenberg–Marquardt. A "round" constraint contributes nothing
// while its value stays within the inner (1 − tauC) part of its rounding
// interval, and grows linearly (in half-interval units) outside it; orderings
// and bounds are hinges on the normalised margin; magnitudes are kept under
// their limits (x: 2, matrices: 3) minus 0.3, and a tiny ridge term keeps the numbers small.
function residuals(p, tauC) {
  const c = compute(p, ARITH.f64);
  const r = [];
  const hinge = (C, v) => {
    if (!Number.isFinite(v)) return 10;
    if (C.kind === 'round') {
      const dev = Math.abs(v - C.centre),
        allowed = (1 - tauC) * C.half;
      return dev > allowed ? (dev - allowed) / C.half : 0;
    }
    const { n } = margin(C, v);
    return n < tauC ? tauC - n : 0;
  };
  for (const C of CONSTRAINTS) {
    if (!C.parts) {
      r.push(hinge(C, C.get(c)));
      continue;
    }
    // a part is a plain value; turn it into the form C.get would return
    for (const v of C.parts(c)) r.push(hinge(C, v));
  }
  p.forEach((v, i) => {
    const e = Math.abs(v) - (limit(i) - 0.3);
    r.push(e > 0 ? 5 * e : 0);
  });
  for (const v of p) r.push(1e-3 * v);
  return r;
}
function explain(p) {
  // debugging aid: which constraints are still unmet (DBG=1)
  const vals = valuesOf(p);
  CONSTRAINTS.forEach((C, i) => {
    const { n } = margin(C, vals[i]);
    if (!(n >= TAU_C)) log(`     ${C.name}: ${vals[i]} (norm ${n.toFixed(3)})`);
  });
}
const sumsq = (r) => r.reduce((a, b) => a + b * b, 0);
const corePart = (p, tauC) => {
  const r = residuals(p, tauC);
  return sumsq(r.slice(0, r.length - p.length));
};
function solveLinear(A, b) {
  // Gaussian elimination with partial pivoting
  const n = b.length,
    M = A.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r][c]) > Math.abs(M[piv][c])) piv = r;
    [M[c], M[piv]] = [M[piv], M[c]];
    for (let r = c + 1; r < n; r++) {
      const f = M[r][c] / M[c][c];
      if (f !== 0) for (let k = c; k <= n; k++) M[r][k] -= f * M[c][k];
    }
  }
  const x = new Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = M[r][n];
    for (let k = r + 1; k < n; k++) s -= M[r][k] * x[k];
    x[r] = s / M[r][r];
  }
  return x;
}
// Levenberg–Marquardt over the entries listed in idx.
function lm(p0, idx, tauC, iters = 150) {
  let p = p0.slice();
  let r = residuals(p, tauC),
    f = sumsq(r),
    lambda = 1e-2;
  const h = 1e-7;
  for (let it = 0; it < iters && idx.length; it++) {
    if (corePart(p, tauC) < 1e-12) break;
    const J = idx.map((i) => {
      // columns
      const s = p[i];
      p[i] = s + h;
      const rp = residuals(p, tauC);
      p[i] = s - h;
      const rm = residuals(p, tauC);
      p[i] = s;
      return rp.map((v, k) => (v - rm[k]) / (2 * h));
    });
    const n = idx.length;
    const JtJ = Array.from({ length: n }, (_, a) =>
      Array.from({ length: n }, (_, b) => {
        let s = 0;
        for (let k = 0; k < r.length; k++) s += J[a][k] * J[b][k];
        return s;
      }),
    );
    const Jtr = J.map((col) => {
      let s = 0;
      for (let k = 0; k < r.length; k++) s += col[k] * r[k];
      return s;
    });
    let accepted = false;
    for (let tries = 0; tries < 12 && !accepted; tries++) {
      const A = JtJ.map((row, a) => row.map((v, b) => (a === b ? v + lambda * (1 + v) : v)));
      const d = solveLinear(
        A,
        Jtr.map((v) => -v),
      );
      const q = p.slice();
      idx.forEach((i, a) => {
        q[i] += d[a];
      });
      const rq = residuals(q, tauC),
        fq = sumsq(rq);
      if (Number.isFinite(fq) && fq < f) {
        p = q;
        r = rq;
        f = fq;
        lambda = Math.max(lambda / 3, 1e-9);
        accepted = true;
      } else lambda *= 4;
    }
    if (!accepted) break;
  }
  return p;
}

// ---------------------------------------------------------------- phase 2: progressive rounding
// Fix the matrix entries one by one — first trying the 0.1 grid (or 0), the
// easy ones first — re-fitting all still-free entries after each step. Entries
// that cannot go to the 0.1 grid are later put on the 0.01 grid the same way.
const FIT_MIN = 0.45; // a continuous fit counts when every normalised margin is >= this
const fitOk = (q) => violation(q, 0).minN >= FIT_MIN;
const TAU_C = 0.6; // continuous target: keep 60 % of every half-interval as margin
function progressiveRounding(p0) {
  let p = p0.slice();
  const free = new Set(W_IDX);
  const freeList = (except) => [...free].filter((j) => j !== except);
  const ok = (q) => fitOk(q);
  const byDist = (step) =>
    [...free].sort((a, b) => Math.abs(p[a] - snap(p[a], step)) - Math.abs(p[b] - snap(p[b], step)));
  for (const i of byDist(0.1)) {
    const cands = Math.abs(p[i]) < 0.25 ? [0, clean(snap(p[i], 0.1))] : [clean(snap(p[i], 0.1))];
    for (const c of [...new Set(cands)]) {
      const q = p.slice();
      q[i] = c;
      const fit = lm(q, freeList(i), TAU_C, 60);
      if (ok(fit)) {
        p = fit;
        free.delete(i);
        break;
      }
    }
  }
  const twoDec = [...free];
  return { p: p.map((v, i) => (isX(i) ? v : clean(snap(v, 0.01)))), twoDec };
}

// ---------------------------------------------------------------- phase 3: discrete search on the
// grid
// The tight constraints (windows of 0.1 % on a weight) are far narrower than
// what one 0.01 step of a matrix entry does, so the last digits are found by
// a local search on the 0.01 grid over all matrix entries. Objective:
//   V(tau)  = sum of squared shortfalls of the normalised margins below tau
//   + lambda · niceCost   (number of entries that need a second decimal)
// Moves: one entry ±0.01..0.03 / snapped to 0.1 / set to 0; when none helps,
// pairs of entries ±0.01; for simplification, "snap i to 0.1 and move j".
function gridSearch(p0, tau, lambda, rand, { movable = W_IDX, maxIter = 600 } = {}) {
  let p = p0.slice();
  const score = (q) => {
    const v = violation(q, tau);
    return { ...v, s: v.V + lambda * niceCost(q) };
  };
  let cur = score(p);
  const tryMoves = (gen) => {
    let best = null;
    for (const q of gen()) {
      if (q.some((v, i) => Math.abs(v) > limit(i))) continue;
      const s = score(q);
      if (s.s < cur.s - 1e-15 && (!best || s.s < best.s.s)) best = { q, s };
    }
    if (best) {
      p = best.q;
      cur = best.s;
      return true;
    }
    return false;
  };
  function* singles() {
    for (const i of movable) {
      const cands = new Set([-3, -2, -1, 1, 2, 3].map((d) => clean(p[i] + d * 0.01)));
      cands.add(clean(snap(p[i], 0.1)));
      cands.add(0);
      cands.delete(p[i]);
      for (const c of cands) {
        const q = p.slice();
        q[i] = c;
        yield q;
      }
    }
  }
  function* pairs() {
    for (let a = 0; a < movable.length; a++)
      for (let b = a + 1; b < movable.length; b++)
        for (const da of [-1, 1])
          for (const db of [-1, 1]) {
            const q = p.slice();
            q[movable[a]] = clean(q[movable[a]] + da * 0.01);
            q[movable[b]] = clean(q[movable[b]] + db * 0.01);
            yield q;
          }
  }
  function* snapAndRepair() {
    const two = movable.filter((i) => dec2(p[i]));
    for (const i of two)
      for (const c of [Math.floor(p[i] * 10 + 1e-9) / 10, Math.ceil(p[i] * 10 - 1e-9) / 10]) {
        for (const j of two) {
          if (j === i) continue;
          for (const d of [-3, -2, -1, 1, 2, 3]) {
            const q = p.slice();
            q[i] = clean(c);
            q[j] = clean(q[j] + d * 0.01);
            yield q;
          }
        }
      }
  }
  let it = 0;
  for (; it < maxIter; it++) {
    if (tryMoves(singles)) continue;
    if (tryMoves(pairs)) continue;
    if (cur.V === 0) {
      if (lambda > 0 && tryMoves(snapAndRepair)) continue;
      break;
    }
    // stuck while infeasible: random triple kick, kept if not much worse
    let kicked = false;
    for (let t = 0; t < 200 && !kicked; t++) {
      const q = p.slice();
      for (let k = 0; k < 3; k++) {
        const i = movable[Math.floor(rand() * movable.length)];
        q[i] = clean(q[i] + (rand() < 0.5 ? -1 : 1) * 0.01 * (1 + Math.floor(rand() * 2)));
      }
      const s = score(q);
      if (s.V < cur.V * 1.5) {
        p = q;
        cur = s;
        kicked = true;
      }
    }
    if (!kicked) break;
  }
  return { p, ...cur, iters: it };
}

// ---------------------------------------------------------------- solve
// search target: every printed value keeps >= 35 % of its half-interval to the rounding edge
const TAU = 0.35;
const LAMBDA = 2e-3;
function solve() {
  const starts = 16,
    wanted = 3;
  let best = null,
    found = 0;
  for (let s = 0; s < starts && found < wanted; s++) {
    const rand = mulberry32(SEED + 7919 * s); // each start has its own stream
    const t0 = Date.now();
    // x: random on the 0.1 grid (|x| <= 1.5) until the x-only constraints
    // (the raw-cosine ordering) hold with a wide margin; then fit the matrices
    let x;
    for (;;) {
      x = Array.from({ length: NX }, () => clean(Math.round((rand() * 2 - 1) * 15) / 10));
      const c = {
        cosX: unpack([...x, ...new Array(3 * NW).fill(0)]).x.map((row, _, X) =>
          cosine(X[GAVE], row, ARITH.f64),
        ),
      };
      const xC = CONSTRAINTS.filter((C) => C.name.startsWith('1'));
      if (xC.every((C) => margin(C, C.get(c)).n >= 0.8)) break;
    }
    const p0 = [...x, ...Array.from({ length: 3 * NW }, () => clean((rand() * 2 - 1) * 1.0))];
    const p = lm(p0, W_IDX, TAU_C, 300);
    if (process.env.DBG) explain(p);
    if (!fitOk(p)) {
      log(
        `start ${s} (${((Date.now() - t0) / 1000).toFixed(1)} s): continuous fit of the matrices: min margin ${violation(p, 0).minN.toFixed(3)}: skip`,
      );
      continue;
    }
    const pr = progressiveRounding(p);
    const g = gridSearch(pr.p, TAU, LAMBDA, rand, { maxIter: 60 }); // good starts need ~5–15 steps
    const t1 = Date.now();
    log(
      `start ${s} (${((t1 - t0) / 1000).toFixed(1)} s): ${pr.twoDec.length} entries off the 0.1 grid after the continuous fit; grid search V=${g.V.toExponential(2)}, min margin ${g.minN.toFixed(3)}, ${g.p.filter(dec2).length} entries with 2 decimals, ${g.iters} steps`,
    );
    if (g.V > 0) continue;
    // push margins up while staying feasible: first moving only the entries
    // that already have 2 decimals, then any matrix entry (a new 2-decimal
    // entry is accepted only when it buys margin, via LAMBDA)
    let bestTau = TAU,
      pp = g.p;
    const g0ok = displayCheck(g.p).okTie;
    for (const t of [0.4, 0.45, 0.5, 0.55, 0.6]) {
      let h = gridSearch(pp, t, 0, rand, {
        movable: W_IDX.filter((i) => dec2(pp[i])),
        maxIter: 200,
      });
      if (h.V > 0) h = gridSearch(pp, t, LAMBDA, rand, { maxIter: 200 });
      if (h.V > 0 || !displayCheck(h.p).okTie) break;
      pp = h.p;
      bestTau = t;
    }
    if (pp === g.p && !g0ok) {
      log('   some displayed number sits on a rounding tie: skip');
      continue;
    }
    found++;
    const cand = { p: pp, nice: niceCost(pp), minN: violation(pp, 0).minN, start: s, tau: bestTau };
    log(
      `   (${((Date.now() - t1) / 1000).toFixed(1)} s) margins pushed to tau ${bestTau}: min normalised margin ${cand.minN.toFixed(3)}, ${pp.filter(dec2).length} entries with 2 decimals`,
    );
    if (
      !best ||
      cand.nice < best.nice - 0.5 ||
      (cand.nice < best.nice + 0.5 && cand.minN > best.minN)
    )
      best = cand;
  }
  if (!best) throw new Error('no feasible solution found; try another --seed');
  log(`chosen: start ${best.start}`);
  return best.p;
}

// ---------------------------------------------------------------- fixed checks (en-the-cat, score
// examples)
function checkExtras(data) {
  const rows = [];
  const add = (name, target, got) => rows.push({ name, target, got, ok: target === got });
  // en-the-cat: causal, scale 1/√2
  const cat = data?.worlds?.['en-the-cat'] ?? EN_THE_CAT;
  for (const [an, A] of Object.entries({ f64: ARITH.f64, f32: ARITH.f32 })) {
    const Q = cat.x.map((r) => matvec(r, cat.Wq, A));
    const K = cat.x.map((r) => matvec(r, cat.Wk, A));
    const V = cat.V ?? cat.x.map((r) => matvec(r, cat.Wv, A));
    const out = Q.map((q, i) => {
      const s = K.map((k, j) => (j <= i ? scale(dot(q, k, A), cat.dModel, A) : -Infinity));
      const w = softmax(s, A);
      return [0, 1].map((c) => w.reduce((acc, wj, j) => A.r(acc + A.r(wj * V[j][c])), A.r(0)));
    });
    const f = (v) => `[${v.map((u) => u.toFixed(2)).join(', ')}]`;
    add(`cat (${an}) out[The]`, '[0.54, -0.16]', f(out[0]));
    add(`cat (${an}) out[cat]`, '[0.42, 0.24]', f(out[1]));
  }
  const ex = data?.scoreExamples ?? SCORE_EXAMPLES;
  if (!ex.dialog || !ex.car) {
    add('scoreExamples present', 'dialog, car', Object.keys(ex).join(', ') || '(none)');
    return rows;
  }
  const dlg = softmax(ex.dialog.scores, ARITH.f64)
    .map((v) => (v * 100).toFixed(1) + '%')
    .join(' / ');
  add(`softmax dialog [${ex.dialog.scores}]`, '24.5% / 9.0% / 66.5%', dlg);
  const car = ex.car.scores;
  const sum = car.reduce((a, b) => a + b, 0);
  const last = ex.car.tokens.at(-1);
  add(
    `proportional car [${car}] → ${last['zh-CN'] ?? last}`,
    '-44.4%',
    ((car.at(-1) / sum) * 100).toFixed(1) + '%',
  );
  return rows;
}

// ---------------------------------------------------------------- report
function report(p, data) {
  const c64 = compute(p, ARITH.f64);
  const others = [ARITH.f32, ARITH.f32div].map((A) => compute(p, A));
  let allOk = true;
  const lines = [];
  const pad = (s, n) => {
    s = String(s);
    const w = [...s].reduce((a, ch) => a + (ch.charCodeAt(0) > 0x2e7f ? 2 : 1), 0);
    return s + ' '.repeat(Math.max(0, n - w));
  };
  lines.push('margin = distance to the nearest rounding edge (or to the bound), in printed units;');
  lines.push(
    'norm = margin / half the rounding interval (1 = dead centre), capped at 1 for bounds.',
  );
  lines.push('float32 = printed value under Math.fround arithmetic (two variants are checked).');
  lines.push(
    pad('constraint', 52) +
      pad('target', 10) +
      pad('float64', 12) +
      pad('printed', 9) +
      pad('float32', 9) +
      pad('margin', 11) +
      pad('norm', 6) +
      'ok',
  );
  for (const C of CONSTRAINTS) {
    const v = C.get(c64);
    const v32s = others.map((c) => C.get(c));
    const ok64 = passes(C, v);
    const ok32 = v32s.every((u) => passes(C, u) && C.show(u) === C.show(v));
    const { m, n } = margin(C, v);
    const ok = ok64 && ok32;
    allOk &&= ok;
    lines.push(
      pad(C.name, 52) +
        pad(C.target, 10) +
        pad(C.showFine(v), 12) +
        pad(C.show(v), 9) +
        pad(C.show(v32s[0]), 9) +
        pad(fmtMargin(C, m), 11) +
        pad(n.toFixed(2), 6) +
        (ok ? 'PASS' : 'FAIL'),
    );
  }
  {
    const { a, differ, worst, okTie } = displayCheck(p);
    allOk &&= okTie;
    lines.push(
      pad(`+  ${a.length} displayed numbers: f32 = f64, off ties`, 52) +
        pad(`>= ${TIE_MIN.toExponential(0)}`, 10) +
        pad(tieDist(worst).toExponential(1), 12) +
        pad(`(${worst.label})`, 46) +
        (okTie ? 'PASS' : 'FAIL'),
    );
    for (const e of differ) lines.push(`     differs: ${e.label}`);
  }
  const d = unpack(p);
  const big = p.filter((v) => Math.abs(v) > MAXABS);
  const grid = p.filter((v) => Math.abs(v * 100 - Math.round(v * 100)) > 1e-9);
  const okMag = big.length === 0,
    okGrid = grid.length === 0;
  allOk &&= okMag && okGrid;
  lines.push(
    pad(`all |value| <= ${MAXABS}`, 52) +
      pad('', 10) +
      pad(Math.max(...p.map(Math.abs)).toFixed(2), 12) +
      ' '.repeat(46) +
      (okMag ? 'PASS' : 'FAIL'),
  );
  lines.push(
    pad('all values have at most 2 decimals', 52) +
      pad('', 10) +
      pad(`${p.filter(dec2).length} of ${p.length} use 2`, 12) +
      ' '.repeat(46) +
      (okGrid ? 'PASS' : 'FAIL'),
  );
  lines.push('');
  lines.push('extra checks');
  for (const r of checkExtras(data)) {
    allOk &&= r.ok;
    lines.push(pad(r.name, 40) + pad(r.target, 24) + pad(r.got, 24) + (r.ok ? 'PASS' : 'FAIL'));
  }
  return { text: lines.join('\n'), ok: allOk, d, c64 };
}

function fmtMargin(C, m) {
  if (C.kind === 'round') {
    const u = m * C.mul;
    return C.unit === '%' ? u.toFixed(4) + ' pp' : u.toExponential(2);
  }
  return m.toFixed(3);
}
function fmtMat(M) {
  return M.map((r) => '[' + r.map((v) => v.toFixed(2).padStart(5)).join(', ') + ']').join('\n');
}

// ---------------------------------------------------------------- JSON
const EN_THE_CAT = {
  title: {
    'zh-CN': 'The cat（两个 token 的手算例子）',
    en: 'The cat (a two-token worked example)',
  },
  tokens: ['The', 'cat'],
  tokensEn: ['The', 'cat'],
  dModel: 2,
  heads: 1,
  x: [
    [1.0, 0.2],
    [0.3, 0.9],
  ],
  Wq: [
    [1, 0],
    [0, 1],
  ],
  Wk: [
    [1, 0],
    [0, 1],
  ],
  V: [
    [0.54, -0.16],
    [0.33, 0.54],
  ],
  note: {
    'zh-CN':
      '手工构造的教学数据：Wq、Wk 取单位矩阵，所以 Q = K = x；V 直接给出。因果掩码，缩放 1/√2。',
    en: 'Hand-constructed teaching data: Wq and Wk are identity matrices, so Q = K = x; V is given directly. Causal mask, scale 1/√2.',
  },
};
// course-data/teaching-world.schema.json: a world has exactly the fields below
// (no extras), and a score example is {tokens, scores} with tokens either
// plain strings or {zh-CN, en} pairs.
const bi = (zh, en) => ({ 'zh-CN': zh, en });
const SCORE_EXAMPLES = {
  dialog: {
    tokens: [bi('你好', 'hello'), bi('我想', 'I want to'), bi('订票', 'book a ticket')],
    scores: [8, 7, 9],
  },
  car: {
    tokens: [bi('我', 'I'), bi('想买', 'want to buy'), bi('汽车', 'car')],
    scores: [10, 3, -4],
  },
};
function zhGiftWorld(d) {
  return {
    title: { 'zh-CN': '小明把苹果给了小王', en: 'Xiaoming gave the apple to Xiaowang' },
    tokens: TOK.slice(),
    tokensEn: ['Xiaoming', 'ba (object marker)', 'apple', 'gave', 'Xiaowang'],
    dModel: 4,
    heads: 2,
    x: d.x,
    Wq: d.Wq,
    Wk: d.Wk,
    Wv: d.Wv,
    // the parts the lessons give the tokens (teaching-world.schema.json "roles")
    roles: {
      query: GAVE,
      key: APPLE,
      answer: WANG,
      object: APPLE,
      giver: MING,
      marker: BA,
      names: [MING, WANG],
    },
    note: {
      'zh-CN':
        '手工构造的教学数据，不是模型学到的；每一维都没有名字。约定：行向量，q = x·Wq；单头分数除以 √4；两头按输出列切分（头 A = 第 0–1 列，头 B = 第 2–3 列），各除以 √2。数字由 course-data/tools/solve-zh-gift.mjs 求出并核对。',
      en: 'Hand-constructed teaching data, not learned by any model; dimensions have no names. Convention: row vectors, q = x·Wq; single-head scores divided by √4; two heads split the same matrices by output columns (head A = columns 0–1, head B = columns 2–3), each divided by √2. Numbers found and checked by course-data/tools/solve-zh-gift.mjs.',
    },
  };
}
// compact JSON: numeric arrays on one line
function toJson(obj) {
  const s = JSON.stringify(obj, null, 2);
  return (
    s
      .replace(/\[\s+([-\d.,\s]+?)\s+\]/g, (_, inner) => '[' + inner.split(/,\s*/).join(', ') + ']')
      .replace(
        /\[\s+("[^"\n]*"(?:,\s+"[^"\n]*")*)\s+\]/g,
        (_, inner) => '[' + inner.split(/,\s+/).join(', ') + ']',
      )
      .replace(/\{\s+("zh-CN": "[^"\n]{0,20}"),\s+("en": "[^"\n]{0,30}")\s+\}/g, '{ $1, $2 }') +
    '\n'
  );
}

let currentData = null;
if (fs.existsSync(JSON_PATH)) currentData = JSON.parse(fs.readFileSync(JSON_PATH, 'utf8'));

let p;
if (CHECK) {
  if (!currentData?.worlds?.['zh-gift']) {
    console.error(`no zh-gift world in ${JSON_PATH}`);
    process.exit(2);
  }
  p = pack(currentData.worlds['zh-gift']);
} else {
  p = solve();
}

// the data whose en-the-cat world and score examples get checked: with
// --write, exactly what is about to be written
function merged(d) {
  const data = structuredClone(currentData ?? { version: 1, worlds: {} });
  data.version ??= 1;
  data.worlds ??= {};
  data.worlds['zh-gift'] = zhGiftWorld(d);
  data.worlds['en-the-cat'] ??= EN_THE_CAT;
  data.scoreExamples = { ...SCORE_EXAMPLES, ...(data.scoreExamples ?? {}) };
  // key order: version, worlds (zh-gift first), scoreExamples, the rest
  const worlds = { 'zh-gift': data.worlds['zh-gift'], ...data.worlds };
  return {
    ...{ version: data.version, worlds, scoreExamples: data.scoreExamples },
    ...data,
    worlds,
  };
}
const outData = WRITE ? merged(unpack(p)) : currentData;
const { text, ok, d, c64 } = report(p, outData);
if (!QUIET) {
  console.log('zh-gift numbers');
  for (const k of ['x', 'Wq', 'Wk', 'Wv']) console.log(`${k} =\n${fmtMat(d[k])}`);
  console.log('\nderived (float64)');
  console.log('Q =\n' + fmtMat(c64.Q.map((r) => r.map((v) => Math.round(v * 100) / 100))));
  console.log('K =\n' + fmtMat(c64.K.map((r) => r.map((v) => Math.round(v * 100) / 100))));
  console.log('V =\n' + fmtMat(c64.V.map((r) => r.map((v) => Math.round(v * 100) / 100))));
  console.log('cos(x给了, ·)        ' + c64.cosX.map((v) => v.toFixed(3)).join('  '));
  console.log('q给了·k (raw)        ' + c64.raw.map((v) => v.toFixed(2)).join('  '));
  console.log(
    'no mask, 1 head      ' + c64.wFull.map((v) => (v * 100).toFixed(1) + '%').join('  '),
  );
  console.log(
    'causal, 1 head       ' + c64.wCausal.map((v) => (v * 100).toFixed(1) + '%').join('  '),
  );
  console.log('causal, head A       ' + c64.wA.map((v) => (v * 100).toFixed(1) + '%').join('  '));
  console.log('causal, head B       ' + c64.wB.map((v) => (v * 100).toFixed(1) + '%').join('  '));
  console.log(
    'row 苹果 scores      ' +
      c64.rowApple.map((v) => v.toFixed(2)).join('  ') +
      '   weights ' +
      c64.wApple.map((v) => (v * 100).toFixed(0) + '%').join(' / '),
  );
  console.log('');
}
console.log(text);

if (WRITE) {
  if (!ok) {
    console.error('\nrefusing to --write: some constraint fails');
    process.exit(1);
  }
  fs.writeFileSync(JSON_PATH, toJson(outData));
  console.log(`\nwrote ${path.relative(process.cwd(), JSON_PATH)}`);
}
process.exit(ok ? 0 : 1);
