// web/attn-engine.d.ts against the real engine: the functions dist/attn-engine.js exports (read
// from the live module) and the members of the `AttnEngine` interface must be the same names,
// both ways, with the same numbers of arguments; and what each function RETURNS, called on a
// small input, must have the shape its declared return type says: the same keys (none missing
// that is not optional, none undeclared), the same kinds (number, string literal, array,
// Float32Array or another typed array, null), all the way down. TypeScript itself reads the
// .d.ts: the test writes a probe that states the engine's names and arities, and the observed
// result shapes, as types, and runs tsc on it, so any syntax the .d.ts uses (overloads,
// comments, generics) is read as the compiler reads it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engine as loadEngine, readJson } from '../helpers/fixture.mjs';
import { expectedTensors } from '../../web/model-files/expected-tensors.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsc = join(root, 'node_modules', '.bin', 'tsc');
/** The .d.ts as a probe imports it. */
const DTS = JSON.stringify(join(root, 'web', 'attn-engine.js'));
let exported;
let engineInstance;

/** Embind's functions on the module, each with the argument counts it accepts. */
function embindFunctions(engine) {
  const out = new Map();
  for (const [name, f] of Object.entries(engine)) {
    if (typeof f !== 'function') continue;
    // Embind marks what it registers: argCount, or an overloadTable keyed by argument count.
    if (f.overloadTable)
      out.set(
        name,
        Object.keys(f.overloadTable)
          .filter((k) => /^\d+$/.test(k))
          .map(Number)
          .sort(),
      );
    else if (typeof f.argCount === 'number') out.set(name, [f.argCount]);
  }
  return out;
}

before(async () => {
  engineInstance = await loadEngine();
  exported = embindFunctions(engineInstance);
});

/** Runs tsc on the TypeScript `source` (a probe module beside the .d.ts's import). */
function tscOn(source) {
  const dir = mkdtempSync(join(tmpdir(), 'attn-dts-'));
  try {
    writeFileSync(join(dir, 'probe.ts'), source);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          types: [],
        },
        files: ['probe.ts'],
      }),
    );
    const r = spawnSync(tsc, ['-p', dir], { encoding: 'utf8' });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs tsc on a probe that checks `functions` (name → arities) against AttnEngine. */
function checkWithTsc(functions) {
  const names = [...functions.keys()].map((n) => JSON.stringify(n)).join(' | ');
  const arities = [...functions]
    .map(([n, counts]) => `  ${JSON.stringify(n)}: ${counts.join(' | ')};`)
    .join('\n');
  return tscOn(`import type { AttnEngine } from ${DTS};
type Exported = ${names};
interface Arities {
${arities}
}
// "ok" unless the two sets differ; the error shows the names that do.
type Same<A, B> = [A] extends [never] ? ([B] extends [never] ? 'ok' : B) : A;
export const notInDts: Same<Exclude<Exported, keyof AttnEngine>, never> = 'ok';
export const notExported: Same<Exclude<keyof AttnEngine, Exported>, never> = 'ok';
// Argument counts: those the .d.ts allows (optional parameters give several) against Embind's.
type Common = keyof AttnEngine & keyof Arities;
type Counts<K extends Common> = Parameters<AttnEngine[K]>['length'];
type ArityMismatch = {
  [K in Common]: [Counts<K>, Arities[K]] extends [Arities[K], Counts<K>] ? never : K;
}[Common];
export const aritiesDiffer: Same<ArityMismatch, never> = 'ok';
`);
}

test('the engine exports the functions the .d.ts declares, and no others', () => {
  assert.ok(exported.size >= 28, `found ${exported.size} Embind functions`);
  assert.deepEqual(exported.get('softmax'), [1, 2], 'softmax: scores, then optional options');
  const r = checkWithTsc(exported);
  assert.ok(r.ok, `web/attn-engine.d.ts and the engine's exports differ:\n${r.output}`);
});

test('the probe catches drift both ways and in argument counts', () => {
  const extra = new Map(exported).set('notAnEngineFunction', [1]);
  const extraRun = checkWithTsc(extra);
  assert.ok(!extraRun.ok && extraRun.output.includes('notAnEngineFunction'), extraRun.output);

  const missing = new Map(exported);
  missing.delete('labUnload');
  const missingRun = checkWithTsc(missing);
  assert.ok(!missingRun.ok && missingRun.output.includes('labUnload'), missingRun.output);

  const arity = new Map(exported).set('dot', [3]);
  const arityRun = checkWithTsc(arity);
  assert.ok(!arityRun.ok && arityRun.output.includes('dot'), arityRun.output);
});

