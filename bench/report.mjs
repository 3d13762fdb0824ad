// Turns the JSON lines of the four benchmark runners into one table.
//
//   node bench/report.mjs --machine "<text>" \
//     native=<file> wasm-simd=<file> wasm-scalar=<file> plain-js=<file>
//
// Each file holds what one runner printed: a header line ({engine, kernel_path, flops}), one
// line per case ({case, us, gflops, ...}) and, from the plain-JS runner, {check, max_abs_diff}
// lines. Lines that are not JSON objects are ignored. A runner or case that is missing shows
// as "—". It only reports: there are no thresholds.
import { readFileSync } from 'node:fs';

const RUNNERS = [
  { key: 'native', label: 'native -O3' },
  { key: 'wasm-simd', label: 'WASM SIMD' },
  { key: 'wasm-scalar', label: 'WASM scalar' },
  { key: 'plain-js', label: 'plain JS' },
];

let machine = '';
const files = {};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--machine') machine = args[++i] ?? '';
  else {
    const eq = args[i].indexOf('=');
    files[args[i].slice(0, eq)] = args[i].slice(eq + 1);
  }
}

function parse(file) {
  const out = { header: null, cases: new Map(), checks: [] };
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return out;
  }
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let o;
    try {
      o = JSON.parse(line);
    } catch {
      continue;
    }
    if (o.case) out.cases.set(o.case, o);
    else if (o.check) out.checks.push(o);
    else if (o.engine) out.header = o;
  }
  return out;
}

const results = Object.fromEntries(
  RUNNERS.map(({ key }) => [key, files[key] ? parse(files[key]) : parse('')]),
);
const caseNames = [];
for (const { key } of RUNNERS)
  for (const name of results[key].cases.keys()) if (!caseNames.includes(name)) caseNames.push(name);

const us = (key, name) => results[key].cases.get(name)?.us;
const gflops = (key, name) => results[key].cases.get(name)?.gflops;

function fmtUs(x) {
  if (x === undefined) return '—';
  if (x < 100) return x.toFixed(1);
  return Math.round(x).toLocaleString('en-US');
}
const fmtG = (x) => (x === undefined ? '—' : x.toFixed(2));
const fmtRatio = (a, b) => (a === undefined || b === undefined ? '—' : `${(a / b).toFixed(2)}×`);

const header1 = [
  '',
  ...RUNNERS.flatMap(({ label }) => [label, '']),
  'time ÷ native',
  '',
  '',
  'SIMD',
];
const header2 = [
  'case',
  ...RUNNERS.flatMap(() => ['µs/call', 'GFLOP/s']),
  'SIMD',
  'scalar',
  'JS',
  'speed-up',
];
const rows = caseNames.map((name) => [
  name,
  ...RUNNERS.flatMap(({ key }) => [fmtUs(us(key, name)), fmtG(gflops(key, name))]),
  fmtRatio(us('wasm-simd', name), us('native', name)),
  fmtRatio(us('wasm-scalar', name), us('native', name)),
  fmtRatio(us('plain-js', name), us('native', name)),
  fmtRatio(us('wasm-scalar', name), us('wasm-simd', name)),
]);

const all = [header1, header2, ...rows];
const widths = header2.map((_, c) => Math.max(...all.map((r) => r[c].length)));
const line = (r) =>
  r
    .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
    .join('  ')
    .trimEnd();

console.log('');
console.log(`Causal attention forward, H = 8, d_head = 64 — ${machine}`);
console.log(
  'One run on a shared, noisy machine: read the ratios as rough, not as properties of the code.',
);
console.log('');
console.log(line(header1));
console.log(line(header2));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
console.log('');
console.log('µs/call: median of 3–5 runs of ≥ 0.3 s each (T = 2048: one call per run).');
const flopsNote = RUNNERS.map(({ key }) => results[key].header?.flops).find(Boolean);
if (flopsNote) console.log(`GFLOP/s counts the ${flopsNote}.`);
console.log(
  "time ÷ native: µs/call of that runner over native's (> 1 = slower). " +
    "SIMD speed-up: WASM scalar µs/call over WASM SIMD's.",
);
console.log('');
for (const { key, label } of RUNNERS) {
  const h = results[key].header;
  console.log(`${label.padEnd(12)} ${h ? `kernels: ${h.kernel_path}` : 'did not run'}`);
}

// The three engine builds run the same C++ on the same attn::Rng inputs: their output sums
// should agree to float rounding (the SIMD path has its own exp), which shows they timed the
// same computation.
let worst = 0;
for (const name of caseNames) {
  const sums = ['native', 'wasm-simd', 'wasm-scalar']
    .map((key) => results[key].cases.get(name)?.checksum)
    .filter((x) => x !== undefined);
  for (const s of sums)
    worst = Math.max(worst, Math.abs(s - sums[0]) / Math.max(1, Math.abs(sums[0])));
}
console.log(
  `engine builds, output sums agree to a relative ${worst.toExponential(1)} across all cases`,
);
for (const c of results['plain-js'].checks)
  console.log(
    c.max_abs_diff === undefined
      ? `plain JS vs engine: check ${c.check} (${c.note})`
      : `plain JS vs WASM engine (${c.engine_path}), ${c.check}: max |difference| = ${c.max_abs_diff.toExponential(2)}`,
  );
