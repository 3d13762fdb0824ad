// The engine's JS surface, loaded the way a node user would: require('dist/attn-engine.js').
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const enginePath = join(root, 'dist', 'attn-engine.js');
const require = createRequire(import.meta.url);
let engine;
before(async () => {
  engine = await require(enginePath)();
});

const randomMatrix = (rows, cols, seed) => {
  let s = seed;
  return Array.from({ length: rows }, () =>
    Array.from({ length: cols }, () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648 - 0.5;
    }),
  );
};

test('runs the SIMD build', () => {
  assert.equal(engine.simdPath(), 'wasm-simd128');
});

test('causal GQA attention: shapes, zero future, rows sum to 1', () => {
  const T = 6,
    H = 4,
    G = 2,
    d = 3;
  const r = engine.attention({
    q: randomMatrix(T, H * d, 1),
    k: randomMatrix(T, G * d, 2),
    v: randomMatrix(T, G * d, 3),
    nHeads: H,
    nKvHeads: G,
    causal: true,
  });
  assert.deepEqual(r.weights.shape, [H, T, T]);
  assert.deepEqual(r.output.shape, [T, H * d]);
  for (let h = 0; h < H; h++)
    for (let i = 0; i < T; i++) {
      let sum = 0;
      for (let j = 0; j < T; j++) {
        const w = r.weights.data[(h * T + i) * T + j];
        if (j > i) assert.equal(w, 0);
        sum += w;
      }
      assert.ok(Math.abs(sum - 1) < 1e-6);
    }
});

test('trailing options may be left out', () => {
  assert.deepEqual([...engine.softmax([0, 0]).weights], [0.5, 0.5]);
  assert.deepEqual(engine.scoreMatrix([[1, 1]], [[1, 1]]).data[0], Math.fround(2 / Math.SQRT2));
  assert.deepEqual([...engine.rope([[1, 0]]).data], [1, 0]);
  assert.equal(engine.ropeFrequencies(4)[1], Math.fround(0.01)); // base 10000: θ_1 = 10000^(−2/4)
});

test('matrices may be nested arrays or {shape, data}', () => {
  const a = engine.matmul(
    [
      [1, 2],
      [3, 4],
    ],
    { shape: [2, 1], data: [1, 1] },
  );
  assert.deepEqual(a.shape, [2, 1]);
  assert.deepEqual([...a.data], [3, 7]);
});

test("the course's worked example: out[cat] = [0.42, 0.24]", () => {
  const x = [
    [1.0, 0.2],
    [0.3, 0.9],
  ];
  const r = engine.attention({
    q: x,
    k: x,
    v: [
      [0.54, -0.16],
      [0.33, 0.54],
    ],
    causal: true,
  });
  assert.deepEqual(
    [...r.output.data].map((v) => v.toFixed(2)),
    ['0.54', '-0.16', '0.42', '0.24'],
  );
});

test('errors arrive as typed JS errors with the engine message, and the module keeps working', () => {
  assert.throws(() => engine.attention({ q: [[1, 2]], k: [[1, 2, 3]], v: [[1]] }), {
    name: 'ShapeError',
    message: /k \[1, 3\]/,
  });
  assert.throws(() => engine.attention({ q: [[NaN, 1]], k: [[1, 2]], v: [[1]] }), {
    name: 'ValueError',
    message: /q\[0, 0\] is NaN/,
  });
  assert.throws(
    () =>
      engine.attention({
        q: randomMatrix(2, 6, 1),
        k: randomMatrix(2, 4, 1),
        v: randomMatrix(2, 4, 1),
        nHeads: 3,
        nKvHeads: 2,
      }),
    { name: 'ConfigError', message: /multiple of n_kv_heads/ },
  );
  assert.throws(() => engine.attention({ q: [[1]], k: [[1]], v: [[1]], mask: [[0]] }), {
    name: 'MaskError',
    message: /fully masked/,
  });
  assert.throws(() => engine.attention({ q: [], k: [[1]], v: [[1]] }), {
    name: 'ShapeError',
    message: /no rows/,
  });
  assert.throws(() => engine.rope([[1, 2]], { rotaryDim: 4 }), {
    name: 'ConfigError',
    message: /rotary_dim 4 is larger than d_head 2/,
  });
  assert.throws(() => engine.attention({ q: [[1, 2], [3]], k: [[1]], v: [[1]] }), {
    name: 'ShapeError',
    message: /q row 1/,
  });
  assert.equal(engine.dot([1, 2], [3, 4]), 11);
});

test('sizes and shapes from JS are checked before anything is allocated', () => {
  assert.throws(() => engine.scoreMatrix({ shape: [2, 2147483649], data: [1, 2] }, [[1]]), {
    name: 'ConfigError',
    message: /q\.shape\[1\] should be a whole number/,
  });
  assert.throws(() => engine.matmul({ shape: [65536, 65536], data: [1] }, [[1]]), {
    name: 'ShapeError',
    message: /a \[65536, 65536\] would hold more than the limit of 67108864 numbers/,
  });
  assert.throws(() => engine.matmul({ shape: ['a', 2], data: [1, 2] }, [[1]]), {
    name: 'ConfigError',
    message: /a\.shape\[0\]/,
  });
  assert.throws(() => engine.matmul({ shape: [2.5, 2], data: [1, 2] }, [[1]]), {
    name: 'ConfigError',
  });
  assert.throws(() => engine.causalMask(-1, 2), {
    name: 'ConfigError',
    message: /tq should be a whole number/,
  });
  assert.throws(() => engine.attention({ q: [[1]], k: [[1]], v: [[1]], nHeads: Infinity }), {
    name: 'ConfigError',
    message: /nHeads/,
  });
  assert.throws(() => engine.attention({ q: [[1]], k: [[1]], v: [[1]], maskMode: 5 }), {
    name: 'ConfigError',
    message: /maskMode/,
  });
  assert.throws(() => engine.ropeFrequencies(4, 'x'), { name: 'ValueError', message: /base/ });
  assert.equal(engine.causalMask(2, 2).data[1], 0);
});

test('10,000 calls (half of them failing) leave the WASM heap where it was', () => {
  const args = {
    q: randomMatrix(5, 8, 4),
    k: randomMatrix(5, 4, 5),
    v: randomMatrix(5, 4, 6),
    nHeads: 2,
    nKvHeads: 1,
    causal: true,
  };
  const bad = { q: [[1, 2]], k: [[1, 2, 3]], v: [[1]] };
  // Warm up once: the allocator keeps a few bytes for the reused error-message buffers.
  engine.attention(args);
  try {
    engine.attention(bad);
  } catch {
    /* expected */
  }
  const before = engine.heapBytesInUse();
  let failed = 0;
  for (let i = 0; i < 5000; i++) {
    engine.attention(args);
    try {
      engine.attention(bad);
    } catch (e) {
      if (e.name === 'ShapeError') failed++;
    }
  }
  assert.equal(failed, 5000, 'every bad call failed with its ShapeError');
  assert.equal(engine.heapBytesInUse(), before);
});

test('loads and runs with code generation from strings disallowed (no eval: strict CSP works)', () => {
  const out = execFileSync(process.execPath, [
    '--disallow-code-generation-from-strings',
    '-e',
    `require(${JSON.stringify(enginePath)})().then(e => console.log(e.attention({q:[[1,0]],k:[[1,0]],v:[[2,3]]}).output.data.join(',')))`,
  ]);
  assert.equal(out.toString().trim(), '2,3');
});