// ---------------------------------------------------------------- result shapes
// One program, run twice: by node on the real engine (each `const` an engine call on a small
// input), and by tsc in the probe, where each `const` gets the type the .d.ts gives that call.
// Every function the engine exports is called at least once. The inputs the program names are
// made below (INPUTS) and declared in the probe with their .d.ts types.
const PROGRAM = `
const att = e.attention({ q: Q, k: K, v: V, nHeads: 2, causal: true, sinkLogit: 0 });
const attOutput = e.attention({ q: Q, k: K, v: V, want: ['output'] });
const product = e.matmul(Q, W);
const soft = e.softmax([1, 2, 3], { sinkLogit: 0 });
const split = e.proportionalSplit([1, 2, 3]);
const dotted = e.dot([1, 2], [3, 4]);
const cos = e.cosine([1, 2], [3, 4]);
const scores = e.scoreMatrix(Q, K);
const cosines = e.cosineMatrix(Q, K);
const additive = e.additiveScore({ q: [1, 0], k: [0, 1], W1: [[1, 0], [0, 1]], W2: [[1, 0], [0, 1]], v: [1, 1] });
const memory = e.scoreMemory({ T: 8, dA: 4 });
const causal = e.causalMask(3, 3);
const rotated = e.rope(Q, { nHeads: 2 });
const freqs = e.ropeFrequencies(4);
const tinyGen = e.tinyDecoderGenerate({ prompt: [1, 2], steps: 2 });
const tinyForward = e.tinyDecoderForward({ tokens: [1, 2, 3] });
const tinyCheck = e.tinyDecoderIncrementalCheck({ tokens: [1, 2, 3] });
const latent = e.mla({});
const ledger = e.kvLedger(GQA_MODEL);
const variants = e.kvLedgerVariants(GQA_MODEL);
const mlaVariants = e.kvLedgerVariants(MLA_MODEL);
const reduction = e.kvReduction(100, 50);
const stages = e.modelStages(GQA_MODEL, 8);
const variance = e.softmaxVariance({ nSamples: 10 });
const patterns = e.headPatterns(att.weights);
const lab = e.labLoad(LAB_BYTES);
const labRun = e.labRun(lab.id, { text: 'ab', attention: true });
const labGen = e.labGenerate(lab.id, { text: 'ab', steps: 2 });
const labTensors = e.labTensors(lab.id);
const labLedger = e.labLedger(lab.id, {});
const labGqaTied = e.labCheckGqaTied(lab.id, { text: 'abc' });
const labMha = e.labCheckMha(lab.id, { text: 'abc', fault: 'reshape-heads' });
const labIncremental = e.labCheckIncremental(lab.id, { text: 'abc', fault: 'perturb-cache' });
const labGreedy = e.labCheckGreedy(lab.id, { text: 'ab', steps: 2 });
const labCacheBytes = e.labCheckCacheBytes(lab.id, { text: 'ab' });
const labCausal = e.labCheckCausal(lab.id, { text: 'ab', fault: 'drop-mask' });
const labUnloaded = e.labUnload(lab.id);
const heapLimit = e.openModelHeapLimit();
const needed = e.openModelBytesNeeded(OPEN_CONFIG, OPEN_TENSORS);
const opened = e.openModelCreate(OPEN_CONFIG);
const tensorBytes = e.openModelTensor(opened.id, FIRST.name, 'f32', FIRST.rows, FIRST.cols, 'nk');
const written = e.openModelTensorWrite(opened.id, FIRST.name, 0, FIRST.bytes);
const filled = fillTheRest(opened.id);
const finalized = e.openModelFinalize(opened.id);
const run = e.openModelRun(opened.id, [1, 2, 3], { attention: true });
const pass = e.openModelPass(opened.id, [1, 2, 3]);
const passStep = e.openModelPassStep(pass);
const passResult = e.openModelPassResult(pass);
const generated = e.openModelGenerate(opened.id, [1, 2], 2);
const generation = e.openModelGenerateStart(opened.id, [1, 2], 2);
const generationStep = e.openModelGenerateStep(generation);
const generationStopped = e.openModelGenerateStop(generation);
const row = e.openModelDequantizeRow('f32', new Uint8Array(16), 4);
const unloaded = e.openModelUnload(opened.id);
const threadsAvailable = e.threadsAvailable();
const threadsSet = e.setThreads(1);
const threadCount = e.threadCount();
const simd = e.simdPath();
const heapInUse = e.heapBytesInUse();
`;

