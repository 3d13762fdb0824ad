// Turns the JSON lines of the benchmark runners into one table.
//
//   node bench/report.mjs --machine "<text>" --load-end "<text>" <runner>=<file> …
//
// Runners: native, wasm-simd, wasm-scalar (the C++ benchmark, three builds of one source),
// engine-js (the whole engine), page-engine (the module the course pages load), onnxruntime-web,
// tfjs-wasm (bench/attention-peers.mjs), plain-js. Each file holds
// what one runner printed: a header ({engine, kernel_path, flops}), one line per case ({case, us,
// gflops, ...}, with max_abs_diff against the float64 reference from the JS runners and
// heap_peak_bytes from the C++ ones) and, from the C++ runners, {peak_gflops}. A runner or case
// that is missing shows as "—". It only reports: there are no thresholds.
import { readFileSync } from 'node:fs';

const RUNNERS = [
  { key: 'native', label: 'native SIMD' },
  { key: 'wasm-simd', label: 'WASM SIMD' },
  { key: 'wasm-scalar', label: 'WASM scalar' },
  { key: 'engine-js', label: 'engine.attention from JS' },
  { key: 'page-engine', label: "the pages' module from JS" },
  { key: 'onnxruntime-web', label: 'ONNX Runtime Web', peer: true },
  { key: 'tfjs-wasm', label: 'tfjs WASM', peer: true },
  { key: 'plain-js', label: 'plain JS' },
];

const opts = { machine: '', 'load-end': '' };
const files = {};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i].startsWith('--')) opts[args[i].slice(2)] = args[++i] ?? '';
  else {
    const eq = args[i].indexOf('=');
    files[args[i].slice(0, eq)] = args[i].slice(eq + 1);
  }
}

function parse(file) {
  const out = { header: null, cases: new Map(), peak: null };
  let text;
  try {
    text = file ? readFileSync(file, 'utf8') : '';
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
    if (o.case && o.us !== undefined) out.cases.set(o.case, o);
    else if (o.peak !== undefined) out.peak = o;
    else if (o.engine) out.header = o;
  }
  return out;
}

const results = Object.fromEntries(RUNNERS.map(({ key }) => [key, parse(files[key])]));
const caseNames = [];
for (const { key } of RUNNERS)
  for (const name of results[key].cases.keys()) if (!caseNames.includes(name)) caseNames.push(name);

const get = (key, name) => results[key].cases.get(name);
const us = (key, name) => get(key, name)?.us;
function bestPeer(name) {
  let best;
  for (const r of RUNNERS.filter((x) => x.peer)) {
    const t = us(r.key, name);
    if (t !== undefined && (best === undefined || t < best.us)) best = { us: t, label: r.label };
  }
  return best;
}

function fmtUs(x) {
  if (x === undefined) return '—';
  if (x < 100) return x.toFixed(1);
  return Math.round(x).toLocaleString('en-US');
}
const fmtX = (a, b) => (a === undefined || b === undefined ? '—' : `${(a / b).toFixed(2)}×`);
const fmtPct = (x) => (x === undefined ? '—' : `${Math.round(x * 100)}%`);

const header = [
  'case (µs per call)',
  ...RUNNERS.map((r) => r.label),
  'WASM SIMD vs best peer',
  'JS call vs best peer',
  'WASM ÷ native',
  'JS call ÷ WASM',
  "pages' module ÷ WASM",
  'WASM % of peak',
];
// Each C++ case line carries the SIMD peak measured just before it.
const peakOf = (key) => [...results[key].cases.values()].map((c) => c.peak_gflops).filter(Boolean);
const wasmPeak = Math.max(...peakOf('wasm-simd'), 0) || undefined;
const rows = caseNames.map((name) => {
  const best = bestPeer(name);
  const g = get('wasm-simd', name)?.gflops;
  const casePeak = get('wasm-simd', name)?.peak_gflops;
  return [
    name,
    ...RUNNERS.map((r) => fmtUs(us(r.key, name))),
    fmtX(best?.us, us('wasm-simd', name)),
    fmtX(best?.us, us('engine-js', name)),
    fmtX(us('wasm-simd', name), us('native', name)),
    fmtX(us('engine-js', name), us('wasm-simd', name)),
    fmtX(us('page-engine', name), us('wasm-simd', name)),
    fmtPct(g !== undefined && casePeak ? g / casePeak : undefined),
  ];
});

// A markdown table, so docs/benchmarks.md can quote it as printed.
const all = [header, ...rows];
const widths = header.map((_, c) => Math.max(...all.map((r) => r[c].length)));
const line = (r) =>
  `| ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(' | ')} |`;