/** The program's inputs: their .d.ts types (for the probe) and values (for node). */
function inputs(engine) {
  const matrix = (rows, cols, seed) => ({
    shape: [rows, cols],
    data: Float32Array.from({ length: rows * cols }, (_, i) => Math.sin(seed + i)),
  });
  const models = readJson('course-data/models.json').models;
  // The tiny Llama-shaped model of engine-open-model.test.mjs, every tensor f32.
  const openConfig = {
    arch: 'llama',
    vocab: 11,
    dModel: 8,
    nLayers: 2,
    nHeads: 2,
    nKvHeads: 1,
    dHead: 4,
    mlpHidden: 12,
    context: 16,
    ropeTheta: 10000,
    normEps: 1e-5,
    tiedEmbeddings: true,
  };
  const tensors = [...expectedTensors(openConfig)].map(([name, t]) => ({
    name,
    type: 'f32',
    rows: t.rows,
    cols: t.cols,
    bytes: new Uint8Array(
      Float32Array.from({ length: t.rows * t.cols }, (_, i) =>
        t.rows === 1 ? 1 : Math.sin(i) * 0.3,
      ).buffer,
    ),
  }));
  return {
    e: ['AttnEngine', engine],
    Q: ['MatrixIn', matrix(3, 4, 1)],
    K: ['MatrixIn', matrix(3, 4, 2)],
    V: ['MatrixIn', matrix(3, 4, 3)],
    W: ['MatrixIn', matrix(4, 2, 4)],
    GQA_MODEL: ['LedgerModel', models.find((m) => m.anchor)],
    MLA_MODEL: ['LedgerModel', models.find((m) => m.attention?.kind === 'mla')],
    LAB_BYTES: [
      'Uint8Array',
      new Uint8Array(readFileSync(join(root, 'course-data', 'lab-model.bin'))),
    ],
    OPEN_CONFIG: ['OpenModelConfig', openConfig],
    OPEN_TENSORS: ['OpenTensorInfo[]', tensors.map(({ bytes, ...info }) => info)],
    FIRST: ['{ name: string; rows: number; cols: number; bytes: Uint8Array }', tensors[0]],
    fillTheRest: [
      '(id: number) => void',
      (id) => {
        for (const t of tensors.slice(1)) {
          engine.openModelTensor(id, t.name, 'f32', t.rows, t.cols, 'nk');
          engine.openModelTensorWrite(id, t.name, 0, t.bytes);
        }
      },
    ],
  };
}

/** The names PROGRAM binds, in order. */
const bound = [...PROGRAM.matchAll(/^const (\w+) = /gm)].map((m) => m[1]);

/** Runs PROGRAM on the engine: name → result. */
function runProgram(engine) {
  const given = inputs(engine);
  const f = new Function(...Object.keys(given), `${PROGRAM}\nreturn { ${bound.join(', ')} };`);
  return f(...Object.values(given).map(([, value]) => value));
}

const TYPED_ARRAYS = [
  Float32Array,
  Float64Array,
  Int8Array,
  Int16Array,
  Int32Array,
  Uint8Array,
  Uint16Array,
  Uint32Array,
];

/**
 * The TypeScript type of what a call returned, as observed: keys and kinds all the way down
 * (string values as their literal, so a declared 'full' | 'linear' is checked too).
 * @param {unknown} v
 * @returns {string}
 */
export function observedType(v) {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  const typed = TYPED_ARRAYS.find((T) => v instanceof T);
  if (typed) return typed.name;
  if (Array.isArray(v)) {
    const items = v.map(observedType);
    const kinds = [...new Set(items)];
    return kinds.length === 1 ? `(${kinds[0]})[]` : `[${items.join(', ')}]`;
  }
  if (typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${observedType(x)}; `)
      .join('')}}`;
  return `never /* ${typeof v} */`;
}

/**
 * Runs tsc on PROGRAM with `observed` (name → result): every result must be assignable to the
 * type the .d.ts gives its call and carry no key that type does not declare. `differ`: the names
 * whose results do not fit (tsc's errors on their lines).
 */
function checkShapes(observed) {
  const declared = Object.entries(inputs(null))
    .map(([name, [type]]) => `declare const ${name}: ${type};`)
    .join('\n');
  const checks = bound
    .map((n) => `export const shape_${n}: Fits<${observedType(observed[n])}, typeof ${n}> = 'ok';`)
    .join('\n');
  const source = probeSource(declared, checks);
  const lines = source.split('\n');
  const r = tscOn(source);
  const differ = [
    ...new Set(
      [...r.output.matchAll(/probe\.ts\((\d+),/g)].map(
        (m) => /^export const shape_(\w+):/.exec(lines[Number(m[1]) - 1])?.[1] ?? `line ${m[1]}`,
      ),
    ),
  ];
  return { ...r, differ };
}

/**
 * The probe: the .d.ts's types, the inputs declared, PROGRAM, and one check per result.
 * @param {string} declared
 * @param {string} checks
 */
function probeSource(declared, checks) {
  return `import type { AttnEngine, MatrixIn, LedgerModel, OpenModelConfig, OpenTensorInfo } from ${DTS};
${declared}
${PROGRAM}
type Typed = ArrayBufferView;
/** The members of union D that O fits. */
type Fitting<O, D> = D extends unknown ? ([O] extends [D] ? D : never) : never;
/** Keys of O (deep) that the declared D does not have. */
type Extra<O, D> = O extends Typed
  ? never
  : O extends readonly (infer OE)[]
    ? D extends readonly (infer DE)[]
      ? EachExtra<OE, DE>
      : never
    : O extends object
      ? [Exclude<keyof O, KeysOf<D>>] extends [never]
        ? { [K in keyof O]: Extra<O[K], Fitting<O[K], PropOf<D, K>>> }[keyof O]
        : Exclude<keyof O, KeysOf<D>>
      : never;
/** Extra of each observed element (a tuple's are a union) against the members it fits. */
type EachExtra<OE, DE> = OE extends unknown ? Extra<OE, Fitting<OE, DE>> : never;
type KeysOf<D> = D extends unknown ? keyof D : never;
type PropOf<D, K> = D extends unknown ? (K extends keyof D ? D[K] : never) : never;
/** 'ok' when the observed O fits the declared D exactly; else what is wrong, in the error. */
type Fits<O, D> = [O] extends [D]
  ? [Extra<O, Fitting<O, D>>] extends [never]
    ? 'ok'
    : { undeclaredKeys: Extra<O, Fitting<O, D>> }
  : { observed: O; declared: D };
${checks}
`;
}

test('every function returns the shape the .d.ts declares (keys and kinds, called on small inputs)', () => {
  const called = new Set([...PROGRAM.matchAll(/\be\.(\w+)\(/g)].map((m) => m[1]));
  assert.deepEqual(
    [...exported.keys()].filter((n) => !called.has(n)),
    [],
    'PROGRAM calls every exported function',
  );
  const observed = runProgram(engineInstance);
  assert.ok(
    observed.labRun.attention.some((a) => a.type === 'linear'),
    'a linear layer seen',
  );
  assert.ok(
    observed.labRun.attention.some((a) => a.type === 'full'),
    'a full layer seen',
  );
  const r = checkShapes(observed);
  assert.ok(
    r.ok,
    `results of ${r.differ.join(', ')} and web/attn-engine.d.ts differ:\n${r.output}`,
  );
});

test('the shape probe catches a missing key, an undeclared key and the wrong array kind', () => {
  const observed = runProgram(engineInstance);
  const { done, ...withoutDone } = observed.passStep;
  assert.equal(typeof done, 'boolean');
  const drifted = {
    ...observed,
    passStep: withoutDone,
    finalized: { ...observed.finalized, extra: 1 },
    soft: { ...observed.soft, weights: Array.from(observed.soft.weights) },
    labRun: {
      ...observed.labRun,
      attention: observed.labRun.attention.map((a) => ({ ...a, heads: 2 })),
    },
  };
  const r = checkShapes(drifted);
  assert.ok(!r.ok);
  assert.deepEqual(r.differ.sort(), ['finalized', 'labRun', 'passStep', 'soft'], r.output);
});

test('observedType writes keys and kinds', () => {
  assert.equal(
    observedType({ a: new Float32Array(2), b: [1, 2], c: [{ t: 'x' }, { t: 'y' }], d: null }),
    '{ "a": Float32Array; "b": (number)[]; "c": [{ "t": "x"; }, { "t": "y"; }]; "d": null; }',
  );
});