console.log('');
console.log(`Causal attention forward, H = 8, d_head = 64, single thread — ${opts.machine}`);
if (opts['load-end']) console.log(`Load average at the end: ${opts['load-end']}.`);
console.log(
  'One run on a shared machine: compare within the table (every runner ran in the same minutes).',
);
console.log('');
console.log(line(header));
console.log(
  `|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
);
for (const r of rows) console.log(line(r));
console.log('');
console.log(
  'µs per call: median of 3–5 runs of ≥ 0.3 s each (T = 2048: one call per run). "vs best peer": the ' +
    'best peer\'s time over ours (> 1 = we are faster). "WASM % of peak": WASM SIMD GFLOP/s over the ' +
    'WASM SIMD peak measured just before that case (below).',
);
const flopsNote = RUNNERS.map(({ key }) => results[key].header?.flops).find(Boolean);
if (flopsNote) console.log(`GFLOP/s counts the ${flopsNote}.`);
console.log('');
for (const { key, label } of RUNNERS) {
  const r = results[key];
  if (!r.header) {
    console.log(`${label}: did not run`);
    continue;
  }
  const diffs = [...r.cases.values()].map((c) => c.max_abs_diff).filter((x) => x !== undefined);
  const extra = [];
  const peaks = peakOf(key);
  if (peaks.length)
    extra.push(
      `SIMD peak ${Math.min(...peaks).toFixed(1)}–${Math.max(...peaks).toFixed(1)} GFLOP/s over the run`,
    );
  const big = r.cases.get('causal T=2048');
  if (big?.heap_peak_bytes !== undefined)
    extra.push(
      `output-only heap at T = 2048: ${(big.heap_peak_bytes / 2 ** 20).toFixed(2)} MiB beyond the inputs`,
    );
  if (diffs.length)
    extra.push(
      `output vs float64 reference: max |difference| ${Math.max(...diffs).toExponential(2)}`,
    );
  console.log(`${label}: ${r.header.kernel_path}${extra.length ? `; ${extra.join('; ')}` : ''}`);
}
if (results['wasm-simd'].peak) console.log(`SIMD peak: ${results['wasm-simd'].peak.peak}.`);

// The three C++ builds run the same C++ on the same attn::Rng inputs: their output sums agree
// (to the bit where the kernels do the same operations), which shows they timed the same thing.
let worst = 0;
for (const name of caseNames) {
  const sums = ['native', 'wasm-simd', 'wasm-scalar']
    .map((key) => get(key, name)?.checksum)
    .filter((x) => x !== undefined);
  for (const s of sums)
    worst = Math.max(worst, Math.abs(s - sums[0]) / Math.max(1, Math.abs(sums[0])));
}
console.log(
  `C++ builds: output sums agree to a relative ${worst.toExponential(1)} across all cases.`,
);

// The GEMM benchmark (cpp/bench/gemm_bench.cpp), natively and in WASM, when given.
const gemmLines = (file) => {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{"gemm"'))
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};
const gemm = { native: gemmLines(files['gemm-native']), wasm: gemmLines(files['gemm-wasm']) };
if (gemm.native.length || gemm.wasm.length) {
  const shapes = [...new Set([...gemm.native, ...gemm.wasm].map((g) => g.gemm))];
  const gf = (list, shape, kernel) =>
    list.find((g) => g.gemm === shape && g.kernel === kernel)?.gflops;
  const cols = ['f32', 'f16', 'scalar'];
  const gHeader = [
    'GEMM (GFLOP/s)',
    ...cols.map((k) => `native ${k}`),
    ...cols.map((k) => `WASM ${k}`),
    'WASM f32 % of peak',
  ];
  const gRows = shapes.map((shape) => [
    shape,
    ...cols.map((k) => gf(gemm.native, shape, k)?.toFixed(2) ?? '—'),
    ...cols.map((k) => gf(gemm.wasm, shape, k)?.toFixed(2) ?? '—'),
    fmtPct(wasmPeak ? (gf(gemm.wasm, shape, 'f32') ?? NaN) / wasmPeak : undefined),
  ]);
  const gAll = [gHeader, ...gRows];
  const gw = gHeader.map((_, c) => Math.max(...gAll.map((r) => r[c].length)));
  const gLine = (r) =>
    `| ${r.map((cell, c) => (c === 0 ? cell.padEnd(gw[c]) : cell.padStart(gw[c]))).join(' | ')} |`;
  console.log('');
  console.log(gLine(gHeader));
  console.log(
    `|${gw.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const r of gRows) console.log(gLine(r));
  console.log(
    'f16: B stored as IEEE halves, converted while packing. scalar: the twin (an axpy per element ' +
      'of A). % of peak: of the highest WASM SIMD peak of the run.',
  );
}
